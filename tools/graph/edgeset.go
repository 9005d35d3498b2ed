package graph

import "strings"

// edgeSet is an open-addressing hash set of edge indices keyed by their
// endpoints, used by Builder to de-duplicate edges. It stores only int32
// slots (edge index + 1, 0 = empty) and reads the endpoints from the
// builder's src/dst arrays, so at a load factor of at most 1/2 it costs
// 8 bytes per edge, several times less than a map[uint64]int32.
type edgeSet struct {
	slots []int32
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

// hashSlot mixes a key (splitmix64 finaliser) and keeps the top bits.
func (s *edgeSet) hashSlot(k uint64) int {
	k ^= k >> 30
	k *= 0xbf58476d1ce4e5b9
	k ^= k >> 27
	k *= 0x94d049bb133111eb
	k ^= k >> 31
	return int(k >> s.shift)
}

// reserve sizes the table for about m edges, re-inserting the edges already
// in src/dst.
func (s *edgeSet) reserve(m int, src, dst []int32, directed bool) {
	size := 16
	for size < 2*m {
		size <<= 1
	}
	if size <= len(s.slots) {
		return
	}
	s.rehash(size, src, dst, directed)
}

func (s *edgeSet) rehash(size int, src, dst []int32, directed bool) {
	s.slots = make([]int32, size)
	s.shift = 64
	for n := size; n > 1; n >>= 1 {
		s.shift--
	}
	mask := size - 1
	for e := range src {
		i := s.hashSlot(edgeKey(src[e], dst[e], directed))
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = int32(e) + 1
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
	i := s.hashSlot(k)
	for {
		x := s.slots[i]
		if x == 0 {
			return i, -1
		}
		if edgeKey(src[x-1], dst[x-1], directed) == k {
			return i, x - 1
		}
		i = (i + 1) & mask
	}
}

// insert records edge e, already appended to src/dst, in the slot returned
// by find, growing the table past a load factor of 1/2.
func (s *edgeSet) insert(slot int, e int32, src, dst []int32, directed bool) {
	s.slots[slot] = e + 1
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
