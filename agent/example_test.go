package agent_test

import (
	"context"
	"fmt"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory"
)

// Embedding the agent: with an empty Config it uses the builtin backend, the
// whole tool catalogue and no file access.
func ExampleAgent_Ask() {
	ctx := context.Background()
	a, err := agent.New(ctx, agent.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	ans, err := a.Ask(ctx, "Given a directed graph with edges [(0, 1), (1, 2), (2, 0), (2, 3)], is there a cycle?")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ans.Tool)
	fmt.Println(ans.Answer)
	// Output:
	// cycle_check
	// The graph contains a cycle, for example 0 -> 1 -> 2 -> 0.
}

// A session keeps the graphs of earlier turns in working memory.
func ExampleSession() {
	ctx := context.Background()
	a, err := agent.New(ctx, agent.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	s := a.NewSession(memory.WorkingLimits{})
	for _, q := range []string{
		"Remember this graph: 0-1, 1-2, 2-3, 3-0, 0-2.",
		"How many triangles does it have?",
	} {
		ans, err := s.Ask(ctx, q)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(ans.Answer)
	}
	// Output:
	// Loaded graph1: 4 nodes, 5 edges, undirected.
	// The graph has 2 triangles.
}
