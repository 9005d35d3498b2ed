package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// auditGraphInstructItems audits every item against its record's graph, on
// GOMAXPROCS workers.
func auditGraphInstructItems(ctx context.Context, items []Item, problems map[string]*giProblem) error {
	return auditProblems(ctx, items, problems, auditGraphInstruct)
}

// giFloatTol is the audit's tolerance on float golds, which GTG writes
// with four decimals ("{:.4f}").
const giFloatTol = 5e-5 + 1e-12

// auditGraphInstruct re-derives a GraphInstruct item's gold from its
// record's graph with the catalogue. page_rank is left unverified (no
// catalogue tool runs PageRank for a fixed number of iterations); an MST
// item whose prompt shows no weights is ill-posed.
func auditGraphInstruct(ctx context.Context, reg *tools.Registry, it *Item, p *giProblem) GoldAudit {
	if p == nil {
		return GoldAudit{Status: AuditUnverified, Proof: "no graph"}
	}
	g, err := p.graph()
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	var gold any
	_ = json.Unmarshal(it.Answer, &gold)
	fix := auditCorrected
	gaveUp := auditGaveUp
	confirmed := GoldAudit{Status: AuditConfirmed}
	run := func(tool string, args any) (any, string, error) {
		res, err := runTool(ctx, reg, tool, g, args)
		if err != nil {
			return nil, "", err
		}
		return normalize(res.Value), res.Text, nil
	}
	pair := func(a, b string) map[string]string { return map[string]string{a: p.asked[0], b: p.asked[1]} }
	one := func() map[string]string { return map[string]string{"node": p.asked[0]} }
	succ := func(v string) ([]string, error) {
		val, _, err := run("successors", map[string]string{"node": v})
		if err != nil {
			return nil, err
		}
		l, _ := listOf(val)
		return l, nil
	}
	switch it.Task {
	case GIPageRank:
		return GoldAudit{Status: AuditUnverified, Proof: "no catalogue tool runs PageRank for a fixed number of iterations (the question asks 3 from 1/N)"}
	case GIConnectivity, GICycle, GIEdge:
		tool, args := "cycle_check", any(struct{}{})
		switch it.Task {
		case GIConnectivity:
			tool, args = "path_exists", pair("source", "target")
		case GIEdge:
			tool, args = "edge_exists", pair("source", "target")
		}
		v, text, err := run(tool, args)
		if err != nil {
			return gaveUp(err)
		}
		got, _ := boolOf(v)
		if want, ok := gold.(bool); ok && want == got {
			return confirmed
		}
		if it.Task == GICycle && !got {
			// The witness of no cycle: a forest's edge count, or a
			// topological order.
			if p.directed {
				if v, _, err := run("topological_sort", struct{}{}); err == nil {
					order, _ := listOf(v)
					text = "every edge goes forward in the order " + strings.Join(order, ", ")
				}
			} else if v, _, err := run("connected_components", struct{}{}); err == nil {
				m, _ := v.(map[string]any)
				c, _ := numberOf(m["count"])
				text = fmt.Sprintf("a forest: %d nodes, %d edges in %d component(s), %d = %d - %d", g.N(), g.M(), int(c), g.M(), g.N(), int(c))
			}
		}
		return fix(got, "%s", text)
	case GIShortestPath, GIMaximumFlow, GIDegree, GIDiameter, GIMST, GICommonNeighbor, GIJaccard, GIClustering:
		var got float64
		var text string
		switch it.Task {
		case GICommonNeighbor, GIJaccard, GIClustering:
			// The questions' own definitions: on a directed graph a node's
			// neighbours are its successors.
			if !p.directed && it.Task != GIClustering {
				tool := map[string]string{GICommonNeighbor: "common_neighbors", GIJaccard: "jaccard_coefficient"}[it.Task]
				v, t, err := run(tool, pair("u", "v"))
				if err != nil {
					return gaveUp(err)
				}
				if l, ok := v.([]any); ok {
					v = float64(len(l))
				}
				got, text = numberFrom(v), t
				break
			}
			if it.Task == GIClustering {
				if !p.directed {
					v, t, err := run("clustering_coefficient", one())
					if err != nil {
						return gaveUp(err)
					}
					got, text = numberFrom(v), t
					break
				}
				nb, err := succ(p.asked[0])
				if err != nil {
					return gaveUp(err)
				}
				links := 0
				for _, a := range nb {
					for _, b := range nb {
						ia, _ := g.Index(a)
						ib, _ := g.Index(b)
						if a != b && g.HasEdge(ia, ib) {
							links++
						}
					}
				}
				if d := len(nb); d > 1 {
					got = float64(links) / float64(d*(d-1))
				}
				text = fmt.Sprintf("node %s has %d successors (%s) with %d edges among them: %d / (%d * %d) = %.4f",
					p.asked[0], len(nb), strings.Join(nb, ", "), links, links, len(nb), len(nb)-1, got)
				break
			}
			a, err := succ(p.asked[0])
			if err != nil {
				return gaveUp(err)
			}
			b, err := succ(p.asked[1])
			if err != nil {
				return gaveUp(err)
			}
			common, union := 0, map[string]bool{}
			for _, x := range a {
				union[x] = true
				if slices.Contains(b, x) {
					common++
				}
			}
			for _, x := range b {
				union[x] = true
			}
			got = float64(common)
			if it.Task == GIJaccard && len(union) > 0 {
				got = float64(common) / float64(len(union))
			}
			text = fmt.Sprintf("successors of %s: %s; of %s: %s; %d in common, %d in all", p.asked[0], strings.Join(a, ", "),
				p.asked[1], strings.Join(b, ", "), common, len(union))
		default:
			tool, args := it.Tool, any(struct{}{})
			switch it.Task {
			case GIShortestPath:
				args = map[string]any{"source": p.asked[0], "target": p.asked[1], "weighted": p.weighted}
			case GIMaximumFlow:
				args = pair("source", "sink")
			case GIDegree:
				a := map[string]string{"node": p.asked[0]}
				if p.directed {
					a["direction"] = "out"
				}
				args = a
			}
			v, t, err := run(tool, args)
			if err != nil {
				return gaveUp(err)
			}
			if m, ok := v.(map[string]any); ok {
				for _, k := range []string{"total_weight", "flow_value", "value", "length"} {
					if m[k] != nil {
						v = m[k]
						break
					}
				}
			}
			got, text = numberFrom(v), t
		}
		if math.IsNaN(got) {
			return gaveUp(fmt.Errorf("%s gave no number: %s", it.Tool, text))
		}
		want, _ := gold.(float64)
		tol := 1e-9
		if giTasks[it.Task].kind == 'f' {
			tol = giFloatTol
		}
		if math.Abs(got-want) <= tol {
			if it.Task == GIMST && p.weighted && !p.nlWeights {
				return GoldAudit{Status: AuditIllPosed, Proof: fmt.Sprintf("the total %s is right for the record's weighted graph, but its graph_nl (what the prompt shows) gives no weights", fmtNum(want))}
			}
			return confirmed
		}
		if giTasks[it.Task].kind == 'f' {
			got = math.Round(got*1e4) / 1e4
		}
		return fix(got, "%s", text)
	case GINeighbor, GIPredecessor, GIConnectedComponent:
		want, _ := listOf(gold)
		var got []string
		var text string
		switch it.Task {
		case GIConnectedComponent:
			tool := "connected_components"
			if p.directed {
				tool = "strongly_connected_components"
			}
			v, t, err := run(tool, struct{}{})
			if err != nil {
				return gaveUp(err)
			}
			m, _ := v.(map[string]any)
			cs, _ := m["components"].([]any)
			for _, c := range cs {
				l, _ := listOf(c)
				if slices.Contains(l, p.asked[0]) {
					got = l
				}
			}
			text = t
		default:
			tool := "neighbors"
			if it.Task == GIPredecessor {
				tool = "predecessors"
			}
			v, t, err := run(tool, one())
			if err != nil {
				return gaveUp(err)
			}
			got, _ = listOf(v)
			text = t
		}
		if sameNodes(got, want) {
			return confirmed
		}
		if got == nil {
			got = []string{}
		}
		return fix(got, "%s", text)
	case GIBFS, GIDFS, GITopologicalSort, GIEulerPath, GIHamiltonianPath:
		order, _ := listOf(gold)
		err := giListOK(it.Task, g, order, p)
		if err == nil {
			return confirmed
		}
		args := any(struct{}{})
		if it.Task == GIBFS || it.Task == GIDFS {
			args = map[string]string{"source": p.asked[0]}
		}
		v, text, rerr := run(it.Tool, args)
		if rerr != nil {
			return gaveUp(rerr)
		}
		if m, ok := v.(map[string]any); ok {
			if m["path"] == nil {
				return fix(nil, "the published answer %s is wrong (%v) and %s", strings.Join(order, ", "), err, text)
			}
			v = m["path"]
		}
		want, _ := listOf(v)
		return fix(want, "the published answer %s is not valid: %v; one is %s", strings.Join(order, ", "), err, strings.Join(want, ", "))
	case GIBipartite:
		pairs, _ := pairsOf(gold)
		v, text, err := run("maximum_bipartite_matching", struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		m, _ := v.(map[string]any)
		best, _ := pairsOf(m["pairs"])
		if verr := giMatchingOK(g, pairs, p); verr != nil {
			return fix(best, "the published matching is not a matching of the graph: %v; %s", verr, text)
		}
		if len(pairs) != len(best) {
			return fix(best, "the published matching has %d pairs; %s", len(pairs), text)
		}
		return confirmed
	}
	return GoldAudit{Status: AuditUnverified, Proof: "unknown task " + it.Task}
}

// numberFrom is v as a number, NaN when it is none.
func numberFrom(v any) float64 {
	if f, ok := numberOf(v); ok {
		return f
	}
	return math.NaN()
}

// sameNodes reports whether a and b hold the same nodes, as sets (GTG compares set()s).
func sameNodes(a, b []string) bool {
	sa, sb := map[string]bool{}, map[string]bool{}
	for _, x := range a {
		sa[x] = true
	}
	for _, x := range b {
		sb[x] = true
	}
	if len(sa) != len(sb) {
		return false
	}
	for x := range sa {
		if !sb[x] {
			return false
		}
	}
	return true
}

// giListOK checks an ordered answer by the task's own check (its
// Evaluator.check_correctness in GTG/tasks/<task>/<task>.py).
func giListOK(task string, g *graph.Graph, order []string, p *giProblem) error {
	for _, v := range order {
		if _, ok := g.Index(v); !ok {
			return fmt.Errorf("node %s is not in the graph", v)
		}
	}
	switch task {
	case GIBFS:
		return giBFSOK(g, order, p.asked[0])
	case GIDFS:
		return giDFSOK(g, order, p.asked[0])
	case GITopologicalSort:
		if len(order) != g.N() || len(uniq(order)) != g.N() {
			return fmt.Errorf("the order has %d distinct of %d nodes", len(uniq(order)), g.N())
		}
		pos := map[string]int{}
		for i, v := range order {
			pos[v] = i
		}
		for e := range g.M() {
			u, v := g.Edge(int32(e))
			if pos[g.ID(u)] > pos[g.ID(v)] {
				return fmt.Errorf("edge %s->%s goes backwards", g.ID(u), g.ID(v))
			}
		}
		return nil
	case GIEulerPath:
		if len(order) != g.M()+1 {
			return fmt.Errorf("the walk has %d steps for %d edges", len(order)-1, g.M())
		}
		used := map[[2]string]bool{}
		for i := 0; i+1 < len(order); i++ {
			u, v := order[i], order[i+1]
			iu, _ := g.Index(u)
			iv, _ := g.Index(v)
			if !g.HasEdge(iu, iv) {
				return fmt.Errorf("%s-%s is not an edge", u, v)
			}
			if used[[2]string{u, v}] || !g.Directed() && used[[2]string{v, u}] {
				return fmt.Errorf("edge %s-%s is used twice", u, v)
			}
			used[[2]string{u, v}] = true
		}
		return nil
	case GIHamiltonianPath:
		return walkOK(g, order, true)
	}
	return fmt.Errorf("unknown task %s", task)
}

func uniq(l []string) map[string]bool {
	m := map[string]bool{}
	for _, x := range l {
		m[x] = true
	}
	return m
}

// giBFSOK is BFS's check_correctness: the order starts at start and its
// consecutive runs are the nodes at 0, 1, 2, ... hops from start (as
// sets; like GTG it does not look past the last reachable hop).
func giBFSOK(g *graph.Graph, order []string, start string) error {
	s, ok := g.Index(start)
	if len(order) == 0 || order[0] != start || !ok {
		return fmt.Errorf("the order does not start at %s", start)
	}
	dist := map[int32]int{s: 0}
	queue := []int32{s}
	var layers [][]string
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		d := dist[v]
		if d == len(layers) {
			layers = append(layers, nil)
		}
		layers[d] = append(layers[d], g.ID(v))
		for _, w := range g.Out(v) {
			if _, seen := dist[w]; !seen {
				dist[w] = d + 1
				queue = append(queue, w)
			}
		}
	}
	idx := 0
	for k, layer := range layers {
		end := min(idx+len(layer), len(order))
		if !sameNodes(order[idx:end], layer) || end-idx != len(uniq(order[idx:end])) {
			return fmt.Errorf("the nodes at %d hops from %s are %s, not %s", k, start, strings.Join(layer, ", "), strings.Join(order[idx:end], ", "))
		}
		idx = end
	}
	return nil
}

// giDFSOK checks that order is a depth-first preorder from start for some
// order of the neighbours, visiting exactly what start reaches (GTG's
// check_dfs_path, for one start).
func giDFSOK(g *graph.Graph, order []string, start string) error {
	if len(order) == 0 || order[0] != start {
		return fmt.Errorf("the order does not start at %s", start)
	}
	seen := map[int32]bool{}
	var stack []int32
	unvisited := func(v int32) bool {
		for _, w := range g.Out(v) {
			if !seen[w] {
				return true
			}
		}
		return false
	}
	for i, id := range order {
		v, _ := g.Index(id)
		if seen[v] {
			return fmt.Errorf("node %s is visited twice", id)
		}
		if i > 0 {
			for len(stack) > 0 && !unvisited(stack[len(stack)-1]) {
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				return fmt.Errorf("node %s is not reachable from %s", id, start)
			}
			top := stack[len(stack)-1]
			if !slices.Contains(g.Out(top), v) {
				return fmt.Errorf("after %s the search must go to an unvisited neighbour of %s, not %s", order[i-1], g.ID(top), id)
			}
		}
		seen[v] = true
		stack = append(stack, v)
	}
	for _, v := range stack {
		if unvisited(v) {
			return fmt.Errorf("the order stops while %s has unvisited neighbours", g.ID(v))
		}
	}
	return nil
}

// giMatchingOK checks a matching: pairs of the graph's edges between the
// two sets, no node twice.
func giMatchingOK(g *graph.Graph, pairs [][2]string, p *giProblem) error {
	used := map[string]bool{}
	for _, e := range pairs {
		u, ok1 := g.Index(e[0])
		v, ok2 := g.Index(e[1])
		if !ok1 || !ok2 || !g.HasEdge(u, v) {
			return fmt.Errorf("(%s, %s) is not an edge", e[0], e[1])
		}
		if !(slices.Contains(p.set1, e[0]) && slices.Contains(p.set2, e[1]) || slices.Contains(p.set2, e[0]) && slices.Contains(p.set1, e[1])) {
			return fmt.Errorf("(%s, %s) does not join the two sets", e[0], e[1])
		}
		if used[e[0]] || used[e[1]] {
			return fmt.Errorf("a node of (%s, %s) is matched twice", e[0], e[1])
		}
		used[e[0]], used[e[1]] = true, true
	}
	return nil
}

// checkGraphInstruct judges an outcome against the scored gold and the
// published one: a direct-mode reply by GraphInstructCheck, a tools-mode
// answer by value (any valid order, path or matching).
func checkGraphInstruct(it *Item, out Outcome, load func() *graph.Graph) (scored, published Verdict) {
	return judgeBoth(it, func(gold any) Verdict {
		if out.Direct {
			return directVerdict(GraphInstructCheck(it, gold, out.Text, load()), it.Task, gold)
		}
		return judgeGraphInstructValue(it, gold, out, load())
	})
}

func judgeGraphInstructValue(it *Item, gold any, out Outcome, g *graph.Graph) Verdict {
	pred := normalize(out.Value)
	if pred == nil && out.Text != "" {
		pred = out.Text
	}
	if pred == nil {
		return wrong("no answer")
	}
	if out.Tool != "" && !it.ToolMatches(out.Tool) {
		return wrong("answered with %s, which does not answer a %s question (expected %s)", out.Tool, it.Task,
			strings.Join(append([]string{it.Tool}, it.AltTools...), " or "))
	}
	p := giProblemOf(it)
	switch giTasks[it.Task].kind {
	case 'b':
		if v, ok := field(pred, "exists"); ok {
			pred = v
		}
		want, _ := gold.(bool)
		return judgeYesNo(pred, want)
	case 'i', 'f':
		if m, ok := pred.(map[string]any); ok {
			for _, k := range []string{"total_weight", "flow_value", "value", "length", "count"} {
				if m[k] != nil {
					pred = m[k]
					break
				}
			}
		}
		if l, ok := pred.([]any); ok && it.Task == GICommonNeighbor {
			pred = float64(len(l))
		}
		got, ok := numberOf(pred)
		want, _ := gold.(float64)
		if !ok {
			return wrong("answer %s is not a number", brief(pred))
		}
		tol := 1e-9
		if giTasks[it.Task].kind == 'f' {
			tol = giFloatTol
		}
		if math.Abs(got-want) > tol {
			return wrong("answered %s, expected %s", fmtNum(got), fmtNum(want))
		}
		return right
	case 's':
		if v, ok := field(pred, "components"); ok {
			if cs, ok := v.([]any); ok {
				for _, c := range cs {
					if l, _ := listOf(c); slices.Contains(l, paramString(it.Params["source"])) {
						pred = c
					}
				}
			}
		}
		got, ok := listOf(pred)
		want, _ := listOf(gold)
		if !ok || !sameNodes(got, want) {
			return wrong("answered %s, expected the nodes %s", brief(pred), strings.Join(want, ", "))
		}
		return right
	case 'l':
		if v, ok := field(pred, "path"); ok {
			pred = v
		} else if v, ok := field(pred, "order"); ok {
			pred = v
		}
		order, ok := listOf(pred)
		if !ok || g == nil || p == nil {
			return wrong("answer %s is not an order", brief(pred))
		}
		if err := giListOK(it.Task, g, order, p); err != nil {
			return wrong("%v", err)
		}
		return right
	case 'm':
		return checkMatching(gold, pred, g)
	case 'n':
		want, _ := listOf(gold)
		if l, ok := listOf(pred); ok && len(l) == 1 && slices.Contains(want, l[0]) {
			return right
		}
		if v, ok := pred.(string); ok && slices.Contains(want, strings.TrimSpace(v)) {
			return right
		}
		return wrong("answered %s, expected one of %s", brief(pred), strings.Join(want, ", "))
	}
	return wrong("%s is not scored (%s)", it.Task, "no catalogue tool")
}

// giProblemOf rebuilds what the checks need of an item's problem from the
// item itself (its direction, asked nodes and, for bipartite, the sets in
// its question).
func giProblemOf(it *Item) *giProblem {
	p := &giProblem{task: it.Task}
	if it.Directed != nil {
		p.directed = *it.Directed
	}
	for _, k := range []string{"source", "target"} {
		if v, ok := it.Params[k]; ok {
			p.asked = append(p.asked, paramString(v))
		}
	}
	for _, s := range giSetRe.FindAllStringSubmatch(it.Question, -1) {
		if s[1] == "1" {
			p.set1 = strings.Fields(s[2])
		} else {
			p.set2 = strings.Fields(s[2])
		}
	}
	return p
}

// GTG/utils/parse_output.py's rules.
var (
	giFirstInt   = lazyre.New(`\d+`)
	giFirstFloat = lazyre.New(`(\d*\.\d+|\d+\/\d+)`)
	giYesWords   = []string{"yes", "Yes", "YES", "1", "True", "true", "TRUE"}
	giNoWords    = []string{"no", "No", "NO", "0", "False", "false", "FALSE"}
	giListMarks  = regexp.MustCompile(`['"()\[\]{},\->]`)
)

// giWrapped is parse_wrapped_answer: the text between the first "<<<" and
// the first ">>>", or false.
func giWrapped(s string) (string, bool) {
	left := strings.Index(s, "<<<") + 3
	right := strings.Index(s, ">>>")
	if right > left {
		return s[left:right], true
	}
	return "", false
}

// giNodeList is parse_node_list with the sample's nodes (0..n-1).
func giNodeList(s string, n int) ([]string, bool) {
	// Python's split(' ') keeps tabs and newlines inside tokens.
	var l []string
	for _, t := range strings.Split(giListMarks.ReplaceAllString(s, " "), " ") {
		if t != "" {
			l = append(l, t)
		}
	}
	for _, u := range l {
		if v, err := strconv.Atoi(u); err != nil || strconv.Itoa(v) != u || v >= n {
			return nil, false
		}
	}
	return l, true
}

// GraphInstructCheck scores a direct-mode reply by GraphInstruct's own
// rules: parse_wrapped_answer, then the task's Evaluator (parse_bool,
// parse_first_integer, parse_first_float within 3%, parse_node_list and
// the task's check_correctness).
func GraphInstructCheck(it *Item, gold any, reply string, g *graph.Graph) bool {
	s, ok := giWrapped(reply)
	if !ok {
		return false
	}
	n := 0
	if it.Graph != nil {
		n = it.Graph.Nodes
	}
	switch giTasks[it.Task].kind {
	case 'b':
		words := strings.Split(s, " ")
		yes := slices.ContainsFunc(giYesWords, func(w string) bool { return slices.Contains(words, w) })
		no := slices.ContainsFunc(giNoWords, func(w string) bool { return slices.Contains(words, w) })
		want, _ := gold.(bool)
		return yes != no && yes == want
	case 'i':
		m := giFirstInt.FindString(s)
		v, err := strconv.ParseFloat(m, 64)
		want, _ := gold.(float64)
		return m != "" && err == nil && v == want
	case 'f':
		m := giFirstFloat.FindString(strings.ReplaceAll(s, " ", ""))
		if m == "" {
			return false
		}
		var v float64
		if a, b, frac := strings.Cut(m, "/"); frac {
			x, _ := strconv.ParseFloat(a, 64)
			y, _ := strconv.ParseFloat(b, 64)
			v = x / y
		} else {
			v, _ = strconv.ParseFloat(m, 64)
		}
		want, _ := gold.(float64)
		return math.Abs(v-want)/(want+1e-8) < 0.03
	case 'n':
		v := strings.TrimSpace(s)
		if _, ok := nodeOf(v, n); !ok {
			return false
		}
		want, _ := listOf(gold)
		return slices.Contains(want, v)
	case 's':
		l, ok := giNodeList(s, n)
		want, _ := listOf(gold)
		return ok && sameNodes(l, want)
	case 'l':
		l, ok := giNodeList(s, n)
		if !ok || g == nil {
			return false
		}
		return giListOK(it.Task, g, l, giProblemOf(it)) == nil
	case 'm':
		l, ok := giNodeList(s, n)
		want, _ := pairsOf(gold)
		if !ok || len(l)/2 != len(want) {
			return false
		}
		p := giProblemOf(it)
		used := map[string]bool{}
		for i := 0; i+1 < len(l); i += 2 {
			a, b := l[i], l[i+1]
			if slices.Contains(p.set2, a) && slices.Contains(p.set1, b) {
				a, b = b, a
			} else if !slices.Contains(p.set1, a) || !slices.Contains(p.set2, b) {
				return false
			}
			if used["1"+a] || used["2"+b] {
				return false
			}
			used["1"+a], used["2"+b] = true, true
		}
		return true
	}
	return false
}
