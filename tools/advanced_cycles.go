package tools

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// DefaultHamiltonianCycleMaxNodes is the node cap of the catalogue's
// hamiltonian_cycle tool: the subset search fixes the first node and keeps
// one 32-bit word per subset of the others, 2 MiB at 20 nodes.
const DefaultHamiltonianCycleMaxNodes = 20

// HamiltonianCycleResult is the value of hamiltonian_cycle.
type HamiltonianCycleResult struct {
	// Exists reports whether a cycle visits every node exactly once.
	Exists bool `json:"exists"`
	// Cycle is one such cycle as the visited nodes in order, its first node
	// repeated at the end (following edge directions when directed).
	Cycle []string `json:"cycle,omitempty"`
}

// HamiltonianCycleTool returns the hamiltonian_cycle tool. Graphs of up to
// maxNodes nodes (1..24; out-of-range values use
// DefaultHamiltonianCycleMaxNodes) are decided by a dynamic programme over
// node subsets. Larger graphs get an exact "no" when a cheap necessary
// condition fails (not connected, a node that cannot be entered or left
// twice); otherwise the error wraps ErrTooLarge.
func HamiltonianCycleTool(maxNodes int) Tool {
	if maxNodes < 1 || maxNodes > maxHamiltonianCap {
		maxNodes = DefaultHamiltonianCycleMaxNodes
	}
	return New(Spec{
		Name: "hamiltonian_cycle",
		Intents: Intents{
			Phrases: []string{
				"every/each/all <nodes> exactly/only/just once ... return/returns/returning/back/home/started",
				"cycle/circuit/tour/loop/round_trip ... through/visits/visiting/covers/covering every/each/all <nodes>",
				// "a round trip that stays one night in every hut, never visits a hut twice"
				"round_trip/tour/loop ... every ... never ... twice",
			},
			Concepts: []string{"hamiltonian cycle*", "hamiltonian circuit*", "hamilton cycle*", "hamilton circuit*", "hamiltonian tour*"},
		},
		Description: "Decide exactly whether a graph has a Hamiltonian cycle (a closed tour visiting every node once) and give one.",
		WhenToUse: fmt.Sprintf("Questions asking for a closed route, round trip or cycle that visits each node exactly once and "+
			"returns to its start, following edge directions in directed graphs. Exact for graphs of up to %d nodes; larger "+
			"graphs are answered when a quick check rules a cycle out or a backtracking search finds a cycle or runs to "+
			"its end, otherwise declined as too large. Self-loops are "+
			"ignored; an undirected cycle needs at least 3 nodes (going there and back along one edge is not a cycle), a "+
			"directed one at least 2, and a single node counts only with a self-loop.", maxNodes),
		Returns:   "exists (bool) and cycle, one Hamiltonian cycle as a list of node IDs whose first node is repeated at the end.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"Does the graph with edges 0-1, 1-2, 2-3, 3-0, 0-2 have a Hamiltonian cycle?",
			"Is there a round trip through each place exactly once, returning to the start? A-B, B-C, C-D, D-A.",
			"Find a Hamiltonian circuit in the directed graph a->b, b->c, c->a.",
			"Can the knight's tour graph be traversed in a closed cycle through all vertices?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		res, err := hamiltonianCycle(ctx, g, maxNodes)
		if err != nil {
			return Result{}, err
		}
		if !res.Exists {
			return Result{Value: res, Text: "The graph has no Hamiltonian cycle."}, nil
		}
		return Result{Value: res, Text: fmt.Sprintf("The graph has a Hamiltonian cycle: %s.", strings.Join(res.Cycle, " -> "))}, nil
	})
}

// neighbourMasks returns succ[v] and pred[v], the out- and in-neighbour
// bitmasks of the n <= 32 nodes of g without self-loops.
func neighbourMasks(g *graph.Graph) (succ, pred []uint32) {
	n := g.N()
	succ = make([]uint32, n)
	pred = make([]uint32, n)
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
	return succ, pred
}

// hamiltonianCycle decides the Hamiltonian cycle problem exactly.
func hamiltonianCycle(ctx context.Context, g *graph.Graph, maxNodes int) (HamiltonianCycleResult, error) {
	n := g.N()
	switch {
	case n == 0:
		return HamiltonianCycleResult{}, fmt.Errorf("hamiltonian_cycle: the graph has no nodes: %w", ErrNotApplicable)
	case n == 1:
		if g.HasSelfLoop(0) {
			return HamiltonianCycleResult{Exists: true, Cycle: []string{g.ID(0), g.ID(0)}}, nil
		}
		return HamiltonianCycleResult{}, nil
	case n == 2 && !g.Directed():
		return HamiltonianCycleResult{}, nil
	}
	// Exact refutations valid at any size.
	if ok, err := spanningCyclePossible(ctx, g, false); err != nil || !ok {
		return HamiltonianCycleResult{}, err
	}
	if n > maxNodes {
		// Beyond the subset search: backtracking, exact when it finds a
		// cycle or runs to its end.
		cyc, found, complete, err := hamiltonianCycleSearch(ctx, g, hamiltonianSearchBudget)
		switch {
		case err != nil:
			return HamiltonianCycleResult{}, fmt.Errorf("hamiltonian_cycle: %w", err)
		case found:
			return HamiltonianCycleResult{Exists: true, Cycle: idsOf(g, cyc)}, nil
		case complete:
			return HamiltonianCycleResult{}, nil
		}
		return HamiltonianCycleResult{}, fmt.Errorf("hamiltonian_cycle: the graph has %d nodes, more than the %d the exact "+
			"subset search takes; no quick check rules a cycle out and a backtracking search of %d steps found none: %w",
			n, maxNodes, hamiltonianSearchBudget, ErrTooLarge)
	}
	succ, pred := neighbourMasks(g)
	// Paths start at node 0. ends[m] is the set of nodes v such that a
	// path from node 0 visits exactly node 0 and the nodes of m (a subset
	// of nodes 1..n-1, bit i-1 for node i) and ends at v.
	k := n - 1
	full := uint32(1)<<uint(k) - 1
	ends := make([]uint32, int(full)+1)
	for x := succ[0] >> 1; x != 0; x &= x - 1 {
		b := uint32(1) << uint(bits.TrailingZeros32(x))
		ends[b] = b
	}
	for m := uint32(1); m < full; m++ {
		if m&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return HamiltonianCycleResult{}, fmt.Errorf("hamiltonian_cycle: %w", err)
			}
		}
		e := ends[m]
		if e == 0 {
			continue
		}
		var reach uint32
		for x := e; x != 0; x &= x - 1 {
			reach |= succ[bits.TrailingZeros32(x)+1]
		}
		reach = (reach >> 1) &^ m
		for x := reach; x != 0; x &= x - 1 {
			w := uint32(1) << uint(bits.TrailingZeros32(x))
			ends[m|w] |= w
		}
	}
	last := ends[full] & (pred[0] >> 1)
	if last == 0 {
		return HamiltonianCycleResult{}, nil
	}
	// Walk back from a last node that has an edge to node 0.
	cycle := make([]int32, n+1)
	v := int32(bits.TrailingZeros32(last)) + 1
	m := full
	for i := n - 1; i >= 1; i-- {
		cycle[i] = v
		m &^= 1 << uint(v-1)
		if i > 1 {
			v = int32(bits.TrailingZeros32(ends[m]&(pred[v]>>1))) + 1
		}
	}
	// cycle[0] and cycle[n] are node 0.
	return HamiltonianCycleResult{Exists: true, Cycle: idsOf(g, cycle)}, nil
}

// EulerCircuitResult is the value of euler_circuit.
type EulerCircuitResult struct {
	// Circuit reports whether a closed walk uses every edge exactly once
	// (nx.is_eulerian), named as euler_path names it.
	Circuit bool `json:"circuit"`
	// Path is one Eulerian circuit as the visited nodes in order, its first
	// node repeated at the end (a single node for a graph of one node and no
	// edge).
	Path []string `json:"path,omitempty"`
}

func eulerCircuitTool() Tool {
	return New(Spec{
		Name: "euler_circuit",
		Intents: Intents{
			Concepts: []string{"eulerian circuit*", "euler circuit*", "eulerian cycle*", "euler cycle*",
				"eulerian tour*", "euler tour*", "eulerian", "closed euler* trail*", "closed euler* walk*", "circuit*"},
			// "walk every street exactly once and end up back where she
			// started", "cross each bridge once and return home"
			Phrases: []string{"every/each/all <edges> ... once ... back/return/returns/returning/home/started",
				"circuit/closed_walk/closed_trail/round_trip ... every/each/all <edges> ... once"},
		},
		Description: "Decide whether a graph is Eulerian (has a closed walk using every edge exactly once) and give an Eulerian circuit.",
		WhenToUse: "Questions asking whether a walk can traverse every edge exactly once and return to where it started " +
			"(an Euler circuit, cycle or tour; 'is the graph Eulerian?'), optionally from a given start node. As " +
			"nx.is_eulerian: undirected graphs need every degree even (a self-loop counts 2) and one connected " +
			"component holding every node; directed graphs need in-degree equal to out-degree everywhere and strong " +
			"connectivity; an isolated node rules it out unless it is the only node. For an open trail, euler_path.",
		Returns:   "circuit (bool: the graph is Eulerian) and path, one Eulerian circuit as the visited nodes in order with the start repeated at the end.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"Does the graph with edges 0-1, 1-2, 2-0, 2-3, 3-4, 4-2 have an Eulerian circuit?",
			"Is this graph Eulerian? Edges: a-b, b-c, c-d, d-a.",
			"Can the mail carrier walk every street exactly once and end up back where she started?",
			"Find an Euler tour of the directed graph 1->2, 2->3, 3->1 starting at node 2.",
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
		res, err := eulerCircuit(ctx, g, src)
		if err != nil {
			return Result{}, err
		}
		if !res.Circuit {
			return Result{Value: res, Text: "The graph has no Eulerian circuit: it is not Eulerian."}, nil
		}
		shown, more := res.Path, ""
		if len(shown) > 40 {
			shown, more = shown[:40], fmt.Sprintf(" ... (%d more nodes)", len(res.Path)-40)
		}
		return Result{Value: res, Text: fmt.Sprintf("The graph is Eulerian; an Eulerian circuit: %s%s.", strings.Join(shown, " -> "), more)}, nil
	})
}

// eulerCircuit follows nx.is_eulerian and nx.eulerian_circuit (from src, or
// the first node when src < 0); eulerPath decides and builds the walk, which
// is closed exactly when the graph is Eulerian.
func eulerCircuit(ctx context.Context, g *graph.Graph, src int32) (EulerCircuitResult, error) {
	if g.N() == 0 {
		return EulerCircuitResult{}, fmt.Errorf("euler_circuit: connectivity is undefined for the null graph: %w", ErrNotApplicable)
	}
	res, err := eulerPath(ctx, g, src)
	if err != nil {
		return EulerCircuitResult{}, fmt.Errorf("euler_circuit: %w", err)
	}
	if !res.Exists || !res.Circuit {
		return EulerCircuitResult{}, nil
	}
	return EulerCircuitResult{Circuit: true, Path: res.Path}, nil
}

// spanningCyclePossible reports whether g passes the quick necessary checks
// for a cycle through every node, exact refutations at any size: the graph
// is connected, and every node has a predecessor and a successor other
// than itself (two distinct neighbours when undirected, unless pair allows
// a two-node undirected graph its there-and-back tour). Shared by
// hamiltonian_cycle and travelling_salesman. O(n + m).
func spanningCyclePossible(ctx context.Context, g *graph.Graph, pair bool) (bool, error) {
	_, comps, err := weakComponents(ctx, g)
	if err != nil || comps > 1 {
		return false, err
	}
	n := g.N()
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
		if in == 0 || out == 0 || (!g.Directed() && out < 2 && !(pair && n == 2)) {
			return false, nil
		}
	}
	return true, nil
}
