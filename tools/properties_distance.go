package tools

import (
	"context"
	"fmt"
	"math"

	"github.com/graphagent/graphagent/tools/graph"
)

// This file holds the distance-based graph properties of Graph-ToolFormer's
// toolx (eccentricity, radius, diameter, center, periphery, average, smallest
// and largest shortest-path length). All of them run one search per source on
// the CSR with reused per-worker buffers, in parallel over sources.

// requireConnected returns an error wrapping ErrNotApplicable unless g is
// connected (strongly connected when directed), with NetworkX's wording. It
// costs one or two breadth-first searches. The null graph passes.
func requireConnected(g *graph.Graph) error {
	n := g.N()
	if n == 0 {
		return nil
	}
	dist, queue := newBFSBuffers(n)
	if len(bfsDistances(g, 0, false, dist, queue)) != n {
		return notConnectedError(g)
	}
	if g.Directed() {
		for i := range dist {
			dist[i] = -1
		}
		if len(bfsDistances(g, 0, true, dist, queue)) != n {
			return notConnectedError(g)
		}
	}
	return nil
}

// notConnectedError is NetworkX's complaint about infinite path lengths.
func notConnectedError(g *graph.Graph) error {
	if g.Directed() {
		return fmt.Errorf("found infinite path length because the digraph is not strongly connected: %w", ErrNotApplicable)
	}
	return fmt.Errorf("found infinite path length because the graph is not connected: %w", ErrNotApplicable)
}

// nodeEccentricity is the eccentricity of v: its largest hop distance to any
// node, following out-edges. Like nx.eccentricity(G, v) it fails when v does
// not reach every node.
func nodeEccentricity(g *graph.Graph, v int32) (int, error) {
	dist, queue := newBFSBuffers(g.N())
	reached := bfsDistances(g, v, false, dist, queue)
	if len(reached) != g.N() {
		return 0, notConnectedError(g)
	}
	return int(dist[reached[len(reached)-1]]), nil
}

// eccentricities returns the eccentricity of every node (nx.eccentricity(G)),
// from a breadth-first search per node. It fails, as NetworkX does, when the
// graph is not connected (not strongly connected when directed).
func eccentricities(ctx context.Context, g *graph.Graph) ([]int32, error) {
	if err := requireConnected(g); err != nil {
		return nil, err
	}
	st, err := allSourcesBFS(ctx, g, false)
	if err != nil {
		return nil, err
	}
	return st.Ecc, nil
}

// pathTotals summarises the shortest-path lengths d(u, v) over all ordered
// pairs of distinct nodes u != v with v reachable from u.
type pathTotals struct {
	// Pairs is the number of such pairs.
	Pairs int64
	// Sum is the sum of the lengths; HopSum is the exact sum for hop counts.
	Sum    float64
	HopSum int64
	// Max is the largest length (0 when Pairs is 0).
	Max float64
}

// allPairsTotals runs a search from every node and sums the shortest-path
// lengths: hop counts (breadth-first search), or weighted lengths (Dijkstra,
// one per source in parallel) when weighted is set and g has weights. Negative or NaN weights are an
// error wrapping ErrNotApplicable.
func allPairsTotals(ctx context.Context, g *graph.Graph, weighted bool) (pathTotals, error) {
	var t pathTotals
	if !weighted || !g.Weighted() {
		st, err := allSourcesBFS(ctx, g, false)
		if err != nil {
			return pathTotals{}, err
		}
		for s := range st.Ecc {
			t.HopSum += st.Sum[s]
			t.Pairs += int64(st.Reached[s] - 1)
			t.Max = math.Max(t.Max, float64(st.Ecc[s]))
		}
		t.Sum = float64(t.HopSum)
		return t, nil
	}
	n := g.N()
	workers := sourceWorkers(n, 2*g.M())
	parts := make([]pathTotals, workers)
	ds := make([]*dijkstra, workers)
	for w := range ds {
		ds[w] = newDijkstra(n)
	}
	err := forEachSource(ctx, n, workers, func(w int, s int32) error {
		d := ds[w]
		if err := d.run(ctx, g, s, -1, false); err != nil {
			return err
		}
		p := &parts[w]
		for _, v := range d.Order[1:] {
			p.Sum += d.Dist[v]
		}
		p.Pairs += int64(len(d.Order) - 1)
		if len(d.Order) > 1 {
			p.Max = math.Max(p.Max, d.Dist[d.Order[len(d.Order)-1]])
		}
		return nil
	})
	if err != nil {
		return pathTotals{}, err
	}
	// Merged in worker order: deterministic for a given worker count.
	for _, p := range parts {
		t.Pairs += p.Pairs
		t.Sum += p.Sum
		t.Max = math.Max(t.Max, p.Max)
	}
	return t, nil
}

// checkWeights returns an error wrapping ErrNotApplicable when an edge has a
// negative or NaN weight, which shortest-path searches cannot handle.
func checkWeights(g *graph.Graph) error {
	if !g.Weighted() {
		return nil
	}
	for e := int32(0); int(e) < g.M(); e++ {
		if w := g.Weight(e); !(w >= 0) {
			u, v := g.Edge(e)
			return fmt.Errorf("edge %s-%s has weight %v; shortest paths need non-negative weights: %w",
				g.ID(u), g.ID(v), w, ErrNotApplicable)
		}
	}
	return nil
}

// minPathLength is the smallest shortest-path length between two distinct
// nodes: 1 hop when any edge joins two distinct nodes, or with weights the
// lightest such edge (every path is at least as long as its first edge, and
// that edge is itself a path). ok is false when no two distinct nodes are
// joined.
func minPathLength(g *graph.Graph, weighted bool) (length float64, ok bool, err error) {
	useW := weighted && g.Weighted()
	if useW {
		if err := checkWeights(g); err != nil {
			return 0, false, err
		}
	}
	best := math.Inf(1)
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		if u == v {
			continue
		}
		if !useW {
			return 1, true, nil
		}
		best = math.Min(best, g.Weight(e))
	}
	if math.IsInf(best, 1) {
		return 0, false, nil
	}
	return best, true, nil
}
