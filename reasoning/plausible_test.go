package reasoning

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

func edgesText(directed bool, pairs ...string) GraphText {
	gt := GraphText{Directed: directed}
	for _, p := range pairs {
		f := strings.Fields(p)
		gt.Edges = append(gt.Edges, EdgeText{U: f[0], V: f[1]})
	}
	return gt
}

// TestCompareGraphWithReading: what differs from the question is named;
// what the question writes passes.
func TestCompareGraphWithReading(t *testing.T) {

	for _, c := range []struct {
		q    string
		gt   GraphText
		want string // a fragment of the error; "" for none
	}{
		{"⟨0|1⟩ ⟨1|2⟩ ⟨2|0⟩. Is there a cycle?", edgesText(false, "0 1", "1 2"), "writes pair 2|0"},
		{"⟨0|1⟩ ⟨1|2⟩ ⟨2|0⟩. Is there a cycle?", edgesText(false, "0 1", "1 2", "0 2"), ""},
		{"Links: 0~1, 1~2, 2~3. What is the shortest path length from 0 to 3?", edgesText(false, "0 1", "1 2", "2 3", "0 3"), "does not write edge 0-3"},
		{"Edges: 0-1, 1-2, 2~3, 3~0. Is there a cycle?", edgesText(false, "0 1", "2 3", "3 0"), "lacks edge 1-2"},
		{"Edges: 0-1, 1-2, 2~3, 3~0. Is there a cycle?", edgesText(false, "0 1", "1 2", "2 3", "3 0"), ""},
		{"The edges are 0-1, 1-2, 2-3 and 3 to 0 too. Is there a cycle?", edgesText(false, "0 1", "1 2", "2 3"), "leaves"},
		{"The edges are 0-1, 1-2, 2-3 and 3 to 0 too. Is there a cycle?", edgesText(false, "0 1", "1 2", "2 3", "3 0"), ""},
		{"In this directed graph: 0 ~> 1, 1 ~> 2. Can 2 reach 0?", edgesText(true, "0 1", "2 1"), "reverses edge 1->2"},
		{"⟨0|1⟩ ⟨1|2⟩. Is there a cycle?", edgesText(false, "0 1", "1 2", "2 2"), "does not write edge 2-2"},
		{"Node 0 touches node 1; node 2 touches node 3. Are 1 and 2 connected?", edgesText(false, "0 1", "2 3", "1 2"), "does not write edge 1-2"},
		{"Node 0 touches node 1; node 2 touches node 3. Are 1 and 2 connected?", edgesText(false, "0 1", "2 3"), ""},
		{"Ann knows Bo, who knows Cy, and Cy knows Di. Who does Bo know?", edgesText(false, "Ann Bo", "Bo Cy", "Cy Di"), ""},
		{"The edge-list format (node-link) is: ⟨a|b⟩ ⟨b|c⟩. Is it a tree?", edgesText(false, "a b", "b c"), ""},
	} {
		ex, err := ExtractGraph(context.Background(), c.q, ExtractOptions{})
		if err != nil {
			t.Fatal(err)
		}
		err = CompareGraphWithReading(c.gt, c.q, ex)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q %v: %v", c.q, c.gt.Edges, err)
		case c.want != "" && (err == nil || !errors.Is(err, ErrGraphMismatch) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q %v: %v, want an ErrGraphMismatch naming %q", c.q, c.gt.Edges, err, c.want)
		}
	}
}

// TestCheckParamsAgainstQuestion: nodes the question does not name, roles
// swapped and numbers read otherwise are named; what the question says
// passes.
func TestCheckParamsAgainstQuestion(t *testing.T) {
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"0", "1"}, {"1", "2"}, {"2", "3"}, {"3", "4"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Build()
	pair := tools.Spec{Name: "shortest_path", Params: []tools.Param{{Name: "source", Type: "string", Required: true, Node: true}, {Name: "target", Type: "string", Required: true, Node: true}}}
	single := tools.Spec{Name: "bfs_order", Params: []tools.Param{{Name: "source", Type: "string", Required: true, Node: true}}}
	core := tools.Spec{Name: "k_core", Params: []tools.Param{{Name: "k", Type: "integer"}}}
	for _, c := range []struct {
		spec tools.Spec
		q    string
		args string
		want string
	}{
		{pair, "What is the shortest path from 0 to 3?", `{"source": "1", "target": "2"}`, "not a node the question names"},
		{pair, "What is the shortest path from 0 to 3?", `{"source": "3", "target": "0"}`, "goes from 0 to 3"},
		{pair, "What is the shortest path from 0 to 3?", `{"source": "0", "target": "3"}`, ""},
		{pair, "Is 3 reachable from 0?", `{"source": "0", "target": "3"}`, ""},
		{pair, "In the graph (0,1) (1,2) (2,3), what is the shortest path from 0 to 3?", `{"source": "1", "target": "2"}`, "it names 0, 3"},
		{pair, "What is the shortest path from the first node to node 4?", `{"source": "0", "target": "4"}`, ""},
		{single, "In what order does a breadth-first search from 2 visit the nodes?", `{"source": "0"}`, "it names 2"},
		{single, "In what order does a breadth-first search from 2 visit the nodes?", `{"source": "2"}`, ""},
		{core, "Which nodes are in the 3-core?", `{"k": 2}`, "k is 3"},
		{core, "Which nodes are in the 3-core?", `{"k": 3}`, ""},
		{core, "Which nodes are in the main core?", `{"k": 2}`, ""},
	} {
		err := CheckParamsAgainstQuestion(c.spec, json.RawMessage(c.args), c.q, g)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q %s: %v", c.q, c.args, err)
		case c.want != "" && (err == nil || !errors.Is(err, ErrBadParams) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q %s: %v, want an ErrBadParams naming %q", c.q, c.args, err, c.want)
		}
	}
}

// FuzzCompareGraphWithReading: any question and any graph answer are
// compared without a panic.
func FuzzCompareGraphWithReading(f *testing.F) {
	f.Add("⟨0|1⟩ ⟨1|2⟩ ⟨2|0⟩. Is there a cycle?", `{"edges": [[0,1],[1,2]]}`)
	f.Add("Edges: 0-1, 1-2, 2~3, 3~0. Is there a cycle?", `{"directed": true, "edges": [[0,1,2],[3,3]], "nodes": ["x"]}`)
	f.Add("A->B 3 (x,y) ⟨ | ⟩ ~> <- . ? ;", `{"edges": [["A","B",3],["y","x"]]}`)
	f.Fuzz(func(t *testing.T, q, answer string) {
		if len(q) > 4096 {
			return
		}
		gt, err := ParseGraphAnswer(answer, q)
		if err != nil {
			var raw struct {
				Edges [][2]string `json:"edges"`
			}
			if json.Unmarshal([]byte(answer), &raw) != nil {
				return
			}
			for _, e := range raw.Edges {
				gt.Edges = append(gt.Edges, EdgeText{U: e[0], V: e[1]})
			}
		}
		ex, err := ExtractGraph(context.Background(), q, ExtractOptions{MaxNodes: 1000, MaxEdges: 1000})
		if err != nil {
			return
		}
		if err := CompareGraphWithReading(gt, q, ex); err != nil && !errors.Is(err, ErrGraphMismatch) {
			t.Fatalf("%v does not wrap ErrGraphMismatch", err)
		}
		spec := tools.Spec{Name: "shortest_path", Params: []tools.Param{{Name: "source", Type: "string", Required: true, Node: true}, {Name: "target", Type: "string", Required: true, Node: true}, {Name: "k", Type: "integer"}}}
		if err := CheckParamsAgainstQuestion(spec, json.RawMessage(answer), q, ex.Graph); err != nil && !errors.Is(err, ErrBadParams) {
			t.Fatalf("%v does not wrap ErrBadParams", err)
		}
	})
}
