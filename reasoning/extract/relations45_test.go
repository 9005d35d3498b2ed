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

// TestBracketedLabels: "[Smith2019] cites [Lee2015]" names its nodes in
// brackets (held-out batch 5's citation lists, read before as no graph);
// a Python list, a Markdown link and a wiki link are no bracketed names.
func TestBracketedLabels(t *testing.T) {
	checkRelations45(t, []relations45Case{
		{name: "citation lines", q: "Reference lists I scraped:\n[Smith2019] cites [Lee2015]\n[Smith2019] cites [Kumar2017]\n[Kumar2017] cites [Lee2015]\nHow many papers are there?",
			nodes: []string{"Kumar2017", "Lee2015", "Smith2019"}, edges: []string{"Kumar2017-Lee2015", "Smith2019-Kumar2017", "Smith2019-Lee2015"}, directed: true},
		{name: "ticket keys", q: "[PAY-12] blocks [PAY-15]. [PAY-15] blocks [PAY-19]. What does PAY-12 block?",
			nodes: []string{"PAY-12", "PAY-15", "PAY-19"}, edges: []string{"PAY-12-PAY-15", "PAY-15-PAY-19"}, directed: true},
		{name: "a Python list is still a list", q: "Edges: [[0, 1], [1, 2]]. How many nodes?",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "1-2"}},
		{name: "a Markdown link names nothing", q: "See [docs](http://example.com) cites [ref]. How many nodes?"},
	})
}
