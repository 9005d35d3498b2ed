package agent

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
)

const planQuestion = "What is the shortest path from node 0 to node 3 in [(0, 1, {'weight': 4}), (1, 3, {'weight': 1}), (0, 3, {'weight': 9}), (0, 2, {'weight': 1}), (2, 3, {'weight': 1})]?"

// TestWithEvents: the events handed out while the question runs are the
// trace, in its order.
func TestWithEvents(t *testing.T) {
	a := newDataAgent(t)
	var seen []Event
	ans, err := a.Ask(context.Background(), planQuestion, WithEvents(func(e Event) { seen = append(seen, e) }))
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 4 || !reflect.DeepEqual(seen, ans.Trace) {
		t.Fatalf("events %+v\ntrace %+v", seen, ans.Trace)
	}
	if seen[len(seen)-1].Step != "run" {
		t.Errorf("last event %q, want run", seen[len(seen)-1].Step)
	}
}

// TestPlanOnlyThenPlan: WithPlanOnly stops before the run and returns the
// plan; WithPlan runs it (the same answer as asking outright), and an
// edited plan runs with its edited arguments.
func TestPlanOnlyThenPlan(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	planned, err := a.Ask(ctx, planQuestion, WithPlanOnly())
	if err != nil {
		t.Fatal(err)
	}
	if planned.Plan == nil || planned.Plan.Tool != "shortest_path" || planned.Tool != "" || planned.Value != nil {
		t.Fatalf("plan %+v tool %q value %v", planned.Plan, planned.Tool, planned.Value)
	}
	for _, e := range planned.Trace {
		if e.Step == "run" {
			t.Fatalf("plan-only ran the tool: %+v", e)
		}
	}
	var args map[string]any
	if err := json.Unmarshal(planned.Plan.Args, &args); err != nil || args["source"] != "0" || args["target"] != "3" {
		t.Fatalf("plan args %s (%v)", planned.Plan.Args, err)
	}

	direct, err := a.Ask(ctx, planQuestion)
	if err != nil {
		t.Fatal(err)
	}
	ran, err := a.Ask(ctx, planQuestion, WithPlan(*planned.Plan))
	if err != nil {
		t.Fatal(err)
	}
	if ran.Answer != direct.Answer || ran.Tool != "shortest_path" {
		t.Errorf("confirmed plan answered %q, outright %q", ran.Answer, direct.Answer)
	}
	if !traceHas(ran.Trace, "tool", "plan") {
		t.Errorf("trace does not say the plan chose the tool: %+v", ran.Trace)
	}

	edited, err := a.Ask(ctx, planQuestion, WithPlan(Plan{Tool: "shortest_path", Args: json.RawMessage(`{"source":"1","target":"2"}`)}))
	if err != nil {
		t.Fatal(err)
	}
	// 1-3 (1) then 3-2 (1): total weight 2.
	if got := edited.Answer; got != "The shortest path from 1 to 2 has total weight 2 over 2 edges: 1, 3, 2." {
		t.Errorf("edited plan answered %q", got)
	}

	// A plan naming a node the graph lacks is not run.
	_, err = a.Ask(ctx, planQuestion, WithPlan(Plan{Tool: "shortest_path", Args: json.RawMessage(`{"source":"0","target":"77"}`)}))
	if !errors.Is(err, tools.ErrNodeNotFound) && !errors.Is(err, ErrNoAnswer) {
		t.Errorf("plan with a missing node: err %v", err)
	}
}

// TestPlanInSession: in a session, a confirmed plan is not read as a
// follow-up of the turn before.
func TestPlanInSession(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	s := a.NewSession(memory.WorkingLimits{})
	if _, err := s.Ask(ctx, planQuestion); err != nil {
		t.Fatal(err)
	}
	q := "and node 2?"
	planned, err := s.Ask(ctx, q, WithPlanOnly())
	if err != nil {
		t.Fatal(err)
	}
	if planned.Plan == nil || planned.Plan.Tool != "shortest_path" {
		t.Fatalf("plan %+v (%q)", planned.Plan, planned.Answer)
	}
	ran, err := s.Ask(ctx, q, WithPlan(*planned.Plan))
	if err != nil {
		t.Fatal(err)
	}
	if ran.Tool != "shortest_path" || !traceHas(ran.Trace, "tool", "plan") {
		t.Errorf("confirmed follow-up: tool %q trace %+v", ran.Tool, ran.Trace)
	}
}

func traceHas(trace []Event, step, backend string) bool {
	for _, e := range trace {
		if e.Step == step && e.Backend == backend {
			return true
		}
	}
	return false
}

// TestPlanOnlyChain: a question that needs several tools stops, with
// WithPlanOnly, once its chain is planned (nothing run); WithPlan runs the
// chain (the same answer as asking outright), and an edited chain runs as
// edited.
func TestPlanOnlyChain(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	q := "What is the shortest path length between the two highest-PageRank nodes in karate/edges.tsv?"
	planned, err := a.Ask(ctx, q, WithPlanOnly())
	if err != nil {
		t.Fatal(err)
	}
	p := planned.Plan
	if p == nil || p.Chain == nil || p.Tool != "" || planned.Tool != "" || planned.Value != nil ||
		!reflect.DeepEqual(p.Chain.Tools(), []string{"pagerank", "top_nodes", "shortest_path_length"}) {
		t.Fatalf("plan %+v tool %q value %v", p, planned.Tool, planned.Value)
	}
	for _, e := range planned.Trace {
		if strings.HasPrefix(e.Step, "step ") || e.Step == "run" {
			t.Fatalf("plan-only ran a step: %+v", e)
		}
	}
	direct, err := a.Ask(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	ran, err := a.Ask(ctx, q, WithPlan(*p))
	if err != nil || ran.Answer != direct.Answer || ran.Plan != nil || ran.Chain == nil {
		t.Fatalf("confirmed chain answered %q (%v), outright %q", ran.Answer, err, direct.Answer)
	}
	edited, ok, err := reasoning.EditChain(*p.Chain, "change step 3 to shortest_path", reasoning.RegistrySpecs(a.Registry()))
	if !ok || err != nil {
		t.Fatal(ok, err)
	}
	// Planned again with the edit (as a server checks it before showing
	// it), then run.
	again, err := a.Ask(ctx, q, WithPlan(Plan{Chain: &edited}), WithPlanOnly())
	if err != nil || again.Plan == nil || again.Plan.Chain == nil || again.Plan.Chain.String() != edited.String() {
		t.Fatalf("edited chain planned as %+v (%v)", again.Plan, err)
	}
	ran, err = a.Ask(ctx, q, WithPlan(Plan{Chain: &edited}))
	// One of karate's shortest paths between nodes 33 and 0 (two edges).
	if path := nodeList(ran.Value); err != nil || ran.Tool != "shortest_path" || len(path) != 3 || path[0] != "33" || path[2] != "0" {
		t.Errorf("edited chain answered %q %v (%v)", ran.Answer, ran.Value, err)
	}
}
