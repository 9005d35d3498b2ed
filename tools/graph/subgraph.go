package graph

// Filter returns the subgraph of g made of the nodes keepNode accepts and,
// among the edges between them, those keepEdge accepts (nil accepts all).
// Node order, edge order and orientation, weights, capacities and
// attributes are kept, as NetworkX's G.subgraph(nodes).copy() followed by
// remove_edges_from keeps them. keepNode is indexed by node (nil keeps
// every node).
func Filter(g *Graph, keepNode []bool, keepEdge func(e int32) bool) *Graph {
	b := NewBuilder(g.directed)
	newIdx := make([]int32, g.N())
	kept := 0
	for i := range newIdx {
		if keepNode == nil || keepNode[i] {
			kept++
		}
	}
	b.Grow(kept, g.M())
	for i := int32(0); i < int32(g.N()); i++ {
		newIdx[i] = -1
		if keepNode != nil && !keepNode[i] {
			continue
		}
		// IDs are distinct in g, so AddNode cannot fail without limits.
		j, _ := b.AddNode(g.ids[i])
		newIdx[i] = j
		for k, v := range g.nodeAttrs[i] {
			_ = b.SetNodeAttr(g.ids[i], k, v)
		}
	}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := newIdx[g.src[e]], newIdx[g.dst[e]]
		if u < 0 || v < 0 || (keepEdge != nil && !keepEdge(e)) {
			continue
		}
		ne, _ := b.AddEdgeIdx(u, v)
		if g.weight != nil {
			b.SetWeight(ne, g.weight[e])
		}
		if g.capacity != nil {
			b.SetCapacity(ne, g.capacity[e])
		}
		for k, val := range g.edgeAttrs[e] {
			b.SetEdgeAttr(ne, k, val)
		}
	}
	out := b.Build()
	out.name = g.name
	return out
}
