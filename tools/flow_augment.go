package tools

import (
	"context"
	"math"
	"slices"

	"github.com/graphagent/graphagent/tools/graph"
)

// augmentFlow tries to find a maximum flow with integral capacities by
// shortest augmenting paths (Edmonds and Karp) found from both ends, on the
// graph's own adjacency with a flow per edge, without building a residual
// network. On sparse graphs whose minimum cut lies near the source or the
// sink (a random network, a request between two ordinary nodes), each
// search meets after visiting a few thousand nodes, and the last one, which
// finds no path, ends as soon as one side runs out of nodes: the side of
// the cut that is small. It gives up (ok false) once it has scanned more
// arcs than budget, and push-relabel then solves the problem from scratch,
// so a hard instance costs at most the budget more.
//
// flow[e] is the net flow along edge e in its direction (negative when an
// undirected edge carries it backwards); edges lists those with a nonzero
// flow in edge order. caps are as flowCapacity gives them (big for an
// unlimited one).
func augmentFlow(ctx context.Context, g *graph.Graph, s, t int32, big float64, budget int) (value int64, flow []int64, edges []int32, ok bool, err error) {
	n, m := g.N(), g.M()
	a := augmenter{g: g, big: big, flow: make([]int64, m), predF: make([]int32, n), predB: make([]int32, n)}
	var touched []int32
	for {
		if err := ctx.Err(); err != nil {
			return 0, nil, nil, false, err
		}
		meet, found := a.search(s, t, budget)
		if a.work > budget {
			return 0, nil, nil, false, nil
		}
		if !found {
			break
		}
		// The bottleneck of the path s ... meet ... t, then the augment.
		b := int64(math.MaxInt64)
		a.walk(meet, s, a.predF, true, func(e int32, fwd bool) {
			if r := a.residual(e, fwd); r < b {
				b = r
			}
		})
		a.walk(meet, t, a.predB, false, func(e int32, fwd bool) {
			if r := a.residual(e, fwd); r < b {
				b = r
			}
		})
		push := func(e int32, fwd bool) {
			if a.flow[e] == 0 {
				touched = append(touched, e)
			}
			if fwd {
				a.flow[e] += b
			} else {
				a.flow[e] -= b
			}
		}
		a.walk(meet, s, a.predF, true, push)
		a.walk(meet, t, a.predB, false, push)
		value += b
		a.clear()
	}
	slices.Sort(touched)
	touched = slices.Compact(touched)
	edges = touched[:0]
	for _, e := range touched {
		if a.flow[e] != 0 {
			edges = append(edges, e)
		}
	}
	return value, a.flow, edges, true, nil
}

// augmenter is augmentFlow's state. predF[v] is, plus one, the edge by
// which the forward search from s reached v (s itself: -1); predB[v] the
// edge by which the backward search from t reached v, leading toward t.
type augmenter struct {
	g            *graph.Graph
	big          float64
	flow         []int64
	predF, predB []int32
	seen         []int32 // nodes whose predF or predB the last search set
	front, back  []int32
	next         []int32
	work         int
}

// capacity is edge e's capacity (0 for one that carries nothing).
func (a *augmenter) capacity(e int32) int64 {
	c, _ := flowCapacity[int64](a.g, e, a.big)
	return c
}

// residual is what more edge e can carry along its direction (fwd) or
// against it: its capacity less its flow forwards; backwards, its flow
// when directed, its capacity plus its flow when undirected.
func (a *augmenter) residual(e int32, fwd bool) int64 {
	if fwd {
		return a.capacity(e) - a.flow[e]
	}
	if a.g.Directed() {
		return a.flow[e]
	}
	return a.capacity(e) + a.flow[e]
}

// search looks for a shortest augmenting path, growing the smaller
// frontier a level at a time (as bidiBFS): the forward side from s along
// arcs with residual capacity, the backward side from t along arcs into
// its nodes with residual capacity. It returns a node both sides reached,
// or found false when one side ran out of nodes (or the budget ran out).
func (a *augmenter) search(s, t int32, budget int) (int32, bool) {
	g := a.g
	a.predF[s], a.predB[t] = -1, -1
	a.seen = append(a.seen[:0], s, t)
	a.front = append(a.front[:0], s)
	a.back = append(a.back[:0], t)
	for len(a.front) > 0 && len(a.back) > 0 {
		forward := len(a.front) <= len(a.back)
		cur, mine, other := a.back, a.predB, a.predF
		if forward {
			cur, mine, other = a.front, a.predF, a.predB
		}
		a.next = a.next[:0]
		for _, v := range cur {
			// Out-edges, then in-edges when directed: each edge of v once.
			for pass := 0; pass < 2; pass++ {
				nbrs, es := g.Out(v), g.OutEdges(v)
				if pass == 1 {
					if !g.Directed() {
						break
					}
					nbrs, es = g.In(v), g.InEdges(v)
				}
				a.work += len(nbrs)
				for k, u := range nbrs {
					if mine[u] != 0 || u == v {
						continue
					}
					e := es[k]
					// The arc v -> u (forward side) or u -> v (backward
					// side) along e, in e's direction or not.
					var fwd bool
					src, _ := g.Edge(e)
					if forward {
						fwd = src == v
					} else {
						fwd = src == u
					}
					if a.residual(e, fwd) <= 0 {
						continue
					}
					mine[u] = e + 1
					a.seen = append(a.seen, u)
					if other[u] != 0 {
						return u, true
					}
					a.next = append(a.next, u)
				}
			}
			if a.work > budget {
				return -1, false
			}
		}
		if forward {
			a.front, a.next = a.next, a.front
		} else {
			a.back, a.next = a.next, a.back
		}
	}
	return -1, false
}

// walk follows pred from x to end and calls visit with each edge and
// whether the path crosses it in its direction; toward says the path runs
// from end to x (the forward side) rather than from x to end.
func (a *augmenter) walk(x, end int32, pred []int32, toward bool, visit func(e int32, fwd bool)) {
	for x != end {
		e := pred[x] - 1
		src, dst := a.g.Edge(e)
		y := src
		if y == x {
			y = dst
		}
		// The path crosses e from y to x (forward side) or from x to y.
		if toward {
			visit(e, src == y)
		} else {
			visit(e, src == x)
		}
		x = y
	}
}

// clear resets the predecessors the last search set.
func (a *augmenter) clear() {
	for _, v := range a.seen {
		a.predF[v], a.predB[v] = 0, 0
	}
	a.seen = a.seen[:0]
}
