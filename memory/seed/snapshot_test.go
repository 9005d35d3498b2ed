package seed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
)

// TestSnapshotCurrent fails when the embedded seed set is not the one the
// catalogue gives today (a tool was added, reworded or changed its answers
// without running go generate ./memory/seed).
func TestSnapshotCurrent(t *testing.T) {
	ctx := context.Background()
	want, err := Snapshot(ctx, tools.Catalogue(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(seedSnapshot, want) {
		t.Fatalf("memory/seed/seedset.bin (%d bytes) is out of date (the catalogue gives %d bytes): run go generate ./memory/seed", len(seedSnapshot), len(want))
	}
	p, err := loadSnapshot(seedSnapshot, tools.Catalogue(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The prepared set is the generated one, and its encoder embeds as
	// the encoder fitted on it now.
	set := generate(t)
	exs, err := p.Examples(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(exs)
	jb, _ := json.Marshal(set.Examples)
	if !bytes.Equal(ja, jb) {
		t.Fatal("the snapshot's examples differ from the generated ones")
	}
	fitted := memory.DefaultEmbedder(set.Questions())
	if p.encoder.Name() != fitted.Name() {
		t.Fatalf("snapshot encoder %s, fitted now %s", p.encoder.Name(), fitted.Name())
	}
	for _, q := range []string{"What is the shortest path from 0 to 3?", "articulation points of the graph", ""} {
		a, _ := p.encoder.Encode(ctx, []string{q})
		b, _ := fitted.Encode(ctx, []string{q})
		if !slicesEqual(a[0], b[0]) {
			t.Fatalf("%q: the snapshot's encoder gives another vector", q)
		}
	}
}

func slicesEqual(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSnapshotOnlyForItsRegistry checks that another registry or other
// options get a set generated for them, not the catalogue's.
func TestSnapshotOnlyForItsRegistry(t *testing.T) {
	ctx := context.Background()
	all := tools.Catalogue()
	var some []tools.Tool
	for _, name := range all.Names()[:3] {
		tl, err := all.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		some = append(some, tl)
	}
	reg, err := tools.NewRegistry(some...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := loadSnapshot(seedSnapshot, reg, Options{}); !errors.Is(err, errStaleSnapshot) {
		t.Fatalf("a 3-tool registry: %v, want errStaleSnapshot", err)
	}
	if _, err := loadSnapshot(seedSnapshot, all, Options{Seed: 2}); !errors.Is(err, errStaleSnapshot) {
		t.Fatalf("seed 2: %v, want errStaleSnapshot", err)
	}
	if _, err := loadSnapshot(seedSnapshot, all, Options{Seed: 1, Attempts: 12}); err != nil {
		t.Fatalf("the default options written out: %v", err)
	}
	s, err := OpenInMemory(ctx, reg, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range s.Examples() {
		if _, err := reg.Get(ex.Tool); err != nil {
			t.Fatalf("example %s of tool %s, not in the 3-tool registry", ex.ID, ex.Tool)
		}
	}
	if s.Len() == 0 {
		t.Fatal("no examples for the 3-tool registry")
	}
}

// TestDamagedSnapshot checks that a damaged snapshot is an error wrapping
// encoders.ErrBadSnapshot, never a panic.
func TestDamagedSnapshot(t *testing.T) {
	reg := tools.Catalogue()
	for n := 0; n < len(seedSnapshot); n += 1 + n/3 {
		_, err := loadSnapshot(seedSnapshot[:n], reg, Options{})
		if err == nil {
			p, _ := loadSnapshot(seedSnapshot[:n], reg, Options{})
			_, err = p.Examples(context.Background())
		}
		if !errors.Is(err, encoders.ErrBadSnapshot) {
			t.Fatalf("snapshot cut at %d of %d bytes: %v, want ErrBadSnapshot", n, len(seedSnapshot), err)
		}
	}
}
