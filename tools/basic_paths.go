package tools

import (
	"context"
	"fmt"

	"github.com/graphagent/graphagent/tools/graph"
)

// ShortestPath is the value of the shortest_path tool.
type ShortestPath struct {
	// Length is the total weight of the path (its number of edges when the
	// graph is unweighted).
	Length float64 `json:"length"`
	// Path lists the node IDs from source to target, both included.
	Path []string `json:"path"`
}

// sourceParam is the parameter struct of traversals.
type sourceParam struct {
	Source NodeID `json:"source" desc:"the node the traversal starts from"`
}

func pathExistsTool() Tool {
	return New(Spec{
		Name:        "path_exists",
		Description: "Check whether a path leads from one node to another (following edge directions when directed).",
		WhenToUse:   "The question asks whether a node can be reached from another, or whether two nodes are connected by some path.",
		Returns:     "boolean: true when target is reachable from source (a node reaches itself).",
		AppliesTo:   AnyGraph,
		Family:      familyGTools,
		Intents: Intents{
			// "Can you follow citations from Okafor2022 back to Kumar2017?",
			// "Is Manuel Alves an ancestor of Lara Costa?"
			// "If I start at Combe Sud, can I get to Les Arcelles at all?",
			// "is there an unbroken chain from Toxicology to the Store?"
			Phrases: []string{"even through/via", "can/could you/i/we follow ... from X ... to Y", "is ... a/an ancestor of",
				"can/could i/we/you/they/one get/go/travel/make_it ... to X ... at_all",
				"start/starting at/from X ... can/could i/we/you/they/one get/go/reach/travel",
				"is/are there a/an/any unbroken/continuous/connected chain/route/way from X ... to Y",
				// "even if it went through other people in between"
				"through/via other/others ... in_between", "is X descended/derived/bred/raised from Y", "is X in the ancestry/lineage of Y", "can ... get/go from X back/up/down to Y"},
		},
		Examples: []string{
			"Can I get from node 2 to node 9 by following edges?",
			"Is vertex 15 reachable starting at vertex 0?",
			"Does any route connect 4 and 11?",
			"Is there a directed path from 7 to 3?",
			"Are nodes 1 and 20 in touch through some chain of links?",
		},
	}, func(ctx context.Context, g *graph.Graph, p pairParam) (Result, error) {
		s, t, err := nodePair(g, p.Source, "source", p.Target, "target")
		if err != nil {
			return Result{}, err
		}
		ok, err := reachable(ctx, g, s, t)
		if err != nil {
			return Result{}, err
		}
		if ok {
			return Result{Value: true, Text: fmt.Sprintf("Yes, there is a path from %s to %s.", p.Source, p.Target)}, nil
		}
		return Result{Value: false, Text: fmt.Sprintf("No, there is no path from %s to %s.", p.Source, p.Target)}, nil
	})
}

// reachable reports whether t can be reached from s (bidiBFS).
func reachable(ctx context.Context, g *graph.Graph, s, t int32) (bool, error) {
	p, err := bidiBFS(ctx, g, s, t)
	return p != nil, err
}

func shortestPathTool() Tool {
	return New(Spec{
		Name:        "shortest_path",
		Description: "Find a shortest path between two nodes and its length, using edge weights when the graph has them (Dijkstra).",
		WhenToUse:   "The question asks for the minimum distance, the cheapest or shortest route, or the shortest path between two nodes.",
		Returns:     `object {"length": number (total edge weight; number of edges when unweighted), "path": array of node IDs from source to target}. Any path of minimal length is correct; this one is the path NetworkX's dijkstra_path returns. Negative weights and unreachable targets are errors.`,
		AppliesTo:   WeightedPrefers,
		Family:      familyGTools,
		Examples: []string{
			"What is the minimum distance between node 3 and node 17?",
			"Find the cheapest route from 0 to 9 given the edge weights.",
			"How long is the shortest path from vertex 5 to vertex 12?",
			"Which nodes does the shortest path from 2 to 8 pass through?",
			"Compute the smallest total weight needed to travel from 1 to 6.",
		},
		// "the lowest-latency path from R1 to R8", "the least-cost route":
		// a superlative of the edges' measure before the path.
		Intents: Intents{Phrases: []string{
			"lowest/least/minimum/smallest/min ... path/route from",
			"route/path/way from X to Y with the fewest/least/minimum/smallest"}},
	}, func(ctx context.Context, g *graph.Graph, p pairParam) (Result, error) {
		s, t, err := nodePair(g, p.Source, "source", p.Target, "target")
		if err != nil {
			return Result{}, err
		}
		sp, length, err := shortestPath(ctx, g, s, t)
		if err != nil {
			return Result{}, err
		}
		ids := idsOf(g, sp)
		v := ShortestPath{Length: length, Path: ids}
		if g.Weighted() {
			// "length 3" for a two-edge path would read as a hop count.
			return Result{Value: v, Text: fmt.Sprintf("The shortest path from %s to %s has total weight %s over %d %s: %s.",
				p.Source, p.Target, formatNumber(length), len(ids)-1, plural(len(ids)-1, "edge"), listText(ids, 50))}, nil
		}
		return Result{Value: v, Text: fmt.Sprintf("The shortest path from %s to %s has length %s: %s.",
			p.Source, p.Target, formatNumber(length), listText(ids, 50))}, nil
	})
}

// shortestPath returns one shortest path from s to t as node indices: by
// Dijkstra on weighted graphs, by breadth-first search otherwise; either way
// the path NetworkX's dijkstra_path returns, found by the point-to-point
// searches of paths_point.go. An unreachable t is an error wrapping
// ErrNoPath. The second result is the path's length (total weight, or
// number of edges when unweighted).
func shortestPath(ctx context.Context, g *graph.Graph, s, t int32) ([]int32, float64, error) {
	if g.Weighted() {
		d, err := pointDijkstra(ctx, g, s, t)
		if err != nil {
			return nil, 0, err
		}
		if p := d.Path(t); p != nil {
			return p, d.Dist[t], nil
		}
	} else {
		p, err := pointBFS(ctx, g, s, t)
		if err != nil {
			return nil, 0, err
		}
		if p != nil {
			return p, float64(len(p) - 1), nil
		}
	}
	return nil, 0, fmt.Errorf("node %s is not reachable from %s: %w", g.ID(t), g.ID(s), ErrNoPath)
}

func bfsOrderTool() Tool {
	t := New(Spec{
		Name:        "bfs_order",
		Description: "Visit the graph breadth-first from a node and list the nodes in visiting order.",
		WhenToUse:   "The question asks for a breadth-first search (BFS) traversal, or the nodes level by level from a start node.",
		Returns:     "array of node IDs (strings): the reachable nodes in the order of NetworkX's bfs_tree / bfs_edges, start node first, neighbours in insertion order; successors only when directed.",
		AppliesTo:   AnyGraph,
		Family:      familyCommon,
		Examples: []string{
			"Run a BFS from node 0 and give the visiting order.",
			"In which order does breadth-first search starting at 4 discover the vertices?",
			"Traverse the graph level by level from vertex 2.",
			"List the nodes reached by a breadth first traversal beginning with node 7.",
		},
	}, func(_ context.Context, g *graph.Graph, p sourceParam) (Result, error) {
		s, err := p.Source.Index(g, "source")
		if err != nil {
			return Result{}, err
		}
		dist, queue := newBFSBuffers(g.N())
		order := idsOf(g, bfsDistances(g, s, false, dist, queue))
		return Result{Value: order, Text: fmt.Sprintf("Breadth-first search from %s visits %d %s in this order: %s.",
			p.Source, len(order), plural(len(order), "node"), listText(order, 50))}, nil
	})
	return checkedOrderTool{Tool: t, check: checkBFSOrder(t.Spec()), name: "a breadth-first order"}
}

func dfsOrderTool() Tool {
	t := New(Spec{
		Name:        "dfs_order",
		Description: "Visit the graph depth-first from a node and list the nodes in preorder.",
		WhenToUse:   "The question asks for a depth-first search (DFS) traversal or the DFS preorder from a start node.",
		Returns:     "array of node IDs (strings): the reachable nodes in the order of NetworkX's dfs_preorder_nodes, start node first, neighbours tried in insertion order; successors only when directed.",
		AppliesTo:   AnyGraph,
		Family:      familyCommon,
		Examples: []string{
			"Perform a depth-first search from node 1 and list the visited nodes.",
			"What is the DFS preorder of the graph starting at vertex 6?",
			"Explore the graph as deep as possible first, beginning at 3; in what order are nodes seen?",
			"Give the depth first traversal sequence from node 0.",
		},
	}, func(ctx context.Context, g *graph.Graph, p sourceParam) (Result, error) {
		s, err := p.Source.Index(g, "source")
		if err != nil {
			return Result{}, err
		}
		idx, err := dfsPreorder(ctx, g, s)
		if err != nil {
			return Result{}, err
		}
		order := idsOf(g, idx)
		return Result{Value: order, Text: fmt.Sprintf("Depth-first search from %s visits %d %s in this order: %s.",
			p.Source, len(order), plural(len(order), "node"), listText(order, 50))}, nil
	})
	return checkedOrderTool{Tool: t, check: checkDFSOrder(t.Spec()), name: "a depth-first order"}
}

// dfsPreorder returns the nodes reachable from s in depth-first preorder,
// iteratively (no recursion), trying neighbours in insertion order exactly as
// NetworkX's dfs_preorder_nodes does.
func dfsPreorder(ctx context.Context, g *graph.Graph, s int32) ([]int32, error) {
	seen := make([]bool, g.N())
	// Stack of nodes with the position of the next neighbour to try.
	stack := []int32{s}
	next := []int{0}
	order := []int32{s}
	seen[s] = true
	steps := 0
	for len(stack) > 0 {
		if steps++; steps%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		top := len(stack) - 1
		v := stack[top]
		nbrs := g.Out(v)
		k := next[top]
		for k < len(nbrs) && seen[nbrs[k]] {
			k++
		}
		if k == len(nbrs) {
			stack = stack[:top]
			next = next[:top]
			continue
		}
		next[top] = k + 1
		u := nbrs[k]
		seen[u] = true
		order = append(order, u)
		stack = append(stack, u)
		next = append(next, 0)
	}
	return order, nil
}
