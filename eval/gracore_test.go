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

// gcExact is a fixture item's exact answer by the question's own words and
// the nodes without edges its description never shows.
type gcExact struct {
	Exact  json.RawMessage `json:"exact"`
	Hidden []int           `json:"hidden"`
}

// graCoReFixture writes a GraCoRe split of perFile graphs per type and size
// (testdata/gracore_fixture.py) and returns its folder and the exact
// answers.
func graCoReFixture(tb testing.TB, seed, perFile int) (string, map[string]gcExact) {
	tb.Helper()
	dir := tb.TempDir()
	cmd := exec.Command("python3", filepath.Join("testdata", "gracore_fixture.py"), fmt.Sprint(seed), fmt.Sprint(perFile), dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("gracore_fixture.py (needs python3 with networkx): %v\n%s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "exact.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	exact := map[string]gcExact{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e struct {
			ID string `json:"id"`
			gcExact
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			tb.Fatal(err)
		}
		exact[e.ID] = e.gcExact
	}
	if err := os.Remove(filepath.Join(dir, "exact.jsonl")); err != nil {
		tb.Fatal(err)
	}
	return dir, exact
}

// TestGraCoReSuite loads a generated split in GraCoRe's format and checks
// the audit against the exact answers: every Hamiltonian gold corrected to
// a cycle that checks, every TSP gold to the optimum, the Eulerian golds
// that nx.is_eulerian got wrong for an isolated node corrected, the node
// counts, average degrees and connectivity of graphs with hidden nodes
// ill-posed, everything else confirmed. Then the builtin agent's accuracy
// per task is logged, with no wrong answer on the tasks it answers.
func TestGraCoReSuite(t *testing.T) {
	ctx := context.Background()
	dir, exact := graCoReFixture(t, 7, 4)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraCoRe, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	// 9 types x 2 sizes x 4 graphs, and 4 structure questions for 4 types.
	if want := 9*2*4 + 4*2*4*4; len(s.Items) != want {
		t.Fatalf("%d items, want %d", len(s.Items), want)
	}
	counts := map[string]int{}
	for i := range s.Items {
		it := &s.Items[i]
		e, ok := exact[it.ID]
		if !ok {
			t.Fatalf("%s: no exact answer", it.ID)
		}
		a := it.Audit
		if a == nil {
			t.Fatalf("%s: not audited", it.ID)
		}
		counts[it.Task+" "+a.Status]++
		var gold any
		_ = json.Unmarshal(it.Gold(), &gold)
		var ex any
		_ = json.Unmarshal(e.Exact, &ex)
		g, err := s.Graph(ctx, it)
		if err != nil {
			t.Fatal(err)
		}
		switch it.Task {
		case GCHamiltonian:
			cyc, _ := listOf(gold)
			if a.Status != AuditCorrected || hamCycleOK(g, cyc) != nil {
				t.Errorf("%s: audit %+v", it.ID, *a)
			}
		case GCTSP:
			m, _ := gold.(map[string]any)
			if l, _ := numberOf(m["length"]); l != ex {
				t.Errorf("%s: audited tour length %v, optimum %v (%+v)", it.ID, l, ex, *a)
			}
		case GCNodeNumber, GCAverageDegree, GCIsConnected:
			hiddenMatters := len(e.Hidden) > 0 && (it.Task != GCIsConnected || components(g)-len(e.Hidden) == 1)
			if hiddenMatters != (a.Status == AuditIllPosed) || !hiddenMatters && a.Status != AuditConfirmed {
				t.Errorf("%s: hidden nodes %v, audit %+v", it.ID, e.Hidden, *a)
			}
			if fmt.Sprint(gold) != fmt.Sprint(ex) {
				t.Errorf("%s: gold %v, exact %v", it.ID, gold, ex)
			}
		case GCSimilarity:
			if a.Status != AuditConfirmed {
				t.Errorf("%s: audit %+v", it.ID, *a)
			}
		case GCGraphTraversal:
			if a.Status != AuditConfirmed && a.Status != AuditIllPosed {
				t.Errorf("%s: audit %+v", it.ID, *a)
			}
		default:
			if fmt.Sprint(gold) != fmt.Sprint(ex) {
				t.Errorf("%s: audited gold %v, exact %v (audit %+v)", it.ID, gold, ex, *a)
			}
			if it.Task == GCEulerian && (a.Status == AuditCorrected) != (len(e.Hidden) > 0 && ex == true) {
				t.Errorf("%s: audit %+v with hidden nodes %v", it.ID, *a, e.Hidden)
			}
		}
	}
	for _, k := range []string{"eulerian corrected", "node_number ill-posed", "tsp corrected", "hamiltonian corrected"} {
		if counts[k] == 0 {
			t.Errorf("no %s item (%v)", k, counts)
		}
	}

	a, err := NewAgent(ctx, s, agent.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	out := t.TempDir()
	rep, err := Run(ctx, s, AgentAsker{Agent: a}, RunConfig{Out: out, Concurrency: 2, Backend: "builtin", NoCharts: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rep.Rows {
		t.Logf("%-18s %3d items  %5.1f%% right  %d wrong  %d refused  (published gold %5.1f%%)", row.Task, row.Items, 100*row.Accuracy, row.Wrong, row.Refused, 100*row.PublishedAccuracy)
	}
	recs, err := ReadResults(filepath.Join(out, ResultsName))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*Item{}
	for i := range s.Items {
		byID[s.Items[i].ID] = &s.Items[i]
	}
	for _, r := range recs {
		it := byID[r.ID]
		if r.Correct || r.Refused || gcKnownWrong[it.Task] || it.Audit.Status == AuditIllPosed {
			continue
		}
		t.Errorf("%s: wrong (%s)", r.ID, r.Reason)
	}
	if md := AuditMarkdown(s.Name, s.Items, 2); !strings.Contains(md, "| hamiltonian | 8 | 0 | 8 |") {
		t.Errorf("audit report:\n%s", md)
	}
}

// gcKnownWrong are the tasks where the builtin backend may answer wrong:
// none since the catalogue lists edges (edge_list), finds Hamiltonian
// cycles and tours past 20 nodes, and the options of the traversal
// question are checked. Wrong answers on ill-posed items (nodes the
// description never shows) are expected.
var gcKnownWrong = map[string]bool{}

// TestGraCoReLoaderErrors checks that missing and malformed files are
// errors naming the files expected, or the file and line.
func TestGraCoReLoaderErrors(t *testing.T) {
	ctx := context.Background()
	_, err := ReadGraCoReDir(ctx, t.TempDir(), nil)
	if err == nil || !strings.Contains(err.Error(), "Data/Pure Graph/<type>/graph_<n>.json") || !strings.Contains(err.Error(), "ZIKEYUAN/GraCoRe") {
		t.Errorf("empty folder: %v", err)
	}
	src, _ := graCoReFixture(t, 2, 1)
	file := filepath.Join(src, "Data", "Pure Graph", "Max Flow Graph", "graph_8.json")
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	good := string(raw)
	cases := []struct{ body, want string }{
		{good[:len(good)/2], "Max Flow Graph/graph_8.json:"},
		{strings.Replace(good, `"is_directed": true`, `"is_directed": "yes"`, 1), "Max Flow Graph/graph_8.json:"},
		{strings.Replace(good, "The maximum flow is", "Max flow is", 1), "Max Flow Graph/graph_8.json:2: graph 0: max_flow: the answer"},
		{strings.Replace(good, `"target": 1,`, `"target": 99,`, 1), "graph 0: edge 0-99 names a node not in nodes"},
		{"[]", "Max Flow Graph/graph_8.json has no graphs"},
	}
	for _, c := range cases {
		if err := os.WriteFile(file, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadGraCoReDir(ctx, src, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
	if err := os.WriteFile(file, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(src, "Data", "Pure Graph", "TSP Graph")); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadGraCoReDir(ctx, src, nil); err == nil || !strings.Contains(err.Error(), "lacks 'TSP Graph'") {
		t.Errorf("missing folder: %v", err)
	}
	if items, err := ReadGraCoReDir(ctx, filepath.Join(src, "Data"), []string{GCMaxFlow}); err != nil || len(items) != 2 {
		t.Errorf("--tasks max_flow from Data/: %v, %d items", err, len(items))
	}
}

// TestGraCoReCheckRules holds GraCoReCheck to its documented rules.
func TestGraCoReCheckRules(t *testing.T) {
	it := func(task string) *Item { return &Item{Task: task} }
	cases := []struct {
		task  string
		gold  any
		reply string
		want  bool
	}{
		{GCNodeNumber, 8.0, "8", true},
		{GCAverageDegree, 2.25, "2.3", true},
		{GCAverageDegree, 2.25, "2.4", false},
		{GCIsConnected, true, "Yes, it is connected.", true},
		{GCEulerian, false, "No.", true},
		{GCShortestPath, 4.0, `{"path": [4, 5, 2, 1], "distance": 4}`, true},
		{GCShortestPath, 4.0, `The path has 4 edges, {"distance": 5}`, false},
		{GCMaxFlow, 13.0, `{"path": [], "max_flow": 13}`, true},
		{GCGraphTraversal, "A", "A. [0, 6, 2]", true},
		{GCGraphTraversal, "A", "The answer is C.", false},
		{GCSimilarity, []any{[]any{0.0, 1.0, 2.0}}, `{"triple": [(1, 0, 2)]}`, true},
	}
	for _, c := range cases {
		if got := GraCoReCheck(it(c.task), c.gold, c.reply, nil); got != c.want {
			t.Errorf("%s %v vs %q: %v, want %v", c.task, c.gold, c.reply, got, c.want)
		}
	}
}

// TestGraCoReDirectMode runs the direct mode against the scripted
// OpenAI-compatible server: every request is the prompt
// get_result_llama3-ins.py builds, scored by GraCoReCheck, and compared with
// the builtin agent's run.
func TestGraCoReDirectMode(t *testing.T) {
	ctx := context.Background()
	dir, _ := graCoReFixture(t, 5, 1)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraCoRe, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	prompts := map[string]bool{}
	for i := range s.Items {
		p := s.Prompt(&s.Items[i])
		if !strings.HasPrefix(p, "This is a ") || !strings.Contains(p, "\nQ: ") || !strings.HasSuffix(p, "\nA: ") && !strings.HasSuffix(p, "\nA:  ") {
			t.Errorf("%s: prompt %q", s.Items[i].ID, p)
		}
		prompts[p] = true
	}
	srv := llmtest.New(t)
	srv.Handle(func(r llmtest.Request) llmtest.Response {
		if !prompts[r.LastUser()] || r.System() != "" {
			return llmtest.Reply("unexpected prompt")
		}
		return llmtest.Reply(`Yes. {"distance": 4, "max_flow": 4} A`)
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
		g, _ := s.Graph(ctx, it)
		if r := byID[it.ID]; r.Correct != GraCoReCheck(it, gold, `Yes. {"distance": 4, "max_flow": 4} A`, g) {
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
	for _, want := range []string{"| tsp |", "| hamiltonian |", "| overall |"} {
		if !strings.Contains(cmp, want) {
			t.Errorf("compare lacks %q:\n%s", want, cmp)
		}
	}
}

// FuzzGraCoReFile feeds arbitrary text to the GraCoRe file reader: it must
// never panic, must name the file in every error, and every item it
// accepts must validate, read back its graph and survive the audit.
func FuzzGraCoReFile(f *testing.F) {
	dir, _ := graCoReFixture(f, 2, 1)
	for i, t := range gcTypes {
		raw, err := os.ReadFile(filepath.Join(dir, "Data", "Pure Graph", t.folder, "graph_8.json"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(i, string(raw))
		f.Add(i, string(raw[:len(raw)/2]))
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, ti int, body string) {
		if ti < 0 || ti >= len(gcTypes) {
			return
		}
		d := &graCoReData{problems: map[string]*gcProblem{}}
		if err := readGraCoReFile(ctx, gcTypes[ti], 8, "x/graph_8.json", []byte(body), d); err != nil {
			if !strings.Contains(err.Error(), "x/graph_8.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for i := range d.items {
			if err := d.items[i].Validate(); err != nil {
				t.Fatal(err)
			}
			p := d.problems[d.items[i].ID]
			if _, err := p.graph(); err != nil {
				t.Fatal(err)
			}
			if len(p.nodes) > 12 && (gcTypes[ti].key == GCTSP || gcTypes[ti].key == GCHamiltonian) {
				return // the exact tour search is exponential; keep fuzzing fast
			}
		}
		if len(d.items) <= 10 {
			if err := auditGraCoReItems(ctx, d.items, d.problems); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// BenchmarkGraCoReBuiltin1000 opens (reads and audits) a 1,000-item GraCoRe
// split (20 graphs per type and size) and answers every item with the
// builtin agent on two workers.
func BenchmarkGraCoReBuiltin1000(b *testing.B) {
	ctx := context.Background()
	dir, _ := graCoReFixture(b, 11, 20)
	out := b.TempDir()
	for b.Loop() {
		s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraCoRe, Path: dir})
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
		if rep.Items != 1000 {
			b.Fatalf("%d items", rep.Items)
		}
	}
}
