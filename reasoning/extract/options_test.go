package extract

import (
	"context"
	"strings"
	"testing"
)

// TestFindOptions: lettered options with bracketed lists are read in the
// shapes questions write them; a lone list, letters out of order and the
// answer prompt "A: " are not options.
func TestFindOptions(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string // "A=0,6,2"
	}{
		{"You can choise A,B,C or D.\n A. [0, 6, 2] \n B. [0, 1, 7] \n C. [0, 4, 5] D. [0, 1, 5] \nPlease answer.\nA: ",
			[]string{"A=0,6,2", "B=0,1,7", "C=0,4,5", "D=0,1,5"}},
		{"Which is a DFS order?\n(A) [a, b, c]\n(B) ['a', 'c', 'b']", []string{"A=a,b,c", "B=a,c,b"}},
		{"A) [1, 2] B) [2, 1] C) [3]", []string{"A=1,2", "B=2,1", "C=3"}},
		{"Edges: [0, 1], [1, 2]. Is there a cycle?", nil},
		{"B. [0, 1] C. [1, 0]", nil},
		{"A. [0, 1] only", nil},
		{"A. [0, , 1] B. [1, 0]", nil},
		{"Adjacency lists:\nA: [F, D, B, C]\nB: [A, D, E]\nC: [A]", nil},
	} {
		var got []string
		for _, o := range findOptions(c.q) {
			got = append(got, o.Letter+"="+strings.Join(o.Items, ","))
			if !strings.HasPrefix(strings.TrimLeft(c.q[o.Span[0]:o.Span[1]], "("), o.Letter) {
				t.Errorf("%q: option %s spans %q", c.q, o.Letter, c.q[o.Span[0]:o.Span[1]])
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: options %v, want %v", c.q, got, c.want)
		}
	}
}

// TestOptionsReading: the options are no graph text: the graph beside them
// is read with confidence, and the task keeps no option.
func TestOptionsReading(t *testing.T) {
	q := "This is a undirected graph with the following edges:\nFrom node 0 to node 1, distance is 2\nFrom node 1 to node 2, distance is 3\n" +
		"Q: Implement the Breadth-First Search (BFS) algorithm.Visited the graph start node 0.You can choise A,B,C or D.\n A. [0, 1, 2] \n B. [0, 2, 1] \n C. [1, 0, 2] D. [2, 1, 0] \nA: "
	ex, err := Read(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph == nil || ex.Graph.N() != 3 || ex.Graph.M() != 2 || ex.Confidence < Confident || len(ex.Options) != 4 {
		t.Fatalf("graph %v, confidence %.2f, %d options; notes %v", ex.Graph, ex.Confidence, len(ex.Options), ex.Notes)
	}
	if task := WithoutGraph(q, ex); strings.Contains(task, "[") || !strings.Contains(task, "choise A,B,C or D") {
		t.Errorf("task %q", task)
	}
}
