// Package analog is Graph Agent's inductive–deductive reasoning over
// long-term memory for node classification and link prediction on real
// labelled graphs.
//
// An importer turns a labelled graph into memory examples (memory.Sample):
// a paper with its text, its neighbours and their known labels, and its
// class (CiteSeer with raw text, Cora with its word indices); a drug–protein
// pair of DrugMechDB with the two endpoints' names and types, the typed
// paths between them and whether the link exists. Every item is assigned a
// seeded split; only training items are written into memory, and the
// reasoners read known labels only from memory, so a test item's label or
// link is never within their reach.
//
// To answer, the builtin reasoner retrieves the k most similar examples
// (vector search in memory) and the labelled graph neighbours, and takes a
// weighted vote over them: text similarity for examples, neighbour-label
// propagation over the citation graph, typed-path analogy for links. Its
// "rule" is the evidence that decided: which examples and neighbours, with
// which weights. The LLM reasoner (LLM) asks one call to state the rule the
// examples follow and one to apply it, parses and validates both (a label
// must be one of the dataset's classes, a link answer yes or no; an invalid
// answer is repaired once, then refused). Both give an answer, a confidence
// and an explanation, and say they are unsure below a threshold.
package analog

import (
	"errors"
	"fmt"
	"strings"
)

// Errors; check them with errors.Is.
var (
	// ErrUnknownItem means the node or pair is not in the dataset.
	ErrUnknownItem = errors.New("not in the dataset")
	// ErrNoEvidence means memory held nothing to reason from.
	ErrNoEvidence = errors.New("no examples or labelled neighbours to reason from")
	// ErrInvalidAnswer means the language model's answer was not one of the
	// allowed answers, even after one repair.
	ErrInvalidAnswer = errors.New("the model's answer is not one of the allowed answers")
)

// Evidence is one example or neighbour that voted, with its weight.
type Evidence struct {
	// Kind is "example" (retrieved from memory by similarity), "neighbour"
	// (a labelled node linked to the query), "neighbour-text" (an unlabelled
	// neighbour, by the examples its own text retrieves), "two-hop" (a
	// labelled node two links away) or "paths" (the pair's typed paths).
	Kind string `json:"kind"`
	// ID names the example or node.
	ID string `json:"id"`
	// Label is what it voted for.
	Label string `json:"label"`
	// Weight is its weight in the vote (its similarity for examples).
	Weight float64 `json:"weight"`
	// Note says more (an example's title, the path shape).
	Note string `json:"note,omitempty"`
}

// Answer is a reasoner's answer.
type Answer struct {
	// Dataset and Item name what was asked (a node ID, or "drug -> protein").
	Dataset string `json:"dataset"`
	Item    string `json:"item"`
	// Key identifies the item in the dataset: the node ID, or
	// "sourceID->targetID" for a pair.
	Key string `json:"key"`
	// Label is the answer: a class, or "yes"/"no" for a link. Empty when
	// Unsure and no answer leads.
	Label string `json:"label"`
	// Confidence is the answer's share of the vote (builtin) or the model's
	// stated confidence (LLM), in [0, 1].
	Confidence float64 `json:"confidence"`
	// Unsure is set when Confidence is below the reasoner's threshold: the
	// answer is then only the leading guess and must not be relied on.
	Unsure bool `json:"unsure"`
	// Scores are the vote per label, summing to 1 (builtin).
	Scores map[string]float64 `json:"scores,omitempty"`
	// Rule is the induced rule: the evidence that decided (builtin), or the
	// rule the model stated from the examples (LLM).
	Rule string `json:"rule"`
	// Explanation says how the answer follows from the rule.
	Explanation string `json:"explanation"`
	// Evidence lists the examples and neighbours that voted, heaviest first.
	Evidence []Evidence `json:"evidence,omitempty"`
	// Method is "builtin" or "llm".
	Method string `json:"method"`
	// Known is set when the item itself is a training example in memory:
	// the answer is then its recorded label, not an inference.
	Known bool `json:"known,omitempty"`
	// Readings say which names of the question were read through the
	// alias table, and as what ("\"aspirin\" read as Acetylsalicylic acid
	// (its common name in the alias table)").
	Readings []string `json:"readings,omitempty"`
}

// Sentence states the answer in words, after the alias readings, if any.
func (a *Answer) Sentence() string {
	if len(a.Readings) == 0 {
		return a.sentence()
	}
	return strings.Join(a.Readings, "; ") + ". " + a.sentence()
}

func (a *Answer) sentence() string {
	item := a.Item
	if a.Dataset != LinkDataset {
		item = fmt.Sprintf("paper %s in %s", a.Item, a.Dataset)
	}
	switch {
	case a.Known && a.Dataset == LinkDataset:
		return fmt.Sprintf("%s: link %s (a solved example in memory).", item, a.Label)
	case a.Known:
		return fmt.Sprintf("The topic of %s is %s (a solved example in memory).", item, a.Label)
	case a.Unsure && a.Label != "":
		return fmt.Sprintf("I am unsure about %s: the evidence leans to %s (confidence %.2f), below the threshold.", item, a.Label, a.Confidence)
	case a.Unsure:
		return fmt.Sprintf("I am unsure about %s: the evidence does not decide.", item)
	case a.Dataset == LinkDataset:
		return fmt.Sprintf("%s: link %s (confidence %.2f).", item, a.Label, a.Confidence)
	}
	return fmt.Sprintf("The topic of %s is %s (confidence %.2f).", item, a.Label, a.Confidence)
}

// topEvidence formats the heaviest few pieces of evidence for a rule.
func topEvidence(ev []Evidence, n int) string {
	var b strings.Builder
	for i, e := range ev {
		if i == n {
			fmt.Fprintf(&b, "; and %d more", len(ev)-n)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s %s → %s (weight %.2f", e.Kind, e.ID, e.Label, e.Weight)
		if e.Note != "" {
			fmt.Fprintf(&b, ", %s", e.Note)
		}
		b.WriteByte(')')
	}
	return b.String()
}
