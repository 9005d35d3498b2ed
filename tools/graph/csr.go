package graph

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// adjacency is one direction of a CSR adjacency (see Graph.outOff): the
// entries of node i are adj[off[i]:off[i+1]].
type adjacency struct {
	off, adj []int32
}

// csrOffsets returns the offsets of the CSR adjacency of the edges
// from[e]→to[e] over n nodes; with both set every non-loop edge is also
// listed at to[e].
func csrOffsets(n int, from, to []int32, both bool) []int32 {
	off := make([]int32, n+1)
	for e := range from {
		off[from[e]+1]++
		if both && from[e] != to[e] {
			off[to[e]+1]++
		}
	}
	for i := 0; i < n; i++ {
		off[i+1] += off[i]
	}
	return off
}

// csrFill says what the entries of a CSR adjacency hold.
type csrFill bool

const (
	fillNeighbours csrFill = false // the other endpoint of the edge
	fillEdges      csrFill = true  // the edge's index
)

// Sizes of the two-pass CSR fill (csrEntries): below csrDirectMax entries
// (16 MB of entries) the entries are scattered straight to their places;
// above, they are first sent to buckets of consecutive nodes holding at
// most csrBucketEntries entries (or one node of more) and at most
// csrBucketNodes nodes, and each bucket is then sorted where it stands.
// An entry's place within its bucket rides in the entry's unused high bits
// when the buckets are small enough to need at most csrPackedBuckets of
// them, else in a 16-bit side array.
const (
	csrDirectMax     = 1 << 22
	csrBucketEntries = 1 << 17
	csrBucketNodes   = 1 << 16
	csrPackedBuckets = 1 << 12
)

// csrEntries returns the entries of the CSR adjacency with offsets off
// (from csrOffsets with the same edges): each node's entries in edge
// order, as a stable counting sort by node gives them.
//
// A counting sort scatters each entry to a random place; once the array no
// longer fits in the cache, every entry costs a cache miss and a page walk
// (a third of reading 10^7 edges went there, against a tenth at 10^6). So
// a large adjacency is filled in two passes, both cache-friendly: the
// entries go in edge order to buckets of consecutive nodes (a few hundred
// write streams, each entry tagged with its node's place in the bucket),
// then each bucket is sorted by node with a stable counting sort inside a
// buffer that fits in the cache.
func csrEntries(off, from, to []int32, both bool, fill csrFill) []int32 {
	return csrEntriesSized(off, from, to, both, fill, csrSizes{csrDirectMax, csrBucketEntries, csrBucketNodes, csrPackedBuckets})
}

// csrSizes are the sizes csrEntries works with (the tests make them small).
type csrSizes struct {
	directMax, bucketEntries, bucketNodes, packedBuckets int
}

func csrEntriesSized(off, from, to []int32, both bool, fill csrFill, sz csrSizes) []int32 {
	n := len(off) - 1
	total := int(off[n])
	entries := make([]int32, total)
	if total <= sz.directMax {
		csrScatter(off, from, to, both, fill, entries)
		return entries
	}
	pl, ok := planBuckets(off, len(from), fill, sz)
	if !ok {
		csrScatter(off, from, to, both, fill, entries)
		return entries
	}
	k := pl.buckets
	next := make([]int32, k)
	for b := range next {
		next[b] = off[pl.first(b)]
	}
	// The entry at p belongs to node first(b) + its tag: the tag is in the
	// high bits of the entry (packed) or in low[p].
	var low []uint16
	if !pl.packed {
		low = make([]uint16, total)
	}
	put := func(u, x int32) {
		var b, tag int32
		if pl.bucketOf == nil {
			b, tag = u>>pl.shift, u&(1<<pl.shift-1)
		} else {
			b = int32(pl.bucketOf[u])
			tag = u - pl.starts[b]
		}
		p := next[b]
		next[b] = p + 1
		if pl.packed {
			entries[p] = int32(uint32(x) | uint32(tag)<<pl.valueBits)
		} else {
			entries[p] = x
			low[p] = uint16(tag)
		}
	}
	for e := range from {
		u, v := from[e], to[e]
		x, y := v, u
		if fill == fillEdges {
			x, y = int32(e), int32(e)
		}
		put(u, x)
		if both && u != v {
			put(v, y)
		}
	}
	pl.bucketOf = nil
	buf := make([]int32, pl.maxHeld)
	pos := make([]int32, pl.maxNodes)
	mask := uint32(1)<<pl.valueBits - 1
	for b := 0; b < k; b++ {
		first, last := pl.first(b), pl.first(b+1)
		if last-first < 2 {
			continue // one node, tagged 0: its entries are in edge order already
		}
		lo, hi := off[first], off[last]
		for j := first; j < last; j++ {
			pos[j-first] = off[j] - lo
		}
		seg := entries[lo:hi]
		if pl.packed {
			for _, x := range seg {
				j := uint32(x) >> pl.valueBits
				buf[pos[j]] = int32(uint32(x) & mask)
				pos[j]++
			}
		} else {
			for i, x := range seg {
				j := low[int(lo)+i]
				buf[pos[j]] = x
				pos[j]++
			}
		}
		copy(seg, buf[:hi-lo])
	}
	return entries
}

// csrPlan says how csrEntries buckets the nodes: runs of 1<<shift nodes
// (bucketOf nil) or the runs csrBuckets cut (starts, bucketOf), and where
// an entry's tag goes.
type csrPlan struct {
	buckets   int
	shift     int32
	starts    []int32
	bucketOf  []uint16
	maxNodes  int // the most nodes in a bucket
	maxHeld   int // the most entries in a bucket of several nodes
	packed    bool
	valueBits int
	n         int32
}

// first returns the first node of bucket b (n for b = buckets).
func (pl *csrPlan) first(b int) int32 {
	if pl.bucketOf == nil && pl.starts == nil {
		return min(int32(b)<<pl.shift, pl.n)
	}
	return pl.starts[b]
}

// planBuckets plans csrEntries's buckets: runs of a power of two of nodes
// holding about sz.bucketEntries entries when no run holds more than four
// times that (the bucket of a node needs no lookup), else the runs of
// csrBuckets. ok is false when no plan fits the 16-bit tags.
func planBuckets(off []int32, edges int, fill csrFill, sz csrSizes) (csrPlan, bool) {
	n := len(off) - 1
	total := int(off[n])
	// Entries hold values below n (neighbours) or edges (edge indices):
	// the bits above them are free for the node's place in its bucket.
	limit := n
	if fill == fillEdges {
		limit = edges
	}
	pl := csrPlan{valueBits: bits.Len32(uint32(max(limit-1, 0))), n: int32(n)}
	spare := 32 - pl.valueBits
	// Nodes per bucket: a power of two near bucketEntries entries.
	per := 1
	for per*2 <= sz.bucketNodes && per*2*total <= sz.bucketEntries*n {
		per *= 2
	}
	if spare < 16 {
		if p := min(per, 1<<spare); (n+p-1)/p <= sz.packedBuckets {
			per, pl.packed = p, true
		}
	} else {
		pl.packed = true
	}
	pl.shift = int32(bits.TrailingZeros(uint(per)))
	pl.buckets = (n + per - 1) / per
	pl.maxNodes = per
	for b := 0; b < pl.buckets; b++ {
		lo, hi := min(b*per, n), min((b+1)*per, n)
		if hi-lo > 1 {
			pl.maxHeld = max(pl.maxHeld, int(off[hi]-off[lo]))
		}
	}
	if pl.maxHeld <= 4*sz.bucketEntries {
		return pl, true
	}
	// A few nodes hold many entries: cut the runs by entries.
	maxNodes := sz.bucketNodes
	pl.packed = spare >= 16
	if !pl.packed {
		if starts := csrBuckets(off, sz.bucketEntries, min(maxNodes, 1<<spare), nil); starts != nil && len(starts)-1 <= sz.packedBuckets {
			maxNodes, pl.packed = min(maxNodes, 1<<spare), true
		}
	}
	pl.bucketOf = make([]uint16, n)
	pl.starts = csrBuckets(off, sz.bucketEntries, maxNodes, pl.bucketOf)
	if pl.starts == nil {
		// Too many buckets for 16-bit labels (not reachable below 2^31
		// entries).
		return csrPlan{}, false
	}
	pl.buckets = len(pl.starts) - 1
	pl.maxNodes, pl.maxHeld = maxNodes, 0
	for b := 0; b < pl.buckets; b++ {
		if first, last := pl.starts[b], pl.starts[b+1]; last-first > 1 {
			pl.maxHeld = max(pl.maxHeld, int(off[last]-off[first]))
		}
	}
	return pl, true
}

// csrBuckets splits the nodes of the CSR offsets off into buckets: runs of
// consecutive nodes of at most maxNodes nodes and maxEntries entries, or a
// single node of more entries. It returns the first node of each bucket
// followed by n, and labels each node with its bucket in bucketOf unless
// nil; nil when there would be more than 2^16 buckets.
func csrBuckets(off []int32, maxEntries, maxNodes int, bucketOf []uint16) []int32 {
	n := len(off) - 1
	starts := []int32{0}
	held, nodes := 0, 0
	for u := 0; u < n; u++ {
		d := int(off[u+1] - off[u])
		if nodes > 0 && (held+d > maxEntries || nodes == maxNodes) {
			if len(starts) == 1<<16 {
				return nil
			}
			starts = append(starts, int32(u))
			held, nodes = 0, 0
		}
		if bucketOf != nil {
			bucketOf[u] = uint16(len(starts) - 1)
		}
		held += d
		nodes++
	}
	return append(starts, int32(n))
}

// csrScatter is csrEntries's one-pass stable counting sort.
func csrScatter(off, from, to []int32, both bool, fill csrFill, entries []int32) {
	n := len(off) - 1
	pos := make([]int32, n)
	copy(pos, off[:n])
	for e := range from {
		u, v := from[e], to[e]
		x, y := v, u
		if fill == fillEdges {
			x, y = int32(e), int32(e)
		}
		entries[pos[u]] = x
		pos[u]++
		if both && u != v {
			entries[pos[v]] = y
			pos[v]++
		}
	}
}

// derivedCSR holds the arrays a Graph derives from its edges on first use:
// the edge indices aligned with the out adjacency and, for a directed
// graph, the in adjacency and its edge indices. Most questions about a
// large graph read only the out adjacency (traversals, components,
// degrees), so the graph is loaded without them: 8 bytes per undirected
// edge less, and 12 per directed edge.
type derivedCSR struct {
	mu      sync.Mutex
	outEdge atomic.Pointer[[]int32]
	in      atomic.Pointer[adjacency]
	inEdge  atomic.Pointer[[]int32]
}

// outEdges returns the edge index of every out-adjacency entry.
func (g *Graph) outEdges() []int32 {
	if p := g.derived.outEdge.Load(); p != nil {
		return *p
	}
	return g.deriveOutEdges()
}

func (g *Graph) deriveOutEdges() []int32 {
	d := g.derived
	d.mu.Lock()
	defer d.mu.Unlock()
	if p := d.outEdge.Load(); p != nil {
		return *p
	}
	eidx := csrEntries(g.outOff, g.src, g.dst, !g.directed, fillEdges)
	d.outEdge.Store(&eidx)
	return eidx
}

// inAdjacency returns the in adjacency of a directed graph.
func (g *Graph) inAdjacency() *adjacency {
	if a := g.derived.in.Load(); a != nil {
		return a
	}
	return g.deriveIn()
}

func (g *Graph) deriveIn() *adjacency {
	d := g.derived
	d.mu.Lock()
	defer d.mu.Unlock()
	if a := d.in.Load(); a != nil {
		return a
	}
	off := csrOffsets(len(g.ids), g.dst, g.src, false)
	a := &adjacency{off: off, adj: csrEntries(off, g.dst, g.src, false, fillNeighbours)}
	d.in.Store(a)
	return a
}

// inEdges returns the edge index of every in-adjacency entry of a directed
// graph.
func (g *Graph) inEdges() []int32 {
	if p := g.derived.inEdge.Load(); p != nil {
		return *p
	}
	return g.deriveInEdges()
}

func (g *Graph) deriveInEdges() []int32 {
	a := g.inAdjacency()
	d := g.derived
	d.mu.Lock()
	defer d.mu.Unlock()
	if p := d.inEdge.Load(); p != nil {
		return *p
	}
	eidx := csrEntries(a.off, g.dst, g.src, false, fillEdges)
	d.inEdge.Store(&eidx)
	return eidx
}
