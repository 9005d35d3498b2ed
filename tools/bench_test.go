package tools

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// Benchmarks of the heavy basic tools on random graphs of 10^5 nodes and
// 10^6 edges (benchGraph and benchRun live in properties_bench_test.go).
// Run with: go test -run XXX -bench 'Basic' -benchtime 5x ./tools/

type basicBenchCase struct {
	name     string
	n, m     int
	directed bool
	weighted bool
}

func basicBench(b *testing.B, tool string, cases []basicBenchCase, args func(c basicBenchCase) string) {
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			g := benchGraph(b, c.n, c.m, c.directed, c.weighted)
			benchRun(b, tool, g, args(c))
		})
	}
}

// farPair asks for a path or flow from node 0 to the node halfway round
// the ring.
func farPair(key string) func(c basicBenchCase) string {
	return func(c basicBenchCase) string {
		return `{"source": "0", "` + key + `": "` + strconv.Itoa(c.n/2) + `"}`
	}
}

func noArgs(basicBenchCase) string { return `{}` }

func BenchmarkBasicShortestPath(b *testing.B) {
	basicBench(b, "shortest_path", []basicBenchCase{
		{"n1e5_m1e6_undirected_weighted", 100_000, 1_000_000, false, true},
		{"n1e5_m1e6_directed_weighted", 100_000, 1_000_000, true, true},
		{"n1e5_m1e6_undirected_unweighted", 100_000, 1_000_000, false, false},
		{"n1e5_m1e6_directed_unweighted", 100_000, 1_000_000, true, false},
	}, farPair("target"))
}

// BenchmarkShortestPathLength measures the hop count between two nodes,
// by a search from both ends that stops where they meet (compare with
// shortest_path, whose one-sided search stops at the target).
func BenchmarkShortestPathLength(b *testing.B) {
	basicBench(b, "shortest_path_length", []basicBenchCase{
		{"n1e5_m1e6_undirected_unweighted", 100_000, 1_000_000, false, false},
		{"n1e5_m1e6_directed_unweighted", 100_000, 1_000_000, true, false},
		{"n1e5_m1e6_undirected_weighted", 100_000, 1_000_000, false, true},
		{"n1e5_m1e6_directed_weighted", 100_000, 1_000_000, true, true},
	}, func(c basicBenchCase) string {
		return `{"source": "0", "target": "` + strconv.Itoa(c.n/2) + `", "weighted": ` + strconv.FormatBool(c.weighted) + `}`
	})
}

// BenchmarkBasicPathExists measures a reachability question between two
// far nodes (the two-sided search of shortest_path_length).
func BenchmarkBasicPathExists(b *testing.B) {
	basicBench(b, "path_exists", []basicBenchCase{
		{"n1e5_m1e6_undirected", 100_000, 1_000_000, false, false},
		{"n1e5_m1e6_directed", 100_000, 1_000_000, true, false},
	}, farPair("target"))
}

func BenchmarkBasicConnectedComponents(b *testing.B) {
	basicBench(b, "connected_components", []basicBenchCase{
		{"n1e5_m1e6_undirected", 100_000, 1_000_000, false, false},
		{"n1e6_m1e6_undirected", 1_000_000, 1_000_000, false, false},
	}, noArgs)
}

func BenchmarkBasicStronglyConnectedComponents(b *testing.B) {
	basicBench(b, "strongly_connected_components", []basicBenchCase{
		{"n1e5_m1e6_directed", 100_000, 1_000_000, true, false},
		{"n1e6_m1e6_directed", 1_000_000, 1_000_000, true, false},
	}, noArgs)
}

func BenchmarkBasicTriangleCount(b *testing.B) {
	basicBench(b, "triangle_count", []basicBenchCase{
		{"n1e5_m1e6_undirected", 100_000, 1_000_000, false, false},
	}, noArgs)
}

func BenchmarkBasicClustering(b *testing.B) {
	basicBench(b, "clustering_coefficient", []basicBenchCase{
		{"n1e5_m1e6_undirected", 100_000, 1_000_000, false, false},
		{"n1e5_m1e6_directed", 100_000, 1_000_000, true, false},
	}, noArgs)
}

func BenchmarkBasicMaximumFlow(b *testing.B) {
	basicBench(b, "maximum_flow", []basicBenchCase{
		{"n1e5_m1e6_undirected_weighted", 100_000, 1_000_000, false, true},
		{"n1e5_m1e6_directed_weighted", 100_000, 1_000_000, true, true},
	}, farPair("sink"))
}

func BenchmarkBasicCycleCheck(b *testing.B) {
	basicBench(b, "cycle_check", []basicBenchCase{
		{"n1e5_m1e6_directed", 100_000, 1_000_000, true, false},
	}, noArgs)
}

// flowBenchGraph is a graph for BenchmarkMaximumFlowIntegral, with integer
// capacities: "random" is benchGraph's shape (a ring plus random edges,
// capacities 1-10), from node 0 to node n/2; "grid" a side x side grid,
// from one corner to the other; "halves" two random halves of n/2 nodes
// (capacities 1-100) joined by n/50 random edges of capacity 1, from a node
// of one half to a node of the other, so the minimum cut is the n/50
// joining edges and thousands of augmenting paths are needed.
func flowBenchGraph(b *testing.B, shape string, n, m int, directed bool) (*graph.Graph, string) {
	b.Helper()
	r := rand.New(rand.NewPCG(uint64(n), uint64(m)))
	bl := graph.NewBuilder(directed)
	bl.Grow(n, m)
	for i := 0; i < n; i++ {
		if _, err := bl.AddNode(strconv.Itoa(i)); err != nil {
			b.Fatal(err)
		}
	}
	add := func(u, v, c int) {
		if e, err := bl.AddEdgeIdx(int32(u), int32(v)); err == nil {
			bl.SetWeight(e, float64(c))
		}
	}
	sink := n / 2
	switch shape {
	case "random":
		for i := 0; i < n; i++ {
			add(i, (i+1)%n, 1+r.IntN(10))
		}
		for bl.NumEdges() < m {
			add(r.IntN(n), r.IntN(n), 1+r.IntN(10))
		}
	case "grid":
		side := int(math.Sqrt(float64(n)))
		for v := 0; v < side*side; v++ {
			if (v+1)%side != 0 {
				add(v, v+1, 1+r.IntN(10))
			}
			if v+side < side*side {
				add(v, v+side, 1+r.IntN(10))
			}
		}
		sink = side*side - 1
	case "halves":
		h := n / 2
		for i := 0; i < h; i++ {
			add(i, (i+1)%h, 1+r.IntN(100))
			add(h+i, h+(i+1)%h, 1+r.IntN(100))
		}
		for bl.NumEdges() < m-n/50 {
			o := h * r.IntN(2)
			add(o+r.IntN(h), o+r.IntN(h), 1+r.IntN(100))
		}
		for k := 0; k < n/50; k++ {
			add(r.IntN(h), h+r.IntN(h), 1)
		}
	}
	return bl.Build(), `{"source": "0", "sink": "` + strconv.Itoa(sink) + `"}`
}

// BenchmarkMaximumFlowIntegral measures maximum_flow with integer
// capacities, where augmenting paths from both ends answer first and
// push-relabel takes over past their budget (the halves graphs).
func BenchmarkMaximumFlowIntegral(b *testing.B) {
	for _, c := range []struct {
		shape    string
		n, m     int
		directed bool
	}{
		{"random", 100_000, 1_000_000, true},
		{"random", 100_000, 1_000_000, false},
		{"grid", 90_000, 180_000, true},
		{"grid", 90_000, 180_000, false},
		{"halves", 100_000, 1_000_000, true},
		{"halves", 100_000, 1_000_000, false},
	} {
		dir := "undirected"
		if c.directed {
			dir = "directed"
		}
		b.Run(fmt.Sprintf("%s_n%d_m%d_%s", c.shape, c.n, c.m, dir), func(b *testing.B) {
			g, args := flowBenchGraph(b, c.shape, c.n, c.m, c.directed)
			benchRun(b, "maximum_flow", g, args)
		})
	}
}
