package extract

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestNodeSetAgreesWithMap adds random IDs (numbers with and without
// leading zeros, around the bit limit, words, empty) to a nodeSet and to a
// map: both must call the same IDs new.
func TestNodeSetAgreesWithMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	fixed := []string{"", "0", "00", "012", "12", "7", "007", "65535", "65536", "99999", "100000", "1.5", "-3", "a", "A", "x1", "١٢"}
	for round := 0; round < 50; round++ {
		var s nodeSet
		s.hint = r.IntN(4)
		m := map[string]bool{}
		for k := 0; k < 400; k++ {
			var id string
			switch r.IntN(5) {
			case 0:
				id = fixed[r.IntN(len(fixed))]
			case 1:
				id = strconv.Itoa(r.IntN(200))
			case 2:
				id = strconv.Itoa(r.IntN(200000))
			case 3:
				id = "0" + strconv.Itoa(r.IntN(100))
			default:
				id = string(rune('a'+r.IntN(26))) + strconv.Itoa(r.IntN(10))
			}
			if got, want := s.add(id), !m[id]; got != want {
				t.Fatalf("round %d: add(%q) = %v, want %v", round, id, got, want)
			}
			m[id] = true
		}
	}
}
