package agent

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// TestAskNamedDataset asks about datasets by name: the registry maps the
// name to its folder's edge list ("citeseer" is citeseer_text/edges.tsv,
// whose 4,397 citations join 3,148 papers), and a shipped dataset without an
// edge list is reported, not guessed.
func TestAskNamedDataset(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	for _, tc := range []struct {
		q        string
		source   string
		nodes    int
		edgesMin int
	}{
		{"How many nodes does the CiteSeer graph have?", "citeseer", 3148, 1},
		{"How many nodes are in the karate club graph?", "karate", 34, 78},
	} {
		ans, err := a.Ask(ctx, tc.q)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if ans.Graph == nil || ans.Graph.Source != tc.source || ans.Graph.Nodes != tc.nodes || ans.Graph.Edges < tc.edgesMin {
			t.Errorf("%q: graph %+v, want %s with %d nodes", tc.q, ans.Graph, tc.source, tc.nodes)
		}
		if fmt.Sprint(ans.Value) != fmt.Sprint(tc.nodes) {
			t.Errorf("%q: value %v, want %d", tc.q, ans.Value, tc.nodes)
		}
	}
	if ans, err := a.Ask(ctx, "How many nodes does the MUTAG graph have?"); !errors.Is(err, ErrNoGraph) {
		t.Errorf("MUTAG (no edge list): %+v, %v; want ErrNoGraph", ans, err)
	}
}
