package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/graph/sqlgraph"
	"github.com/graphagent/graphagent/tools/learned"
)

func toolsCommand() *cli.Command {
	return &cli.Command{
		Name:  "tools",
		Usage: "list, show, search and run the graph tools",
		Description: `Every answer graphagent gives comes from one of these tools. Run one directly on a graph file:

  graphagent tools run shortest_path --graph roads.edgelist --arg source=1 --arg target=9
  graphagent tools run pagerank --graph karate.tsv --json`,
		Subcommands: []*cli.Command{
			{
				Name:   "list",
				Usage:  "list every tool with its one-line description",
				Flags:  []cli.Flag{jsonFlag()},
				Action: toolsList,
			},
			{
				Name:      "show",
				Usage:     "describe one tool: what it computes, when to use it, its parameters and an example",
				ArgsUsage: "NAME",
				Flags:     []cli.Flag{jsonFlag()},
				Action:    toolsShow,
			},
			{
				Name:      "run",
				Usage:     "run one tool on a graph file",
				ArgsUsage: "NAME",
				Description: `Reads the graph with the reader its extension selects (.edgelist/.txt/.tsv/.csv edge lists
"u v [w]", .json node-link, .dot/.gv DOT, .gml GML, .graphml/.xml GraphML) from inside the data folders (--data, default: the current
folder) and runs the tool. Parameters are given as --arg key=value; values that parse as JSON
(numbers, true/false, lists) are passed as such, anything else as a string.`,
				Flags: append([]cli.Flag{
					&cli.StringFlag{Name: "graph", Aliases: []string{"g"}, Usage: "graph `FILE` (inside the data folders; required but for learned tools, which name a dataset), or a PostgreSQL URL with --query"},
					queryFlag(),
					&cli.BoolFlag{Name: "directed", Aliases: []string{"d"}, Usage: "read an edge list as a directed graph"},
					&cli.StringSliceFlag{Name: "arg", Aliases: []string{"a"}, Usage: "tool parameter as `key=value` (repeatable)"},
					jsonFlag(),
					plotFlag(),
				}, graphRunFlags()...),
				Action: toolsRun,
			},
			toolsSearchCommand(),
		},
	}
}

func jsonFlag() cli.Flag {
	return &cli.BoolFlag{Name: "json", Usage: "print JSON for machines"}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func toolsList(c *cli.Context) error {
	specs := tools.Catalogue().Specs()
	if c.Bool("json") {
		return writeJSON(c.App.Writer, specs)
	}
	sort.SliceStable(specs, func(i, j int) bool {
		if specs[i].Family != specs[j].Family {
			return specs[i].Family < specs[j].Family
		}
		return specs[i].Name < specs[j].Name
	})
	tw := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tFAMILY\tPARAMETERS\tDESCRIPTION")
	for _, s := range specs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.Name, s.Family, paramSummary(s), s.Description)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := writeLearnedList(c.App.Writer); err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "\n%d tools. 'graphagent tools show NAME' describes one.\n", len(specs))
	return nil
}

func paramSummary(s tools.Spec) string {
	if len(s.Params) == 0 {
		return "-"
	}
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		if p.Required {
			parts[i] = p.Name
		} else {
			parts[i] = "[" + p.Name + "]"
		}
	}
	return strings.Join(parts, " ")
}

func lookupTool(c *cli.Context) (tools.Tool, error) {
	if c.NArg() != 1 {
		return nil, usageErr("%s needs exactly one tool NAME (see 'graphagent tools list')", c.Command.Name)
	}
	name := c.Args().First()
	if lt, ok := learned.Lookup(nil, name); ok {
		return lt, nil
	}
	t, err := tools.Catalogue().Get(name)
	if err != nil {
		return nil, usageErr("unknown tool %q%s (see 'graphagent tools list')", name, suggest(name))
	}
	return t, nil
}

// suggest names catalogue tools that contain or share a word with name.
func suggest(name string) string {
	var near []string
	for _, n := range tools.Catalogue().Names() {
		for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' || r == ' ' }) {
			if len(w) >= 3 && strings.Contains(n, w) {
				near = append(near, n)
				break
			}
		}
	}
	if len(near) == 0 {
		return ""
	}
	if len(near) > 5 {
		near = near[:5]
	}
	return "; did you mean " + strings.Join(near, ", ") + "?"
}

func toolsShow(c *cli.Context) error {
	t, err := lookupTool(c)
	if err != nil {
		return err
	}
	s := t.Spec()
	if c.Bool("json") {
		return writeJSON(c.App.Writer, s)
	}
	w := c.App.Writer
	fmt.Fprintf(w, "%s — %s\n\n", s.Name, s.Description)
	if s.WhenToUse != "" {
		fmt.Fprintf(w, "When to use: %s\n", s.WhenToUse)
	}
	fmt.Fprintf(w, "Applies to:  %s\n", appliesTo(s.AppliesTo))
	fmt.Fprintf(w, "Returns:     %s\n\n", s.Returns)
	if len(s.Params) == 0 {
		fmt.Fprintln(w, "Parameters:  none")
	} else {
		fmt.Fprintln(w, "Parameters:")
		for _, p := range s.Params {
			req := "optional"
			if p.Required {
				req = "required"
			}
			kind := p.Type
			if p.Node {
				kind = "node"
			}
			fmt.Fprintf(w, "  %-10s %-8s %-8s %s\n", p.Name, kind, req, p.Description)
		}
	}
	if len(s.Examples) > 0 {
		fmt.Fprintln(w, "\nExample questions:")
		for _, e := range s.Examples {
			fmt.Fprintf(w, "  - %s\n", e)
		}
	}
	if learned.IsTool(s.Name) {
		return writeLearnedShow(c, s)
	}
	fmt.Fprintf(w, "\nRun it:\n  graphagent tools run %s --graph FILE%s\n", s.Name, exampleArgs(s))
	return nil
}

func exampleArgs(s tools.Spec) string {
	var b strings.Builder
	for i, p := range s.Params {
		if !p.Required {
			continue
		}
		v := "VALUE"
		switch {
		case p.Node:
			v = fmt.Sprint(i)
		case p.Type == "integer" || p.Type == "number":
			v = "1"
		case p.Type == "boolean":
			v = "true"
		}
		fmt.Fprintf(&b, " --arg %s=%s", p.Name, v)
	}
	return b.String()
}

// parseArgs turns key=value pairs into a JSON object.
func parseArgs(pairs []string) (json.RawMessage, error) {
	obj := map[string]json.RawMessage{}
	for _, kv := range pairs {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("--arg %q: want key=value", kv)
		}
		if _, dup := obj[k]; dup {
			return nil, fmt.Errorf("--arg %s given twice", k)
		}
		if json.Valid([]byte(v)) && v != "" && !strings.HasPrefix(strings.TrimSpace(v), "\"") {
			obj[k] = json.RawMessage(v)
		} else {
			b, _ := json.Marshal(v)
			obj[k] = b
		}
	}
	return json.Marshal(obj)
}

// loadGraphFile loads a graph file through the sandbox of the data
// folders, within --max-nodes and --max-edges.
func loadGraphFile(ctx context.Context, c *cli.Context, path string, directed bool) (*graph.Graph, error) {
	if sqlgraph.IsURL(path) {
		return loadSQLGraph(ctx, c, path, directed)
	}
	if c.String("query") != "" {
		return nil, usageErr("--query reads a database: give --graph postgres://USER@HOST:PORT/DB")
	}
	lim, err := graphLimits(c)
	if err != nil {
		return nil, err
	}
	sb, err := newSandbox(c)
	if err != nil {
		return nil, usageErr("data folders: %v", err)
	}
	var progress graph.Progress
	stop := startLoadBar(c, path, &progress)
	g, err := sb.Load(ctx, path, graph.ReadOptions{Directed: directed, Progress: &progress, Limits: lim})
	stop()
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		if errors.Is(err, graph.ErrTooLarge) {
			return nil, usageErr("%v (raise --max-nodes or --max-edges to read it)", err)
		}
		return nil, usageErr("%v", err)
	}
	return g, nil
}

// loadSQLGraph loads the rows of --query from the PostgreSQL database at
// dsn, as the command line names it (a question never does), read-only and
// under ctx's deadline as the statement timeout.
func loadSQLGraph(ctx context.Context, c *cli.Context, dsn string, directed bool) (*graph.Graph, error) {
	q := c.String("query")
	if q == "" {
		return nil, usageErr("--graph %s needs --query 'SELECT src, dst[, weight] FROM …' (or a table name)", sqlgraph.Redact(dsn))
	}
	lim, err := graphLimits(c)
	if err != nil {
		return nil, err
	}
	var timeout time.Duration
	if d, ok := ctx.Deadline(); ok {
		timeout = max(time.Until(d), time.Millisecond)
	}
	g, err := sqlgraph.Load(ctx, dsn, q, sqlgraph.Options{Directed: directed, Limits: lim, Timeout: timeout})
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		if errors.Is(err, graph.ErrTooLarge) {
			return nil, usageErr("%v (raise --max-nodes or --max-edges to read it)", err)
		}
		return nil, usageErr("--graph: %v", err)
	}
	g.SetName(sqlgraph.Redact(dsn))
	return g, nil
}

// queryFlag is --query of the commands that read a graph from a database.
func queryFlag() cli.Flag {
	return &cli.StringFlag{Name: "query", Usage: "with --graph postgres://…: `SQL` giving src, dst[, weight] rows (SELECT … FROM edges WHERE …) or a table name; run alone, read-only, under --timeout"}
}

func toolsRun(c *cli.Context) error {
	if c.NArg() == 1 {
		if lt, stop, ok, err := lookupLearnedTool(c, c.Args().First()); ok {
			if err != nil {
				return err
			}
			defer stop()
			return runLearnedTool(c, lt)
		}
	}
	t, err := lookupTool(c)
	if err != nil {
		return err
	}
	if c.String("graph") == "" {
		return usageErr("tools run %s: required flag \"graph\" not set (--graph FILE)", t.Spec().Name)
	}
	args, err := parseArgs(c.StringSlice("arg"))
	if err != nil {
		return usageErr("%v", err)
	}
	ctx, cancel, timeout, err := runContext(c)
	if err != nil {
		return err
	}
	defer cancel()
	g, err := loadGraphFile(ctx, c, c.String("graph"), c.Bool("directed"))
	if err != nil {
		return runTimeoutErr(ctx, timeout, err)
	}
	res, err := t.Run(ctx, g, args)
	if err != nil && ctx.Err() != nil {
		return runTimeoutErr(ctx, timeout, err)
	}
	if err != nil {
		code := exitNoAnswer
		if errors.Is(err, tools.ErrBadArgs) || errors.Is(err, tools.ErrNodeNotFound) {
			code = exitUsage
		}
		return cli.Exit(err.Error(), code)
	}
	if c.Bool("json") {
		if err := writeJSON(c.App.Writer, map[string]any{
			"tool":  t.Spec().Name,
			"args":  args,
			"graph": graphSummary(g),
			"value": res.Value,
			"text":  res.Text,
		}); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(c.App.Writer, res.Text)
	}
	return writePlot(c, t.Spec().Name, res.Value)
}

// graphSummary is the JSON description of a graph used in CLI output.
func graphSummary(g *graph.Graph) map[string]any {
	return map[string]any{
		"nodes":    g.N(),
		"edges":    g.M(),
		"directed": g.Directed(),
		"weighted": g.Weighted(),
		"source":   g.Name(),
	}
}

// appliesTo says in words which graphs a tool accepts.
func appliesTo(k tools.GraphKind) string {
	switch k {
	case tools.DirectedOnly:
		return "directed graphs only"
	case tools.UndirectedOnly:
		return "undirected graphs only"
	case tools.WeightedPrefers:
		return "any graph; edge weights matter where the tool uses them"
	}
	return "any graph"
}
