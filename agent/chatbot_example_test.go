package agent_test

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/memory"
)

// A chatbot embeds one Session per conversation: each user message is a
// turn, graphs stay in working memory ("it"), and WithEvents shows the
// steps while the answer is worked out (here: the tool chosen).
func Example_chatbot() {
	ctx := context.Background()
	a, err := agent.New(ctx, agent.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()

	conversation := bufio.NewScanner(strings.NewReader(`Remember this graph: 0-1, 1-2, 2-3, 3-0, 0-2.
How many triangles does it have?
What is the shortest path from node 1 to node 3 in it?
and from node 0 to node 3?`))
	s := a.NewSession(memory.WorkingLimits{Graphs: 4})
	showTool := agent.WithEvents(func(e agent.Event) {
		if e.Step == "tool" {
			fmt.Printf("  (%s)\n", strings.SplitN(e.Detail, ":", 2)[0])
		}
	})
	for conversation.Scan() {
		fmt.Println("user:", conversation.Text())
		ans, err := s.Ask(ctx, conversation.Text(), showTool)
		if err != nil {
			fmt.Println("bot: sorry:", err)
			continue
		}
		fmt.Println("bot:", ans.Answer)
	}
	// Output:
	// user: Remember this graph: 0-1, 1-2, 2-3, 3-0, 0-2.
	// bot: Loaded graph1: 4 nodes, 5 edges, undirected.
	// user: How many triangles does it have?
	//   (chose triangle_count)
	// bot: The graph has 2 triangles.
	// user: What is the shortest path from node 1 to node 3 in it?
	//   (chose shortest_path)
	// bot: The shortest path from 1 to 3 has length 2: 1, 0, 3.
	// user: and from node 0 to node 3?
	//   (chose shortest_path)
	// bot: The shortest path from 0 to 3 has length 1: 0, 3.
}

// A chatbot that confirms before it runs anything asks WithPlanOnly, shows
// the plan, and runs it (or an edited one) with WithPlan.
func ExampleWithPlanOnly() {
	ctx := context.Background()
	a, err := agent.New(ctx, agent.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	q := "What is the shortest path from node 0 to node 3 in 0-1, 1-2, 2-3, 0-3?"
	planned, err := a.Ask(ctx, q, agent.WithPlanOnly())
	if err != nil || planned.Plan == nil {
		fmt.Println("no plan:", err)
		return
	}
	fmt.Println("plan:", planned.Plan.Tool, string(planned.Plan.Args))
	// The user says: "change the source to 1".
	edited := agent.Plan{Tool: planned.Plan.Tool, Args: []byte(`{"source":"1","target":"3"}`)}
	ans, err := a.Ask(ctx, q, agent.WithPlan(edited))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ans.Answer)
	// Output:
	// plan: shortest_path {"source":"0","target":"3"}
	// The shortest path from 1 to 3 has length 2: 1, 0, 3.
}
