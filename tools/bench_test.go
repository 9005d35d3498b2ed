package tools

import (
	"strconv"
	"testing"
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
