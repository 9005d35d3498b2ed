package tools

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// benchGraph is a random connected graph: a ring through n nodes plus m-n
// random edges (a directed ring keeps a digraph strongly connected), with
// weights when weighted. The same seed gives the same graph, so the numbers
// can be reproduced with NetworkX or igraph on an exported copy.
func benchGraph(b testing.TB, n, m int, directed, weighted bool) *graph.Graph {
	b.Helper()
	r := rand.New(rand.NewPCG(uint64(n), uint64(m)))
	bl := graph.NewBuilder(directed)
	bl.Grow(n, m)
	for i := 0; i < n; i++ {
		if _, err := bl.AddNode(strconv.Itoa(i)); err != nil {
			b.Fatal(err)
		}
	}
	add := func(u, v int) {
		e, err := bl.AddEdgeIdx(int32(u), int32(v))
		if err != nil {
			b.Fatal(err)
		}
		if weighted {
			bl.SetWeight(e, 1+r.Float64()*9)
		}
	}
	for i := 0; i < n; i++ {
		add(i, (i+1)%n)
	}
	for bl.NumEdges() < m {
		add(r.IntN(n), r.IntN(n))
	}
	return bl.Build()
}

func benchRun(b *testing.B, name string, g *graph.Graph, args string) {
	tool, err := Catalogue().Get(name)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tool.Run(ctx, g, []byte(args)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPagerank(b *testing.B) {
	for _, c := range []struct {
		name     string
		n, m     int
		directed bool
	}{
		{"n1e4_m1e5_directed", 10_000, 100_000, true},
		{"n1e5_m1e6_directed", 100_000, 1_000_000, true},
		{"n1e4_m1e5_undirected", 10_000, 100_000, false},
	} {
		g := benchGraph(b, c.n, c.m, c.directed, false)
		b.Run(c.name, func(b *testing.B) { benchRun(b, "pagerank", g, `{}`) })
	}
}

func BenchmarkBetweenness(b *testing.B) {
	for _, c := range []struct {
		name     string
		n, m     int
		directed bool
	}{
		{"n2e3_m1e4_undirected", 2_000, 10_000, false},
		{"n5e3_m5e4_undirected", 5_000, 50_000, false},
		{"n5e3_m5e4_directed", 5_000, 50_000, true},
	} {
		g := benchGraph(b, c.n, c.m, c.directed, false)
		b.Run(c.name, func(b *testing.B) { benchRun(b, "betweenness_centrality", g, `{}`) })
	}
}

func BenchmarkDiameter(b *testing.B) {
	for _, c := range []struct {
		name     string
		n, m     int
		directed bool
	}{
		{"n2e3_m1e4_undirected", 2_000, 10_000, false},
		{"n1e4_m5e4_undirected", 10_000, 50_000, false},
		{"n1e4_m5e4_directed", 10_000, 50_000, true},
	} {
		g := benchGraph(b, c.n, c.m, c.directed, false)
		b.Run(c.name, func(b *testing.B) { benchRun(b, "diameter", g, `{}`) })
	}
}

// gridGraph is the k-by-k grid, a connected graph of large diameter (like a
// road network) on which eccentricity bounding settles the extremes quickly.
func gridGraph(b testing.TB, k int) *graph.Graph {
	b.Helper()
	bl := graph.NewBuilder(false)
	for i := 0; i < k*k; i++ {
		if _, err := bl.AddNode(strconv.Itoa(i)); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			if i+1 < k {
				if _, err := bl.AddEdgeIdx(int32(i*k+j), int32((i+1)*k+j)); err != nil {
					b.Fatal(err)
				}
			}
			if j+1 < k {
				if _, err := bl.AddEdgeIdx(int32(i*k+j), int32(i*k+j+1)); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	return bl.Build()
}

func BenchmarkDiameterGrid(b *testing.B) {
	g := gridGraph(b, 300) // 90,000 nodes, 179,400 edges
	b.Run("diameter_300x300", func(b *testing.B) { benchRun(b, "diameter", g, `{}`) })
	b.Run("periphery_300x300", func(b *testing.B) { benchRun(b, "periphery", g, `{}`) })
}

func BenchmarkEccentricity(b *testing.B) {
	g := benchGraph(b, 10_000, 50_000, false, false)
	b.Run("n1e4_m5e4_undirected", func(b *testing.B) { benchRun(b, "eccentricity", g, `{}`) })
}

func BenchmarkClosenessCentrality(b *testing.B) {
	g := benchGraph(b, 10_000, 50_000, true, false)
	b.Run("n1e4_m5e4_directed", func(b *testing.B) { benchRun(b, "closeness_centrality", g, `{}`) })
}

func BenchmarkAvgPathLengthWeighted(b *testing.B) {
	g := benchGraph(b, 2_000, 10_000, false, true)
	b.Run("n2e3_m1e4_undirected", func(b *testing.B) { benchRun(b, "avg_path_length", g, `{"weighted":true}`) })
}

// BenchmarkTransitivity times transitivity on an undirected random graph
// of 10^6 edges by the neighbour-pair count and by the triangle count the
// tool now uses on undirected graphs.
func BenchmarkTransitivity(b *testing.B) {
	g := benchGraph(b, 200_000, 1_000_000, false, false)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		f    func(context.Context, *graph.Graph) (float64, error)
	}{{"pairs", pairTransitivity}, {"triangles", undirectedTransitivity}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.f(ctx, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
