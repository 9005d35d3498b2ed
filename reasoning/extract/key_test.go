package extract

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestNotationKey(t *testing.T) {
	cases := []struct {
		name     string
		q        string
		edges    string // as exWant reads it
		nodes    string // exact node order when set
		directed bool
		meaning  Meaning // what the key says the third number is
	}{
		{name: "nlgraph (i,j) means", q: "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. The nodes are numbered from 0 to 4, and the edges are: (0,1) (1,2) (2,3) (3,4). Q: How many nodes?",
			edges: "0-1 1-2 2-3 3-4", nodes: "0 1 2 3 4"},
		{name: "note that", q: "Determine if there is a path between two nodes in the graph. Note that (i,j) means that node i and node j are connected with an undirected edge.\nGraph: (0,1) (1,2) (3,4)\nQ: Is there a path between node 0 and node 2?\nA:",
			edges: "0-1 1-2 3-4", nodes: "0 1 2 3 4"},
		{name: "hamilton with range", q: "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge.\nThe nodes are numbered from 0 to 5, and the edges are: (0,1) (1,2) (2,3) (3,4)\nQ: Is there a path in this graph that visits every node exactly once?",
			edges: "0-1 1-2 2-3 3-4", nodes: "0 1 2 3 4 5"},
		{name: "weighted tuple key directs", q: "An edge (u, v, w) means an edge from u to v with weight w. Edges: (0, 1, 3), (1, 2, 4).",
			edges: "0-1:3 1-2:4", directed: true, meaning: MeaningWeight},
		{name: "format arrow", q: "The edges are given in the format u -> v: 0 -> 1, 1 -> 2, 2 -> 0.",
			edges: "0-1 1-2 2-0", directed: true},
		{name: "lines with capacity key", q: "Each line u v c denotes a pipe from u to v with capacity c.\n0 1 5\n1 2 3\nWhat is the maximum flow from 0 to 2?",
			edges: "0-1:c5 1-2:c3", directed: true, meaning: MeaningCapacity},
		{name: "source target key", q: "Here (source, target) represents a directed edge. Edges: (a, b), (b, d).",
			edges: "a-b b-d", directed: true},
		{name: "matrix key in parentheses", q: "adjacency matrix (row i, column j is the edge between nodes i and j):\n0 1 1\n1 0 0\n1 0 0\n\nQ: What's the minimum number of edges on a path from 1 to 2?",
			edges: "0-1 0-2"},
		{name: "an answer-format example is not the graph", q: "In an undirected graph, the edges are: (0, 4), (1, 4), (2, 3), (3, 4), (1, 2). Find the degree of each node. Give your answer as (0, 4), (1, 8), (2, 3).",
			edges: "0-4 1-4 2-3 3-4 1-2", nodes: "0 4 1 2 3"},
		{name: "an answer-format example as a Python list", q: "In an undirected graph, the edges are: (0, 4), (1, 4), (2, 3). Find the degree of each node. Give your answer as a list like [(0, 4), (1, 8)].",
			edges: "0-4 1-4 2-3", nodes: "0 4 1 2 3"},
		{name: "an output format with a colon", q: "Edges: 0-1, 1-2, 2-3.\nList the shortest path from 0 to 3. Output format: [5, 6, 7]",
			edges: "0-1 1-2 2-3", nodes: "0 1 2 3"},
		{name: "for example in an instruction", q: "The roads are (0, 1), (1, 2). Name the edges of a spanning tree, for example (5, 6), (6, 7).",
			edges: "0-1 1-2", nodes: "0 1 2"},
		{name: "a definition over variables", q: "A predecessor of n is a node m such that there is an edge from m to n. In this directed graph, the edges are 0->1, 2->1, 1->3, 4->3. What are the predecessors of node 3?",
			edges: "0-1 2-1 1-3 4-3", nodes: "0 1 2 3 4", directed: true},
		{name: "a definition does not direct an undirected graph", q: "We say u and v are adjacent iff there is an edge from u to v. The undirected edges: (0, 1), (1, 2).",
			edges: "0-1 1-2", nodes: "0 1 2"},
		{name: "undirected key over arrows words", q: "(i, j) denotes an undirected edge between i and j. Edges: (1, 2), (2, 3).",
			edges: "1-2 2-3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Read(context.Background(), c.q, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if ex.Graph == nil {
				t.Fatalf("no graph; report %+v", ex.Report)
			}
			for _, id := range ex.Graph.IDs() {
				switch id {
				case "i", "j", "u", "v", "w", "c", "source", "target":
					t.Errorf("the notation key's symbol %q became a node", id)
				}
			}
			if got, want := exEdgeSet(ex.Graph), exWant(c.edges, c.directed); !slices.Equal(got, want) {
				t.Errorf("edges %v, want %v", got, want)
			}
			if c.nodes != "" {
				if got := strings.Join(ex.Graph.IDs(), " "); got != c.nodes {
					t.Errorf("nodes %q, want %q", got, c.nodes)
				}
			}
			if ex.Directed != c.directed {
				t.Errorf("directed %v (%s), want %v", ex.Directed, ex.Report.DirectedWhy, c.directed)
			}
			if ex.Report.Uncertain() {
				t.Errorf("uncertain: %v", ex.Report.Problems())
			}
			keys := 0
			for _, s := range ex.Report.Spans {
				if s.Role == RoleKey.String() {
					keys++
				}
			}
			if keys == 0 {
				t.Errorf("no key span in %+v", ex.Report.Spans)
			}
			if c.meaning != MeaningNone && ex.Report.EdgeValues != c.meaning && !(c.meaning == MeaningCapacity && ex.Graph.HasCapacities()) {
				t.Errorf("edge values %q, want %q", ex.Report.EdgeValues, c.meaning)
			}
		})
	}
}

// TestKeyIsNotAnEdgeAnywhere checks that a key sentence alone yields no
// nodes at all.
func TestKeyIsNotAnEdgeAnywhere(t *testing.T) {
	for _, q := range []string{
		"(i,j) means that node i and node j are connected with an undirected edge.",
		"In this notation, u -> v means that u points to v.",
		"An edge (u, v, w) means an edge from u to v with weight w.",
	} {
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if ex.Graph != nil {
			t.Errorf("%q: graph with nodes %v", q, ex.Graph.IDs())
		}
	}
}

func TestReportUnaccounted(t *testing.T) {
	cases := []struct {
		name, q, why string
	}{
		{"edge-like item", "Edges: 0-1, 1-2. Also foo - bar matters.", "an edge-like item"},
		{"ellipsis", "Edges: (0,1), (1,2), (2,3), … and so on up to (9,10).", "an ellipsis after the edges (edges not given)"},
		{"relation sentence", "Edges: 0-1, 1-2. Alice and Bob are friends.", "a relation sentence"},
		{"numbers", "Edges: 0-1, 1-2. Also 3 4 5 6 might matter.", "a number"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The scanner's readers only: a relation sentence is text they
			// leave over (the relationship reader would read it).
			ex := combineOnly(t, c.q, tuplesReader{}, dashesReader{}, proseReader{})
			found := false
			for _, u := range ex.Report.Unaccounted {
				found = found || u.Why == c.why
			}
			if !found || !ex.Report.Uncertain() {
				t.Errorf("want %q unaccounted and uncertain; report %+v", c.why, ex.Report)
			}
		})
	}
	// Accounted text leaves nothing over.
	ex, err := Read(context.Background(), "Edges: 0-1, 1-2. Is 0 connected to 2?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Report.Unaccounted) != 0 || ex.Report.Uncertain() {
		t.Errorf("clean question: report %+v", ex.Report)
	}
}
