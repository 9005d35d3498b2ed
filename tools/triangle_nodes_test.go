package tools

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestMaximumTriangleNodeSumOracle checks maximum_triangle_node_sum against
// GraphWiz's own maximum_triplet_sum run by NetworkX on random graphs
// (undirected and directed, disconnected, isolated nodes, self-loops;
// integer, float and negative node weights, and GraphWiz's own shapes: 2 to
// 25 nodes, weights 1..10), each answer's triangle checked to be one of
// the graph's with the sum stated.
func TestMaximumTriangleNodeSumOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(2323, 17))
	graphs := randomGraphs(2323, 400, genOptions{MaxNodes: 18, SelfLoops: true, Weighted: ptr(false)})
	graphs = append(graphs, gwTripletGraphs(r, 300)...)
	type run struct {
		tg testGraph
		ws map[string]float64
	}
	var runs []run
	var cases []oracleCase
	for i, tg := range graphs {
		ws := map[string]float64{}
		for _, n := range tg.Nodes {
			switch i % 4 {
			case 0, 1:
				ws[n] = float64(1 + r.IntN(10))
			case 2:
				ws[n] = math.Round((r.Float64()*40-10)*1000) / 1000
			default:
				ws[n] = float64(r.IntN(21) - 10)
			}
		}
		runs = append(runs, run{tg, ws})
		cases = append(cases, oracleCase{Tool: "maximum_triangle_node_sum", Graph: tg, Args: map[string]any{"node_weights": ws}})
	}
	answers := runOracle(t, cases)
	ok, errs := 0, 0
	for i, c := range runs {
		g := withNodeWeights(t, c.tg, c.ws)
		got, err := runTool(t, "maximum_triangle_node_sum", g, map[string]any{})
		a := answers[i]
		switch {
		case a.Error != "" && err == nil:
			t.Errorf("case %d: NetworkX raised %q but the tool answered %v\n%s", i, a.Error, got.Value, c.tg.describe())
		case a.Error == "" && err != nil:
			t.Errorf("case %d: %v\n%s", i, err, c.tg.describe())
		case err != nil:
			errs++
			if !errors.Is(err, ErrNotApplicable) {
				t.Errorf("case %d: error %v does not wrap ErrNotApplicable", i, err)
			}
		default:
			ok++
			var want float64
			if e := json.Unmarshal(a.Value, &want); e != nil {
				t.Fatal(e)
			}
			ts := got.Value.(TriangleSum)
			if math.Abs(ts.Sum-want) > 1e-9 {
				t.Errorf("case %d: sum %v, GraphWiz's code %v\n%s weights %v", i, ts.Sum, want, c.tg.describe(), c.ws)
			}
			tri := ts.Triangle
			s := c.ws[tri[0]] + c.ws[tri[1]] + c.ws[tri[2]]
			if math.Abs(s-ts.Sum) > 1e-9 || !hasEdgeIDs(g, tri[0], tri[1]) || !hasEdgeIDs(g, tri[1], tri[2]) || !hasEdgeIDs(g, tri[0], tri[2]) ||
				tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2] {
				t.Errorf("case %d: triangle %v (node weights summing to %v) is not a triangle of the graph weighing %v", i, tri, s, ts.Sum)
			}
		}
	}
	t.Logf("%d cases: %d answered, %d without a triangle or undirected-only", len(runs), ok, errs)
	if ok < len(runs)/3 || errs == 0 {
		t.Errorf("coverage: %d answered, %d errors of %d", ok, errs, len(runs))
	}
}

// gwTripletGraphs draws graphs as GraphWiz's create_random_graph_node_weights
// does for its triplet test split: 2 to 25 nodes, each pair an edge with a
// probability in its bands' ratios.
func gwTripletGraphs(r *rand.Rand, count int) []testGraph {
	var out []testGraph
	for c := 0; c < count; c++ {
		n := 2 + r.IntN(24)
		tg := testGraph{}
		for v := 0; v < n; v++ {
			tg.Nodes = append(tg.Nodes, strconv.Itoa(v))
		}
		p := 0.04 + r.Float64()*0.5
		for u := 0; u < n; u++ {
			for v := u + 1; v < n; v++ {
				if r.Float64() < p {
					tg.Edges = append(tg.Edges, [3]string{strconv.Itoa(u), strconv.Itoa(v), ""})
				}
			}
		}
		out = append(out, tg)
	}
	return out
}

// withNodeWeights builds tg with each node's weight as its weight
// attribute.
func withNodeWeights(t *testing.T, tg testGraph, ws map[string]float64) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(tg.Directed)
	for _, n := range tg.Nodes {
		if _, err := b.AddNode(n); err != nil {
			t.Fatal(err)
		}
		if err := b.SetNodeAttr(n, NodeWeightAttr, ws[n]); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range tg.Edges {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	return b.Build()
}

// TestMaximumTriangleNodeSumErrors: a graph without node weights, or with
// a weight that is not a number, is not one the tool answers.
func TestMaximumTriangleNodeSumErrors(t *testing.T) {
	tool, err := Catalogue().Get("maximum_triangle_node_sum")
	if err != nil {
		t.Fatal(err)
	}
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"a", "b"}, {"b", "c"}, {"a", "c"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	_, err = tool.Run(context.Background(), b.Build(), nil)
	if !errors.Is(err, ErrNotApplicable) {
		t.Errorf("no node weights: %v, want ErrNotApplicable", err)
	}
	for _, id := range []string{"a", "b"} {
		if err := b.SetNodeAttr(id, NodeWeightAttr, 2.0); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.SetNodeAttr("c", NodeWeightAttr, "heavy"); err != nil {
		t.Fatal(err)
	}
	_, err = tool.Run(context.Background(), b.Build(), nil)
	if !errors.Is(err, ErrNotApplicable) {
		t.Errorf("a weight that is not a number: %v, want ErrNotApplicable", err)
	}
	if err := b.SetNodeAttr("c", NodeWeightAttr, "3"); err != nil {
		t.Fatal(err)
	}
	res, err := tool.Run(context.Background(), b.Build(), nil)
	if err != nil || res.Value.(TriangleSum).Sum != 7 {
		t.Errorf("weights 2, 2, \"3\": %v, %v; want 7", res.Value, err)
	}
}
