package agent

import (
	"bytes"
	"context"
	"log/slog"
	"testing"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/retrieval"
	"github.com/graphagent/graphagent/tools"
)

// TestToolIndexSnapshotCurrent fails when the embedded tool index is not
// the one the catalogue gives today (a tool was added or reworded without
// running go generate ./agent).
func TestToolIndexSnapshotCurrent(t *testing.T) {
	specs := tools.Catalogue().Specs()
	idx, err := retrieval.NewToolIndex(context.Background(), specs, encoders.NewBuiltin(nil))
	if err != nil {
		t.Fatal(err)
	}
	want, err := idx.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(toolIndexSnapshot, want) {
		t.Fatalf("agent/toolindex.bin (%d bytes) is out of date (the catalogue gives %d bytes): run go generate ./agent", len(toolIndexSnapshot), len(want))
	}
	if _, err := retrieval.LoadToolIndex(toolIndexSnapshot, specs); err != nil {
		t.Fatal(err)
	}
}

// TestDefaultToolIndexOtherRegistry checks that a registry other than the
// catalogue gets an index of its own tools, built at start-up.
func TestDefaultToolIndexOtherRegistry(t *testing.T) {
	specs := tools.Catalogue().Specs()[:4]
	idx, err := defaultToolIndex(context.Background(), specs, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if idx.Len() != len(specs) {
		t.Fatalf("index of %d tools, want %d", idx.Len(), len(specs))
	}
}
