package extract

import (
	"context"
	"testing"
)

func TestAdjacencyLines(t *testing.T) {
	cases := []readerCase{
		{
			name:  "named before, a node then its neighbours",
			text:  "The graph below is in adjacency-list format (each line holds a node followed by its neighbours):\n0 1 2\n1 2\n2 3\n3 4\nHow many edges?",
			nodes: []string{"0", "1", "2", "3", "4"}, edges: []string{"0-1", "0-2", "1-2", "2-3", "3-4"}, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "names, an isolated node, directed",
			text:  "Directed graph as an adjlist:\na b c\nb c\nc\nd\nWhich nodes does a point to?",
			nodes: []string{"a", "b", "c", "d"}, edges: []string{"a-b", "a-c", "b-c"}, dir: DirDirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "tabs and a blank line end the list",
			text:  "adjacency list:\n1\t2\t3\n2\t3\n\n4 5 6",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "1-3", "2-3"}, minConf: 0.95, maxConf: 0.95,
		},
		{name: "not named: edge-list lines are not read", text: "Edges:\n0 1 2\n1 2 3\n"},
		{name: "the colon form is another reader's", text: "Adjacency list:\nA: B, C\nB: C\n"},
		{name: "one line is not a list", text: "adjacency list:\n0 1 2\nHow many edges?"},
		{name: "named on the last line", text: "0 1\n1 2\nthis is an adjacency list"},
		{name: "a sentence after the name", text: "Here is the adjacency list.\nIt has three nodes, see below."},
	}
	checkReaderCases(t, AdjacencyLines{}, cases)
}

// TestAdjacencyLinesInRead: Read takes the format's lines as adjacency, not
// as the weighted edge-list lines they look like.
func TestAdjacencyLinesInRead(t *testing.T) {
	ex, err := Read(context.Background(), "In adjacency-list format (a node, then its neighbours):\n0 1 2\n1 2\n2 3\n3 4\nHow many edges?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g := ex.Graph; g == nil || g.M() != 5 || g.Weighted() {
		t.Fatalf("read %v (report %+v), want 5 unweighted edges", g, ex.Report)
	}
}

func FuzzReadAdjacencyLines(f *testing.F) {
	fuzzReader(f, AdjacencyLines{}, "adjacency list:\n0 1 2\n1 2\n", "adjlist\na b\nb\n", "adjacency-list\n\n1 2", "adj\n")
}
