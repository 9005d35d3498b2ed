package tools

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// TriangleCount is the value of triangle_count.
type TriangleCount struct {
	// Triangles is the number of triangles in the graph, or through Node
	// when a node was given.
	Triangles int `json:"triangles"`
	// Node is the node asked about, empty for the whole graph.
	Node string `json:"node,omitempty"`
	// PerNode maps each node ID to the number of triangles through it
	// (nx.triangles), present only when asked for.
	PerNode map[string]int `json:"per_node,omitempty"`
}

// TriangleSum is the value of maximum_triangle_sum.
type TriangleSum struct {
	// Sum is the total weight of the triangle's three edges.
	Sum float64 `json:"sum"`
	// Triangle lists the three node IDs in insertion order.
	Triangle []string `json:"triangle"`
}

// forward is a degree-ordered orientation of the simple undirected support of
// a graph: self-loops dropped and, for directed graphs, u→v and v→u merged
// into one undirected edge. Every support edge is stored once, at its
// endpoint of lower rank, where rank orders nodes by support degree then
// index. Each node then has at most sqrt(2m) out-neighbours, so listing the
// triangles with it (Chiba–Nishizeki / "forward" algorithm) is O(m^1.5).
type forward struct {
	off []int32 // CSR offsets, n+1
	adj []int32 // higher-rank neighbours
	// aux is aligned with adj: for undirected graphs the edge index in g; for
	// directed graphs the multiplicity of the support edge (1 when one
	// direction exists, 2 when both do).
	aux []int32
	deg []int32 // support degree of each node
}

// newForward builds the orientation in O(n + m).
func newForward(ctx context.Context, g *graph.Graph) (*forward, error) {
	n := int32(g.N())
	f := &forward{off: make([]int32, n+1), deg: make([]int32, n)}
	if !g.Directed() {
		f.buildUndirected(g)
		return f, nil
	}
	var stamp []int32
	if g.Directed() {
		stamp = make([]int32, n)
	}
	// supportNbrs calls fn for every support neighbour u of v with its aux.
	supportNbrs := func(v int32, fn func(u, aux int32)) {
		// Stamp successors, then visit predecessors (multiplicity 2 when
		// also a successor), then the remaining successors.
		for _, u := range g.Out(v) {
			stamp[u] = v + 1
		}
		for _, u := range g.In(v) {
			if u == v {
				continue
			}
			if stamp[u] == v+1 {
				stamp[u] = -(v + 1)
				fn(u, 2)
			} else {
				fn(u, 1)
			}
		}
		for _, u := range g.Out(v) {
			if u != v && stamp[u] == v+1 {
				fn(u, 1)
			}
		}
	}
	for v := int32(0); v < n; v++ {
		if v%ctxCheckEvery == ctxCheckEvery-1 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		var d int32
		supportNbrs(v, func(int32, int32) { d++ })
		f.deg[v] = d
	}
	below := func(a, b int32) bool { // rank(a) < rank(b)
		return f.deg[a] < f.deg[b] || (f.deg[a] == f.deg[b] && a < b)
	}
	for v := int32(0); v < n; v++ {
		supportNbrs(v, func(u, _ int32) {
			if below(v, u) {
				f.off[v+1]++
			}
		})
	}
	for v := int32(0); v < n; v++ {
		f.off[v+1] += f.off[v]
	}
	f.adj = make([]int32, f.off[n])
	f.aux = make([]int32, f.off[n])
	for v := int32(0); v < n; v++ {
		p := f.off[v]
		supportNbrs(v, func(u, a int32) {
			if below(v, u) {
				f.adj[p] = u
				f.aux[p] = a
				p++
			}
		})
	}
	return f, nil
}

// buildUndirected is newForward for undirected graphs, whose support is
// the adjacency minus self-loops; plain loops, no callbacks.
func (f *forward) buildUndirected(g *graph.Graph) {
	n := int32(g.N())
	for v := int32(0); v < n; v++ {
		d := int32(g.OutDegree(v))
		if g.HasSelfLoop(v) {
			d--
		}
		f.deg[v] = d
	}
	deg := f.deg
	for v := int32(0); v < n; v++ {
		dv := deg[v]
		for _, u := range g.Out(v) {
			if du := deg[u]; dv < du || (dv == du && v < u) {
				f.off[v+1]++
			}
		}
	}
	for v := int32(0); v < n; v++ {
		f.off[v+1] += f.off[v]
	}
	f.adj = make([]int32, f.off[n])
	f.aux = make([]int32, f.off[n])
	for v := int32(0); v < n; v++ {
		p := f.off[v]
		dv := deg[v]
		es := g.OutEdges(v)
		for k, u := range g.Out(v) {
			if du := deg[u]; dv < du || (dv == du && v < u) {
				f.adj[p] = u
				f.aux[p] = es[k]
				p++
			}
		}
	}
}

// triangles enumerates every triangle once, calling visit with its nodes
// (u lowest rank) and the positions in adj/aux of its edges u-v, u-w, v-w.
func (f *forward) triangles(ctx context.Context, visit func(u, v, w, kuv, kuw, kvw int32)) error {
	n := int32(len(f.deg))
	mark := make([]int32, n) // position+1 of w in u's list while u is processed
	for u := int32(0); u < n; u++ {
		if u%ctxCheckEvery == ctxCheckEvery-1 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		lo, hi := f.off[u], f.off[u+1]
		if hi-lo < 2 {
			continue
		}
		for k := lo; k < hi; k++ {
			mark[f.adj[k]] = k + 1
		}
		for kv := lo; kv < hi; kv++ {
			v := f.adj[kv]
			for kw := f.off[v]; kw < f.off[v+1]; kw++ {
				if m := mark[f.adj[kw]]; m != 0 {
					visit(u, v, f.adj[kw], kv, m-1, kw)
				}
			}
		}
		for k := lo; k < hi; k++ {
			mark[f.adj[k]] = 0
		}
	}
	return nil
}

// countTriangles returns the number of triangles of the support and, when
// perNode is non-nil (length n), adds the triangles through each node to it.
// It is the forward algorithm without a callback, for speed.
func (f *forward) countTriangles(ctx context.Context, perNode []int64) (int64, error) {
	n := int32(len(f.deg))
	mark := make([]bool, n)
	var total int64
	for u := int32(0); u < n; u++ {
		if u%ctxCheckEvery == ctxCheckEvery-1 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		lo, hi := f.off[u], f.off[u+1]
		if hi-lo < 2 {
			continue
		}
		out := f.adj[lo:hi]
		for _, x := range out {
			mark[x] = true
		}
		var tu int64
		for _, v := range out {
			var tv int64
			for _, w := range f.adj[f.off[v]:f.off[v+1]] {
				if mark[w] {
					tv++
					if perNode != nil {
						perNode[w]++
					}
				}
			}
			tu += tv
			if perNode != nil {
				perNode[v] += tv
			}
		}
		total += tu
		if perNode != nil {
			perNode[u] += tu
		}
		for _, x := range out {
			mark[x] = false
		}
	}
	return total, nil
}

// nodeTriangles counts the triangles through node v of an undirected graph
// (self-loops ignored, as nx.triangles) in O(sum of its neighbours'
// degrees), and returns v's degree without self-loops.
func nodeTriangles(g *graph.Graph, v int32) (t int64, deg int) {
	mark := make([]bool, g.N())
	for _, u := range g.Out(v) {
		if u != v {
			mark[u] = true
			deg++
		}
	}
	for _, u := range g.Out(v) {
		if u == v {
			continue
		}
		for _, w := range g.Out(u) {
			if w != u && mark[w] {
				t++
			}
		}
	}
	return t / 2, deg
}

// nodeTriangleParam is the parameter struct of triangle_count.
type nodeTriangleParam struct {
	Node    NodeID `json:"node,omitempty" desc:"count only the triangles through this node"`
	PerNode bool   `json:"per_node,omitempty" desc:"also return the number of triangles through every node"`
}

func triangleCountTool() Tool {
	return New(Spec{
		Name:        "triangle_count",
		Intents:     Intents{Phrases: []string{"groups/sets/trios/triples of three/3 ... all/every/each/pairwise", "trios/triples/threesomes ... all three"}, Concepts: []string{"3-cycle*"}},
		Description: "Count the triangles (3-cliques) of an undirected graph, in total, through one node, or per node.",
		WhenToUse:   "The question asks how many triangles the graph has or how many triangles a node belongs to.",
		Returns: `object {"triangles": integer, "node": the node asked about (omitted for the whole graph), "per_node": {node ID: integer} when per_node is true}. ` +
			`Counts follow nx.triangles (self-loops ignored); the total is each triangle once. Undirected graphs only.`,
		AppliesTo: UndirectedOnly,
		Family:    familyCommon,
		Examples: []string{
			"How many triangles are there in this graph?",
			"In how many triangles does node 4 take part?",
			"Count the 3-cliques of the network.",
			"Give the number of closed triads through each vertex.",
			"How many sets of three mutually connected nodes exist?",
		},
	}, func(ctx context.Context, g *graph.Graph, p nodeTriangleParam) (Result, error) {
		var perNode map[string]int
		if p.Node != "" && !p.PerNode {
			v, err := p.Node.Index(g, "node")
			if err != nil {
				return Result{}, err
			}
			t, _ := nodeTriangles(g, v)
			return Result{Value: TriangleCount{Triangles: int(t), Node: string(p.Node)},
				Text: fmt.Sprintf("Node %s is in %d %s.", p.Node, t, plural(int(t), "triangle"))}, nil
		}
		node := int32(-1)
		if p.Node != "" {
			v, err := p.Node.Index(g, "node")
			if err != nil {
				return Result{}, err
			}
			node = v
		}
		f, err := newForward(ctx, g)
		if err != nil {
			return Result{}, err
		}
		var counts []int64
		if p.PerNode || node >= 0 {
			counts = make([]int64, g.N())
		}
		total, err := f.countTriangles(ctx, counts)
		if err != nil {
			return Result{}, err
		}
		if p.PerNode {
			perNode = make(map[string]int, g.N())
			for v, c := range counts {
				perNode[g.ID(int32(v))] = int(c)
			}
		}
		if node >= 0 {
			t := int(counts[node])
			return Result{Value: TriangleCount{Triangles: t, Node: string(p.Node), PerNode: perNode},
				Text: fmt.Sprintf("Node %s is in %d %s.", p.Node, t, plural(t, "triangle"))}, nil
		}
		return Result{Value: TriangleCount{Triangles: int(total), PerNode: perNode},
			Text: fmt.Sprintf("The graph has %d %s.", total, plural(int(total), "triangle"))}, nil
	})
}

// clusteringParam is the parameter struct of clustering_coefficient.
type clusteringParam struct {
	Node NodeID `json:"node,omitempty" desc:"the node; omit it for the average over all nodes"`
}

// directedNodeClustering is nx.clustering(G, v) for a directed graph
// (Fagiolo's definition), computed around v only.
func directedNodeClustering(g *graph.Graph, v int32) float64 {
	n := g.N()
	w := make([]int32, n) // w[k] = a_vk + a_kv, self-loops excluded
	var nbrs []int32      // distinct support neighbours of v
	var dtot, dbi int
	for _, u := range g.Out(v) {
		if u != v {
			w[u]++
			dtot++
			nbrs = append(nbrs, u)
		}
	}
	for _, u := range g.In(v) {
		if u != v {
			if w[u] == 1 {
				dbi++
			} else {
				nbrs = append(nbrs, u)
			}
			w[u]++
			dtot++
		}
	}
	var t int64
	for _, j := range nbrs {
		var s int64
		for _, k := range g.In(j) {
			if k != j {
				s += int64(w[k])
			}
		}
		for _, k := range g.Out(j) {
			if k != j {
				s += int64(w[k])
			}
		}
		t += int64(w[j]) * s
	}
	return directedClusteringValue(t, dtot, dbi)
}

// directedClusteringValue is NetworkX's formula t / (2 (dtot (dtot-1) - 2 dbi)).
func directedClusteringValue(t int64, dtot, dbi int) float64 {
	if t == 0 {
		return 0
	}
	return float64(t) / float64(2*(dtot*(dtot-1)-2*dbi))
}

// undirectedClusteringValue is 2T / (d (d-1)), 0 without triangles.
func undirectedClusteringValue(t int64, d int) float64 {
	if t == 0 {
		return 0
	}
	return float64(2*t) / float64(d*(d-1))
}

// allClustering returns nx.clustering(G) for every node, in O(m^1.5) by
// the forward triangle listing. For directed graphs a triangle of the
// support with edge multiplicities a, b, c contributes 2abc directed
// triangles to each of its nodes, which is NetworkX's count.
func allClustering(ctx context.Context, g *graph.Graph) ([]float64, error) {
	f, err := newForward(ctx, g)
	if err != nil {
		return nil, err
	}
	n := g.N()
	t := make([]int64, n)
	if g.Directed() {
		err = f.triangles(ctx, func(u, v, w, kuv, kuw, kvw int32) {
			p := int64(2 * f.aux[kuv] * f.aux[kuw] * f.aux[kvw])
			t[u] += p
			t[v] += p
			t[w] += p
		})
	} else {
		_, err = f.countTriangles(ctx, t)
	}
	if err != nil {
		return nil, err
	}
	c := make([]float64, n)
	for v := int32(0); v < int32(n); v++ {
		if g.Directed() {
			loop := 0
			if g.HasSelfLoop(v) {
				loop = 1
			}
			dtot := g.OutDegree(v) + g.InDegree(v) - 2*loop
			dbi := dtot - int(f.deg[v])
			c[v] = directedClusteringValue(t[v], dtot, dbi)
		} else {
			c[v] = undirectedClusteringValue(t[v], int(f.deg[v]))
		}
	}
	return c, nil
}

func clusteringTool() Tool {
	return New(Spec{
		Name:        "clustering_coefficient",
		Intents:     Intents{Concepts: []string{"clustering", "clustering coefficient*", "average clustering", "local clustering"}},
		Description: "The local clustering coefficient of a node, or the average clustering coefficient of the graph.",
		WhenToUse:   "The question asks how clustered a node's neighbourhood is, how likely its neighbours are linked, or the graph's average clustering.",
		Returns: "number in [0, 1]: nx.clustering(G, node) when a node is given, else nx.average_clustering(G) (mean over all nodes, nodes with fewer than two neighbours counting 0). " +
			"Unweighted (edge weights are ignored); directed graphs use NetworkX's directed definition; self-loops are ignored. A graph without nodes is an error.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"What is the clustering coefficient of node 5?",
			"Compute the average clustering of the network.",
			"How tightly knit is the neighbourhood of vertex 2?",
			"What fraction of node 7's neighbour pairs are themselves connected?",
			"Give the mean local clustering coefficient over all vertices.",
		},
	}, func(ctx context.Context, g *graph.Graph, p clusteringParam) (Result, error) {
		if p.Node != "" {
			v, err := p.Node.Index(g, "node")
			if err != nil {
				return Result{}, err
			}
			var c float64
			if g.Directed() {
				c = directedNodeClustering(g, v)
			} else {
				t, d := nodeTriangles(g, v)
				c = undirectedClusteringValue(t, d)
			}
			return Result{Value: c, Text: fmt.Sprintf("The clustering coefficient of node %s is %s.", p.Node, formatNumber(c))}, nil
		}
		if g.N() == 0 {
			return Result{}, fmt.Errorf("average clustering is undefined for a graph without nodes: %w", ErrNotApplicable)
		}
		cs, err := allClustering(ctx, g)
		if err != nil {
			return Result{}, err
		}
		var sum float64
		for _, c := range cs {
			sum += c
		}
		avg := sum / float64(len(cs))
		return Result{Value: avg, Text: fmt.Sprintf("The average clustering coefficient of the graph is %s.", formatNumber(avg))}, nil
	})
}

func maximumTriangleSumTool() Tool {
	return New(Spec{
		Name:        "maximum_triangle_sum",
		Intents:     Intents{Concepts: []string{"3-cycle*"}},
		Description: "Find the triangle whose three edge weights have the largest sum (undirected graphs).",
		WhenToUse:   "The question asks for the heaviest triangle, or the triangle with the maximum total edge weight.",
		Returns: `object {"sum": number, "triangle": array of 3 node IDs}. Unweighted edges weigh 1; self-loops are ignored. ` +
			`When several triangles tie, any of them is correct. A graph without triangles is an error. Undirected graphs only.`,
		AppliesTo: UndirectedOnly,
		Family:    familyGTools,
		Examples: []string{
			"Which triangle has the greatest sum of edge weights?",
			"Find three mutually connected nodes whose connecting weights add up to the most.",
			"What is the maximum total weight of a triangle in the graph?",
			"Identify the heaviest 3-cycle of this weighted network.",
			"Among all triangles, report the one with the largest weight sum.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		f, err := newForward(ctx, g)
		if err != nil {
			return Result{}, err
		}
		best := math.Inf(-1)
		var tri [3]int32
		found := false
		err = f.triangles(ctx, func(u, v, w, kuv, kuw, kvw int32) {
			s := g.Weight(f.aux[kuv]) + g.Weight(f.aux[kuw]) + g.Weight(f.aux[kvw])
			if !found || s > best {
				best, tri, found = s, [3]int32{u, v, w}, true
			}
		})
		if err != nil {
			return Result{}, err
		}
		if !found {
			return Result{}, fmt.Errorf("the graph has no triangle: %w", ErrNotApplicable)
		}
		nodes := tri[:]
		slices.Sort(nodes)
		ids := idsOf(g, nodes)
		return Result{Value: TriangleSum{Sum: best, Triangle: ids},
			Text: fmt.Sprintf("The heaviest triangle is (%s, %s, %s) with total edge weight %s.", ids[0], ids[1], ids[2], formatNumber(best))}, nil
	})
}

// NodeWeightAttr is the node attribute that holds a node's weight: the
// graph readers set it from node weights the question gives ("[0, 2]
// means node 0 has the weight 2") and maximum_triangle_node_sum sums it.
const NodeWeightAttr = "weight"

// nodeWeights returns every node's weight (its NodeWeightAttr attribute, a
// number or a numeric string); an error wrapping ErrNotApplicable names
// the first node without one.
func nodeWeights(g *graph.Graph) ([]float64, error) {
	ws := make([]float64, g.N())
	for v := int32(0); int(v) < g.N(); v++ {
		raw, ok := g.NodeAttrs(v)[NodeWeightAttr]
		var w float64
		switch x := raw.(type) {
		case float64:
			w = x
		case int:
			w = float64(x)
		case int64:
			w = float64(x)
		case string:
			f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
			if err != nil {
				ok = false
			}
			w = f
		default:
			ok = false
		}
		if !ok || math.IsNaN(w) || math.IsInf(w, 0) {
			if raw == nil {
				return nil, fmt.Errorf("node %s has no weight (the question gives no weight for it): %w", g.ID(v), ErrNotApplicable)
			}
			return nil, fmt.Errorf("node %s has the weight %v, not a number: %w", g.ID(v), raw, ErrNotApplicable)
		}
		ws[v] = w
	}
	return ws, nil
}

// maximumTriangleNodeSumTool is GraphWiz's triplet task (its
// generation/max_triplet.py): the largest sum of the node weights of three
// mutually adjacent nodes.
func maximumTriangleNodeSumTool() Tool {
	return New(Spec{
		Name: "maximum_triangle_node_sum",
		Intents: Intents{
			Phrases: []string{
				"sum/total ... weights/weight ... three/3 interconnected/inter-connected/connected/adjacent/linked <nodes>",
				"three/3 interconnected/inter-connected/mutually_connected/mutually_adjacent <nodes> ... sum/total/weight*/heaviest",
				"heaviest/largest/maximum/max ... triangle/triplet ... node/nodes/vertex/vertices weight*",
				"node/vertex weight* ... heaviest/largest/maximum/max ... triangle/triplet",
			},
			Concepts: []string{"node-weighted triangle*", "maximum triplet sum", "triplet sum"},
		},
		Description: "Find the triangle (three mutually adjacent nodes) whose three node weights have the largest sum (undirected graphs).",
		WhenToUse:   "The question gives weights on the nodes and asks for the heaviest triangle, or the maximum sum of the weights of three interconnected nodes.",
		Returns: `object {"sum": number, "triangle": array of 3 node IDs}. Every node needs a numeric "weight" attribute; self-loops are ignored. ` +
			`When several triangles tie, any of them is correct. A graph without triangles is an error. Undirected graphs only.`,
		AppliesTo: UndirectedOnly,
		Family:    familyCommon,
		NodeAttrs: []string{NodeWeightAttr},
		Examples: []string{
			"Find the maximum sum of the weights of three interconnected nodes.",
			"Each node has a weight; which triangle has the largest total node weight?",
			"What is the maximum sum of the weights of three nodes that are all connected to each other?",
			"Among all triangles, which three mutually adjacent nodes weigh the most together?",
			"Given the node weights, report the heaviest triplet of interconnected vertices.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		ws, err := nodeWeights(g)
		if err != nil {
			return Result{}, err
		}
		f, err := newForward(ctx, g)
		if err != nil {
			return Result{}, err
		}
		best := math.Inf(-1)
		var tri [3]int32
		found := false
		err = f.triangles(ctx, func(u, v, w, _, _, _ int32) {
			s := ws[u] + ws[v] + ws[w]
			if !found || s > best {
				best, tri, found = s, [3]int32{u, v, w}, true
			}
		})
		if err != nil {
			return Result{}, err
		}
		if !found {
			return Result{}, fmt.Errorf("the graph has no triangle: %w", ErrNotApplicable)
		}
		nodes := tri[:]
		slices.Sort(nodes)
		ids := idsOf(g, nodes)
		return Result{Value: TriangleSum{Sum: best, Triangle: ids},
			Text: fmt.Sprintf("The heaviest triangle by node weight is (%s, %s, %s) with total node weight %s.", ids[0], ids[1], ids[2], formatNumber(best))}, nil
	})
}
