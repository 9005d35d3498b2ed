package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// allBFSOrders enumerates every breadth-first order from s: each visited
// node's undiscovered neighbours appended in every order.
func allBFSOrders(g *graph.Graph, s int32) map[string]bool {
	out := map[string]bool{}
	var rec func(order []int32, head int, visited []bool)
	rec = func(order []int32, head int, visited []bool) {
		if head == len(order) {
			out[key(g, order)] = true
			return
		}
		var found []int32
		for _, w := range g.Out(order[head]) {
			if !visited[w] && !slices.Contains(found, w) {
				found = append(found, w)
			}
		}
		permute(found, func(p []int32) {
			v := slices.Clone(visited)
			for _, w := range p {
				v[w] = true
			}
			rec(append(slices.Clone(order), p...), head+1, v)
		})
	}
	v := make([]bool, g.N())
	v[s] = true
	rec([]int32{s}, 0, v)
	return out
}

// allDFSOrders enumerates every depth-first preorder from s.
func allDFSOrders(g *graph.Graph, s int32) map[string]bool {
	out := map[string]bool{}
	var rec func(order, stack []int32, visited []bool)
	rec = func(order, stack []int32, visited []bool) {
		for len(stack) > 0 {
			top := stack[len(stack)-1]
			var next []int32
			for _, w := range g.Out(top) {
				if !visited[w] && !slices.Contains(next, w) {
					next = append(next, w)
				}
			}
			if len(next) == 0 {
				stack = stack[:len(stack)-1]
				continue
			}
			for _, w := range next {
				v := slices.Clone(visited)
				v[w] = true
				rec(append(slices.Clone(order), w), append(slices.Clone(stack), w), v)
			}
			return
		}
		out[key(g, order)] = true
	}
	v := make([]bool, g.N())
	v[s] = true
	rec([]int32{s}, []int32{s}, v)
	return out
}

func permute(xs []int32, f func([]int32)) {
	if len(xs) <= 1 {
		f(xs)
		return
	}
	for i := range xs {
		rest := append(slices.Clone(xs[:i]), xs[i+1:]...)
		permute(rest, func(p []int32) { f(append([]int32{xs[i]}, p...)) })
	}
}

func key(g *graph.Graph, order []int32) string { return strings.Join(idsOf(g, order), ",") }

// TestOrderCheckers: the BFS and DFS checks accept exactly the orders some
// choice of neighbour order gives (enumerated), among every arrangement of
// the nodes; the topological check exactly the orders with every edge
// forward; the tools' own answers always pass.
func TestOrderCheckers(t *testing.T) {
	ctx := context.Background()
	cat := Catalogue()
	checker := func(name string) OrderChecker {
		tl, err := cat.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		oc, ok := tl.(OrderChecker)
		if !ok {
			t.Fatalf("%s is not an OrderChecker", name)
		}
		return oc
	}
	bfs, dfs, topo := checker("bfs_order"), checker("dfs_order"), checker("topological_sort")
	checked, accepted := 0, 0
	for _, tg := range randomGraphs(2320, 60, genOptions{MaxNodes: 6, SelfLoops: true}) {
		g := tg.build(t)
		if g.N() == 0 {
			continue
		}
		all := make([]int32, g.N())
		for i := range all {
			all[i] = int32(i)
		}
		for s := int32(0); int(s) < g.N(); s += max(1, int32(g.N()-1)) { // the first and the last node
			args, _ := json.Marshal(map[string]string{"source": g.ID(s)})
			want := map[string]map[string]bool{"bfs": allBFSOrders(g, s), "dfs": allDFSOrders(g, s)}
			for name, oc := range map[string]OrderChecker{"bfs": bfs, "dfs": dfs} {
				own, err := oc.Run(ctx, g, args)
				if err != nil {
					t.Fatal(err)
				}
				if err := oc.CheckOrder(ctx, g, args, own.Value.([]string)); err != nil {
					t.Errorf("%s rejects its own order %v: %v\n%s", name, own.Value, err, tg.describe())
				}
			}
			permute(all, func(p []int32) {
				for name, oc := range map[string]OrderChecker{"bfs": bfs, "dfs": dfs} {
					for l := 1; l <= len(p); l++ {
						got := oc.CheckOrder(ctx, g, args, idsOf(g, p[:l])) == nil
						if got != want[name][key(g, p[:l])] {
							t.Fatalf("%s check of %v from %s: %v, enumeration %v\n%s", name, idsOf(g, p[:l]), g.ID(s), got, !got, tg.describe())
						}
						checked++
						if got {
							accepted++
						}
					}
				}
			})
		}
		permute(all, func(p []int32) {
			forward := true
			pos := make([]int, g.N())
			for i, v := range p {
				pos[v] = i
			}
			for e := int32(0); int(e) < g.M(); e++ {
				u, v := g.Edge(e)
				if g.Directed() && pos[u] >= pos[v] || !g.Directed() && u == v {
					forward = false
				}
			}
			if !g.Directed() && g.M() > 0 {
				forward = false
			}
			got := topo.CheckOrder(ctx, g, nil, idsOf(g, p)) == nil
			if got != forward && g.Directed() {
				t.Fatalf("topological check of %v: %v, want %v\n%s", idsOf(g, p), got, forward, tg.describe())
			}
		})
	}
	t.Logf("%d orders checked, %d accepted", checked, accepted)
	if accepted < 300 || checked-accepted < 5000 {
		t.Errorf("coverage: %d checked, %d accepted", checked, accepted)
	}
}
