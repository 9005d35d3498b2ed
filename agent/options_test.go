package agent

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestOptionsQuestions: a question offering lettered orders is answered
// with the letters of those the tool's check accepts (any neighbour order),
// none when none is, and declined when the chosen tool checks no orders.
func TestOptionsQuestions(t *testing.T) {
	a := newDataAgent(t)
	graph := "This is a undirected graph with the following edges:\nFrom node 0 to node 1, distance is 2\nFrom node 0 to node 2, distance is 1\nFrom node 1 to node 3, distance is 3\nFrom node 2 to node 3, distance is 2\n"
	for _, c := range []struct {
		q      string
		valid  []string
		refuse bool
	}{
		// 0's neighbours 1 and 2 in either order, then 3: A and B.
		{q: graph + "Q: Implement the Breadth-First Search (BFS) algorithm to traverse the graph.Visited the graph start node 0.You can choise A,B,C or D.\n A. [0, 1, 2, 3] \n B. [0, 2, 1, 3] \n C. [0, 1, 3, 2] D. [0, 3, 1, 2] \nA: ",
			valid: []string{"A", "B"}},
		// Depth-first: 0 1 3 2 and 0 2 3 1.
		{q: graph + "Q: Which of these is a depth-first search order from node 0?\n A. [0, 1, 2, 3] \n B. [0, 1, 3, 2] \n C. [0, 2, 3, 1] \n D. [0, 3, 1, 2]",
			valid: []string{"B", "C"}},
		{q: graph + "Q: Which is a breadth-first order from node 0? A. [0, 3, 1, 2] B. [1, 0, 2, 3]", valid: nil},
		{q: graph + "Q: How many edges are there? A. [3] B. [4]", refuse: true},
	} {
		ans, err := a.Ask(context.Background(), c.q)
		if c.refuse {
			if err == nil || !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "options") {
				t.Errorf("%q: %v %v, want it declined naming the options", c.q, ans.Answer, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		v, ok := ans.Value.(OptionsAnswer)
		if !ok || strings.Join(v.Valid, ",") != strings.Join(c.valid, ",") || len(v.Options) < 2 {
			t.Errorf("%q: %s %v (%q), want options %v", c.q, ans.Tool, ans.Value, ans.Answer, c.valid)
		}
	}
}
