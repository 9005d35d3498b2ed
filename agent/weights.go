package agent

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools/graph"
)

// weightWords are the expressions of the unread-weights guard in the
// lexicon's units (lang): a quantity written in the text ("310 km", "$300",
// "5 min"), and a question that asks by distance, cost or time.
type weightWords struct {
	quantity *regexp.Regexp
	asked    *regexp.Regexp
	// inUnit is an answer asked in a unit ("in hours", "how many km"):
	// a measure no edge count gives, quantities in the text or not.
	inUnit *regexp.Regexp
}

var defaultWeightWords = sync.OnceValue(func() *weightWords { return newWeightWords(lang.Default()) })

func newWeightWords(lx *lang.Lexicon) *weightWords {
	var all, askedUnits []string
	for u, m := range lx.Units() {
		if m == lang.Count {
			continue
		}
		all = append(all, u)
		// A one-letter unit ("m", "h") asked alone names a node as often.
		if m != lang.Capacity && len(u) > 1 {
			askedUnits = append(askedUnits, u)
		}
	}
	sort.Strings(all)
	sort.Strings(askedUnits)
	return &weightWords{
		// "310 km", "310km", "$300", "€ 12", "label=\"5 min\"".
		quantity: regexp.MustCompile(`(?i)\b\d[\d.,]*\s*(?:` + lang.Alt(all) + `)\b|[$€£]\s*\d`),
		asked: regexp.MustCompile(`(?i)\bhow far\b|\b(?:distance|distances|cost|costs|cheapest|costliest|total length|how long)\b|\b(?:how many|in|of)\s+(?:` +
			lang.Alt(askedUnits) + `)\b`),
		inUnit: regexp.MustCompile(`(?i)\b(?:how many|in)\s+(?:` + lang.Alt(askedUnits) + `)\b`),
	}
}

// unreadWeights declines (ErrNoAnswer) a question asked by distance, cost
// or time ("how far from Helsinki to Warsaw?", "the cheapest route", "how
// many km") when the text writes quantities ("310 km") but the graph read
// has no weights: the readers did not take them as the edges' values, and
// the tools would count edges instead. question is the whole text, task
// the question without the graph's spans.
func unreadWeights(question, task string, g *graph.Graph) error {
	if g == nil || g.Weighted() || g.HasCapacities() {
		return nil
	}
	ww := defaultWeightWords()
	asked := ww.asked.FindString(askedText(task))
	if asked == "" {
		return nil
	}
	q := ww.quantity.FindString(question)
	if q == "" {
		if u := ww.inUnit.FindString(askedText(task)); u != "" {
			return fmt.Errorf("the question asks for an answer %q, and the graph read gives its edges no such values; the answer would count edges: %w",
				strings.ToLower(u), ErrNoAnswer)
		}
		return nil
	}
	return fmt.Errorf("the question asks by %q, and the text gives quantities (%q) that were not read as the edges' weights; the graph read has none, so the answer would count edges: %w",
		strings.ToLower(asked), q, ErrNoAnswer)
}
