package tools

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// advancedNames returns the tools of advanced.go.
func advancedNames() []string {
	return []string{
		"is_bipartite", "maximum_bipartite_matching", "hamiltonian_path", "hamiltonian_cycle", "euler_path", "euler_circuit", "travelling_salesman",
		"minimum_spanning_tree", "k_core", "bridges", "articulation_points",
		"graph_coloring", "gnn_sum_aggregation",
	}
}

func TestAdvancedSpecs(t *testing.T) {
	r := Catalogue()
	for _, name := range advancedNames() {
		tool, err := r.Get(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := tool.Spec()
		if s.Description == "" || s.WhenToUse == "" || s.Returns == "" || s.Family != "common" {
			t.Errorf("%s: incomplete spec %+v", name, s)
		}
		if len(s.Examples) < 4 {
			t.Errorf("%s: %d examples, want at least 4", name, len(s.Examples))
		}
		if !json.Valid(s.Schema) {
			t.Errorf("%s: invalid schema %s", name, s.Schema)
		}
	}
}

// caseRun pairs an oracle case with the graph it runs on.
type caseRun struct {
	tg   testGraph
	args map[string]any
}

// oracleAll asks NetworkX about every run in one process.
func oracleAll(t *testing.T, tool string, runs []caseRun) []oracleAnswer {
	t.Helper()
	cases := make([]oracleCase, len(runs))
	for i, r := range runs {
		cases[i] = oracleCase{Tool: tool, Graph: r.tg, Args: r.args}
	}
	return runOracle(t, cases)
}

// check runs the catalogue tool on every case and hands the pair of answers
// to cmp. It fails when exactly one side errs, and counts how many cases each
// kind of outcome covered so a test cannot pass on errors alone. Extra
// variants of the tool (other configurations) are checked against the same
// oracle answers; the counts are the catalogue tool's.
func check(t *testing.T, tool string, runs []caseRun, cmp func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage), variants ...Tool) (ok, errs int) {
	t.Helper()
	answers := oracleAll(t, tool, runs)
	cat, err := Catalogue().Get(tool)
	if err != nil {
		t.Fatal(err)
	}
	for vi, impl := range append([]Tool{cat}, variants...) {
		o, e := checkAnswers(t, impl, runs, answers, cmp)
		if vi == 0 {
			ok, errs = o, e
		}
	}
	return ok, errs
}

func checkAnswers(t *testing.T, impl Tool, runs []caseRun, answers []oracleAnswer, cmp func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage)) (ok, errs int) {
	t.Helper()
	tool := impl.Spec().Name
	for i, c := range runs {
		g := c.tg.build(t)
		b, _ := json.Marshal(c.args)
		got, err := impl.Run(context.Background(), g, b)
		a := answers[i]
		switch {
		case a.Error != "" && err == nil:
			t.Errorf("case %d: NetworkX raised %q but %s answered %v\n%s", i, a.Error, tool, got.Value, c.tg.describe())
		case a.Error == "" && err != nil:
			t.Errorf("case %d: %s failed: %v\n%s", i, tool, err, c.tg.describe())
		case err != nil:
			errs++
			if !errors.Is(err, ErrNotApplicable) && !errors.Is(err, ErrBadArgs) {
				t.Errorf("case %d: error %v wraps neither ErrNotApplicable nor ErrBadArgs", i, err)
			}
		default:
			ok++
			if got.Text == "" {
				t.Errorf("case %d: empty text", i)
			}
			cmp(t, c, g, got, a.Value)
		}
	}
	return ok, errs
}

// tinyRuns are the corner cases, directed and undirected: the null graph, one
// node, one node with a self-loop, two isolated nodes, one edge, and an edge
// next to a self-loop.
func tinyRuns(args map[string]any) []caseRun {
	var runs []caseRun
	for _, directed := range []bool{false, true} {
		for _, tg := range []testGraph{
			{},
			{Nodes: []string{"0"}},
			{Nodes: []string{"0"}, Edges: [][3]string{{"0", "0", ""}}},
			{Nodes: []string{"0", "1"}},
			{Nodes: []string{"0", "1"}, Edges: [][3]string{{"1", "0", ""}}},
			{Nodes: []string{"0", "1"}, Edges: [][3]string{{"0", "1", "2"}, {"1", "1", "3"}}, Weighted: true},
		} {
			tg.Directed = directed
			runs = append(runs, caseRun{tg: tg, args: args})
		}
	}
	return runs
}

func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("oracle value %s: %v", raw, err)
	}
	return v
}

// hasEdgeIDs reports whether g has an edge u→v (u–v when undirected).
func hasEdgeIDs(g *graph.Graph, u, v string) bool {
	a, ok1 := g.Index(u)
	b, ok2 := g.Index(v)
	return ok1 && ok2 && g.HasEdge(a, b)
}

// bipartiteVariant keeps only the edges between nodes of different parity,
// so the result is bipartite.
func bipartiteVariant(tg testGraph) testGraph {
	out := tg
	out.Edges = nil
	for _, e := range tg.Edges {
		a, _ := strconv.Atoi(e[0])
		b, _ := strconv.Atoi(e[1])
		if a%2 != b%2 {
			out.Edges = append(out.Edges, e)
		}
	}
	return out
}

func TestAdvancedIsBipartiteOracle(t *testing.T) {
	var runs []caseRun
	for i, tg := range randomGraphs(101, 300, genOptions{MaxNodes: 20, SelfLoops: true}) {
		if i%2 == 0 {
			tg = bipartiteVariant(tg)
		}
		runs = append(runs, caseRun{tg: tg})
	}
	yes := 0
	runs = append(runs, tinyRuns(nil)...)
	ok, _ := check(t, "is_bipartite", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(BipartiteResult)
		if w := decode[bool](t, want); res.Bipartite != w {
			t.Errorf("bipartite %v, NetworkX %v\n%s", res.Bipartite, w, c.tg.describe())
			return
		}
		if !res.Bipartite {
			return
		}
		yes++
		side := map[string]int{}
		for _, v := range res.Left {
			side[v] = 1
		}
		for _, v := range res.Right {
			if side[v] != 0 {
				t.Errorf("node %s on both sides", v)
			}
			side[v] = 2
		}
		if len(side) != g.N() {
			t.Errorf("split covers %d of %d nodes", len(side), g.N())
		}
		for _, e := range c.tg.Edges {
			if side[e[0]] == side[e[1]] {
				t.Errorf("edge %s-%s inside one side\n%s", e[0], e[1], c.tg.describe())
			}
		}
	})
	t.Logf("coverage: %d answered, %d bipartite of %d", ok, yes, len(runs))
	if ok != len(runs) || yes < 100 || yes > len(runs)-50 {
		t.Errorf("coverage: %d answered, %d bipartite of %d", ok, yes, len(runs))
	}
}

func TestAdvancedMatchingOracle(t *testing.T) {
	var runs []caseRun
	for i, tg := range randomGraphs(102, 300, genOptions{MaxNodes: 24, Directed: ptr(false), SelfLoops: true}) {
		if i%6 != 0 {
			tg = bipartiteVariant(tg)
		}
		runs = append(runs, caseRun{tg: tg})
	}
	for _, tg := range randomGraphs(103, 20, genOptions{MaxNodes: 10, Directed: ptr(true)}) {
		runs = append(runs, caseRun{tg: bipartiteVariant(tg)})
	}
	runs = append(runs, tinyRuns(nil)...)
	ok, errs := check(t, "maximum_bipartite_matching", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(MatchingResult)
		w := decode[struct {
			Size int `json:"size"`
		}](t, want)
		if res.Size != w.Size || len(res.Pairs) != res.Size {
			t.Errorf("size %d (%d pairs), NetworkX %d\n%s", res.Size, len(res.Pairs), w.Size, c.tg.describe())
		}
		used := map[string]bool{}
		for _, p := range res.Pairs {
			if !hasEdgeIDs(g, p[0], p[1]) {
				t.Errorf("pair %v is not an edge", p)
			}
			if used[p[0]] || used[p[1]] || p[0] == p[1] {
				t.Errorf("pair %v reuses a node", p)
			}
			used[p[0]], used[p[1]] = true, true
		}
	})
	t.Logf("coverage: %d answered, %d errors", ok, errs)
	if ok < 200 || errs < 30 {
		t.Errorf("coverage: %d answered, %d errors", ok, errs)
	}
}

func TestAdvancedHamiltonianOracle(t *testing.T) {
	var runs []caseRun
	for _, tg := range randomGraphs(104, 200, genOptions{MaxNodes: 11, SelfLoops: true}) {
		runs = append(runs, caseRun{tg: tg})
	}
	// Connected graphs, where the exact search (not a cheap refutation)
	// decides.
	for _, tg := range connectedGraphs(115, 200, 12) {
		runs = append(runs, caseRun{tg: tg})
	}
	yes := 0
	runs = append(runs, tinyRuns(nil)...)
	ok, errs := check(t, "hamiltonian_path", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(HamiltonianResult)
		w := decode[struct {
			Exists bool `json:"exists"`
		}](t, want)
		if res.Exists != w.Exists {
			t.Errorf("exists %v, oracle %v\n%s", res.Exists, w.Exists, c.tg.describe())
			return
		}
		if !res.Exists {
			return
		}
		yes++
		seen := map[string]bool{}
		for i, v := range res.Path {
			if seen[v] {
				t.Errorf("path %v repeats %s", res.Path, v)
			}
			seen[v] = true
			if i > 0 && (res.Path[i-1] == v || !hasEdgeIDs(g, res.Path[i-1], v)) {
				t.Errorf("path %v uses a missing edge %s-%s\n%s", res.Path, res.Path[i-1], v, c.tg.describe())
			}
		}
		if len(seen) != g.N() {
			t.Errorf("path %v visits %d of %d nodes", res.Path, len(seen), g.N())
		}
	}, HamiltonianPathTool(1)) // cap 1: every graph of 2+ nodes goes to the backtracking search
	// yes counts the answers with a path of both implementations.
	t.Logf("coverage: %d answered, %d paths checked, %d errors (null graphs)", ok, yes, errs)
	if ok != len(runs)-2 || yes < 120 || yes > 2*len(runs)-120 {
		t.Errorf("coverage: %d answered, %d paths checked, %d errors (null graphs)", ok, yes, errs)
	}
}

func TestAdvancedHamiltonianLimits(t *testing.T) {
	cycle := func(n int, extra bool) *graph.Graph {
		b := graph.NewBuilder(false)
		for i := 0; i < n; i++ {
			if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa((i+1)%n)); err != nil {
				t.Fatal(err)
			}
		}
		if extra {
			if _, err := b.AddNode("isolated"); err != nil {
				t.Fatal(err)
			}
		}
		return b.Build()
	}
	complete := func(a, b int) *graph.Graph {
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
	validPath := func(g *graph.Graph, path []string) bool {
		seen := map[string]bool{}
		for i, v := range path {
			if seen[v] || (i > 0 && !hasEdgeIDs(g, path[i-1], v)) {
				return false
			}
			seen[v] = true
		}
		return len(seen) == g.N()
	}
	// Past the cap the backtracking search answers when it can...
	// Graphs with a hidden Hamiltonian path (a random permutation) and
	// random chords: 60 nodes directed, 100 undirected.
	hidden := func(n, chords int, directed bool, seed uint64) *graph.Graph {
		r := rand.New(rand.NewPCG(seed, 6))
		hb := graph.NewBuilder(directed)
		perm := r.Perm(n)
		for i := 0; i+1 < n; i++ {
			if _, err := hb.AddEdge(strconv.Itoa(perm[i]), strconv.Itoa(perm[i+1])); err != nil {
				t.Fatal(err)
			}
		}
		for k := 0; k < chords; k++ {
			if _, err := hb.AddEdge(strconv.Itoa(r.IntN(n)), strconv.Itoa(r.IntN(n))); err != nil {
				t.Fatal(err)
			}
		}
		return hb.Build()
	}
	for _, g := range []*graph.Graph{cycle(30, false), hidden(60, 90, true, 1), hidden(100, 150, false, 2)} {
		res, err := runTool(t, "hamiltonian_path", g, nil)
		hp, _ := res.Value.(HamiltonianResult)
		if err != nil || !hp.Exists || !validPath(g, hp.Path) {
			t.Errorf("%v: %v %v, want a valid Hamiltonian path", g, res.Value, err)
		}
	}
	// ...and reports ErrTooLarge when it gives up: K_{14,16} has no
	// Hamiltonian path, which only an exhaustive search could show.
	if _, err := runTool(t, "hamiltonian_path", complete(14, 16), nil); !errors.Is(err, ErrTooLarge) {
		t.Errorf("K_{14,16}: err %v, want ErrTooLarge", err)
	}
	res, err := runTool(t, "hamiltonian_path", cycle(30, true), nil)
	if err != nil || res.Value.(HamiltonianResult).Exists {
		t.Errorf("disconnected 31-node graph: %v %v, want exists=false", res.Value, err)
	}
	// A star with three leaves has no Hamiltonian path at any size.
	b := graph.NewBuilder(false)
	for i := 0; i < 40; i++ {
		if _, err := b.AddEdge("hub", strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	res, err = runTool(t, "hamiltonian_path", b.Build(), nil)
	if err != nil || res.Value.(HamiltonianResult).Exists {
		t.Errorf("star: %v %v, want exists=false", res.Value, err)
	}
	// Complete bipartite K_{a,b} has a Hamiltonian path iff |a-b| <= 1; at
	// 20 nodes this exercises the full exact search.
	for _, ab := range [][2]int{{9, 11}, {10, 10}, {9, 10}} {
		b := graph.NewBuilder(false)
		for i := 0; i < ab[0]; i++ {
			for j := 0; j < ab[1]; j++ {
				if _, err := b.AddEdge("l"+strconv.Itoa(i), "r"+strconv.Itoa(j)); err != nil {
					t.Fatal(err)
				}
			}
		}
		res, err := runTool(t, "hamiltonian_path", b.Build(), nil)
		want := ab[0]-ab[1] <= 1 && ab[1]-ab[0] <= 1
		if err != nil || res.Value.(HamiltonianResult).Exists != want {
			t.Errorf("K_{%d,%d}: %v %v, want exists=%v", ab[0], ab[1], res.Value, err, want)
		}
	}
	// A larger cap accepts more nodes.
	big := HamiltonianPathTool(22)
	res, err = big.Run(context.Background(), cycle(21, false), nil)
	if err != nil || !res.Value.(HamiltonianResult).Exists || len(res.Value.(HamiltonianResult).Path) != 21 {
		t.Errorf("21-node cycle with cap 22: %v %v", res.Value, err)
	}
	// A context that expires during the exact search stops it.
	ctx := &expiringCtx{Context: context.Background(), left: 3}
	if _, err := hamiltonianPath(ctx, cycle(20, false), 20); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("expired during the search: err %v", err)
	}
	if ctx.left != 0 {
		t.Errorf("the search checked the context only %d times", 3-ctx.left)
	}
	ctx = &expiringCtx{Context: context.Background(), left: 3}
	if _, _, _, err := hamiltonianBacktrack(ctx, complete(14, 16), hamiltonianBudget); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("expired during the backtracking: err %v", err)
	}
	// The null graph has no answer.
	if _, err := runTool(t, "hamiltonian_path", graph.NewBuilder(true).Build(), nil); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("null graph: err %v", err)
	}
}

// connectedGraphs returns weakly connected random graphs of 2..maxNodes
// nodes: a random spanning tree plus random edges, sometimes self-loops.
func connectedGraphs(seed uint64, count, maxNodes int) []testGraph {
	r := rand.New(rand.NewPCG(seed, seed+3))
	out := make([]testGraph, 0, count)
	for c := 0; c < count; c++ {
		tg := testGraph{Directed: r.IntN(2) == 0}
		n := 2 + r.IntN(maxNodes-1)
		perm := r.Perm(n)
		for _, p := range perm {
			tg.Nodes = append(tg.Nodes, strconv.Itoa(p))
		}
		add := func(a, b int) {
			if r.IntN(2) == 0 {
				a, b = b, a
			}
			tg.Edges = append(tg.Edges, [3]string{strconv.Itoa(perm[a]), strconv.Itoa(perm[b]), ""})
		}
		for i := 1; i < n; i++ {
			add(r.IntN(i), i)
		}
		p := []float64{0.05, 0.15, 0.3}[r.IntN(3)]
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				if (i != j || r.IntN(10) == 0) && r.Float64() < p {
					add(i, j)
				}
			}
		}
		out = append(out, tg)
	}
	return out
}

// expiringCtx reports no error for its first left calls of Err, then
// DeadlineExceeded: a deadline that passes in the middle of a computation.
type expiringCtx struct {
	context.Context
	left int
}

func (c *expiringCtx) Err() error {
	if c.left > 0 {
		c.left--
		return nil
	}
	return context.DeadlineExceeded
}

// trailGraphs returns a graph made of one random trail (so it has an Eulerian
// path, sometimes a circuit), at times with a chord or an isolated node
// added to break it.
func trailGraphs(seed uint64, count int) []testGraph {
	r := rand.New(rand.NewPCG(seed, seed+1))
	out := make([]testGraph, 0, count)
	for c := 0; c < count; c++ {
		tg := testGraph{Directed: r.IntN(2) == 0, Weighted: false}
		n := 1 + r.IntN(10)
		for i := 0; i < n; i++ {
			tg.Nodes = append(tg.Nodes, strconv.Itoa(i))
		}
		have := map[[2]int]bool{}
		key := func(a, b int) [2]int {
			if !tg.Directed && a > b {
				a, b = b, a
			}
			return [2]int{a, b}
		}
		v := r.IntN(n)
		steps := r.IntN(3 * n)
		closeIt := r.IntN(3) == 0
		start := v
		for s := 0; s < steps; s++ {
			w := r.IntN(n)
			if w == v && r.IntN(4) != 0 {
				continue
			}
			if have[key(v, w)] {
				continue
			}
			have[key(v, w)] = true
			tg.Edges = append(tg.Edges, [3]string{strconv.Itoa(v), strconv.Itoa(w), ""})
			v = w
		}
		if closeIt && v != start && !have[key(v, start)] {
			tg.Edges = append(tg.Edges, [3]string{strconv.Itoa(v), strconv.Itoa(start), ""})
		}
		// Nodes not on the trail are isolated; keep them in a third of the
		// graphs, drop them otherwise.
		if r.IntN(3) != 0 {
			on := map[string]bool{}
			for _, e := range tg.Edges {
				on[e[0]], on[e[1]] = true, true
			}
			var kept []string
			for _, id := range tg.Nodes {
				if on[id] {
					kept = append(kept, id)
				}
			}
			if len(kept) > 0 {
				tg.Nodes = kept
			} else {
				tg.Nodes = tg.Nodes[:1]
			}
		}
		if r.IntN(5) == 0 && len(tg.Nodes) > 1 {
			a, b := tg.Nodes[r.IntN(len(tg.Nodes))], tg.Nodes[r.IntN(len(tg.Nodes))]
			if a != b {
				tg.Edges = append(tg.Edges, [3]string{a, b, ""})
			}
		}
		out = append(out, tg)
	}
	return out
}

func TestAdvancedEulerOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var runs []caseRun
	graphs := append(trailGraphs(105, 260), randomGraphs(106, 60, genOptions{MaxNodes: 8, SelfLoops: true})...)
	for _, tg := range graphs {
		args := map[string]any{}
		if r.IntN(3) == 0 {
			args["source"] = tg.Nodes[r.IntN(len(tg.Nodes))]
		}
		runs = append(runs, caseRun{tg: tg, args: args})
	}
	yes, circuits := 0, 0
	runs = append(runs, tinyRuns(nil)...)
	ok, errs := check(t, "euler_path", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(EulerResult)
		w := decode[struct {
			Exists      bool `json:"exists"`
			Circuit     bool `json:"circuit"`
			NxPathEdges int  `json:"nx_path_edges"`
		}](t, want)
		if res.Exists != w.Exists {
			t.Errorf("exists %v, NetworkX %v (args %v)\n%s", res.Exists, w.Exists, c.args, c.tg.describe())
			return
		}
		if !res.Exists {
			return
		}
		yes++
		if res.Circuit != w.Circuit {
			t.Errorf("circuit %v, NetworkX %v\n%s", res.Circuit, w.Circuit, c.tg.describe())
		}
		if res.Circuit {
			circuits++
		}
		if s, given := c.args["source"]; given && res.Path[0] != s {
			t.Errorf("path %v does not start at source %v", res.Path, s)
		}
		if len(res.Path) != g.M()+1 || len(res.Path)-1 != w.NxPathEdges {
			t.Errorf("path %v has %d nodes for %d edges\n%s", res.Path, len(res.Path), g.M(), c.tg.describe())
			return
		}
		usedEdge := make([]bool, g.M())
		for i := 1; i < len(res.Path); i++ {
			a, _ := g.Index(res.Path[i-1])
			b, _ := g.Index(res.Path[i])
			e, found := g.FindEdge(a, b)
			if !found || usedEdge[e] {
				t.Errorf("step %s-%s of %v is missing or reused\n%s", res.Path[i-1], res.Path[i], res.Path, c.tg.describe())
				return
			}
			usedEdge[e] = true
		}
		if res.Circuit && len(res.Path) > 1 && res.Path[0] != res.Path[len(res.Path)-1] {
			t.Errorf("circuit %v is not closed", res.Path)
		}
	})
	t.Logf("coverage: %d answered, %d with a path, %d circuits, %d errors", ok, yes, circuits, errs)
	if ok < 200 || yes < 80 || circuits < 20 || errs != 2 {
		t.Errorf("coverage: %d answered, %d with a path, %d circuits, %d errors", ok, yes, circuits, errs)
	}
	g := graph.NewBuilder(false)
	if _, err := g.AddEdge("a", "b"); err != nil {
		t.Fatal(err)
	}
	if _, err := runTool(t, "euler_path", g.Build(), map[string]any{"source": "zz"}); !errors.Is(err, ErrNodeNotFound) {
		t.Errorf("unknown source: err %v", err)
	}
}

func TestAdvancedMSTOracle(t *testing.T) {
	var runs []caseRun
	for _, tg := range randomGraphs(107, 160, genOptions{MaxNodes: 25, Directed: ptr(false), SelfLoops: true, FloatWeights: true}) {
		runs = append(runs, caseRun{tg: tg})
	}
	// Negative and zero weights too.
	for _, tg := range randomGraphs(117, 100, genOptions{MaxNodes: 25, Directed: ptr(false), SelfLoops: true, FloatWeights: true, MinWeight: -10}) {
		runs = append(runs, caseRun{tg: tg})
	}
	for _, tg := range randomGraphs(108, 20, genOptions{MaxNodes: 8, Directed: ptr(true)}) {
		runs = append(runs, caseRun{tg: tg})
	}
	forests := 0
	runs = append(runs, tinyRuns(nil)...)
	ok, errs := check(t, "minimum_spanning_tree", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(SpanningTreeResult)
		w := decode[struct {
			TotalWeight float64 `json:"total_weight"`
			NumEdges    int     `json:"num_edges"`
			Trees       int     `json:"trees"`
		}](t, want)
		if math.Abs(res.TotalWeight-w.TotalWeight) > 1e-9*math.Max(1, math.Abs(w.TotalWeight)) ||
			res.NumEdges != w.NumEdges || res.Trees != w.Trees || len(res.Edges) != res.NumEdges {
			t.Errorf("got %v/%d/%d, NetworkX %+v\n%s", res.TotalWeight, res.NumEdges, res.Trees, w, c.tg.describe())
		}
		if res.Trees > 1 {
			forests++
		}
		uf := newUnionFind(g.N())
		sum := 0.0
		for _, e := range res.Edges {
			a, _ := g.Index(e.Source)
			b, _ := g.Index(e.Target)
			id, found := g.FindEdge(a, b)
			if !found || g.Weight(id) != e.Weight {
				t.Errorf("tree edge %+v is not an edge of that weight", e)
				continue
			}
			if !uf.union(a, b) {
				t.Errorf("tree edge %+v closes a cycle", e)
			}
			sum += e.Weight
		}
		if math.Abs(sum-res.TotalWeight) > 1e-9*math.Max(1, sum) {
			t.Errorf("edges sum to %v, total says %v", sum, res.TotalWeight)
		}
	})
	t.Logf("coverage: %d answered, %d errors, %d forests", ok, errs, forests)
	if ok != 266 || errs != 26 || forests < 50 {
		t.Errorf("coverage: %d answered, %d errors, %d forests", ok, errs, forests)
	}
}

func TestAdvancedRadixSort(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	pool := []float64{math.Inf(-1), -1e300, -2.5, -1, math.Copysign(0, -1), 0, 1e-300, 1, 2.5, 3, 1e300, math.Inf(1)}
	for trial := 0; trial < 50; trial++ {
		n := r.IntN(3000)
		ws := make([]float64, n)
		keys := make([]uint64, n)
		vals := make([]int32, n)
		for i := range ws {
			if r.IntN(2) == 0 {
				ws[i] = pool[r.IntN(len(pool))]
			} else {
				ws[i] = r.NormFloat64() * 1e3
			}
			keys[i], vals[i] = sortableFloat(ws[i]), int32(i)
		}
		want := make([]int32, n)
		for i := range want {
			want[i] = int32(i)
		}
		// Stable by value; -0 before +0 as sortableFloat orders them.
		sort.SliceStable(want, func(a, b int) bool {
			x, y := ws[want[a]], ws[want[b]]
			if x == 0 && y == 0 {
				return math.Signbit(x) && !math.Signbit(y)
			}
			return x < y
		})
		radixSortStable(keys, vals)
		if !slices.Equal(vals, want) {
			t.Fatalf("trial %d: radix order differs from a stable sort", trial)
		}
	}
}

func TestAdvancedKCoreOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var runs []caseRun
	for _, tg := range randomGraphs(109, 300, genOptions{MaxNodes: 25, SelfLoops: true}) {
		args := map[string]any{}
		if r.IntN(2) == 0 {
			args["k"] = r.IntN(6)
		}
		runs = append(runs, caseRun{tg: tg, args: args})
	}
	runs = append(runs, tinyRuns(nil)...)
	ok, errs := check(t, "k_core", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(KCoreResult)
		w := decode[KCoreResult](t, want)
		nodes := slices.Clone(res.Nodes)
		sort.Strings(nodes)
		if res.K != w.K || !slices.Equal(nodes, w.Nodes) || res.NumEdges != w.NumEdges {
			t.Errorf("k=%d nodes=%v edges=%d; NetworkX k=%d nodes=%v edges=%d\n%s",
				res.K, nodes, res.NumEdges, w.K, w.Nodes, w.NumEdges, c.tg.describe())
		}
		if len(res.CoreNumbers) != len(w.CoreNumbers) {
			t.Errorf("core numbers for %d nodes, NetworkX %d", len(res.CoreNumbers), len(w.CoreNumbers))
		}
		for v, k := range w.CoreNumbers {
			if res.CoreNumbers[v] != k {
				t.Errorf("core number of %s: %d, NetworkX %d\n%s", v, res.CoreNumbers[v], k, c.tg.describe())
			}
		}
	})
	t.Logf("coverage: %d answered, %d errors (self-loops)", ok, errs)
	if ok < 100 || errs < 30 {
		t.Errorf("coverage: %d answered, %d errors (self-loops)", ok, errs)
	}
	g := graph.NewBuilder(false)
	if _, err := g.AddEdge("a", "b"); err != nil {
		t.Fatal(err)
	}
	if _, err := runTool(t, "k_core", g.Build(), map[string]any{"k": -1}); !errors.Is(err, ErrBadArgs) {
		t.Errorf("k=-1: err %v", err)
	}
}

// cutCases are undirected graphs (sparse ones too, which have many bridges)
// plus directed ones, which NetworkX rejects.
func cutCases() []caseRun {
	var runs []caseRun
	for _, tg := range randomGraphs(110, 260, genOptions{MaxNodes: 30, Directed: ptr(false), SelfLoops: true}) {
		runs = append(runs, caseRun{tg: tg})
	}
	for _, tg := range trailGraphs(111, 60) {
		if !tg.Directed {
			runs = append(runs, caseRun{tg: tg})
		}
	}
	for _, tg := range randomGraphs(112, 10, genOptions{MaxNodes: 8, Directed: ptr(true)}) {
		runs = append(runs, caseRun{tg: tg})
	}
	return append(runs, tinyRuns(nil)...)
}

func TestAdvancedBridgesOracle(t *testing.T) {
	found := 0
	ok, errs := check(t, "bridges", cutCases(), func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(BridgesResult)
		var have [][]string
		for _, p := range res.Bridges {
			pair := []string{p[0], p[1]}
			sort.Strings(pair)
			have = append(have, pair)
		}
		sort.Slice(have, func(i, j int) bool { return strings.Join(have[i], "\x00") < strings.Join(have[j], "\x00") })
		w := decode[[][]string](t, want)
		if res.Count != len(w) || !slices.EqualFunc(have, w, slices.Equal[[]string]) {
			t.Errorf("bridges %v, NetworkX %v\n%s", have, w, c.tg.describe())
		}
		found += len(w)
	})
	t.Logf("coverage: %d answered, %d errors, %d bridges", ok, errs, found)
	if ok < 250 || errs != 16 || found < 200 {
		t.Errorf("coverage: %d answered, %d errors, %d bridges", ok, errs, found)
	}
}

func TestAdvancedArticulationOracle(t *testing.T) {
	found := 0
	ok, errs := check(t, "articulation_points", cutCases(), func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(ArticulationResult)
		have := slices.Clone(res.Nodes)
		sort.Strings(have)
		w := decode[[]string](t, want)
		if res.Count != len(w) || !slices.Equal(have, w) {
			t.Errorf("articulation points %v, NetworkX %v\n%s", have, w, c.tg.describe())
		}
		found += len(w)
	})
	t.Logf("coverage: %d answered, %d errors, %d points", ok, errs, found)
	if ok < 250 || errs != 16 || found < 200 {
		t.Errorf("coverage: %d answered, %d errors, %d points", ok, errs, found)
	}
}

func TestAdvancedColoringOracle(t *testing.T) {
	var runs []caseRun
	for _, tg := range randomGraphs(113, 300, genOptions{MaxNodes: 30, SelfLoops: true}) {
		runs = append(runs, caseRun{tg: tg})
	}
	runs = append(runs, tinyRuns(nil)...)
	ok, _ := check(t, "graph_coloring", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(ColoringResult)
		w := decode[ColoringResult](t, want)
		if res.NumColors != w.NumColors {
			t.Errorf("%d colours, NetworkX %d\n%s", res.NumColors, w.NumColors, c.tg.describe())
		}
		for v, col := range w.Colors {
			if res.Colors[v] != col {
				t.Errorf("node %s colour %d, NetworkX %d\n%s", v, res.Colors[v], col, c.tg.describe())
				break
			}
		}
		if len(res.Colors) != g.N() {
			t.Errorf("%d colours for %d nodes", len(res.Colors), g.N())
		}
		for _, e := range c.tg.Edges {
			if e[0] != e[1] && res.Colors[e[0]] == res.Colors[e[1]] {
				t.Errorf("edge %s-%s joins colour %d", e[0], e[1], res.Colors[e[0]])
			}
			if res.Colors[e[0]] >= res.NumColors {
				t.Errorf("colour %d out of range", res.Colors[e[0]])
			}
		}
	})
	t.Logf("coverage: %d of %d answered", ok, len(runs))
	if ok != len(runs) {
		t.Errorf("coverage: %d of %d answered", ok, len(runs))
	}
}

func TestAdvancedAggregationOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var runs []caseRun
	for _, tg := range randomGraphs(114, 260, genOptions{MaxNodes: 20, SelfLoops: true}) {
		args := map[string]any{"rounds": r.IntN(5)}
		switch r.IntN(4) {
		case 0:
			args["init"] = "degree"
		case 1:
			args["init"] = "ones"
		}
		if _, init := args["init"]; !init && r.IntN(2) == 0 {
			dim := 1 + r.IntN(3)
			f := map[string][]float64{}
			for _, id := range tg.Nodes {
				vec := make([]float64, dim)
				for k := range vec {
					vec[k] = float64(r.IntN(11)-5) + float64(r.IntN(4))/4
				}
				f[id] = vec
			}
			args["features"] = f
		}
		runs = append(runs, caseRun{tg: tg, args: args})
	}
	runs = append(runs, tinyRuns(map[string]any{"rounds": 2})...)
	ok, _ := check(t, "gnn_sum_aggregation", runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(AggregationResult)
		w := decode[map[string][]float64](t, want)
		if len(res.Features) != len(w) {
			t.Errorf("%d vectors, NetworkX %d", len(res.Features), len(w))
		}
		for v, vec := range w {
			have := res.Features[v]
			if len(have) != len(vec) {
				t.Errorf("node %s: %v, NetworkX %v", v, have, vec)
				continue
			}
			for k := range vec {
				if math.Abs(have[k]-vec[k]) > 1e-9*math.Max(1, math.Abs(vec[k])) {
					t.Errorf("node %s: %v, NetworkX %v (args %v)\n%s", v, have, vec, c.args, c.tg.describe())
					break
				}
			}
		}
	})
	t.Logf("coverage: %d of %d answered", ok, len(runs))
	if ok != len(runs) {
		t.Errorf("coverage: %d of %d answered", ok, len(runs))
	}
}

func TestAdvancedAggregationBadArgs(t *testing.T) {
	b := graph.NewBuilder(true)
	if _, err := b.AddEdge("a", "b"); err != nil {
		t.Fatal(err)
	}
	g := b.Build()
	for _, tc := range []struct {
		args map[string]any
		want error
	}{
		{map[string]any{"rounds": -1}, ErrBadArgs},
		{map[string]any{"rounds": 5000}, ErrBadArgs},
		{map[string]any{}, ErrBadArgs},
		{map[string]any{"rounds": 1, "features": map[string]any{"a": []float64{1}}}, ErrBadArgs},
		{map[string]any{"rounds": 1, "features": map[string]any{"a": []float64{1}, "b": []float64{1, 2}}}, ErrBadArgs},
		{map[string]any{"rounds": 1, "features": map[string]any{"a": []float64{1}, "b": []float64{1}, "c": []float64{1}}}, ErrNodeNotFound},
		{map[string]any{"rounds": 1, "features": map[string]any{"a": []float64{}, "b": []float64{}}}, ErrBadArgs},
		{map[string]any{"rounds": 1, "features": "x"}, ErrBadArgs},
		{map[string]any{"rounds": 1, "init": "random"}, ErrBadArgs},
		{map[string]any{"rounds": 1, "init": "ones", "features": map[string]any{"a": []float64{1}, "b": []float64{1}}}, ErrBadArgs},
	} {
		if _, err := runTool(t, "gnn_sum_aggregation", g, tc.args); !errors.Is(err, tc.want) {
			t.Errorf("args %v: err %v, want %v", tc.args, err, tc.want)
		}
	}
	// Values that overflow float64 are reported, not returned as +Inf.
	bb := graph.NewBuilder(false)
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			if _, err := bb.AddEdge(strconv.Itoa(i), strconv.Itoa(j)); err != nil {
				t.Fatal(err)
			}
		}
	}
	feats := map[string]any{}
	for i := 0; i < 4; i++ {
		feats[strconv.Itoa(i)] = []float64{1e307}
	}
	if _, err := runTool(t, "gnn_sum_aggregation", bb.Build(), map[string]any{"rounds": 10, "features": feats}); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("overflow: err %v", err)
	}
}

// TestAdvancedDeadline checks that the algorithms stop on a cancelled
// context instead of running to the end on a large graph. (Tool.Run checks
// the context before starting, so the algorithms are called directly.)
func TestAdvancedDeadline(t *testing.T) {
	g := randomLargeGraph(t, 50_000, 200_000, false, 1)
	tree := randomLargeGraph(t, 50_000, 49_999, false, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	errs := map[string]error{}
	_, _, errs["lowLink"] = lowLink(ctx, g)
	_, errs["kruskal"] = kruskal(ctx, g)
	_, errs["coreNumbers"] = coreNumbers(ctx, g)
	_, _, errs["greedyColor"] = greedyColor(ctx, g)
	_, _, errs["twoColor"] = twoColor(ctx, tree)
	_, _, errs["hopcroftKarp"] = hopcroftKarp(ctx, tree, make([]int8, tree.N()))
	_, errs["eulerPath"] = eulerPath(ctx, g, -1)
	_, errs["sumAggregate"] = sumAggregate(ctx, g, AggregationParams{Rounds: 3})
	for name, err := range errs {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err %v, want context.Canceled", name, err)
		}
	}
}

// randomLargeGraph builds a random sparse graph with about m edges: a random
// spanning tree (so bridges and cut vertices exist) plus random chords.
func randomLargeGraph(t testing.TB, n, m int, directed bool, seed uint64) *graph.Graph {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed*31+7))
	b := graph.NewBuilder(directed)
	b.Grow(n, m)
	for i := 0; i < n; i++ {
		if _, err := b.AddNode(strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i < n; i++ {
		e, err := b.AddEdgeIdx(int32(r.IntN(i)), int32(i))
		if err != nil {
			t.Fatal(err)
		}
		b.SetWeight(e, float64(1+r.IntN(1000)))
	}
	for b.NumEdges() < m {
		u, v := int32(r.IntN(n)), int32(r.IntN(n))
		if u == v {
			continue
		}
		e, err := b.AddEdgeIdx(u, v)
		if err != nil {
			t.Fatal(err)
		}
		b.SetWeight(e, float64(1+r.IntN(1000)))
	}
	return b.Build()
}

// TestAdvancedBadArgs feeds malformed arguments to every structural tool:
// each must fail with ErrBadArgs (or ErrNodeNotFound), never panic.
func TestAdvancedBadArgs(t *testing.T) {
	g := randomGraphs(120, 1, genOptions{MinNodes: 5, MaxNodes: 5, Directed: ptr(false)})[0].build(t)
	bad := []string{`[]`, `"x"`, `{"nope": 1}`, `{`, `42`}
	specific := map[string][]string{
		"k_core":              {`{"k": "two"}`, `{"k": 1.5}`, `{"k": -3}`},
		"euler_path":          {`{"source": {"a": 1}}`, `{"source": "missing"}`},
		"gnn_sum_aggregation": {`{"rounds": "3"}`, `{"rounds": 1.5}`, `{"rounds": 2, "features": [1, 2]}`, `{"rounds": 2, "features": {"0": "x"}}`},
	}
	cat := Catalogue()
	for _, name := range advancedNames() {
		tool, err := cat.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range append(bad, specific[name]...) {
			_, err := tool.Run(context.Background(), g, json.RawMessage(args))
			if !errors.Is(err, ErrBadArgs) && !errors.Is(err, ErrNodeNotFound) {
				t.Errorf("%s(%s): err %v, want ErrBadArgs or ErrNodeNotFound", name, args, err)
			}
		}
	}
}

// TestAdvancedMSTNaN: NetworkX raises ValueError on a NaN weight; so do we.
func TestAdvancedMSTNaN(t *testing.T) {
	b := graph.NewBuilder(false)
	if _, err := b.AddWeightedEdge("a", "b", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := b.AddWeightedEdge("b", "c", math.NaN()); err != nil {
		t.Fatal(err)
	}
	_, err := runTool(t, "minimum_spanning_tree", b.Build(), nil)
	if !errors.Is(err, ErrNotApplicable) || !strings.Contains(err.Error(), "b-c") {
		t.Errorf("NaN weight: err %v, want ErrNotApplicable naming edge b-c", err)
	}
}
