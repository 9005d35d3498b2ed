package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// "Is node 4 connected to node 2?" has two readings: adjacent (an edge
// joins them — Talk like a Graph's edge-existence task, and what "the nodes
// connected to 4" means) or joined by some path (graph theory's
// "connected vertices"). The question alone does not decide; the graph's
// text may: when it states its edges with the word itself ("Node 0 is
// connected to nodes 1, 3", "James and Robert are connected", "(i,j) means
// that node i and node j are connected with an undirected edge"), the
// question uses the text's own relation, an edge. Otherwise both are
// computed, and a question whose two readings answer differently is
// declined with both facts rather than answered by a guess.
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
	if r.graphTextSaysConnected() {
		if chosen != "edge_exists" {
			r.step("meaning", func() (string, string, error) {
				return "builtin", `"connected" is how the graph's text states its edges, so the question asks for an edge: edge_exists`, nil
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

// graphTextSaysConnected reports whether a span the readers took as the
// graph or as the key to its notation uses the word "connected".
func (r *run) graphTextSaysConnected() bool {
	if r.ans.Reading == nil {
		return false
	}
	for _, s := range r.ans.Reading.Spans {
		if s.Role != "graph" && s.Role != "notation key" {
			continue
		}
		text := s.Text
		if s.Start >= 0 && s.End <= len(r.question) && s.Start < s.End {
			text = r.question[s.Start:s.End]
		}
		if connectedWord.MatchString(text) {
			return true
		}
	}
	return false
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
