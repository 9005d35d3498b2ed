package graph

// Filter returns the subgraph of g made of the nodes keepNode accepts and,
// among the edges between them, those keepEdge accepts (nil accepts all).
// Node order, edge order and orientation, weights, capacities and
// attributes are kept, as NetworkX's G.subgraph(nodes).copy() followed by
// remove_edges_from keeps them. keepNode is indexed by node (nil keeps
// every node).
func Filter(g *Graph, keepNode []bool, keepEdge func(e int32) bool) *Graph {
	// IDs are distinct in g and no limits are set, so copying cannot fail.
	out, _ := rebuild(g, g.directed, keepNode, keepEdge, nil)
	return out
}

// Rebuild returns a copy of g that is directed or undirected as asked, with
// the nodes extra that g lacks added after g's own, isolated. Weights,
// capacities, attributes and the name are kept. Made undirected, edges
// written both ways merge into one whose weight and attributes are the
// later edge's, as NetworkX's to_undirected keeps them.
func Rebuild(g *Graph, directed bool, extra ...string) (*Graph, error) {
	return rebuild(g, directed, nil, nil, extra)
}

// rebuild copies the nodes keepNode accepts (nil: all) and the edges
// between them that keepEdge accepts (nil: all) into a graph of the given
// direction, then adds the nodes extra.
func rebuild(g *Graph, directed bool, keepNode []bool, keepEdge func(e int32) bool, extra []string) (*Graph, error) {
	b := NewBuilder(directed)
	newIdx := make([]int32, g.N())
	kept := 0
	for i := range newIdx {
		if keepNode == nil || keepNode[i] {
			kept++
		}
	}
	b.Grow(kept+len(extra), g.M())
	for i := int32(0); i < int32(g.N()); i++ {
		newIdx[i] = -1
		if keepNode != nil && !keepNode[i] {
			continue
		}
		j, err := b.AddNode(g.ids[i])
		if err != nil {
			return nil, err
		}
		newIdx[i] = j
		for k, v := range g.nodeAttrs[i] {
			if err := b.SetNodeAttr(g.ids[i], k, v); err != nil {
				return nil, err
			}
		}
	}
	for _, id := range extra {
		if _, err := b.AddNode(id); err != nil {
			return nil, err
		}
	}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := newIdx[g.src[e]], newIdx[g.dst[e]]
		if u < 0 || v < 0 || (keepEdge != nil && !keepEdge(e)) {
			continue
		}
		ne, err := b.AddEdgeIdx(u, v)
		if err != nil {
			return nil, err
		}
		if g.Weighted() {
			b.SetWeight(ne, g.Weight(e))
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
	return out, nil
}
