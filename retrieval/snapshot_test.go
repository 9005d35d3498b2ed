package retrieval

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/tools"
)

// TestToolIndexSnapshot restores a serialised index of the catalogue and
// checks that it answers every query exactly as the index built from the
// specs: the same tools, scores and ranks.
func TestToolIndexSnapshot(t *testing.T) {
	ctx := context.Background()
	specs := tools.Catalogue().Specs()
	built, err := NewToolIndex(ctx, specs, encoders.NewBuiltin(nil))
	if err != nil {
		t.Fatal(err)
	}
	data, err := built.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	again, _ := built.MarshalBinary()
	if !slices.Equal(data, again) {
		t.Fatal("two serialisations of one index differ")
	}
	loaded, err := LoadToolIndex(data, specs)
	if err != nil {
		t.Fatal(err)
	}
	if loaded.Encoder().Name() != built.Encoder().Name() || loaded.Entries() != built.Entries() || loaded.Len() != built.Len() {
		t.Fatalf("restored %s with %d entries of %d tools, built %s with %d of %d",
			loaded.Encoder().Name(), loaded.Entries(), loaded.Len(), built.Encoder().Name(), built.Entries(), built.Len())
	}
	queries := []string{"", "zebra", "What is the degree of node 6?", "Is there a cycle in this graph?"}
	for _, s := range specs {
		queries = append(queries, s.Description, s.WhenToUse)
		queries = append(queries, s.Examples...)
	}
	for _, q := range queries {
		want, err1 := built.Search(ctx, q, built.Len())
		got, err2 := loaded.Search(ctx, q, loaded.Len())
		if (err1 == nil) != (err2 == nil) || !slices.Equal(got, want) {
			t.Fatalf("%q: restored index answers %v (%v), built %v (%v)", q, got, err2, want, err1)
		}
	}
	t.Logf("%d queries answered alike; snapshot %d bytes", len(queries), len(data))
}

func TestToolIndexSnapshotStaleOrDamaged(t *testing.T) {
	ctx := context.Background()
	specs := tools.Catalogue().Specs()
	built, err := NewToolIndex(ctx, specs, encoders.NewBuiltin(nil))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := built.MarshalBinary()

	// Another wording of one tool, or one tool fewer: stale.
	reworded := slices.Clone(specs)
	reworded[3].Description += " (reworded)"
	for _, other := range [][]tools.Spec{reworded, specs[1:]} {
		if _, err := LoadToolIndex(data, other); !errors.Is(err, ErrStaleSnapshot) {
			t.Fatalf("snapshot loaded for other specs: %v", err)
		}
	}
	// Every truncation fails cleanly; a changed byte fails or loads.
	for n := 0; n < len(data); n += 1 + n/50 {
		if _, err := LoadToolIndex(data[:n], specs); err == nil {
			t.Fatalf("snapshot truncated to %d of %d bytes loaded", n, len(data))
		}
	}
	for i := 0; i < len(data); i += 1 + i/20 {
		bad := slices.Clone(data)
		bad[i] ^= 0x5a
		if _, err := LoadToolIndex(bad, specs); err != nil && !errors.Is(err, encoders.ErrBadSnapshot) && !errors.Is(err, ErrStaleSnapshot) {
			t.Fatalf("byte %d changed: unexpected error %v", i, err)
		}
	}
	// An index over another encoder is not serialised.
	other, err := NewToolIndex(ctx, specs[:3], plainEncoder{encoders.NewBuiltin(nil)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.MarshalBinary(); err == nil {
		t.Fatal("an index over another encoder was serialised")
	}
}

// plainEncoder hides the builtin encoder's type.
type plainEncoder struct{ encoders.Encoder }

// TestSearchAllMatchesEntryHits checks the one-pass search over every entry
// against the search over sorted entry hits, on the catalogue and on random
// small catalogues, for every k.
func TestSearchAllMatchesEntryHits(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 9))
	vocab := strings.Fields("node edge path cycle flow degree count shortest graph vertex tree cut bridge order rank core colour match")
	words := func() string {
		ws := make([]string, 1+rng.IntN(4))
		for i := range ws {
			ws[i] = vocab[rng.IntN(len(vocab))]
		}
		return strings.Join(ws, " ")
	}
	indexes := []*ToolIndex{}
	cat, err := NewToolIndex(ctx, tools.Catalogue().Specs(), encoders.NewBuiltin(nil))
	if err != nil {
		t.Fatal(err)
	}
	indexes = append(indexes, cat)
	for round := 0; round < 4; round++ {
		specs := make([]tools.Spec, 20)
		for i := range specs {
			specs[i] = tools.Spec{Name: fmt.Sprintf("tool%02d", i), Description: words(), WhenToUse: words(), Examples: []string{words(), words()}}
		}
		ti, err := NewToolIndex(ctx, specs, encoders.NewBuiltin(nil))
		if err != nil {
			t.Fatal(err)
		}
		indexes = append(indexes, ti)
	}
	checked := 0
	for _, ti := range indexes {
		queries := []string{"", "zebra", "What is the degree of node 6?"}
		for i := 0; i < 60; i++ {
			queries = append(queries, words())
		}
		for _, q := range queries {
			qv, err := ti.Encoder().Encode(ctx, []string{q})
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range []int{1, 2, 5, ti.Len(), ti.Len() + 3} {
				want, err1 := ti.searchVec(ctx, qv[0], k, ti.index().SearchExact)
				got, err2 := ti.searchAll(ctx, qv[0], k)
				if err1 != nil || err2 != nil || !slices.Equal(got, want) {
					t.Fatalf("%q k=%d: one pass %v (%v), entry hits %v (%v)", q, k, got, err2, want, err1)
				}
				checked++
			}
		}
	}
	t.Logf("%d searches alike", checked)
}
