package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

func intPtr(i int) *int { return &i }

// testChain is "the shortest path length between the two highest-PageRank
// nodes": results feed arguments, by index.
var testChain = reasoning.Chain{Steps: []reasoning.ChainStep{
	{Tool: "pagerank", Text: "the two highest-PageRank nodes"},
	{Tool: reasoning.OpTopNodes, Args: map[string]json.RawMessage{"k": json.RawMessage(`2`), "order": json.RawMessage(`"highest"`)},
		Inputs: map[string]reasoning.ChainInput{"scores": {Step: 1}}},
	{Tool: "shortest_path_length", Args: map[string]json.RawMessage{"weighted": json.RawMessage(`true`)},
		Inputs: map[string]reasoning.ChainInput{"source": {Step: 2, Index: intPtr(0)}, "target": {Step: 2, Index: intPtr(1)}},
		Text:   "the path (between them) — length"},
}}

// TestPlanTextRoundTrip: a chain shown as a plan reads back as the same
// chain (inputs, indexes, arguments and the steps' text), after streamed
// lines too; a plan of one tool call fed by nothing reads back as a tool
// call; a malformed step ends the plan.
func TestPlanTextRoundTrip(t *testing.T) {
	text := planText(agent.Plan{Chain: &testChain})
	for _, want := range []string{"Plan of 3 steps", "\n1. pagerank {}  — the two", `2. top_nodes {"k":2,"order":"highest"} (scores ← step 1)`,
		`3. shortest_path_length {"weighted":true} (source ← step 2[0], target ← step 2[1])  — the path (between them) — length`} {
		if !strings.Contains(text, want) {
			t.Errorf("plan text lacks %q:\n%s", want, text)
		}
	}
	for _, shown := range []string{text, "- plan: a chain of 3 steps\n" + text + "\n", strings.ReplaceAll(text, "\n", "\r\n")} {
		p := parsePlan(shown)
		if p == nil || p.Chain == nil || !reflect.DeepEqual(*p.Chain, testChain) {
			t.Fatalf("read back %+v from\n%s", p, shown)
		}
	}
	one := planOf("diameter", `{}`)
	if p := parsePlan(planText(one)); p == nil || p.Chain != nil || p.Tool != "diameter" || string(p.Args) != "{}" {
		t.Errorf("one tool call read back as %+v", p)
	}
	if p := parsePlan(planText(agent.Plan{Chain: &reasoning.Chain{Steps: testChain.Steps[2:]}})); p == nil || p.Chain == nil {
		t.Errorf("a step fed by an earlier one read back as a tool call: %+v", p)
	}
	broken := strings.Replace(text, "3. shortest_path_length {", "3. shortest_path_length {oops", 1)
	if p := parsePlan(broken); p == nil || p.Chain == nil || len(p.Chain.Steps) != 2 {
		t.Errorf("a malformed third step: %+v", p)
	}
	if p := parsePlan(strings.Replace(text, "1. pagerank", "2. pagerank", 1)); p != nil {
		t.Errorf("a plan whose first step is numbered 2: %+v", p)
	}
}

// newChainHTTP serves an agent whose data folders hold datasets/ and a
// file with a self-loop and an isolated node.
func newChainHTTP(t *testing.T) (*Handler, *httptest.Server) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "messy.tsv"), []byte("0 1\n1 1\n1 2\n2 3\n3 0\n3 4\n5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	sb, err := graph.NewSandbox(dir, data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := agent.New(context.Background(), agent.Config{Sandbox: sb})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return newTestServer(t, Options{Agent: a})
}

// steps lists the trace's step names.
func steps(c completion) []string {
	var out []string
	for _, e := range c.Graphagent.Trace {
		out = append(out, e.Step)
	}
	return out
}

// cleanQ needs three tools: on messy.tsv the diameter is 3 once the
// isolated node is gone (NetworkX), and undefined before.
const cleanQ = "Remove self-loops and isolated nodes from messy.tsv, then give the diameter."

// TestChainPlanConfirmation: a question needing several tools is
// confirmed as its chain (nothing run), and yes, no, skip step N and
// change step N to TOOL work on it as on a plan of one call, for a
// stateless client that sends the conversation.
func TestChainPlanConfirmation(t *testing.T) {
	_, hs := newChainHTTP(t)
	confirm := `"graphagent": {"confirm_plan": true}`
	plan := ask(t, hs, chatBody(confirm, cleanQ))
	p := plan.Graphagent.Pending
	if p == nil || p.Chain == nil || !slices.Equal(p.Chain.Tools(), []string{reasoning.OpRemoveSelfLoops, reasoning.OpRemoveIsolated, "diameter"}) {
		t.Fatalf("plan %q pending %+v", plan.content(), p)
	}
	for _, want := range []string{"Plan of 3 steps", "1. remove_self_loops {}", "2. remove_isolated_nodes {}", "3. diameter {}"} {
		if !strings.Contains(plan.content(), want) {
			t.Errorf("plan lacks %q: %q", want, plan.content())
		}
	}
	if s := steps(plan); slices.Contains(s, "step 1") || slices.Contains(s, "run") {
		t.Fatalf("the plan ran: %v", s)
	}

	ran := ask(t, hs, chatBody("", cleanQ, plan.content(), "yes"))
	if string(ran.Graphagent.Value) != "3" || ran.Graphagent.Tool != "diameter" {
		t.Errorf("confirmed chain answered %q (value %s)", ran.content(), ran.Graphagent.Value)
	}
	if s := steps(ran); !slices.Contains(s, "step 1") || !slices.Contains(s, "step 3") {
		t.Errorf("confirmed chain's steps %v", s)
	}
	if c := ask(t, hs, chatBody("", cleanQ, plan.content(), "no")); !strings.HasPrefix(c.content(), "Cancelled") || slices.Contains(steps(c), "step 1") {
		t.Errorf("cancelled chain answered %q", c.content())
	}

	// change step 3 to radius: shown again, then run (radius 2).
	edited := ask(t, hs, chatBody("", cleanQ, plan.content(), "change step 3 to radius"))
	if !strings.Contains(edited.content(), "3. radius {}") || edited.Graphagent.Pending == nil || edited.Graphagent.Pending.Chain == nil {
		t.Fatalf("changed chain %q", edited.content())
	}
	if c := ask(t, hs, chatBody("", cleanQ, plan.content(), "change step 3 to radius", edited.content(), "yes")); string(c.Graphagent.Value) != "2" {
		t.Errorf("changed chain answered %q (value %s)", c.content(), c.Graphagent.Value)
	}

	// skip step 2: the isolated node stays and the diameter is undefined,
	// so the edit took effect.
	skipped := ask(t, hs, chatBody("", cleanQ, plan.content(), "skip step 2"))
	if !strings.Contains(skipped.content(), "Plan of 2 steps") || !strings.Contains(skipped.content(), "2. diameter {}") {
		t.Fatalf("skipped chain %q", skipped.content())
	}
	if c := ask(t, hs, chatBody("", cleanQ, plan.content(), "skip step 2", skipped.content(), "yes")); !strings.Contains(c.content(), "not connected") {
		t.Errorf("chain without step 2 answered %q", c.content())
	}
	// Skipping down to one tool gives a plan of one call, whose
	// parameters can be edited.
	one := ask(t, hs, chatBody("", cleanQ, plan.content(), "skip steps 1 and 2"))
	if pp := one.Graphagent.Pending; pp == nil || pp.Chain != nil || pp.Tool != "diameter" || !strings.Contains(one.content(), "1. diameter {}") {
		t.Errorf("a chain skipped to one step: %q %+v", one.content(), pp)
	}

	// Edits that cannot apply keep the plan and say why.
	for edit, want := range map[string]string{
		"skip steps 1, 2 and 3":   "no steps",
		"skip step 7":             "no step 7",
		"change step 2 to nosuch": `no tool or chain operation named "nosuch"`,
		"change k to 3":           "the plan has 3 steps",
	} {
		c := ask(t, hs, chatBody("", cleanQ, plan.content(), edit))
		if !strings.Contains(c.content(), want) || c.Graphagent.Pending == nil {
			t.Errorf("%q answered %q", edit, c.content())
		}
	}
}

// TestChainPlanInputs: a chain whose results feed later arguments is
// shown with them, and an edit keeps them.
func TestChainPlanInputs(t *testing.T) {
	_, hs := newChainHTTP(t)
	q := "What is the shortest path length between the two highest-PageRank nodes in karate/edges.tsv?"
	plan := ask(t, hs, chatBody("", q), ConfirmHeader, "true")
	for _, want := range []string{"1. pagerank {}", `2. top_nodes {"k":2,"order":"highest"} (scores ← step 1)`, "3. shortest_path_length {", "(source ← step 2[0], target ← step 2[1])"} {
		if !strings.Contains(plan.content(), want) {
			t.Errorf("plan lacks %q: %q", want, plan.content())
		}
	}
	edited := ask(t, hs, chatBody("", q, plan.content(), "change step 3 to shortest_path"))
	if !strings.Contains(edited.content(), "3. shortest_path {") || !strings.Contains(edited.content(), "(source ← step 2[0], target ← step 2[1])") {
		t.Fatalf("edited %q", edited.content())
	}
	ran := ask(t, hs, chatBody("", q, plan.content(), "change step 3 to shortest_path", edited.content(), "yes"))
	if ran.Graphagent.Tool != "shortest_path" || !strings.Contains(ran.content(), "33") || !strings.Contains(ran.content(), "0") {
		t.Errorf("edited chain answered %q", ran.content())
	}
}

// TestChainPlanSession: with X-Session-Id the client sends its replies
// alone; a streamed confirmation streams each step of the chain.
func TestChainPlanSession(t *testing.T) {
	_, hs := newChainHTTP(t)
	if c := ask(t, hs, chatBody(`"graphagent": {"confirm_plan": true}`, cleanQ), SessionHeader, "s"); c.Graphagent.Pending == nil || c.Graphagent.Pending.Chain == nil {
		t.Fatalf("no chain plan: %q", c.content())
	}
	if c := ask(t, hs, chatBody("", "change step 3 to radius"), SessionHeader, "s"); !strings.Contains(c.content(), "3. radius {}") {
		t.Fatalf("edit alone answered %q", c.content())
	}
	resp, b := post(t, hs, chatBody(`"stream": true`, "yes"), SessionHeader, "s")
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, b)
	}
	chunks, done := streamed(t, bytes.NewReader(b))
	var events []string
	var final struct {
		Value json.RawMessage `json:"value"`
		Tool  string          `json:"tool"`
	}
	for _, c := range chunks {
		if ev, ok := c["graphagent_event"]; ok {
			var e agent.Event
			if err := json.Unmarshal(ev, &e); err != nil {
				t.Fatal(err)
			}
			events = append(events, e.Step)
		}
		if g, ok := c["graphagent"]; ok {
			if err := json.Unmarshal(g, &final); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, want := range []string{"step 1", "step 2", "step 3"} {
		if !slices.Contains(events, want) {
			t.Errorf("streamed events %v lack %q", events, want)
		}
	}
	if !done || final.Tool != "radius" || string(final.Value) != "2" {
		t.Errorf("streamed answer %+v (done %v)", final, done)
	}
	if c := ask(t, hs, chatBody("", "yes"), SessionHeader, "s"); c.Graphagent.Tool != "" {
		t.Errorf("a second yes ran %s again", c.Graphagent.Tool)
	}
}
