package extract

// nodeSet is the set of node IDs a reading has named, asked whether each
// ID is new. Canonical decimal IDs below nodeSetSmall ("node 12", the
// common case in long questions) are bits, found without hashing; other
// IDs are kept in a map.
type nodeSet struct {
	bits []uint64
	m    map[string]struct{}
	// hint is the room the map is made with when first needed.
	hint int
}

// nodeSetSmall bounds the numeric IDs kept as bits (8 KiB at most).
const nodeSetSmall = 1 << 16

// add records id and reports whether it was new.
func (s *nodeSet) add(id string) bool {
	if n, ok := nodeSetNumber(id); ok {
		w, bit := n>>6, uint64(1)<<(n&63)
		if w >= len(s.bits) {
			s.bits = append(s.bits, make([]uint64, max(w+1, 2*len(s.bits))-len(s.bits))...)
		}
		if s.bits[w]&bit != 0 {
			return false
		}
		s.bits[w] |= bit
		return true
	}
	if _, ok := s.m[id]; ok {
		return false
	}
	if s.m == nil {
		s.m = make(map[string]struct{}, s.hint)
	}
	s.m[id] = struct{}{}
	return true
}

// nodeSetNumber returns the number a canonical decimal ID below
// nodeSetSmall writes ("0", "12"; not "012", "1.5" or "-3"): distinct such
// IDs have distinct numbers.
func nodeSetNumber(id string) (int, bool) {
	if len(id) == 0 || len(id) > 5 || (id[0] == '0' && len(id) > 1) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n < nodeSetSmall
}
