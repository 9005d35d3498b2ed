package tools

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/tools/graph"
)

// subgraphPatterns returns patterns for a test graph: a random subgraph of
// it (relabelled and shuffled: always monomorphic), an induced one (always
// both), the same with one edge more or reversed, small random graphs,
// patterns with self-loops and isolated nodes.
func subgraphPatterns(r *rand.Rand, tg testGraph) []map[string]any {
	var out []map[string]any
	n := len(tg.Nodes)
	label := func(i int) string { return "p" + strconv.Itoa(i) }
	has := map[[2]string]bool{}
	for _, e := range tg.Edges {
		has[[2]string{e[0], e[1]}] = true
		if !tg.Directed {
			has[[2]string{e[1], e[0]}] = true
		}
	}
	pattern := func(nodes []string, edges [][2]string) map[string]any {
		es := make([][2]string, len(edges))
		copy(es, edges)
		r.Shuffle(len(es), func(a, b int) { es[a], es[b] = es[b], es[a] })
		ns := append([]string(nil), nodes...)
		r.Shuffle(len(ns), func(a, b int) { ns[a], ns[b] = ns[b], ns[a] })
		return map[string]any{"pattern": map[string]any{"nodes": ns, "edges": es}}
	}
	if n > 0 {
		// A subset of the graph's nodes, relabelled.
		k := 1 + r.IntN(min(n, 7))
		pick := r.Perm(n)[:k]
		name := map[string]string{}
		var nodes []string
		for i, j := range pick {
			name[tg.Nodes[j]] = label(i)
			nodes = append(nodes, label(i))
		}
		var induced, partial [][2]string
		for _, e := range tg.Edges {
			a, okA := name[e[0]]
			b, okB := name[e[1]]
			if okA && okB {
				induced = append(induced, [2]string{a, b})
				if r.IntN(3) > 0 {
					partial = append(partial, [2]string{a, b})
				}
			}
		}
		out = append(out, pattern(nodes, induced), pattern(nodes, partial))
		// One edge more than the induced subgraph has, and one reversed.
		if k >= 2 {
			inv := map[string]string{}
			for id, l := range name {
				inv[l] = id
			}
			for try := 0; try < 10; try++ {
				a, b := nodes[r.IntN(k)], nodes[r.IntN(k)]
				if a == b || has[[2]string{inv[a], inv[b]}] {
					continue
				}
				out = append(out, pattern(nodes, append(append([][2]string(nil), induced...), [2]string{a, b})))
				break
			}
			if len(induced) > 0 && tg.Directed {
				rev := append([][2]string(nil), induced...)
				i := r.IntN(len(rev))
				rev[i] = [2]string{rev[i][1], rev[i][0]}
				out = append(out, pattern(nodes, rev))
			}
		}
	}
	// Small random patterns, some with self-loops and isolated nodes.
	for range 3 {
		k := 1 + r.IntN(5)
		var nodes []string
		for i := 0; i < k; i++ {
			nodes = append(nodes, label(i))
		}
		var edges [][2]string
		p := []float64{0.2, 0.4, 0.7}[r.IntN(3)]
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				if (i == j && r.IntN(8) != 0) || (!tg.Directed && j < i) || r.Float64() >= p {
					continue
				}
				edges = append(edges, [2]string{label(i), label(j)})
			}
		}
		out = append(out, pattern(nodes, edges))
	}
	return out
}

// checkMapping checks an occurrence edge by edge: injective, every
// pattern edge an edge of g, and for an induced one no other edge.
func checkMapping(g *graph.Graph, pat map[string]any, res SubgraphMatchResult) string {
	p := pat["pattern"].(map[string]any)
	nodes := p["nodes"].([]string)
	edges := p["edges"].([][2]string)
	if len(res.Mapping) != len(nodes) {
		return "the mapping does not cover the pattern"
	}
	used := map[string]string{}
	for _, u := range nodes {
		v, ok := res.Mapping[u]
		if !ok {
			return "pattern node " + u + " is not mapped"
		}
		if _, ok := g.Index(v); !ok {
			return "node " + v + " is not in the graph"
		}
		if w, dup := used[v]; dup {
			return "node " + v + " is the image of " + w + " and " + u
		}
		used[v] = u
	}
	pe := map[[2]string]bool{}
	for _, e := range edges {
		pe[[2]string{e[0], e[1]}] = true
		if !g.Directed() {
			pe[[2]string{e[1], e[0]}] = true
		}
		if !hasEdgeIDs(g, res.Mapping[e[0]], res.Mapping[e[1]]) {
			return "pattern edge " + e[0] + "-" + e[1] + " is not an edge of the graph"
		}
	}
	if res.Induced {
		for _, a := range nodes {
			for _, b := range nodes {
				if hasEdgeIDs(g, res.Mapping[a], res.Mapping[b]) && !pe[[2]string{a, b}] {
					return "the graph has the edge " + res.Mapping[a] + "-" + res.Mapping[b] + ", which the pattern lacks"
				}
			}
		}
	}
	return ""
}

func testSubgraphOracle(t *testing.T, tool string, seed uint64) {
	r := rand.New(rand.NewPCG(seed, seed+1))
	var runs []caseRun
	graphs := randomGraphs(seed, 220, genOptions{MaxNodes: 11, SelfLoops: true})
	graphs = append(graphs, connectedGraphs(seed+7, 80, 12)...)
	for _, tg := range graphs {
		for _, args := range subgraphPatterns(r, tg) {
			runs = append(runs, caseRun{tg: tg, args: args})
		}
	}
	for _, c := range tinyRuns(nil) {
		for _, args := range []map[string]any{
			{"pattern": map[string]any{"nodes": []string{}, "edges": [][2]string{}}},
			{"pattern": map[string]any{"nodes": []string{"x"}, "edges": [][2]string{}}},
			{"pattern": map[string]any{"nodes": []string{"x"}, "edges": [][2]string{{"x", "x"}}}},
			{"pattern": map[string]any{"nodes": []string{"x", "y"}, "edges": [][2]string{{"x", "y"}}}},
			{"pattern": map[string]any{"nodes": []string{"x", "y", "z"}, "edges": [][2]string{}}},
		} {
			runs = append(runs, caseRun{tg: c.tg, args: args})
		}
	}
	yes := 0
	ok, errs := check(t, tool, runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
		res := got.Value.(SubgraphMatchResult)
		w := decode[struct {
			Exists bool `json:"exists"`
		}](t, want)
		if res.Exists != w.Exists {
			b, _ := json.Marshal(c.args)
			t.Errorf("exists %v, NetworkX %v\npattern %s\n%s", res.Exists, w.Exists, b, c.tg.describe())
			return
		}
		if res.Exists {
			yes++
			if msg := checkMapping(g, c.args, res); msg != "" {
				b, _ := json.Marshal(c.args)
				t.Errorf("mapping %v: %s\npattern %s\n%s", res.Mapping, msg, b, c.tg.describe())
			}
		}
	}, subgraphToolWith(tool == "subgraph_is_isomorphic", 64, 5000, 0))
	yes /= 2 // counted for both implementations
	t.Logf("%s: %d cases, %d answered, %d occurrences checked, %d errors", tool, len(runs), ok, yes, errs)
	if errs != 0 || ok != len(runs) || yes < len(runs)/4 || yes > len(runs)*7/8 {
		t.Errorf("coverage: %d of %d answered, %d yes, %d errors", ok, len(runs), yes, errs)
	}
}

// TestSubgraphIsomorphicOracle checks the induced search against
// NetworkX's GraphMatcher/DiGraphMatcher.subgraph_is_isomorphic on random
// graphs (directed and undirected, disconnected, isolated nodes,
// self-loops) and patterns taken from them or drawn apart, each occurrence
// checked edge by edge.
func TestSubgraphIsomorphicOracle(t *testing.T) {
	testSubgraphOracle(t, "subgraph_is_isomorphic", 2301)
}

// TestSubgraphMonomorphicOracle does the same for subgraph_is_monomorphic.
func TestSubgraphMonomorphicOracle(t *testing.T) {
	testSubgraphOracle(t, "subgraph_is_monomorphic", 2302)
}

// TestSubgraphOracleLarger compares both searches with NetworkX on graphs
// near GraphWiz's substructure sizes (10 to 24 nodes, patterns of 3 to
// 12, edges drawn as its generator draws them, from lower to higher node),
// where the search goes deep. (NetworkX takes seconds on some of them,
// hence only 50 per search.)
func TestSubgraphOracleLarger(t *testing.T) {
	r := rand.New(rand.NewPCG(2303, 2304))
	draw := func(n int, lo, hi float64) ([]string, [][2]string) {
		var nodes []string
		for i := 0; i < n; i++ {
			nodes = append(nodes, strconv.Itoa(i))
		}
		var all [][2]string
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				all = append(all, [2]string{nodes[i], nodes[j]})
			}
		}
		r.Shuffle(len(all), func(a, b int) { all[a], all[b] = all[b], all[a] })
		m := max(1, int((lo+r.Float64()*(hi-lo))*float64(len(all))))
		return nodes, all[:min(m, len(all))]
	}
	for _, tool := range []string{"subgraph_is_monomorphic", "subgraph_is_isomorphic"} {
		var runs []caseRun
		for c := 0; c < 50; c++ {
			directed := c%4 != 0
			n := 10 + r.IntN(15)
			hi, phi := 0.6, []float64{0.2, 0.3, 0.5}[c%3]
			if tool == "subgraph_is_monomorphic" {
				hi, phi = 0.35, []float64{0.3, 0.5, 0.7}[c%3] // denser patterns, sparser graphs: some are absent
			}
			nodes, edges := draw(n, 0.1, hi)
			tg := testGraph{Directed: directed, Nodes: nodes}
			for _, e := range edges {
				tg.Edges = append(tg.Edges, [3]string{e[0], e[1], ""})
			}
			k := max(3, n/2-r.IntN(4))
			pn, pe := draw(k, 0.05, phi)
			for i := range pn {
				pn[i] = "p" + pn[i]
			}
			for i := range pe {
				pe[i] = [2]string{"p" + pe[i][0], "p" + pe[i][1]}
			}
			runs = append(runs, caseRun{tg: tg, args: map[string]any{"pattern": map[string]any{"nodes": pn, "edges": pe}}})
		}
		yes := 0
		ok, errs := check(t, tool, runs, func(t *testing.T, c caseRun, g *graph.Graph, got Result, want json.RawMessage) {
			res := got.Value.(SubgraphMatchResult)
			w := decode[struct {
				Exists bool `json:"exists"`
			}](t, want)
			if res.Exists != w.Exists {
				t.Errorf("%s: exists %v, NetworkX %v\n%s", tool, res.Exists, w.Exists, c.tg.describe())
				return
			}
			if res.Exists {
				yes++
				if msg := checkMapping(g, c.args, res); msg != "" {
					t.Errorf("%s: mapping %v: %s", tool, res.Mapping, msg)
				}
			}
		})
		t.Logf("%s: %d answered, %d yes, %d errors", tool, ok, yes, errs)
		if ok != len(runs) || yes < 10 || yes > len(runs)-5 {
			t.Errorf("%s coverage: %d answered, %d yes", tool, ok, yes)
		}
	}
}

func patternArgs(nodes []string, edges [][2]string) map[string]any {
	return map[string]any{"pattern": map[string]any{"nodes": nodes, "edges": edges}}
}

// TestSubgraphLimitsAndErrors: patterns and graphs over the caps are
// declined as too large, a cancelled search stops, malformed patterns are
// bad arguments, and a pattern larger than the graph is a plain no.
func TestSubgraphLimitsAndErrors(t *testing.T) {
	path := func(n int, prefix string) ([]string, [][2]string) {
		var nodes []string
		var edges [][2]string
		for i := 0; i < n; i++ {
			nodes = append(nodes, prefix+strconv.Itoa(i))
			if i > 0 {
				edges = append(edges, [2]string{nodes[i-1], nodes[i]})
			}
		}
		return nodes, edges
	}
	b := graph.NewBuilder(false)
	gn, ge := path(100, "")
	for _, e := range ge {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Build()
	for _, tool := range []string{"subgraph_is_isomorphic", "subgraph_is_monomorphic"} {
		pn, pe := path(70, "p")
		if _, err := runTool(t, tool, g, patternArgs(pn, pe)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "70 nodes") {
			t.Errorf("%s: a 70-node pattern: %v, want ErrTooLarge naming its size", tool, err)
		}
		pn, pe = path(60, "p")
		res, err := runTool(t, tool, g, patternArgs(pn, pe))
		if err != nil || !res.Value.(SubgraphMatchResult).Exists {
			t.Errorf("%s: a 60-node path in a 100-node path: %v %v", tool, res.Value, err)
		}
		small := subgraphTool(tool == "subgraph_is_isomorphic", 64, 50)
		raw, _ := json.Marshal(patternArgs(pn[:3], pe[:2]))
		if _, err := small.Run(context.Background(), g, raw); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "100 nodes") {
			t.Errorf("%s: a 100-node graph over a cap of 50: %v", tool, err)
		}
		// Larger than the graph: no, whatever the caps.
		bn, be := path(101, "p")
		if res, err := runTool(t, tool, g, patternArgs(bn, be)); err != nil || res.Value.(SubgraphMatchResult).Exists {
			t.Errorf("%s: a pattern larger than the graph: %v %v", tool, res.Value, err)
		}
		// The command line's text form.
		raw, _ = json.Marshal(map[string]any{"pattern": "p0-p1 p1-p2"})
		if tl, _ := Catalogue().Get(tool); true {
			if res, err := tl.Run(context.Background(), g, raw); err != nil || !res.Value.(SubgraphMatchResult).Exists {
				t.Errorf("%s: pattern \"p0-p1 p1-p2\": %v %v", tool, res.Value, err)
			}
		}
		for _, bad := range []string{`{"pattern": "a-"}`, `{"pattern": ""}`, `{"pattern": {"edges": [["a"]]}}`, `{"pattern": {"edges": [], "weights": 1}}`,
			`{"pattern": [["a", "b"]]}`, `{"pattern": {"edges": [["a", ""]]}}`, `{}`} {
			tl, _ := Catalogue().Get(tool)
			if _, err := tl.Run(context.Background(), g, json.RawMessage(bad)); !errors.Is(err, ErrBadArgs) {
				t.Errorf("%s %s: %v, want ErrBadArgs", tool, bad, err)
			}
		}
		_ = gn
	}
	// A hard instance (a clique of 9 in a dense graph of 60 without one) is
	// stopped by the context.
	hb := graph.NewBuilder(false)
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 60; i++ {
		for j := i + 1; j < 60; j++ {
			if r.Float64() < 0.5 {
				if _, err := hb.AddEdge(strconv.Itoa(i), strconv.Itoa(j)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	hard := hb.Build()
	var kn []string
	var ke [][2]string
	for i := 0; i < 14; i++ {
		kn = append(kn, "k"+strconv.Itoa(i))
		for j := 0; j < i; j++ {
			ke = append(ke, [2]string{kn[j], kn[i]})
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	tl, _ := Catalogue().Get("subgraph_is_monomorphic")
	raw, _ := json.Marshal(patternArgs(kn, ke))
	if _, err := tl.Run(ctx, hard, raw); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a 14-clique in G(60, 0.5): %v, want the deadline", err)
	}
}

// TestSubgraphDirection: the pattern takes the graph's direction; a
// reversed edge does not match a directed graph, and an induced match
// refuses the extra edge a monomorphism allows.
func TestSubgraphDirection(t *testing.T) {
	build := func(directed bool, edges ...[2]string) *graph.Graph {
		b := graph.NewBuilder(directed)
		for _, e := range edges {
			if _, err := b.AddEdge(e[0], e[1]); err != nil {
				t.Fatal(err)
			}
		}
		return b.Build()
	}
	tri := build(true, [2]string{"0", "1"}, [2]string{"1", "2"}, [2]string{"0", "2"})
	for _, c := range []struct {
		tool  string
		g     *graph.Graph
		edges [][2]string
		want  bool
	}{
		{"subgraph_is_monomorphic", tri, [][2]string{{"a", "b"}, {"b", "c"}}, true},
		{"subgraph_is_isomorphic", tri, [][2]string{{"a", "b"}, {"b", "c"}}, false},
		{"subgraph_is_monomorphic", tri, [][2]string{{"a", "b"}, {"b", "c"}, {"c", "a"}}, false},
		{"subgraph_is_monomorphic", build(false, [2]string{"0", "1"}, [2]string{"1", "2"}, [2]string{"0", "2"}), [][2]string{{"a", "b"}, {"b", "c"}, {"c", "a"}}, true},
		{"subgraph_is_isomorphic", tri, [][2]string{{"a", "b"}, {"a", "c"}, {"b", "c"}}, true},
	} {
		res, err := runTool(t, c.tool, c.g, patternArgs(nil, c.edges))
		if err != nil {
			t.Fatal(err)
		}
		v := res.Value.(SubgraphMatchResult)
		if v.Exists != c.want || v.Induced != (c.tool == "subgraph_is_isomorphic") {
			t.Errorf("%s %v on %v: %+v, want exists %v", c.tool, c.edges, c.g, v, c.want)
		}
		if v.Exists && !strings.Contains(res.Text, "a → ") {
			t.Errorf("text %q does not give the mapping", res.Text)
		}
	}
}

// FuzzSubgraphArgs: any arguments give an answer or an error wrapping
// ErrBadArgs or ErrTooLarge, never a panic.
func FuzzSubgraphArgs(f *testing.F) {
	f.Add(`{"pattern": {"nodes": ["a"], "edges": [["a", "b"], ["b", "a"]]}}`)
	f.Add(`{"pattern": "a-b b-c c->a"}`)
	f.Add(`{"pattern": {"edges": [[1, 2], [2, 3]]}}`)
	b := graph.NewBuilder(true)
	for _, e := range [][2]string{{"0", "1"}, {"1", "2"}, {"2", "0"}, {"2", "2"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			f.Fatal(err)
		}
	}
	g := b.Build()
	f.Fuzz(func(t *testing.T, args string) {
		for _, name := range []string{"subgraph_is_monomorphic", "subgraph_is_isomorphic"} {
			tl, _ := Catalogue().Get(name)
			res, err := tl.Run(context.Background(), g, json.RawMessage(args))
			if err != nil {
				if !errors.Is(err, ErrBadArgs) && !errors.Is(err, ErrTooLarge) {
					t.Fatalf("%s %q: %v", name, args, err)
				}
				continue
			}
			if _, ok := res.Value.(SubgraphMatchResult); !ok || res.Text == "" {
				t.Fatalf("%s %q: %v %q", name, args, res.Value, res.Text)
			}
		}
	})
}
