package eval

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools/graph"
)

// GraphInstructAnswer is the answer type of GraphInstruct (CGCL) items,
// judged by checkGraphInstruct according to the task.
const GraphInstructAnswer AnswerType = "graphinstruct"

// GraphInstructSource says where GraphInstruct's files come from and which
// code this suite follows.
const GraphInstructSource = "GraphInstruct (github.com/CGCL-codes/GraphInstruct) publishes no test files: generate them with its " +
	"GTG generator, as script/dataset_generation/<task>.sh does (python3 -m GTG.generation --task T --file_output T/T.csv " +
	"--num_samples N --num_nodes_range \"(5,7)\" --hash_str mini, then python3 -m GTG.process_node_id.main --id_type int_id " +
	"--file_input T/T.csv --file_output T/T-int_id.csv); prompts as LLaMAFactory/data/dataset.ipynb (cell 2) builds them, " +
	"answers scored by GTG/utils/evaluation.py, GTG/utils/parse_output.py and each task's Evaluator"

// GraphInstruct's 21 tasks, as GTG/evaluation.py names them.
const (
	GITopologicalSort    = "topological_sort"
	GIHamiltonianPath    = "hamiltonian_path"
	GIEulerPath          = "euler_path"
	GIDFS                = "DFS"
	GIBFS                = "BFS"
	GIBipartite          = "bipartite"
	GIShortestPath       = "shortest_path"
	GIPageRank           = "page_rank"
	GIMaximumFlow        = "maximum_flow"
	GIDegree             = "degree"
	GIDiameter           = "diameter"
	GICommonNeighbor     = "common_neighbor"
	GIJaccard            = "jaccard"
	GIConnectivity       = "connectivity"
	GICycle              = "cycle"
	GIEdge               = "edge"
	GINeighbor           = "neighbor"
	GIPredecessor        = "predecessor"
	GIMST                = "MST"
	GIClustering         = "clustering_coefficient"
	GIConnectedComponent = "connected_component"
)

// GraphInstructTasks lists the tasks in GTG/evaluation.py's order.
func GraphInstructTasks() []string {
	return []string{GITopologicalSort, GIHamiltonianPath, GIEulerPath, GIDFS, GIBFS, GIBipartite, GIShortestPath, GIPageRank,
		GIMaximumFlow, GIDegree, GIDiameter, GICommonNeighbor, GIJaccard, GIConnectivity, GICycle, GIEdge, GINeighbor,
		GIPredecessor, GIMST, GIClustering, GIConnectedComponent}
}

// giTask is a task's answer kind (its Evaluator class in GTG: 'b'
// BoolEvaluator, 'i' IntEvaluator, 'f' FloatEvaluator, 'n' a node
// (page_rank), 's' NodeSetEvaluator, 'l' NodeListEvaluator with the task's
// own check, 'm' the bipartite matching), its example type in
// dataset.ipynb (type_1..type_4) and its gold tools.
type giTask struct {
	kind    byte
	example int
	tools   []string
}

var giTasks = map[string]giTask{
	GITopologicalSort:    {'l', 2, []string{"topological_sort"}},
	GIHamiltonianPath:    {'l', 2, []string{"hamiltonian_path"}},
	GIEulerPath:          {'l', 2, []string{"euler_path"}},
	GIDFS:                {'l', 2, []string{"dfs_order"}},
	GIBFS:                {'l', 2, []string{"bfs_order"}},
	GIBipartite:          {'m', 4, []string{"maximum_bipartite_matching"}},
	GIShortestPath:       {'i', 2, []string{"shortest_path_length", "shortest_path"}},
	GIPageRank:           {'n', 3, []string{"pagerank"}},
	GIMaximumFlow:        {'i', 3, []string{"maximum_flow"}},
	GIDegree:             {'i', 3, []string{"degree"}},
	GIDiameter:           {'i', 3, []string{"diameter"}},
	GICommonNeighbor:     {'i', 3, []string{"common_neighbors", "successors"}},
	GIJaccard:            {'f', 3, []string{"jaccard_coefficient", "successors"}},
	GIConnectivity:       {'b', 1, []string{"path_exists", "shortest_path", "shortest_path_length"}},
	GICycle:              {'b', 1, []string{"cycle_check"}},
	GIEdge:               {'b', 1, []string{"edge_exists"}},
	GINeighbor:           {'s', 2, []string{"neighbors", "successors"}},
	GIPredecessor:        {'s', 2, []string{"predecessors"}},
	GIMST:                {'i', 3, []string{"minimum_spanning_tree"}},
	GIClustering:         {'f', 3, []string{"clustering_coefficient"}},
	GIConnectedComponent: {'s', 2, []string{"connected_components", "strongly_connected_components"}},
}

// giExamples are dataset.ipynb's answer-format examples, by type.
var giExamples = map[int]string{
	1: "if your answer is Yes, please output <<<Yes>>> only.",
	2: "if your answer is [4,2,5,0], please output <<<[4,2,5,0]>>> only.",
	3: "if your answer is 0.3, please output <<<0.3>>> only.",
	4: "if your answer is (0, 4), (1, 8), (2, 3), please output <<<[(0, 4), (1, 8), (2, 3)]>>> only.",
}

// GraphInstructPrompt builds the instruction dataset.ipynb (cell 2,
// convert_splits_to_json) builds of a record: the task name upper-cased,
// the task type's example, the graph's direction, graph_nl and the
// question.
func GraphInstructPrompt(task string, directed bool, graphNL, question string) string {
	kind := "undirected"
	if directed {
		kind = "directed"
	}
	return "The following is a question related to the graph reasoning task " + strings.ToUpper(task) +
		". Please answer the question and format your final response as <<<ANSWER>>>. For example, " +
		giExamples[giTasks[task].example] + " \n" +
		"Given a " + kind + " graph with the following connections:\n" + graphNL + "\n" + question
}

// giColumns are the columns the suite needs of a GTG file (as
// GTG/process_node_id/main.py writes them; others are ignored).
var giColumns = []string{"task", "graph", "graph_nl", "nodes", "directed", "question", "answer", "id"}

// giProblem is a GraphInstruct record's graph as the suite reads it: the
// nodes of its nodes column, the edges of its graph column (with weights
// for the weighted tasks), the nodes its question names and, for
// bipartite, the two node sets.
type giProblem struct {
	task     string
	directed bool
	n        int
	edges    [][3]int
	weighted bool
	asked    []string
	// nlWeights says whether graph_nl (what the prompt shows) carries the
	// edge weights.
	nlWeights  bool
	set1, set2 []string
}

// graph builds the record's graph: nodes 0..n-1, then the edges, weights
// as both weight and capacity.
func (p *giProblem) graph() (*graph.Graph, error) {
	b := graph.NewBuilder(p.directed)
	b.Grow(p.n, len(p.edges))
	for v := range p.n {
		if _, err := b.AddNode(strconv.Itoa(v)); err != nil {
			return nil, err
		}
	}
	for _, e := range p.edges {
		u, v := strconv.Itoa(e[0]), strconv.Itoa(e[1])
		if !p.weighted {
			if _, err := b.AddEdge(u, v); err != nil {
				return nil, err
			}
			continue
		}
		id, err := b.AddWeightedEdge(u, v, float64(e[2]))
		if err != nil {
			return nil, err
		}
		b.SetCapacity(id, float64(e[2]))
	}
	return b.Build(), nil
}

var (
	giEdgeRe      = lazyre.New(`^\((\d+), (\d+)((?:, weight:\d+)?)\),?`)
	giNodesRe     = lazyre.New(`^\[((?:\d+(?:, )?)*)\]$`)
	giAskedRe     = lazyre.New(`node <?(\d+)>?`)
	giSetRe       = lazyre.New(`Nodes set ([12]) contains:((?: \d+)*)\.`)
	giNodeListRe  = lazyre.New(`^\[((?:\d+(?:, )?)*)\]$`)
	giMatchingRe  = lazyre.New(`^\((\d+), (\d+)\),? ?`)
	giYesNoAnswer = map[string]bool{"Yes": true, "No": false}
)

// maxGINodes bounds a record's node count.
const maxGINodes = 1 << 16

// giItem makes the item of one record (its columns by name).
func giItem(task string, rec map[string]string) (Item, *giProblem, error) {
	if !strings.EqualFold(rec["task"], task) {
		return Item{}, nil, fmt.Errorf("task %q in the file of %s", textutil.Truncate(rec["task"], 30), task)
	}
	id := strings.TrimSpace(rec["id"])
	if _, err := strconv.Atoi(id); err != nil {
		return Item{}, nil, fmt.Errorf("id %q is not a number", textutil.Truncate(id, 20))
	}
	p := &giProblem{task: task}
	switch rec["directed"] {
	case "True":
		p.directed = true
	case "False":
	default:
		return Item{}, nil, fmt.Errorf("directed is %q, not True or False", textutil.Truncate(rec["directed"], 20))
	}
	m := giNodesRe.FindStringSubmatch(strings.TrimSpace(rec["nodes"]))
	if m == nil {
		return Item{}, nil, fmt.Errorf("nodes %q is not a list of node numbers", textutil.Truncate(rec["nodes"], 40))
	}
	for i, s := range strings.Split(m[1], ", ") {
		if s == "" {
			continue
		}
		if s != strconv.Itoa(i) {
			return Item{}, nil, fmt.Errorf("nodes %q are not 0..n-1 in order", textutil.Truncate(rec["nodes"], 40))
		}
		p.n = i + 1
	}
	if p.n == 0 || p.n > maxGINodes {
		return Item{}, nil, fmt.Errorf("%d nodes", p.n)
	}
	list := strings.TrimSpace(rec["graph"])
	if !strings.HasPrefix(list, "[") || !strings.HasSuffix(list, "]") {
		return Item{}, nil, fmt.Errorf("graph %q is not a bracketed edge list", textutil.Truncate(list, 40))
	}
	toks, err := allTokens(giEdgeRe, list[1:len(list)-1], "GTG edge")
	if err != nil {
		return Item{}, nil, fmt.Errorf("graph: %w", err)
	}
	node := func(s string) (int, error) {
		v, err := strconv.Atoi(s)
		if err != nil || v >= p.n {
			return 0, fmt.Errorf("node %q is outside 0..%d", textutil.Truncate(s, 20), p.n-1)
		}
		return v, nil
	}
	for i, t := range toks {
		u, err := node(t[1])
		if err != nil {
			return Item{}, nil, fmt.Errorf("graph: %w", err)
		}
		v, err := node(t[2])
		if err != nil {
			return Item{}, nil, fmt.Errorf("graph: %w", err)
		}
		w := 0
		if t[3] != "" {
			if i > 0 && !p.weighted {
				return Item{}, nil, errors.New("graph: some edges have weights and some not")
			}
			p.weighted = true
			if w, err = strconv.Atoi(strings.TrimPrefix(t[3], ", weight:")); err != nil || w > 1<<30 {
				return Item{}, nil, fmt.Errorf("graph: weight %q out of range", textutil.Truncate(t[3], 20))
			}
		} else if p.weighted {
			return Item{}, nil, errors.New("graph: some edges have weights and some not")
		}
		p.edges = append(p.edges, [3]int{u, v, w})
	}
	p.nlWeights = strings.Contains(rec["graph_nl"], "(weight: ")
	q := rec["question"]
	for _, a := range giAskedRe.FindAllStringSubmatch(q, -1) {
		if _, err := node(a[1]); err != nil {
			return Item{}, nil, fmt.Errorf("question: %w", err)
		}
		p.asked = append(p.asked, a[1])
	}
	need := map[string]int{GIShortestPath: 2, GIMaximumFlow: 2, GIDegree: 1, GICommonNeighbor: 2, GIJaccard: 2, GIConnectivity: 2,
		GIEdge: 2, GINeighbor: 1, GIPredecessor: 1, GIClustering: 1, GIConnectedComponent: 1, GIBFS: 1, GIDFS: 1}[task]
	if len(p.asked) < need {
		return Item{}, nil, fmt.Errorf("question %q names %d node(s), not %d", textutil.Truncate(q, 60), len(p.asked), need)
	}
	p.asked = p.asked[:need]
	if task == GIBipartite {
		for _, s := range giSetRe.FindAllStringSubmatch(q, -1) {
			f := strings.Fields(s[2])
			if s[1] == "1" {
				p.set1 = f
			} else {
				p.set2 = f
			}
		}
		if len(p.set1) == 0 || len(p.set2) == 0 {
			return Item{}, nil, fmt.Errorf("question %q does not give the two node sets", textutil.Truncate(q, 60))
		}
	}
	gold, err := giGold(task, strings.TrimSpace(rec["answer"]), p.n)
	if err != nil {
		return Item{}, nil, err
	}
	b, err := json.Marshal(gold)
	if err != nil {
		return Item{}, nil, err
	}
	t := giTasks[task]
	dir := p.directed
	params := map[string]any{}
	for i, a := range p.asked {
		params[[]string{"source", "target"}[i]] = a
	}
	it := Item{ID: task + "-" + id, Task: task, Question: GraphInstructPrompt(task, p.directed, rec["graph_nl"], q),
		Answer: b, AnswerType: GraphInstructAnswer, Tool: t.tools[0], AltTools: t.tools[1:], Params: params,
		Directed: &dir, Graph: &GraphStats{Nodes: p.n, Edges: len(p.edges)}}
	return it, p, it.Validate()
}

// giGold reads a record's answer column by the task's kind.
func giGold(task, ans string, n int) (any, error) {
	bad := func() error {
		return fmt.Errorf("%s: the answer %q is not GTG's", task, textutil.Truncate(ans, 40))
	}
	switch giTasks[task].kind {
	case 'b':
		v, ok := giYesNoAnswer[ans]
		if !ok {
			return nil, bad()
		}
		return v, nil
	case 'i', 'f':
		f, err := strconv.ParseFloat(ans, 64)
		if err != nil || f < 0 || f > 1<<40 {
			return nil, bad()
		}
		return f, nil
	case 'n':
		// The nodes of the largest value, ties written space-separated
		// ("1 2"); page_rank's Evaluator reads them with
		// get_nodes_set_from_nodes_str.
		out := []string{}
		for _, f := range strings.Fields(strings.NewReplacer("[", " ", "]", " ", ",", " ").Replace(ans)) {
			if _, ok := nodeOf(f, n); !ok {
				return nil, bad()
			}
			out = append(out, f)
		}
		if len(out) == 0 {
			return nil, bad()
		}
		return out, nil
	case 'm':
		if !strings.HasPrefix(ans, "[") || !strings.HasSuffix(ans, "]") {
			return nil, bad()
		}
		toks, err := allTokens(giMatchingRe, ans[1:len(ans)-1], "matched pair")
		if err != nil {
			return nil, bad()
		}
		out := make([][]string, len(toks))
		for i, t := range toks {
			out[i] = []string{t[1], t[2]}
		}
		return out, nil
	}
	m := giNodeListRe.FindStringSubmatch(ans)
	if m == nil {
		return nil, bad()
	}
	out := []string{}
	for _, s := range strings.Split(m[1], ", ") {
		if s == "" {
			continue
		}
		if _, ok := nodeOf(s, n); !ok {
			return nil, bad()
		}
		out = append(out, s)
	}
	return out, nil
}

// graphInstructData is a read GraphInstruct split.
type graphInstructData struct {
	items    []Item
	problems map[string]*giProblem
}

// readGraphInstructFile reads one <task>-int_id.csv file (pandas' CSV:
// a header row, fields with newlines quoted) into d. A malformed row is an
// error naming the file and its line.
func readGraphInstructFile(ctx context.Context, task, name string, raw []byte, d *graphInstructData) error {
	r := csv.NewReader(bytes.NewReader(raw))
	head, err := r.Read()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("graphinstruct: %s is empty", name)
		}
		return giCSVError(name, err)
	}
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	for _, c := range giColumns {
		if _, ok := col[c]; !ok {
			return fmt.Errorf("graphinstruct: %s:1: no %q column (a GTG file has %s)", name, c, strings.Join(giColumns, ", "))
		}
	}
	rec := make(map[string]string, len(giColumns))
	for row := 1; ; row++ {
		if row%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		fields, err := r.Read()
		if errors.Is(err, io.EOF) {
			if row == 1 {
				return fmt.Errorf("graphinstruct: %s has no records", name)
			}
			return nil
		}
		if err != nil {
			return giCSVError(name, err)
		}
		line, _ := r.FieldPos(0)
		for _, c := range giColumns {
			rec[c] = fields[col[c]]
		}
		it, p, err := giItem(task, rec)
		if err != nil {
			return fmt.Errorf("graphinstruct: %s:%d: record %d: %w", name, line, row, err)
		}
		if _, dup := d.problems[it.ID]; dup {
			return fmt.Errorf("graphinstruct: %s:%d: record %d: id %q is given twice", name, line, row, textutil.Truncate(it.ID, 60))
		}
		d.problems[it.ID] = p
		d.items = append(d.items, it)
	}
}

// giCSVError names the file and line of a CSV error.
func giCSVError(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("graphinstruct: %s:%d: %w (a truncated or hand-edited file?)", name, pe.Line, pe.Err)
	}
	return fmt.Errorf("graphinstruct: %s: %w", name, err)
}

func giFileName(task string) string { return task + "-int_id.csv" }

// giNestedName is the file as the generation scripts lay it out
// (<data_root>/<task>/<task>-int_id.csv).
func giNestedName(task string) string { return filepath.Join(task, giFileName(task)) }

// ReadGraphInstructDir reads GTG's <task>-int_id.csv files under path
// (in path itself or in its <task> folders, as the generation scripts
// write them) for tasks (all when empty). A malformed file is an error
// naming the file and the line.
func ReadGraphInstructDir(ctx context.Context, path string, tasks []string) ([]Item, error) {
	d, err := readGraphInstructDir(ctx, path, tasks)
	if err != nil {
		return nil, err
	}
	return d.items, nil
}

func readGraphInstructDir(ctx context.Context, path string, tasks []string) (*graphInstructData, error) {
	want, err := selectTasks("graphinstruct", tasks, GraphInstructTasks())
	if err != nil {
		return nil, err
	}
	name := giFileName
	for _, t := range GraphInstructTasks() {
		if existsMaybeGzip(filepath.Join(path, giNestedName(t))) {
			name = giNestedName
			break
		}
	}
	files, err := findSuiteFiles("graphinstruct", path, nil, GraphInstructTasks(), want, name, GraphInstructSource)
	if err != nil {
		return nil, err
	}
	d := &graphInstructData{problems: map[string]*giProblem{}}
	for _, f := range files {
		raw, _, err := readMaybeGzip(f.path)
		if err != nil {
			return nil, fmt.Errorf("graphinstruct: %w", err)
		}
		if err := readGraphInstructFile(ctx, f.task, f.name, raw, d); err != nil {
			return nil, err
		}
	}
	return d, nil
}
