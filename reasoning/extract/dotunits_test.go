package extract

import (
	"context"
	"testing"
)

// TestDOTUnitValues reads DOT edges whose values are written with units,
// in labels and value attributes.
func TestDOTUnitValues(t *testing.T) {
	cases := []readerCase{
		{
			name:  "distances in labels",
			text:  "graph baltic {\n  Helsinki -- Tallinn [label=\"80 km\"];\n  Tallinn -- Riga [label=\"310 km\"];\n}\nHow far is it from Helsinki to Riga?",
			nodes: []string{"Helsinki", "Tallinn", "Riga"}, edges: []string{"Helsinki-Tallinn:80", "Tallinn-Riga:310"},
			dir: DirUndirected, meaning: MeaningDistance, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "costs in a value attribute",
			text:  "digraph { a -> b [cost=\"$7\"]; b -> c [cost=\"$12.50\"]; }",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:7", "b-c:12.5"}, dir: DirDirected, meaning: MeaningCost,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "durations are weights",
			text:  "digraph {\n  fetch -> build [label=\"5 min\"];\n  build -> test [label=\"12 min\"];\n}",
			nodes: []string{"fetch", "build", "test"}, edges: []string{"fetch-build:5", "build-test:12"}, dir: DirDirected,
			meaning: MeaningWeight, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a distance attribute without a unit",
			text:  "graph {\n  x -- y [distance=4];\n  y -- z [distance=6];\n}",
			nodes: []string{"x", "y", "z"}, edges: []string{"x-y:4", "y-z:6"}, dir: DirUndirected, meaning: MeaningDistance,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "word labels are not values",
			text:  "digraph {\n  a -> b [label=\"calls\"];\n  b -> c [label=\"returns\"];\n}",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirDirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "some edges without a value are uncertain",
			text:  "graph {\n  a -- b [label=\"3 km\"];\n  b -- c;\n}",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:3", "b-c"}, dir: DirUndirected, meaning: MeaningDistance,
			maxConf: 0.6,
		},
		{
			name:  "some numeric labels missing are uncertain",
			text:  "graph {\n  a -- b [label=3];\n  b -- c;\n}",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:3", "b-c:1"}, dir: DirUndirected, meaning: MeaningWeight,
			maxConf: 0.6,
		},
		{
			name:  "mixed units are uncertain",
			text:  "graph {\n  a -- b [label=\"3 km\"];\n  b -- c [label=\"2 mi\"];\n}",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:3", "b-c:2"}, dir: DirUndirected, meaning: MeaningDistance,
			maxConf: 0.6,
		},
	}
	checkReaderCases(t, DOTGraph{}, cases)
}

// TestDOTLabelDistancesEndToEnd is the wrong answer: the distances
// in DOT labels are the graph's weights, with their unit in the report.
func TestDOTLabelDistancesEndToEnd(t *testing.T) {
	q := "graph baltic {\n  Helsinki -- Tallinn [label=\"80 km\"];\n  Tallinn -- Riga [label=\"310 km\"];\n  Riga -- Kaunas [label=\"260 km\"];\n  Kaunas -- Warsaw [label=\"390 km\"];\n  Helsinki -- Riga [label=\"900 km\"];\n}\nHow far is it from Helsinki to Warsaw?"
	ex, err := Read(context.Background(), q, Options{})
	if err != nil || ex.Graph == nil {
		t.Fatalf("no graph (%v)", err)
	}
	if !ex.Weighted || !ex.Graph.Weighted() || ex.Report.Uncertain() {
		t.Fatalf("weighted %v, uncertain %v: %s", ex.Weighted, ex.Report.Uncertain(), ex.Report.Summary())
	}
	h, _ := ex.Graph.Index("Helsinki")
	r, _ := ex.Graph.Index("Riga")
	e, ok := ex.Graph.FindEdge(h, r)
	if !ok || ex.Graph.Weight(e) != 900 {
		t.Fatalf("Helsinki-Riga: found %v, weight %v; want 900", ok, ex.Graph.Weight(e))
	}
}
