package eval

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Splits of a generated suite. Train and test items come from disjoint
// random streams, and each split only keeps items whose content hash falls in
// its half of the hash space, so no item (graph plus question parameters) is
// ever in both.
const (
	SplitTrain = "train"
	SplitTest  = "test"
)

// GenConfig configures the GTools generator.
type GenConfig struct {
	// Split is SplitTrain or SplitTest.
	Split string
	// N is the number of items per task, direction and mode (the paper's
	// test split has 500 per task).
	N int
	// Seed makes the output reproducible.
	Seed uint64
	// Modes lists ModeWL and/or ModeEL (default both).
	Modes []string
	// Tasks lists task folders such as "Flow" (default all eleven).
	Tasks []string
}

// GenItem is a generated item with its graph, so that it can be written in
// the GTools layout.
type GenItem struct {
	Item
	g     *ggraph
	extra map[string]any // published per-task fields (shortest_path, triangle)
	index int            // position within its task, direction and mode
	task  *GTask
}

// EdgeListText renders the item's graph as the edge-list file lines "u v"
// or "u v w".
func (gi *GenItem) EdgeListText() string {
	var b strings.Builder
	for _, e := range gi.g.edges {
		b.WriteString(strconv.Itoa(e.u))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(e.v))
		if gi.task.attr != "" {
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(e.w))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// pythonEdges renders the graph as the published Python-literal list:
// [(0, 1), ...] or [(0, 1, {'weight': 5}), ...].
func pythonEdges(g *ggraph, attr string) string {
	var b strings.Builder
	b.Grow(len(g.edges) * 24)
	b.WriteByte('[')
	for i, e := range g.edges {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		b.WriteString(strconv.Itoa(e.u))
		b.WriteString(", ")
		b.WriteString(strconv.Itoa(e.v))
		if attr != "" {
			b.WriteString(", {'")
			b.WriteString(attr)
			b.WriteString("': ")
			b.WriteString(strconv.Itoa(e.w))
			b.WriteByte('}')
		}
		b.WriteByte(')')
	}
	b.WriteByte(']')
	return b.String()
}

// Generate makes cfg.N items for every task, direction and mode, following
// the GTools rules: node and edge ranges per mode, five phrasings per task,
// weights and capacities from 1 to 100, balanced yes/no answers (even
// positions yes, odd no), unique topological orders, and gold answers from
// the independent algorithms of gtools_gold.go. The same config always
// gives the same items, and the first k items do not depend on N.
func Generate(ctx context.Context, cfg GenConfig) ([]GenItem, error) {
	if cfg.Split != SplitTrain && cfg.Split != SplitTest {
		return nil, fmt.Errorf("gen: split must be %q or %q, got %q", SplitTrain, SplitTest, cfg.Split)
	}
	if cfg.N <= 0 {
		return nil, fmt.Errorf("gen: n must be positive, got %d", cfg.N)
	}
	modes := cfg.Modes
	if len(modes) == 0 {
		modes = []string{ModeWL, ModeEL}
	}
	for _, m := range modes {
		if m != ModeWL && m != ModeEL {
			return nil, fmt.Errorf("gen: mode must be %q or %q, got %q", ModeWL, ModeEL, m)
		}
	}
	all := GToolsTasks()
	tasks := all
	if len(cfg.Tasks) > 0 {
		tasks = nil
		for _, name := range cfg.Tasks {
			t, err := gtask(name)
			if err != nil {
				return nil, fmt.Errorf("gen: %w", err)
			}
			tasks = append(tasks, *t)
		}
	}
	var out []GenItem
	for _, mode := range modes {
		for ti := range tasks {
			t := &tasks[ti]
			for _, directed := range t.Dirs() {
				items, err := generateStream(ctx, cfg, t, directed, mode)
				if err != nil {
					return nil, err
				}
				out = append(out, items...)
			}
		}
	}
	return out, nil
}

// maxAttempts bounds the draws for one item (duplicates, wrong split half,
// graphs that cannot give the wanted answer).
const maxAttempts = 10000

// generateStream makes the items of one task, direction and mode from their
// own random stream.
func generateStream(ctx context.Context, cfg GenConfig, t *GTask, directed bool, mode string) ([]GenItem, error) {
	h := fnv.New64a()
	fmt.Fprintf(h, "gtools|%s|%s|%s|%s", cfg.Split, mode, t.Folder, dirWord(directed))
	r := rand.New(rand.NewPCG(cfg.Seed, h.Sum64()))
	wantTest := cfg.Split == SplitTest
	seen := make(map[uint64]bool, cfg.N)
	// Phrasings rotate from a random start, so every five consecutive items
	// use all five and each phrasing meets both yes/no answers.
	phrase := r.IntN(len(t.Descriptions))
	out := make([]GenItem, 0, cfg.N)
	for i := 0; i < cfg.N; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		yes := i%2 == 0
		var made bool
		for attempt := 0; attempt < maxAttempts; attempt++ {
			gi, err := generateOne(r, t, directed, mode, yes)
			if errors.Is(err, errRetry) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("gen %s/%s/%s item %d: %w", mode, t.Folder, dirWord(directed), i, err)
			}
			key := gi.contentHash()
			if (key>>63 == 1) != wantTest || seen[key] {
				continue
			}
			seen[key] = true
			gi.index = i
			gi.finish(mode, i, (phrase+i)%len(t.Descriptions))
			out = append(out, *gi)
			made = true
			break
		}
		if !made {
			return nil, fmt.Errorf("gen %s/%s/%s item %d: no new item after %d attempts", mode, t.Folder, dirWord(directed), i, maxAttempts)
		}
	}
	return out, nil
}

// errRetry asks for another draw.
var errRetry = errors.New("retry")

// contentHash identifies an item by its task, direction, graph and
// parameters (not its phrasing).
func (gi *GenItem) contentHash() uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%v|%d|", gi.task.Folder, gi.g.directed, gi.g.n)
	var buf [8]byte
	for _, e := range gi.g.edges {
		binary.LittleEndian.PutUint64(buf[:], uint64(e.u)<<40|uint64(e.v)<<16|uint64(e.w))
		h.Write(buf[:])
	}
	for _, k := range sortedKeys(gi.Params) {
		fmt.Fprintf(h, "|%s=%v", k, gi.Params[k])
	}
	return h.Sum64()
}

// finish writes the question, the ID and the file name of a drawn item.
func (gi *GenItem) finish(mode string, i, phrase int) {
	t := gi.task
	desc := t.Descriptions[phrase]
	gi.Description = desc
	gi.Mode = mode
	gi.ID = fmt.Sprintf("%s/%s/%d", mode, t.relDir(gi.g.directed), i)
	if mode == ModeWL {
		gi.Question = t.wlQuestion(gi.g.directed, pythonEdges(gi.g, t.attr), desc, gi.Params)
	} else {
		gi.GraphFile = fmt.Sprintf("EL/%s/data/task_%d.edgelist", t.relDir(gi.g.directed), i)
		gi.Question = t.elQuestion(gi.g.directed, gi.GraphFile, desc, gi.Params)
	}
}

// nodeRange returns the node-count range of a task in a mode.
func nodeRange(t *GTask, directed bool, mode string) (lo, hi int) {
	if mode == ModeEL {
		return ELMinNodes, ELMaxNodes
	}
	lo = max(WLMinNodes, t.minNodes)
	if t.Folder == "Cycle_Detection" && !directed {
		lo = max(lo, 3) // an undirected cycle needs three nodes
	}
	if t.Folder == "Path_Existence" {
		lo = max(lo, 4) // two components of at least two nodes
	}
	return lo, WLMaxNodes
}

// edgeCap is the most edges a graph of the mode may have.
func edgeCap(mode string) int {
	if mode == ModeEL {
		return ELMaxEdges
	}
	return WLMaxEdges
}

// edgeProb draws the probability of an edge between two nodes: denser for
// small graphs, as in the published items (about 0.5 up to 20 nodes, 0.4 up
// to 30, 0.25 up to 40, 0.2 beyond), scaled by the task's density.
func edgeProb(r *rand.Rand, n int, density float64) float64 {
	var lo, hi float64
	switch {
	case n <= 20:
		lo, hi = 0.4, 0.6
	case n <= 30:
		lo, hi = 0.3, 0.5
	case n <= 40:
		lo, hi = 0.15, 0.35
	default:
		lo, hi = 0.1, 0.3
	}
	return (lo + r.Float64()*(hi-lo)) * density
}

// weight draws an edge weight or capacity (1..100) when the task has one.
func weight(r *rand.Rand, t *GTask) int {
	if t.attr == "" {
		return 0
	}
	return MinWeight + r.IntN(MaxWeight-MinWeight+1)
}

// fillRandom adds each missing pair of nodes among nodes with probability p
// (both orientations separately when directed, or a random one when
// oneWay), keeping the graph within limit edges by dropping a uniformly
// random part of the drawn pairs. forward, when set, only allows pairs in
// that order (DAGs): pos[u] < pos[v].
func fillRandom(r *rand.Rand, g *ggraph, t *GTask, nodes []int, p float64, limit int, pos []int, oneWay bool) {
	var cand []gedge
	for i, u := range nodes {
		for _, v := range nodes[i+1:] {
			a, b := u, v
			if pos != nil && pos[a] > pos[b] {
				a, b = b, a
			}
			switch {
			case pos != nil || !g.directed:
				if !g.has(a, b) && r.Float64() < p {
					cand = append(cand, gedge{a, b, 0})
				}
			case oneWay:
				if r.IntN(2) == 0 {
					a, b = b, a
				}
				if !g.has(a, b) && !g.has(b, a) && r.Float64() < p {
					cand = append(cand, gedge{a, b, 0})
				}
			default:
				if !g.has(a, b) && r.Float64() < p {
					cand = append(cand, gedge{a, b, 0})
				}
				if !g.has(b, a) && r.Float64() < p {
					cand = append(cand, gedge{b, a, 0})
				}
			}
		}
	}
	room := limit - len(g.edges)
	if room < 0 {
		room = 0
	}
	if len(cand) > room {
		r.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
		cand = cand[:room]
	}
	for _, e := range cand {
		g.add(e.u, e.v, weight(r, t))
	}
}

// capProb lowers p so that the expected number of random edges stays below
// 90% of the room left under the cap.
func capProb(p float64, pairs, room int) float64 {
	if pairs <= 0 {
		return p
	}
	return math.Min(p, 0.9*float64(room)/float64(pairs))
}

// pathBackbone adds the path perm[0] -> perm[1] -> ... (every node appears
// in the edge list; in a directed graph it fixes one topological order).
func pathBackbone(r *rand.Rand, g *ggraph, t *GTask, perm []int) {
	for i := 0; i+1 < len(perm); i++ {
		g.add(perm[i], perm[i+1], weight(r, t))
	}
}

// treeBackbone adds a random recursive tree over nodes; directed edges get a
// random orientation.
func treeBackbone(r *rand.Rand, g *ggraph, t *GTask, nodes []int) {
	for i := 1; i < len(nodes); i++ {
		u, v := nodes[r.IntN(i)], nodes[i]
		if g.directed && r.IntN(2) == 0 {
			u, v = v, u
		}
		g.add(u, v, weight(r, t))
	}
}

// randomConnected draws a graph with a random spanning backbone (a path for
// directed graphs, a tree otherwise) plus random edges.
func randomConnected(r *rand.Rand, t *GTask, n int, directed bool, mode string, density float64) *ggraph {
	g := newGGraph(n, directed)
	perm := r.Perm(n)
	if directed {
		pathBackbone(r, g, t, perm)
	} else {
		treeBackbone(r, g, t, perm)
	}
	pairs := n * (n - 1) / 2
	if directed {
		pairs *= 2
	}
	limit := edgeCap(mode)
	p := capProb(edgeProb(r, n, density), pairs, limit-len(g.edges))
	fillRandom(r, g, t, identity(n), p, limit, nil, false)
	return g
}

func identity(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// generateOne draws one item of task t; yes is the wanted answer of yes/no
// tasks. It returns errRetry when the draw cannot give that answer.
func generateOne(r *rand.Rand, t *GTask, directed bool, mode string, yes bool) (*GenItem, error) {
	lo, hi := nodeRange(t, directed, mode)
	n := lo + r.IntN(hi-lo+1)
	gi := &GenItem{task: t}
	gi.Task, gi.Tool, gi.AltTools, gi.AnswerType = t.Folder, t.Tool, t.AltTools, t.Type
	d := directed
	gi.Directed = &d
	var answer any
	switch t.Folder {
	case "Cycle_Detection":
		gi.g = genCycle(r, t, n, directed, mode, yes)
		answer = goldHasCycle(gi.g)
		if answer != yes {
			return nil, fmt.Errorf("cycle generator drew answer %v, wanted %v", answer, yes)
		}
	case "Triangle":
		g := randomConnected(r, t, n, false, mode, t.density)
		best, tri, ok := goldMaxTriangle(g)
		if !ok {
			return nil, errRetry
		}
		gi.g, answer = g, best
		gi.extra = map[string]any{"triangle": fmt.Sprintf("(%d, %d, %d)", tri[0], tri[1], tri[2]), "max_triangle_sum": best}
	case "Edge_Count":
		gi.g = randomConnected(r, t, n, directed, mode, t.density)
		answer = len(gi.g.edges)
	case "Node_Count":
		gi.g = randomConnected(r, t, n, directed, mode, t.density)
		answer = gi.g.n
	case "Topo":
		g, perm := genUniqueDAG(r, t, n, mode)
		order, unique, ok := goldUniqueTopo(g)
		if !ok || !unique || !equalInts(order, perm) {
			return nil, fmt.Errorf("topological generator made a graph without a unique order")
		}
		gi.g, answer = g, order
		gi.extra = map[string]any{"topological_sort": intsText(order)}
	case "Degree_Count":
		g := randomConnected(r, t, n, directed, mode, t.density)
		x := r.IntN(n)
		gi.g, answer = g, goldDegree(g, x)
		gi.Params = map[string]any{"node": strconv.Itoa(x)}
	case "Edge_Existence":
		g := randomConnected(r, t, n, directed, mode, t.density)
		u, v, ok := pickEdgeQuery(r, g, yes)
		if !ok {
			return nil, errRetry
		}
		gi.g, answer = g, g.has(u, v)
		gi.Params = map[string]any{"source": strconv.Itoa(u), "target": strconv.Itoa(v)}
	case "Node_Existence":
		g := randomConnected(r, t, n, directed, mode, t.density)
		x := r.IntN(n)
		if !yes {
			x = n + r.IntN(11)
		}
		gi.g, answer = g, x < g.n
		gi.Params = map[string]any{"node": strconv.Itoa(x)}
	case "Flow":
		g := randomConnected(r, t, n, directed, mode, t.density)
		s, sink, f := pickFlowPair(r, g)
		gi.g, answer = g, f
		gi.Params = map[string]any{"source": strconv.Itoa(s), "sink": strconv.Itoa(sink)}
	case "Path_Existence":
		g := genComponents(r, t, n, directed, mode)
		s, tgt, ok := pickReachQuery(r, g, yes)
		if !ok {
			return nil, errRetry
		}
		gi.g, answer = g, goldReach(g, s)[tgt]
		gi.Params = map[string]any{"source": strconv.Itoa(s), "target": strconv.Itoa(tgt)}
	case "Shortest_Path":
		g := randomConnected(r, t, n, directed, mode, t.density)
		s := r.IntN(n)
		dist, pred := goldDijkstra(g, s)
		var targets []int
		for v := 0; v < n; v++ {
			if v != s && dist[v] != math.MaxInt {
				targets = append(targets, v)
			}
		}
		if len(targets) == 0 {
			return nil, errRetry
		}
		tgt := targets[r.IntN(len(targets))]
		path := []int{tgt}
		for v := tgt; v != s; v = pred[v] {
			path = append(path, pred[v])
		}
		for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
			path[i], path[j] = path[j], path[i]
		}
		gi.g, answer = g, dist[tgt]
		gi.Params = map[string]any{"source": strconv.Itoa(s), "target": strconv.Itoa(tgt)}
		gi.extra = map[string]any{"shortest_path": path}
	default:
		return nil, fmt.Errorf("no generator for task %q", t.Folder)
	}
	if len(gi.g.edges) > edgeCap(mode) {
		return nil, fmt.Errorf("graph has %d edges, more than the cap %d", len(gi.g.edges), edgeCap(mode))
	}
	gi.g.sortEdges()
	raw, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	gi.Answer = raw
	gi.Graph = &GraphStats{Nodes: gi.g.covered(), Edges: len(gi.g.edges), Directed: directed}
	return gi, nil
}

// genCycle draws a graph with (yes) or without a cycle. Directed: a DAG
// along a random order (a path plus forward edges), with one to three back
// edges when yes. Undirected: a random tree, plus one or more chords when
// yes (sparse or dense at random).
func genCycle(r *rand.Rand, t *GTask, n int, directed bool, mode string, yes bool) *ggraph {
	g := newGGraph(n, directed)
	perm := r.Perm(n)
	limit := edgeCap(mode)
	if directed {
		pos := make([]int, n)
		for i, v := range perm {
			pos[v] = i
		}
		pathBackbone(r, g, t, perm)
		p := capProb(edgeProb(r, n, 0.7), n*(n-1)/2, limit-len(g.edges)-3)
		fillRandom(r, g, t, identity(n), p, limit-3, pos, false)
		if yes {
			k, added := 1+r.IntN(3), 0
			for tries := 0; added < k && tries < 1000; tries++ {
				i, j := r.IntN(n), r.IntN(n)
				if pos[i] > pos[j] && g.add(i, j, weight(r, t)) {
					added++
				}
			}
			if added == 0 {
				g.add(perm[n-1], perm[0], weight(r, t)) // closes the backbone path
			}
		}
		return g
	}
	treeBackbone(r, g, t, perm)
	if !yes {
		return g
	}
	if r.IntN(2) == 0 {
		p := capProb(edgeProb(r, n, 1), n*(n-1)/2, limit-len(g.edges))
		fillRandom(r, g, t, identity(n), p, limit, nil, false)
	}
	for tries := 0; len(g.edges) < n && tries < 1000; tries++ {
		g.add(r.IntN(n), r.IntN(n), weight(r, t)) // a chord closes a cycle
	}
	return g
}

// genUniqueDAG draws a DAG whose only topological order is a random
// permutation: the Hamiltonian path along it plus random forward edges.
func genUniqueDAG(r *rand.Rand, t *GTask, n int, mode string) (*ggraph, []int) {
	g := newGGraph(n, true)
	perm := r.Perm(n)
	pos := make([]int, n)
	for i, v := range perm {
		pos[v] = i
	}
	pathBackbone(r, g, t, perm)
	limit := edgeCap(mode)
	p := capProb(edgeProb(r, n, t.density), n*(n-1)/2, limit-len(g.edges))
	fillRandom(r, g, t, identity(n), p, limit, pos, false)
	return g, perm
}

// genComponents draws a graph of two or three components (one to three
// when directed), each of at least two nodes with a random spanning tree
// plus random edges (random orientations when directed), so that some node
// pairs are not joined by a path.
func genComponents(r *rand.Rand, t *GTask, n int, directed bool, mode string) *ggraph {
	g := newGGraph(n, directed)
	lo := 2
	if directed {
		lo = 1
	}
	c := lo + r.IntN(2)
	if directed {
		c = 1 + r.IntN(3)
	}
	c = min(c, n/2)
	perm := r.Perm(n)
	// Each component gets two nodes, the rest are spread at random.
	free := n - 2*c
	extra := make([]int, c)
	for i := 0; i < free; i++ {
		extra[r.IntN(c)]++
	}
	start := 0
	limit := edgeCap(mode)
	for k := 0; k < c; k++ {
		size := 2 + extra[k]
		nodes := perm[start : start+size]
		start += size
		treeBackbone(r, g, t, nodes)
		pairs := size * (size - 1) / 2
		p := capProb(edgeProb(r, n, t.density), pairs*c, limit-len(g.edges))
		fillRandom(r, g, t, nodes, p, limit, nil, true)
	}
	return g
}

// pickReachQuery picks a pair (s, t), s != t, with t reachable from s (yes)
// or not; ok is false when the graph has no such pair among a few sources.
func pickReachQuery(r *rand.Rand, g *ggraph, yes bool) (s, t int, ok bool) {
	for try := 0; try < 8; try++ {
		s = r.IntN(g.n)
		reach := goldReach(g, s)
		var cands []int
		for v := 0; v < g.n; v++ {
			if v != s && reach[v] == yes {
				cands = append(cands, v)
			}
		}
		if len(cands) > 0 {
			return s, cands[r.IntN(len(cands))], true
		}
	}
	return 0, 0, false
}

// pickEdgeQuery picks an existing edge (yes) or a missing one between two
// different nodes (no). In a directed graph half the missing edges asked
// about are reversed existing ones, when there are such.
func pickEdgeQuery(r *rand.Rand, g *ggraph, yes bool) (u, v int, ok bool) {
	if yes {
		e := g.edges[r.IntN(len(g.edges))]
		u, v = e.u, e.v
		if !g.directed && r.IntN(2) == 0 {
			u, v = v, u
		}
		return u, v, true
	}
	if g.directed && r.IntN(2) == 0 {
		var rev []gedge
		for _, e := range g.edges {
			if !g.has(e.v, e.u) {
				rev = append(rev, e)
			}
		}
		if len(rev) > 0 {
			e := rev[r.IntN(len(rev))]
			return e.v, e.u, true
		}
	}
	var missing [][2]int
	for a := 0; a < g.n; a++ {
		for b := 0; b < g.n; b++ {
			if a != b && !g.has(a, b) {
				missing = append(missing, [2]int{a, b})
			}
		}
	}
	if len(missing) == 0 {
		return 0, 0, false
	}
	m := missing[r.IntN(len(missing))]
	return m[0], m[1], true
}

// pickFlowPair picks a source and a sink with a positive maximum flow when a
// few draws find one (the published items all have one).
func pickFlowPair(r *rand.Rand, g *ggraph) (s, t, flow int) {
	for try := 0; try < 16; try++ {
		s, t = r.IntN(g.n), r.IntN(g.n)
		if s == t {
			continue
		}
		if flow = goldMaxFlow(g, s, t); flow > 0 {
			return s, t, flow
		}
	}
	s = r.IntN(g.n)
	t = (s + 1 + r.IntN(g.n-1)) % g.n
	return s, t, goldMaxFlow(g, s, t)
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// intsText renders [1, 2, 3] as the published items do.
func intsText(xs []int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(x))
	}
	b.WriteByte(']')
	return b.String()
}
