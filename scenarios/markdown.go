package scenarios

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools"
)

// Plot names the PNG files a report draws.
const (
	DegreePlot      = "degree_distribution.png"
	CommunitiesPlot = "community_sizes.png"
)

// WriteDegreePlot draws the degree histogram (the degree_distribution
// tool's chart).
func (rep *Report) WriteDegreePlot(w io.Writer) error { return rep.dist.WritePNG(w) }

// WriteCommunitiesPlot draws the community sizes, largest first.
func (rep *Report) WriteCommunitiesPlot(w io.Writer) error {
	vals := make([]float64, len(rep.Communities.Sizes))
	for i, s := range rep.Communities.Sizes {
		vals[i] = float64(s)
	}
	title := fmt.Sprintf("%d communities (modularity %.3f)", rep.Communities.Count, rep.Communities.Modularity)
	return tools.WriteBarChart(w, title, "community (largest first)", "number of nodes", vals)
}

// num formats a measure for a table.
func num(x float64) string {
	if x == float64(int64(x)) && x < 1e15 && x > -1e15 {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

func dirWord(d bool) string {
	if d {
		return "directed"
	}
	return "undirected"
}

// rows are the measures of a report, one table row each; compare puts two
// reports' rows side by side.
func (rep *Report) rows() [][2]string {
	rows := [][2]string{
		{"direction", dirWord(rep.Directed)},
		{"weighted", strconv.FormatBool(rep.Weighted)},
		{"nodes", strconv.Itoa(rep.Nodes)},
		{"edges", strconv.Itoa(rep.Edges)},
		{"self-loops", strconv.Itoa(rep.SelfLoops)},
		{"isolated nodes", strconv.Itoa(rep.Isolated)},
		{"density", num(rep.Density)},
		{"mean degree", num(rep.Degree.Mean)},
		{"min / max degree", fmt.Sprintf("%d / %d", rep.Degree.Min, rep.Degree.Max)},
	}
	if rep.Directed {
		rows = append(rows, [2]string{"max in / out degree", fmt.Sprintf("%d / %d", rep.Degree.MaxIn, rep.Degree.MaxOut)})
	}
	comp := "connected components"
	if rep.Directed {
		comp = "weakly connected components"
	}
	rows = append(rows,
		[2]string{comp, fmt.Sprintf("%d (largest %d)", rep.Components.Count, rep.Components.Largest)})
	if rep.Directed {
		rows = append(rows, [2]string{"strongly connected components", fmt.Sprintf("%d (largest %d)", rep.Components.StrongCount, rep.Components.StrongLargest)})
	}
	diam := strconv.Itoa(rep.Diameter.Value)
	if !rep.Diameter.Exact {
		diam = "≥ " + diam + " (estimate)"
	}
	rows = append(rows,
		[2]string{"average clustering", num(rep.Clustering)},
		[2]string{"diameter", diam + " — " + rep.Diameter.Of},
		[2]string{"communities (Louvain)", fmt.Sprintf("%d, modularity %s", rep.Communities.Count, num(rep.Communities.Modularity))},
	)
	for _, r := range rep.Central {
		rows = append(rows, [2]string{"top " + r.Measure, topNodes(r.Nodes, 5)})
	}
	return rows
}

func topNodes(ns []NodeScore, k int) string {
	parts := make([]string, 0, min(k, len(ns)))
	for i, n := range ns {
		if i == k {
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", n.Node, num(n.Score)))
	}
	return strings.Join(parts, ", ")
}

// cell escapes a Markdown table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// WriteMarkdown writes the report as Markdown; plots, when true, links the
// PNG files DegreePlot and CommunitiesPlot beside it.
func (rep *Report) WriteMarkdown(w io.Writer, plots bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Graph report: %s\n\n", rep.Source)
	fmt.Fprintf(&b, "A %s%s graph with %d nodes and %d edges.\n\n", dirWord(rep.Directed), map[bool]string{true: ", weighted", false: ""}[rep.Weighted], rep.Nodes, rep.Edges)
	b.WriteString("| measure | value |\n|---|---|\n")
	for _, r := range rep.rows() {
		fmt.Fprintf(&b, "| %s | %s |\n", r[0], cell(r[1]))
	}
	b.WriteString("\n## Most central nodes\n\n")
	for _, r := range rep.Central {
		fmt.Fprintf(&b, "- **%s** (`%s`): %s\n", r.Measure, r.Tool, cell(topNodes(r.Nodes, len(r.Nodes))))
	}
	if rep.Communities.Count > 0 {
		fmt.Fprintf(&b, "\n## Communities\n\n%s: %d communities, modularity %s; sizes %s.\n",
			rep.Communities.Method, rep.Communities.Count, num(rep.Communities.Modularity), intList(rep.Communities.Sizes, 20))
	}
	if plots {
		fmt.Fprintf(&b, "\n## Plots\n\n![degree distribution](%s)\n\n![community sizes](%s)\n", DegreePlot, CommunitiesPlot)
	}
	if len(rep.Notes) > 0 {
		b.WriteString("\n## Notes\n\n")
		for _, n := range rep.Notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
	}
	fmt.Fprintf(&b, "\n_Measured in %.0f ms with graphagent's tools (density, degree_distribution, connected_components%s, clustering_coefficient, diameter, pagerank, betweenness_centrality, louvain_communities)._\n",
		rep.ElapsedMS, map[bool]string{true: ", strongly_connected_components", false: ""}[rep.Directed])
	_, err := io.WriteString(w, b.String())
	return err
}

func intList(xs []int, k int) string {
	parts := make([]string, 0, min(k, len(xs))+1)
	for i, x := range xs {
		if i == k {
			parts = append(parts, fmt.Sprintf("… (%d more)", len(xs)-k))
			break
		}
		parts = append(parts, strconv.Itoa(x))
	}
	return strings.Join(parts, ", ")
}

// WritePNG draws the degree distribution, so that `ask --plot` charts a
// report (tools.Plotter).
func (rep *Report) WritePNG(w io.Writer) error { return rep.WriteDegreePlot(w) }
