package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools/graph"
)

// GraCoReAnswer is the answer type of GraCoRe items, judged by
// checkGraCoRe according to the task.
const GraCoReAnswer AnswerType = "gracore"

// GraCoReSource says where GraCoRe's files are published and which code
// this suite follows.
const GraCoReSource = "GraCoRe's pure-graph data (github.com/ZIKEYUAN/GraCoRe, Data/Pure Graph/<type>/graph_<n>.json, written by " +
	"Code/create_data.py; prompts as Code/inference/get_result_llama3-ins.py builds them)"

// GraCoRe's structure tasks (asked of the four graph types that are not
// "special" in get_result_llama3-ins.py) and its nine special tasks, one
// per graph type, named as that script's graph_types keys.
const (
	GCNodeNumber     = "node_number"
	GCAverageDegree  = "average_degree"
	GCIsConnected    = "is_connected"
	GCSimilarity     = "similarity"
	GCShortestPath   = "shortest_path"
	GCMaxFlow        = "max_flow"
	GCGraphTraversal = "graph_traversal"
	GCTreeStructure  = "tree_structure"
	GCBipartiteGraph = "bipartite_graph"
	GCGraphColoring  = "graph_coloring"
	GCHamiltonian    = "hamiltonian"
	GCTSP            = "tsp"
	GCEulerian       = "eulerian"
)

// gcType is one graph type: its key (the special task), its folder, and
// whether the script asks the four structure questions of it (the types
// not in its specail_types).
type gcType struct {
	key, folder string
	structure   bool
}

// gcTypes are graph_types of get_result_llama3-ins.py, in its order.
var gcTypes = []gcType{
	{GCShortestPath, "Shortest Path Graph", true},
	{GCMaxFlow, "Max Flow Graph", false},
	{GCGraphTraversal, "Graph Traversal Graph", true},
	{GCTreeStructure, "Tree Structure Graph", true},
	{GCBipartiteGraph, "Bipartite Graph", true},
	{GCGraphColoring, "Graph Coloring", false},
	{GCHamiltonian, "Hamiltonian Graph", false},
	{GCTSP, "TSP Graph", false},
	{GCEulerian, "Eulerian Graph", false},
}

// GraCoReTasks lists the suite's tasks: the structure tasks, then the
// special ones.
func GraCoReTasks() []string {
	out := []string{GCNodeNumber, GCAverageDegree, GCIsConnected, GCSimilarity}
	for _, t := range gcTypes {
		out = append(out, t.key)
	}
	return out
}

// gcTask is a task's answer kind and gold tools: 'n' a number, 'b' yes/no,
// 't' triplets, 'p' a shortest path, 'o' a BFS option, 'h' a Hamiltonian
// cycle, 's' a TSP tour.
type gcTask struct {
	answer byte
	tools  []string
}

var gcTasks = map[string]gcTask{
	GCNodeNumber:     {'n', []string{"node_count"}},
	GCAverageDegree:  {'n', []string{"degree_distribution"}},
	GCIsConnected:    {'b', []string{"is_connected"}},
	GCSimilarity:     {'t', []string{"edge_list"}},
	GCShortestPath:   {'p', []string{"shortest_path", "shortest_path_length"}},
	GCMaxFlow:        {'n', []string{"maximum_flow"}},
	GCGraphTraversal: {'o', []string{"bfs_order"}},
	GCTreeStructure:  {'b', []string{"is_tree"}},
	GCBipartiteGraph: {'b', []string{"is_bipartite"}},
	GCGraphColoring:  {'n', []string{"chromatic_number", "graph_coloring"}},
	GCHamiltonian:    {'h', []string{"hamiltonian_cycle", "hamiltonian_path"}},
	GCTSP:            {'s', []string{"travelling_salesman"}},
	GCEulerian:       {'b', []string{"euler_circuit", "euler_path"}},
}

// gcPromptSuffix is what get_result_llama3-ins.py appends to "\nQ: " + Q:
// generate_special_prompt for the special questions, and the structure
// questions' own suffixes. (The Python source's "\{" and "\:" are kept as
// backslash and character, as Python keeps unknown escapes.)
var gcPromptSuffix = map[string]string{
	GCNodeNumber:     " Please provide the answer directly without the reasoning process. \nA: ",
	GCAverageDegree:  " Round the result to one decimal place. Please provide the answer directly without the reasoning process. \nA: ",
	GCIsConnected:    " Please provide the answer directly without the reasoning process. \nA: ",
	GCSimilarity:     "Please output the triplet of this graph in JSON format.For example: \\{\"triple\"\\:[(node_A,node_B,weight)] \nA: ",
	GCShortestPath:   "Please provide the answer directly without the reasoning process and output it in JSON format. For example: \\{\"path\"\\:PATH,\"distance\":DISTANCE}  \nA: ",
	GCMaxFlow:        "Please provide the answer directly without the reasoning process and output it in JSON format. For example: \\{\"path\"\\:PATH,\"max_flow\":MAX_FLOW}  \nA: ",
	GCGraphTraversal: "Please provide the answer directly without the reasoning process .\nA: ",
	GCTreeStructure:  "Please provide the answer directly without the reasoning process .\nA: ",
	GCBipartiteGraph: "Please provide the answer directly without the reasoning process .\nA: ",
	GCHamiltonian:    "Please provide the answer directly without the reasoning process and output it in JSON format. For example: \\{\"Hamiltonian\"\\:YES OR NO, \"Hamiltonian_path\": PATH}  \nA: ",
	GCGraphColoring:  "Please provide the answer directly without the reasoning process .\nA:  ",
	GCTSP:            "Please provide the answer directly without the reasoning process and output it in JSON format. For example: \\{\"length\"\\:LENGTH, \"path\": PATH}  \nA: ",
	GCEulerian:       "Please provide the answer directly without the reasoning process . Yes or No.\nA: ",
}

// gcQA is one question of a record.
type gcQA struct {
	Q string          `json:"Q"`
	A json.RawMessage `json:"A"`
}

// gcRecord is one graph of a GraCoRe file (the fields the suite uses of
// create_data.py's text_graph).
type gcRecord struct {
	Nodes []int `json:"nodes"`
	Edges []struct {
		Source int     `json:"source"`
		Target int     `json:"target"`
		Weight float64 `json:"attributes"`
	} `json:"edges"`
	Directed         *bool           `json:"is_directed"`
	Description      string          `json:"graph_description"`
	HamiltonianCycle json.RawMessage `json:"hamiltonian_cycle"`
	QA               struct {
		Structure []map[string]gcQA `json:"structure_qa"`
		Special   *gcQA             `json:"specail_qa"`
	} `json:"QA"`
}

// gcProblem is a GraCoRe graph as the suite reads it, shared by the items
// asked about it.
type gcProblem struct {
	typ      string
	directed bool
	nodes    []int
	edges    [][3]float64 // u, v, weight
	desc     string
	// planted is the Hamiltonian graph's generated cycle, as edges.
	planted [][2]int
	// source and target are the shortest-path or flow question's nodes;
	// options the BFS question's four orders (A..D).
	source, target int
	options        [][]string
}

// graph builds the problem's graph: its nodes in the file's order, the
// edges with their weights ("attributes": distances, capacities).
func (p *gcProblem) graph() (*graph.Graph, error) {
	b := graph.NewBuilder(p.directed)
	b.Grow(len(p.nodes), len(p.edges))
	for _, v := range p.nodes {
		if _, err := b.AddNode(strconv.Itoa(v)); err != nil {
			return nil, err
		}
	}
	for _, e := range p.edges {
		if _, err := b.AddWeightedEdge(strconv.Itoa(int(e[0])), strconv.Itoa(int(e[1])), e[2]); err != nil {
			return nil, err
		}
	}
	return b.Build(), nil
}

// isolated returns the nodes no edge touches (the description, a list of
// edges, never shows them).
func (p *gcProblem) isolated() []string {
	touched := map[int]bool{}
	for _, e := range p.edges {
		touched[int(e[0])], touched[int(e[1])] = true, true
	}
	var out []string
	for _, v := range p.nodes {
		if !touched[v] {
			out = append(out, strconv.Itoa(v))
		}
	}
	return out
}

var (
	gcPathAnswerRe = lazyre.New(`^The shortest path is \[([0-9, ]*)\] with length (\d+(?:\.\d+)?)\.$`)
	gcPathQRe      = lazyre.New(`^What is the shortest path from node (\d+) to node (\d+)\? How long is it\?$`)
	gcFlowAnswerRe = lazyre.New(`^The maximum flow is (\d+(?:\.\d+)?)\. The flow paths are \[.*\]\.$`)
	gcFlowQRe      = lazyre.New(`^What is the maximum flow from node (\d+) to node (\d+)\?$`)
	gcColorRe      = lazyre.New(`^Minimum number of colors required: (\d+)$`)
	gcTSPRe        = lazyre.New(`^The TSP path is (\d+(?:\.\d+)?) and path is \[([0-9, ]*)\]\.$`)
	gcOptionsRe    = lazyre.New(`(?s)Visited the graph start node 0\.You can choise A,B,C or D\.\n A\. \[([0-9, ]*)\] \n B\. \[([0-9, ]*)\] \n C\. \[([0-9, ]*)\] D\. \[([0-9, ]*)\] \n$`)
	gcEdgeLineRe   = lazyre.New(`^From node (\d+) to node (\d+), distance is (\d+(?:\.\d+)?)$`)
)

// gcYesNo are the special answers of the yes/no tasks.
var gcYesNo = map[string][2]string{
	GCTreeStructure:  {"Yes, it is a tree.", "No, it is not a tree."},
	GCBipartiteGraph: {"Yes, it is bipartite.", "No, it is not bipartite."},
	GCEulerian:       {"Yes, it has an Eulerian circuit.", "No, it does not have an Eulerian circuit."},
}

func intList(s string) ([]int, error) {
	var out []int
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%q is not a node", textutil.Truncate(f, 20))
		}
		out = append(out, v)
	}
	return out, nil
}

func strList(v []int) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = strconv.Itoa(x)
	}
	return out
}

// gcItems makes the items of one record: the structure questions (for the
// types the script asks them of) and the special question.
func gcItems(t gcType, size, index int, rec *gcRecord) ([]Item, *gcProblem, error) {
	p := &gcProblem{typ: t.key, nodes: rec.Nodes, desc: rec.Description, source: -1, target: -1}
	if rec.Directed == nil {
		return nil, nil, errors.New("no is_directed")
	}
	p.directed = *rec.Directed
	if len(rec.Nodes) == 0 {
		return nil, nil, errors.New("no nodes")
	}
	known := map[int]bool{}
	for _, v := range rec.Nodes {
		if known[v] {
			return nil, nil, fmt.Errorf("node %d is listed twice", v)
		}
		known[v] = true
	}
	for _, e := range rec.Edges {
		if !known[e.Source] || !known[e.Target] {
			return nil, nil, fmt.Errorf("edge %d-%d names a node not in nodes", e.Source, e.Target)
		}
		p.edges = append(p.edges, [3]float64{float64(e.Source), float64(e.Target), e.Weight})
	}
	if !strings.HasPrefix(rec.Description, "This is a ") {
		return nil, nil, fmt.Errorf("graph_description %q is not create_data.py's", textutil.Truncate(rec.Description, 40))
	}
	if rec.QA.Special == nil {
		return nil, nil, errors.New("no QA.specail_qa")
	}
	if _, err := p.graph(); err != nil {
		return nil, nil, err
	}
	base := fmt.Sprintf("%s/%d/%d/", t.key, size, index)
	stats := &GraphStats{Nodes: len(rec.Nodes), Edges: len(rec.Edges), Directed: p.directed}
	mk := func(task string, q string, gold any) (Item, error) {
		b, err := json.Marshal(gold)
		if err != nil {
			return Item{}, err
		}
		it := Item{ID: base + task, Task: task, Question: rec.Description + "\nQ: " + q + gcPromptSuffix[task], Answer: b,
			AnswerType: GraCoReAnswer, Graph: stats}
		if tl := gcTasks[task].tools; len(tl) > 0 {
			it.Tool, it.AltTools = tl[0], tl[1:]
		}
		return it, it.Validate()
	}
	var items []Item
	if t.structure {
		if len(rec.QA.Structure) != 1 {
			return nil, nil, fmt.Errorf("structure_qa has %d entries, not 1", len(rec.QA.Structure))
		}
		s := rec.QA.Structure[0]
		for _, task := range []string{GCNodeNumber, GCAverageDegree, GCIsConnected, GCSimilarity} {
			qa, ok := s[task]
			if !ok {
				return nil, nil, fmt.Errorf("structure_qa has no %s", task)
			}
			var gold any
			switch task {
			case GCNodeNumber, GCAverageDegree:
				var f float64
				if err := json.Unmarshal(qa.A, &f); err != nil {
					return nil, nil, fmt.Errorf("%s: the answer %s is not a number", task, textutil.Truncate(string(qa.A), 30))
				}
				gold = f
			case GCIsConnected:
				var s string
				_ = json.Unmarshal(qa.A, &s)
				if s != "Yes" && s != "No" {
					return nil, nil, fmt.Errorf("%s: the answer %s is not Yes or No", task, textutil.Truncate(string(qa.A), 30))
				}
				gold = s == "Yes"
			case GCSimilarity:
				var tr [][3]float64
				if err := json.Unmarshal(qa.A, &tr); err != nil {
					return nil, nil, fmt.Errorf("%s: the answer is not a list of triplets: %v", task, err)
				}
				gold = tr
			}
			it, err := mk(task, qa.Q, gold)
			if err != nil {
				return nil, nil, err
			}
			items = append(items, it)
		}
	}
	q := rec.QA.Special.Q
	var ans string
	if t.key != GCHamiltonian {
		if err := json.Unmarshal(rec.QA.Special.A, &ans); err != nil {
			return nil, nil, fmt.Errorf("%s: the answer is not text", t.key)
		}
	}
	bad := func() error {
		return fmt.Errorf("%s: the answer %q is not create_data.py's", t.key, textutil.Truncate(ans, 50))
	}
	var gold any
	var params map[string]any
	switch t.key {
	case GCShortestPath:
		m := gcPathAnswerRe.FindStringSubmatch(ans)
		qm := gcPathQRe.FindStringSubmatch(q)
		if m == nil || qm == nil {
			return nil, nil, bad()
		}
		gold, _ = strconv.ParseFloat(m[2], 64)
		p.source, _ = strconv.Atoi(qm[1])
		p.target, _ = strconv.Atoi(qm[2])
		params = map[string]any{"source": qm[1], "target": qm[2]}
	case GCMaxFlow:
		m := gcFlowAnswerRe.FindStringSubmatch(ans)
		qm := gcFlowQRe.FindStringSubmatch(q)
		if m == nil || qm == nil {
			return nil, nil, bad()
		}
		gold, _ = strconv.ParseFloat(m[1], 64)
		p.source, _ = strconv.Atoi(qm[1])
		p.target, _ = strconv.Atoi(qm[2])
		params = map[string]any{"source": qm[1], "sink": qm[2]}
	case GCGraphTraversal:
		m := gcOptionsRe.FindStringSubmatch(q)
		if m == nil || !regexp.MustCompile(`^[A-D]\.$`).MatchString(ans) {
			return nil, nil, fmt.Errorf("%s: the question's options or the answer %q are not create_data.py's", t.key, textutil.Truncate(ans, 20))
		}
		for _, s := range m[1:5] {
			l, err := intList(s)
			if err != nil {
				return nil, nil, err
			}
			p.options = append(p.options, strList(l))
		}
		gold = ans[:1]
		params = map[string]any{"source": "0"}
	case GCTreeStructure, GCBipartiteGraph, GCEulerian:
		switch ans {
		case gcYesNo[t.key][0]:
			gold = true
		case gcYesNo[t.key][1]:
			gold = false
		default:
			return nil, nil, bad()
		}
	case GCGraphColoring:
		m := gcColorRe.FindStringSubmatch(ans)
		if m == nil {
			return nil, nil, bad()
		}
		gold, _ = strconv.ParseFloat(m[1], 64)
	case GCHamiltonian:
		// create_data.py answers list(G.edges(data=True)): every edge.
		var edges []json.RawMessage
		if err := json.Unmarshal(rec.QA.Special.A, &edges); err != nil {
			return nil, nil, fmt.Errorf("%s: the answer is not a list: %v", t.key, err)
		}
		gold = rec.QA.Special.A
		var cyc [][2]int
		if len(rec.HamiltonianCycle) > 0 && string(rec.HamiltonianCycle) != "null" {
			if err := json.Unmarshal(rec.HamiltonianCycle, &cyc); err != nil {
				return nil, nil, fmt.Errorf("hamiltonian_cycle: %v", err)
			}
		}
		p.planted = cyc
	case GCTSP:
		m := gcTSPRe.FindStringSubmatch(ans)
		if m == nil {
			return nil, nil, bad()
		}
		l, err := intList(m[2])
		if err != nil {
			return nil, nil, err
		}
		length, _ := strconv.ParseFloat(m[1], 64)
		gold = map[string]any{"length": length, "path": strList(l)}
	}
	it, err := mk(t.key, q, gold)
	if err != nil {
		return nil, nil, err
	}
	it.Params = params
	items = append(items, it)
	return items, p, nil
}

// graCoReData is a read GraCoRe split: its items and the problems they
// ask about, by item ID.
type graCoReData struct {
	items    []Item
	problems map[string]*gcProblem
}

// readGraCoReFile reads one graph_<n>.json file of a type.
func readGraCoReFile(ctx context.Context, t gcType, size int, name string, raw []byte, d *graCoReData) error {
	var recs []gcRecord
	if err := json.Unmarshal(raw, &recs); err != nil {
		return jsonError("gracore", name, raw, err)
	}
	if len(recs) == 0 {
		return fmt.Errorf("gracore: %s has no graphs", name)
	}
	lines := arrayElementLines(raw)
	for i := range recs {
		if err := ctx.Err(); err != nil {
			return err
		}
		line := 1
		if i < len(lines) {
			line = lines[i]
		}
		items, p, err := gcItems(t, size, i, &recs[i])
		if err != nil {
			return fmt.Errorf("gracore: %s:%d: graph %d: %w", name, line, i, err)
		}
		for _, it := range items {
			d.problems[it.ID] = p
		}
		d.items = append(d.items, items...)
	}
	return nil
}

var gcFileRe = lazyre.New(`^graph_(\d+)\.json$`)

// gcRoot finds the folder holding the type folders: PATH, PATH/Pure Graph
// or PATH/Data/Pure Graph.
func gcRoot(path string) (string, bool) {
	for _, c := range []string{path, filepath.Join(path, "Pure Graph"), filepath.Join(path, "Data", "Pure Graph")} {
		for _, t := range gcTypes {
			if st, err := os.Stat(filepath.Join(c, t.folder)); err == nil && st.IsDir() {
				return c, true
			}
		}
	}
	return "", false
}

func gcExpectedFiles() string {
	var f []string
	for _, t := range gcTypes {
		f = append(f, "'"+t.folder+"'")
	}
	return "Data/Pure Graph/<type>/graph_<n>.json for the types " + strings.Join(f, ", ")
}

// ReadGraCoReDir reads GraCoRe's pure-graph files under path (the
// repository, its Data folder or Data/Pure Graph) for tasks (all when
// empty). A malformed file is an error naming the file and the line.
func ReadGraCoReDir(ctx context.Context, path string, tasks []string) ([]Item, error) {
	d, err := readGraCoReDir(ctx, path, tasks)
	if err != nil {
		return nil, err
	}
	return d.items, nil
}

func readGraCoReDir(ctx context.Context, path string, tasks []string) (*graCoReData, error) {
	want, err := selectTasks("gracore", tasks, GraCoReTasks())
	if err != nil {
		return nil, err
	}
	root, ok := gcRoot(path)
	if !ok {
		return nil, fmt.Errorf("gracore: %s holds none of GraCoRe's folders: the suite reads %s, from %s", path, gcExpectedFiles(), GraCoReSource)
	}
	d := &graCoReData{problems: map[string]*gcProblem{}}
	var missing []string
	for _, t := range gcTypes {
		if len(want) > 0 && !want[t.key] && !(t.structure && (want[GCNodeNumber] || want[GCAverageDegree] || want[GCIsConnected] || want[GCSimilarity])) {
			continue
		}
		dir := filepath.Join(root, t.folder)
		entries, err := os.ReadDir(dir)
		if err != nil {
			missing = append(missing, "'"+t.folder+"'")
			continue
		}
		type file struct {
			name string
			size int
		}
		var files []file
		for _, e := range entries {
			if m := gcFileRe.FindStringSubmatch(e.Name()); m != nil && !e.IsDir() {
				n, _ := strconv.Atoi(m[1])
				files = append(files, file{e.Name(), n})
			}
		}
		if len(files) == 0 {
			missing = append(missing, "'"+t.folder+"'/graph_<n>.json")
			continue
		}
		sort.Slice(files, func(i, j int) bool { return files[i].size < files[j].size })
		for _, f := range files {
			raw, err := os.ReadFile(filepath.Join(dir, f.name))
			if err != nil {
				return nil, fmt.Errorf("gracore: %w", err)
			}
			if err := readGraCoReFile(ctx, t, f.size, filepath.Join(t.folder, f.name), raw, d); err != nil {
				return nil, err
			}
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("gracore: %s lacks %s: the suite reads %s, from %s; --tasks keeps only the tasks whose files you have",
			root, strings.Join(missing, ", "), gcExpectedFiles(), GraCoReSource)
	}
	d.items = keepTasks(d.items, want)
	return d, nil
}

// GraCoRePrompt is the user message get_result_llama3-ins.py sends: the
// graph description, "\nQ: ", the question and its suffix (the item's
// question as built).
func GraCoRePrompt(question string) string { return question }
