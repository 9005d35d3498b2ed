//go:build unix

package tools

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/graphagent/graphagent/tools/graph"
)

// BenchmarkTraversalScale runs weak components, a breadth-first search,
// core numbers, and strong components (directed) or low links (bridges and
// articulation points) and transitivity (undirected) on random graphs of 10^6 edges over 125,000 nodes and 10^7 over 1.25
// million (8 edges a node), read from an edge list so that node indices
// follow first appearance in the file, as loaded graphs' do (no locality
// between a node's index and its neighbours'). cpu-ms/op is the process's
// CPU time per run. The 10^7 cases run only with GRAPHAGENT_BIG=1.
func BenchmarkTraversalScale(b *testing.B) {
	for _, m := range []int{1_000_000, 10_000_000} {
		for _, directed := range []bool{false, true} {
			b.Run(fmt.Sprintf("m=%d/directed=%v", m, directed), func(b *testing.B) {
				if m > 1_000_000 && os.Getenv("GRAPHAGENT_BIG") != "1" {
					b.Skip("set GRAPHAGENT_BIG=1 for the 10^7-edge graph")
				}
				g := scaleGraph(b, m, directed)
				b.Run("weak_components", func(b *testing.B) {
					cpu := processCPU()
					for b.Loop() {
						if _, k, err := weakComponents(context.Background(), g); err != nil || k == 0 {
							b.Fatal(k, err)
						}
					}
					b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
				})
				b.Run("bfs", func(b *testing.B) {
					dist, queue := newBFSBuffers(g.N())
					cpu := processCPU()
					for b.Loop() {
						reached := bfsDistances(g, 0, false, dist, queue)
						if len(reached) < g.N()/2 {
							b.Fatalf("reached %d of %d", len(reached), g.N())
						}
						clearBFS(dist, reached)
					}
					b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
				})
				b.Run("core_numbers", func(b *testing.B) {
					cpu := processCPU()
					for b.Loop() {
						if core, err := coreNumbers(context.Background(), g); err != nil || len(core) != g.N() {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
				})
				if directed {
					b.Run("strong_components", func(b *testing.B) {
						cpu := processCPU()
						for b.Loop() {
							if _, k, err := strongComponents(context.Background(), g); err != nil || k == 0 {
								b.Fatal(k, err)
							}
						}
						b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
					})
				} else {
					b.Run("low_link", func(b *testing.B) {
						cpu := processCPU()
						for b.Loop() {
							if _, _, err := lowLink(context.Background(), g); err != nil {
								b.Fatal(err)
							}
						}
						b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
					})
					b.Run("transitivity", func(b *testing.B) {
						cpu := processCPU()
						for b.Loop() {
							if _, err := transitivity(context.Background(), g); err != nil {
								b.Fatal(err)
							}
						}
						b.ReportMetric(float64(processCPU()-cpu)/1e6/float64(b.N), "cpu-ms/op")
					})
				}
			})
		}
	}
}

// scaleGraph reads m random lines "u v" over m/8 integer nodes.
func scaleGraph(b *testing.B, m int, directed bool) *graph.Graph {
	n := m / 8
	r := rand.New(rand.NewPCG(42, uint64(m)))
	var sb strings.Builder
	sb.Grow(m * 16)
	line := make([]byte, 0, 24)
	for range m {
		line = strconv.AppendInt(line[:0], int64(r.IntN(n)), 10)
		line = append(line, ' ')
		line = strconv.AppendInt(line, int64(r.IntN(n)), 10)
		line = append(line, '\n')
		sb.Write(line)
	}
	g, err := graph.ReadEdgeList(strings.NewReader(sb.String()), graph.ReadOptions{Directed: directed})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// processCPU is the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
