package eval

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
)

// suiteFixture runs testdata/<script> SEED N DIR (a generator of a
// benchmark's own files, needing python3 with networkx) and returns DIR
// and the lines of DIR/exact.jsonl by their "id", removing that file.
func suiteFixture(tb testing.TB, script string, seed, n int) (string, map[string]json.RawMessage) {
	tb.Helper()
	dir := tb.TempDir()
	cmd := exec.Command("python3", filepath.Join("testdata", script), fmt.Sprint(seed), fmt.Sprint(n), dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("%s (needs python3 with networkx): %v\n%s", script, err, out)
	}
	path := filepath.Join(dir, "exact.jsonl")
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	exact := map[string]json.RawMessage{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var e struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			tb.Fatal(err)
		}
		exact[e.ID] = append(json.RawMessage(nil), sc.Bytes()...)
	}
	if err := os.Remove(path); err != nil {
		tb.Fatal(err)
	}
	return dir, exact
}

// runBuiltin answers every item of s with the builtin agent and returns
// the report and the scored records by item ID.
func runBuiltin(tb testing.TB, s *Suite) (*Report, map[string]Record) {
	tb.Helper()
	ctx := context.Background()
	a, err := NewAgent(ctx, s, agent.Config{})
	if err != nil {
		tb.Fatal(err)
	}
	defer a.Close()
	out := tb.TempDir()
	rep, err := Run(ctx, s, AgentAsker{Agent: a}, RunConfig{Out: out, Concurrency: 2, Backend: "builtin", NoCharts: true})
	if err != nil {
		tb.Fatal(err)
	}
	recs, err := ReadResults(filepath.Join(out, ResultsName))
	if err != nil {
		tb.Fatal(err)
	}
	byID := map[string]Record{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	for _, row := range rep.Rows {
		tb.Logf("%-24s %4d items  %5.1f%% right  %d wrong  %d refused  (published gold %5.1f%%)", row.Task, row.Items, 100*row.Accuracy, row.Wrong, row.Refused, 100*row.PublishedAccuracy)
	}
	return rep, byID
}

// directModeCompare runs s in direct mode against the scripted
// OpenAI-compatible server, which answers reply to every prompt the suite
// builds (and "unexpected prompt" to anything else); check says whether
// reply is right for an item by the benchmark's rule. Then it runs the
// builtin agent and returns the compare report of the two runs.
func directModeCompare(t *testing.T, s *Suite, reply string, check func(it *Item, gold any) bool) string {
	t.Helper()
	ctx := context.Background()
	prompts := map[string]bool{}
	for i := range s.Items {
		prompts[s.Prompt(&s.Items[i])] = true
	}
	srv := llmtest.New(t)
	srv.Handle(func(r llmtest.Request) llmtest.Response {
		if !prompts[r.LastUser()] || r.System() != "" {
			return llmtest.Reply("unexpected prompt")
		}
		return llmtest.Reply(reply)
	})
	p, err := reasoning.NewLLMPlanner(reasoning.LLMConfig{BaseURL: srv.BaseURL(), Model: "scripted"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	out := t.TempDir()
	direct, err := Run(ctx, s, DirectAsker{Model: p, Prompt: s.Prompt}, RunConfig{Out: out, Concurrency: 2, Backend: "scripted direct", NoCharts: true})
	if err != nil {
		t.Fatal(err)
	}
	if srv.Calls() != len(s.Items) {
		t.Errorf("%d calls for %d items", srv.Calls(), len(s.Items))
	}
	recs, err := ReadResults(filepath.Join(out, ResultsName))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Record{}
	for _, r := range recs {
		byID[r.ID] = r
	}
	for i := range s.Items {
		it := &s.Items[i]
		var gold any
		_ = json.Unmarshal(it.Gold(), &gold)
		if r := byID[it.ID]; r.Correct != check(it, gold) {
			t.Errorf("%s: correct %v against gold %v", it.ID, r.Correct, gold)
		}
	}
	a, err := NewAgent(ctx, s, agent.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	tools, err := Run(ctx, s, AgentAsker{Agent: a}, RunConfig{Out: t.TempDir(), Backend: "builtin", NoCharts: true})
	if err != nil {
		t.Fatal(err)
	}
	cmp := Compare(direct, tools)
	if !strings.Contains(cmp, "| overall |") {
		t.Errorf("compare report:\n%s", cmp)
	}
	return cmp
}

// benchSuiteBuiltin opens cfg's suite (reading and auditing it) and
// answers every item with the builtin agent on two workers, want items.
func benchSuiteBuiltin(b *testing.B, cfg SuiteConfig, want int) {
	ctx := context.Background()
	out := b.TempDir()
	for b.Loop() {
		s, err := OpenSuite(ctx, cfg)
		if err != nil {
			b.Fatal(err)
		}
		a, err := NewAgent(ctx, s, agent.Config{})
		if err != nil {
			b.Fatal(err)
		}
		rep, err := Run(ctx, s, AgentAsker{Agent: a}, RunConfig{Out: out, Concurrency: 2, NoCharts: true})
		a.Close()
		if err != nil {
			b.Fatal(err)
		}
		if rep.Items != want {
			b.Fatalf("%d items, want %d", rep.Items, want)
		}
	}
}
