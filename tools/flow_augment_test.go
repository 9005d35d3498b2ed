package tools

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestAugmentFlowAgainstPushRelabel runs augmentFlow on 1,500 random graphs
// with integer capacities (directed and undirected, 2 to 400 nodes, sparse
// and dense, disconnected, self-loops, zero capacities) and checks its value
// against push-relabel's and its flow for validity: each listed edge within
// its capacity (either way when undirected), no other edge carrying flow,
// conservation at every node but the ends. A third of the runs get a tiny
// budget, to check that giving up leaves nothing behind (the tool then
// answers by push-relabel).
func TestAugmentFlowAgainstPushRelabel(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(26, 3))
	gaveUp, solved := 0, 0
	for i := 0; i < 1500; i++ {
		directed := i%2 == 0
		n := 2 + r.IntN(400)
		if i%4 == 0 {
			n = 2 + r.IntN(30)
		}
		m := r.IntN(n * (1 + r.IntN(6)))
		b := graph.NewBuilder(directed)
		for v := 0; v < n; v++ {
			if _, err := b.AddNode(fmt.Sprint(v)); err != nil {
				t.Fatal(err)
			}
		}
		for k := 0; k < m; k++ {
			u, v := r.IntN(n), r.IntN(n)
			if i%5 == 0 {
				v = u - u%3 + v%3 // blocks of 3 apart: often disconnected
				if v >= n {
					v = u
				}
			}
			e, err := b.AddEdgeIdx(int32(u), int32(v))
			if err != nil {
				continue
			}
			b.SetWeight(e, float64(r.IntN(12)))
		}
		g := b.Build()
		s, dst := int32(r.IntN(n)), int32(r.IntN(n))
		if s == dst {
			continue
		}
		name := fmt.Sprintf("graph %d (n=%d m=%d directed=%v) %d->%d", i, n, g.M(), directed, s, dst)
		budget := 1 << 30
		if i%3 == 0 {
			budget = r.IntN(40)
		}
		value, flow, edges, ok, err := augmentFlow(ctx, g, s, dst, 1e18, budget)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			gaveUp++
			continue
		}
		solved++
		rp, _ := newResidual[int64](g, 1e18)
		want, err := pushRelabel(ctx, &rp, s, dst)
		if err != nil {
			t.Fatal(err)
		}
		if value != want {
			t.Errorf("%s: augmenting paths %d, push-relabel %d", name, value, want)
			continue
		}
		listed := map[int32]bool{}
		for _, e := range edges {
			listed[e] = true
		}
		net := make([]int64, n)
		for e := int32(0); e < int32(g.M()); e++ {
			f := flow[e]
			if f != 0 && !listed[e] {
				t.Errorf("%s: edge %d carries %d but is not listed", name, e, f)
			}
			c, _ := flowCapacity[int64](g, e, 1e18)
			if f > c || (directed && f < 0) || f < -c {
				t.Errorf("%s: edge %d carries %d, capacity %d", name, e, f, c)
			}
			u, v := g.Edge(e)
			net[u] += f
			net[v] -= f
		}
		for v, x := range net {
			switch int32(v) {
			case s:
				if x != value {
					t.Errorf("%s: source sends %d, value %d", name, x, value)
				}
			case dst:
				if -x != value {
					t.Errorf("%s: sink receives %d, value %d", name, -x, value)
				}
			default:
				if x != 0 {
					t.Errorf("%s: flow not conserved at %d: %d", name, v, x)
				}
			}
		}
	}
	if gaveUp < 100 || solved < 900 {
		t.Errorf("gave up on %d graphs, solved %d", gaveUp, solved)
	}
}
