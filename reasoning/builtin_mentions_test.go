package reasoning

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// TestChooseToolLowerCaseNames: a lower-case node of the graph named after
// "of" or "does" ("the degree of c") is a mention, so a one-node tool fits
// it; a name the graph does not have is not.
func TestChooseToolLowerCaseNames(t *testing.T) {
	p := NewBuiltinPlanner(BuiltinConfig{})
	cand := func(name string, score float64) Candidate {
		return Candidate{Tool: builtinSpec(t, name), Score: score}
	}
	graphOf := &GraphSummary{Nodes: 4, Edges: 4, Sample: []string{"a", "b", "c", "d"}}
	for _, c := range []struct {
		q     string
		g     *GraphSummary
		want  string
		fitOK bool
	}{
		{"whats the degree of c", graphOf, "degree", true},
		{"how many links does b have", graphOf, "degree", true},
		{"whats the degree of x", graphOf, "degree", false}, // x is no node
		{"whats the degree of c", nil, "degree", false},     // no graph to check against
	} {
		req := ToolRequest{Question: c.q, Graph: c.g, Candidates: []Candidate{cand("degree", 0.2), cand("edge_count", 0.3)}}
		ch, err := p.ChooseTool(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if got := ch.Tool == c.want; got != c.fitOK {
			t.Errorf("%q (graph %v): chose %s (%s), want %s chosen: %v", c.q, c.g != nil, ch.Tool, ch.Thought, c.want, c.fitOK)
		}
	}
	if got := sampleMentions("the degree of a, or does b have more", []string{"a", "b", "the"}); len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Errorf("sampleMentions: %v, want [a b]", got)
	}
}

// TestExtractParamsAskedPairMissing: when the pair the question asks about
// ("from S1 to S3") has a node the graph lacks, the parameters are not
// taken from other nodes found elsewhere in the text; the missing node is
// reported. A pair the graph has is answered as before.
func TestExtractParamsAskedPairMissing(t *testing.T) {
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"S1", "S2"}, {"P", "Q"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Build()
	p := NewBuiltinPlanner(BuiltinConfig{})
	for _, q := range []string{
		"Server  with latency 5ms, S2 to S3 with 3ms. lowest latency from S1 to S3?",
		"S1 then S2 and Q. How far is it from S3 to S1?",
		"S2 is near. What is the shortest path between S1 and S9?",
	} {
		_, err := p.ExtractParams(context.Background(), ParamRequest{Question: q, Tool: builtinSpec(t, "shortest_path_length"), Graph: g})
		if !errors.Is(err, tools.ErrNodeNotFound) {
			t.Errorf("%q: %v, want a missing node", q, err)
		}
	}
	for q, want := range map[string]string{
		"lowest latency from S1 to S2?":          `"source":"S1"`,
		"S3 is down. How far is it from P to Q?": `"source":"P"`,
	} {
		args, err := p.ExtractParams(context.Background(), ParamRequest{Question: q, Tool: builtinSpec(t, "shortest_path_length"), Graph: g})
		if err != nil || !strings.Contains(string(args), want) {
			t.Errorf("%q: %s, %v; want %s", q, args, err, want)
		}
	}
}
