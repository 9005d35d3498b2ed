package agent

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

// TestReadingAbstention: the builtin backend refuses uncertain readings and
// ambiguous nodes (ErrNoAnswer), reports nodes the graph lacks as bad input,
// and answers about a node its numbering implies as an isolated node.
func TestReadingAbstention(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	for _, c := range []struct {
		name, q string
		want    error  // nil: answered
		has     string // in the answer or the error
	}{
		{"unaccounted numbers", "Edges: 0-1, 1-2. Also 3 4 5 6 might matter. How many nodes does the graph have?", ErrNoAnswer, "uncertain"},
		{"unread relation sentence", "Edges: 0-1, 1-2, 2-3. Also foo - bar matters here. How many edges are there?", ErrNoAnswer, "edge-like"},
		{"ellipsis for edges", "The edges are (0,1), (1,2), (2,3), … and so on up to (9,10). What is the degree of node 5?", ErrNoAnswer, "ellipsis"},
		{"same edge twice", "Weighted edges (u, v, weight): (0, 3, 3), (0, 2, 7), (2, 3, 1), (0, 3, 8). What is the weight of the shortest path from 2 to 0?", ErrNoAnswer, "given twice"},
		{"count numbering open", "A graph with 6 nodes has edges 2-3, 3-4. What is the degree of node 6?", ErrNoAnswer, "numbered"},
		{"absent node", "Edges: 0-1, 1-2, 2-3. What is the degree of node 7?", ErrBadInput, `node "7" is not in the graph`},
		{"absent named node", "Alice and Bob are friends. Bob and Carol are friends. What is the degree of node Dave?", ErrBadInput, `"Dave"`},
		{"implied isolated node", "Edges: 0-1, 1-2, 4-5. Is there a path from 3 to 0?", nil, "Node 3 has no edges (the nodes are numbered 0 to 5)."},
		{"integer labels number nothing", "Edges: (458666, 290358) (290358, 439742) (439742, 818106). What is the degree of node 60637?", ErrBadInput, `node "60637" is not in the graph`},
		{"node outside a declared list", "G describes a graph among nodes 0, 1, 2, 4, and 5. The edges in G are: (0, 1) (1, 2) (4, 5). What is the degree of node 3?", ErrBadInput, `node "3" is not in the graph`},
		{"unread line between edge lines", "Edges, one per line:\n0 1\n1 2\n2 - ??\n2 3\n3 4\nHow many edges are there?", ErrNoAnswer, `the line "2 - ??"`},
		{"line read only at its end", "Edges:\n0-1\n1-2\nnode 3 is kind of near 4-ish\n2-3\nWhat is the diameter of the graph?", ErrNoAnswer, "kind of near"},
		{"blank line between edge lines", "Edges, one per line:\n0 1\n1 2\n\n2 3\n3 4\nHow many edges are there?", nil, "4 edges"},
		{"edges past the declared numbering", "The nodes are numbered from 0 to 3, and the edges are: (0,1) (1,2) (2,3) (3,5). How many nodes are there?", ErrNoAnswer, "node 5"},
		{"isolated node with edges", "Edges: 0-1, 0-2, 1-2, 2-3. Node 0 has no edges. What is the degree of node 2?", ErrNoAnswer, "node 0 is said to have no edges"},
		{"graph sentence read in part", "Page P links to pages R and Q. Page Q links to page S. Page S and R. Which pages does page P link to?", ErrNoAnswer, "names nodes of the graph but was not read"},
		{"pages as kind nouns", "Page P links to pages R and Q. Page Q links to page S. Page S links to pages P and R. Which pages does page P link to?", nil, "R, Q"},
		{"isolated node without edges", "The nodes are numbered from 0 to 3. Edges: 0-1, 1-2. Node 3 has no edges. How many edges are there?", nil, "2 edges"},
		{"notation key is no node", "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. The nodes are numbered from 0 to 4, and the edges are: (0,1) (1,2) (2,3) (3,4). How many nodes are there?", nil, "5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ans, err := a.Ask(ctx, c.q)
			if c.want == nil {
				if err != nil {
					t.Fatalf("err %v", err)
				}
				if !strings.Contains(ans.Answer, c.has) {
					t.Errorf("answer %q lacks %q", ans.Answer, c.has)
				}
				return
			}
			if !errors.Is(err, c.want) {
				t.Fatalf("err %v, want %v (answer %q)", err, c.want, ans.Answer)
			}
			if !strings.Contains(err.Error(), c.has) {
				t.Errorf("error %q lacks %q", err, c.has)
			}
			if c.want == ErrBadInput && !errors.Is(err, tools.ErrNodeNotFound) {
				t.Errorf("error %q does not wrap tools.ErrNodeNotFound", err)
			}
			if ans.Reading == nil {
				t.Errorf("no reading report on the answer")
			}
		})
	}
}

// TestReadingOnAnswer: the reading report is on the answer and in the
// --explain trace.
func TestReadingOnAnswer(t *testing.T) {
	a := newDataAgent(t)
	ans, err := a.Ask(context.Background(), "(i,j) means that node i and node j are connected. The edges are (0,1) (1,2). How many edges?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Reading == nil || ans.Reading.Edges != 2 || len(ans.Reading.Spans) < 2 {
		t.Fatalf("reading %+v", ans.Reading)
	}
	var b strings.Builder
	if err := ans.WriteTrace(&b); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"reading: read notation key+tuples", "notation key", "(0,1) (1,2)"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("trace lacks %q:\n%s", w, b.String())
		}
	}
}
