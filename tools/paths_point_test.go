package tools

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// pointGraph is a random graph for the point-to-point tests: n nodes
// inserted in shuffled order, in 1-3 blocks with no edge between blocks
// (disconnected), about m edges, self-loops sometimes, nodes left isolated,
// and weights drawn by mode: 0 none, 1 integers 0-2 (many ties and zero
// weights), 2 integers 1-9, 3 floats, 4 floats with some zero weights.
func pointGraph(r *rand.Rand, n, m int, directed bool, mode int) testGraph {
	tg := testGraph{Directed: directed, Weighted: mode != 0}
	perm := r.Perm(n)
	for _, p := range perm {
		tg.Nodes = append(tg.Nodes, strconv.Itoa(p))
	}
	blocks := 1 + r.IntN(3)
	isolated := r.IntN(1 + n/10)
	for k := 0; k < m; k++ {
		u := isolated + r.IntN(n-isolated)
		v := isolated + r.IntN(n-isolated)
		if u == v && r.IntN(4) != 0 {
			continue
		}
		v = v - v%blocks + u%blocks
		if v >= n {
			v -= blocks
		}
		if v < isolated {
			continue
		}
		w := ""
		switch mode {
		case 1:
			w = strconv.Itoa(r.IntN(3))
		case 2:
			w = strconv.Itoa(1 + r.IntN(9))
		case 3:
			w = strconv.FormatFloat(0.5+r.Float64()*10, 'f', 4, 64)
		case 4:
			w = "0"
			if r.IntN(5) != 0 {
				w = strconv.FormatFloat(r.Float64()*3, 'f', 3, 64)
			}
		}
		tg.Edges = append(tg.Edges, [3]string{strconv.Itoa(perm[u]), strconv.Itoa(perm[v]), w})
	}
	return tg
}

// pairAnswer is the oracle's answer for one pair: [length, path] or null.
type pairAnswer struct {
	W, H *[2]json.RawMessage
}

// TestPointSearchesMatchNetworkX checks the point-to-point searches of
// paths_point.go against NetworkX's dijkstra_path and dijkstra_path_length
// on 1,200 random graphs (small dense ones from randomGraphs and sparse ones
// of up to 600 nodes; directed and undirected, unweighted, integer weights
// with many ties and zeros, float weights, disconnected, self-loops, isolated
// nodes), about 30 pairs each: pointDijkstra's distance must be the same
// float64 and its path the same path, pointBFS's path the unit-weight
// dijkstra_path, unreachable pairs unreachable; and the tools shortest_path
// and shortest_path_length (hops and weighted) agree on a few pairs per
// graph.
func TestPointSearchesMatchNetworkX(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 1))
	var graphs []testGraph
	for _, tg := range randomGraphs(261, 600, genOptions{MaxNodes: 20, SelfLoops: true, FloatWeights: true, MinWeight: 1}) {
		if tg.Weighted && r.IntN(3) == 0 {
			// Weights 0-2: ties everywhere, zero-weight edges.
			for k := range tg.Edges {
				tg.Edges[k][2] = strconv.Itoa(r.IntN(3))
			}
		}
		graphs = append(graphs, tg)
	}
	for k := 0; k < 600; k++ {
		n := 30 + r.IntN(570)
		m := n + r.IntN(3*n)
		graphs = append(graphs, pointGraph(r, n, m, k%2 == 0, k%5))
	}
	var cases []oracleCase
	for _, tg := range graphs {
		if len(tg.Nodes) == 0 {
			continue
		}
		var pairs [][2]string
		for k := 0; k < 30; k++ {
			s := tg.Nodes[r.IntN(len(tg.Nodes))]
			tt := tg.Nodes[r.IntN(len(tg.Nodes))]
			if k == 0 {
				tt = s
			}
			pairs = append(pairs, [2]string{s, tt})
		}
		cases = append(cases, oracleCase{Tool: "paths:pairs", Graph: tg, Args: map[string]any{"pairs": pairs}})
	}
	answers := runOracle(t, cases)
	ctx := context.Background()
	var compared, unreachable int
	for i, c := range cases {
		if answers[i].Error != "" {
			t.Fatalf("oracle %d: %s", i, answers[i].Error)
		}
		var want []pairAnswer
		if err := json.Unmarshal(answers[i].Value, &want); err != nil {
			t.Fatalf("oracle %d: %v", i, err)
		}
		g := c.Graph.build(t)
		pairs := c.Args["pairs"].([][2]string)
		for k, p := range pairs {
			s, _ := g.Index(p[0])
			tt, _ := g.Index(p[1])
			d, err := pointDijkstra(ctx, g, s, tt)
			if err != nil {
				t.Fatal(err)
			}
			if msg := comparePoint(g, d.Path(tt), d.Dist[tt], true, want[k].W); msg != "" {
				t.Errorf("%s pointDijkstra %s->%s: %s", c.Graph.describe(), p[0], p[1], msg)
			}
			hp, err := pointBFS(ctx, g, s, tt)
			if err != nil {
				t.Fatal(err)
			}
			if msg := comparePoint(g, hp, float64(len(hp)-1), false, want[k].H); msg != "" {
				t.Errorf("%s pointBFS %s->%s: %s", c.Graph.describe(), p[0], p[1], msg)
			}
			compared++
			if want[k].W == nil {
				unreachable++
			}
			if k < 4 {
				checkPointTools(t, c.Graph, g, p, want[k])
			}
		}
	}
	if compared < 30_000 || unreachable < 2_000 {
		t.Errorf("compared %d pairs (%d unreachable), want at least 30,000 (2,000)", compared, unreachable)
	}
	t.Logf("%d graphs, %d pairs compared (%d unreachable)", len(cases), compared, unreachable)
}

// comparePoint compares a path and its length with the oracle's [length,
// path] (nil: no path); exact says the length must be the same float64.
func comparePoint(g *graph.Graph, path []int32, length float64, exact bool, want *[2]json.RawMessage) string {
	if want == nil {
		if path != nil {
			return "found " + strconv.Itoa(len(path)) + "-node path, NetworkX none"
		}
		return ""
	}
	var wl float64
	var wp []string
	if err := json.Unmarshal(want[0], &wl); err != nil {
		return err.Error()
	}
	if err := json.Unmarshal(want[1], &wp); err != nil {
		return err.Error()
	}
	if path == nil {
		return "no path, NetworkX " + strconv.FormatFloat(wl, 'g', -1, 64)
	}
	if got := idsOf(g, path); !reflect.DeepEqual(got, wp) {
		return "path " + listText(got, 50) + ", NetworkX " + listText(wp, 50)
	}
	if exact && length != wl || !basicNear(length, wl) {
		return "length " + strconv.FormatFloat(length, 'g', -1, 64) + ", NetworkX " + strconv.FormatFloat(wl, 'g', -1, 64)
	}
	return ""
}

// checkPointTools runs shortest_path and shortest_path_length on one pair
// and compares with the oracle's answer.
func checkPointTools(t *testing.T, tg testGraph, g *graph.Graph, p [2]string, want pairAnswer) {
	t.Helper()
	args := map[string]any{"source": p[0], "target": p[1]}
	res, err := runTool(t, "shortest_path", g, args)
	w := want.H
	if g.Weighted() {
		w = want.W
	}
	switch {
	case w == nil:
		if !errors.Is(err, ErrNoPath) {
			t.Errorf("%s shortest_path %v: %v, %v; NetworkX no path", tg.describe(), p, res.Value, err)
		}
	case err != nil:
		t.Errorf("%s shortest_path %v: %v", tg.describe(), p, err)
	default:
		sp := res.Value.(ShortestPath)
		var wl float64
		var wp []string
		_ = json.Unmarshal(w[0], &wl)
		_ = json.Unmarshal(w[1], &wp)
		if sp.Length != wl || !reflect.DeepEqual(sp.Path, wp) {
			t.Errorf("%s shortest_path %v: %v, NetworkX %v %v", tg.describe(), p, sp, wl, wp)
		}
	}
	for _, weighted := range []bool{false, true} {
		args["weighted"] = weighted
		res, err := runTool(t, "shortest_path_length", g, args)
		w := want.H
		if weighted && g.Weighted() {
			w = want.W
		}
		if w == nil {
			if !errors.Is(err, ErrNotApplicable) {
				t.Errorf("%s shortest_path_length %v weighted=%v: %v, %v; NetworkX no path", tg.describe(), p, weighted, res.Value, err)
			}
			continue
		}
		var wl float64
		_ = json.Unmarshal(w[0], &wl)
		var got float64
		switch v := res.Value.(type) {
		case int:
			got = float64(v)
		case float64:
			got = v
		}
		if err != nil || got != wl {
			t.Errorf("%s shortest_path_length %v weighted=%v: %v, %v; NetworkX %v", tg.describe(), p, weighted, res.Value, err, wl)
		}
	}
}

// TestPointDijkstraBadWeights checks that on graphs with a negative or NaN
// weight pointDijkstra is the one-sided search: the same error, or the same
// distance and path where that search never relaxes the edge.
func TestPointDijkstraBadWeights(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 2))
	ctx := context.Background()
	errs := 0
	for k := 0; k < 300; k++ {
		tg := pointGraph(r, 10+r.IntN(60), 20+r.IntN(150), k%2 == 0, 2)
		if len(tg.Edges) == 0 {
			continue
		}
		bad := []string{"-1", "-0.5", "NaN"}[r.IntN(3)]
		tg.Edges[r.IntN(len(tg.Edges))][2] = bad
		g := tg.build(t)
		for j := 0; j < 20; j++ {
			s, tt := int32(r.IntN(g.N())), int32(r.IntN(g.N()))
			d, err := pointDijkstra(ctx, g, s, tt)
			one := newDijkstra(g.N())
			err1 := one.run(ctx, g, s, tt, false)
			if (err != nil) != (err1 != nil) || (err != nil && !errors.Is(err, ErrNotApplicable)) {
				t.Fatalf("%s %d->%d: %v, one-sided %v", tg.describe(), s, tt, err, err1)
			}
			if err != nil {
				errs++
				continue
			}
			if !reflect.DeepEqual(d.Path(tt), one.Path(tt)) || d.Reached(tt) && d.Dist[tt] != one.Dist[tt] {
				t.Errorf("%s %d->%d: %v, one-sided %v", tg.describe(), s, tt, d.Path(tt), one.Path(tt))
			}
		}
	}
	if errs == 0 {
		t.Error("no search met the bad weight")
	}
}
