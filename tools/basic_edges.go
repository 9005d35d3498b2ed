package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// listingTools are the tools that list the graph's own parts.
func listingTools() []Tool { return []Tool{edgeListTool(), nodeListTool()} }

// EdgeTriplet is one edge with its weight, written as the JSON array
// [u, v, weight].
type EdgeTriplet struct {
	U, V   string
	Weight float64
}

// MarshalJSON writes the triplet as [u, v, weight].
func (t EdgeTriplet) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{t.U, t.V, t.Weight})
}

// EdgeListResult is the value of edge_list.
type EdgeListResult struct {
	// Count is the number of edges.
	Count int `json:"count"`
	// Weighted is false when the graph has no weights (each weight is
	// then 1, NetworkX's default).
	Weighted bool `json:"weighted"`
	// Triplets are the edges as [u, v, weight], in NetworkX's G.edges
	// order.
	Triplets []EdgeTriplet `json:"triplets"`
}

// edgeListTool lists the graph's edges with their weights.
func edgeListTool() Tool {
	return New(Spec{
		Name: "edge_list",
		Intents: Intents{
			Phrases: []string{
				"triplet/triplets/triples ... in/of this/the graph",
				"what are the triplets/triples",
				"list/enumerate/print/output all/every/each edge/edges",
				"all/every/each edge/edges ... with ... weight/weights",
			},
		},
		Description: "List every edge of the graph with its weight, as (u, v, weight) triplets.",
		WhenToUse: "Questions asking for the graph's edges themselves: list all the edges, the (node, node, weight) " +
			"triplets of the graph, each edge with its weight. Not for the edges at one node (neighbors) or how many " +
			"there are (edge_count).",
		Returns:   "count, weighted and triplets: each edge as [u, v, weight] in NetworkX's G.edges(data=\"weight\", default=1) order (weight 1 when the graph has no weights).",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"What are the triplets in this graph? From node 0 to node 1, distance is 3. From node 1 to node 2, distance is 4.",
			"List all the edges of the graph 0-1, 1-2, 2-0 with their weights.",
			"Print every edge of the directed graph a->b, b->c.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		res := EdgeListResult{Count: g.M(), Weighted: g.Weighted(), Triplets: edgeTriplets(g)}
		parts := make([]string, 0, min(len(res.Triplets), 50))
		for i, t := range res.Triplets {
			if i == 50 {
				break
			}
			parts = append(parts, fmt.Sprintf("(%s, %s, %s)", t.U, t.V, strconv.FormatFloat(t.Weight, 'f', -1, 64)))
		}
		more := ""
		if len(res.Triplets) > len(parts) {
			more = fmt.Sprintf(", and %d more", len(res.Triplets)-len(parts))
		}
		note := ""
		if !res.Weighted && g.M() > 0 {
			note = " (the graph has no weights: each is 1)"
		}
		if g.M() == 0 {
			return Result{Value: res, Text: "The graph has no edges."}, nil
		}
		return Result{Value: res, Text: fmt.Sprintf("The graph's %d %s as (u, v, weight)%s: %s%s.", g.M(), plural(g.M(), "edge"), note, strings.Join(parts, ", "), more)}, nil
	})
}

// edgeTriplets lists g's edges as NetworkX's G.edges(data="weight",
// default=1) does: by node in order, each node's neighbours in order; an
// undirected edge once, from the node that comes first.
func edgeTriplets(g *graph.Graph) []EdgeTriplet {
	out := make([]EdgeTriplet, 0, g.M())
	seen := make([]bool, g.N())
	for v := int32(0); int(v) < g.N(); v++ {
		adj, es := g.Out(v), g.OutEdges(v)
		for k, w := range adj {
			if !g.Directed() && seen[w] {
				continue
			}
			out = append(out, EdgeTriplet{U: g.ID(v), V: g.ID(w), Weight: g.Weight(es[k])})
		}
		seen[v] = true
	}
	return out
}

// nodeListTool lists the graph's nodes.
func nodeListTool() Tool {
	return New(Spec{
		Name: "node_list",
		Intents: Intents{
			Phrases: []string{
				"list/enumerate/print/output/show all/every/each <nodes>",
				"show/give/tell me all/every/each/the <nodes>",
				"what/which are all/the <nodes> of/in the/this graph",
			},
		},
		Description: "List every node of the graph, isolated ones included, in the order the graph gives them.",
		WhenToUse: "Questions asking for the graph's nodes themselves: list all the nodes or vertices, show every node. " +
			"Not how many there are (node_count) or the nodes next to one node (neighbors).",
		Returns:   "array of node IDs (strings), in NetworkX's G.nodes order.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"List all the nodes of the graph 0-1, 1-2, 2-0.",
			"Show me every vertex of the graph with edges A-B, B-C.",
			"What are the nodes in this graph?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		ids := append([]string{}, g.IDs()...)
		if len(ids) == 0 {
			return Result{Value: ids, Text: "The graph has no nodes."}, nil
		}
		return Result{Value: ids, Text: fmt.Sprintf("The graph's %d %s: %s.", len(ids), plural(len(ids), "node"), listText(ids, 100))}, nil
	})
}
