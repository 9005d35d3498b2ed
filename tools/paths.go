package tools

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// This file holds the single-source shortest-path primitives shared by the
// catalogue (shortest path, eccentricity, diameter, closeness, all-pairs path
// lengths...). They work on the graph's CSR arrays with caller-owned buffers so
// that running them from many sources allocates nothing per source.
//
// Direction: with reverse false the search follows out-edges (successors);
// with reverse true it follows in-edges (predecessors), which is NetworkX's
// G.reverse() view and what directed closeness centrality uses. On undirected
// graphs both are the same.

// ctxCheckEvery is how many loop iterations run between context checks in
// long loops of the catalogue.
const ctxCheckEvery = 1 << 12

// adjacency returns the neighbours of v and the edge index of each, following
// out-edges or, when reverse, in-edges.
func adjacency(g *graph.Graph, v int32, reverse bool) (nbrs, edges []int32) {
	if reverse {
		return g.In(v), g.InEdges(v)
	}
	return g.Out(v), g.OutEdges(v)
}

// neighbours is adjacency without the edge indices, which a graph derives
// on first use (graph.Graph.OutEdges): searches that need only the nodes
// should not make a large graph build them.
func neighbours(g *graph.Graph, v int32, reverse bool) []int32 {
	if reverse {
		return g.In(v)
	}
	return g.Out(v)
}

// newBFSBuffers returns a distance slice of length n filled with -1 and a
// queue of capacity n, ready for bfsDistances.
func newBFSBuffers(n int) (dist, queue []int32) {
	dist = make([]int32, n)
	for i := range dist {
		dist[i] = -1
	}
	return dist, make([]int32, 0, n)
}

// bfsDistances runs a breadth-first search from src and records hop counts.
//
// Contract: dist has length g.N() and dist[v] == -1 for every node on entry
// (use newBFSBuffers, then clearBFS between runs); queue is scratch space of
// capacity at least g.N() (its length is ignored). On return dist[v] is the
// number of edges on a shortest path from src to v (following out-edges, or
// in-edges when reverse), -1 when v is unreachable, and the returned slice
// (which aliases queue) lists the reached nodes in BFS order, src first, with
// non-decreasing distances; a node's neighbours are visited in insertion order,
// as NetworkX does. It never allocates when queue has enough capacity.
func bfsDistances(g *graph.Graph, src int32, reverse bool, dist, queue []int32) []int32 {
	queue = append(queue[:0], src)
	dist[src] = 0
	var touched int32
	for head := 0; head < len(queue); {
		// The lists of the next queued nodes are read first, in a loop whose
		// loads do not wait on one another, so that their cache misses
		// overlap (on a graph of 10^7 edges nearly every list is one).
		end := min(len(queue), head+bfsAhead)
		for _, v := range queue[head:end] {
			if nbrs := neighbours(g, v, reverse); len(nbrs) > 0 {
				touched += nbrs[0]
			}
		}
		for ; head < end; head++ {
			v := queue[head]
			dv := dist[v] + 1
			for _, u := range neighbours(g, v, reverse) {
				if dist[u] < 0 {
					dist[u] = dv
					queue = append(queue, u)
				}
			}
		}
	}
	keep(touched)
	return queue
}

// bfsAhead is how many queued nodes' lists bfsDistances reads ahead.
const bfsAhead = 64

// keep keeps a value computed only for its memory reads.
//
//go:noinline
func keep(int32) {}

// clearBFS resets dist to -1 on the nodes a bfsDistances run reached, in
// O(reached) time, so the buffers can be reused for the next source.
func clearBFS(dist, reached []int32) {
	for _, v := range reached {
		dist[v] = -1
	}
}

// heapItem is an entry of the Dijkstra priority queue: a tentative distance,
// a push counter that breaks ties first-in first-out (as NetworkX's heapq
// entries (dist, count, node) do), and the node.
type heapItem struct {
	d   float64
	seq uint32
	v   int32
}

func (a heapItem) less(b heapItem) bool {
	return a.d < b.d || (a.d == b.d && a.seq < b.seq)
}

// dijkstra holds the reusable state of single-source Dijkstra searches on one
// graph size. Create it once with newDijkstra and call run for each source;
// each run costs O((n_reached + m_reached) log m_reached) and clears only
// what the previous run touched.
//
// After run(src):
//   - Dist[v] is the weighted distance from src to v (+Inf when unreachable);
//   - Pred[v] is the predecessor of v on one shortest path (-1 for src and
//     unreached nodes) and PredEdge[v] the index of the edge used;
//   - Order lists the settled nodes in order of non-decreasing distance, src
//     first.
//
// The predecessor chosen is the one NetworkX's single_source_dijkstra picks
// (first strict improvement, heap ties broken by push order), so Path returns
// the same path as nx.dijkstra_path on the same insertion order.
//
// Weights come from g.Weight(e) (1 when the graph or edge has none). A
// negative or NaN weight on an edge the search relaxes is an error wrapping
// ErrNotApplicable: Dijkstra's answer would be wrong there.
type dijkstra struct {
	Dist     []float64
	Pred     []int32
	PredEdge []int32
	Order    []int32

	done    []bool
	touched []int32 // nodes whose Dist/Pred were set by the last run
	heap    []heapItem
	seq     uint32 // pushes so far in this run (the heap's tie-break)

	// meet is the other side's Dist in a two-sided search (nil otherwise);
	// mu is then the length of the best path found through a node both
	// sides reached (+Inf until they meet).
	meet []float64
	mu   float64
}

// newDijkstra returns state for graphs of n nodes, all distances +Inf.
func newDijkstra(n int) *dijkstra {
	d := &dijkstra{
		Dist:     make([]float64, n),
		Pred:     make([]int32, n),
		PredEdge: make([]int32, n),
		done:     make([]bool, n),
		mu:       math.Inf(1),
	}
	for i := range d.Dist {
		d.Dist[i] = math.Inf(1)
		d.Pred[i] = -1
		d.PredEdge[i] = -1
	}
	return d
}

// reset undoes the last run on the nodes it touched.
func (d *dijkstra) reset() {
	inf := math.Inf(1)
	for _, v := range d.touched {
		d.Dist[v] = inf
		d.Pred[v] = -1
		d.PredEdge[v] = -1
		d.done[v] = false
	}
	d.touched = d.touched[:0]
	d.Order = d.Order[:0]
	d.heap = d.heap[:0]
	d.seq = 0
	d.mu = inf
}

func (d *dijkstra) push(it heapItem) {
	h := append(d.heap, it)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !it.less(h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = it
	d.heap = h
}

func (d *dijkstra) pop() heapItem {
	h := d.heap
	top := h[0]
	last := h[len(h)-1]
	h = h[:len(h)-1]
	n := len(h)
	if n > 0 {
		i := 0
		for {
			l := 2*i + 1
			if l >= n {
				break
			}
			c := l
			if r := l + 1; r < n && h[r].less(h[l]) {
				c = r
			}
			if !h[c].less(last) {
				break
			}
			h[i] = h[c]
			i = c
		}
		h[i] = last
	}
	d.heap = h
	return top
}

// run computes shortest distances from src following out-edges (in-edges
// when reverse). With target >= 0 it stops as soon as target is settled
// (Dist of nodes settled later stays tentative or +Inf then). It returns
// ctx's error if the context ends, or an error wrapping ErrNotApplicable on a
// negative or NaN edge weight.
func (d *dijkstra) run(ctx context.Context, g *graph.Graph, src, target int32, reverse bool) error {
	d.start(src)
	steps := 0
	for {
		v, dv, ok := d.next()
		if !ok {
			return nil
		}
		if steps++; steps%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if v == target {
			return nil
		}
		if err := d.expand(g, v, dv, reverse); err != nil {
			return err
		}
	}
}

// start clears the last run and puts src in the heap at distance 0.
func (d *dijkstra) start(src int32) {
	d.reset()
	d.Dist[src] = 0
	d.touched = append(d.touched, src)
	d.push(heapItem{d: 0, seq: 0, v: src})
}

// next settles the nearest unsettled node in the heap and returns it with
// its distance; ok is false when no unsettled node is left.
func (d *dijkstra) next() (v int32, dv float64, ok bool) {
	for len(d.heap) > 0 {
		it := d.pop()
		if d.done[it.v] {
			continue
		}
		d.done[it.v] = true
		d.Order = append(d.Order, it.v)
		return it.v, it.d, true
	}
	return -1, 0, false
}

// top is a lower bound on the distance of every node not yet settled: the
// smallest key in the heap (+Inf when the heap is empty).
func (d *dijkstra) top() float64 {
	if len(d.heap) == 0 {
		return math.Inf(1)
	}
	return d.heap[0].d
}

// expand relaxes the edges of v, just settled at distance dv: a neighbour
// whose distance improves gets v as predecessor and a heap entry (and, in a
// two-sided search, may improve mu).
func (d *dijkstra) expand(g *graph.Graph, v int32, dv float64, reverse bool) error {
	nbrs, edges := adjacency(g, v, reverse)
	for k, u := range nbrs {
		w := g.Weight(edges[k])
		if !(w >= 0) {
			return fmt.Errorf("edge %s-%s has weight %v; shortest paths need non-negative weights: %w",
				g.ID(v), g.ID(u), w, ErrNotApplicable)
		}
		if d.done[u] {
			continue
		}
		nd := dv + w
		if nd < d.Dist[u] {
			if math.IsInf(d.Dist[u], 1) {
				d.touched = append(d.touched, u)
			}
			d.Dist[u] = nd
			d.Pred[u] = v
			d.PredEdge[u] = edges[k]
			d.seq++
			d.push(heapItem{d: nd, seq: d.seq, v: u})
			if d.meet != nil {
				if l := nd + d.meet[u]; l < d.mu {
					d.mu = l
				}
			}
		}
	}
	return nil
}

// Path returns the shortest path from the last run's source to t as node
// indices, source first, or nil when t was not reached.
func (d *dijkstra) Path(t int32) []int32 {
	if !d.done[t] {
		return nil
	}
	n := 0
	for v := t; v >= 0; v = d.Pred[v] {
		n++
	}
	p := make([]int32, n)
	for v := t; v >= 0; v = d.Pred[v] {
		n--
		p[n] = v
	}
	return p
}

// Reached reports whether the last run settled v (its Dist is final).
func (d *dijkstra) Reached(v int32) bool { return d.done[v] }

// pathText writes a path of node indices as "a -> b -> c" ("a - b - c"
// when undirected), up to listAll nodes.
func pathText(g *graph.Graph, path []int32) string {
	sep := " - "
	if g.Directed() {
		sep = " -> "
	}
	var b strings.Builder
	for i, v := range path {
		if i == listAll {
			fmt.Fprintf(&b, "%s... (%d more)", sep, len(path)-listAll)
			break
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(g.ID(v))
	}
	return b.String()
}

// nodeRef names a node in a sentence: "node 3" for a number, the name
// itself otherwise ("Paris", "applicant 0").
func nodeRef(id string) string {
	if _, err := strconv.ParseFloat(id, 64); err == nil {
		return "node " + id
	}
	return id
}

// bidiBFS returns a shortest s–t path in hops (node indices, s first), or
// nil when t cannot be reached from s. It runs breadth-first searches from
// both ends, s along out-edges and t along in-edges, always growing the
// side whose frontier is smaller by one whole level: the two meet after
// visiting about the square root of what a one-sided search visits on
// graphs that expand, and a side that runs out of nodes proves there is no
// path as soon as it does. Any meeting found while a level grows lies on a
// shortest path: before that level no node had been seen by both sides, so
// the distance exceeds the two depths' sum, and the meeting gives their sum
// plus one. The predecessor arrays store index+1 so that make's zeroed
// memory means unseen and nothing needs filling.
func bidiBFS(ctx context.Context, g *graph.Graph, s, t int32) ([]int32, error) {
	if s == t {
		return []int32{s}, nil
	}
	n := g.N()
	predF, predB := make([]int32, n), make([]int32, n)
	predF[s], predB[t] = s+1, t+1
	front, back := []int32{s}, []int32{t}
	var next []int32
	steps := 0
	for len(front) > 0 && len(back) > 0 {
		forward := len(front) <= len(back)
		cur, mine, other := back, predB, predF
		if forward {
			cur, mine, other = front, predF, predB
		}
		next = next[:0]
		for _, v := range cur {
			if steps++; steps%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			nbrs := neighbours(g, v, !forward)
			for _, u := range nbrs {
				if mine[u] != 0 {
					continue
				}
				mine[u] = v + 1
				if other[u] != 0 {
					return joinBidi(u, s, t, predF, predB), nil
				}
				next = append(next, u)
			}
		}
		if forward {
			front, next = next, front
		} else {
			back, next = next, back
		}
	}
	return nil, nil
}

// joinBidi is the path through the meeting node m: back along predF to s,
// then forward along predB to t.
func joinBidi(m, s, t int32, predF, predB []int32) []int32 {
	var path []int32
	for v := m; ; v = predF[v] - 1 {
		path = append(path, v)
		if v == s {
			break
		}
	}
	slices.Reverse(path)
	for v := m; v != t; {
		v = predB[v] - 1
		path = append(path, v)
	}
	return path
}
