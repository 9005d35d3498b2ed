package tools

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// ErrNoPath means the target cannot be reached from the source (NetworkX
// raises NetworkXNoPath). It wraps ErrNotApplicable, so errors.Is matches
// either.
var ErrNoPath = fmt.Errorf("no path between the nodes: %w", ErrNotApplicable)

// Families of the tools (Spec.Family).
const (
	familyGTools = "gtools"
	familyCommon = "common"
	familyToolX  = "toolx"
)

// basicTools returns the GTools tasks and the common tasks.
func basicTools() []Tool {
	return []Tool{
		// GTools tasks.
		nodeCountTool(),
		edgeCountTool(),
		nodeExistsTool(),
		edgeExistsTool(),
		degreeTool(),
		cycleCheckTool(),
		topologicalSortTool(),
		pathExistsTool(),
		shortestPathTool(),
		maximumFlowTool(),
		maximumTriangleSumTool(),
		// Common tasks.
		connectedComponentsTool(),
		isConnectedTool(),
		isTreeTool(),
		stronglyConnectedComponentsTool(),
		neighborsTool(),
		nonNeighborsTool(),
		commonNeighborsTool(),
		triangleCountTool(),
		maximumTriangleNodeSumTool(),
		clusteringTool(),
		bfsOrderTool(),
		dfsOrderTool(),
	}
}

// nodeParam is the parameter struct of tools about one node.
type nodeParam struct {
	Node NodeID `json:"node" desc:"the node, by its ID in the graph"`
}

// pairParam is the parameter struct of tools about an ordered pair of nodes.
type pairParam struct {
	Source NodeID `json:"source" desc:"the first node (where an edge or path starts)"`
	Target NodeID `json:"target" desc:"the second node (where an edge or path ends)"`
}

// idsOf converts node indices to their string IDs.
func idsOf(g *graph.Graph, idx []int32) []string {
	out := make([]string, len(idx))
	for k, v := range idx {
		out[k] = g.ID(v)
	}
	return out
}

// listText renders up to max IDs for a sentence, eliding the rest.
func listText(ids []string, max int) string {
	if len(ids) <= max {
		return strings.Join(ids, ", ")
	}
	return strings.Join(ids[:max], ", ") + fmt.Sprintf(", ... (%d more)", len(ids)-max)
}

// listAll is how many items an answer lists when the question asks for
// all of them (an order, a matching, every node's vector): generous, so
// that what was asked is shown, yet bounded for huge graphs.
const listAll = 1000

// plural returns word with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func nodeCountTool() Tool {
	return New(Spec{
		Name:        "node_count",
		Description: "Count the nodes of the graph.",
		WhenToUse:   "The question asks how many nodes (vertices) the graph has.",
		Returns:     "integer: the number of nodes, isolated nodes included.",
		AppliesTo:   AnyGraph,
		Family:      familyGTools,
		// "How many distinct stations does the network have?"
		// ("how many different people does Ann know" is her degree).
		Intents: Intents{Phrases: []string{"how many distinct/different/unique <nodes> does/do the/this/our/my ... have",
			"how many distinct/different/unique <nodes> are there"}},
		Examples: []string{
			"How many nodes does this graph have?",
			"Tell me the number of vertices in the network.",
			"What is the order of the graph, i.e. its vertex count?",
			"Count all the nodes that appear in the edge list.",
			"How big is the graph in terms of nodes?",
		},
	}, func(_ context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		n := g.N()
		return Result{Value: n, Text: fmt.Sprintf("The graph has %d %s.", n, plural(n, "node"))}, nil
	})
}

func edgeCountTool() Tool {
	return New(Spec{
		Name:        "edge_count",
		Description: "Count the edges of the graph.",
		WhenToUse:   "The question asks how many edges (links, arcs, connections) the graph has.",
		Returns:     "integer: the number of distinct edges; an undirected edge and a self-loop count once, duplicates once.",
		AppliesTo:   AnyGraph,
		Family:      familyGTools,
		Examples: []string{
			"How many edges are in this graph?",
			"What is the total number of links between the nodes?",
			"Count the arcs of the directed network.",
			"Give me the size of the graph measured in edges.",
			"How many connections does the network contain?",
		},
	}, func(_ context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		m := g.M()
		return Result{Value: m, Text: fmt.Sprintf("The graph has %d %s.", m, plural(m, "edge"))}, nil
	})
}

func nodeExistsTool() Tool {
	return New(Spec{
		Name:        "node_exists",
		Description: "Check whether a node is in the graph.",
		WhenToUse:   "The question asks whether a given node (vertex) belongs to the graph.",
		Returns:     "boolean: true when the node is in the graph.",
		AppliesTo:   AnyGraph,
		Family:      familyGTools,
		Examples: []string{
			"Is node 12 part of this graph?",
			"Does the vertex labelled 7 exist in the network?",
			"Check if there is a node called 30.",
			"Can node 4 be found among the graph's vertices?",
			"Tell me whether 19 appears as a node.",
		},
	}, func(_ context.Context, g *graph.Graph, p nodeParam) (Result, error) {
		_, ok := g.Index(string(p.Node))
		if ok {
			return Result{Value: true, Text: fmt.Sprintf("Yes, node %s is in the graph.", p.Node)}, nil
		}
		return Result{Value: false, Text: fmt.Sprintf("No, node %s is not in the graph.", p.Node)}, nil
	})
}

func edgeExistsTool() Tool {
	return New(Spec{
		Name:        "edge_exists",
		Intents:     Intents{Phrases: []string{"have/has/did/do X and Y ... directly"}},
		Description: "Check whether an edge joins two nodes (from source to target when directed).",
		WhenToUse:   "The question asks whether two given nodes are directly connected by an edge.",
		Returns:     "boolean: true when the edge exists; false also when a node is absent. Direction matters in directed graphs.",
		AppliesTo:   AnyGraph,
		Family:      familyGTools,
		Examples: []string{
			"Is there an edge between node 3 and node 8?",
			"Does an arc go from 5 to 2 in this directed graph?",
			"Are vertices 1 and 9 directly linked?",
			"Check whether the connection (4, 6) is present.",
			"Is node 10 adjacent to node 0?",
		},
	}, func(_ context.Context, g *graph.Graph, p pairParam) (Result, error) {
		u, ok1 := g.Index(string(p.Source))
		v, ok2 := g.Index(string(p.Target))
		ok := ok1 && ok2 && g.HasEdge(u, v)
		what := fmt.Sprintf("between %s and %s", p.Source, p.Target)
		if g.Directed() {
			what = fmt.Sprintf("from %s to %s", p.Source, p.Target)
		}
		if ok {
			return Result{Value: true, Text: fmt.Sprintf("Yes, there is an edge %s.", what)}, nil
		}
		// "Is node 60637 connected to node 458666?" about a graph without
		// node 60637: no, and the answer says why.
		var absent []string
		if !ok1 {
			absent = append(absent, string(p.Source))
		}
		if !ok2 && p.Target != p.Source {
			absent = append(absent, string(p.Target))
		}
		switch len(absent) {
		case 1:
			return Result{Value: false, Text: fmt.Sprintf("No, there is no edge %s: node %s is not in the graph.", what, absent[0])}, nil
		case 2:
			return Result{Value: false, Text: fmt.Sprintf("No, there is no edge %s: nodes %s and %s are not in the graph.", what, absent[0], absent[1])}, nil
		}
		return Result{Value: false, Text: fmt.Sprintf("No, there is no edge %s.", what)}, nil
	})
}

// degreeParam is the parameter struct of degree.
type degreeParam struct {
	Node      NodeID `json:"node" desc:"the node, by its ID in the graph"`
	Direction string `json:"direction,omitempty" desc:"on directed graphs: in (edges arriving, e.g. followers), out (edges leaving, e.g. whom the node follows) or total (default: in + out, NetworkX's degree)"`
}

func degreeTool() Tool {
	return New(Spec{
		Name: "degree",
		Intents: Intents{
			Concepts: []string{"successor*", "predecessor*", "in-neighbour*", "in-neighbor*", "out-neighbour*", "out-neighbor*"},
			// "how many arrows point into codegen?"
			Phrases: []string{"how many ... meet/meets at X", "how many ... is X directly linked/connected to", "how many <edges> point/points/lead/leads/go/goes/come/comes into X",
				// "How many times is Lee2015 cited?"
				"how many times is/was/has_been X <related>", "how many ... has/have/did X received/got/get/receive*", "how many of the ... can you walk/go/get/travel/sail to directly from X"},
		},
		Description: "The degree of a node: its number of incident edges; on directed graphs its in-degree (incoming edges), out-degree (outgoing edges) or total degree (in plus out, the default).",
		WhenToUse:   "The question asks for the degree, in-degree or out-degree of a node, how many edges touch it, how many edges leave or arrive at it, or how many others it follows or follow it.",
		Returns:     "integer: the degree as NetworkX counts it (G.degree, G.in_degree, G.out_degree); a self-loop adds 2 to the total degree and 1 to the in- and out-degree.",
		AppliesTo:   AnyGraph,
		Family:      familyGTools,
		Examples: []string{
			"What is the degree of node 6?",
			"How many edges are incident to vertex 14?",
			"Count the links attached to node 2, incoming and outgoing.",
			"How many connections does node 11 have?",
			"Give the total degree of vertex 0 in this directed graph.",
			"What is the out-degree of node 4?",
			"How many incoming edges does node 7 have?",
		},
	}, func(_ context.Context, g *graph.Graph, p degreeParam) (Result, error) {
		v, err := p.Node.Index(g, "node")
		if err != nil {
			return Result{}, err
		}
		dir, err := degreeDirection(p.Direction)
		if err != nil {
			return Result{}, err
		}
		d := g.Degree(v)
		switch {
		case !g.Directed() && dir != "total":
			// NetworkX has no in_degree on an undirected graph: its one
			// degree answers both.
			return Result{Value: d, Text: fmt.Sprintf("The graph is undirected, so node %s has no separate %s-degree; its degree is %d.", p.Node, dir, d)}, nil
		case !g.Directed():
			return Result{Value: d, Text: fmt.Sprintf("Node %s has degree %d.", p.Node, d)}, nil
		case dir == "in":
			in := g.InDegree(v)
			return Result{Value: in, Text: fmt.Sprintf("Node %s has in-degree %d (edges arriving at it).", p.Node, in)}, nil
		case dir == "out":
			out := g.OutDegree(v)
			return Result{Value: out, Text: fmt.Sprintf("Node %s has out-degree %d (edges leaving it).", p.Node, out)}, nil
		}
		return Result{Value: d, Text: fmt.Sprintf("Node %s has degree %d (in-degree %d plus out-degree %d).",
			p.Node, d, g.InDegree(v), g.OutDegree(v))}, nil
	})
}

// degreeDirection normalises a degree direction to in, out or total.
func degreeDirection(s string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "total", "all", "both":
		return "total", nil
	case "in", "in-degree", "indegree", "incoming":
		return "in", nil
	case "out", "out-degree", "outdegree", "outgoing":
		return "out", nil
	}
	return "", fmt.Errorf("direction must be in, out or total, got %q: %w", s, ErrBadArgs)
}

func neighborsTool() Tool {
	return New(Spec{
		Name:        "neighbors",
		Intents:     Intents{Concepts: []string{"successor*", "out-neighbour*", "out-neighbor*"}},
		Description: "List the neighbours of a node (its successors when directed).",
		WhenToUse:   "The question asks which nodes a node is connected to, or where its out-edges lead.",
		Returns:     "array of node IDs (strings) in the order their edges were added, as NetworkX's G.neighbors; the node itself when it has a self-loop.",
		AppliesTo:   AnyGraph,
		Family:      familyCommon,
		Examples: []string{
			"Which nodes are adjacent to node 5?",
			"List the vertices directly connected to 12.",
			"Where do the outgoing edges of node 3 point to?",
			"Who are the neighbours of node 8?",
			"Name every node one hop away from 0.",
		},
	}, func(_ context.Context, g *graph.Graph, p nodeParam) (Result, error) {
		v, err := p.Node.Index(g, "node")
		if err != nil {
			return Result{}, err
		}
		ids := idsOf(g, g.Out(v))
		what := "neighbour"
		if g.Directed() {
			what = "successor"
		}
		if len(ids) == 0 {
			return Result{Value: ids, Text: fmt.Sprintf("Node %s has no %ss.", p.Node, what)}, nil
		}
		return Result{Value: ids, Text: fmt.Sprintf("Node %s has %d %s: %s.", p.Node, len(ids), plural(len(ids), what), listText(ids, listAll))}, nil
	})
}

func nonNeighborsTool() Tool {
	return New(Spec{
		Name:        "non_neighbors",
		Intents:     Intents{Phrases: []string{"who hasn't/has_not/haven't X partnered/played/met/sparred/worked/danced/paired/swapped/teamed ... with yet", "who hasn't/has_not/haven't X partnered/played/met/sparred/worked/danced/paired/swapped/teamed with"}},
		Description: "List the nodes that are not neighbours of a node (not successors when directed), the node itself excluded.",
		WhenToUse:   "The question asks which nodes a node is not directly connected to.",
		Returns:     "array of node IDs (strings) in graph insertion order.",
		AppliesTo:   AnyGraph,
		Family:      familyCommon,
		Examples: []string{
			"Which nodes are not adjacent to node 4?",
			"List every vertex that has no edge with 9.",
			"What nodes can node 2 not reach in a single hop?",
			"Name the nodes not directly linked to node 13.",
		},
	}, func(_ context.Context, g *graph.Graph, p nodeParam) (Result, error) {
		v, err := p.Node.Index(g, "node")
		if err != nil {
			return Result{}, err
		}
		mark := make([]bool, g.N())
		mark[v] = true
		for _, u := range g.Out(v) {
			mark[u] = true
		}
		out := []string{}
		for i := range mark {
			if !mark[i] {
				out = append(out, g.ID(int32(i)))
			}
		}
		if len(out) == 0 {
			return Result{Value: out, Text: fmt.Sprintf("Node %s is adjacent to every other node.", p.Node)}, nil
		}
		return Result{Value: out, Text: fmt.Sprintf("Node %s is not adjacent to %d %s: %s.", p.Node, len(out), plural(len(out), "node"), listText(out, listAll))}, nil
	})
}

// commonParam names the two nodes of common_neighbors.
type commonParam struct {
	U NodeID `json:"u" desc:"the first node"`
	V NodeID `json:"v" desc:"the second node"`
}

func commonNeighborsTool() Tool {
	return New(Spec{
		Name:        "common_neighbors",
		Intents:     Intents{Phrases: []string{"who/which/what do/does both X and Y", "who/which/what ... with both X and Y"}},
		Description: "List the nodes adjacent to both of two nodes (undirected graphs).",
		WhenToUse:   "The question asks which neighbours two nodes share, or how many friends they have in common.",
		Returns:     "array of node IDs (strings), the two nodes themselves excluded, in graph insertion order.",
		AppliesTo:   UndirectedOnly,
		Family:      familyCommon,
		Examples: []string{
			"Which neighbours do nodes 3 and 7 share?",
			"How many mutual friends do 1 and 5 have?",
			"Find the vertices linked to both 2 and 10.",
			"List the common neighbours of node 0 and node 4.",
		},
	}, func(_ context.Context, g *graph.Graph, p commonParam) (Result, error) {
		u, v, err := nodePair(g, p.U, "u", p.V, "v")
		if err != nil {
			return Result{}, err
		}
		mark := make([]bool, g.N())
		for _, x := range g.Out(u) {
			mark[x] = true
		}
		mark[u], mark[v] = false, false
		var idx []int32
		for _, x := range g.Out(v) {
			if mark[x] {
				idx = append(idx, x)
			}
		}
		slices.Sort(idx)
		ids := idsOf(g, idx)
		if len(ids) == 0 {
			return Result{Value: ids, Text: fmt.Sprintf("Nodes %s and %s have no common neighbours.", p.U, p.V)}, nil
		}
		return Result{Value: ids, Text: fmt.Sprintf("Nodes %s and %s have %d common %s: %s.", p.U, p.V, len(ids), plural(len(ids), "neighbour"), listText(ids, 50))}, nil
	})
}
