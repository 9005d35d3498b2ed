package eval

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

func mustGraph(t *testing.T, text string, directed bool) *graph.Graph {
	t.Helper()
	g, err := graph.ParsePythonEdges(text, graph.ReadOptions{Directed: directed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCheckers(t *testing.T) {
	// A DAG with two valid orders: 0 then {1, 2} in any order, then 3.
	dag := mustGraph(t, "[(0, 1), (0, 2), (1, 3), (2, 3)]", true)
	// Two shortest paths of length 4 from 0 to 3 (0-1-3 and 0-2-3), and a
	// longer direct edge.
	wg := mustGraph(t, "[(0, 1, {'weight': 1}), (1, 3, {'weight': 3}), (0, 2, {'weight': 2}), (2, 3, {'weight': 2}), (0, 3, {'weight': 9})]", false)
	// A path a-b-c-d: maximum matchings {a-b, c-d}; {b-c} is maximal but
	// not maximum.
	path4 := mustGraph(t, "[('a', 'b'), ('b', 'c'), ('c', 'd')]", false)
	type tc struct {
		name  string
		it    Item
		pred  any
		g     *graph.Graph
		right bool
	}
	item := func(typ AnswerType, answer string) Item {
		return Item{ID: "x", Task: "t", Answer: json.RawMessage(answer), AnswerType: typ}
	}
	pathItem := item(OptimalPath, "4")
	pathItem.Params = map[string]any{"source": "0", "target": "3"}
	cases := []tc{
		{"yes bool", item(YesNo, "true"), true, nil, true},
		{"yes text", item(YesNo, "true"), "Yes, there is a cycle.", nil, true},
		{"no vs yes", item(YesNo, "false"), "yes", nil, false},
		{"nothing is not no", item(YesNo, "false"), "nothing found", nil, false},
		{"yes/no object", item(YesNo, "false"), map[string]any{"exists": false}, nil, true},
		{"integer", item(Integer, "7"), 7, nil, true},
		{"integer off by one", item(Integer, "7"), 8, nil, false},
		{"integer not 7.5", item(Integer, "7"), 7.5, nil, false},
		{"integer from sentence", item(Integer, "12"), "The node has degree 12.", nil, true},
		{"integer from object", item(Integer, "171"), map[string]any{"sum": 171, "triangle": []string{"6", "7", "8"}}, nil, true},
		{"float within tolerance", item(Float, "0.3333333"), 1.0 / 3, nil, true},
		{"float outside", item(Float, "0.33"), 1.0 / 3, nil, false},
		{"flow value", item(FlowValue, "290"), map[string]any{"value": 290.0, "flows": []any{}}, nil, true},
		{"flow wrong", item(FlowValue, "290"), map[string]any{"value": 289.0}, nil, false},
		{"exact list", item(ExactList, `[1, 2, 3]`), []string{"1", "2", "3"}, nil, true},
		{"exact list order", item(ExactList, `[1, 2, 3]`), []int{1, 3, 2}, nil, false},
		{"topo gold order", item(TopoOrder, `[0, 1, 2, 3]`), []string{"0", "1", "2", "3"}, dag, true},
		{"topo other valid order", item(TopoOrder, `[0, 1, 2, 3]`), []string{"0", "2", "1", "3"}, dag, true},
		{"topo backward edge", item(TopoOrder, `[0, 1, 2, 3]`), []string{"1", "0", "2", "3"}, dag, false},
		{"topo missing node", item(TopoOrder, `[0, 1, 2, 3]`), []string{"0", "1", "3"}, dag, false},
		{"topo repeated node", item(TopoOrder, `[0, 1, 2, 3]`), []string{"0", "1", "1", "3"}, dag, false},
		{"topo without graph: exact", item(TopoOrder, `[0, 1, 2, 3]`), []string{"0", "2", "1", "3"}, nil, false},
		{"path length only", pathItem, 4, wg, true},
		{"path one optimal", pathItem, map[string]any{"length": 4, "path": []string{"0", "1", "3"}}, wg, true},
		{"path other optimal", pathItem, map[string]any{"length": 4, "path": []string{"0", "2", "3"}}, wg, true},
		{"path not optimal", pathItem, map[string]any{"length": 9, "path": []string{"0", "3"}}, wg, false},
		{"path lies about its length", pathItem, map[string]any{"length": 4, "path": []string{"0", "3"}}, wg, false},
		{"path wrong end", pathItem, map[string]any{"length": 4, "path": []string{"0", "1"}}, wg, false},
		{"path not an edge", pathItem, map[string]any{"length": 4, "path": []string{"1", "2", "3"}}, wg, false},
		{"matching gold", item(MaxMatching, `[["a", "b"], ["c", "d"]]`), [][]string{{"a", "b"}, {"d", "c"}}, path4, true},
		{"matching by size", item(MaxMatching, `2`), map[string]any{"size": 2, "pairs": [][]string{{"b", "a"}, {"c", "d"}}}, path4, true},
		{"matching maximal only", item(MaxMatching, `2`), [][]string{{"b", "c"}}, path4, false},
		{"matching reuses a node", item(MaxMatching, `2`), [][]string{{"a", "b"}, {"b", "c"}}, path4, false},
		{"matching non-edge", item(MaxMatching, `2`), [][]string{{"a", "c"}, {"b", "d"}}, path4, false},
		{"no answer", item(Integer, "1"), nil, nil, false},
	}
	for _, c := range cases {
		v := Check(&c.it, c.pred, c.g)
		if v.Correct != c.right {
			t.Errorf("%s: correct=%v (%s), want %v", c.name, v.Correct, v.Reason, c.right)
		}
		if !v.Correct && v.Reason == "" {
			t.Errorf("%s: wrong without a reason", c.name)
		}
	}
}

func TestItemTypeAndValidate(t *testing.T) {
	for ans, want := range map[string]AnswerType{`true`: YesNo, `"no"`: YesNo, `3`: Integer, `2.5`: Float, `[1,2]`: ExactList} {
		it := Item{Answer: json.RawMessage(ans)}
		if got := it.Type(); got != want {
			t.Errorf("answer %s: type %s, want %s", ans, got, want)
		}
	}
	if (&Item{Tool: "shortest_path", Answer: json.RawMessage(`3`)}).Type() != OptimalPath {
		t.Error("shortest_path items should use the optimal-path checker")
	}
	bad := []Item{
		{Question: "q", Task: "t", Answer: json.RawMessage(`1`)},
		{ID: "a", Task: "t", Answer: json.RawMessage(`1`)},
		{ID: "a", Question: "q", Answer: json.RawMessage(`1`)},
		{ID: "a", Question: "q", Task: "t"},
		{ID: "a", Question: "q", Task: "t", Answer: json.RawMessage(`1`), AnswerType: "fuzzy"},
	}
	for i, it := range bad {
		if it.Validate() == nil {
			t.Errorf("bad item %d validated", i)
		}
	}
}

func TestReadJSONLSuite(t *testing.T) {
	dir := t.TempDir()
	good := `{"id": "a", "question": "Is there a cycle in [(0, 1), (1, 2), (2, 0)]?", "task": "cycle", "answer": true}
# comments and blank lines are skipped

{"id": "b", "question": "How far is 0 from 2 in g.edgelist?", "task": "sp", "answer": 2, "graph_file": "g.edgelist", "params": {"source": 0, "target": 2}, "tool": "shortest_path"}
`
	p := filepath.Join(dir, "items.jsonl")
	if err := os.WriteFile(p, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "g.edgelist"), []byte("0 1\n1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := OpenSuite(context.Background(), SuiteConfig{Name: SuiteJSONL, Path: p})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 2 || s.Items[1].Type() != OptimalPath || s.Dir != dir {
		t.Fatalf("suite %+v", s)
	}
	g, err := s.Graph(context.Background(), &s.Items[1])
	if err != nil || g.N() != 3 {
		t.Fatalf("graph file: %v", err)
	}
	g, err = s.Graph(context.Background(), &s.Items[0])
	if err != nil || g.M() != 3 {
		t.Fatalf("graph in question: %v", err)
	}
	for name, text := range map[string]string{
		"broken JSON":   good + "{\"id\": \n",
		"missing task":  `{"id": "a", "question": "q", "answer": 1}` + "\n",
		"unknown field": `{"id": "a", "question": "q", "task": "t", "answer": 1, "anwser": 2}` + "\n",
		"duplicate id":  good + `{"id": "a", "question": "q", "task": "t", "answer": 1}` + "\n",
		"empty":         "\n",
	} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadJSONL(p)
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if name != "empty" && !strings.Contains(err.Error(), "items.jsonl:") {
			t.Errorf("%s: error %q does not name the line", name, err)
		}
	}
	if _, err := OpenSuite(context.Background(), SuiteConfig{Name: "nope"}); err == nil {
		t.Error("unknown suite accepted")
	}
}

// TestScoreGoldGraphMissing: a gold graph that cannot be loaded is reported
// and leaves the graph accuracy out, instead of failing the item.
func TestScoreGoldGraphMissing(t *testing.T) {
	it := Item{ID: "t", Task: "Topo", Answer: json.RawMessage(`["0", "1"]`), AnswerType: TopoOrder, GraphFile: "gone.edgelist"}
	r := Score(context.Background(), &it, Outcome{Value: []string{"0", "1"}}, nil, func() (*graph.Graph, error) {
		return nil, os.ErrNotExist
	})
	if !r.Correct || r.GoldError == "" || r.GraphOK != nil {
		t.Fatalf("record %+v", r)
	}
}
