package agent

import (
	"context"
	"errors"
	"testing"
)

// TestVagueRanking: "the most important node" ranks by a quality that
// degree, betweenness, closeness and PageRank each measure a kind of, so it
// is declined unless the question names the measure (it was answered with
// the degree distribution); naming one answers with it.
func TestVagueRanking(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	const g = "edges A-B, B-C, C-A, C-D. "
	for _, c := range []struct{ q, tool string }{
		{g + "which node is the most important?", ""},
		{g + "Who is the most influential person here?", ""},
		{g + "rank the nodes by importance", ""},
		{g + "which node is the most important by PageRank?", "pagerank"},
		{g + "which node has the highest betweenness centrality?", "betweenness_centrality"},
		{g + "what is the degree of node C?", "degree"},
	} {
		ans, err := a.Ask(ctx, c.q)
		if c.tool == "" {
			if !errors.Is(err, ErrNoAnswer) {
				t.Errorf("%q: answered %s (%v), want a refusal", c.q, answerText(ans), err)
			}
			continue
		}
		if err != nil || ans.Tool != c.tool {
			t.Errorf("%q: %v %v, want %s", c.q, answerText(ans), err, c.tool)
		}
	}
}
