package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gziptest"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/dataset"
)

// loadNLGraph reads the whole training split, shipped gzipped in the
// repository's datasets folder.
func loadNLGraph(t testing.TB) []Item { return loadNLGraphSuite(t).Items }

func loadNLGraphSuite(t testing.TB) *Suite {
	t.Helper()
	dir, err := dataset.Path("nlgraph_train")
	if err != nil {
		t.Fatal(err)
	}
	s, err := OpenSuite(context.Background(), SuiteConfig{Name: SuiteNLGraph, Path: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 5022 {
		t.Fatalf("the training split has %d items, want 5,022", len(s.Items))
	}
	return s
}

// nlItem makes an NLGraph item of a hand-written question.
func nlItem(task, question, answer string) *Item {
	a, _ := json.Marshal(answer)
	return &Item{ID: task + "/x", Task: task, Question: question, Answer: a, AnswerType: NLGraphAnswer, Tool: nlTools[task][0]}
}

func strs(ns []int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = strconv.Itoa(n)
	}
	return out
}

// goldOutcome states the benchmark's gold answer the way the agent's tool
// for the task reports it.
func goldOutcome(t testing.TB, it *Item) Outcome {
	t.Helper()
	p, err := parseNLGraph(it.Task, it.Question)
	if err != nil {
		t.Fatalf("%s: %v", it.ID, err)
	}
	var text string
	_ = json.Unmarshal(it.Answer, &text)
	g, err := parseNLGold(it.Task, text)
	if err != nil {
		t.Fatalf("%s: %v", it.ID, err)
	}
	s, tg := strconv.Itoa(p.source), strconv.Itoa(p.target)
	args := func(kv ...string) json.RawMessage {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		b, _ := json.Marshal(m)
		return b
	}
	out := Outcome{Tool: nlTools[it.Task][0]}
	switch it.Task {
	case NLConnectivity:
		out.Value, out.Args = g.yes, args("source", s, "target", tg)
	case NLCycle:
		out.Value = g.yes
	case NLFlow:
		out.Value, out.Args = tools.MaxFlow{Value: g.number}, args("source", s, "sink", tg)
	case NLShortestPath:
		out.Value, out.Args = tools.ShortestPath{Length: g.number, Path: strs(g.path)}, args("source", s, "target", tg)
	case NLHamilton:
		out.Value = tools.HamiltonianResult{Exists: g.yes, Path: strs(g.path)}
	case NLTopology:
		out.Value = strs(g.path)
	case NLMatching:
		m := tools.MatchingResult{Size: len(g.pairs)}
		for _, pr := range g.pairs {
			m.Pairs = append(m.Pairs, [2]string{fmt.Sprintf("applicant %d", pr[0]), fmt.Sprintf("job %d", pr[1])})
		}
		out.Value = m
	case NLGNN:
		f := map[string][]float64{}
		for v, vec := range g.vectors {
			f[strconv.Itoa(v)] = vec
		}
		out.Value = tools.AggregationResult{Rounds: p.layers, Dim: len(g.vectors[0]), Features: f}
	}
	return out
}

// TestNLGraphGoldIsValid reads every question and gold answer of the
// training split with the checker's reader and requires each gold answer,
// stated as the task's tool states it, to be judged correct: the reader
// understands every sentence, and the gold paths, orders and matchings are
// valid in the graph it reads.
func TestNLGraphGoldIsValid(t *testing.T) {
	items := loadNLGraph(t)
	per := map[string]int{}
	for i := range items {
		it := &items[i]
		per[it.Task]++
		if v := CheckNLGraph(it, goldOutcome(t, it)); !v.Correct {
			t.Errorf("%s: the gold answer is judged wrong: %s", it.ID, v.Reason)
		}
	}
	want := map[string]int{NLConnectivity: 1861, NLCycle: 959, NLFlow: 292, NLGNN: 201, NLHamilton: 292, NLMatching: 426, NLShortestPath: 316, NLTopology: 675}
	for task, n := range want {
		if per[task] != n {
			t.Errorf("task %s has %d items, want %d", task, per[task], n)
		}
	}
}

// TestNLGraphGNNGoldRecomputed recomputes every GNN gold answer from the
// embeddings and edges the checker's reader finds (sum of the neighbours'
// vectors, once per layer): the reader reads them as the benchmark meant.
func TestNLGraphGNNGoldRecomputed(t *testing.T) {
	for _, it := range loadNLGraph(t) {
		if it.Task != NLGNN {
			continue
		}
		p, err := parseNLGraph(it.Task, it.Question)
		if err != nil {
			t.Fatal(err)
		}
		x := p.embeddings
		for range p.layers {
			y := make([][]float64, len(x))
			for v := range y {
				y[v] = make([]float64, len(x[v]))
			}
			for e := range p.edges { // both orientations are stored
				for k := range x[e[0]] {
					y[e[1]][k] += x[e[0]][k]
				}
			}
			x = y
		}
		f := map[string][]float64{}
		for v := range x {
			f[strconv.Itoa(v)] = x[v]
		}
		out := Outcome{Tool: "gnn_sum_aggregation", Value: tools.AggregationResult{Rounds: p.layers, Features: f}}
		if v := CheckNLGraph(&it, out); !v.Correct {
			t.Errorf("%s: recomputed embeddings differ from the gold: %s", it.ID, v.Reason)
		}
	}
}

// Hand-made questions in NLGraph's forms.
const (
	spQuestion = `In an undirected graph, the nodes are numbered from 0 to 4, and the edges are:
an edge between node 0 and node 1 with weight 4,
an edge between node 0 and node 3 with weight 4,
an edge between node 0 and node 2 with weight 3,
an edge between node 0 and node 4 with weight 1,
an edge between node 1 and node 3 with weight 3,
an edge between node 1 and node 4 with weight 1,
an edge between node 2 and node 3 with weight 3,
an edge between node 2 and node 4 with weight 2,
an edge between node 3 and node 4 with weight 1.
Q: Give the shortest path from node 1 to node 2.
A:`
	spGold        = "The shortest path from node 1 to node 2 is 1,4,2 with a total weight of 3"
	topoQuestion  = "In a directed graph with 4 nodes numbered from 0 to 3:\nnode 0 should be visited before node 1\nnode 0 should be visited before node 2\nnode 2 should be visited before node 1\nnode 1 should be visited before node 3\nQ: Can all the nodes be visited? Give the solution.\nA:"
	topoGold      = "The solution is: 0,2,1,3."
	matchQuestion = "There are 3 job applicants numbered from 0 to 2, and 3 jobs numbered from 0 to 2. Each applicant is interested in some of the jobs. Each job can only accept one applicant and a job applicant can be appointed for only one job.\nApplicant 0 is interested in job 0.\nApplicant 0 is interested in job 1.\nApplicant 1 is interested in job 0.\nApplicant 2 is interested in job 0.\nApplicant 2 is interested in job 2.\nQ: Find an assignment of jobs to applicants in such that the maximum number of applicants find the job they are interested in.\nA:"
	matchGold     = "applicant 0: job 1\napplicant 1: job 0\napplicant 2: job 2\n3 applicants can find the job they are interested in."
	hamQuestion   = "In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge.\nThe nodes are numbered from 0 to 3, and the edges are: (0,1) (1,2) (2,3) (0,2)\nQ: Is there a path in this graph that visits every node exactly once? If yes, give the path. Note that in a path, adjacent nodes must be connected with edges.\nA:"
	hamGold       = "Yes. The path can be: 0,1,2,3"
	flowQuestion  = "In a directed graph, the nodes are numbered from 0 to 3, and the edges are:\nan edge from node 0 to node 1 with capacity 3,\nan edge from node 0 to node 2 with capacity 2,\nan edge from node 1 to node 3 with capacity 2,\nan edge from node 2 to node 3 with capacity 5.\nQ: What is the maximum flow from node 0 to node 3?\nA:"
	flowGold      = "The maximum flow from node 0 to node 3 is 4."
	gnnQuestion   = "In an undirected graph, the nodes are numbered from 0 to 2, and every node has an embedding. (i,j) means that node i and node j are connected with an undirected edge.\nEmbeddings:\nnode 0: [1,0]\nnode 1: [0,1]\nnode 2: [1,1]\nThe edges are: (0,1) (1,2)\nIn a simple graph convolution layer, each node's embedding is updated by the sum of its neighbors' embeddings.\nQ: What's the embedding of each node after one layer of simple graph convolution layer?\nA:"
	gnnGold       = "The answer is:\nnode 0: [0,1]\nnode 1: [2,1]\nnode 2: [0,1]"
	connQuestion  = "Determine if there is a path between two nodes in the graph. Note that (i,j) means that node i and node j are connected with an undirected edge.\nGraph: (0,1) (1,2) (3,4)\nQ: Is there a path between node 2 and node 0?\nA:"
	connGold      = "The answer is yes."
)

// TestNLGraphCheckers judges hand-made right and wrong answers.
func TestNLGraphCheckers(t *testing.T) {
	sp := nlItem(NLShortestPath, spQuestion, spGold)
	// With 2-3 of weight 1, 1-4-3-2 weighs 3 as 1-4-2 does.
	sp2 := nlItem(NLShortestPath, strings.Replace(spQuestion, "node 2 and node 3 with weight 3", "node 2 and node 3 with weight 1", 1), spGold)
	topo := nlItem(NLTopology, topoQuestion, topoGold)
	match := nlItem(NLMatching, matchQuestion, matchGold)
	ham := nlItem(NLHamilton, hamQuestion, hamGold)
	flow := nlItem(NLFlow, flowQuestion, flowGold)
	gnn := nlItem(NLGNN, gnnQuestion, gnnGold)
	conn := nlItem(NLConnectivity, connQuestion, connGold)
	path := func(length float64, ids ...string) Outcome {
		return Outcome{Tool: "shortest_path", Value: tools.ShortestPath{Length: length, Path: ids}}
	}
	order := func(ids ...string) Outcome { return Outcome{Tool: "topological_sort", Value: ids} }
	matching := func(pairs ...[2]string) Outcome {
		return Outcome{Tool: "maximum_bipartite_matching", Value: tools.MatchingResult{Size: len(pairs), Pairs: pairs}}
	}
	hamilton := func(ids ...string) Outcome {
		return Outcome{Tool: "hamiltonian_path", Value: tools.HamiltonianResult{Exists: len(ids) > 0, Path: ids}}
	}
	maxFlow := func(value float64, args string, flows ...tools.EdgeFlow) Outcome {
		return Outcome{Tool: "maximum_flow", Args: json.RawMessage(args), Value: tools.MaxFlow{Value: value, Flows: flows}}
	}
	embed := func(rounds int, f map[string][]float64) Outcome {
		return Outcome{Tool: "gnn_sum_aggregation", Value: tools.AggregationResult{Rounds: rounds, Dim: 2, Features: f}}
	}
	ef := func(u, v string, x float64) tools.EdgeFlow { return tools.EdgeFlow{Source: u, Target: v, Flow: x} }
	cases := []struct {
		name string
		it   *Item
		out  Outcome
		ok   bool
	}{
		// Shortest path: any optimal path; the path must be real.
		{"sp gold", sp, path(3, "1", "4", "2"), true},
		{"sp another optimal path", sp2, path(3, "1", "4", "3", "2"), true},
		{"sp suboptimal detour", sp, path(5, "1", "4", "3", "2"), false},
		{"sp direct non-edge", sp, path(3, "1", "2"), false},
		{"sp suboptimal real path", sp, path(4, "1", "0", "2"), false},
		{"sp right weight, wrong length stated", sp, path(2, "1", "4", "2"), false},
		{"sp wrong endpoints", sp, path(3, "2", "4", "1"), false},
		{"sp length only", sp, Outcome{Tool: "shortest_path_length", Value: 3.0}, false},
		{"sp node outside", sp, path(3, "1", "9", "2"), false},
		// Topological order: any valid one.
		{"topo gold", topo, order("0", "2", "1", "3"), true},
		{"topo violates 2 before 1", topo, order("0", "1", "2", "3"), false},
		{"topo misses a node", topo, order("0", "2", "1"), false},
		{"topo repeats a node", topo, order("0", "2", "1", "3", "3"), false},
		{"topo unknown node", topo, order("0", "2", "1", "4"), false},
		{"topo wrong tool", topo, Outcome{Tool: "dfs_order", Value: []string{"0", "2", "1", "3"}}, false},
		// Matching: any maximum one, of real pairs.
		{"match gold", match, matching([2]string{"applicant 0", "job 1"}, [2]string{"applicant 1", "job 0"}, [2]string{"applicant 2", "job 2"}), true},
		{"match other order and spelling", match, matching([2]string{"j2", "a2"}, [2]string{"Applicant_1", "Job_0"}, [2]string{"a0", "j1"}), true},
		{"match not maximum", match, matching([2]string{"applicant 0", "job 0"}, [2]string{"applicant 2", "job 2"}), false},
		{"match not interested", match, matching([2]string{"applicant 0", "job 2"}, [2]string{"applicant 1", "job 0"}, [2]string{"applicant 2", "job 0"}), false},
		{"match job twice", match, matching([2]string{"applicant 0", "job 0"}, [2]string{"applicant 1", "job 0"}, [2]string{"applicant 2", "job 2"}), false},
		{"match bare numbers", match, matching([2]string{"0", "1"}, [2]string{"1", "0"}, [2]string{"2", "2"}), false},
		{"match two applicants", match, matching([2]string{"applicant 0", "applicant 1"}), false},
		{"match size only", match, Outcome{Tool: "maximum_bipartite_matching", Value: 3.0}, false},
		// Hamiltonian path.
		{"ham gold", ham, hamilton("0", "1", "2", "3"), true},
		{"ham other valid", ham, hamilton("1", "0", "2", "3"), true},
		{"ham non-edge", ham, hamilton("0", "3", "2", "1"), false},
		{"ham repeat", ham, hamilton("0", "1", "2", "1"), false},
		{"ham too short", ham, hamilton("0", "1", "2"), false},
		{"ham says no", ham, hamilton(), false},
		// Flow: value, arguments, flows.
		{"flow value", flow, maxFlow(4, `{"source":"0","sink":"3"}`), true},
		{"flow with valid flows", flow, maxFlow(4, `{"source":"0","sink":"3"}`, ef("0", "1", 2), ef("0", "2", 2), ef("1", "3", 2), ef("2", "3", 2)), true},
		{"flow wrong value", flow, maxFlow(5, `{"source":"0","sink":"3"}`), false},
		{"flow swapped args", flow, maxFlow(4, `{"source":"3","sink":"0"}`), false},
		{"flow over capacity", flow, maxFlow(4, `{"source":"0","sink":"3"}`, ef("0", "1", 3), ef("0", "2", 1), ef("1", "3", 3), ef("2", "3", 1)), false},
		{"flow not conserved", flow, maxFlow(4, `{"source":"0","sink":"3"}`, ef("0", "1", 2), ef("0", "2", 2), ef("1", "3", 2), ef("2", "3", 1)), false},
		{"flow on a reversed edge", flow, maxFlow(4, `{"source":"0","sink":"3"}`, ef("1", "0", 2), ef("0", "2", 2), ef("1", "3", 2), ef("2", "3", 2)), false},
		// GNN.
		{"gnn gold", gnn, embed(1, map[string][]float64{"0": {0, 1}, "1": {2, 1}, "2": {0, 1}}), true},
		{"gnn one value off", gnn, embed(1, map[string][]float64{"0": {0, 1}, "1": {2, 2}, "2": {0, 1}}), false},
		{"gnn missing node", gnn, embed(1, map[string][]float64{"0": {0, 1}, "1": {2, 1}}), false},
		{"gnn extra node", gnn, embed(1, map[string][]float64{"0": {0, 1}, "1": {2, 1}, "2": {0, 1}, "3": {0, 0}}), false},
		{"gnn wrong rounds", gnn, embed(2, map[string][]float64{"0": {0, 1}, "1": {2, 1}, "2": {0, 1}}), false},
		// Connectivity: yes/no about the asked nodes.
		{"conn yes", conn, Outcome{Tool: "path_exists", Args: json.RawMessage(`{"source":"2","target":"0"}`), Value: true}, true},
		{"conn yes, args in the other order", conn, Outcome{Tool: "path_exists", Args: json.RawMessage(`{"source":"0","target":"2"}`), Value: true}, true},
		{"conn shortest path proves it", conn, path(2, "2", "1", "0"), true},
		{"conn no", conn, Outcome{Tool: "path_exists", Args: json.RawMessage(`{"source":"2","target":"0"}`), Value: false}, false},
		{"conn other nodes", conn, Outcome{Tool: "path_exists", Args: json.RawMessage(`{"source":"1","target":"0"}`), Value: true}, false},
		{"conn wrong tool", conn, Outcome{Tool: "edge_exists", Args: json.RawMessage(`{"source":"2","target":"0"}`), Value: true}, false},
		{"conn analogy yes", conn, Outcome{Fallback: true, Value: "yes"}, true},
		{"conn nothing", conn, Outcome{}, false},
	}
	for _, c := range cases {
		v := CheckNLGraph(c.it, c.out)
		if v.Correct != c.ok {
			t.Errorf("%s: correct=%v (%s), want %v", c.name, v.Correct, v.Reason, c.ok)
		}
		if !v.Correct && v.Reason == "" {
			t.Errorf("%s: judged wrong without a reason", c.name)
		}
	}
}

// TestNLGraphReaderIsStrict rejects questions outside NLGraph's forms.
func TestNLGraphReaderIsStrict(t *testing.T) {
	cases := []struct{ name, task, q string }{
		{"unknown sentence", NLConnectivity, strings.Replace(connQuestion, "Graph:", "Graph is", 1)},
		{"node outside the range", NLHamilton, strings.Replace(hamQuestion, "(0,2)", "(0,7)", 1)},
		{"applicant undeclared", NLMatching, strings.Replace(matchQuestion, "Applicant 2 is interested in job 2", "Applicant 5 is interested in job 2", 1)},
		{"no question", NLShortestPath, strings.Replace(spQuestion, "Q: Give the shortest path from node 1 to node 2.", "", 1)},
		{"undirected flow", NLFlow, strings.Replace(flowQuestion, "In a directed", "In an undirected", 1)},
		{"embedding missing", NLGNN, strings.Replace(gnnQuestion, "node 2: [1,1]\n", "", 1)},
		{"huge number", NLTopology, strings.Replace(topoQuestion, "from 0 to 3", "from 0 to 99999999999999999999", 1)},
		{"unknown task", "coloring", hamQuestion},
	}
	for _, c := range cases {
		if _, err := parseNLGraph(c.task, c.q); err == nil {
			t.Errorf("%s: read without an error", c.name)
		}
	}
	it := nlItem(NLHamilton, strings.Replace(hamQuestion, "(0,2)", "(0,7)", 1), hamGold)
	if v := CheckNLGraph(it, Outcome{Tool: "hamiltonian_path", Value: tools.HamiltonianResult{Exists: true, Path: []string{"0", "1", "2", "3"}}}); v.Correct || !strings.Contains(v.Reason, "cannot read") {
		t.Errorf("an unreadable question is judged %+v", v)
	}
}

// TestNLGraphScoreRefusal: a backend error is a refusal, not a wrong
// answer, even when the sentence it wrote names a number.
func TestNLGraphScoreRefusal(t *testing.T) {
	item, err := NLGraphItem(NLFlow, "x", flowQuestion, flowGold, "")
	if err != nil {
		t.Fatal(err)
	}
	it := &item
	refused := Score(context.Background(), it, Outcome{Text: "I could not answer: node 4 is not in the graph"}, errors.New("could not answer"), nil)
	wrongRec := Score(context.Background(), it, Outcome{Tool: "maximum_flow", Args: json.RawMessage(`{"source":"0","sink":"3"}`), Value: tools.MaxFlow{Value: 3}}, nil, nil)
	rightRec := Score(context.Background(), it, Outcome{Tool: "maximum_flow", Args: json.RawMessage(`{"source":"0","sink":"3"}`), Value: tools.MaxFlow{Value: 4}}, nil, nil)
	if !refused.Refused || refused.Correct || wrongRec.Refused || wrongRec.Correct || !rightRec.Correct || rightRec.Refused {
		t.Fatalf("refused %+v\nwrong %+v\nright %+v", refused, wrongRec, rightRec)
	}
	if rightRec.ParamsOK == nil || !*rightRec.ParamsOK || rightRec.GraphOK == nil {
		t.Errorf("parameter and graph accuracy not scored: %+v", rightRec)
	}
	m := Aggregate([]Record{refused, wrongRec, rightRec})
	if m.Correct != 1 || m.Wrong != 1 || m.Refused != 1 || m.WrongRate != 1.0/3 || m.RefusalRate != 1.0/3 {
		t.Errorf("metrics %+v", m)
	}
}

// TestReadNLGraphDir reads a folder of plain and gzipped task files and
// names what is missing or malformed.
func TestReadNLGraphDir(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name string, items map[string]map[string]string, gz bool) {
		b, _ := json.Marshal(items)
		p := filepath.Join(dir, name)
		if gz {
			p, b = p+".gz", gziptest.Bytes(t, b)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("flow.json", map[string]map[string]string{"10": {"question": flowQuestion, "answer": flowGold}, "2": {"question": flowQuestion, "answer": flowGold}}, false)
	write("topology.json", map[string]map[string]string{"0": {"question": topoQuestion, "answer": topoGold, "difficulty": "easy"}}, true)
	items, err := ReadNLGraphDir(ctx, dir, []string{NLFlow, NLTopology})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	if got := strings.Join(ids, " "); got != "flow/2 flow/10 topology/0" {
		t.Errorf("items %s", got)
	}
	if g := items[0].Graph; g == nil || g.Nodes != 4 || g.Edges != 4 || !g.Directed {
		t.Errorf("flow graph shape %+v", g)
	}
	s, err := OpenSuite(ctx, SuiteConfig{Name: SuiteNLGraph, Path: dir, Tasks: []string{NLTopology}})
	if err != nil || len(s.Items) != 1 || s.Items[0].Type() != NLGraphAnswer {
		t.Fatalf("suite %+v, %v", s, err)
	}
	if _, err := ReadNLGraphDir(ctx, dir, nil); err == nil || !strings.Contains(err.Error(), "connectivity.json") {
		t.Errorf("missing task file: %v", err)
	}
	if _, err := ReadNLGraphDir(ctx, dir, []string{"coloring"}); err == nil {
		t.Error("unknown task read")
	}
	write("cycle.json", map[string]map[string]string{"0": {"question": "Is there a cycle?", "answer": "Yes."}}, false)
	if _, err := ReadNLGraphDir(ctx, dir, []string{NLCycle}); err == nil || !strings.Contains(err.Error(), "item 0") {
		t.Errorf("unreadable question: %v", err)
	}
}

// FuzzParseNLGraph: the checker's reader never panics on any text.
func FuzzParseNLGraph(f *testing.F) {
	for _, q := range []string{spQuestion, topoQuestion, matchQuestion, hamQuestion, flowQuestion, gnnQuestion, connQuestion} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		for _, task := range NLGraphTasks() {
			p, err := parseNLGraph(task, q)
			if err == nil && p.nodes < 0 {
				t.Fatalf("negative node count for %q", q)
			}
			it := nlItem(task, q, "Yes. The path can be: 0")
			_ = CheckNLGraph(it, Outcome{Tool: nlTools[task][0], Value: []string{"0"}})
		}
	})
}

// TestNLGraphGoldMatchesNetworkX recomputes the gold answers of the whole
// training split with NetworkX (testdata/nlgraph_nx.py) from the graphs the
// checker's reader reads: the reader reads each graph as the benchmark
// meant it, and the gold values the checkers trust (maximum flow, shortest
// total weight, maximum matching size, yes/no, embeddings) are right.
// Hamilton is left out (NetworkX has no general solver; the gold paths are
// checked for validity by TestNLGraphGoldIsValid).
func TestNLGraphGoldMatchesNetworkX(t *testing.T) {
	if err := exec.Command("python3", "-c", "import networkx").Run(); err != nil {
		t.Fatalf("python3 with networkx is needed (DESIGN.md, testing): %v", err)
	}
	items := loadNLGraph(t)
	type problem struct {
		ID         string      `json:"id"`
		Task       string      `json:"task"`
		Nodes      int         `json:"nodes"`
		Directed   bool        `json:"directed"`
		Edges      [][3]any    `json:"edges"`
		Source     int         `json:"source"`
		Target     int         `json:"target"`
		Applicants int         `json:"applicants"`
		Jobs       int         `json:"jobs"`
		Interested [][2]int    `json:"interested"`
		Embeddings [][]float64 `json:"embeddings"`
		Layers     int         `json:"layers"`
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	golds := map[string]nlGold{}
	for i := range items {
		it := &items[i]
		p, err := parseNLGraph(it.Task, it.Question)
		if err != nil {
			t.Fatal(err)
		}
		var text string
		_ = json.Unmarshal(it.Answer, &text)
		if golds[it.ID], err = parseNLGold(it.Task, text); err != nil {
			t.Fatal(err)
		}
		pr := problem{ID: it.ID, Task: it.Task, Nodes: p.nodes, Directed: p.directed, Source: p.source, Target: p.target,
			Applicants: p.applicants, Jobs: p.jobs, Embeddings: p.embeddings, Layers: p.layers}
		for e, w := range p.edges {
			pr.Edges = append(pr.Edges, [3]any{e[0], e[1], w})
		}
		for pair := range p.interested {
			pr.Interested = append(pr.Interested, pair)
		}
		if err := enc.Encode(pr); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("python3", filepath.Join("testdata", "nlgraph_nx.py"))
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("nlgraph_nx.py: %v", err)
	}
	count := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct {
			ID string          `json:"id"`
			NX json.RawMessage `json:"nx"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		g, ok := golds[r.ID]
		if !ok {
			t.Fatalf("unknown id %s", r.ID)
		}
		count++
		task, _, _ := strings.Cut(r.ID, "/")
		var want any
		switch task {
		case NLConnectivity, NLCycle:
			want = g.yes
		case NLTopology:
			want = true // the gold gives an order, so the graph is acyclic
		case NLFlow, NLShortestPath, NLMatching:
			want = g.number
		case NLGNN:
			vs := make([][]float64, len(g.vectors))
			for v, vec := range g.vectors {
				vs[v] = vec
			}
			want = vs
		}
		w, _ := json.Marshal(want)
		if !bytes.Equal(compactJSON(t, r.NX), compactJSON(t, w)) {
			t.Errorf("%s: gold %s, NetworkX %s", r.ID, w, r.NX)
		}
	}
	if want := len(items) - 292; count != want {
		t.Fatalf("NetworkX answered %d items, want %d (all but hamilton)", count, want)
	}
}

// TestCommonFailures groups failures by outcome and reason, numbers aside,
// most frequent first, and the report lists them.
func TestCommonFailures(t *testing.T) {
	recs := []Record{
		{ID: "a", Task: "t", Group: "t", Correct: true},
		{ID: "b", Task: "t", Group: "t", Reason: "node 3 must come before node 1"},
		{ID: "c", Task: "t", Group: "t", Reason: "node 12 must come before node 7"},
		{ID: "d", Task: "t", Group: "t", Refused: true, Reason: "no answer: node 3 | not found"},
		{ID: "e", Task: "t", Group: "t", Reason: "node 3 must come before node 1"},
		{ID: "f", Task: "t", Group: "t", Refused: true, Reason: "node 3 must come before node 1"},
	}
	fs := CommonFailures(recs, 2)
	want := []Failure{{Outcome: "wrong", Reason: "node N must come before node N", Count: 3, Example: "b"},
		{Outcome: "refused", Reason: "no answer: node N | not found", Count: 1, Example: "d"}}
	if fmt.Sprint(fs) != fmt.Sprint(want) {
		t.Fatalf("failures %+v, want %+v", fs, want)
	}
	md := BuildReport(nil, recs, "x").Markdown()
	if !strings.Contains(md, "| t | 3 | wrong | node N must come before node N | b |") || !strings.Contains(md, `node N \| not found`) {
		t.Errorf("report lacks the failures:\n%s", md)
	}
}
