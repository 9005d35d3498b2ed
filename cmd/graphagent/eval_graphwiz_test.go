package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/graphagent/graphagent/reasoning/llmtest"
)

// TestEvalGraphWizModes runs the graphwiz suite from the command line on a
// generated split in the benchmark's format: tools mode with the builtin
// backend, direct mode against the scripted OpenAI-compatible server (each
// request the benchmark's prompt alone), eval compare of the two, and eval
// audit; and the usage errors of a folder without the files and of direct
// mode without a model.
func TestEvalGraphWizModes(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "gw")
	script := filepath.Join("..", "..", "eval", "testdata", "graphwiz_fixture.py")
	if out, err := exec.Command("python3", script, "5", "4", data).CombinedOutput(); err != nil {
		t.Fatalf("graphwiz_fixture.py (needs python3 with networkx): %v\n%s", err, out)
	}
	if err := os.Remove(filepath.Join(data, "exact.jsonl")); err != nil {
		t.Fatal(err)
	}
	tasks := "hamilton,cycle,flow,topology"
	toolsRun := filepath.Join(dir, "tools")
	out, errOut, code := runCLI(t, "eval", "--suite", "graphwiz", data, "--tasks", tasks, "--out", toolsRun, "--no-charts")
	if code != 0 {
		t.Fatalf("tools mode: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(out, "| hamilton | 4 |") {
		t.Errorf("tools report:\n%s", out)
	}
	audit, err := os.ReadFile(filepath.Join(toolsRun, "audit.md"))
	if err != nil || !strings.Contains(string(audit), "| hamilton | 4 |") {
		t.Errorf("audit.md: %v\n%s", err, audit)
	}

	srv := llmtest.New(t)
	var unexpected atomic.Int32
	srv.Handle(func(r llmtest.Request) llmtest.Response {
		if !strings.HasPrefix(r.LastUser(), "Below is an instruction that describes a task.") || r.System() != "" || len(r.Messages) != 1 {
			unexpected.Add(1)
			return llmtest.Reply("unexpected request")
		}
		return llmtest.Reply("Step by step... ### Yes")
	})
	directRun := filepath.Join(dir, "direct")
	_, errOut, code = runCLI(t, "eval", "--suite", "graphwiz", data, "--tasks", tasks, "--mode", "direct",
		"--llm", srv.BaseURL(), "--model", "scripted", "--out", directRun, "--no-charts")
	if code != 0 {
		t.Fatalf("direct mode: exit %d\n%s", code, errOut)
	}
	if srv.Calls() != 16 || unexpected.Load() != 0 {
		t.Errorf("%d model calls for 16 items, %d not the benchmark's prompt alone", srv.Calls(), unexpected.Load())
	}
	out, errOut, code = runCLI(t, "eval", "compare", filepath.Join(directRun, "report.json"), filepath.Join(toolsRun, "report.json"))
	if code != 0 || !strings.Contains(out, "| hamilton |") || !strings.Contains(out, "direct") {
		t.Errorf("compare: exit %d\n%s%s", code, out, errOut)
	}
	out, _, code = runCLI(t, "eval", "audit", data, "--tasks", "hamilton")
	if code != 0 || !strings.Contains(out, "| hamilton | 4 |") {
		t.Errorf("eval audit: exit %d\n%s", code, out)
	}

	if _, errOut, code := runCLI(t, "eval", "--suite", "graphwiz", t.TempDir(), "--out", filepath.Join(dir, "x")); code != exitUsage ||
		!strings.Contains(errOut, "cycle_test.json") || !strings.Contains(errOut, "GraphWiz/GraphInstruct-Test") {
		t.Errorf("empty folder: exit %d: %s", code, errOut)
	}
	if _, errOut, code := runCLI(t, "eval", "--suite", "graphwiz", data, "--mode", "direct", "--out", filepath.Join(dir, "y")); code != exitUsage ||
		!strings.Contains(errOut, "--llm") {
		t.Errorf("direct without a model: exit %d: %s", code, errOut)
	}
}
