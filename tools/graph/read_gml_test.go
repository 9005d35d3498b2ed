package graph

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadGML(t *testing.T) {
	cases := []struct {
		name     string
		text     string
		directed bool
		nodes    []string
		edges    []string // "u v w" as edgeStrings writes them
	}{
		{"ids, undirected", "graph [\n directed 0\n node [ id 0 ]\n node [ id 1 ]\n node [ id 2 ]\n edge [ source 0 target 1 ]\n edge [ source 2 target 1 ]\n]",
			false, []string{"0", "1", "2"}, []string{"0 1 1", "1 2 1"}},
		{"labels, directed, weights", `graph [ directed 1 node [ id 0 label "A" ] node [ id 1 label "B" ] edge [ source 0 target 1 weight 2.5 ] ]`,
			true, []string{"A", "B"}, []string{"A B 2.5"}},
		{"comments, creator and an isolated node", "Creator \"nx\"\n# a comment\ngraph [\n  node [ id 7 label \"x&amp;y\" ]\n  node [ id 8 label \"z\" ]\n]",
			false, []string{"x&y", "z"}, nil},
		{"self-loop and other attributes", "graph [ node [ id 0 graphics [ x 1.0 y -2 ] ] edge [ source 0 target 0 color \"red\" ] ]",
			false, []string{"0"}, []string{"0 0 1"}},
		{"string ids", `graph [ node [ id "a" ] node [ id "b" ] edge [ source "a" target "b" weight -INF ] ]`,
			false, []string{"a", "b"}, []string{"a b -Inf"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := ReadGML(strings.NewReader(c.text), ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if g.Directed() != c.directed || !slices.Equal(g.IDs(), c.nodes) {
				t.Errorf("directed %v nodes %v, want %v %v", g.Directed(), g.IDs(), c.directed, c.nodes)
			}
			want := map[string]bool{}
			for _, e := range c.edges {
				want[e] = true
			}
			if got := edgeStrings(g); !maps.Equal(got, want) {
				t.Errorf("edges %v, want %v", got, want)
			}
		})
	}
}

func TestReadGMLCapacity(t *testing.T) {
	g, err := ReadGML(strings.NewReader("graph [ directed 1 node [ id 0 ] node [ id 1 ] edge [ source 0 target 1 capacity 4 ] ]"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !g.HasCapacities() || g.Capacity(0) != 4 || g.Weighted() {
		t.Errorf("capacities %v %v weighted %v", g.HasCapacities(), g.Capacity(0), g.Weighted())
	}
}

func TestReadGMLErrors(t *testing.T) {
	cases := []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"no graph", "node [ id 0 ]", 1, 14, "no 'graph"},
		{"unclosed", "graph [\n node [ id 0 ]\n", 3, 1, "not closed"},
		{"stray bracket", "graph [ ] ]", 1, 11, "unexpected ']'"},
		{"bad value", "graph [ directed yes ]", 1, 18, "want a number"},
		{"directed 2", "graph [ directed 2 ]", 1, 9, "0 or 1"},
		{"multigraph", "graph [ multigraph 1 ]", 1, 9, "multigraphs"},
		{"node without id", "graph [\n node [ label \"a\" ]\n]", 2, 2, "no id"},
		{"duplicate id", "graph [ node [ id 0 ] node [ id 0 ] ]", 1, 23, "duplicated"},
		{"duplicate label", `graph [ node [ id 0 label "a" ] node [ id 1 label "a" ] ]`, 1, 33, "label a is duplicated"},
		{"some labels", `graph [ node [ id 0 label "a" ] node [ id 1 ] ]`, 1, 33, "no label"},
		{"unknown target", "graph [ node [ id 0 ] edge [ source 0 target 9 ] ]", 1, 23, "target 9"},
		{"no target", "graph [ node [ id 0 ] edge [ source 0 ] ]", 1, 23, "source and a target"},
		{"duplicate undirected edge", "graph [ node [ id 0 ] node [ id 1 ] edge [ source 0 target 1 ] edge [ source 1 target 0 ] ]", 1, 64, "duplicated"},
		{"weight string", `graph [ node [ id 0 ] edge [ source 0 target 0 weight "x" ] ]`, 1, 48, "must be a number"},
		{"unclosed string", "graph [ node [ id \"a ] ]", 1, 19, "string is not closed"},
		{"two graphs", "graph [ ]\ngraph [ ]", 2, 1, "more than one graph"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadGML(strings.NewReader(c.text), ReadOptions{})
			wantSyntaxError(t, err, "GML", c.line, c.col, c.msg)
		})
	}
}

func TestReadGMLNetworkX(t *testing.T) {
	const script = `
import json, random, networkx as nx
random.seed(11)
out = []
for i in range(60):
    directed = i % 2 == 1
    n = random.randint(0, 12)
    G = nx.gnp_random_graph(n, random.random() * 0.5, seed=i, directed=directed)
    G.add_nodes_from(range(n, n + random.randint(0, 2)))
    if n and i % 3 == 0:
        G.add_edge(0, 0)
    weighted = i % 4 >= 2
    for u, v in G.edges():
        if weighted:
            G[u][v]["weight"] = random.choice([random.randint(1, 9), round(random.random() * 10, 3)])
    if i % 5 == 0:
        G = nx.relabel_nodes(G, {x: "n%d" % x for x in G.nodes()})
    text = "\n".join(nx.generate_gml(G))
    H = nx.parse_gml(text)
    out.append({"directed": directed, "text": text, "nodes": [str(x) for x in H.nodes()],
                "edges": [[str(u), str(v), float(H[u][v].get("weight", 1))] for u, v in H.edges()]})
print(json.dumps(out))
`
	var items []struct {
		Directed bool
		Text     string
		Nodes    []string
		Edges    [][3]any
	}
	if err := json.Unmarshal(runPython(t, script, nil), &items); err != nil {
		t.Fatal(err)
	}
	for i, it := range items {
		g, err := ReadGML(strings.NewReader(it.Text), ReadOptions{})
		if err != nil {
			t.Fatalf("graph %d: %v\n%s", i, err, it.Text)
		}
		if g.Directed() != it.Directed || (!slices.Equal(g.IDs(), it.Nodes) && !(len(it.Nodes) == 0 && g.N() == 0)) {
			t.Fatalf("graph %d: directed %v nodes %v, want %v %v", i, g.Directed(), g.IDs(), it.Directed, it.Nodes)
		}
		want := map[string]bool{}
		for _, e := range it.Edges {
			a, b := e[0].(string), e[1].(string)
			if !it.Directed && b < a {
				a, b = b, a
			}
			want[a+" "+b+" "+formatFloat(e[2].(float64))] = true
		}
		if got := edgeStrings(g); !maps.Equal(got, want) {
			t.Fatalf("graph %d: edges %v, want %v\n%s", i, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)), it.Text)
		}
	}
}

func FuzzReadGML(f *testing.F) {
	for _, s := range []string{
		`graph [ directed 1 node [ id 0 label "A" ] node [ id 1 label "B" ] edge [ source 0 target 1 weight 2 ] ]`,
		"graph [\n node [ id 0 ]\n edge [ source 0 target 0 ]\n]",
		"graph [ node [ id 0 graphics [ x 1.0 ] ] ]",
		"graph [ [ [",
		"graph [ node [ id 1e5 ] ]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ReadGML(strings.NewReader(s), ReadOptions{})
		// The reader streams: one byte at a time reads the same.
		g2, err2 := ReadGML(iotest.OneByteReader(strings.NewReader(s)), ReadOptions{})
		if (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() || err == nil && !slices.Equal(g.IDs(), g2.IDs()) {
			t.Fatalf("whole: %v %v; byte by byte: %v %v", g, err, g2, err2)
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 || se.Col < 1 {
				t.Fatalf("error %v is not a positioned *SyntaxError", err)
			}
			return
		}
		if g == nil {
			t.Fatal("nil graph without an error")
		}
	})
}
