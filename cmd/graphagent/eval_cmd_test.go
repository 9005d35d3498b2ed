package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gziptest"
	"github.com/graphagent/graphagent/reasoning/llmtest"
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

// TestEvalNLGraph evaluates a folder of NLGraph task files (one plain, one
// gzipped) and reports correct, wrong and refused answers.
func TestEvalNLGraph(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "nlgraph")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	flow := map[string]map[string]string{"0": {
		"question": "In a directed graph, the nodes are numbered from 0 to 3, and the edges are:\nan edge from node 0 to node 1 with capacity 3,\n" +
			"an edge from node 0 to node 2 with capacity 2,\nan edge from node 1 to node 3 with capacity 2,\nan edge from node 2 to node 3 with capacity 5.\n" +
			"Q: What is the maximum flow from node 0 to node 3?\nA:",
		"answer": "The maximum flow from node 0 to node 3 is 4.", "difficulty": "easy"}}
	topo := map[string]map[string]string{"0": {
		"question": "In a directed graph with 3 nodes numbered from 0 to 2:\nnode 2 should be visited before node 0\nnode 0 should be visited before node 1\n" +
			"Q: Can all the nodes be visited? Give the solution.\nA:",
		"answer": "The solution is: 2,0,1.", "difficulty": "easy"}}
	b, _ := json.Marshal(flow)
	if err := os.WriteFile(filepath.Join(data, "flow.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(topo)
	if err := os.WriteFile(filepath.Join(data, "topology.json.gz"), gziptest.Bytes(t, b), 0o644); err != nil {
		t.Fatal(err)
	}

	run := filepath.Join(dir, "run")
	out, errOut, code := runCLI(t, "eval", "--suite", "nlgraph", "--path", data, "--tasks", "flow,topology", "--out", run, "--no-charts")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "| flow |") || !strings.Contains(out, "| topology |") || !strings.Contains(out, "Refused") {
		t.Fatalf("eval printed:\n%s", out)
	}
	var rep struct {
		Items   int `json:"items"`
		Overall struct {
			Correct, Wrong, Refused int
		} `json:"overall"`
		Rows []struct {
			Task    string `json:"task"`
			Correct int    `json:"correct"`
		} `json:"rows"`
	}
	b, err := os.ReadFile(filepath.Join(run, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rep); err != nil || rep.Items != 2 || rep.Overall.Correct+rep.Overall.Wrong+rep.Overall.Refused != 2 {
		t.Fatalf("report: %v, %+v", err, rep)
	}
	for _, r := range rep.Rows {
		if r.Task == "flow" && r.Correct != 1 {
			t.Errorf("the maximum flow was not answered correctly: %s", b)
		}
	}
	// Without --tasks every task's file must be there.
	if _, errOut, code := runCLI(t, "eval", "--suite", "nlgraph", data, "--out", filepath.Join(dir, "run2")); code != exitUsage || !strings.Contains(errOut, "connectivity.json") {
		t.Errorf("missing task files: exit %d: %s", code, errOut)
	}
}

// TestEvalStopsOnDeadLLM: eval with --llm at a server that is unreachable,
// or that answers only errors, stops after the first items with exit 1 and
// a message saying why (the first item's failure), instead of scoring every
// item refused.
func TestEvalStopsOnDeadLLM(t *testing.T) {
	dir := t.TempDir()
	items := filepath.Join(dir, "items")
	if _, errOut, code := runCLI(t, "gen", items, "--n", "4", "--seed", "1", "--tasks", "Edge_Count,Node_Count"); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errOut)
	}
	failing := llmtest.New(t)
	failing.Handle(func(llmtest.Request) llmtest.Response { return llmtest.Status(500) })
	for _, c := range []struct{ name, url, why string }{
		{"unreachable", "http://127.0.0.1:1/v1", "connection refused"},
		{"errors", failing.BaseURL(), "500"},
	} {
		out := filepath.Join(dir, c.name)
		_, errOut, code := runCLI(t, "--home", t.TempDir(), "--llm-retries", "0", "eval", "--suite", "gtools-dir", items,
			"--llm", c.url, "--model", "m", "--out", out, "--concurrency", "1", "--no-charts")
		if code != exitNoAnswer || !strings.Contains(errOut, "failed on each of the first 3 items") || !strings.Contains(errOut, c.why) {
			t.Errorf("%s: exit %d, %q", c.name, code, errOut)
		}
		data, err := os.ReadFile(filepath.Join(out, "results.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), "\n"); n >= 16 {
			t.Errorf("%s: %d of 16 items were scored; the run went on", c.name, n)
		}
	}
}
