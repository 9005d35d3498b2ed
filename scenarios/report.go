// Package scenarios holds ChatGraph's demonstration scenarios made real:
// a report on one graph (size, density, degrees, components, clustering,
// diameter, central nodes, communities) as Markdown with PNG plots or as
// JSON, the comparison of two graphs side by side with their node and edge
// overlap, and the cleaning of a graph file (duplicates, self-loops,
// isolated nodes, dangling references reported and optionally removed into
// a new file). The measures come from the tools of the catalogue
// (tools.Catalogue), so they are the ones `ask` and `tools run` give.
package scenarios

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// Options tune a report. The zero value gives the defaults.
type Options struct {
	// Top is how many nodes each centrality ranking lists (default 5).
	Top int
	// ExactBudget bounds the work (nodes × edges) of the all-pairs
	// measures: above it the diameter is estimated (a double sweep, a
	// lower bound) and betweenness is left out. Default 2·10^9.
	ExactBudget int64
}

func (o Options) top() int {
	if o.Top <= 0 {
		return 5
	}
	return o.Top
}

func (o Options) budget() int64 {
	if o.ExactBudget <= 0 {
		return 2e9
	}
	return o.ExactBudget
}

// Report summarises one graph.
type Report struct {
	Source     string  `json:"source"`
	Directed   bool    `json:"directed"`
	Weighted   bool    `json:"weighted"`
	Nodes      int     `json:"nodes"`
	Edges      int     `json:"edges"`
	SelfLoops  int     `json:"self_loops"`
	Isolated   int     `json:"isolated_nodes"`
	Density    float64 `json:"density"`
	Degree     Degrees `json:"degree"`
	Components Comps   `json:"components"`
	// Clustering is the average clustering coefficient
	// (nx.average_clustering).
	Clustering  float64     `json:"average_clustering"`
	Diameter    Diameter    `json:"diameter"`
	Central     []Ranking   `json:"central_nodes"`
	Communities Communities `json:"communities"`
	// Notes say what was left out or estimated, and why.
	Notes []string `json:"notes,omitempty"`
	// ElapsedMS is the time the measures took.
	ElapsedMS float64 `json:"elapsed_ms"`

	dist tools.DegreeDistribution
}

// Degrees summarises the degree distribution.
type Degrees struct {
	Mean float64 `json:"mean"`
	Min  int     `json:"min"`
	Max  int     `json:"max"`
	// MaxNodes are the nodes of the largest degree.
	MaxNodes []string `json:"max_nodes"`
	// Histogram[d] counts the nodes of degree d (in + out when directed).
	Histogram []int `json:"histogram"`
	// MaxIn and MaxOut are the largest in- and out-degree (directed).
	MaxIn  int `json:"max_in,omitempty"`
	MaxOut int `json:"max_out,omitempty"`
}

// Comps summarises connectivity.
type Comps struct {
	// Count and Largest are the connected components (weakly connected
	// when directed) and the size of the largest.
	Count   int `json:"count"`
	Largest int `json:"largest"`
	// StrongCount and StrongLargest are the strongly connected components
	// of a directed graph.
	StrongCount   int `json:"strong_count,omitempty"`
	StrongLargest int `json:"strong_largest,omitempty"`
}

// Diameter is the diameter of the largest component.
type Diameter struct {
	// Value is the diameter in hops; a lower bound when Exact is false.
	Value int  `json:"value"`
	Exact bool `json:"exact"`
	// Of says which subgraph: the whole graph, or its largest (strongly)
	// connected component and its size.
	Of string `json:"of"`
}

// Ranking lists the most central nodes by one measure.
type Ranking struct {
	Measure string      `json:"measure"`
	Tool    string      `json:"tool"`
	Nodes   []NodeScore `json:"nodes"`
}

// NodeScore is one node's score.
type NodeScore struct {
	Node  string  `json:"node"`
	Score float64 `json:"score"`
}

// Communities summarises a community detection.
type Communities struct {
	Method     string  `json:"method"`
	Count      int     `json:"count"`
	Modularity float64 `json:"modularity"`
	// Sizes are the community sizes, largest first.
	Sizes []int `json:"sizes"`
}

// runner runs catalogue tools.
type runner struct{ reg *tools.Registry }

func (r runner) run(ctx context.Context, name string, g *graph.Graph, args string) (tools.Result, error) {
	t, err := r.reg.Get(name)
	if err != nil {
		return tools.Result{}, err
	}
	res, err := t.Run(ctx, g, json.RawMessage(args))
	if err != nil {
		return tools.Result{}, fmt.Errorf("%s: %w", name, err)
	}
	return res, nil
}

// Summarize computes the report of g with the catalogue's tools.
func Summarize(ctx context.Context, g *graph.Graph, opt Options) (*Report, error) {
	t0 := time.Now()
	r := runner{tools.Catalogue()}
	rep := &Report{Source: g.Name(), Directed: g.Directed(), Weighted: g.Weighted(), Nodes: g.N(), Edges: g.M(), SelfLoops: g.SelfLoops()}
	for u := int32(0); u < int32(g.N()); u++ {
		if g.Degree(u) == 0 {
			rep.Isolated++
		}
	}
	if g.N() == 0 {
		rep.Notes = append(rep.Notes, "the graph has no nodes: nothing else to measure")
		return rep, nil
	}
	res, err := r.run(ctx, "density", g, `{}`)
	if err != nil {
		return nil, err
	}
	rep.Density, _ = res.Value.(float64)

	res, err = r.run(ctx, "degree_distribution", g, `{}`)
	if err != nil {
		return nil, err
	}
	dd, _ := res.Value.(tools.DegreeDistribution)
	rep.dist = dd
	rep.Degree = Degrees{Mean: dd.Mean, Min: dd.Min, Max: dd.Max, MaxNodes: dd.MaxNodes, Histogram: dd.Histogram}
	if g.Directed() {
		rep.Degree.MaxIn, rep.Degree.MaxOut = max(0, len(dd.InHistogram)-1), max(0, len(dd.OutHistogram)-1)
	}

	res, err = r.run(ctx, "connected_components", g, `{}`)
	if err != nil {
		return nil, err
	}
	cc, _ := res.Value.(tools.Components)
	rep.Components.Count, rep.Components.Largest = cc.Count, largest(cc.Components)
	diamNodes := largestComponent(cc.Components)
	of := "the whole graph"
	if cc.Count > 1 {
		of = fmt.Sprintf("the largest connected component (%d of %d nodes)", len(diamNodes), g.N())
	}
	if g.Directed() {
		res, err = r.run(ctx, "strongly_connected_components", g, `{}`)
		if err != nil {
			return nil, err
		}
		sc, _ := res.Value.(tools.Components)
		rep.Components.StrongCount, rep.Components.StrongLargest = sc.Count, largest(sc.Components)
		diamNodes = largestComponent(sc.Components)
		of = "the whole graph"
		if sc.Count > 1 {
			of = fmt.Sprintf("the largest strongly connected component (%d of %d nodes)", len(diamNodes), g.N())
		}
	}

	res, err = r.run(ctx, "clustering_coefficient", g, `{}`)
	if err != nil {
		return nil, err
	}
	rep.Clustering, _ = res.Value.(float64)

	if err := rep.diameter(ctx, r, g, diamNodes, of, opt); err != nil {
		return nil, err
	}
	if err := rep.central(ctx, r, g, opt); err != nil {
		return nil, err
	}

	res, err = r.run(ctx, "louvain_communities", g, `{"seed": 0}`)
	if err != nil {
		rep.Notes = append(rep.Notes, "communities: "+err.Error())
	} else {
		c, _ := res.Value.(tools.Communities)
		rep.Communities = Communities{Method: c.Method, Count: c.Count, Modularity: c.Modularity}
		for _, m := range c.Communities {
			rep.Communities.Sizes = append(rep.Communities.Sizes, len(m))
		}
		slices.SortFunc(rep.Communities.Sizes, func(a, b int) int { return b - a })
	}
	rep.ElapsedMS = float64(time.Since(t0).Microseconds()) / 1000
	return rep, nil
}

// diameter measures the diameter of the subgraph on nodes (the largest
// component): exactly with the diameter tool within the budget, else as a
// double-sweep lower bound.
func (rep *Report) diameter(ctx context.Context, r runner, g *graph.Graph, nodes []string, of string, opt Options) error {
	sub := g
	if len(nodes) < g.N() {
		keep := make([]bool, g.N())
		for _, id := range nodes {
			i, _ := g.Index(id)
			keep[i] = true
		}
		sub = graph.Filter(g, keep, nil)
	}
	rep.Diameter.Of = of
	if int64(sub.N())*int64(sub.M()) <= opt.budget() {
		res, err := r.run(ctx, "diameter", sub, `{}`)
		if err != nil {
			return err
		}
		rep.Diameter.Value, _ = res.Value.(int)
		rep.Diameter.Exact = true
		return nil
	}
	rep.Diameter.Value = doubleSweep(sub)
	rep.Notes = append(rep.Notes, fmt.Sprintf("the diameter is a double-sweep lower bound: %d nodes × %d edges is over the budget for the exact one", sub.N(), sub.M()))
	return nil
}

// doubleSweep returns a lower bound of the diameter of a connected (or
// strongly connected) graph: the eccentricity of the node farthest from
// node 0.
func doubleSweep(g *graph.Graph) int {
	if g.N() == 0 {
		return 0
	}
	far, _ := bfsFarthest(g, 0)
	_, d := bfsFarthest(g, far)
	return d
}

// bfsFarthest returns the last node a breadth-first search from s reaches
// and its distance.
func bfsFarthest(g *graph.Graph, s int32) (int32, int) {
	dist := make([]int32, g.N())
	for i := range dist {
		dist[i] = -1
	}
	dist[s] = 0
	queue := []int32{s}
	last := s
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		last = u
		for _, v := range g.Out(u) {
			if dist[v] < 0 {
				dist[v] = dist[u] + 1
				queue = append(queue, v)
			}
		}
	}
	return last, int(dist[last])
}

// central ranks the nodes by degree, PageRank and (within the budget)
// betweenness.
func (rep *Report) central(ctx context.Context, r runner, g *graph.Graph, opt Options) error {
	k := opt.top()
	deg := make([]float64, g.N())
	for u := range deg {
		deg[u] = float64(g.Degree(int32(u)))
	}
	rep.Central = append(rep.Central, Ranking{Measure: "degree", Tool: "degree", Nodes: topK(g, deg, k)})
	measures := []struct{ measure, tool string }{{"PageRank", "pagerank"}, {"betweenness", "betweenness_centrality"}}
	for _, m := range measures {
		if m.tool == "betweenness_centrality" && int64(g.N())*int64(g.M()) > opt.budget() {
			rep.Notes = append(rep.Notes, "betweenness left out: the graph is over the budget for all-pairs shortest paths")
			continue
		}
		res, err := r.run(ctx, m.tool, g, `{}`)
		if err != nil {
			return err
		}
		scores, _ := res.Value.(map[string]float64)
		vals := make([]float64, g.N())
		for id, s := range scores {
			if i, ok := g.Index(id); ok {
				vals[i] = s
			}
		}
		rep.Central = append(rep.Central, Ranking{Measure: m.measure, Tool: m.tool, Nodes: topK(g, vals, k)})
	}
	return nil
}

// topK returns the k highest-scoring nodes, ties in node order.
func topK(g *graph.Graph, vals []float64, k int) []NodeScore {
	idx := make([]int32, len(vals))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortStableFunc(idx, func(a, b int32) int {
		switch {
		case vals[a] > vals[b]:
			return -1
		case vals[a] < vals[b]:
			return 1
		}
		return 0
	})
	k = min(k, len(idx))
	out := make([]NodeScore, k)
	for i := range out {
		out[i] = NodeScore{Node: g.ID(idx[i]), Score: vals[idx[i]]}
	}
	return out
}

func largest(comps [][]string) int { return len(largestComponent(comps)) }

// largestComponent returns the first of the largest components.
func largestComponent(comps [][]string) []string {
	var best []string
	for _, c := range comps {
		if len(c) > len(best) {
			best = c
		}
	}
	return best
}
