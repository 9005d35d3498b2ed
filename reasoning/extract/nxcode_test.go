package extract

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/graphagent/graphagent/internal/pyoracle"
	"github.com/graphagent/graphagent/tools/graph"
)

func TestNetworkXCode(t *testing.T) {
	cases := []readerCase{
		{
			name:  "add_edge with weights on an undirected graph",
			text:  "import networkx as nx\nG = nx.Graph()\nG.add_edge(\"a\", \"b\", weight=3)\nG.add_edge('b', 'c', weight=1.5)  # a comment\nWhat is the shortest path from a to c?",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:3", "b-c:1.5"}, dir: DirUndirected, meaning: MeaningWeight,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a directed graph with capacities and a lone node",
			text:  "G = nx.DiGraph()\nG.add_edge(0, 1, capacity=4)\nG.add_edge(1, 2, capacity=2)\nG.add_node(7)",
			nodes: []string{"0", "1", "2", "7"}, edges: []string{"0-1:4", "1-2:2"}, dir: DirDirected, meaning: MeaningCapacity,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a generator",
			text:  "G = nx.path_graph(4)\nWhat is the diameter of G?",
			nodes: []string{"0", "1", "2", "3"}, edges: []string{"0-1", "1-2", "2-3"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a generator then more edges",
			text:  "G = nx.star_graph(2)\nG.add_edge(1, 2)",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "0-2", "1-2"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "some edges without a weight are uncertain",
			text:  "G = nx.Graph()\nG.add_edge(1, 2, weight=3)\nG.add_edge(2, 3)",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2:3", "2-3"}, dir: DirUndirected, meaning: MeaningWeight, maxConf: 0.6,
		},
		{
			name:  "a removal not read is uncertain",
			text:  "G = nx.Graph()\nG.add_edge(1, 2)\nG.add_edge(2, 3)\nG.remove_edge(1, 2)",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "2-3"}, dir: DirUndirected, maxConf: 0.6,
		},
		{
			name:  "an unknown generator is uncertain",
			text:  "G = nx.petersen_graph()\nG.add_edge(1, 2)",
			nodes: []string{"1", "2"}, edges: []string{"1-2"}, maxConf: 0.6,
		},
		{name: "prose about NetworkX", text: "I use nx to add edges in my code. What is a graph?"},
		{name: "a constructor alone", text: "G = nx.Graph()\nIs it empty?"},
	}
	checkReaderCases(t, NetworkXCode{}, cases)
}

func TestNetworkXCodeErrors(t *testing.T) {
	checkSyntaxErrors(t, NetworkXCode{}, []syntaxErrorCase{
		{"one node", "G = nx.Graph()\nG.add_edge(1)", 2, 1, "two nodes"},
		{"a weight that is no number", "G.add_edge(1, 2, weight='x')", 1, 1, "not a number"},
		{"a node that is a variable", "G.add_edge(u, v)", 1, 1, "not names or numbers"},
	})
}

// TestNetworkXGenerators checks the generators against NetworkX itself,
// over sizes 0 to 7 (and pairs for the bipartite one).
func TestNetworkXGenerators(t *testing.T) {
	type genCase struct {
		Fn   string `json:"fn"`
		Args []int  `json:"args"`
	}
	type genAnswer struct {
		Nodes []string    `json:"nodes"`
		Edges [][2]string `json:"edges"`
	}
	var cases []genCase
	for _, fn := range []string{"path_graph", "cycle_graph", "complete_graph", "star_graph", "wheel_graph", "empty_graph"} {
		for n := range 8 {
			cases = append(cases, genCase{fn, []int{n}})
		}
	}
	for a := range 4 {
		for b := range 4 {
			cases = append(cases, genCase{"complete_bipartite_graph", []int{a, b}})
		}
	}
	want := pyoracle.Run[genCase, genAnswer](t, "testdata/oracle_nxgen.py", cases)
	for i, c := range cases {
		args := fmt.Sprint(c.Args[0])
		if len(c.Args) == 2 {
			args += fmt.Sprintf(", %d", c.Args[1])
		}
		text := fmt.Sprintf("G = nx.%s(%s)", c.Fn, args)
		d := NewDoc(text)
		p := nxParser{d: d, seen: map[string]bool{}, vars: map[string]bool{}}
		if err := p.line(0, len(text)); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		nodes := slices.Clone(p.nodes)
		slices.Sort(nodes)
		seen := map[[2]string]bool{}
		var edges [][2]string
		for _, e := range p.edges {
			k := [2]string{e.U, e.V}
			if k[1] < k[0] {
				k[0], k[1] = k[1], k[0]
			}
			if !seen[k] {
				seen[k] = true
				edges = append(edges, k)
			}
		}
		slices.SortFunc(edges, func(a, b [2]string) int {
			if a[0] != b[0] {
				return cmpString(a[0], b[0])
			}
			return cmpString(a[1], b[1])
		})
		if !slices.Equal(nodes, want[i].Nodes) && !(len(nodes) == 0 && len(want[i].Nodes) == 0) {
			t.Errorf("%s: nodes %v, NetworkX %v", text, nodes, want[i].Nodes)
		}
		if !slices.Equal(edges, want[i].Edges) && !(len(edges) == 0 && len(want[i].Edges) == 0) {
			t.Errorf("%s: edges %v, NetworkX %v", text, edges, want[i].Edges)
		}
	}
}

// syntaxPositioned is positionedSyntaxError(true) for the syntax errors;
// a graph past the limits (graph.ErrTooLarge) has no position to name.
func syntaxPositioned(t *testing.T, err error) {
	t.Helper()
	if errors.Is(err, graph.ErrTooLarge) {
		return
	}
	positionedSyntaxError(true)(t, err)
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func FuzzNetworkXCode(f *testing.F) {
	fuzzReaderErrors(f, NetworkXCode{}, syntaxPositioned,
		"import networkx as nx\nG = nx.DiGraph()\nG.add_edge('a', 'b', weight=3)\nG.add_node('z')",
		"G = nx.complete_graph(4)\nH = nx.cycle_graph(3)",
		"G = nx.complete_bipartite_graph(2, 3)\nG.remove_node(1)",
		"G.add_edge((1, 2), [3], weight=1e309)",
		"G = nx.path_graph(99999999999)",
	)
}

// TestNetworkXAddNodesFromIterables: add_nodes_from over a string adds its
// characters and over range(n) the integers below n, as Python iterates
// them (the isolated nodes were missing, and the number of components was
// answered 3 where NetworkX prints 4).
func TestNetworkXAddNodesFromIterables(t *testing.T) {
	for _, tc := range []struct {
		q     string
		nodes int
	}{
		{"```python\nimport networkx as nx\nG = nx.Graph()\nG.add_nodes_from(\"abcdefghij\")\nG.add_edges_from([(\"a\", \"b\"), (\"b\", \"c\"), (\"d\", \"e\")])\n```\nHow many connected components?", 10},
		{"```python\nimport networkx as nx\nG = nx.Graph()\nG.add_nodes_from(range(6))\nG.add_edges_from([(0, 1), (2, 3)])\n```\nHow many connected components?", 6},
	} {
		ex, err := Read(context.Background(), tc.q, Options{})
		if err != nil || ex.Graph == nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if ex.Graph.N() != tc.nodes {
			t.Errorf("%q: %d nodes, want %d", tc.q, ex.Graph.N(), tc.nodes)
		}
	}
}
