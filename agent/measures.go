package agent

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/reasoning/extract"
)

// askedMeasureMissing declines (ErrNoAnswer) a question that asks by a
// capacity or a cost ("the available bandwidth between R2 and R5", "the
// fare") when the edges' numbers are another measure, known from their
// unit or their column ("Latency(ms)", "km"): latencies are no bandwidth,
// and the tools would answer about the numbers the graph has. The measure
// words are the lexicon's table columns (lang "tableColumns").
func askedMeasureMissing(task string, rep *extract.Report, lx *lang.Lexicon) error {
	if rep == nil || rep.EdgeValues == extract.MeaningNone {
		return nil
	}
	if lx == nil {
		lx = lang.Default()
	}
	has := lang.Meaning(rep.EdgeValues)
	switch rep.EdgeValues {
	case extract.MeaningWeight:
		has = ""
		for _, f := range rep.NodeData {
			if u, ok := strings.CutPrefix(f, "edge_unit: "); ok {
				has = lx.Unit(strings.ToLower(u))
			}
		}
	case extract.MeaningTime:
		return nil // when edges exist, not a measure of them
	}
	if has == "" {
		return nil
	}
	if has == lang.Capacity {
		// "the cheapest way", "how far": a distance, cost or time asked of
		// capacities (the unread-weights guard's words).
		if w := defaultWeightWords().asked.FindString(askedText(task)); w != "" {
			return fmt.Errorf("the question asks by %q, and the edges' numbers are capacities: %w", strings.ToLower(w), ErrNoAnswer)
		}
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(askedText(task)), func(r rune) bool { return !unicode.IsLetter(r) && r != '_' }) {
		var asked lang.Meaning
		switch lx.Column(w) {
		case lang.ColCapacity:
			asked = lang.Capacity
		case lang.ColCost:
			asked = lang.Cost
		default:
			continue
		}
		if asked != has {
			return fmt.Errorf("the question asks for %q (a %s), and the edges' numbers are a %s: %w", w, asked, has, ErrNoAnswer)
		}
	}
	return nil
}
