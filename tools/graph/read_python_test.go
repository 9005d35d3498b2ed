package graph

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
)

func TestParsePythonEdges(t *testing.T) {
	tests := []struct {
		name, in string
		nodes    []string
		edges    []string
		weighted bool
	}{
		{"pairs", "[(0, 1), (1, 2)]", []string{"0", "1", "2"}, []string{"0 1 1", "1 2 1"}, false},
		{"weight dicts", "[(0, 1, {'weight': 4}), (0, 2, {'weight': 20})]", []string{"0", "1", "2"}, []string{"0 1 4", "0 2 20"}, true},
		{"third number", "[(0, 1, 5), (1, 2, -2.5)]", []string{"0", "1", "2"}, []string{"0 1 5", "1 2 -2.5"}, true},
		{"quoted names", `[('a', 'b'), ("c d", "e\"f")]`, []string{"a", "b", "c d", `e"f`}, []string{"a b 1", `c d e"f 1`}, false},
		{"escapes", `[('\x41', '\u00e9'), ('\\', '\n')]`, []string{"A", "é", `\`, "\n"}, []string{"\n \\ 1", "A é 1"}, false},
		{"lists, trailing commas, newlines", "[\n [0, 1,],\n (1, 2, 3,),\n]", []string{"0", "1", "2"}, []string{"0 1 1", "1 2 3"}, true},
		{"empty", "  []  ", nil, nil, false},
		{"duplicate keeps first position, last weight", "[(0, 1, 3), (1, 0, 5), (0, 1)]", []string{"0", "1"}, []string{"0 1 5"}, true},
		{"plus sign and underscores", "[(+1, 1_000)]", []string{"1", "1000"}, []string{"1 1000 1"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParsePythonEdges(tc.in, ReadOptions{Name: "q"})
			if err != nil {
				t.Fatal(err)
			}
			if len(g.IDs())+len(tc.nodes) > 0 && !slices.Equal(g.IDs(), tc.nodes) {
				t.Fatalf("nodes %q, want %q", g.IDs(), tc.nodes)
			}
			got := slices.Sorted(maps.Keys(edgeStrings(g)))
			if len(got)+len(tc.edges) > 0 && !slices.Equal(got, tc.edges) {
				t.Fatalf("edges %q, want %q", got, tc.edges)
			}
			if g.Weighted() != tc.weighted || g.Name() != "q" {
				t.Fatalf("weighted=%v name=%q", g.Weighted(), g.Name())
			}
		})
	}
}

func TestParsePythonEdgesAttrs(t *testing.T) {
	g, err := ParsePythonEdges(`[(0, 1, {'capacity': 7, 'color': 'red', 'ok': True, 'x': None, 'tags': [1, (2, 'a')], 'm': {'k': 1.5}}), (1, 2, {'weight': 2, 'capacity': 3.5})]`, ReadOptions{Directed: true})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Directed() || g.Weighted() != true || !g.HasCapacities() {
		t.Fatalf("directed=%v weighted=%v capacities=%v", g.Directed(), g.Weighted(), g.HasCapacities())
	}
	if g.Capacity(0) != 7 || g.Weight(0) != 1 || g.Capacity(1) != 3.5 || g.Weight(1) != 2 {
		t.Fatalf("capacity/weight: %v %v %v %v", g.Capacity(0), g.Weight(0), g.Capacity(1), g.Weight(1))
	}
	a := g.EdgeAttrs(0)
	if a["color"] != "red" || a["ok"] != true || a["x"] != nil || len(a) != 5 {
		t.Fatalf("attrs %v", a)
	}
	tags, _ := a["tags"].([]any)
	if len(tags) != 2 || tags[0] != int64(1) || a["m"].(map[string]any)["k"] != 1.5 {
		t.Fatalf("nested attrs %#v", a)
	}
	if _, has := a["capacity"]; has {
		t.Fatal("capacity kept as a plain attribute too")
	}
	if math.IsInf(g.Capacity(0), 0) {
		t.Fatal("capacity not set")
	}
}

// TestParsePythonEdgesErrors checks each kind of malformed input gives a
// *SyntaxError with the position and the reason.
func TestParsePythonEdgesErrors(t *testing.T) {
	deep := "[(0, 1, {'a': " + strings.Repeat("[", 100000) + "})]"
	tests := []struct {
		name, in  string
		line, col int
		msg       string
	}{
		{"not a list", "(0, 1)", 1, 1, "expected '[' to start the edge list"},
		{"unclosed list", "[(0, 1)", 1, 8, "expected ',' or ']'"},
		{"unclosed list after comma", "[(0, 1),", 1, 9, "edge list not closed"},
		{"not a tuple", "[0, 1]", 1, 2, "expected an edge tuple"},
		{"one node", "[(0)]", 1, 4, "expected ',' between the two nodes"},
		{"bad node", "[(0, x)]", 1, 6, "expected a node"},
		{"bool node", "[(True, 1)]", 1, 3, "expected a node"},
		{"bad number", "[(0, 1.2.3)]", 1, 6, `node "1.2.3" is not a number`},
		{"bad weight", "[(0, 1, 1e)]", 1, 9, `edge weight "1e" is not a number`},
		{"string third element", "[(0, 1, 'w')]", 1, 9, "third element of an edge"},
		{"four elements", "[(0, 1, 2, 3)]", 1, 12, "more than three elements"},
		{"string weight attr", "[(0, 1, {'weight': '4'})]", 1, 20, `edge attribute "weight" must be a number, found "4"`},
		{"None capacity attr", "[(0, 1, {'capacity': None})]", 1, 22, `edge attribute "capacity" must be a number, found None`},
		{"missing colon", "[(0, 1, {'weight' 4})]", 1, 19, "expected ':' after a dict key"},
		{"bad dict key", "[(0, 1, {[1]: 4})]", 1, 10, "dict key must be a string or a number"},
		{"unclosed string", "[('a, 1)]", 1, 3, "string not closed"},
		{"newline in string", "[('a\n', 1)]", 1, 3, "string not closed before the end of the line"},
		{"bad escape", `[('\xZZ', 1)]`, 1, 4, `bad \x escape`},
		{"trailing text", "[(0, 1)] and more", 1, 10, "unexpected 'a' after the edge list"},
		{"second line", "[(0, 1),\n (1, )]", 2, 6, "expected a node"},
		{"too deep", deep, 1, 78, "nested deeper than 64"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePythonEdges(tc.in, ReadOptions{Name: "question"})
			wantSyntaxError(t, err, "question", tc.line, tc.col, tc.msg)
		})
	}
	if _, err := ParsePythonEdges("[(0, 1), (1, 2)]", ReadOptions{Limits: Limits{MaxEdges: 1}}); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), ":1:10:") {
		t.Fatalf("limit: %v", err)
	}
}

func TestFindPythonEdgeList(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when none
	}{
		{"Given a directed graph, the edges are: [(0, 1), (1, 2)]. Is there a cycle?", "[(0, 1), (1, 2)]"},
		{"The answer is [TBR]. Edges: [(0, 1, {'weight': 3})] done", "[(0, 1, {'weight': 3})]"},
		{"A list [1, 2, 3] and then [('a', 'b')]", "[('a', 'b')]"},
		{"nested [[0, 1], [1, 2]] lists", "[[0, 1], [1, 2]]"},
		{"empty [] list only", ""},
		{"no list at all", ""},
		{"broken [(0, 1), (1", ""},
		{"[[[[[[[(", ""},
	}
	for _, tc := range tests {
		s, e, ok := FindPythonEdgeList(tc.in)
		if ok != (tc.want != "") || ok && tc.in[s:e] != tc.want {
			t.Fatalf("%q: got %v %q, want %q", tc.in, ok, tc.in[s:min(e, len(tc.in))], tc.want)
		}
		if ok {
			if _, err := ParsePythonEdges(tc.in[s:e], ReadOptions{}); err != nil {
				t.Fatalf("%q: found list does not parse: %v", tc.in, err)
			}
		}
	}
}

// TestPythonEdgesGTools finds and parses the edge list of every GTools WL
// question and compares the graph with NetworkX built from
// ast.literal_eval of the same list.
func TestPythonEdgesGTools(t *testing.T) {
	items := gtoolsItems(t, gtoolsdata.ModeWL)
	if len(items) < 100 {
		t.Fatalf("%d WL items", len(items))
	}
	var lists []map[string]any
	for i, it := range items {
		s, e, ok := FindPythonEdgeList(it.Prompt)
		if !ok {
			t.Fatalf("item %d: no edge list found in %.200q", i, it.Prompt)
		}
		lists = append(lists, map[string]any{"text": it.Prompt[s:e], "directed": it.Directed})
	}
	in, _ := json.Marshal(lists)
	script := pySummary + `
import sys, ast, networkx as nx
out = []
for c in json.load(sys.stdin):
    G = nx.DiGraph() if c["directed"] else nx.Graph()
    G.add_edges_from(ast.literal_eval(c["text"]))
    out.append(summarize(G))
print(json.dumps(out))
`
	var want []graphSummary
	if err := json.Unmarshal(runPython(t, script, in), &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(lists) {
		t.Fatalf("NetworkX summarized %d graphs, want %d", len(want), len(lists))
	}
	for i, c := range lists {
		g, err := ParsePythonEdges(c["text"].(string), ReadOptions{Directed: c["directed"].(bool)})
		if err != nil {
			t.Fatalf("item %d: %v", i, err)
		}
		sameSummary(t, fmt.Sprintf("item %d", i), summarize(g), want[i])
	}
}
