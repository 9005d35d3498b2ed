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
//
// After idArenaSmall blocks (4 MiB of IDs) the blocks are idArenaBig, and
// asked to be backed by huge pages: the IDs' bytes are read at random
// places when IDs are looked up (nodeIndex.getBatch).
type idArena struct {
	sb     strings.Builder
	blocks int
}

// idArenaSmall is how many blocks of idArenaChunk an idArena takes before
// its blocks grow to idArenaBig.
const (
	idArenaSmall = 64
	idArenaBig   = 8 << 20
)

// next starts a new block.
func (a *idArena) next() {
	a.sb = strings.Builder{}
	a.blocks++
	if a.blocks <= idArenaSmall {
		a.sb.Grow(idArenaChunk)
		return
	}
	a.sb.Grow(idArenaBig)
	a.sb.WriteByte(0) // the block's first byte, to find it: not handed out
	adviseHugeString(a.sb.String(), a.sb.Cap())
}

// strString returns a copy of s in the arena, so that s (perhaps a
// substring of a large text) is not kept alive by the graph.
func (a *idArena) strString(s string) string {
	if len(s) > idArenaChunk/8 {
		return strings.Clone(s)
	}
	if a.sb.Cap()-a.sb.Len() < len(s) {
		a.next()
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
		a.next()
	}
	start := a.sb.Len()
	a.sb.Write(p)
	return a.sb.String()[start:]
}

// dedupEdges removes repeated edges from raw edge arrays in place with
// NetworkX semantics: an edge keeps the position and orientation of its first
// occurrence, and its weight is the last weight given for it (w[k] is NaN
// where line k gave none; w may be nil). It returns the out adjacency of the
// remaining edges too: it builds the CSR of the raw lines (which the graph
// needs anyway), finds the repeats in each node's list, where an edge's
// lines are in line order, and then drops them from the arrays and the
// lists. When nothing repeats, the only extra memory is two arrays of a
// node each.
//
// An edge's lines are found from its lower endpoint's list (its source's
// when directed): the entry of line k there is its key entry. No edge
// index is stored with the entries (4 bytes each): line k's entries are
// found again by replaying the counting sort in line order, and the key
// entry of a repeat holds the place of its edge's first key entry.
func dedupEdges[W float32 | float64](n int, src, dst []int32, w []W, directed bool) ([]int32, []int32, []W, *adjacency) {
	m := len(src)
	both := !directed
	off := csrOffsets(n, src, dst, both)
	adj := csrEntries(off, src, dst, both, fillNeighbours)
	out := &adjacency{off: off, adj: adj}
	// drop: bit p is set for the entries of repeated lines (key entries
	// here, their other ends below); firstOf: bit p for the key entry of
	// an edge's first line when the edge repeats; hot: bit a for the ends
	// of repeated edges.
	var drop, firstOf, hot []uint64
	ndup := 0
	repeats := func(p, f, a, b int32) {
		if drop == nil {
			drop = make([]uint64, (len(adj)+63)/64)
			firstOf = make([]uint64, len(drop))
			hot = make([]uint64, (n+63)/64)
		}
		drop[p>>6] |= 1 << (p & 63)
		firstOf[f>>6] |= 1 << (f & 63)
		hot[a>>6] |= 1 << (a & 63)
		hot[b>>6] |= 1 << (b & 63)
		adj[p] = f // dropped below; until then it leads to the first line
		ndup++
	}
	// A short list is searched for repeats among its own key entries,
	// which stay in the cache; a long one through seen, where seen[b]
	// holds a+1 and the place of a's first key entry to b.
	var seen []uint64
	var keys, nbrs [32]int32 // the key entries of a short list and their neighbours
	for a := int32(0); int(a) < n; a++ {
		lo, hi := off[a], off[a+1]
		nk := 0
		for p := lo; p < hi; p++ {
			if b := adj[p]; !both || b >= a {
				if nk == len(keys) {
					nk = -1 // long
					break
				}
				keys[nk], nbrs[nk] = p, b
				nk++
			}
		}
		if nk >= 0 {
			for j := 1; j < nk; j++ {
				for i, b := range nbrs[:j] {
					if b == nbrs[j] {
						repeats(keys[j], keys[i], a, b)
						break
					}
				}
			}
			continue
		}
		if seen == nil {
			seen = make([]uint64, n)
		}
		for p := lo; p < hi; p++ {
			b := adj[p]
			if both && b < a {
				continue // not a key entry
			}
			if x := seen[b]; int32(x>>32) != a+1 {
				seen[b] = uint64(a+1)<<32 | uint64(p)
			} else {
				repeats(p, int32(uint32(x)), a, b)
			}
		}
	}
	seen = nil
	if ndup == 0 {
		return src, dst, defaultWeights(w), out
	}
	// lineOf[rank of p among firstOf's bits] is the line of the key
	// entry p.
	rank := make([]int32, len(firstOf))
	nfirst := 0
	for i, x := range firstOf {
		rank[i] = int32(nfirst)
		nfirst += bits.OnesCount64(x)
	}
	rankOf := func(p int32) int32 {
		return rank[p>>6] + int32(bits.OnesCount64(firstOf[p>>6]&(1<<(p&63)-1)))
	}
	has := func(set []uint64, p int32) bool { return set[p>>6]&(1<<(p&63)) != 0 }
	lineOf := make([]int32, nfirst)
	repeat := make([]uint64, (m+63)/64) // bit k: line k repeats an earlier edge
	// Replay the counting sort for the ends of repeated edges only: the
	// other lines have nothing to change.
	pos := make([]int32, n)
	copy(pos, off[:n])
	for k := range src {
		u, v := src[k], dst[k]
		hu, hv := has(hot, u), has(hot, v)
		if !hu && !hv {
			continue
		}
		var pu, pv int32
		if hu {
			pu = pos[u]
			pos[u]++
		}
		if both && u != v && hv {
			pv = pos[v]
			pos[v]++
		}
		key, other := pu, pv
		keyHot := hu
		if !both || u == v {
			other = pu
		} else if v < u {
			key, other, keyHot = pv, pu, hv
		}
		if !keyHot {
			continue // the key entry's node has no repeats
		}
		switch {
		case has(firstOf, key):
			lineOf[rankOf(key)] = int32(k)
		case has(drop, key):
			repeat[k>>6] |= 1 << (k & 63)
			if other != key {
				drop[other>>6] |= 1 << (other & 63)
			}
			if w != nil && !math.IsNaN(float64(w[k])) {
				// Lines of one edge come in order: the last weight wins.
				w[lineOf[rankOf(adj[key])]] = w[k]
			}
		}
	}
	pos, lineOf, rank, firstOf, hot = nil, nil, nil, nil, nil
	kept := 0
	for k := range src {
		if repeat[k>>6]&(1<<(k&63)) != 0 {
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
		end := off[a+1]
		for p := start; p < end; p++ {
			if !has(drop, p) {
				adj[j] = adj[p]
				j++
			}
		}
		start = end
		off[a+1] = j
	}
	out.adj = slices.Clip(adj[:j])
	if w != nil {
		w = w[:kept]
	}
	return src[:kept], dst[:kept], defaultWeights(w), out
}

// defaultWeights sets the weights of edges without one (NaN) to 1.
func defaultWeights[W float32 | float64](w []W) []W {
	for k, x := range w {
		if math.IsNaN(float64(x)) {
			w[k] = 1
		}
	}
	return w
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
