package learned

import (
	"context"
	"os"
	"strings"
	"testing"
)

// TestFullTraining trains the full configuration of the models named in
// GRAPHAGENT_LEARNED_FULL (comma-separated model names or families, or
// "all") and logs their test scores, time and peak heap. It is skipped
// without the variable: full training takes minutes.
func TestFullTraining(t *testing.T) {
	names := os.Getenv("GRAPHAGENT_LEARNED_FULL")
	if names == "" {
		t.Skip("set GRAPHAGENT_LEARNED_FULL=all (or model names) to train the full models")
	}
	defs, err := Select(strings.Split(names, ",")...)
	if err != nil {
		t.Fatal(err)
	}
	s := NewStore(StoreConfig{Home: t.TempDir()})
	for _, def := range defs {
		meta, err := s.Train(context.Background(), def, Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s; %.1f s, peak heap %.0f MB; %s", def.Name, meta.Summary(), meta.TrainSeconds, meta.PeakHeapMB, meta.Details)
		for _, sc := range meta.Scores {
			t.Logf("  %s = %.4f ± %.4f (%d runs) baseline=%v", sc.Metric, sc.Value, sc.Std, sc.Runs, sc.Baseline)
		}
	}
}
