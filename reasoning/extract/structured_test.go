package extract

import (
	"slices"
	"strings"
	"testing"
)

// TestStructuredReadersMergeGraphs checks what the structured-text readers
// do with two graphs of their notation in one question: both are read, the
// nodes joined and the edges kept in order, each graph has its span, and a
// note says the question holds more than one, with the confidence at most
// 0.5.
func TestStructuredReadersMergeGraphs(t *testing.T) {
	cases := []struct {
		name  string
		r     Reader
		text  string
		nodes []string
		edges []string
		dir   Direction
		notes []string // substrings of notes, in order
	}{
		{
			name:  "two adjacency dicts",
			r:     AdjacencyDict{},
			text:  "neighbours {'A': ['B'], 'B': ['A']} and {1: [2], 2: [1]}",
			nodes: []string{"A", "B", "1", "2"}, edges: []string{"A-B", "1-2"}, dir: DirUndirected,
			notes: []string{"more than one adjacency dict; their edges are merged"},
		},
		{
			name:  "two DOT graphs, one directed",
			r:     DOTGraph{},
			text:  "digraph {\n a -> b;\n}\ngraph {\n b -- c [weight=2];\n}",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c:2"}, dir: DirUnknown,
			notes: []string{"more than one DOT graph; their edges are merged", "one DOT graph is directed and another is not"},
		},
		{
			name:  "two DOT digraphs",
			r:     DOTGraph{},
			text:  "digraph {\n a -> b;\n}\ndigraph {\n b -> c;\n}",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirDirected,
			notes: []string{"more than one DOT graph; their edges are merged"},
		},
		{
			name:  "two JSON graphs",
			r:     NodeLinkJSON{},
			text:  `{"directed": true, "nodes": [1, 2], "edges": [[1, 2]]} and {"directed": true, "nodes": [{"id": 2}, {"id": 3}], "links": [{"source": 2, "target": 3}]}`,
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "2-3"}, dir: DirDirected,
			notes: []string{"more than one JSON graph; their edges are merged"},
		},
		{
			name:  "two adjacency matrices",
			r:     AdjacencyMatrix{},
			text:  "Adjacency matrix:\n0 1\n1 0\n\nand adjacency matrix:\n0 1 1\n1 0 0\n1 0 0",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "0-1", "0-2"}, dir: DirUndirected,
			// The second matrix's own notes come before the merge's.
			notes: []string{"taken as nodes 0..2", "more than one matrix; their edges are merged"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, c.r, c.text)
			checkNodesEdges(t, got, c.nodes, c.edges)
			if got.Directed != c.dir {
				t.Errorf("direction %v, want %v", got.Directed, c.dir)
			}
			if g := spanTexts(c.text, got, RoleGraph); len(g) != 2 {
				t.Errorf("graph spans %q, want two", g)
			}
			if got.Confidence > 0.5 {
				t.Errorf("confidence %v above 0.5", got.Confidence)
			}
			at := 0
			for _, want := range c.notes {
				i := slices.IndexFunc(got.Notes[at:], func(n string) bool { return strings.Contains(n, want) })
				if i < 0 {
					t.Fatalf("notes %q lack %q after note %d", got.Notes, want, at)
				}
				at += i + 1
			}
		})
	}
}
