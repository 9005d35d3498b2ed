package tools

import (
	"context"
	"math"

	"github.com/graphagent/graphagent/tools/graph"
)

// Point-to-point searches: the tools that answer about one pair of nodes
// (shortest_path, shortest_path_length, path_exists) search from both ends
// and stop once the distance is known, instead of running a one-sided search
// until it settles the target (which, on graphs that expand, visits nearly
// everything closer to the source than the target is).
//
// NetworkX's dijkstra_path picks one particular shortest path (the first
// strict improvement in its heap's order), and shortest_path promises that
// path; a two-sided search on its own would find another path of the same
// length. So the searches here come in two phases:
//
//  1. A two-sided search finds the distance D from s to t.
//  2. The one-sided search from s runs (resumes, for Dijkstra) but expands
//     only the nodes v that can lie on a shortest s–t path: dist(s,v) +
//     lb(v) <= D, where lb(v) is a lower bound on dist(v,t) that the
//     backward side of phase one gives (v's exact backward distance when
//     that side reached or settled v, otherwise the distance up to which that
//     side had finished).
//
// Phase two settles t with exactly the one-sided search's distance and path:
// a node w on a shortest s–t path gets its distance and predecessor from the
// first-settled neighbour u with dist(s,u) + w(u,w) = dist(s,w), and every
// such u lies on a shortest s–t path too; by induction over the settling
// order, the nodes on shortest s–t paths are pushed, settled and given
// predecessors in the same order whether or not the other nodes are
// expanded. What phase two expands is about what phase one's forward side
// did, so the whole costs about a two-sided search.

// pruneSlack is the relative slack of phase two's test dist(s,v) + lb(v) <=
// D: the two sides sum a path's weights in different orders, so a node on a
// shortest path may pass the test only up to rounding. Keeping a few nodes
// too many changes nothing (see above); dropping one on a shortest path
// could change the path.
const pruneSlack = 1e-9

// pointDijkstra searches for a shortest s–t path by weight and returns the
// forward search's state: Dist[t], Reached(t) and Path(t) are exactly those
// of newDijkstra(g.N()).run(ctx, g, s, t, false) (NetworkX's
// dijkstra_path_length and dijkstra_path); other nodes' entries are not
// (nodes off every shortest s–t path may be left unsettled or settled at
// another distance), nor is Order.
//
// Phase one settles a node at a time on the side whose heap is smaller (the
// backward side follows in-edges from t) and stops when the two heap tops
// sum to at least mu, the best s–t length through a node both sides have
// reached, which is then the distance. Its forward side is the one-sided
// search interrupted, so phase two resumes it, pruned; the backward heap's
// top is the lower bound of the nodes that side left unsettled.
//
// On a graph with a negative or NaN weight it is the one-sided search, so
// such graphs fail (or not) as before.
func pointDijkstra(ctx context.Context, g *graph.Graph, s, t int32) (*dijkstra, error) {
	n := g.N()
	f := newDijkstra(n)
	if s == t || !g.NonNegativeWeights() {
		return f, f.run(ctx, g, s, t, false)
	}
	b := newDijkstra(n)
	f.start(s)
	b.start(t)
	f.meet, b.meet = b.Dist, f.Dist
	steps := 0
	for f.top()+b.top() < min(f.mu, b.mu) {
		if steps++; steps%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		side, reverse := f, false
		if len(b.heap) < len(f.heap) {
			side, reverse = b, true
		}
		v, dv, ok := side.next()
		if !ok {
			continue // only stale entries were left: top is +Inf now
		}
		if !reverse && v == t {
			return f, nil
		}
		if err := side.expand(g, v, dv, reverse); err != nil {
			return nil, err
		}
	}
	d := min(f.mu, b.mu)
	if math.IsInf(d, 1) {
		return f, nil // the sides never met: t is unreachable
	}
	f.meet = nil
	bound := d + d*pruneSlack
	rest := b.top()
	for {
		v, dv, ok := f.next()
		if !ok || v == t {
			return f, nil
		}
		if steps++; steps%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		lb := rest
		if b.done[v] {
			lb = b.Dist[v]
		}
		if dv+lb > bound {
			continue
		}
		if err := f.expand(g, v, dv, false); err != nil {
			return nil, err
		}
	}
}

// pointBFS returns the shortest s–t path in hops that a one-sided
// breadth-first search from s stopping at t finds (neighbours in insertion
// order: the path of NetworkX's dijkstra_path with unit weights), or nil
// when t cannot be reached. Phase one is a two-sided search like bidiBFS
// (recording distances); phase two a fresh one-sided search from s that
// expands only nodes that can lie on a shortest path (see the top of this
// file).
func pointBFS(ctx context.Context, g *graph.Graph, s, t int32) ([]int32, error) {
	if s == t {
		return []int32{s}, nil
	}
	n := g.N()
	// Distances stored plus one, so make's zeroed memory means unseen.
	distF, distB := make([]int32, n), make([]int32, n)
	distF[s], distB[t] = 1, 1
	front, back := []int32{s}, []int32{t}
	var next []int32
	d := int32(-1)
	doneB := int32(0) // backward levels expanded completely
	steps := 0
search:
	for len(front) > 0 && len(back) > 0 {
		forward := len(front) <= len(back)
		cur, mine, other := back, distB, distF
		if forward {
			cur, mine, other = front, distF, distB
		}
		next = next[:0]
		for _, v := range cur {
			if steps++; steps%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			dv := mine[v] + 1
			nbrs := neighbours(g, v, !forward)
			for _, u := range nbrs {
				if mine[u] != 0 {
					continue
				}
				mine[u] = dv
				if other[u] != 0 {
					d = dv - 1 + other[u] - 1
					break search
				}
				next = append(next, u)
			}
		}
		if forward {
			front, next = next, front
		} else {
			back, next = next, back
			doneB++
		}
	}
	if d < 0 {
		return nil, nil
	}
	// Nodes the backward side never reached are at least doneB+1 hops
	// from t.
	rest := doneB + 1
	pred := distF // reused: predecessor plus one, 0 for unseen
	clear(pred)
	pred[s] = s + 1
	level := make([]int32, 0, 64) // hop counts of queue's nodes
	queue := append(make([]int32, 0, 64), s)
	level = append(level, 0)
	for head := 0; head < len(queue); head++ {
		if steps++; steps%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		v, dv := queue[head], level[head]
		lb := rest
		if distB[v] != 0 {
			lb = distB[v] - 1
		}
		if dv+lb > d {
			continue
		}
		for _, u := range g.Out(v) {
			if pred[u] != 0 {
				continue
			}
			pred[u] = v + 1
			if u == t {
				return predPath(pred, s, t), nil
			}
			queue = append(queue, u)
			level = append(level, dv+1)
		}
	}
	return nil, nil // never reached: phase one found a path, and phase two keeps every shortest one
}

// predPath follows pred (predecessor plus one) back from t to s and returns
// the path s first.
func predPath(pred []int32, s, t int32) []int32 {
	k := 1
	for x := t; x != s; x = pred[x] - 1 {
		k++
	}
	path := make([]int32, k)
	for x := t; ; x = pred[x] - 1 {
		k--
		path[k] = x
		if x == s {
			return path
		}
	}
}
