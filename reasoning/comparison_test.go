package reasoning

import (
	"context"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

// TestComparisonAsked: questions comparing two things are found; questions
// with "or" or "than" that compare nothing are not.
func TestComparisonAsked(t *testing.T) {
	for q, want := range map[string]bool{
		"which has more edges, node 1 or node 2?":              true,
		"who has more friends, ann or bo?":                     true,
		"does node 3 have more neighbours than node 4?":        true,
		"which node has the higher degree, 2 or 5?":            true,
		"is there a path from 0 to 3 or not?":                  false,
		"how many nodes have more than 2 neighbours?":          false,
		"is the graph connected or disconnected?":              false,
		"what is the degree of node 1 or node 2?":              false,
		"which nodes can be reached in more than three steps?": false,
	} {
		if got := comparisonAsked(q) != ""; got != want {
			t.Errorf("%q: comparison %v, want %v", q, got, want)
		}
	}
}

// TestCloseCallDeclines: two candidates that no cue names and that score
// within CloseCall of each other are not chosen between; a clear lead, or a
// cue, chooses.
func TestCloseCallDeclines(t *testing.T) {
	specs := map[string]tools.Spec{}
	for _, s := range tools.Catalogue().Specs() {
		specs[s.Name] = s
	}
	p := NewBuiltinPlanner(BuiltinConfig{})
	ask := func(q string, a, b float64) string {
		t.Helper()
		c, err := p.ChooseTool(context.Background(), ToolRequest{Question: q, Candidates: []Candidate{
			{Tool: specs["edge_count"], Score: a}, {Tool: specs["closeness_centrality"], Score: b}}})
		if err != nil {
			t.Fatal(err)
		}
		return c.Tool
	}
	if got := ask("Tell me about it.", 0.62, 0.60); got != NoTool {
		t.Errorf("a close call with no cue chose %s", got)
	}
	if got := ask("Tell me about it.", 0.72, 0.60); got != "edge_count" {
		t.Errorf("a clear lead chose %s", got)
	}
	if got := ask("How many edges are there?", 0.60, 0.62); got != "edge_count" {
		t.Errorf("a cued tool chose %s", got)
	}
}
