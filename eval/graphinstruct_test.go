package eval

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// graphInstructFixture writes a split in GTG's format with NetworkX's
// exact answers (testdata/graphinstruct_fixture.py).
func graphInstructFixture(tb testing.TB, seed, perTask int) (string, map[string]json.RawMessage) {
	tb.Helper()
	dir, lines := suiteFixture(tb, "graphinstruct_fixture.py", seed, perTask)
	out := map[string]json.RawMessage{}
	for id, l := range lines {
		var e struct {
			Exact json.RawMessage `json:"exact"`
		}
		if err := json.Unmarshal(l, &e); err != nil {
			tb.Fatal(err)
		}
		out[id] = e.Exact
	}
	return dir, out
}

// TestGraphInstructSuite loads a generated split of the 21 tasks and
// checks the audit against NetworkX: page_rank unverified, MST ill-posed
// (its graph_nl shows no weights, as GTG writes it), the planted wrong
// cycle gold corrected, everything else confirmed; the prompt is
// dataset.ipynb's. Then the builtin agent answers: no wrong answer on the
// audited tasks.
func TestGraphInstructSuite(t *testing.T) {
	ctx := context.Background()
	dir, exact := graphInstructFixture(t, 7, 6)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphInstruct, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 21*6 {
		t.Fatalf("%d items", len(s.Items))
	}
	for i := range s.Items {
		it := &s.Items[i]
		a := it.Audit
		want := AuditConfirmed
		switch {
		case it.Task == GIPageRank:
			want = AuditUnverified
		case it.Task == GIMST:
			want = AuditIllPosed
		case it.Task == GICycle && it.ID == "cycle-0" && string(exact[it.ID]) == "false":
			want = AuditCorrected
		}
		if a == nil || a.Status != want {
			t.Errorf("%s: audit %+v, want %s (exact %s, published %s)", it.ID, a, want, exact[it.ID], it.Answer)
			continue
		}
		if want == AuditCorrected && string(a.Answer) != "false" {
			t.Errorf("%s: corrected to %s", it.ID, a.Answer)
		}
		p := s.Prompt(it)
		if !strings.HasPrefix(p, "The following is a question related to the graph reasoning task "+strings.ToUpper(it.Task)+". ") ||
			!strings.Contains(p, "\nGiven a ") || !strings.Contains(p, "graph with the following connections:\n") {
			t.Errorf("%s: prompt %q", it.ID, p)
		}
		// The gold scores right by the benchmark's own rules.
		var gold any
		_ = json.Unmarshal(it.Gold(), &gold)
		g, err := s.Graph(ctx, it)
		if err != nil {
			t.Fatal(err)
		}
		if !GraphInstructCheck(it, gold, "So the answer is <<<"+giReplyOf(it, gold)+">>>", g) {
			t.Errorf("%s: the gold %s fails GTG's rule", it.ID, it.Gold())
		}
	}
}

// giReplyOf writes a gold as a model would inside <<<>>>.
func giReplyOf(it *Item, gold any) string {
	switch v := gold.(type) {
	case bool:
		if v {
			return "Yes"
		}
		return "No"
	case float64:
		if giTasks[it.Task].kind == 'f' {
			// GTG's parse_first_float needs a dot: "0" is no answer.
			return strconv.FormatFloat(v, 'f', 4, 64)
		}
		return fmtNum(v)
	case string:
		return v
	}
	if l, ok := gold.([]any); ok && it.Task == GIPageRank {
		return l[len(l)-1].(string)
	}
	b, _ := json.Marshal(gold)
	return strings.ReplaceAll(string(b), `"`, "")
}

// TestGraphInstructCheckRules pins GTG's answer rules.
func TestGraphInstructCheckRules(t *testing.T) {
	yes := &Item{Task: GIConnectivity, Graph: &GraphStats{Nodes: 5}}
	for reply, want := range map[string]bool{"<<<Yes>>>": true, "<<<yes, it is>>>": false, "<<<Yes No>>>": false, "Yes": false, "<<<True>>>": true, ">>>Yes<<<": false} {
		if got := GraphInstructCheck(yes, true, reply, nil); got != want {
			t.Errorf("connectivity %q: %v", reply, got)
		}
	}
	f := &Item{Task: GIJaccard, Graph: &GraphStats{Nodes: 5}}
	for reply, want := range map[string]bool{"<<<0.5>>>": true, "<<<1/2>>>": true, "<<<0.51>>>": true, "<<<0.52>>>": false, "<<<0>>>": false, "<<<0.6>>>": false, "<<<1>>>": false} {
		if got := GraphInstructCheck(f, 0.5, reply, nil); got != want {
			t.Errorf("jaccard %q: %v", reply, got)
		}
	}
	n := &Item{Task: GINeighbor, Graph: &GraphStats{Nodes: 5}}
	for reply, want := range map[string]bool{"<<<[3, 1]>>>": true, "<<<[1,3,3]>>>": true, "<<<[1, 7]>>>": false, "<<<[1]>>>": false} {
		if got := GraphInstructCheck(n, []any{"1", "3"}, reply, nil); got != want {
			t.Errorf("neighbor %q: %v", reply, got)
		}
	}
}

// TestGraphInstructLoaderErrors: a missing folder, a truncated file and a
// malformed row each give an error naming the file (and its line).
func TestGraphInstructLoaderErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphInstruct, Path: t.TempDir()}); err == nil ||
		!strings.Contains(err.Error(), "BFS-int_id.csv") || !strings.Contains(err.Error(), "GTG") {
		t.Errorf("empty folder: %v", err)
	}
	dir, _ := graphInstructFixture(t, 3, 3)
	path := filepath.Join(dir, GIBFS, giFileName(GIBFS))
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Truncated inside a quoted field.
	cut := strings.LastIndex(string(raw), "\"Let's")
	if err := os.WriteFile(path, raw[:cut+8], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = OpenSuite(ctx, SuiteConfig{Name: SuiteGraphInstruct, Path: dir, Tasks: []string{GIBFS}})
	if err == nil || !strings.Contains(err.Error(), "BFS/BFS-int_id.csv:") {
		t.Errorf("truncated: %v", err)
	}
	// A malformed edge on the second record's line.
	lines := strings.SplitN(string(raw), "\n", 3)
	bad := lines[0] + "\n" + lines[1] + "\n" + strings.Replace(lines[2], "[(", "[(x", 1)
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = OpenSuite(ctx, SuiteConfig{Name: SuiteGraphInstruct, Path: dir, Tasks: []string{GIBFS}})
	if err == nil || !strings.Contains(err.Error(), "BFS/BFS-int_id.csv:") || !strings.Contains(err.Error(), "GTG edge") {
		t.Errorf("malformed: %v", err)
	}
}

// TestGraphInstructDirectMode runs the direct mode against the scripted
// OpenAI-compatible server and compares it with the builtin agent's run.
func TestGraphInstructDirectMode(t *testing.T) {
	ctx := context.Background()
	dir, _ := graphInstructFixture(t, 5, 2)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphInstruct, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	const reply = "Let me think. <<<Yes>>>"
	cmp := directModeCompare(t, s, reply, func(it *Item, gold any) bool {
		g, _ := s.Graph(ctx, it)
		return GraphInstructCheck(it, gold, reply, g)
	})
	for _, want := range []string{"cycle", "BFS"} {
		if !strings.Contains(cmp, want) {
			t.Errorf("compare lacks %q:\n%s", want, cmp)
		}
	}
}

// FuzzGraphInstructFile feeds arbitrary text to the GTG file reader: it
// must never panic, must name the file in every error, and every item it
// accepts must validate, read back its graph and survive the audit.
func FuzzGraphInstructFile(f *testing.F) {
	dir, _ := graphInstructFixture(f, 2, 1)
	for i, task := range GraphInstructTasks() {
		raw, err := os.ReadFile(filepath.Join(dir, giNestedName(task)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(i, string(raw))
		f.Add(i, string(raw[:len(raw)/2]))
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, ti int, body string) {
		if ti < 0 || ti >= len(GraphInstructTasks()) {
			return
		}
		d := &graphInstructData{problems: map[string]*giProblem{}}
		if err := readGraphInstructFile(ctx, GraphInstructTasks()[ti], "x/t.csv", []byte(body), d); err != nil {
			if !strings.Contains(err.Error(), "x/t.csv") {
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
			if err := auditGraphInstructItems(ctx, d.items, d.problems); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// BenchmarkGraphInstructBuiltin1000 opens (reads and audits) a 1,008-item
// GraphInstruct split (48 per task) and answers every item with the
// builtin agent on two workers.
func BenchmarkGraphInstructBuiltin1000(b *testing.B) {
	dir, _ := graphInstructFixture(b, 11, 48)
	benchSuiteBuiltin(b, SuiteConfig{Name: SuiteGraphInstruct, Path: dir}, 21*48)
}
