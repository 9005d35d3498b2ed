package graph

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// builderOp is one call on a Builder, replayed on a NetworkX graph.
type builderOp struct {
	Node   string   `json:"node,omitempty"` // AddNode when set
	U      string   `json:"u,omitempty"`    // AddEdge(U, V) otherwise
	V      string   `json:"v,omitempty"`
	Weight *float64 `json:"w,omitempty"` // SetWeight after AddEdge
}

type oracleGraph struct {
	Directed bool        `json:"directed"`
	Ops      []builderOp `json:"ops"`
}

// nxAnswer is what NetworkX reports for one graph.
type nxAnswer struct {
	Nodes     []string       `json:"nodes"`
	Degree    map[string]int `json:"degree"`
	InDeg     map[string]int `json:"in_degree"`
	OutDeg    map[string]int `json:"out_degree"`
	Succ      map[string][]string
	Pred      map[string][]string
	Edges     [][3]any `json:"edges"` // u, v, weight or null
	SelfLoops int      `json:"selfloops"`
	M         int      `json:"m"`
}

const nxGraphScript = `
import sys, json, networkx as nx
for line in sys.stdin:
    c = json.loads(line)
    G = nx.DiGraph() if c["directed"] else nx.Graph()
    for op in c["ops"] or []:
        if "node" in op:
            G.add_node(op["node"])
        elif "w" in op:
            G.add_edge(op["u"], op["v"], weight=op["w"])
        else:
            G.add_edge(op["u"], op["v"])
    out = {"nodes": list(G.nodes), "degree": dict(G.degree), "m": G.number_of_edges(),
           "selfloops": nx.number_of_selfloops(G),
           "edges": [[u, v, d.get("weight")] for u, v, d in G.edges(data=True)]}
    if G.is_directed():
        out["in_degree"] = dict(G.in_degree); out["out_degree"] = dict(G.out_degree)
        out["Succ"] = {n: list(G.succ[n]) for n in G}; out["Pred"] = {n: list(G.pred[n]) for n in G}
    else:
        out["Succ"] = {n: list(G.adj[n]) for n in G}
    print(json.dumps(out))
`

// randomOps makes a random sequence of builder calls with isolated nodes,
// self-loops, repeated edges (both orientations) and weights on some
// additions only.
func randomOps(r *rand.Rand) oracleGraph {
	g := oracleGraph{Directed: r.IntN(2) == 0}
	n := 1 + r.IntN(14)
	name := func() string {
		k := r.IntN(n)
		if k%5 == 4 {
			return "n" + strconv.Itoa(k)
		}
		return strconv.Itoa(k)
	}
	m := r.IntN(3 * n)
	for i := 0; i < m; i++ {
		switch r.IntN(10) {
		case 0:
			g.Ops = append(g.Ops, builderOp{Node: name()})
		case 1: // a repeat of an earlier edge, maybe reversed
			for k := len(g.Ops) - 1; k >= 0; k-- {
				if op := g.Ops[k]; op.Node == "" {
					if r.IntN(2) == 0 {
						op.U, op.V = op.V, op.U
					}
					op.Weight = nil
					if r.IntN(2) == 0 {
						w := float64(r.IntN(20))
						op.Weight = &w
					}
					g.Ops = append(g.Ops, op)
					break
				}
			}
		default:
			op := builderOp{U: name(), V: name()}
			if r.IntN(3) == 0 {
				w := float64(r.IntN(20)) + 0.5
				op.Weight = &w
			}
			g.Ops = append(g.Ops, op)
		}
	}
	return g
}

// TestGraphMatchesNetworkX replays random builder calls on graphagent and
// NetworkX graphs and compares nodes, degrees, neighbour orders, edges,
// weights and FindEdge in both directions.
func TestGraphMatchesNetworkX(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	cases := make([]oracleGraph, 300)
	var in []byte
	for i := range cases {
		cases[i] = randomOps(r)
		line, _ := json.Marshal(cases[i])
		in = append(append(in, line...), '\n')
	}
	out := runPython(t, nxGraphScript, in)
	dec := json.NewDecoder(bytesReader(out))
	for i, c := range cases {
		var want nxAnswer
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("case %d: decoding NetworkX answer: %v", i, err)
		}
		b := NewBuilder(c.Directed)
		for _, op := range c.Ops {
			if op.Node != "" {
				if _, err := b.AddNode(op.Node); err != nil {
					t.Fatal(err)
				}
				continue
			}
			e, err := b.AddEdge(op.U, op.V)
			if err != nil {
				t.Fatal(err)
			}
			if op.Weight != nil {
				b.SetWeight(e, *op.Weight)
			}
		}
		g := b.Build()
		ctx := fmt.Sprintf("case %d (directed=%v ops=%+v)", i, c.Directed, c.Ops)
		if !slices.Equal(g.IDs(), want.Nodes) {
			t.Fatalf("%s: nodes %v, NetworkX %v", ctx, g.IDs(), want.Nodes)
		}
		if g.M() != want.M || g.SelfLoops() != want.SelfLoops {
			t.Fatalf("%s: M=%d selfloops=%d, NetworkX %d %d", ctx, g.M(), g.SelfLoops(), want.M, want.SelfLoops)
		}
		ids := func(xs []int32) []string {
			s := []string{}
			for _, x := range xs {
				s = append(s, g.ID(x))
			}
			return s
		}
		for v := int32(0); v < int32(g.N()); v++ {
			id := g.ID(v)
			if g.Degree(v) != want.Degree[id] {
				t.Fatalf("%s: degree(%s)=%d, NetworkX %d", ctx, id, g.Degree(v), want.Degree[id])
			}
			if got := ids(g.Out(v)); !slices.Equal(got, append([]string{}, want.Succ[id]...)) {
				t.Fatalf("%s: neighbours(%s)=%v, NetworkX %v", ctx, id, got, want.Succ[id])
			}
			if c.Directed {
				if g.InDegree(v) != want.InDeg[id] || g.OutDegree(v) != want.OutDeg[id] {
					t.Fatalf("%s: in/out degree(%s)=%d/%d, NetworkX %d/%d", ctx, id, g.InDegree(v), g.OutDegree(v), want.InDeg[id], want.OutDeg[id])
				}
				if got := ids(g.In(v)); !slices.Equal(got, append([]string{}, want.Pred[id]...)) {
					t.Fatalf("%s: predecessors(%s)=%v, NetworkX %v", ctx, id, got, want.Pred[id])
				}
			}
		}
		nxHas := map[[2]string]bool{}
		weighted := false
		for _, e := range want.Edges {
			u, v := e[0].(string), e[1].(string)
			nxHas[[2]string{u, v}] = true
			if !c.Directed {
				nxHas[[2]string{v, u}] = true
			}
			ui, _ := g.Index(u)
			vi, _ := g.Index(v)
			k, ok := g.FindEdge(ui, vi)
			if !ok {
				t.Fatalf("%s: edge %s-%s missing", ctx, u, v)
			}
			wantW := 1.0
			if e[2] != nil {
				wantW, weighted = e[2].(float64), true
			}
			if g.Weight(k) != wantW {
				t.Fatalf("%s: weight(%s-%s)=%v, NetworkX %v", ctx, u, v, g.Weight(k), wantW)
			}
			if !c.Directed {
				if k2, ok := g.FindEdge(vi, ui); !ok || k2 != k {
					t.Fatalf("%s: FindEdge(%s,%s)=%d,%v want %d", ctx, v, u, k2, ok, k)
				}
			}
		}
		if g.Weighted() != weighted {
			t.Fatalf("%s: Weighted()=%v, NetworkX has weights: %v", ctx, g.Weighted(), weighted)
		}
		for u := int32(0); u < int32(g.N()); u++ {
			for v := int32(0); v < int32(g.N()); v++ {
				if g.HasEdge(u, v) != nxHas[[2]string{g.ID(u), g.ID(v)}] {
					t.Fatalf("%s: HasEdge(%s,%s)=%v, NetworkX disagrees", ctx, g.ID(u), g.ID(v), g.HasEdge(u, v))
				}
			}
		}
	}
}

// TestBuilderDuplicates checks NetworkX's duplicate-edge semantics directly:
// the first position is kept, AddEdge returns the same index, the last weight
// wins, and an unweighted re-addition keeps the weight.
func TestBuilderDuplicates(t *testing.T) {
	for _, directed := range []bool{false, true} {
		b := NewBuilder(directed)
		e1, _ := b.AddWeightedEdge("a", "b", 3)
		e2, _ := b.AddEdge("b", "c")
		e3, _ := b.AddWeightedEdge("a", "b", 5)
		e4, _ := b.AddEdge("b", "a")
		e5, _ := b.AddEdge("a", "b")
		if e3 != e1 || e5 != e1 || e2 == e1 {
			t.Fatalf("directed=%v: indices %d %d %d %d", directed, e1, e2, e3, e5)
		}
		if directed == (e4 == e1) {
			t.Fatalf("directed=%v: reversed edge index %d vs %d", directed, e4, e1)
		}
		b.SetEdgeAttr(e5, "color", "red")
		g := b.Build()
		wantM := 2
		if directed {
			wantM = 3
		}
		if g.M() != wantM {
			t.Fatalf("directed=%v: M=%d want %d", directed, g.M(), wantM)
		}
		if g.Weight(e1) != 5 || g.EdgeAttrs(e1)["color"] != "red" {
			t.Fatalf("directed=%v: weight %v attrs %v", directed, g.Weight(e1), g.EdgeAttrs(e1))
		}
		if u, v := g.Edge(e1); g.ID(u) != "a" || g.ID(v) != "b" {
			t.Fatalf("first orientation lost: %s-%s", g.ID(u), g.ID(v))
		}
		if g.Weight(e2) != 1 {
			t.Fatalf("unweighted edge weight %v, want NetworkX's default 1", g.Weight(e2))
		}
	}
}

// TestBuilderManyEdgesDedup grows the de-duplication table through several
// rehashes and checks every repeated edge maps to its first index.
func TestBuilderManyEdgesDedup(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	b := NewBuilder(false)
	first := map[[2]int]int32{}
	for i := 0; i < 50000; i++ {
		u, v := r.IntN(400), r.IntN(400)
		e, err := b.AddEdge(strconv.Itoa(u), strconv.Itoa(v))
		if err != nil {
			t.Fatal(err)
		}
		k := [2]int{min(u, v), max(u, v)}
		if f, ok := first[k]; ok && f != e {
			t.Fatalf("edge %v: index %d, first %d", k, e, f)
		} else if !ok {
			if int(e) != len(first) {
				t.Fatalf("new edge %v got index %d, want %d", k, e, len(first))
			}
			first[k] = e
		}
	}
	g := b.Build()
	if g.M() != len(first) {
		t.Fatalf("M=%d want %d", g.M(), len(first))
	}
}

func TestBuilderErrors(t *testing.T) {
	b := NewBuilder(true)
	b.SetLimits(Limits{MaxNodes: 2, MaxEdges: 1})
	if _, err := b.AddEdge("a", "b"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.AddEdge("b", "a"); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("edge limit: %v", err)
	}
	if _, err := b.AddNode("c"); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("node limit: %v", err)
	}
	if _, err := b.AddEdgeIdx(0, 7); !errors.Is(err, ErrNodeNotFound) {
		t.Fatalf("bad index: %v", err)
	}
	if _, err := b.AddEdgeIdx(-1, 0); !errors.Is(err, ErrNodeNotFound) {
		t.Fatalf("negative index: %v", err)
	}
}

// TestSelfLoopDegree pins NetworkX's degree rule for self-loops.
func TestSelfLoopDegree(t *testing.T) {
	g := mustBuild(t, false, [2]string{"a", "a"}, [2]string{"a", "b"})
	a, _ := g.Index("a")
	if g.Degree(a) != 3 || g.OutDegree(a) != 2 || !g.HasSelfLoop(a) {
		t.Fatalf("undirected self-loop: degree %d out %d", g.Degree(a), g.OutDegree(a))
	}
	d := mustBuild(t, true, [2]string{"a", "a"}, [2]string{"a", "b"})
	a, _ = d.Index("a")
	if d.Degree(a) != 3 || d.InDegree(a) != 1 || d.OutDegree(a) != 2 {
		t.Fatalf("directed self-loop: degree %d in %d out %d", d.Degree(a), d.InDegree(a), d.OutDegree(a))
	}
}
