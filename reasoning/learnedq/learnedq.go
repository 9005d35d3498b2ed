// Package learnedq reads questions that graphagent's learned tools
// (tools/learned) answer — the topic of a paper of cora or citeseer, the
// function of a molecule of mutag or proteins, the community of members of
// karate, football or email_eu_core, whether a user of movietweetings would
// like a movie — into the tool's name and JSON arguments.
//
// A question is read when it names exactly one such dataset, asks what
// that dataset's task asks (a topic, a function, a community, a liking or a
// recommendation) and names the items the tool needs: one paper, one
// molecule, one or two members, one user (and one movie). Anything else is
// not read and is left to the exact tools, so a question about the
// structure of a dataset ("how many nodes does cora have?") is not taken.
// Items are read the way people write them: "paper 35", "paper #35",
// "node 35", "molecule 12", "compound #12", "users 0 and 33", "user 0 and
// user 33", "members 0 & 33", "item 0133093", "movie 0133093", quoted or
// not.
//
// ReadKG reads knowledge-graph completion questions over wn18rr and
// fb15k237 (the missing tail, head or relation of a triple) for the transe
// tools; it needs the knowledge graph itself, through Explorers.
package learnedq

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
)

// Tool names, as tools/learned spells them.
const (
	ToolTopic           = "graph_bert:topic"
	ToolMolecule        = "seg_bert:molecule_function"
	ToolCommunity       = "kmeans:community"
	ToolCommonCommunity = "kmeans:common_community_check"
	ToolRecommendation  = "bpr:recommendation"
	ToolTopK            = "bpr:topk_recommendation"
)

// Query is a question read for a learned tool.
type Query struct {
	// Tool is the learned tool that answers it.
	Tool string
	// Dataset is the dataset's name in the registry ("cora",
	// "email_eu_core").
	Dataset string
	// Args are the tool's JSON arguments, the dataset included.
	Args map[string]any
	// Read says in words what was read, for the trace.
	Read string
	// KG is set for knowledge-graph completion questions (ReadKG): the
	// stored graph and the pattern whose facts answer exactly.
	KG *KGReading
}

// task is what a dataset's learned tools are asked.
type task int

const (
	taskTopic task = iota
	taskMolecule
	taskCommunity
	taskRecommend
)

// datasets maps the names a question may use to the registry's name and
// the dataset's task. Read-only.
var datasets = map[string]struct {
	name string
	task task
}{
	"cora":           {"cora", taskTopic},
	"citeseer":       {"citeseer", taskTopic},
	"mutag":          {"mutag", taskMolecule},
	"proteins":       {"proteins", taskMolecule},
	"karate":         {"karate", taskCommunity},
	"football":       {"football", taskCommunity},
	"email_eu_core":  {"email_eu_core", taskCommunity},
	"email":          {"email_eu_core", taskCommunity},
	"movietweetings": {"movietweetings", taskRecommend},
}

// The patterns. Each compiles on first use behind lazyre's literal filter.
var (
	datasetWord = lazyre.New(`(?i)\b(cora|citeseer|mutag|proteins|karate|football|email(?:[-_ ]eu[-_ ]core)?|movie[-_ ]?tweetings)\b`)

	topicIntent     = lazyre.New(`(?i)\b(topics?|class|classes|label|labels|category|subject|area|field|about|classif(?:y|ied|ication))\b`)
	moleculeIntent  = lazyre.New(`(?i)\b(functions?|mutagen(?:ic|icity)?|enzymes?|class|label|category|classif(?:y|ied|ication)|active|activity|toxic(?:ity)?)\b`)
	communityIntent = lazyre.New(`(?i)\b(communit(?:y|ies)|clusters?|groups?|factions?|modules?)\b`)
	sameIntent      = lazyre.New(`(?i)\b(same|share|shares|sharing|together|both|common|different)\b`)
	likeIntent      = lazyre.New(`(?i)\b(like|likes|enjoy|enjoys|love|loves|watch|want|interested|interest|rate|prefer|recommend(?:ed|ation)?)\b`)
	recommendIntent = lazyre.New(`(?i)\b(recommend(?:ed|ations?)?|suggest(?:ed|ions?)?|top[-\s]*\d+|next|should\b.*\bwatch)\b`)
	// Other methods named: the question asks for them, not the model.
	otherMethod = lazyre.New(`(?i)\b(louvain|modularity|greedy|label[-\s]propagation|girvan|newman|pagerank|degree|neighbou?rs?|shortest|path|edges?|connected)\b`)

	topK = lazyre.New(`(?i)\b(?:top|best|first)[-\s]*(\d+)\b|\b(\d+)\s+(?:movies|films|items|recommendations)\b`)
)

// kind words name the items of each task; a reference is a kind word, an
// optional "#", "no.", "number" or "id", and the item's ID.
const (
	paperKinds    = `papers?|nodes?|documents?|articles?|publications?`
	moleculeKinds = `molecules?|compounds?|chemicals?|graphs?|proteins?|instances?|molecular\s+graphs?|chemical\s+compounds?`
	memberKinds   = `users?|members?|nodes?|people|persons?|players?|teams?|vertices|vertex|employees?|individuals?|students?`
	userKinds     = `users?|viewers?|persons?|people`
	itemKinds     = `items?|movies?|films?`
)

// The reference readers, one per kind list: a kind word then a list of
// IDs ("users 0 and 33", "user 0", "paper #35").
var (
	paperRefs    = lazyre.New(refPattern(paperKinds))
	moleculeRefs = lazyre.New(refPattern(moleculeKinds))
	memberRefs   = lazyre.New(refPattern(memberKinds))
	userRefs     = lazyre.New(refPattern(userKinds))
	itemRefs     = lazyre.New(refPattern(itemKinds))
	moreIDs      = lazyre.New(`(?:,|\band\b|&)\s*#?\s*["'“‘]?([0-9][A-Za-z0-9_./:-]*)`)
)

// refPattern reads a kind word, then "#" or a space with an optional "no.",
// "no", "number" or "id" (a word of its own: "paper nodine98overview" is
// the paper nodine98overview), one ID, then more IDs joined by ",", "and" or "&" (each maybe with "#").
// An ID is quoted or not, a run of letters, digits and _./:- that starts
// with a letter or digit; the IDs after the first start with a digit, so
// that "user 0 and user 33" is two references, not "0" and "user".
func refPattern(kinds string) string {
	const first = `["'“‘]?([A-Za-z0-9][A-Za-z0-9_./:-]*)["'”’]?`
	const more = `((?:\s*(?:,|and|&)\s*#?\s*["'“‘]?[0-9][A-Za-z0-9_./:-]*["'”’]?)*)`
	return `(?i)\b(?:` + kinds + `)(?:\s*#\s*|\s+(?:no\.\s*|no\s+|number\s+|id\s+)?)` + first + more
}

// notIDs are words that follow a kind word without being an ID ("the user
// of", "members in").
var notIDs = map[string]bool{
	"of": true, "in": true, "the": true, "a": true, "an": true, "and": true, "is": true, "are": true, "with": true,
	"that": true, "which": true, "from": true, "to": true, "on": true, "at": true, "by": true, "for": true, "has": true,
	"have": true, "number": true, "id": true, "be": true, "was": true, "were": true, "classification": true,
	"function": true, "community": true, "communities": true, "dataset": true, "graph": true, "network": true,
	"would": true, "will": true, "does": true, "do": true, "like": true, "belong": true, "belongs": true,
}

// refs returns the IDs the question names with the given kind words, in
// order, without repeats; digits says whether IDs must be numbers.
func refs(q string, kinds *lazyre.Regexp, digits bool) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		s = strings.TrimRight(s, ".:/-")
		if s == "" || notIDs[strings.ToLower(s)] || seen[s] {
			return
		}
		if digits {
			if _, err := strconv.ParseUint(s, 10, 64); err != nil {
				return
			}
		}
		seen[s] = true
		out = append(out, s)
	}
	for _, m := range kinds.FindAllStringSubmatch(q, -1) {
		add(m[1])
		for _, more := range moreIDs.FindAllStringSubmatch(m[2], -1) {
			add(more[1])
		}
	}
	return out
}

// Read reads a question for a learned tool; ok is false when the question
// is not one (see the package doc).
func Read(q string) (Query, bool) {
	names := datasetWord.FindAllString(q, -1)
	if len(names) == 0 {
		return Query{}, false
	}
	var ds string
	for _, n := range names {
		key := strings.NewReplacer("-", "_", " ", "_").Replace(strings.ToLower(n))
		if key == "movie_tweetings" {
			key = "movietweetings"
		}
		d, ok := datasets[key]
		if !ok {
			return Query{}, false
		}
		if ds != "" && ds != d.name {
			return Query{}, false // two datasets: not one question for one model
		}
		ds = d.name
	}
	d := datasets[ds]
	// The dataset's name is not an item reference ("the proteins dataset").
	body := datasetWord.Compiled().ReplaceAllString(q, " ")
	switch d.task {
	case taskTopic:
		return readTopic(body, ds)
	case taskMolecule:
		return readMolecule(body, ds)
	case taskCommunity:
		return readCommunity(body, ds)
	default:
		return readRecommend(body, ds)
	}
}

func readTopic(q, ds string) (Query, bool) {
	if !topicIntent.MatchString(q) || otherMethod.MatchString(q) {
		return Query{}, false
	}
	ids := refs(q, paperRefs, ds == "cora")
	if len(ids) != 1 {
		return Query{}, false
	}
	return Query{Tool: ToolTopic, Dataset: ds, Args: map[string]any{"dataset": ds, "node": ids[0]},
		Read: fmt.Sprintf("the topic of paper %s of %s", ids[0], ds)}, true
}

func readMolecule(q, ds string) (Query, bool) {
	if !moleculeIntent.MatchString(q) || otherMethod.MatchString(q) {
		return Query{}, false
	}
	ids := refs(q, moleculeRefs, true)
	if len(ids) != 1 {
		return Query{}, false
	}
	n, err := strconv.Atoi(ids[0])
	if err != nil {
		return Query{}, false
	}
	return Query{Tool: ToolMolecule, Dataset: ds, Args: map[string]any{"dataset": ds, "molecule": n},
		Read: fmt.Sprintf("the function of molecule %d of %s (the TU files' graph %d, counted from 1)", n, ds, n)}, true
}

func readCommunity(q, ds string) (Query, bool) {
	if !communityIntent.MatchString(q) || otherMethod.MatchString(q) {
		return Query{}, false
	}
	ids := refs(q, memberRefs, true)
	switch {
	case len(ids) == 2:
		return Query{Tool: ToolCommonCommunity, Dataset: ds, Args: map[string]any{"dataset": ds, "node1": ids[0], "node2": ids[1]},
			Read: fmt.Sprintf("whether members %s and %s of %s are in the same community", ids[0], ids[1], ds)}, true
	case len(ids) == 1 && !sameIntent.MatchString(q):
		return Query{Tool: ToolCommunity, Dataset: ds, Args: map[string]any{"dataset": ds, "node": ids[0]},
			Read: fmt.Sprintf("the community of member %s of %s", ids[0], ds)}, true
	}
	return Query{}, false
}

func readRecommend(q, ds string) (Query, bool) {
	users := refs(q, userRefs, true)
	if len(users) != 1 {
		return Query{}, false
	}
	items := refs(q, itemRefs, true)
	switch {
	case len(items) == 1 && likeIntent.MatchString(q):
		return Query{Tool: ToolRecommendation, Dataset: ds, Args: map[string]any{"dataset": ds, "user": users[0], "item": items[0]},
			Read: fmt.Sprintf("whether user %s of %s would like movie %s", users[0], ds, items[0])}, true
	case len(items) == 0 && recommendIntent.MatchString(q):
		k := 10
		if m := topK.FindStringSubmatch(q); m != nil {
			s := m[1] + m[2]
			if n, err := strconv.Atoi(s); err == nil {
				k = n
			}
		}
		return Query{Tool: ToolTopK, Dataset: ds, Args: map[string]any{"dataset": ds, "user": users[0], "k": k},
			Read: fmt.Sprintf("the top %d movies for user %s of %s", k, users[0], ds)}, true
	}
	return Query{}, false
}
