package statement

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Errors of tool resolution; check them with errors.Is.
var (
	// ErrToolNotAvailable means a GR call names a learned tool
	// (graph_bert:topic, seg_bert:molecule_function, bpr:recommendation,
	// kmeans:…, transe:…) that graphagent does not provide (yet), or that
	// the executor was configured without (Config.Learned).
	ErrToolNotAvailable = errors.New("tool not available")
	// ErrUnknownTool means a GR call names no tool graphagent knows.
	ErrUnknownTool = errors.New("unknown tool")
)

// toolAliases maps Graph-ToolFormer's GR tool names, normalised by
// normalizeName (lower case, '-' and ' ' as '_'), to catalogue tools
// (tools.Catalogue). It is the one alias table; it is read-only. The paper
// spells some tools differently from the data (avg-shortest-path,
// max-shortest-path); both spellings are here.
var toolAliases = map[string]string{
	"toolx:order":                    "order",
	"toolx:size":                     "size",
	"toolx:density":                  "density",
	"toolx:eccentricity":             "eccentricity",
	"toolx:radius":                   "radius",
	"toolx:diameter":                 "diameter",
	"toolx:center":                   "center",
	"toolx:periphery":                "periphery",
	"toolx:shortest_path":            "shortest_path_length",
	"toolx:shortest_path_length":     "shortest_path_length",
	"toolx:avg_path_length":          "avg_path_length",
	"toolx:avg_shortest_path":        "avg_path_length",
	"toolx:avg_shortest_path_length": "avg_path_length",
	"toolx:max_path_length":          "max_path_length",
	"toolx:max_shortest_path":        "max_path_length",
	"toolx:min_path_length":          "min_path_length",
	"toolx:min_shortest_path":        "min_path_length",
}

// learnedAliases maps Graph-ToolFormer's learned GR tools, normalised by
// normalizeName, to graphagent's learned tools (tools/learned) and says how
// a call's arguments become the tool's JSON arguments: the dataset is the
// one the call's GL names ("cora", "wordnet" -> the shipped dataset's name),
// positional arguments are read as the data writes them, in order, and
// "key: value" arguments name the tool's parameters directly (no
// conversion). It is the one place the data's argument conventions live;
// it is read-only.
var learnedAliases = map[string]learnedAlias{
	// GR(GL("cora"), "graph_bert:topic", paper#83826): the paper's ID in
	// the dataset.
	"graph_bert:topic": {tool: "graph_bert:topic", params: []learnedParam{{"node", idArg}}},
	// GR(GL("mutag"), "seg_bert:molecule_function", instance#31): the data
	// numbers a collection's graphs from 0 (instance#0 … instance#187 in
	// MUTAG, #0 … #1112 in PROTEINS, whose recorded results equal the TU
	// labels of graph k+1 on all 1,600 lines), the tool from 1 as the TU
	// files do.
	"seg_bert:molecule_function": {tool: "seg_bert:molecule_function", params: []learnedParam{{"molecule", instanceArg}}},
	// GR(GL("foursquare"), "kmeans:community", user#blond_olala).
	"kmeans:community": {tool: "kmeans:community", params: []learnedParam{{"node", idArg}}},
	// GR(GL("twitter"), "kmeans:common_community_check", user#a, user#b).
	"kmeans:common_community_check": {tool: "kmeans:common_community_check", params: []learnedParam{{"node1", idArg}, {"node2", idArg}}},
	// GR(GL("movielens"), "bpr:recommendation", user#u3, movie#i349): the
	// IDs as written (item#, movie# and artist# alike).
	"bpr:recommendation": {tool: "bpr:recommendation", params: []learnedParam{{"user", idArg}, {"item", idArg}}},
	// GR(GL("movielens"), "bpr:topk_recommendation", user#u284, 1).
	"bpr:topk_recommendation": {tool: "bpr:topk_recommendation", params: []learnedParam{{"user", idArg}, {"k", countArg}}},
	// GR(GL("wordnet"), "transe:tail_entity", entity#beget.v.01,
	// relation#_hypernym): the head, then the relation. Entities by ID,
	// WordNet synset name, Freebase MID or name; relations by ID or text.
	"transe:tail_entity": {tool: "transe:tail_entity", params: []learnedParam{{"entity", idArg}, {"relation", idArg}}},
	// GR(GL("freebase"), "transe:head_entity",
	// relation#/music/group_member/instruments_played, entity#/m/026t6):
	// the relation, then the tail.
	"transe:head_entity": {tool: "transe:head_entity", params: []learnedParam{{"relation", idArg}, {"entity", idArg}}},
	// GR(GL("wordnet"), "transe:relation", entity#state.v.01,
	// entity#add.v.02): the head, then the tail.
	"transe:relation": {tool: "transe:relation", params: []learnedParam{{"head", idArg}, {"tail", idArg}}},
}

// wn18Inverses are the relations of WN18, which Graph-ToolFormer's WordNet
// statements use, that WN18RR (the shipped WordNet) removed as the inverses
// of relations it kept: (h, _hyponym, ?) is asked as (?, _hypernym, h).
// Read-only.
var wn18Inverses = map[string]string{
	"_hyponym":                 "_hypernym",
	"_member_holonym":          "_member_meronym",
	"_part_of":                 "_has_part",
	"_instance_hyponym":        "_instance_hypernym",
	"_member_of_domain_topic":  "_synset_domain_topic_of",
	"_synset_domain_usage_of":  "_member_of_domain_usage",
	"_synset_domain_region_of": "_member_of_domain_region",
}

// kgArgs adjusts a knowledge-graph tool's arguments to the shipped graphs
// and returns the tool to ask: a WN18 relation WN18RR dropped is asked
// through its inverse (tail_entity becomes head_entity and the other way
// round), and a Freebase relation path
// ("/music/group_member/instruments_played") is given as the text the
// shipped FB15k-237 names it by ("music group member instruments played").
func kgArgs(dataset, tool string, args map[string]any) string {
	rel, ok := args["relation"].(string)
	if !ok {
		return tool
	}
	switch dataset {
	case "wn18rr":
		if inv, ok := wn18Inverses[rel]; ok {
			args["relation"] = inv
			switch tool {
			case "transe:tail_entity":
				return "transe:head_entity"
			case "transe:head_entity":
				return "transe:tail_entity"
			}
		}
	case "fb15k237":
		if strings.HasPrefix(rel, "/") {
			args["relation"] = strings.NewReplacer("/", " ", "_", " ").Replace(strings.TrimPrefix(rel, "/"))
		}
	}
	return tool
}

// learnedToolkits are the toolkits of Graph-ToolFormer's trained models
// (read-only).
var learnedToolkits = []string{"graph_bert", "seg_bert", "bpr", "kmeans", "transe"}

// ResolveTool maps a GR tool name ("toolx:radius", "toolx:shortest-path")
// to the catalogue tool's name. A learned tool (graph_bert:topic, …) is not
// in the catalogue: it is an error wrapping ErrToolNotAvailable (an
// Executor configured with Config.Learned runs those it has); any other
// unknown name one wrapping ErrUnknownTool that lists the names known.
func ResolveTool(name string) (string, error) {
	key := normalizeName(name)
	if t, ok := toolAliases[key]; ok {
		return t, nil
	}
	if kit, _, ok := strings.Cut(key, ":"); ok && slices.Contains(learnedToolkits, kit) {
		if _, ok := learnedAliases[key]; ok {
			return "", fmt.Errorf("%q is a learned tool (%s models), not a catalogue tool: %w", name, kit, ErrToolNotAvailable)
		}
		return "", fmt.Errorf("%q is a learned tool of Graph-ToolFormer's %s models; graphagent does not provide it yet: %w", name, kit, ErrToolNotAvailable)
	}
	return "", fmt.Errorf("no tool is called %q; the GR tools are %s: %w", name, strings.Join(ToolNames(), ", "), ErrUnknownTool)
}

// LearnedToolNames lists the learned GR tool names an Executor with
// Config.Learned can run, sorted.
func LearnedToolNames() []string {
	names := make([]string, 0, len(learnedAliases))
	for n := range learnedAliases {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// ToolNames lists the GR tool names that map onto catalogue tools, sorted.
func ToolNames() []string {
	names := make([]string, 0, len(toolAliases))
	for n := range toolAliases {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
