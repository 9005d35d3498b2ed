package extract

import (
	"fmt"
	"strconv"
	"strings"
)

// nodeDataRuleResult is what the rule sentences of a question state about
// node data.
type nodeDataRuleResult struct {
	facts  map[string]string
	spans  []Span
	notes  []string
	unsure bool
}

// nodeDataAggregations maps words that name an aggregation to it.
var nodeDataAggregations = map[string]string{
	"sum": "sum", "sums": "sum", "summing": "sum", "summed": "sum", "summation": "sum", "add": "sum", "adds": "sum",
	"adding": "sum", "added": "sum", "total": "sum",
	"mean": "mean", "average": "mean", "averages": "mean", "averaging": "mean", "averaged": "mean",
	"max": "max", "maximum": "max", "maxima": "max", "min": "min", "minimum": "min", "minima": "min",
}

// nodeDataRules reads the aggregation rule ("each node's embedding is
// updated by the sum of its neighbors' embeddings") and the stated number
// of layers ("the GNN has 2 layers") from the statements of the question.
func nodeDataRules(sents []proseSentence, d *Doc) nodeDataRuleResult {
	res := nodeDataRuleResult{facts: map[string]string{}}
	for _, s := range sents {
		if s.Question {
			continue
		}
		toks := s.Toks
		var neighbour, data bool
		aggs := map[string]bool{}
		aggOrder := []string{}
		for _, t := range toks {
			if t.Kind != proseWord {
				continue
			}
			switch {
			case strings.HasPrefix(t.Lower, "neighbo") || t.Lower == "adjacent":
				neighbour = true
			case nodeDataRuleNoun(t.Lower):
				data = true
			}
			if a := nodeDataAggregations[t.Lower]; a != "" && !aggs[a] {
				aggs[a] = true
				aggOrder = append(aggOrder, a)
			}
		}
		span := Span{Start: s.Start, End: s.End, Role: RoleRule}
		if neighbour && data && len(aggs) > 0 {
			res.spans = append(res.spans, span)
			agg := aggOrder[0]
			if len(aggs) > 1 {
				res.unsure = true
				res.notes = append(res.notes, fmt.Sprintf("the rule %q names more than one aggregation (%s); %q is taken", d.Text[s.Start:s.End], strings.Join(aggOrder, ", "), agg))
			}
			if old, ok := res.facts["aggregation"]; ok && old != agg {
				res.unsure = true
				res.notes = append(res.notes, fmt.Sprintf("two aggregation rules disagree: %q and %q", old, agg))
				continue
			}
			res.facts["aggregation"] = agg
			if self, ok := nodeDataIncludesSelf(d.Lower[s.Start:s.End]); ok {
				res.facts["include_self"] = strconv.FormatBool(self)
			}
			continue
		}
		if n, ok := nodeDataRounds(toks); ok {
			res.spans = append(res.spans, span)
			if old, ok := res.facts["rounds"]; ok && old != strconv.Itoa(n) {
				res.unsure = true
				res.notes = append(res.notes, fmt.Sprintf("two layer counts are stated: %s and %d", old, n))
				continue
			}
			res.facts["rounds"] = strconv.Itoa(n)
			continue
		}
		// "every node has an embedding": the data exists, for every node.
		if sp, ok := nodeDataEveryNodeHas(toks); ok {
			res.spans = append(res.spans, sp)
		}
	}
	if len(res.facts) == 0 {
		res.facts = nil
	}
	return res
}

// nodeDataRuleNoun reports whether a word names what is aggregated.
func nodeDataRuleNoun(w string) bool {
	switch w {
	case "embedding", "embeddings", "feature", "features", "representation", "representations", "vector",
		"vectors", "message", "messages", "value", "values", "state", "states", "signal", "signals":
		return true
	}
	return false
}

// nodeDataIncludesSelf reports whether an aggregation rule says that the
// node's own embedding counts (ok is false when it does not say).
func nodeDataIncludesSelf(lower string) (self, ok bool) {
	for _, w := range []string{"excluding itself", "not including itself", "without itself", "excluding its own", "not its own", "only its neighbo"} {
		if strings.Contains(lower, w) {
			return false, true
		}
	}
	for _, w := range []string{"its own", "itself", "self-loop", "self loop", "including the node", "plus its", "and its current"} {
		if strings.Contains(lower, w) {
			return true, true
		}
	}
	return false, false
}

// nodeDataRounds reads a stated number of layers or rounds: "the GNN has 2
// layers", "two rounds of message passing are performed", "a 3-layer GCN",
// "we apply the layer twice". A count after "after" is a question's
// parameter and is not read.
func nodeDataRounds(toks []proseToken) (int, bool) {
	verb := false
	for _, t := range toks {
		if t.is("has", "have", "uses", "use", "apply", "applies", "applied", "performed", "performs", "runs", "run",
			"consists", "stacks", "stack", "stacked", "contains", "is", "are") {
			verb = true
		}
	}
	for i, t := range toks {
		n, ok := proseCount(t)
		if !ok || (i > 0 && toks[i-1].is("after", "of", "node", "vertex")) {
			continue
		}
		k := i + 1
		if k < len(toks) && toks[k].punct('-') {
			k++ // "3-layer"
		}
		if k >= len(toks) || !toks[k].is("layer", "layers", "round", "rounds", "iteration", "iterations", "hop", "hops") {
			continue
		}
		if toks[k].Lower == "layer" && k == i+1 && n != 1 {
			continue // "2 layer" without a dash is unusual; do not guess
		}
		if verb || (k == i+2 && toks[i+1].punct('-')) {
			return n, n > 0
		}
	}
	return 0, false
}

// nodeDataEveryNodeHas finds the clause of a sentence that says every node
// has an embedding or features ("every node has an embedding").
func nodeDataEveryNodeHas(toks []proseToken) (Span, bool) {
	for i := 0; i+3 < len(toks); i++ {
		if toks[i].is("every", "each", "all") && toks[i+1].is("node", "nodes", "vertex", "vertices") && toks[i+2].is("has", "have", "carries", "carry") {
			k := i + 3
			if k < len(toks) && toks[k].is("a", "an", "its", "their", "the") {
				k++
			}
			if k+1 < len(toks) && toks[k].is("feature") && toks[k+1].is("vector", "vectors") {
				k++
			}
			if k < len(toks) && (nodeDataRuleNoun(toks[k].Lower) || toks[k].is("vector", "vectors")) {
				return Span{Start: toks[i].Start, End: toks[k].End, Role: RoleData}, true
			}
		}
	}
	return Span{}, false
}
