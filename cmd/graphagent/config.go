package main

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/internal/backend"
	"github.com/graphagent/graphagent/tools/graph"
)

// globalFlags are the settings every command shares, each with an env var.
func globalFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "data", EnvVars: []string{"GRAPHAGENT_DATA"}, Usage: "folders graph files may be read from (default: the current folder); in the env var, separate with " + string(os.PathListSeparator)},
		&cli.BoolFlag{Name: "refuse-hard-links", EnvVars: []string{"GRAPHAGENT_REFUSE_HARD_LINKS"}, Usage: "refuse graph files with more than one hard link (a hard link in a data folder may lead to a file outside it); set it when others can write in the data folders"},
		&cli.StringFlag{Name: "home", EnvVars: []string{"GRAPHAGENT_HOME"}, Usage: "folder for long-term memory (default: the user's data folder)/graphagent"},
		&cli.StringFlag{Name: "memory", EnvVars: []string{"GRAPHAGENT_MEMORY"}, Usage: "`URL` of a PostgreSQL database holding long-term memory (postgres://USER@HOST:PORT/DB), shared by replicas (default: the home folder)"},
		&cli.StringFlag{Name: "llm", EnvVars: []string{"GRAPHAGENT_LLM_URL"}, Usage: "base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1 (default: the builtin backend)"},
		&cli.StringFlag{Name: "model", EnvVars: []string{"GRAPHAGENT_MODEL"}, Usage: "model name served at --llm"},
		&cli.StringFlag{Name: "api-key", EnvVars: []string{"GRAPHAGENT_API_KEY"}, Usage: "API key for --llm, if the server wants one"},
		&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, EnvVars: []string{"GRAPHAGENT_VERBOSE"}, Usage: "log progress and decisions to stderr (default: warnings and errors only)"},
		progressFlag(),
		&cli.StringFlag{Name: "embed-url", EnvVars: []string{backend.Env.EmbedURL}, Usage: "base URL of an OpenAI-compatible embeddings server (default: the builtin encoder)"},
		&cli.StringFlag{Name: "embed-model", EnvVars: []string{backend.Env.EmbedModel}, Usage: "embedding model name at --embed-url"},
		&cli.StringFlag{Name: "config", EnvVars: []string{backend.Env.Config}, Usage: "YAML file of the LLM and embeddings settings (url, model, api_key, timeout, retries, max_tokens, graph_max_tokens, temperature, guided_json, extra, embed_url, embed_model, embed_api_key); flags and env vars override it", TakesFile: true},
		&cli.DurationFlag{Name: "llm-timeout", EnvVars: []string{backend.Env.Timeout}, Usage: "deadline of each LLM call (default 60s; the question's --timeout bounds them all)"},
		&cli.IntFlag{Name: "llm-retries", EnvVars: []string{backend.Env.Retries}, Usage: "times a failed LLM call is repeated (default 2; 0: none)"},
		&cli.IntFlag{Name: "llm-max-tokens", EnvVars: []string{backend.Env.MaxTokens}, Usage: "token limit of the tool and parameter answers"},
		&cli.BoolFlag{Name: "llm-guided-json", EnvVars: []string{backend.Env.GuidedJSON}, Usage: "also send the answer schema as vLLM's guided_json"},
		&cli.StringSliceFlag{Name: "llm-extra", Usage: "extra top-level request field KEY=JSON, e.g. top_k=20 (repeatable)"},
	}
}

// checkDataFlag refuses a --data that names no folder (--data ""),
// which would otherwise quietly mean the current folder. An empty
// GRAPHAGENT_DATA is how a variable is cleared and still means unset.
func checkDataFlag(c *cli.Context) error {
	if env, ok := os.LookupEnv("GRAPHAGENT_DATA"); !c.IsSet("data") || ok && strings.TrimSpace(env) == "" {
		return nil
	}
	for _, d := range c.StringSlice("data") {
		if strings.Trim(d, " \t"+string(os.PathListSeparator)) == "" {
			return usageErr("--data %q names no folder; give a folder, or leave --data out to read from the current folder", d)
		}
	}
	return nil
}

// dataDirs returns the sandbox roots: --data, else the current folder.
func dataDirs(c *cli.Context) []string {
	var dirs []string
	for _, d := range c.StringSlice("data") {
		for _, p := range strings.Split(d, string(os.PathListSeparator)) {
			if p = strings.TrimSpace(p); p != "" {
				dirs = append(dirs, p)
			}
		}
	}
	if len(dirs) == 0 {
		if wd, err := os.Getwd(); err == nil {
			dirs = []string{wd}
		}
	}
	return dirs
}

// newSandbox returns the sandbox over the data folders, with the global
// flags' settings.
func newSandbox(c *cli.Context) (*graph.Sandbox, error) {
	sb, err := graph.NewSandbox(dataDirs(c)...)
	if err != nil {
		return nil, err
	}
	sb.RefuseHardLinks = c.Bool("refuse-hard-links")
	return sb, nil
}

// homeDir returns the folder for long-term memory.
func homeDir(c *cli.Context) (string, error) {
	if h := c.String("home"); h != "" {
		return h, nil
	}
	base := os.Getenv("XDG_DATA_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		base = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(base, "graphagent"), nil
}

// logger writes to the command's stderr: warnings and errors, and with
// --verbose everything from the info level up.
func logger(c *cli.Context) *slog.Logger {
	level := slog.LevelWarn
	if c.Bool("verbose") {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(c.App.ErrWriter, &slog.HandlerOptions{Level: level}))
}
