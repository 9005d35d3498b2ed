package memory

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/encoders"
)

// scanHits is the plain scan's top k (ties by key) of the examples table,
// the reference the inverted index must match exactly.
func scanHits(s *Store, q []float32, k int) []scored {
	t := s.examples
	top := &topK{k: k, keys: t.keys}
	for i := 0; i < t.len(); i++ {
		top.offer(scored{int32(i), encoders.Dot(q, t.vec(int32(i)))})
	}
	return top.sorted()
}

// TestPostingsExact checks that searches through the inverted index give
// exactly the scan's hits (rows, scores, order) on random questions, after
// appends (added to the index) and after replacements and deletions (which
// drop it), and that the index is in use.
func TestPostingsExact(t *testing.T) {
	ctx := context.Background()
	s := benchStore(t, 6000, DefaultEmbedder(nil))
	s.graphMin = 0
	s.postingsMin = 4096 // the default keeps small tables to the scan
	rng := rand.New(rand.NewPCG(3, 4))
	query := func() string {
		q := ""
		for j := 0; j < 2+rng.IntN(8); j++ {
			q += benchWords[rng.IntN(len(benchWords))] + " "
		}
		if rng.IntN(3) == 0 {
			q += word(rng.IntN(6000)) // a rare word: a few rows score high
		}
		return q
	}
	used := 0
	check := func(stage string, n int) {
		t.Helper()
		for i := 0; i < n; i++ {
			text := query()
			v, err := s.queryVec(ctx, text)
			if err != nil || v == nil {
				t.Fatal(text, err)
			}
			k := []int{1, 5, 10, 50}[i%4]
			got, err := s.searchExamplesVec(ctx, v, ExampleQuery{K: k})
			if err != nil {
				t.Fatal(err)
			}
			s.mu.RLock()
			want := scanHits(s, v, k)
			if len(got) != len(want) {
				t.Fatalf("%s: %q: %d hits, scan %d", stage, text, len(got), len(want))
			}
			for j := range want {
				if got[j].ID != s.examples.keys[want[j].row] || got[j].Score != want[j].score {
					t.Fatalf("%s: %q hit %d: %s %v, scan %s %v", stage, text, j, got[j].ID, got[j].Score, s.examples.keys[want[j].row], want[j].score)
				}
			}
			if s.examples.post.serving.Load() {
				used++
			}
			s.mu.RUnlock()
		}
	}
	check("fresh", 60)
	if used == 0 {
		t.Fatal("the inverted index never served a search")
	}
	// Appends: the index grows.
	var more []Example
	for i := 0; i < 500; i++ {
		more = append(more, Example{ID: "m" + strconv.Itoa(i), Question: query() + " appended " + word(i), Tool: "t"})
	}
	if err := s.AddExamples(ctx, more); err != nil {
		t.Fatal(err)
	}
	check("appended", 40)
	// Replacements and deletions: the index is dropped and rebuilt.
	if _, err := s.DeleteExamples(ctx, "b1", "b2", "b3", "m7"); err != nil {
		t.Fatal(err)
	}
	if err := s.AddExamples(ctx, []Example{{ID: "b10", Question: "flow flow flow maximum " + word(9999), Tool: "t"}}); err != nil {
		t.Fatal(err)
	}
	check("changed", 40)
	if !s.examples.post.serving.Load() {
		t.Fatal("the index was not rebuilt after the rows changed")
	}
}

// denseEmbedder gives every text a vector with no zero component.
type denseEmbedder struct{}

func (denseEmbedder) Name() string { return "dense-test" }
func (denseEmbedder) Dim() int     { return 32 }
func (denseEmbedder) Encode(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, s := range texts {
		r := rand.New(rand.NewPCG(uint64(len(s)), uint64(s[0])))
		v := make([]float32, 32)
		for j := range v {
			v[j] = 0.1 + r.Float32()
		}
		out[i] = v
	}
	return out, nil
}

// TestPostingsNotForDenseVectors checks that a table of dense vectors is
// scanned (the index would read more than the scan), with the same hits.
func TestPostingsNotForDenseVectors(t *testing.T) {
	ctx := context.Background()
	s, err := NewInMemory(denseEmbedder{})
	if err != nil {
		t.Fatal(err)
	}
	var exs []Example
	s.postingsMin = 4096
	for i := 0; i < 4200; i++ {
		exs = append(exs, Example{ID: fmt.Sprint("d", i), Question: fmt.Sprintf("question %d %s", i, word(i)), Tool: "t"})
	}
	if err := s.AddExamples(ctx, exs); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		hits, err := s.SearchExamples(ctx, "question "+word(i), ExampleQuery{K: 3})
		if err != nil || len(hits) != 3 {
			t.Fatal(len(hits), err)
		}
	}
	if s.examples.post.serving.Load() {
		t.Fatal("the inverted index serves a table of dense vectors")
	}
}

func TestKthLargest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 60; n++ {
		xs := make([]float32, n)
		for i := range xs {
			xs[i] = float32(rng.IntN(10))
		}
		sorted := slices.Clone(xs)
		slices.Sort(sorted)
		for k := 1; k <= n+2; k++ {
			want := sorted[max(0, n-k)]
			if got := kthLargest(xs, k); got != want {
				t.Fatalf("n=%d k=%d: %v, want %v", n, k, got, want)
			}
		}
	}
}

// TestPostingsConcurrent runs searches through the inverted index from
// several goroutines while examples are added (run with -race).
func TestPostingsConcurrent(t *testing.T) {
	ctx := context.Background()
	s := benchStore(t, 4500, DefaultEmbedder(nil))
	s.graphMin = 0
	s.postingsMin = 4096
	done := make(chan error, 4)
	for g := 0; g < 3; g++ {
		go func() {
			for i := 0; i < 30; i++ {
				if _, err := s.SearchExamples(ctx, benchQueries[i%len(benchQueries)], ExampleQuery{K: 5}); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	go func() {
		for i := 0; i < 20; i++ {
			if err := s.AddExamples(ctx, []Example{{ID: "c" + strconv.Itoa(i), Question: "cycle flow " + word(i), Tool: "t"}}); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for i := 0; i < 4; i++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
