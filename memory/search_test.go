package memory

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/viterin/vek/vek32"

	"github.com/graphagent/graphagent/encoders"
)

// TestSIMDDispatch records whether vek32 (behind encoders.Dot) runs its
// AVX2 code on this machine, and checks that the slab scan agrees with a
// float64 dot product.
func TestSIMDDispatch(t *testing.T) {
	info := vek32.Info()
	t.Logf("vek32 acceleration: %v (%s, AVX2 %v, FMA %v)", info.Acceleration, info.CPUArchitecture,
		slices.Contains(info.CPUFeatures, "AVX2"), slices.Contains(info.CPUFeatures, "FMA"))
	rng := rand.New(rand.NewPCG(1, 2))
	for _, dim := range []int{1, 7, 8, 64, 255, 256, 1024} {
		a, b := make([]float32, dim), make([]float32, dim)
		var want float64
		for i := range a {
			a[i], b[i] = rng.Float32()-0.5, rng.Float32()-0.5
			want += float64(a[i]) * float64(b[i])
		}
		if got := encoders.Dot(a, b); float64(got)-want > 1e-4 || want-float64(got) > 1e-4 {
			t.Errorf("dim %d: dot %v, want %v", dim, got, want)
		}
	}
}

// model is what a store should hold: its records' vectors by key, as the
// embedder makes them, kept by the test beside the store.
type model map[string][]float32

// bruteTop returns the keys of the k vectors most similar to q and the
// k-th score, by a float64 scan over the model.
func (m model) bruteTop(q []float32, k int, keep func(key string) bool) ([]string, float64) {
	type ks struct {
		key string
		s   float64
	}
	all := make([]ks, 0, len(m))
	for key, v := range m {
		if keep != nil && !keep(key) {
			continue
		}
		var s float64
		for i := range v {
			s += float64(v[i]) * float64(q[i])
		}
		all = append(all, ks{key, s})
	}
	slices.SortFunc(all, func(a, b ks) int {
		if a.s != b.s {
			if a.s > b.s {
				return -1
			}
			return 1
		}
		if a.key < b.key {
			return -1
		}
		return 1
	})
	all = all[:min(k, len(all))]
	keys := make([]string, len(all))
	for i, x := range all {
		keys[i] = x.key
	}
	if len(all) == 0 {
		return nil, 0
	}
	return keys, all[len(all)-1].s
}

// recallAt counts the hits whose score reaches the true k-th score (less a
// rounding margin): a hit tied with the true k-th is as good as it.
func recallAt(hits []ExampleHit, want []string, kth float64) float64 {
	if len(want) == 0 {
		return 1
	}
	ok := 0
	for _, h := range hits {
		if float64(h.Score) >= kth-1e-5 {
			ok++
		}
	}
	return float64(min(ok, len(want))) / float64(len(want))
}

// TestSearchAgreesWithBruteForceUnderChanges adds, replaces and deletes
// examples at random (rows move when one is deleted) and checks after each
// round that every search, filtered or not, returns exactly the brute-force
// top k, best first, and that the records it returns carry the right
// fields.
func TestSearchAgreesWithBruteForceUnderChanges(t *testing.T) {
	ctx := context.Background()
	emb := newTestEmbedder()
	s, err := NewInMemory(emb)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	m := model{}
	tool := map[string]string{}
	question := map[string]string{}
	vecOf := func(text string) []float32 {
		v, err := s.embed(ctx, []string{text})
		if err != nil {
			t.Fatal(err)
		}
		return v[0]
	}
	text := func() string {
		q := ""
		for j := 0; j < 3+rng.IntN(5); j++ {
			q += benchWords[rng.IntN(len(benchWords))] + " "
		}
		return q + word(rng.IntN(50))
	}
	for round := 0; round < 30; round++ {
		var adds []Example
		for i := 0; i < 40; i++ {
			id := "x" + strconv.Itoa(rng.IntN(400)) // some replace earlier ones
			ex := Example{ID: id, Question: text(), Tool: "t" + strconv.Itoa(rng.IntN(4))}
			adds = append(adds, ex)
		}
		if err := s.AddExamples(ctx, adds); err != nil {
			t.Fatal(err)
		}
		for _, ex := range adds {
			m[ex.ID], tool[ex.ID], question[ex.ID] = vecOf(ex.Question), ex.Tool, ex.Question
		}
		var dels []string
		for i := 0; i < 15; i++ {
			dels = append(dels, "x"+strconv.Itoa(rng.IntN(400)))
		}
		if _, err := s.DeleteExamples(ctx, dels...); err != nil {
			t.Fatal(err)
		}
		for _, id := range dels {
			delete(m, id)
		}
		if s.Len() != len(m) {
			t.Fatalf("round %d: store holds %d, model %d", round, s.Len(), len(m))
		}
		for qi := 0; qi < 5; qi++ {
			qt := text()
			q := vecOf(qt)
			for _, filter := range []string{"", "t1"} {
				var keep func(string) bool
				if filter != "" {
					keep = func(k string) bool { return tool[k] == filter }
				}
				want, kth := m.bruteTop(q, 10, keep)
				hits, err := s.SearchExamples(ctx, qt, ExampleQuery{K: 10, Tool: filter})
				if err != nil {
					t.Fatal(err)
				}
				if len(hits) != len(want) {
					t.Fatalf("round %d %q tool %q: %d hits, want %d", round, qt, filter, len(hits), len(want))
				}
				if r := recallAt(hits, want, kth); r != 1 {
					t.Fatalf("round %d %q tool %q: recall %.2f: got %v, want %v", round, qt, filter, r, exIDs(hits), want)
				}
				for i, h := range hits {
					if i > 0 && h.Score > hits[i-1].Score {
						t.Fatalf("hits not best first: %v", hits)
					}
					if h.Question != question[h.ID] || (filter != "" && h.Tool != filter) {
						t.Fatalf("hit %s carries question %q tool %q, want %q tool %q", h.ID, h.Question, h.Tool, question[h.ID], filter)
					}
				}
			}
		}
	}
}

// recallSize is the store size TestSearchRecall uses: moderate by default,
// GRAPHAGENT_RECALL_N for the large sizes (e.g. 100000).
func recallSize(t *testing.T) int {
	n := 3000
	if v := os.Getenv("GRAPHAGENT_RECALL_N"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n <= 0 {
			t.Fatalf("GRAPHAGENT_RECALL_N=%q is not a positive number", v)
		}
	}
	return n
}

// TestSearchRecall measures recall@10 of memory search against a
// brute-force scan of the same vectors on questions that are not in the
// store: it must be 1.0 up to 10,000 examples and at least 0.99 above.
// From defaultGraphMin examples (GRAPHAGENT_RECALL_N) the graph a
// long-running process would build is built first, and the graph path is
// measured on its own as well (forced even where the store would scan).
func TestSearchRecall(t *testing.T) {
	n := recallSize(t)
	s := benchStore(t, n, DefaultEmbedder(nil))
	floor := 1.0
	if n > 10_000 {
		floor = 0.99
	}
	if n >= s.graphMin {
		buildNow(t, s)
	}
	recall := recallOf(t, s, 200, 3)
	t.Logf("recall@10 at %d examples: %.4f", n, recall)
	if recall < floor {
		t.Fatalf("recall@10 %.4f at %d examples, want at least %.2f", recall, n, floor)
	}
	if n >= s.graphMin {
		s.graphAlways = true
		graph := recallOf(t, s, 200, 4)
		t.Logf("recall@10 of the graph path at %d examples: %.4f", n, graph)
		if graph < 0.99 {
			t.Fatalf("graph recall@10 %.4f at %d examples, want at least 0.99", graph, n)
		}
	}
}
