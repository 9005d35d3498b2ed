package retrieval

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/coder/hnsw"

	"github.com/graphagent/graphagent/encoders"
)

// layered is a read-only copy of the neighbour lists of a coder/hnsw graph.
// coder/hnsw builds the graph well enough, but its search stops as soon as
// one expansion fails to improve the best distance, which on 10,000 random
// vectors finds about 5% of the true top 10. So the index reads the graph's
// structure once (through Export, the library's only view of it) and runs a
// standard HNSW beam search over it.
type layered struct {
	entry int32
	// upper[l-1] maps a node key to its neighbours on layer l >= 1.
	upper []map[int32][]int32
	// base holds layer 0 in CSR form over the dense keys 0..n-1.
	baseOff []int32
	baseAdj []int32
}

// errExport means the coder/hnsw export did not have the expected layout.
var errExport = errors.New("unexpected hnsw export layout")

// snapshot reads g's layers through Export. Keys must be 0..n-1.
func snapshot(g *hnsw.Graph[int32], vecs [][]float32, refineWidth int) (*layered, error) {
	n := len(vecs)
	var buf bytes.Buffer
	if err := g.Export(&buf); err != nil {
		return nil, fmt.Errorf("export hnsw graph: %w", err)
	}
	r := bufio.NewReader(&buf)
	varint := func() (int, error) {
		v, err := binary.ReadVarint(r)
		return int(v), err
	}
	// Header: version, M, Ml (float64), EfSearch, distance name.
	if _, err := varint(); err != nil {
		return nil, fmt.Errorf("%w: version: %v", errExport, err)
	}
	if _, err := varint(); err != nil {
		return nil, fmt.Errorf("%w: M: %v", errExport, err)
	}
	var ml float64
	if err := binary.Read(r, binary.LittleEndian, &ml); err != nil {
		return nil, fmt.Errorf("%w: Ml: %v", errExport, err)
	}
	if _, err := varint(); err != nil {
		return nil, fmt.Errorf("%w: EfSearch: %v", errExport, err)
	}
	nameLen, err := varint()
	if err != nil || nameLen < 0 || nameLen > 1<<10 {
		return nil, fmt.Errorf("%w: distance name", errExport)
	}
	if _, err := r.Discard(nameLen); err != nil {
		return nil, fmt.Errorf("%w: distance name: %v", errExport, err)
	}
	nLayers, err := varint()
	if err != nil || nLayers <= 0 || nLayers > 64 {
		return nil, fmt.Errorf("%w: %d layers", errExport, nLayers)
	}
	out := &layered{entry: -1}
	var key int32
	for l := 0; l < nLayers; l++ {
		nNodes, err := varint()
		if err != nil || nNodes < 0 || nNodes > n {
			return nil, fmt.Errorf("%w: layer %d has %d nodes", errExport, l, nNodes)
		}
		var adj map[int32][]int32
		var lists [][]int32
		if l == 0 {
			if nNodes != n {
				return nil, fmt.Errorf("%w: layer 0 has %d nodes, index %d", errExport, nNodes, n)
			}
			lists = make([][]int32, n)
		} else {
			adj = make(map[int32][]int32, nNodes)
		}
		for j := 0; j < nNodes; j++ {
			if err := binary.Read(r, binary.LittleEndian, &key); err != nil {
				return nil, fmt.Errorf("%w: key: %v", errExport, err)
			}
			if key < 0 || int(key) >= n {
				return nil, fmt.Errorf("%w: key %d out of range", errExport, key)
			}
			dim, err := varint()
			if err != nil || dim < 0 {
				return nil, fmt.Errorf("%w: vector length", errExport)
			}
			if _, err := r.Discard(4 * dim); err != nil {
				return nil, fmt.Errorf("%w: vector: %v", errExport, err)
			}
			nNb, err := varint()
			if err != nil || nNb < 0 || nNb > n {
				return nil, fmt.Errorf("%w: %d neighbours", errExport, nNb)
			}
			nb := make([]int32, nNb)
			if err := binary.Read(r, binary.LittleEndian, nb); err != nil {
				return nil, fmt.Errorf("%w: neighbours: %v", errExport, err)
			}
			for _, v := range nb {
				if v < 0 || int(v) >= n {
					return nil, fmt.Errorf("%w: neighbour %d out of range", errExport, v)
				}
			}
			// Map order in the export is random; sort for reproducible walks.
			slices.Sort(nb)
			if l == 0 {
				lists[key] = nb
			} else {
				adj[key] = nb
				if l == nLayers-1 && (out.entry < 0 || key < out.entry) {
					out.entry = key
				}
			}
		}
		if l == 0 {
			lists = refine(lists, vecs, refineWidth)
			out.baseOff = make([]int32, n+1)
			for i, nb := range lists {
				out.baseOff[i+1] = out.baseOff[i] + int32(len(nb))
			}
			out.baseAdj = make([]int32, 0, out.baseOff[n])
			for _, nb := range lists {
				out.baseAdj = append(out.baseAdj, nb...)
			}
		} else {
			out.upper = append(out.upper, adj)
		}
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: trailing data", errExport)
	}
	if out.entry < 0 {
		out.entry = 0 // a single layer: start anywhere
	}
	return out, nil
}

// cand is a node and its distance to the query.
type cand struct {
	key  int32
	dist float32
}

func compareCand(a, b cand) int {
	if a.dist != b.dist {
		return cmp.Compare(a.dist, b.dist)
	}
	return cmp.Compare(a.key, b.key)
}

// walker holds the buffers of one search.
type walker struct {
	visited []uint32 // stamp per node
	stamp   uint32
	evals   int // distance computations, for benchmarks
}

// search returns up to ef nodes near q (unsorted), walking greedily down the
// upper layers and then running the HNSW beam search with width ef on layer
// 0. dist must be 1 - cosine over vecs. The node skip (-1 for none) is
// neither visited nor returned, as if it were not in the graph: calibration
// uses it to query with an indexed vector held out. skip must not be the
// entry point.
func (s *layered) search(q []float32, vecs [][]float32, ef int, w *walker, skip int32) []cand {
	dist := func(k int32) float32 {
		w.evals++
		return 1 - encoders.Dot(q, vecs[k])
	}
	cur := cand{s.entry, dist(s.entry)}
	for l := len(s.upper) - 1; l >= 0; l-- {
		for improved := true; improved; {
			improved = false
			for _, nb := range s.upper[l][cur.key] {
				if nb == skip {
					continue
				}
				if d := dist(nb); d < cur.dist {
					cur, improved = cand{nb, d}, true
				}
			}
		}
	}
	// Layer 0 beam search. visited uses stamps so the buffer is reused.
	w.stamp++
	if w.stamp == 0 || len(w.visited) < len(vecs) {
		w.visited = make([]uint32, len(vecs))
		w.stamp = 1
	}
	w.visited[cur.key] = w.stamp
	if skip >= 0 {
		w.visited[skip] = w.stamp
	}
	frontier := candHeap{items: []cand{cur}}                     // to expand, nearest first
	results := candHeap{items: []cand{cur}, farthestFirst: true} // best ef so far, farthest on top
	for len(frontier.items) > 0 {
		c := frontier.pop()
		if len(results.items) >= ef && c.dist > results.items[0].dist {
			break
		}
		for _, nb := range s.baseAdj[s.baseOff[c.key]:s.baseOff[c.key+1]] {
			if w.visited[nb] == w.stamp {
				continue
			}
			w.visited[nb] = w.stamp
			d := dist(nb)
			if len(results.items) < ef || d < results.items[0].dist {
				frontier.push(cand{nb, d})
				results.push(cand{nb, d})
				if len(results.items) > ef {
					results.pop()
				}
			}
		}
	}
	return results.items
}

// candHeap is a binary heap of candidates: nearest on top, or farthest on
// top when farthestFirst is set.
type candHeap struct {
	items         []cand
	farthestFirst bool
}

// above reports whether x belongs above y.
func (h *candHeap) above(x, y cand) bool {
	if h.farthestFirst {
		return compareCand(x, y) > 0
	}
	return compareCand(x, y) < 0
}

func (h *candHeap) push(c cand) {
	h.items = append(h.items, c)
	a := h.items
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.above(a[i], a[p]) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

func (h *candHeap) pop() cand {
	a := h.items
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(a) && h.above(a[l], a[m]) {
			m = l
		}
		if r < len(a) && h.above(a[r], a[m]) {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	h.items = a
	return top
}

// refine improves layer 0 with one round of neighbour-of-neighbour search
// (as in NN-descent): each node keeps the width nearest among its neighbours
// and their neighbours, and every kept link is also added in reverse. The
// graph coder/hnsw builds has many long links because its insertion search
// stops early; one round fixes most of them in n*M^2 distance computations.
func refine(lists [][]int32, vecs [][]float32, width int) [][]int32 {
	if width <= 0 {
		return lists
	}
	n := len(lists)
	out := make([][]int32, n)
	seen := make([]int32, n)
	for i := range seen {
		seen[i] = -1
	}
	var cs []cand
	for u := 0; u < n; u++ {
		cs = cs[:0]
		seen[u] = int32(u)
		add := func(v int32) {
			if seen[v] == int32(u) {
				return
			}
			seen[v] = int32(u)
			cs = append(cs, cand{v, 1 - encoders.Dot(vecs[u], vecs[v])})
		}
		for _, v := range lists[u] {
			add(v)
			for _, w := range lists[v] {
				add(w)
			}
		}
		slices.SortFunc(cs, compareCand)
		if len(cs) > width {
			cs = cs[:width]
		}
		nb := make([]int32, len(cs), len(cs)+width/2)
		for i, c := range cs {
			nb[i] = c.key
		}
		out[u] = nb
	}
	// Reverse links, so every node can be reached from its near neighbours.
	fwd := make([]int, n)
	for u := range out {
		fwd[u] = len(out[u])
	}
	for u := 0; u < n; u++ {
		for _, v := range out[u][:fwd[u]] {
			if !slices.Contains(out[v][:fwd[v]], int32(u)) && len(out[v]) < fwd[v]+width {
				out[v] = append(out[v], int32(u))
			}
		}
	}
	for u := range out {
		slices.Sort(out[u])
		out[u] = slices.Compact(out[u])
	}
	return out
}
