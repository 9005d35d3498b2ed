package memory

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/graphagent/graphagent/encoders"
)

var benchWords = []string{
	"shortest", "path", "cycle", "diameter", "flow", "maximum", "degree", "node", "edge", "graph",
	"connected", "component", "bipartite", "triangle", "clustering", "coefficient", "topological",
	"sort", "spanning", "tree", "weight", "density", "neighbor", "common", "jaccard", "pagerank",
	"centrality", "betweenness", "closeness", "eccentricity", "radius", "periphery", "center",
	"hamiltonian", "euler", "circuit", "matching", "clique", "community", "paper", "topic",
	"molecule", "function", "recommend", "relation", "entity", "directed", "undirected", "count",
}

// benchStore fills an in-memory store (no log: the fast path) with n random
// examples embedded by emb.
func benchStore(b testing.TB, n int, emb Embedder) *Store {
	b.Helper()
	s, err := NewInMemory(emb)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	const batch = 10_000
	exs := make([]Example, 0, batch)
	for i := 0; i < n; i++ {
		q := make([]byte, 0, 64)
		for j := 0; j < 6+rng.IntN(6); j++ {
			q = append(q, benchWords[rng.IntN(len(benchWords))]...)
			q = append(q, ' ')
		}
		q = append(q, word(i)...)
		exs = append(exs, Example{ID: "b" + strconv.Itoa(i), Question: string(q), Tool: "tool" + strconv.Itoa(i%40), Source: SourceSeed, Verified: i%2 == 0})
		if len(exs) == batch || i == n-1 {
			if err := s.AddExamples(context.Background(), exs); err != nil {
				b.Fatal(err)
			}
			exs = exs[:0]
		}
	}
	return s
}

// BenchmarkSearchExamples measures one search (query embedding included) at
// 1,000, 10,000 and 100,000 examples, unfiltered and filtered by tool, with
// the default embedder (256 dimensions), by the scan (no graph is built).
func BenchmarkSearchExamples(b *testing.B) { benchSearch(b, DefaultEmbedder(nil)) }

// BenchmarkSearchExamples1024 is BenchmarkSearchExamples with the builtin
// encoder's own default of 1024 dimensions.
func BenchmarkSearchExamples1024(b *testing.B) { benchSearch(b, encoders.NewBuiltin(nil)) }

func benchSearch(b *testing.B, emb Embedder) {
	queries := benchQueries
	for _, n := range []int{1_000, 10_000, 100_000} {
		s := benchStore(b, n, emb) // built once per size, outside the timings
		s.graphMin = 0             // the scan: no graph build in the background
		for _, filtered := range []bool{false, true} {
			name := fmt.Sprintf("n=%d", n)
			q := ExampleQuery{K: 5}
			if filtered {
				name += "/tool"
				q.Tool = "tool7"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					hits, err := s.SearchExamples(context.Background(), queries[i%len(queries)], q)
					if err != nil || len(hits) != 5 {
						b.Fatalf("%d hits, %v", len(hits), err)
					}
				}
			})
		}
	}
}

// BenchmarkAddDurable measures durable adds (log write and fsync) in batches
// of 64 examples.
func BenchmarkAddDurable(b *testing.B) {
	s, err := Open(context.Background(), b.TempDir(), DefaultEmbedder(nil))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	exs := make([]Example, 64)
	for i := 0; b.Loop(); i++ {
		for j := range exs {
			exs[j] = Example{ID: fmt.Sprintf("a%d-%d", i, j), Question: "question " + word(i*64+j) + " about graphs"}
		}
		if err := s.AddExamples(context.Background(), exs); err != nil {
			b.Fatal(err)
		}
	}
}

// benchQueries are the questions the search benchmarks ask in turn.
var benchQueries = []string{
	"what is the shortest path between two nodes in this weighted graph",
	"is there a cycle in the directed graph",
	"compute the maximum flow from source to sink",
	"which topic is this paper about",
}

// plainScan is the baseline memory search is held to: the same vectors in
// a slab of their own, scanned on one goroutine with encoders.Dot, the top
// k kept by insertion into a sorted array.
type plainScan struct {
	dim  int
	ids  []string
	slab []float32
}

func newPlainScan(s *Store) *plainScan {
	t := s.examples
	return &plainScan{dim: t.dim, ids: slices.Clone(t.keys), slab: slices.Clone(t.vecs)}
}

type plainHit struct {
	i int
	s float32
}

func (p *plainScan) search(q []float32, k int) []plainHit {
	top := make([]plainHit, 0, k+1)
	for i := range p.ids {
		sim := encoders.Dot(q, p.slab[i*p.dim:(i+1)*p.dim])
		if len(top) == k && sim <= top[k-1].s {
			continue
		}
		j := len(top)
		if j < k {
			top = append(top, plainHit{})
		} else {
			j = k - 1
		}
		for j > 0 && top[j-1].s < sim {
			top[j] = top[j-1]
			j--
		}
		top[j] = plainHit{i, sim}
	}
	return top
}

// BenchmarkSearchVsScan compares memory search with the plain scan of the
// same vectors at 1,000, 10,000 and 100,000 examples (k = 10, the query
// vector given to both, so the query's embedding is left out; see
// BenchmarkSearchExamples for it). Where the store would build an
// inverted index or an HNSW graph (from defaultGraphMin rows, after a few
// searches, in the background) it is built first, outside the timings. Each iteration runs
// both searches, interleaved, so machine load weighs on both alike; it
// reports their p50 latencies, ratio = memory p50 / scan p50, graph = 1
// when searches went through the graph (calibration found it cheaper than a
// scan at recall 0.99), else 0, and postings = 1 when the table's inverted
// index serves its searches (exact; then no graph is built).
func BenchmarkSearchVsScan(b *testing.B) {
	ctx := context.Background()
	sizes := []int{1_000, 10_000, 100_000}
	if v := os.Getenv("GRAPHAGENT_BENCH_N"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			b.Fatalf("GRAPHAGENT_BENCH_N=%q is not a positive number", v)
		}
		sizes = []int{n}
	}
	for _, n := range sizes {
		s := benchStore(b, n, DefaultEmbedder(nil))
		scan := newPlainScan(s)
		// The inverted index is built on the postingsAfter-th search of a
		// large table: build it first, outside the timings.
		for i := 0; i <= postingsAfter; i++ {
			if _, err := s.SearchExamples(ctx, benchQueries[0], ExampleQuery{K: 10}); err != nil {
				b.Fatal(err)
			}
		}
		postings := 0.0
		if s.examples.post.serving.Load() {
			postings = 1
		}
		graph := 0.0
		if n >= s.graphMin && postings == 0 {
			buildNow(b, s)
			if s.examples.ann.graph.BeatsScan() {
				graph = 1
			}
		}
		qs := make([][]float32, len(benchQueries))
		for i, text := range benchQueries {
			v, err := s.queryVec(ctx, text)
			if err != nil || v == nil {
				b.Fatal(v, err)
			}
			qs[i] = v
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var mem, plain []time.Duration
			for i := 0; b.Loop(); i++ {
				q := qs[i%len(qs)]
				t0 := time.Now()
				hits, err := s.searchExamplesVec(ctx, q, ExampleQuery{K: 10})
				t1 := time.Now()
				top := scan.search(q, 10)
				t2 := time.Now()
				if err != nil || len(hits) != 10 || len(top) != 10 || graph == 0 && hits[9].Score != top[9].s {
					b.Fatalf("memory and scan disagree: %d hits, %v", len(hits), err)
				}
				mem, plain = append(mem, t1.Sub(t0)), append(plain, t2.Sub(t1))
			}
			pm, ps := p50(mem), p50(plain)
			b.ReportMetric(float64(pm.Microseconds()), "p50-µs")
			b.ReportMetric(float64(ps.Microseconds()), "scan-p50-µs")
			b.ReportMetric(float64(pm)/float64(ps), "ratio")
			b.ReportMetric(graph, "graph")
			b.ReportMetric(postings, "postings")
		})
	}
}

func p50(d []time.Duration) time.Duration {
	slices.Sort(d)
	return d[len(d)/2]
}

// BenchmarkOpen measures reopening a persistent store of 10,000 examples:
// replaying the log with its stored vectors into the tables.
func BenchmarkOpen(b *testing.B) {
	dir := b.TempDir()
	emb := DefaultEmbedder(nil)
	s, err := Open(context.Background(), dir, emb)
	if err != nil {
		b.Fatal(err)
	}
	exs := make([]Example, 10_000)
	for i := range exs {
		exs[i] = Example{ID: "o" + strconv.Itoa(i), Question: "question " + word(i) + " about " + benchWords[i%len(benchWords)], Tool: "t"}
	}
	if err := s.AddExamples(context.Background(), exs); err != nil {
		b.Fatal(err)
	}
	s.Close()
	for b.Loop() {
		s, err := Open(context.Background(), dir, emb)
		if err != nil {
			b.Fatal(err)
		}
		if s.Len() != len(exs) {
			b.Fatalf("reopened %d examples", s.Len())
		}
		s.Close()
	}
}
