package agent

import (
	"context"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/tools/graph"
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

// TestLLMChoiceNotHeldToCues: the checks of a tool the builtin planner
// found by retrieval alone do not apply to an LLM's choice, which reads
// the question itself: a negated question the lexicon does not cue is
// answered with the tool the model picks.
func TestLLMChoiceNotHeldToCues(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(func(req llmtest.Request) llmtest.Response {
		switch req.System() {
		case reasoning.ToolInstruction:
			return llmtest.Reply(`{"thought": "the guests Ann can reach", "tool": "bfs_order", "then": []}`)
		case reasoning.ParamInstruction:
			return llmtest.Reply(`{"source": "Ann"}`)
		}
		return llmtest.Reply(`{"directed": false, "weighted": false, "source": "", "edges": [], "nodes": []}`)
	})
	sb, err := graph.NewSandbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	a := newLLMAgent(t, srv, sb, nil)
	q := "Guests: Ann–Ben, Ben–Cal, Cal–Dot. Which guests has Ann never talked to?"
	ans, err := a.Ask(context.Background(), q)
	if err != nil {
		t.Fatalf("%q: %v", q, err)
	}
	if ans.Tool != "bfs_order" || !strings.Contains(ans.Answer, "Cal") {
		t.Errorf("%q: %s %s", q, ans.Tool, ans.Answer)
	}
}
