package memory

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

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
func benchStore(b *testing.B, n int, emb Embedder) *Store {
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
// the default embedder (256 dimensions).
func BenchmarkSearchExamples(b *testing.B) { benchSearch(b, DefaultEmbedder(nil)) }

// BenchmarkSearchExamples1024 is BenchmarkSearchExamples with the builtin
// encoder's own default of 1024 dimensions.
func BenchmarkSearchExamples1024(b *testing.B) { benchSearch(b, encoders.NewBuiltin(nil)) }

func benchSearch(b *testing.B, emb Embedder) {
	queries := []string{
		"what is the shortest path between two nodes in this weighted graph",
		"is there a cycle in the directed graph",
		"compute the maximum flow from source to sink",
		"which topic is this paper about",
	}
	for _, n := range []int{1_000, 10_000, 100_000} {
		s := benchStore(b, n, emb) // built once per size, outside the timings
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

// BenchmarkFlatScanBaseline is the floor an exact search could reach: the
// same 100,000 vectors in one contiguous slab, scanned on one goroutine with
// encoders.Dot and a top-5 kept by insertion. It puts chromem-go's query
// cost (a channel send per document to filter, a mutex per document to keep
// the top k, documents scattered in a map) in proportion.
func BenchmarkFlatScanBaseline(b *testing.B) {
	const n = 100_000
	s := benchStore(b, n, DefaultEmbedder(nil))
	ids := make([]string, 0, n)
	slab := make([]float32, 0, n*DefaultDim)
	for id := range s.examples {
		doc, err := s.exColl.GetByID(context.Background(), id)
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, id)
		slab = append(slab, doc.Embedding...)
	}
	q, err := s.embed(context.Background(), []string{"is there a cycle in the directed graph"})
	if err != nil {
		b.Fatal(err)
	}
	type hit struct {
		i int
		s float32
	}
	for b.Loop() {
		var top [5]hit
		for i := range top {
			top[i].s = -2
		}
		for i := range ids {
			sim := encoders.Dot(q[0], slab[i*DefaultDim:(i+1)*DefaultDim])
			if sim <= top[4].s {
				continue
			}
			j := 4
			for j > 0 && top[j-1].s < sim {
				top[j] = top[j-1]
				j--
			}
			top[j] = hit{i, sim}
		}
		if top[0].s < -1 {
			b.Fatal("no hit")
		}
	}
}

// BenchmarkOpen measures reopening a persistent store of 10,000 examples:
// replaying the log with its stored vectors into chromem-go.
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
