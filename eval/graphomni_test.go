package eval

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goExact is a fixture item's answer by NetworkX on the graph the query
// shows, and whether the question's nodes appear in it.
type goExact struct {
	Exact json.RawMessage `json:"exact"`
	Shown bool            `json:"shown"`
}

func graphOmniFixture(tb testing.TB, seed, perTask int) (string, map[string]goExact) {
	tb.Helper()
	dir, lines := suiteFixture(tb, "graphomni_fixture.py", seed, perTask)
	out := map[string]goExact{}
	for id, l := range lines {
		var e goExact
		if err := json.Unmarshal(l, &e); err != nil {
			tb.Fatal(err)
		}
		out[id] = e
	}
	return dir, out
}

// TestGraphOmniSuite loads a generated split in GraphOmni's format (six
// tasks, five serializations, CoT prompts with an example graph first)
// and checks the audit against NetworkX: questions about nodes the
// Adjacency Set never shows ill-posed, the planted non-shortest paths
// corrected to shortest ones, everything else confirmed. Then the builtin
// agent answers: no wrong answer.
func TestGraphOmniSuite(t *testing.T) {
	ctx := context.Background()
	dir, exact := graphOmniFixture(t, 7, 20)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphOmni, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 6*20 {
		t.Fatalf("%d items", len(s.Items))
	}
	counts := map[string]int{}
	for i := range s.Items {
		it := &s.Items[i]
		e, ok := exact[it.ID]
		if !ok {
			t.Fatalf("%s: no exact answer", it.ID)
		}
		a := it.Audit
		counts[it.Task+" "+a.Status]++
		if !e.Shown {
			if a.Status != AuditIllPosed {
				t.Errorf("%s: asks about a hidden node, audit %+v", it.ID, *a)
			}
			continue
		}
		var gold, ex any
		_ = json.Unmarshal(it.Gold(), &gold)
		_ = json.Unmarshal(e.Exact, &ex)
		g, err := s.Graph(ctx, it)
		if err != nil {
			t.Fatal(err)
		}
		switch it.Task {
		case GOShortestPath:
			l, _ := listOf(gold)
			if float64(len(l)-1) != ex || walkOK(g, l, false) != nil {
				t.Errorf("%s: audited path %v, shortest length %v (%+v)", it.ID, l, ex, *a)
			}
		case GOBFSOrder:
			l, _ := listOf(gold)
			if a.Status != AuditConfirmed || bfsOK(g, l, l[0]) != nil {
				t.Errorf("%s: audit %+v", it.ID, *a)
			}
		default:
			if a.Status != AuditConfirmed || !sameAnswer(it.Gold(), e.Exact) {
				t.Errorf("%s: gold %s, exact %s (audit %+v)", it.ID, it.Gold(), e.Exact, *a)
			}
		}
	}
	for _, k := range []string{"shortest_path corrected", "connectivity ill-posed"} {
		if counts[k] == 0 {
			t.Errorf("no %s item (%v)", k, counts)
		}
	}
	_, recs := runBuiltin(t, s)
	for i := range s.Items {
		it := &s.Items[i]
		if r := recs[it.ID]; !r.Correct && !r.Refused {
			t.Errorf("%s: wrong (%s)", it.ID, r.Reason)
		}
	}
	if md := AuditMarkdown(s.Name, s.Items, 2); !strings.Contains(md, "| shortest_path | 20 |") {
		t.Errorf("audit report:\n%s", md)
	}
}

// TestGraphOmniLoaderErrors checks that missing and malformed files are
// errors naming the files expected, or the file and line.
func TestGraphOmniLoaderErrors(t *testing.T) {
	ctx := context.Background()
	_, err := ReadGraphOmniDir(ctx, t.TempDir(), nil)
	if err == nil || !strings.Contains(err.Error(), "load_connectivity.json") || !strings.Contains(err.Error(), "GoodAIResearch/GraphOmni-anon") {
		t.Errorf("empty folder: %v", err)
	}
	src, _ := graphOmniFixture(t, 2, 2)
	file := filepath.Join(src, "load_triangle.json")
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	good := string(raw)
	cases := []struct{ body, want string }{
		{good[:len(good)/2], "load_triangle.json:"},
		{strings.Replace(good, `"gt_answer": "`, `"gt_answer": "x`, 1), "load_triangle.json:2: record 0: triangle: the answer"},
		{strings.Replace(good, `"task_type": "triangle"`, `"task_type": "cycle"`, 1), "load_triangle.json:2: record 0: task_type"},
		{strings.Replace(good, `Adjacency Set is \n{`, `Adjacency Set is \n{x`, 1), "record 0: the query's graph"},
		{"[]", "load_triangle.json has no records"},
	}
	for _, c := range cases {
		if err := os.WriteFile(file, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadGraphOmniDir(ctx, src, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadGraphOmniDir(ctx, src, nil); err == nil || !strings.Contains(err.Error(), "lacks load_triangle.json") {
		t.Errorf("missing file: %v", err)
	}
	if items, err := ReadGraphOmniDir(ctx, src, []string{GOCycle}); err != nil || len(items) != 2 {
		t.Errorf("--tasks cycle: %v, %d items", err, len(items))
	}
}

// TestGraphOmniCheckRules holds GraphOmniCheck to eval_fun's rules.
func TestGraphOmniCheckRules(t *testing.T) {
	g, err := goParseGraph("Adjacency Set", "{0: {1, 2}, 1: {0, 2}, 2: {0, 1, 3}, 3: {2}}")
	if err != nil {
		t.Fatal(err)
	}
	pair := map[string]any{"source": "0", "target": "3"}
	cases := []struct {
		task  string
		gold  any
		reply string
		want  bool
	}{
		{GOCycle, true, "Yes", true},
		{GOCycle, true, "No", false},
		{GOCycle, false, "No.", true},
		{GOCycle, true, "Let's see.\nThe graph contains a cycle: 0-1-2-0.", true},
		{GOCycle, true, "We check whether there is a cycle.\nThere is no cycle in the graph.", false},
		{GOConnectivity, true, "Yes, there is a path: 0-2-3.", true},
		{GOConnectivity, false, "There is no path between them.", true},
		{GOTriangle, 1.0, "1", true},
		{GOTriangle, 1.0, "Counting.\n\nSo the number of triangles is 1.", true},
		{GOTriangle, 0.0, "There are no triangles in it.", true},
		{GODiameter, 2.0, "The diameter of the graph is 2.0.", true},
		{GODiameter, 2.0, "So the diameter is 3.", false},
		{GOBFSOrder, nil, "0, 1, 2, 3", true},
		{GOBFSOrder, nil, "The BFS traversal order starting from node 0 is 0, 2, 1, 3.", true},
		{GOBFSOrder, nil, "The bfs order is 0, 3, 1, 2.", false},
		{GOShortestPath, []any{"0", "2", "3"}, "0, 2, 3", true},
		{GOShortestPath, []any{"0", "2", "3"}, "So the shortest path is 0 -> 1 -> 2 -> 3.", false},
		{GOShortestPath, []any{"0", "2", "3"}, "So the shortest path is [0, 2, 3].", true},
	}
	for _, c := range cases {
		params := pair
		if c.task == GOBFSOrder {
			params = map[string]any{"source": "0"}
		}
		if got := GraphOmniCheck(c.task, c.gold, c.reply, g, params); got != c.want {
			t.Errorf("%s %v vs %q: %v, want %v", c.task, c.gold, c.reply, got, c.want)
		}
	}
}

// TestGraphOmniDirectMode runs the direct mode against the scripted
// OpenAI-compatible server: every request is the record's query, scored
// by GraphOmniCheck, and compared with the builtin agent's run.
func TestGraphOmniDirectMode(t *testing.T) {
	ctx := context.Background()
	dir, _ := graphOmniFixture(t, 5, 3)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphOmni, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.Items {
		if p := s.Prompt(&s.Items[i]); !strings.Contains(p, "\nQ: ") || !strings.HasSuffix(p, "A: Let's break down this problem:") {
			t.Errorf("%s: prompt %q", s.Items[i].ID, p)
		}
	}
	const reply = "Yes. The answer is 2."
	cmp := directModeCompare(t, s, reply, func(it *Item, gold any) bool {
		g, _ := s.Graph(ctx, it)
		return GraphOmniCheck(it.Task, gold, reply, g, it.Params)
	})
	for _, want := range []string{"triangle |", "shortest_path |"} {
		if !strings.Contains(cmp, want) {
			t.Errorf("compare lacks %q:\n%s", want, cmp)
		}
	}
}

// FuzzGraphOmniFile feeds arbitrary text to the GraphOmni file reader: it
// must never panic, must name the file in every error, and every item it
// accepts must validate, read back its graph and survive the audit.
func FuzzGraphOmniFile(f *testing.F) {
	dir, _ := graphOmniFixture(f, 2, 1)
	for i, task := range GraphOmniTasks() {
		raw, err := os.ReadFile(filepath.Join(dir, goFileName(task)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(i, string(raw))
		f.Add(i, string(raw[:len(raw)/2]))
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, ti int, body string) {
		if ti < 0 || ti >= len(GraphOmniTasks()) {
			return
		}
		d := &graphOmniData{problems: map[string]*goProblem{}}
		if err := readGraphOmniFile(ctx, GraphOmniTasks()[ti], "x/load.json", []byte(body), d); err != nil {
			if !strings.Contains(err.Error(), "x/load.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for i := range d.items {
			if err := d.items[i].Validate(); err != nil {
				t.Fatal(err)
			}
			if _, err := d.problems[d.items[i].ID].graph(); err != nil {
				t.Fatal(err)
			}
		}
		if len(d.items) <= 10 {
			if err := auditGraphOmniItems(ctx, d.items, d.problems); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// BenchmarkGraphOmniBuiltin1000 opens (reads and audits) a 1,002-item
// GraphOmni split (167 per task) and answers every item with the builtin
// agent on two workers.
func BenchmarkGraphOmniBuiltin1000(b *testing.B) {
	dir, _ := graphOmniFixture(b, 11, 167)
	benchSuiteBuiltin(b, SuiteConfig{Name: SuiteGraphOmni, Path: dir}, 6*167)
}
