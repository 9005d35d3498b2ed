package reasoning

import (
	"context"
	"errors"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

// FuzzParseChainAnswer: any model answer is parsed without panicking, and
// a chain it accepts passes CheckChain.
func FuzzParseChainAnswer(f *testing.F) {
	f.Add(validChainAnswer)
	f.Add(`{"thought": "", "steps": []}`)
	f.Add(`{"steps": [{"tool": "top_nodes", "inputs": {"scores": {"step": 2, "index": -1}}}, {"tool": "pagerank"}]}`)
	f.Add("```json\n{\"steps\": [{\"tool\": \"remove_nodes\", \"args\": {\"nodes\": [1]}}, {\"tool\": \"diameter\"}]}\n```")
	cs := chainCandidates()
	specs := CandidateSpecs(cs)
	f.Fuzz(func(t *testing.T, answer string) {
		c, err := ParseChainAnswer(answer, cs)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrBadChain) && !errors.Is(err, ErrNotChain) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		if err := CheckChain(c, specs); err != nil {
			t.Fatalf("accepted a chain that fails its check: %v", err)
		}
		_ = c.String()
	})
}

// FuzzPlanChain: any question is read by the grammar without panicking,
// and a chain it plans passes CheckChain; "skip step N" edits of it are
// checked too.
func FuzzPlanChain(f *testing.F) {
	for _, q := range []string{
		"What is the shortest path between the two highest-PageRank nodes?",
		"Remove self-loops and isolated nodes, then give the diameter.",
		"After removing nodes 1, 2 and 3, how many edges are there?",
		"What is the shortest path from the highest-degree node to the lowest-degree node?",
		"Keep the largest component, then what is the diameter? then the degree of node 4",
		"the the top 0 nodes by degree then then , after removing after removing",
	} {
		f.Add(q, "skip step 2")
	}
	p := NewBuiltinPlanner(BuiltinConfig{})
	specs := RegistrySpecs(tools.Catalogue())
	f.Fuzz(func(t *testing.T, q, edit string) {
		c, err := p.PlanChain(context.Background(), ChainRequest{Question: q, Resolve: fakeResolve})
		if err != nil {
			return
		}
		if err := CheckChain(c, specs); err != nil {
			t.Fatalf("%q: planned a chain that fails its check: %v\n%s", q, err, c)
		}
		if out, ok, err := EditChain(c, edit, specs); ok && err == nil {
			if err := CheckChain(out, specs); err != nil {
				t.Fatalf("edit %q gave an invalid chain: %v", edit, err)
			}
		}
	})
}
