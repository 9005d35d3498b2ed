package tools

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// DefaultHamiltonianMaxNodes is the node cap of the catalogue's
// hamiltonian_path tool: the exact search keeps one 32-bit word per subset of
// nodes, 4 MiB at 20 nodes.
const DefaultHamiltonianMaxNodes = 20

// maxHamiltonianCap is the largest cap HamiltonianPathTool accepts (2^24
// subsets, 64 MiB of search state).
const maxHamiltonianCap = 24

// HamiltonianResult is the value of hamiltonian_path.
type HamiltonianResult struct {
	// Exists reports whether a path visits every node exactly once.
	Exists bool `json:"exists"`
	// Path is one such path (following edge directions when directed).
	Path []string `json:"path,omitempty"`
}

// EulerResult is the value of euler_path.
type EulerResult struct {
	// Exists reports whether a walk uses every edge exactly once.
	Exists bool `json:"exists"`
	// Circuit reports whether the graph is Eulerian (the walk can be closed).
	Circuit bool `json:"circuit"`
	// Path is one Eulerian path as the sequence of visited nodes (edges+1
	// entries; a single node for a graph with one node and no edge).
	Path []string `json:"path,omitempty"`
}

// HamiltonianPathTool returns the hamiltonian_path tool. Graphs of up to
// maxNodes nodes (1..24; out-of-range values use DefaultHamiltonianMaxNodes)
// are decided by a dynamic programme over node subsets. Larger graphs get an
// exact "no" when a cheap necessary condition fails (not connected, too many
// dead ends), else a pruned backtracking search that is exact when it
// finishes within its work budget; when it does not, the error wraps
// ErrTooLarge.
func HamiltonianPathTool(maxNodes int) Tool {
	if maxNodes < 1 || maxNodes > maxHamiltonianCap {
		maxNodes = DefaultHamiltonianMaxNodes
	}
	return New(Spec{
		Name: "hamiltonian_path",
		Intents: Intents{
			// "a route along these legs that visits every point (the Start
			// and each control) exactly once"
			Phrases:  []string{"reach/reaches/reaching/visit/visits/visiting every/each person/friend/member/student/one/city/town/node/vertex/point/hut/control/place ... exactly/only/just once"},
			Concepts: []string{"hamiltonian"},
		},
		Description: "Decide exactly whether a graph has a Hamiltonian path (visiting every node once) and give one.",
		WhenToUse: fmt.Sprintf("Questions asking for a route, tour or ordering that visits each node exactly once, "+
			"following edge directions in directed graphs. Exact for graphs of up to %d nodes; larger ones are searched "+
			"by bounded backtracking, which may give up and report the graph as too large.", maxNodes),
		Returns:   "exists (bool) and path, one Hamiltonian path as a list of node IDs.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"Is there a path in this graph that visits every vertex exactly once? Edges: 0-1, 1-2, 2-3, 0-3, 1-3.",
			"Find a Hamiltonian path in the directed graph with edges a->b, b->c, c->d, a->c.",
			"Can a salesman start somewhere and pass through each of the cities 1..6 once using only these roads?",
			"Give an ordering of all nodes such that consecutive nodes are adjacent.",
			"Does the graph in small.edgelist have a Hamiltonian path?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		res, err := hamiltonianPath(ctx, g, maxNodes)
		if err != nil {
			return Result{}, err
		}
		if !res.Exists {
			return Result{Value: res, Text: "The graph has no Hamiltonian path."}, nil
		}
		return Result{Value: res, Text: fmt.Sprintf("The graph has a Hamiltonian path: %s.", strings.Join(res.Path, " -> "))}, nil
	})
}

// hamiltonianPath decides the Hamiltonian path problem exactly.
func hamiltonianPath(ctx context.Context, g *graph.Graph, maxNodes int) (HamiltonianResult, error) {
	n := g.N()
	if n == 0 {
		return HamiltonianResult{}, fmt.Errorf("hamiltonian_path: the graph has no nodes: %w", ErrNotApplicable)
	}
	if n == 1 {
		return HamiltonianResult{Exists: true, Path: []string{g.ID(0)}}, nil
	}
	// Exact refutations valid at any size.
	_, comps, err := weakComponents(ctx, g)
	if err != nil {
		return HamiltonianResult{}, err
	}
	if comps > 1 {
		return HamiltonianResult{}, nil
	}
	noIn, noOut := 0, 0
	for v := int32(0); v < int32(n); v++ {
		in, out := 0, 0
		for _, w := range g.In(v) {
			if w != v {
				in++
			}
		}
		for _, w := range g.Out(v) {
			if w != v {
				out++
			}
		}
		if g.Directed() {
			if in == 0 {
				noIn++
			}
			if out == 0 {
				noOut++
			}
		} else if out == 1 {
			noIn++ // a leaf must be an end of the path
		}
	}
	if noIn > 2 || (g.Directed() && (noIn > 1 || noOut > 1)) {
		return HamiltonianResult{}, nil
	}
	if n > maxNodes {
		path, found, complete, err := hamiltonianBacktrack(ctx, g, hamiltonianBudget)
		switch {
		case err != nil:
			return HamiltonianResult{}, fmt.Errorf("hamiltonian_path: %w", err)
		case found:
			return HamiltonianResult{Exists: true, Path: idsOf(g, path)}, nil
		case complete:
			return HamiltonianResult{}, nil
		}
		return HamiltonianResult{}, fmt.Errorf("hamiltonian_path: the graph has %d nodes, more than the %d of the subset search, "+
			"and the backtracking search gave up after %d adjacency scans: %w", n, maxNodes, hamiltonianBudget, ErrTooLarge)
	}

	// succ[v] and pred[v] are neighbour bitmasks without self-loops.
	succ := make([]uint32, n)
	pred := make([]uint32, n)
	for v := int32(0); v < int32(n); v++ {
		for _, w := range g.Out(v) {
			if w != v {
				succ[v] |= 1 << uint(w)
			}
		}
		for _, w := range g.In(v) {
			if w != v {
				pred[v] |= 1 << uint(w)
			}
		}
	}
	// ends[mask] is the set of nodes v such that some path visits exactly
	// the nodes of mask and ends at v.
	full := uint32(1)<<uint(n) - 1
	ends := make([]uint32, int(full)+1)
	for v := 0; v < n; v++ {
		ends[1<<uint(v)] = 1 << uint(v)
	}
	for mask := uint32(1); mask < full; mask++ {
		if mask&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return HamiltonianResult{}, fmt.Errorf("hamiltonian_path: %w", err)
			}
		}
		e := ends[mask]
		if e == 0 {
			continue
		}
		var reach uint32
		for x := e; x != 0; x &= x - 1 {
			reach |= succ[bits.TrailingZeros32(x)]
		}
		reach &^= mask
		for x := reach; x != 0; x &= x - 1 {
			w := uint32(1) << uint(bits.TrailingZeros32(x))
			ends[mask|w] |= w
		}
	}
	if ends[full] == 0 {
		return HamiltonianResult{}, nil
	}
	// Walk back from an end of a full path.
	path := make([]int32, n)
	v := int32(bits.TrailingZeros32(ends[full]))
	mask := full
	for i := n - 1; ; i-- {
		path[i] = v
		if i == 0 {
			break
		}
		mask &^= 1 << uint(v)
		v = int32(bits.TrailingZeros32(ends[mask] & pred[v]))
	}
	return HamiltonianResult{Exists: true, Path: idsOf(g, path)}, nil
}

// hamiltonianBudget bounds the work of the backtracking search, counted in
// adjacency entries scanned (about a second).
const hamiltonianBudget = 1 << 25

// hamiltonianBacktrack searches for a Hamiltonian path depth-first, trying
// the unvisited successors with the fewest unvisited successors first
// (Warnsdorff's rule). It prunes with rem[w], the number of unvisited
// predecessors (neighbours when undirected) of each unvisited node w: a node
// with none can only be entered from the current end, so two such nodes, or
// one that is not a successor of the end, end the branch; when undirected
// such a node must also be the last one. Starts: the node without
// predecessors (directed) or a leaf (undirected) when there is one, else
// every node. found reports a path; complete reports that the search space
// was exhausted (so !found && complete is an exact "no"); budget bounds the
// adjacency entries scanned.
func hamiltonianBacktrack(ctx context.Context, g *graph.Graph, budget int) (path []int32, found, complete bool, err error) {
	n := g.N()
	directed := g.Directed()
	rem := make([]int32, n)
	outRem := rem // unvisited successors; the same as rem when undirected
	if directed {
		outRem = make([]int32, n)
	}
	for v := int32(0); v < int32(n); v++ {
		for _, w := range g.In(v) {
			if w != v {
				rem[v]++
			}
		}
		if directed {
			for _, w := range g.Out(v) {
				if w != v {
					outRem[v]++
				}
			}
		}
	}
	var starts []int32
	for v := int32(0); v < int32(n); v++ {
		if rem[v] == 0 || (!directed && rem[v] == 1) {
			starts = append(starts, v)
			break
		}
	}
	if starts == nil {
		starts = make([]int32, n)
		for v := range starts {
			starts[v] = int32(v)
		}
	}
	zeros := 0 // unvisited nodes with rem == 0
	for _, r := range rem {
		if r == 0 {
			zeros++
		}
	}
	visited := make([]bool, n)
	path = make([]int32, 0, n)
	// Frame i (for path[i]) tries cand[framePos[i]:end], where end is
	// frameBase[i+1] (or len(cand) for the last frame).
	cand := make([]int32, 0, 64)
	frameBase := make([]int32, 0, n)
	framePos := make([]int32, 0, n)

	work := 0
	visit := func(v int32) {
		work += 1 + 2*len(g.Out(v))
		if directed {
			work += len(g.In(v))
		}
		visited[v] = true
		if rem[v] == 0 {
			zeros--
		}
		path = append(path, v)
		for _, w := range g.Out(v) {
			if w != v && !visited[w] {
				rem[w]--
				if rem[w] == 0 {
					zeros++
				}
			}
		}
		if directed {
			for _, u := range g.In(v) {
				if u != v {
					outRem[u]--
				}
			}
		}
		base := len(cand)
		last := len(path) == n-1
		if zeros <= 1 {
			for _, w := range g.Out(v) {
				if w == v || visited[w] {
					continue
				}
				if zeros == 1 && (rem[w] != 0 || (!directed && !last)) {
					// The node without unvisited predecessors must come
					// next and, undirected, it cannot be left again.
					continue
				}
				cand = append(cand, w)
			}
		}
		slices.SortStableFunc(cand[base:], func(a, b int32) int { return int(outRem[a] - outRem[b]) })
		frameBase = append(frameBase, int32(base))
		framePos = append(framePos, int32(base))
	}
	unvisit := func() {
		top := len(path) - 1
		v := path[top]
		path = path[:top]
		cand = cand[:frameBase[top]]
		frameBase = frameBase[:top]
		framePos = framePos[:top]
		for _, w := range g.Out(v) {
			if w != v && !visited[w] {
				if rem[w] == 0 {
					zeros--
				}
				rem[w]++
			}
		}
		if directed {
			for _, u := range g.In(v) {
				if u != v {
					outRem[u]++
				}
			}
		}
		visited[v] = false
		if rem[v] == 0 {
			zeros++
		}
	}

	visits := 0
	for _, s := range starts {
		visit(s)
		for len(path) > 0 {
			if len(path) == n {
				return path, true, false, nil
			}
			top := len(path) - 1
			if int(framePos[top]) == len(cand) {
				unvisit()
				continue
			}
			w := cand[framePos[top]]
			framePos[top]++
			if work > budget {
				return nil, false, false, nil
			}
			visits++
			if visits%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, false, false, err
				}
			}
			visit(w)
		}
	}
	return nil, false, true, nil
}

// EulerParams are the parameters of euler_path.
type EulerParams struct {
	Source *NodeID `json:"source,omitempty" desc:"node the path must start at"`
}

func eulerPathTool() Tool {
	return New(Spec{
		Name: "euler_path",
		Intents: Intents{
			// "Eulerian circuit/cycle" and "is it Eulerian" are
			// euler_circuit's; "Eulerian path/trail" are named here so
			// that "eulerian" inside them is not.
			Concepts: []string{"circuit*", "eulerian path*", "euler path*", "eulerian trail*", "euler trail*",
				"eulerian walk*", "euler walk*", "semi eulerian"},
			// "can this figure be drawn in one stroke without retracing a
			// line?", "walking every corridor exactly once"
			Phrases: []string{"one/single stroke", "draw/drawn/trace/traced ... without retracing/lifting",
				"every/each <edges> exactly/only once"},
		},
		Description: "Decide whether a graph has an Eulerian path (using every edge exactly once) and give one.",
		WhenToUse: "Questions asking for a walk or drawing that traverses each edge exactly once (the Königsberg bridges " +
			"problem, drawing a figure without lifting the pen), optionally from a given start node. Every node must " +
			"lie on an edge (isolated nodes rule it out), as in NetworkX.",
		Returns:   "exists (bool), circuit (bool: the walk can return to its start) and path, the visited nodes in order.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"Is there an Euler path in the graph with edges 0-1, 1-2, 2-0, 2-3?",
			"Can I draw this figure in one stroke without going over any line twice? Lines: A-B, B-C, C-D, D-A, A-C.",
			"Find a trail that uses every directed edge exactly once: 1->2, 2->3, 3->1, 3->4.",
			"Starting at node 3, is it possible to traverse each edge of the graph exactly one time?",
			"Does the network in bridges.edgelist have an Eulerian circuit or path?",
		},
	}, func(ctx context.Context, g *graph.Graph, p EulerParams) (Result, error) {
		src := int32(-1)
		if p.Source != nil {
			s, err := p.Source.Index(g, "source")
			if err != nil {
				return Result{}, err
			}
			src = s
		}
		res, err := eulerPath(ctx, g, src)
		if err != nil {
			return Result{}, err
		}
		switch {
		case !res.Exists && src >= 0:
			return Result{Value: res, Text: fmt.Sprintf("The graph has no Eulerian path starting at node %s.", g.ID(src))}, nil
		case !res.Exists:
			return Result{Value: res, Text: "The graph has no Eulerian path."}, nil
		}
		kind := "an Eulerian path"
		if res.Circuit {
			kind = "an Eulerian circuit"
		}
		shown := res.Path
		more := ""
		if len(shown) > 40 {
			shown, more = shown[:40], fmt.Sprintf(" ... (%d more nodes)", len(res.Path)-40)
		}
		return Result{Value: res, Text: fmt.Sprintf("The graph has %s: %s%s.", kind, strings.Join(shown, " -> "), more)}, nil
	})
}

// eulerPath follows nx.has_eulerian_path and nx.eulerian_path: an Eulerian
// graph (connected, even degrees / strongly connected, balanced) has a path
// from any node; otherwise exactly two odd nodes (one node with one more
// out-edge and one with one more in-edge) and connectivity (weak when
// directed) are needed, and the path starts at an odd node (the one with the
// extra out-edge). A null graph is an error, as in NetworkX. src < 0 means any
// start. The walk is built by Hierholzer's algorithm with an explicit stack.
func eulerPath(ctx context.Context, g *graph.Graph, src int32) (EulerResult, error) {
	n := g.N()
	if n == 0 {
		return EulerResult{}, fmt.Errorf("euler_path: connectivity is undefined for the null graph: %w", ErrNotApplicable)
	}
	_, comps, err := weakComponents(ctx, g)
	if err != nil {
		return EulerResult{}, err
	}
	connected := comps == 1
	start := int32(-1)
	eulerian := true
	if g.Directed() {
		// A balanced, weakly connected digraph is strongly connected.
		startCand, ins, outs, bad := int32(-1), 0, 0, false
		for v := int32(0); v < int32(n); v++ {
			d := g.OutDegree(v) - g.InDegree(v)
			switch {
			case d == 0:
			case d == 1:
				outs++
				startCand = v
			case d == -1:
				ins++
			default:
				bad = true
			}
		}
		eulerian = ins == 0 && outs == 0 && !bad && connected
		if !eulerian {
			if bad || ins > 1 || outs > 1 || !connected || (src >= 0 && src != startCand) {
				return EulerResult{}, nil
			}
			start = startCand
		}
	} else {
		odd, firstOdd := 0, int32(-1)
		for v := int32(0); v < int32(n); v++ {
			if g.Degree(v)%2 == 1 {
				odd++
				if firstOdd < 0 {
					firstOdd = v
				}
			}
		}
		eulerian = odd == 0 && connected
		if !eulerian {
			if odd != 2 || !connected || (src >= 0 && g.Degree(src)%2 != 1) {
				return EulerResult{}, nil
			}
			start = firstOdd
		}
	}
	if src >= 0 {
		start = src
	}
	if start < 0 {
		start = 0 // NetworkX's arbitrary_element: the first node
	}

	m := g.M()
	used := make([]bool, m)
	next := make([]int32, n) // position in each node's out-list
	stack := make([]int32, 0, 64)
	walk := make([]int32, 0, m+1)
	stack = append(stack, start)
	steps := 0
	for len(stack) > 0 {
		steps++
		if steps%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return EulerResult{}, fmt.Errorf("euler_path: %w", err)
			}
		}
		v := stack[len(stack)-1]
		nbrs, es := g.Out(v), g.OutEdges(v)
		k := next[v]
		for int(k) < len(nbrs) && used[es[k]] {
			k++
		}
		if int(k) < len(nbrs) {
			used[es[k]] = true
			next[v] = k + 1
			stack = append(stack, nbrs[k])
			continue
		}
		next[v] = k
		walk = append(walk, v)
		stack = stack[:len(stack)-1]
	}
	if len(walk) != m+1 {
		// Unreachable when the checks above hold; kept as a guard.
		return EulerResult{}, fmt.Errorf("euler_path: walk covers %d of %d edges", len(walk)-1, m)
	}
	// Hierholzer emits the walk backwards.
	path := make([]string, len(walk))
	for i, v := range walk {
		path[len(walk)-1-i] = g.ID(v)
	}
	return EulerResult{Exists: true, Circuit: eulerian, Path: path}, nil
}
