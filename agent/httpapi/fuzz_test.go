package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/reasoning"
)

// FuzzChatCompletions posts arbitrary bodies to the chat endpoint: the
// handler never panics, and answers 200 with a completion or an error
// status with an OpenAI-style error body.
func FuzzChatCompletions(f *testing.F) {
	h, err := New(Options{Agent: newTestAgent(f), Timeout: 5e9, MaxBodyBytes: 1 << 16})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		chatBody("", shortestQ),
		chatBody(`"stream": true`, "Is there a cycle in 0-1, 1-2, 2-0?"),
		chatBody(`"graphagent": {"confirm_plan": true}`, "What is the shortest path from 0 to 2 in 0-1, 1-2?"),
		chatBody("", "What is the shortest path from 0 to 2 in 0-1, 1-2?", planText(planOf("shortest_path", `{"source":"0","target":"2"}`)), "change target to 1"),
		chatBody("", "q", planHeader+"\n1. degree {\"node\": \"0\"}", "yes"),
		`{"model": "graphagent", "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]}`,
		`{"model": "graphagent", "messages": [{"role": "user", "content": null}]}`,
		`{"model": 3}`, `[]`, `null`, `{`, "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/v1/chat/completions", strings.NewReader(body))
		h.ServeHTTP(rec, req)
		b := rec.Body.Bytes()
		if rec.Code == http.StatusOK {
			if rec.Header().Get("Content-Type") == "text/event-stream" {
				if !strings.HasSuffix(string(b), "data: [DONE]\n\n") {
					t.Fatalf("stream without [DONE]: %q", b)
				}
				return
			}
			var c struct {
				Choices []json.RawMessage `json:"choices"`
			}
			if err := json.Unmarshal(b, &c); err != nil || len(c.Choices) != 1 {
				t.Fatalf("200 without a completion: %q", b)
			}
			return
		}
		var e struct {
			Error *apiError `json:"error"`
		}
		if err := json.Unmarshal(b, &e); err != nil || e.Error == nil || e.Error.Code == "" || e.Error.Message == "" {
			t.Fatalf("status %d without an error body: %q", rec.Code, b)
		}
	})
}

// FuzzPlanReplies reads arbitrary replies to a pending plan and arbitrary
// assistant messages: no panic, and an edit that succeeds names a tool of
// the catalogue with a JSON object of arguments.
func FuzzPlanReplies(f *testing.F) {
	a := newTestAgent(f)
	for _, s := range []string{"yes", "no", "change target to 5", "change step 1 to degree", "set source = node 3", "change step 2 to x {}", "use weighted as true", planHeader + "\n1. bfs {\"a\":1}"} {
		f.Add(s)
	}
	p := planOf("shortest_path", `{"source":"0","target":"3"}`)
	chainPlan := *parsePlan(planText(agent.Plan{Chain: &testChain}))
	for _, s := range []string{"skip step 2", "change step 3 to closeness_centrality", `change step 2 to top_nodes {"k":1}`, planText(chainPlan)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		_ = classify(text)
		if q := parsePlan(text); q != nil && (q.Chain == nil) == (q.Tool == "") || q != nil && q.Chain == nil && !json.Valid(q.Args) {
			t.Fatalf("plan %+v read from %q", q, text)
		}
		for _, pending := range []agent.Plan{p, chainPlan} {
			checkEdit(t, a, pending, text)
		}
	})
}

// checkEdit fails t unless an edit of p that succeeds is a valid plan: a
// catalogue tool with a JSON object of arguments, or a chain that passes
// its checks.
func checkEdit(t *testing.T, a *agent.Agent, p agent.Plan, text string) {
	t.Helper()
	q, err := editPlan(p, text, a.Registry())
	if err != nil {
		return
	}
	if q.Chain != nil {
		if err := reasoning.CheckChain(*q.Chain, reasoning.RegistrySpecs(a.Registry())); err != nil {
			t.Fatalf("edit %q gives an invalid chain %s: %v", text, q.Chain, err)
		}
		return
	}
	{
		if _, err := a.Registry().Get(q.Tool); err != nil {
			t.Fatalf("edit %q names tool %q: %v", text, q.Tool, err)
		}
		var m map[string]any
		if err := json.Unmarshal(q.Args, &m); err != nil {
			t.Fatalf("edit %q gives arguments %q: %v", text, q.Args, err)
		}
	}
}
