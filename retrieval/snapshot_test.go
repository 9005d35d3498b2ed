package retrieval

import (
	"context"
	"errors"
	"slices"
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
