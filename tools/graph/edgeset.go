package graph

import (
	"math"
	"math/bits"
	"slices"
	"strings"
)

// edgeSet is an open-addressing hash set of edge indices keyed by their
// endpoints, used by Builder to de-duplicate edges. A slot holds a 32-bit
// fingerprint of the endpoints and the edge index + 1 (0 = empty); the
// endpoints themselves are read from the builder's src/dst arrays only when
// fingerprints match. At a load factor of at most 1/2 it costs 16 bytes per
// edge, a fraction of a map[uint64]int32.
type edgeSet struct {
	slots []uint64
	shift uint // 64 - log2(len(slots))
	count int
}

// edgeKey packs an edge's endpoints, smaller first when undirected.
func edgeKey(u, v int32, directed bool) uint64 {
	if !directed && u > v {
		u, v = v, u
	}
	return uint64(uint32(u))<<32 | uint64(uint32(v))
}

// hashSlot mixes a key (splitmix64 finaliser) into a start slot and a
// non-zero fingerprint in the high half of a slot.
func (s *edgeSet) hashSlot(k uint64) (int, uint64) {
	k ^= k >> 30
	k *= 0xbf58476d1ce4e5b9
	k ^= k >> 27
	k *= 0x94d049bb133111eb
	k ^= k >> 31
	return int(k >> s.shift), uint64(uint32(k)|1) << 32
}

// reserve sizes the table for about m edges, re-inserting the edges already
// in src/dst.
func (s *edgeSet) reserve(m int, src, dst []int32, directed bool) {
	size := 16
	for size < 2*m {
		size <<= 1
	}
	if size > len(s.slots) {
		s.rehash(size, src, dst, directed)
	}
}

func (s *edgeSet) rehash(size int, src, dst []int32, directed bool) {
	s.slots = make([]uint64, size)
	s.shift = 64
	for n := size; n > 1; n >>= 1 {
		s.shift--
	}
	mask := size - 1
	for e := range src {
		i, fp := s.hashSlot(edgeKey(src[e], dst[e], directed))
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = fp | uint64(e+1)
	}
	s.count = len(src)
}

// find returns the edge u→v (either orientation when undirected) or -1 and
// the empty slot where it would be inserted.
func (s *edgeSet) find(u, v int32, src, dst []int32, directed bool) (slot int, e int32) {
	if len(s.slots) == 0 {
		s.rehash(16, src, dst, directed)
	}
	k := edgeKey(u, v, directed)
	mask := len(s.slots) - 1
	i, fp := s.hashSlot(k)
	for {
		x := s.slots[i]
		if x == 0 {
			return i, -1
		}
		if x&^0xffffffff == fp {
			if e := int32(uint32(x)) - 1; edgeKey(src[e], dst[e], directed) == k {
				return i, e
			}
		}
		i = (i + 1) & mask
	}
}

// insert records edge e, already appended to src/dst, in the slot returned
// by find, growing the table past a load factor of 1/2.
func (s *edgeSet) insert(slot int, e int32, src, dst []int32, directed bool) {
	_, fp := s.hashSlot(edgeKey(src[e], dst[e], directed))
	s.slots[slot] = fp | uint64(e+1)
	s.count++
	if 2*s.count > len(s.slots) {
		s.rehash(2*len(s.slots), src, dst, directed)
	}
}

// idArenaChunk is the size of one backing block of an idArena.
const idArenaChunk = 64 << 10

// idArena turns byte slices into strings that share large backing blocks,
// so interning many short node IDs costs one allocation per block instead of
// one per ID. Strings handed out are never modified: a strings.Builder only
// appends, and a full block is replaced, not reused.
type idArena struct {
	sb strings.Builder
}

// strString returns a copy of s in the arena, so that s (perhaps a
// substring of a large text) is not kept alive by the graph.
func (a *idArena) strString(s string) string {
	if len(s) > idArenaChunk/8 {
		return strings.Clone(s)
	}
	if a.sb.Cap()-a.sb.Len() < len(s) {
		a.sb = strings.Builder{}
		a.sb.Grow(idArenaChunk)
	}
	start := a.sb.Len()
	a.sb.WriteString(s)
	return a.sb.String()[start:]
}

// str returns a string with the contents of p.
func (a *idArena) str(p []byte) string {
	if len(p) > idArenaChunk/8 {
		return string(p)
	}
	if a.sb.Cap()-a.sb.Len() < len(p) {
		a.sb = strings.Builder{}
		a.sb.Grow(idArenaChunk)
	}
	start := a.sb.Len()
	a.sb.Write(p)
	return a.sb.String()[start:]
}

// adjacency is one direction of a CSR adjacency (see Graph.outOff).
type adjacency struct {
	off, adj, eidx []int32
}

// dedupEdges removes repeated edges from raw edge arrays in place with
// NetworkX semantics: an edge keeps the position and orientation of its first
// occurrence, and its weight is the last weight given for it (w[k] is NaN
// where line k gave none; w may be nil). It returns the out adjacency of the
// remaining edges too: it builds the CSR of the raw edges (a stable counting
// sort, which the graph needs anyway), finds the repeats in each node's
// list, where an edge's occurrences are in line order, and then drops them
// from the arrays and the lists. Reading the lists front to back keeps the
// memory accesses sequential but for one marker array, where a separate sort
// by endpoint took a third more time at 10^7 edges; when nothing repeats,
// the only extra memory is a per-node marker.
func dedupEdges[W float32 | float64](n int, src, dst []int32, w []W, directed bool) ([]int32, []int32, []W, *adjacency) {
	m := len(src)
	out := &adjacency{}
	out.off, out.adj, out.eidx = csr(n, src, dst, !directed)
	var dup []uint64 // bit k: line k repeats an earlier edge
	ndup := 0
	stamp := make([]int32, n) // a+1 when first[b] is a's first edge to b
	first := make([]int32, n)
	for a := int32(0); int(a) < n; a++ {
		lo, hi := out.off[a], out.off[a+1]
		for j, b := range out.adj[lo:hi] {
			if !directed && b < a {
				continue // the edge is read from its lower endpoint
			}
			k := out.eidx[int(lo)+j]
			if stamp[b] != a+1 {
				stamp[b], first[b] = a+1, k
				continue
			}
			if dup == nil {
				dup = make([]uint64, (m+63)/64)
			}
			dup[k>>6] |= 1 << (k & 63)
			ndup++
			if w != nil && !math.IsNaN(float64(w[k])) {
				w[first[b]] = w[k] // lines of one edge come in order: the last wins
			}
		}
	}
	stamp, first = nil, nil
	for k, x := range w {
		if math.IsNaN(float64(x)) {
			w[k] = 1
		}
	}
	if ndup == 0 {
		return src, dst, w, out
	}
	// rank[i] is the number of repeats before line 64*i, so line k's new
	// index is k - rank[k/64] - (repeats among the lines of its word before k).
	rank := make([]int32, len(dup))
	next := 0
	for i, x := range dup {
		rank[i] = int32(next)
		next += bits.OnesCount64(x)
	}
	newIndex := func(k int32) int32 {
		return k - rank[k>>6] - int32(bits.OnesCount64(dup[k>>6]&(1<<(k&63)-1)))
	}
	isDup := func(k int32) bool { return dup[k>>6]&(1<<(k&63)) != 0 }
	kept := 0
	for k := range src {
		if isDup(int32(k)) {
			continue
		}
		src[kept], dst[kept] = src[k], dst[k]
		if w != nil {
			w[kept] = w[k]
		}
		kept++
	}
	j := int32(0)
	start := int32(0)
	for a := 0; a < n; a++ {
		end := out.off[a+1]
		for i := start; i < end; i++ {
			if k := out.eidx[i]; !isDup(k) {
				out.adj[j], out.eidx[j] = out.adj[i], newIndex(k)
				j++
			}
		}
		start = end
		out.off[a+1] = j
	}
	out.adj = slices.Clip(out.adj[:j])
	out.eidx = slices.Clip(out.eidx[:j])
	if w != nil {
		w = w[:kept]
	}
	return src[:kept], dst[:kept], w, out
}

// setEdges installs de-duplicated edges and their out adjacency on a
// builder that has none yet; Build then uses the adjacency as it is.
func (b *Builder) setEdges(src, dst []int32, w []float64, out *adjacency) {
	b.src, b.dst, b.weight, b.weight32 = src, dst, w, nil
	b.edges = edgeSet{}
	b.out = out
}

// setEdges32 is setEdges for weights that are all float32 values (w may be
// nil: no weights).
func (b *Builder) setEdges32(src, dst []int32, w []float32, out *adjacency) {
	b.setEdges(src, dst, nil, out)
	b.weight32 = w
}
