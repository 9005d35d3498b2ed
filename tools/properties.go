package tools

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// propertyTools returns centralities and Graph-ToolFormer's toolx properties.
func propertyTools() []Tool {
	return []Tool{
		pagerankTool(),
		betweennessTool(),
		closenessTool(),
		orderTool(),
		sizeTool(),
		densityTool(),
		eccentricityTool(),
		radiusTool(),
		diameterTool(),
		centerTool(),
		peripheryTool(),
		shortestPathLengthTool(),
		avgPathLengthTool(),
		minPathLengthTool(),
		maxPathLengthTool(),
	}
}

// NodeParams is the parameter struct of tools that answer for every node or,
// when Node is given, for that node only.
type NodeParams struct {
	Node *NodeID `json:"node,omitempty" desc:"only this node; all nodes when omitted"`
}

// PagerankParams are the parameters of the pagerank tool.
type PagerankParams struct {
	Alpha *float64 `json:"alpha,omitempty" desc:"damping factor between 0 and 1, default 0.85"`
	Node  *NodeID  `json:"node,omitempty" desc:"only this node; all nodes when omitted"`
}

// WeightedParams are the parameters of the path-length tools that can use
// edge weights.
type WeightedParams struct {
	Weighted bool `json:"weighted,omitempty" desc:"sum edge weights instead of counting hops (default false, as NetworkX)"`
}

// PathLengthParams are the parameters of shortest_path_length.
type PathLengthParams struct {
	Source   NodeID `json:"source" desc:"the node the path starts at"`
	Target   NodeID `json:"target" desc:"the node the path ends at"`
	Weighted bool   `json:"weighted,omitempty" desc:"sum edge weights instead of counting hops (default false, as NetworkX)"`
}

// SizeParams are the parameters of the size tool.
type SizeParams struct {
	Weighted bool `json:"weighted,omitempty" desc:"sum the edge weights instead of counting edges (default false)"`
}

// optionalNode resolves an optional node parameter: -1 when absent.
func optionalNode(g *graph.Graph, n *NodeID, param string) (int32, error) {
	if n == nil {
		return -1, nil
	}
	return n.Index(g, param)
}

// scoreMap turns per-index scores into a node ID -> score map.
func scoreMap[T any](g *graph.Graph, vals []T) map[string]T {
	m := make(map[string]T, len(vals))
	for i, v := range vals {
		m[g.ID(int32(i))] = v
	}
	return m
}

// topScores names the k highest-scoring nodes, ties broken by node order,
// as "a (0.3), b (0.2)".
func topScores(g *graph.Graph, vals []float64, k int) string {
	idx := make([]int32, len(vals))
	for i := range idx {
		idx[i] = int32(i)
	}
	sort.SliceStable(idx, func(a, b int) bool { return vals[idx[a]] > vals[idx[b]] })
	if k > len(idx) {
		k = len(idx)
	}
	parts := make([]string, k)
	for i := 0; i < k; i++ {
		parts[i] = fmt.Sprintf("%s (%s)", g.ID(idx[i]), formatNumber(vals[idx[i]]))
	}
	return strings.Join(parts, ", ")
}

// scoresResult builds the result of a per-node score tool: the score of one
// node when node >= 0, else the map of all scores with the leaders named.
func scoresResult(g *graph.Graph, what string, vals []float64, node int32) Result {
	if node >= 0 {
		return Result{Value: vals[node], Text: fmt.Sprintf("The %s of node %s is %s.", what, g.ID(node), formatNumber(vals[node]))}
	}
	if len(vals) == 0 {
		return Result{Value: map[string]float64{}, Text: fmt.Sprintf("The graph has no nodes, so there is no %s to report.", what)}
	}
	return Result{
		Value: scoreMap(g, vals),
		Text:  fmt.Sprintf("Computed the %s of all %d nodes; the highest are %s.", what, len(vals), topScores(g, vals, 5)),
	}
}

func pagerankTool() Tool {
	return New(Spec{
		Name:        "pagerank",
		Intents:     Intents{Concepts: []string{"pagerank", "page rank"}},
		Description: "PageRank score of every node, or of one node, by power iteration as NetworkX computes it.",
		WhenToUse:   "Questions about the importance, influence or ranking of nodes by the random-surfer model (PageRank), optionally with a damping factor or for one node.",
		Returns:     "a map from node ID to score (scores sum to 1), or one number when a node is given",
		AppliesTo:   WeightedPrefers,
		Family:      familyCommon,
		Examples: []string{
			"What is the PageRank of every node in this graph?",
			"Rank the pages by PageRank with damping 0.9.",
			"How important is node 4 according to PageRank?",
			"Which node has the highest page rank score in the citation network?",
			"Compute the random-walk importance of node 12 with alpha 0.5.",
		},
	}, func(ctx context.Context, g *graph.Graph, p PagerankParams) (Result, error) {
		alpha := 0.85
		if p.Alpha != nil {
			alpha = *p.Alpha
			if !(alpha >= 0 && alpha <= 1) {
				return Result{}, fmt.Errorf("pagerank: alpha must be between 0 and 1, got %v: %w", alpha, ErrBadArgs)
			}
		}
		node, err := optionalNode(g, p.Node, "node")
		if err != nil {
			return Result{}, err
		}
		pr, err := pagerankScores(ctx, g, alpha)
		if err != nil {
			return Result{}, err
		}
		return scoresResult(g, "PageRank (alpha "+formatNumber(alpha)+")", pr, node), nil
	})
}

func betweennessTool() Tool {
	return New(Spec{
		Name:        "betweenness_centrality",
		Intents:     Intents{Concepts: []string{"betweenness"}},
		Description: "Normalised betweenness centrality of every node, or of one node: the share of shortest paths between other nodes that pass through it.",
		WhenToUse:   "Questions about which nodes act as bridges, brokers or bottlenecks, or lie on many shortest paths; hop counts are used, edge weights are ignored as in NetworkX's default.",
		Returns:     "a map from node ID to betweenness in [0, 1], or one number when a node is given",
		Family:      familyCommon,
		Examples: []string{
			"What is the betweenness centrality of each node?",
			"Which node lies on the most shortest paths between other nodes?",
			"How much of a broker is node 7 in this network?",
			"Find the betweenness of node B.",
			"Which vertices are the biggest bottlenecks for traffic between the others?",
		},
	}, func(ctx context.Context, g *graph.Graph, p NodeParams) (Result, error) {
		node, err := optionalNode(g, p.Node, "node")
		if err != nil {
			return Result{}, err
		}
		bc, err := betweennessScores(ctx, g)
		if err != nil {
			return Result{}, err
		}
		return scoresResult(g, "betweenness centrality", bc, node), nil
	})
}

func closenessTool() Tool {
	return New(Spec{
		Name:        "closeness_centrality",
		Intents:     Intents{Concepts: []string{"closeness"}},
		Description: "Closeness centrality of every node, or of one node: how near it is to the nodes it can reach (Wasserman-Faust scaled for disconnected graphs).",
		WhenToUse:   "Questions about how central, close or quickly reachable a node is on average; distances are hop counts and, on directed graphs, measured towards the node (incoming), as NetworkX does.",
		Returns:     "a map from node ID to closeness in [0, 1], or one number when a node is given",
		Family:      familyCommon,
		Examples: []string{
			"What is the closeness centrality of every node?",
			"How close is node 3 to all the other nodes on average?",
			"Which node can be reached most quickly from everywhere else?",
			"Give me the closeness of vertex 10.",
		},
	}, func(ctx context.Context, g *graph.Graph, p NodeParams) (Result, error) {
		node, err := optionalNode(g, p.Node, "node")
		if err != nil {
			return Result{}, err
		}
		if node >= 0 {
			dist, queue := newBFSBuffers(g.N())
			c := closenessFrom(g, node, dist, queue)
			return Result{Value: c, Text: fmt.Sprintf("The closeness centrality of node %s is %s.", g.ID(node), formatNumber(c))}, nil
		}
		cc, err := closenessScores(ctx, g)
		if err != nil {
			return Result{}, err
		}
		return scoresResult(g, "closeness centrality", cc, -1), nil
	})
}

func orderTool() Tool {
	return New(Spec{
		Name:        "order",
		Description: "The order of the graph: its number of nodes (Graph-ToolFormer toolx:order).",
		WhenToUse:   "Questions about how many nodes or vertices the graph has, phrased as its order.",
		Returns:     "an integer",
		Family:      familyToolX,
		Examples: []string{
			"What is the order of this graph?",
			"How many vertices does the lollipop graph contain?",
			"Count the nodes of the network.",
			"There exist [TBR] nodes in the graph.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		return Result{Value: g.N(), Text: fmt.Sprintf("The graph has order %d: it has %d nodes.", g.N(), g.N())}, nil
	})
}

func sizeTool() Tool {
	return New(Spec{
		Name:        "size",
		Description: "The size of the graph: its number of edges, or the total edge weight when asked (Graph-ToolFormer toolx:size).",
		WhenToUse:   "Questions about how many edges or links the graph has, phrased as its size, or about the sum of all edge weights.",
		Returns:     "an integer (a number when weighted)",
		Family:      familyToolX,
		Examples: []string{
			"What is the size of this graph?",
			"How many links connect the nodes of the star graph?",
			"Via how many edges are the nodes connected?",
			"What is the total weight of all edges?",
		},
	}, func(ctx context.Context, g *graph.Graph, p SizeParams) (Result, error) {
		if p.Weighted {
			total := 0.0
			for e := int32(0); int(e) < g.M(); e++ {
				total += g.Weight(e)
			}
			return Result{Value: total, Text: fmt.Sprintf("The %d edges of the graph weigh %s in total.", g.M(), formatNumber(total))}, nil
		}
		return Result{Value: g.M(), Text: fmt.Sprintf("The graph has size %d: it has %d edges.", g.M(), g.M())}, nil
	})
}

func densityTool() Tool {
	return New(Spec{
		Name:        "density",
		Description: "Density of the graph: edges present divided by edges possible, m/(n(n-1)) directed and 2m/(n(n-1)) undirected.",
		WhenToUse:   "Questions about how dense or sparse the graph is, or what fraction of possible edges exist.",
		Returns:     "a number (0 for graphs with no edges or fewer than two nodes; self-loops count as edges, so it can exceed 1)",
		Family:      familyToolX,
		Intents: Intents{
			Concepts: []string{"density", "dense"},
			// "what fraction of all possible pairings has been played"
			Phrases: []string{"fraction/share/proportion/percentage of ... possible"},
		},
		Examples: []string{
			"What is the density of this graph?",
			"How dense is the dodecahedral graph?",
			"What fraction of all possible edges are present?",
			"Is this network sparse? Give its density.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		n, m := float64(g.N()), float64(g.M())
		d := 0.0
		if m > 0 && n > 1 {
			d = m / (n * (n - 1))
			if !g.Directed() {
				d *= 2
			}
		}
		return Result{Value: d, Text: fmt.Sprintf("The density of the graph is %s.", formatNumber(d))}, nil
	})
}

func eccentricityTool() Tool {
	return New(Spec{
		Name:        "eccentricity",
		Intents:     Intents{Concepts: []string{"eccentricit*"}},
		Description: "Eccentricity of every node, or of one node: the largest hop distance from it to any other node.",
		WhenToUse:   "Questions about how far the farthest node is from a node, for all nodes or one; fails on disconnected graphs (and digraphs that are not strongly connected) as NetworkX does.",
		Returns:     "a map from node ID to an integer, or one integer when a node is given",
		Family:      familyToolX,
		Examples: []string{
			"What is the eccentricity of each node in the lollipop graph?",
			"What is the eccentricity of node 25?",
			"How far is the most distant node from vertex 4?",
			"List the eccentricities of all vertices.",
		},
	}, func(ctx context.Context, g *graph.Graph, p NodeParams) (Result, error) {
		node, err := optionalNode(g, p.Node, "node")
		if err != nil {
			return Result{}, err
		}
		if node >= 0 {
			e, err := nodeEccentricity(g, node)
			if err != nil {
				return Result{}, err
			}
			return Result{Value: e, Text: fmt.Sprintf("The eccentricity of node %s is %d.", g.ID(node), e)}, nil
		}
		ecc, err := eccentricities(ctx, g)
		if err != nil {
			return Result{}, err
		}
		m := make(map[string]int, len(ecc))
		for i, e := range ecc {
			m[g.ID(int32(i))] = int(e)
		}
		if len(ecc) == 0 {
			return Result{Value: m, Text: "The graph has no nodes, so no eccentricities."}, nil
		}
		lo, hi := slices.Min(ecc), slices.Max(ecc)
		return Result{Value: m, Text: fmt.Sprintf("Computed the eccentricity of all %d nodes; they range from %d to %d.", len(ecc), lo, hi)}, nil
	})
}

func radiusTool() Tool {
	return New(Spec{
		Name:        "radius",
		Intents:     Intents{Concepts: []string{"minimum eccentricity", "smallest eccentricity", "min eccentricity", "least eccentricity"}},
		Description: "Radius of the graph: the smallest eccentricity of any node (hop counts).",
		WhenToUse:   "Questions about the graph's radius, or the smallest possible worst-case distance from one node to all others; fails on disconnected graphs as NetworkX does.",
		Returns:     "an integer",
		Family:      familyToolX,
		Examples: []string{
			"What is the radius of the lollipop graph?",
			"Find the minimum eccentricity over all nodes.",
			"How many hops does the best-placed node need to reach everyone?",
			"Compute the graph radius.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		r, _, err := eccentricityExtreme(ctx, g, goalRadius)
		if err != nil {
			return Result{}, err
		}
		return Result{Value: int(r), Text: fmt.Sprintf("The radius of the graph is %d.", r)}, nil
	})
}

func diameterTool() Tool {
	return New(Spec{
		Name:        "diameter",
		Intents:     Intents{Phrases: []string{"largest/most/greatest/highest/maximum/max number_of ... between any two", "most ... ever ... between two"}, Concepts: []string{"diameter", "maximum eccentricity", "largest eccentricity", "greatest eccentricity", "max eccentricity"}},
		Description: "Diameter of the graph: the largest eccentricity, i.e. the longest shortest path in hops.",
		WhenToUse:   "Questions about the graph's diameter or the greatest distance between any two nodes; fails on disconnected graphs (and digraphs not strongly connected) as NetworkX does.",
		Returns:     "an integer",
		Family:      familyToolX,
		Examples: []string{
			"What is the diameter of this graph?",
			"What is the longest shortest path in the binomial tree?",
			"How many hops apart are the two most distant nodes?",
			"Give me the maximum eccentricity of the network.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		d, _, err := eccentricityExtreme(ctx, g, goalDiameter)
		if err != nil {
			return Result{}, err
		}
		return Result{Value: int(d), Text: fmt.Sprintf("The diameter of the graph is %d.", d)}, nil
	})
}

func centerTool() Tool {
	return New(Spec{
		Name:        "center",
		Intents:     Intents{Phrases: []string{"which/who ... smallest/lowest/least/shortest worst-case/worst_case/maximum/max/longest ... to everyone/everybody/all/every/any", "which/who ... most central ... fewest/least/smallest ... furthest/farthest"}, Concepts: []string{"minimum eccentricity", "smallest eccentricity", "min eccentricity", "least eccentricity"}},
		Description: "Center of the graph: the nodes whose eccentricity equals the radius.",
		WhenToUse:   "Questions about which nodes are central in the sense of minimising the distance to the farthest node; fails on disconnected graphs as NetworkX does.",
		Returns:     "a list of node IDs in node order",
		Family:      familyToolX,
		Examples: []string{
			"Which nodes form the center of the star graph?",
			"The path graph has a center at nodes [TBR].",
			"Which vertices have the smallest eccentricity?",
			"Find the central nodes of this network.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		r, nodes, err := eccentricityExtreme(ctx, g, goalCenter)
		if err != nil {
			return Result{}, err
		}
		ids := idsOf(g, nodes)
		return Result{Value: ids, Text: fmt.Sprintf("The center of the graph (eccentricity %d) is node(s) %s.", r, listText(ids, 20))}, nil
	})
}

func peripheryTool() Tool {
	return New(Spec{
		Name:        "periphery",
		Intents:     Intents{Concepts: []string{"periphery", "peripheral", "maximum eccentricity", "largest eccentricity", "greatest eccentricity", "max eccentricity"}},
		Description: "Periphery of the graph: the nodes whose eccentricity equals the diameter.",
		WhenToUse:   "Questions about the outermost nodes, those farthest from the rest of the graph; fails on disconnected graphs as NetworkX does.",
		Returns:     "a list of node IDs in node order",
		Family:      familyToolX,
		Examples: []string{
			"What is the periphery of the house x graph?",
			"Which nodes have the largest eccentricity?",
			"Find the outermost vertices of this graph.",
			"Which nodes sit at the ends of the longest shortest paths?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		d, nodes, err := eccentricityExtreme(ctx, g, goalPeriphery)
		if err != nil {
			return Result{}, err
		}
		ids := idsOf(g, nodes)
		return Result{Value: ids, Text: fmt.Sprintf("The periphery of the graph (eccentricity %d) is node(s) %s.", d, listText(ids, 20))}, nil
	})
}

func shortestPathLengthTool() Tool {
	return New(Spec{
		Name:        "shortest_path_length",
		Description: "Length of a shortest path from a source node to a target node, in hops by default or in total edge weight.",
		WhenToUse:   "Questions about the distance between two nodes (Graph-ToolFormer toolx:shortest_path counts hops like nx.shortest_path_length); set weighted for the minimum total weight; fails when no path exists.",
		Returns:     "an integer number of edges (a number when weighted)",
		AppliesTo:   WeightedPrefers,
		Family:      familyToolX,
		Examples: []string{
			"What is the length of the shortest path between node 1 and node 5?",
			"How many hops separate vertex A from vertex F?",
			"In the octahedral graph, how far is node 5 from node 0?",
			"What is the minimum total weight of a route from 2 to 9?",
		},
		// "the fewest number of corridors a player has to walk through to
		// get from the Entrance to the Treasure Vault": a count of edges on
		// the way from one node to another.
		Intents: Intents{Phrases: []string{"how many ... steps/hops/jumps/moves/stops/legs/changes/transfers/handoffs/handovers ... from X ... to Y", "fewest/least ... from X ... to Y", "how many ... minimum/min/at_least ... from X ... to Y",
			"fewest/least/minimum/smallest number_of ... to_get/to_go/to_travel/to_reach/to_move from",
			// "the smallest number of lifts to get there", "the fewest
			// handovers between A and B"
			"fewest/least/minimum/smallest number_of ... to_get/to_go/to_reach there",
			"fewest/least ... between X and Y",
			"least/shortest/minimum/quickest walking/travel/travelling/driving/cruising/riding time/distance from/between",
			"minimum/least/fewest ... to get from X to Y"}},
	}, func(ctx context.Context, g *graph.Graph, p PathLengthParams) (Result, error) {
		s, t, err := nodePair(g, p.Source, "source", p.Target, "target")
		if err != nil {
			return Result{}, err
		}
		noPath := fmt.Errorf("no path from node %s to node %s: %w", g.ID(s), g.ID(t), ErrNoPath)
		if p.Weighted && g.Weighted() {
			d, err := pointDijkstra(ctx, g, s, t)
			if err != nil {
				return Result{}, err
			}
			if !d.Reached(t) {
				return Result{}, noPath
			}
			l := d.Dist[t]
			return Result{Value: l, Text: fmt.Sprintf("The shortest path from %s to %s has total weight %s: %s.",
				nodeRef(g.ID(s)), nodeRef(g.ID(t)), formatNumber(l), pathText(g, d.Path(t)))}, nil
		}
		path, err := bidiBFS(ctx, g, s, t)
		if err != nil {
			return Result{}, err
		}
		if path == nil {
			return Result{}, noPath
		}
		return Result{Value: len(path) - 1, Text: fmt.Sprintf("The shortest path from %s to %s has length %d: %s.",
			nodeRef(g.ID(s)), nodeRef(g.ID(t)), len(path)-1, pathText(g, path))}, nil
	})
}

func avgPathLengthTool() Tool {
	return New(Spec{
		Name:        "avg_path_length",
		Description: "Average shortest-path length over all ordered pairs of distinct nodes (nx.average_shortest_path_length).",
		WhenToUse:   "Questions about the average distance or typical separation between nodes; hop counts unless weighted is set; fails on disconnected graphs (or digraphs not strongly connected) and on the empty graph, as NetworkX does.",
		Returns:     "a number",
		AppliesTo:   WeightedPrefers,
		Family:      familyToolX,
		Examples: []string{
			"What is the average shortest path length of this graph?",
			"On average, how many hops apart are two nodes of the lollipop graph?",
			"Compute the mean distance between all pairs of vertices.",
			"What is the typical separation between members of this network, using edge weights?",
		},
	}, func(ctx context.Context, g *graph.Graph, p WeightedParams) (Result, error) {
		n := g.N()
		if n == 0 {
			return Result{}, fmt.Errorf("the null graph has no paths: %w", ErrNotApplicable)
		}
		if n == 1 {
			return Result{Value: 0.0, Text: "The graph has a single node, so the average shortest path length is 0."}, nil
		}
		if err := requireConnected(g); err != nil {
			return Result{}, err
		}
		t, err := allPairsTotals(ctx, g, p.Weighted)
		if err != nil {
			return Result{}, err
		}
		avg := t.Sum / (float64(n) * float64(n-1))
		return Result{Value: avg, Text: fmt.Sprintf("The average shortest path length is %s.", formatNumber(avg))}, nil
	})
}

func minPathLengthTool() Tool {
	return New(Spec{
		Name:        "min_path_length",
		Description: "Smallest shortest-path length between two distinct nodes where one can reach the other (Graph-ToolFormer toolx:min_path_length).",
		WhenToUse:   "Questions about the shortest of all shortest paths, or the closest pair of distinct nodes; hop counts unless weighted is set; unreachable pairs are skipped.",
		Returns:     "an integer (a number when weighted)",
		AppliesTo:   WeightedPrefers,
		Family:      familyToolX,
		Examples: []string{
			"What is the minimum shortest path length in this graph?",
			"What is the smallest distance between any two different nodes?",
			"How close are the two nearest distinct vertices, counting edge weights?",
			"Give the shortest of all the pairwise shortest paths.",
		},
	}, func(ctx context.Context, g *graph.Graph, p WeightedParams) (Result, error) {
		l, ok, err := minPathLength(g, p.Weighted)
		if err != nil {
			return Result{}, err
		}
		if !ok {
			return Result{}, fmt.Errorf("no two distinct nodes are joined by a path: %w", ErrNotApplicable)
		}
		return pathLengthResult(g, p.Weighted, "smallest", l), nil
	})
}

func maxPathLengthTool() Tool {
	return New(Spec{
		Name:        "max_path_length",
		Description: "Largest shortest-path length between two distinct nodes where one can reach the other (Graph-ToolFormer toolx:max_path_length).",
		WhenToUse:   "Questions about the longest of all shortest paths; unlike the diameter it skips unreachable pairs, so it also answers on disconnected graphs; hop counts unless weighted is set.",
		Returns:     "an integer (a number when weighted)",
		AppliesTo:   WeightedPrefers,
		Family:      familyToolX,
		Examples: []string{
			"What is the maximum shortest path length in this graph?",
			"Among all pairs of connected nodes, how far apart are the most distant ones?",
			"What is the largest distance between two reachable vertices, using the weights?",
			"Give the longest of the shortest paths between nodes.",
		},
	}, func(ctx context.Context, g *graph.Graph, p WeightedParams) (Result, error) {
		t, err := allPairsTotals(ctx, g, p.Weighted)
		if err != nil {
			return Result{}, err
		}
		if t.Pairs == 0 {
			return Result{}, fmt.Errorf("no two distinct nodes are joined by a path: %w", ErrNotApplicable)
		}
		return pathLengthResult(g, p.Weighted, "largest", t.Max), nil
	})
}

// pathLengthResult reports a path length as an integer hop count, or as a
// number when weights were used.
func pathLengthResult(g *graph.Graph, weighted bool, which string, l float64) Result {
	if weighted && g.Weighted() {
		return Result{Value: l, Text: fmt.Sprintf("The %s weighted shortest path length between two distinct nodes is %s.", which, formatNumber(l))}
	}
	return Result{Value: int(l), Text: fmt.Sprintf("The %s shortest path length between two distinct nodes is %d.", which, int(l))}
}
