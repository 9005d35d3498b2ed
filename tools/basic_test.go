package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// absentNode is a node ID randomGraphs never produces.
const absentNode = "absent-404"

// acyclic returns tg without cycles: directed graphs keep the edges going
// from a lower to a higher numeric ID (a DAG whose insertion order is still
// shuffled); undirected graphs keep a spanning forest. Self-loops go.
func acyclic(tg testGraph) testGraph {
	out := tg
	out.Edges = nil
	if tg.Directed {
		for _, e := range tg.Edges {
			a, _ := strconv.Atoi(e[0])
			b, _ := strconv.Atoi(e[1])
			if a < b {
				out.Edges = append(out.Edges, e)
			}
		}
		return out
	}
	parent := map[string]string{}
	find := func(x string) string {
		for {
			p, ok := parent[x]
			if !ok || p == x {
				return x
			}
			x = p
		}
	}
	for _, e := range tg.Edges {
		ra, rb := find(e[0]), find(e[1])
		if ra != rb {
			parent[ra] = rb
			out.Edges = append(out.Edges, e)
		}
	}
	return out
}

// basicCases builds the differential cases of every basic tool. absent[i]
// says whether case i names a node missing from its graph.
func basicCases() (cases []oracleCase, absent []bool) {
	r := rand.New(rand.NewPCG(2026, 11))
	add := func(tool string, tg testGraph, args map[string]any, abs bool) {
		cases = append(cases, oracleCase{Tool: tool, Graph: tg, Args: args})
		absent = append(absent, abs)
	}
	// node picks a node of tg, or the absent one with probability pAbsent.
	node := func(tg testGraph, pAbsent float64) (string, bool) {
		if len(tg.Nodes) == 0 || r.Float64() < pAbsent {
			return absentNode, true
		}
		return tg.Nodes[r.IntN(len(tg.Nodes))], false
	}
	// pair picks two nodes, half of the time the ends of an edge.
	pair := func(tg testGraph, pAbsent float64) (string, string, bool) {
		if len(tg.Edges) > 0 && r.IntN(2) == 0 {
			e := tg.Edges[r.IntN(len(tg.Edges))]
			if r.IntN(4) == 0 {
				return e[1], e[0], false
			}
			return e[0], e[1], false
		}
		a, abs1 := node(tg, pAbsent)
		b, abs2 := node(tg, pAbsent)
		return a, b, abs1 || abs2
	}
	all := loopyGraphs(1, 240, nil)
	all = append(all, testGraph{}, testGraph{Directed: true})
	directed := loopyGraphs(2, 220, ptr(true))
	undirected := loopyGraphs(3, 220, ptr(false))
	// Half of this pool is made acyclic (DAGs and forests).
	mixedCycles := loopyGraphs(4, 240, nil)
	for i := range mixedCycles {
		if i%2 == 0 {
			mixedCycles[i] = acyclic(mixedCycles[i])
		}
	}
	dags := loopyGraphs(5, 200, ptr(true))
	for i := range dags {
		if i%5 != 0 {
			dags[i] = acyclic(dags[i])
		}
	}
	flows := randomGraphs(6, 220, genOptions{Weighted: ptr(true), SelfLoops: true, FloatWeights: true})
	flows = append(flows, randomGraphs(7, 40, genOptions{Weighted: ptr(false)})...)
	// Integer capacities: answered by augmenting paths (augmentFlow).
	flows = append(flows, randomGraphs(26, 300, genOptions{Weighted: ptr(true), SelfLoops: true, MaxNodes: 40})...)
	triangles := append(append([]testGraph{}, undirected...), loopyGraphs(8, 20, ptr(true))...)
	for i := 0; i < 30; i++ {
		triangles = append(triangles, acyclic(undirected[i]))
	}

	for _, tg := range all {
		add("node_count", tg, map[string]any{}, false)
		add("edge_count", tg, map[string]any{}, false)
		add("connected_components", tg, map[string]any{}, false)
		add("is_connected", tg, map[string]any{}, false)
		add("is_tree", tg, map[string]any{}, false)
		add("clustering_coefficient", tg, map[string]any{}, false)
		n, abs := node(tg, 0.3)
		add("node_exists", tg, map[string]any{"node": n}, abs)
		n, abs = node(tg, 0.1)
		add("degree", tg, map[string]any{"node": n}, abs)
		n, abs = node(tg, 0.1)
		add("neighbors", tg, map[string]any{"node": n}, abs)
		n, abs = node(tg, 0.1)
		add("non_neighbors", tg, map[string]any{"node": n}, abs)
		n, abs = node(tg, 0.1)
		add("clustering_coefficient", tg, map[string]any{"node": n}, abs)
		n, abs = node(tg, 0.1)
		add("bfs_order", tg, map[string]any{"source": n}, abs)
		n, abs = node(tg, 0.1)
		add("dfs_order", tg, map[string]any{"source": n}, abs)
		a, b, _ := pair(tg, 0.1)
		add("edge_exists", tg, map[string]any{"source": a, "target": b}, false)
		a, b, abs = pair(tg, 0.1)
		add("path_exists", tg, map[string]any{"source": a, "target": b}, abs)
		a, b, abs = pair(tg, 0.05)
		add("shortest_path", tg, map[string]any{"source": a, "target": b}, abs)
	}
	// A few larger graphs exercise the heavy algorithms past toy sizes.
	big := randomGraphs(10, 12, genOptions{MinNodes: 40, MaxNodes: 90, SelfLoops: true, FloatWeights: true})
	for _, tg := range big {
		a, b, _ := pair(tg, 0)
		add("maximum_flow", tg, map[string]any{"source": a, "sink": b}, false)
		add("shortest_path", tg, map[string]any{"source": a, "target": b}, false)
		add("clustering_coefficient", tg, map[string]any{}, false)
		add("connected_components", tg, map[string]any{}, false)
		add("cycle_check", tg, map[string]any{}, false)
		if tg.Directed {
			add("strongly_connected_components", tg, map[string]any{}, false)
			add("topological_sort", acyclic(tg), map[string]any{}, false)
		} else {
			add("triangle_count", tg, map[string]any{"per_node": true}, false)
			add("maximum_triangle_sum", tg, map[string]any{}, false)
		}
	}
	for _, tg := range mixedCycles {
		add("cycle_check", tg, map[string]any{}, false)
		add("is_tree", tg, map[string]any{}, false)
	}
	for _, tg := range append(append([]testGraph{}, dags...), undirected[:10]...) {
		add("topological_sort", tg, map[string]any{}, false)
	}
	for _, tg := range append(append([]testGraph{}, directed...), undirected[:10]...) {
		add("strongly_connected_components", tg, map[string]any{}, false)
	}
	for _, tg := range flows {
		a, b, abs := pair(tg, 0.05)
		if r.IntN(30) == 0 {
			b = a
		}
		add("maximum_flow", tg, map[string]any{"source": a, "sink": b}, abs)
	}
	for _, tg := range triangles {
		add("maximum_triangle_sum", tg, map[string]any{}, false)
		args := map[string]any{}
		abs := false
		switch r.IntN(4) {
		case 1:
			args["node"], abs = node(tg, 0.1)
		case 2:
			args["per_node"] = true
		case 3:
			args["node"], abs = node(tg, 0.1)
			args["per_node"] = true
		}
		add("triangle_count", tg, args, abs)
		u, _ := node(tg, 0)
		v, abs := node(tg, 0.1)
		add("common_neighbors", tg, map[string]any{"u": u, "v": v}, abs)
	}
	// Degree by direction: every direction on directed graphs (self-loops,
	// isolated nodes) and on a few undirected ones, where in and out name
	// the one degree.
	for _, tg := range append(append([]testGraph{}, directed...), undirected[:40]...) {
		for _, dir := range []string{"in", "out", "total"} {
			n, abs := node(tg, 0.05)
			add("degree", tg, map[string]any{"node": n, "direction": dir}, abs)
		}
	}
	return cases, absent
}

// loopyGraphs is randomGraphs with self-loops and float weights,
// directed or undirected (nil: both).
func loopyGraphs(seed uint64, count int, directed *bool) []testGraph {
	return randomGraphs(seed, count, genOptions{Directed: directed, SelfLoops: true, FloatWeights: true})
}

func TestBasicToolsAgainstNetworkX(t *testing.T) {
	cases, absent := basicCases()
	answers := runOracle(t, cases)
	perTool := map[string]int{}
	absentRefused, absentAnswered := 0, 0 // cases naming a missing node
	trees, forests := 0, 0                // is_tree cases answered yes
	for i, c := range cases {
		perTool[c.Tool]++
		g := c.Graph.build(t)
		res, err := runTool(t, c.Tool, g, c.Args)
		ans := answers[i]
		where := fmt.Sprintf("case %d %s %v on %s", i, c.Tool, c.Args, c.Graph.describe())
		if ans.Error != "" {
			if err == nil {
				t.Errorf("%s: NetworkX raised %q, we answered %v", where, ans.Error, res.Value)
				continue
			}
			kind := specOf(t, c.Tool).AppliesTo
			wrongKind := (kind == DirectedOnly && !g.Directed()) || (kind == UndirectedOnly && g.Directed())
			if absent[i] && !wrongKind && !errors.Is(err, ErrNodeNotFound) {
				t.Errorf("%s: want ErrNodeNotFound, got %v", where, err)
			}
			if absent[i] {
				absentRefused++
			}
			if !errors.Is(err, ErrNodeNotFound) && !errors.Is(err, ErrNotApplicable) && !errors.Is(err, ErrBadArgs) {
				t.Errorf("%s: error %v wraps no sentinel", where, err)
			}
			continue
		}
		if absent[i] {
			// A missing node is an error for every tool but node_exists,
			// whose answer is false (compared below).
			if c.Tool != "node_exists" {
				t.Errorf("%s: names a missing node, yet NetworkX answered %s", where, ans.Value)
			}
			absentAnswered++
		}
		if err != nil {
			t.Errorf("%s: NetworkX answered %s, we failed: %v", where, ans.Value, err)
			continue
		}
		if res.Text == "" {
			t.Errorf("%s: empty text", where)
		}
		if msg := compareBasic(c, g, res.Value, ans.Value); msg != "" {
			t.Errorf("%s: %s", where, msg)
		}
		if tr, ok := res.Value.(TreeResult); ok {
			trees += b2i(tr.Tree)
			forests += b2i(tr.Forest && !tr.Tree)
		}
	}
	// The trees and forests must be among the cases, not only "no".
	if trees < 20 || forests < 20 {
		t.Errorf("is_tree: only %d trees and %d forests among the cases", trees, forests)
	}
	if absentRefused < 100 || absentAnswered < 20 {
		t.Errorf("only %d cases name a missing node where it is an error and %d where node_exists answers false", absentRefused, absentAnswered)
	}
	for _, tool := range basicTools() {
		name := tool.Spec().Name
		if len(tool.Spec().NodeAttrs) > 0 {
			continue // node data: its own oracle test (TestMaximumTriangleNodeSumOracle)
		}
		if perTool[name] < 200 {
			t.Errorf("tool %s has only %d differential cases", name, perTool[name])
		}
	}
}

// specOf returns the spec of a catalogue tool.
func specOf(t testing.TB, name string) Spec {
	tool, err := Catalogue().Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return tool.Spec()
}

// normJSON round-trips v through JSON so Go values and oracle values compare.
func normJSON(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

func basicNear(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// compareBasic checks our value against NetworkX's; "" when they agree.
func compareBasic(c oracleCase, g *graph.Graph, ours any, oracle json.RawMessage) string {
	var want any
	if err := json.Unmarshal(oracle, &want); err != nil {
		return "bad oracle value: " + err.Error()
	}
	switch c.Tool {
	case "clustering_coefficient":
		w, _ := want.(float64)
		if got := ours.(float64); !basicNear(got, w) {
			return fmt.Sprintf("got %v, NetworkX %v", got, w)
		}
		return ""
	case "shortest_path":
		return checkShortestPath(c, g, ours.(ShortestPath), want.(map[string]any))
	case "maximum_flow":
		return checkFlow(c, g, ours.(MaxFlow), want.(float64))
	case "maximum_triangle_sum":
		ts := ours.(TriangleSum)
		if !basicNear(ts.Sum, want.(float64)) {
			return fmt.Sprintf("sum %v, NetworkX %v", ts.Sum, want)
		}
		return checkTriangle(g, ts)
	case "topological_sort":
		if msg := checkTopo(g, ours.([]string)); msg != "" {
			return msg
		}
	}
	if got := normJSON(ours); !reflect.DeepEqual(got, want) {
		return fmt.Sprintf("got %v, NetworkX %v", got, want)
	}
	return ""
}

// checkTopo verifies that every edge goes forward in order.
func checkTopo(g *graph.Graph, order []string) string {
	if len(order) != g.N() {
		return fmt.Sprintf("order has %d of %d nodes", len(order), g.N())
	}
	pos := map[string]int{}
	for i, id := range order {
		pos[id] = i
	}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		if pos[g.ID(u)] >= pos[g.ID(v)] {
			return fmt.Sprintf("edge %s->%s goes backwards", g.ID(u), g.ID(v))
		}
	}
	return ""
}

func basicEdgeWeight(g *graph.Graph, a, b string) (float64, bool) {
	u, ok1 := g.Index(a)
	v, ok2 := g.Index(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	e, ok := g.FindEdge(u, v)
	if !ok {
		return 0, false
	}
	return g.Weight(e), true
}

func checkShortestPath(c oracleCase, g *graph.Graph, sp ShortestPath, want map[string]any) string {
	wl := want["length"].(float64)
	if !basicNear(sp.Length, wl) {
		return fmt.Sprintf("length %v, NetworkX %v", sp.Length, wl)
	}
	p := sp.Path
	if len(p) == 0 || p[0] != c.Args["source"] || p[len(p)-1] != c.Args["target"] {
		return fmt.Sprintf("path %v does not join %v to %v", p, c.Args["source"], c.Args["target"])
	}
	var sum float64
	for k := 1; k < len(p); k++ {
		w, ok := basicEdgeWeight(g, p[k-1], p[k])
		if !ok {
			return fmt.Sprintf("path %v uses missing edge %s-%s", p, p[k-1], p[k])
		}
		sum += w
	}
	if !basicNear(sum, sp.Length) {
		return fmt.Sprintf("path %v weighs %v, reported %v", p, sum, sp.Length)
	}
	// On weighted graphs we follow dijkstra_path's tie-breaking exactly.
	if c.Graph.Weighted {
		if got := normJSON(p); !reflect.DeepEqual(got, want["path"]) {
			return fmt.Sprintf("path %v, NetworkX %v", p, want["path"])
		}
	}
	return ""
}

func checkTriangle(g *graph.Graph, ts TriangleSum) string {
	if len(ts.Triangle) != 3 {
		return fmt.Sprintf("triangle %v", ts.Triangle)
	}
	var sum float64
	for k := 0; k < 3; k++ {
		a, b := ts.Triangle[k], ts.Triangle[(k+1)%3]
		w, ok := basicEdgeWeight(g, a, b)
		if !ok || a == b {
			return fmt.Sprintf("triangle %v lacks edge %s-%s", ts.Triangle, a, b)
		}
		sum += w
	}
	if !basicNear(sum, ts.Sum) {
		return fmt.Sprintf("triangle %v weighs %v, reported %v", ts.Triangle, sum, ts.Sum)
	}
	return ""
}

// checkFlow verifies the value and that the flow is feasible: each entry is
// an edge (either orientation when undirected) used once, within capacity,
// and flow is conserved everywhere but at the source and sink.
func checkFlow(c oracleCase, g *graph.Graph, mf MaxFlow, want float64) string {
	if !basicNear(mf.Value, want) {
		return fmt.Sprintf("value %v, NetworkX %v", mf.Value, want)
	}
	used := map[int32]bool{}
	net := map[string]float64{}
	for _, f := range mf.Flows {
		u, ok1 := g.Index(f.Source)
		v, ok2 := g.Index(f.Target)
		if !ok1 || !ok2 {
			return fmt.Sprintf("flow on unknown nodes %v", f)
		}
		e, ok := g.FindEdge(u, v)
		if !ok || u == v {
			return fmt.Sprintf("flow on missing edge %v", f)
		}
		if used[e] {
			return fmt.Sprintf("edge of %v listed twice", f)
		}
		used[e] = true
		if !(f.Flow > 0) || f.Flow > g.Capacity(e)*(1+1e-12) {
			return fmt.Sprintf("flow %v outside (0, %v]", f, g.Capacity(e))
		}
		net[f.Source] += f.Flow
		net[f.Target] -= f.Flow
	}
	s, t := c.Args["source"].(string), c.Args["sink"].(string)
	for id, x := range net {
		if id != s && id != t && !basicNear(x, 0) {
			return fmt.Sprintf("flow not conserved at %s (%v)", id, x)
		}
	}
	if !basicNear(net[s], mf.Value) || !basicNear(-net[t], mf.Value) {
		return fmt.Sprintf("source sends %v, sink gets %v, value %v", net[s], -net[t], mf.Value)
	}
	return ""
}

// TestBasicSpecs checks the catalogue entries this file owns.
func TestBasicSpecs(t *testing.T) {
	seen := map[string]bool{}
	for _, tool := range basicTools() {
		s := tool.Spec()
		if seen[s.Name] {
			t.Errorf("duplicate %s", s.Name)
		}
		seen[s.Name] = true
		if s.Description == "" || s.WhenToUse == "" || s.Returns == "" {
			t.Errorf("%s: incomplete spec", s.Name)
		}
		if s.Family != familyGTools && s.Family != familyCommon {
			t.Errorf("%s: family %q", s.Name, s.Family)
		}
		if len(s.Examples) < 4 {
			t.Errorf("%s: %d examples", s.Name, len(s.Examples))
		}
		var schema map[string]any
		if err := json.Unmarshal(s.Schema, &schema); err != nil {
			t.Errorf("%s: schema: %v", s.Name, err)
		}
	}
	if len(seen) != 23 {
		t.Errorf("%d basic tools, want 23", len(seen))
	}
}

// TestBasicErrors checks argument errors that the oracle cases do not reach.
func TestBasicErrors(t *testing.T) {
	b := graph.NewBuilder(true)
	e, _ := b.AddEdge("a", "b")
	b.SetWeight(e, -1)
	neg := b.Build()
	if _, err := runTool(t, "shortest_path", neg, map[string]any{"source": "a", "target": "b"}); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("negative weight: %v", err)
	}
	if _, err := runTool(t, "degree", neg, map[string]any{}); !errors.Is(err, ErrBadArgs) {
		t.Errorf("missing node: %v", err)
	}
	if _, err := runTool(t, "degree", neg, map[string]any{"node": "a", "k": 1}); !errors.Is(err, ErrBadArgs) {
		t.Errorf("unknown param: %v", err)
	}
	if _, err := runTool(t, "maximum_flow", neg, map[string]any{"source": "a", "sink": "a"}); !errors.Is(err, ErrBadArgs) {
		t.Errorf("source == sink: %v", err)
	}
	if _, err := runTool(t, "shortest_path", neg, map[string]any{"source": "b", "target": "a"}); !errors.Is(err, ErrNoPath) {
		t.Errorf("no path: %v", err)
	}
	if _, err := runTool(t, "shortest_path_length", neg, map[string]any{"source": "b", "target": "a"}); !errors.Is(err, ErrNoPath) {
		t.Errorf("no path, length: %v", err)
	}
	// Numbers name nodes too.
	ub := graph.NewBuilder(false)
	_, _ = ub.AddEdge("1", "2")
	u := ub.Build()
	if _, err := runTool(t, "maximum_flow", u, map[string]any{"source": "1", "sink": "2"}); !errors.Is(err, ErrNotApplicable) || !strings.Contains(err.Error(), "no capacities") {
		t.Errorf("a flow over edges without capacities: %v", err)
	}
	if _, err := runTool(t, "shortest_path_length", u, map[string]any{"source": "1", "target": "1"}); err != nil {
		t.Errorf("a node reaches itself: %v", err)
	}
	if res, err := runTool(t, "edge_exists", u, map[string]any{"source": "1", "target": "7"}); err != nil || res.Value != false || !strings.Contains(res.Text, "node 7 is not in the graph") {
		t.Errorf("an edge to an absent node: %+v %v", res, err)
	}
	res, err := runTool(t, "degree", u, map[string]any{"node": 2})
	if err != nil || res.Value != 1 {
		t.Errorf("numeric node: %v %v", res.Value, err)
	}
	// A cancelled context stops the tools.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tool, _ := Catalogue().Get("connected_components")
	if _, err := tool.Run(ctx, u, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestPathPrimitives checks bfsDistances and dijkstra of paths.go against
// NetworkX's all-pairs path lengths, running every source of a graph on the
// same reused buffers (as eccentricity and closeness do), in both
// directions.
func TestPathPrimitives(t *testing.T) {
	graphs := loopyGraphs(9, 200, nil)
	var cases []oracleCase
	for _, tg := range graphs {
		for _, rev := range []bool{false, true} {
			cases = append(cases,
				oracleCase{Tool: "paths:dijkstra_all", Graph: tg, Args: map[string]any{"reverse": rev}},
				oracleCase{Tool: "paths:bfs_all", Graph: tg, Args: map[string]any{"reverse": rev}})
		}
	}
	answers := runOracle(t, cases)
	ctx := context.Background()
	for i := 0; i < len(cases); i += 2 {
		c := cases[i]
		rev := c.Args["reverse"].(bool)
		g := c.Graph.build(t)
		var wantW, wantH map[string]map[string]float64
		if err := json.Unmarshal(answers[i].Value, &wantW); err != nil {
			t.Fatalf("oracle %d: %v %s", i, err, answers[i].Error)
		}
		if err := json.Unmarshal(answers[i+1].Value, &wantH); err != nil {
			t.Fatalf("oracle %d: %v %s", i+1, err, answers[i+1].Error)
		}
		d := newDijkstra(g.N())
		dist, queue := newBFSBuffers(g.N())
		for s := int32(0); s < int32(g.N()); s++ {
			sid := g.ID(s)
			if err := d.run(ctx, g, s, -1, rev); err != nil {
				t.Fatal(err)
			}
			reached := bfsDistances(g, s, rev, dist, queue)
			if len(reached) != len(wantH[sid]) || len(d.Order) != len(wantW[sid]) {
				t.Errorf("%s reverse=%v from %s: reached %d/%d, NetworkX %d", c.Graph.describe(), rev, sid, len(reached), len(d.Order), len(wantH[sid]))
			}
			for v := int32(0); v < int32(g.N()); v++ {
				hw, okH := wantH[sid][g.ID(v)]
				if (dist[v] >= 0) != okH || (okH && float64(dist[v]) != hw) {
					t.Errorf("%s reverse=%v bfs %s->%s: %d, NetworkX %v (%v)", c.Graph.describe(), rev, sid, g.ID(v), dist[v], hw, okH)
				}
				ww, okW := wantW[sid][g.ID(v)]
				if d.Reached(v) != okW || (okW && !basicNear(d.Dist[v], ww)) {
					t.Errorf("%s reverse=%v dijkstra %s->%s: %v, NetworkX %v (%v)", c.Graph.describe(), rev, sid, g.ID(v), d.Dist[v], ww, okW)
				}
				if okW && v != s {
					// The predecessor edge must realise the distance.
					p, e := d.Pred[v], d.PredEdge[v]
					if a, b := g.Edge(e); !(a == p && b == v || a == v && b == p) || !basicNear(d.Dist[p]+g.Weight(e), d.Dist[v]) {
						t.Errorf("bad predecessor of %s from %s", g.ID(v), sid)
					}
				}
			}
			for k := 1; k < len(reached); k++ {
				if dist[reached[k]] < dist[reached[k-1]] {
					t.Errorf("BFS order not by distance")
				}
			}
			clearBFS(dist, reached)
			// The two-sided search that stops where its sides meet gives
			// the same hop count and a path of that many edges, each one
			// an edge of the graph in its direction.
			if rev {
				continue
			}
			for tgt := int32(0); tgt < int32(g.N()); tgt++ {
				p, err := bidiBFS(ctx, g, s, tgt)
				if err != nil {
					t.Fatal(err)
				}
				hw, ok := wantH[sid][g.ID(tgt)]
				if (p != nil) != ok || (ok && len(p) != int(hw)+1) {
					t.Errorf("%s bidiBFS %s->%s: %v, NetworkX %v (%v)", c.Graph.describe(), sid, g.ID(tgt), p, hw, ok)
					continue
				}
				if ok && (p[0] != s || p[len(p)-1] != tgt) {
					t.Errorf("%s bidiBFS %s->%s: path %v does not run between them", c.Graph.describe(), sid, g.ID(tgt), p)
				}
				for k := 1; k < len(p); k++ {
					if !g.HasEdge(p[k-1], p[k]) {
						t.Errorf("%s bidiBFS %s->%s: %v has no edge %s->%s", c.Graph.describe(), sid, g.ID(tgt), p, g.ID(p[k-1]), g.ID(p[k]))
					}
				}
			}
		}
	}
}

// TestBasicDeepGraphs runs the traversals on a path of 300,000 nodes (a
// recursion 300,000 calls deep for a recursive implementation) and checks
// answers known by construction.
func TestBasicDeepGraphs(t *testing.T) {
	const n = 300_000
	for _, directed := range []bool{true, false} {
		b := graph.NewBuilder(directed)
		for i := 0; i+1 < n; i++ {
			if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa(i+1)); err != nil {
				t.Fatal(err)
			}
		}
		g := b.Build()
		res, err := runTool(t, "dfs_order", g, map[string]any{"source": "0"})
		if err != nil {
			t.Fatal(err)
		}
		order := res.Value.([]string)
		if len(order) != n || order[n-1] != strconv.Itoa(n-1) {
			t.Errorf("directed=%v: dfs order has %d nodes ending %v", directed, len(order), order[len(order)-1])
		}
		res, err = runTool(t, "cycle_check", g, nil)
		if err != nil || res.Value != false {
			t.Errorf("directed=%v: cycle_check %v %v", directed, res.Value, err)
		}
		res, err = runTool(t, "shortest_path", g, map[string]any{"source": "0", "target": strconv.Itoa(n - 1)})
		if err != nil {
			t.Fatalf("directed=%v: shortest_path: %v", directed, err)
		}
		if l := res.Value.(ShortestPath).Length; l != n-1 {
			t.Errorf("directed=%v: shortest path length %v", directed, l)
		}
		if directed {
			res, err = runTool(t, "strongly_connected_components", g, nil)
			if err != nil {
				t.Fatalf("scc: %v", err)
			}
			if c := res.Value.(Components).Count; c != n {
				t.Errorf("path has %d strong components, want %d", c, n)
			}
			res, err = runTool(t, "topological_sort", g, nil)
			if err != nil {
				t.Fatalf("topological_sort: %v", err)
			}
			if last := res.Value.([]string)[n-1]; last != strconv.Itoa(n-1) {
				t.Errorf("topological order ends with %s", last)
			}
		}
	}
	// Closing the directed path into a ring makes one strong component and a cycle.
	b := graph.NewBuilder(true)
	for i := 0; i < n; i++ {
		if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa((i+1)%n)); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Build()
	res, err := runTool(t, "strongly_connected_components", g, nil)
	if err != nil {
		t.Fatalf("ring scc: %v", err)
	}
	if c := res.Value.(Components).Count; c != 1 {
		t.Errorf("ring has %d strong components, want 1", c)
	}
	if _, err := runTool(t, "topological_sort", g, nil); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("ring topological_sort: %v", err)
	}
}

// TestCommonNeighborsText: the answer sentence lists the common neighbours,
// and says "no common neighbours" rather than ending in an empty list.
func TestCommonNeighborsText(t *testing.T) {
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"A", "B"}, {"C", "D"}, {"A", "E"}, {"C", "E"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Build()
	for _, c := range []struct{ u, v, want string }{
		{"A", "C", "Nodes A and C have 1 common neighbour: E."},
		{"B", "D", "Nodes B and D have no common neighbours."},
	} {
		res, err := runTool(t, "common_neighbors", g, map[string]any{"u": c.u, "v": c.v})
		if err != nil || res.Text != c.want {
			t.Errorf("common_neighbors(%s, %s) = %q, %v; want %q", c.u, c.v, res.Text, err, c.want)
		}
	}
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
