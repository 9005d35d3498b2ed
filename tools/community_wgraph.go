package tools

import "github.com/graphagent/graphagent/tools/graph"

// nxWGraph is a weighted simple graph laid out as NetworkX's dict-of-dicts:
// every adjacency keeps its neighbours in insertion order and adding an
// existing edge overwrites its weight. The community algorithms sum floats
// in NetworkX's iteration orders over it, so their results agree with
// NetworkX's to the last bit, not just approximately.
type nxWGraph struct {
	directed bool
	succ     [][]wnbr // adjacency (undirected) or successors (directed)
	pred     [][]wnbr // predecessors; nil when undirected
	// pos maps (u, v) to v's position in succ[u]; ppos (u, v) to v's
	// position in pred[u].
	pos, ppos map[uint64]int32
}

// wnbr is one adjacency entry: neighbour and edge weight.
type wnbr struct {
	v int32
	w float64
}

func pairKey(u, v int32) uint64 { return uint64(uint32(u))<<32 | uint64(uint32(v)) }

func newNXWGraph(n int, directed bool) *nxWGraph {
	h := &nxWGraph{directed: directed, succ: make([][]wnbr, n), pos: map[uint64]int32{}}
	if directed {
		h.pred = make([][]wnbr, n)
		h.ppos = map[uint64]int32{}
	}
	return h
}

func (h *nxWGraph) n() int { return len(h.succ) }

// setEntry sets adj[u][v] = w, appending v when new.
func setEntry(adj [][]wnbr, pos map[uint64]int32, u, v int32, w float64) {
	k := pairKey(u, v)
	if p, ok := pos[k]; ok {
		adj[u][p].w = w
		return
	}
	pos[k] = int32(len(adj[u]))
	adj[u] = append(adj[u], wnbr{v, w})
}

// addEdge is NetworkX's add_edge(u, v, weight=w).
func (h *nxWGraph) addEdge(u, v int32, w float64) {
	setEntry(h.succ, h.pos, u, v, w)
	if h.directed {
		setEntry(h.pred, h.ppos, v, u, w)
	} else if u != v {
		setEntry(h.succ, h.pos, v, u, w)
	}
}

// weight returns the weight of edge (u, v) and whether it exists.
func (h *nxWGraph) weight(u, v int32) (float64, bool) {
	p, ok := h.pos[pairKey(u, v)]
	if !ok {
		return 0, false
	}
	return h.succ[u][p].w, true
}

// edges calls f for every edge in NetworkX's G.edges() order: nodes in
// order, neighbours in adjacency order, an undirected edge once (from its
// earlier endpoint).
func (h *nxWGraph) edges(f func(u, v int32, w float64)) {
	for u := range h.succ {
		for _, e := range h.succ[u] {
			if h.directed || e.v >= int32(u) {
				f(int32(u), e.v, e.w)
			}
		}
	}
}

// degrees returns the weighted degrees as NetworkX's G.degree(weight=...)
// sums them: for undirected graphs the adjacency in order plus a self-loop's
// weight once more; for directed graphs out then in.
func (h *nxWGraph) degrees() []float64 {
	d := make([]float64, h.n())
	for u := range h.succ {
		s := 0.0
		self, hasSelf := 0.0, false
		for _, e := range h.succ[u] {
			s += e.w
			if e.v == int32(u) {
				self, hasSelf = e.w, true
			}
		}
		if h.directed {
			// NetworkX adds the two sums: sum(succ) + sum(pred).
			p := 0.0
			for _, e := range h.pred[u] {
				p += e.w
			}
			s += p
		} else if hasSelf {
			s += self
		}
		d[u] = s
	}
	return d
}

// outInDegrees returns the weighted out- and in-degrees of a directed graph.
func (h *nxWGraph) outInDegrees() (out, in []float64) {
	out, in = make([]float64, h.n()), make([]float64, h.n())
	for u := range h.succ {
		for _, e := range h.succ[u] {
			out[u] += e.w
		}
		for _, e := range h.pred[u] {
			in[u] += e.w
		}
	}
	return out, in
}

// size is NetworkX's G.size(weight="weight"): half the sum of the degrees.
func (h *nxWGraph) size() float64 {
	s := 0.0
	for _, d := range h.degrees() {
		s += d
	}
	return s / 2
}

// nxWGraphOf copies g as NetworkX's louvain_partitions does
// (graph.add_weighted_edges_from(G.edges(data=weight, default=1))): nodes in
// order, then the edges in G.edges() order, with weight 1 when unweighted.
func nxWGraphOf(g *graph.Graph, weighted bool) *nxWGraph {
	h := newNXWGraph(g.N(), g.Directed())
	for u := int32(0); u < int32(g.N()); u++ {
		for k, v := range g.Out(u) {
			if !g.Directed() && v < u {
				continue
			}
			w := 1.0
			if weighted {
				w = g.Weight(g.OutEdges(u)[k])
			}
			h.addEdge(u, v, w)
		}
	}
	return h
}

// modularityOf is NetworkX's community.modularity on h (weights as stored)
// for a partition given as community index per node, with communities
// numbered 0..k-1 in the order NetworkX lists them.
func (h *nxWGraph) modularityOf(comm []int32, k int, resolution float64) float64 {
	var outDeg, inDeg []float64
	var m, norm float64
	if h.directed {
		outDeg, inDeg = h.outInDegrees()
		for _, d := range outDeg {
			m += d
		}
		norm = 1 / (m * m)
	} else {
		outDeg = h.degrees()
		inDeg = outDeg
		degSum := 0.0
		for _, d := range outDeg {
			degSum += d
		}
		m = degSum / 2
		norm = 1 / (degSum * degSum)
	}
	lc := make([]float64, k)
	outSum := make([]float64, k)
	inSum := make([]float64, k)
	for u := range h.succ {
		c := comm[u]
		outSum[c] += outDeg[u]
		inSum[c] += inDeg[u]
	}
	h.edges(func(u, v int32, w float64) {
		if comm[u] == comm[v] {
			lc[comm[u]] += w
		}
	})
	q := 0.0
	for c := 0; c < k; c++ {
		q += lc[c]/m - float64(float64(float64(resolution*outSum[c])*inSum[c])*norm)
	}
	return q
}
