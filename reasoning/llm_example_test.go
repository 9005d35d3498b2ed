package reasoning_test

import (
	"context"
	"fmt"
	"time"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

type exampleParams struct {
	Source tools.NodeID `json:"source" desc:"the start node"`
	Target tools.NodeID `json:"target" desc:"the end node"`
}

// The LLM planner used standalone against a scripted server: choose a tool,
// then extract its parameters; the first parameter answer names a node that
// is not in the graph and is repaired.
func ExampleLLMPlanner() {
	srv := llmtest.New(nil)
	defer srv.Close()
	srv.Enqueue(
		llmtest.Reply(`{"thought": "a distance question", "tool": "shortest_path", "then": []}`),
		llmtest.Reply("```json\n{\"source\": 1, \"target\": 9}\n```"),
		llmtest.Reply(`{"source": 1, "target": 3}`),
	)

	p, err := reasoning.NewLLMPlanner(reasoning.LLMConfig{BaseURL: srv.BaseURL(), Model: "qwen", Timeout: 10 * time.Second})
	if err != nil {
		panic(err)
	}
	defer p.Close()

	spec := tools.New(tools.Spec{Name: "shortest_path", Description: "Shortest path length between two nodes."},
		func(context.Context, *graph.Graph, exampleParams) (tools.Result, error) { return tools.Result{}, nil }).Spec()
	b := graph.NewBuilder(false)
	b.AddEdge("1", "2")
	b.AddEdge("2", "3")
	g := b.Build()

	var usage reasoning.Usage
	ctx := reasoning.WithUsage(context.Background(), &usage)
	q := "How far is node 1 from node 3?"
	choice, err := p.ChooseTool(ctx, reasoning.ToolRequest{Question: q, Candidates: []reasoning.Candidate{{Tool: spec, Score: 1}}})
	if err != nil {
		panic(err)
	}
	args, err := p.ExtractParams(ctx, reasoning.ParamRequest{Question: q, Tool: spec, Graph: g})
	if err != nil {
		panic(err)
	}
	st := usage.Stats()
	fmt.Println(choice.Tool, string(args))
	fmt.Println("calls:", st.Calls, "repairs:", st.Repairs)
	// Output:
	// shortest_path {"source":1,"target":3}
	// calls: 3 repairs: 1
}
