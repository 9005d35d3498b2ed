package extract

import (
	"context"
	"strings"
	"testing"
)

// TestCutNames: an edge list whose names have several words is read with
// the names whole when each line is one edge (tryNamedLine: it was read at
// 0.97 as Room-Armory, and "Treasure Vault" became "Treasure"); where a
// line holds more than one edge and the general reader takes one word a
// name, the reading is not confident. Single-word names next to stopwords
// and questions stay confident.
func TestCutNames(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		q         string
		confident bool
		nodes     string // the nodes read, in order, when confident
	}{
		{"Corridors:\nEntrance <-> Guard Room\nGuard Room <-> Armory\nThrone Room <-> Treasure Vault\n\nHow many corridors are there?", true,
			"Entrance|Guard Room|Armory|Throne Room|Treasure Vault"},
		{"Roads:\nNew York - Boston\nBoston - Albany\n\nHow many roads?", true, "New York|Boston|Albany"},
		{"Plant → Sub A: 300 MW\nSub A → City: 120 MW\nWhat is the most power we can deliver?", true, "Plant|Sub A|City"},
		{"Doors:\nGreat Hall -> Library, Kitchen\nKitchen -> Cellar\nHow many doors?", false, ""},
		{"Edges: A -> B, B -> C, C -> A. Is there a cycle?", true, "A|B|C"},
		{"A -> B\nB -> C\nThen C -> D\nIs D reachable from A?", true, "A|B|C|D"},
		{"Alice -> Bob\nBob -> Carol\nWho can Alice reach?", true, "Alice|Bob|Carol"},
	} {
		ex, err := Read(ctx, tc.q, Options{})
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if got := ex.Confidence >= Confident; got != tc.confident {
			t.Errorf("%q: confidence %.2f, want confident %v (notes %v)", tc.q, ex.Confidence, tc.confident, ex.Report.Problems())
			continue
		}
		if tc.confident {
			var names []string
			for v := range ex.Graph.N() {
				names = append(names, ex.Graph.ID(int32(v)))
			}
			if got := strings.Join(names, "|"); got != tc.nodes {
				t.Errorf("%q: nodes %s, want %s", tc.q, got, tc.nodes)
			}
		}
	}
}
