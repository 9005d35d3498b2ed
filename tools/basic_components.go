package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// Components is the value of connected_components and
// strongly_connected_components.
type Components struct {
	// Count is the number of components.
	Count int `json:"count"`
	// Components lists each component's node IDs in graph insertion order;
	// components are ordered by their first node in insertion order (the
	// order NetworkX's connected_components yields them).
	Components [][]string `json:"components"`
	// Weak is true when the graph is directed and the components are its
	// weakly connected components (edge directions ignored).
	Weak bool `json:"weak,omitempty"`
}

// unionFind is a disjoint-set forest with path halving and union by size.
type unionFind struct {
	parent []int32
	size   []int32
}

func newUnionFind(n int) *unionFind {
	uf := &unionFind{parent: make([]int32, n), size: make([]int32, n)}
	for i := range uf.parent {
		uf.parent[i] = int32(i)
		uf.size[i] = 1
	}
	return uf
}

func (uf *unionFind) find(x int32) int32 {
	p := uf.parent
	for p[x] != x {
		p[x] = p[p[x]]
		x = p[x]
	}
	return x
}

// union merges the sets of a and b and reports whether they were distinct.
func (uf *unionFind) union(a, b int32) bool {
	ra, rb := uf.find(a), uf.find(b)
	if ra == rb {
		return false
	}
	if uf.size[ra] < uf.size[rb] {
		ra, rb = rb, ra
	}
	uf.parent[rb] = ra
	uf.size[ra] += uf.size[rb]
	return true
}

// weakComponents labels every node with its (weakly) connected component,
// ignoring edge directions. Labels are numbered 0.. in the order of each
// component's first node in insertion order; the second result is the count.
//
// It merges the edges in edge order by Rem's union-find with splicing: a
// node's parent is never above it (parent[v] <= v), a set's root is its
// first node, and walking two nodes' paths up together re-points each step
// at the other path, so there is no size array to read and the paths stay
// short. On a graph of 10^7 edges the parents no longer fit in the cache,
// and this did the work in about half the time of union by size with path
// halving (eval/results/loading.md).
func weakComponents(ctx context.Context, g *graph.Graph) ([]int32, int, error) {
	n := g.N()
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	for e := 0; e < g.M(); e++ {
		if e%(ctxCheckEvery*16) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
		}
		x, y := g.Edge(int32(e))
		for p[x] != p[y] {
			if p[x] < p[y] {
				x, y = y, x
			}
			if p[x] == x { // x is a root: hang it below y's parent
				p[x] = p[y]
				break
			}
			z := p[x]
			p[x] = p[y] // splice: x's path continues on y's
			x = z
		}
	}
	// Roots are first nodes, so a node's root is labelled before it.
	label := make([]int32, n)
	k := int32(0)
	for v := int32(0); v < int32(n); v++ {
		r := v
		for p[r] != r {
			r = p[r]
		}
		p[v] = r
		if r == v {
			label[v] = k
			k++
		} else {
			label[v] = label[r]
		}
	}
	return label, int(k), nil
}

// groupByLabel turns component labels into lists of node IDs. Labels are
// renumbered by first occurrence in insertion order, so components come out
// ordered by their first node, and each list is in insertion order. It runs
// in O(n) with a counting sort.
func groupByLabel(g *graph.Graph, label []int32, k int) [][]string {
	n := len(label)
	remap := make([]int32, k)
	for i := range remap {
		remap[i] = -1
	}
	next := int32(0)
	count := make([]int32, k+1)
	for v := 0; v < n; v++ {
		l := label[v]
		if remap[l] < 0 {
			remap[l] = next
			next++
		}
		count[remap[l]+1]++
	}
	for c := 0; c < k; c++ {
		count[c+1] += count[c]
	}
	all := make([]string, n)
	pos := append([]int32(nil), count[:k]...)
	for v := 0; v < n; v++ {
		c := remap[label[v]]
		all[pos[c]] = g.ID(int32(v))
		pos[c]++
	}
	out := make([][]string, k)
	for c := 0; c < k; c++ {
		out[c] = all[count[c]:count[c+1]:count[c+1]]
	}
	return out
}

// componentsText summarises components in a sentence.
func componentsText(kind string, comps [][]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The graph has %d %s", len(comps), kind)
	if len(comps) != 1 {
		b.WriteString("s")
	}
	if len(comps) > 0 {
		b.WriteString(": ")
		for i, c := range comps {
			if i == 10 {
				fmt.Fprintf(&b, "; ... (%d more)", len(comps)-10)
				break
			}
			if i > 0 {
				b.WriteString("; ")
			}
			fmt.Fprintf(&b, "{%s}", listText(c, 20))
		}
	}
	b.WriteString(".")
	return b.String()
}

func connectedComponentsTool() Tool {
	return New(Spec{
		Name:        "connected_components",
		Intents:     Intents{Phrases: []string{"how many separate/disconnected/isolated/distinct groups/regions/parts/islands/clusters/pieces/networks/bubbles/camps are/is/that/which/can_not/cannot/can't/do/does/in/there/exist/would/will/form/make"}},
		Description: "Split the graph into its connected components (weakly connected components when directed).",
		WhenToUse:   "The question asks how many connected pieces the graph has, or which nodes belong together in one piece.",
		Returns: `object {"count": integer, "components": array of arrays of node IDs, "weak": true for directed graphs}. ` +
			`Each component lists its nodes in insertion order; components are ordered by their first node. ` +
			`NetworkX's connected_components refuses directed graphs; here they get their weakly connected components (as nx.weakly_connected_components), ignoring edge directions.`,
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"How many connected components does this graph have?",
			"Into how many separate pieces does the network fall apart?",
			"Group the vertices into connected clusters.",
			"Which nodes lie in the same component as each other?",
			"List the islands of the graph, ignoring edge directions.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		label, k, err := weakComponents(ctx, g)
		if err != nil {
			return Result{}, err
		}
		comps := groupByLabel(g, label, k)
		kind := "connected component"
		if g.Directed() {
			kind = "weakly connected component"
		}
		return Result{Value: Components{Count: k, Components: comps, Weak: g.Directed()}, Text: componentsText(kind, comps)}, nil
	})
}

func isConnectedTool() Tool {
	return New(Spec{
		Name:        "is_connected",
		Intents:     Intents{Phrases: []string{"is/are everything/everyone/everybody connected/linked"}},
		Description: "Check whether the graph is connected (weakly connected when directed).",
		WhenToUse:   "The question asks whether every node can reach every other node ignoring directions, or whether the graph is in one piece.",
		Returns:     "boolean: true when the graph has exactly one (weakly) connected component. A graph without nodes is an error, as in NetworkX; directed graphs are answered as nx.is_weakly_connected.",
		AppliesTo:   AnyGraph,
		Family:      familyCommon,
		Examples: []string{
			"Is this graph connected?",
			"Does the network consist of a single piece?",
			"Can every vertex be reached from every other one if we ignore arrow directions?",
			"Is the graph in one component or split into several?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		if g.N() == 0 {
			return Result{}, fmt.Errorf("connectivity is undefined for a graph without nodes: %w", ErrNotApplicable)
		}
		_, k, err := weakComponents(ctx, g)
		if err != nil {
			return Result{}, err
		}
		what := "connected"
		if g.Directed() {
			what = "weakly connected"
		}
		if k == 1 {
			return Result{Value: true, Text: fmt.Sprintf("Yes, the graph is %s.", what)}, nil
		}
		return Result{Value: false, Text: fmt.Sprintf("No, the graph is not %s: it has %d components.", what, k)}, nil
	})
}

// strongComponents labels every node of a directed graph with its strongly
// connected component using Tarjan's algorithm made iterative (an explicit
// call stack of (node, next neighbour position)), so deep graphs cannot
// overflow the goroutine stack. The second result is the count.
func strongComponents(ctx context.Context, g *graph.Graph) ([]int32, int, error) {
	n := int32(g.N())
	index := make([]int32, n) // discovery index + 1; 0 = unvisited
	low := make([]int32, n)
	onStack := make([]bool, n)
	label := make([]int32, n)
	var stack, call []int32
	var pos []int32
	counter := int32(0)
	comps := int32(0)
	steps := 0
	for r := int32(0); r < n; r++ {
		if index[r] != 0 {
			continue
		}
		counter++
		index[r], low[r] = counter, counter
		stack = append(stack, r)
		onStack[r] = true
		call = append(call, r)
		pos = append(pos, 0)
		for len(call) > 0 {
			if steps++; steps%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, 0, err
				}
			}
			top := len(call) - 1
			v := call[top]
			nbrs := g.Out(v)
			if k := pos[top]; int(k) < len(nbrs) {
				pos[top]++
				w := nbrs[k]
				if index[w] == 0 {
					counter++
					index[w], low[w] = counter, counter
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, w)
					pos = append(pos, 0)
				} else if onStack[w] && index[w] < low[v] {
					low[v] = index[w]
				}
				continue
			}
			call = call[:top]
			pos = pos[:top]
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					label[w] = comps
					if w == v {
						break
					}
				}
				comps++
			}
			if top > 0 {
				if u := call[top-1]; low[v] < low[u] {
					low[u] = low[v]
				}
			}
		}
	}
	return label, int(comps), nil
}

func stronglyConnectedComponentsTool() Tool {
	return New(Spec{
		Name:        "strongly_connected_components",
		Intents:     Intents{Concepts: []string{"strongly connected component*", "strongly connected group*", "strong component*"}},
		Description: "Split a directed graph into strongly connected components (maximal sets of mutually reachable nodes).",
		WhenToUse:   "The question asks for strongly connected components, or which nodes can all reach each other along edge directions.",
		Returns: `object {"count": integer, "components": array of arrays of node IDs}; each component lists its nodes in insertion order, ` +
			`components are ordered by their first node (NetworkX yields the same sets in another order). Directed graphs only.`,
		AppliesTo: DirectedOnly,
		Family:    familyCommon,
		Examples: []string{
			"Find the strongly connected components of this directed graph.",
			"How many SCCs does the digraph have?",
			"Which groups of vertices can all reach one another following the arrows?",
			"Partition the directed network into mutually reachable clusters.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		label, k, err := strongComponents(ctx, g)
		if err != nil {
			return Result{}, err
		}
		comps := groupByLabel(g, label, k)
		return Result{Value: Components{Count: k, Components: comps}, Text: componentsText("strongly connected component", comps)}, nil
	})
}

// kahn runs Kahn's algorithm the way NetworkX's topological_generations
// does: start from the zero in-degree nodes in insertion order, process them
// first in first out, and release a successor when its last in-edge is
// removed. It returns the order of the nodes it could sort (all of them
// exactly when the graph is acyclic) and the remaining in-degrees, positive
// on the nodes left over. A self-loop makes its node unsortable, as in
// NetworkX.
func kahn(ctx context.Context, g *graph.Graph) (order []int32, indeg []int32, err error) {
	n := int32(g.N())
	indeg = make([]int32, n)
	order = make([]int32, 0, n)
	for v := int32(0); v < n; v++ {
		indeg[v] = int32(g.InDegree(v))
		if indeg[v] == 0 {
			order = append(order, v)
		}
	}
	for head := 0; head < len(order); head++ {
		if head%ctxCheckEvery == ctxCheckEvery-1 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		for _, u := range g.Out(order[head]) {
			indeg[u]--
			if indeg[u] == 0 {
				order = append(order, u)
			}
		}
	}
	return order, indeg, nil
}

// directedCycle returns one directed cycle among the nodes Kahn's algorithm
// left over (indeg > 0): each of them has a left-over predecessor, so walking
// backwards along such predecessors must repeat a node. The cycle is returned
// in edge direction, first node not repeated at the end.
func directedCycle(g *graph.Graph, indeg []int32) []int32 {
	start := int32(-1)
	for v, d := range indeg {
		if d > 0 {
			start = int32(v)
			break
		}
	}
	if start < 0 {
		return nil
	}
	step := make([]int32, g.N()) // position in walk + 1; 0 = not on the walk
	var walk []int32
	v := start
	for step[v] == 0 {
		walk = append(walk, v)
		step[v] = int32(len(walk))
		next := int32(-1)
		for _, u := range g.In(v) {
			if indeg[u] > 0 {
				next = u
				break
			}
		}
		v = next
	}
	// walk[i] == v closes the cycle; edges go walk[k+1] -> walk[k].
	i := step[v] - 1
	cyc := []int32{v}
	for k := len(walk) - 1; k > int(i); k-- {
		cyc = append(cyc, walk[k])
	}
	return cyc
}

// undirectedCycle returns one cycle of an undirected graph (a self-loop is
// a cycle of one node), or nil when the graph is a forest. It grows a
// breadth-first forest; the first edge to an already seen node other than
// the parent closes a cycle through the two nodes' lowest common ancestor.
func undirectedCycle(ctx context.Context, g *graph.Graph) ([]int32, error) {
	n := int32(g.N())
	if g.SelfLoops() > 0 {
		for v := int32(0); v < n; v++ {
			if g.HasSelfLoop(v) {
				return []int32{v}, nil
			}
		}
	}
	parent := make([]int32, n)
	depth := make([]int32, n)
	for i := range parent {
		parent[i] = -2 // unseen
	}
	queue := make([]int32, 0, 64)
	for r := int32(0); r < n; r++ {
		if parent[r] != -2 {
			continue
		}
		parent[r] = -1
		queue = append(queue[:0], r)
		for head := 0; head < len(queue); head++ {
			if head%ctxCheckEvery == ctxCheckEvery-1 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			v := queue[head]
			for _, u := range g.Out(v) {
				if parent[u] == -2 {
					parent[u] = v
					depth[u] = depth[v] + 1
					queue = append(queue, u)
					continue
				}
				if u == parent[v] {
					continue
				}
				// Non-tree edge v-u: climb to the common ancestor.
				var left, right []int32
				a, b := v, u
				for depth[a] > depth[b] {
					left = append(left, a)
					a = parent[a]
				}
				for depth[b] > depth[a] {
					right = append(right, b)
					b = parent[b]
				}
				for a != b {
					left = append(left, a)
					right = append(right, b)
					a, b = parent[a], parent[b]
				}
				cyc := append(left, a)
				for k := len(right) - 1; k >= 0; k-- {
					cyc = append(cyc, right[k])
				}
				return cyc, nil
			}
		}
	}
	return nil, nil
}

func cycleCheckTool() Tool {
	return New(Spec{
		Name: "cycle_check",
		Intents: Intents{
			Phrases: []string{"round/around in a/one circle/circles", "infinite loop*", "is/are there ... a/any loop/loops somewhere/anywhere", "eventually ... itself/themselves again", "circular dependenc*", "is/are there a/any circular dependenc*", "has/have/contain/contains a/any circular dependenc*", "depend/depends on each_other",
				// "come back to where we started", "a cell ends up depending on itself"
				"come/comes/coming/get/gets/go/goes back to where ... started/began",
				"end/ends/ending up ... on itself/themselves",
				"is/are there ... a/any loop/loops in/among/where", "round in circles", "is there a/any circular ... somewhere/anywhere"},
			Concepts: []string{"cycle*", "cyclic", "acyclic", "circuit*", "circular dependenc*"},
		},
		Description: "Check whether the graph contains a cycle (a directed cycle when directed).",
		WhenToUse:   "The question asks whether the graph has a cycle or loop, whether a walk along the edges can revisit or return to a node, or whether it is acyclic (a DAG, a tree or forest).",
		Returns: "boolean: true when a cycle exists. Directed graphs: a directed cycle (not nx.is_directed_acyclic_graph); undirected graphs: any cycle, as nx.find_cycle / nx.cycle_basis find. " +
			"A self-loop is a cycle. The sentence shows one cycle.",
		AppliesTo: AnyGraph,
		Family:    familyGTools,
		Examples: []string{
			"Does this graph contain a cycle?",
			"Is the directed graph acyclic?",
			"Can I start at some node, follow edges and come back to where I started?",
			"Check the network for loops.",
			"Is this undirected graph a forest, or does it have a cycle?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		var cyc []int32
		if g.Directed() {
			order, indeg, err := kahn(ctx, g)
			if err != nil {
				return Result{}, err
			}
			if len(order) < g.N() {
				cyc = directedCycle(g, indeg)
			}
		} else {
			var err error
			if cyc, err = undirectedCycle(ctx, g); err != nil {
				return Result{}, err
			}
		}
		if cyc == nil {
			return Result{Value: false, Text: "The graph has no cycle: it is acyclic."}, nil
		}
		ids := idsOf(g, cyc)
		sep := " - "
		if g.Directed() {
			sep = " -> "
		}
		return Result{Value: true, Text: fmt.Sprintf("The graph contains a cycle, for example %s%s%s.",
			strings.Join(ids, sep), sep, ids[0])}, nil
	})
}

func topologicalSortTool() Tool {
	t := New(Spec{
		Name:        "topological_sort",
		Intents:     Intents{Phrases: []string{"order of/for doing ... satisf*/respect*/obey*"}, Concepts: []string{"acyclic", "cyclic", "cycle*", "circular dependenc*"}},
		Description: "Order the nodes of a directed acyclic graph so that every edge points forward.",
		WhenToUse:   "The question asks for a topological order or sequence, a valid ordering of dependent tasks, or a linearisation of a DAG.",
		Returns: "array of node IDs (strings): the order nx.topological_sort gives (Kahn's algorithm by generations, insertion order within). " +
			"Any order in which every edge goes from an earlier to a later node is a correct answer. Directed graphs only; a graph with a cycle is an error.",
		AppliesTo: DirectedOnly,
		Family:    familyGTools,
		Examples: []string{
			"Give a topological ordering of the nodes of this DAG.",
			"In which order can the tasks be done so that each comes after its prerequisites?",
			"Sort the vertices so that all arcs point from earlier to later ones.",
			"What is the topological sequence of the directed graph?",
			"Linearise this dependency graph.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		order, indeg, err := kahn(ctx, g)
		if err != nil {
			return Result{}, err
		}
		if len(order) < g.N() {
			cyc := idsOf(g, directedCycle(g, indeg))
			return Result{}, fmt.Errorf("the graph has a cycle (%s -> %s), so it has no topological order: %w",
				strings.Join(cyc, " -> "), cyc[0], ErrNotApplicable)
		}
		ids := idsOf(g, order)
		return Result{Value: ids, Text: fmt.Sprintf("A topological order of the %d %s (every edge goes from an earlier node to a later one) is: %s.",
			len(ids), plural(len(ids), "node"), listText(ids, listAll))}, nil
	})
	return checkedOrderTool{Tool: t, check: checkTopologicalOrder, name: "a topological order"}
}
