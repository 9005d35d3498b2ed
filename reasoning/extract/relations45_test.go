package extract

import (
	"context"
	"slices"
	"testing"
)

// relations45Case is a whole question read through Read; nodes sorted,
// edges as e2eEdges writes them. With no nodes, the reading must be no
// confident graph.
type relations45Case struct {
	name     string
	q        string
	nodes    []string
	edges    []string
	directed bool
}

func checkRelations45(t *testing.T, cases []relations45Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Read(context.Background(), c.q, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if c.nodes == nil {
				if ex.Graph != nil && ex.Confidence >= Confident {
					t.Fatalf("read %q %q with confidence %.2f, want no confident graph", ex.Graph.IDs(), e2eEdges(ex.Graph), ex.Confidence)
				}
				return
			}
			if ex.Graph == nil {
				t.Fatalf("no graph; report %s", ex.Report.Summary())
			}
			g := ex.Graph
			if nodes := slices.Sorted(slices.Values(g.IDs())); !slices.Equal(nodes, c.nodes) {
				t.Errorf("nodes %q, want %q", nodes, c.nodes)
			}
			if e := e2eEdges(g); !slices.Equal(e, c.edges) {
				t.Errorf("edges %q, want %q", e, c.edges)
			}
			if g.Directed() != c.directed {
				t.Errorf("directed %v, want %v", g.Directed(), c.directed)
			}
		})
	}
}

// TestPairListIsNoRange: "nodes are in 0-1, 1-2, 2-3" lists edges; it
// declares no node range 0 to 1 (read before as 3 nodes, the pair 0-1
// lost). A range followed by something else stays a range.
func TestPairListIsNoRange(t *testing.T) {
	checkRelations45(t, []relations45Case{
		{name: "pairs after 'are in'", q: "How many nodes are in 0-1, 1-2, 2-3?",
			nodes: []string{"0", "1", "2", "3"}, edges: []string{"0-1", "1-2", "2-3"}},
		{name: "a range, then the edges", q: "The nodes are numbered 0-5. Edges: 0-1, 1-2. How many nodes?",
			nodes: []string{"0", "1", "2", "3", "4", "5"}, edges: []string{"0-1", "1-2"}},
		{name: "a range before a comma and words", q: "Nodes range 0-3, edges 0-1, 1-2. How many nodes?",
			nodes: []string{"0", "1", "2", "3"}, edges: []string{"0-1", "1-2"}},
	})
}
