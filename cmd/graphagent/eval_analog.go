package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/graphagent/graphagent/eval"
	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/urfave/cli/v2"
)

// runAnalogEval runs an analogy suite (citeseer-nc, cora-nc,
// drugmechdb-lp): memory from the training split, every test item asked
// (or -n of them), results.jsonl with each item's rule and explanation,
// report.json, report.md and reliability.png in --out.
func runAnalogEval(c *cli.Context) error {
	ctx := c.Context
	if c.Int("n") < 0 {
		return usageErr("-n must not be negative, got %d", c.Int("n"))
	}
	sb, err := newSandbox(c)
	if err != nil {
		return usageErr("%v", err)
	}
	defer sb.Close()
	cfg := eval.AnalogConfig{Suite: c.String("suite"), Open: sb.Open, Seed: c.Uint64("seed"), N: c.Int("n"), TrainOnly: c.Bool("train-only")}
	p, err := newPlanner(c)
	if err != nil {
		return err
	}
	if p != nil {
		defer p.Close()
		cfg.LLM = analog.NewLLM(p)
	}
	out := c.String("out")
	if out == "" {
		out = filepath.Join("eval-results", cfg.Suite)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return cli.Exit(fmt.Sprintf("eval: %v", err), exitUsage)
	}
	fmt.Fprintf(c.App.ErrWriter, "eval: %s (seed %d), results in %s\n", cfg.Suite, cfg.Seed, out)
	rep, items, err := eval.RunAnalog(ctx, cfg)
	if err != nil {
		return usageErr("eval: %v (is the dataset's folder inside --data?)", err)
	}
	f, err := os.Create(filepath.Join(out, eval.ResultsName))
	if err != nil {
		return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
	}
	enc := json.NewEncoder(f)
	for i := range items {
		if err := enc.Encode(&items[i]); err != nil {
			f.Close()
			return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
		}
	}
	if err := f.Close(); err != nil {
		return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
	}
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
	}
	md := rep.Markdown()
	if err := os.WriteFile(filepath.Join(out, "report.json"), append(js, '\n'), 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
	}
	if err := os.WriteFile(filepath.Join(out, "report.md"), []byte(md), 0o644); err != nil {
		return cli.Exit(fmt.Sprintf("eval: %v", err), exitNoAnswer)
	}
	if !c.Bool("no-charts") {
		if err := rep.ReliabilityChart(filepath.Join(out, "reliability.png")); err != nil {
			return cli.Exit(fmt.Sprintf("eval: reliability chart: %v", err), exitNoAnswer)
		}
	}
	fmt.Fprint(c.App.Writer, md)
	return nil
}
