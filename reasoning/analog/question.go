package analog

import (
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
)

// Query is a question read by ReadQuestion.
type Query struct {
	// Dataset is "citeseer", "cora" or LinkDataset.
	Dataset string
	// Node is the paper asked about (node questions).
	Node string
	// Source and Target are the names of the pair asked about (link
	// questions), as written.
	Source, Target string
}

// IsLink reports whether the query asks about a link.
func (q Query) IsLink() bool { return q.Dataset == LinkDataset }

// Patterns of the two question shapes. A node question names a paper (or
// node, document, article) by its ID, asks for its topic, class, label,
// category, subject or area (or what it is about, or which class it
// belongs to), and names the dataset. A link question asks whether one
// named thing is linked, connected or related to, acts on, targets or
// interacts with another, and names DrugMechDB. They compile on first use
// (most questions name no dataset and stop at datasetWord's literal filter).
var (
	datasetWord = lazyre.New(`(?i)\b(citeseer|cora|drugmechdb)\b`)
	nodeTask    = lazyre.New(`(?i)\b(topic|class|label|category|subject|area|field|about|classif(?:y|ied|ication))\b`)
	nodeRef     = lazyre.New(`(?i)\b(?:paper|node|document|article|publication)\s+(?:id\s+)?["'“]?([^\s"'”?,;]+?)["'”]?(?:[\s?,;.!]|$)`)
	linkShape   = lazyre.New(`(?i)^\s*(?:is|are|does|do|can|could)\s+(?:there\s+a\s+link\s+between\s+)?(.+?)\s+(?:(?:linked|connected|related|associated)\s+(?:to|with)|acts?\s+on|targets?|interacts?\s+with|and)\s+(.+?)\s+(?:linked\s+|connected\s+)?(?:in|within|according\s+to|of)\s+(?:the\s+)?drugmechdb\b`)
)

// ReadQuestion reads a node-classification or link-prediction question
// about a shipped labelled dataset; ok is false for any other question.
func ReadQuestion(q string) (Query, bool) {
	m := datasetWord.FindAllStringSubmatch(q, -1)
	if len(m) != 1 {
		return Query{}, false
	}
	ds := strings.ToLower(m[0][1])
	if ds == LinkDataset {
		lm := linkShape.FindStringSubmatch(q)
		if lm == nil {
			return Query{}, false
		}
		s, t := cleanName(lm[1]), cleanName(lm[2])
		if s == "" || t == "" {
			return Query{}, false
		}
		return Query{Dataset: ds, Source: s, Target: t}, true
	}
	if !nodeTask.MatchString(q) {
		return Query{}, false
	}
	refs := nodeRef.FindAllStringSubmatch(q, -1)
	if len(refs) != 1 {
		return Query{}, false
	}
	id := strings.TrimRight(refs[0][1], ".")
	if id == "" || strings.EqualFold(id, "in") || strings.EqualFold(id, "of") {
		return Query{}, false
	}
	return Query{Dataset: ds, Node: id}, true
}

// cleanName trims quotes, articles and punctuation around a name.
func cleanName(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, `"'“”‘’`)
	for _, a := range []string{"the drug ", "drug ", "the protein ", "protein ", "the "} {
		if len(s) > len(a) && strings.EqualFold(s[:len(a)], a) {
			s = s[len(a):]
			break
		}
	}
	return strings.TrimSpace(strings.Trim(s, `"'“”‘’`))
}
