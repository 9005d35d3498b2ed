package eval

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory/seed"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// Outcome is a backend's answer to one item, in the terms the metrics need.
type Outcome struct {
	// Text is the answer sentence.
	Text string
	// Value is the typed answer (any JSON shape), nil when none.
	Value any
	// Tool and Args are the tool that answered and its arguments.
	Tool string
	Args json.RawMessage
	// Graph is the shape of the graph the backend answered about.
	Graph *GraphStats
	// Fallback is true when no tool answered (analogical reasoning did).
	Fallback bool
	// LLMCalls, PromptTokens and CompletionTokens count the language-model
	// use of the question.
	LLMCalls, PromptTokens, CompletionTokens int64
	// TraceErrors are the errors of the steps, recovered ones included.
	TraceErrors []string
	// Direct is true when Text is a language model's reply to the
	// benchmark's own prompt, without tools (DirectAsker); suites with a
	// direct mode judge it by the benchmark's own answer rules.
	Direct bool
}

// Asker answers benchmark items; AgentAsker adapts an agent.Agent, tests
// use scripted ones. Implementations must be safe for concurrent use.
type Asker interface {
	Ask(ctx context.Context, it *Item) (Outcome, error)
}

// AskerFunc adapts a function to Asker.
type AskerFunc func(ctx context.Context, it *Item) (Outcome, error)

// Ask calls f.
func (f AskerFunc) Ask(ctx context.Context, it *Item) (Outcome, error) { return f(ctx, it) }

// AgentAsker asks an agent each item's question. Build the agent with
// NewAgent so that prompt and completion tokens are counted per question.
type AgentAsker struct {
	Agent *agent.Agent
}

// Ask implements Asker.
func (a AgentAsker) Ask(ctx context.Context, it *Item) (Outcome, error) {
	u := &reasoning.Usage{}
	ans, err := a.Agent.Ask(context.WithValue(ctx, itemUsageKey{}, u), it.Question)
	var out Outcome
	if ans != nil {
		out = Outcome{Text: ans.Answer, Value: ans.Value, Tool: ans.Tool, Args: ans.Args, Fallback: ans.Fallback, LLMCalls: ans.LLMCalls}
		if ans.Graph != nil {
			out.Graph = &GraphStats{Nodes: ans.Graph.Nodes, Edges: ans.Graph.Edges, Directed: ans.Graph.Directed}
		}
		for _, e := range ans.Trace {
			if e.Error != "" {
				out.TraceErrors = append(out.TraceErrors, e.Step+": "+e.Error)
			}
		}
	}
	s := u.Stats()
	out.PromptTokens, out.CompletionTokens = s.PromptTokens, s.CompletionTokens
	if out.LLMCalls == 0 {
		out.LLMCalls = s.Calls
	}
	return out, err
}

// NewAgent builds an agent for a suite: a sandbox over the suite's folder,
// the published "../GTools/<split>/" prefix stripped from file paths, a
// fresh in-memory long-term memory holding the builtin seed examples (unless
// cfg sets Memory or OpenMemory), and the planner (cfg.Planner, default
// builtin) wrapped to count each question's prompt and completion tokens.
func NewAgent(ctx context.Context, s *Suite, cfg agent.Config) (*agent.Agent, error) {
	if cfg.Sandbox == nil {
		sb, err := graph.NewSandbox(s.Dir)
		if err != nil {
			return nil, fmt.Errorf("eval: sandbox: %w", err)
		}
		cfg.Sandbox = sb
	}
	if cfg.PathRewrite == nil {
		cfg.PathRewrite = StripGToolsPrefix
	}
	if cfg.Registry == nil {
		cfg.Registry = tools.Catalogue()
	}
	if cfg.Memory == nil && cfg.OpenMemory == nil {
		m, err := seed.OpenInMemory(ctx, cfg.Registry, nil, seed.Options{})
		if err != nil {
			return nil, fmt.Errorf("eval: seed memory: %w", err)
		}
		cfg.Memory = m
	}
	if cfg.Planner == nil {
		cfg.Planner = reasoning.NewBuiltinPlanner(reasoning.BuiltinConfig{})
	}
	cfg.Planner = CountingPlanner(cfg.Planner)
	return agent.New(ctx, cfg)
}

type itemUsageKey struct{}

// CountingPlanner wraps p so that the language-model use of each step is
// also added to the per-item usage AgentAsker attaches to the context (the
// agent's own counters see it too). The wrapper declares p's abilities,
// each counted the same way, so no step is lost by wrapping.
func CountingPlanner(p reasoning.Planner) reasoning.Planner {
	inner := p.Abilities()
	c := countingPlanner{inner: p}
	if inner.Chains != nil {
		c.abilities.Chains = countingChains{inner.Chains}
	}
	if inner.ExampleFree != nil {
		c.abilities.ExampleFree = countingExampleFree{inner.ExampleFree}
	}
	if inner.Generate != nil {
		c.abilities.Generate = countingGenerator{inner.Generate}
	}
	return c
}

type countingPlanner struct {
	inner     reasoning.Planner
	abilities reasoning.Abilities
}

// track runs a step with its own usage counter and adds what it counted to
// the agent's counter and to the item's.
func track[T any](ctx context.Context, f func(context.Context) (T, error)) (T, error) {
	item, _ := ctx.Value(itemUsageKey{}).(*reasoning.Usage)
	if item == nil {
		return f(ctx)
	}
	outer := reasoning.UsageFrom(ctx)
	sub := &reasoning.Usage{}
	v, err := f(reasoning.WithUsage(ctx, sub))
	s := sub.Stats()
	item.Add(s)
	if outer != nil {
		outer.Add(s)
	}
	return v, err
}

func (c countingPlanner) ExtractGraph(ctx context.Context, req reasoning.GraphRequest) (reasoning.GraphText, error) {
	return track(ctx, func(ctx context.Context) (reasoning.GraphText, error) { return c.inner.ExtractGraph(ctx, req) })
}

func (c countingPlanner) ChooseTool(ctx context.Context, req reasoning.ToolRequest) (reasoning.ToolChoice, error) {
	return track(ctx, func(ctx context.Context) (reasoning.ToolChoice, error) { return c.inner.ChooseTool(ctx, req) })
}

func (c countingPlanner) ExtractParams(ctx context.Context, req reasoning.ParamRequest) (json.RawMessage, error) {
	return track(ctx, func(ctx context.Context) (json.RawMessage, error) { return c.inner.ExtractParams(ctx, req) })
}

func (c countingPlanner) Name() string { return c.inner.Name() }

func (c countingPlanner) Abilities() reasoning.Abilities { return c.abilities }

type countingChains struct{ inner reasoning.ChainPlanner }

func (c countingChains) PlanChain(ctx context.Context, req reasoning.ChainRequest) (reasoning.Chain, error) {
	return track(ctx, func(ctx context.Context) (reasoning.Chain, error) { return c.inner.PlanChain(ctx, req) })
}

type countingExampleFree struct{ inner reasoning.ExampleFreeChooser }

func (c countingExampleFree) ChooseToolWithoutExamples(ctx context.Context, req reasoning.ToolRequest) (reasoning.ToolChoice, bool, error) {
	var decisive bool
	choice, err := track(ctx, func(ctx context.Context) (reasoning.ToolChoice, error) {
		ch, d, err := c.inner.ChooseToolWithoutExamples(ctx, req)
		decisive = d
		return ch, err
	})
	return choice, decisive, err
}

type countingGenerator struct{ gen reasoning.Generator }

func (c countingGenerator) Generate(ctx context.Context, system, user string, schema json.RawMessage, maxTokens int) (string, error) {
	return track(ctx, func(ctx context.Context) (string, error) { return c.gen.Generate(ctx, system, user, schema, maxTokens) })
}
