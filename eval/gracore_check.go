package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// auditGraCoReItems audits every item against its graph, on GOMAXPROCS
// workers.
func auditGraCoReItems(ctx context.Context, items []Item, problems map[string]*gcProblem) error {
	return auditProblems(ctx, items, problems, auditGraCoRe)
}

// descriptionEdges reads the graph description's edge lines ("From node u
// to node v, distance is w").
func descriptionEdges(desc string) ([][3]float64, bool) {
	lines := strings.Split(desc, "\n")
	if len(lines) == 0 || !strings.HasSuffix(lines[0], "graph with the following edges:") {
		return nil, false
	}
	var out [][3]float64
	for _, l := range lines[1:] {
		if l == "" && len(lines) == 2 {
			continue // no edges
		}
		m := gcEdgeLineRe.FindStringSubmatch(l)
		if m == nil {
			return nil, false
		}
		u, _ := strconv.Atoi(m[1])
		v, _ := strconv.Atoi(m[2])
		w, _ := strconv.ParseFloat(m[3], 64)
		out = append(out, [3]float64{float64(u), float64(v), w})
	}
	return out, true
}

// sameTriplets compares two edge lists as multisets (endpoints unordered
// when undirected).
func sameTriplets(a, b [][3]float64, directed bool) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(e [3]float64) string {
		u, v := e[0], e[1]
		if !directed && u > v {
			u, v = v, u
		}
		return fmt.Sprintf("%g %g %g", u, v, e[2])
	}
	m := map[string]int{}
	for _, e := range a {
		m[key(e)]++
	}
	for _, e := range b {
		if m[key(e)] == 0 {
			return false
		}
		m[key(e)]--
	}
	return true
}

// auditGraCoRe re-derives a GraCoRe item's gold from its graph (the
// file's "edges" and "nodes") with the catalogue. The description the
// model reads lists edges only, so nodes without edges are invisible in
// it: questions whose gold depends on them are ill-posed.
func auditGraCoRe(ctx context.Context, reg *tools.Registry, it *Item, p *gcProblem) GoldAudit {
	if p == nil {
		return GoldAudit{Status: AuditUnverified, Proof: "no graph"}
	}
	g, err := p.graph()
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	if de, ok := descriptionEdges(p.desc); !ok || !sameTriplets(de, p.edges, p.directed) {
		return GoldAudit{Status: AuditDisputed, Proof: "the graph description's edges are not the file's edges"}
	}
	var gold any
	_ = json.Unmarshal(it.Answer, &gold)
	fix := auditCorrected
	gaveUp := auditGaveUp
	confirmed := GoldAudit{Status: AuditConfirmed}
	iso := p.isolated()
	hidden := func(what string) GoldAudit {
		return GoldAudit{Status: AuditIllPosed, Proof: fmt.Sprintf("%s counts node(s) %s, which no edge touches, so the description (a list of edges) never shows them",
			what, strings.Join(iso, ", "))}
	}
	num := func(v float64, what, text string) GoldAudit {
		if want, ok := gold.(float64); ok && within(v, want, 1e-9) {
			return confirmed
		}
		return fix(v, "%s is %s (%s)", what, fmtNum(v), text)
	}
	pair := map[string]string{"source": strconv.Itoa(p.source), "target": strconv.Itoa(p.target)}
	switch it.Task {
	case GCNodeNumber, GCAverageDegree:
		tool := "node_count"
		if it.Task == GCAverageDegree {
			tool = "degree_distribution"
		}
		res, err := runTool(ctx, reg, tool, g, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		var v float64
		if it.Task == GCNodeNumber {
			v, _ = numberOf(normalize(res.Value))
		} else {
			m, _ := field(normalize(res.Value), "mean")
			v, _ = numberOf(m)
		}
		a := num(v, strings.ReplaceAll(it.Task, "_", " "), res.Text)
		if a.Status == AuditConfirmed && len(iso) > 0 {
			return hidden("the gold " + fmtNum(gold.(float64)))
		}
		return a
	case GCIsConnected:
		res, err := runTool(ctx, reg, "is_connected", g, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		c := res.Value.(bool)
		if want, _ := gold.(bool); want != c {
			return fix(c, "%s", res.Text)
		}
		if !c && len(iso) > 0 && components(g)-len(iso) == 1 {
			return hidden("the gold No")
		}
		return confirmed
	case GCSimilarity:
		var tr [][3]float64
		_ = json.Unmarshal(it.Answer, &tr)
		if sameTriplets(tr, p.edges, p.directed) {
			return confirmed
		}
		return fix(p.edges, "the graph's edges are %d triplets", len(p.edges))
	case GCShortestPath:
		res, err := runTool(ctx, reg, "shortest_path", g, pair)
		if err != nil {
			return gaveUp(err)
		}
		sp := res.Value.(tools.ShortestPath)
		if want, ok := gold.(float64); ok && within(sp.Length, want, 1e-9) {
			return confirmed
		}
		if w, err := pathWeight(g, sp.Path); err != nil || !within(w, sp.Length, 1e-9) {
			return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("the catalogue's path does not check (%v)", err)}
		}
		return fix(sp.Length, "path %s weighs %s", strings.Join(sp.Path, "-"), fmtNum(sp.Length))
	case GCMaxFlow:
		res, err := runTool(ctx, reg, "maximum_flow", g, map[string]string{"source": pair["source"], "sink": pair["target"]})
		if err != nil {
			return gaveUp(err)
		}
		return num(res.Value.(tools.MaxFlow).Value, "the maximum flow", res.Text)
	case GCGraphColoring:
		// The question asks for "the minimum number of colors": the
		// chromatic number, exactly, where the catalogue can prove it.
		if res, err := runTool(ctx, reg, "chromatic_number", g, struct{}{}); err == nil {
			return num(float64(res.Value.(tools.ChromaticResult).ChromaticNumber), "the chromatic number", res.Text)
		}
		res, err := runTool(ctx, reg, "graph_coloring", g, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		a := num(float64(res.Value.(tools.ColoringResult).NumColors), "largest_first's number of colours", res.Text)
		if a.Status != AuditConfirmed {
			return a
		}
		return auditColoringOrder(ctx, reg, p, gold.(float64))
	case GCTreeStructure, GCBipartiteGraph:
		tool := map[string]string{GCTreeStructure: "is_tree", GCBipartiteGraph: "is_bipartite"}[it.Task]
		res, err := runTool(ctx, reg, tool, g, struct{}{})
		if err != nil {
			return gaveUp(err)
		}
		var v bool
		switch x := res.Value.(type) {
		case tools.TreeResult:
			v = x.Tree
		case tools.BipartiteResult:
			v = x.Bipartite
		}
		if want, _ := gold.(bool); want == v {
			return confirmed
		}
		return fix(v, "%s", res.Text)
	case GCEulerian:
		return auditEulerian(ctx, reg, g, p, gold)
	case GCGraphTraversal:
		return auditBFSOptions(g, p, gold)
	case GCHamiltonian:
		return auditHamiltonianCycle(g, p)
	case GCTSP:
		return auditTSP(g, p, gold)
	}
	return GoldAudit{Status: AuditUnverified, Proof: "no catalogue tool answers " + it.Task + " yet"}
}

// auditEulerian checks "does an Eulerian circuit exist" against the
// question's own definition ("a cycle that visits every edge exactly once"):
// nodes without edges do not matter, though nx.is_eulerian, which made the
// gold, calls a graph with an isolated node not Eulerian.
func auditEulerian(ctx context.Context, reg *tools.Registry, g *graph.Graph, p *gcProblem, gold any) GoldAudit {
	want, _ := gold.(bool)
	q := *p
	q.nodes = nil
	iso := map[string]bool{}
	for _, v := range p.isolated() {
		iso[v] = true
	}
	for _, v := range p.nodes {
		if !iso[strconv.Itoa(v)] {
			q.nodes = append(q.nodes, v)
		}
	}
	if len(q.nodes) == 0 {
		return GoldAudit{Status: AuditUnverified, Proof: "the graph has no edges"}
	}
	eg, err := q.graph()
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	res, err := runTool(ctx, reg, "euler_path", eg, struct{}{})
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: "the catalogue gave up: " + err.Error()}
	}
	e := res.Value.(tools.EulerResult)
	if e.Circuit == want {
		return GoldAudit{Status: AuditConfirmed}
	}
	b, _ := json.Marshal(e.Circuit)
	if e.Circuit {
		if err := circuitOK(eg, e.Path); err != nil {
			return GoldAudit{Status: AuditDisputed, Proof: "the catalogue's circuit does not check: " + err.Error()}
		}
		why := ""
		if len(iso) > 0 {
			why = fmt.Sprintf(" (nx.is_eulerian said no because node(s) %s have no edge; the description does not show them)", strings.Join(p.isolated(), ", "))
		}
		return GoldAudit{Status: AuditCorrected, Answer: b, Proof: fmt.Sprintf("Eulerian circuit %s uses each of the %d edges once and returns to its start%s",
			strings.Join(e.Path, "-"), g.M(), why)}
	}
	odd := []string{}
	for v := int32(0); int(v) < eg.N(); v++ {
		if eg.Degree(v)%2 == 1 {
			odd = append(odd, eg.ID(v))
		}
	}
	if len(odd) > 0 {
		return GoldAudit{Status: AuditCorrected, Answer: b, Proof: fmt.Sprintf("node(s) %s have odd degree", strings.Join(odd, ", "))}
	}
	return GoldAudit{Status: AuditCorrected, Answer: b, Proof: "the edges do not form one connected piece: " + res.Text}
}

// auditColoringOrder: largest_first breaks ties between nodes of equal
// degree by the graph's node order, which for the gold is the file's
// "nodes" list and for a reader of the description the order the nodes
// first appear in its edge lines. When the two orders give different
// counts the question ("the minimum number of colors" by that greedy
// algorithm) has no single answer; a colouring with fewer colours also
// shows that the gold is not the minimum.
func auditColoringOrder(ctx context.Context, reg *tools.Registry, p *gcProblem, gold float64) GoldAudit {
	q := *p
	seen := map[int]bool{}
	q.nodes = nil
	for _, e := range p.edges {
		for _, v := range []int{int(e[0]), int(e[1])} {
			if !seen[v] {
				seen[v] = true
				q.nodes = append(q.nodes, v)
			}
		}
	}
	for _, v := range p.nodes {
		if !seen[v] {
			q.nodes = append(q.nodes, v)
		}
	}
	tg, err := q.graph()
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: err.Error()}
	}
	res, err := runTool(ctx, reg, "graph_coloring", tg, struct{}{})
	if err != nil {
		return GoldAudit{Status: AuditUnverified, Proof: "the catalogue gave up: " + err.Error()}
	}
	c := res.Value.(tools.ColoringResult)
	if float64(c.NumColors) == gold {
		return GoldAudit{Status: AuditConfirmed}
	}
	for e := int32(0); int(e) < tg.M(); e++ {
		u, v := tg.Edge(e)
		if c.Colors[tg.ID(u)] == c.Colors[tg.ID(v)] && u != v {
			return GoldAudit{Status: AuditDisputed, Proof: "the colouring in the description's order does not check"}
		}
	}
	keys := make([]string, 0, len(c.Colors))
	for k := range c.Colors {
		keys = append(keys, k)
	}
	keys = sortedIDs(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s:%d", k, c.Colors[k])
	}
	return GoldAudit{Status: AuditIllPosed, Proof: fmt.Sprintf("largest_first breaks degree ties by node order: in the file's order it uses %s colours, in the order the description shows the nodes %d (%s)",
		fmtNum(gold), c.NumColors, strings.Join(parts, " "))}
}

// circuitOK checks that walk uses every edge of g exactly once and ends
// where it starts.
func circuitOK(g *graph.Graph, walk []string) error {
	if len(walk) != g.M()+1 || walk[0] != walk[len(walk)-1] {
		return fmt.Errorf("the walk has %d steps for %d edges or does not close", len(walk)-1, g.M())
	}
	used := map[int32]bool{}
	for i := 0; i+1 < len(walk); i++ {
		u, ok1 := g.Index(walk[i])
		v, ok2 := g.Index(walk[i+1])
		if !ok1 || !ok2 {
			return fmt.Errorf("the walk names a node not in the graph")
		}
		found := false
		for e := int32(0); int(e) < g.M(); e++ {
			a, b := g.Edge(e)
			if !used[e] && (a == u && b == v || !g.Directed() && a == v && b == u) {
				used[e], found = true, true
				break
			}
		}
		if !found {
			return fmt.Errorf("step %s-%s uses no unused edge", walk[i], walk[i+1])
		}
	}
	return nil
}

// bfsOK reports whether order is a breadth-first order of g from start for
// some order of the neighbours: it visits start's component exactly, and
// with each node's parent its earliest-visited neighbour, the parents'
// positions never decrease and precede their children.
func bfsOK(g *graph.Graph, order []string, start string) error {
	if len(order) == 0 || order[0] != start {
		return fmt.Errorf("the order does not start at %s", start)
	}
	pos := map[int32]int{}
	for i, id := range order {
		v, ok := g.Index(id)
		if !ok {
			return fmt.Errorf("node %s is not in the graph", id)
		}
		if _, dup := pos[v]; dup {
			return fmt.Errorf("node %s is visited twice", id)
		}
		pos[v] = i
	}
	s, _ := g.Index(start)
	reach := map[int32]bool{s: true}
	queue := []int32{s}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, w := range g.Out(u) {
			if !reach[w] {
				reach[w] = true
				queue = append(queue, w)
			}
		}
	}
	if len(reach) != len(order) {
		return fmt.Errorf("the order visits %d nodes; %d are reachable from %s", len(order), len(reach), start)
	}
	last := 0
	for i, id := range order[1:] {
		v, _ := g.Index(id)
		if !reach[v] {
			return fmt.Errorf("node %s is not reachable from %s", id, start)
		}
		parent := math.MaxInt
		for _, w := range g.Out(v) {
			if j, ok := pos[w]; ok && j < parent {
				parent = j
			}
		}
		if parent >= i+1 {
			return fmt.Errorf("node %s comes before all its neighbours", id)
		}
		if parent < last {
			return fmt.Errorf("node %s (reached from %s) comes after nodes reached from %s, which was visited later", id, order[parent], order[last])
		}
		last = parent
	}
	return nil
}

// auditBFSOptions checks the four options of a BFS question: the gold
// letter's order must be a BFS order from 0, and no other option may be
// one (the question does not say in which order neighbours are taken).
func auditBFSOptions(g *graph.Graph, p *gcProblem, gold any) GoldAudit {
	letter, _ := gold.(string)
	var valid []string
	for i, o := range p.options {
		if bfsOK(g, o, "0") == nil {
			valid = append(valid, string(rune('A'+i)))
		}
	}
	has := func(l string) bool { return contains(valid, l) }
	switch {
	case has(letter) && len(valid) == 1:
		return GoldAudit{Status: AuditConfirmed}
	case has(letter):
		return GoldAudit{Status: AuditIllPosed, Proof: fmt.Sprintf("options %s are all breadth-first orders from node 0 (the question does not fix the neighbour order)",
			strings.Join(valid, " and "))}
	case len(valid) == 1:
		err := bfsOK(g, p.options[letter[0]-'A'], "0")
		b, _ := json.Marshal(valid[0])
		return GoldAudit{Status: AuditCorrected, Answer: b, Proof: fmt.Sprintf("option %s is not a BFS order (%v); option %s is", letter, err, valid[0])}
	case len(valid) == 0:
		return GoldAudit{Status: AuditDisputed, Proof: "no option is a breadth-first order from node 0"}
	}
	return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("option %s is not a BFS order; options %s are", letter, strings.Join(valid, ", "))}
}

// hamCycleOK checks that cyc visits every node of g once along edges and
// that its last node has an edge back to its first.
func hamCycleOK(g *graph.Graph, cyc []string) error {
	if len(cyc) > 1 && cyc[0] == cyc[len(cyc)-1] {
		cyc = cyc[:len(cyc)-1]
	}
	if err := walkOK(g, cyc, true); err != nil {
		return err
	}
	u, _ := g.Index(cyc[len(cyc)-1])
	v, _ := g.Index(cyc[0])
	if !g.HasEdge(u, v) {
		return fmt.Errorf("no edge closes the cycle %s-%s", cyc[len(cyc)-1], cyc[0])
	}
	return nil
}

// auditHamiltonianCycle: create_data.py answers every edge of the graph
// (list(G.edges(data=True))), not a cycle; the generator's planted cycle
// (the record's hamiltonian_cycle) is the audited gold, once checked.
func auditHamiltonianCycle(g *graph.Graph, p *gcProblem) GoldAudit {
	if len(p.planted) == 0 {
		return GoldAudit{Status: AuditUnverified, Proof: "the record has no hamiltonian_cycle"}
	}
	seq := []string{strconv.Itoa(p.planted[0][0])}
	for i, e := range p.planted {
		if strconv.Itoa(e[0]) != seq[len(seq)-1] {
			return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("the planted cycle's edge %d does not continue it", i)}
		}
		seq = append(seq, strconv.Itoa(e[1]))
	}
	if err := hamCycleOK(g, seq); err != nil {
		return GoldAudit{Status: AuditDisputed, Proof: "the planted cycle does not check: " + err.Error()}
	}
	if len(p.edges) == len(p.nodes) {
		return GoldAudit{Status: AuditConfirmed} // the edge list is the cycle itself
	}
	b, _ := json.Marshal(seq[:len(seq)-1])
	return GoldAudit{Status: AuditCorrected, Answer: b, Proof: fmt.Sprintf("the published answer lists all %d edges of the graph, not a cycle; the generator's planted cycle %s visits every node once and closes",
		len(p.edges), strings.Join(seq, "-"))}
}

// tourLength is the length of the closed tour (start repeated or not) on
// g, or an error when it is not a tour of every node from "0".
func tourLength(g *graph.Graph, tour []string) (float64, error) {
	if len(tour) > 1 && tour[0] == tour[len(tour)-1] {
		tour = tour[:len(tour)-1]
	}
	if len(tour) == 0 || tour[0] != "0" {
		return 0, fmt.Errorf("the tour does not start at node 0")
	}
	if err := hamCycleOK(g, tour); err != nil {
		return 0, err
	}
	w, err := pathWeight(g, append(append([]string(nil), tour...), tour[0]))
	return w, err
}

// auditTSP checks the published tour (create_data.py's nearest neighbour
// from node 0), then improves it by 2-opt: a shorter tour proves the
// published "optimal solution" wrong, and a tour of n times the lightest
// weight is optimal (every tour has n edges).
func auditTSP(g *graph.Graph, p *gcProblem, gold any) GoldAudit {
	m, _ := gold.(map[string]any)
	want, _ := numberOf(m["length"])
	path, _ := listOf(m["path"])
	got, err := tourLength(g, path)
	if err != nil {
		return GoldAudit{Status: AuditDisputed, Proof: "the published tour does not check: " + err.Error()}
	}
	if !within(got, want, 1e-9) {
		return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("the published tour weighs %s, not the stated %s", fmtNum(got), fmtNum(want))}
	}
	n := g.N()
	minW := math.Inf(1)
	for e := int32(0); int(e) < g.M(); e++ {
		minW = math.Min(minW, g.Weight(e))
	}
	bound := float64(n) * minW
	if within(want, bound, 1e-9) {
		return GoldAudit{Status: AuditConfirmed}
	}
	if n <= heldKarpMax {
		opt, cyc := heldKarp(g)
		if within(opt, want, 1e-9) {
			return GoldAudit{Status: AuditConfirmed}
		}
		if l, err := tourLength(g, cyc); err != nil || !within(l, opt, 1e-9) {
			return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("the exact tour does not check (%v)", err)}
		}
		b, _ := json.Marshal(map[string]any{"length": opt, "path": cyc})
		return GoldAudit{Status: AuditCorrected, Answer: b, Proof: fmt.Sprintf("tour %s weighs %s, the optimum (Held-Karp over all %d nodes); the published nearest-neighbour tour weighs %s",
			strings.Join(cyc, "-"), fmtNum(opt), n, fmtNum(want))}
	}
	tour := append([]string(nil), path[:len(path)-1]...)
	best, bl := twoOpt(g, tour)
	if bl < want-1e-9 {
		if l, err := tourLength(g, best); err != nil || !within(l, bl, 1e-9) {
			return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("the 2-opt tour does not check (%v)", err)}
		}
		tourText := strings.Join(append(append([]string(nil), best...), best[0]), "-")
		if within(bl, bound, 1e-9) {
			b, _ := json.Marshal(map[string]any{"length": bl, "path": append(append([]string(nil), best...), best[0])})
			return GoldAudit{Status: AuditCorrected, Answer: b, Proof: fmt.Sprintf("tour %s weighs %s, the least any tour of %d edges of weight at least %s can; the published nearest-neighbour tour weighs %s",
				tourText, fmtNum(bl), n, fmtNum(minW), fmtNum(want))}
		}
		return GoldAudit{Status: AuditDisputed, Proof: fmt.Sprintf("tour %s weighs %s, less than the published %s (its optimum is not proven)", tourText, fmtNum(bl), fmtNum(want))}
	}
	return GoldAudit{Status: AuditUnverified, Proof: fmt.Sprintf("2-opt finds no tour lighter than the published %s; the lower bound is %s", fmtNum(want), fmtNum(bound))}
}

// heldKarpMax is the largest graph whose optimal tour the audit computes
// exactly (Held-Karp: 2^n n^2 steps).
const heldKarpMax = 15

// heldKarp returns the optimal tour of a complete weighted graph (node
// "0" first and last) and its length, by dynamic programming over subsets.
func heldKarp(g *graph.Graph) (float64, []string) {
	n := g.N()
	s, _ := g.Index("0")
	order := []int32{s}
	for v := int32(0); int(v) < n; v++ {
		if v != s {
			order = append(order, v)
		}
	}
	w := make([][]float64, n)
	for i := range w {
		w[i] = make([]float64, n)
		for j := range w[i] {
			w[i][j] = math.Inf(1)
			if e, ok := g.FindEdge(order[i], order[j]); ok && i != j {
				w[i][j] = g.Weight(e)
			}
		}
	}
	m := n - 1 // subsets of nodes 1..n-1
	full := 1 << m
	dp := make([]float64, full*m)
	par := make([]int8, full*m)
	for i := range dp {
		dp[i] = math.Inf(1)
	}
	for j := range m {
		dp[(1<<j)*m+j] = w[0][j+1]
		par[(1<<j)*m+j] = -1
	}
	for mask := 1; mask < full; mask++ {
		for j := range m {
			cur := dp[mask*m+j]
			if mask&(1<<j) == 0 || math.IsInf(cur, 1) {
				continue
			}
			for k := range m {
				if mask&(1<<k) != 0 {
					continue
				}
				nm := mask | 1<<k
				if c := cur + w[j+1][k+1]; c < dp[nm*m+k] {
					dp[nm*m+k], par[nm*m+k] = c, int8(j)
				}
			}
		}
	}
	best, last := math.Inf(1), -1
	for j := range m {
		if c := dp[(full-1)*m+j] + w[j+1][0]; c < best {
			best, last = c, j
		}
	}
	seq := []string{g.ID(order[0])}
	mask := full - 1
	var rev []string
	for j := last; j >= 0; {
		rev = append(rev, g.ID(order[j+1]))
		pj := int(par[mask*m+j])
		mask &^= 1 << j
		j = pj
	}
	for i := len(rev) - 1; i >= 0; i-- {
		seq = append(seq, rev[i])
	}
	return best, append(seq, seq[0])
}

// twoOpt improves a tour (node IDs, start first, not repeated) by 2-opt
// moves until none helps, keeping the start in place.
func twoOpt(g *graph.Graph, tour []string) ([]string, float64) {
	idx := make([]int32, len(tour))
	for i, id := range tour {
		idx[i], _ = g.Index(id)
	}
	w := func(a, b int32) float64 {
		e, ok := g.FindEdge(a, b)
		if !ok {
			return math.Inf(1)
		}
		return g.Weight(e)
	}
	n := len(idx)
	for improved := true; improved; {
		improved = false
		for i := 0; i < n-1; i++ {
			for j := i + 2; j < n; j++ {
				a, b := idx[i], idx[i+1]
				c, d := idx[j], idx[(j+1)%n]
				if (j+1)%n == i {
					continue
				}
				if w(a, c)+w(b, d) < w(a, b)+w(c, d)-1e-12 {
					for l, r := i+1, j; l < r; l, r = l+1, r-1 {
						idx[l], idx[r] = idx[r], idx[l]
					}
					improved = true
				}
			}
		}
	}
	total := 0.0
	out := make([]string, n)
	for i := range idx {
		out[i] = g.ID(idx[i])
		total += w(idx[i], idx[(i+1)%n])
	}
	return out, total
}

// checkGraCoRe judges an outcome against the scored gold and the
// published one.
func checkGraCoRe(it *Item, out Outcome, load func() *graph.Graph) (scored, published Verdict) {
	return judgeBoth(it, func(gold any) Verdict {
		if out.Direct {
			return directVerdict(GraCoReCheck(it, gold, out.Text, load()), it.Task, gold)
		}
		return judgeGraCoReValue(it, gold, out, load)
	})
}

func judgeGraCoReValue(it *Item, gold any, out Outcome, load func() *graph.Graph) Verdict {
	pred := normalize(out.Value)
	if pred == nil && out.Text != "" {
		pred = out.Text
	}
	if pred == nil {
		return wrong("no answer")
	}
	if it.Tool != "" && out.Tool != "" && !it.ToolMatches(out.Tool) {
		return wrong("answered with %s, which does not answer a %s question (expected %s)", out.Tool, it.Task,
			strings.Join(append([]string{it.Tool}, it.AltTools...), " or "))
	}
	g := load()
	switch it.Task {
	case GCNodeNumber, GCMaxFlow:
		want, _ := gold.(float64)
		return judgeNumber(it.Task, pred, want)
	case GCAverageDegree:
		if v, ok := field(pred, "mean"); ok {
			pred = v
		}
		want, _ := gold.(float64)
		got, ok := numberOf(pred)
		if !ok {
			return wrong("answer %s is not a number", brief(pred))
		}
		if math.Abs(got-want) > 0.05+1e-9 {
			return wrong("average degree %s, expected %s (to one decimal place)", fmtNum(got), fmtNum(want))
		}
		return right
	case GCGraphColoring:
		if v, ok := field(pred, "num_colors"); ok {
			pred = v
		}
		if v, ok := field(pred, "chromatic_number"); ok {
			pred = v
		}
		want, _ := gold.(float64)
		return judgeNumber("number of colours", pred, want)
	case GCIsConnected, GCBipartiteGraph:
		want, _ := gold.(bool)
		return judgeYesNo(pred, want)
	case GCTreeStructure:
		if v, ok := field(pred, "tree"); ok {
			pred = v
		}
		want, _ := gold.(bool)
		return judgeYesNo(pred, want)
	case GCEulerian:
		if v, ok := field(pred, "circuit"); ok {
			pred = v
		}
		want, _ := gold.(bool)
		return judgeYesNo(pred, want)
	case GCShortestPath:
		return checkPath(it, gold, pred, g, DefaultTolerance)
	case GCGraphTraversal:
		if raw, ok := field(pred, "valid"); ok && g != nil {
			// The options checked: the letters given must be exactly the
			// options that are breadth-first orders from node 0.
			chosen, _ := listOf(raw)
			m := gcOptionsRe.FindStringSubmatch(gcQuestionPart(it))
			if m == nil {
				return wrong("the question's options are not create_data.py's")
			}
			if len(chosen) == 0 {
				return wrong("no option chosen")
			}
			for i, s := range m[1:5] {
				l, err := intList(s)
				if err != nil {
					return wrong("option %c: %v", 'A'+i, err)
				}
				valid := bfsOK(g, strList(l), "0") == nil
				if slices.Contains(chosen, string(rune('A'+i))) != valid {
					return wrong("option %c is %sa breadth-first order from node 0, and the answer %s it", 'A'+i,
						map[bool]string{true: "", false: "not "}[valid], map[bool]string{true: "leaves out", false: "chooses"}[valid])
				}
			}
			return right
		}
		order, ok := listOf(pred)
		if !ok || g == nil {
			return wrong("answer %s is not an order", brief(pred))
		}
		if err := bfsOK(g, order, "0"); err != nil {
			return wrong("not a breadth-first order from node 0: %v", err)
		}
		return right
	case GCHamiltonian:
		if l, ok := gold.([]any); ok && len(l) > 0 {
			if _, edgeList := l[0].([]any); edgeList {
				// The published gold: create_data.py's list of every edge.
				return wrong("the published answer is the graph's list of %d edges, not a cycle", len(l))
			}
		}
		if v, ok := field(pred, "exists"); ok && v == false {
			return wrong("answered that no Hamiltonian cycle exists")
		}
		raw, ok := field(pred, "path")
		if !ok {
			raw, ok = field(pred, "cycle") // hamiltonian_cycle's value
		}
		if !ok {
			raw = pred
		}
		cyc, ok := listOf(raw)
		if !ok || g == nil || len(cyc) == 0 {
			return wrong("answer %s gives no cycle", brief(pred))
		}
		if err := hamCycleOK(g, cyc); err != nil {
			return wrong("not a Hamiltonian cycle: %v", err)
		}
		return right
	case GCTSP:
		return judgeTour(gold, pred, g)
	case GCSimilarity:
		return judgeTriplets(gold, pred, it.Graph != nil && it.Graph.Directed)
	}
	return wrong("unknown task %s", it.Task)
}

// judgeTour accepts a tour from node 0 of every node no longer than the
// gold's length, or a bare length equal to it.
// gcQuestionPart is the record's question Q of an item: its prompt
// without the graph description before "\nQ: " and the task's suffix.
func gcQuestionPart(it *Item) string {
	_, q, ok := strings.Cut(it.Question, "\nQ: ")
	if !ok {
		return ""
	}
	return strings.TrimSuffix(q, gcPromptSuffix[it.Task])
}

func judgeTour(gold, pred any, g *graph.Graph) Verdict {
	m, _ := gold.(map[string]any)
	want, _ := numberOf(m["length"])
	if v, ok := field(pred, "exists"); ok && v == false {
		return wrong("answered that no tour exists")
	}
	raw, ok := field(pred, "path")
	if !ok {
		raw, ok = field(pred, "tour") // travelling_salesman's value
	}
	if !ok {
		if l, isList := pred.([]any); isList {
			raw, ok = l, true
		}
	}
	if !ok {
		got, isNum := numberOf(pred)
		if !isNum || !within(got, want, 1e-9) {
			return wrong("answer %s is neither a tour nor the length %s", brief(pred), fmtNum(want))
		}
		return right
	}
	tour, _ := listOf(raw)
	if g == nil {
		return wrong("no graph")
	}
	l, err := tourLength(g, tour)
	if err != nil {
		return wrong("not a tour: %v", err)
	}
	if l > want+1e-9 {
		return wrong("the tour weighs %s, more than %s", fmtNum(l), fmtNum(want))
	}
	return right
}

var gcTripletRe = lazyre.New(`[\[(]\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+(?:\.\d+)?)\s*[\])]`)

// tripletsOf reads triplets from a list value or text.
func tripletsOf(v any) ([][3]float64, bool) {
	switch x := v.(type) {
	case []any:
		var out [][3]float64
		for _, e := range x {
			l, ok := e.([]any)
			if !ok || len(l) != 3 {
				return nil, false
			}
			var t [3]float64
			for i := range 3 {
				f, ok := numberOf(l[i])
				if !ok {
					return nil, false
				}
				t[i] = f
			}
			out = append(out, t)
		}
		return out, true
	case map[string]any:
		for _, k := range []string{"triple", "triples", "triplets"} {
			if e, ok := x[k]; ok {
				return tripletsOf(e)
			}
		}
	case string:
		var out [][3]float64
		for _, m := range gcTripletRe.FindAllStringSubmatch(x, -1) {
			u, _ := strconv.ParseFloat(m[1], 64)
			w, _ := strconv.ParseFloat(m[2], 64)
			c, _ := strconv.ParseFloat(m[3], 64)
			out = append(out, [3]float64{u, w, c})
		}
		return out, len(out) > 0
	}
	return nil, false
}

func judgeTriplets(gold, pred any, directed bool) Verdict {
	want, _ := tripletsOf(gold)
	got, ok := tripletsOf(pred)
	if !ok {
		return wrong("answer %s is not a list of triplets", brief(pred))
	}
	if !sameTriplets(got, want, directed) {
		return wrong("%d triplets, not the graph's %d", len(got), len(want))
	}
	return right
}

var (
	gcYesNoWordRe = lazyre.New(`(?i)\b(yes|no)\b`)
	gcLetterRe    = lazyre.New(`\b([A-D])\b`)
	gcJSONNumRe   = func(key string) *lazyre.Regexp {
		return lazyre.New(`"` + key + `"\s*:\s*(-?\d+(?:\.\d+)?)`)
	}
	gcDistanceRe = gcJSONNumRe("distance")
	gcMaxFlowRe  = gcJSONNumRe("max_flow")
	gcLengthRe   = gcJSONNumRe("length")
	gcHamPathRe  = lazyre.New(`"Hamiltonian_path"\s*:\s*\[([^\]]*)\]`)
	gcTourPathRe = lazyre.New(`"path"\s*:\s*\[([^\]]*)\]`)
)

// GraCoReCheck judges a model's reply to a GraCoRe prompt. The repository
// publishes no scoring code, so this is the suite's rule, following the
// formats the prompts ask for: the first number (average degree within
// 0.05, as the prompt asks for one decimal place); the first "yes" or "no";
// the JSON fields the prompts name ("distance", "max_flow", "length" and
// "path", "Hamiltonian_path", "triple"), a path or tour checked on the
// graph (a tour from node 0 no longer than the gold, a Hamiltonian cycle
// that closes); the first option letter A-D.
func GraCoReCheck(it *Item, gold any, reply string, g *graph.Graph) bool {
	firstNum := func() (float64, bool) {
		m := gqFirstNumberRe.FindString(reply)
		if m == "" {
			return 0, false
		}
		f, err := strconv.ParseFloat(m, 64)
		return f, err == nil
	}
	jsonNum := func(re *lazyre.Regexp) (float64, bool) {
		m := re.FindStringSubmatch(reply)
		if m == nil {
			return 0, false
		}
		f, err := strconv.ParseFloat(m[1], 64)
		return f, err == nil
	}
	switch it.Task {
	case GCNodeNumber, GCGraphColoring:
		f, ok := firstNum()
		want, _ := gold.(float64)
		return ok && within(f, want, 1e-9)
	case GCAverageDegree:
		f, ok := firstNum()
		want, _ := gold.(float64)
		return ok && math.Abs(f-want) <= 0.05+1e-9
	case GCIsConnected, GCTreeStructure, GCBipartiteGraph, GCEulerian:
		m := gcYesNoWordRe.FindString(reply)
		want, _ := gold.(bool)
		return m != "" && strings.EqualFold(m, "yes") == want
	case GCShortestPath:
		f, ok := jsonNum(gcDistanceRe)
		want, _ := gold.(float64)
		return ok && within(f, want, 1e-9)
	case GCMaxFlow:
		f, ok := jsonNum(gcMaxFlowRe)
		want, _ := gold.(float64)
		return ok && within(f, want, 1e-9)
	case GCGraphTraversal:
		m := gcLetterRe.FindString(reply)
		return m != "" && m == gold
	case GCHamiltonian:
		m := gcHamPathRe.FindStringSubmatch(reply)
		if m == nil || g == nil {
			return false
		}
		l, err := intList(m[1])
		return err == nil && len(l) > 0 && hamCycleOK(g, strList(l)) == nil
	case GCTSP:
		m := gcTourPathRe.FindStringSubmatch(reply)
		if m == nil || g == nil {
			return false
		}
		l, err := intList(m[1])
		if err != nil {
			return false
		}
		stated, ok := jsonNum(gcLengthRe)
		length, err := tourLength(g, strList(l))
		gm, _ := gold.(map[string]any)
		want, _ := numberOf(gm["length"])
		return err == nil && ok && within(stated, length, 1e-9) && length <= want+1e-9
	case GCSimilarity:
		return judgeTriplets(gold, reply, it.Graph != nil && it.Graph.Directed).Correct
	}
	return false
}
