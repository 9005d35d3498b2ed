package tools

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/tools/graph"
)

// validCycle reports whether cycle visits every node of g once along edges
// of g and returns to its start.
func validCycle(g *graph.Graph, cycle []string) bool {
	if len(cycle) != g.N()+1 || cycle[0] != cycle[len(cycle)-1] {
		return false
	}
	seen := map[string]bool{}
	for i, v := range cycle {
		if i > 0 {
			if !hasEdgeIDs(g, cycle[i-1], v) || (cycle[i-1] == v && g.N() > 1) {
				return false
			}
		}
		if i < len(cycle)-1 {
			if seen[v] {
				return false
			}
			seen[v] = true
		}
	}
	return len(seen) == g.N()
}

func TestAdvancedHamiltonianCycleOracle(t *testing.T) {
	var runs []caseRun
	for _, tg := range randomGraphs(204, 250, genOptions{MaxNodes: 10, SelfLoops: true}) {
		runs = append(runs, caseRun{tg: tg})
	}
	// Connected graphs, where the subset search (not a cheap refutation)
	// decides; denser ones have cycles more often.
	for _, tg := range connectedGraphs(215, 250, 11) {
		runs = append(runs, caseRun{tg: tg})
	}
	runs = append(runs, tinyRuns(nil)...)
	// Two-node directed cycles and a triangle.
	for _, directed := range []bool{false, true} {
		runs = append(runs,
			caseRun{tg: testGraph{Directed: directed, Nodes: []string{"0", "1"}, Edges: [][3]string{{"0", "1", ""}, {"1", "0", ""}}}},
			caseRun{tg: testGraph{Directed: directed, Nodes: []string{"a", "b", "c"}, Edges: [][3]string{{"a", "b", ""}, {"b", "c", ""}, {"c", "a", ""}}}})
	}
	yes := 0
	ok, errs := check(t, "hamiltonian_cycle", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(HamiltonianCycleResult)
		w := decode[struct {
			Exists bool `json:"exists"`
		}](t, want)
		if res.Exists != w.Exists {
			t.Errorf("exists %v, brute force %v\n%s", res.Exists, w.Exists, c.tg.describe())
			return
		}
		if !res.Exists {
			return
		}
		yes++
		if !validCycle(g, res.Cycle) {
			t.Errorf("cycle %v is not a Hamiltonian cycle\n%s", res.Cycle, c.tg.describe())
		}
	}, HamiltonianCycleTool(24), HamiltonianCycleTool(2)) // the subset search at 24 nodes, the backtracking search from 3
	t.Logf("coverage: %d answered, %d cycles checked, %d errors (null graphs)", ok, yes, errs)
	if ok != len(runs)-2 || errs != 2 || yes < 80 || yes > ok-80 {
		t.Errorf("coverage: %d answered, %d cycles checked, %d errors (null graphs)", ok, yes, errs)
	}
}

// completeBipartite returns K_{a,b}, which has a Hamiltonian cycle iff a == b >= 2.
func completeBipartite(t testing.TB, a, b int) *graph.Graph {
	t.Helper()
	bl := graph.NewBuilder(false)
	for i := 0; i < a; i++ {
		for j := 0; j < b; j++ {
			if _, err := bl.AddEdge("l"+strconv.Itoa(i), "r"+strconv.Itoa(j)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return bl.Build()
}

func TestAdvancedHamiltonianCycleLimits(t *testing.T) {
	for _, c := range []struct {
		a, b int
		want bool
	}{{10, 10, true}, {9, 11, false}, {2, 2, true}, {1, 2, false}} {
		res, err := runTool(t, "hamiltonian_cycle", completeBipartite(t, c.a, c.b), nil)
		if err != nil {
			t.Fatalf("K_{%d,%d}: %v", c.a, c.b, err)
		}
		hc := res.Value.(HamiltonianCycleResult)
		if hc.Exists != c.want || (hc.Exists && !validCycle(completeBipartite(t, c.a, c.b), hc.Cycle)) {
			t.Errorf("K_{%d,%d}: %v, want exists=%v", c.a, c.b, hc, c.want)
		}
	}
	// Past the cap: the backtracking search finds a cycle of K_{11,11}
	// (and of K_{20,20}); K_{11,12} has none, which no quick check shows
	// and the search does not settle in its budget: declined.
	for _, k := range []int{11, 20} {
		kb := completeBipartite(t, k, k)
		res, err := runTool(t, "hamiltonian_cycle", kb, nil)
		if err != nil || !res.Value.(HamiltonianCycleResult).Exists || !validCycle(kb, res.Value.(HamiltonianCycleResult).Cycle) {
			t.Errorf("K_{%d,%d}: %v %v, want a cycle", k, k, res.Value, err)
		}
	}
	if _, err := runTool(t, "hamiltonian_cycle", completeBipartite(t, 11, 12), nil); !errors.Is(err, ErrTooLarge) {
		t.Errorf("K_{11,12}: err %v, want ErrTooLarge", err)
	}
	// A path of 30 nodes has leaves: exactly no at any size.
	b := graph.NewBuilder(false)
	for i := 0; i < 29; i++ {
		if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := runTool(t, "hamiltonian_cycle", b.Build(), nil)
	if err != nil || res.Value.(HamiltonianCycleResult).Exists {
		t.Errorf("path of 30: %v %v, want no cycle", res.Value, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	time.Sleep(time.Millisecond)
	if _, err := hamiltonianCycle(ctx, completeBipartite(t, 9, 11), 20); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled: err %v", err)
	}
	if _, err := runTool(t, "hamiltonian_cycle", graph.NewBuilder(true).Build(), nil); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("null graph: err %v", err)
	}
}

// BenchmarkHamiltonianCycleAtCap runs the subset search at the catalogue's
// cap on K_{9,11} (20 nodes, no Hamiltonian cycle, every quick check passes,
// so every subset is visited) and K_{10,10} (a cycle). Run with:
//
//	go test -run '^$' -bench HamiltonianCycleAtCap ./tools/
func BenchmarkHamiltonianCycleAtCap(b *testing.B) {
	tool, err := Catalogue().Get("hamiltonian_cycle")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ l, r int }{{9, 11}, {10, 10}} {
		g := completeBipartite(b, c.l, c.r)
		b.Run("K"+strconv.Itoa(c.l)+","+strconv.Itoa(c.r), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := tool.Run(context.Background(), g, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestAdvancedEulerCircuitOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	var runs []caseRun
	graphs := append(trailGraphs(305, 300), randomGraphs(306, 80, genOptions{MaxNodes: 8, SelfLoops: true})...)
	for _, tg := range graphs {
		args := map[string]any{}
		if r.IntN(3) == 0 {
			args["source"] = tg.Nodes[r.IntN(len(tg.Nodes))]
		}
		runs = append(runs, caseRun{tg: tg, args: args})
	}
	runs = append(runs, tinyRuns(nil)...)
	yes := 0
	ok, errs := check(t, "euler_circuit", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(EulerCircuitResult)
		w := decode[struct {
			Eulerian bool `json:"eulerian"`
			NxEdges  int  `json:"nx_circuit_edges"`
		}](t, want)
		if res.Circuit != w.Eulerian {
			t.Errorf("eulerian %v, NetworkX %v (args %v)\n%s", res.Circuit, w.Eulerian, c.args, c.tg.describe())
			return
		}
		if !res.Circuit {
			return
		}
		yes++
		if s, given := c.args["source"]; given && res.Path[0] != s {
			t.Errorf("circuit %v does not start at source %v", res.Path, s)
		}
		if len(res.Path) != g.M()+1 || g.M() != w.NxEdges || res.Path[0] != res.Path[len(res.Path)-1] {
			t.Errorf("circuit %v: %d nodes for %d edges (NetworkX %d), or not closed\n%s", res.Path, len(res.Path), g.M(), w.NxEdges, c.tg.describe())
			return
		}
		used := make([]bool, g.M())
		for i := 1; i < len(res.Path); i++ {
			a, _ := g.Index(res.Path[i-1])
			b, _ := g.Index(res.Path[i])
			e, found := g.FindEdge(a, b)
			if !found || used[e] {
				t.Errorf("step %s-%s of %v is missing or reused\n%s", res.Path[i-1], res.Path[i], res.Path, c.tg.describe())
				return
			}
			used[e] = true
		}
	})
	t.Logf("coverage: %d answered, %d Eulerian, %d errors (null graphs)", ok, yes, errs)
	if ok != len(runs)-2 || errs != 2 || yes < 60 || yes > ok-60 {
		t.Errorf("coverage: %d answered, %d Eulerian, %d errors", ok, yes, errs)
	}
	b := graph.NewBuilder(false)
	if _, err := b.AddEdge("a", "b"); err != nil {
		t.Fatal(err)
	}
	if _, err := runTool(t, "euler_circuit", b.Build(), map[string]any{"source": "zz"}); !errors.Is(err, ErrNodeNotFound) {
		t.Errorf("unknown source: err %v", err)
	}
}

// validTour reports whether tour is a closed tour of g visiting every node
// once (there and back for two nodes), and returns its cost.
func validTour(g *graph.Graph, tour []string) (float64, bool) {
	if g.N() == 1 {
		return 0, len(tour) == 1
	}
	if len(tour) != g.N()+1 || tour[0] != tour[len(tour)-1] {
		return 0, false
	}
	seen := map[string]bool{}
	cost := 0.0
	for i := 1; i < len(tour); i++ {
		a, okA := g.Index(tour[i-1])
		b, okB := g.Index(tour[i])
		e, found := g.FindEdge(a, b)
		if !okA || !okB || !found || a == b || seen[tour[i]] {
			return 0, false
		}
		seen[tour[i]] = true
		cost += g.Weight(e)
	}
	return cost, len(seen) == g.N()
}

func TestAdvancedTravellingSalesmanOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	var runs []caseRun
	graphs := append(randomGraphs(2301, 300, genOptions{MaxNodes: 8, SelfLoops: true, FloatWeights: true}),
		connectedGraphs(2302, 200, 8)...)
	// Dense weighted graphs, where tours exist and their costs differ.
	graphs = append(graphs, randomGraphs(2303, 150, genOptions{MinNodes: 3, MaxNodes: 8, Weighted: ptr(true), SelfLoops: true})...)
	for _, tg := range graphs {
		args := map[string]any{}
		if len(tg.Nodes) > 0 && r.IntN(3) == 0 {
			args["source"] = tg.Nodes[r.IntN(len(tg.Nodes))]
		}
		runs = append(runs, caseRun{tg: tg, args: args})
	}
	runs = append(runs, tinyRuns(nil)...)
	yes := 0
	ok, errs := check(t, "travelling_salesman", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(TSPResult)
		w := decode[struct {
			Exists bool     `json:"exists"`
			Cost   *float64 `json:"cost"`
		}](t, want)
		if res.Exists != w.Exists {
			t.Errorf("exists %v, brute force %v (args %v)\n%s", res.Exists, w.Exists, c.args, c.tg.describe())
			return
		}
		if !res.Exists {
			if res.Cost != nil || res.Tour != nil {
				t.Errorf("no tour but cost %v tour %v", res.Cost, res.Tour)
			}
			return
		}
		yes++
		if math.Abs(*res.Cost-*w.Cost) > 1e-9*math.Max(1, math.Abs(*w.Cost)) {
			t.Errorf("cost %v, brute force %v (args %v)\n%s", *res.Cost, *w.Cost, c.args, c.tg.describe())
		}
		cost, valid := validTour(g, res.Tour)
		if !valid || math.Abs(cost-*res.Cost) > 1e-9*math.Max(1, math.Abs(cost)) {
			t.Errorf("tour %v (cost %v, valid %v) does not cost %v\n%s", res.Tour, cost, valid, *res.Cost, c.tg.describe())
		}
		if s, given := c.args["source"]; given && res.Tour[0] != s {
			t.Errorf("tour %v does not start at source %v", res.Tour, s)
		}
	}, TravellingSalesmanTool(20), TravellingSalesmanTool(2)) // Held–Karp to 20 nodes; the branch and bound from 3
	t.Logf("coverage: %d answered, %d tours checked, %d errors (null graphs)", ok, yes, errs)
	if ok != len(runs)-2 || errs != 2 || yes < 150 || yes > ok-80 {
		t.Errorf("coverage: %d answered, %d tours checked, %d errors (null graphs)", ok, yes, errs)
	}
}

func TestAdvancedTravellingSalesmanLimits(t *testing.T) {
	// Past Held–Karp's 18 nodes, the branch and bound: K_{10,10}'s and
	// K_{15,15}'s tours alternate sides, 20 and 30 edges of weight 1.
	for _, k := range []int{10, 15} {
		res, err := runTool(t, "travelling_salesman", completeBipartite(t, k, k), nil)
		if v, _ := res.Value.(TSPResult); err != nil || !v.Exists || *v.Cost != float64(2*k) {
			t.Errorf("K_{%d,%d}: %+v %v, want a tour of %d", k, k, res.Value, err, 2*k)
		}
	}
	// K_{20,21} has no tour, which no quick check shows and the branch
	// and bound does not settle in its budget: declined, naming the cap.
	if _, err := runTool(t, "travelling_salesman", completeBipartite(t, 20, 21), nil); !errors.Is(err, ErrTooLarge) ||
		!strings.Contains(err.Error(), "18") {
		t.Errorf("K_{20,21}: err %v, want ErrTooLarge naming the cap 18", err)
	}
	// K_{9,9} at the cap: every tour alternates sides, 18 edges of weight 1.
	res, err := runTool(t, "travelling_salesman", completeBipartite(t, 9, 9), nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Value.(TSPResult); !v.Exists || *v.Cost != 18 {
		t.Errorf("K_{9,9}: %+v", v)
	}
	// A path of 30 nodes has leaves: exactly no tour at any size.
	b := graph.NewBuilder(false)
	for i := 0; i < 29; i++ {
		if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	res, err = runTool(t, "travelling_salesman", b.Build(), nil)
	if err != nil || res.Value.(TSPResult).Exists {
		t.Errorf("path of 30: %v %v, want no tour", res.Value, err)
	}
	if _, err := runTool(t, "travelling_salesman", completeBipartite(t, 2, 2), map[string]any{"source": "zz"}); !errors.Is(err, ErrNodeNotFound) {
		t.Errorf("unknown source: err %v", err)
	}
	// k183's delivery round: Depot-A-B-C-Depot, 4+3+2+7.
	k4 := graph.NewBuilder(false)
	for _, e := range []struct {
		u, v string
		w    float64
	}{{"Depot", "A", 4}, {"Depot", "B", 6}, {"A", "B", 3}, {"A", "C", 5}, {"B", "C", 2}, {"C", "Depot", 7}} {
		id, err := k4.AddEdge(e.u, e.v)
		if err != nil {
			t.Fatal(err)
		}
		k4.SetWeight(id, e.w)
	}
	res, err = runTool(t, "travelling_salesman", k4.Build(), map[string]any{"source": "Depot"})
	if v := res.Value.(TSPResult); err != nil || *v.Cost != 16 || v.Tour[0] != "Depot" {
		t.Errorf("delivery round: %+v %v, want cost 16 from Depot", v, err)
	}
}

// TestTravellingSalesmanBranchBoundVsHeldKarp: on graphs of 9 to 16 nodes
// (directed and undirected, dense and sparse, integer and fractional
// weights), the branch and bound past Held–Karp's cap finds tours as cheap
// as Held–Karp's (itself checked against brute force above), or none when
// it finds none.
func TestTravellingSalesmanBranchBoundVsHeldKarp(t *testing.T) {
	r := rand.New(rand.NewPCG(77, 78))
	ctx := context.Background()
	compared, tours := 0, 0
	for c := 0; c < 160; c++ {
		n := 9 + r.IntN(8)
		directed := c%3 == 0
		p := []float64{0.35, 0.6, 1}[c%3]
		b := graph.NewBuilder(directed)
		for i := 0; i < n; i++ {
			if _, err := b.AddNode(strconv.Itoa(i)); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if i == j || (!directed && j < i) || r.Float64() >= p {
					continue
				}
				w := float64(1 + r.IntN(5))
				if c%4 == 1 {
					w = 1 + r.Float64()*9
				}
				if _, err := b.AddWeightedEdge(strconv.Itoa(i), strconv.Itoa(j), w); err != nil {
					t.Fatal(err)
				}
			}
		}
		g := b.Build()
		hk, err := travellingSalesman(ctx, g, 0, 18)
		if err != nil {
			t.Fatal(err)
		}
		bb, err := travellingSalesman(ctx, g, 0, 2)
		if errors.Is(err, ErrTooLarge) {
			continue // the budget ran out: declined, never wrong
		}
		if err != nil {
			t.Fatal(err)
		}
		compared++
		if hk.Exists != bb.Exists {
			t.Errorf("case %d (n=%d): Held–Karp exists %v, branch and bound %v", c, n, hk.Exists, bb.Exists)
			continue
		}
		if !hk.Exists {
			continue
		}
		tours++
		cost, valid := validTour(g, bb.Tour)
		if !valid || math.Abs(cost-*bb.Cost) > 1e-9 || math.Abs(*bb.Cost-*hk.Cost) > 1e-9 || bb.Tour[0] != "0" {
			t.Errorf("case %d (n=%d, directed %v): branch and bound %v costs %v (valid %v, said %v), Held–Karp %v", c, n, directed, bb.Tour, cost, valid, *bb.Cost, *hk.Cost)
		}
	}
	t.Logf("%d compared, %d tours", compared, tours)
	if compared < 150 || tours < 80 {
		t.Errorf("coverage: %d compared, %d tours", compared, tours)
	}
}
