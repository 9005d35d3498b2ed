package tools

import (
	"context"
	"fmt"
	"image/color"
	"io"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/graphagent/graphagent/tools/graph"
)

// Plotter is implemented by tool values that can draw themselves as a PNG
// chart (the CLI's --plot).
type Plotter interface {
	WritePNG(w io.Writer) error
}

// DegreeDistributionParams are the parameters of degree_distribution.
type DegreeDistributionParams struct {
	Degree    *int   `json:"degree,omitempty" desc:"only count the nodes that have exactly this degree"`
	Direction string `json:"direction,omitempty" desc:"on directed graphs: in, out or total (default total: in + out, NetworkX's degree)"`
	PerNode   bool   `json:"per_node,omitempty" desc:"also list every node's degree"`
}

// NodeDegree is one node's degree in degree_distribution's per-node list.
type NodeDegree struct {
	Node   string `json:"node"`
	Degree int    `json:"degree"`
}

// DegreeDistribution is the value of degree_distribution.
type DegreeDistribution struct {
	// Kind is "degree", "in-degree" or "out-degree": what Histogram counts.
	Kind string `json:"kind"`
	// Histogram[d] is the number of nodes of degree d, for d from 0 to Max
	// (NetworkX's degree_histogram).
	Histogram []int `json:"histogram"`
	// Nodes is the number of nodes.
	Nodes int `json:"nodes"`
	// Mean, Min and Max summarise the degrees.
	Mean float64 `json:"mean"`
	Min  int     `json:"min"`
	Max  int     `json:"max"`
	// MaxNodes and MinNodes are the nodes of the largest and the smallest
	// degree.
	MaxNodes []string `json:"max_nodes"`
	MinNodes []string `json:"min_nodes"`
	// PerNode lists every node's degree in the graph's node order, when
	// asked for (per_node).
	PerNode []NodeDegree `json:"per_node,omitempty"`
	// InHistogram and OutHistogram are set for directed graphs.
	InHistogram  []int `json:"in_histogram,omitempty"`
	OutHistogram []int `json:"out_histogram,omitempty"`
	// Degree, Count and WithDegree answer "how many nodes have degree d":
	// set when a degree was asked about.
	Degree     *int     `json:"degree,omitempty"`
	Count      *int     `json:"count,omitempty"`
	WithDegree []string `json:"with_degree,omitempty"`
}

func degreeDistributionTool() Tool {
	return New(Spec{
		Name:        "degree_distribution",
		Description: "Degree distribution: how many nodes have each degree (NetworkX's degree_histogram), with the mean, minimum and maximum degree and the nodes that have them; in-, out- or total degree on directed graphs; how many nodes have a given degree; or every node's degree.",
		WhenToUse:   "Questions about the degree distribution or degree histogram of the whole graph, the average, maximum or minimum degree, which node has the most or fewest neighbours (connections, friends, links), how many (and which) nodes have a given degree, or the degree of every node; not the degree of one named node.",
		Returns:     "the histogram (number of nodes per degree from 0 to the maximum), mean, min and max with their nodes; with degree, the count and the nodes of that degree; with per_node, every node's degree",
		Family:      familyCommon,
		Examples: []string{
			"What is the degree distribution of this graph?",
			"How many nodes have degree 2?",
			"Show the degree histogram.",
			"What is the average degree and the maximum degree?",
			"Which nodes have exactly 3 neighbours?",
			"What is the in-degree distribution of the network?",
			"Which node has the most connections?",
			"List the degree of every node.",
		},
	}, func(ctx context.Context, g *graph.Graph, p DegreeDistributionParams) (Result, error) {
		kind := "degree"
		deg := g.Degree
		dir, err := degreeDirection(p.Direction)
		if err != nil {
			return Result{}, fmt.Errorf("degree_distribution: %w", err)
		}
		switch dir {
		case "in":
			kind, deg = "in-degree", g.InDegree
		case "out":
			kind, deg = "out-degree", g.OutDegree
		}
		if kind != "degree" && !g.Directed() {
			// Undirected graphs have one degree; in and out name it too.
			kind, deg = "degree", g.Degree
		}
		if p.Degree != nil && *p.Degree < 0 {
			return Result{}, fmt.Errorf("degree_distribution: degree must be 0 or more, got %d: %w", *p.Degree, ErrBadArgs)
		}
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		d := DegreeDistribution{Kind: kind, Nodes: g.N(), Histogram: histogram(g, deg)}
		if g.Directed() {
			d.InHistogram, d.OutHistogram = histogram(g, g.InDegree), histogram(g, g.OutDegree)
		}
		sum := 0
		d.Min = -1
		for k, c := range d.Histogram {
			sum += k * c
			if c > 0 && d.Min < 0 {
				d.Min = k
			}
		}
		d.Max = max(0, len(d.Histogram)-1)
		d.Min = max(0, d.Min)
		if g.N() > 0 {
			d.Mean = float64(sum) / float64(g.N())
		}
		d.MaxNodes = nodesOfDegree(g, deg, d.Max)
		d.MinNodes = nodesOfDegree(g, deg, d.Min)
		if p.PerNode {
			d.PerNode = make([]NodeDegree, g.N())
			for u := range int32(g.N()) {
				d.PerNode[u] = NodeDegree{Node: g.ID(u), Degree: deg(u)}
			}
		}
		if p.Degree != nil {
			k := *p.Degree
			count := 0
			if k < len(d.Histogram) {
				count = d.Histogram[k]
			}
			d.Degree, d.Count = &k, &count
			d.WithDegree = nodesOfDegree(g, deg, k)
			return Result{Value: d, Text: degreeCountText(d)}, nil
		}
		return Result{Value: d, Text: degreeDistributionText(d)}, nil
	})
}

// nodesOfDegree lists the nodes of degree k, sorted as communities' members.
func nodesOfDegree(g *graph.Graph, deg func(int32) int, k int) []string {
	var with []int32
	for u := int32(0); u < int32(g.N()); u++ {
		if deg(u) == k {
			with = append(with, u)
		}
	}
	rank := nodeRanks(g)
	slices.SortFunc(with, func(a, b int32) int { return int(rank[a]) - int(rank[b]) })
	ids := make([]string, len(with))
	for i, u := range with {
		ids[i] = g.ID(u)
	}
	return ids
}

// degreeCountText answers "how many nodes have degree k".
func degreeCountText(d DegreeDistribution) string {
	k, n := *d.Degree, *d.Count
	switch n {
	case 0:
		return fmt.Sprintf("No node has %s %d (the %ss range from %d to %d).", d.Kind, k, d.Kind, d.Min, d.Max)
	case 1:
		return fmt.Sprintf("1 node has %s %d: %s.", d.Kind, k, d.WithDegree[0])
	}
	return fmt.Sprintf("%d nodes have %s %d: %s.", n, d.Kind, k, strings.Trim(listIDs(d.WithDegree, 30), "{}"))
}

// degreeDistributionText states the histogram, up to 25 degrees.
func degreeDistributionText(d DegreeDistribution) string {
	if d.Nodes == 0 {
		return "The graph has no nodes, so it has no degree distribution."
	}
	var parts []string
	shown := 0
	for k, c := range d.Histogram {
		if c == 0 {
			continue
		}
		if shown == 25 {
			parts = append(parts, "…")
			break
		}
		noun := "nodes"
		if c == 1 {
			noun = "node"
		}
		parts = append(parts, fmt.Sprintf("%s %d: %d %s", d.Kind, k, c, noun))
		shown++
	}
	of := "node"
	if len(d.MaxNodes) > 1 {
		of = "nodes"
	}
	minOf := "node"
	if len(d.MinNodes) > 1 {
		minOf = "nodes"
	}
	text := fmt.Sprintf("%s distribution of the %d nodes: %s; mean %s %s, minimum %d (%s %s), maximum %d (%s %s).",
		capitalize(d.Kind), d.Nodes, strings.Join(parts, ", "), d.Kind, formatNumber(d.Mean), d.Min, minOf, strings.Trim(listIDs(d.MinNodes, 5), "{}"),
		d.Max, of, strings.Trim(listIDs(d.MaxNodes, 5), "{}"))
	if len(d.PerNode) > 0 {
		each := make([]string, 0, min(len(d.PerNode), listAll))
		for _, nd := range d.PerNode[:min(len(d.PerNode), listAll)] {
			each = append(each, fmt.Sprintf("%s: %d", nd.Node, nd.Degree))
		}
		if len(d.PerNode) > listAll {
			each = append(each, "…")
		}
		text = fmt.Sprintf("The %s of every node: %s. %s", d.Kind, strings.Join(each, ", "), text)
	}
	return text
}

// histogram counts the nodes of each degree from 0 to the largest.
func histogram(g *graph.Graph, deg func(int32) int) []int {
	var h []int
	for u := int32(0); u < int32(g.N()); u++ {
		k := deg(u)
		for len(h) <= k {
			h = append(h, 0)
		}
		h[k]++
	}
	if h == nil {
		h = []int{}
	}
	return h
}

var barColor = color.RGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0xff}

// WritePNG draws the histogram as a bar chart: degree on the x axis, number
// of nodes on the y axis.
func (d DegreeDistribution) WritePNG(w io.Writer) error {
	vals := make([]float64, len(d.Histogram))
	for i, c := range d.Histogram {
		vals[i] = float64(c)
	}
	title := fmt.Sprintf("%s distribution (%d nodes, mean %.3g, max %d)", capitalize(d.Kind), d.Nodes, d.Mean, d.Max)
	if err := WriteBarChart(w, title, d.Kind, "number of nodes", vals); err != nil {
		return fmt.Errorf("degree histogram: %w", err)
	}
	return nil
}

// WriteBarChart draws vals as a PNG bar chart, bar i at x = i, with whole
// numbers on both axes (counts per degree, per community, per component).
func WriteBarChart(w io.Writer, title, xLabel, yLabel string, vals []float64) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	pv := plotter.Values(vals)
	if len(pv) == 0 {
		pv = plotter.Values{0}
	}
	width := vg.Points(max(2, min(24, 400/float64(len(pv)))))
	bars, err := plotter.NewBarChart(pv, width)
	if err != nil {
		return err
	}
	bars.Color = barColor
	bars.LineStyle.Width = 0
	p.Add(plotter.NewGrid())
	p.Add(bars)
	top := 0.0
	for _, v := range pv {
		top = max(top, v)
	}
	p.Y.Min, p.Y.Max = 0, max(1, top*1.08)
	p.X.Min, p.X.Max = -0.7, float64(len(pv)-1)+0.7
	p.X.Tick.Marker = integerTicks{}
	p.Y.Tick.Marker = integerTicks{}
	wt, err := p.WriterTo(7*vg.Inch, 4.5*vg.Inch, "png")
	if err != nil {
		return err
	}
	_, err = wt.WriteTo(w)
	return err
}

// integerTicks labels whole numbers from 0 at a step of 1, 2 or 5 times a
// power of ten, so that at most about twenty are labelled.
type integerTicks struct{}

// Ticks returns the labelled ticks between lo and hi.
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	step := tickStep(hi - max(lo, 0))
	var ticks []plot.Tick
	for v := 0; float64(v) <= hi; v += step {
		if float64(v) >= lo {
			ticks = append(ticks, plot.Tick{Value: float64(v), Label: fmt.Sprint(v)})
		}
	}
	return ticks
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// tickStep is the smallest of 1, 2, 5, 10, 20, 50, … that cuts span into at
// most twenty steps.
func tickStep(span float64) int {
	for mult := 1; ; mult *= 10 {
		for _, b := range []int{1, 2, 5} {
			if span/float64(b*mult) <= 20 {
				return b * mult
			}
		}
	}
}
