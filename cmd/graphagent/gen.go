package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/graphagent/graphagent/eval"
	"github.com/urfave/cli/v2"
)

// genCommand is `graphagent gen`: write benchmark items.
func genCommand() *cli.Command {
	return &cli.Command{
		Name:      "gen",
		Usage:     "generate benchmark items (GTools: WL and EL, seeded, train/test splits)",
		ArgsUsage: "OUTDIR",
		Description: `Writes a GTools split in the published layout under OUTDIR:
WL/<Task>/<Di|Un>/<file>.json (edge list in the question), EL/<Task>/<Di|Un>/<file>.json
with EL/.../data/task_<i>.edgelist (graph in a file the question names), and items.jsonl
(the generic JSONL format, see README). --n items per task, direction and mode; the same
--seed gives the same items, and train and test never share an item.

Example:
  graphagent gen --suite gtools --split test --n 500 --seed 1 gtools-test`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "suite", Value: eval.SuiteGTools, Usage: "generator (only gtools)"},
			&cli.StringFlag{Name: "split", Value: eval.SplitTest, Usage: "train or test"},
			&cli.IntFlag{Name: "n", Value: 500, Usage: "items per task, direction and mode"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed"},
			&cli.StringFlag{Name: "modes", Value: "WL,EL", Usage: "comma-separated modes: WL, EL"},
			&cli.StringFlag{Name: "tasks", Usage: "comma-separated task folders (default all), e.g. Flow,Topo"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErr("gen needs exactly one OUTDIR")
			}
			if s := c.String("suite"); s != eval.SuiteGTools {
				return usageErr("gen: unknown generator %q (only %q)", s, eval.SuiteGTools)
			}
			cfg := eval.GenConfig{
				Split: c.String("split"), N: c.Int("n"), Seed: c.Uint64("seed"),
				Modes: splitList(c.String("modes")), Tasks: splitList(c.String("tasks")),
			}
			start := time.Now()
			items, err := eval.Generate(c.Context, cfg)
			if err != nil {
				return usageErr("%v", err)
			}
			out := c.Args().First()
			if err := os.MkdirAll(out, 0o755); err != nil {
				return cli.Exit(fmt.Sprintf("gen: %v", err), exitNoAnswer)
			}
			if err := eval.WriteGTools(c.Context, out, items); err != nil {
				return cli.Exit(fmt.Sprintf("gen: %v", err), exitNoAnswer)
			}
			fmt.Fprintf(c.App.Writer, "wrote %d %s items to %s in %s\n", len(items), cfg.Split, out, time.Since(start).Round(time.Millisecond))
			return nil
		},
	}
}

// splitList splits a comma-separated flag value, dropping empty parts.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
