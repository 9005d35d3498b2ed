package eval

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning"
)

// abledPlanner is a planner (not the LLM or builtin one) declaring every
// optional ability; each call counts one LLM call in the context's usage.
type abledPlanner struct{ reasoning.Planner }

func (abledPlanner) Name() string { return "abled" }

func (p abledPlanner) Abilities() reasoning.Abilities {
	return reasoning.Abilities{Chains: p, ExampleFree: p, Generate: p}
}

func used(ctx context.Context) {
	if u := reasoning.UsageFrom(ctx); u != nil {
		u.Add(reasoning.UsageStats{Calls: 1})
	}
}

func (abledPlanner) PlanChain(ctx context.Context, _ reasoning.ChainRequest) (reasoning.Chain, error) {
	used(ctx)
	return reasoning.Chain{}, reasoning.ErrNotChain
}

func (abledPlanner) ChooseToolWithoutExamples(ctx context.Context, _ reasoning.ToolRequest) (reasoning.ToolChoice, bool, error) {
	used(ctx)
	return reasoning.ToolChoice{Tool: "node_count"}, true, nil
}

func (abledPlanner) Generate(ctx context.Context, _, _ string, _ json.RawMessage, _ int) (string, error) {
	used(ctx)
	return "generated", nil
}

// TestCountingPlannerKeepsAbilities: eval's counting wrapper declares the
// wrapped planner's abilities, each reaching the planner and counted in the
// item's usage, so an evaluated backend loses no step.
func TestCountingPlannerKeepsAbilities(t *testing.T) {
	for _, c := range []struct {
		p    reasoning.Planner
		want string
	}{
		{reasoning.NewBuiltinPlanner(reasoning.BuiltinConfig{}), "chains, example-free choice"},
		{abledPlanner{}, "chains, example-free choice, generation"},
	} {
		if got := strings.Join(CountingPlanner(c.p).Abilities().Names(), ", "); got != c.want {
			t.Errorf("%s wrapped: abilities %q, want %q", c.p.Name(), got, c.want)
		}
	}
	item := &reasoning.Usage{}
	ctx := context.WithValue(context.Background(), itemUsageKey{}, item)
	ab := CountingPlanner(abledPlanner{}).Abilities()
	if _, err := ab.Chains.PlanChain(ctx, reasoning.ChainRequest{}); err != reasoning.ErrNotChain {
		t.Errorf("PlanChain: %v", err)
	}
	if ch, decisive, err := ab.ExampleFree.ChooseToolWithoutExamples(ctx, reasoning.ToolRequest{}); err != nil || !decisive || ch.Tool != "node_count" {
		t.Errorf("ChooseToolWithoutExamples: %v %v %v", ch, decisive, err)
	}
	if s, err := ab.Generate.Generate(ctx, "", "", nil, 0); err != nil || s != "generated" {
		t.Errorf("Generate: %q %v", s, err)
	}
	if n := item.Stats().Calls; n != 3 {
		t.Errorf("%d calls counted for the item, want 3", n)
	}
}
