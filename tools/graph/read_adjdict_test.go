package graph

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
)

func TestParsePythonAdjacency(t *testing.T) {
	cases := []struct {
		name     string
		text     string
		directed bool
		nodes    []string
		edges    []string // "u v w" as edgeStrings writes them
		capacity map[string]float64
	}{
		{"lists, undirected, both ends listed", `{'A': ['B', 'C'], 'B': ['A'], 'C': ['A'], 'D': []}`, false,
			[]string{"A", "B", "C", "D"}, []string{"A B 1", "A C 1"}, nil},
		{"JSON, numbers as neighbours", `{"0": [1, 4], "1": [0], "4": [0]}`, false,
			[]string{"0", "1", "4"}, []string{"0 1 1", "0 4 1"}, nil},
		{"directed lists", "{1: [2, 3],\n 2: [3],\n 3: []}", true,
			[]string{"1", "2", "3"}, []string{"1 2 1", "1 3 1", "2 3 1"}, nil},
		{"dict of weights", `{'a': {'b': 3, 'c': 1.5}, 'b': {'a': 3}, 'c': {'a': 1.5}}`, false,
			[]string{"a", "b", "c"}, []string{"a b 3", "a c 1.5"}, nil},
		{"dict of attribute dicts", `{'s': {'t': {'capacity': 4, 'color': 'red'}}, 't': {}}`, true,
			[]string{"s", "t"}, []string{"s t 1"}, map[string]float64{"s t": 4}},
		{"dict of sets, directed", `{10: {18}, 11: {3, 4}, 3: {18,}, 4: {}}`, true,
			[]string{"10", "11", "3", "4", "18"}, []string{"10 18 1", "11 3 1", "11 4 1", "3 18 1"}, nil},
		{"dict of string sets, undirected", `{'a': {'b'}, 'b': {'a', 'c'}, 'c': {'b'}}`, false,
			[]string{"a", "b", "c"}, []string{"a b 1", "b c 1"}, nil},
		{"empty", `{}`, false, nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := ParsePythonAdjacency(c.text, ReadOptions{Directed: c.directed})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(g.IDs(), c.nodes) && !(len(c.nodes) == 0 && g.N() == 0) {
				t.Errorf("nodes %v, want %v", g.IDs(), c.nodes)
			}
			if got := slices.Sorted(maps.Keys(edgeStrings(g))); !slices.Equal(got, c.edges) && !(len(c.edges) == 0 && len(got) == 0) {
				t.Errorf("edges %v, want %v", got, c.edges)
			}
			for e := int32(0); e < int32(g.M()); e++ {
				u, v := g.Edge(e)
				if want, ok := c.capacity[g.ID(u)+" "+g.ID(v)]; ok && g.Capacity(e) != want {
					t.Errorf("capacity of %s-%s = %v, want %v", g.ID(u), g.ID(v), g.Capacity(e), want)
				}
			}
		})
	}
}

func TestParsePythonAdjacencyErrors(t *testing.T) {
	cases := []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"not a dict", `['A', 'B']`, 1, 1, "expected '{'"},
		{"missing colon", `{'A' ['B']}`, 1, 6, "after a node"},
		{"neighbours not a list", `{'A': 'B'}`, 1, 7, "neither a list"},
		{"a list neighbour", "{'A': ['B'],\n 'B': [['C']]}", 2, 7, "is not a node"},
		{"text weight", `{'A': {'B': {'weight': 'heavy'}}}`, 1, 7, "not a number"},
		{"not closed", `{'A': ['B']`, 1, 12, "',' after"},
		{"trailing text", `{'A': []} x`, 1, 11, "after the adjacency dict"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParsePythonAdjacency(c.text, ReadOptions{})
			wantSyntaxError(t, err, "adjacency dict", c.line, c.col, c.msg)
		})
	}
}

// TestParsePythonAdjacencyNetworkX reads what NetworkX writes with
// to_dict_of_lists and to_dict_of_dicts (Python repr and JSON) for random
// graphs of every shape, and compares nodes and edges with NetworkX's.
func TestParsePythonAdjacencyNetworkX(t *testing.T) {
	const script = `
import json, random, networkx as nx
random.seed(7)
out = []
for i in range(60):
    directed = i % 2 == 1
    n = random.randint(0, 12)
    G = nx.gnp_random_graph(n, random.random() * 0.5, seed=i, directed=directed)
    G.add_nodes_from(range(n, n + random.randint(0, 2)))           # isolated nodes
    if n and i % 3 == 0:
        G.add_edge(0, 0)                                            # a self-loop
    weighted = i % 4 >= 2
    for u, v in G.edges():
        if weighted:
            G[u][v]["weight"] = random.randint(1, 9)
    text = repr(nx.to_dict_of_dicts(G)) if weighted else (repr(nx.to_dict_of_lists(G)) if i % 5 else json.dumps(nx.to_dict_of_lists(G)))
    out.append({"directed": directed, "text": text, "nodes": [str(x) for x in G.nodes()],
                "edges": [[str(u), str(v), G[u][v].get("weight", 1)] for u, v in G.edges()]})
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
		g, err := ParsePythonAdjacency(it.Text, ReadOptions{Directed: it.Directed})
		if err != nil {
			t.Fatalf("graph %d: %v\n%s", i, err, it.Text)
		}
		if !slices.Equal(g.IDs(), it.Nodes) && !(len(it.Nodes) == 0 && g.N() == 0) {
			t.Fatalf("graph %d: nodes %v, want %v", i, g.IDs(), it.Nodes)
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

func FuzzParsePythonAdjacency(f *testing.F) {
	for _, s := range []string{
		`{'A': ['B', 'C'], 'B': ['A'], 'D': []}`,
		`{"0": [1, 4], "1": [0]}`,
		`{'a': {'b': 3, 'c': {'weight': 1.5, 'capacity': 2}}}`,
		`{'A': [[[[`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParsePythonAdjacency(text, ReadOptions{Limits: Limits{MaxNodes: 1000, MaxEdges: 1000}})
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("error %v is neither a *SyntaxError nor ErrTooLarge", err)
			}
			return
		}
		if g.N() < 0 || strings.Contains(g.Name(), "\x00") {
			t.Fatal("impossible graph")
		}
	})
}
