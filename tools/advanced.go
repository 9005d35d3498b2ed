package tools

// advancedTools returns the structural tools of the catalogue: bipartiteness
// and matchings, Hamiltonian and Eulerian paths, spanning trees, cores,
// bridges and cut vertices, greedy colouring and GNN-style aggregation.
// Shared helpers (unionFind, weakComponents, idsOf, listText) live in
// basic.go and basic_components.go.
func advancedTools() []Tool {
	return []Tool{
		isBipartiteTool(),
		maximumBipartiteMatchingTool(),
		HamiltonianPathTool(DefaultHamiltonianMaxNodes),
		eulerPathTool(),
		minimumSpanningTreeTool(),
		kCoreTool(),
		bridgesTool(),
		articulationPointsTool(),
		graphColoringTool(),
		gnnSumAggregationTool(),
	}
}
