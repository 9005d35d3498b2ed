package named

import (
	"strconv"

	"github.com/graphagent/graphagent/tools/graph"
)

// nxGraph mirrors the parts of an undirected networkx.Graph that decide node
// and neighbour order: nodes in insertion order, each node's neighbours in the
// order their edges were first added, and repeated edges ignored. Generators
// that read the graph back while building it (G.edges() in binomial_tree and
// the Dorogovtsev-Goltsev-Mendes graph, the relabelling of the
// Hoffman-Singleton graph) need this; the others only append to it.
type nxGraph struct {
	order []int           // node labels in insertion order
	pos   map[int]int     // label -> index in order
	adj   [][]int         // by index: neighbour labels in insertion order
	seen  map[[2]int]bool // undirected edges added, keyed (min, max)
	log   [][2]int        // edges in the order they were first added
}

func newNX(nodes, edges int) *nxGraph {
	return &nxGraph{
		order: make([]int, 0, nodes),
		pos:   make(map[int]int, nodes),
		adj:   make([][]int, 0, nodes),
		seen:  make(map[[2]int]bool, edges),
		log:   make([][2]int, 0, edges),
	}
}

// addNode is G.add_node(v).
func (g *nxGraph) addNode(v int) {
	if _, ok := g.pos[v]; ok {
		return
	}
	g.pos[v] = len(g.order)
	g.order = append(g.order, v)
	g.adj = append(g.adj, nil)
}

// addNodes is G.add_nodes_from(range(lo, hi)).
func (g *nxGraph) addNodes(lo, hi int) {
	for v := lo; v < hi; v++ {
		g.addNode(v)
	}
}

// addEdge is G.add_edge(u, v).
func (g *nxGraph) addEdge(u, v int) {
	g.addNode(u)
	g.addNode(v)
	key := [2]int{min(u, v), max(u, v)}
	if g.seen[key] {
		return
	}
	g.seen[key] = true
	g.log = append(g.log, [2]int{u, v})
	g.adj[g.pos[u]] = append(g.adj[g.pos[u]], v)
	if u != v {
		g.adj[g.pos[v]] = append(g.adj[g.pos[v]], u)
	}
}

// addPath is G.add_edges_from(pairwise(range(lo, hi))).
func (g *nxGraph) addPath(lo, hi int) {
	for v := lo; v+1 < hi; v++ {
		g.addEdge(v, v+1)
	}
}

// addDictOfLists is nx.from_dict_of_lists on a graph built so far: the keys
// are added as nodes in order, then every (key, neighbour) edge.
func (g *nxGraph) addDictOfLists(d [][]int) {
	for _, row := range d {
		g.addNode(row[0])
	}
	for _, row := range d {
		for _, v := range row[1:] {
			g.addEdge(row[0], v)
		}
	}
}

// edges is G.edges() for an undirected graph: each node in order, then each
// neighbour not yet visited as a node of its own.
func (g *nxGraph) edges() [][2]int {
	out := make([][2]int, 0, len(g.log))
	visited := make(map[int]bool, len(g.order))
	for i, u := range g.order {
		for _, v := range g.adj[i] {
			if !visited[v] {
				out = append(out, [2]int{u, v})
			}
		}
		visited[u] = true
	}
	return out
}

// relabel is nx.convert_node_labels_to_integers(G): the nodes become 0..n-1
// in their order, and the new graph takes the old one's edges in G.edges()
// order, which is what sets its neighbour orders.
func (g *nxGraph) relabel() *nxGraph {
	h := newNX(len(g.order), len(g.log))
	h.addNodes(0, len(g.order))
	for _, e := range g.edges() {
		h.addEdge(g.pos[e[0]], g.pos[e[1]])
	}
	return h
}

// build turns the simulation into a graph: nodes in order, then edges in the
// order they were first added, which gives every node NetworkX's neighbour
// order (the graph package keeps edge insertion order per node).
func (g *nxGraph) build() (*graph.Graph, error) {
	b := graph.NewBuilder(false)
	b.Grow(len(g.order), len(g.log))
	idx := make(map[int]int32, len(g.order))
	for _, v := range g.order {
		i, err := b.AddNode(strconv.Itoa(v))
		if err != nil {
			return nil, err
		}
		idx[v] = i
	}
	for _, e := range g.log {
		if _, err := b.AddEdgeIdx(idx[e[0]], idx[e[1]]); err != nil {
			return nil, err
		}
	}
	return b.Build(), nil
}
