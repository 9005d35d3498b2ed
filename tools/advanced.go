package tools

import "github.com/graphagent/graphagent/tools/graph"

// advancedTools returns the structural tools of the catalogue: bipartiteness
// and matchings, Hamiltonian paths and cycles, travelling salesman tours,
// Eulerian paths and circuits, spanning trees, cores, bridges and cut
// vertices, greedy colouring and GNN-style aggregation.
// Shared helpers (unionFind, weakComponents, idsOf, listText) live in
// basic.go and basic_components.go.
func advancedTools() []Tool {
	return []Tool{
		isBipartiteTool(),
		maximumBipartiteMatchingTool(),
		HamiltonianPathTool(DefaultHamiltonianMaxNodes),
		HamiltonianCycleTool(DefaultHamiltonianCycleMaxNodes),
		eulerPathTool(),
		eulerCircuitTool(),
		TravellingSalesmanTool(DefaultTSPMaxNodes),
		SubgraphIsomorphicTool(DefaultSubgraphMaxPatternNodes, DefaultSubgraphMaxNodes),
		SubgraphMonomorphicTool(DefaultSubgraphMaxPatternNodes, DefaultSubgraphMaxNodes),
		minimumSpanningTreeTool(),
		kCoreTool(),
		bridgesTool(),
		articulationPointsTool(),
		graphColoringTool(),
		chromaticNumberTool(),
		gnnSumAggregationTool(),
	}
}

// bothWays returns the neighbour lists of v with edge directions ignored:
// its out-list and, when g is directed, its in-list (nil when undirected, as
// the out-list already holds every neighbour). A node linked to v both ways
// appears in both lists, as in nx.all_neighbors.
func bothWays(g *graph.Graph, v int32) [2][]int32 {
	if g.Directed() {
		return [2][]int32{g.Out(v), g.In(v)}
	}
	return [2][]int32{g.Out(v), nil}
}
