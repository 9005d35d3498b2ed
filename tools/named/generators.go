package named

// The generators below follow NetworkX 3.x's source (networkx/generators/
// classic.py and small.py) step by step, so node labels, node order and
// neighbour order come out as NetworkX makes them. Each takes validated
// parameters (see table.go).

// pyMod is Python's %, whose result takes the sign of the divisor.
func pyMod(a, n int) int {
	m := a % n
	if m < 0 {
		m += n
	}
	return m
}

// pathGraph is nx.path_graph(n).
func pathGraph(g *nxGraph, n int) {
	g.addNodes(0, n)
	g.addPath(0, n)
}

// cycleGraph is nx.cycle_graph(n); like NetworkX, one node gets a self-loop.
func cycleGraph(g *nxGraph, n int) {
	pathGraph(g, n)
	if n > 0 {
		g.addEdge(n-1, 0)
	}
}

// completeGraph is nx.complete_graph(n).
func completeGraph(g *nxGraph, n int) {
	g.addNodes(0, n)
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			g.addEdge(u, v)
		}
	}
}

// starGraph is nx.star_graph(n): a hub 0 and n spokes.
func starGraph(g *nxGraph, n int) {
	g.addNodes(0, n+1)
	for v := 1; v <= n; v++ {
		g.addEdge(0, v)
	}
}

// wheelGraph is nx.wheel_graph(n): a hub 0 joined to a cycle 1..n-1.
func wheelGraph(g *nxGraph, n int) {
	g.addNodes(0, n)
	if n < 2 {
		return
	}
	for v := 1; v < n; v++ {
		g.addEdge(0, v)
	}
	if n > 2 {
		g.addPath(1, n)
		g.addEdge(n-1, 1)
	}
}

// ladderGraph is nx.ladder_graph(n): two paths of n nodes joined rung by rung.
func ladderGraph(g *nxGraph, n int) {
	g.addNodes(0, 2*n)
	g.addPath(0, n)
	g.addPath(n, 2*n)
	for v := 0; v < n; v++ {
		g.addEdge(v, v+n)
	}
}

// circularLadderGraph is nx.circular_ladder_graph(n).
func circularLadderGraph(g *nxGraph, n int) {
	ladderGraph(g, n)
	g.addEdge(0, n-1)
	g.addEdge(n, 2*n-1)
}

// circulantGraph is nx.circulant_graph(n, offsets).
func circulantGraph(g *nxGraph, n int, offsets []int) {
	g.addNodes(0, n)
	for i := 0; i < n; i++ {
		for _, j := range offsets {
			g.addEdge(i, pyMod(i-j, n))
		}
	}
	for i := 0; i < n; i++ {
		for _, j := range offsets {
			g.addEdge(i, pyMod(i+j, n))
		}
	}
}

// barbellGraph is nx.barbell_graph(m1, m2): two complete graphs of m1 nodes
// joined by a path of m2 nodes.
func barbellGraph(g *nxGraph, m1, m2 int) {
	completeGraph(g, m1)
	g.addNodes(m1, m1+m2-1)
	if m2 > 1 {
		g.addPath(m1, m1+m2)
	}
	for u := m1 + m2; u < 2*m1+m2; u++ {
		for v := u + 1; v < 2*m1+m2; v++ {
			g.addEdge(u, v)
		}
	}
	g.addEdge(m1-1, m1)
	if m2 > 0 {
		g.addEdge(m1+m2-1, m1+m2)
	}
}

// lollipopGraph is nx.lollipop_graph(m, n): a complete graph of m nodes with
// a path of n nodes attached.
func lollipopGraph(g *nxGraph, m, n int) {
	completeGraph(g, m)
	g.addNodes(m, m+n)
	g.addPath(m, m+n)
	if m > 0 && n > 0 {
		g.addEdge(m-1, m)
	}
}

// fullRaryTree is nx.full_rary_tree(r, n): n nodes filled breadth first, each
// parent taking up to r children.
func fullRaryTree(g *nxGraph, r, n int) {
	g.addNodes(0, n)
	if n == 0 {
		return
	}
	next := 1
	for parent := 0; parent < next && next < n; parent++ {
		for i := 0; i < r && next < n; i++ {
			g.addEdge(parent, next)
			next++
		}
	}
}

// balancedTreeOrder is the node count of nx.balanced_tree(r, h):
// 1 + r + ... + r^h.
func balancedTreeOrder(r, h int) int {
	n, level := 1, 1
	for i := 0; i < h; i++ {
		level *= r
		n += level
	}
	return n
}

// binomialTree is nx.binomial_tree(n): each step copies the tree shifted by
// its size and joins the roots.
func binomialTree(g *nxGraph, n int) {
	g.addNode(0)
	size := 1
	for i := 0; i < n; i++ {
		for _, e := range g.edges() {
			g.addEdge(e[0]+size, e[1]+size)
		}
		g.addEdge(0, size)
		size *= 2
	}
}

// dorogovtsevGoltsevMendes is nx.dorogovtsev_goltsev_mendes_graph(n): each
// generation adds, for every edge, a new node joined to both its ends.
func dorogovtsevGoltsevMendes(g *nxGraph, n int) {
	g.addEdge(0, 1)
	next := 2
	for gen := 0; gen < n; gen++ {
		old := g.edges()
		for _, e := range old {
			g.addEdge(e[0], next)
			g.addEdge(e[1], next)
			next++
		}
	}
}

// turanGraph is nx.turan_graph(n, r): the complete r-partite graph with parts
// as equal as possible (the smaller parts first).
func turanGraph(g *nxGraph, n, r int) {
	sizes := make([]int, 0, r)
	for i := 0; i < r-n%r; i++ {
		sizes = append(sizes, n/r)
	}
	for i := 0; i < n%r; i++ {
		sizes = append(sizes, n/r+1)
	}
	completeMultipartite(g, sizes)
}

// completeMultipartite is nx.complete_multipartite_graph(*sizes).
func completeMultipartite(g *nxGraph, sizes []int) {
	starts := make([]int, len(sizes)+1)
	for i, s := range sizes {
		starts[i+1] = starts[i] + s
	}
	g.addNodes(0, starts[len(sizes)])
	for a := 0; a < len(sizes); a++ {
		for b := a + 1; b < len(sizes); b++ {
			for u := starts[a]; u < starts[a+1]; u++ {
				for v := starts[b]; v < starts[b+1]; v++ {
					g.addEdge(u, v)
				}
			}
		}
	}
}

// lcfGraph is nx.LCF_graph(n, shifts, repeats): a cycle of n nodes plus the
// chords the LCF notation [shifts]^repeats lists.
func lcfGraph(g *nxGraph, n int, shifts []int, repeats int) {
	cycleGraph(g, n)
	for i := 0; i < repeats*len(shifts); i++ {
		shift := shifts[i%len(shifts)]
		g.addEdge(i%n, pyMod(i+shift, n))
	}
}

// hoffmanSingleton is nx.hoffman_singleton_graph(): five pentagons and five
// pentagrams, pentagon i's vertex j joined to vertex i*k+j of pentagram k,
// then relabelled to integers in insertion order.
func hoffmanSingleton(g *nxGraph) *nxGraph {
	// A tuple (kind, i, j) becomes kind*25 + i*5 + j; kind 0 is "pentagon".
	pentagon := func(i, j int) int { return i*5 + j }
	pentagram := func(i, j int) int { return 25 + i*5 + j }
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			g.addEdge(pentagon(i, j), pentagon(i, pyMod(j-1, 5)))
			g.addEdge(pentagon(i, j), pentagon(i, pyMod(j+1, 5)))
			g.addEdge(pentagram(i, j), pentagram(i, pyMod(j-2, 5)))
			g.addEdge(pentagram(i, j), pentagram(i, pyMod(j+2, 5)))
			for k := 0; k < 5; k++ {
				g.addEdge(pentagon(i, j), pentagram(k, pyMod(i*k+j, 5)))
			}
		}
	}
	return g.relabel()
}
