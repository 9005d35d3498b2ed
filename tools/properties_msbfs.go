package tools

import (
	"context"
	"math/bits"

	"github.com/graphagent/graphagent/tools/graph"
)

// bfsStats is what a breadth-first search from each node yields for the
// all-sources tools, indexed by source.
type bfsStats struct {
	// Ecc is the largest distance from the source to a node it reaches.
	Ecc []int32
	// Sum is the sum of the distances to the nodes it reaches.
	Sum []int64
	// Reached is the number of nodes it reaches, itself included.
	Reached []int32
}

// msbfsBuffers is one worker's state for allSourcesBFS.
type msbfsBuffers struct {
	seen, visit, next []uint64
	frontier, touched []int32
}

// allSourcesBFS runs a breadth-first search from every node, following
// out-edges (in-edges when reverse), and returns each search's eccentricity,
// distance sum and reach. Sources go 64 at a time through a bit-parallel
// multi-source BFS (Then et al., "The More the Merrier", VLDB 2015): bit i of
// a node's word says whether the batch's i-th search has seen it, so one scan
// of an adjacency list advances all 64 searches at once. Only the frontier
// and the nodes it touches are visited at each level, so a batch never costs
// more than 64 separate searches. Batches run in parallel; the result does
// not depend on the number of workers.
func allSourcesBFS(ctx context.Context, g *graph.Graph, reverse bool) (bfsStats, error) {
	n := g.N()
	st := bfsStats{Ecc: make([]int32, n), Sum: make([]int64, n), Reached: make([]int32, n)}
	if n == 0 {
		return st, nil
	}
	batches := (n + 63) / 64
	workers := min(sourceWorkers(n, 2*g.M()), batches)
	bufs := make([]msbfsBuffers, workers)
	for w := range bufs {
		bufs[w] = msbfsBuffers{
			seen:     make([]uint64, n),
			visit:    make([]uint64, n),
			next:     make([]uint64, n),
			frontier: make([]int32, 0, n),
			touched:  make([]int32, 0, n),
		}
	}
	err := forEachSource(ctx, batches, workers, func(w int, batch int32) error {
		msbfsBatch(g, reverse, int(batch)*64, &bufs[w], &st)
		return nil
	})
	return st, err
}

// msbfsBatch runs the searches from sources s0 .. s0+63 (fewer at the end)
// and writes their statistics into st. It leaves b.visit and b.next zero.
//
// Each level is expanded top-down (the frontier pushes its bits to its
// neighbours) while the frontier is small, and bottom-up (every node not yet
// seen by all searches pulls bits from its neighbours, and stops as soon as
// it has them all) once the frontier's edges are a sizeable part of the
// graph, as in direction-optimising BFS (Beamer et al., SC 2012).
func msbfsBatch(g *graph.Graph, reverse bool, s0 int, b *msbfsBuffers, st *bfsStats) {
	n := g.N()
	k := min(64, n-s0)
	full := ^uint64(0) >> (64 - k)
	push, pull := g.Out, g.In
	if reverse {
		push, pull = g.In, g.Out
	}
	totalAdj := g.M()
	if !g.Directed() {
		totalAdj *= 2
	}
	seen, visit, next := b.seen, b.visit, b.next
	clear(seen)
	frontier, scratch := b.frontier[:0], b.touched[:0]
	frontierEdges := 0
	for i := 0; i < k; i++ {
		s := int32(s0 + i)
		seen[s] = 1 << i
		visit[s] = 1 << i
		frontier = append(frontier, s)
		frontierEdges += len(push(s))
		st.Reached[s] = 1
	}
	// ctr is a bit-sliced counter: bit i of ctr[j] is bit j of the number of
	// nodes the i-th search reached at this level.
	var ctr [33]uint64
	for level := int32(1); len(frontier) > 0; level++ {
		var levelMask uint64
		newEdges := 0
		if frontierEdges*14 > totalAdj {
			// Bottom-up: visit holds the frontier's bits, next receives the
			// new frontier's.
			scratch = scratch[:0]
			for u := int32(0); int(u) < n; u++ {
				su := seen[u]
				if su == full {
					next[u] = 0
					continue
				}
				var x uint64
				for _, v := range pull(u) {
					x |= visit[v]
					if x|su == full {
						break
					}
				}
				nb := x &^ su
				next[u] = nb
				if nb == 0 {
					continue
				}
				seen[u] = su | nb
				scratch = append(scratch, u)
				newEdges += len(push(u))
				levelMask |= nb
				for j, carry := 0, nb; carry != 0; j++ {
					t := ctr[j] & carry
					ctr[j] ^= carry
					carry = t
				}
			}
			for _, v := range frontier {
				visit[v] = 0
			}
			visit, next = next, visit
			frontier, scratch = scratch, frontier
		} else {
			// Top-down: push the frontier's bits; scratch lists the nodes
			// touched.
			touched := scratch[:0]
			for _, v := range frontier {
				f := visit[v]
				visit[v] = 0
				for _, u := range push(v) {
					if next[u] == 0 {
						touched = append(touched, u)
					}
					next[u] |= f
				}
			}
			frontier = frontier[:0]
			for _, u := range touched {
				nb := next[u] &^ seen[u]
				next[u] = 0
				if nb == 0 {
					continue
				}
				seen[u] |= nb
				visit[u] = nb
				frontier = append(frontier, u)
				newEdges += len(push(u))
				levelMask |= nb
				for j, carry := 0, nb; carry != 0; j++ {
					t := ctr[j] & carry
					ctr[j] ^= carry
					carry = t
				}
			}
			scratch = touched
		}
		frontierEdges = newEdges
		for m := levelMask; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			var cnt int64
			for j := range ctr {
				cnt |= int64(ctr[j]>>i&1) << j
			}
			s := s0 + i
			st.Ecc[s] = level
			st.Sum[s] += int64(level) * cnt
			st.Reached[s] += int32(cnt)
		}
		ctr = [33]uint64{}
	}
	b.visit, b.next = visit, next
	b.frontier, b.touched = frontier, scratch
}
