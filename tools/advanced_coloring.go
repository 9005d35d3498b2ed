package tools

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// ColoringResult is the value of graph_coloring.
type ColoringResult struct {
	// NumColors is the number of colours used.
	NumColors int `json:"num_colors"`
	// Colors maps each node to its colour, 0 .. NumColors-1.
	Colors map[string]int `json:"colors"`
}

// AggregationResult is the value of gnn_sum_aggregation.
type AggregationResult struct {
	// Rounds is the number of aggregation rounds run.
	Rounds int `json:"rounds"`
	// Dim is the length of every feature vector.
	Dim int `json:"dim"`
	// Features maps each node to its vector after the last round.
	Features map[string][]float64 `json:"features"`
}

func graphColoringTool() Tool {
	return New(Spec{
		Name:        "graph_coloring",
		Description: "Colour the nodes so that adjacent nodes differ, greedily in order of decreasing degree (NetworkX's largest_first strategy).",
		WhenToUse: "Questions asking to colour a graph, assign frequencies, time slots or registers so that neighbours " +
			"conflict-free, or for an upper bound on the chromatic number. The greedy answer is deterministic but not " +
			"always optimal. Edge direction is ignored; self-loops are ignored.",
		Returns:   "num_colors and colors mapping each node to a colour number starting at 0.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"Color the graph with edges 0-1, 1-2, 2-0, 2-3 so that no two adjacent nodes share a color. How many colors?",
			"Assign exam time slots so that courses sharing a student (edges) are in different slots.",
			"Give a proper vertex colouring of the network in map.edgelist using the greedy largest-first heuristic.",
			"How many colours does a greedy colouring need for this graph, and which colour does each node get?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		colors, k, err := greedyColor(ctx, g)
		if err != nil {
			return Result{}, fmt.Errorf("graph_coloring: %w", err)
		}
		res := ColoringResult{NumColors: k, Colors: make(map[string]int, g.N())}
		shown := make([]string, 0, min(g.N(), 30))
		for v, c := range colors {
			res.Colors[g.ID(int32(v))] = int(c)
			if v < 30 {
				shown = append(shown, fmt.Sprintf("%s: %d", g.ID(int32(v)), c))
			}
		}
		text := fmt.Sprintf("A greedy colouring uses %d %s", k, plural(k, "colour"))
		if g.N() > 0 {
			text += " (" + strings.Join(shown, ", ")
			if g.N() > 30 {
				text += fmt.Sprintf(", ... %d more nodes", g.N()-30)
			}
			text += ")"
		}
		return Result{Value: res, Text: text + "."}, nil
	})
}

// greedyColor follows nx.greedy_color(G, "largest_first") on the underlying
// undirected graph: nodes sorted by decreasing degree (stable, so ties keep
// node order), each given the smallest colour absent from its already
// coloured neighbours. Degrees are those of the underlying undirected graph
// (distinct neighbours, a self-loop counting two). O(n + m).
func greedyColor(ctx context.Context, g *graph.Graph) ([]int32, int, error) {
	n := g.N()
	deg := make([]int32, n)
	if g.Directed() {
		// Distinct neighbours over in- and out-edges.
		stamp := make([]int32, n)
		for v := int32(0); v < int32(n); v++ {
			d := int32(0)
			for _, nbrs := range bothWays(g, v) {
				for _, w := range nbrs {
					if stamp[w] != v+1 {
						stamp[w] = v + 1
						d++
						if w == v {
							d++
						}
					}
				}
			}
			deg[v] = d
		}
	} else {
		for v := int32(0); v < int32(n); v++ {
			deg[v] = int32(g.Degree(v))
		}
	}
	// Counting sort by decreasing degree, stable in node order.
	maxDeg := int32(0)
	for _, d := range deg {
		maxDeg = max(maxDeg, d)
	}
	start := make([]int32, maxDeg+2)
	for _, d := range deg {
		start[maxDeg-d+1]++
	}
	for i := int32(1); i <= maxDeg+1; i++ {
		start[i] += start[i-1]
	}
	order := make([]int32, n)
	for v := int32(0); v < int32(n); v++ {
		b := maxDeg - deg[v]
		order[start[b]] = v
		start[b]++
	}

	color := make([]int32, n)
	for i := range color {
		color[i] = -1
	}
	mark := make([]int32, n+1) // mark[c] == u+1: colour c is taken near u
	numColors := 0
	for i, u := range order {
		if i%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
		}
		for _, nbrs := range bothWays(g, u) {
			for _, w := range nbrs {
				if c := color[w]; c >= 0 {
					mark[c] = u + 1
				}
			}
		}
		c := int32(0)
		for mark[c] == u+1 {
			c++
		}
		color[u] = c
		numColors = max(numColors, int(c)+1)
	}
	return color, numColors, nil
}

// maxAggregationRounds caps gnn_sum_aggregation's rounds.
const maxAggregationRounds = 1000

// AggregationParams are the parameters of gnn_sum_aggregation.
type AggregationParams struct {
	Rounds   int                  `json:"rounds" desc:"number of aggregation rounds (0 to 1000)"`
	Features map[string][]float64 `json:"features,omitempty" desc:"initial vector per node, all of one length; default: see init"`
	Init     string               `json:"init,omitempty" desc:"initial 1-dimensional features when none are given: \"ones\" (default) or \"degree\" (NetworkX degree, in + out when directed)"`
}

func gnnSumAggregationTool() Tool {
	return New(Spec{
		Name:        "gnn_sum_aggregation",
		Description: "Run rounds of GNN-style sum aggregation: each node's vector becomes the sum of its neighbours' vectors.",
		WhenToUse: "Questions about message passing, neighbourhood aggregation or node embeddings after k layers of a " +
			"graph neural network with sum aggregation (no weights, no self term), or counting walks: with the default " +
			"all-ones features, a node's value after k rounds is the number of walks of length k ending at it (init " +
			"\"degree\" starts from node degrees instead). In " +
			"directed graphs messages flow along edges, so a node sums its predecessors. Edge weights are ignored.",
		Returns:   "rounds, dim, and features mapping each node to its vector after the last round.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"After 2 rounds of sum aggregation, what is the embedding of each node in the graph 0-1, 1-2, 2-0, 2-3?",
			"Node features are 0:[1,0], 1:[0,1], 2:[1,1]; edges 0-1, 1-2. What are the features after one message-passing layer that sums neighbours?",
			"Simulate 3 layers of a sum-aggregation GNN on the directed graph a->b, b->c, a->c starting from all-ones features.",
			"How many walks of length 4 end at each node of this graph?",
			"Using node degrees as initial features, what does each node hold after one round of neighbour summation?",
		},
	}, func(ctx context.Context, g *graph.Graph, p AggregationParams) (Result, error) {
		res, err := sumAggregate(ctx, g, p)
		if err != nil {
			return Result{}, err
		}
		ids := g.IDs()
		var b strings.Builder
		fmt.Fprintf(&b, "After %d %s of sum aggregation the node vectors are: ", res.Rounds, plural(res.Rounds, "round"))
		for i, id := range ids[:min(len(ids), listAll)] {
			if i > 0 {
				b.WriteString("; ")
			}
			fmt.Fprintf(&b, "node %s: [", id)
			for k, x := range res.Features[id] {
				if k > 0 {
					b.WriteString(", ")
				}
				b.WriteString(formatNumber(x))
			}
			b.WriteByte(']')
		}
		if len(ids) > listAll {
			fmt.Fprintf(&b, "; ... (%d more nodes)", len(ids)-listAll)
		}
		b.WriteByte('.')
		return Result{Value: res, Text: b.String()}, nil
	})
}

// sumAggregate computes x_{t+1}[v] = sum of x_t[u] over the in-neighbours u
// of v (all neighbours when undirected; an undirected self-loop contributes
// x_t[v] once, as in the adjacency matrix). That is x_{t+1} = A^T x_t.
func sumAggregate(ctx context.Context, g *graph.Graph, p AggregationParams) (AggregationResult, error) {
	if p.Rounds < 0 || p.Rounds > maxAggregationRounds {
		return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: rounds must be between 0 and %d, got %d: %w",
			maxAggregationRounds, p.Rounds, ErrBadArgs)
	}
	n := g.N()
	dim := 1
	var x []float64
	switch p.Init {
	case "", "ones", "degree":
	default:
		return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: init must be \"ones\" or \"degree\", got %q: %w", p.Init, ErrBadArgs)
	}
	if p.Features == nil {
		x = make([]float64, n)
		for i := range x {
			x[i] = 1
			if p.Init == "degree" {
				x[i] = float64(g.Degree(int32(i)))
			}
		}
	} else {
		if p.Init != "" {
			return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: give either features or init, not both: %w", ErrBadArgs)
		}
		// Validate in a stable order so errors are reproducible.
		keys := make([]string, 0, len(p.Features))
		for id := range p.Features {
			keys = append(keys, id)
		}
		sort.Strings(keys)
		for _, id := range keys {
			if _, ok := g.Index(id); !ok {
				return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: features: node %q is not in the graph: %w", id, ErrNodeNotFound)
			}
		}
		dim = -1
		for v := int32(0); v < int32(n); v++ {
			vec, ok := p.Features[g.ID(v)]
			if !ok {
				return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: features: node %q has no vector (give one for every node): %w", g.ID(v), ErrBadArgs)
			}
			if dim < 0 {
				if len(vec) == 0 {
					return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: features: node %q has an empty vector: %w", g.ID(v), ErrBadArgs)
				}
				dim = len(vec)
				x = make([]float64, 0, n*dim)
			}
			if len(vec) != dim {
				return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: features: node %q has %d values but node %q has %d: %w",
					g.ID(v), len(vec), g.ID(0), dim, ErrBadArgs)
			}
			x = append(x, vec...)
		}
		if dim < 0 {
			dim = 1
		}
	}
	y := make([]float64, len(x))
	for r := 0; r < p.Rounds; r++ {
		if err := ctx.Err(); err != nil {
			return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: round %d: %w", r+1, err)
		}
		for v := int32(0); v < int32(n); v++ {
			if dim > 1 && int(v)%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: round %d: %w", r+1, err)
				}
			}
			acc := y[int(v)*dim : int(v+1)*dim]
			clear(acc)
			for _, u := range g.In(v) {
				src := x[int(u)*dim : int(u+1)*dim]
				for k := range acc {
					acc[k] += src[k]
				}
			}
		}
		x, y = y, x
		for _, f := range x {
			if math.IsInf(f, 0) || math.IsNaN(f) {
				return AggregationResult{}, fmt.Errorf("gnn_sum_aggregation: values overflow float64 after round %d: %w", r+1, ErrNotApplicable)
			}
		}
	}
	res := AggregationResult{Rounds: p.Rounds, Dim: dim, Features: make(map[string][]float64, n)}
	for v := 0; v < n; v++ {
		res.Features[g.ID(int32(v))] = x[v*dim : (v+1)*dim : (v+1)*dim]
	}
	return res, nil
}
