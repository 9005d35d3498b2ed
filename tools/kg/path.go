package kg

import (
	"context"
	"slices"
)

// Step is one triple of a path, walked forward (from its head to its
// tail) or backward.
type Step struct {
	Triple
	Forward bool
}

// From is the entity the step leaves.
func (s Step) From() int32 {
	if s.Forward {
		return s.H
	}
	return s.T
}

// To is the entity the step reaches.
func (s Step) To() int32 {
	if s.Forward {
		return s.T
	}
	return s.H
}

// Paths returns shortest connections between any entity of from and any of
// to, following triples in either direction, of at most maxHops triples:
// up to maxPaths (at least one) of them, all of the same (shortest) length, in a
// deterministic order. It returns no paths when none exists within
// maxHops, and the length found (-1 then). An entity in both sets gives
// length 0 and no paths. Entities out of range are ignored.
func (g *KG) Paths(ctx context.Context, from, to []int32, maxHops, maxPaths int) ([][]Step, int, error) {
	maxPaths = max(maxPaths, 1)
	n := int32(len(g.entities))
	dist := make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	isTarget := make(map[int32]bool, len(to))
	for _, t := range to {
		if t >= 0 && t < n {
			isTarget[t] = true
		}
	}
	var frontier []int32
	for _, s := range from {
		if s >= 0 && s < n && dist[s] < 0 {
			if isTarget[s] {
				return nil, 0, nil
			}
			dist[s] = 0
			frontier = append(frontier, s)
		}
	}
	var reached []int32
	for d := int32(1); d <= int32(maxHops) && len(frontier) > 0 && len(reached) == 0; d++ {
		if err := ctx.Err(); err != nil {
			return nil, -1, err
		}
		var next []int32
		visit := func(v int32) {
			if dist[v] >= 0 {
				return
			}
			dist[v] = d
			if isTarget[v] {
				reached = append(reached, v)
			}
			next = append(next, v)
		}
		for _, u := range frontier {
			for _, t := range g.Out(u) {
				visit(t.T)
			}
			for _, i := range g.inIdx[g.inOff[u]:g.inOff[u+1]] {
				visit(g.triples[i].H)
			}
		}
		frontier = next
	}
	if len(reached) == 0 {
		return nil, -1, nil
	}
	slices.Sort(reached)
	length := int(dist[reached[0]])
	var paths [][]Step
	rev := make([]Step, 0, length)
	// back walks from v (at distance dist[v]) to a source, collecting
	// steps in reverse.
	var back func(v int32) bool
	back = func(v int32) bool {
		if dist[v] == 0 {
			p := make([]Step, len(rev))
			for i, s := range rev {
				p[len(rev)-1-i] = s
			}
			paths = append(paths, p)
			return len(paths) < maxPaths
		}
		// Steps into v from a node one closer: v's in-triples walked
		// forward (head closer), then v's out-triples walked backward.
		for _, i := range g.inIdx[g.inOff[v]:g.inOff[v+1]] {
			t := g.triples[i]
			if dist[t.H] == dist[v]-1 {
				rev = append(rev, Step{t, true})
				ok := back(t.H)
				rev = rev[:len(rev)-1]
				if !ok {
					return false
				}
			}
		}
		for _, t := range g.Out(v) {
			if dist[t.T] == dist[v]-1 {
				rev = append(rev, Step{t, false})
				ok := back(t.T)
				rev = rev[:len(rev)-1]
				if !ok {
					return false
				}
			}
		}
		return true
	}
	for _, v := range reached {
		if maxPaths > 0 && len(paths) >= maxPaths {
			break
		}
		if !back(v) {
			break
		}
	}
	return paths, length, nil
}
