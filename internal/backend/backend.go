// Package backend builds the LLM backend (and the embeddings client) of
// every graphagent command from one configuration: an optional YAML file (graphagent.yaml), then the
// environment, then flags, each overriding the one before. Without a URL
// the builtin backend answers and no planner is built.
//
// The file's keys (all optional):
//
//	url: http://127.0.0.1:8000/v1   # OpenAI-compatible API root
//	model: Qwen2.5-7B-Instruct
//	api_key: secret
//	timeout: 30s                    # each HTTP call (the question's --timeout bounds them all)
//	retries: 2                      # failed calls repeated; 0 = none
//	max_tokens: 512                 # tool and parameter answers
//	graph_max_tokens: 8192          # graph-extraction answers
//	temperature: 0
//	guided_json: true               # also send the schema as vLLM's guided_json
//	extra:                          # further top-level request fields
//	  top_k: 20
//	  chat_template_kwargs: {enable_thinking: false}
//	embed_url: http://127.0.0.1:8001/v1  # OpenAI-compatible embeddings server
//	embed_model: bge-small-en-v1.5
//	embed_api_key: secret           # default: api_key
//
// An unknown key is an error naming it, so a misspelt setting is not
// silently ignored.
package backend

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/reasoning"
)

// Config is the LLM backend's configuration.
type Config struct {
	URL            string         `yaml:"url"`
	Model          string         `yaml:"model"`
	APIKey         string         `yaml:"api_key"`
	Timeout        time.Duration  `yaml:"timeout"`
	Retries        *int           `yaml:"retries"`
	MaxTokens      int            `yaml:"max_tokens"`
	GraphMaxTokens int            `yaml:"graph_max_tokens"`
	Temperature    float64        `yaml:"temperature"`
	GuidedJSON     bool           `yaml:"guided_json"`
	Extra          map[string]any `yaml:"extra"`
	// EmbedURL, EmbedModel and EmbedAPIKey are an OpenAI-compatible
	// embeddings server for tool search and long-term memory (none: the
	// builtin encoder); EmbedAPIKey defaults to APIKey.
	EmbedURL    string `yaml:"embed_url"`
	EmbedModel  string `yaml:"embed_model"`
	EmbedAPIKey string `yaml:"embed_api_key"`
}

// Env names the environment variables Config reads (FromEnv).
var Env = struct{ URL, Model, APIKey, Timeout, Retries, MaxTokens, GuidedJSON, EmbedURL, EmbedModel, Config string }{
	URL: "GRAPHAGENT_LLM_URL", Model: "GRAPHAGENT_MODEL", APIKey: "GRAPHAGENT_API_KEY",
	Timeout: "GRAPHAGENT_LLM_TIMEOUT", Retries: "GRAPHAGENT_LLM_RETRIES", MaxTokens: "GRAPHAGENT_LLM_MAX_TOKENS",
	GuidedJSON: "GRAPHAGENT_LLM_GUIDED_JSON", EmbedURL: "GRAPHAGENT_EMBED_URL", EmbedModel: "GRAPHAGENT_EMBED_MODEL",
	Config: "GRAPHAGENT_CONFIG",
}

// LoadFile reads a YAML configuration file; an empty path is no file.
func LoadFile(path string) (Config, error) {
	var cfg Config
	if path == "" {
		return cfg, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, fmt.Errorf("config file: %w", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil && !errors.Is(err, io.EOF) {
		return cfg, fmt.Errorf("config file %s: %w", path, err)
	}
	if err := cfg.check(); err != nil {
		return cfg, fmt.Errorf("config file %s: %w", path, err)
	}
	return cfg, nil
}

// FromEnv overrides cfg with the environment variables of Env that are set
// (getenv is os.Getenv outside tests).
func (cfg Config) FromEnv(getenv func(string) string) (Config, error) {
	set := func(name string, dst *string) {
		if v := getenv(name); v != "" {
			*dst = v
		}
	}
	set(Env.URL, &cfg.URL)
	set(Env.Model, &cfg.Model)
	set(Env.APIKey, &cfg.APIKey)
	set(Env.EmbedURL, &cfg.EmbedURL)
	set(Env.EmbedModel, &cfg.EmbedModel)
	if v := getenv(Env.Timeout); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return cfg, fmt.Errorf("%s: %q is not a duration such as 30s", Env.Timeout, v)
		}
		cfg.Timeout = d
	}
	for _, e := range []struct {
		name string
		dst  func(int)
	}{
		{Env.Retries, func(n int) { cfg.Retries = &n }},
		{Env.MaxTokens, func(n int) { cfg.MaxTokens = n }},
	} {
		if v := getenv(e.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return cfg, fmt.Errorf("%s: %q is not a whole number", e.name, v)
			}
			e.dst(n)
		}
	}
	if v := getenv(Env.GuidedJSON); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return cfg, fmt.Errorf("%s: %q is not true or false", Env.GuidedJSON, v)
		}
		cfg.GuidedJSON = b
	}
	return cfg, cfg.check()
}

// check refuses settings no server call could use.
func (cfg Config) check() error {
	switch {
	case cfg.Timeout < 0:
		return fmt.Errorf("timeout %v is negative", cfg.Timeout)
	case cfg.Retries != nil && *cfg.Retries < 0:
		return fmt.Errorf("retries %d is negative", *cfg.Retries)
	case cfg.MaxTokens < 0 || cfg.GraphMaxTokens < 0:
		return errors.New("max_tokens and graph_max_tokens must not be negative")
	}
	return nil
}

// Planner builds the LLM planner cfg describes, or returns nil (the builtin
// backend) when no URL is configured. The caller closes it.
func (cfg Config) Planner(logger *slog.Logger) (*reasoning.LLMPlanner, error) {
	if strings.TrimSpace(cfg.URL) == "" {
		return nil, nil
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, fmt.Errorf("the LLM at %s needs a model name: --model, %s or model: in the config file", cfg.URL, Env.Model)
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	lc := reasoning.LLMConfig{
		BaseURL: cfg.URL, Model: cfg.Model, APIKey: cfg.APIKey, Timeout: cfg.Timeout,
		MaxTokens: cfg.MaxTokens, GraphMaxTokens: cfg.GraphMaxTokens, Temperature: cfg.Temperature,
		GuidedJSON: cfg.GuidedJSON, ExtraBody: cfg.Extra, Logger: logger,
	}
	if cfg.Retries != nil {
		lc.MaxRetries = *cfg.Retries
		if lc.MaxRetries == 0 {
			lc.MaxRetries = -1 // LLMConfig's "no retry"
		}
	}
	p, err := reasoning.NewLLMPlanner(lc)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Encoder builds the embeddings client cfg describes, or returns nil (the
// builtin encoder) when no embeddings URL is configured.
func (cfg Config) Encoder() (*encoders.OpenAI, error) {
	if strings.TrimSpace(cfg.EmbedURL) == "" {
		return nil, nil
	}
	if strings.TrimSpace(cfg.EmbedModel) == "" {
		return nil, fmt.Errorf("the embeddings server at %s needs a model name: --embed-model, %s or embed_model: in the config file", cfg.EmbedURL, Env.EmbedModel)
	}
	key := cfg.EmbedAPIKey
	if key == "" {
		key = cfg.APIKey
	}
	return encoders.NewOpenAI(encoders.OpenAIConfig{BaseURL: cfg.EmbedURL, Model: cfg.EmbedModel, APIKey: key})
}
