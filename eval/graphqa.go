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

// GraphQAAnswer is the answer type of GraphQA (Talk like a Graph) items,
// judged by checkGraphQA according to the task.
const GraphQAAnswer AnswerType = "graphqa"

// GraphQA's twelve tasks, as graph_tasks.py names them (task.name, the
// prefix of each file the generator writes).
const (
	GQEdgeExistence      = "edge_existence"
	GQNodeDegree         = "node_degree"
	GQNodeCount          = "node_count"
	GQEdgeCount          = "edge_count"
	GQConnectedNodes     = "connected_nodes"
	GQDisconnectedNodes  = "disconnected_nodes"
	GQCycleCheck         = "cycle_check"
	GQReachability       = "reachability"
	GQShortestPath       = "shortest_path"
	GQMaximumFlow        = "maximum_flow"
	GQTriangleCounting   = "triangle_counting"
	GQNodeClassification = "node_classification"
)

// GraphQASource says where GraphQA comes from and which code this suite
// follows.
const GraphQASource = "GraphQA of Talk like a Graph (github.com/google-research/talk-like-a-graph: files written by " +
	"talk_like_a_graph/graph_tasks_generator.py, tf.train.Example records as graph_tasks_utils.py's create_example_feature builds them, " +
	"prompts and answers by graph_tasks.py and graph_text_encoders.py; no test files are published, the generator makes them)"

// GraphQATasks lists the tasks in the order of the repository's README.
func GraphQATasks() []string {
	return []string{GQEdgeExistence, GQNodeDegree, GQNodeCount, GQEdgeCount, GQConnectedNodes, GQDisconnectedNodes,
		GQCycleCheck, GQReachability, GQShortestPath, GQMaximumFlow, GQNodeClassification, GQTriangleCounting}
}

// GraphQAMethods are the prompting methods of the generator's file names
// (<task>_<method>_test.recordio).
var graphQAMethods = []string{"zero_shot", "zero_cot", "few_shot", "few_shot_cot", "few_shot_cot_bag"}

// gqTask describes a task: its task description (graph_tasks.py) as a
// pattern whose groups are the node names (and, for node classification,
// the two classes), its answer kind and gold tools.
type gqTask struct {
	desc *lazyre.Regexp
	// nodes is how many node names the description holds.
	nodes int
	// answer: 'b' yes/no, 'n' a number, 'l' a list of nodes, 'p' a path
	// length or no path, 'c' a class.
	answer byte
	tools  []string
}

var gqTasks = map[string]gqTask{
	GQCycleCheck:         {desc: lazyre.New(`^Q: Is there a cycle in this graph\?\nA: $`), answer: 'b', tools: []string{"cycle_check"}},
	GQEdgeExistence:      {desc: lazyre.New(`^Q: Is node (.+?) connected to node (.+?)\?\nA: $`), nodes: 2, answer: 'b', tools: []string{"edge_exists"}},
	GQNodeCount:          {desc: lazyre.New(`^Q: How many nodes are in this graph\?\nA: $`), answer: 'n', tools: []string{"node_count"}},
	GQNodeDegree:         {desc: lazyre.New(`^Q: What is the degree of node (.+?)\?\nA: $`), nodes: 1, answer: 'n', tools: []string{"degree"}},
	GQEdgeCount:          {desc: lazyre.New(`^Q: How many edges are in this graph\?\nA: $`), answer: 'n', tools: []string{"edge_count"}},
	GQConnectedNodes:     {desc: lazyre.New(`^Q: List all the nodes connected to (.+?) in alphabetical order\.\nA: $`), nodes: 1, answer: 'l', tools: []string{"neighbors", "successors"}},
	GQDisconnectedNodes:  {desc: lazyre.New(`^Q: List all the nodes that are not connected to (.+?) in alphabetical order\.\nA: $`), nodes: 1, answer: 'l', tools: []string{"non_neighbors"}},
	GQReachability:       {desc: lazyre.New(`^Q: Is there a path from node (.+?) to node (.+?)\?\nA: $`), nodes: 2, answer: 'b', tools: []string{"path_exists", "shortest_path", "shortest_path_length"}},
	GQShortestPath:       {desc: lazyre.New(`^Q: What is the length of the shortest path from node (.+?) to node (.+?)\?\nA: $`), nodes: 2, answer: 'p', tools: []string{"shortest_path_length", "shortest_path"}},
	GQTriangleCounting:   {desc: lazyre.New(`^Q: How many triangles are in this graph\?\nA: $`), answer: 'n', tools: []string{"triangle_count"}},
	GQMaximumFlow:        {desc: lazyre.New(`^Q: What is the maximum capacity of the flow from node (.+?) to node (.+?)\?\nA: $`), nodes: 2, answer: 'n', tools: []string{"maximum_flow"}},
	GQNodeClassification: {desc: lazyre.New(`^Q: Does node (.+?) like ([a-z]+) or ([a-z]+)\?\nA: $`), nodes: 1, answer: 'c', tools: []string{"predict_node_label"}},
}

// gqNoPath is the gold of a shortest-path item whose nodes are not
// connected ("There is no path from node X to node Y.").
const gqNoPath = "no path"

// gqProblem is a GraphQA record as the suite reads it: the graph from the
// record's structural "graph" feature (a serialized tfgnn GraphTensor) with
// the node names the question's text gives them.
type gqProblem struct {
	task, method, encoding string
	directed               bool
	// names are the nodes' names in the text ("among nodes ..."), by the
	// graph feature's node index.
	names []string
	// edges are the graph's edges (each undirected edge once), weights
	// their "weights" feature (maximum flow's capacities) when present.
	edges   [][2]int
	weights []int64
	// capacities says the graph feature has the "weights" feature.
	capacities bool
	// blocks are the SBM blocks of node classification graphs ("block"
	// node feature), nil when absent.
	blocks []int64
	// readout are the question's nodes by index, from the graph feature's
	// _readout edge sets (nil when absent).
	readout []int
	// asked are the node names of the task description; classes the two
	// classes of node classification.
	asked   []string
	classes []string
	// likes are the classes the question states ("Node X likes Y."), by
	// node index.
	likes map[int]string
}

var (
	gqNodesRe = lazyre.New(`among nodes ([^\n]*?)\.+\n`)
	gqLikesRe = lazyre.New(`(?m)^Node (.+?) likes ([a-z]+)\.$`)
)

// gqNames reads the node names of an encoded graph: create_node_string's
// "A, B, ..., and Z" (or "and A" for one node).
func gqNames(text string) ([]string, error) {
	m := gqNodesRe.FindStringSubmatch(text)
	if m == nil {
		return nil, errors.New(`the question does not list the graph's nodes ("G describes a graph among nodes ...")`)
	}
	parts := strings.Split(m[1], ", ")
	last := parts[len(parts)-1]
	rest, ok := strings.CutPrefix(last, "and ")
	if !ok {
		return nil, fmt.Errorf("the node list %q does not end with \"and\" and a name", textutil.Truncate(m[1], 60))
	}
	parts[len(parts)-1] = rest
	for _, p := range parts {
		if p == "" {
			return nil, fmt.Errorf("the node list %q has an empty name", textutil.Truncate(m[1], 60))
		}
	}
	return parts, nil
}

// mainQuestion is the question past its few-shot examples (the text after
// the last "Example: ").
func mainQuestion(q string) string {
	if i := strings.LastIndex(q, "Example: "); i >= 0 {
		return q[i+len("Example: "):]
	}
	return q
}

// maxGQNodes bounds a graph's declared size.
const maxGQNodes = 1 << 16

// parseGraphQA reads one record.
func parseGraphQA(task, method string, ex tfExample) (*gqProblem, string, string, error) {
	t, ok := gqTasks[task]
	if !ok {
		return nil, "", "", fmt.Errorf("unknown GraphQA task %q", task)
	}
	q, err := ex.str("question")
	if err != nil {
		return nil, "", "", err
	}
	ans, err := ex.str("answer")
	if err != nil {
		return nil, "", "", err
	}
	desc, err := ex.str("task_description")
	if err != nil {
		return nil, "", "", err
	}
	p := &gqProblem{task: task, method: method}
	if p.encoding, err = ex.str("text_encoding"); err != nil {
		return nil, "", "", err
	}
	dir, err := ex.str("directed")
	if err != nil {
		return nil, "", "", err
	}
	switch dir {
	case "True":
		p.directed = true
	case "False":
	default:
		return nil, "", "", fmt.Errorf("feature \"directed\" is %q, not True or False", textutil.Truncate(dir, 20))
	}
	m := t.desc.FindStringSubmatch(desc)
	if m == nil {
		return nil, "", "", fmt.Errorf("the task description %q is not graph_tasks.py's %s description", textutil.Truncate(desc, 80), task)
	}
	p.asked = m[1 : 1+t.nodes]
	if task == GQNodeClassification {
		p.classes = m[2:4]
	}
	main := mainQuestion(q)
	// The question is the encoded graph followed by the description (the
	// bag method puts a sentence before its "Q: ").
	if !strings.Contains(main, strings.TrimPrefix(desc, "Q: ")) {
		return nil, "", "", fmt.Errorf("the question does not contain its task description %q", textutil.Truncate(desc, 60))
	}
	if p.names, err = gqNames(main); err != nil {
		return nil, "", "", err
	}
	gb, ok := ex["graph"]
	if !ok || gb.Kind != 'b' || len(gb.Bytes) != 1 {
		return nil, "", "", errors.New(`no "graph" feature (the serialized GraphTensor)`)
	}
	gex, err := decodeTFExample(gb.Bytes[0])
	if err != nil {
		return nil, "", "", fmt.Errorf("graph feature: %w", err)
	}
	if err := p.readGraph(gex); err != nil {
		return nil, "", "", fmt.Errorf("graph feature: %w", err)
	}
	if task == GQNodeClassification {
		idx := map[string]int{}
		for i, n := range p.names {
			idx[n] = i
		}
		p.likes = map[int]string{}
		for _, lm := range gqLikesRe.FindAllStringSubmatch(main, -1) {
			if v, ok := idx[lm[1]]; ok {
				p.likes[v] = lm[2]
			}
		}
	}
	return p, q, ans, nil
}

// readGraph reads a tfgnn GraphTensor example (tfgnn.write_example of
// to_tfgnn's graph): node set "nodes", edge set "edges" (an undirected
// graph's edges in both directions), optional "weights" and "block"
// features, and the _readout edge sets naming the question's nodes.
func (p *gqProblem) readGraph(g tfExample) error {
	one := func(name string) (int, error) {
		v, ok, err := g.ints(name)
		if err != nil {
			return 0, err
		}
		if !ok || len(v) != 1 {
			return 0, fmt.Errorf("no %q", name)
		}
		if v[0] < 0 || v[0] > maxGQNodes*maxGQNodes {
			return 0, fmt.Errorf("%q is %d", name, v[0])
		}
		return int(v[0]), nil
	}
	n, err := one("nodes/nodes.#size")
	if err != nil {
		return err
	}
	if n > maxGQNodes {
		return fmt.Errorf("%d nodes exceed %d", n, maxGQNodes)
	}
	if n != len(p.names) {
		return fmt.Errorf("the graph has %d nodes, the question lists %d names", n, len(p.names))
	}
	seen := map[string]bool{}
	for _, name := range p.names {
		if seen[name] {
			return fmt.Errorf("the question names two nodes %q", name)
		}
		seen[name] = true
	}
	m, err := one("edges/edges.#size")
	if err != nil {
		return err
	}
	src, _, err := g.ints("edges/edges.#source")
	if err != nil {
		return err
	}
	dst, _, err := g.ints("edges/edges.#target")
	if err != nil {
		return err
	}
	if len(src) != m || len(dst) != m {
		return fmt.Errorf("%d edges with %d sources and %d targets", m, len(src), len(dst))
	}
	w, hasW, err := g.ints("edges/edges.weights")
	if err != nil {
		return err
	}
	if hasW && len(w) != m {
		return fmt.Errorf("%d edges with %d weights", m, len(w))
	}
	p.capacities = hasW
	type key [2]int
	at, cnt := map[key]int{}, map[key]int{}
	for i := range m {
		u, v := int(src[i]), int(dst[i])
		if u < 0 || u >= n || v < 0 || v >= n {
			return fmt.Errorf("edge %d joins %d and %d, outside 0..%d", i, u, v, n-1)
		}
		k := key{u, v}
		if !p.directed && u > v {
			k = key{v, u}
		}
		cnt[k]++
		if j, dup := at[k]; dup {
			// An undirected edge appears twice: to_tfgnn adds the reverse.
			if !p.directed && cnt[k] == 2 && p.edges[j] == [2]int{v, u} && (!hasW || p.weights[j] == w[i]) {
				continue
			}
			return fmt.Errorf("edge %d->%d is given twice", u, v)
		}
		at[k] = len(p.edges)
		p.edges = append(p.edges, [2]int{u, v})
		if hasW {
			p.weights = append(p.weights, w[i])
		}
	}
	if !p.directed && 2*len(p.edges) != m {
		return fmt.Errorf("an undirected graph's %d edges are not each given in both directions", m)
	}
	if b, ok, err := g.ints("nodes/nodes.block"); err != nil {
		return err
	} else if ok {
		if len(b) != n {
			return fmt.Errorf("%d nodes with %d blocks", n, len(b))
		}
		p.blocks = b
	}
	for _, set := range []string{"node", "source", "target"} {
		v, ok, err := g.ints("edges/_readout/" + set + ".#source")
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if len(v) != 1 || v[0] < 0 || v[0] >= int64(n) {
			return fmt.Errorf("readout %s is %v, not one node of 0..%d", set, v, n-1)
		}
		p.readout = append(p.readout, int(v[0]))
	}
	return nil
}

// graph builds the problem's graph: nodes by their names in index order,
// the edges, with the capacities as weights for maximum flow.
func (p *gqProblem) graph() (*graph.Graph, error) {
	b := graph.NewBuilder(p.directed)
	b.Grow(len(p.names), len(p.edges))
	for _, n := range p.names {
		if _, err := b.AddNode(n); err != nil {
			return nil, err
		}
	}
	for i, e := range p.edges {
		var err error
		if p.task == GQMaximumFlow && p.capacities {
			_, err = b.AddWeightedEdge(p.names[e[0]], p.names[e[1]], float64(p.weights[i]))
		} else {
			_, err = b.AddEdge(p.names[e[0]], p.names[e[1]])
		}
		if err != nil {
			return nil, err
		}
	}
	return b.Build(), nil
}

// parseGraphQAGold reads a published answer in graph_tasks.py's forms:
// "Yes." / "No." (cycle check: "Yes, there is a cycle." / "No, there is no
// cycle."), " 5." or "5.", "1, 4, 7." or " No nodes.", "There is no path
// from node X to node Y.", or a class.
func parseGraphQAGold(p *gqProblem, answer string) (json.RawMessage, error) {
	s := strings.TrimSpace(answer)
	var v any
	switch gqTasks[p.task].answer {
	case 'b':
		yes, no := "Yes.", "No."
		if p.task == GQCycleCheck {
			yes, no = "Yes, there is a cycle.", "No, there is no cycle."
		}
		switch s {
		case yes:
			v = true
		case no:
			v = false
		default:
			return nil, fmt.Errorf("the answer %q is not %q or %q", textutil.Truncate(answer, 40), yes, no)
		}
	case 'n', 'p':
		if p.task == GQShortestPath && strings.HasPrefix(s, "There is no path from node ") {
			v = gqNoPath
			break
		}
		f, err := strconv.ParseFloat(strings.TrimSuffix(s, "."), 64)
		if err != nil || !strings.HasSuffix(s, ".") {
			return nil, fmt.Errorf("the answer %q is not a number and a full stop", textutil.Truncate(answer, 40))
		}
		v = f
	case 'l':
		s, ok := strings.CutSuffix(s, ".")
		if !ok {
			return nil, fmt.Errorf("the answer %q does not end with a full stop", textutil.Truncate(answer, 40))
		}
		list := []string{}
		if s != "No nodes" {
			list = strings.Split(s, ", ")
		}
		v = list
	case 'c':
		if s != p.classes[0] && s != p.classes[1] {
			return nil, fmt.Errorf("the answer %q is neither %s nor %s", textutil.Truncate(answer, 40), p.classes[0], p.classes[1])
		}
		v = s
	}
	b, _ := json.Marshal(v)
	return b, nil
}

// graphQAFileRe matches the generator's file names.
var graphQAFileRe = lazyre.New(`^(` + strings.Join(func() []string {
	var out []string
	for _, t := range GraphQATasks() {
		out = append(out, regexp.QuoteMeta(t))
	}
	return out
}(), "|") + `)_(` + strings.Join(graphQAMethods, "|") + `)_test\.(recordio|tfrecord)$`)

func gqExpectedFiles() string {
	return "<task>_<method>_test.recordio (or .tfrecord) for the tasks " + strings.Join(GraphQATasks(), ", ") +
		" and the methods " + strings.Join(graphQAMethods, ", ")
}

// GraphQAData is a read GraphQA split: its items and, by item ID, the
// problems they were read from.
type graphQAData struct {
	items    []Item
	problems map[string]*gqProblem
}

// ReadGraphQADir reads the GraphQA files in dir (TFRecord files of
// tf.train.Example records, as the generator writes them) for tasks (all
// when empty). A malformed record is an error naming the file and the
// record.
func ReadGraphQADir(ctx context.Context, dir string, tasks []string) ([]Item, error) {
	d, err := readGraphQADir(ctx, dir, tasks)
	if err != nil {
		return nil, err
	}
	return d.items, nil
}

func readGraphQADir(ctx context.Context, dir string, tasks []string) (*graphQAData, error) {
	want, err := selectTasks("graphqa", tasks, GraphQATasks())
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("graphqa: %w (the suite reads %s from a folder; %s)", err, gqExpectedFiles(), GraphQASource)
	}
	var names []string
	have := map[string]bool{}
	for _, e := range entries {
		m := graphQAFileRe.FindStringSubmatch(e.Name())
		if m == nil || e.IsDir() {
			continue
		}
		if len(want) > 0 && !want[m[1]] {
			continue
		}
		names = append(names, e.Name())
		have[m[1]] = true
	}
	var missing []string
	for t := range want {
		if !have[t] {
			missing = append(missing, t)
		}
	}
	sort.Strings(missing)
	if len(names) == 0 || len(missing) > 0 {
		what := "no GraphQA file"
		if len(missing) > 0 {
			what = "no file for " + strings.Join(missing, ", ")
		}
		return nil, fmt.Errorf("graphqa: %s has %s: the suite reads %s, each a TFRecord file of tf.train.Example records; %s; "+
			"--tasks keeps only the tasks whose files you have", dir, what, gqExpectedFiles(), GraphQASource)
	}
	sort.Strings(names)
	d := &graphQAData{problems: map[string]*gqProblem{}}
	for _, name := range names {
		m := graphQAFileRe.FindStringSubmatch(name)
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("graphqa: %w", err)
		}
		if err := readGraphQAFile(ctx, m[1], m[2], name, raw, d); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// readGraphQAFile reads one file's records into d.
func readGraphQAFile(ctx context.Context, task, method, name string, raw []byte, d *graphQAData) error {
	before := len(d.items)
	err := readTFRecords(raw, func(n int, data []byte) error {
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		ex, err := decodeTFExample(data)
		if err != nil {
			return fmt.Errorf("not a tf.train.Example: %w", err)
		}
		key, err := ex.str("id")
		if err != nil {
			return err
		}
		p, q, ans, err := parseGraphQA(task, method, ex)
		if err != nil {
			return fmt.Errorf("item %s: %w", key, err)
		}
		it, err := graphQAItem(p, key, q, ans)
		if err != nil {
			return fmt.Errorf("item %s: %w", key, err)
		}
		if _, dup := d.problems[it.ID]; dup {
			return fmt.Errorf("item %s is given twice", it.ID)
		}
		d.problems[it.ID] = p
		d.items = append(d.items, it)
		return nil
	})
	if err != nil {
		return fmt.Errorf("graphqa: %s: %w", name, err)
	}
	if len(d.items) == before {
		return fmt.Errorf("graphqa: %s has no records", name)
	}
	return nil
}

// graphQAItem makes the item "<task>/<method>/<encoding>/<id>".
func graphQAItem(p *gqProblem, key, question, answer string) (Item, error) {
	t := gqTasks[p.task]
	gold, err := parseGraphQAGold(p, answer)
	if err != nil {
		return Item{}, err
	}
	mode := p.encoding
	if p.method != "zero_shot" {
		mode += "+" + p.method
	}
	it := Item{ID: p.task + "/" + p.method + "/" + p.encoding + "/" + key, Question: question, Task: p.task, Answer: gold,
		AnswerType: GraphQAAnswer, Mode: mode, Tool: t.tools[0], AltTools: t.tools[1:],
		Graph: &GraphStats{Nodes: len(p.names), Edges: len(p.edges), Directed: p.directed}}
	switch t.nodes {
	case 1:
		it.Params = map[string]any{"node": p.asked[0]}
	case 2:
		k := "target"
		if p.task == GQMaximumFlow {
			k = "sink"
		}
		it.Params = map[string]any{"source": p.asked[0], k: p.asked[1]}
	}
	return it, it.Validate()
}

// GraphQAPrompt is what the generator's records send to a model: the
// question feature as it is (graph text, few-shot examples and task
// description included).
func GraphQAPrompt(question string) string { return question }

var (
	gqFirstNumberRe = lazyre.New(`-?\d+(?:\.\d+)?`)
	gqListSepRe     = lazyre.New(`\s*(?:,\s*and\s+|,|\band\b)\s*`)
)

// GraphQACheck judges a model's reply to a GraphQA prompt against the gold
// (as the item holds it) when the model answers alone. The repository
// publishes no scoring code but the tutorial notebook's judge_cycle_check
// ('yes' in the first ten characters of the reply, lower-cased), which this
// applies to every yes/no task. For the others it is graphagent's rule,
// close to the generator's answer forms: the first number of the reply (a
// shortest path with no path: the reply says "no path"); for node lists the
// reply's first line, names split at commas and "and", as a set ("No
// nodes" is the empty list); for a class, whichever of the two classes the
// reply names first.
func GraphQACheck(task string, gold any, reply string) bool {
	switch gqTasks[task].answer {
	case 'b':
		head := reply
		if len(head) > 10 {
			head = head[:10]
		}
		yes, _ := gold.(bool)
		return strings.Contains(strings.ToLower(head), "yes") == yes
	case 'n', 'p':
		if s, ok := gold.(string); ok && s == gqNoPath {
			return strings.Contains(strings.ToLower(reply), "no path")
		}
		want, _ := gold.(float64)
		m := gqFirstNumberRe.FindString(reply)
		if m == "" {
			return false
		}
		f, err := strconv.ParseFloat(m, 64)
		return err == nil && within(f, want, 1e-9)
	case 'l':
		want, _ := listOf(gold)
		line := strings.TrimSpace(reply)
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(strings.TrimSuffix(line, "."))
		var got []string
		if !strings.EqualFold(line, "no nodes") && line != "" {
			for _, s := range gqListSepRe.Compiled().Split(line, -1) {
				if s = strings.TrimSpace(s); s != "" {
					got = append(got, s)
				}
			}
		}
		return sameSet(got, want)
	case 'c':
		want, _ := gold.(string)
		low := strings.ToLower(reply)
		best, at := "", len(low)+1
		for _, c := range []string{"soccer", "baseball", "tennis", "golf", "football", "surfing"} {
			if i := strings.Index(low, c); i >= 0 && i < at {
				best, at = c, i
			}
		}
		return best == want
	}
	return false
}

// sameSet reports whether two lists hold the same elements, each once.
func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		if m[x] == 0 {
			return false
		}
		m[x]--
	}
	return true
}
