package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/learned"
)

// trainCommand is `graphagent train MODEL...`: train learned models.
func trainCommand() *cli.Command {
	return &cli.Command{
		Name:      "train",
		Usage:     "train the learned tools' models (graph_bert, seg_bert, kmeans, transe, bpr) on the shipped datasets",
		ArgsUsage: "MODEL...",
		Description: `Trains each MODEL — a model name, a family (trains it on each of its datasets), a learned
tool's name, or all — seeded and deterministically, on the datasets in the data folders (--data:
a folder holding datasets/ or the dataset folders; by default the repository's datasets/), and
saves it under the home folder (--home)/models with its data checksum, configuration and test
scores. The learned tools load it on first use.

Models: ` + strings.Join(learned.ModelNames(), ", ") + `

Examples:
  graphagent train graph_bert-cora
  graphagent train graph_bert --seed 3
  graphagent train all`,
		Flags: []cli.Flag{
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed of the split, the initialisation and the sampling"},
			&cli.IntFlag{Name: "epochs", Usage: "epochs (default: each family's own)"},
			&cli.BoolFlag{Name: "small", Usage: "train the small configuration (seconds; lower scores)"},
		},
		Action: runTrain,
	}
}

func runTrain(c *cli.Context) error {
	if c.NArg() == 0 {
		return usageErr("train needs a MODEL (one of %s, a family, a tool name or all)", strings.Join(learned.ModelNames(), ", "))
	}
	if c.Int("epochs") < 0 {
		return usageErr("--epochs must not be negative, got %d", c.Int("epochs"))
	}
	defs, err := learned.Select(c.Args().Slice()...)
	if err != nil {
		return usageErr("train: %v", err)
	}
	cfg := learned.Config{Seed: c.Uint64("seed"), Epochs: c.Int("epochs"), Small: c.Bool("small")}
	for _, def := range defs {
		store, stop, err := newLearnedStore(c, def.Name, false)
		if err != nil {
			return err
		}
		meta, err := store.Train(c.Context, def, cfg)
		stop()
		if err != nil {
			return learnedExit(err)
		}
		fmt.Fprintf(c.App.Writer, "%s: trained in %.1f s (CPU %.1f s, peak heap %.0f MB), saved to %s\n", def.Name, meta.TrainSeconds, meta.CPUSeconds, meta.PeakHeapMB, store.ModelPath(def.Name))
		writeScores(c.App.Writer, meta)
	}
	return nil
}

// writeScores prints a model's test scores, one per line.
func writeScores(w io.Writer, meta *learned.Meta) {
	for _, s := range meta.Scores {
		fmt.Fprintf(w, "  %s\n", formatScore(s))
	}
	fmt.Fprintf(w, "  split: %s\n  training: %s\n", meta.Split, meta.Details)
}

func formatScore(s learned.Score) string {
	v := fmt.Sprintf("%.4f", s.Value)
	if s.Runs > 1 {
		v += fmt.Sprintf(" ± %.4f (%d runs)", s.Std, s.Runs)
	}
	who := "model"
	if s.Baseline {
		who = "baseline"
	}
	return fmt.Sprintf("%-8s %s = %s", who, s.Metric, v)
}

// newLearnedStore makes the store of learned models under the home folder,
// reading datasets from the data folders. With onDemand, tools train an
// absent model after saying so on stderr. stop ends the progress bar.
func newLearnedStore(c *cli.Context, model string, onDemand bool) (*learned.Store, func(), error) {
	home, err := homeDir(c)
	if err != nil {
		return nil, nil, usageErr("home folder: %v", err)
	}
	bar := newTrainBar(c, model)
	dirs := dataDirs(c)
	store := learned.NewStore(learned.StoreConfig{
		Home: home, DataDirs: dirs, TrainOnDemand: onDemand,
		Notify:   func(msg string) { fmt.Fprintln(c.App.ErrWriter, "graphagent:", msg) },
		Progress: bar.update,
	})
	return store, bar.stop, nil
}

// learnedExit maps a learned tool's or training's error to an exit code:
// an unknown item, dataset or model is bad input (2), the rest could not
// answer (1).
func learnedExit(err error) error {
	code := exitNoAnswer
	if errors.Is(err, learned.ErrUnknownItem) || errors.Is(err, learned.ErrDataset) || errors.Is(err, learned.ErrUnknownModel) ||
		errors.Is(err, tools.ErrBadArgs) {
		code = exitUsage
	}
	return cli.Exit(err.Error(), code)
}

// lookupLearnedTool returns the learned tool called name over a store
// that trains absent models on demand.
func lookupLearnedTool(c *cli.Context, name string) (tools.Tool, func(), bool, error) {
	if !learned.IsTool(name) {
		return nil, nil, false, nil
	}
	store, stop, err := newLearnedStore(c, name, true)
	if err != nil {
		return nil, nil, true, err
	}
	t, _ := learned.Lookup(store, name)
	return t, stop, t != nil, nil
}

// runLearnedEval is `graphagent eval --suite learned`: every model's test
// scores, training time and peak memory, training the models not yet
// saved (or all of them with --retrain).
func runLearnedEval(c *cli.Context) error {
	names := splitList(c.String("tasks"))
	if len(names) == 0 {
		names = []string{"all"}
	}
	defs, err := learned.Select(names...)
	if err != nil {
		return usageErr("eval: %v", err)
	}
	w := c.App.Writer
	fmt.Fprintln(w, "| model | dataset | metric | model | baseline | split | train wall (CPU) | peak heap | trained |")
	fmt.Fprintln(w, "|---|---|---|---:|---:|---|---:|---:|---|")
	for _, def := range defs {
		store, stop, err := newLearnedStore(c, def.Name, false)
		if err != nil {
			return err
		}
		meta, err := store.Meta(def.Name)
		if err == nil && !c.Bool("retrain") {
			_, err = store.Check(def)
			if err == nil && (meta.Config.Small || meta.Config.Epochs != 0) {
				err = fmt.Errorf("%s was saved from a non-default configuration: %w", def.Name, learned.ErrStale)
			}
		}
		if err != nil || c.Bool("retrain") {
			if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, learned.ErrStale) && !errors.Is(err, learned.ErrNotTrained) {
				stop()
				return learnedExit(err)
			}
			meta, err = store.Train(c.Context, def, learned.Config{Seed: c.Uint64("seed")})
		}
		stop()
		if err != nil {
			return learnedExit(err)
		}
		writeLearnedRows(w, meta)
	}
	return nil
}

// writeLearnedRows prints a model's scores as Markdown table rows: each
// metric with its baseline beside it.
func writeLearnedRows(w io.Writer, meta *learned.Meta) {
	var baselines []learned.Score
	for _, s := range meta.Scores {
		if s.Baseline {
			baselines = append(baselines, s)
		}
	}
	split := meta.Split
	if len(split) > 60 {
		split = split[:57] + "…"
	}
	used := map[int]bool{}
	for _, s := range meta.Scores {
		if s.Baseline {
			continue
		}
		b := "–"
		for k, bs := range baselines {
			if !used[k] && strings.HasPrefix(bs.Metric, s.Metric+" (") {
				b, used[k] = fmtMeanStd(bs), true
				break
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %.1f s (%.1f s) | %.0f MB | %s |\n", meta.Model, meta.Dataset, s.Metric, fmtMeanStd(s), b, split,
			meta.TrainSeconds, meta.CPUSeconds, meta.PeakHeapMB, meta.Trained.Format(time.DateTime))
	}
	for k, bs := range baselines {
		if !used[k] {
			fmt.Fprintf(w, "| %s | %s | %s | – | %s | %s | | | |\n", meta.Model, meta.Dataset, bs.Metric, fmtMeanStd(bs), split)
		}
	}
}

func fmtMeanStd(s learned.Score) string {
	if s.Runs > 1 {
		return fmt.Sprintf("%.3f ± %.3f (%d)", s.Value, s.Std, s.Runs)
	}
	return fmt.Sprintf("%.3f", s.Value)
}

// trainBar draws training progress on stderr: the stage, a bar of steps
// done, the elapsed time and an estimate of the time left.
type trainBar struct {
	w     io.Writer
	model string
	on    bool
	tty   bool
	start time.Time

	mu       sync.Mutex
	last     time.Time
	drawn    bool
	lastLine string
}

func newTrainBar(c *cli.Context, model string) *trainBar {
	tty := isTerminal(c.App.ErrWriter)
	on := tty
	if c.IsSet("progress") {
		on = c.Bool("progress")
	}
	return &trainBar{w: c.App.ErrWriter, model: model, on: on, tty: tty, start: time.Now()}
}

func (b *trainBar) update(stage string, done, total int) {
	if !b.on {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if b.tty && now.Sub(b.last) < 100*time.Millisecond && done < total {
		return
	}
	if !b.tty && now.Sub(b.last) < time.Second && done < total {
		return
	}
	b.last = now
	line := formatTrainBar(b.model, stage, done, total, now.Sub(b.start))
	if b.tty {
		fmt.Fprintf(b.w, "\r%-100s", line)
	} else {
		fmt.Fprintln(b.w, line)
	}
	b.drawn, b.lastLine = true, line
}

func (b *trainBar) stop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn && b.tty {
		fmt.Fprintln(b.w)
	}
}

// formatTrainBar renders "training M [=====>    ] 3/10 stage  12s, ETA 28s".
func formatTrainBar(model, stage string, done, total int, elapsed time.Duration) string {
	const width = 20
	full := 0
	if total > 0 {
		full = min(max(width*done/total, 0), width)
	}
	bar := strings.Repeat("=", full)
	if full < width {
		bar += ">" + strings.Repeat(" ", width-full-1)
	}
	eta := "ETA –"
	if done > 0 && total > done {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		eta = "ETA " + left.Round(time.Second).String()
	} else if done >= total {
		eta = "done"
	}
	return fmt.Sprintf("training %s [%s] %d/%d %s  %s, %s", model, bar, done, total, stage, elapsed.Round(time.Second), eta)
}

// writeLearnedList prints the learned tools after the catalogue in
// `tools list`.
func writeLearnedList(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "\nLEARNED TOOL\tPARAMETERS\tDESCRIPTION")
	for _, t := range learned.Tools(nil) {
		s := t.Spec()
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Name, paramSummary(s), s.Description)
	}
	return tw.Flush()
}

// runLearnedTool runs a learned tool with the --arg parameters (no graph).
func runLearnedTool(c *cli.Context, t tools.Tool) error {
	args, err := parseArgs(c.StringSlice("arg"))
	if err != nil {
		return usageErr("%v", err)
	}
	res, err := t.Run(c.Context, nil, args)
	if err != nil {
		return learnedExit(err)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, map[string]any{"tool": t.Spec().Name, "args": args, "value": res.Value, "text": res.Text})
	}
	fmt.Fprintln(c.App.Writer, res.Text)
	return nil
}

// writeLearnedShow ends `tools show` for a learned tool: how to run it, and
// for each of its models whether it is trained, its split and its scores.
func writeLearnedShow(c *cli.Context, s tools.Spec) error {
	w := c.App.Writer
	fmt.Fprintf(w, "\nRun it (no graph file: the model's dataset is an argument):\n  graphagent tools run %s%s\n", s.Name, exampleArgs(s))
	store, stop, err := newLearnedStore(c, s.Name, false)
	if err != nil {
		return err
	}
	defer stop()
	defs, err := learned.Select(s.Name)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\nModels:")
	for _, def := range defs {
		meta, err := store.Check(def)
		if err != nil {
			fmt.Fprintf(w, "  %s (%s): not ready: %v; 'graphagent train %s' trains it (tools run trains it on first use)\n", def.Name, def.Method, err, def.Name)
			continue
		}
		fmt.Fprintf(w, "  %s, trained %s with seed %d\n", def.Name, meta.Trained.Format(time.DateTime), meta.Config.Seed)
		writeScores(w, meta)
	}
	return nil
}
