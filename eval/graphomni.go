package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools/graph"
)

// GraphOmniAnswer is the answer type of GraphOmni items, judged by
// checkGraphOmni according to the task.
const GraphOmniAnswer AnswerType = "graphomni"

// GraphOmniSource says where GraphOmni's files are published and which
// code this suite follows.
const GraphOmniSource = "GraphOmni (the Hugging Face dataset GoodAIResearch/GraphOmni-anon, query/query_json/load_<task>.json, " +
	"as the README of github.com/sduzxj/GraphOmni-submission describes it; that repository's results/jsonfile/load_<task>.json " +
	"holds the same records with one model's replies); prompts are the records' query as main.py sends it, answers scored by eval_fun/*.py"

// GraphOmni's six tasks, as main.py names them.
const (
	GOConnectivity = "connectivity"
	GOBFSOrder     = "bfsorder"
	GOTriangle     = "triangle"
	GODiameter     = "diameter"
	GOCycle        = "cycle"
	GOShortestPath = "shortest_path"
)

// GraphOmniTasks lists the tasks in main.py's order.
func GraphOmniTasks() []string {
	return []string{GOConnectivity, GOBFSOrder, GOTriangle, GODiameter, GOCycle, GOShortestPath}
}

// goTools are each task's gold tools.
var goTools = map[string][]string{
	GOConnectivity: {"path_exists", "shortest_path", "shortest_path_length"},
	GOBFSOrder:     {"bfs_order"},
	GOTriangle:     {"triangle_count"},
	GODiameter:     {"diameter"},
	GOCycle:        {"cycle_check"},
	GOShortestPath: {"shortest_path", "shortest_path_length"},
}

// goSerializations are main.py's outputformats.
var goSerializations = []string{"Graph Modelling Language", "Adjacency Set", "Edge Set", "Edge List", "Adjacency Matrix", "Adjacency List", "GraphML"}

// goRecord is one record of a load_<task>.json file.
type goRecord struct {
	NameID        string `json:"name-id"`
	Query         string `json:"query"`
	GTAnswer      any    `json:"gt_answer"`
	PromptType    string `json:"prompt_type"`
	TaskType      string `json:"task_type"`
	Serialization string `json:"serialization_type"`
	GraphInfo     string `json:"graph_info"`
	GraphType     string `json:"graph_type"`
	Difficulty    string `json:"difficulty"`
}

// goProblem is a GraphOmni record's graph as the suite reads it: the
// graph its query serializes (the last one, after any examples), the
// size of graph_info's matrix, and the nodes the question names.
type goProblem struct {
	task          string
	serialization string
	text          string // the serialized graph
	matrixN       int
	matrixEdges   [][2]int
	asked         []string
}

// shown reads the graph the problem's query serializes.
func (p *goProblem) shown() (*graph.Graph, error) {
	return goParseGraph(p.serialization, p.text)
}

// graph is the benchmark's graph: the one the query shows and, when its
// nodes are all labels 0..n-1 of graph_info's n-node matrix, the matrix's
// other nodes as nodes without edges (the Adjacency Set lists only nodes
// with edges; the matrix has a row for every node).
func (p *goProblem) graph() (*graph.Graph, error) {
	g, err := p.shown()
	if err != nil || p.matrixN <= g.N() {
		return g, err
	}
	for i := range g.N() {
		v, err := strconv.Atoi(g.ID(int32(i)))
		if err != nil || v < 0 || v >= p.matrixN {
			return g, nil
		}
	}
	b := graph.NewBuilder(g.Directed())
	for i := range g.N() {
		if _, err := b.AddNode(g.ID(int32(i))); err != nil {
			return nil, err
		}
	}
	for i := range p.matrixN {
		if _, err := b.AddNode(strconv.Itoa(i)); err != nil {
			return nil, err
		}
	}
	for e := range g.M() {
		u, v := g.Edge(int32(e))
		if _, err := b.AddEdge(g.ID(u), g.ID(v)); err != nil {
			return nil, err
		}
	}
	return b.Build(), nil
}

var (
	goMatrixRowRe = lazyre.New(`\d+`)
	goEdgePairRe  = lazyre.New(`\(\s*(\d+)\s*,\s*(\d+)\s*\)`)
)

// goParseGraph reads one of main.py's seven serializations.
func goParseGraph(ser, text string) (*graph.Graph, error) {
	opt := graph.ReadOptions{Name: "the query's " + ser}
	t := strings.TrimSpace(text)
	switch ser {
	case "Adjacency Set", "Adjacency List":
		if strings.HasPrefix(t, "{") {
			return graph.ParsePythonAdjacency(t, opt)
		}
		return graph.Read(strings.NewReader(t), graph.FormatEdgeList, opt)
	case "Edge Set", "Edge List":
		ms := goEdgePairRe.FindAllStringSubmatch(t, -1)
		if len(ms) == 0 && !strings.Contains(t, "(") {
			return graph.Read(strings.NewReader(t), graph.FormatEdgeList, opt)
		}
		b := graph.NewBuilder(false)
		for _, m := range ms {
			if _, err := b.AddEdge(m[1], m[2]); err != nil {
				return nil, err
			}
		}
		return b.Build(), nil
	case "Adjacency Matrix":
		rows := strings.Split(strings.Trim(t, "[] \n"), "\n")
		b := graph.NewBuilder(false)
		for i := range rows {
			if _, err := b.AddNode(strconv.Itoa(i)); err != nil {
				return nil, err
			}
		}
		for i, r := range rows {
			cells := goMatrixRowRe.FindAllString(r, -1)
			if len(cells) != len(rows) {
				return nil, fmt.Errorf("adjacency matrix row %d has %d cells, not %d", i, len(cells), len(rows))
			}
			for j, c := range cells {
				if c != "0" && j > i {
					if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa(j)); err != nil {
						return nil, err
					}
				}
			}
		}
		return b.Build(), nil
	case "GraphML":
		return graph.Read(strings.NewReader(t), graph.FormatGraphML, opt)
	case "Graph Modelling Language":
		return graph.Read(strings.NewReader(t), graph.FormatGML, opt)
	}
	return nil, fmt.Errorf("serialization %q is none of main.py's (%s)", ser, strings.Join(goSerializations, ", "))
}

// goGraphText returns the serialized graph the query asks about: the text
// after the last "<serialization> is" before the last "\nQ: " (k-shot and
// CoT prompts give example graphs first).
func goGraphText(query, ser string) (string, bool) {
	q := strings.LastIndex(query, "\nQ: ")
	if q < 0 {
		return "", false
	}
	head := query[:q]
	i := strings.LastIndex(head, ser+" is")
	if i < 0 {
		return "", false
	}
	rest := head[i+len(ser)+len(" is"):]
	rest = strings.TrimPrefix(strings.TrimLeft(rest, " "), ":")
	return strings.TrimSpace(rest), true
}

// goMatrix reads graph_info, the adjacency matrix main.py's checks build
// their graph from (get_edges_from_str: the upper triangle's ones).
func goMatrix(info string) (int, [][2]int, error) {
	s := strings.TrimSpace(info)
	if s == "[]" || s == "" {
		return 0, nil, nil
	}
	var rows [][]string
	for _, r := range strings.Split(s, "]") {
		if cells := goMatrixRowRe.FindAllString(r, -1); len(cells) > 0 {
			rows = append(rows, cells)
		}
	}
	var edges [][2]int
	for i, r := range rows {
		if len(r) != len(rows) {
			return 0, nil, fmt.Errorf("graph_info row %d has %d cells, not %d", i, len(r), len(rows))
		}
		for j := i + 1; j < len(r); j++ {
			if r[j] == "1" {
				edges = append(edges, [2]int{i, j})
			}
		}
	}
	return len(rows), edges, nil
}

var (
	goConnQRe  = lazyre.New(`Is there a path between node (\d+) and node (\d+)\?`)
	goBFSQRe   = lazyre.New(`bfs traversal order starting from node (\d+)`)
	goPathQRe  = lazyre.New(`shortest path from node (\d+) to node (\d+)`)
	goConnGold = lazyre.New(`^\[(True|False), \[(\d+), (\d+)\]\]$`)
	goIntsRe   = lazyre.New(`\d+`)
)

// goItem makes the item of one record.
func goItem(task string, rec *goRecord) (Item, *goProblem, error) {
	if rec.NameID == "" {
		return Item{}, nil, errors.New("no name-id")
	}
	if rec.TaskType != task {
		return Item{}, nil, fmt.Errorf("task_type %q in the file of %s", textutil.Truncate(rec.TaskType, 30), task)
	}
	gt, ok := rec.GTAnswer.(string)
	if !ok {
		b, _ := json.Marshal(rec.GTAnswer)
		gt = string(b)
	}
	text, ok := goGraphText(rec.Query, rec.Serialization)
	if !ok {
		return Item{}, nil, fmt.Errorf("the query holds no %q graph before its question", textutil.Truncate(rec.Serialization, 30))
	}
	p := &goProblem{task: task, serialization: rec.Serialization, text: text}
	n, edges, err := goMatrix(rec.GraphInfo)
	if err != nil {
		return Item{}, nil, err
	}
	p.matrixN, p.matrixEdges = n, edges
	g, err := p.shown()
	if err != nil {
		return Item{}, nil, fmt.Errorf("the query's graph: %w", err)
	}
	q := rec.Query[strings.LastIndex(rec.Query, "\nQ: "):]
	bad := func() error {
		return fmt.Errorf("%s: the answer %q is not main.py's", task, textutil.Truncate(gt, 40))
	}
	var gold any
	var params map[string]any
	switch task {
	case GOConnectivity:
		m := goConnGold.FindStringSubmatch(gt)
		qm := goConnQRe.FindStringSubmatch(q)
		if m == nil || qm == nil {
			return Item{}, nil, bad()
		}
		gold = m[1] == "True"
		p.asked = []string{qm[1], qm[2]}
		params = map[string]any{"source": qm[1], "target": qm[2]}
	case GOBFSOrder:
		qm := goBFSQRe.FindStringSubmatch(q)
		l := goIntsRe.FindAllString(gt, -1)
		if qm == nil || len(l) == 0 || !strings.HasPrefix(gt, "(") {
			return Item{}, nil, bad()
		}
		gold = l
		p.asked = []string{qm[1]}
		params = map[string]any{"source": qm[1]}
	case GOTriangle, GODiameter:
		f, err := strconv.ParseFloat(strings.TrimSpace(gt), 64)
		if err != nil {
			return Item{}, nil, bad()
		}
		gold = f
	case GOCycle:
		switch gt {
		case "True":
			gold = true
		case "False":
			gold = false
		default:
			return Item{}, nil, bad()
		}
	case GOShortestPath:
		qm := goPathQRe.FindStringSubmatch(q)
		l := goIntsRe.FindAllString(gt, -1)
		if qm == nil || len(l) == 0 || !strings.HasPrefix(gt, "[") {
			return Item{}, nil, bad()
		}
		gold = l
		p.asked = []string{qm[1], qm[2]}
		params = map[string]any{"source": qm[1], "target": qm[2]}
	}
	b, err := json.Marshal(gold)
	if err != nil {
		return Item{}, nil, err
	}
	tl := goTools[task]
	mode := rec.Serialization
	if rec.PromptType != "" {
		mode += "+" + rec.PromptType
	}
	it := Item{ID: rec.NameID, Task: task, Question: rec.Query, Answer: b, AnswerType: GraphOmniAnswer, Mode: mode,
		Tool: tl[0], AltTools: tl[1:], Params: params, Graph: &GraphStats{Nodes: g.N(), Edges: g.M()}}
	return it, p, it.Validate()
}

// graphOmniData is a read GraphOmni split.
type graphOmniData struct {
	items    []Item
	problems map[string]*goProblem
}

// readGraphOmniFile reads one load_<task>.json file into d.
func readGraphOmniFile(ctx context.Context, task, name string, raw []byte, d *graphOmniData) error {
	var recs []goRecord
	if err := json.Unmarshal(raw, &recs); err != nil {
		return jsonError("graphomni", name, raw, err)
	}
	if len(recs) == 0 {
		return fmt.Errorf("graphomni: %s has no records", name)
	}
	lines := arrayElementLines(raw)
	for i := range recs {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		line := 1
		if i < len(lines) {
			line = lines[i]
		}
		it, p, err := goItem(task, &recs[i])
		if err != nil {
			return fmt.Errorf("graphomni: %s:%d: record %d: %w", name, line, i, err)
		}
		if _, dup := d.problems[it.ID]; dup {
			return fmt.Errorf("graphomni: %s:%d: record %d: name-id %q is given twice", name, line, i, textutil.Truncate(it.ID, 60))
		}
		d.problems[it.ID] = p
		d.items = append(d.items, it)
	}
	return nil
}

func goFileName(task string) string { return "load_" + task + ".json" }

func goExpectedFiles() string {
	var f []string
	for _, t := range GraphOmniTasks() {
		f = append(f, goFileName(t))
	}
	return strings.Join(f, ", ")
}

// ReadGraphOmniDir reads GraphOmni's load_<task>.json files under path
// (the folder, or the dataset's query/query_json, or the repository's
// results/jsonfile) for tasks (all when empty). A malformed file is an
// error naming the file and the line.
func ReadGraphOmniDir(ctx context.Context, path string, tasks []string) ([]Item, error) {
	d, err := readGraphOmniDir(ctx, path, tasks)
	if err != nil {
		return nil, err
	}
	return d.items, nil
}

func readGraphOmniDir(ctx context.Context, path string, tasks []string) (*graphOmniData, error) {
	want, err := selectTasks("graphomni", tasks, GraphOmniTasks())
	if err != nil {
		return nil, err
	}
	files, err := findSuiteFiles("graphomni", path, []string{"query/query_json", "results/jsonfile"}, GraphOmniTasks(), want, goFileName, GraphOmniSource)
	if err != nil {
		return nil, err
	}
	d := &graphOmniData{problems: map[string]*goProblem{}}
	for _, f := range files {
		raw, _, err := readMaybeGzip(f.path)
		if err != nil {
			return nil, fmt.Errorf("graphomni: %w", err)
		}
		if err := readGraphOmniFile(ctx, f.task, f.name, raw, d); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// GraphOmniPrompt is what main.py sends a model: the record's query as it
// is (predict(llmmodel, [query])).
func GraphOmniPrompt(question string) string { return question }
