package tools

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/graphagent/graphagent/tools/graph"
)

// SpanningTreeEdge is one edge of a spanning tree.
type SpanningTreeEdge struct {
	Source string  `json:"source"`
	Target string  `json:"target"`
	Weight float64 `json:"weight"`
}

// SpanningTreeResult is the value of minimum_spanning_tree.
type SpanningTreeResult struct {
	// TotalWeight is the sum of the tree's edge weights (unique).
	TotalWeight float64 `json:"total_weight"`
	// NumEdges is the number of tree edges: nodes minus components.
	NumEdges int `json:"num_edges"`
	// Trees is the number of trees of the spanning forest (the number of
	// connected components); 1 when the graph is connected.
	Trees int `json:"trees"`
	// Edges lists one minimum spanning forest in the order Kruskal's
	// algorithm picks them (by weight, ties by edge insertion order).
	Edges []SpanningTreeEdge `json:"edges"`
}

// KCoreResult is the value of k_core.
type KCoreResult struct {
	// K is the k used: the given one, or the largest core number.
	K int `json:"k"`
	// Nodes are the nodes of the k-core, the maximal subgraph in which every
	// node has degree at least k (in + out degree when directed).
	Nodes []string `json:"nodes"`
	// NumEdges is the number of edges of the k-core.
	NumEdges int `json:"num_edges"`
	// CoreNumbers maps every node of the graph to its core number.
	CoreNumbers map[string]int `json:"core_numbers"`
}

// BridgesResult is the value of bridges.
type BridgesResult struct {
	// Count is the number of bridges.
	Count int `json:"count"`
	// Bridges lists the bridges as [u, v] pairs in edge insertion order.
	Bridges [][2]string `json:"bridges"`
}

// ArticulationResult is the value of articulation_points.
type ArticulationResult struct {
	// Count is the number of articulation points.
	Count int `json:"count"`
	// Nodes lists the articulation points in node insertion order.
	Nodes []string `json:"nodes"`
}

func minimumSpanningTreeTool() Tool {
	return New(Spec{
		Name: "minimum_spanning_tree",
		Intents: Intents{Phrases: []string{"minimum/min/least/smallest/lowest/cheapest total ... to connect/link/join/reach all/every",
			"minimum/min/least/smallest/lowest/cheapest total ... connects/links/joins/reaches all/every"}},
		Description: "Compute a minimum spanning tree (a spanning forest when disconnected) of an undirected graph with Kruskal's algorithm.",
		WhenToUse: "Questions about the cheapest set of edges connecting all nodes, the minimum total cost to link every " +
			"site, or the MST weight. Uses edge weights (1 when absent); disconnected graphs get one tree per component.",
		Returns:   "total_weight, num_edges, trees (components) and edges as {source, target, weight}.",
		AppliesTo: UndirectedOnly,
		Family:    familyCommon,
		Examples: []string{
			"What is the total weight of the minimum spanning tree? Edges: (0,1,4), (1,2,2), (0,2,5), (2,3,1).",
			"Which cables should be laid to connect every office at the lowest total cost? Costs: A-B 3, B-C 1, A-C 2.",
			"Find an MST of the weighted graph in roads.edgelist and report its weight.",
			"Give the edges of a minimum-weight spanning forest of this graph.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		res, err := kruskal(ctx, g)
		if err != nil {
			return Result{}, err
		}
		text := fmt.Sprintf("A minimum spanning tree has %d %s with total weight %s.", res.NumEdges, plural(res.NumEdges, "edge"), formatNumber(res.TotalWeight))
		if res.Trees > 1 {
			text = fmt.Sprintf("The graph is not connected; a minimum spanning forest of %d trees has %d %s with total weight %s.",
				res.Trees, res.NumEdges, plural(res.NumEdges, "edge"), formatNumber(res.TotalWeight))
		}
		return Result{Value: res, Text: text}, nil
	})
}

// kruskal computes a minimum spanning forest. Edges are sorted by weight
// (stable on insertion order) and accepted when they join two trees; a NaN
// weight is an error, as in NetworkX.
func kruskal(ctx context.Context, g *graph.Graph) (SpanningTreeResult, error) {
	m := g.M()
	keys := make([]uint64, 0, m)
	order := make([]int32, 0, m)
	for e := int32(0); e < int32(m); e++ {
		u, v := g.Edge(e)
		w := g.Weight(e)
		if math.IsNaN(w) {
			return SpanningTreeResult{}, fmt.Errorf("minimum_spanning_tree: edge %s-%s has a NaN weight: %w", g.ID(u), g.ID(v), ErrNotApplicable)
		}
		if u != v {
			keys = append(keys, sortableFloat(w))
			order = append(order, e)
		}
	}
	if g.Weighted() {
		radixSortStable(keys, order)
	}
	if err := ctx.Err(); err != nil {
		return SpanningTreeResult{}, fmt.Errorf("minimum_spanning_tree: %w", err)
	}
	uf := newUnionFind(g.N())
	trees := g.N()
	res := SpanningTreeResult{Edges: make([]SpanningTreeEdge, 0, min(g.N(), m))}
	for k, e := range order {
		if k%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return SpanningTreeResult{}, fmt.Errorf("minimum_spanning_tree: %w", err)
			}
		}
		u, v := g.Edge(e)
		if !uf.union(u, v) {
			continue
		}
		trees--
		w := g.Weight(e)
		res.TotalWeight += w
		res.Edges = append(res.Edges, SpanningTreeEdge{Source: g.ID(u), Target: g.ID(v), Weight: w})
		if trees == 1 {
			break
		}
	}
	res.NumEdges = len(res.Edges)
	res.Trees = trees
	return res, nil
}

// sortableFloat maps a float64 to a uint64 whose unsigned order is the
// numeric order (-0 sorts just before +0; NaN is excluded by the caller).
func sortableFloat(f float64) uint64 {
	b := math.Float64bits(f)
	if b>>63 == 1 {
		return ^b
	}
	return b | 1<<63
}

// radixSortStable sorts vals by keys, ascending and stable, with an LSD radix
// sort on 16-bit digits; digits on which all keys agree are skipped. O(n).
func radixSortStable(keys []uint64, vals []int32) {
	n := len(keys)
	if n < 2 {
		return
	}
	tmpK := make([]uint64, n)
	tmpV := make([]int32, n)
	var count [1 << 16]int
	for shift := uint(0); shift < 64; shift += 16 {
		clear(count[:])
		for _, k := range keys {
			count[(k>>shift)&0xffff]++
		}
		if count[(keys[0]>>shift)&0xffff] == n {
			continue // every key has this digit
		}
		sum := 0
		for d := range count {
			c := count[d]
			count[d] = sum
			sum += c
		}
		for i, k := range keys {
			d := (k >> shift) & 0xffff
			tmpK[count[d]] = k
			tmpV[count[d]] = vals[i]
			count[d]++
		}
		copy(keys, tmpK)
		copy(vals, tmpV)
	}
}

func bridgesTool() Tool {
	return New(Spec{
		Name:        "bridges",
		Description: "List the bridges of an undirected graph: edges whose removal disconnects their component.",
		WhenToUse: "Questions about critical links, single points of failure among edges, cut edges, or which edge " +
			"removals would split the network. Self-loops are never bridges.",
		Returns:   "count and bridges as [u, v] node pairs.",
		AppliesTo: UndirectedOnly,
		Family:    familyCommon,
		Intents: Intents{
			// "how many corridors are chokepoints": the edges whose loss cuts
			// the graph; "which rooms are chokepoints" are its nodes.
			// "how many of these stretches are such that closing just that one
			// would split the network"
			Phrases: []string{"<edges> ... single point*", "only <edges> between", "<edges> ... chokepoint*", "chokepoint <edges>",
				"<edges> ... closing/removing/cutting/blocking/losing just/only that/one/it ... split*/disconnect*/cut/cuts", "if one/any ... came_loose/broke/failed/snapped/were_cut/was_cut ... cut/disconnect*/split*"},
			Concepts: []string{"chokepoint*"},
		},
		Examples: []string{
			"Which edges are bridges in the graph 0-1, 1-2, 2-0, 2-3?",
			"Find every cut edge: removing it would increase the number of connected components.",
			"Which single road closures would cut part of the network in roads.edgelist off from the rest?",
			"How many bridges does this undirected graph have? Edges: a-b, b-c, c-d, d-b.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		bridges, _, err := lowLink(ctx, g)
		if err != nil {
			return Result{}, fmt.Errorf("bridges: %w", err)
		}
		pairs := make([][2]string, len(bridges))
		shown := make([]string, 0, min(len(bridges), 20))
		for i, e := range bridges {
			u, v := g.Edge(e)
			pairs[i] = [2]string{g.ID(u), g.ID(v)}
			if i < 20 {
				shown = append(shown, g.ID(u)+"-"+g.ID(v))
			}
		}
		text := "The graph has no bridges."
		if len(pairs) > 0 {
			text = fmt.Sprintf("The graph has %d %s: %s", len(pairs), plural(len(pairs), "bridge"), listText(shown, 20))
			if len(pairs) > 20 {
				text += fmt.Sprintf(", ... (%d more)", len(pairs)-20)
			}
			text += "."
		}
		return Result{Value: BridgesResult{Count: len(pairs), Bridges: pairs}, Text: text}, nil
	})
}

func articulationPointsTool() Tool {
	return New(Spec{
		Name:        "articulation_points",
		Description: "List the articulation points (cut vertices) of an undirected graph: nodes whose removal disconnects their component.",
		WhenToUse: "Questions about critical nodes, single points of failure, cut vertices, or which node removals " +
			"would split the network into more pieces.",
		Returns:   "count and nodes, the articulation points in node order.",
		AppliesTo: UndirectedOnly,
		Family:    familyCommon,
		Intents: Intents{
			// "which single stations are such that if that station floods,
			// some part of the cave gets cut off"
			Phrases: []string{"if ... one/a/any/that ... dies/fails/breaks/goes_down/is_closed/closes/is_removed ... cut/cuts/split*/separate*", "<nodes> ... single point*", "<nodes> ... chokepoint*", "chokepoint <nodes>",
				"which/what single <nodes> ... cut/cuts off", "if that/the/one/a/any <nodes> fail*/flood*/close*/goes_down/go_down ... cut/cuts off"},
			Concepts: []string{"chokepoint*"},
		},
		Examples: []string{
			"What are the articulation points of the graph with edges 0-1, 1-2, 2-0, 1-3, 3-4?",
			"Which vertices are cut vertices, i.e. deleting one of them disconnects the graph?",
			"If a single router fails, which routers would split the network in net.edgelist?",
			"How many nodes of this undirected graph are critical for its connectivity?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		_, cut, err := lowLink(ctx, g)
		if err != nil {
			return Result{}, fmt.Errorf("articulation_points: %w", err)
		}
		nodes := idsOf(g, cut)
		text := "The graph has no articulation points."
		if len(nodes) > 0 {
			text = fmt.Sprintf("The graph has %d articulation %s: %s.", len(nodes), plural(len(nodes), "point"), listText(nodes, 30))
		}
		return Result{Value: ArticulationResult{Count: len(nodes), Nodes: nodes}, Text: text}, nil
	})
}

// lowLink runs Tarjan's low-link depth-first search on an undirected graph,
// iteratively, and returns its bridges (edge indices, ascending) and
// articulation points (node indices, ascending). O(n + m). A node's search
// state is one record (its discovery time, low point, parent and place in
// its list), so visiting a node at 10^7 edges is one cache miss, not one per
// array; the graph is simple, so the edge back to the parent is the
// parent's entry in the list, and no edge indices are needed.
func lowLink(ctx context.Context, g *graph.Graph) (bridges, cut []int32, err error) {
	type state struct{ disc, low, parent, pos int32 }
	n := int32(g.N())
	st := make([]state, n)
	for i := range st {
		st[i].disc = -1
	}
	isCut := make([]bool, n)
	var bridgeEnds [][2]int32
	stack := make([]int32, 0, 64)
	time := int32(0)
	steps := 0
	for s := int32(0); s < n; s++ {
		if st[s].disc >= 0 {
			continue
		}
		st[s] = state{disc: time, low: time, parent: -1}
		time++
		rootChildren := 0
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			steps++
			if steps%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, nil, err
				}
			}
			v := stack[len(stack)-1]
			sv := &st[v]
			nbrs := g.Out(v)
			if int(sv.pos) < len(nbrs) {
				w := nbrs[sv.pos]
				sv.pos++
				if w == sv.parent {
					continue
				}
				if sw := &st[w]; sw.disc < 0 {
					*sw = state{disc: time, low: time, parent: v}
					time++
					if v == s {
						rootChildren++
					}
					stack = append(stack, w)
				} else if sw.disc < sv.low {
					sv.low = sw.disc
				}
				continue
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				break
			}
			p := stack[len(stack)-1]
			sp := &st[p]
			if sv.low < sp.low {
				sp.low = sv.low
			}
			if sv.low > sp.disc {
				bridgeEnds = append(bridgeEnds, [2]int32{p, v})
			}
			if p != s && sv.low >= sp.disc {
				isCut[p] = true
			}
		}
		if rootChildren > 1 {
			isCut[s] = true
		}
	}
	for _, b := range bridgeEnds {
		e, ok := g.FindEdge(b[0], b[1])
		if !ok {
			return nil, nil, fmt.Errorf("lowLink: no edge %d-%d", b[0], b[1])
		}
		bridges = append(bridges, e)
	}
	slices.Sort(bridges)
	for v, c := range isCut {
		if c {
			cut = append(cut, int32(v))
		}
	}
	return bridges, cut, nil
}

// KCoreParams are the parameters of k_core.
type KCoreParams struct {
	K *int `json:"k,omitempty" desc:"the core order k (at least 0); default: the largest core number"`
}

func kCoreTool() Tool {
	return New(Spec{
		Name:        "k_core",
		Intents:     Intents{Phrases: []string{"largest/biggest group/set/subgroup/circle/core/bunch ... at_least", "at_least ... others/other_people/other_members ... also in/within the group/set/core"}},
		Description: "Compute the k-core of a graph (maximal subgraph whose nodes all have degree at least k) and every node's core number.",
		WhenToUse: "Questions about the densest core, the innermost shell, core numbers or degeneracy, or the subgraph " +
			"left after repeatedly removing nodes of degree below k. Directed graphs use in + out degree. Graphs with " +
			"self-loops are rejected, as in NetworkX.",
		Returns:   "k, nodes of the k-core, num_edges of the k-core, and core_numbers mapping each node to its core number.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"What is the 2-core of the graph with edges 0-1, 1-2, 2-0, 2-3?",
			"Find the main core (the k-core with the largest k) of the network in social.edgelist.",
			"What is the core number of each node in this graph?",
			"Which nodes remain after repeatedly deleting every vertex with fewer than 3 neighbours?",
			"What is the degeneracy of this graph?",
		},
	}, func(ctx context.Context, g *graph.Graph, p KCoreParams) (Result, error) {
		if p.K != nil && *p.K < 0 {
			return Result{}, fmt.Errorf("k_core: k must be at least 0, got %d: %w", *p.K, ErrBadArgs)
		}
		if g.SelfLoops() > 0 {
			return Result{}, fmt.Errorf("k_core: the graph has %d self-loops, which core numbers do not allow: %w", g.SelfLoops(), ErrNotApplicable)
		}
		core, err := coreNumbers(ctx, g)
		if err != nil {
			return Result{}, fmt.Errorf("k_core: %w", err)
		}
		res := KCoreResult{CoreNumbers: make(map[string]int, g.N())}
		if p.K != nil {
			res.K = *p.K
		} else {
			if g.N() == 0 {
				return Result{}, fmt.Errorf("k_core: the graph has no nodes, so it has no largest core number: %w", ErrNotApplicable)
			}
			for _, c := range core {
				res.K = max(res.K, int(c))
			}
		}
		in := make([]int32, 0, g.N())
		for v, c := range core {
			res.CoreNumbers[g.ID(int32(v))] = int(c)
			if int(c) >= res.K {
				in = append(in, int32(v))
			}
		}
		res.Nodes = idsOf(g, in)
		for e := int32(0); e < int32(g.M()); e++ {
			u, v := g.Edge(e)
			if int(core[u]) >= res.K && int(core[v]) >= res.K {
				res.NumEdges++
			}
		}
		text := fmt.Sprintf("The %d-core has %d %s and %d %s", res.K, len(res.Nodes), plural(len(res.Nodes), "node"), res.NumEdges, plural(res.NumEdges, "edge"))
		if len(res.Nodes) > 0 {
			text += ": " + listText(res.Nodes, 30)
		}
		return Result{Value: res, Text: text + "."}, nil
	})
}

// coreNumbers computes every node's core number by peeling in levels, in
// O(n + m): at level k, the nodes left whose degree is k are removed, each
// removal lowering the degrees of its neighbours above k, and a neighbour
// that falls to k is removed at this level too. Degrees are NetworkX's (in +
// out when directed, where both neighbour lists are walked, so a pair of
// opposite edges counts twice as in nx.core_number). The core numbers are
// those of Batagelj and Zaversnik's bucket algorithm (which this replaced):
// core numbers are unique. Each level starts with a pass over the nodes
// left, in index order, so most lists are read in memory order and the
// only random reads are the neighbours' degrees (the bucket algorithm's
// moves read and wrote two more node-sized arrays at random places: at 10^7
// edges it took longer than igraph's). A node is in the pass of every
// level up to its core number, so the passes cost O(sum of core numbers) ≤
// O(m).
func coreNumbers(ctx context.Context, g *graph.Graph) ([]int32, error) {
	n := g.N()
	deg := make([]int32, n)
	rest := make([]int32, n) // nodes not removed yet, in index order (some removed ones too, dropped by the next pass)
	for v := range int32(n) {
		deg[v] = int32(g.Degree(v))
		rest[v] = v
	}
	level := make([]int32, 0, n) // the nodes removed at this level
	steps := 0
	for k := int32(0); len(rest) > 0; {
		// Every node not removed has degree >= k here: those of degree k
		// start this level; those below k were removed at a lower level
		// (after the last pass) and leave the list.
		level = level[:0]
		kept := rest[:0]
		next := int32(math.MaxInt32)
		for _, v := range rest {
			switch d := deg[v]; {
			case d == k:
				level = append(level, v)
			case d > k:
				kept = append(kept, v)
				next = min(next, d)
			}
		}
		rest = kept
		if len(level) == 0 {
			k = next
			continue
		}
		for i := 0; i < len(level); i++ {
			if steps++; steps%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			for _, nbrs := range bothWays(g, level[i]) {
				for _, u := range nbrs {
					if deg[u] > k {
						deg[u]--
						if deg[u] == k {
							level = append(level, u)
						}
					}
				}
			}
		}
		k++
	}
	return deg, nil
}
