package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// propertyToolNames are the tools of this file's differential test.
var propertyToolNames = []string{
	"pagerank", "betweenness_centrality", "closeness_centrality",
	"order", "size", "density", "eccentricity", "radius", "diameter", "center", "periphery",
	"shortest_path_length", "avg_path_length", "min_path_length", "max_path_length",
}

// connectify returns a copy of tg with a ring through its nodes in insertion
// order (a directed cycle when directed), so the graph is connected (strongly
// when directed) and the distance-based tools have values to compare.
func connectify(tg testGraph, r *rand.Rand) testGraph {
	out := tg
	out.Edges = append([][3]string(nil), tg.Edges...)
	n := len(tg.Nodes)
	if n < 2 {
		return out
	}
	for i := 0; i < n; i++ {
		w := ""
		if tg.Weighted {
			w = strconv.FormatFloat(1+r.Float64()*20, 'f', 3, 64)
		}
		out.Edges = append(out.Edges, [3]string{tg.Nodes[i], tg.Nodes[(i+1)%n], w})
	}
	return out
}

// sparseGraph is a random graph of n nodes and about m edges, for cases
// large enough to run the parallel code paths.
func sparseGraph(r *rand.Rand, n, m int, directed, weighted, ring bool) testGraph {
	tg := testGraph{Directed: directed, Weighted: weighted}
	for i := 0; i < n; i++ {
		tg.Nodes = append(tg.Nodes, strconv.Itoa(i))
	}
	for k := 0; k < m; k++ {
		w := ""
		if weighted {
			w = strconv.FormatFloat(1+r.Float64()*10, 'f', 3, 64)
		}
		tg.Edges = append(tg.Edges, [3]string{strconv.Itoa(r.IntN(n)), strconv.Itoa(r.IntN(n)), w})
	}
	if ring {
		tg = connectify(tg, r)
	}
	return tg
}

// propertyArgs draws arguments for one call of tool on tg.
func propertyArgs(r *rand.Rand, tool string, tg testGraph) map[string]any {
	args := map[string]any{}
	pickNode := func() string { return tg.Nodes[r.IntN(len(tg.Nodes))] }
	switch tool {
	case "pagerank":
		if a := []float64{0, 0.5, 0.85, 0.9}[r.IntN(4)]; a != 0 {
			args["alpha"] = a
		}
		fallthrough
	case "betweenness_centrality", "closeness_centrality", "eccentricity":
		if len(tg.Nodes) > 0 && r.IntN(3) == 0 {
			args["node"] = pickNode()
		}
	case "shortest_path_length":
		args["source"], args["target"] = pickNode(), pickNode()
		args["weighted"] = r.IntN(2) == 0
	case "size", "avg_path_length", "min_path_length", "max_path_length":
		args["weighted"] = r.IntN(2) == 0
	}
	return args
}

// TestPropertiesMatchNetworkX runs every centrality and toolx tool on at
// least 200 random graphs each (directed and undirected, weighted with integer
// and float weights, disconnected, with isolated nodes and self-loops, plus
// connected variants and a few larger sparse graphs that use the parallel
// paths) and compares with NetworkX; where NetworkX raises, the tool must
// fail with ErrNotApplicable.
func TestPropertiesMatchNetworkX(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	var cases []oracleCase
	for ti, name := range propertyToolNames {
		graphs := randomGraphs(uint64(100+ti), 160, genOptions{MaxNodes: 14, SelfLoops: true, FloatWeights: true})
		for _, tg := range randomGraphs(uint64(200+ti), 80, genOptions{MaxNodes: 14, SelfLoops: true, FloatWeights: true}) {
			graphs = append(graphs, connectify(tg, r))
		}
		for k := 0; k < 6; k++ {
			graphs = append(graphs, sparseGraph(r, 120+r.IntN(80), 250+r.IntN(300), k%2 == 0, k%3 == 0, k < 4))
		}
		// The null graph and a single node.
		graphs = append(graphs, testGraph{Directed: false}, testGraph{Directed: true, Nodes: []string{"a"}})
		for _, tg := range graphs {
			if name == "shortest_path_length" && len(tg.Nodes) == 0 {
				continue
			}
			cases = append(cases, oracleCase{Tool: name, Graph: tg, Args: propertyArgs(r, name, tg)})
		}
	}
	answers := runOracle(t, cases)

	tools := map[string]Tool{}
	for _, name := range propertyToolNames {
		tool, err := Catalogue().Get(name)
		if err != nil {
			t.Fatal(err)
		}
		tools[name] = tool
	}
	counts := map[string][2]int{} // tool -> {values compared, errors matched}
	skipped := map[string]int{}   // tool -> cases the installed NetworkX answers unlike 3.x
	for i, c := range cases {
		g := c.Graph.build(t)
		args, _ := json.Marshal(c.Args)
		res, err := tools[c.Tool].Run(context.Background(), g, args)
		want := answers[i]
		if want.Skip != "" {
			if skipped[c.Tool] == 0 {
				t.Logf("%s: skipping cases: %s", c.Tool, want.Skip)
			}
			skipped[c.Tool]++
			continue
		}
		where := fmt.Sprintf("%s%s on %s", c.Tool, args, c.Graph.describe())
		if len(where) > 2000 {
			where = where[:2000] + "..."
		}
		if want.Error != "" {
			if err == nil {
				t.Errorf("%s: NetworkX raised %q but the tool answered %v", where, want.Error, res.Value)
			} else if !errors.Is(err, ErrNotApplicable) {
				t.Errorf("%s: error %v does not wrap ErrNotApplicable (NetworkX: %s)", where, err, want.Error)
			}
			k := counts[c.Tool]
			k[1]++
			counts[c.Tool] = k
			continue
		}
		if err != nil {
			t.Errorf("%s: tool failed (%v) where NetworkX answered %s", where, err, want.Value)
			continue
		}
		if res.Text == "" {
			t.Errorf("%s: empty Text", where)
		}
		got, _ := json.Marshal(res.Value)
		tol := 1e-6
		if c.Tool == "pagerank" {
			tol = 1e-5
		}
		if msg := sameJSON(got, want.Value, tol); msg != "" {
			t.Errorf("%s:\n got  %s\n want %s\n %s", where, got, want.Value, msg)
		}
		k := counts[c.Tool]
		k[0]++
		counts[c.Tool] = k
	}
	for _, name := range propertyToolNames {
		k := counts[name]
		// Cases skipped for an older NetworkX still ran the tool's other
		// cases; the floor is on what was actually compared.
		if k[0]+k[1] < 200-skipped[name] {
			t.Errorf("%s: only %d cases (%d skipped)", name, k[0]+k[1], skipped[name])
		}
		// Every tool must be compared on real values, not only on errors.
		if k[0] < 100 {
			t.Errorf("%s: only %d value comparisons (%d error cases)", name, k[0], k[1])
		}
		t.Logf("%s: %d values compared, %d NetworkX errors matched", name, k[0], k[1])
		if skipped[name] > 0 {
			t.Logf("%s: %d cases skipped: the installed NetworkX answers them unlike 3.x", name, skipped[name])
		}
	}
}

// sameJSON compares two JSON values: numbers within relative tolerance tol,
// objects by key, arrays in order. It returns "" when they match.
func sameJSON(got, want []byte, tol float64) string {
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		return "bad JSON from tool: " + err.Error()
	}
	if err := json.Unmarshal(want, &b); err != nil {
		return "bad JSON from oracle: " + err.Error()
	}
	return sameValue(a, b, tol, "$")
}

func sameValue(a, b any, tol float64, path string) string {
	switch y := b.(type) {
	case float64:
		x, ok := a.(float64)
		if !ok {
			return fmt.Sprintf("%s: got %T, want a number", path, a)
		}
		if math.Abs(x-y) > tol*math.Max(math.Abs(x), math.Abs(y))+1e-12 {
			return fmt.Sprintf("%s: got %v, want %v", path, x, y)
		}
	case string, bool, nil:
		if a != b {
			return fmt.Sprintf("%s: got %v, want %v", path, a, b)
		}
	case []any:
		x, ok := a.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: got %v, want %v", path, a, b)
		}
		for i := range y {
			if m := sameValue(x[i], y[i], tol, fmt.Sprintf("%s[%d]", path, i)); m != "" {
				return m
			}
		}
	case map[string]any:
		x, ok := a.(map[string]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: got %v, want %v", path, a, b)
		}
		keys := make([]string, 0, len(y))
		for k := range y {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, ok := x[k]
			if !ok {
				return fmt.Sprintf("%s: key %q missing", path, k)
			}
			if m := sameValue(v, y[k], tol, path+"."+k); m != "" {
				return m
			}
		}
	default:
		return fmt.Sprintf("%s: unexpected oracle value %T", path, b)
	}
	return ""
}

// pathGraph builds the undirected path 0-1-...-(n-1).
func pathGraph(t testing.TB, n int, directed bool) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(directed)
	for i := 0; i < n; i++ {
		if _, err := b.AddNode(strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i+1 < n; i++ {
		if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	return b.Build()
}

func TestPropertiesBadInput(t *testing.T) {
	g := pathGraph(t, 5, false)
	for _, c := range []struct {
		tool string
		args map[string]any
		want error
	}{
		{"pagerank", map[string]any{"alpha": 1.5}, ErrBadArgs},
		{"pagerank", map[string]any{"alpha": -0.1}, ErrBadArgs},
		{"pagerank", map[string]any{"node": "nope"}, ErrNodeNotFound},
		{"pagerank", map[string]any{"damping": 0.5}, ErrBadArgs},
		{"betweenness_centrality", map[string]any{"node": 99}, ErrNodeNotFound},
		{"closeness_centrality", map[string]any{"node": "x"}, ErrNodeNotFound},
		{"eccentricity", map[string]any{"node": "7"}, ErrNodeNotFound},
		{"shortest_path_length", map[string]any{"source": "0"}, ErrBadArgs},
		{"shortest_path_length", map[string]any{"source": "0", "target": "9"}, ErrNodeNotFound},
		{"shortest_path_length", map[string]any{"source": "0", "target": "1", "weighted": "yes"}, ErrBadArgs},
		{"diameter", map[string]any{"node": "1"}, ErrBadArgs},
	} {
		_, err := runTool(t, c.tool, g, c.args)
		if !errors.Is(err, c.want) {
			t.Errorf("%s %v: got error %v, want %v", c.tool, c.args, err, c.want)
		}
	}
	// Numbers name nodes too.
	res, err := runTool(t, "shortest_path_length", g, map[string]any{"source": 0, "target": 4})
	if err != nil || res.Value != 4 {
		t.Errorf("shortest_path_length 0->4 on a 5-node path: %v, %v", res.Value, err)
	}
	// Negative weights are refused by the weighted path tools.
	b := graph.NewBuilder(false)
	if _, err := b.AddWeightedEdge("a", "b", -2); err != nil {
		t.Fatal(err)
	}
	neg := b.Build()
	for _, tool := range []string{"min_path_length", "max_path_length", "avg_path_length"} {
		if _, err := runTool(t, tool, neg, map[string]any{"weighted": true}); !errors.Is(err, ErrNotApplicable) {
			t.Errorf("%s with a negative weight: got %v, want ErrNotApplicable", tool, err)
		}
	}
}

// TestPropertiesCancel checks that the long loops themselves (not only the
// tool wrapper) stop when the context has ended.
func TestPropertiesCancel(t *testing.T) {
	g := pathGraph(t, 3000, false)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	check := func(name string, err error) {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s on a cancelled context: got %v, want context.Canceled", name, err)
		}
	}
	_, err := pagerankScores(ctx, g, 0.85)
	check("pagerank", err)
	_, err = betweennessScores(ctx, g)
	check("betweenness", err)
	_, err = closenessScores(ctx, g)
	check("closeness", err)
	_, err = eccentricities(ctx, g)
	check("eccentricities", err)
	_, err = allPairsTotals(ctx, g, false)
	check("all pairs", err)
	_, err = allPairsTotals(ctx, g, true)
	check("all pairs weighted", err)
}

// TestPropertiesParallelDeterministic checks that the parallel all-sources
// computations give the same answers as a single worker, and the same answer
// on every run.
func TestPropertiesParallelDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, directed := range []bool{false, true} {
		g := sparseGraph(r, 600, 2400, directed, false, true).build(t)
		ctx := context.Background()
		bc1, err := betweennessScores(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		bc2, _ := betweennessScores(ctx, g)
		ecc1, err := eccentricities(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		cl1, _ := closenessScores(ctx, g)
		prev := runtime.GOMAXPROCS(1)
		bcSerial, _ := betweennessScores(ctx, g)
		eccSerial, _ := eccentricities(ctx, g)
		clSerial, _ := closenessScores(ctx, g)
		runtime.GOMAXPROCS(prev)
		for i := range bc1 {
			if bc1[i] != bc2[i] {
				t.Fatalf("directed=%v: betweenness differs between runs at node %d: %v vs %v", directed, i, bc1[i], bc2[i])
			}
			if math.Abs(bc1[i]-bcSerial[i]) > 1e-12 {
				t.Fatalf("directed=%v: parallel betweenness %v, serial %v at node %d", directed, bc1[i], bcSerial[i], i)
			}
			if ecc1[i] != eccSerial[i] || cl1[i] != clSerial[i] {
				t.Fatalf("directed=%v: parallel and serial eccentricity/closeness differ at node %d", directed, i)
			}
		}
	}
}

// TestAllSourcesBFSMatchesSingleSource compares the bit-parallel all-sources
// search with one plain breadth-first search per source, in both directions,
// on graphs whose size is not a multiple of the 64-source batch, including a
// long path (many levels) and disconnected graphs.
func TestAllSourcesBFSMatchesSingleSource(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	graphs := []*graph.Graph{pathGraph(t, 300, false), pathGraph(t, 131, true)}
	for k := 0; k < 6; k++ {
		graphs = append(graphs, sparseGraph(r, 65+r.IntN(200), 100+r.IntN(500), k%2 == 0, false, k%3 == 0).build(t))
	}
	for gi, g := range graphs {
		for _, reverse := range []bool{false, true} {
			st, err := allSourcesBFS(context.Background(), g, reverse)
			if err != nil {
				t.Fatal(err)
			}
			dist, queue := newBFSBuffers(g.N())
			for s := int32(0); int(s) < g.N(); s++ {
				reached := bfsDistances(g, s, reverse, dist, queue)
				var sum int64
				for _, v := range reached {
					sum += int64(dist[v])
				}
				ecc := dist[reached[len(reached)-1]]
				if st.Ecc[s] != ecc || st.Sum[s] != sum || int(st.Reached[s]) != len(reached) {
					t.Fatalf("graph %d reverse=%v source %d: got ecc %d sum %d reached %d, want %d %d %d",
						gi, reverse, s, st.Ecc[s], st.Sum[s], st.Reached[s], ecc, sum, len(reached))
				}
				clearBFS(dist, reached)
			}
		}
	}
}

// TestPropertySpecs checks that every property tool is registered with a
// complete description: family, one-line description, when to use, returns,
// and at least four distinct sample questions.
func TestPropertySpecs(t *testing.T) {
	r := Catalogue()
	for _, name := range propertyToolNames {
		tool, err := r.Get(name)
		if err != nil {
			t.Errorf("%s is not in the catalogue: %v", name, err)
			continue
		}
		s := tool.Spec()
		want := map[string]string{"pagerank": "common", "betweenness_centrality": "common", "closeness_centrality": "common"}[name]
		if want == "" {
			want = "toolx"
		}
		if s.Family != want {
			t.Errorf("%s: family %q, want %q", name, s.Family, want)
		}
		if s.Description == "" || s.WhenToUse == "" || s.Returns == "" {
			t.Errorf("%s: incomplete spec %+v", name, s)
		}
		seen := map[string]bool{}
		for _, ex := range s.Examples {
			seen[ex] = true
		}
		if len(seen) < 4 || len(seen) != len(s.Examples) {
			t.Errorf("%s: want at least 4 distinct examples, got %q", name, s.Examples)
		}
		var schema map[string]any
		if err := json.Unmarshal(s.Schema, &schema); err != nil {
			t.Errorf("%s: schema is not JSON: %v", name, err)
		}
	}
}

// TestBoundedEccentricities checks the eccentricity bounding against exact
// eccentricities on random connected undirected graphs for every goal, with
// an unlimited budget so the bounding alone decides.
func TestBoundedEccentricities(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 4))
	ctx := context.Background()
	var graphs []*graph.Graph
	for _, tg := range randomGraphs(77, 150, genOptions{MaxNodes: 30, Directed: ptr(false), SelfLoops: true}) {
		graphs = append(graphs, connectify(tg, r).build(t))
	}
	graphs = append(graphs, pathGraph(t, 50, false), sparseGraph(r, 400, 500, false, false, true).build(t))
	for gi, g := range graphs {
		if g.N() == 0 {
			continue
		}
		ecc, err := eccentricities(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		radius, diameter := slices.Min(ecc), slices.Max(ecc)
		for goal, want := range map[extremaGoal]int32{goalDiameter: diameter, goalRadius: radius, goalCenter: radius, goalPeriphery: diameter} {
			lo, hi, ok, err := boundedEccentricities(ctx, g, goal, g.N()+1)
			if err != nil || !ok {
				t.Fatalf("graph %d goal %d: ok=%v err=%v", gi, goal, ok, err)
			}
			for v := range ecc {
				if lo[v] > ecc[v] || hi[v] < ecc[v] {
					t.Fatalf("graph %d: bounds [%d, %d] miss eccentricity %d of node %d", gi, lo[v], hi[v], ecc[v], v)
				}
			}
			got := slices.Max(lo)
			if goal == goalRadius || goal == goalCenter {
				got = slices.Min(hi)
			}
			if got != want {
				t.Fatalf("graph %d goal %d: got %d, want %d", gi, goal, got, want)
			}
			if goal == goalCenter || goal == goalPeriphery {
				for v := range ecc {
					if (ecc[v] == want) != (lo[v] == want && hi[v] == want) {
						t.Fatalf("graph %d goal %d: node %d has eccentricity %d, bounds [%d, %d], extreme %d", gi, goal, v, ecc[v], lo[v], hi[v], want)
					}
				}
			}
		}
	}
}
