package main

import (
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/retrieval"
	"github.com/graphagent/graphagent/tools"
)

func toolsSearchCommand() *cli.Command {
	return &cli.Command{
		Name:      "search",
		Usage:     "find the tools that fit a question, with their retrieval scores",
		ArgsUsage: `"QUESTION"`,
		Description: `Embeds the question (edge lists, file paths and prompt templates are stripped first) and
returns the best tools of the catalogue by cosine similarity, a tool scoring the best of its
description, when-to-use text and examples. The builtin encoder needs no model; with --embed-url
an OpenAI-compatible embeddings server is used instead.

  graphagent tools search "Is there a cycle in this graph: 0-1, 1-2, 2-0?"
  graphagent tools search "cheapest route from 4 to 9" --k 3 --json`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "k", Value: 5, Usage: "how many tools to show"},
			&cli.StringFlag{Name: "embed-model", Usage: "embedding model name at --embed-url (also a global flag, env GRAPHAGENT_EMBED_MODEL)"},
			jsonFlag(),
		},
		Action: toolsSearch,
	}
}

// searchResult is the JSON output of tools search.
type searchResult struct {
	Query     string              `json:"query"`
	Encoder   string              `json:"encoder"`
	Hits      []retrieval.ToolHit `json:"hits"`
	ElapsedMS float64             `json:"elapsed_ms"`
}

func toolsSearch(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageErr("tools search takes one quoted question, got %d arguments", c.NArg())
	}
	query := c.Args().First()
	k := c.Int("k")
	if k <= 0 {
		return usageErr("--k must be positive, got %d", k)
	}
	enc, err := textEncoder(c)
	if err != nil {
		return err
	}
	start := time.Now()
	idx, err := retrieval.NewToolIndex(c.Context, tools.Catalogue().Specs(), enc)
	if err != nil {
		return cli.Exit(err.Error(), exitNoAnswer)
	}
	hits, err := idx.Search(c.Context, query, k)
	if err != nil {
		return cli.Exit(err.Error(), exitNoAnswer)
	}
	elapsed := time.Since(start)
	if c.Bool("json") {
		if hits == nil {
			hits = []retrieval.ToolHit{}
		}
		return writeJSON(c.App.Writer, searchResult{Query: query, Encoder: idx.Encoder().Name(), Hits: hits, ElapsedMS: float64(elapsed.Microseconds()) / 1000})
	}
	w := c.App.Writer
	if len(hits) == 0 {
		fmt.Fprintln(w, "no tool matches: the question has no words the index knows")
		return cli.Exit("", exitNoAnswer)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	// SCORE orders the list (soft maximum over the tool's entries plus its
	// whole description); BEST is the cosine of the best single entry.
	fmt.Fprintln(tw, "#\tSCORE\tBEST\tTOOL\tBEST MATCH")
	for i, h := range hits {
		fmt.Fprintf(tw, "%d\t%.3f\t%.3f\t%s\t%s: %s\n", i+1, h.Rank, h.Score, h.Name, h.Matched, oneLine(h.Text, 70))
	}
	return tw.Flush()
}

// textEncoder returns the text encoder the flags ask for: an
// OpenAI-compatible embeddings client with --embed-url, else the builtin
// hashing encoder.
func textEncoder(c *cli.Context) (encoders.Encoder, error) {
	enc, err := openAIEncoder(c)
	switch {
	case err != nil:
		return nil, err
	case enc != nil:
		return enc, nil
	}
	return encoders.NewBuiltin(nil), nil
}

// openAIEncoder returns the OpenAI-compatible embeddings client of the
// configuration (--embed-url and --embed-model, their env vars, or
// embed_url and embed_model in the --config file), or nil without a URL;
// a URL without a model, or a bad configuration, is a usage error.
func openAIEncoder(c *cli.Context) (*encoders.OpenAI, error) {
	cfg, err := llmConfig(c)
	if err != nil {
		return nil, err
	}
	enc, err := cfg.Encoder()
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return enc, nil
}

// oneLine returns s on one line, cut to at most n runes.
func oneLine(s string, n int) string {
	r := []rune(s)
	for i, c := range r {
		if c == '\n' || c == '\t' {
			r[i] = ' '
		}
	}
	if len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return string(r)
}
