package main

import (
	"encoding/json"
	"fmt"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/memory"
	"github.com/urfave/cli/v2"
)

// memoryListCommand is `memory list`: the examples, oldest first, filtered by
// source (agent: the answers learned with --learn) and tool.
func memoryListCommand() *cli.Command {
	return &cli.Command{
		Name:  "list",
		Usage: "list examples, oldest first (--source agent: the answers learned with --learn); --export writes them as JSON Lines",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "source", Usage: "only examples of this source (seed, user, agent, import, graph_toolformer)"},
			&cli.StringFlag{Name: "tool", Usage: "only examples answered by this tool (analogy: confirmed analogy answers)"},
			&cli.BoolFlag{Name: "export", Usage: "print the examples as JSON Lines (memory import reads them back)"},
			&cli.BoolFlag{Name: "delete", Usage: "delete the listed examples"},
			jsonFlag(),
		},
		Action: memoryList,
	}
}

func memoryList(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageErr("memory list takes no arguments (filter with --source and --tool)")
	}
	s, err := openMemory(c)
	if err != nil {
		return err
	}
	defer s.Close()
	var exs []memory.Example
	for _, ex := range s.Examples() {
		if (c.String("source") == "" || ex.Source == c.String("source")) && (c.String("tool") == "" || ex.Tool == c.String("tool")) {
			exs = append(exs, ex)
		}
	}
	switch {
	case c.Bool("json"):
		if exs == nil {
			exs = []memory.Example{}
		}
		if err := writeJSON(c.App.Writer, exs); err != nil {
			return err
		}
	case c.Bool("export"):
		enc := json.NewEncoder(c.App.Writer)
		for i := range exs {
			if err := enc.Encode(&exs[i]); err != nil {
				return err
			}
		}
	default:
		for _, ex := range exs {
			fmt.Fprintf(c.App.Writer, "%s  %s  %s  %s  %q -> %s\n", ex.CreatedAt.Format("2006-01-02T15:04:05Z"), ex.ID, ex.Source, ex.Tool,
				textutil.Truncate(ex.Question, 80), textutil.Truncate(ex.Answer, 80))
		}
		fmt.Fprintf(c.App.ErrWriter, "%d example(s)\n", len(exs))
	}
	if c.Bool("delete") && len(exs) > 0 {
		ids := make([]string, len(exs))
		for i, ex := range exs {
			ids[i] = ex.ID
		}
		n, err := s.DeleteExamples(c.Context, ids...)
		if err != nil {
			return memoryErr(err)
		}
		fmt.Fprintf(c.App.ErrWriter, "deleted %d example(s)\n", n)
	}
	return nil
}
