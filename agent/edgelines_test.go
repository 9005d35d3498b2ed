package agent

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestEdgeLinesWithQuantities: edge lines as dispatchers, network admins
// and grid operators paste them, one edge a line with a quantity and its
// unit after it and names of several words, are read and answered; the
// expected values are NetworkX's (dijkstra_path_length,
// maximum_flow_value, shortest_path_length on the same edges). Before the
// line-quantity and named-line readers, each was declined ("a number at
// byte 83 was not read: \"420\"") or read "Guard Room" as "Room".
func TestEdgeLinesWithQuantities(t *testing.T) {
	a := newBuiltinAgent(t, nil, t.TempDir())
	ctx := context.Background()
	for _, tc := range []struct {
		q, tool, want string
	}{
		{"Carrier lane rates (one-way lanes):\nATL -> CHI   $420\nATL -> DAL   $310\nDAL -> DEN   $380\nCHI -> DEN   $290\nDEN -> SEA   $510\n\nCheapest way to get a trailer from ATL to SEA — what does it cost?",
			"shortest_path", "total weight 1200"},
		{"$ ./linkdump --core\nR1  <-> R2   latency 4ms\nR2  <-> R3   latency 3ms\nR1  <-> R3   latency 9ms\nR3  <-> R4   latency 2ms\n\nwhat's the lowest-latency path from R1 to R4 and its total latency?",
			"shortest_path", "total weight 9"},
		{"Line ratings (power flows only as shown):\nPlant → Sub A: 300 MW\nPlant → Sub B: 200 MW\nSub A → City: 120 MW\nSub B → City: 150 MW\nSub A → Sub B: 50 MW\n\nWhat's the most power we can deliver from the Plant to the City at once?",
			"maximum_flow", "is 270"},
		{"Level 1 (corridors, both ways):\nEntrance <-> Guard Room\nGuard Room <-> Great Hall\nGreat Hall <-> Library\nLibrary <-> Treasure Vault\nGuard Room <-> Armory\n\nWhat's the fewest number of corridors a player has to walk through to get from the Entrance to the Treasure Vault?",
			"shortest_path_length", "length 4"},
	} {
		ans, err := a.Ask(ctx, tc.q)
		if err != nil {
			t.Errorf("%.50q: %v", tc.q, err)
			continue
		}
		if ans.Tool != tc.tool || !strings.Contains(ans.Answer, tc.want) {
			t.Errorf("%.50q: %s %q; want %s with %q", tc.q, ans.Tool, ans.Answer, tc.tool, tc.want)
		}
	}
	// A change the question only supposes, not described, is declined.
	q := "Entrance <-> Guard Room\nGuard Room <-> Great Hall\nGreat Hall <-> Treasure Vault\n\nIf I add a few more secret passages in the next patch, what will the shortest route from the Entrance to the Treasure Vault be?"
	if ans, err := a.Ask(ctx, q); !errors.Is(err, ErrNoAnswer) {
		t.Errorf("supposed change: %v %+v; want a decline", err, ans)
	}
}
