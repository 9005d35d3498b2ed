package eval

import (
	"math"
	"sort"
)

// This file holds the generator's graph and the gold-answer algorithms. They
// are deliberately simple (adjacency matrix, textbook algorithms) and share
// no code with the tools package, so that the gold answers are an
// independent check of the tools; a test also checks them against NetworkX.

// ggraph is a generated simple graph on nodes 0..n-1 (no self-loops, no
// parallel edges) with an adjacency matrix and integer weights.
type ggraph struct {
	n        int
	directed bool
	adj      []bool // n*n; symmetric when undirected
	w        []int  // n*n weight or capacity of each edge
	edges    []gedge
}

type gedge struct{ u, v, w int }

func newGGraph(n int, directed bool) *ggraph {
	return &ggraph{n: n, directed: directed, adj: make([]bool, n*n), w: make([]int, n*n)}
}

func (g *ggraph) has(u, v int) bool { return g.adj[u*g.n+v] }

// add inserts the edge u-v (u->v when directed) with weight w; it refuses
// self-loops and edges already present.
func (g *ggraph) add(u, v, w int) bool {
	if u == v || g.adj[u*g.n+v] {
		return false
	}
	g.adj[u*g.n+v], g.w[u*g.n+v] = true, w
	if !g.directed {
		g.adj[v*g.n+u], g.w[v*g.n+u] = true, w
	}
	g.edges = append(g.edges, gedge{u, v, w})
	return true
}

// sortEdges orders the edge list by source, then target, as the published
// items list them.
func (g *ggraph) sortEdges() {
	sort.Slice(g.edges, func(i, j int) bool {
		a, b := g.edges[i], g.edges[j]
		if a.u != b.u {
			return a.u < b.u
		}
		return a.v < b.v
	})
}

// covered counts the nodes that appear in some edge.
func (g *ggraph) covered() int {
	seen := make([]bool, g.n)
	c := 0
	for _, e := range g.edges {
		for _, x := range [2]int{e.u, e.v} {
			if !seen[x] {
				seen[x] = true
				c++
			}
		}
	}
	return c
}

// goldHasCycle reports whether g has a cycle: a directed cycle (three-colour
// DFS) or, undirected, an edge joining two nodes already connected
// (union-find).
func goldHasCycle(g *ggraph) bool {
	if !g.directed {
		parent := make([]int, g.n)
		for i := range parent {
			parent[i] = i
		}
		find := func(x int) int {
			for parent[x] != x {
				parent[x] = parent[parent[x]]
				x = parent[x]
			}
			return x
		}
		for _, e := range g.edges {
			a, b := find(e.u), find(e.v)
			if a == b {
				return true
			}
			parent[a] = b
		}
		return false
	}
	color := make([]byte, g.n) // 0 white, 1 grey, 2 black
	type frame struct{ u, next int }
	for s := 0; s < g.n; s++ {
		if color[s] != 0 {
			continue
		}
		stack := []frame{{s, 0}}
		color[s] = 1
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next == g.n {
				color[f.u] = 2
				stack = stack[:len(stack)-1]
				continue
			}
			v := f.next
			f.next++
			if !g.has(f.u, v) {
				continue
			}
			switch color[v] {
			case 1:
				return true
			case 0:
				color[v] = 1
				stack = append(stack, frame{v, 0})
			}
		}
	}
	return false
}

// goldMaxTriangle returns the largest weight sum of a triangle and its
// nodes by brute force over all triples; ok is false without triangles.
func goldMaxTriangle(g *ggraph) (best int, tri [3]int, ok bool) {
	n := g.n
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if !g.has(i, j) {
				continue
			}
			for k := j + 1; k < n; k++ {
				if g.has(i, k) && g.has(j, k) {
					s := g.w[i*n+j] + g.w[i*n+k] + g.w[j*n+k]
					if !ok || s > best {
						best, tri, ok = s, [3]int{i, j, k}, true
					}
				}
			}
		}
	}
	return best, tri, ok
}

// goldDegree counts the edges at node x (in plus out when directed).
func goldDegree(g *ggraph, x int) int {
	d := 0
	for _, e := range g.edges {
		if e.u == x {
			d++
		}
		if e.v == x {
			d++
		}
	}
	return d
}

// goldReach returns the nodes reachable from s (BFS over the matrix).
func goldReach(g *ggraph, s int) []bool {
	seen := make([]bool, g.n)
	seen[s] = true
	queue := []int{s}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for v := 0; v < g.n; v++ {
			if g.has(u, v) && !seen[v] {
				seen[v] = true
				queue = append(queue, v)
			}
		}
	}
	return seen
}

// goldDijkstra returns the weighted distances from s (O(n^2) Dijkstra) and
// the predecessor of each node on one shortest path; unreachable nodes have
// distance math.MaxInt.
func goldDijkstra(g *ggraph, s int) (dist, pred []int) {
	n := g.n
	dist, pred = make([]int, n), make([]int, n)
	done := make([]bool, n)
	for i := range dist {
		dist[i], pred[i] = math.MaxInt, -1
	}
	dist[s] = 0
	for {
		u := -1
		for i := 0; i < n; i++ {
			if !done[i] && dist[i] != math.MaxInt && (u < 0 || dist[i] < dist[u]) {
				u = i
			}
		}
		if u < 0 {
			return dist, pred
		}
		done[u] = true
		for v := 0; v < n; v++ {
			if g.has(u, v) && !done[v] && dist[u]+g.w[u*n+v] < dist[v] {
				dist[v], pred[v] = dist[u]+g.w[u*n+v], u
			}
		}
	}
}

// goldMaxFlow is Edmonds-Karp on the capacity matrix; an undirected edge
// carries flow either way up to its capacity.
func goldMaxFlow(g *ggraph, s, t int) int {
	n := g.n
	res := make([]int, n*n)
	for _, e := range g.edges {
		res[e.u*n+e.v] += e.w
		if !g.directed {
			res[e.v*n+e.u] += e.w
		}
	}
	flow := 0
	pred := make([]int, n)
	for {
		for i := range pred {
			pred[i] = -1
		}
		pred[s] = s
		queue := []int{s}
		for len(queue) > 0 && pred[t] < 0 {
			u := queue[0]
			queue = queue[1:]
			for v := 0; v < n; v++ {
				if pred[v] < 0 && res[u*n+v] > 0 {
					pred[v] = u
					queue = append(queue, v)
				}
			}
		}
		if pred[t] < 0 {
			return flow
		}
		aug := math.MaxInt
		for v := t; v != s; v = pred[v] {
			aug = min(aug, res[pred[v]*n+v])
		}
		for v := t; v != s; v = pred[v] {
			res[pred[v]*n+v] -= aug
			res[v*n+pred[v]] += aug
		}
		flow += aug
	}
}

// goldUniqueTopo returns the topological order of g and whether it is the
// only one (Kahn's algorithm never has two nodes ready at once); ok is false
// when g has a cycle.
func goldUniqueTopo(g *ggraph) (order []int, unique, ok bool) {
	indeg := make([]int, g.n)
	for _, e := range g.edges {
		indeg[e.v]++
	}
	var ready []int
	for i, d := range indeg {
		if d == 0 {
			ready = append(ready, i)
		}
	}
	unique = true
	for len(ready) > 0 {
		if len(ready) > 1 {
			unique = false
		}
		u := ready[0]
		ready = ready[1:]
		order = append(order, u)
		for v := 0; v < g.n; v++ {
			if g.has(u, v) {
				if indeg[v]--; indeg[v] == 0 {
					ready = append(ready, v)
				}
			}
		}
	}
	return order, unique, len(order) == g.n
}
