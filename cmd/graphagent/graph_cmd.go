package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/scenarios"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/graph/sqlgraph"
)

func graphCommand() *cli.Command {
	dirFlag := &cli.BoolFlag{Name: "directed", Aliases: []string{"d"}, Usage: "read edge lists as directed graphs (a shipped dataset's own direction is the default)"}
	undirFlag := &cli.BoolFlag{Name: "undirected", Usage: "read edge lists as undirected graphs, even a directed dataset's"}
	return &cli.Command{
		Name:  "graph",
		Usage: "report on a graph, compare two graphs, clean a graph file",
		Description: `Whole-graph scenarios (ChatGraph's demos). FILE is a graph file inside the data folders; DATASET
is a shipped dataset's name (karate, football, email_eu_core, cora, citeseer), read from
DATASET's folder inside the data folders.

  graphagent --data datasets graph report email_eu_core --out report/
  graphagent --data datasets graph compare karate football
  graphagent --data datasets graph clean messy/edges.tsv --nodes messy/nodes.tsv --out messy/clean.tsv`,
		Subcommands: []*cli.Command{
			{
				Name:      "report",
				Usage:     "summarise a graph: size, density, degrees, components, clustering, diameter, central nodes, communities",
				ArgsUsage: "FILE|DATASET|postgres://…",
				Description: `A database URL reads the rows of --query (src, dst[, weight]) as tools run and ask do.
Prints the report as Markdown (or --json). With --out DIR it writes DIR/report.md and the plots
DIR/` + scenarios.DegreePlot + ` and DIR/` + scenarios.CommunitiesPlot + ` (the folder is created; existing files in it
are replaced). The diameter is the largest (strongly, when directed) connected component's; above
--budget (nodes × edges) it is estimated by a double sweep, a lower bound, and betweenness is left out.`,
				Flags: append([]cli.Flag{dirFlag, undirFlag, jsonFlag(), queryFlag(),
					&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write report.md and the PNG plots into `DIR`"},
					&cli.IntFlag{Name: "top", Value: 5, Usage: "how many nodes each centrality ranking lists"},
					&cli.Int64Flag{Name: "budget", Value: 2e9, Usage: "largest nodes × edges for the exact diameter and betweenness"},
				}, graphRunFlags()...),
				Action: graphReport,
			},
			{
				Name:      "compare",
				Usage:     "the report's measures of two graphs side by side, and their node and edge overlap",
				ArgsUsage: "A B",
				Flags: append([]cli.Flag{dirFlag, undirFlag, jsonFlag(),
					&cli.IntFlag{Name: "top", Value: 5, Usage: "how many nodes each centrality ranking lists"},
					&cli.Int64Flag{Name: "budget", Value: 2e9, Usage: "largest nodes × edges for the exact diameter and betweenness"},
				}, graphRunFlags()...),
				Action: graphCompare,
			},
			{
				Name:      "clean",
				Usage:     "find duplicate edges, self-loops, isolated nodes and dangling references in a graph file; optionally write a cleaned copy",
				ArgsUsage: "FILE",
				Description: `Reads the edge list FILE (and with --nodes a node table whose first column names the nodes) and
reports every duplicate edge, self-loop, isolated node (declared on a line of its own or in the node
table, and touched by no edge) and dangling reference (an edge naming a node the node table lacks),
with its file and line. With --out NEW it writes a copy of FILE without the lines of the --remove
kinds (default all); with --nodes-out NEW2 a copy of the node table without the isolated nodes. The
originals are never changed; the new files must not exist yet and must lie inside the data folders.
A node-link JSON, DOT or GML file is read by its own reader: each edge's defect is located by its
number among the file's edges, isolated nodes by name; --out writes the cleaned graph as node-link
JSON (NEW ending in .json) or as an edge list, with repeated edges merged as they are read (as
NetworkX reads them); --nodes does not apply (the file lists its nodes).
Exit code 0 whether or not defects are found.`,
				Flags: append([]cli.Flag{dirFlag, jsonFlag(),
					&cli.StringFlag{Name: "nodes", Usage: "node table `FILE` (first column: node IDs) for dangling references and isolated nodes"},
					&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the cleaned edge list to `NEW` (inside the data folders)"},
					&cli.StringFlag{Name: "nodes-out", Usage: "write the cleaned node table to `NEW`"},
					&cli.StringFlag{Name: "remove", Value: "all", Usage: "defect kinds to remove: duplicates, self-loops, isolated, dangling (comma-separated) or all"},
				}, graphRunFlags()...),
				Action: graphClean,
			},
		},
	}
}

// graphArg resolves FILE|DATASET to a file inside the data folders and
// the direction to read it with: a dataset's name (or its edge-list path)
// brings the dataset's own direction unless --directed/--undirected say
// otherwise.
func graphArg(c *cli.Context, arg string) (path string, directed bool) {
	path, directed = arg, false
	if d, ok := dataset.Lookup(arg); ok && d.Graph != "" {
		path, directed = filepath.Join(d.Folder, d.Graph), d.Directed
	} else {
		clean := filepath.ToSlash(filepath.Clean(arg))
		for _, d := range dataset.All() {
			if d.Graph != "" && (clean == d.Folder+"/"+d.Graph || strings.HasSuffix(clean, "/"+d.Folder+"/"+d.Graph)) {
				directed = d.Directed
			}
		}
	}
	switch {
	case c.Bool("directed"):
		directed = true
	case c.Bool("undirected"):
		directed = false
	}
	return path, directed
}

func loadGraphArg(ctx context.Context, c *cli.Context, arg string) (*graph.Graph, error) {
	path, directed := graphArg(c, arg)
	g, err := loadGraphFile(ctx, c, path, directed)
	if err != nil {
		return nil, err
	}
	if !sqlgraph.IsURL(arg) { // a database's graph keeps its name without the password
		g.SetName(arg)
	}
	return g, nil
}

func reportOptions(c *cli.Context) scenarios.Options {
	return scenarios.Options{Top: c.Int("top"), ExactBudget: c.Int64("budget")}
}

func graphReport(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageErr("graph report needs one FILE or DATASET")
	}
	if c.Bool("directed") && c.Bool("undirected") {
		return usageErr("--directed and --undirected contradict each other")
	}
	ctx, cancel, timeout, err := runContext(c)
	if err != nil {
		return err
	}
	defer cancel()
	g, err := loadGraphArg(ctx, c, c.Args().First())
	if err != nil {
		return runTimeoutErr(ctx, timeout, err)
	}
	rep, err := scenarios.Summarize(ctx, g, reportOptions(c))
	if err != nil {
		if ctx.Err() != nil {
			return runTimeoutErr(ctx, timeout, err)
		}
		return cli.Exit(err.Error(), exitNoAnswer)
	}
	if dir := c.String("out"); dir != "" {
		if err := writeReportDir(rep, dir); err != nil {
			return cli.Exit(err.Error(), exitNoAnswer)
		}
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, rep)
	}
	return rep.WriteMarkdown(c.App.Writer, c.String("out") != "")
}

// writeReportDir writes report.md and the plots into dir.
func writeReportDir(rep *scenarios.Report, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	files := []struct {
		name  string
		write func(io.Writer) error
	}{
		{"report.md", func(w io.Writer) error { return rep.WriteMarkdown(w, true) }},
		{scenarios.DegreePlot, rep.WriteDegreePlot},
		{scenarios.CommunitiesPlot, rep.WriteCommunitiesPlot},
	}
	for _, f := range files {
		var buf bytes.Buffer
		if err := f.write(&buf); err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("--out: %w", err)
		}
	}
	return nil
}

func graphCompare(c *cli.Context) error {
	if c.NArg() != 2 {
		return usageErr("graph compare needs two graphs, A and B")
	}
	if c.Bool("directed") && c.Bool("undirected") {
		return usageErr("--directed and --undirected contradict each other")
	}
	ctx, cancel, timeout, err := runContext(c)
	if err != nil {
		return err
	}
	defer cancel()
	a, err := loadGraphArg(ctx, c, c.Args().Get(0))
	if err != nil {
		return runTimeoutErr(ctx, timeout, err)
	}
	b, err := loadGraphArg(ctx, c, c.Args().Get(1))
	if err != nil {
		return runTimeoutErr(ctx, timeout, err)
	}
	cmp, err := scenarios.Compare(ctx, a, b, reportOptions(c))
	if err != nil {
		if ctx.Err() != nil {
			return runTimeoutErr(ctx, timeout, err)
		}
		return cli.Exit(err.Error(), exitNoAnswer)
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, cmp)
	}
	return cmp.WriteMarkdown(c.App.Writer)
}

func graphClean(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageErr("graph clean needs one edge-list FILE")
	}
	remove, err := scenarios.ParseKinds(c.String("remove"))
	if err != nil {
		return usageErr("--remove: %v", err)
	}
	sb, err := newSandbox(c)
	if err != nil {
		return usageErr("data folders: %v", err)
	}
	defer sb.Close()
	lim, err := graphLimits(c)
	if err != nil {
		return err
	}
	ctx, cancel, timeout, err := runContext(c)
	if err != nil {
		return err
	}
	defer cancel()
	path, directed := graphArg(c, c.Args().First())
	edges, reached, err := sb.ReadAll(ctx, path)
	if err != nil {
		if ctx.Err() != nil {
			return runTimeoutErr(ctx, timeout, err)
		}
		return usageErr("%v", err)
	}
	switch f := graph.DetectFormat(reached, edges[:min(len(edges), 512)]); f {
	case graph.FormatEdgeList:
		// Every line is kept as a record (repeated edges too): the lines,
		// not only the distinct edges, are bounded by --max-edges.
		if lines := bytes.Count(edges, []byte{'\n'}); lines > lim.MaxEdges+1 {
			return usageErr("%s has %d lines, more than --max-edges %d: %v (raise --max-nodes or --max-edges to read it)", path, lines, lim.MaxEdges, graph.ErrTooLarge)
		}
	case graph.FormatNodeLink, graph.FormatDOT, graph.FormatGML, graph.FormatGraphML:
		return cleanStructured(c, sb, path, f, edges, directed, remove, lim)
	default:
		return usageErr("graph clean reads edge lists (u v [weight] lines, TSV/CSV tables), node-link JSON, DOT, GML and GraphML; %s is %s", path, f)
	}
	var nodes []byte
	if np := c.String("nodes"); np != "" {
		if nodes, _, err = sb.ReadAll(c.Context, np); err != nil {
			return usageErr("--nodes: %v", err)
		}
	}
	in, err := scenarios.Inspect(edges, path, directed, nodes, c.String("nodes"))
	if err != nil {
		return usageErr("%v", err)
	}
	type written struct {
		File    string `json:"file"`
		Removed int    `json:"removed_lines"`
	}
	var outs []written
	write := func(flag string, data []byte, copyFn func(io.Writer, []byte, map[string]bool) (int, error)) error {
		out := c.String(flag)
		if out == "" {
			return nil
		}
		if data == nil {
			return usageErr("--%s needs --nodes", flag)
		}
		f, err := sb.Create(out)
		if err != nil {
			if errors.Is(err, graph.ErrOutsideSandbox) {
				return usageErr("--%s: %v", flag, err)
			}
			return cli.Exit(fmt.Sprintf("--%s: %v", flag, err), exitUsage)
		}
		n, err := copyFn(f, data, remove)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return cli.Exit(fmt.Sprintf("--%s %s: %v", flag, out, err), exitNoAnswer)
		}
		outs = append(outs, written{out, n})
		return nil
	}
	if err := write("out", edges, in.WriteEdges); err != nil {
		return err
	}
	if err := write("nodes-out", nodes, in.WriteNodes); err != nil {
		return err
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, map[string]any{"inspection": in, "written": outs})
	}
	w := c.App.Writer
	fmt.Fprintf(w, "%s: %d lines of edges read as %s graph of %d nodes and %d edges.\n",
		path, in.Records, map[bool]string{true: "a directed", false: "an undirected"}[directed], in.GraphNodes, in.GraphEdges)
	if len(in.Defects) == 0 {
		fmt.Fprintln(w, "No duplicates, self-loops, isolated nodes or dangling references found.")
	}
	for _, kind := range scenarios.Kinds {
		if in.Counts[kind] > 0 {
			fmt.Fprintf(w, "%s: %d\n", kind, in.Counts[kind])
		}
	}
	for _, d := range in.Defects {
		fmt.Fprintf(w, "  %s:%d: %s\n", d.File, d.Line, defectText(d))
	}
	if len(in.BecomeIsolated) > 0 {
		fmt.Fprintf(w, "Nodes named only on defective edge lines (self-loops, dangling edges; gone or isolated once those are removed): %s\n", strings.Join(in.BecomeIsolated, ", "))
	}
	if nodes == nil {
		fmt.Fprintln(w, "(No node table given: dangling references need --nodes.)")
	}
	for _, o := range outs {
		fmt.Fprintf(w, "Wrote %s: %d line(s) removed.\n", o.File, o.Removed)
	}
	return nil
}

// cleanStructured is graph clean on a node-link JSON, DOT or GML file:
// defects located by edge number, and --out written from the graph.
func cleanStructured(c *cli.Context, sb *graph.Sandbox, path string, f graph.Format, data []byte, directed bool, remove map[string]bool, lim graph.Limits) error {
	if c.String("nodes") != "" || c.String("nodes-out") != "" {
		return usageErr("--nodes and --nodes-out apply to edge lists; %s (%s) lists its own nodes", path, f)
	}
	in, g, err := scenarios.InspectGraphWithin(data, path, f, directed, lim)
	if err != nil {
		if errors.Is(err, graph.ErrTooLarge) {
			return usageErr("%v (raise --max-nodes or --max-edges to read it)", err)
		}
		return usageErr("%v", err)
	}
	type written struct {
		File  string `json:"file"`
		Nodes int    `json:"nodes"`
		Edges int    `json:"edges"`
	}
	var outs []written
	if out := c.String("out"); out != "" {
		clean := scenarios.CleanGraph(g, remove)
		w, err := sb.Create(out)
		if err != nil {
			if errors.Is(err, graph.ErrOutsideSandbox) {
				return usageErr("--out: %v", err)
			}
			return cli.Exit(fmt.Sprintf("--out: %v", err), exitUsage)
		}
		if strings.EqualFold(filepath.Ext(out), ".json") {
			err = graph.WriteNodeLink(w, clean)
		} else {
			err = graph.WriteEdgeList(w, clean)
		}
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return cli.Exit(fmt.Sprintf("--out %s: %v", out, err), exitNoAnswer)
		}
		outs = append(outs, written{out, clean.N(), clean.M()})
	}
	if c.Bool("json") {
		return writeJSON(c.App.Writer, map[string]any{"inspection": in, "written": outs})
	}
	w := c.App.Writer
	fmt.Fprintf(w, "%s (%s): %d edges read as %s graph of %d nodes and %d edges.\n",
		path, f, in.Records, map[bool]string{true: "a directed", false: "an undirected"}[in.Directed], in.GraphNodes, in.GraphEdges)
	if len(in.Defects) == 0 {
		fmt.Fprintln(w, "No duplicates, self-loops or isolated nodes found.")
	}
	for _, kind := range scenarios.Kinds {
		if in.Counts[kind] > 0 {
			fmt.Fprintf(w, "%s: %d\n", kind, in.Counts[kind])
		}
	}
	for _, d := range in.Defects {
		if d.Edge > 0 {
			fmt.Fprintf(w, "  %s: edge %d: %s\n", d.File, d.Edge, defectText(d))
		} else {
			fmt.Fprintf(w, "  %s: %s\n", d.File, defectText(d))
		}
	}
	if len(in.BecomeIsolated) > 0 {
		fmt.Fprintf(w, "Nodes only on defective edges (self-loops; isolated once those are removed): %s\n", strings.Join(in.BecomeIsolated, ", "))
	}
	for _, o := range outs {
		fmt.Fprintf(w, "Wrote %s: %d nodes, %d edges (repeated edges merged as read).\n", o.File, o.Nodes, o.Edges)
	}
	return nil
}

func defectText(d scenarios.Defect) string {
	switch d.Kind {
	case scenarios.Duplicate:
		if d.FirstEdge > 0 {
			return fmt.Sprintf("duplicate edge %s %s (first as edge %d)", d.U, d.V, d.FirstEdge)
		}
		if d.Weight != d.FirstWeight {
			return fmt.Sprintf("duplicate edge %s %s (first on line %d with weight %q; this line's weight %q is the one the graph keeps)", d.U, d.V, d.First, d.FirstWeight, d.Weight)
		}
		return fmt.Sprintf("duplicate edge %s %s (first on line %d)", d.U, d.V, d.First)
	case scenarios.SelfLoop:
		return fmt.Sprintf("self-loop %s %s", d.U, d.V)
	case scenarios.Isolated:
		return fmt.Sprintf("isolated node %s", d.Node)
	case scenarios.Dangling:
		return fmt.Sprintf("edge %s %s names node %s, which the node table lacks", d.U, d.V, d.Node)
	}
	return d.Kind
}
