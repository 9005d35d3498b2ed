package extract

import (
	"context"
	"strings"
	"testing"
)

// TestSecondGraph: a pattern written beside the main graph is read apart,
// in the shapes questions write it, and text that only mentions a pattern
// or a subgraph is read as one graph.
func TestSecondGraph(t *testing.T) {
	gw := "Determine if a smaller graph is present as an exact match within a larger graph. In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j. Given a graph G and a subgraph G', you need to output Yes or No, indicating whether subgraph G' is present within the directed graph G. Q: The nodes of graph G are numbered from 0 to 6, and the edges are: (0->1) (1->2) (2->3) (3->4) (4->5). The nodes of subgraph G' are numbered from a to d, and the edges are: (a->b) (b->c). Is subgraph G' present within graph G as a direct substructure?"
	for _, c := range []struct {
		q                string
		nodes, edges     int
		second           string // "" when none
		secondN, secondM int
		directed         bool
		task             string // WithoutGraph's text contains it
	}{
		// GraphWiz's substructure prompt: both declarations count isolated
		// nodes (6 and d).
		{q: gw, nodes: 7, edges: 5, second: "subgraph G'", secondN: 4, secondM: 2, directed: true, task: "Is subgraph G' present within graph G as a direct substructure?"},
		{q: "In the graph 0-1, 1-2, 2-0, 2-3, does the motif a-b, b-c, c-a occur?", nodes: 4, edges: 4, second: "motif", secondN: 3, secondM: 3, task: "motif"},
		{q: "Is the pattern a->b, b->c present in the directed graph 0->1, 1->2, 2->0?", nodes: 3, edges: 3, second: "pattern", secondN: 3, secondM: 2, directed: true, task: "present in the directed graph"},
		{q: "Graph: 0-1, 1-2, 2-3, 3-0. Pattern: a-b, b-c, c-a. Does the graph contain the pattern?", nodes: 4, edges: 4, second: "pattern", secondN: 3, secondM: 3, task: "Does the graph contain the pattern?"},
		{q: "Graph: 0-1, 1-2, 2-3.\nPattern:\na-b\nb-c\n\nDoes the graph contain the pattern?", nodes: 4, edges: 3, second: "pattern", secondN: 3, secondM: 2, task: "contain the pattern"},
		{q: "Is the pattern a-b, b-c, c-a subgraph-isomorphic to the graph 0-1, 1-2, 2-0?", nodes: 3, edges: 3, second: "pattern", secondN: 3, secondM: 3, task: "subgraph-isomorphic"},
		{q: "Does the graph 0-1, 1-2, 2-3, 3-0 contain the pattern a-b, b-c, c-d, d-a as an induced subgraph?", nodes: 4, edges: 4, second: "pattern", secondN: 4, secondM: 4, task: "induced subgraph"},
		// Mentions only: one graph.
		{q: "What is the pattern of connections in 0-1, 1-2?", nodes: 3, edges: 2},
		{q: "Is the subgraph induced by nodes 0, 1 connected in 0-1, 1-2?", nodes: 3, edges: 2},
		{q: "Is there a subgraph of 0-1, 1-2, 2-0 with three edges?", nodes: 3, edges: 3},
	} {
		ex, err := Read(context.Background(), c.q, Options{})
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		if ex.Graph == nil || ex.Graph.N() != c.nodes || ex.Graph.M() != c.edges || ex.Directed != c.directed {
			t.Errorf("%q: main graph %v (directed %v), want %d nodes, %d edges, directed %v", c.q, ex.Graph, ex.Directed, c.nodes, c.edges, c.directed)
		}
		if c.second == "" {
			if ex.Second != nil {
				t.Errorf("%q: a second graph %q read (%v), want none", c.q, ex.Second.Name, ex.Second.Graph)
			}
			continue
		}
		if ex.Second == nil {
			t.Errorf("%q: no second graph, want the %s", c.q, c.second)
			continue
		}
		s := ex.Second
		if s.Name != c.second || s.Graph.N() != c.secondN || s.Graph.M() != c.secondM || s.Graph.Directed() != c.directed {
			t.Errorf("%q: second graph %q %v, want %q with %d nodes, %d edges", c.q, s.Name, s.Graph, c.second, c.secondN, c.secondM)
		}
		if ex.Confidence < Confident || ex.Report.Second == "" {
			t.Errorf("%q: confidence %.2f, report %q", c.q, ex.Confidence, ex.Report.Second)
		}
		task := WithoutGraph(c.q, ex)
		if !strings.Contains(task, c.task) || strings.Contains(task, "a-b") || strings.Contains(task, "(a->b)") {
			t.Errorf("%q: task %q, want it to keep %q and drop both graphs", c.q, task, c.task)
		}
	}
}

// TestSecondGraphUncertain: a second graph read with doubt makes the whole
// reading uncertain.
func TestSecondGraphUncertain(t *testing.T) {
	q := "In the directed graph 0->1, 1->2, 2->0, does the motif a->b 3, b->c 4, c->a occur?"
	ex, err := Read(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Second != nil && ex.Confidence >= Confident {
		t.Errorf("%q: second graph %v read with confidence %.2f", q, ex.Second.Graph, ex.Confidence)
	}
}
