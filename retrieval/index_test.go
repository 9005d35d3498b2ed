package retrieval

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/graphagent/graphagent/encoders"
)

// randomItems returns n Gaussian random vectors of dimension dim.
func randomItems(rng *rand.Rand, n, dim int) []Item {
	items := make([]Item, n)
	for i := range items {
		v := make([]float32, dim)
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		items[i] = Item{ID: fmt.Sprintf("v%05d", i), Vector: v}
	}
	return items
}

func randomQuery(rng *rand.Rand, dim int) []float32 {
	v := make([]float32, dim)
	for j := range v {
		v[j] = float32(rng.NormFloat64())
	}
	return v
}

// embeddingLike returns n random vectors of dimension dim with the low
// intrinsic dimension of text embeddings: a random linear image of a
// 12-dimensional Gaussian plus a little isotropic noise, and a generator of
// queries from the same distribution. With iso it returns isotropic
// Gaussian vectors instead, the hardest case for any graph index.
func embeddingLike(rng *rand.Rand, n, dim int, iso bool) ([]Item, func() []float32) {
	if iso {
		return randomItems(rng, n, dim), func() []float32 { return randomQuery(rng, dim) }
	}
	const latent = 12
	basis := make([][]float32, latent)
	for i := range basis {
		basis[i] = randomQuery(rng, dim)
	}
	point := func() []float32 {
		v := make([]float32, dim)
		for _, b := range basis {
			z := float32(rng.NormFloat64())
			for j := range v {
				v[j] += z * b[j]
			}
		}
		for j := range v {
			v[j] += 0.1 * float32(rng.NormFloat64())
		}
		return v
	}
	items := make([]Item, n)
	for i := range items {
		items[i] = Item{ID: fmt.Sprintf("v%05d", i), Vector: point()}
	}
	return items, point
}

// TestRecallHNSW checks recall@10 against brute force on 10,000 random
// entries, for embedding-like vectors and for isotropic Gaussian ones at
// dimensions 64 and 256, both for the index's own choice (Auto, which
// scans when calibration finds the graph more expensive than a scan) and
// for the graph forced (Approximate, with the calibrated beam width).
// The forced-graph recall checks that calibrating on held-out indexed
// vectors carries over to new queries.
func TestRecallHNSW(t *testing.T) {
	n, queries := 10000, 200
	if testing.Short() || raceEnabled {
		n, queries = 3000, 100
	}
	cases := []struct {
		name string
		dim  int
		iso  bool
		// graph: whether Auto must choose the graph (1), the scan (-1), or
		// either (0). Embedding-like vectors are what the graph is for; at
		// the reduced size of -short and -race a scan may be cheaper.
		graph int
	}{
		{"embedding-like/dim=256", 256, false, 1},
		{"isotropic/dim=256", 256, true, 0},
		{"isotropic/dim=64", 64, true, 0},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(7 + i)))
			items, query := embeddingLike(rng, n, c.dim, c.iso)
			want := c.graph
			if n < 10000 {
				want = 0
			}
			checkRecall(t, items, query, queries, want)
		})
	}
}

func checkRecall(t *testing.T, items []Item, query func() []float32, queries, wantGraph int) {
	t.Helper()
	ctx := context.Background()
	idx := NewIndex(Options{})
	if err := idx.Add(items...); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := idx.Search(ctx, query(), 10); err != nil { // builds the graph
		t.Fatal(err)
	}
	p := idx.snap.plan
	t.Logf("built and calibrated HNSW over %d vectors in %v: ef %d, sample recall %.3f, %.0f distances per search; Auto uses the graph: %v",
		len(items), time.Since(start), p.ef, p.recall, p.dists, p.graph)
	if wantGraph > 0 && !p.graph {
		t.Errorf("Auto scans although the graph should be cheaper on this data")
	}
	if wantGraph < 0 && p.graph {
		t.Errorf("Auto uses the graph although a scan should be cheaper on this data")
	}
	var found, foundGraph, total int
	var autoTime, graphTime, exactTime time.Duration
	for q := 0; q < queries; q++ {
		vec := query()
		t0 := time.Now()
		got, err := idx.Search(ctx, vec, 10)
		autoTime += time.Since(t0)
		if err != nil {
			t.Fatal(err)
		}
		t0 = time.Now()
		gotGraph, err := idx.search(ctx, vec, 10, Approximate)
		graphTime += time.Since(t0)
		if err != nil {
			t.Fatal(err)
		}
		t0 = time.Now()
		want, err := idx.SearchExact(ctx, vec, 10)
		exactTime += time.Since(t0)
		if err != nil {
			t.Fatal(err)
		}
		for _, hits := range [][]Hit{got, gotGraph, want} {
			if len(hits) != 10 {
				t.Fatalf("query %d: got %d hits, want 10", q, len(hits))
			}
			if !slices.IsSortedFunc(hits, compareHits) {
				t.Fatalf("query %d: hits not sorted: %v", q, hits)
			}
		}
		ids, idsGraph := map[string]bool{}, map[string]bool{}
		for i := range got {
			ids[got[i].ID] = true
			idsGraph[gotGraph[i].ID] = true
		}
		for _, h := range want {
			total++
			if ids[h.ID] {
				found++
			}
			if idsGraph[h.ID] {
				foundGraph++
			}
		}
	}
	recall := float64(found) / float64(total)
	recallGraph := float64(foundGraph) / float64(total)
	per := func(d time.Duration) time.Duration { return d / time.Duration(queries) }
	t.Logf("recall@10 over %d queries: Auto %.4f (mean %v), graph %.4f (mean %v); exact scan mean %v",
		queries, recall, per(autoTime), recallGraph, per(graphTime), per(exactTime))
	if recall < 0.99 {
		t.Errorf("Auto recall@10 = %.4f, want >= 0.99", recall)
	}
	if recallGraph < 0.99 {
		t.Errorf("graph recall@10 = %.4f, want >= 0.99", recallGraph)
	}
}

func TestIndexExactMatchesApproximateOnSmallSets(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewSource(3))
	items := randomItems(rng, 300, 32)
	exact := NewIndex(Options{Mode: Exact})
	approx := NewIndex(Options{Mode: Approximate})
	for _, x := range []*Index{exact, approx} {
		if err := x.Add(items...); err != nil {
			t.Fatal(err)
		}
	}
	for q := 0; q < 50; q++ {
		vec := randomQuery(rng, 32)
		for _, k := range []int{1, 5, 16} {
			a, err := approx.Search(ctx, vec, k)
			if err != nil {
				t.Fatal(err)
			}
			e, err := exact.Search(ctx, vec, k)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(a, e) {
				t.Fatalf("query %d k=%d: approximate %v, exact %v", q, k, a, e)
			}
		}
	}
}

func TestIndexBruteForceOrderAndScores(t *testing.T) {
	ctx := context.Background()
	idx := NewIndex(Options{Mode: Exact})
	// Hand-made vectors with known cosines to the query (1, 0).
	err := idx.Add(
		Item{"east", []float32{2, 0}},      // cos 1
		Item{"north", []float32{0, 5}},     // cos 0
		Item{"northeast", []float32{1, 1}}, // cos 0.7071
		Item{"west", []float32{-3, 0}},     // cos -1
		Item{"alsoeast", []float32{7, 0}},  // cos 1, ties with east: ID order
	)
	if err != nil {
		t.Fatal(err)
	}
	hits, err := idx.Search(ctx, []float32{1, 0}, 10)
	if err != nil {
		t.Fatal(err)
	}
	wantIDs := []string{"alsoeast", "east", "northeast", "north", "west"}
	wantScores := []float32{1, 1, 0.70710677, 0, -1}
	if len(hits) != len(wantIDs) {
		t.Fatalf("got %d hits, want %d: %v", len(hits), len(wantIDs), hits)
	}
	for i, h := range hits {
		if h.ID != wantIDs[i] || abs32(h.Score-wantScores[i]) > 1e-6 {
			t.Errorf("hit %d = %v, want %s %.4f", i, h, wantIDs[i], wantScores[i])
		}
	}
	top2, _ := idx.Search(ctx, []float32{1, 0}, 2)
	if len(top2) != 2 || top2[0].ID != "alsoeast" || top2[1].ID != "east" {
		t.Errorf("top 2 = %v", top2)
	}
}

func abs32(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}

func TestIndexBadInput(t *testing.T) {
	ctx := context.Background()
	idx := NewIndex(Options{})
	if err := idx.Add(Item{"a", []float32{1, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		item Item
	}{
		{"wrong dimension", Item{"b", []float32{1, 0}}},
		{"zero", Item{"c", []float32{0, 0, 0}}},
		{"empty ID", Item{"", []float32{0, 1, 0}}},
	}
	for _, c := range cases {
		if err := idx.Add(c.item); !errors.Is(err, encoders.ErrBadVector) {
			t.Errorf("%s: err = %v, want ErrBadVector", c.name, err)
		}
	}
	nan := float32(0)
	nan = nan / nan
	if err := idx.Add(Item{"d", []float32{nan, 0, 0}}); !errors.Is(err, encoders.ErrBadVector) {
		t.Errorf("NaN: err = %v", err)
	}
	if idx.Len() != 1 {
		t.Errorf("Len = %d after failed adds, want 1", idx.Len())
	}
	if _, err := idx.Search(ctx, []float32{1, 0}, 3); !errors.Is(err, encoders.ErrBadVector) {
		t.Errorf("query of wrong dimension: err = %v", err)
	}
	if _, err := idx.Search(ctx, []float32{1, 0, 0}, 0); !errors.Is(err, ErrBadK) {
		t.Errorf("k=0: err = %v", err)
	}
	if hits, err := idx.Search(ctx, []float32{0, 0, 0}, 3); err != nil || len(hits) != 0 {
		t.Errorf("zero query: %v, %v; want no hits", hits, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := idx.Search(cctx, []float32{1, 0, 0}, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
	if hits, err := NewIndex(Options{}).Search(ctx, []float32{1}, 3); err != nil || hits != nil {
		t.Errorf("empty index: %v, %v", hits, err)
	}
}

// TestIndexReplaceRebuilds replaces vectors after the HNSW graph exists: the
// graph is rebuilt (coder/hnsw's Delete is not used) and results follow the
// new vectors.
func TestIndexReplaceRebuilds(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewSource(5))
	idx := NewIndex(Options{Mode: Approximate})
	items := randomItems(rng, 200, 16)
	if err := idx.Add(items...); err != nil {
		t.Fatal(err)
	}
	q := randomQuery(rng, 16)
	if _, err := idx.Search(ctx, q, 3); err != nil {
		t.Fatal(err)
	}
	// Move item v00042 onto the query.
	if err := idx.Add(Item{"v00042", q}); err != nil {
		t.Fatal(err)
	}
	// And add one more new item after the graph exists.
	if err := idx.Add(Item{"fresh", []float32{-q[0], -q[1], -q[2], -q[3], -q[4], -q[5], -q[6], -q[7], -q[8], -q[9], -q[10], -q[11], -q[12], -q[13], -q[14], -q[15]}}); err != nil {
		t.Fatal(err)
	}
	hits, err := idx.Search(ctx, q, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || hits[0].ID != "v00042" || abs32(hits[0].Score-1) > 1e-5 {
		t.Fatalf("after replace: %v, want v00042 with score 1", hits)
	}
	if idx.Len() != 201 {
		t.Errorf("Len = %d, want 201", idx.Len())
	}
	neg := make([]float32, 16)
	for i := range neg {
		neg[i] = -q[i]
	}
	hits, _ = idx.Search(ctx, neg, 1)
	if len(hits) != 1 || hits[0].ID != "fresh" {
		t.Errorf("search for the new item: %v", hits)
	}
}

// TestIndexConcurrent runs searches and adds at once; run with -race.
func TestIndexConcurrent(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewSource(11))
	idx := NewIndex(Options{Mode: Approximate})
	if err := idx.Add(randomItems(rng, 500, 16)...); err != nil {
		t.Fatal(err)
	}
	queries := make([][]float32, 64)
	for i := range queries {
		queries[i] = randomQuery(rng, 16)
	}
	more := randomItems(rand.New(rand.NewSource(12)), 100, 16)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i, q := range queries {
				if _, err := idx.Search(ctx, q, 5); err != nil {
					t.Error(err)
					return
				}
				if w == 0 && i < len(more) {
					it := more[i]
					it.ID = "new" + it.ID
					if err := idx.Add(it); err != nil {
						t.Error(err)
						return
					}
				}
			}
		}(w)
	}
	wg.Wait()
	if idx.Len() != 564 {
		t.Errorf("Len = %d, want 564", idx.Len())
	}
}
