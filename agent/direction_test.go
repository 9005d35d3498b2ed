package agent

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestAssumedDirection checks the answers on a table whose rows list each
// pair once under a header that does not say whether its edges go both
// ways: a question that presupposes direction is answered on the rows'
// direction, one whose answer is the same either way is answered, and
// one whose answers differ is declined with both.
func TestAssumedDirection(t *testing.T) {
	a := newDataAgent(t)
	table := "Allotment\tSwaps seedlings with\nPlot 3\tPlot 7\nPlot 7\tPlot 9\nPlot 9\tPlot 12\nPlot 4\tPlot 7\n\n"
	for _, c := range []struct {
		q       string
		tool    string
		decline bool
	}{
		{q: "Which nodes have an edge into Plot 7?", tool: "predecessors"},
		{q: "How many nodes are there?", tool: "node_count"},
		{q: "What is the degree of Plot 7?", tool: "degree"},
		{q: "Is there a path from Plot 12 to Plot 3?", decline: true},
	} {
		ans, err := a.Ask(context.Background(), table+c.q)
		if c.decline {
			if err == nil || !errors.Is(err, ErrNoAnswer) {
				t.Errorf("%q: answered %v (err %v), want it declined: the answers differ by direction", c.q, answerText(ans), err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		if ans.Tool != c.tool || ans.Reading == nil || !ans.Reading.DirectionAssumed {
			t.Errorf("%q: tool %s (reading %+v), want %s on an assumed direction", c.q, ans.Tool, ans.Reading, c.tool)
		}
		if c.tool == "predecessors" {
			if got, _ := ans.Value.([]string); !slices.Equal(got, []string{"Plot 3", "Plot 4"}) {
				t.Errorf("%q: %v, want [Plot 3 Plot 4]", c.q, ans.Value)
			}
		}
	}
}

func TestUndirectedCopy(t *testing.T) {
	b := graph.NewBuilder(true)
	e, _ := b.AddEdge("a", "b")
	b.SetWeight(e, 2)
	e, _ = b.AddEdge("b", "c")
	b.SetWeight(e, 3)
	if _, err := b.AddNode("lone"); err != nil {
		t.Fatal(err)
	}
	g := b.Build()
	ug, err := undirectedCopy(g)
	if err != nil {
		t.Fatal(err)
	}
	if ug.Directed() || ug.N() != 4 || ug.M() != 2 || !slices.Equal(ug.IDs(), g.IDs()) {
		t.Fatalf("copy %v, want the 4 nodes in order and 2 undirected edges", ug)
	}
	c, _ := ug.Index("c")
	bi, _ := ug.Index("b")
	if k, ok := ug.FindEdge(c, bi); !ok || ug.Weight(k) != 3 {
		t.Errorf("c–b missing or weight %v, want 3", ug.Weight(k))
	}
	b = graph.NewBuilder(true)
	e, _ = b.AddEdge("a", "b")
	b.SetWeight(e, 2)
	e, _ = b.AddEdge("b", "a")
	b.SetWeight(e, 5)
	if _, err := undirectedCopy(b.Build()); err == nil {
		t.Error("a pair listed both ways with different weights was copied, want an error")
	}
}
