package reasoning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

func builtinSpec(t *testing.T, name string) tools.Spec {
	t.Helper()
	tl, err := tools.Catalogue().Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return tl.Spec()
}

// builtinGraph is a small graph with numeric and letter node IDs.
func builtinGraph(t testing.TB, weighted bool) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(false)
	for i, e := range [][2]string{{"0", "1"}, {"1", "2"}, {"2", "3"}, {"3", "4"}, {"4", "5"}, {"5", "6"}, {"6", "7"}, {"7", "9"}, {"9", "17"}, {"A", "B"}, {"B", "0"}} {
		var err error
		if weighted {
			_, err = b.AddWeightedEdge(e[0], e[1], float64(i+1))
		} else {
			_, err = b.AddEdge(e[0], e[1])
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return b.Build()
}

// TestBuiltinParams checks the slot patterns on phrasings written by hand;
// the expected arguments are what the phrase says.
func TestBuiltinParams(t *testing.T) {
	p := NewBuiltinPlanner(BuiltinConfig{})
	g := builtinGraph(t, false)
	gw := builtinGraph(t, true)
	for _, c := range []struct {
		tool, q, want string
		g             *graph.Graph
	}{
		{"shortest_path", "What is the shortest path from node 4 to node 2?", `{"source":"4","target":"2"}`, g},
		{"shortest_path", "Shortest route from A to 9, please.", `{"source":"A","target":"9"}`, g},
		{"path_exists", "Is there a path between 3 and 7?", `{"source":"3","target":"7"}`, g},
		{"maximum_flow", "Max flow with source 1, sink 9.", `{"sink":"9","source":"1"}`, g},
		{"maximum_flow", "The nodes in question are: source_node=4 , sink_node=2.", `{"sink":"2","source":"4"}`, g},
		{"degree", "The node in question is node=3.", `{"node":"3"}`, g},
		{"path_exists", "The nodes in question are: path_source=17 , path_target=7.", `{"source":"17","target":"7"}`, g},
		{"edge_exists", "The nodes in question are: edge_source=9 , edge_target=5.", `{"source":"9","target":"5"}`, g},
		{"edge_exists", "Is (6, 7) an edge?", `{"source":"6","target":"7"}`, g},
		{"k_core", "What is the k-core for k = 3?", `{"k":3}`, g},
		{"k_core", "Which biggest group has everyone in it playing at least 3 others in the group?", `{"k":3}`, g},
		{"k_core", "Give me the 2-core.", `{"k":2}`, g},
		{"neighbors", "List the neighbours of node 5.", `{"node":"5"}`, g},
		{"neighbors", "Who are the neighbors of B?", `{"node":"B"}`, g},
		{"path_exists", "Is node 7 reachable from node 2?", `{"source":"2","target":"7"}`, g},
		{"common_neighbors", "Which nodes are common neighbours of 1 and 3?", `{"u":"1","v":"3"}`, g},
		{"bfs_order", "Run a breadth-first search starting at node 6.", `{"source":"6"}`, g},
		{"pagerank", "PageRank of node 2 with alpha 0.9", `{"alpha":0.9,"node":"2"}`, g},
		{"pagerank", "PageRank of every node.", `{}`, g},
		{"gnn_sum_aggregation", "Run 3 rounds of sum aggregation.", `{"rounds":3}`, g},
		{"triangle_count", "How many triangles does each node belong to?", `{"per_node":true}`, g},
		{"shortest_path_length", "Length of the shortest path from 0 to 3?", `{"source":"0","target":"3","weighted":true}`, gw},
		{"shortest_path_length", "How many hops from 0 to 3?", `{"source":"0","target":"3"}`, gw},
		{"shortest_path_length", "How many hops from 0 to 3?", `{"source":"0","target":"3"}`, g},
		{"node_count", "How many nodes are there?", `{}`, g},
		{"shortest_path_length", "How far apart are Lille and Nice?", `{"source":"Lille","target":"Nice","weighted":true}`, nil},
		{"edge_exists", "Are nodes 4 and 1 directly connected?", `{"source":"4","target":"1"}`, g},
		{"edge_exists", "Is D one of the neighbours of F?", `{"source":"D","target":"F"}`, nil},
		// Numbers of a declared node set are never parameters.
		{"shortest_path", "The nodes are numbered from 0 to 7. What is the shortest path between node 3 and node 5?", `{"source":"3","target":"5"}`, g},
		{"path_exists", "Nodes are labelled 0, 1, ..., 9. Is there a path from 2 to 6?", `{"source":"2","target":"6"}`, g},
		{"neighbors", "G describes a graph among nodes 0, 1, 2, 3, 4, 5, 6 and 7. List all the nodes connected to 4.", `{"node":"4"}`, g},
		{"shortest_path_length", "In a graph with 9 nodes numbered from 1 to 9, how many hops from 2 to 6?", `{"source":"2","target":"6"}`, g},
		// Possessives name the node; counts of rounds come as words too.
		{"neighbors", "Who are 3's neighbours?", `{"node":"3"}`, g},
		{"degree", "What is B’s degree?", `{"node":"B"}`, g},
		{"gnn_sum_aggregation", "What is each node's embedding after two layers of simple graph convolution?", `{"rounds":2}`, g},
		{"gnn_sum_aggregation", "Aggregate the neighbours' values twice.", `{"rounds":2}`, g},
		{"gnn_sum_aggregation", "What does each node hold after a single layer?", `{"rounds":1}`, g},
		{"gnn_sum_aggregation", "Run a 3-layer GNN.", `{"rounds":3}`, g},
		{"gnn_sum_aggregation", "After ten message-passing rounds, what are the vectors?", `{"rounds":10}`, g},
		{"gnn_sum_aggregation", "Using node degrees as initial features, what does each node hold after one round?", `{"init":"degree","rounds":1}`, g},
		// Without a graph (membership questions), IDs come from the text.
		{"node_exists", "Is node 42 in the graph?", `{"node":"42"}`, nil},
		{"edge_exists", "Is there an edge between A and F?", `{"source":"A","target":"F"}`, nil},
	} {
		t.Run(c.tool+"/"+c.q, func(t *testing.T) {
			args, err := p.ExtractParams(context.Background(), ParamRequest{Question: c.q, Tool: builtinSpec(t, c.tool), Graph: c.g})
			if err != nil {
				t.Fatal(err)
			}
			var got, want any
			_ = json.Unmarshal(args, &got)
			_ = json.Unmarshal([]byte(c.want), &want)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("args %s, want %s", args, c.want)
			}
		})
	}
}

// TestBuiltinParamsNodeVectors: embeddings stored on the nodes become the
// features of gnn_sum_aggregation; partial data is passed on as it is, so
// that the tool refuses it instead of starting from ones.
func TestBuiltinParamsNodeVectors(t *testing.T) {
	p := NewBuiltinPlanner(BuiltinConfig{})
	spec := builtinSpec(t, "gnn_sum_aggregation")
	build := func(vecs map[string]any) *graph.Graph {
		b := graph.NewBuilder(false)
		for _, e := range [][2]string{{"0", "1"}, {"1", "2"}} {
			if _, err := b.AddEdge(e[0], e[1]); err != nil {
				t.Fatal(err)
			}
		}
		for id, v := range vecs {
			if err := b.SetNodeAttr(id, "embedding", v); err != nil {
				t.Fatal(err)
			}
		}
		return b.Build()
	}
	full := build(map[string]any{"0": []float64{1, 0}, "1": []any{0.0, 1.0}, "2": []int{1, 1}})
	args, err := p.ExtractParams(context.Background(), ParamRequest{Question: "What's the embedding of each node after two layers?", Tool: spec, Graph: full})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"features":{"0":[1,0],"1":[0,1],"2":[1,1]},"rounds":2}`; string(args) != want {
		t.Errorf("args %s, want %s", args, want)
	}
	part := build(map[string]any{"0": []float64{1, 0}})
	args, err = p.ExtractParams(context.Background(), ParamRequest{Question: "After one round?", Tool: spec, Graph: part})
	if err != nil {
		t.Fatal(err)
	}
	tool, err := tools.Catalogue().Get(spec.Name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tool.Run(context.Background(), part, args); !errors.Is(err, tools.ErrBadArgs) {
		t.Errorf("partial node data %s: tool err %v, want ErrBadArgs", args, err)
	}
}

// TestBuiltinParamsAggregationRule: gnn_sum_aggregation sums the
// neighbours' vectors; a question whose rule is a mean, a maximum or
// includes the node itself is refused, not answered with a sum.
func TestBuiltinParamsAggregationRule(t *testing.T) {
	p := NewBuiltinPlanner(BuiltinConfig{})
	spec := builtinSpec(t, "gnn_sum_aggregation")
	g := builtinGraph(t, false)
	for q, ok := range map[string]bool{
		"Each node's embedding is updated by the sum of its neighbors' embeddings. What are the embeddings after 2 layers?":   true,
		"Each node's embedding is updated by the mean of its neighbors' embeddings. What are the embeddings after 2 layers?":  false,
		"Each layer averages the neighbours' vectors. What does each node hold after one round?":                              false,
		"Each node takes the maximum of its neighbours' values. What does each node hold after one round?":                    false,
		"Each node's new value is the sum of its neighbours' values plus its own. What does each node hold after two rounds?": false,
	} {
		_, err := p.ExtractParams(context.Background(), ParamRequest{Question: q, Tool: spec, Graph: g})
		if ok != (err == nil) || (err != nil && !errors.Is(err, ErrBadParams)) {
			t.Errorf("%q: err %v, want accepted %v", q, err, ok)
		}
	}
}

// TestBuiltinParamsErrors: a node that is not in the graph, a missing node
// and a failed check give errors wrapping ErrBadParams.
func TestBuiltinParamsErrors(t *testing.T) {
	p := NewBuiltinPlanner(BuiltinConfig{})
	g := builtinGraph(t, false)
	check := func(args json.RawMessage) error {
		if strings.Contains(string(args), `"sink":"1"`) {
			return errors.New("sink 1 is forbidden")
		}
		return nil
	}
	for _, c := range []struct {
		tool, q string
		check   func(json.RawMessage) error
	}{
		{"degree", "What is the degree of node 99?", nil},
		{"degree", "What is the degree?", nil},
		{"maximum_flow", "Max flow from 0 to 1.", check},
	} {
		_, err := p.ExtractParams(context.Background(), ParamRequest{Question: c.q, Tool: builtinSpec(t, c.tool), Graph: g, Check: c.check})
		if !errors.Is(err, ErrBadParams) {
			t.Errorf("%q: err %v, want ErrBadParams", c.q, err)
		}
	}
	// A node the question names but the graph lacks is reported as such,
	// not as "no parameters found"; a question naming no node is not.
	for _, c := range []struct {
		tool, q, node string
	}{
		{"degree", "What is the degree of node 99?", `"99"`},
		{"path_exists", "Is there a path from 0 to 77?", `"77"`},
		{"shortest_path", "Shortest path between node 42 and node 0", `"42"`},
	} {
		_, err := p.ExtractParams(context.Background(), ParamRequest{Question: c.q, Tool: builtinSpec(t, c.tool), Graph: g})
		if !errors.Is(err, ErrBadParams) || !errors.Is(err, tools.ErrNodeNotFound) || !strings.Contains(fmt.Sprint(err), c.node) {
			t.Errorf("%q: err %v, want ErrBadParams and ErrNodeNotFound naming %s", c.q, err, c.node)
		}
	}
	if _, err := p.ExtractParams(context.Background(), ParamRequest{Question: "What is the degree?", Tool: builtinSpec(t, "degree"), Graph: g}); errors.Is(err, tools.ErrNodeNotFound) {
		t.Errorf("no node named: err %v wraps ErrNodeNotFound", err)
	}
}

func TestBuiltinChooseTool(t *testing.T) {
	p := NewBuiltinPlanner(BuiltinConfig{})
	cand := func(name string, score float64) Candidate {
		return Candidate{Tool: builtinSpec(t, name), Score: score}
	}
	ctx := context.Background()
	// The intent cue and the pair of nodes outweigh a higher retrieval
	// score of a whole-graph tool.
	ch, err := p.ChooseTool(ctx, ToolRequest{Question: "Is there a route from node 1 to node 5?",
		Candidates: []Candidate{cand("density", 0.5), cand("path_exists", 0.3)}})
	if err != nil || ch.Tool != "path_exists" || !strings.HasPrefix(ch.Thought, "builtin:") {
		t.Errorf("choice %+v, %v", ch, err)
	}
	// Examples vote.
	ch, _ = p.ChooseTool(ctx, ToolRequest{Question: "Tell me about the graph.",
		Candidates: []Candidate{cand("density", 0.4), cand("diameter", 0.4)},
		Examples:   []Example{{Tool: "diameter", Score: 0.9}, {Tool: "diameter", Score: 0.8}, {Tool: "density", Score: 0.3}}})
	if ch.Tool != "diameter" {
		t.Errorf("vote: %+v", ch)
	}
	// A tool marked Cued needs an intent cue, however the examples vote:
	// a round trip is no community question.
	ch, _ = p.ChooseTool(ctx, ToolRequest{Question: "Leaving from ours and coming back at the end, what's the least driving?",
		Candidates: []Candidate{cand("louvain_communities", 0.3), cand("density", 0.1)},
		Examples:   []Example{{Tool: "louvain_communities", Score: 0.4}, {Tool: "louvain_communities", Score: 0.3}}})
	if ch.Tool != NoTool || !strings.Contains(ch.Thought, "no intent cue") {
		t.Errorf("uncued community tool: %+v", ch)
	}
	ch, _ = p.ChooseTool(ctx, ToolRequest{Question: "Which communities does the network split into?",
		Candidates: []Candidate{cand("louvain_communities", 0.3), cand("density", 0.1)}})
	if ch.Tool != "louvain_communities" {
		t.Errorf("cued community tool: %+v", ch)
	}
	// A directed-only tool is not chosen for an undirected graph.
	ch, _ = p.ChooseTool(ctx, ToolRequest{Question: "Give a topological order.",
		Candidates: []Candidate{cand("topological_sort", 0.9), cand("bfs_order", 0.1)}, Graph: &GraphSummary{Directed: false}})
	if ch.Tool == "topological_sort" {
		t.Errorf("undirected graph: %+v", ch)
	}
	// Nothing fits.
	ch, _ = p.ChooseTool(ctx, ToolRequest{Question: "Write a poem.", Candidates: []Candidate{cand("density", 0.1)}})
	if ch.Tool != NoTool {
		t.Errorf("poem: %+v", ch)
	}
	// A multi-word node of the graph ("person 2") is a node mention: the
	// tool that needs one node fits, a whole-graph tool that the examples
	// favour does not win on their vote.
	multi := ToolRequest{Question: "How many projects does person 2 have an edge to?",
		Candidates: []Candidate{cand("bridges", 0.4), cand("degree", 0.13)},
		Examples:   []Example{{Tool: "bridges", Score: 0.9}, {Tool: "bridges", Score: 0.8}}}
	if ch, _ = p.ChooseTool(ctx, multi); ch.Tool != "bridges" {
		t.Fatalf("without the graph's names the vote is expected to decide: %+v", ch)
	}
	multi.Graph = &GraphSummary{Sample: []string{"person 0", "person 2", "project 0", "project 2"}}
	if ch, _ = p.ChooseTool(ctx, multi); ch.Tool != "degree" {
		t.Errorf("multi-word node: %+v", ch)
	}
	// A notion no tool computes is not answered by a tool that one weak
	// cue names ("edges" near "how many").
	ch, _ = p.ChooseTool(ctx, ToolRequest{Question: "edges:\nHow many spanning trees does the graph have?",
		Candidates: []Candidate{cand("edge_count", 0.4), cand("minimum_spanning_tree", 0.5)}})
	if ch.Tool != NoTool {
		t.Errorf("spanning tree count: %+v", ch)
	}
	if _, err := p.ExtractGraph(ctx, GraphRequest{Question: "edges 0-1"}); !errors.Is(err, ErrNoLLM) {
		t.Errorf("ExtractGraph: %v, want ErrNoLLM", err)
	}
}

func TestCueTools(t *testing.T) {
	for q, want := range map[string]string{
		"Is the directed graph acyclic?":                                    "cycle_check",
		"How many vertices does it have?":                                   "node_count",
		"the edges are in a file, the path is x. Count the edges":           "edge_count",
		"Check if there is a path between two nodes":                        "path_exists",
		"What is the minimum distance from 1 to 2?":                         "shortest_path",
		"Find the number of edges connected to a particular node":           "degree",
		"Compute the maximum flow from 0 to 3":                              "maximum_flow",
		"In what order can I do the tasks?":                                 "topological_sort",
		"Give a visiting order.":                                            "topological_sort",
		"Can all the nodes be visited? Give the solution.":                  "topological_sort",
		"Is there a path that visits every node exactly once?":              "hamiltonian_path",
		"Is there a walk that crosses every bridge exactly once?":           "euler_path",
		"How many applicants can get a job?":                                "maximum_bipartite_matching",
		"Which workers can be assigned to tasks at the same time?":          "maximum_bipartite_matching",
		"Is the graph a DAG?":                                               "cycle_check",
		"Are 0 and 5 directly connected?":                                   "edge_exists",
		"How far apart are Lille and Nice?":                                 "shortest_path_length",
		"Aggregate the neighbours' values twice: what does each node hold?": "gnn_sum_aggregation",
	} {
		got := CueTools(q)
		if len(got) == 0 || !strings.Contains(strings.Join(got, " "), want) {
			t.Errorf("%q: cues %v, want %s among them", q, got, want)
		}
	}
	// Asking for the nodes one edge away is not asking for a path; asking
	// whether two nodes are connected is. The cues of the first tool must
	// outweigh the second's.
	for q, c := range map[string][2]string{
		"List all the nodes connected to 0.":                                                       {"neighbors", "path_exists"},
		"Which vertices is B linked to?":                                                           {"neighbors", "path_exists"},
		"Who are Bob's friends?":                                                                   {"neighbors", "common_neighbors"},
		"How many friends does Bob have?":                                                          {"degree", "common_neighbors"},
		"Which nodes are adjacent to both 3 and 4?":                                                {"common_neighbors", "neighbors"},
		"Name the nodes that 3 has no direct edge with.":                                           {"non_neighbors", "edge_exists"},
		"List all nodes that do not share an edge with node 2.":                                    {"non_neighbors", "edge_exists"},
		"Can you go directly from 2 to 1?":                                                         {"edge_exists", "path_exists"},
		"Which nodes can 2 reach in one step?":                                                     {"neighbors", "path_exists"},
		"Is every node reachable from every other node?":                                           {"is_connected", "path_exists"},
		"Which way should I drive from A to B to cover the fewest km?":                             {"shortest_path", "path_exists"},
		"Of all pairs of nodes, which pair is farthest apart?":                                     {"diameter", "shortest_path"},
		"Can you 2-colour this graph?":                                                             {"is_bipartite", "graph_coloring"},
		"Is 2 one of the graph's nodes?":                                                           {"node_exists", "neighbors"},
		"fewest edges between 0 and 3?":                                                            {"shortest_path", "edge_exists"},
		"What nodes aren't neighbours of 4?":                                                       {"non_neighbors", "neighbors"},
		"Which nodes are not directly linked to node 1?":                                           {"non_neighbors", "edge_exists"},
		"How many groups of nodes that are mutually reachable are there?":                          {"connected_components", "node_count"},
		"How many sets of three nodes are all connected to each other?":                            {"triangle_count", "connected_components"},
		"How many friendships are there?":                                                          {"edge_count", "node_count"},
		"How many jobs is applicant 4 interested in?":                                              {"degree", "maximum_bipartite_matching"},
		"How many hops does it take to get from 2 to 5?":                                           {"shortest_path", "degree"},
		"What is the largest number of person-project assignments with nobody doing two projects?": {"maximum_bipartite_matching", "bridges"},
		"How many projects can be staffed at once?":                                                {"maximum_bipartite_matching", "degree"},
		"is 0 linked to 3?":                                                                        {"edge_exists", "path_exists"},
		"Is there a chain of friends from Linda to David?":                                         {"path_exists", "edge_exists"},
		"List everyone Luna Lovegood is friends with.":                                             {"neighbors", "path_exists"},
		"Through whom can Alice be introduced to Grace most quickly?":                              {"shortest_path", "path_exists"},
		"How many people is Carol friends with?":                                                   {"degree", "node_count"},
		"How many roads leave Toulouse?":                                                           {"degree", "edge_count"},
		"Does task 2 have to come before task 6, directly or indirectly?":                          {"path_exists", "topological_sort"},
		"Give an order that visits every node and respects all the constraints.":                   {"topological_sort", "hamiltonian_path"},
		"How many students can join a club they want?":                                             {"maximum_bipartite_matching", "node_count"},
		"Adjacency list: A: B. Q: Are nodes B and C neighbours?":                                   {"edge_exists", "neighbors"},
		"Is node 0 connected to node 3?":                                                           {"path_exists", "neighbors"},
		"Are 0 and 5 directly connected?":                                                          {"edge_exists", "path_exists"},
		"What is each node's embedding after two layers?":                                          {"gnn_sum_aggregation", "neighbors"},
		"Which friends do Alice and Carol share?":                                                  {"common_neighbors", "neighbors"},
		"Which nodes are not connected to node 3?":                                                 {"non_neighbors", "neighbors"},
		"How many friends do Ann and Bo have in common?":                                           {"common_neighbors", "degree"},
		"Given its neighbours, what does user 7 most likely enjoy?":                                {"predict_node_label", "neighbors"},
		"What category does vertex B probably belong to?":                                          {"predict_node_label", "closeness_centrality"},
		"Which sites does site X link to?":                                                         {"neighbors", "path_exists"},
		"What is the least number of clicks from the home page to the FAQ?":                        {"shortest_path", "path_exists"},
		"Find the lightest route between 4 and 9.":                                                 {"shortest_path", "path_exists"},
		"Following the arcs, can you come back to a cycle's start?":                                {"cycle_check", "path_exists"},
		"How many collaborator pairs are there?":                                                   {"edge_count", "node_count"},
		"What is the quickest drive from Lyon to Paris?":                                           {"shortest_path", "path_exists"},
		"Did Mary Smith follow John?":                                                              {"edge_exists", "path_exists"},
		"Does Ann report to Bo?":                                                                   {"edge_exists", "neighbors"},
		"Who does Mary know?":                                                                      {"neighbors", "edge_exists"},
		"Name everybody Ann manages.":                                                              {"neighbors", "path_exists"},
		"With whom did Ann write a book?":                                                          {"neighbors", "edge_exists"},
		"Name all of Ann Lee's friends.":                                                           {"neighbors", "common_neighbors"},
		"Has Ann co-authored a book with Bo?":                                                      {"edge_exists", "neighbors"},
		"Is it stated that Ann follows Bo?":                                                        {"edge_exists", "path_exists"},
		"Name Bo's friends.":                                                                       {"neighbors", "path_exists"},
		"Who is not connected to Bo?":                                                              {"non_neighbors", "neighbors"},
	} {
		m := MatchCues(q)
		got, adj := m.Tools, m.adjust
		if !slices.Contains(got, c[0]) || cueScore(m, c[0]) <= cueScore(m, c[1]) {
			t.Errorf("%q: cues %v %v, want %s above %s", q, got, adj, c[0], c[1])
		}
	}
	// Traversal orders are not topological orders.
	for _, q := range []string{"In what order does a breadth-first search visit the nodes?", "Give the DFS visiting order from 0."} {
		if slices.Contains(CueTools(q), "topological_sort") {
			t.Errorf("%q cued topological_sort", q)
		}
	}
	// "Is it a DAG?" speaks against a topological order; "Give a
	// topological order of this DAG" does not.
	if adj := MatchCues("Is the graph a DAG?").adjust; adj["topological_sort"] >= 0 {
		t.Errorf("DAG question: adjustments %v, want a penalty for topological_sort", adj)
	}
	if adj := MatchCues("Is there a topological ordering of this DAG?").adjust; adj["topological_sort"] < 0 {
		t.Errorf("topological order of a DAG: adjustments %v", adj)
	}
	// "the path is FILE" names a file, not a path in the graph.
	for _, c := range CueTools("Given a directed graph, the edges are in an edgelist file, the path is . Count the edges.") {
		if c == "path_exists" {
			t.Errorf("file path phrase cued path_exists")
		}
	}
}

func TestAnalogyVote(t *testing.T) {
	a := NewAnalogy(nil)
	ctx := context.Background()
	res, err := a.Reason(ctx, "q", nil, []Example{
		{Question: "a", Answer: "yes", Score: 0.9},
		{Question: "b", Answer: "no", Score: 0.6},
		{Question: "c", Answer: "Yes", Score: 0.7},
		{Question: "d", Answer: "", Score: 0.99},
	})
	if err != nil || res.Answer != "yes" || res.Method != AnalogyVote || res.Used != 3 {
		t.Fatalf("%+v %v", res, err)
	}
	if want := 1.6 / 2.2; res.Confidence < want-1e-9 || res.Confidence > want+1e-9 {
		t.Errorf("confidence %v, want %v", res.Confidence, want)
	}
	for name, exs := range map[string][]Example{
		"none":       nil,
		"dissimilar": {{Answer: "yes", Score: 0.2}, {Answer: "yes", Score: 0.1}},
		"disagree":   {{Answer: "yes", Score: 0.9}, {Answer: "no", Score: 0.8}, {Answer: "maybe", Score: 0.7}},
	} {
		if _, err := a.Reason(ctx, "q", nil, exs); !errors.Is(err, ErrNoAnalogy) {
			t.Errorf("%s: %v, want ErrNoAnalogy", name, err)
		}
	}
}

// scriptGen is a Generator answering from a list and recording prompts.
type scriptGen struct {
	answers []string
	users   []string
	err     error
}

func (g *scriptGen) Generate(_ context.Context, _, user string, _ json.RawMessage, _ int) (string, error) {
	g.users = append(g.users, user)
	if g.err != nil {
		return "", g.err
	}
	a := g.answers[0]
	g.answers = g.answers[1:]
	return a, nil
}

func TestAnalogyInduceDeduce(t *testing.T) {
	g := &scriptGen{answers: []string{"1. Hubs answer.", "Sure: ```json\n{\"answer\": \"node 3\", \"explanation\": \"hub\", \"confidence\": 0.7}\n```"}}
	a := NewAnalogy(g)
	res, err := a.Reason(context.Background(), "who leads?", &GraphSummary{Nodes: 5}, []Example{{Question: "who leads here?", Answer: "node 1", Score: 0.4}})
	if err != nil || res.Answer != "node 3" || res.Rules != "1. Hubs answer." || res.Method != AnalogyInduceDeduce || res.Confidence != 0.7 {
		t.Fatalf("%+v %v", res, err)
	}
	if len(g.users) != 2 || !strings.Contains(g.users[1], "1. Hubs answer.") || !strings.Contains(g.users[1], "who leads?") {
		t.Errorf("prompts %q", g.users)
	}
	bad := NewAnalogy(&scriptGen{answers: []string{"rules", "not json"}})
	if _, err := bad.Reason(context.Background(), "q", nil, []Example{{Answer: "x", Score: 1}}); !errors.Is(err, ErrSyntax) {
		t.Errorf("broken deduction: %v, want ErrSyntax", err)
	}
	down := NewAnalogy(&scriptGen{err: fmt.Errorf("boom: %w", ErrServer)})
	if _, err := down.Reason(context.Background(), "q", nil, []Example{{Answer: "x", Score: 1}}); !errors.Is(err, ErrServer) {
		t.Errorf("server down: %v, want ErrServer", err)
	}
}

// TestFollowUpArgs: a follow-up replaces what it names in the previous
// arguments and keeps the rest; unclear or empty follow-ups and nodes the
// graph lacks are errors wrapping ErrBadParams.
func TestFollowUpArgs(t *testing.T) {
	g := builtinGraph(t, true)
	for _, c := range []struct {
		tool, prev, text, want string
	}{
		{"degree", `{"node":"3"}`, "node 5", `{"node":"5"}`},
		{"degree", `{"node":"3"}`, "B", `{"node":"B"}`},
		{"shortest_path_length", `{"source":"0","target":"3","weighted":true}`, "node 5", `{"source":"0","target":"5","weighted":true}`},
		{"shortest_path_length", `{"source":"0","target":"3","weighted":true}`, "from 2", `{"source":"2","target":"3","weighted":true}`},
		{"shortest_path_length", `{"source":"0","target":"3","weighted":true}`, "to 9", `{"source":"0","target":"9","weighted":true}`},
		{"shortest_path", `{"source":"0","target":"3"}`, "from 4 to A", `{"source":"4","target":"A"}`},
		{"shortest_path", `{"source":"0","target":"3"}`, "7 and 9", `{"source":"7","target":"9"}`},
		{"gnn_sum_aggregation", `{"rounds":2}`, "after three rounds", `{"rounds":3}`},
		{"k_core", `{"k":2}`, "k = 3", `{"k":3}`},
	} {
		got, err := FollowUpArgs(builtinSpec(t, c.tool), json.RawMessage(c.prev), c.text, g)
		if err != nil {
			t.Errorf("%s %s + %q: %v", c.tool, c.prev, c.text, err)
			continue
		}
		var a, b any
		_ = json.Unmarshal(got, &a)
		_ = json.Unmarshal([]byte(c.want), &b)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s %s + %q: %s, want %s", c.tool, c.prev, c.text, got, c.want)
		}
	}
	for _, c := range []struct {
		tool, prev, text string
		notFound         bool
	}{
		{"degree", `{"node":"3"}`, "node 99", true},
		{"degree", `{"node":"3"}`, "nodes 4 and 5", false},
		{"shortest_path", `{"source":"0","target":"3"}`, "1, 2 and 4", false},
		{"degree", `{"node":"3"}`, "please", false},
		{"degree", `not json`, "node 4", false},
	} {
		_, err := FollowUpArgs(builtinSpec(t, c.tool), json.RawMessage(c.prev), c.text, g)
		if !errors.Is(err, ErrBadParams) || c.notFound != errors.Is(err, tools.ErrNodeNotFound) {
			t.Errorf("%s %s + %q: err %v, want ErrBadParams (node not found: %v)", c.tool, c.prev, c.text, err, c.notFound)
		}
	}
}

// FuzzBuiltinPlanner: the builtin planner's reading of any question text
// (cues, slots, parameters, follow-ups) never panics; a parameter error
// always wraps ErrBadParams, and accepted arguments pass ValidateArgs.
func FuzzBuiltinPlanner(f *testing.F) {
	for _, s := range []string{
		"What is the shortest path from node 4 to node 2?",
		"Who are 3's neighbours? And B’s?",
		"The nodes are numbered from 0 to 7. Is there a path between 3 and 5?",
		"G describes a graph among nodes 0, 1, ..., 7. List all the nodes connected to 0.",
		"What is each node's embedding after two layers? twice? a single layer",
		"Each node takes the mean of its neighbours' values.",
		"How far apart are Lille and Nice?",
		"node=3 k = 2 alpha 0.5 source 1, sink 9 (6, 7) 0 -> 1",
		"Is the graph a DAG? Give a topological order. How many applicants can get a job?",
		"with 12 nodes numbered from",
		"'s's's ’s",
		"Louvain seed 42 resolution 0.5; how many nodes have in-degree 3, or no edges? What does node 7 like?",
	} {
		f.Add(s)
	}
	p := NewBuiltinPlanner(BuiltinConfig{})
	g := builtinGraph(f, true)
	var specs []tools.Spec
	for _, name := range []string{"shortest_path", "degree", "gnn_sum_aggregation", "maximum_flow", "k_core", "pagerank", "node_exists", "louvain_communities", "degree_distribution", "predict_node_label"} {
		tl, err := tools.Catalogue().Get(name)
		if err != nil {
			f.Fatal(err)
		}
		specs = append(specs, tl.Spec())
	}
	var cands []Candidate
	for _, sp := range specs {
		cands = append(cands, Candidate{Tool: sp, Score: 0.5})
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, q string) {
		if _, err := p.ChooseTool(ctx, ToolRequest{Question: q, Candidates: cands, Graph: &GraphSummary{Directed: len(q)%2 == 0}}); err != nil {
			t.Fatalf("ChooseTool: %v", err)
		}
		for _, sp := range specs {
			args, err := p.ExtractParams(ctx, ParamRequest{Question: q, Tool: sp, Graph: g})
			if err != nil {
				if !errors.Is(err, ErrBadParams) {
					t.Fatalf("%s: error %v does not wrap ErrBadParams", sp.Name, err)
				}
				continue
			}
			if _, err := ValidateArgs(sp, g, args); err != nil {
				t.Fatalf("%s: accepted arguments %s fail validation: %v", sp.Name, args, err)
			}
			if _, err := FollowUpArgs(sp, args, q, g); err != nil && !errors.Is(err, ErrBadParams) {
				t.Fatalf("%s follow-up: error %v does not wrap ErrBadParams", sp.Name, err)
			}
		}
	})
}

// TestBuiltinParamsMultiWordNames: node names of several words ("Salt
// Lake City") are read whole; the longest name wins ("New York City" over
// "New York").
func TestBuiltinParamsMultiWordNames(t *testing.T) {
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"Salt Lake City", "Chicago"}, {"Chicago", "New York"}, {"New York", "New York City"}, {"Anna Karenina", "Chicago"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Build()
	p := NewBuiltinPlanner(BuiltinConfig{})
	for _, c := range []struct{ tool, q, want string }{
		{"shortest_path", "What is the shortest distance from Salt Lake City to New York City?", `{"source":"Salt Lake City","target":"New York City"}`},
		{"shortest_path", "How far apart are New York and Salt Lake City?", `{"source":"New York","target":"Salt Lake City"}`},
		{"degree", "How many friends does Anna Karenina have?", `{"node":"Anna Karenina"}`},
		{"neighbors", "Who are Anna Karenina's neighbours?", `{"node":"Anna Karenina"}`},
	} {
		args, err := p.ExtractParams(context.Background(), ParamRequest{Question: c.q, Tool: builtinSpec(t, c.tool), Graph: g})
		if err != nil {
			t.Errorf("%q: %v", c.q, err)
			continue
		}
		var got, want any
		_ = json.Unmarshal(args, &got)
		_ = json.Unmarshal([]byte(c.want), &want)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: args %s, want %s", c.q, args, c.want)
		}
	}
}

// TestBuiltinParamsOverNamed: a question that names more nodes than the
// tool takes is refused (which are meant is unclear), not answered for
// some of them; declared node sets, "or not" and key=value forms are not
// such mentions.
func TestBuiltinParamsOverNamed(t *testing.T) {
	p := NewBuiltinPlanner(BuiltinConfig{})
	g := builtinGraph(t, false)
	for _, c := range []struct {
		tool, q string
		g       *graph.Graph
		refuse  bool
	}{
		{"degree", "What is the degree of nodes 5 and 1?", g, true},
		{"degree", "What is the degree of node 3 or maybe 1?", g, true},
		{"shortest_path", "What is the shortest path from node 3 to node 0 or 5?", g, true},
		{"shortest_path_length", "How far is it from 4 to either 2 or 1?", g, true},
		{"path_exists", "Is there a path from 5 to 4, 0?", g, true},
		{"edge_exists", "Is there an edge between 1, 3 and 0?", nil, true},
		{"degree", "The nodes are numbered from 0 to 7. What is the degree of node 3?", g, false},
		{"path_exists", "Is there a path from 0 to 3 or not?", g, false},
		{"degree", "The node in question is node=3. Nodes 4 and 5 are unrelated.", g, false},
		{"edge_exists", "Please tell me: is there an edge between 3 and 4?", nil, false},
	} {
		_, err := p.ExtractParams(context.Background(), ParamRequest{Question: c.q, Tool: builtinSpec(t, c.tool), Graph: c.g})
		refused := err != nil && strings.Contains(err.Error(), "unclear")
		if refused != c.refuse || (err != nil && !errors.Is(err, ErrBadParams)) {
			t.Errorf("%s %q: err %v, want refused %v", c.tool, c.q, err, c.refuse)
		}
	}
}

// TestBuiltinParamsRelationPairs: without a graph to check names against
// (edge_exists may be asked of a node the graph lacks), a relation asked
// of two named people gives the pair in the order written; ordinary
// lower-case words are not names.
func TestBuiltinParamsRelationPairs(t *testing.T) {
	checkEdgePairs(t, []edgePairCase{
		{"Does Ann follow Bo?", `{"source":"Ann","target":"Bo"}`},
		{"Did Mary report directly to Carl?", `{"source":"Mary","target":"Carl"}`},
		{"Has Zoe ever co-authored a paper with Li?", `{"source":"Zoe","target":"Li"}`},
		{"Did Carl write a book with Mary?", `{"source":"Carl","target":"Mary"}`},
		{"Have Zoe and Ann published a paper together?", `{"source":"Zoe","target":"Ann"}`},
		{"Is it true that Zoe knows Li?", `{"source":"Zoe","target":"Li"}`},
		{"Does someone follow anyone?", ""},
	})
}

// TestBuiltinParamsNamePairs: without a graph, names of several
// capitalised words are read whole in a pair ("between Anna Karenina and
// Kitty Shcherbatskaya"); a lower-case phrase is not a name.
func TestBuiltinParamsNamePairs(t *testing.T) {
	checkEdgePairs(t, []edgePairCase{
		{"Is there a link between Anna Karenina and Kitty Shcherbatskaya?", `{"source":"Anna Karenina","target":"Kitty Shcherbatskaya"}`},
		{"Is Marie Curie directly linked to Irene Joliot-Curie?", `{"source":"Marie Curie","target":"Irene Joliot-Curie"}`},
		{"Did Jean Perrin co-author a paper with Paul Langevin?", `{"source":"Jean Perrin","target":"Paul Langevin"}`},
		{"Have Jean Perrin and Marie Curie ever published papers together?", `{"source":"Jean Perrin","target":"Marie Curie"}`},
		{"Is there an edge between the red house and the blue house?", ""},
	})
}

// edgePairCase is a question and the edge_exists arguments the builtin
// planner must extract from it without a graph ("" when it must find none).
type edgePairCase struct{ q, want string }

func checkEdgePairs(t *testing.T, cases []edgePairCase) {
	t.Helper()
	p := NewBuiltinPlanner(BuiltinConfig{})
	for _, c := range cases {
		args, err := p.ExtractParams(context.Background(), ParamRequest{Question: c.q, Tool: builtinSpec(t, "edge_exists")})
		if c.want == "" {
			if err == nil {
				t.Errorf("%q: args %s, want no parameters", c.q, args)
			}
			continue
		}
		if err != nil || string(args) != c.want {
			t.Errorf("%q: args %s (%v), want %s", c.q, args, err, c.want)
		}
	}
}
