package graph

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// graphSummary describes a graph the same way on the Go and Python sides.
type graphSummary struct {
	Directed  bool                      `json:"directed"`
	Nodes     []string                  `json:"nodes"`
	Edges     []string                  `json:"edges"` // "u v weight capacity {attrs}", sorted
	NodeAttrs map[string]map[string]any `json:"node_attrs"`
}

// pySummary is the Python twin of summarize; G is a NetworkX graph.
const pySummary = `
import json, math
import networkx as nx
def summarize(G):
    anycap = any("capacity" in d for _, _, d in G.edges(data=True))
    anyw = any("weight" in d for _, _, d in G.edges(data=True))
    def key(u, v, d):
        u, v = str(u), str(v)
        if not G.is_directed() and v < u:
            u, v = v, u
        rest = {k: x for k, x in d.items() if k not in ("weight", "capacity")}
        # graphagent's Capacity: the capacity when any edge has one (else
        # +inf), otherwise the weight (1 when unset in a weighted graph).
        if anycap:
            cap = d.get("capacity", float("inf"))
        elif anyw:
            cap = d.get("weight", 1)
        else:
            cap = float("inf")
        return "%s %s %r %s %s" % (u, v, float(d.get("weight", 1)), "inf" if math.isinf(cap) else repr(float(cap)),
                                   json.dumps(rest, sort_keys=True, separators=(",", ":")))
    return {"directed": G.is_directed(), "nodes": [str(n) for n in G],
            "edges": sorted(key(u, v, d) for u, v, d in G.edges(data=True)),
            "node_attrs": {str(n): d for n, d in G.nodes(data=True) if d}}
# NetworkX 3.4 names the edge key "edges="; 2.x (Debian's 2.8.8) and 3.0-3.3
# call it "link=", which 3.6 no longer takes.
def nl_data(G, key):
    try:
        return nx.node_link_data(G, edges=key)
    except TypeError:
        return nx.node_link_data(G, link=key)
def nl_graph(data, key):
    try:
        return nx.node_link_graph(data, edges=key)
    except TypeError:
        return nx.node_link_graph(data, link=key)
`

func summarize(g *Graph) graphSummary {
	s := graphSummary{Directed: g.Directed(), Nodes: slices.Clone(g.IDs()), Edges: []string{}, NodeAttrs: map[string]map[string]any{}}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		a, b := g.ID(u), g.ID(v)
		if !g.Directed() && b < a {
			a, b = b, a
		}
		c := "inf"
		if x := g.Capacity(e); !math.IsInf(x, 1) {
			c = pyFloat(x)
		}
		attrs := g.EdgeAttrs(e)
		if attrs == nil {
			attrs = map[string]any{}
		}
		js, _ := json.Marshal(attrs)
		s.Edges = append(s.Edges, fmt.Sprintf("%s %s %s %s %s", a, b, pyFloat(g.Weight(e)), c, js))
	}
	slices.Sort(s.Edges)
	for i := int32(0); i < int32(g.N()); i++ {
		if a := g.NodeAttrs(i); len(a) > 0 {
			s.NodeAttrs[g.ID(i)] = a
		}
	}
	return s
}

// sameSummary compares two summaries through JSON (so int64 and float64
// attribute values compare as numbers).
func sameSummary(t *testing.T, what string, got, want graphSummary) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	var gv, wv any
	json.Unmarshal(g, &gv)
	json.Unmarshal(w, &wv)
	gj, _ := json.Marshal(gv)
	wj, _ := json.Marshal(wv)
	if !bytes.Equal(gj, wj) {
		t.Fatalf("%s differs:\n got  %.600s\n want %.600s", what, gj, wj)
	}
}

// networkxCase is a graph written by NetworkX and NetworkX's summary of it.
type networkxCase struct {
	Text    string       `json:"text"`
	Summary graphSummary `json:"summary"`
}

// networkxCases runs a Python script that prints a JSON list of
// {"text", "summary"} objects.
func networkxCases(t *testing.T, script string) []networkxCase {
	t.Helper()
	var cases []networkxCase
	if err := json.Unmarshal(runPython(t, script, nil), &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("the NetworkX script gave no cases")
	}
	return cases
}

// TestReadNodeLinkFromNetworkX reads node_link_data output of several
// NetworkX graphs ("edges" and "links" keys, directed and not, string and
// integer nodes, node and edge attributes) and compares with NetworkX.
func TestReadNodeLinkFromNetworkX(t *testing.T) {
	script := pySummary + `
import networkx as nx
gs = []
k = nx.karate_club_graph(); k.graph["name"] = "karate"
gs.append((k, "edges"))
d = nx.DiGraph()
d.add_edge("a", "b", capacity=3, color="red")
d.add_edge("b", "c", weight=2.5, capacity=1)
d.add_edge("c", "a", label="x", n=7)
d.add_node("lonely", size=3, tags=["p", "q"])
gs.append((d, "links"))
gs.append((nx.gnp_random_graph(30, 0.2, seed=3, directed=True), "edges"))
out = []
for G, key in gs:
    out.append({"text": json.dumps(nl_data(G, key)), "summary": summarize(G)})
print(json.dumps(out))
`
	cases := networkxCases(t, script)
	for i, c := range cases {
		g, err := ReadNodeLink(strings.NewReader(c.Text), ReadOptions{Directed: !c.Summary.Directed})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		sameSummary(t, fmt.Sprintf("case %d", i), summarize(g), c.Summary)
		if i == 0 && g.Name() != "karate" {
			t.Fatalf("graph name %q", g.Name())
		}
	}
}

// randomAttrGraph makes a random graph with weights, capacities and
// attributes.
func randomAttrGraph(r *rand.Rand) *Graph {
	b := NewBuilder(r.IntN(2) == 0)
	n := 1 + r.IntN(12)
	for i := 0; i < n; i++ {
		id := strconv.Itoa(r.IntN(2 * n))
		if r.IntN(4) == 0 {
			id = "v" + id
		}
		b.AddNode(id)
		if r.IntN(3) == 0 {
			b.SetNodeAttr(id, "group", int64(r.IntN(3)))
		}
	}
	ids := b.ids
	for i := 0; i < r.IntN(3*n); i++ {
		e, _ := b.AddEdge(ids[r.IntN(len(ids))], ids[r.IntN(len(ids))])
		switch r.IntN(4) {
		case 0:
			b.SetWeight(e, float64(r.IntN(9))+0.25)
		case 1:
			b.SetCapacity(e, float64(r.IntN(9)))
		case 2:
			b.SetEdgeAttr(e, "color", []string{"red", "blue"}[r.IntN(2)])
		}
	}
	return b.Build()
}

// TestWriteNodeLinkNetworkX writes graphs as node-link JSON, has NetworkX
// read them with nx.node_link_graph, and compares; it also checks that
// ReadNodeLink reads the same files back unchanged.
func TestWriteNodeLinkNetworkX(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var graphs []*Graph
	fh, err := os.Open(dataPath(t, "karate", "edges.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	karate, err := ReadEdgeList(fh, ReadOptions{Name: "karate"})
	fh.Close()
	if err != nil {
		t.Fatal(err)
	}
	graphs = append(graphs, karate)
	for i := 0; i < 100; i++ {
		graphs = append(graphs, randomAttrGraph(r))
	}
	var texts []string
	for i, g := range graphs {
		var buf bytes.Buffer
		if err := WriteNodeLink(&buf, g); err != nil {
			t.Fatalf("graph %d: %v", i, err)
		}
		texts = append(texts, buf.String())
		back, err := ReadNodeLink(&buf, ReadOptions{})
		if err != nil {
			t.Fatalf("graph %d: reading back: %v", i, err)
		}
		sameSummary(t, fmt.Sprintf("graph %d read back", i), summarize(back), summarize(g))
		if back.Name() != g.Name() {
			t.Fatalf("name %q, want %q", back.Name(), g.Name())
		}
	}
	in, _ := json.Marshal(texts)
	script := pySummary + `
import sys, networkx as nx
print(json.dumps([summarize(nl_graph(json.loads(t), "edges")) for t in json.load(sys.stdin)]))
`
	var want []graphSummary
	if err := json.Unmarshal(runPython(t, script, in), &want); err != nil {
		t.Fatal(err)
	}
	for i, g := range graphs {
		sameSummary(t, fmt.Sprintf("graph %d via NetworkX", i), summarize(g), want[i])
	}
}

func TestWriteEdgeListRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200; i++ {
		g := randomAttrGraph(r)
		var buf bytes.Buffer
		if err := WriteEdgeList(&buf, g); err != nil {
			t.Fatal(err)
		}
		back, err := ReadEdgeList(&buf, ReadOptions{Directed: g.Directed()})
		if err != nil {
			t.Fatalf("graph %d: %v\n%s", i, err, buf.String())
		}
		if back.N() != g.N() || back.M() != g.M() {
			t.Fatalf("graph %d: %v, want %v", i, back, g)
		}
		for e := int32(0); e < int32(g.M()); e++ {
			u, v := g.Edge(e)
			bu, _ := back.Index(g.ID(u))
			bv, _ := back.Index(g.ID(v))
			k, ok := back.FindEdge(bu, bv)
			want := g.Weight(e)
			if !g.Weighted() && g.HasCapacities() {
				want = g.Capacity(e)
			}
			if !ok || k != e || (g.Weighted() || g.HasCapacities()) && back.Weight(k) != want {
				t.Fatalf("graph %d edge %d: found=%v index %d weight %v want %v", i, e, ok, k, back.Weight(k), want)
			}
		}
	}
	// First edges that look like headers must survive.
	for _, first := range [][2]string{{"source", "target"}, {"alice", "bob"}} {
		g := mustBuild(t, true, first, [2]string{"1", "2"})
		var buf bytes.Buffer
		if err := WriteEdgeList(&buf, g); err != nil {
			t.Fatal(err)
		}
		back, err := ReadEdgeList(&buf, ReadOptions{Directed: true})
		if err != nil || back.M() != 2 || back.N() != 4 {
			t.Fatalf("first edge %v lost: %v %v", first, back, err)
		}
	}
	bad := mustBuild(t, false, [2]string{"a b", "c"})
	if err := WriteEdgeList(&bytes.Buffer{}, bad); err == nil || !strings.Contains(err.Error(), `"a b"`) {
		t.Fatalf("unwritable ID: %v", err)
	}
}

func TestReadNodeLinkErrors(t *testing.T) {
	tests := []struct {
		name, in  string
		line, col int
		msg       string
	}{
		{"bad JSON", "{\n \"nodes\": [{},,]}", 2, 15, "invalid character"},
		{"truncated", `{"nodes": [`, 0, 0, "JSON ends early"},
		{"not node-link", `{"a": 1}`, 0, 0, `no "nodes", "edges" or "links"`},
		{"nodes not array", `{"nodes": 3}`, 1, 11, "must be an array"},
		{"node not object", `{"nodes": [3]}`, 1, 12, "must be an object"},
		{"node without id", `{"nodes": [{"x": 1}]}`, 0, 0, `nodes[0] has no "id"`},
		{"array id", `{"nodes": [{"id": [1]}]}`, 0, 0, "node ID must be a string or a number, found an array"},
		{"edge without target", `{"nodes": [], "edges": [{"source": 1}]}`, 0, 0, `edges[0] has no "target"`},
		{"string weight", `{"links": [{"source": 1, "target": 2, "weight": "x"}]}`, 0, 0, "links[0].weight is x, not a number"},
		{"both keys", `{"edges": [], "links": []}`, 0, 0, `both "edges" and "links"`},
		{"trailing data", `{"nodes": []} {}`, 1, 15, "unexpected data after the JSON object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadNodeLink(strings.NewReader(tc.in), ReadOptions{Name: "g.json"})
			wantSyntaxError(t, err, "g.json", tc.line, tc.col, tc.msg)
		})
	}
}
