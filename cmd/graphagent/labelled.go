package main

import (
	"context"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/urfave/cli/v2"
)

// labelledService answers questions about the labelled datasets inside the
// data folders by analogy ("What is the topic of paper X in citeseer?",
// "Is X linked to Y in drugmechdb?"); with an LLM planner the LLM reasons.
func labelledService(c *cli.Context, sb *graph.Sandbox, planner reasoning.Planner) *analog.Service {
	opts := analog.ServiceOptions{Learned: func(ctx context.Context) ([]memory.Example, error) {
		// Answers confirmed earlier (--learn) are solved examples.
		s, err := openStore(ctx, c)
		if err != nil {
			return nil, err
		}
		defer s.Close()
		return s.Examples(), nil
	}}
	if g, ok := textGenerator(planner); ok {
		opts.LLM = analog.NewLLM(g)
	}
	return analog.NewService(sb.Open, opts)
}

// textGenerator is the planner's free-text generation when its abilities
// include it (the LLM planner, or any other backend declaring Generate),
// which the LLM analogy over labelled datasets needs.
func textGenerator(p reasoning.Planner) (reasoning.Generator, bool) {
	if p == nil {
		return nil, false
	}
	g := p.Abilities().Generate
	return g, g != nil
}
