package tools

import (
	"context"
	"fmt"
	"math"

	"github.com/graphagent/graphagent/tools/graph"
)

// neighbourhoodTools are the tools about the direction of one node's edges
// (predecessors, successors, sources and sinks) and the measures built on
// neighbourhoods (transitivity and the link-prediction indices). Each is
// chosen by the builtin planner through its Intents alone: no cue of its
// own in reasoning.
func neighbourhoodTools() []Tool {
	return []Tool{
		predecessorsTool(),
		successorsTool(),
		sourcesSinksTool(),
		transitivityTool(),
		jaccardTool(),
		adamicAdarTool(),
		resourceAllocationTool(),
		preferentialAttachmentTool(),
	}
}

func predecessorsTool() Tool {
	return New(Spec{
		Name:        "predecessors",
		Description: "List the predecessors of a node: the nodes with an edge into it (its neighbours when undirected).",
		WhenToUse:   "The question asks for a node's predecessors or in-neighbours: the nodes with an edge into it, who follows or mentors someone.",
		Returns:     "array of node IDs (strings) in the order their edges were added, as NetworkX's G.predecessors (G.neighbors when undirected).",
		AppliesTo:   AnyGraph,
		Family:      familyCommon,
		Examples: []string{
			"Which nodes have an edge into node 4?",
			"List the predecessors of vertex 7 in the directed graph.",
			"Who follows Alice?",
			"Where do the incoming edges of node 2 come from?",
		},
		Intents: Intents{
			Phrases: []string{
				"who/which/what <relates> X",
				"who/which/what <related> X", // "who handed the jar to Ines?"
				"which/what <nodes> <relates> X",
				"who/which/what is/are X <related> by",
				"who/which/what ... point/points/link/links/lead/leads to X",
				"predecessor/predecessors of X",
				"in-neighbour/in-neighbours/in-neighbor/in-neighbors of X",
				"incoming neighbour*/neighbor* of X",
				"which/what nodes/vertices have an edge/edges/arc/arcs into/to X",
				"where ... incoming edges/arcs/links of X come from",
				"what/which ... must/has_to/have_to/needs_to/need_to finish/happen/come/run/be_done/be_finished before X",
				"what/which ... comes/come/happens/happen/runs/run/goes/go directly/immediately before X",
			},
			Concepts: []string{"predecessor*", "in-neighbour*", "in-neighbor*"},
		},
	}, func(_ context.Context, g *graph.Graph, p nodeParam) (Result, error) {
		v, err := p.Node.Index(g, "node")
		if err != nil {
			return Result{}, err
		}
		ids := idsOf(g, g.In(v))
		return Result{Value: ids, Text: sideText(g, p.Node, ids, "predecessor", "into it")}, nil
	})
}

func successorsTool() Tool {
	return New(Spec{
		Name:        "successors",
		Description: "List the successors of a node: the nodes its edges lead to (its neighbours when undirected).",
		WhenToUse:   "The question asks for a node's successors or out-neighbours by those words (neighbors answers the same on a directed graph).",
		Returns:     "array of node IDs (strings) in the order their edges were added, as NetworkX's G.successors (G.neighbors when undirected).",
		AppliesTo:   AnyGraph,
		Family:      familyCommon,
		Examples: []string{
			"List the successors of node 3 in the directed graph.",
			"What are the out-neighbours of node 0?",
		},
		Intents: Intents{
			Phrases: []string{
				"who/which/what is/are <related> by X",
				"which/what <nodes> is/are <related> by X",
				"successor/successors of X",
				"out-neighbour/out-neighbours/out-neighbor/out-neighbors of X",
				"outgoing neighbour*/neighbor* of X",
			},
			Concepts: []string{"successor*", "out-neighbour*", "out-neighbor*"},
		},
	}, func(_ context.Context, g *graph.Graph, p nodeParam) (Result, error) {
		v, err := p.Node.Index(g, "node")
		if err != nil {
			return Result{}, err
		}
		ids := idsOf(g, g.Out(v))
		return Result{Value: ids, Text: sideText(g, p.Node, ids, "successor", "from it")}, nil
	})
}

// sideText states one side of a node's edges; on an undirected graph both
// sides are the neighbours, and the sentence says so.
func sideText(g *graph.Graph, node NodeID, ids []string, what, dir string) string {
	if !g.Directed() {
		if len(ids) == 0 {
			return fmt.Sprintf("The graph is undirected, so the %ss of node %s are its neighbours; it has none.", what, node)
		}
		return fmt.Sprintf("The graph is undirected, so the %ss of node %s are its %d %s: %s.", what, node, len(ids), plural(len(ids), "neighbour"), listText(ids, listAll))
	}
	if len(ids) == 0 {
		return fmt.Sprintf("Node %s has no %ss (no edge %s).", node, what, dir)
	}
	return fmt.Sprintf("Node %s has %d %s (an edge %s): %s.", node, len(ids), plural(len(ids), what), dir, listText(ids, listAll))
}

// SourcesSinks is the value of sources_sinks.
type SourcesSinks struct {
	// Sources are the nodes with in-degree 0, in graph insertion order.
	Sources []string `json:"sources"`
	// Sinks are the nodes with out-degree 0, in graph insertion order.
	Sinks []string `json:"sinks"`
}

func sourcesSinksTool() Tool {
	return New(Spec{
		Name:        "sources_sinks",
		Description: "List the sources (nodes with no incoming edge) and the sinks (nodes with no outgoing edge) of a directed graph.",
		WhenToUse:   "The question asks which nodes have no incoming or no outgoing edges, where a directed graph starts or ends.",
		Returns:     `object {"sources": array of node IDs with in-degree 0, "sinks": array of node IDs with out-degree 0}, each in graph insertion order; an isolated node is both, a node with a self-loop neither source nor sink. Directed graphs only.`,
		AppliesTo:   DirectedOnly,
		Family:      familyCommon,
		Examples: []string{
			"Which nodes have no incoming edges?",
			"List the sink nodes of the directed graph.",
			"Which vertices have in-degree zero?",
			"Find every node with no outgoing arcs.",
		},
		Intents: Intents{
			Phrases: []string{"nothing/none ... flows/goes/leads/comes/points out/out_of",
				"no incoming/inbound/entering edge*/arc*/link*",
				"no outgoing/outbound/leaving edge*/arc*/link*",
				"no edge*/arc*/link* coming/going/pointing in/into/out/to",
				"in-degree/indegree/out-degree/outdegree of 0/zero",
				"in-degree/indegree/out-degree/outdegree 0/zero",
				"zero in-degree/indegree/out-degree/outdegree",
				"source/sink nodes/vertices",
				"sources and sinks",
				"sinks and sources",
				"no prerequisite*/predecessor*",
				// "Which papers here don't cite any other paper?"
				"which/what/who ... don't/doesn't/do_not/does_not/never <relates> any*",
				// "who recruited nobody", "which tasks can start right away"
				"which/what/who ... <related> nobody/no_one/no-one/none",
				"which/what ... can start right_away/immediately/straight_away/first",
				"who/which ... hasn't/haven't/didn't/don't/doesn't/never <related> anyone/anybody", "who/which ... hasn't/haven't/didn't/don't/doesn't/never <relates> anyone/anybody"},
			Concepts: []string{"sources and sinks", "sinks and sources"},
		},
	}, func(_ context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		out := SourcesSinks{Sources: []string{}, Sinks: []string{}}
		for v := int32(0); v < int32(g.N()); v++ {
			if g.InDegree(v) == 0 {
				out.Sources = append(out.Sources, g.ID(v))
			}
			if g.OutDegree(v) == 0 {
				out.Sinks = append(out.Sinks, g.ID(v))
			}
		}
		side := func(ids []string, what, none string) string {
			if len(ids) == 0 {
				return fmt.Sprintf("no %s (every node has %s)", what, none)
			}
			return fmt.Sprintf("%d %s: %s", len(ids), what, listText(ids, listAll))
		}
		text := fmt.Sprintf("Sources (no incoming edge): %s. Sinks (no outgoing edge): %s.",
			side(out.Sources, plural(len(out.Sources), "node"), "an incoming edge"),
			side(out.Sinks, plural(len(out.Sinks), "node"), "an outgoing edge"))
		return Result{Value: out, Text: text}, nil
	})
}

func transitivityTool() Tool {
	return New(Spec{
		Name:        "transitivity",
		Description: "The transitivity of the graph: the global clustering coefficient, 3 × triangles / connected triples.",
		WhenToUse:   "The question asks for the graph's transitivity or global clustering coefficient (not the average of the nodes' local clustering).",
		Returns: "number in [0, 1], nx.transitivity(G): the fraction of connected triples that close into triangles; 0 without triangles or nodes. " +
			"Self-loops are ignored; on a directed graph NetworkX counts over each node's successors, and so does this tool.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"What is the transitivity of the graph?",
			"Compute the global clustering coefficient of this network.",
			"What fraction of connected triples are closed into triangles?",
		},
		Intents: Intents{
			Phrases:  []string{"fraction/share/proportion of ... triples/triads ... closed/triangles"},
			Concepts: []string{"transitivity", "global clustering", "global clustering coefficient*"},
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		t, err := transitivity(ctx, g)
		if err != nil {
			return Result{}, err
		}
		return Result{Value: t, Text: fmt.Sprintf("The transitivity (global clustering coefficient) of the graph is %s.", formatNumber(t))}, nil
	})
}

// transitivity is nx.transitivity: for every node v with out-neighbour set
// N(v) (itself excluded), the ordered pairs of N(v) that are adjacent,
// over the sum of |N(v)| (|N(v)| - 1). On undirected graphs that is
// 3 × triangles / triads.
func transitivity(ctx context.Context, g *graph.Graph) (float64, error) {
	if !g.Directed() {
		return undirectedTransitivity(ctx, g)
	}
	return pairTransitivity(ctx, g)
}

// pairTransitivity is transitivity on any graph, by marking each node's
// neighbours and counting the adjacent ordered pairs among them.
func pairTransitivity(ctx context.Context, g *graph.Graph) (float64, error) {
	n := g.N()
	mark := make([]int32, n) // mark[u] == v+1: u is a neighbour of v
	var tri, triads int64
	for v := int32(0); v < int32(n); v++ {
		if v%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		var d int64
		for _, u := range g.Out(v) {
			if u != v && mark[u] != v+1 {
				mark[u] = v + 1
				d++
			}
		}
		triads += d * (d - 1)
		for _, u := range g.Out(v) {
			if u == v || mark[u] != v+1 {
				continue
			}
			for _, w := range g.Out(u) {
				if w != u && w != v && mark[w] == v+1 {
					tri++
				}
			}
		}
	}
	if tri == 0 {
		return 0, nil
	}
	return float64(tri) / float64(triads), nil
}

// undirectedTransitivity is transitivity on an undirected graph: the
// triangles counted once by the forward algorithm (O(m^1.5), where the
// neighbour-of-neighbour pass above is O(sum of squared degrees) and took
// 3.4x igraph's time at 10^6 edges), six ordered pairs each, over the same
// sum of d(d-1): the same two integers, so the same float64.
func undirectedTransitivity(ctx context.Context, g *graph.Graph) (float64, error) {
	f, err := newForward(ctx, g)
	if err != nil {
		return 0, err
	}
	t, err := f.countTriangles(ctx, nil)
	if err != nil || t == 0 {
		return 0, err
	}
	var triads int64
	for _, d := range f.deg {
		triads += int64(d) * int64(d-1)
	}
	return float64(6*t) / float64(triads), nil
}

// pairNodesParam names the two nodes of a link-prediction index.
type pairNodesParam struct {
	U NodeID `json:"u" desc:"the first node of the pair"`
	V NodeID `json:"v" desc:"the second node of the pair"`
}

// neighbourSets returns the neighbour sets of u and v (a self-loop puts a
// node in its own set, as NetworkX's G[u]) and their common neighbours
// other than u and v, as nx.common_neighbors.
func neighbourSets(g *graph.Graph, u, v int32) (nu, nv map[int32]bool, common []int32) {
	nu, nv = map[int32]bool{}, map[int32]bool{}
	for _, x := range g.Out(u) {
		nu[x] = true
	}
	for _, x := range g.Out(v) {
		if !nv[x] {
			nv[x] = true
			if nu[x] && x != u && x != v {
				common = append(common, x)
			}
		}
	}
	return nu, nv, common
}

// pairIndexTool makes a link-prediction index tool over an undirected pair.
func pairIndexTool(spec Spec, what string, score func(g *graph.Graph, u, v int32) (float64, error)) Tool {
	spec.AppliesTo = UndirectedOnly
	spec.Family = familyCommon
	return New(spec, func(_ context.Context, g *graph.Graph, p pairNodesParam) (Result, error) {
		u, v, err := nodePair(g, p.U, "u", p.V, "v")
		if err != nil {
			return Result{}, err
		}
		s, err := score(g, u, v)
		if err != nil {
			return Result{}, fmt.Errorf("%s of %s and %s: %w", spec.Name, p.U, p.V, err)
		}
		return Result{Value: s, Text: fmt.Sprintf("The %s of nodes %s and %s is %s.", what, p.U, p.V, formatNumber(s))}, nil
	})
}

func jaccardTool() Tool {
	return pairIndexTool(Spec{
		Name:        "jaccard_coefficient",
		Description: "The Jaccard coefficient of two nodes: their common neighbours over the union of their neighbourhoods (undirected graphs).",
		WhenToUse:   "The question asks for the Jaccard coefficient or Jaccard similarity of two nodes' neighbourhoods.",
		Returns:     "number in [0, 1], as nx.jaccard_coefficient(G, [(u, v)]): |common neighbours| / |N(u) ∪ N(v)| (the common neighbours exclude u and v; a self-loop puts a node in its own neighbourhood); 0 when both have no neighbours. Undirected graphs only.",
		Examples: []string{
			"Calculate the Jaccard coefficient of node 3 and node 13.",
			"What is the Jaccard similarity between vertices 1 and 4?",
		},
		Intents: Intents{Concepts: []string{"jaccard", "jaccard coefficient", "jaccard similarity", "jaccard index"}},
	}, "Jaccard coefficient", func(g *graph.Graph, u, v int32) (float64, error) {
		nu, nv, common := neighbourSets(g, u, v)
		union := len(nu)
		for x := range nv {
			if !nu[x] {
				union++
			}
		}
		if union == 0 {
			return 0, nil
		}
		return float64(len(common)) / float64(union), nil
	})
}

func adamicAdarTool() Tool {
	return pairIndexTool(Spec{
		Name:        "adamic_adar_index",
		Description: "The Adamic–Adar index of two nodes: the sum of 1 / log(degree) over their common neighbours (undirected graphs).",
		WhenToUse:   "The question asks for the Adamic-Adar index (or score) of a pair of nodes.",
		Returns:     "number, as nx.adamic_adar_index(G, [(u, v)]): the sum over common neighbours w (u and v excluded) of 1 / ln(deg w). A common neighbour of degree 1 (possible only when u = v) is an error, as NetworkX's division by zero. Undirected graphs only.",
		Examples: []string{
			"Compute the Adamic-Adar index of nodes 2 and 9.",
			"What is the Adamic Adar score between vertex 0 and vertex 5?",
		},
		Intents: Intents{Concepts: []string{"adamic-adar", "adamic-adar index"}},
	}, "Adamic–Adar index", func(g *graph.Graph, u, v int32) (float64, error) {
		_, _, common := neighbourSets(g, u, v)
		s := 0.0
		for _, w := range common {
			d := g.Degree(w)
			if d <= 1 {
				return 0, fmt.Errorf("common neighbour %s has degree %d, whose log is 0: %w", g.ID(w), d, ErrNotApplicable)
			}
			s += 1 / math.Log(float64(d))
		}
		return s, nil
	})
}

func resourceAllocationTool() Tool {
	return pairIndexTool(Spec{
		Name:        "resource_allocation_index",
		Description: "The resource allocation index of two nodes: the sum of 1 / degree over their common neighbours (undirected graphs).",
		WhenToUse:   "The question asks for the resource allocation index of a pair of nodes.",
		Returns:     "number, as nx.resource_allocation_index(G, [(u, v)]): the sum over common neighbours w (u and v excluded) of 1 / deg w. Undirected graphs only.",
		Examples: []string{
			"What is the resource allocation index of nodes 4 and 7?",
			"Compute the resource allocation score between vertex 1 and vertex 3.",
		},
		Intents: Intents{Concepts: []string{"resource allocation", "resource allocation index"}},
	}, "resource allocation index", func(g *graph.Graph, u, v int32) (float64, error) {
		_, _, common := neighbourSets(g, u, v)
		s := 0.0
		for _, w := range common {
			s += 1 / float64(g.Degree(w))
		}
		return s, nil
	})
}

func preferentialAttachmentTool() Tool {
	return pairIndexTool(Spec{
		Name:        "preferential_attachment",
		Description: "The preferential attachment score of two nodes: the product of their degrees (undirected graphs).",
		WhenToUse:   "The question asks for the preferential attachment score (or index) of a pair of nodes.",
		Returns:     "number, as nx.preferential_attachment(G, [(u, v)]): deg u × deg v (a self-loop counts 2). Undirected graphs only.",
		Examples: []string{
			"What is the preferential attachment score of nodes 2 and 6?",
			"Compute the preferential attachment index between vertex 0 and vertex 8.",
		},
		Intents: Intents{Concepts: []string{"preferential attachment"}},
	}, "preferential attachment score", func(g *graph.Graph, u, v int32) (float64, error) {
		return float64(g.Degree(u) * g.Degree(v)), nil
	})
}
