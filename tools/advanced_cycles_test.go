package tools

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
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
	}, HamiltonianCycleTool(24))
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
	// Past the cap: declined unless a quick check refutes.
	if _, err := runTool(t, "hamiltonian_cycle", completeBipartite(t, 11, 11), nil); !errors.Is(err, ErrTooLarge) {
		t.Errorf("K_{11,11}: err %v, want ErrTooLarge", err)
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
