// Package learned holds graphagent's learned tools, the trained
// counterparts of Graph-ToolFormer's GR tools: the topic of a paper
// (graph_bert:topic), the function of a molecule (seg_bert:molecule_function),
// communities (kmeans:community, kmeans:common_community_check), the missing
// entity or relation of a knowledge-graph triple (transe:head_entity,
// transe:tail_entity, transe:relation) and recommendations
// (bpr:recommendation, bpr:topk_recommendation).
//
// Each model is trained in Go, seeded and deterministic, on a dataset
// shipped in datasets/, with an honest split: no test node, graph, rating or
// triple is seen in training. One file per model family: nodeclass.go,
// graphclass.go, community.go, kg.go, recommend.go. A trained model is saved
// under the graphagent home folder (Store) with its data checksum, training
// configuration and test scores, loaded on first use, and trained on demand
// when absent.
package learned

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Sentinel errors; check them with errors.Is.
var (
	// ErrUnknownModel means no model has the given name.
	ErrUnknownModel = errors.New("unknown learned model")
	// ErrNotTrained means the model has not been trained and the store may
	// not train it on demand.
	ErrNotTrained = errors.New("model not trained")
	// ErrStale means the saved model was trained on other data or by an
	// older version of the code.
	ErrStale = errors.New("saved model is out of date")
	// ErrUnknownItem means a node, molecule, user, item, entity or
	// relation named in a question is not in the dataset.
	ErrUnknownItem = errors.New("not in the dataset")
	// ErrDataset means the dataset is not one the tool was trained on, or
	// its files cannot be found or read.
	ErrDataset = errors.New("dataset unavailable")
)

// Def describes one trainable model: a model family on one dataset.
type Def struct {
	// Name identifies the model, FAMILY-DATASET ("graph_bert-cora").
	Name string
	// Family is the Graph-ToolFormer tool family ("graph_bert").
	Family string
	// Dataset is the dataset's name in tools/dataset ("cora").
	Dataset string
	// Method says briefly what is trained.
	Method string
	// Tools are the tool names the model answers.
	Tools []string
}

// Model families.
const (
	FamilyNode      = "graph_bert"
	FamilyGraph     = "seg_bert"
	FamilyCommunity = "kmeans"
	FamilyKG        = "transe"
	FamilyRecommend = "bpr"
)

// Tool names, as Graph-ToolFormer writes them in its statements.
const (
	ToolTopic             = "graph_bert:topic"
	ToolMoleculeFunction  = "seg_bert:molecule_function"
	ToolCommunity         = "kmeans:community"
	ToolCommonCommunity   = "kmeans:common_community_check"
	ToolHeadEntity        = "transe:head_entity"
	ToolTailEntity        = "transe:tail_entity"
	ToolRelation          = "transe:relation"
	ToolRecommendation    = "bpr:recommendation"
	ToolTopKRecommendaton = "bpr:topk_recommendation"
)

// ToolNames lists every learned tool name, sorted.
func ToolNames() []string {
	var names []string
	for _, d := range Defs() {
		names = append(names, d.Tools...)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// IsTool reports whether name is a learned tool's name.
func IsTool(name string) bool {
	return slices.Contains(ToolNames(), name)
}

// Defs lists every model, in training order (quick ones first).
func Defs() []Def {
	node := []string{ToolTopic}
	graph := []string{ToolMoleculeFunction}
	comm := []string{ToolCommunity, ToolCommonCommunity}
	rec := []string{ToolRecommendation, ToolTopKRecommendaton}
	kg := []string{ToolHeadEntity, ToolTailEntity, ToolRelation}
	return []Def{
		{Name: "graph_bert-cora", Family: FamilyNode, Dataset: "cora", Tools: node, Method: nodeMethod},
		{Name: "graph_bert-citeseer", Family: FamilyNode, Dataset: "citeseer", Tools: node, Method: nodeMethod},
		{Name: "seg_bert-mutag", Family: FamilyGraph, Dataset: "mutag", Tools: graph, Method: graphMethod},
		{Name: "seg_bert-proteins", Family: FamilyGraph, Dataset: "proteins", Tools: graph, Method: graphMethod},
		{Name: "kmeans-karate", Family: FamilyCommunity, Dataset: "karate", Tools: comm, Method: communityMethod},
		{Name: "kmeans-football", Family: FamilyCommunity, Dataset: "football", Tools: comm, Method: communityMethod},
		{Name: "kmeans-email_eu_core", Family: FamilyCommunity, Dataset: "email_eu_core", Tools: comm, Method: communityMethod},
		{Name: "bpr-movietweetings", Family: FamilyRecommend, Dataset: "movietweetings", Tools: rec, Method: recommendMethod},
		{Name: "transe-wn18rr", Family: FamilyKG, Dataset: "wn18rr", Tools: kg, Method: kgMethod},
		{Name: "transe-fb15k237", Family: FamilyKG, Dataset: "fb15k237", Tools: kg, Method: kgMethod},
	}
}

// LookupDef returns the model called name.
func LookupDef(name string) (Def, error) {
	for _, d := range Defs() {
		if d.Name == name {
			return d, nil
		}
	}
	return Def{}, fmt.Errorf("%q: %w (the models are %s)", name, ErrUnknownModel, strings.Join(ModelNames(), ", "))
}

// ModelNames lists the model names in training order.
func ModelNames() []string {
	var out []string
	for _, d := range Defs() {
		out = append(out, d.Name)
	}
	return out
}

// Select resolves the names a user gives to `graphagent train`: a model
// name, a family ("graph_bert", trains each of its datasets), a tool name
// ("graph_bert:topic") or "all".
func Select(names ...string) ([]Def, error) {
	var out []Def
	seen := map[string]bool{}
	add := func(d Def) {
		if !seen[d.Name] {
			seen[d.Name] = true
			out = append(out, d)
		}
	}
	for _, n := range names {
		found := false
		for _, d := range Defs() {
			if n == "all" || d.Name == n || d.Family == n || slices.Contains(d.Tools, n) {
				add(d)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("%q: %w (give a model — %s —, a family — %s, %s, %s, %s, %s —, a tool name or all)",
				n, ErrUnknownModel, strings.Join(ModelNames(), ", "), FamilyNode, FamilyGraph, FamilyCommunity, FamilyKG, FamilyRecommend)
		}
	}
	return out, nil
}

// defsFor returns the models that answer tool, with their datasets.
func defsFor(tool string) []Def {
	var out []Def
	for _, d := range Defs() {
		if slices.Contains(d.Tools, tool) {
			out = append(out, d)
		}
	}
	return out
}

// defForDataset returns the model answering tool on dataset (a dataset name
// or folder, any case), or an ErrDataset error naming the datasets that
// tool knows.
func defForDataset(tool, ds string) (Def, error) {
	// Graph-ToolFormer's statements name the knowledge graphs by source.
	switch strings.ToLower(ds) {
	case "wordnet":
		ds = "wn18rr"
	case "freebase":
		ds = "fb15k237"
	}
	defs := defsFor(tool)
	var names []string
	for _, d := range defs {
		if strings.EqualFold(d.Dataset, ds) || strings.EqualFold(d.Dataset, strings.TrimSuffix(strings.ToLower(ds), "_text")) {
			return d, nil
		}
		names = append(names, d.Dataset)
	}
	if ds == "" {
		return Def{}, fmt.Errorf("%s needs a dataset (one of %s): %w", tool, strings.Join(names, ", "), ErrDataset)
	}
	return Def{}, fmt.Errorf("%s has no model for dataset %q; it is trained on %s: %w", tool, ds, strings.Join(names, ", "), ErrDataset)
}
