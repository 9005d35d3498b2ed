package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// The size caps of the catalogue's subgraph searches. The search is
// exponential in the pattern's size in the worst case; it stops at the
// tool's deadline, and patterns and graphs beyond these sizes are declined
// as too large before it starts.
const (
	// DefaultSubgraphMaxPatternNodes is the most nodes a pattern may have.
	DefaultSubgraphMaxPatternNodes = 64
	// DefaultSubgraphMaxNodes is the most nodes the searched graph may have.
	DefaultSubgraphMaxNodes = 20000
)

// SubgraphMatchResult is the value of subgraph_is_isomorphic and
// subgraph_is_monomorphic.
type SubgraphMatchResult struct {
	// Exists reports whether the pattern occurs in the graph.
	Exists bool `json:"exists"`
	// Induced is true for the induced search (subgraph_is_isomorphic): the
	// matched nodes have exactly the pattern's edges among them.
	Induced bool `json:"induced"`
	// Mapping is one occurrence: each pattern node and the graph node it
	// is matched to.
	Mapping map[string]string `json:"mapping,omitempty"`
}

// subgraphParams are the parameters of the subgraph searches.
type subgraphParams struct {
	Pattern GraphArg `json:"pattern" desc:"the pattern: the smaller graph to find, as its nodes and edges; directed when the graph is"`
}

// SubgraphIsomorphicTool returns subgraph_is_isomorphic, NetworkX's
// GraphMatcher / DiGraphMatcher subgraph_is_isomorphic: whether some
// induced subgraph of the graph is isomorphic to the pattern. Patterns of
// more than maxPattern nodes and graphs of more than maxNodes nodes are
// declined (ErrTooLarge); values below 1 take the defaults.
func SubgraphIsomorphicTool(maxPattern, maxNodes int) Tool {
	return subgraphTool(true, maxPattern, maxNodes)
}

// SubgraphMonomorphicTool returns subgraph_is_monomorphic, NetworkX's
// GraphMatcher / DiGraphMatcher subgraph_is_monomorphic: whether the
// pattern occurs in the graph with its edges mapped to edges, extra edges
// among the matched nodes allowed. Caps as SubgraphIsomorphicTool's.
func SubgraphMonomorphicTool(maxPattern, maxNodes int) Tool {
	return subgraphTool(false, maxPattern, maxNodes)
}

func subgraphTool(induced bool, maxPattern, maxNodes int) Tool {
	return subgraphToolWith(induced, maxPattern, maxNodes, subgraphBitsetNodes)
}

// subgraphToolWith is subgraphTool keeping the adjacency as a bit matrix
// for graphs of up to bitsetNodes nodes (the tests turn it off).
func subgraphToolWith(induced bool, maxPattern, maxNodes, bitsetNodes int) Tool {
	if maxPattern < 1 {
		maxPattern = DefaultSubgraphMaxPatternNodes
	}
	if maxNodes < 1 {
		maxNodes = DefaultSubgraphMaxNodes
	}
	caps := fmt.Sprintf("Patterns of up to %d nodes in graphs of up to %d nodes; larger ones are declined as too large.", maxPattern, maxNodes)
	spec := Spec{
		Name: "subgraph_is_monomorphic",
		Intents: Intents{
			Phrases: []string{
				"subgraph/subgraphs/pattern/motif ... present/contained/occur*/appear*/embedded/found/exist*/exists/inside/within",
				"contain*/include*/embed* ... subgraph/pattern/motif/copy",
				"copy of ... in/within/inside",
				"subgraph/substructure ... of/in/within ... graph",
			},
			Concepts: []string{"substructure*", "subgraph monomorphi*", "monomorphi*", "subgraph embedding*", "motif*"},
		},
		Description: "Decide exactly whether a pattern graph occurs in the graph as a subgraph, extra edges among the matched nodes " +
			"allowed (NetworkX's GraphMatcher/DiGraphMatcher subgraph_is_monomorphic), and give one occurrence.",
		WhenToUse: "Questions giving a second, smaller graph (a pattern, motif or subgraph G') and asking whether it is present in, " +
			"contained in or can be embedded into the graph: each pattern node goes to a different node of the graph and each " +
			"pattern edge to an edge between their images, in the same direction when directed; the graph may have more edges " +
			"among those nodes. " + caps,
		Returns:   "exists (bool), induced (false) and mapping, one occurrence as each pattern node's node in the graph.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"Is the pattern a->b, b->c present in the directed graph 0->1, 1->2, 2->0?",
			"Does the graph 0-1, 1-2, 2-3, 3-0 contain a copy of the path a-b, b-c?",
			"Given a graph G and a subgraph G', is G' present within G as a substructure?",
		},
	}
	if induced {
		spec.Name = "subgraph_is_isomorphic"
		spec.Intents = Intents{
			Phrases: []string{
				"induced subgraph/subgraphs/copy ... present/contained/occur*/appear*/found/exist*/exists/in/within/of/isomorphic",
				"isomorphic to ... induced subgraph",
			},
			Concepts: []string{"subgraph isomorphi*", "induced subgraph isomorphi*", "induced subgraph*", "induced copy", "induced copies"},
		}
		spec.Description = "Decide exactly whether a pattern graph occurs in the graph as an induced subgraph: nodes whose edges " +
			"among themselves are exactly the pattern's (NetworkX's GraphMatcher/DiGraphMatcher subgraph_is_isomorphic), and give one occurrence."
		spec.WhenToUse = "Questions giving a second, smaller graph (a pattern) and asking whether the graph has an induced subgraph " +
			"isomorphic to it, or whether the pattern is subgraph-isomorphic to the graph in NetworkX's sense: the matched nodes " +
			"must have the pattern's edges and no others among them (in the same directions when directed). " + caps
		spec.Returns = "exists (bool), induced (true) and mapping, one occurrence as each pattern node's node in the graph."
		spec.Examples = []string{
			"Is the path a-b, b-c an induced subgraph of the graph 0-1, 1-2, 2-0?",
			"Does the directed graph 0->1, 1->2, 0->2 have an induced subgraph isomorphic to the pattern a->b, b->c?",
			"Is the pattern subgraph-isomorphic to the graph, as NetworkX's GraphMatcher.subgraph_is_isomorphic decides?",
		}
	}
	return New(spec, func(ctx context.Context, g *graph.Graph, p subgraphParams) (Result, error) {
		if g.N() > maxNodes {
			return Result{}, fmt.Errorf("%s: the graph has %d nodes, more than the %d a subgraph search takes: %w", spec.Name, g.N(), maxNodes, ErrTooLarge)
		}
		pat, err := p.Pattern.Build(g.Directed(), 0, 0)
		if err != nil {
			return Result{}, fmt.Errorf("%s: pattern: %w", spec.Name, err)
		}
		if pat.N() > maxPattern && pat.N() <= g.N() {
			return Result{}, fmt.Errorf("%s: the pattern has %d nodes, more than the %d a subgraph search takes: %w", spec.Name, pat.N(), maxPattern, ErrTooLarge)
		}
		res, err := subgraphMatch(ctx, g, pat, induced, bitsetNodes)
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", spec.Name, err)
		}
		return Result{Value: res, Text: subgraphText(res, pat)}, nil
	})
}

// subgraphText states a subgraph search's answer.
func subgraphText(res SubgraphMatchResult, pat *graph.Graph) string {
	what := fmt.Sprintf("the pattern (%d nodes, %d edges)", pat.N(), pat.M())
	if !res.Exists {
		if res.Induced {
			return fmt.Sprintf("No: %s does not occur in the graph as an induced subgraph (no nodes of the graph have exactly its edges among them).", what)
		}
		return fmt.Sprintf("No: %s does not occur in the graph as a subgraph, even allowing extra edges among the matched nodes.", what)
	}
	pairs := make([]string, 0, pat.N())
	for _, id := range pat.IDs() {
		pairs = append(pairs, id+" → "+res.Mapping[id])
	}
	kind := "as a subgraph (extra edges among the matched nodes allowed)"
	if res.Induced {
		kind = "as an induced subgraph (the matched nodes have exactly its edges among them)"
	}
	if len(pairs) == 0 {
		return fmt.Sprintf("Yes: %s, being empty, occurs in any graph %s.", what, kind)
	}
	return fmt.Sprintf("Yes: %s occurs in the graph %s: %s.", what, kind, strings.Join(pairs, ", "))
}

// SubgraphMatch decides whether the pattern pat occurs in g, as NetworkX's
// (Di)GraphMatcher(g, pat) does: induced as subgraph_is_isomorphic (the
// matched nodes have exactly the pattern's edges among them, self-loops
// included), else as subgraph_is_monomorphic (every pattern edge, and
// self-loop, maps to an edge of g). pat must have g's direction. The
// search is VF2-like backtracking: pattern nodes in an order that keeps
// each next to those already matched, candidates among the graph
// neighbours of a matched neighbour's image, and a candidate pruned by its
// degrees, its self-loop, its edges to the matched nodes and whether
// enough unmatched neighbours are left for the pattern node's unmatched
// ones. It stops when ctx is done.
func SubgraphMatch(ctx context.Context, g, pat *graph.Graph, induced bool) (SubgraphMatchResult, error) {
	return subgraphMatch(ctx, g, pat, induced, subgraphBitsetNodes)
}

func subgraphMatch(ctx context.Context, g, pat *graph.Graph, induced bool, bitsetNodes int) (SubgraphMatchResult, error) {
	res := SubgraphMatchResult{Induced: induced}
	if g.Directed() != pat.Directed() {
		return res, fmt.Errorf("the pattern and the graph must both be directed or both undirected: %w", ErrBadArgs)
	}
	k, n := pat.N(), g.N()
	if k > n || pat.M() > g.M() {
		return res, nil
	}
	m := newSubMatcher(ctx, g, pat, induced, bitsetNodes)
	ok, err := m.extend(0)
	if err != nil || !ok {
		return res, err
	}
	res.Exists = true
	res.Mapping = make(map[string]string, k)
	for i, u := range m.order {
		res.Mapping[pat.ID(u)] = g.ID(m.core[i])
	}
	return res, nil
}

// subBack is an edge between a pattern node and an earlier one in the
// search order: the earlier one's position and the edge's directions.
type subBack struct {
	pos     int32
	out, in bool // u → earlier, earlier → u (undirected: out only)
}

// subMatcher is the state of one subgraph search.
type subMatcher struct {
	ctx      context.Context
	g, p     *graph.Graph
	induced  bool
	directed bool
	n        int
	// order lists the pattern nodes in search order; for each position i:
	// back its edges to earlier positions, nBackOut/nBackIn their counts,
	// laterOut/laterIn its distinct neighbours at later positions.
	order             []int32
	back              [][]subBack
	nBackOut, nBackIn []int
	laterOut, laterIn []int
	pOut, pIn         []int // per position: distinct non-loop degrees
	pLoop             []bool
	gOut, gIn         []int // per graph node: distinct non-loop degrees
	gLoop             []bool
	isoFrom           int // first position of the trailing isolated pattern nodes (monomorphism only; len(order) when none)
	core              []int32
	usedBy            []int32 // graph node -> position, -1 when unmatched
	adj               []uint64
	steps             int
	candBuf           [][]int32
}

// subgraphBitsetNodes is the largest graph whose adjacency the search
// keeps as a bit matrix (2 MiB at 4,096 nodes).
const subgraphBitsetNodes = 4096

// distinctCount counts the neighbours other than v in one of v's
// adjacency lists, and reports whether v has a self-loop there.
func distinctCount(list []int32, v int32) (int, bool) {
	c, loop := 0, false
	for _, w := range list {
		if w == v {
			loop = true
			continue
		}
		c++
	}
	return c, loop
}

func newSubMatcher(ctx context.Context, g, pat *graph.Graph, induced bool, bitsetNodes int) *subMatcher {
	k, n := pat.N(), g.N()
	m := &subMatcher{ctx: ctx, g: g, p: pat, induced: induced, directed: g.Directed(), n: n}
	m.gOut, m.gIn, m.gLoop = make([]int, n), make([]int, n), make([]bool, n)
	for v := int32(0); int(v) < n; v++ {
		m.gOut[v], m.gLoop[v] = distinctCount(g.Out(v), v)
		if m.directed {
			m.gIn[v], _ = distinctCount(g.In(v), v)
		}
	}
	if n <= bitsetNodes {
		words := (n*n + 63) / 64
		m.adj = make([]uint64, words)
		for e := int32(0); int(e) < g.M(); e++ {
			u, v := g.Edge(e)
			m.setAdj(u, v)
			if !m.directed {
				m.setAdj(v, u)
			}
		}
	}
	// Pattern neighbours with directions ignored, for the order.
	nbrs := make([][]int32, k)
	pDeg := make([]int, k)
	for u := int32(0); int(u) < k; u++ {
		seen := map[int32]bool{}
		for _, list := range [][]int32{pat.Out(u), pat.In(u)} {
			for _, w := range list {
				if w != u && !seen[w] {
					seen[w] = true
					nbrs[u] = append(nbrs[u], w)
				}
			}
			if !m.directed {
				break
			}
		}
		pDeg[u] = len(nbrs[u])
	}
	// Order: the most connected node first, then always the node with the
	// most neighbours already ordered (ties: the higher degree, then the
	// lower index); a new component starts at its highest-degree node.
	pos := make([]int32, k)
	for i := range pos {
		pos[i] = -1
	}
	links := make([]int, k)
	for len(m.order) < k {
		best := int32(-1)
		for u := int32(0); int(u) < k; u++ {
			if pos[u] >= 0 {
				continue
			}
			if best < 0 || links[u] > links[best] || (links[u] == links[best] && pDeg[u] > pDeg[best]) {
				best = u
			}
		}
		pos[best] = int32(len(m.order))
		m.order = append(m.order, best)
		for _, w := range nbrs[best] {
			links[w]++
		}
	}
	m.back = make([][]subBack, k)
	m.nBackOut, m.nBackIn = make([]int, k), make([]int, k)
	m.laterOut, m.laterIn = make([]int, k), make([]int, k)
	m.pOut, m.pIn, m.pLoop = make([]int, k), make([]int, k), make([]bool, k)
	for i, u := range m.order {
		m.pOut[i], m.pLoop[i] = distinctCount(pat.Out(u), u)
		if m.directed {
			m.pIn[i], _ = distinctCount(pat.In(u), u)
		}
		for _, w := range pat.Out(u) {
			if w == u {
				continue
			}
			if pos[w] < int32(i) {
				m.back[i] = append(m.back[i], subBack{pos: pos[w], out: true})
				m.nBackOut[i]++
			} else {
				m.laterOut[i]++
			}
		}
		if m.directed {
			for _, w := range pat.In(u) {
				if w == u {
					continue
				}
				if pos[w] < int32(i) {
					merged := false
					for b := range m.back[i] {
						if m.back[i][b].pos == pos[w] {
							m.back[i][b].in, merged = true, true
						}
					}
					if !merged {
						m.back[i] = append(m.back[i], subBack{pos: pos[w], in: true})
					}
					m.nBackIn[i]++
				} else {
					m.laterIn[i]++
				}
			}
		}
	}
	m.isoFrom = k
	if !induced {
		for m.isoFrom > 0 {
			i := m.isoFrom - 1
			if m.pOut[i] != 0 || m.pIn[i] != 0 || m.pLoop[i] {
				break
			}
			m.isoFrom--
		}
	}
	m.core = make([]int32, k)
	m.usedBy = make([]int32, n)
	for i := range m.usedBy {
		m.usedBy[i] = -1
	}
	m.candBuf = make([][]int32, k)
	return m
}

func (m *subMatcher) setAdj(u, v int32) {
	b := int(u)*m.n + int(v)
	m.adj[b>>6] |= 1 << uint(b&63)
}

// edge reports whether g has the edge u → v (u – v when undirected).
func (m *subMatcher) edge(u, v int32) bool {
	if m.adj != nil {
		b := int(u)*m.n + int(v)
		return m.adj[b>>6]&(1<<uint(b&63)) != 0
	}
	return m.g.HasEdge(u, v)
}

// candidates returns the graph nodes position i may be matched to: the
// shortest neighbour list of an earlier neighbour's image, or every node.
func (m *subMatcher) candidates(i int) []int32 {
	var best []int32
	found := false
	for _, b := range m.back[i] {
		t := m.core[b.pos]
		var list []int32
		if b.in { // earlier → u: u's image is a successor of t
			list = m.g.Out(t)
		} else if m.directed { // u → earlier: a predecessor of t
			list = m.g.In(t)
		} else {
			list = m.g.Out(t)
		}
		if !found || len(list) < len(best) {
			best, found = list, true
		}
	}
	if found {
		return best
	}
	buf := m.candBuf[i]
	if buf == nil {
		buf = make([]int32, m.n)
		for v := range buf {
			buf[v] = int32(v)
		}
		m.candBuf[i] = buf
	}
	return buf
}

// feasible reports whether position i's pattern node may be matched to
// graph node c given the matches of the earlier positions.
func (m *subMatcher) feasible(i int, c int32) bool {
	if m.usedBy[c] >= 0 {
		return false
	}
	if m.induced {
		if m.pLoop[i] != m.gLoop[c] {
			return false
		}
	} else if m.pLoop[i] && !m.gLoop[c] {
		return false
	}
	if m.gOut[c] < m.pOut[i] || m.gIn[c] < m.pIn[i] {
		return false
	}
	for _, b := range m.back[i] {
		t := m.core[b.pos]
		if b.out && !m.edge(c, t) {
			return false
		}
		if b.in && !m.edge(t, c) {
			return false
		}
	}
	// The matched neighbours of c: in an induced match exactly the
	// pattern's; in any match, enough unmatched ones must be left for the
	// pattern node's later neighbours.
	mo, mi := 0, 0
	for _, w := range m.g.Out(c) {
		if w != c && m.usedBy[w] >= 0 {
			mo++
		}
	}
	if m.directed {
		for _, w := range m.g.In(c) {
			if w != c && m.usedBy[w] >= 0 {
				mi++
			}
		}
	}
	if m.induced && (mo != m.nBackOut[i] || mi != m.nBackIn[i]) {
		return false
	}
	return m.gOut[c]-mo >= m.laterOut[i] && m.gIn[c]-mi >= m.laterIn[i]
}

// extend matches positions i.. and reports whether it succeeded.
func (m *subMatcher) extend(i int) (bool, error) {
	if i == len(m.order) {
		return true, nil
	}
	if i == m.isoFrom {
		// Isolated pattern nodes (monomorphism): any unmatched graph nodes.
		j := i
		for v := int32(0); int(v) < m.n && j < len(m.order); v++ {
			if m.usedBy[v] < 0 {
				m.core[j], m.usedBy[v] = v, int32(j)
				j++
			}
		}
		if j < len(m.order) {
			for ; j > i; j-- {
				m.usedBy[m.core[j-1]] = -1
			}
			return false, nil
		}
		return true, nil
	}
	m.steps++
	if m.steps&1023 == 0 {
		if err := m.ctx.Err(); err != nil {
			return false, err
		}
	}
	for _, c := range m.candidates(i) {
		if !m.feasible(i, c) {
			continue
		}
		m.core[i], m.usedBy[c] = c, int32(i)
		ok, err := m.extend(i + 1)
		if ok || err != nil {
			return ok, err
		}
		m.usedBy[c] = -1
	}
	return false, nil
}
