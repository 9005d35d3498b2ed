package reasoning

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

// TestChooseToolWithoutExamplesDecisive checks the claim of
// ChooseToolWithoutExamples on many random requests: when it says decisive,
// ChooseTool picks the same tool under the examples most against it (every
// vote for one competitor, for each competitor in turn, and random votes);
// and it is not decisive for every request, or the check would be empty.
func TestChooseToolWithoutExamplesDecisive(t *testing.T) {
	questions := []string{
		"What is the degree of node 6?",
		"Is there a cycle in this graph?",
		"Find the shortest path from node 2 to node 9.",
		"How many nodes are in the graph?",
		"Which nodes are connected to 3?",
		"Tell me something about the structure.",
		"What is the maximum flow from 0 to 5?",
		"Give a topological order.",
		"How dense is it?",
		"List the communities.",
	}
	specs := tools.Catalogue().Specs()
	p := NewBuiltinPlanner(BuiltinConfig{})
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	decisive, total := 0, 0
	for i := 0; i < 600; i++ {
		q := questions[r.IntN(len(questions))]
		var cands []Candidate
		for _, k := range r.Perm(len(specs))[:2+r.IntN(6)] {
			cands = append(cands, Candidate{Tool: specs[k], Score: r.Float64() * 0.8})
		}
		req := ToolRequest{Question: q, Candidates: cands, Graph: &GraphSummary{Directed: r.IntN(2) == 0, Nodes: 10, Edges: 20}}
		choice, ok, err := p.ChooseToolWithoutExamples(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := p.ChooseTool(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if plain.Tool != choice.Tool {
			t.Fatalf("%q: without examples %s, ChooseTool with none %s", q, choice.Tool, plain.Tool)
		}
		total++
		if !ok {
			continue
		}
		decisive++
		var adversaries [][]Example
		for _, c := range cands {
			adversaries = append(adversaries, []Example{{Tool: c.Tool.Name, Score: 1}})
		}
		random := make([]Example, 8)
		for k := range random {
			random[k] = Example{Tool: cands[r.IntN(len(cands))].Tool.Name, Score: r.Float64()}
		}
		for _, exs := range append(adversaries, random) {
			req.Examples = exs
			got, err := p.ChooseTool(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			if got.Tool != choice.Tool {
				t.Fatalf("%q: decisive for %s, but examples %v make it %s (%s)", q, choice.Tool, exs, got.Tool, got.Thought)
			}
		}
	}
	if decisive == 0 || decisive == total {
		t.Fatalf("decisive on %d of %d requests: the check needs both kinds", decisive, total)
	}
	t.Logf("decisive on %d of %d random requests", decisive, total)
}
