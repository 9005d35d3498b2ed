package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/memory/seed"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

func memoryCommand() *cli.Command {
	return &cli.Command{
		Name:  "memory",
		Usage: "long-term memory: solved examples and labelled dataset samples",
		Description: `Long-term memory keeps solved examples (question, tool, arguments, answer) and samples of
datasets (nodes and edges with labels), searched by similarity. It lives in --home (env
GRAPHAGENT_HOME; default: the user's data folder/graphagent) and starts with a seed of solved
examples for every tool. Records are exchanged as JSON Lines: one example or sample per line
(a line with a "dataset" field is a sample).

Examples:
  graphagent memory search "is there a cycle" --k 3 --tool cycle_check
  graphagent memory add --question "How dense is roads.edgelist?" --tool density --answer "0.12" --verified
  graphagent memory import examples.jsonl
  graphagent memory export backup.jsonl
  graphagent memory stats --json`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "embed-model", Usage: "embedding model name at --embed-url (memory is re-embedded once when the model changes; also a global flag, env GRAPHAGENT_EMBED_MODEL)"},
		},
		Subcommands: []*cli.Command{
			{
				Name:  "add",
				Usage: "add one solved example",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "question", Aliases: []string{"q"}, Usage: "the question `TEXT`", Required: true},
					&cli.StringFlag{Name: "tool", Aliases: []string{"t"}, Usage: "the tool that answers it"},
					&cli.StringSliceFlag{Name: "arg", Aliases: []string{"a"}, Usage: "tool parameter as `key=value` (repeatable)"},
					&cli.StringFlag{Name: "args", Usage: "tool parameters as one JSON `OBJECT` (instead of --arg)"},
					&cli.StringFlag{Name: "answer", Usage: "the answer as a sentence"},
					&cli.StringFlag{Name: "graph-summary", Usage: "what the graph was"},
					&cli.StringFlag{Name: "source", Value: memory.SourceUser, Usage: "where the example comes from"},
					&cli.BoolFlag{Name: "verified", Usage: "the answer was checked"},
					&cli.StringFlag{Name: "id", Usage: "the example's ID (default: derived from its content)"},
					jsonFlag(),
				},
				Action: memoryAdd,
			},
			{
				Name:      "import",
				Usage:     "import examples and samples from a JSON Lines file, or Graph-ToolFormer prompts (Input: … Output: … lines); gzip is read (- for standard input)",
				ArgsUsage: "FILE",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "batch", Value: 256, Usage: "records made durable together"},
					&cli.Int64Flag{Name: "max-bytes", Value: graph.DefaultMaxBytes, Usage: "the most bytes read, after decompression"},
					&cli.IntFlag{Name: "max-record-bytes", Value: memory.DefaultMaxRecordBytes, Usage: "the longest record (line) read"},
					jsonFlag(),
				},
				Action: memoryImport,
			},
			{
				Name:      "export",
				Usage:     "export every example and sample as JSON Lines (to FILE, or standard output)",
				ArgsUsage: "[FILE]",
				Action:    memoryExport,
			},
			{
				Name:      "search",
				Usage:     "find the examples (or, with --dataset, the samples) most similar to a query",
				ArgsUsage: `"QUERY"`,
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "k", Value: memory.DefaultK, Usage: "number of results"},
					&cli.StringFlag{Name: "tool", Usage: "only examples answered by this tool"},
					&cli.StringFlag{Name: "source", Usage: "only examples of this source (seed, user, agent)"},
					&cli.StringFlag{Name: "verified", Usage: "only verified (true) or unverified (false) examples"},
					&cli.StringFlag{Name: "dataset", Usage: "search this dataset's samples instead of examples"},
					&cli.StringFlag{Name: "kind", Usage: "with --dataset: only node or edge samples"},
					&cli.StringFlag{Name: "label", Usage: "with --dataset: only samples with this label"},
					jsonFlag(),
				},
				Action: memorySearch,
			},
			memoryListCommand(),
			{
				Name:      "delete",
				Usage:     "delete examples by ID",
				ArgsUsage: "ID...",
				Flags:     []cli.Flag{jsonFlag()},
				Action:    memoryDelete,
			},
			{
				Name:   "stats",
				Usage:  "count the examples and samples in memory",
				Flags:  []cli.Flag{jsonFlag()},
				Action: memoryStats,
			},
		},
	}
}

// memoryEncoder returns the text encoder of long-term memory: the
// OpenAI-compatible embeddings client with --embed-url, else nil, which
// selects the builtin encoder fitted on the seed (see seed.Open).
func memoryEncoder(c *cli.Context) (memory.Embedder, error) {
	enc, err := openAIEncoder(c)
	if err != nil || enc == nil {
		return nil, err // a nil interface, not a nil *OpenAI
	}
	return enc, nil
}

// openMemory opens long-term memory in the home folder, seeding it with
// solved examples of every tool when it holds no examples. Its errors are
// cli exit errors for the memory commands; see openStore for the cause.
func openMemory(c *cli.Context) (*memory.Store, error) {
	s, err := openStore(c.Context, c)
	if err != nil {
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			return nil, err
		}
		return nil, cli.Exit(fmt.Sprintf("long-term memory: %v", err), exitNoAnswer)
	}
	return s, nil
}

// openStore is openMemory with the seeding error returned as is (not yet a
// cli exit error), for callers that carry on without memory.
func openStore(ctx context.Context, c *cli.Context) (*memory.Store, error) {
	enc, err := memoryEncoder(c)
	if err != nil {
		return nil, err
	}
	if u := c.String("memory"); u != "" {
		if !memory.IsPostgresURL(u) {
			return nil, usageErr("--memory %q: want a PostgreSQL URL, postgres://USER@HOST:PORT/DB", u)
		}
		return seed.Open(ctx, u, tools.Catalogue(), enc, seed.Options{Logger: logger(c)})
	}
	home, err := homeDir(c)
	if err != nil {
		return nil, usageErr("home folder: %v", err)
	}
	return seed.Open(ctx, filepath.Join(home, "memory"), tools.Catalogue(), enc, seed.Options{Logger: logger(c)})
}

func memoryAdd(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageErr("memory add takes flags only, got %q", c.Args().First())
	}
	ex := memory.Example{
		ID:           c.String("id"),
		Question:     c.String("question"),
		GraphSummary: c.String("graph-summary"),
		Tool:         c.String("tool"),
		Answer:       c.String("answer"),
		Source:       c.String("source"),
		Verified:     c.Bool("verified"),
	}
	switch {
	case c.IsSet("args") && c.IsSet("arg"):
		return usageErr("give --args or --arg, not both")
	case c.IsSet("args"):
		ex.Args = json.RawMessage(c.String("args"))
	case c.IsSet("arg"):
		args, err := parseArgs(c.StringSlice("arg"))
		if err != nil {
			return usageErr("%v", err)
		}
		ex.Args = args
	}
	if ex.Tool != "" {
		if _, err := tools.Catalogue().Get(ex.Tool); err != nil {
			return usageErr("--tool: %v", err)
		}
	}
	s, err := openMemory(c)
	if err != nil {
		return err
	}
	defer s.Close()
	ex, err = s.AddExample(c.Context, ex)
	if err != nil {
		return memoryErr(err)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, ex)
	}
	fmt.Fprintf(c.App.Writer, "added example %s\n", ex.ID)
	return nil
}

// memoryErr maps store errors to exit codes: bad records are bad input.
func memoryErr(err error) error {
	if errors.Is(err, memory.ErrInvalid) {
		return usageErr("%v", err)
	}
	return cli.Exit(err.Error(), exitNoAnswer)
}

// progress prints import progress to w at most every interval.
type progress struct {
	w        io.Writer
	interval time.Duration
	last     time.Time
}

func (p *progress) ack(records, line int) {
	if now := time.Now(); now.Sub(p.last) >= p.interval {
		p.last = now
		fmt.Fprintf(p.w, "imported %d records (line %d)\n", records, line)
	}
}

func memoryImport(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageErr("memory import needs one FILE (or - for standard input)")
	}
	name := c.Args().First()
	var in io.Reader = c.App.Reader
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return usageErr("%v", err)
		}
		defer f.Close()
		in = f
	}
	in, _, err := importReader(in, c.Int64("max-bytes")) // gzip, and the Graph-ToolFormer prompt format
	if err != nil {
		return usageErr("%s: %v", name, err)
	}
	s, err := openMemory(c)
	if err != nil {
		return err
	}
	defer s.Close()
	p := &progress{w: c.App.ErrWriter, interval: time.Second, last: time.Now()}
	// Examples name catalogue tools: one naming another would be
	// retrieved for questions and planned with a tool that does not exist.
	reg := tools.Catalogue()
	checkTool := func(name string) error {
		_, err := reg.Get(name)
		return err
	}
	st, err := s.Import(c.Context, in, memory.ImportOptions{BatchSize: c.Int("batch"), OnAck: p.ack, CheckTool: checkTool, MaxRecordBytes: c.Int("max-record-bytes")})
	if err != nil {
		msg := fmt.Sprintf("%s: %v (the %d examples and %d samples before it were imported)", name, err, st.Examples, st.Samples)
		var le *memory.LineError
		if errors.As(err, &le) {
			return usageErr("%s", msg)
		}
		if errors.Is(err, context.Canceled) {
			return cli.Exit(msg, exitNoAnswer)
		}
		return memoryErr(errors.New(msg))
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, st)
	}
	fmt.Fprintf(c.App.Writer, "imported %d examples and %d samples from %s (%d lines)\n", st.Examples, st.Samples, name, st.Lines)
	return nil
}

func memoryExport(c *cli.Context) error {
	if c.NArg() > 1 {
		return usageErr("memory export takes at most one FILE")
	}
	s, err := openMemory(c)
	if err != nil {
		return err
	}
	defer s.Close()
	name := c.Args().First()
	if name == "" || name == "-" {
		n, err := s.Export(c.Context, c.App.Writer)
		if err != nil {
			return memoryErr(err)
		}
		fmt.Fprintf(c.App.ErrWriter, "exported %d records\n", n)
		return nil
	}
	n, err := exportFile(c.Context, s, name)
	if err != nil {
		return memoryErr(err)
	}
	fmt.Fprintf(c.App.ErrWriter, "exported %d records to %s\n", n, name)
	return nil
}

// exportFile writes the export atomically: a temp file beside name, synced,
// then renamed over it.
func exportFile(ctx context.Context, s *memory.Store, name string) (int, error) {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return 0, fmt.Errorf("export: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	n, err := s.Export(ctx, tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		return 0, fmt.Errorf("export %s: %w", name, err)
	}
	return n, nil
}

func memorySearch(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageErr(`memory search needs one "QUERY" (quote it)`)
	}
	query := c.Args().First()
	if c.Int("k") <= 0 {
		return usageErr("--k must be at least 1, got %d", c.Int("k"))
	}
	var verified *bool
	switch v := c.String("verified"); v {
	case "":
	case "true", "false":
		b := v == "true"
		verified = &b
	default:
		return usageErr("--verified must be true or false, got %q", v)
	}
	if k := c.String("kind"); k != "" && k != memory.KindNode && k != memory.KindEdge {
		return usageErr("--kind must be %s or %s, got %q", memory.KindNode, memory.KindEdge, k)
	}
	if c.String("dataset") == "" && (c.IsSet("kind") || c.IsSet("label")) {
		return usageErr("--kind and --label need --dataset")
	}
	s, err := openMemory(c)
	if err != nil {
		return err
	}
	defer s.Close()
	w := c.App.Writer
	if ds := c.String("dataset"); ds != "" {
		hits, err := s.SearchSamples(c.Context, ds, query, memory.SampleQuery{K: c.Int("k"), Kind: c.String("kind"), Label: c.String("label")})
		if err != nil {
			return memoryErr(err)
		}
		if c.Bool("json") {
			return writeJSON(w, nonNil(hits))
		}
		if len(hits) == 0 {
			fmt.Fprintf(w, "no samples of %s match\n", ds)
			return nil
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "SCORE\tKIND\tID\tLABEL\tTEXT")
		for _, h := range hits {
			fmt.Fprintf(tw, "%.3f\t%s\t%s\t%s\t%s\n", h.Score, h.Kind, h.ID, h.Label, clip(h.Text, 70))
		}
		return tw.Flush()
	}
	hits, err := s.SearchExamples(c.Context, query, memory.ExampleQuery{K: c.Int("k"), Tool: c.String("tool"), Source: c.String("source"), Verified: verified})
	if err != nil {
		return memoryErr(err)
	}
	if c.Bool("json") {
		return writeJSON(w, nonNil(hits))
	}
	if len(hits) == 0 {
		fmt.Fprintln(w, "no examples match")
		return nil
	}
	for _, h := range hits {
		fmt.Fprintf(w, "%.3f  %s  [%s, %s]\n       Q: %s\n", h.Score, h.ID, orDash(h.Tool), h.Source, clip(h.Question, 200))
		if h.Answer != "" {
			fmt.Fprintf(w, "       A: %s\n", clip(h.Answer, 200))
		}
	}
	return nil
}

func memoryDelete(c *cli.Context) error {
	if c.NArg() == 0 {
		return usageErr("memory delete needs at least one ID")
	}
	s, err := openMemory(c)
	if err != nil {
		return err
	}
	defer s.Close()
	n, err := s.DeleteExamples(c.Context, c.Args().Slice()...)
	if err != nil {
		return memoryErr(err)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, map[string]int{"deleted": n})
	}
	fmt.Fprintf(c.App.Writer, "deleted %d of %d examples\n", n, c.NArg())
	if n == 0 {
		return cli.Exit("", exitNoAnswer)
	}
	return nil
}

func memoryStats(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageErr("memory stats takes no arguments")
	}
	s, err := openMemory(c)
	if err != nil {
		return err
	}
	defer s.Close()
	st := s.Stats()
	if c.Bool("json") {
		return writeJSON(c.App.Writer, st)
	}
	w := c.App.Writer
	fmt.Fprintf(w, "memory: %s (%d log entries, %d bytes)\nencoder: %s, %d dimensions\n", st.Path, st.LogEntries, st.LogBytes, st.Encoder, st.Dim)
	fmt.Fprintf(w, "examples: %d (%d verified)\n", st.Examples, st.Verified)
	for _, src := range slices.Sorted(maps.Keys(st.BySource)) {
		fmt.Fprintf(w, "  source %-8s %d\n", src, st.BySource[src])
	}
	fmt.Fprintf(w, "tools with examples: %d\n", len(st.ByTool))
	for _, name := range slices.Sorted(maps.Keys(st.Datasets)) {
		d := st.Datasets[name]
		fmt.Fprintf(w, "dataset %s: %d nodes, %d edges, %d labels\n", name, d.Nodes, d.Edges, len(d.Labels))
	}
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "..."
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
