package graph

import (
	"hash/maphash"
	"math"
	"slices"
)

// nodeIndex maps node IDs to dense indices. Canonical decimal integer IDs
// ("0", "17", not "017" or "-1") that are small compared with the number of
// nodes live in a dense table indexed by their value; other IDs live in an
// open-addressing hash table of (32-bit fingerprint, index+1) slots that
// reads the ID strings from the ids slice it is given. The fingerprint is
// the hash's top 32 bits, whose top bits are also the start slot, so that
// growing the table moves slots without reading (or hashing) an ID again:
// at 1.25 million IDs, rehashing from the strings waited for a cache miss
// on each ID's header and bytes. Lookups of byte slices do not allocate. It costs about 4-16 bytes per node instead of the
// 40-80 of a map[string]int32 with its string headers.
type nodeIndex struct {
	dense []int32  // dense[v] = index+1 of ID v, 0 when absent
	slots []uint64 // fingerprint<<32 | index+1, 0 when empty
	shift uint     // 64 - log2(len(slots))
	count int      // entries in slots
	n     int      // entries in total
	hint  int      // expected number of nodes (from Builder.Grow)
	seed  maphash.Seed
}

// canonicalInt parses a canonical non-negative decimal integer below 2^31.
func canonicalInt[T string | []byte](s T) (int, bool) {
	if len(s) == 0 || len(s) > 10 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, v <= math.MaxInt32
}

// slotOf splits a hash into a start slot and a fingerprint, the hash's
// top 32 bits in a slot's top half (the start slot is their top bits: the
// table has at most 2^32 slots). A slot is never 0: it holds index+1.
func (x *nodeIndex) slotOf(h uint64) (int, uint64) {
	return int(h >> x.shift), h &^ math.MaxUint32
}

// get returns the index of id.
func (x *nodeIndex) get(ids []string, id string) (int32, bool) {
	if v, ok := canonicalInt(id); ok && v < len(x.dense) {
		if d := x.dense[v]; d != 0 {
			return d - 1, true
		}
	}
	if x.count == 0 {
		return -1, false
	}
	i, fp := x.slotOf(maphash.String(x.seed, id))
	mask := len(x.slots) - 1
	for {
		s := x.slots[i]
		if s == 0 {
			return -1, false
		}
		if s&^math.MaxUint32 == fp && ids[uint32(s)-1] == id {
			return int32(uint32(s)) - 1, true
		}
		i = (i + 1) & mask
	}
}

// getBytes is get for an ID held in a byte slice; it does not allocate.
func (x *nodeIndex) getBytes(ids []string, id []byte) (int32, bool) {
	if v, ok := canonicalInt(id); ok && v < len(x.dense) {
		if d := x.dense[v]; d != 0 {
			return d - 1, true
		}
	}
	if x.count == 0 {
		return -1, false
	}
	i, fp := x.slotOf(maphash.Bytes(x.seed, id))
	mask := len(x.slots) - 1
	for {
		s := x.slots[i]
		if s == 0 {
			return -1, false
		}
		if s&^math.MaxUint32 == fp && ids[uint32(s)-1] == string(id) {
			return int32(uint32(s)) - 1, true
		}
		i = (i + 1) & mask
	}
}

// findBytes looks up an ID that is not a canonical integer (which the
// dense table may hold): its index when present, else the free slot its
// probe ended at and its fingerprint, for addAt.
func (x *nodeIndex) findBytes(ids []string, id []byte) (idx int32, slot int, fp uint64) {
	if x.count == 0 {
		return -1, -1, 0
	}
	i, fp := x.slotOf(maphash.Bytes(x.seed, id))
	mask := len(x.slots) - 1
	for {
		s := x.slots[i]
		if s == 0 {
			return -1, i, fp
		}
		if s&^math.MaxUint32 == fp && ids[uint32(s)-1] == string(id) {
			return int32(uint32(s)) - 1, -1, 0
		}
		i = (i + 1) & mask
	}
}

// addAt is add for ids[i], not a canonical integer, that findBytes did not
// find, at the free slot it named (slot < 0: none yet), without hashing
// and probing again when the table need not grow.
func (x *nodeIndex) addAt(ids []string, i int32, slot int, fp uint64) {
	if slot < 0 || 2*(x.count+1) > len(x.slots) {
		x.add(ids, i)
		return
	}
	x.n++
	x.slots[slot] = fp | uint64(uint32(i)+1)
	x.count++
}

// batchScratch is getBatch's working space, kept between calls.
type batchScratch struct {
	at, fp     []uint32 // each token's current slot and fingerprint
	live, cand []int32  // tokens still looked for; those whose slot's fingerprint matches
	strs       []string // the candidates' IDs
}

// getBatch sets found[t] to the index of toks[t], or to -1 when it is not
// in the index. It looks for all the tokens at once, in passes (hashes,
// slots, string headers, first bytes, comparisons) over the tokens still
// looked for, so that the cache misses of many lookups overlap where one
// lookup after another waits for each: at 10^7 edges over 1.25 million IDs
// the table, the headers and the bytes are each larger than the cache.
func (x *nodeIndex) getBatch(ids []string, toks [][]byte, found []int32, sc *batchScratch) {
	n := len(toks)
	sc.at = slices.Grow(sc.at[:0], n)[:n]
	sc.fp = slices.Grow(sc.fp[:0], n)[:n]
	sc.strs = slices.Grow(sc.strs[:0], n)[:n]
	live := sc.live[:0]
	for t, tok := range toks {
		found[t] = -1
		if v, ok := canonicalInt(tok); ok && v < len(x.dense) {
			if d := x.dense[v]; d != 0 {
				found[t] = d - 1
				continue
			}
		}
		if x.count > 0 {
			i, fp := x.slotOf(maphash.Bytes(x.seed, tok))
			sc.at[t], sc.fp[t] = uint32(i), uint32(fp>>32)
			live = append(live, int32(t))
		}
	}
	mask := uint32(len(x.slots) - 1)
	for len(live) > 0 {
		cand := sc.cand[:0]
		next := live[:0] // filtered in place: live[k] is read before next[k] is written
		for _, t := range live {
			switch s := x.slots[sc.at[t]]; {
			case s == 0: // not in the index
			case uint32(s>>32) == sc.fp[t]:
				cand = append(cand, t)
			default:
				sc.at[t] = (sc.at[t] + 1) & mask
				next = append(next, t)
			}
		}
		for _, t := range cand {
			sc.strs[t] = ids[uint32(x.slots[sc.at[t]])-1]
		}
		for _, t := range cand {
			if id := sc.strs[t]; len(id) > 0 {
				found[t] = int32(id[0]) + int32(id[len(id)-1]) // its first and last bytes, into the cache
			}
		}
		for _, t := range cand {
			found[t] = -1
			if sc.strs[t] == string(toks[t]) {
				found[t] = int32(uint32(x.slots[sc.at[t]]) - 1)
			} else {
				sc.at[t] = (sc.at[t] + 1) & mask
				next = append(next, t)
			}
		}
		sc.cand = cand
		live = next
	}
	sc.live = live
	clear(sc.strs)
}

// add records ids[i], which must not be present yet.
func (x *nodeIndex) add(ids []string, i int32) {
	x.n++
	id := ids[i]
	if v, ok := canonicalInt(id); ok && (v < len(x.dense) || v < 2*max(x.n, x.hint)+1024) {
		if v >= len(x.dense) {
			grown := make([]int32, max(2*len(x.dense), v+1, 1024))
			copy(grown, x.dense)
			x.dense = grown
		}
		x.dense[v] = i + 1
		return
	}
	if 2*(x.count+1) > len(x.slots) {
		x.rehash(max(16, 2*len(x.slots)))
	}
	x.insert(ids, i)
	x.count++
}

func (x *nodeIndex) insert(ids []string, i int32) {
	_, fp := x.slotOf(maphash.String(x.seed, ids[i]))
	x.place(fp | uint64(uint32(i)+1))
}

// place puts a slot value in the first free slot from its start slot,
// which its fingerprint gives.
func (x *nodeIndex) place(s uint64) {
	i := int(s >> x.shift)
	mask := len(x.slots) - 1
	for x.slots[i] != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = s
}

// rehash moves the slots to a table of size slots (a power of two, at
// most 2^32), from their fingerprints alone.
func (x *nodeIndex) rehash(size int) {
	if x.slots == nil {
		x.seed = maphash.MakeSeed()
	}
	old := x.slots
	x.slots = make([]uint64, size)
	adviseHuge(x.slots)
	x.shift = 64
	for n := size; n > 1; n >>= 1 {
		x.shift--
	}
	for _, s := range old {
		if s != 0 {
			x.place(s)
		}
	}
}
