package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestConnectedMeaning: "is X connected to Y?" asks for an edge when the
// graph's text states its edges as "connected" or as two-way ties between
// names; otherwise it is answered only when the edge and the path readings
// agree.
func TestConnectedMeaning(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	incident := "G describes a graph among nodes 0, 1, 2, 3.\nIn this graph:\nNode 0 is connected to node 1.\nNode 1 is connected to nodes 0, 2.\nNode 2 is connected to node 1.\n"
	for _, c := range []struct {
		q    string
		tool string
		want any // nil: refused with ErrNoAnswer
	}{
		{incident + "Q: Is node 0 connected to node 2?\nA: ", "edge_exists", false},
		{incident + "Q: Is node 1 connected to node 2?\nA: ", "edge_exists", true},
		{"In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. The edges in G are: (0, 1) (1, 2). Q: Is node 0 connected to node 2?", "edge_exists", false},
		{"James and Robert are connected. Robert and John are connected. Is James connected to John?", "edge_exists", false},
		// Ties between names: "connected" asks whether the two have one.
		{"James and Robert are friends. Robert and John are friends. Is James connected to John?", "edge_exists", false},
		{"In this coauthorship graph:\nJames and Mary wrote a paper together.\nMary and John wrote a paper together.\nQ: Is node John connected to node Mary?\nA: ", "edge_exists", true},
		{"James and Robert are friends. Robert and John are friends. Is James connected to John through friends?", "path_exists", true},
		{"Is node 3 connected to node 7 in 3-4, 4-7?", "", nil},
		{"Is node 3 connected to node 4 in 3-4, 4-7?", "path_exists", true},
		{"Is node 3 connected to node 9 in 3-4, 4-7, 8-9?", "path_exists", false},
		{"Is node 3 connected to node 7 by a path in 3-4, 4-7?", "path_exists", true},
		{"Is node 3 directly connected to node 7 in 3-4, 4-7?", "edge_exists", false},
	} {
		ans, err := a.Ask(ctx, c.q)
		if c.want == nil {
			if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "edge or by a path") {
				t.Errorf("%q: %v %v, want a refusal naming both readings", c.q, answerText(ans), err)
			}
			continue
		}
		if err != nil || ans.Tool != c.tool || ans.Value != c.want {
			t.Errorf("%q: tool %q value %v (%v), want %s %v", c.q, toolOf(ans), ansValue(ans), err, c.tool, c.want)
		}
	}
}

func ansValue(a *Answer) any {
	if a == nil {
		return nil
	}
	return a.Value
}

// TestVagueReading: hedges, quantifiers read as nodes and edges described
// but not read are refused; an edgeless declared graph is not.
func TestVagueReading(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	for _, q := range []string{
		"The edges are 0-1, 1-2 and 2-3, or maybe 0-1, 1-3 and 2-3, I don't remember. Is there a path from 0 to 3?",
		"My network: the router connects to everything. How many edges does it have?",
		"Some of the nodes 0 to 5 are connected in a ring, plus a few chords. How many edges are there?",
	} {
		if ans, err := a.Ask(ctx, q); !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v %v, want a refusal", q, answerText(ans), err)
		}
	}
	for q, want := range map[string]any{
		"A graph has nodes 0 to 3 and no edges. How many nodes are isolated?": nil,
		"Edges: 0-1, 1-2. Is there an edge between 0 and 9?":                  false,
	} {
		ans, err := a.Ask(ctx, q)
		if want == nil {
			if errors.Is(err, ErrNoAnswer) && strings.Contains(err.Error(), "speaks of edges") {
				t.Errorf("%q: refused as edges not read: %v", q, err)
			}
			continue
		}
		if err != nil || ans.Value != want {
			t.Errorf("%q: %v (%v), want %v", q, ansValue(ans), err, want)
		}
	}
	if ans, err := a.Ask(ctx, "Alice and Bob are friends. Bob and Carol are friends. Is Alice friends with Dave?"); !errors.Is(err, ErrBadInput) {
		t.Errorf("a name in no sentence: %v %v, want bad input", answerText(ans), err)
	}
	if ans, err := a.Ask(ctx, "Alice and Bob are friends. Bob and Carol are friends. Is Alice friends with Carol?"); err != nil || ans.Tool != "edge_exists" || ans.Value != false {
		t.Errorf("is X friends with Y: %v %v %v", toolOf(ans), ansValue(ans), err)
	}
}

// TestDirectedDegreeAndHedges: a degree question that asks for one
// direction of a directed graph in words whose direction is unclear is
// declined; a hedge inside a question is one too.
func TestDirectedDegreeAndHedges(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	for _, q := range []string{
		// The direction of "know" is unclear: declined, not guessed.
		"Sam follows Kim and Lee; Kim follows Lee; Lee follows Sam. How many people does Lee know?",
		"Sam follows Kim and Lee; Kim follows Lee; Lee follows Sam. How many people does Lee follow or get followed by?",
		"Edges: 1-2, 2-3, 3-4 (or was it 3-5?). What is the degree of node 3?",
	} {
		if ans, err := a.Ask(ctx, q); !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v %v, want a refusal", q, answerText(ans), err)
		}
	}
	for q, want := range map[string]any{
		"Edges: 0->1, 1->2. What is the degree of node 1?":                                 2.0,
		"Edges: 1-2, 2-3, 3-4. I'm not sure about this one: what is the degree of node 3?": 2.0,
	} {
		ans, err := a.Ask(ctx, q)
		if err != nil || fmt.Sprint(ans.Value) != fmt.Sprint(want) && fmt.Sprint(ans.Value) != fmt.Sprint(int(want.(float64))) {
			t.Errorf("%q: %v (%v), want %v", q, ansValue(ans), err, want)
		}
	}
}

// TestDegreeDirectionAsked: a degree question that names one direction
// ("out-degree", "incoming edges", "how many does X follow", "followers of
// X") is answered with that direction's count on a directed graph, and
// with the one degree on an undirected graph.
func TestDegreeDirectionAsked(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	// Directed: Lee has out-degree 1 (Sam), in-degree 2 (Sam, Kim), total 3.
	const follows = "Sam follows Kim and Lee; Kim follows Lee; Lee follows Sam. "
	// Directed: 0->1, 0->2, 0->3, 2->0, 3->0, 1->1 (self-loop): node 0 has
	// out-degree 3, in-degree 2; node 1 out 1, in 2.
	const arrows = "Directed graph with edges 0->1, 0->2, 0->3, 2->0, 3->0, 1->1. "
	// Undirected: node 2 has degree 3.
	const undirected = "Undirected graph with edges 1-2, 2-3, 2-4, 4-5. "
	for q, want := range map[string]int{
		follows + "How many people does Lee follow?":             1,
		follows + "How many followers does Lee have?":            2,
		follows + "How many people follow Lee?":                  2,
		follows + "How many users does Lee follow in total?":     1,
		follows + "How many people is Lee followed by?":          2,
		follows + "What is the degree of Lee?":                   3,
		arrows + "What is the out-degree of node 0?":             3,
		arrows + "What is the in-degree of node 0?":              2,
		arrows + "How many outgoing edges does node 0 have?":     3,
		arrows + "How many incoming edges does node 0 have?":     2,
		arrows + "How many edges leave node 0?":                  3,
		arrows + "How many arcs point to node 1?":                2,
		arrows + "What is the indegree of node 1?":               2,
		arrows + "How many nodes does node 1 point to?":          1,
		arrows + "What is the degree of node 0?":                 5,
		undirected + "What is the out-degree of node 2?":         3,
		undirected + "How many incoming edges does node 2 have?": 3,
		undirected + "What is the degree of node 2?":             3,
	} {
		ans, err := a.Ask(ctx, q)
		if err != nil || toolOf(ans) != "degree" || fmt.Sprint(ansValue(ans)) != fmt.Sprint(want) {
			t.Errorf("%q: %s %v (%v), want degree %d", q, toolOf(ans), ansValue(ans), err, want)
		}
	}
}

// TestNoPathAnswer: a shortest-path question between nodes no path joins
// is answered "There is no path from A to B." (exit 0, no value), by
// either path tool.
func TestNoPathAnswer(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	for _, q := range []string{
		"Edges: 0-1, 1-2, 3-4. What is the length of the shortest path from node 0 to node 4?",
		"Edges: 0-1, 1-2, 3-4. Give the shortest path from 0 to 4.",
		"Alice and Bob are friends. Carol and Dave are friends. What is the length of the shortest path from Alice to Dave?",
		"Directed edges: 0->1, 1->2. What is the shortest path from 2 to 0?",
	} {
		ans, err := a.Ask(ctx, q)
		if err != nil || ans.Value != nil || !strings.HasPrefix(ans.Answer, "There is no path from ") ||
			(ans.Tool != "shortest_path" && ans.Tool != "shortest_path_length") {
			t.Errorf("%q: %s %v %q (%v), want no path", q, toolOf(ans), ansValue(ans), answerText(ans), err)
		}
	}
	if ans, err := a.Ask(ctx, "Edges: 0-1, 1-2. What is the length of the shortest path from node 0 to node 2?"); err != nil || fmt.Sprint(ans.Value) != "2" {
		t.Errorf("a path: %v (%v)", ansValue(ans), err)
	}
}
