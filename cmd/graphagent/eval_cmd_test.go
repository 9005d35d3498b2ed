package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenEvalCompare generates a small split, evaluates it with the builtin
// backend (flags after positionals), resumes, and compares two reports.
func TestGenEvalCompare(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items")
	out, errOut, code := runCLI(t, "gen", items, "--n", "2", "--seed", "5", "--tasks", "Flow,Topo")
	if code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "wrote 12 test items") { // Flow Di/Un + Topo, WL and EL, 2 each
		t.Fatalf("gen said %q", out)
	}
	for _, p := range []string{"WL/Flow/Di/flow_Di.json", "WL/Topo/topo.json", "EL/Flow/Un/data/task_1.edgelist", "items.jsonl"} {
		if _, err := os.Stat(filepath.Join(items, p)); err != nil {
			t.Fatal(err)
		}
	}
	run1 := filepath.Join(dir, "run1")
	out, errOut, code = runCLI(t, "eval", "--suite", "gtools-dir", items, "--out", run1, "--concurrency", "2")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "| Flow |") || !strings.Contains(out, "12 items") {
		t.Fatalf("eval printed:\n%s", out)
	}
	var rep struct {
		Items   int `json:"items"`
		Overall struct {
			Correct int `json:"correct"`
		} `json:"overall"`
	}
	b, err := os.ReadFile(filepath.Join(run1, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rep); err != nil || rep.Items != 12 {
		t.Fatalf("report: %v, %+v", err, rep)
	}
	// Resuming a finished run asks nothing again.
	out, errOut, code = runCLI(t, "eval", "--suite", "gtools-dir", items, "--out", run1, "--resume", "--no-charts")
	if code != 0 || !strings.Contains(out, "This run asked 0 items") {
		t.Fatalf("resume: exit %d: %s\n%s", code, errOut, out)
	}
	out, _, code = runCLI(t, "eval", "compare", filepath.Join(run1, "report.json"), filepath.Join(run1, "report.json"))
	if code != 0 || !strings.Contains(out, "| EL Flow/Di |") {
		t.Fatalf("compare: exit %d:\n%s", code, out)
	}
	// Bad usage exits 2.
	for _, args := range [][]string{
		{"gen"},
		{"gen", "--split", "dev", filepath.Join(dir, "x")},
		{"eval", "--suite", "nope"},
		{"eval", "--suite", "gtools-dir", filepath.Join(dir, "missing")},
		{"eval", "--concurrency", "0"},
		{"eval", "-n", "-1", "--out", filepath.Join(dir, "neg")},
		{"eval", "compare", "a.json"},
	} {
		if _, _, code := runCLI(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}
