package tools

import (
	"context"
	"fmt"
	"testing"
)

// Benchmarks of the linear-time structural tools on random sparse undirected
// graphs (a random spanning tree plus random chords, integer weights), run
// through Tool.Run so that the cost includes building the JSON-friendly
// result. Run with:
//
//	go test -run '^$' -bench 'Advanced' -benchtime 5x ./tools/
func BenchmarkAdvanced(b *testing.B) {
	sizes := []struct{ n, m int }{
		{20_000, 100_000},
		{200_000, 1_000_000},
	}
	names := []string{"bridges", "articulation_points", "minimum_spanning_tree", "k_core"}
	cat := Catalogue()
	for _, sz := range sizes {
		g := randomLargeGraph(b, sz.n, sz.m, false, 42)
		for _, name := range names {
			tool, err := cat.Get(name)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/n=%d/m=%d", name, sz.n, sz.m), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := tool.Run(context.Background(), g, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(sz.m)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Medges/s")
			})
		}
	}
}
