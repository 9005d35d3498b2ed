package memory

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// buildNow builds the examples' graph synchronously (tests and benchmarks).
func buildNow(tb testing.TB, s *Store) {
	tb.Helper()
	t := s.examples
	for !t.ann.building.CompareAndSwap(false, true) {
		time.Sleep(time.Millisecond) // a background build is running
	}
	start := time.Now()
	buildGraph(s, t)
	s.mu.RLock()
	defer s.mu.RUnlock()
	if !t.graphValid() {
		tb.Fatal("graph not built")
	}
	tb.Logf("graph over %d rows built in %v: calibrated recall %.3f, beats a scan: %v",
		t.ann.graph.Len(), time.Since(start), t.ann.graph.Recall(), t.ann.graph.BeatsScan())
}

// recallOf measures recall@10 of SearchExamples against a brute-force scan
// over every row on random questions.
func recallOf(t *testing.T, s *Store, queries int, seed uint64) float64 {
	t.Helper()
	ctx := context.Background()
	m := model{}
	s.mu.RLock()
	for _, key := range s.examples.keys {
		_, v, _ := s.examples.lookup(key)
		m[key] = slices.Clone(v)
	}
	s.mu.RUnlock()
	rng := rand.New(rand.NewPCG(seed, seed))
	var sum float64
	logged := 0
	for i := 0; i < queries; i++ {
		q := ""
		for j := 0; j < 4+rng.IntN(6); j++ {
			q += benchWords[rng.IntN(len(benchWords))] + " "
		}
		v, err := s.queryVec(ctx, q)
		if err != nil || v == nil {
			t.Fatal(v, err)
		}
		want, kth := m.bruteTop(v, 10, nil)
		hits, err := s.SearchExamples(ctx, q, ExampleQuery{K: 10})
		if err != nil {
			t.Fatal(err)
		}
		r := recallAt(hits, want, kth)
		if r < 1 && testing.Verbose() && logged < 3 { // what the misses look like
			logged++
			t.Logf("query %q: kth %.6f want %v", q, kth, want)
			for _, h := range hits {
				t.Logf("  hit %s %.6f model %.6f", h.ID, h.Score, dot64(m[h.ID], v))
			}
			for _, w := range want {
				t.Logf("  want %s model %.6f", w, dot64(m[w], v))
			}
		}
		sum += r
	}
	return sum / float64(queries)
}

// TestGraphSearch forces searches through the HNSW graph (graphAlways) and
// checks recall@10 against brute force, that rows appended after the build
// are found (they are scanned), and that a deletion, which moves rows,
// retires the graph so searches are exact again.
func TestGraphSearch(t *testing.T) {
	ctx := context.Background()
	s := benchStore(t, 2500, DefaultEmbedder(nil))
	s.graphMin, s.graphAfter, s.graphAlways = 1000, 1, true
	buildNow(t, s)
	if r := recallOf(t, s, 200, 11); r < 0.99 {
		t.Fatalf("graph recall@10 %.4f, want at least 0.99", r)
	} else {
		t.Logf("graph recall@10 at 2500 rows: %.4f", r)
	}

	// Appended rows are outside the graph and scanned exactly.
	var adds []Example
	for i := 0; i < 300; i++ {
		adds = append(adds, Example{ID: "late" + strconv.Itoa(i), Question: "appended question " + word(5000+i) + " " + word(9000+i)})
	}
	if err := s.AddExamples(ctx, adds); err != nil {
		t.Fatal(err)
	}
	if !s.examples.graphValid() {
		t.Fatal("appends retired the graph")
	}
	for _, ex := range adds[:50] {
		hits, err := s.SearchExamples(ctx, ex.Question, ExampleQuery{K: 1})
		if err != nil || len(hits) != 1 || hits[0].ID != ex.ID {
			t.Fatalf("appended %s not found first: %v %v", ex.ID, exIDs(hits), err)
		}
	}
	if r := recallOf(t, s, 100, 12); r < 0.99 {
		t.Fatalf("recall@10 %.4f after appends, want at least 0.99", r)
	}

	// A deletion moves the last row: the graph no longer matches.
	if n, err := s.DeleteExamples(ctx, "b17"); n != 1 || err != nil {
		t.Fatal(n, err)
	}
	if s.examples.graphValid() {
		t.Fatal("the graph survived a deletion")
	}
	if r := recallOf(t, s, 100, 13); r != 1 {
		t.Fatalf("recall@10 %.4f after the graph was retired, want 1", r)
	}
}

// TestGraphBuildRacesWrites builds the graph in the background (as searches
// trigger it) while other goroutines add, replace and delete examples and
// search; run with -race. The first 250 of 600 writes include
// replacements and deletions, which retire a graph built over the rows they
// change; after them only appends follow, so a graph must be installed.
// Afterwards searches agree with brute force.
func TestGraphBuildRacesWrites(t *testing.T) {
	ctx := context.Background()
	s := benchStore(t, 800, DefaultEmbedder(nil))
	s.graphMin, s.graphAfter, s.graphAlways = 300, 1, true
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(2)
	go func() { // writer
		defer wg.Done()
		rng := rand.New(rand.NewPCG(5, 5))
		for i := 0; i < 600; i++ {
			q := "written " + word(i)
			for j := 0; j < 5; j++ {
				q += " " + benchWords[rng.IntN(len(benchWords))]
			}
			if err := s.AddExamples(ctx, []Example{{ID: "w" + strconv.Itoa(i), Question: q}}); err != nil {
				t.Error(err)
				return
			}
			if i < 250 && i%7 == 0 {
				if _, err := s.DeleteExamples(ctx, "b"+strconv.Itoa(i%800)); err != nil {
					t.Error(err)
					return
				}
			}
			if i < 250 && i%11 == 0 { // replace a row with a new vector
				if err := s.AddExamples(ctx, []Example{{ID: "b" + strconv.Itoa(400+i%400), Question: "replaced " + word(i)}}); err != nil {
					t.Error(err)
					return
				}
			}
		}
	}()
	go func() { // searcher: triggers builds
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := s.SearchExamples(ctx, benchQueries[i%len(benchQueries)], ExampleQuery{K: 10}); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	deadline := time.Now().Add(2 * time.Minute) // a hang detector, not a timing check
	for {
		s.mu.RLock()
		built := s.examples.ann.graph != nil
		s.mu.RUnlock()
		if built || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	for s.examples.ann.building.Load() {
		time.Sleep(time.Millisecond)
	}
	if s.examples.ann.graph == nil {
		t.Fatal("no graph was installed although writes became appends only")
	}
	t.Logf("%d rows, graph over %d: calibrated recall %.3f, used: %v", s.examples.len(), s.examples.ann.graph.Len(),
		s.examples.ann.graph.Recall(), s.examples.ann.graph.BeatsScan())
	if r := recallOf(t, s, 100, 21); r < 0.99 {
		t.Fatalf("recall@10 %.4f after concurrent writes, want at least 0.99", r)
	}
}

func dot64(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}
