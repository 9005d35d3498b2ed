package eval

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
)

// nlTools are the tools whose answers each NLGraph task accepts, the first
// being the gold tool. A connectivity question is also answered by a
// shortest path, which proves the nodes connected.
var nlTools = map[string][]string{
	NLConnectivity: {"path_exists", "shortest_path"},
	NLCycle:        {"cycle_check"},
	NLFlow:         {"maximum_flow"},
	NLGNN:          {"gnn_sum_aggregation"},
	NLHamilton:     {"hamiltonian_path"},
	NLMatching:     {"maximum_bipartite_matching"},
	NLShortestPath: {"shortest_path"},
	NLTopology:     {"topological_sort"},
}

// nlGold is an NLGraph gold answer, read from the benchmark's answer text.
type nlGold struct {
	// yes is the answer of connectivity, cycle and hamilton.
	yes bool
	// number is the maximum flow, the shortest path's total weight or the
	// maximum matching's size.
	number float64
	// path is the Hamiltonian path, the shortest path or the topological
	// order the benchmark gives (one of the valid ones).
	path []int
	// pairs is the benchmark's maximum matching as (applicant, job).
	pairs [][2]int
	// vectors are the GNN embeddings after the layers, by node.
	vectors map[int][]float64
}

var (
	nlYesNoRe     = lazyre.New(`(?i)\b(yes|no)\b`)
	nlFlowGoldRe  = lazyre.New(`^The maximum flow from node (\d+) to node (\d+) is (\d+(?:\.\d+)?)\.?$`)
	nlSPGoldRe    = lazyre.New(`^The shortest path from node (\d+) to node (\d+) is ([\d,]+) with a total weight of (\d+(?:\.\d+)?)\.?$`)
	nlHamGoldRe   = lazyre.New(`^Yes\. The path can be: ([\d,]+)\.?$`)
	nlTopoGoldRe  = lazyre.New(`^The solution is: ([\d,]+)\.?$`)
	nlMatchPairRe = lazyre.New(`^applicant (\d+): job (\d+)$`)
	nlMatchSizeRe = lazyre.New(`^(\d+) applicants? can find the job they are interested in\.?$`)
	nlVectorRe    = lazyre.New(`^node (\d+): ` + nlNumbers + `$`)
)

// parseNLGold reads the gold answer text of an NLGraph task.
func parseNLGold(task, text string) (nlGold, error) {
	var g nlGold
	text = strings.TrimSpace(text)
	ints := func(list string) ([]int, error) {
		var out []int
		for _, f := range strings.Split(list, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("node %q: %w", f, err)
			}
			out = append(out, n)
		}
		return out, nil
	}
	switch task {
	case NLConnectivity, NLCycle:
		m := nlYesNoRe.FindStringSubmatch(text)
		if m == nil {
			return g, fmt.Errorf("no yes or no in %q", text)
		}
		g.yes = strings.EqualFold(m[1], "yes")
	case NLFlow:
		m := nlFlowGoldRe.FindStringSubmatch(text)
		if m == nil {
			return g, fmt.Errorf("not a maximum flow: %q", text)
		}
		g.number, _ = strconv.ParseFloat(m[3], 64)
	case NLShortestPath:
		m := nlSPGoldRe.FindStringSubmatch(text)
		if m == nil {
			return g, fmt.Errorf("not a shortest path: %q", text)
		}
		g.number, _ = strconv.ParseFloat(m[4], 64)
		var err error
		g.path, err = ints(m[3])
		return g, err
	case NLHamilton:
		if strings.HasPrefix(text, "No") {
			return g, nil
		}
		m := nlHamGoldRe.FindStringSubmatch(text)
		if m == nil {
			return g, fmt.Errorf("not a Hamiltonian path: %q", text)
		}
		g.yes = true
		var err error
		g.path, err = ints(m[1])
		return g, err
	case NLTopology:
		m := nlTopoGoldRe.FindStringSubmatch(text)
		if m == nil {
			return g, fmt.Errorf("not a topological order: %q", text)
		}
		var err error
		g.path, err = ints(m[1])
		return g, err
	case NLMatching:
		size := -1
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if m := nlMatchPairRe.FindStringSubmatch(line); m != nil {
				a, _ := strconv.Atoi(m[1])
				j, _ := strconv.Atoi(m[2])
				g.pairs = append(g.pairs, [2]int{a, j})
			} else if m := nlMatchSizeRe.FindStringSubmatch(line); m != nil {
				size, _ = strconv.Atoi(m[1])
			} else if line != "" {
				return g, fmt.Errorf("matching line %q", line)
			}
		}
		if size != len(g.pairs) {
			return g, fmt.Errorf("the matching lists %d pairs but states %d", len(g.pairs), size)
		}
		g.number = float64(size)
	case NLGNN:
		g.vectors = map[int][]float64{}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			m := nlVectorRe.FindStringSubmatch(line)
			if m == nil {
				if line == "" || line == "The answer is:" {
					continue
				}
				return g, fmt.Errorf("embedding line %q", line)
			}
			v, _ := strconv.Atoi(m[1])
			for _, f := range strings.Split(m[2], ",") {
				x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
				if err != nil {
					return g, err
				}
				g.vectors[v] = append(g.vectors[v], x)
			}
		}
		if len(g.vectors) == 0 {
			return g, fmt.Errorf("no embeddings in the answer")
		}
	default:
		return g, fmt.Errorf("unknown NLGraph task %q", task)
	}
	return g, nil
}

// CheckNLGraph judges a backend's answer to an NLGraph item by its
// validity, reading the graph from the question with its own strict reader
// (never the backend's reading): a path must be a real path of the optimal
// total weight, an order must contain every node once and respect every
// constraint, a matching must use real pairs, match each side once and have
// the maximum size, embeddings must equal the gold ones, a flow value must
// equal the maximum flow (and the flows given must be a valid flow), and a
// yes or no must be the gold one and concern the question's nodes. An
// answer from a tool that does not answer the task is wrong.
func CheckNLGraph(it *Item, out Outcome) Verdict {
	p, err := parseNLGraph(it.Task, it.Question)
	if err != nil {
		return wrong("checker cannot read the question: %v", err)
	}
	var text string
	if err := json.Unmarshal(it.Answer, &text); err != nil {
		return wrong("gold answer is not a string: %v", err)
	}
	gold, err := parseNLGold(it.Task, text)
	if err != nil {
		return wrong("checker cannot read the gold answer: %v", err)
	}
	val := normalize(out.Value)
	if val == nil {
		return wrong("no answer")
	}
	accepted := nlTools[it.Task]
	switch {
	case out.Tool == "" && out.Fallback:
		// An analogical answer is judged on what it says, where it can be.
		switch it.Task {
		case NLConnectivity, NLCycle:
			return judgeYesNo(val, gold.yes)
		case NLFlow:
			return judgeNumber("maximum flow", val, gold.number)
		}
		return wrong("answered by analogy, without the %s it asks for", nlWhat[it.Task])
	case !contains(accepted, out.Tool):
		return wrong("answered with %s, which does not answer a %s question (expected %s)", toolName(out.Tool), it.Task, strings.Join(accepted, " or "))
	}
	args := argMap(out.Args)
	switch it.Task {
	case NLConnectivity:
		if out.Tool == "shortest_path" {
			return checkNLPath(p, val, p.source, p.target, -1, true)
		}
		if v := checkPairArgs(args, "source", "target", p.source, p.target, !p.directed); !v.Correct {
			return v
		}
		return judgeYesNo(val, gold.yes)
	case NLCycle:
		return judgeYesNo(val, gold.yes)
	case NLFlow:
		if v := checkPairArgs(args, "source", "sink", p.source, p.target, false); !v.Correct {
			return v
		}
		if v := judgeNumber("maximum flow", val, gold.number); !v.Correct {
			return v
		}
		return checkNLFlows(p, val, gold.number)
	case NLShortestPath:
		return checkNLPath(p, val, p.source, p.target, gold.number, false)
	case NLHamilton:
		return checkNLHamilton(p, val, gold.yes)
	case NLTopology:
		return checkNLOrder(p, val)
	case NLMatching:
		return checkNLMatching(p, val, int(gold.number))
	case NLGNN:
		return checkNLEmbeddings(p, val, gold.vectors)
	}
	return wrong("unknown NLGraph task %q", it.Task)
}

// nlWhat names what each task's answer must give.
var nlWhat = map[string]string{
	NLGNN: "embeddings", NLHamilton: "path", NLMatching: "assignment", NLShortestPath: "path", NLTopology: "order",
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func toolName(t string) string {
	if t == "" {
		return "no tool"
	}
	return t
}

// argMap reads a tool's arguments (nil when there are none).
func argMap(raw json.RawMessage) map[string]any {
	var m map[string]any
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &m)
	}
	return m
}

// checkPairArgs checks that the tool was asked about the question's nodes
// (in either order when unordered).
func checkPairArgs(args map[string]any, a, b string, s, t int, unordered bool) Verdict {
	got := [2]string{paramString(args[a]), paramString(args[b])}
	want := [2]string{strconv.Itoa(s), strconv.Itoa(t)}
	if got == want || unordered && got == [2]string{want[1], want[0]} {
		return right
	}
	return wrong("answered about %s=%q, %s=%q; the question asks about %s and %s", a, got[0], b, got[1], want[0], want[1])
}

func judgeYesNo(val any, want bool) Verdict {
	got, ok := boolOf(val)
	if !ok {
		return wrong("answer %s is not yes or no", brief(val))
	}
	if got != want {
		return wrong("answered %s, expected %s", yesNo(got), yesNo(want))
	}
	return right
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func judgeNumber(what string, val any, want float64) Verdict {
	got, ok := numberOf(val)
	if !ok {
		return wrong("answer %s is not a %s", brief(val), what)
	}
	if !within(got, want, DefaultTolerance) {
		return wrong("%s %s, expected %s", what, fmtNum(got), fmtNum(want))
	}
	return right
}

// nodeOf reads a node ID of an answer: a canonical decimal number in the
// question's range (0..n-1; any when n < 0).
func nodeOf(id string, n int) (int, bool) {
	v, err := strconv.Atoi(id)
	if err != nil || strconv.Itoa(v) != id || v < 0 || n >= 0 && v >= n {
		return 0, false
	}
	return v, true
}

// nodesOf reads a list of node IDs.
func nodesOf(raw any, n int) ([]int, Verdict) {
	list, ok := listOf(raw)
	if !ok || len(list) == 0 {
		return nil, wrong("answer %s has no list of nodes", brief(raw))
	}
	out := make([]int, len(list))
	for i, id := range list {
		v, ok := nodeOf(id, n)
		if !ok {
			return nil, wrong("%q is not a node of the graph", id)
		}
		out[i] = v
	}
	return out, right
}

// field returns an object answer's field.
func field(val any, key string) (any, bool) {
	m, ok := val.(map[string]any)
	if !ok {
		return nil, false
	}
	v, ok := m[key]
	return v, ok
}

// checkNLPath checks a path answer {"length", "path"}: it runs from s to t
// along edges and, when want >= 0, weighs want in total (the optimum). With
// anyPath a path of any weight proves s and t connected (connectivity).
func checkNLPath(p *nlProblem, val any, s, t int, want float64, anyPath bool) Verdict {
	raw, ok := field(val, "path")
	if !ok {
		return wrong("answer %s gives no path", brief(val))
	}
	path, v := nodesOf(raw, -1)
	if !v.Correct {
		return v
	}
	if path[0] != s || path[len(path)-1] != t {
		return wrong("the path runs from %d to %d, not from %d to %d", path[0], path[len(path)-1], s, t)
	}
	total := 0.0
	for i := 0; i+1 < len(path); i++ {
		w, ok := p.edges[[2]int{path[i], path[i+1]}]
		if !ok {
			return wrong("the path uses %d-%d, which is not an edge", path[i], path[i+1])
		}
		total += w
	}
	if anyPath {
		return right
	}
	if !within(total, want, DefaultTolerance) {
		return wrong("the path weighs %s, the shortest %s", fmtNum(total), fmtNum(want))
	}
	if l, ok := field(val, "length"); ok {
		if got, ok := numberOf(l); !ok || !within(got, want, DefaultTolerance) {
			return wrong("the answer states length %s for a path of weight %s", brief(l), fmtNum(want))
		}
	}
	return right
}

// checkNLHamilton checks {"exists", "path"}: the path visits every node
// exactly once along edges.
func checkNLHamilton(p *nlProblem, val any, want bool) Verdict {
	e, ok := field(val, "exists")
	if !ok {
		e = val
	}
	got, ok := boolOf(e)
	if !ok {
		return wrong("answer %s does not say whether a path exists", brief(val))
	}
	if got != want {
		return wrong("answered %s, expected %s", yesNo(got), yesNo(want))
	}
	if !want {
		return right
	}
	raw, ok := field(val, "path")
	if !ok {
		return wrong("the answer says yes but gives no path")
	}
	path, v := nodesOf(raw, p.nodes)
	if !v.Correct {
		return v
	}
	if len(path) != p.nodes {
		return wrong("the path has %d nodes, the graph %d", len(path), p.nodes)
	}
	seen := make([]bool, p.nodes)
	for i, x := range path {
		if seen[x] {
			return wrong("the path visits node %d twice", x)
		}
		seen[x] = true
		if i > 0 && !p.hasEdge(path[i-1], x) {
			return wrong("the path uses %d-%d, which is not an edge", path[i-1], x)
		}
	}
	return right
}

// checkNLOrder checks a topological order: every node once, every "a
// before b" respected.
func checkNLOrder(p *nlProblem, val any) Verdict {
	order, v := nodesOf(val, p.nodes)
	if !v.Correct {
		return v
	}
	if len(order) != p.nodes {
		return wrong("the order has %d nodes, the graph %d", len(order), p.nodes)
	}
	pos := make([]int, p.nodes)
	for i := range pos {
		pos[i] = -1
	}
	for i, x := range order {
		if pos[x] >= 0 {
			return wrong("node %d appears twice in the order", x)
		}
		pos[x] = i
	}
	for e := range p.edges {
		if pos[e[0]] > pos[e[1]] {
			return wrong("node %d must come before node %d", e[0], e[1])
		}
	}
	return right
}

// checkNLFlows checks the flows of a maximum_flow answer, when it lists
// them: each on an edge, within its capacity, conserved at every other
// node, value leaving the source.
func checkNLFlows(p *nlProblem, val any, value float64) Verdict {
	raw, ok := field(val, "flows")
	if !ok || raw == nil {
		return right
	}
	list, ok := raw.([]any)
	if !ok {
		return wrong("the flows %s are not a list", brief(raw))
	}
	net := make([]float64, p.nodes)
	for _, f := range list {
		u, ok1 := field(f, "source")
		v, ok2 := field(f, "target")
		x, ok3 := field(f, "flow")
		if !ok1 || !ok2 || !ok3 {
			return wrong("flow entry %s lacks source, target or flow", brief(f))
		}
		a, okA := nodeOf(paramString(u), p.nodes)
		b, okB := nodeOf(paramString(v), p.nodes)
		amount, okX := numberOf(x)
		if !okA || !okB || !okX {
			return wrong("flow entry %s names no edge of the graph", brief(f))
		}
		c, ok := p.edges[[2]int{a, b}]
		if !ok {
			return wrong("flow on %d -> %d, which is not an edge", a, b)
		}
		if amount < 0 || amount > c*(1+DefaultTolerance) {
			return wrong("flow %s on %d -> %d exceeds its capacity %s", fmtNum(amount), a, b, fmtNum(c))
		}
		net[a] -= amount
		net[b] += amount
	}
	for v, x := range net {
		want := 0.0
		switch v {
		case p.source:
			want = -value
		case p.target:
			want = value
		}
		if !within(x, want, DefaultTolerance) {
			return wrong("the flows are not conserved at node %d (net %s)", v, fmtNum(x))
		}
	}
	return right
}

// matchSide reads a node of a matching answer as an applicant or a job:
// "applicant 3", "Applicant_3", "a3", "job 5", "j5". A bare number does
// not say which side it is on.
func matchSide(id string) (isJob bool, n int, ok bool) {
	s := strings.ToLower(strings.TrimSpace(id))
	i := strings.IndexAny(s, "0123456789")
	if i <= 0 {
		return false, 0, false
	}
	word := strings.TrimRight(s[:i], " _-:#")
	n, err := strconv.Atoi(s[i:])
	if err != nil || strconv.Itoa(n) != s[i:] {
		return false, 0, false
	}
	switch word {
	case "applicant", "applicants", "app", "a":
		return false, n, true
	case "job", "jobs", "j":
		return true, n, true
	}
	return false, 0, false
}

// checkNLMatching checks {"size", "pairs"}: every pair an applicant and a
// job the applicant is interested in, no applicant or job twice, as many
// pairs as the maximum.
func checkNLMatching(p *nlProblem, val any, want int) Verdict {
	raw, ok := field(val, "pairs")
	if !ok {
		return wrong("answer %s gives no assignment", brief(val))
	}
	pairs, ok := pairsOf(raw)
	if !ok {
		return wrong("the assignment %s is not a list of pairs", brief(raw))
	}
	usedA, usedJ := map[int]bool{}, map[int]bool{}
	for _, pr := range pairs {
		j0, n0, ok0 := matchSide(pr[0])
		j1, n1, ok1 := matchSide(pr[1])
		if !ok0 || !ok1 || j0 == j1 {
			return wrong("pair (%s, %s) does not name one applicant and one job", pr[0], pr[1])
		}
		a, j := n0, n1
		if j0 {
			a, j = n1, n0
		}
		if !p.interested[[2]int{a, j}] {
			return wrong("applicant %d is not interested in job %d", a, j)
		}
		if usedA[a] || usedJ[j] {
			return wrong("applicant %d or job %d is assigned twice", a, j)
		}
		usedA[a], usedJ[j] = true, true
	}
	if len(pairs) != want {
		return wrong("the assignment has %d pairs, a maximum one %d", len(pairs), want)
	}
	if s, ok := field(val, "size"); ok {
		if n, ok := numberOf(s); !ok || n != float64(want) {
			return wrong("the answer states size %s for %d pairs", brief(s), want)
		}
	}
	return right
}

// checkNLEmbeddings checks {"rounds", "features"}: as many rounds as
// layers asked, and every node's vector equal to the gold one.
func checkNLEmbeddings(p *nlProblem, val any, want map[int][]float64) Verdict {
	if r, ok := field(val, "rounds"); ok {
		if n, ok := numberOf(r); !ok || n != float64(p.layers) {
			return wrong("ran %s rounds, the question asks for %d layers", brief(r), p.layers)
		}
	}
	raw, ok := field(val, "features")
	if !ok {
		return wrong("answer %s gives no embeddings", brief(val))
	}
	feats, ok := raw.(map[string]any)
	if !ok {
		return wrong("the embeddings %s are not a map from node to vector", brief(raw))
	}
	if len(feats) != len(want) {
		return wrong("embeddings of %d nodes, the graph has %d", len(feats), len(want))
	}
	for id, vec := range feats {
		v, ok := nodeOf(id, -1)
		if !ok || want[v] == nil {
			return wrong("%q is not a node of the graph", id)
		}
		list, ok := vec.([]any)
		if !ok || len(list) != len(want[v]) {
			return wrong("node %d's embedding %s has not %d values", v, brief(vec), len(want[v]))
		}
		for k, x := range list {
			f, ok := x.(float64)
			if !ok || math.Abs(f-want[v][k]) > 1e-9*math.Max(1, math.Abs(want[v][k])) {
				return wrong("node %d's embedding is %s, expected %s", v, brief(vec), brief(want[v]))
			}
		}
	}
	return right
}
