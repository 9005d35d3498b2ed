package main

import (
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/tools/graph"
)

// labelledService answers questions about the labelled datasets inside the
// data folders by analogy ("What is the topic of paper X in citeseer?",
// "Is X linked to Y in drugmechdb?"); with an LLM planner the LLM reasons.
func labelledService(sb *graph.Sandbox, planner reasoning.Planner) *analog.Service {
	opts := analog.ServiceOptions{}
	if p, ok := planner.(*reasoning.LLMPlanner); ok {
		opts.LLM = analog.NewLLM(p)
	}
	return analog.NewService(sb.Open, opts)
}
