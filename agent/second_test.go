package agent

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

// TestSubgraphQuestions: a pattern written beside the graph is found by
// the subgraph searches (the pattern from the question's second graph,
// never the planner), and the questions that cannot be answered so are
// declined: no pattern, a pattern with another direction, a pattern beside
// a question about the graph alone, "subgraph isomorphic" whose induced
// and non-induced answers differ.
func TestSubgraphQuestions(t *testing.T) {
	a := newDataAgent(t)
	gw := "Determine if a smaller graph is present as an exact match within a larger graph. In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j. Given a graph G and a subgraph G', you need to output Yes or No, indicating whether subgraph G' is present within the directed graph G. Q: The nodes of graph G are numbered from 0 to 6, and the edges are: (0->3) (0->2) (0->1) (1->5) (1->6) (1->3) (2->3) (2->1) (3->1) (3->2) (3->4) (3->6) (4->5) (4->3) (5->0) (5->1) (6->3) (6->4). The nodes of subgraph G' are numbered from a to c, and the edges are: (a->b) (b->c) (c->a). Is subgraph G' present within graph G as a direct substructure?"
	for _, c := range []struct {
		q      string
		tool   string
		exists bool
		refuse string // a part of the error when declined
	}{
		{q: gw, tool: "subgraph_is_monomorphic", exists: true},
		{q: strings.Replace(gw, "(c->a)", "(a->c)", 1), tool: "subgraph_is_monomorphic", exists: true},
		{q: "Graph: 0-1, 1-2, 2-3, 3-0. Pattern: a-b, b-c, c-a. Does the graph contain the pattern?", tool: "subgraph_is_monomorphic", exists: false},
		{q: "In the graph 0-1, 1-2, 2-0, 2-3, does the motif a-b, b-c, c-a occur?", tool: "subgraph_is_monomorphic", exists: true},
		{q: "Does the graph 0-1, 1-2, 2-3, 3-0 contain the pattern a-b, b-c, c-d, d-a as an induced subgraph?", tool: "subgraph_is_isomorphic", exists: true},
		{q: "Is the pattern a-b, b-c an induced subgraph of the graph 0-1, 1-2, 2-0?", tool: "subgraph_is_isomorphic", exists: false},
		{q: "Is the pattern a-b, b-c, c-a subgraph-isomorphic to the graph 0-1, 1-2, 2-0?", tool: "subgraph_is_isomorphic", exists: true},
		{q: "Is the pattern a-b, b-c subgraph isomorphic to the graph 0-1, 1-2, 2-0?", refuse: "induced"},
		{q: "Is the pattern a->b, b->c present in the undirected graph 0-1, 1-2, 2-0?", refuse: "written directed"},
		{q: "Is there a cycle in 0-1, 1-2, 2-0? Pattern: a-b.", refuse: "does not use"},
		{q: "Does the graph 0-1, 1-2, 2-0 contain a copy of some subgraph?", refuse: ""},
	} {
		ans, err := a.Ask(context.Background(), c.q)
		if c.tool == "" {
			if err == nil {
				t.Errorf("%q: answered %q (%s), want it declined", c.q, ans.Answer, ans.Tool)
			} else if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), c.refuse) {
				t.Errorf("%q: %v, want ErrNoAnswer naming %q", c.q, err, c.refuse)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		v, ok := ans.Value.(tools.SubgraphMatchResult)
		if ans.Tool != c.tool || !ok || v.Exists != c.exists {
			t.Errorf("%q: %s %v (%q), want %s exists %v", c.q, ans.Tool, ans.Value, ans.Answer, c.tool, c.exists)
		}
		var args struct {
			Pattern tools.GraphArg `json:"pattern"`
		}
		if err := json.Unmarshal(ans.Args, &args); err != nil || len(args.Pattern.Edges) == 0 {
			t.Errorf("%q: args %s carry no pattern (%v)", c.q, ans.Args, err)
		}
	}
}
