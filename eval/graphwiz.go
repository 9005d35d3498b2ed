package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// GraphWizAnswer is the answer type of GraphWiz items: the gold is the
// benchmark's "### X" answer, judged by checkGraphWiz according to the task.
const GraphWizAnswer AnswerType = "graphwiz"

// GraphWiz's nine test tasks, as its file names spell them
// (<task>_test.json).
const (
	GWCycle        = "cycle"
	GWConnectivity = "connectivity"
	GWBipartite    = "bipartite"
	GWTopology     = "topology"
	GWShortest     = "shortest"
	GWTriplet      = "triplet"
	GWFlow         = "flow"
	GWHamilton     = "hamilton"
	GWSubstructure = "substructure"
)

// GraphWizSource says where GraphWiz's test files are published and which
// code this suite follows.
const GraphWizSource = "GraphWiz's GraphInstruct test set (Hugging Face dataset GraphWiz/GraphInstruct-Test; " +
	"written by generation/main.py of github.com/nuochenpku/Graph-Reasoning-LLM and read by its evaluation/evaluate_nlg.py)"

// GraphWizTasks lists the tasks in the order evaluate_nlg.py runs them.
func GraphWizTasks() []string {
	return []string{GWCycle, GWConnectivity, GWHamilton, GWSubstructure, GWBipartite, GWFlow, GWShortest, GWTriplet, GWTopology}
}

// gwTask describes one task: its prompt template (generation/task_config.yaml
// at the fetched commit, the "<task>_test" entries), the kinds of its {}
// slots, the direction of its graph, how its edges are written, the gold
// tool and the answer kind.
type gwTask struct {
	template string
	// slots are the kinds of the template's {} in order: 'n' a number, 'l'
	// an edge or weight list, 'a' a lower-case letter.
	slots    string
	directed bool
	// edge matches one edge of the main graph; weighted edges have a third
	// group.
	edge  *lazyre.Regexp
	tools []string
	// answer is 'b' (Yes/No), 'n' (a number) or 'o' (a topological order).
	answer byte
}

var (
	gwUndirected = lazyre.New(`^\((\d+), (\d+)\)`)
	gwDirected   = lazyre.New(`^\((\d+)->(\d+)\)`)
	gwWeighted   = lazyre.New(`^\((\d+),(\d+),(\d+)\)`)
	gwCapacity   = lazyre.New(`^\((\d+)->(\d+),(\d+)\)`)
	gwNodeWeight = lazyre.New(`^\[(\d+), (\d+)\]`)
	gwLetterEdge = lazyre.New(`^\(([a-z])->([a-z])\)`)
)

// gwTasks are the nine tasks. The templates are copied from
// generation/task_config.yaml (the prompts sent to the model, before
// evaluate_nlg.py wraps them in its instruction prompt).
var gwTasks = map[string]gwTask{
	GWConnectivity: {template: "Determine whether two nodes are connected in an undirected graph. In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. Given a graph and a pair of nodes, you need to output Yes or No, indicating whether the node i and node j are connected. Q: The nodes are numbered from {} to {}, and the edges are: {}. Is there a path between node {} and node {}?",
		slots: "nnlnn", edge: gwUndirected, tools: []string{"path_exists", "shortest_path", "shortest_path_length"}, answer: 'b'},
	GWCycle: {template: "Determine whether or not there is a cycle in an undirected graph. In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output Yes or No, indicating whether there is a cycle in the graph. Q: The nodes are numbered from {} to {}, and the edges are: {}. Is there a cycle in this graph?",
		slots: "nnl", edge: gwUndirected, tools: []string{"cycle_check"}, answer: 'b'},
	GWShortest: {template: "Find the shortest path between two nodes in an undirected graph. In an undirected graph, (i,j,k) means that node i and node j are connected with an undirected edge with weight k. Given a graph and a pair of nodes, you need to output the shortest path between the two nodes. Q: The nodes are numbered from {} to {}, and the edges are: {}. Give the weight of the shortest path from node {} to node {}.",
		slots: "nnlnn", edge: gwWeighted, tools: []string{"shortest_path", "shortest_path_length"}, answer: 'n'},
	GWBipartite: {template: "Determine whether or not a graph is bipartite. In a directed graph, (i->j) means that node i and node j are connected with an directed edge from node i to node j. Given a graph, you need to output Yes or No, indicating whether the graph is bipartite. Q: The nodes are numbered from {} to {}, and the edges are: {}. Is this graph bipartite?",
		slots: "nnl", directed: true, edge: gwDirected, tools: []string{"is_bipartite"}, answer: 'b'},
	GWFlow: {template: "Find the maximum flow between two nodes in a directed graph. In a directed graph, (i->j,k) means that node i and node j are connected with an directed edge from node i to node j with weight k. Given a graph and a pair of nodes, you need to output the maximum flow between the two nodes. Q: The nodes are numbered from {} to {}, and the edges are: {}. What is the maximum flow from node {} to node {}?",
		slots: "nnlnn", directed: true, edge: gwCapacity, tools: []string{"maximum_flow"}, answer: 'n'},
	GWTriplet: {template: "Find the maximum sum of the weights of three interconnected nodes. In an undirected graph, [i, k] means that node i has the weight k. (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output the maximum sum of the weights of three interconnected nodes. Q: The nodes are numbered from {} to {}, weights of nodes are: {}, and the edges are: {}. What is the maximum sum of the weights of three nodes?",
		slots: "nnll", edge: gwUndirected, tools: []string{"maximum_triangle_node_sum"}, answer: 'n'},
	GWHamilton: {template: "Determine whether or not there is a Hamiltonian path in an undirected graph. In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output Yes or No, indicating whether there is a Hamiltonian path in the graph. Q: The nodes are numbered from {} to {}, and the edges are: {}. Is there a Hamiltonian path in this graph?",
		slots: "nnl", edge: gwUndirected, tools: []string{"hamiltonian_path"}, answer: 'b'},
	GWTopology: {template: "Find one of the topology sorting paths of the given graph. In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j. Given a graph, you need to output one of the topology sorting paths of the graph. Q: The nodes are numbered from {} to {}, and the edges are: {}. Give one topology sorting path of this graph.",
		slots: "nnl", directed: true, edge: gwDirected, tools: []string{"topological_sort"}, answer: 'o'},
	GWSubstructure: {template: "Determine if a smaller graph is present as an exact match within a larger graph. In a directed graph, (i->j) means that node i and node j are connected with a directed edge from node i to node j. Given a graph G and a subgraph G', you need to output Yes or No, indicating whether subgraph G' is present within the directed graph G. Q: The nodes of graph G are numbered from {} to {}, and the edges are: {}. The nodes of subgraph G' are numbered from {} to {}, and the edges are: {}. Is subgraph G' present within graph G as a direct substructure?",
		slots: "nnlaal", directed: true, edge: gwDirected, tools: []string{"subgraph_is_monomorphic"}, answer: 'b'},
}

// gwPromptRes are the templates as whole-prompt patterns, by task.
var gwPromptRes = func() map[string]*lazyre.Regexp {
	out := map[string]*lazyre.Regexp{}
	for name, t := range gwTasks {
		parts := strings.Split(t.template, "{}")
		var b strings.Builder
		b.WriteString(`^`)
		for i, p := range parts {
			b.WriteString(regexp.QuoteMeta(p))
			if i < len(t.slots) {
				switch t.slots[i] {
				case 'n':
					b.WriteString(`(\d+)`)
				case 'a':
					b.WriteString(`([a-z])`)
				default:
					b.WriteString(`(.*?)`)
				}
			}
		}
		b.WriteString(`$`)
		out[name] = lazyre.New(b.String())
	}
	return out
}()

// gwProblem is a GraphWiz question as the suite reads it, with its own
// strict reader (never the agent's): the prompt must be the task's template
// with every edge in the task's notation.
type gwProblem struct {
	task string
	// n is the number of nodes (0..n-1, as the prompt declares).
	n     int
	edges [][3]int // u, v, weight (0 when unweighted)
	// source and target are the question's two nodes (-1 when none).
	source, target int
	// weights are the node weights of a triplet question.
	weights []int
	// subN and subEdges are the substructure question's pattern (a..).
	subN     int
	subEdges [][2]int
}

// maxGWNodes bounds the declared node range of a question.
const maxGWNodes = 1 << 16

// parseGraphWiz reads a GraphWiz prompt of the given task.
func parseGraphWiz(task, prompt string) (*gwProblem, error) {
	t, ok := gwTasks[task]
	if !ok {
		return nil, fmt.Errorf("unknown GraphWiz task %q", task)
	}
	m := gwPromptRes[task].FindStringSubmatch(strings.TrimSpace(prompt))
	if m == nil {
		return nil, fmt.Errorf("the question is not GraphWiz's %s prompt (generation/task_config.yaml): %q", task, textutil.Truncate(prompt, 100))
	}
	p := &gwProblem{task: task, source: -1, target: -1}
	num := func(s string) (int, error) {
		v, err := strconv.Atoi(s)
		if err != nil || v > maxGWNodes {
			return 0, fmt.Errorf("number %q out of range", s)
		}
		return v, nil
	}
	if m[1] != "0" {
		return nil, fmt.Errorf("the nodes are numbered from %s, not from 0", m[1])
	}
	last, err := num(m[2])
	if err != nil {
		return nil, err
	}
	p.n = last + 1
	node := func(s string) (int, error) {
		v, err := num(s)
		if err == nil && v >= p.n {
			err = fmt.Errorf("node %d is outside 0..%d", v, p.n-1)
		}
		return v, err
	}
	edgeList := m[3]
	switch task {
	case GWTriplet:
		ws, err := allTokens(gwNodeWeight, m[3], "node weight")
		if err != nil {
			return nil, err
		}
		p.weights = make([]int, p.n)
		seen := make([]bool, p.n)
		for _, w := range ws {
			v, err := node(w[1])
			if err != nil {
				return nil, err
			}
			if seen[v] {
				return nil, fmt.Errorf("node %d is given two weights", v)
			}
			seen[v] = true
			if p.weights[v], err = num(w[2]); err != nil {
				return nil, err
			}
		}
		for v, ok := range seen {
			if !ok {
				return nil, fmt.Errorf("node %d has no weight", v)
			}
		}
		edgeList = m[4]
	case GWSubstructure:
		if m[4] != "a" {
			return nil, fmt.Errorf("the subgraph's nodes are numbered from %s, not from a", m[4])
		}
		p.subN = int(m[5][0]-'a') + 1
		sub, err := allTokens(gwLetterEdge, m[6], "subgraph edge")
		if err != nil {
			return nil, err
		}
		for _, e := range sub {
			u, v := int(e[1][0]-'a'), int(e[2][0]-'a')
			if u >= p.subN || v >= p.subN {
				return nil, fmt.Errorf("subgraph edge %s->%s is outside a..%s", e[1], e[2], m[5])
			}
			p.subEdges = append(p.subEdges, [2]int{u, v})
		}
	}
	es, err := allTokens(t.edge, edgeList, "edge")
	if err != nil {
		return nil, err
	}
	seen := make(map[[2]int]bool, len(es))
	for _, e := range es {
		u, err := node(e[1])
		if err != nil {
			return nil, err
		}
		v, err := node(e[2])
		if err != nil {
			return nil, err
		}
		w := 0
		if len(e) > 3 {
			if w, err = num(e[3]); err != nil {
				return nil, err
			}
		}
		k := [2]int{u, v}
		if !t.directed && u > v {
			k = [2]int{v, u}
		}
		if seen[k] {
			return nil, fmt.Errorf("edge (%d, %d) is given twice", u, v)
		}
		seen[k] = true
		p.edges = append(p.edges, [3]int{u, v, w})
	}
	if strings.Count(t.slots, "n") == 4 {
		if p.source, err = node(m[len(m)-2]); err != nil {
			return nil, err
		}
		if p.target, err = node(m[len(m)-1]); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// allTokens splits a space-separated list into tokens of re, failing on
// anything else.
func allTokens(re *lazyre.Regexp, list, what string) ([][]string, error) {
	var out [][]string
	rest := strings.TrimSpace(list)
	for rest != "" {
		loc := re.Compiled().FindStringSubmatchIndex(rest)
		if loc == nil || loc[0] != 0 {
			return nil, fmt.Errorf("not a %s: %q", what, textutil.Truncate(rest, 40))
		}
		sub := make([]string, len(loc)/2)
		for i := range sub {
			sub[i] = rest[loc[2*i]:loc[2*i+1]]
		}
		out = append(out, sub)
		rest = strings.TrimLeft(rest[loc[1]:], " ")
	}
	return out, nil
}

// graph builds the question's main graph: nodes "0".."n-1" in order, then
// the edges with their weights (capacities for flow) and, for triplet, the
// node weights as the "weight" attribute.
func (p *gwProblem) graph() (*graph.Graph, error) {
	t := gwTasks[p.task]
	b := graph.NewBuilder(t.directed)
	b.Grow(p.n, len(p.edges))
	for v := 0; v < p.n; v++ {
		if _, err := b.AddNode(strconv.Itoa(v)); err != nil {
			return nil, err
		}
		if p.weights != nil {
			if err := b.SetNodeAttr(strconv.Itoa(v), tools.NodeWeightAttr, float64(p.weights[v])); err != nil {
				return nil, err
			}
		}
	}
	for _, e := range p.edges {
		u, v := strconv.Itoa(e[0]), strconv.Itoa(e[1])
		var err error
		if p.task == GWShortest || p.task == GWFlow {
			_, err = b.AddWeightedEdge(u, v, float64(e[2]))
		} else {
			_, err = b.AddEdge(u, v)
		}
		if err != nil {
			return nil, err
		}
	}
	return b.Build(), nil
}

// pattern is a substructure question's subgraph G' as the tools' pattern
// argument: nodes a.. in order (isolated ones included), its edges.
func (p *gwProblem) pattern() tools.GraphArg {
	var a tools.GraphArg
	for v := 0; v < p.subN; v++ {
		a.Nodes = append(a.Nodes, tools.NodeID(rune('a'+v)))
	}
	for _, e := range p.subEdges {
		a.Edges = append(a.Edges, [2]tools.NodeID{tools.NodeID(rune('a' + e[0])), tools.NodeID(rune('a' + e[1]))})
	}
	return a
}

// gwGold is a GraphWiz gold answer, read from its "### X" text.
type gwGold struct {
	yes    bool
	number float64
	order  []string
}

// parseGraphWizGold reads "### Yes", "### 11" or "### [[4, 3, 1]]" (the
// generator's '### {}' with Yes/No, a number or the list of all
// topological sorts, of which there is one).
func parseGraphWizGold(task, answer string) (gwGold, error) {
	var g gwGold
	s, ok := strings.CutPrefix(strings.TrimSpace(answer), "###")
	if !ok {
		return g, fmt.Errorf("the answer %q does not start with ###", textutil.Truncate(answer, 40))
	}
	s = strings.TrimSpace(s)
	switch gwTasks[task].answer {
	case 'b':
		switch s {
		case "Yes":
			g.yes = true
		case "No":
		default:
			return g, fmt.Errorf("the answer %q is not ### Yes or ### No", textutil.Truncate(answer, 40))
		}
	case 'n':
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return g, fmt.Errorf("the answer %q is not a number", textutil.Truncate(answer, 40))
		}
		g.number = f
	case 'o':
		var orders [][]int
		if err := json.Unmarshal([]byte(s), &orders); err != nil {
			var one []int
			if json.Unmarshal([]byte(s), &one) != nil {
				return g, fmt.Errorf("the answer %q is not a list of orders", textutil.Truncate(answer, 40))
			}
			orders = [][]int{one}
		}
		if len(orders) == 0 || len(orders[0]) == 0 {
			return g, fmt.Errorf("the answer %q gives no order", textutil.Truncate(answer, 40))
		}
		for _, v := range orders[0] {
			g.order = append(g.order, strconv.Itoa(v))
		}
	}
	return g, nil
}

// json renders the gold as the item's answer: a boolean, a number or the
// order.
func (g gwGold) json(task string) json.RawMessage {
	var v any
	switch gwTasks[task].answer {
	case 'b':
		v = g.yes
	case 'n':
		v = g.number
	default:
		v = g.order
	}
	b, _ := json.Marshal(v)
	return b
}

// text renders the gold in the benchmark's answer form ("### Yes").
func (g gwGold) text(task string) string {
	switch gwTasks[task].answer {
	case 'b':
		if g.yes {
			return "### Yes"
		}
		return "### No"
	case 'n':
		return "### " + strconv.FormatFloat(g.number, 'f', -1, 64)
	default:
		return "### [[" + strings.Join(g.order, ", ") + "]]"
	}
}

// gwRecord is one line of a GraphWiz test file. The generator writes
// index, input_prompt, answer, node_range and edge_range; evaluate_nlg.py
// reads question, else input_prompt.
type gwRecord struct {
	Index       *int   `json:"index"`
	Question    string `json:"question"`
	InputPrompt string `json:"input_prompt"`
	Answer      string `json:"answer"`
}

// ReadGraphWizDir reads GraphWiz test files from dir: <task>_test.json (or
// .json.gz), one JSON object per line, for each of tasks (all nine when
// empty). Every selected task's file must exist. A malformed line is an
// error naming the file and the line.
func ReadGraphWizDir(ctx context.Context, dir string, tasks []string) ([]Item, error) {
	if len(tasks) == 0 {
		tasks = GraphWizTasks()
	}
	if _, err := selectTasks("graphwiz", tasks, GraphWizTasks()); err != nil {
		return nil, err
	}
	var items []Item
	var missing []string
	for _, task := range tasks {
		path := filepath.Join(dir, task+"_test.json")
		if !existsMaybeGzip(path) {
			missing = append(missing, task+"_test.json")
			continue
		}
		raw, name, err := readMaybeGzip(path)
		if err != nil {
			return nil, fmt.Errorf("graphwiz: %w", err)
		}
		got, err := readGraphWizFile(ctx, task, name, raw)
		if err != nil {
			return nil, err
		}
		items = append(items, got...)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("graphwiz: %s has no %s: the suite reads %s, one JSON object per line, from %s; "+
			"--tasks keeps only the tasks whose files you have", dir, strings.Join(missing, ", "), gwExpectedFiles(), GraphWizSource)
	}
	return items, nil
}

func gwExpectedFiles() string {
	var names []string
	for _, t := range GraphWizTasks() {
		names = append(names, t+"_test.json")
	}
	return strings.Join(names, ", ")
}

// readGraphWizFile reads one task file's lines into items.
func readGraphWizFile(ctx context.Context, task, name string, raw []byte) ([]Item, error) {
	var items []Item
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 64<<10), maxDataFile)
	seen := map[string]int{}
	ln := 0
	for sc.Scan() {
		ln++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if ln%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		var rec gwRecord
		if err := json.Unmarshal(line, &rec); err != nil {
			return nil, fmt.Errorf("graphwiz: %s:%d: %w", name, ln, err)
		}
		id := strconv.Itoa(ln - 1)
		if rec.Index != nil {
			id = strconv.Itoa(*rec.Index)
		}
		if prev, dup := seen[id]; dup {
			return nil, fmt.Errorf("graphwiz: %s:%d: index %s repeats line %d", name, ln, id, prev)
		}
		seen[id] = ln
		q := rec.Question
		if q == "" {
			q = rec.InputPrompt
		}
		it, err := GraphWizItem(task, id, q, rec.Answer)
		if err != nil {
			return nil, fmt.Errorf("graphwiz: %s:%d: %w", name, ln, err)
		}
		items = append(items, it)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("graphwiz: %s:%d: %w", name, ln+1, err)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("graphwiz: %s has no items", name)
	}
	return items, nil
}

// GraphWizItem makes the item "<task>/<id>" of a GraphWiz prompt and its
// published answer, with its gold tool, parameters, graph shape and gold
// audit. It fails when the prompt is not the task's template or the answer
// not the task's answer form.
func GraphWizItem(task, id, prompt, answer string) (Item, error) {
	t, ok := gwTasks[task]
	if !ok {
		return Item{}, fmt.Errorf("unknown GraphWiz task %q", task)
	}
	if strings.TrimSpace(prompt) == "" {
		return Item{}, fmt.Errorf("item %s has no question (input_prompt)", id)
	}
	p, err := parseGraphWiz(task, prompt)
	if err != nil {
		return Item{}, fmt.Errorf("item %s: %w", id, err)
	}
	gold, err := parseGraphWizGold(task, answer)
	if err != nil {
		return Item{}, fmt.Errorf("item %s: %w", id, err)
	}
	it := Item{ID: task + "/" + id, Question: prompt, Task: task, Answer: gold.json(task), AnswerType: GraphWizAnswer,
		Graph: &GraphStats{Nodes: p.n, Edges: len(p.edges), Directed: t.directed}}
	if len(t.tools) > 0 {
		it.Tool, it.AltTools = t.tools[0], t.tools[1:]
	}
	switch task {
	case GWConnectivity, GWShortest:
		it.Params = map[string]any{"source": strconv.Itoa(p.source), "target": strconv.Itoa(p.target)}
	case GWFlow:
		it.Params = map[string]any{"source": strconv.Itoa(p.source), "sink": strconv.Itoa(p.target)}
	}
	return it, it.Validate()
}

// GraphWizPrompt is the text evaluate_nlg.py sends to the model for a
// question: its prompt_no_input with the question as the instruction.
func GraphWizPrompt(question string) string {
	return "Below is an instruction that describes a task. Write a response that appropriately completes the request step by step.\n\n" +
		"### Instruction:\n" + question + "\n\n### Response:"
}

// gwThousandsRe and gwNumberRe are extract_last_num's patterns.
var (
	gwThousandsRe = lazyre.New(`(\d),(\d)`)
	gwNumberRe    = lazyre.New(`\d+(?:\.\d+)?`)
	gwYesNoRe     = lazyre.New(`(?i)\b(yes|no)\b`)
)

// gwLastNumber is evaluate_nlg.py's extract_last_num: the last number of
// the text (commas between digits dropped), 0 when there is none.
func gwLastNumber(text string) float64 {
	text = gwThousandsRe.ReplaceAllString(text, "${1}${2}")
	all := gwNumberRe.FindAllString(text, -1)
	if len(all) == 0 {
		return 0
	}
	f, _ := strconv.ParseFloat(all[len(all)-1], 64)
	return f
}

// GraphWizCheck is evaluate_nlg.py's check(key, truth, predict): whether a
// model's text is right for the gold text of a task, by the benchmark's own
// rules (both lower-cased and the prediction left-trimmed, as its caller
// does). Its rules are lenient (a yes/no answer after ### is right when it
// contains the gold word anywhere; a topological order when either text
// contains the other); the suite keeps them so that its direct-mode scores
// are the benchmark's.
func GraphWizCheck(task, truth, predict string) bool {
	truth = strings.ToLower(truth)
	predict = strings.ToLower(strings.TrimLeft(predict, " \t\n\r\v\f"))
	afterHash := func(s string) string {
		parts := strings.Split(s, "###")
		return parts[len(parts)-1]
	}
	switch task {
	case GWCycle, GWConnectivity, GWHamilton, GWSubstructure, GWBipartite:
		if strings.Contains(predict, "###") {
			last := afterHash(predict)
			if strings.Contains(truth, "yes") && strings.Contains(last, "yes") {
				return true
			}
			return strings.Contains(truth, "no") && strings.Contains(last, "no")
		}
		all := gwYesNoRe.FindAllString(predict, -1)
		if len(all) == 0 {
			return false
		}
		last := strings.ToLower(all[len(all)-1])
		return last == "yes" && strings.Contains(truth, "yes") || last == "no" && strings.Contains(truth, "no")
	case GWFlow, GWShortest, GWTriplet:
		d := gwLastNumber(truth) - gwLastNumber(afterHash(predict))
		return d < 1e-2 && d > -1e-2
	case GWTopology:
		if strings.Contains(predict, "###") {
			pre := strings.Trim(afterHash(predict), " ")
			tr := strings.Trim(afterHash(truth), " ")
			return strings.Contains(tr, pre) || strings.Contains(pre, tr)
		}
		for _, t := range strings.Split(afterHash(truth), ",") {
			if strings.Contains(predict, t) || strings.Contains(predict, strings.Trim(t, " ")) {
				return true
			}
		}
	}
	return false
}
