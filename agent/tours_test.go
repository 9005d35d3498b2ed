package agent

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// TestToursRouting checks that the tour questions go to the tool that
// answers them: a Hamiltonian cycle's existence to hamiltonian_cycle, an
// Eulerian circuit to euler_circuit, and a tour's cost (the travelling
// salesman) to travelling_salesman or declined, never to
// hamiltonian_cycle (k183 of held-out batch 7 was answered by its
// existence on a misread graph).
func TestToursRouting(t *testing.T) {
	a := newDataAgent(t)
	for _, tc := range []struct {
		q, tool string
		check   func(v any) bool
	}{
		{"Is there a Hamiltonian cycle in the graph with edges 0-1, 1-2, 2-3, 3-0, 0-2?", "hamiltonian_cycle", nil},
		{"Rooms: Hall-Den, Den-Study, Study-Attic, Attic-Hall. Is there a route visiting every room exactly once and returning to the start?", "hamiltonian_cycle", nil},
		{"Does the graph with edges a-b, b-c, c-d, d-a have an Eulerian circuit?", "euler_circuit", nil},
		{"The corridors are 0-1, 1-2, 2-0. Can a guard walk every corridor exactly once and return to where he started?", "euler_circuit", nil},
		{"Roads: Avon-Bray 4 km, Bray-Cork 3 km, Cork-Dale 5 km, Dale-Avon 2 km, Avon-Cork 6 km, Bray-Dale 7 km. What is the cheapest round trip through all the cities?", "travelling_salesman",
			func(v any) bool { r, ok := v.(map[string]any); return ok && r["cost"] == 14.0 }},
	} {
		ans, err := a.Ask(context.Background(), tc.q)
		if err != nil {
			t.Errorf("%q: %v", tc.q, err)
			continue
		}
		if ans.Tool != tc.tool || ans.Fallback {
			t.Errorf("%q: tool %q (fallback %v), want %s", tc.q, ans.Tool, ans.Fallback, tc.tool)
		}
		if tc.check != nil && !tc.check(jsonValue(t, ans.Value)) {
			t.Errorf("%q: value %v", tc.q, ans.Value)
		}
	}
	// k183's shape: a tour's cost, declined or answered 16 by
	// travelling_salesman, never by hamiltonian_cycle.
	for _, q := range []string{
		"Delivery stops: Depot-A 4 km, Depot-B 6 km, A-B 3 km, A-C 5 km, B-C 2 km, C-Depot 7 km. What's the shortest round trip from the Depot visiting A, B and C once each?",
		"Edges 0-1, 1-2, 2-3, 3-0, 0-2. What is the minimum-cost Hamiltonian cycle?",
	} {
		ans, err := a.Ask(context.Background(), q)
		if err != nil {
			if !errors.Is(err, ErrNoAnswer) {
				t.Errorf("%q: %v, want a decline", q, err)
			}
			continue
		}
		if ans.Tool != "travelling_salesman" {
			t.Errorf("%q: answered by %q: %s", q, ans.Tool, ans.Answer)
		}
	}
}

// jsonValue is v as JSON decodes it (objects as maps, numbers as float64).
func jsonValue(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
