package kg

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/graphagent/graphagent/tools/dataset"
)

// syntheticKG has exactly 10^5 distinct triples over 20,000 entities and
// 12 relations, heads and tails drawn with a skew (some hubs) as in real
// knowledge graphs.
func syntheticKG(tb testing.TB) *KG {
	rng := rand.New(rand.NewPCG(3, 4))
	b := NewBuilder("synthetic")
	const n, k, m = 20000, 12, 100000
	for i := range n {
		b.Entity("e" + strconv.Itoa(i))
	}
	seen := map[[3]int]bool{}
	skew := func() int { x := rng.Float64(); return int(x * x * x * n) }
	for len(seen) < m {
		tr := [3]int{skew(), rng.IntN(k), rng.IntN(n)}
		if seen[tr] {
			continue
		}
		seen[tr] = true
		b.Add("e"+strconv.Itoa(tr[0]), "r"+strconv.Itoa(tr[1]), "e"+strconv.Itoa(tr[2]))
	}
	g, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	if g.NumTriples() != m {
		tb.Fatalf("%d triples", g.NumTriples())
	}
	return g
}

// reportMedian runs op b.N times, timing each call, and reports the median
// and 99th percentile in ms.
func reportMedian(b *testing.B, op func(i int)) {
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		op(i)
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	if len(times) > 0 {
		b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e6, "p50-ms")
		b.ReportMetric(float64(times[len(times)*99/100].Nanoseconds())/1e6, "p99-ms")
	}
}

// BenchmarkPattern100k times the pattern shapes on a 10^5-triple KG; each
// iteration asks one pattern of every shape about a different entity.
func BenchmarkPattern100k(b *testing.B) {
	g := syntheticKG(b)
	var buf []Triple
	reportMedian(b, func(i int) {
		e := int32(i*7919) % int32(g.NumEntities())
		r := int32(i % g.NumRelations())
		buf = g.Match(buf[:0], Pattern{H: e, T: Any, Rels: []int32{r}}, 0)
		buf = g.Match(buf[:0], Pattern{H: Any, T: e, Rels: []int32{r}}, 0)
		buf = g.Match(buf[:0], Pattern{H: e, T: (e + 1) % int32(g.NumEntities())}, 0)
		buf = g.Match(buf[:0], Pattern{H: e, T: Any}, 0)
	})
}

// BenchmarkRelationScan100k times (?, r, ?) over a 10^5-triple KG (the
// largest pattern answer: about 8,300 triples).
func BenchmarkRelationScan100k(b *testing.B) {
	g := syntheticKG(b)
	var buf []Triple
	reportMedian(b, func(i int) {
		buf = g.Match(buf[:0], Pattern{H: Any, T: Any, Rels: []int32{int32(i % g.NumRelations())}}, 0)
	})
}

// BenchmarkPaths100k times shortest connections (at most 4 hops, up to 10
// paths) between random entities of a 10^5-triple KG.
func BenchmarkPaths100k(b *testing.B) {
	g := syntheticKG(b)
	ctx := context.Background()
	n := int32(g.NumEntities())
	reportMedian(b, func(i int) {
		s, t := int32(i*7919)%n, int32(i*104729+13)%n
		if _, _, err := g.Paths(ctx, []int32{s}, []int32{t}, 4, 10); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkPathsWN18RR times the same on WN18RR (93,003 triples).
func BenchmarkPathsWN18RR(b *testing.B) {
	g := shipped(b, "wn18rr")
	ctx := context.Background()
	n := int32(g.NumEntities())
	reportMedian(b, func(i int) {
		s, t := int32(i*7919)%n, int32(i*104729+13)%n
		if _, _, err := g.Paths(ctx, []int32{s}, []int32{t}, 4, 10); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkLoadWN18RR times loading WN18RR from the shipped files.
func BenchmarkLoadWN18RR(b *testing.B) {
	for b.Loop() {
		if _, err := Load(context.Background(), dataset.OpenShipped, "wn18rr"); err != nil {
			b.Fatal(err)
		}
	}
}
