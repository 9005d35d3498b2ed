package eval

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/graphagent/graphagent/agent"
)

// TestGToolsTemplatesAllSeeds generates the test split with seeds 1–5 and
// five items per task, direction and mode — phrasings rotate, so every
// template of the generator is asked in both modes and directions under
// each seed — and expects the builtin backend to answer all of them: the
// published 100% on the generated split must hold for any seed, not just
// the one measured.
func TestGToolsTemplatesAllSeeds(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 5; seed++ {
		s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGTools, Split: SplitTest, N: 5, Seed: seed, WorkDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		a, err := NewAgent(ctx, s, agent.Config{})
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		rep, err := Run(ctx, s, AgentAsker{Agent: a}, RunConfig{Out: out, Concurrency: runtime.NumCPU(), Backend: "builtin", NoCharts: true})
		a.Close()
		if err != nil {
			t.Fatal(err)
		}
		if rep.Items != 200 {
			t.Fatalf("seed %d: %d items, want 200 (20 tasks x 2 modes x 5)", seed, rep.Items)
		}
		if rep.Overall.Accuracy == 1 {
			continue
		}
		t.Errorf("seed %d: answer accuracy %.1f%%, want 100%%", seed, 100*rep.Overall.Accuracy)
		f, err := os.Open(filepath.Join(out, "results.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var r Record
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			if !r.Correct {
				t.Errorf("seed %d: %s: %s (tool %q, error %q)", seed, r.ID, taskText(s.itemByID(r.ID)), r.Tool, r.Error)
			}
		}
		f.Close()
	}
}

// itemByID is the question of the item named id ("" when none is).
func (s *Suite) itemByID(id string) string {
	for i := range s.Items {
		if s.Items[i].ID == id {
			return s.Items[i].Question
		}
	}
	return ""
}
