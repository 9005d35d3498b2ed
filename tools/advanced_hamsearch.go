package tools

import (
	"context"
	"slices"

	"github.com/graphagent/graphagent/tools/graph"
)

// hamiltonianSearchBudget bounds the backtracking search of graphs beyond
// the subset search's cap, in nodes of the search tree.
const hamiltonianSearchBudget = 2_000_000

// hamSearch is the state of the backtracking search for a Hamiltonian
// cycle through node 0: a path from node 0, extended one successor at a
// time (the successor with the fewest onward choices first, Warnsdorff's
// rule), pruned when a node off the path can no longer be entered or left.
type hamSearch struct {
	ctx      context.Context
	g        *graph.Graph
	n        int
	on       []bool // on the path
	path     []int32
	steps    int
	budget   int
	exceeded bool
}

// hamiltonianCycleSearch decides the Hamiltonian cycle problem by
// backtracking. found reports a cycle (returned, node 0 first and last);
// when it is false, complete reports whether the search was exhaustive (an
// exact no) or stopped at its budget.
func hamiltonianCycleSearch(ctx context.Context, g *graph.Graph, budget int) (cycle []int32, found, complete bool, err error) {
	s := &hamSearch{ctx: ctx, g: g, n: g.N(), on: make([]bool, g.N()), budget: budget}
	s.on[0] = true
	s.path = append(s.path, 0)
	found, err = s.extend()
	if err != nil {
		return nil, false, false, err
	}
	if found {
		return append(slices.Clone(s.path), 0), true, true, nil
	}
	return nil, false, !s.exceeded, nil
}

// outs returns v's successors (neighbours when undirected) and ins its
// predecessors.
func (s *hamSearch) outs(v int32) []int32 { return s.g.Out(v) }
func (s *hamSearch) ins(v int32) []int32  { return s.g.In(v) }

// viable reports whether every node off the path can still be entered
// from a node off the path or the path's end, and left to a node off the
// path or node 0 (undirected: has two such neighbours, or one when it may
// sit between them).
func (s *hamSearch) viable() bool {
	end := s.path[len(s.path)-1]
	for u := int32(0); int(u) < s.n; u++ {
		if s.on[u] {
			continue
		}
		if s.g.Directed() {
			in, out := false, false
			for _, x := range s.ins(u) {
				if x != u && (!s.on[x] || x == end) {
					in = true
					break
				}
			}
			for _, y := range s.outs(u) {
				if y != u && (!s.on[y] || y == 0) {
					out = true
					break
				}
			}
			if !in || !out {
				return false
			}
			continue
		}
		free := 0
		for _, x := range s.outs(u) {
			if x != u && (!s.on[x] || x == end || x == 0) {
				free++
				if free == 2 {
					break
				}
			}
		}
		if free < 2 {
			return false
		}
	}
	return true
}

// onward counts w's successors off the path.
func (s *hamSearch) onward(w int32) int {
	c := 0
	for _, y := range s.outs(w) {
		if !s.on[y] {
			c++
		}
	}
	return c
}

func (s *hamSearch) extend() (bool, error) {
	end := s.path[len(s.path)-1]
	if len(s.path) == s.n {
		return slices.Contains(s.outs(end), 0) && (s.g.Directed() || s.n >= 3), nil
	}
	s.steps++
	if s.steps&4095 == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
	}
	if s.steps > s.budget {
		s.exceeded = true
		return false, nil
	}
	var cands []int32
	for _, w := range s.outs(end) {
		if !s.on[w] && !slices.Contains(cands, w) {
			cands = append(cands, w)
		}
	}
	slices.SortStableFunc(cands, func(a, b int32) int { return s.onward(a) - s.onward(b) })
	for _, w := range cands {
		s.on[w] = true
		s.path = append(s.path, w)
		if s.viable() {
			ok, err := s.extend()
			if ok || err != nil {
				return ok, err
			}
			if s.exceeded {
				return false, nil
			}
		}
		s.path = s.path[:len(s.path)-1]
		s.on[w] = false
	}
	return false, nil
}
