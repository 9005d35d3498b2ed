package agent

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools/graph"
)

// otherBackend is a planner that is neither the LLM nor the builtin planner:
// its three steps are the builtin planner's, except that it declines the
// captain question, and it declares every optional ability, each counted.
type otherBackend struct {
	builtin *reasoning.BuiltinPlanner
	mu      sync.Mutex
	calls   map[string]int
}

func newOtherBackend() *otherBackend {
	return &otherBackend{builtin: reasoning.NewBuiltinPlanner(reasoning.BuiltinConfig{}), calls: map[string]int{}}
}

func (o *otherBackend) count(step string) {
	o.mu.Lock()
	o.calls[step]++
	o.mu.Unlock()
}

func (o *otherBackend) called(step string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.calls[step]
}

func (o *otherBackend) Name() string { return "other" }

func (o *otherBackend) Abilities() reasoning.Abilities {
	return reasoning.Abilities{Chains: otherChains{o}, ExampleFree: otherExampleFree{o}, Generate: otherGenerator{o}}
}

func (o *otherBackend) ExtractGraph(ctx context.Context, req reasoning.GraphRequest) (reasoning.GraphText, error) {
	return o.builtin.ExtractGraph(ctx, req)
}

func (o *otherBackend) ChooseTool(ctx context.Context, req reasoning.ToolRequest) (reasoning.ToolChoice, error) {
	o.count("tool")
	if strings.Contains(req.Question, "captain") {
		return reasoning.ToolChoice{Tool: reasoning.NoTool, Thought: "no tool rates captains"}, nil
	}
	return o.builtin.ChooseTool(ctx, req)
}

func (o *otherBackend) ExtractParams(ctx context.Context, req reasoning.ParamRequest) (json.RawMessage, error) {
	return o.builtin.ExtractParams(ctx, req)
}

type otherChains struct{ o *otherBackend }

func (c otherChains) PlanChain(ctx context.Context, req reasoning.ChainRequest) (reasoning.Chain, error) {
	c.o.count("chain")
	return c.o.builtin.PlanChain(ctx, req)
}

type otherExampleFree struct{ o *otherBackend }

func (c otherExampleFree) ChooseToolWithoutExamples(ctx context.Context, req reasoning.ToolRequest) (reasoning.ToolChoice, bool, error) {
	c.o.count("example-free")
	if strings.Contains(req.Question, "captain") {
		return reasoning.ToolChoice{}, false, nil
	}
	return c.o.builtin.ChooseToolWithoutExamples(ctx, req)
}

type otherGenerator struct{ o *otherBackend }

func (g otherGenerator) Generate(ctx context.Context, system, user string, schema json.RawMessage, maxTokens int) (string, error) {
	g.o.count("generate")
	if schema == nil {
		return "1. Questions about influence are answered by the best-connected node.", nil
	}
	return `{"answer": "node 2", "explanation": "node 2 has the most neighbours", "confidence": 0.6}`, nil
}

// TestSecondBackendKeepsEverySteps: a backend that is neither the LLM nor
// the builtin planner, declaring its abilities, keeps every optional step:
// it plans the chain (and the trace names it), its example-free choice
// skips the memory lookup, and the analogy is its induction and deduction.
func TestSecondBackendKeepsEverySteps(t *testing.T) {
	ctx := context.Background()
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	sb, err := graph.NewSandbox(dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	o := newOtherBackend()
	a, err := New(ctx, Config{Planner: o, Memory: store, Sandbox: sb})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if got := strings.Join(o.Abilities().Names(), ", "); got != "chains, example-free choice, generation" {
		t.Errorf("abilities %q", got)
	}

	// Chains.
	ans, err := a.Ask(ctx, "Who are the neighbours of the node with the highest degree in karate/edges.tsv?")
	if err != nil {
		t.Fatalf("chain: %v", err)
	}
	if o.called("chain") == 0 {
		t.Error("the backend's chain planner was not asked")
	}
	plan := false
	for _, ev := range ans.Trace {
		if ev.Step == "plan" {
			plan = true
			if ev.Backend != "other" || !strings.Contains(ev.Detail, "neighbors") {
				t.Errorf("plan event %+v, want the chain planned by the other backend", ev)
			}
		}
	}
	if !plan {
		t.Errorf("no plan step: %+v", ans.Trace)
	}

	// Example-free choice.
	before := o.called("example-free")
	ans, err = a.Ask(ctx, "Is the graph 0-1, 1-2, 2-3 bipartite?")
	if err != nil {
		t.Fatalf("bipartite: %v", err)
	}
	if o.called("example-free") == before {
		t.Error("the backend's example-free choice was not asked")
	}
	skipped := false
	for _, ev := range ans.Trace {
		skipped = skipped || ev.Step == "examples" && strings.HasPrefix(ev.Detail, "skipped")
	}
	if !skipped {
		t.Errorf("the memory lookup was not skipped: %+v", ans.Trace)
	}

	// Generation: the analogy is the backend's induction and deduction.
	ans, err = a.Ask(ctx, "Graph: 0-1, 1-2, 2-3, 3-0, 2-4, 4-5. Which node would make the best team captain?")
	if err != nil {
		t.Fatalf("analogy: %v", err)
	}
	if !ans.Fallback || ans.Value != "node 2" || o.called("generate") != 2 {
		t.Errorf("fallback %v value %v, %d generate calls; want the deduced answer from 2 calls", ans.Fallback, ans.Value, o.called("generate"))
	}
	if ev := ans.Trace[len(ans.Trace)-1]; ev.Step != "fallback" || ev.Backend != "other" || !strings.Contains(ev.Detail, reasoning.AnalogyInduceDeduce) {
		t.Errorf("last event %+v, want the other backend's analogy", ev)
	}
}

// TestPlannersDeclareAbilities: what the two shipped planners declare.
func TestPlannersDeclareAbilities(t *testing.T) {
	b := reasoning.NewBuiltinPlanner(reasoning.BuiltinConfig{})
	if got := strings.Join(b.Abilities().Names(), ", "); got != "chains, example-free choice" {
		t.Errorf("builtin: %q", got)
	}
	p, err := reasoning.NewLLMPlanner(reasoning.LLMConfig{BaseURL: "http://127.0.0.1:1/v1", Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if got := strings.Join(p.Abilities().Names(), ", "); got != "chains, generation" {
		t.Errorf("llm: %q", got)
	}
}
