package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/internal/backend"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
)

// TestConfigFileReachesServer: the LLM settings of a --config file (URL,
// model, key, token limit, guided JSON, extra fields) reach the server on
// every call, and a flag overrides the file.
func TestConfigFileReachesServer(t *testing.T) {
	srv := llmtest.New(t)
	var mu sync.Mutex
	var reqs []llmtest.Request
	srv.Handle(func(r llmtest.Request) llmtest.Response {
		mu.Lock()
		reqs = append(reqs, r)
		mu.Unlock()
		if r.System() == reasoning.ToolInstruction {
			return llmtest.Reply(`{"thought": "a cycle question", "tool": "cycle_check"}`)
		}
		return llmtest.Reply(`{}`)
	})
	conf := filepath.Join(t.TempDir(), "graphagent.yaml")
	text := "url: " + srv.BaseURL() + "\nmodel: configured\napi_key: sesame\nmax_tokens: 77\nguided_json: true\nretries: 0\nextra:\n  top_k: 20\n  chat_template_kwargs: {enable_thinking: false}\n"
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		args      []string
		maxTokens int
	}{
		{"file", []string{"--config", conf}, 77},
		{"flag over file", []string{"--config", conf, "--llm-max-tokens", "55", "--llm-extra", "min_p=0.1"}, 55},
	} {
		mu.Lock()
		reqs = nil
		mu.Unlock()
		args := append(append([]string{"--home", t.TempDir()}, c.args...), "ask", "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?")
		out, errOut, code := runCLI(t, args...)
		if code != exitOK || !strings.Contains(out, "cycle") {
			t.Fatalf("%s: exit %d, %q, %q", c.name, code, out, errOut)
		}
		mu.Lock()
		if len(reqs) == 0 {
			t.Fatalf("%s: the server was not called", c.name)
		}
		for _, r := range reqs {
			var body map[string]any
			if err := json.Unmarshal(r.Body, &body); err != nil {
				t.Fatal(err)
			}
			if r.Model != "configured" || r.Header.Get("Authorization") != "Bearer sesame" {
				t.Errorf("%s: model %q, authorization %q", c.name, r.Model, r.Header.Get("Authorization"))
			}
			if body["top_k"] != float64(20) || body["chat_template_kwargs"] == nil || len(r.GuidedJSON) == 0 {
				t.Errorf("%s: extra fields or guided_json missing: %s", c.name, r.Body)
			}
			if r.System() == reasoning.ToolInstruction && r.MaxTokens != c.maxTokens {
				t.Errorf("%s: max_tokens %d, want %d", c.name, r.MaxTokens, c.maxTokens)
			}
			if c.name == "flag over file" && body["min_p"] != 0.1 {
				t.Errorf("%s: --llm-extra min_p missing: %s", c.name, r.Body)
			}
		}
		mu.Unlock()
	}
	// A misspelt key is a usage error naming it.
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("modle: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI(t, "--config", bad, "ask", "How many nodes in 0-1?"); code != exitUsage || !strings.Contains(errOut, "modle") {
		t.Errorf("misspelt key: exit %d, %q", code, errOut)
	}
}

// TestConfigFileEmbeddings: embed_url, embed_model and embed_api_key in
// the --config file select the OpenAI-compatible embeddings client, which
// the scripted server sees with the model and key; the env var and the
// flag override the file's model; a URL without a model is a usage error
// naming the settings.
func TestConfigFileEmbeddings(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(func(llmtest.Request) llmtest.Response { return llmtest.Response{} }) // made-up vectors
	conf := filepath.Join(t.TempDir(), "graphagent.yaml")
	text := "api_key: llm-key\nembed_url: " + srv.BaseURL() + "\nembed_model: file-embedder\nembed_api_key: embed-key\n"
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	search := func(env string, args ...string) (searchResult, []llmtest.Request) {
		t.Helper()
		t.Setenv(backend.Env.EmbedModel, env)
		before := len(srv.Requests())
		out, errOut, code := runCLI(t, append(append([]string{"--config", conf}, args...), "tools", "search", "--json", "--k", "2", "Is there a cycle?")...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, %q", args, code, errOut)
		}
		var res searchResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("%v: %v: %s", args, err, out)
		}
		return res, srv.Requests()[before:]
	}
	for _, c := range []struct {
		name, env string
		args      []string
		model     string
	}{
		{"file", "", nil, "file-embedder"},
		{"env over file", "env-embedder", nil, "env-embedder"},
		{"flag over env", "env-embedder", []string{"--embed-model", "flag-embedder"}, "flag-embedder"},
	} {
		res, reqs := search(c.env, c.args...)
		if res.Encoder != "openai:"+c.model || len(reqs) == 0 {
			t.Fatalf("%s: encoder %q, %d requests", c.name, res.Encoder, len(reqs))
		}
		for _, r := range reqs {
			if r.Path != "/v1/embeddings" || r.Model != c.model || r.Header.Get("Authorization") != "Bearer embed-key" {
				t.Errorf("%s: %s model %q authorization %q", c.name, r.Path, r.Model, r.Header.Get("Authorization"))
			}
		}
	}
	t.Setenv(backend.Env.EmbedModel, "")
	noModel := filepath.Join(t.TempDir(), "graphagent.yaml")
	if err := os.WriteFile(noModel, []byte("embed_url: "+srv.BaseURL()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := runCLI(t, "--config", noModel, "tools", "search", "x"); code != exitUsage || !strings.Contains(errOut, "embed_model") {
		t.Errorf("embed_url without a model: exit %d, %q", code, errOut)
	}
}
