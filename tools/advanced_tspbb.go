package tools

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/graphagent/graphagent/tools/graph"
)

// tspSearchBudget bounds the branch and bound of graphs beyond Held–Karp's
// cap, in nodes of the search tree.
const tspSearchBudget = 400_000

// tspBB is the state of the branch and bound for a cheapest tour from src.
// The first best tour comes from local search (greedyTour); for undirected
// graphs Held–Karp's 1-tree bound at the root, under node penalties found
// by subgradient ascent, often proves it cheapest at once (with integer
// weights a cheaper tour costs at least 1 less). Otherwise a path from src
// is extended one edge at a time (cheapest first), cut when its cost plus
// a lower bound on the rest cannot beat the best tour. The bound is, for
// undirected graphs, the minimum spanning tree of the nodes off the path
// and the path's two ends under the penalties (the rest of the tour is a
// path through them, a spanning tree of them); for directed graphs, the
// cheapest edge into each node still to enter.
type tspBB struct {
	ctx       context.Context
	n         int
	src       int32
	directed  bool
	w         []float64 // w[u*n+v], +Inf when there is no edge
	wb        []float64 // the bound's weights: w with missing edges at big, plus the penalties
	pi        []float64
	nbrs      [][]int32 // each node's neighbours (successors), cheapest first
	on        []bool
	path      []int32
	cost      float64
	best      float64
	bestTour  []int32
	steps     int
	budget    int
	exceeded  bool
	rootBound float64   // Held–Karp's 1-tree bound at the root (undirected)
	integral  bool      // every weight is an integer: a better tour costs at least 1 less
	prim      []float64 // Prim's scratch
	inTree    []bool
}

// tspBranchBound finds a cheapest tour from src. complete reports whether
// the search ran to its end (the tour, or its absence, is then exact).
func tspBranchBound(ctx context.Context, g *graph.Graph, src int32, budget int) (tour []int32, cost float64, complete bool, err error) {
	n := g.N()
	s := &tspBB{ctx: ctx, n: n, src: src, directed: g.Directed(), w: make([]float64, n*n), on: make([]bool, n),
		best: math.Inf(1), budget: budget, prim: make([]float64, n), inTree: make([]bool, n), integral: true}
	for i := range s.w {
		s.w[i] = math.Inf(1)
	}
	big := 1.0
	for v := int32(0); int(v) < n; v++ {
		for i, x := range g.Out(v) {
			if x != v {
				wt := g.Weight(g.OutEdges(v)[i])
				s.w[int(v)*n+int(x)] = wt
				if wt != math.Trunc(wt) || math.Abs(wt) > 1<<40 {
					s.integral = false
				}
				big += math.Abs(wt)
			}
		}
	}
	s.nbrs = make([][]int32, n)
	for v := 0; v < n; v++ {
		for x := 0; x < n; x++ {
			if !math.IsInf(s.w[v*n+x], 1) {
				s.nbrs[v] = append(s.nbrs[v], int32(x))
			}
		}
		row := s.w[v*n:]
		slices.SortStableFunc(s.nbrs[v], func(a, b int32) int {
			switch {
			case row[a] < row[b]:
				return -1
			case row[a] > row[b]:
				return 1
			}
			return 0
		})
	}
	s.greedyTour()
	s.pi = make([]float64, n)
	s.wb = make([]float64, n*n)
	if !s.directed {
		s.penalties(big)
	}
	for u := 0; u < n; u++ {
		for v := 0; v < n; v++ {
			x := s.w[u*n+v]
			if math.IsInf(x, 1) {
				x = big
			}
			s.wb[u*n+v] = x + s.pi[u] + s.pi[v]
		}
	}
	s.on[src] = true
	s.path = append(s.path, src)
	// Held–Karp's bound at the root may prove the first tour cheapest.
	if s.directed || s.promising(s.rootBound) {
		if err := s.extend(); err != nil {
			return nil, 0, false, err
		}
	}
	if s.bestTour == nil {
		return nil, 0, !s.exceeded, nil
	}
	return s.bestTour, s.best, !s.exceeded, nil
}

// greedyTour sets the first best tour: the nearest neighbour from every
// start, each improved by local search (2-opt when undirected, and moving
// segments of one to three nodes), then iterated local search from the
// best (a double-bridge kick, local search again, kept when cheaper),
// seeded so the answer is the same every run. Moves use only edges of the
// graph; nothing is set when no start gives a tour.
func (s *tspBB) greedyTour() {
	n := s.n
	for start := 0; start < n; start++ {
		t := s.nearestNeighbour(int32(start))
		if t == nil {
			continue
		}
		s.localSearch(t)
		s.offer(t)
	}
	if s.bestTour == nil || n < 8 {
		return
	}
	r := rand.New(rand.NewPCG(uint64(n), 0x5eed))
	cur := slices.Clone(s.bestTour[:n])
	for it := 0; it < 60*n; it++ {
		if it&255 == 0 && s.ctx.Err() != nil {
			return
		}
		// Double bridge: A B C D -> A C B D, cuts at 0 < i < j < k < n.
		i := 1 + r.IntN(n-3)
		j := i + 1 + r.IntN(n-i-2)
		k := j + 1 + r.IntN(n-j-1)
		kick := make([]int32, 0, n)
		kick = append(kick, cur[:i]...)
		kick = append(kick, cur[j:k]...)
		kick = append(kick, cur[i:j]...)
		kick = append(kick, cur[k:]...)
		if math.IsInf(s.cycleCost(kick), 1) {
			continue
		}
		s.localSearch(kick)
		if s.cycleCost(kick) <= s.cycleCost(cur) {
			cur = kick
			s.offer(kick)
		}
	}
}

// nearestNeighbour is the nearest-neighbour tour from start, nil when it
// gets stuck or cannot close.
func (s *tspBB) nearestNeighbour(start int32) []int32 {
	n := s.n
	on := make([]bool, n)
	tour := []int32{start}
	on[start] = true
	for len(tour) < n {
		next := int32(-1)
		for _, x := range s.nbrs[tour[len(tour)-1]] {
			if !on[x] {
				next = x
				break
			}
		}
		if next < 0 {
			return nil
		}
		on[next] = true
		tour = append(tour, next)
	}
	if math.IsInf(s.w[int(tour[n-1])*n+int(start)], 1) {
		return nil
	}
	return tour
}

// cycleCost is the cost of the cyclic order t (its last node back to its
// first).
func (s *tspBB) cycleCost(t []int32) float64 {
	c := 0.0
	for i := range t {
		c += s.w[int(t[i])*s.n+int(t[(i+1)%len(t)])]
	}
	return c
}

// offer keeps the cyclic order t as the best tour when it is cheaper,
// rotated to start at src.
func (s *tspBB) offer(t []int32) {
	c := s.cycleCost(t)
	if c >= s.best-1e-9 {
		return
	}
	k := slices.Index(t, s.src)
	tour := make([]int32, 0, len(t)+1)
	tour = append(tour, t[k:]...)
	tour = append(tour, t[:k]...)
	s.best, s.bestTour = c, append(tour, s.src)
}

// localSearch improves the cyclic order t in place until no 2-opt move
// (undirected only: it reverses a segment) or segment move helps.
func (s *tspBB) localSearch(t []int32) {
	n := len(t)
	w := func(a, b int32) float64 { return s.w[int(a)*s.n+int(b)] }
	for improved := true; improved; {
		improved = false
		if !s.directed {
			for i := 0; i < n-1; i++ {
				for j := i + 2; j < n; j++ {
					a, b, c, d := t[i], t[i+1], t[j], t[(j+1)%n]
					if a == d {
						continue
					}
					nw := w(a, c) + w(b, d)
					if math.IsInf(nw, 1) {
						continue
					}
					if nw-w(a, b)-w(c, d) < -1e-9 {
						slices.Reverse(t[i+1 : j+1])
						improved = true
					}
				}
			}
		}
		// Move the segment t[i..i+l-1] between t[j] and t[j+1].
		for l := 1; l <= 3 && l < n-2; l++ {
			for i := 0; i+l <= n; i++ {
				p, a, b, q := t[(i-1+n)%n], t[i], t[i+l-1], t[(i+l)%n]
				gain := w(p, a) + w(b, q) - w(p, q)
				if math.IsInf(w(p, q), 1) {
					continue
				}
				for j := 0; j < n; j++ {
					if j >= i-1 && j < i+l {
						continue
					}
					c, d := t[j], t[(j+1)%n]
					if c == p && d == a || c == b || d == a {
						continue
					}
					add := w(c, a) + w(b, d) - w(c, d)
					if math.IsInf(add, 1) || math.IsNaN(add) {
						continue
					}
					if add-gain < -1e-9 {
						seg := slices.Clone(t[i : i+l])
						rest := slices.Concat(t[:i], t[i+l:])
						at := slices.Index(rest, c) + 1
						copy(t, slices.Concat(rest[:at], seg, rest[at:]))
						improved = true
						break
					}
				}
			}
		}
	}
}

// oneTree is the weight of the minimum 1-tree under weights w+pi (a
// spanning tree of the nodes other than src, and src's two cheapest
// edges), with each node's degree in it.
func (s *tspBB) oneTree(w []float64, deg []int) float64 {
	n := s.n
	for i := range deg {
		deg[i] = 0
	}
	total := 0.0
	// Prim over the nodes other than src.
	dist := s.prim
	parent := make([]int32, n)
	for i := range s.inTree {
		s.inTree[i] = false
		dist[i] = math.Inf(1)
	}
	s.inTree[s.src] = true
	start := int32(0)
	if start == s.src {
		start = 1
	}
	dist[start] = 0
	parent[start] = -1
	for range n - 1 {
		u := int32(-1)
		for v := int32(0); int(v) < n; v++ {
			if !s.inTree[v] && (u < 0 || dist[v] < dist[u]) {
				u = v
			}
		}
		s.inTree[u] = true
		if parent[u] >= 0 {
			total += dist[u]
			deg[u]++
			deg[parent[u]]++
		}
		for v := int32(0); int(v) < n; v++ {
			if !s.inTree[v] {
				if d := w[int(u)*n+int(v)] + s.pi[u] + s.pi[v]; d < dist[v] {
					dist[v], parent[v] = d, u
				}
			}
		}
	}
	// src's two cheapest edges.
	a, b := int32(-1), int32(-1)
	for v := int32(0); int(v) < n; v++ {
		if v == s.src {
			continue
		}
		d := w[int(s.src)*n+int(v)] + s.pi[s.src] + s.pi[v]
		switch {
		case a < 0 || d < w[int(s.src)*n+int(a)]+s.pi[s.src]+s.pi[a]:
			a, b = v, a
		case b < 0 || d < w[int(s.src)*n+int(b)]+s.pi[s.src]+s.pi[b]:
			b = v
		}
	}
	for _, v := range []int32{a, b} {
		total += w[int(s.src)*n+int(v)] + s.pi[s.src] + s.pi[v]
		deg[v]++
		deg[s.src]++
	}
	sum := 0.0
	for _, p := range s.pi {
		sum += p
	}
	return total - 2*sum
}

// penalties sets Held–Karp's node penalties by subgradient ascent on the
// 1-tree bound (missing edges weigh big).
func (s *tspBB) penalties(big float64) {
	n := s.n
	w := make([]float64, n*n)
	for i, x := range s.w {
		if math.IsInf(x, 1) {
			x = big
		}
		w[i] = x
	}
	deg := make([]int, n)
	bestPi := make([]float64, n)
	bestL := math.Inf(-1)
	step := 1.0
	for it := 0; it < 50*n; it++ {
		if it&63 == 0 && s.ctx.Err() != nil {
			return
		}
		l := s.oneTree(w, deg)
		if l > bestL {
			bestL = l
			copy(bestPi, s.pi)
		}
		norm := 0
		for _, d := range deg {
			norm += (d - 2) * (d - 2)
		}
		if norm == 0 {
			break // the 1-tree is a tour
		}
		ub := s.best
		if math.IsInf(ub, 1) {
			ub = bestL + float64(n)
		}
		t := step * (ub - l) / float64(norm)
		if t <= 1e-12 {
			break
		}
		for v := range s.pi {
			s.pi[v] += t * float64(deg[v]-2)
		}
		if it%(2*n) == 2*n-1 {
			step /= 2
		}
	}
	copy(s.pi, bestPi)
	s.rootBound = bestL
}

// bound is a lower bound on the cost of completing the path into a tour.
func (s *tspBB) bound() float64 {
	n := s.n
	end := s.path[len(s.path)-1]
	if s.directed {
		// Each node off the path, and src, is entered once, from a node
		// off the path or the end.
		lb := 0.0
		for v := int32(0); int(v) < n; v++ {
			if s.on[v] && v != s.src {
				continue
			}
			m := math.Inf(1)
			for u := int32(0); int(u) < n; u++ {
				if u == v || (s.on[u] && u != end) || (v == s.src && u == s.src) {
					continue
				}
				m = min(m, s.w[int(u)*n+int(v)])
			}
			lb += m
		}
		return lb
	}
	// A spanning tree of the nodes off the path, end and src, under the
	// penalised weights.
	dist := s.prim
	for v := range dist {
		dist[v] = math.Inf(1)
		s.inTree[v] = s.on[v] && int32(v) != end && int32(v) != s.src
	}
	dist[end] = 0
	total, sub := 0.0, s.pi[end]+s.pi[s.src]
	for v := range s.on {
		if !s.on[v] {
			sub += 2 * s.pi[v]
		}
	}
	for {
		u := int32(-1)
		for v := int32(0); int(v) < n; v++ {
			if !s.inTree[v] && (u < 0 || dist[v] < dist[u]) {
				u = v
			}
		}
		if u < 0 {
			break
		}
		s.inTree[u] = true
		total += dist[u]
		row := s.wb[int(u)*n:]
		for v := int32(0); int(v) < n; v++ {
			if !s.inTree[v] && row[v] < dist[v] {
				dist[v] = row[v]
			}
		}
	}
	return total - sub
}

// promising reports whether a partial tour with lower bound lb may lead to
// a tour cheaper than the best one found.
func (s *tspBB) promising(lb float64) bool {
	if s.integral {
		return math.Ceil(lb-1e-7) <= s.best-1
	}
	return lb < s.best-1e-9
}

func (s *tspBB) extend() error {
	n := s.n
	end := s.path[len(s.path)-1]
	if len(s.path) == n {
		if c := s.cost + s.w[int(end)*n+int(s.src)]; c < s.best-1e-9 {
			s.best = c
			s.bestTour = append(slices.Clone(s.path), s.src)
		}
		return nil
	}
	s.steps++
	if s.steps&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			return err
		}
	}
	if s.steps > s.budget {
		s.exceeded = true
		return nil
	}
	for _, x := range s.nbrs[end] {
		if s.on[x] || s.exceeded {
			continue
		}
		c := s.w[int(end)*n+int(x)]
		s.on[x] = true
		s.path = append(s.path, x)
		s.cost += c
		if s.promising(s.cost + s.bound()) {
			if err := s.extend(); err != nil {
				return err
			}
		}
		s.cost -= c
		s.path = s.path[:len(s.path)-1]
		s.on[x] = false
	}
	return nil
}
