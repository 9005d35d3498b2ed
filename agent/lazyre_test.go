package agent

import (
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/internal/lazyre/lazyretest"
)

// TestPatternsBehindPrefilter checks that the agent's patterns, compiled
// on first use behind lazyre's prefilter, match exactly as regexp does on
// the understanding questions and on follow-ups and scenario requests.
func TestPatternsBehindPrefilter(t *testing.T) {
	pats := []*lazyre.Regexp{argFollowUp, directionFollowUp, backReference, declaredRange, fragmentEnd,
		reportCue, compareCue, cleanCue, chainWords, isolatedSentence}
	texts := []string{
		"and what about node 5?", "What if it were directed?", "its degree", "nodes 0 to 9", "Page D and C.",
		"give me a report on karate/edges.tsv", "compare karate with football", "clean it up, then find duplicates",
		"How about the same node in the undirected graph?", "Node 4 has no edges; vertex B is isolated.",
	}
	for _, q := range lazyretest.UnderstandingQuestions(t, func(i int, _ string) bool { return i%5 == 0 }) {
		texts = append(texts, q, strings.ToLower(q))
	}
	lazyretest.SameAsRegexp(t, pats, texts, " ")
}
