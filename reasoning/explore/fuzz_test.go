package explore

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/graphagent/graphagent/tools/kg"
)

// smallExplorer is a knowledge graph with names that collide with question
// words, types, several senses of one name and a self-loop.
func smallExplorer(t testing.TB) *Explorer {
	b := kg.NewBuilder("small")
	b.Describe("d1", "Metformin", "Drug")
	b.Describe("d2", "What", "Drug")
	b.Describe("p1", "AMPK", "Protein")
	b.Describe("p2", "part", "Protein", "part.n.01")
	b.Describe("x1", "dog", "Disease", "dog.n.01")
	b.Describe("x2", "dog", "Disease", "dog.n.03")
	b.Add("d1", "increases activity of", "p1")
	b.Add("d2", "treats", "x1")
	b.Add("p1", "part of", "p2")
	b.Add("x2", "causes", "x2")
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return New(g, Options{})
}

// FuzzAsk: questions are untrusted text. Asking never panics, answers at
// any λ in [0, 1], and a decline says so with ErrDeclined.
func FuzzAsk(f *testing.F) {
	for _, s := range []string{
		"what does metformin increase the activity of?", "What connects metformin to dog?", "dog's parts",
		"what is part of part.n.01", "how many drugs treat dog?", "is AMPK part of part?", "what what what",
		"", "'s 's", "which which", "tell me about dog n 03", "\xff\xfe", "metformin metformin metformin and dog",
	} {
		f.Add(s, 0.8)
	}
	x := smallExplorer(f)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, q string, lambda float64) {
		if len(q) > 2000 {
			return
		}
		lambda = math.Abs(math.Mod(lambda, 1))
		if math.IsNaN(lambda) {
			lambda = 0
		}
		ans, err := x.Ask(ctx, q, lambda)
		if err != nil && !errors.Is(err, ErrDeclined) {
			t.Fatalf("%q λ=%v: %v", q, lambda, err)
		}
		if ans == nil || (err != nil) != ans.Declined || ans.Text == "" {
			t.Fatalf("%q: answer %+v, err %v", q, ans, err)
		}
		for _, s := range ans.Suggestions {
			if a, err := x.answer(ctx, s, lambda); err != nil || len(a.Facts) == 0 {
				t.Fatalf("%q: suggestion %q has no answer (%v)", q, s, err)
			}
		}
	})
}

// TestReaderShapes runs the reader over word orders around the phrase
// that once could slice out of range.
func TestReaderShapes(t *testing.T) {
	x := smallExplorer(t)
	for _, q := range []string{
		"metformin what kind of dog is AMPK", "dog what sort of thing is", "what kind of", "what kind of dog",
		"which part of dog is metformin", "what part of part is part", "AMPK's", "s s s",
	} {
		for _, l := range []float64{0, 0.8, 1} {
			if _, err := x.Ask(context.Background(), q, l); err != nil && !errors.Is(err, ErrDeclined) {
				t.Errorf("%q: %v", q, err)
			}
		}
	}
}
