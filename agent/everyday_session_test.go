package agent

import (
	"context"
	"errors"
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
// found by retrieval alone are not all applied to an LLM's choice, which
// reads the question itself: a negated question the lexicon does not cue
// is answered with the tool the model picks when that tool's task is the
// negation (non_neighbors), and a negated yes/no question with the tool
// whose sentence states the fact; a tool that would drop the negation
// (bfs_order: everyone Ann reaches) is declined, and so is a tool whose
// answer is of another kind than the one asked for.
func TestLLMChoiceNotHeldToCues(t *testing.T) {
	for _, c := range []struct {
		q, tool, params string
		want            string // "" when declined
	}{
		{"Guests: Ann–Ben, Ben–Cal, Cal–Dot. Who hasn't Ann talked to directly?", "non_neighbors", `{"node": "Ann"}`, "Cal, Dot"},
		{"Guests: Ann–Ben, Ben–Cal, Cal–Dot. Which guests has Ann never talked to?", "bfs_order", `{"source": "Ann"}`, ""},
		{"Guests: Ann–Ben, Ben–Cal, Cal–Dot, Eve–Fay. Is the party not connected?", "is_connected", `{}`, "not connected"},
		{"Guests: Ann–Ben, Ben–Cal, Cal–Dot. How many pairs of guests talked?", "is_connected", `{}`, ""},
		{"Guests: Ann–Ben, Ben–Cal, Cal–Dot. Is there a path from Ann to Dot?", "shortest_path", `{"source": "Ann", "target": "Dot"}`, ""},
	} {
		srv := llmtest.New(t)
		srv.Handle(func(req llmtest.Request) llmtest.Response {
			switch req.System() {
			case reasoning.ToolInstruction:
				return llmtest.Reply(`{"thought": "scripted", "tool": "` + c.tool + `", "then": []}`)
			case reasoning.ParamInstruction:
				return llmtest.Reply(c.params)
			}
			return llmtest.Reply(`{"directed": false, "weighted": false, "source": "", "edges": [], "nodes": []}`)
		})
		sb, err := graph.NewSandbox(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		a := newLLMAgent(t, srv, sb, nil)
		ans, err := a.Ask(context.Background(), c.q)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%q by %s: answered %q, want declined", c.q, c.tool, ans.Answer)
		case c.want == "" && !errors.Is(err, ErrNoAnswer):
			t.Errorf("%q by %s: %v, want ErrNoAnswer", c.q, c.tool, err)
		case c.want != "" && err != nil:
			t.Errorf("%q by %s: %v", c.q, c.tool, err)
		case c.want != "" && (ans.Tool != c.tool || !strings.Contains(ans.Answer, c.want)):
			t.Errorf("%q: %s %q, want %s saying %q", c.q, ans.Tool, ans.Answer, c.tool, c.want)
		}
	}
}
