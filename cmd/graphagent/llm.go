package main

import (
	"encoding/json"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/internal/backend"
	"github.com/graphagent/graphagent/reasoning"
)

// llmConfig is the LLM backend's (and embeddings') configuration: the --config file, then
// the flags and their env vars (which urfave/cli reads), each overriding
// what came before. A command's own --llm and --model win over the global
// ones.
func llmConfig(c *cli.Context) (backend.Config, error) {
	cfg, err := backend.LoadFile(settingOf(c, "config"))
	if err != nil {
		return cfg, usageErr("%v", err)
	}
	if v := settingOf(c, "llm"); v != "" {
		cfg.URL = v
	}
	if v := settingOf(c, "model"); v != "" {
		cfg.Model = v
	}
	if v := settingOf(c, "api-key"); v != "" {
		cfg.APIKey = v
	}
	if v := settingOf(c, "embed-url"); v != "" {
		cfg.EmbedURL = v
	}
	if v := settingOf(c, "embed-model"); v != "" {
		cfg.EmbedModel = v
	}
	for _, lc := range c.Lineage() {
		if lc.IsSet("llm-timeout") {
			cfg.Timeout = lc.Duration("llm-timeout")
		}
		if lc.IsSet("llm-retries") {
			n := lc.Int("llm-retries")
			cfg.Retries = &n
		}
		if lc.IsSet("llm-max-tokens") {
			cfg.MaxTokens = lc.Int("llm-max-tokens")
		}
		if lc.IsSet("llm-guided-json") {
			cfg.GuidedJSON = lc.Bool("llm-guided-json")
		}
		for _, kv := range lc.StringSlice("llm-extra") {
			k, v, ok := strings.Cut(kv, "=")
			var val any
			if !ok || k == "" || json.Unmarshal([]byte(v), &val) != nil {
				return cfg, usageErr("--llm-extra %q: write KEY=JSON, e.g. top_k=20 or stop='[\"\\n\"]'", kv)
			}
			if cfg.Extra == nil {
				cfg.Extra = map[string]any{}
			}
			cfg.Extra[k] = val
		}
	}
	return cfg, nil
}

// newPlanner is the LLM planner the configuration describes, or nil for
// the builtin backend; every command builds its LLM backend here.
func newPlanner(c *cli.Context) (*reasoning.LLMPlanner, error) {
	cfg, err := llmConfig(c)
	if err != nil {
		return nil, err
	}
	p, err := cfg.Planner(logger(c))
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return p, nil
}
