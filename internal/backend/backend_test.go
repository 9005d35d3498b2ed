package backend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
