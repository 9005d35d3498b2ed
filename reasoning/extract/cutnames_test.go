package extract

import (
	"context"
	"testing"
)

// TestCutNames: an edge list whose names have several words, read by a
// reader that takes one word a name, is not a confident reading (it was
// read at 0.97 as Room-Armory, and "Treasure Vault" became "Treasure");
// single-word names next to stopwords and questions stay confident.
func TestCutNames(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		q         string
		confident bool
	}{
		{"Corridors:\nEntrance <-> Guard Room\nGuard Room <-> Armory\nThrone Room <-> Treasure Vault\n\nHow many corridors are there?", false},
		{"Roads:\nNew York - Boston\nBoston - Albany\n\nHow many roads?", false},
		{"Edges: A -> B, B -> C, C -> A. Is there a cycle?", true},
		{"A -> B\nB -> C\nThen C -> D\nIs D reachable from A?", true},
		{"Alice -> Bob\nBob -> Carol\nWho can Alice reach?", true},
	} {
		ex, err := Read(ctx, tc.q, Options{})
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if got := ex.Confidence >= Confident; got != tc.confident {
			t.Errorf("%q: confidence %.2f, want confident %v (notes %v)", tc.q, ex.Confidence, tc.confident, ex.Report.Problems())
		}
	}
}
