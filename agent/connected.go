package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// "Is node 4 connected to node 2?" has two readings: adjacent (an edge
// joins them — Talk like a Graph's edge-existence task, and what "the nodes
// connected to 4" means) or joined by some path (graph theory's
// "connected vertices"). The question alone does not decide; the graph's
// text may:
//   - when it states its edges with the word itself ("Node 0 is connected
//     to nodes 1, 3", "James and Robert are connected", "(i,j) means that
//     node i and node j are connected with an undirected edge"), the
//     question uses the text's own relation, an edge;
//   - when it states them as a two-way relation between names ("James and
//     Robert are friends", "Mary and John wrote a paper together"), it is
//     a network of ties, where "connected" is the lexicon's word for two
//     people related ("connected", like "related" or "acquainted", is a
//     symmetric relation adjective of lang): whether the two have a tie,
//     an edge. Being joined through others is said with the words of
//     connectedHow ("through friends", "by a chain", "in any way").
//
// Otherwise both are computed, and a question whose two readings answer
// differently is declined with both facts rather than answered by a guess.
var (
	bareConnectedPair = regexp.MustCompile(`(?i)\bis\s+(node\s+|vertex\s+)?\S+(\s+\S+)?\s+connected\s+(to|with)\s+(node\s+|vertex\s+)?\S+(\s+\S+)?\s*\?|\bare\s+(nodes?\s+|vertices\s+)?\S+(\s+\S+)?\s+and\s+(node\s+|vertex\s+)?\S+(\s+\S+)?\s+connected\s*\?`)
	// connectedHow are words that settle the reading ("directly", "by a
	// path", "somehow").
	connectedHow  = regexp.MustCompile(`(?i)\b(path|paths|route|reach\w*|directly|direct|indirectly|somehow|eventually|ultimately|chain|through|via|way|edges?|links?|arcs?|hops?|steps?|walk)\b`)
	connectedWord = regexp.MustCompile(`(?i)\bconnected\b`)
)

// connectedMeaning returns the tool that answers task when it asks the
// bare "is X connected to Y?" and the tool chosen is one of its readings:
// edge_exists when the graph's own text states edges as "connected", else
// the chosen tool with the other reading's tool to cross-check (""
// when there is nothing to check).
func (r *run) connectedMeaning(task, chosen string) (tool, crossCheck string) {
	if chosen != "edge_exists" && chosen != "path_exists" {
		return chosen, ""
	}
	m := bareConnectedPair.FindString(task)
	if m == "" || connectedHow.MatchString(m) {
		return chosen, ""
	}
	if why := r.connectedMeansEdge(); why != "" {
		if chosen != "edge_exists" {
			r.step("meaning", func() (string, string, error) {
				return "builtin", why + ", so the question asks for an edge: edge_exists", nil
			})
		}
		return "edge_exists", ""
	}
	other := "edge_exists"
	if chosen == "edge_exists" {
		other = "path_exists"
	}
	return chosen, other
}

// connectedMeansEdge says why the graph's text makes a bare "connected"
// an edge, or returns "": a span the readers took as the graph or as the
// key to its notation uses the word "connected", or every graph span is
// relationship sentences of an undirected graph (ties between names).
func (r *run) connectedMeansEdge() string {
	rep := r.ans.Reading
	if rep == nil {
		return ""
	}
	ties, relations := !rep.Directed, extract.Relations{}.Name()
	graphSpans := 0
	for _, s := range rep.Spans {
		if s.Role != "graph" && s.Role != "notation key" {
			continue
		}
		text := s.Text
		if s.Start >= 0 && s.End <= len(r.question) && s.Start < s.End {
			text = r.question[s.Start:s.End]
		}
		if connectedWord.MatchString(text) {
			return `"connected" is how the graph's text states its edges`
		}
		if s.Role == "graph" {
			graphSpans++
			ties = ties && s.Reader == relations
		}
	}
	if ties && graphSpans > 0 {
		return `the graph's text states its edges as two-way ties between names ("X and Y are friends"), and "connected" asks whether two have a tie`
	}
	return ""
}

// crossCheckConnected runs the other reading's tool with the same
// arguments and returns an error wrapping ErrNoAnswer, stating both facts,
// when the two answers differ.
func (r *run) crossCheckConnected(ctx context.Context, g *graph.Graph, ran, other string, args json.RawMessage, res tools.Result) error {
	t, err := r.a.reg.Get(other)
	if err != nil {
		return nil
	}
	tctx, cancel := context.WithTimeout(ctx, r.a.limits.ToolTimeout)
	defer cancel()
	alt, err := t.Run(tctx, g, args)
	if err != nil {
		return nil
	}
	a, ok1 := res.Value.(bool)
	b, ok2 := alt.Value.(bool)
	if !ok1 || !ok2 || a == b {
		r.step("meaning", func() (string, string, error) {
			return "builtin", fmt.Sprintf(`"connected" read as an edge or as a path gives the same answer (%s agrees)`, other), nil
		})
		return nil
	}
	both := strings.TrimSuffix(res.Text, ".") + "; " + strings.TrimSuffix(alt.Text, ".")
	r.step("meaning", func() (string, string, error) {
		return "builtin", "the two readings of \"connected\" disagree: " + both, nil
	})
	return fmt.Errorf("%q can mean joined by an edge or by a path, and here the answers differ (%s); ask whether they are directly connected or connected by a path: %w", "connected", both, ErrNoAnswer)
}
