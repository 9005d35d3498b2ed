package tools

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/graphagent/graphagent/tools/graph"
)

// MaxFlow is the value of maximum_flow.
type MaxFlow struct {
	// Value is the maximum flow value from source to sink.
	Value float64 `json:"value"`
	// Flows lists the edges that carry flow in one maximum flow, in edge
	// insertion order. For an undirected edge Source and Target give the
	// direction the flow takes.
	Flows []EdgeFlow `json:"flows"`
}

// EdgeFlow is the flow on one edge.
type EdgeFlow struct {
	Source string  `json:"source"`
	Target string  `json:"target"`
	Flow   float64 `json:"flow"`
}

// flowParam is the parameter struct of maximum_flow.
type flowParam struct {
	Source NodeID `json:"source" desc:"the node the flow leaves from"`
	Sink   NodeID `json:"sink" desc:"the node the flow arrives at"`
}

func maximumFlowTool() Tool {
	return New(Spec{
		Name:        "maximum_flow",
		Description: "Compute the maximum flow from a source node to a sink node, with edge capacities (the capacity attribute, else the weight).",
		WhenToUse:   "The question asks for the maximum flow, the largest throughput or the most that can be sent from one node to another through capacitated edges.",
		Returns: `object {"value": number, "flows": array of {"source", "target", "flow"} for the edges carrying flow}. ` +
			`Capacities are the edges' capacity, else weight, else unlimited (as nx.maximum_flow with capacity='capacity' on graphs whose weights are capacities). ` +
			`Undirected edges carry flow either way up to their capacity. Self-loops and edges of capacity <= 0 carry nothing. ` +
			`A path of unlimited capacity from source to sink, or source equal to sink, is an error.`,
		AppliesTo: WeightedPrefers,
		Family:    familyGTools,
		Examples: []string{
			"What is the maximum flow from node 0 to node 7?",
			"How much can be pushed through the network from 3 to 12 given the edge capacities?",
			"Compute the max-flow value between source 1 and sink 9.",
			"What is the largest amount of water that can travel from vertex 2 to vertex 5?",
			"Find the greatest throughput from 4 to 10 and how it is routed.",
		},
		// "the most power we can deliver from the Plant to the City at
		// once": the most of anything sent through the network.
		Intents: Intents{Phrases: []string{
			"most/maximum/max/largest/greatest ... can deliver/send/ship/pump/push/transport/move/route/carry/get ... from ... to",
		}},
	}, func(ctx context.Context, g *graph.Graph, p flowParam) (Result, error) {
		s, t, err := nodePair(g, p.Source, "source", p.Sink, "sink")
		if err != nil {
			return Result{}, err
		}
		if s == t {
			return Result{}, fmt.Errorf("source and sink are the same node %q: %w", p.Source, ErrBadArgs)
		}
		mf, err := maxFlow(ctx, g, s, t)
		if err != nil {
			return Result{}, err
		}
		return Result{Value: mf, Text: fmt.Sprintf("The maximum flow from %s to %s is %s, using %d %s.",
			p.Source, p.Sink, formatNumber(mf.Value), len(mf.Flows), plural(len(mf.Flows), "edge"))}, nil
	})
}

// arc is one arc of a residual network: it goes to head, rev is its reverse
// arc, cap its residual capacity and rcap its reverse's (the reverse arc's
// cap, kept beside it so that the backward searches of push-relabel read it
// in arc order). One struct per arc: building the network writes each arc
// in one cache line, and a node's arcs are read together.
type arc[T int64 | float64] struct {
	head, rev int32
	cap, rcap T
}

// residual is a residual network in CSR form: the arcs leaving node v are
// arcs[off[v]:off[v+1]].
//
// Directed graphs: v's arcs are its out-edges (forward arcs, from off[v] to
// mid[v]), then its in-edges (reverse arcs, capacity 0 at first), each in
// the graph's order. Undirected graphs: v's arcs are its edges, both arcs of
// an edge with its capacity; mid is nil.
//
// pushed logs the arcs that push changed, so the flows can be read from
// them instead of from every edge; past len(cap) entries it stops (full).
type residual[T int64 | float64] struct {
	off, mid []int32
	arcs     []arc[T]
	directed bool
	pushed   []int32
	full     bool
}

// push sends d along arc a.
func (r *residual[T]) push(a int32, d T) {
	b := r.arcs[a].rev
	r.arcs[a].cap -= d
	r.arcs[b].cap += d
	r.arcs[a].rcap += d
	r.arcs[b].rcap -= d
	if !r.full {
		if len(r.pushed) == len(r.arcs) {
			r.full = true
		} else {
			r.pushed = append(r.pushed, a)
		}
	}
}

// maxFlow computes a maximum flow with NetworkX's conventions (see the tool's
// Returns). Integral capacities run in int64 arithmetic, others in float64.
func maxFlow(ctx context.Context, g *graph.Graph, s, t int32) (MaxFlow, error) {
	m := g.M()
	integral := true
	var finiteSum float64
	hasInf := false
	for e := int32(0); e < int32(m); e++ {
		u, v := g.Edge(e)
		c := g.Capacity(e)
		if math.IsNaN(c) {
			return MaxFlow{}, fmt.Errorf("edge %s-%s has capacity NaN: %w", g.ID(u), g.ID(v), ErrNotApplicable)
		}
		if u == v || c <= 0 {
			continue
		}
		if math.IsInf(c, 1) {
			hasInf = true
			continue
		}
		finiteSum += c
		if c != math.Trunc(c) {
			integral = false
		}
	}
	if hasInf {
		if err := unboundedFlow(g, s, t); err != nil {
			return MaxFlow{}, err
		}
	}
	// Stand-in for infinite capacities, as NetworkX's build_residual_network:
	// it exceeds any finite cut, so it never limits a finite maximum flow.
	big := 3 * finiteSum
	if big == 0 {
		big = 1
	}
	if big > 1<<53 {
		integral = false
	}
	if integral {
		// Augmenting paths from both ends first: they settle most
		// requests after looking at a small part of a large graph; past
		// their budget they give up and push-relabel answers.
		value, flow, edges, ok, err := augmentFlow(ctx, g, s, t, big, augmentBudget(g))
		if err != nil {
			return MaxFlow{}, err
		}
		if ok {
			return flowResult(g, float64(value), edges, flow), nil
		}
		return solveFlow[int64](ctx, g, s, t, big)
	}
	return solveFlow[float64](ctx, g, s, t, big)
}

// augmentBudget is how many arcs augmentFlow may scan before it gives up: a
// quarter of the graph's edges, at least 10,000. Each scan reads an edge's
// ends, capacity and flow at random, so the budget costs about what a third
// of push-relabel's work does on a graph it has to solve; random graphs of
// 10^6 edges needed 35,000-160,000 scans (BenchmarkMaximumFlowIntegral's
// halves graphs, which need thousands of paths, give up and take 12-33%
// longer than push-relabel alone).
func augmentBudget(g *graph.Graph) int { return max(g.M()/4, 10_000) }

// flowResult is the MaxFlow of a flow given per edge, listing the edges
// named (in edge order) whose flow is not zero.
func flowResult[T int64 | float64](g *graph.Graph, value float64, edges []int32, flow []T) MaxFlow {
	mf := MaxFlow{Value: value, Flows: []EdgeFlow{}}
	for _, e := range edges {
		f := flow[e]
		u, v := g.Edge(e)
		switch {
		case f > 0:
			mf.Flows = append(mf.Flows, EdgeFlow{Source: g.ID(u), Target: g.ID(v), Flow: float64(f)})
		case f < 0:
			mf.Flows = append(mf.Flows, EdgeFlow{Source: g.ID(v), Target: g.ID(u), Flow: float64(-f)})
		}
	}
	return mf
}

// unboundedFlow returns an error when a path of infinite-capacity edges
// leads from s to t (NetworkX raises NetworkXUnbounded).
func unboundedFlow(g *graph.Graph, s, t int32) error {
	seen := make([]bool, g.N())
	queue := []int32{s}
	seen[s] = true
	for head := 0; head < len(queue); head++ {
		v := queue[head]
		es := g.OutEdges(v)
		for k, u := range g.Out(v) {
			if seen[u] || !math.IsInf(g.Capacity(es[k]), 1) {
				continue
			}
			if u == t {
				if !g.Weighted() && !g.HasCapacities() {
					// "What is the maximum capacity of the flow from node 5
					// to node 2?" over a graph that states no capacities.
					return fmt.Errorf("the graph gives its edges no capacities, so the flow from %s to %s, which a path joins, has no bound: %w", g.ID(s), g.ID(t), ErrNotApplicable)
				}
				return fmt.Errorf("a path of unlimited capacity joins %s to %s, so the flow is unbounded: %w", g.ID(s), g.ID(t), ErrNotApplicable)
			}
			seen[u] = true
			queue = append(queue, u)
		}
	}
	return nil
}

// flowCapacity is edge e's capacity in the residual network: big for an
// unlimited one, and false for an edge that carries nothing (a self-loop or
// a capacity <= 0).
func flowCapacity[T int64 | float64](g *graph.Graph, e int32, big float64) (T, bool) {
	u, v := g.Edge(e)
	c := g.Capacity(e)
	if u == v || c <= 0 {
		return 0, false
	}
	if math.IsInf(c, 1) {
		c = big
	}
	return T(c), true
}

// newResidual builds g's residual network (both arcs of an undirected edge
// get its capacity) and returns it with the forward arc of each edge (for an
// undirected edge, the arc leaving its first endpoint), -1 for an edge that
// carries nothing. It reads the edges in order and places each edge's two
// arcs at its ends' next free slots, so a node's arcs (forward and reverse
// apart when directed) keep edge order.
func newResidual[T int64 | float64](g *graph.Graph, big float64) (residual[T], []int32) {
	n := int32(g.N())
	m := int32(g.M())
	r := residual[T]{off: make([]int32, n+1), directed: g.Directed()}
	for v := int32(0); v < n; v++ {
		d := g.OutDegree(v)
		if r.directed {
			d += g.InDegree(v)
		}
		r.off[v+1] = r.off[v] + int32(d)
	}
	arcs := r.off[n]
	r.arcs = make([]arc[T], arcs)
	fwd := make([]int32, m)
	next := append([]int32(nil), r.off[:n]...) // next free slot of each node
	nextIn := next                             // of its reverse arcs, when directed
	if r.directed {
		r.mid = make([]int32, n)
		for v := int32(0); v < n; v++ {
			r.mid[v] = r.off[v] + int32(g.OutDegree(v))
		}
		nextIn = append([]int32(nil), r.mid...)
	}
	for e := int32(0); e < m; e++ {
		u, v := g.Edge(e)
		a := next[u]
		next[u]++
		if u == v && !r.directed {
			// An undirected self-loop is listed once and carries nothing.
			r.arcs[a].head, r.arcs[a].rev, fwd[e] = u, a, -1
			continue
		}
		b := nextIn[v]
		nextIn[v]++
		c, ok := flowCapacity[T](g, e, big)
		if !ok {
			r.arcs[a] = arc[T]{head: v, rev: b}
			r.arcs[b] = arc[T]{head: u, rev: a}
			fwd[e] = -1
			continue
		}
		fwd[e] = a
		if r.directed {
			r.arcs[a] = arc[T]{head: v, rev: b, cap: c}
			r.arcs[b] = arc[T]{head: u, rev: a, rcap: c}
		} else {
			r.arcs[a] = arc[T]{head: v, rev: b, cap: c, rcap: c}
			r.arcs[b] = arc[T]{head: u, rev: a, cap: c, rcap: c}
		}
	}
	return r, fwd
}

// edgeOf is the graph edge of arc a (a simple graph has one edge per
// ordered pair, found by FindEdge).
func (r *residual[T]) edgeOf(g *graph.Graph, a int32) int32 {
	v, u := r.arcs[r.arcs[a].rev].head, r.arcs[a].head
	if r.directed && a >= r.mid[v] {
		v, u = u, v // a reverse arc: the edge runs u -> v
	}
	e, _ := g.FindEdge(v, u)
	return e
}

// solveFlow builds the residual network, runs push-relabel and reads the
// flow of each edge back (from the arcs pushed on, when they were logged).
func solveFlow[T int64 | float64](ctx context.Context, g *graph.Graph, s, t int32, big float64) (MaxFlow, error) {
	r, fwd := newResidual[T](g, big)
	value, err := pushRelabel(ctx, &r, s, t)
	if err != nil {
		return MaxFlow{}, err
	}
	var edges []int32
	if r.full {
		edges = make([]int32, len(fwd))
		for e := range edges {
			edges[e] = int32(e)
		}
	} else {
		edges = make([]int32, len(r.pushed))
		for i, a := range r.pushed {
			edges[i] = r.edgeOf(g, a)
		}
		slices.Sort(edges)
		edges = slices.Compact(edges)
	}
	mf := MaxFlow{Value: float64(value), Flows: []EdgeFlow{}}
	for _, e := range edges {
		a := fwd[e]
		if a < 0 {
			continue
		}
		c, _ := flowCapacity[T](g, e, big)
		f := c - r.arcs[a].cap // net flow u->v; negative when an undirected edge carries v->u
		if f == 0 {
			continue
		}
		u, v := g.Edge(e)
		switch {
		case f > 0:
			mf.Flows = append(mf.Flows, EdgeFlow{Source: g.ID(u), Target: g.ID(v), Flow: float64(f)})
		case f < 0:
			mf.Flows = append(mf.Flows, EdgeFlow{Source: g.ID(v), Target: g.ID(u), Flow: float64(-f)})
		}
	}
	return mf, nil
}

// dinic runs Dinic's algorithm on r from s to t and returns the flow value,
// leaving the residual capacities in the arcs' cap (not rcap or pushed: it is
// kept to check pushRelabel against). Each phase builds BFS levels on
// arcs with residual capacity, then finds a blocking flow with an iterative
// depth-first search that keeps a current-arc pointer per node and retreats
// only to the first saturated arc after each augmentation. O(n^2 m) in the
// worst case, far less on sparse graphs.
func dinic[T int64 | float64](ctx context.Context, r residual[T], s, t int32) (T, error) {
	n := int32(len(r.off) - 1)
	level := make([]int32, n)
	it := make([]int32, n)
	queue := make([]int32, 0, n)
	tail := func(a int32) int32 { return r.arcs[r.arcs[a].rev].head }
	var path []int32
	var total T
	for phase := 0; ; phase++ {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		// Levels by BFS from s; nodes at t's level or beyond (other than t)
		// cannot be on a shortest augmenting path and stay unlevelled.
		for i := range level {
			level[i] = -1
		}
		level[s] = 0
		queue = append(queue[:0], s)
		for head := 0; head < len(queue); head++ {
			v := queue[head]
			if level[t] >= 0 && level[v] >= level[t] {
				break
			}
			for a := r.off[v]; a < r.off[v+1]; a++ {
				if u := r.arcs[a].head; level[u] < 0 && r.arcs[a].cap > 0 {
					level[u] = level[v] + 1
					queue = append(queue, u)
				}
			}
		}
		if level[t] < 0 {
			return total, nil
		}
		copy(it, r.off[:n])
		v := s
		path = path[:0]
		steps := 0
		for {
			if v == t {
				b := r.arcs[path[0]].cap
				for _, a := range path[1:] {
					if r.arcs[a].cap < b {
						b = r.arcs[a].cap
					}
				}
				first := -1
				for i, a := range path {
					r.arcs[a].cap -= b
					r.arcs[r.arcs[a].rev].cap += b
					if first < 0 && r.arcs[a].cap <= 0 {
						first = i
					}
				}
				total += b
				path = path[:first]
				v = s
				if first > 0 {
					v = r.arcs[path[first-1]].head
				}
				if steps++; steps%ctxCheckEvery == 0 {
					if err := ctx.Err(); err != nil {
						return 0, err
					}
				}
				continue
			}
			advanced := false
			for a := it[v]; a < r.off[v+1]; a++ {
				if u := r.arcs[a].head; r.arcs[a].cap > 0 && level[u] == level[v]+1 {
					it[v] = a
					path = append(path, a)
					v = u
					advanced = true
					break
				}
			}
			if advanced {
				continue
			}
			it[v] = r.off[v+1]
			if v == s {
				break
			}
			// Dead end: drop v from the level graph and retreat.
			level[v] = -1
			a := path[len(path)-1]
			path = path[:len(path)-1]
			v = tail(a)
			it[v]++
		}
	}
}
