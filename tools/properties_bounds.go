package tools

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/graphagent/graphagent/tools/graph"
)

// extremaGoal says which eccentricity extreme must be settled.
type extremaGoal int

const (
	goalDiameter extremaGoal = iota
	goalRadius
	goalCenter
	goalPeriphery
)

// eccentricityExtreme answers goal on g: the diameter or radius, and for
// the center and periphery also the nodes (in node order) whose eccentricity
// equals the radius or diameter. Like NetworkX it fails on the null graph and
// on graphs that are not connected (not strongly connected when directed).
//
// On undirected graphs it first tries Takes and Kosters' eccentricity
// bounding ("Computing the eccentricity distribution of large graphs",
// 2013), which on many real graphs settles the answer after a few dozen
// searches. Expander-like random graphs keep the bounds loose, so after a
// budget of max(16, n/256) searches (a small fraction of the cost of the
// all-sources search) it gives up and, as on directed graphs, computes every
// eccentricity with the all-sources search.
func eccentricityExtreme(ctx context.Context, g *graph.Graph, goal extremaGoal) (int32, []int32, error) {
	n := g.N()
	if n == 0 {
		return 0, nil, fmt.Errorf("the graph has no nodes: %w", ErrNotApplicable)
	}
	var lo, hi []int32
	if !g.Directed() {
		var ok bool
		var err error
		lo, hi, ok, err = boundedEccentricities(ctx, g, goal, max(16, n/256))
		if err != nil {
			return 0, nil, err
		}
		if !ok {
			lo = nil
		}
	}
	if lo == nil {
		ecc, err := eccentricities(ctx, g)
		if err != nil {
			return 0, nil, err
		}
		lo, hi = ecc, ecc
	}
	var value int32
	switch goal {
	case goalDiameter, goalPeriphery:
		value = slices.Max(lo)
	default:
		value = slices.Min(hi)
	}
	if goal == goalDiameter || goal == goalRadius {
		return value, nil, nil
	}
	var nodes []int32
	for v := range lo {
		if lo[v] == value && hi[v] == value {
			nodes = append(nodes, int32(v))
		}
	}
	return value, nodes, nil
}

// boundedEccentricities keeps a lower and an upper bound of every node's
// eccentricity on a connected undirected graph and tightens them with
// breadth-first searches until they settle goal: after a search from v with
// eccentricity e, every node w has max(d(v,w), e-d(v,w)) <= ecc(w) <=
// e+d(v,w). On return (ok true):
//
//   - goalDiameter: every hi[v] <= max(lo), so the diameter is max(lo);
//   - goalRadius: every lo[v] >= min(hi), so the radius is min(hi);
//   - goalCenter: every node has lo[v] > min(hi) or lo[v] == hi[v], so the
//     center is the settled nodes whose eccentricity is min(hi);
//   - goalPeriphery: every node has hi[v] < max(lo) or lo[v] == hi[v], so the
//     periphery is the settled nodes whose eccentricity is max(lo).
//
// Each search starts from a node that breaks the condition (its bounds become
// exact, so the loop ends), alternating between the one with the smallest
// lower bound and the one with the largest upper bound, higher degree first
// on ties. ok is false when maxRounds searches did not suffice. A graph that
// is not connected is an error wrapping ErrNotApplicable.
func boundedEccentricities(ctx context.Context, g *graph.Graph, goal extremaGoal, maxRounds int) (lo, hi []int32, ok bool, err error) {
	n := g.N()
	lo = make([]int32, n)
	hi = make([]int32, n)
	for v := range hi {
		hi[v] = math.MaxInt32
	}
	dist, queue := newBFSBuffers(n)
	// The first search starts from a node of highest degree.
	src := int32(0)
	for v := int32(1); int(v) < n; v++ {
		if g.OutDegree(v) > g.OutDegree(src) {
			src = v
		}
	}
	high := false
	for round := 0; ; round++ {
		if round == maxRounds {
			return lo, hi, false, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, false, err
		}
		reached := bfsDistances(g, src, false, dist, queue)
		if len(reached) != n {
			return nil, nil, false, notConnectedError(g)
		}
		e := dist[reached[n-1]]
		maxLo, minHi := int32(0), int32(math.MaxInt32)
		for w := range lo {
			d := dist[w]
			lo[w] = max(lo[w], d, e-d)
			hi[w] = min(hi[w], e+d)
			maxLo = max(maxLo, lo[w])
			minHi = min(minHi, hi[w])
		}
		clearBFS(dist, reached)
		// Pick the next source among the nodes that break the goal's
		// condition; none left means the bounds settle it.
		next := int32(-1)
		for w := int32(0); int(w) < n; w++ {
			var open bool
			switch goal {
			case goalDiameter:
				open = hi[w] > maxLo
			case goalRadius:
				open = lo[w] < minHi
			case goalCenter:
				open = lo[w] <= minHi && lo[w] != hi[w]
			case goalPeriphery:
				open = hi[w] >= maxLo && lo[w] != hi[w]
			}
			if !open {
				continue
			}
			if next < 0 || betterBoundSource(g, w, next, lo, hi, high) {
				next = w
			}
		}
		if next < 0 {
			return lo, hi, true, nil
		}
		src = next
		high = !high
	}
}

// betterBoundSource reports whether w is a better next source than cur: the larger
// upper bound when high (a likely peripheral node, which raises lower
// bounds), else the smaller lower bound (a likely central node, which lowers
// upper bounds); the higher degree on ties.
func betterBoundSource(g *graph.Graph, w, cur int32, lo, hi []int32, high bool) bool {
	if high {
		if hi[w] != hi[cur] {
			return hi[w] > hi[cur]
		}
	} else if lo[w] != lo[cur] {
		return lo[w] < lo[cur]
	}
	return g.OutDegree(w) > g.OutDegree(cur)
}
