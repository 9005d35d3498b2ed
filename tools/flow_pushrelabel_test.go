package tools

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestPushRelabelAgainstDinic runs both maximum-flow algorithms on 600
// random graphs up to 120 nodes (directed and undirected, integer and
// decimal capacities, sparse and dense, disconnected) and checks that the
// values agree and that push-relabel leaves a valid flow: capacities kept
// and flow conserved at every node but the ends. NetworkX checks the tool
// itself in TestBasicToolsAgainstNetworkX; this reaches sizes where the
// heuristics (global relabelling, gaps, the second phase) all run.
func TestPushRelabelAgainstDinic(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 600; i++ {
		directed := i%2 == 0
		n := 2 + r.IntN(120)
		m := r.IntN(n * (1 + r.IntN(6)))
		b := graph.NewBuilder(directed)
		for v := 0; v < n; v++ {
			if _, err := b.AddNode(fmt.Sprint(v)); err != nil {
				t.Fatal(err)
			}
		}
		for k := 0; k < m; k++ {
			e, err := b.AddEdgeIdx(int32(r.IntN(n)), int32(r.IntN(n)))
			if err != nil {
				continue // repeated edge
			}
			if i%3 == 0 {
				b.SetWeight(e, float64(1+r.IntN(20)))
			} else {
				b.SetWeight(e, 0.5+r.Float64()*10)
			}
		}
		g := b.Build()
		s, dst := int32(r.IntN(n)), int32(r.IntN(n))
		if s == dst {
			continue
		}
		name := fmt.Sprintf("graph %d (n=%d m=%d directed=%v) %d->%d", i, n, g.M(), directed, s, dst)
		if i%3 == 0 {
			comparePushRelabel[int64](t, ctx, g, s, dst, name)
		} else {
			comparePushRelabel[float64](t, ctx, g, s, dst, name)
		}
	}
}

func comparePushRelabel[T int64 | float64](t *testing.T, ctx context.Context, g *graph.Graph, s, dst int32, name string) {
	t.Helper()
	build := func() (residual[T], []T) {
		r, _ := newResidual[T](g, 1e18)
		orig := make([]T, len(r.arcs))
		for a := range r.arcs {
			orig[a] = r.arcs[a].cap
		}
		return r, orig
	}
	rd, _ := build()
	want, err := dinic(ctx, rd, s, dst)
	if err != nil {
		t.Fatal(err)
	}
	rp, orig := build()
	got, err := pushRelabel(ctx, &rp, s, dst)
	if err != nil {
		t.Fatal(err)
	}
	if !basicNear(float64(got), float64(want)) {
		t.Errorf("%s: push-relabel %v, Dinic %v", name, got, want)
		return
	}
	// Net flow out of each node from the residual capacities: an arc's
	// flow is what it lost, and a pair of arcs carries their difference.
	net := make([]float64, g.N())
	for v := int32(0); v < int32(g.N()); v++ {
		for a := rp.off[v]; a < rp.off[v+1]; a++ {
			if rp.arcs[a].cap < 0 {
				t.Errorf("%s: negative residual capacity", name)
				return
			}
			net[v] += float64(orig[a]-rp.arcs[a].cap) / 2
			net[v] -= float64(orig[rp.arcs[a].rev]-rp.arcs[rp.arcs[a].rev].cap) / 2
		}
	}
	for v, x := range net {
		switch int32(v) {
		case s:
			if !basicNear(x, float64(want)) {
				t.Errorf("%s: source sends %v, want %v", name, x, want)
			}
		case dst:
			if !basicNear(-x, float64(want)) {
				t.Errorf("%s: sink receives %v, want %v", name, -x, want)
			}
		default:
			if !basicNear(x, 0) {
				t.Errorf("%s: flow not conserved at %d: %v", name, v, x)
			}
		}
	}
}

// BenchmarkMaxFlowAlgorithms compares Dinic's algorithm and push-relabel
// on the random graph of BenchmarkBasicMaximumFlow and on a 300x300 grid
// with random capacities from one corner to the other (long augmenting
// paths, a large cut).
func BenchmarkMaxFlowAlgorithms(b *testing.B) {
	grid := func(directed bool) *graph.Graph {
		const side = 300
		r := rand.New(rand.NewPCG(3, 5))
		bl := graph.NewBuilder(directed)
		for v := 0; v < side*side; v++ {
			if _, err := bl.AddNode(fmt.Sprint(v)); err != nil {
				b.Fatal(err)
			}
		}
		for v := 0; v < side*side; v++ {
			for _, u := range []int{v + 1, v + side} {
				if (u == v+1 && u%side == 0) || u >= side*side {
					continue
				}
				e, err := bl.AddEdgeIdx(int32(v), int32(u))
				if err != nil {
					b.Fatal(err)
				}
				bl.SetWeight(e, 1+r.Float64()*9)
			}
		}
		return bl.Build()
	}
	cases := []struct {
		name string
		g    *graph.Graph
		s, t int32
	}{
		{"random_n1e5_m1e6_directed", benchGraph(b, 100_000, 1_000_000, true, true), 0, 50_000},
		{"random_n1e5_m1e6_undirected", benchGraph(b, 100_000, 1_000_000, false, true), 0, 50_000},
		{"grid300_directed", grid(true), 0, 300*300 - 1},
		{"grid300_undirected", grid(false), 0, 300*300 - 1},
	}
	for _, c := range cases {
		for _, alg := range []string{"dinic", "pushrelabel"} {
			b.Run(c.name+"/"+alg, func(b *testing.B) {
				ctx := context.Background()
				for b.Loop() {
					r, _ := newResidual[float64](c.g, 1e18)
					var err error
					if alg == "dinic" {
						_, err = dinic(ctx, r, c.s, c.t)
					} else {
						_, err = pushRelabel(ctx, &r, c.s, c.t)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
