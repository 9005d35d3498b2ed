package eval

import (
	"bufio"
	"context"
	"encoding/binary"
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

// gqExact is a fixture item's exact answer (NetworkX) and whether its
// question names the graph's own nodes (not so for the random encoder).
type gqExact struct {
	Exact      json.RawMessage `json:"exact"`
	NamesMatch bool            `json:"names_match"`
}

// graphQAFixture writes a GraphQA split of perTask graphs per task (each
// in six encodings) in the generator's format (testdata/graphqa_fixture.py)
// and returns its folder and each item's exact answer.
func graphQAFixture(tb testing.TB, seed, perTask int) (string, map[string]gqExact) {
	tb.Helper()
	dir := tb.TempDir()
	cmd := exec.Command("python3", filepath.Join("testdata", "graphqa_fixture.py"), fmt.Sprint(seed), fmt.Sprint(perTask), dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("graphqa_fixture.py (needs python3 with networkx): %v\n%s", err, out)
	}
	f, err := os.Open(filepath.Join(dir, "exact.jsonl"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	exact := map[string]gqExact{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e struct {
			ID string `json:"id"`
			gqExact
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			tb.Fatal(err)
		}
		exact[e.ID] = e.gqExact
	}
	if err := os.Remove(filepath.Join(dir, "exact.jsonl")); err != nil {
		tb.Fatal(err)
	}
	return dir, exact
}

// sameGQ compares two golds as values, lists as sets.
func sameGQ(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	if lx, ok := x.([]any); ok {
		l1, _ := listOf(lx)
		l2, ok := listOf(y)
		return ok && sameSet(l1, l2)
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}

// TestGraphQASuite loads a generated split in GraphQA's format and checks
// that the audit confirms every gold NetworkX computes and disputes every
// random-encoder question that names nodes the graph does not have; then
// it runs the builtin agent and logs its accuracy per task and encoder
// against the audited gold, with no wrong answer on the tasks a catalogue
// tool answers.
func TestGraphQASuite(t *testing.T) {
	ctx := context.Background()
	dir, exact := graphQAFixture(t, 7, 8)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphQA, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := 12*8*6 + 8 + 8
	if len(s.Items) != want {
		t.Fatalf("%d items, want %d", len(s.Items), want)
	}
	illPosed := 0
	for i := range s.Items {
		it := &s.Items[i]
		e, ok := exact[it.ID]
		if !ok {
			t.Fatalf("%s: no exact answer", it.ID)
		}
		if it.Audit == nil {
			t.Fatalf("%s: not audited", it.ID)
		}
		if !sameGQ(it.Answer, e.Exact) {
			t.Errorf("%s: published %s, NetworkX %s", it.ID, it.Answer, e.Exact)
		}
		switch {
		case !e.NamesMatch && it.Params != nil:
			if it.Audit.Status != AuditIllPosed || !strings.Contains(it.Audit.Proof, "which the graph's text does not list") {
				t.Errorf("%s: random-encoder question audited %+v", it.ID, *it.Audit)
			}
			illPosed++
		case it.Task == GQMaximumFlow:
			if it.Audit.Status != AuditIllPosed || !strings.Contains(it.Audit.Proof, "which the question's text does not give") {
				t.Errorf("%s: maximum flow audited %+v", it.ID, *it.Audit)
			}
		case it.Audit.Status != AuditConfirmed:
			t.Errorf("%s: audit %+v, want confirmed", it.ID, *it.Audit)
		}
		g, err := s.Graph(ctx, it)
		if err != nil || g.N() != it.Graph.Nodes || g.M() != it.Graph.Edges {
			t.Errorf("%s: graph %v", it.ID, err)
		}
	}
	if illPosed != 8*8 {
		t.Errorf("%d random-encoder questions ill-posed, want the 64 that name nodes", illPosed)
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
	for _, row := range rep.Rows {
		t.Logf("%-32s %-20s %3d items  %5.1f%% right  %d wrong  %d refused", row.Mode, row.Task, row.Items, 100*row.Accuracy, row.Wrong, row.Refused)
		// The one wrong answer left is ill-posed: the random encoder asks
		// whether an edge joins a node its graph lacks, answered "no"
		// (there is no such edge) where the gold is about another node.
		known := row.Task == GQEdgeExistence && row.Mode == "random"
		if row.Wrong > 0 && !known {
			t.Errorf("%s %s: %d wrong (%v)", row.Mode, row.Task, row.Wrong, row.Failures)
		}
	}
	audit := AuditMarkdown(s.Name, s.Items, 2)
	if !strings.Contains(audit, "| node_count | 48 | 48 | 0 | 0 | 0 | 0 |") || !strings.Contains(audit, "| maximum_flow | 48 | 0 | 0 | 0 | 0 | 48 |") {
		t.Errorf("audit report:\n%s", audit)
	}
}

// TestGraphQALoaderErrors checks that a missing, truncated or malformed
// file is an error naming the files expected, or the file and record.
func TestGraphQALoaderErrors(t *testing.T) {
	ctx := context.Background()
	empty := t.TempDir()
	_, err := ReadGraphQADir(ctx, empty, nil)
	if err == nil || !strings.Contains(err.Error(), "<task>_<method>_test.recordio") || !strings.Contains(err.Error(), "talk-like-a-graph") {
		t.Errorf("empty folder: %v", err)
	}
	src, _ := graphQAFixture(t, 3, 2)
	raw, err := os.ReadFile(filepath.Join(src, "node_count_zero_shot_test.recordio"))
	if err != nil {
		t.Fatal(err)
	}
	first := 12 + int(binary.LittleEndian.Uint64(raw)) + 4
	flip := append([]byte(nil), raw...)
	flip[first+20] ^= 0x40
	// A record whose framing is right but whose answer is not a node
	// count: record 1's answer bytes overwritten in place (the fixture
	// writes the features in name order, so "answer" comes before the
	// question).
	ex, err := decodeTFExample(raw[12 : first-4])
	if err != nil {
		t.Fatal(err)
	}
	ans, _ := ex.str("answer")
	bad := strings.Replace(string(raw[12:first-4]), ans, strings.Repeat("x", len(ans)), 1)
	rebuilt := append(frameTF([]byte(bad)), raw[first:]...)
	cases := []struct {
		body []byte
		want string
	}{
		{raw[:first+10], "node_count_zero_shot_test.recordio: record 2 (byte " + fmt.Sprint(first) + "): truncated header"},
		{raw[:len(raw)-3], "node_count_zero_shot_test.recordio: record "},
		{flip, "node_count_zero_shot_test.recordio: record 2 (byte " + fmt.Sprint(first) + "): data checksum mismatch"},
		{[]byte("not a record file at all, just text\n"), "record 1 (byte 0): length checksum mismatch"},
		{rebuilt, "node_count_zero_shot_test.recordio: record 1 (byte 0): item 0: the answer"},
		{frameTF([]byte{0x0a, 0x05, 0x0a}), "record 1 (byte 0): not a tf.train.Example"},
		{nil, "node_count_zero_shot_test.recordio has no records"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "node_count_zero_shot_test.recordio"), c.body, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadGraphQADir(ctx, dir, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an error containing %q", err, c.want)
		}
	}
	_, err = ReadGraphQADir(ctx, src, []string{GQNodeCount, "graph_coloring"})
	if err == nil || !strings.Contains(err.Error(), `unknown task "graph_coloring"`) {
		t.Errorf("unknown task: %v", err)
	}
}

// frameTF frames data as one TFRecord record.
func frameTF(data []byte) []byte {
	var head [8]byte
	binary.LittleEndian.PutUint64(head[:], uint64(len(data)))
	out := append([]byte(nil), head[:]...)
	out = binary.LittleEndian.AppendUint32(out, maskedCRC(head[:]))
	out = append(out, data...)
	return binary.LittleEndian.AppendUint32(out, maskedCRC(data))
}

// TestGraphQACheckRules holds GraphQACheck to its documented rules.
func TestGraphQACheckRules(t *testing.T) {
	cases := []struct {
		task  string
		gold  any
		reply string
		want  bool
	}{
		{GQCycleCheck, true, "Yes, there is a cycle.", true},
		{GQCycleCheck, false, "No, there is no cycle.", true},
		{GQCycleCheck, true, "Let me see: yes", false}, // 'yes' must be within the first ten characters
		{GQCycleCheck, false, "Looking at the edges, yes.", true},
		{GQNodeCount, 7.0, " 7.", true},
		{GQNodeCount, 7.0, "There are 8 nodes, not 7.", false},
		{GQShortestPath, gqNoPath, "There is no path from node 1 to node 2.", true},
		{GQShortestPath, 2.0, "2.", true},
		{GQConnectedNodes, []any{"Ada", "Cora"}, "Cora, and Ada.\nBecause ...", true},
		{GQConnectedNodes, []any{"1", "4"}, "1, 4, 5.", false},
		{GQDisconnectedNodes, []any{}, "No nodes.", true},
		{GQNodeClassification, "golf", "Node Ada likes golf more than soccer.", true},
		{GQNodeClassification, "golf", "soccer, not golf", false},
	}
	for _, c := range cases {
		if got := GraphQACheck(c.task, c.gold, c.reply); got != c.want {
			t.Errorf("%s %v vs %q: %v, want %v", c.task, c.gold, c.reply, got, c.want)
		}
	}
}

// TestGraphQADirectMode runs the suite's direct mode against the scripted
// OpenAI-compatible server: every request is the record's question
// exactly, the replies are scored by GraphQACheck, and the comparison with
// the builtin agent's run shows both per task.
func TestGraphQADirectMode(t *testing.T) {
	ctx := context.Background()
	dir, _ := graphQAFixture(t, 5, 2)
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphQA, Path: dir, Modes: []string{"adjacency", "friendship"}})
	if err != nil {
		t.Fatal(err)
	}
	prompts := map[string]bool{}
	for i := range s.Items {
		prompts[s.Prompt(&s.Items[i])] = true
	}
	srv := llmtest.New(t)
	srv.Handle(func(r llmtest.Request) llmtest.Response {
		if !prompts[r.LastUser()] || r.System() != "" {
			return llmtest.Reply("unexpected prompt")
		}
		return llmtest.Reply("Yes. 3.")
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
		if r := byID[it.ID]; r.Correct != GraphQACheck(it.Task, gold, "Yes. 3.") {
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
	for _, want := range []string{"| adjacency node_count |", "| friendship cycle_check |", "| overall |"} {
		if !strings.Contains(cmp, want) {
			t.Errorf("compare lacks %q:\n%s", want, cmp)
		}
	}
}

// FuzzGraphQAFile feeds arbitrary bytes to the GraphQA file reader: it
// must never panic, must name the file in every error, and every item it
// accepts must validate, read back its graph and survive the audit.
func FuzzGraphQAFile(f *testing.F) {
	dir, _ := graphQAFixture(f, 2, 1)
	for _, task := range GraphQATasks() {
		raw, err := os.ReadFile(filepath.Join(dir, task+"_zero_shot_test.recordio"))
		if err != nil {
			f.Fatal(err)
		}
		first := 12 + int(binary.LittleEndian.Uint64(raw)) + 4
		f.Add(task, raw[:first])
		f.Add(task, raw[:first-5])
		f.Add(task, frameTF(raw[12 : first-4][:first/2]))
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, task string, body []byte) {
		if _, ok := gqTasks[task]; !ok {
			return
		}
		d := &graphQAData{problems: map[string]*gqProblem{}}
		if err := readGraphQAFile(ctx, task, "zero_shot", "x_test.recordio", body, d); err != nil {
			if !strings.Contains(err.Error(), "x_test.recordio") {
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
		if len(d.items) <= 8 {
			if err := auditGraphQAItems(ctx, d.items, d.problems); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// BenchmarkGraphQABuiltin1000 opens (reads and audits) a 1,008-item
// GraphQA split (14 graphs per task, six encoders) and answers every item
// with the builtin agent on two workers, as `graphagent eval --suite
// graphqa` does.
func BenchmarkGraphQABuiltin1000(b *testing.B) {
	ctx := context.Background()
	dir, _ := graphQAFixture(b, 11, 14)
	out := b.TempDir()
	for b.Loop() {
		s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteGraphQA, Path: dir, Modes: gqFixtureEncoders})
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

// gqFixtureEncoders are the fixture's six zero-shot encoders.
var gqFixtureEncoders = []string{"adjacency", "incident", "friendship", "coauthorship", "social_network", "random"}
