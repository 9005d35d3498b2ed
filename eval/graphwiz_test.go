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

// graphWizFixture writes a GraphWiz split of perTask items per task in the
// benchmark's format (testdata/graphwiz_fixture.py: NetworkX golds, and
// Hamilton golds as the benchmark's generator computes them) and returns
// its folder and each item's exact answer.
func graphWizFixture(tb testing.TB, seed, perTask int) (string, map[string]json.RawMessage) {
	tb.Helper()
	dir := tb.TempDir()
	cmd := exec.Command("python3", filepath.Join("testdata", "graphwiz_fixture.py"), fmt.Sprint(seed), fmt.Sprint(perTask), dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("graphwiz_fixture.py (needs python3 with networkx): %v\n%s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "exact.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	exact := map[string]json.RawMessage{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e struct {
			ID    string          `json:"id"`
			Exact json.RawMessage `json:"exact"`
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			tb.Fatal(err)
		}
		exact[e.ID] = e.Exact
	}
	if err := os.Remove(filepath.Join(dir, "exact.jsonl")); err != nil {
		tb.Fatal(err)
	}
	return dir, exact
}

// sameAnswer compares two gold answers as values (a topological order's
// node IDs as text).
func sameAnswer(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	if lx, ok := x.([]any); ok {
		ly, ok := y.([]any)
		if !ok || len(lx) != len(ly) {
			return false
		}
		for i := range lx {
			if paramString(lx[i]) != paramString(ly[i]) {
				return false
			}
		}
		return true
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}

// TestGraphWizSuite loads a generated split in GraphWiz's format, checks
// that the audit re-derives every gold NetworkX computes (correcting
// exactly the Hamilton golds the benchmark's generator got wrong, each with
// a path that checks), and that the builtin agent answers every task a
// catalogue tool answers right against the audited gold.
func TestGraphWizSuite(t *testing.T) {
	ctx := context.Background()
	dir, exact := graphWizFixture(t, 7, 25)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphWiz, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 9*25 {
		t.Fatalf("%d items, want %d", len(s.Items), 9*25)
	}
	corrected, wrongPublished := 0, 0
	for i := range s.Items {
		it := &s.Items[i]
		want, ok := exact[it.ID]
		if !ok {
			t.Fatalf("%s: no exact answer", it.ID)
		}
		if !sameAnswer(it.Answer, want) {
			wrongPublished++
		}
		if it.Audit == nil {
			t.Fatalf("%s: not audited", it.ID)
		}
		if !sameAnswer(it.Gold(), want) {
			t.Errorf("%s: audited gold %s, NetworkX %s (audit %+v)", it.ID, it.Gold(), want, *it.Audit)
		}
		if it.Audit.Status == AuditCorrected {
			corrected++
			if it.Task != GWHamilton || !strings.HasPrefix(it.Audit.Proof, "Hamiltonian path ") {
				t.Errorf("%s: unexpected correction %+v", it.ID, *it.Audit)
			}
		}
	}
	if corrected == 0 || corrected != wrongPublished {
		t.Errorf("the audit corrected %d golds; %d published golds differ from NetworkX's", corrected, wrongPublished)
	}

	a, err := NewAgent(ctx, s, agent.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	rep, err := Run(ctx, s, AgentAsker{Agent: a}, RunConfig{Out: t.TempDir(), Concurrency: 2, Backend: "builtin", NoCharts: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Overall.Wrong != 0 {
		t.Errorf("%d wrong answers", rep.Overall.Wrong)
	}
	for _, row := range rep.Rows {
		if row.Accuracy < 1 {
			t.Errorf("%s: accuracy %.1f%% against the audited gold (%v)", row.Task, 100*row.Accuracy, row.Failures)
		}
		if row.Task == GWHamilton && (row.GoldCorrected != corrected || row.PublishedAccuracy >= row.Accuracy) {
			t.Errorf("hamilton: %d corrected, published-gold accuracy %.3f vs audited %.3f", row.GoldCorrected, row.PublishedAccuracy, row.Accuracy)
		}
	}
	md := rep.Markdown()
	if !strings.Contains(md, "Against the audited and the published gold") {
		t.Errorf("the report does not show both golds:\n%s", md)
	}
	audit := AuditMarkdown(s.Name, s.Items, 3)
	if !strings.Contains(audit, fmt.Sprintf("| hamilton | 25 | %d | %d |", 25-corrected, corrected)) {
		t.Errorf("audit report:\n%s", audit)
	}
}

// TestGraphWizLoaderErrors checks that missing and malformed files are
// errors naming the files expected, or the file and line.
func TestGraphWizLoaderErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	_, err := ReadGraphWizDir(ctx, dir, nil)
	if err == nil || !strings.Contains(err.Error(), "hamilton_test.json") || !strings.Contains(err.Error(), "GraphWiz/GraphInstruct-Test") {
		t.Errorf("empty folder: %v", err)
	}
	good, _ := json.Marshal(gwRecord{InputPrompt: strings.NewReplacer("{}", "%s").Replace(gwTasks[GWCycle].template), Answer: "### No"})
	line := strings.Replace(string(good), "%s", "0", 1)
	line = strings.Replace(line, "%s", "2", 1)
	line = strings.Replace(line, "%s", "(0, 1) (1, 2)", 1)
	cases := []struct{ body, want string }{
		{line + "\n" + line[:len(line)/2] + "\n", "cycle_test.json:2:"},
		{line + "\n" + strings.Replace(line, "(1, 2)", "(1, 7)", 1) + "\n", "cycle_test.json:2: item 1: node 7 is outside 0..2"},
		{strings.Replace(line, "### No", "No", 1) + "\n", "cycle_test.json:1: item 0: the answer \"No\" does not start with ###"},
		{strings.Replace(line, "Is there a cycle", "Is there a loop", 1) + "\n", "cycle_test.json:1: item 0: the question is not GraphWiz's cycle prompt"},
		{strings.Replace(line, "(0, 1) (1, 2)", "(0, 1) (1 2)", 1) + "\n", "cycle_test.json:1: item 0: not a edge"},
		{"\n\n", "cycle_test.json has no items"},
	}
	for _, c := range cases {
		if err := os.WriteFile(filepath.Join(dir, "cycle_test.json"), []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadGraphWizDir(ctx, dir, []string{GWCycle})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "cycle_test.json"), []byte(line+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	items, err := ReadGraphWizDir(ctx, dir, []string{GWCycle})
	if err != nil || len(items) != 1 || items[0].ID != "cycle/0" || items[0].Graph.Nodes != 3 || items[0].Graph.Edges != 2 {
		t.Errorf("good file: %v %+v", err, items)
	}
}

// TestGraphWizCheckRules holds GraphWizCheck to evaluate_nlg.py's check()
// on the cases its rules decide (each worked out from its code).
func TestGraphWizCheckRules(t *testing.T) {
	cases := []struct {
		task, truth, pred string
		want              bool
	}{
		{GWCycle, "### Yes", "There is a cycle. ### Yes", true},
		{GWCycle, "### No", "### Yes", false},
		{GWCycle, "### No", "### Yes, or no", true}, // 'no' anywhere after ### counts
		{GWCycle, "### Yes", "I think yes, the answer is no.", false},
		{GWCycle, "### No", "I think yes, the answer is no.", true},
		{GWHamilton, "### Yes", "nothing decided", false},
		{GWFlow, "### 9", "The flow is 1,009 ### 9", true},
		{GWFlow, "### 9", "### 9.004", true},
		{GWFlow, "### 9", "### 9.02", false},
		{GWShortest, "### 11", "weights 3 and 8 give 11", true},
		{GWShortest, "### 0", "no number", true}, // extract_last_num's 0.0
		{GWTopology, "### [[4, 3, 1]]", "### [4, 3, 1]", true},
		{GWTopology, "### [[4, 3, 1]]", "### [3, 4, 1]", false},
		{GWTopology, "### [[4, 3, 1]]", "node 3 first", true}, // without ###, any element of the gold (" 3") counts
		{GWTopology, "### [[4, 3, 1]]", "start at 4", false},  // but " [[4" is not in the text
	}
	for _, c := range cases {
		if got := GraphWizCheck(c.task, c.truth, c.pred); got != c.want {
			t.Errorf("%s %q vs %q: %v, want %v", c.task, c.truth, c.pred, got, c.want)
		}
	}
}

// TestGraphWizDirectMode runs the suite's direct mode against the scripted
// OpenAI-compatible server: every request must be the benchmark's prompt
// exactly, replies are scored by the benchmark's rules against both golds,
// and the comparison with the builtin agent's run shows both per task.
func TestGraphWizDirectMode(t *testing.T) {
	ctx := context.Background()
	dir, _ := graphWizFixture(t, 3, 6)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphWiz, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	prompts := map[string]bool{}
	for i := range s.Items {
		prompts[s.Prompt(&s.Items[i])] = true
	}
	srv := llmtest.New(t)
	// The scripted model answers every question "### Yes".
	srv.Handle(func(r llmtest.Request) llmtest.Response {
		if !prompts[r.LastUser()] || r.System() != "" {
			return llmtest.Reply("unexpected prompt")
		}
		return llmtest.Reply("Let's think step by step. ### Yes")
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
		var gold, published any
		_ = json.Unmarshal(it.Gold(), &gold)
		_ = json.Unmarshal(it.Answer, &published)
		r := byID[it.ID]
		if gwTasks[it.Task].answer == 'b' {
			if r.Correct != (gold == true) {
				t.Errorf("%s: correct %v for ### Yes against gold %v", it.ID, r.Correct, gold)
			}
			if it.corrected() && (r.PublishedCorrect == nil || *r.PublishedCorrect != (published == true)) {
				t.Errorf("%s: published-gold verdict %v against %v", it.ID, r.PublishedCorrect, published)
			}
		}
		if r.LLMCalls != 1 {
			t.Errorf("%s: %d LLM calls", it.ID, r.LLMCalls)
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
	for _, want := range []string{"Published A %", "| hamilton |", "| overall |"} {
		if !strings.Contains(cmp, want) {
			t.Errorf("compare lacks %q:\n%s", want, cmp)
		}
	}
}

// FuzzGraphWizFile feeds arbitrary text to the GraphWiz file reader: it must
// never panic, must name the file in every error, and every item it accepts
// must validate, read back its graph and survive the audit.
func FuzzGraphWizFile(f *testing.F) {
	for _, task := range GraphWizTasks() {
		tmpl := gwTasks[task].template
		vals := map[byte][]string{}
		edges := map[string]string{GWShortest: "(0,1,4) (1,2,3)", GWFlow: "(0->1,4) (1->2,3)", GWBipartite: "(0->1) (1->2)",
			GWTopology: "(0->1) (1->2)", GWSubstructure: "(0->1) (1->2)"}[task]
		if edges == "" {
			edges = "(0, 1) (1, 2) (0, 2)"
		}
		vals['n'] = []string{"0", "2", "0", "2"}
		q := tmpl
		ni := 0
		for _, k := range gwTasks[task].slots {
			var v string
			switch k {
			case 'n':
				v = vals['n'][ni]
				ni++
			case 'a':
				v = "a"
				if strings.Count(q, "{}") < 3 {
					v = "b"
				}
			default:
				v = edges
				if task == GWTriplet && strings.Count(q, "{}") == 2 {
					v = "[0, 3] [1, 5] [2, 1]"
				}
				if task == GWSubstructure && strings.Count(q, "{}") == 1 {
					v = "(a->b)"
				}
			}
			q = strings.Replace(q, "{}", v, 1)
		}
		ans := map[byte]string{'b': "### Yes", 'n': "### 7", 'o': "### [[0, 1, 2]]"}[gwTasks[task].answer]
		line, _ := json.Marshal(map[string]any{"index": 0, "input_prompt": q, "answer": ans})
		f.Add(task, string(line)+"\n")
		f.Add(task, string(line[:len(line)-7]))
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, task, body string) {
		if _, ok := gwTasks[task]; !ok {
			return
		}
		items, err := readGraphWizFile(ctx, task, "x_test.json", []byte(body))
		if err != nil {
			if !strings.Contains(err.Error(), "x_test.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for i := range items {
			if err := items[i].Validate(); err != nil {
				t.Fatal(err)
			}
			if _, err := graphWizGraph(&items[i]); err != nil {
				t.Fatal(err)
			}
		}
		if len(items) <= 8 {
			for i := range items {
				if p, _ := parseGraphWiz(task, items[i].Question); p.n > 30 {
					return // the audit's Hamiltonian search is exponential; keep fuzzing fast
				}
			}
			if err := AuditItems(ctx, items); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// BenchmarkGraphWizBuiltin1000 opens (reads and audits) a 1,008-item
// GraphWiz split and answers every item with the builtin agent on
// GOMAXPROCS workers, as `graphagent eval --suite graphwiz` does.
func BenchmarkGraphWizBuiltin1000(b *testing.B) {
	ctx := context.Background()
	dir, _ := graphWizFixture(b, 11, 112)
	out := b.TempDir()
	for b.Loop() {
		s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphWiz, Path: dir})
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
		if rep.Items != 1008 {
			b.Fatalf("%d items", rep.Items)
		}
	}
}
