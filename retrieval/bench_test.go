package retrieval

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/tools"
)

// BenchmarkToolIndexBuild measures the start-up cost: catalogue specs to a
// searchable index with the builtin encoder.
func BenchmarkToolIndexBuild(b *testing.B) {
	specs := tools.Catalogue().Specs()
	enc := encoders.NewBuiltin(nil)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := NewToolIndex(context.Background(), specs, enc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCatalogueSpecs is the part of start-up spent building the
// catalogue itself (outside this package).
func BenchmarkCatalogueSpecs(b *testing.B) {
	for i := 0; i < b.N; i++ {
		_ = tools.Catalogue().Specs()
	}
}

// BenchmarkToolSearch is one query against the catalogue's index: cleaning,
// encoding and search.
func BenchmarkToolSearch(b *testing.B) {
	ti, _ := catalogueIndex(b)
	items := loadGTools(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ti.Search(ctx, items[i%len(items)].prompt, 3); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIndexSearch reports p50 and p99 search latency at 100, 1,000
// and 10,000 entries of dimension 256, for the exact scan and the HNSW path
// (k = 10).
func BenchmarkIndexSearch(b *testing.B) {
	const dim = 256
	for _, n := range []int{100, 1000, 10000} {
		rng := rand.New(rand.NewSource(int64(n)))
		items, query := embeddingLike(rng, n, dim, os.Getenv("RECALL_ISO") != "")
		queries := make([][]float32, 256)
		for i := range queries {
			queries[i] = query()
		}
		for _, mode := range []Mode{Exact, Approximate, Auto} {
			name := map[Mode]string{Exact: "exact", Approximate: "hnsw", Auto: "auto"}[mode]
			b.Run(fmt.Sprintf("n=%d/%s", n, name), func(b *testing.B) {
				idx := NewIndex(Options{Mode: mode})
				if err := idx.Add(items...); err != nil {
					b.Fatal(err)
				}
				ctx := context.Background()
				if _, err := idx.Search(ctx, queries[0], 10); err != nil { // build
					b.Fatal(err)
				}
				lat := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					if _, err := idx.Search(ctx, queries[i%len(queries)], 10); err != nil {
						b.Fatal(err)
					}
					lat = append(lat, time.Since(t0))
				}
				b.StopTimer()
				if mode != Exact && idx.snap != nil {
					// What calibration chose: the beam width, and whether
					// Auto searches the graph (1) or scans (0).
					b.ReportMetric(float64(idx.snap.plan.ef), "ef")
					if mode == Auto {
						b.ReportMetric(map[bool]float64{true: 1}[idx.snap.plan.graph], "graph")
					}
				}
				if mode == Approximate && idx.snap != nil {
					// Distance computations per search: the load-independent cost.
					w := &walker{}
					for _, q := range queries {
						idx.snap.layers.search(q, idx.vecs, max(40, 64, idx.opts.EfSearch, idx.snap.plan.ef), w, -1)
					}
					b.ReportMetric(float64(w.evals)/float64(len(queries)), "dists/op")
				}
				slices.Sort(lat)
				b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
			})
		}
	}
}
