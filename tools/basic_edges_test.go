package tools

import (
	"encoding/json"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestEdgeListOracle: edge_list gives NetworkX's G.edges(data="weight",
// default=1), in its order, on random graphs (directed and undirected,
// weighted or not, self-loops, isolated nodes).
func TestEdgeListOracle(t *testing.T) {
	var runs []caseRun
	for _, tg := range randomGraphs(2310, 200, genOptions{MaxNodes: 12, SelfLoops: true, FloatWeights: true}) {
		runs = append(runs, caseRun{tg: tg})
	}
	runs = append(runs, tinyRuns(nil)...)
	ok, _ := check(t, "edge_list", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		b, _ := json.Marshal(got.Value.(EdgeListResult).Triplets)
		var gv, wv any
		_ = json.Unmarshal(b, &gv)
		_ = json.Unmarshal(want, &wv)
		gb, _ := json.Marshal(gv)
		wb, _ := json.Marshal(wv)
		if string(gb) != string(wb) {
			t.Errorf("triplets %s, NetworkX %s\n%s", gb, wb, c.tg.describe())
		}
	})
	if ok != len(runs) {
		t.Errorf("%d of %d answered", ok, len(runs))
	}
}

// TestNodeListOracle: node_list gives NetworkX's list(G.nodes).
func TestNodeListOracle(t *testing.T) {
	var runs []caseRun
	for _, tg := range randomGraphs(2311, 100, genOptions{MaxNodes: 12, SelfLoops: true}) {
		runs = append(runs, caseRun{tg: tg})
	}
	runs = append(runs, tinyRuns(nil)...)
	ok, _ := check(t, "node_list", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		gb, _ := json.Marshal(got.Value)
		var wv any
		_ = json.Unmarshal(want, &wv)
		wb, _ := json.Marshal(wv)
		if string(gb) != string(wb) {
			t.Errorf("nodes %s, NetworkX %s\n%s", gb, wb, c.tg.describe())
		}
	})
	if ok != len(runs) {
		t.Errorf("%d of %d answered", ok, len(runs))
	}
}
