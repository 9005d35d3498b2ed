package agent

import (
	"context"
	"testing"

	"github.com/graphagent/graphagent/memory"
)

// TestSessionFollowUpsKeepTool: a follow-up reuses the previous question's
// tool, so the checks of a tool found by retrieval alone (answer kind,
// node_exists without a cue) do not decline it.
func TestSessionFollowUpsKeepTool(t *testing.T) {
	s := newDataAgent(t).NewSession(memory.WorkingLimits{})
	for _, c := range []struct{ q, tool string }{
		{"Edges: 1-2, 2-3, 3-4. Is node 3 in the graph?", "node_exists"},
		{"and node 9?", "node_exists"},
		{"Is there a path from 1 to 4?", "path_exists"},
		{"what about 4 to 1?", "path_exists"},
	} {
		ans, err := s.Ask(context.Background(), c.q)
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		if ans.Tool != c.tool {
			t.Errorf("%q: tool %s, want %s (%s)", c.q, ans.Tool, c.tool, ans.Answer)
		}
	}
}
