package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestChromaticNumberOracle checks chromatic_number against an exhaustive
// search over NetworkX graphs (testdata/oracle_chromatic.py) on random
// graphs, directed and undirected, weighted, disconnected, with isolated
// nodes and self-loops (which both sides refuse), and that the colouring
// given is proper and uses that many colours.
func TestChromaticNumberOracle(t *testing.T) {
	var runs []caseRun
	for _, tg := range randomGraphs(131, 400, genOptions{MaxNodes: 13, SelfLoops: true}) {
		runs = append(runs, caseRun{tg: tg})
	}
	runs = append(runs, tinyRuns(nil)...)
	seen := map[int]int{}
	ok, errs := check(t, "chromatic_number", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(ChromaticResult)
		w := decode[ChromaticResult](t, want)
		if res.ChromaticNumber != w.ChromaticNumber {
			t.Errorf("chromatic number %d, exhaustive search %d (proof %q)\n%s", res.ChromaticNumber, w.ChromaticNumber, res.Proof, c.tg.describe())
		}
		seen[w.ChromaticNumber]++
		if len(res.Colors) != g.N() {
			t.Errorf("%d colours for %d nodes", len(res.Colors), g.N())
		}
		used := map[int]bool{}
		for _, col := range res.Colors {
			used[col] = true
			if col < 0 || col >= res.ChromaticNumber {
				t.Errorf("colour %d out of range 0..%d", col, res.ChromaticNumber-1)
			}
		}
		if len(used) != res.ChromaticNumber {
			t.Errorf("%d colours used, chromatic number %d", len(used), res.ChromaticNumber)
		}
		for _, e := range c.tg.Edges {
			if e[0] != e[1] && res.Colors[e[0]] == res.Colors[e[1]] {
				t.Errorf("edge %s-%s joins colour %d", e[0], e[1], res.Colors[e[0]])
			}
		}
	})
	t.Logf("coverage: %d answered, %d refused (self-loops), chromatic numbers seen %v", ok, errs, seen)
	if ok < 250 || errs < 20 || seen[3] < 20 || seen[4] < 5 {
		t.Errorf("coverage: %d answered, %d refused, numbers %v", ok, errs, seen)
	}
}

// TestChromaticNumberSearch checks graphs where the greedy colouring and
// the clique bound differ, so only the exhaustive search decides: odd
// wheels and Mycielski graphs (triangle-free, chromatic number 4), and the
// limit past which the search declines.
func TestChromaticNumberSearch(t *testing.T) {
	ctx := context.Background()
	// The Grötzsch graph (Mycielski of C5): 11 nodes, no triangle, χ = 4.
	b := graph.NewBuilder(false)
	c5 := [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}
	for _, e := range c5 {
		b.AddEdge(fmt.Sprint(e[0]), fmt.Sprint(e[1]))
		b.AddEdge(fmt.Sprint(e[0]), fmt.Sprint(e[1]+5))
		b.AddEdge(fmt.Sprint(e[0]+5), fmt.Sprint(e[1]))
	}
	for i := 5; i < 10; i++ {
		b.AddEdge(fmt.Sprint(i), "10")
	}
	res, err := chromaticNumber(ctx, b.Build(), DefaultChromaticMaxNodes)
	if err != nil || res.ChromaticNumber != 4 {
		t.Fatalf("Grötzsch graph: %+v, %v; want 4", res, err)
	}
	if res.Proof != "an exhaustive search found no colouring with 3" {
		t.Errorf("Grötzsch graph proof %q, want the exhaustive search", res.Proof)
	}
	// Past the node limit with bounds apart, it declines.
	if _, err := chromaticNumber(ctx, b.Build(), 10); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: err %v, want ErrTooLarge", err)
	}
	// A large bipartite graph is exact by the bounds, at any size.
	b = graph.NewBuilder(false)
	for i := 0; i < 5000; i++ {
		b.AddEdge(fmt.Sprint("a", i), fmt.Sprint("b", i))
		b.AddEdge(fmt.Sprint("a", i), fmt.Sprint("b", (i+1)%5000))
	}
	if res, err := chromaticNumber(ctx, b.Build(), DefaultChromaticMaxNodes); err != nil || res.ChromaticNumber != 2 || res.Proof != "an edge" {
		t.Errorf("even cycle of 10000 nodes: %d (%q), %v; want 2 by an edge", res.ChromaticNumber, res.Proof, err)
	}
}
