package backend

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/tools"
)

func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "graphagent.yaml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLoadFile reads every documented key, and the environment overrides
// what the file says.
func TestLoadFile(t *testing.T) {
	p := writeFile(t, `url: http://127.0.0.1:9/v1
model: m1
api_key: k
timeout: 7s
retries: 0
max_tokens: 123
graph_max_tokens: 456
temperature: 0.5
guided_json: true
extra:
  top_k: 20
  chat_template_kwargs: {enable_thinking: false}
`)
	cfg, err := LoadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.URL != "http://127.0.0.1:9/v1" || cfg.Model != "m1" || cfg.APIKey != "k" || cfg.Timeout != 7*time.Second ||
		cfg.Retries == nil || *cfg.Retries != 0 || cfg.MaxTokens != 123 || cfg.GraphMaxTokens != 456 || cfg.Temperature != 0.5 ||
		!cfg.GuidedJSON || cfg.Extra["top_k"] != 20 {
		t.Errorf("read %+v", cfg)
	}
	env := map[string]string{Env.Model: "m2", Env.MaxTokens: "99", Env.Timeout: "3s", Env.GuidedJSON: "false"}
	cfg, err = cfg.FromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Model != "m2" || cfg.MaxTokens != 99 || cfg.Timeout != 3*time.Second || cfg.GuidedJSON || cfg.URL != "http://127.0.0.1:9/v1" {
		t.Errorf("after the environment: %+v", cfg)
	}
	p2, err := cfg.Planner(nil)
	if err != nil || p2 == nil {
		t.Fatalf("planner: %v", err)
	}
	p2.Close()
}

// TestLoadFileErrors: a misspelt key, a bad value and a missing file are
// errors that say what is wrong; no URL is the builtin backend.
func TestLoadFileErrors(t *testing.T) {
	for text, want := range map[string]string{
		"modle: m\n":        "modle",
		"timeout: soon\n":   "line 1",
		"retries: -1\n":     "retries -1 is negative",
		"max_tokens: [1]\n": "line 1",
	} {
		if _, err := LoadFile(writeFile(t, text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one naming %q", text, err, want)
		}
	}
	if _, err := LoadFile(filepath.Join(t.TempDir(), "none.yaml")); err == nil {
		t.Error("a missing file is not an error")
	}
	if _, err := (Config{}).FromEnv(func(k string) string {
		if k == Env.Retries {
			return "two"
		}
		return ""
	}); err == nil || !strings.Contains(err.Error(), Env.Retries) {
		t.Errorf("bad %s: %v", Env.Retries, err)
	}
	if p, err := (Config{}).Planner(nil); p != nil || err != nil {
		t.Errorf("no URL: planner %v, error %v", p, err)
	}
	if _, err := (Config{URL: "http://127.0.0.1:9"}).Planner(nil); err == nil || !strings.Contains(err.Error(), "model") {
		t.Errorf("no model: %v", err)
	}
	if cfg, err := LoadFile(""); err != nil || cfg.URL != "" {
		t.Errorf("no file: %+v, %v", cfg, err)
	}
}

// TestEncoder: the embeddings settings of the file and the environment
// select the embeddings client; its key defaults to the LLM's.
func TestEncoder(t *testing.T) {
	cfg, err := LoadFile(writeFile(t, "api_key: k\nembed_url: http://127.0.0.1:9/v1\nembed_model: e1\n"))
	if err != nil {
		t.Fatal(err)
	}
	enc, err := cfg.Encoder()
	if err != nil || enc == nil || enc.Name() != "openai:e1" {
		t.Fatalf("encoder %v, %v", enc, err)
	}
	cfg, err = cfg.FromEnv(func(k string) string { return map[string]string{Env.EmbedModel: "e2"}[k] })
	if err != nil || cfg.EmbedModel != "e2" || cfg.EmbedURL != "http://127.0.0.1:9/v1" {
		t.Fatalf("after the environment: %+v, %v", cfg, err)
	}
	if enc, err := (Config{}).Encoder(); enc != nil || err != nil {
		t.Errorf("no URL: %v, %v; want the builtin encoder (nil)", enc, err)
	}
	if _, err := (Config{EmbedURL: "http://127.0.0.1:9/v1"}).Encoder(); err == nil || !strings.Contains(err.Error(), "embed_model") {
		t.Errorf("no model: %v", err)
	}
}

// TestLimitsReachServer: the limits of the configuration reach a scripted
// server: max_tokens on the tool step, graph_max_tokens on graph
// extraction, temperature and extra fields on both; retries is how many
// calls repeat a failed one; timeout ends a call the server does not
// answer.
func TestLimitsReachServer(t *testing.T) {
	srv := llmtest.New(t)
	one := 1
	cfg := Config{URL: srv.BaseURL(), Model: "m", MaxTokens: 77, GraphMaxTokens: 321, Temperature: 0.25,
		Retries: &one, Timeout: 300 * time.Millisecond, Extra: map[string]any{"top_k": 20}}
	p, err := cfg.Planner(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ctx := context.Background()
	cands := []reasoning.Candidate{{Tool: tools.Spec{Name: "node_count", Description: "count the nodes"}}}

	srv.Handle(func(r llmtest.Request) llmtest.Response {
		if r.System() == reasoning.ToolInstruction {
			return llmtest.Reply(`{"thought": "count", "tool": "node_count"}`)
		}
		return llmtest.Reply(`{"directed": false, "weighted": false, "edges": [{"u": "a", "v": "b"}]}`)
	})
	if _, err := p.ChooseTool(ctx, reasoning.ToolRequest{Question: "How many nodes?", Candidates: cands}); err != nil {
		t.Fatal(err)
	}
	_, _ = p.ExtractGraph(ctx, reasoning.GraphRequest{Question: "a knows b. How many nodes?"}) // its answer need not pass the checks
	reqs := srv.Requests()
	if len(reqs) < 2 {
		t.Fatalf("%d requests, want a tool and a graph step", len(reqs))
	}
	for i, r := range reqs {
		want := 321
		if i == 0 {
			want = 77
		}
		var body map[string]any
		if err := json.Unmarshal(r.Body, &body); err != nil {
			t.Fatal(err)
		}
		if r.MaxTokens != want || r.Temperature == nil || *r.Temperature != 0.25 || body["top_k"] != float64(20) {
			t.Errorf("request %d: max_tokens %d (want %d), temperature %v, top_k %v", i, r.MaxTokens, want, r.Temperature, body["top_k"])
		}
	}

	// retries: 1 — a failing call is sent twice.
	before := srv.Calls()
	srv.Enqueue(llmtest.Status(500), llmtest.Status(500))
	if _, err := p.ChooseTool(ctx, reasoning.ToolRequest{Question: "How many nodes?", Candidates: cands}); !errors.Is(err, reasoning.ErrServer) {
		t.Fatalf("failing server: %v", err)
	}
	if n := srv.Calls() - before; n != 2 {
		t.Errorf("%d calls to a failing server with retries: 1, want 2", n)
	}

	// timeout: 300ms — a server that never answers costs two timeouts.
	srv.Enqueue(llmtest.Hang(), llmtest.Hang())
	t0 := time.Now()
	if _, err := p.ChooseTool(ctx, reasoning.ToolRequest{Question: "How many nodes?", Candidates: cands}); !errors.Is(err, reasoning.ErrServer) {
		t.Fatalf("hanging server: %v", err)
	}
	if d := time.Since(t0); d > 3*time.Second {
		t.Errorf("a hanging server took %v with timeout: 300ms and one retry", d)
	}
}
