package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/tools/graph"
)

// schemaEnum returns the tool names a tool-step request allows.
func schemaEnum(t *testing.T, req llmtest.Request) []string {
	var s struct {
		Properties struct {
			Tool struct {
				Enum []string `json:"enum"`
			} `json:"tool"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(req.Schema(), &s); err != nil {
		t.Errorf("tool schema: %v", err)
	}
	return s.Properties.Tool.Enum
}

func newLLMAgent(t *testing.T, srv *llmtest.Server, sb *graph.Sandbox, rewrite func(string) string) *Agent {
	t.Helper()
	p, err := reasoning.NewLLMPlanner(reasoning.LLMConfig{BaseURL: srv.BaseURL(), Model: "test", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(context.Background(), Config{Planner: p, Memory: store, Sandbox: sb, PathRewrite: rewrite})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestLLMCallsGTools runs every GTools sample item through the LLM planner
// against the scripted server, which answers like a good model (the gold
// tool, the gold arguments, sometimes in prose or a code fence). The parsers
// are confident on these items, so no graph-extraction call may be made:
// two calls per question, one when the tool takes no parameters, as the
// server and the Answer both count.
func TestLLMCallsGTools(t *testing.T) {
	items := loadGToolsItems(t)
	srv := llmtest.New(t)
	var mu sync.Mutex
	var cur gtoolsItem
	var graphCalls int
	srv.Handle(func(req llmtest.Request) llmtest.Response {
		mu.Lock()
		it := cur
		mu.Unlock()
		switch req.System() {
		case reasoning.ToolInstruction:
			enum := schemaEnum(t, req)
			pick := reasoning.NoTool
			for _, name := range goldTools(it.Task) {
				if slices.Contains(enum, name) {
					pick = name
					break
				}
			}
			return llmtest.Reply(fmt.Sprintf(`{"thought": "the task names it", "tool": %q, "then": []}`, pick))
		case reasoning.ParamInstruction:
			b, _ := json.Marshal(it.Args)
			if it.Index%2 == 0 {
				return llmtest.Reply("The arguments are:\n```json\n" + string(b) + "\n```")
			}
			return llmtest.Reply(string(b))
		case reasoning.GraphInstruction:
			mu.Lock()
			graphCalls++
			mu.Unlock()
			return llmtest.Reply(`{"directed": false, "weighted": false, "source": "", "edges": [], "nodes": []}`)
		}
		t.Errorf("unexpected request with system %.60q", req.System())
		return llmtest.Status(400)
	})
	sb, err := graph.NewSandbox(gtoolsSample(t))
	if err != nil {
		t.Fatal(err)
	}
	a := newLLMAgent(t, srv, sb, gtoolsdata.StripPrefix)
	ok := 0
	for _, it := range items {
		mu.Lock()
		cur = it
		mu.Unlock()
		before := srv.Calls()
		ans, err := a.Ask(context.Background(), it.Prompt)
		calls := srv.Calls() - before
		name := fmt.Sprintf("%s[%d]", it.File, it.Index)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		want := 2
		if len(it.Args) == 0 {
			want = 1
		}
		if calls != want || ans.LLMCalls != int64(want) {
			t.Errorf("%s: %d server calls, answer says %d; want %d", name, calls, ans.LLMCalls, want)
		}
		if ans.Tokens <= 0 {
			t.Errorf("%s: no tokens counted", name)
		}
		if msg := checkGToolsAnswer(it, ans); msg != "" {
			t.Errorf("%s: %s", name, msg)
		} else {
			ok++
		}
	}
	if graphCalls != 0 {
		t.Errorf("%d graph-extraction calls on confidently parsed questions", graphCalls)
	}
	t.Logf("LLM path (scripted server): %d/%d answers correct, %d server calls in all", ok, len(items), srv.Calls())
}

// TestLLMGraphStep checks that a question the parsers are not sure of goes
// to the LLM graph step, that an answer inventing nodes is rejected (one
// repair, then the parsers' uncertain reading is refused, not answered
// from), and that a valid one is used.
func TestLLMGraphStep(t *testing.T) {
	q := "Edges: 0-1, 1-2. Also 3 4 5 6 might matter. How many nodes does the graph have?"
	for _, tc := range []struct {
		name      string
		graph     string
		wantNodes int // 0: refused
		wantCalls int
	}{
		{"valid", `{"directed": false, "weighted": false, "source": "", "edges": [[0, 1], [1, 2], [3, 4], [5, 6]], "nodes": []}`, 7, 2},
		{"invented node", `{"directed": false, "weighted": false, "source": "", "edges": [[0, 1], [1, 99]], "nodes": []}`, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Handle(func(req llmtest.Request) llmtest.Response {
				switch req.System() {
				case reasoning.GraphInstruction:
					return llmtest.Reply(tc.graph)
				case reasoning.ToolInstruction:
					if !slices.Contains(schemaEnum(t, req), "node_count") {
						t.Errorf("node_count not among the candidates %v", schemaEnum(t, req))
					}
					return llmtest.Reply(`{"thought": "count", "tool": "node_count", "then": []}`)
				}
				t.Errorf("unexpected request %.60q", req.System())
				return llmtest.Status(400)
			})
			a := newLLMAgent(t, srv, nil, nil)
			ans, err := a.Ask(context.Background(), q)
			switch {
			case tc.wantNodes == 0:
				if !errors.Is(err, ErrNoAnswer) || !strings.Contains(err.Error(), "uncertain") {
					t.Fatalf("err %v, want a refusal of the uncertain reading", err)
				}
			case err != nil:
				t.Fatal(err)
			default:
				if got := fmt.Sprint(ans.Value); got != fmt.Sprint(tc.wantNodes) {
					t.Errorf("node count %s, want %d", got, tc.wantNodes)
				}
			}
			if srv.Calls() != tc.wantCalls || ans.LLMCalls != int64(tc.wantCalls) {
				t.Errorf("%d server calls, answer says %d; want %d", srv.Calls(), ans.LLMCalls, tc.wantCalls)
			}
			graphSteps := 0
			for _, e := range ans.Trace {
				if e.Step == "graph" && e.Backend == "llm:test" {
					graphSteps++
					if e.LLMCalls == 0 {
						t.Errorf("the LLM graph step records no calls: %+v", e)
					}
				}
			}
			if graphSteps != 1 {
				t.Errorf("%d LLM graph steps in the trace, want 1", graphSteps)
			}
		})
	}
}

// TestLLMFallbackAnalogy checks Graph Agent's fallback with an LLM: the
// model says no tool fits, then one induction and one deduction call give
// the answer.
func TestLLMFallbackAnalogy(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(func(req llmtest.Request) llmtest.Response {
		switch {
		case req.System() == reasoning.ToolInstruction:
			return llmtest.Reply(`{"thought": "no tool rates captains", "tool": "none", "then": []}`)
		case req.Schema() == nil:
			return llmtest.Reply("1. Questions about influence are answered by the best-connected node.")
		default:
			return llmtest.Reply(`{"answer": "node 2", "explanation": "node 2 has the most neighbours", "confidence": 0.6}`)
		}
	})
	a := newLLMAgent(t, srv, nil, nil)
	ans, err := a.Ask(context.Background(), "Graph: 0-1, 1-2, 2-3, 3-0, 2-4, 4-5. Which node would make the best team captain?")
	if err != nil {
		t.Fatal(err)
	}
	if !ans.Fallback || ans.Tool != "" || ans.Value != "node 2" {
		t.Errorf("fallback %v tool %q value %v; want the deduced answer", ans.Fallback, ans.Tool, ans.Value)
	}
	if srv.Calls() != 3 || ans.LLMCalls != 3 {
		t.Errorf("%d calls (answer says %d), want 3: tool, induction, deduction", srv.Calls(), ans.LLMCalls)
	}
	if ev := ans.Trace[len(ans.Trace)-1]; ev.Step != "fallback" || ev.Backend != "llm:test" || ev.LLMCalls != 2 {
		t.Errorf("last event %+v, want the LLM fallback with 2 calls", ev)
	}
}
