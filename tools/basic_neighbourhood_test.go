package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestNeighbourhoodToolsAgainstNetworkX checks every neighbourhood tool
// against NetworkX on random graphs: directed and undirected, weighted and
// not, disconnected, with isolated nodes and self-loops, with nodes that
// are missing from the graph and pairs of one node with itself.
func TestNeighbourhoodToolsAgainstNetworkX(t *testing.T) {
	r := rand.New(rand.NewPCG(2126, 21))
	pool := loopyGraphs(21, 260, nil)
	pool = append(pool, randomGraphs(22, 40, genOptions{MinNodes: 30, MaxNodes: 70, SelfLoops: true})...)
	pool = append(pool, testGraph{}, testGraph{Directed: true}, testGraph{Nodes: []string{"1"}})
	node := func(tg testGraph, pAbsent float64) (string, bool) {
		if len(tg.Nodes) == 0 || r.Float64() < pAbsent {
			return absentNode, true
		}
		return tg.Nodes[r.IntN(len(tg.Nodes))], false
	}
	pair := func(tg testGraph) map[string]any {
		u, _ := node(tg, 0.05)
		v, _ := node(tg, 0.05)
		switch {
		case r.IntN(12) == 0:
			v = u
		case len(tg.Edges) > 0 && r.IntN(3) == 0:
			e := tg.Edges[r.IntN(len(tg.Edges))]
			u, v = e[0], e[1]
		}
		return map[string]any{"u": u, "v": v}
	}
	var cases []oracleCase
	for _, tg := range pool {
		add := func(tool string, args map[string]any) {
			cases = append(cases, oracleCase{Tool: tool, Graph: tg, Args: args})
		}
		n, _ := node(tg, 0.08)
		add("predecessors", map[string]any{"node": n})
		n, _ = node(tg, 0.08)
		add("successors", map[string]any{"node": n})
		add("sources_sinks", map[string]any{})
		add("transitivity", map[string]any{})
		for _, tool := range []string{"jaccard_coefficient", "adamic_adar_index", "resource_allocation_index", "preferential_attachment"} {
			add(tool, pair(tg))
		}
	}
	answers := runOracle(t, cases)
	perTool := map[string]int{}
	answered := map[string]int{}
	for i, c := range cases {
		perTool[c.Tool]++
		g := c.Graph.build(t)
		res, err := runTool(t, c.Tool, g, c.Args)
		ans := answers[i]
		where := fmt.Sprintf("case %d %s %v on %s", i, c.Tool, c.Args, c.Graph.describe())
		if ans.Error != "" {
			if err == nil {
				t.Errorf("%s: NetworkX raised %q, we answered %v", where, ans.Error, res.Value)
			} else if !errors.Is(err, ErrNodeNotFound) && !errors.Is(err, ErrNotApplicable) {
				t.Errorf("%s: error %v wraps no sentinel", where, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: NetworkX answered %s, we failed: %v", where, ans.Value, err)
			continue
		}
		answered[c.Tool]++
		if res.Text == "" {
			t.Errorf("%s: empty text", where)
		}
		var want any
		if err := json.Unmarshal(ans.Value, &want); err != nil {
			t.Fatalf("%s: bad oracle value %s", where, ans.Value)
		}
		got := normJSON(res.Value)
		if w, ok := want.(float64); ok {
			if f, ok := got.(float64); !ok || !basicNear(f, w) {
				t.Errorf("%s: got %v, NetworkX %v", where, got, w)
			}
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %v, NetworkX %v", where, got, want)
		}
	}
	for _, tool := range neighbourhoodTools() {
		name := tool.Spec().Name
		// Answered, not only refused: the undirected-only indices answer
		// about half of the pool, sources_sinks the directed half.
		if perTool[name] < 250 || answered[name] < 100 {
			t.Errorf("tool %s has %d differential cases, %d answered", name, perTool[name], answered[name])
		}
	}
}

// TestUndirectedTransitivityExact checks that the triangle-count route of
// transitivity on undirected graphs gives exactly the float the
// neighbour-pair count gives, self-loops and isolated nodes included.
func TestUndirectedTransitivityExact(t *testing.T) {
	pool := append(loopyGraphs(31, 200, nil), randomGraphs(32, 60, genOptions{MinNodes: 30, MaxNodes: 120, SelfLoops: true})...)
	checked := 0
	for _, tg := range pool {
		if tg.Directed {
			continue
		}
		g := tg.build(t)
		want, err := pairTransitivity(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		got, err := undirectedTransitivity(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s: transitivity %v, want %v", tg.describe(), got, want)
		}
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d undirected graphs", checked)
	}
}
