package tools

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// DefaultTSPMaxNodes is the node cap of the catalogue's travelling_salesman
// tool: Held–Karp keeps one cost per (subset of the other nodes, last node),
// 2^17 × 17 float64s (18 MB) at 18 nodes.
const DefaultTSPMaxNodes = 18

// maxTSPCap is the largest cap TravellingSalesmanTool accepts.
const maxTSPCap = 20

// maxTSPSearchNodes is the largest graph the branch and bound beyond
// Held–Karp's cap takes (it keeps an n×n weight matrix).
const maxTSPSearchNodes = 100

// tourWords name a closed tour in travelling_salesman's concepts.
const tourWords = "tour/tours/round_trip/round_trips/roundtrip/roundtrips"

// TSPResult is the value of travelling_salesman.
type TSPResult struct {
	// Exists reports whether a tour visits every node exactly once and
	// returns to its start.
	Exists bool `json:"exists"`
	// Cost is the tour's total edge weight (its number of edges when the
	// graph is unweighted); nil when no tour exists.
	Cost *float64 `json:"cost"`
	// Tour is one cheapest tour as the visited nodes in order, its start
	// repeated at the end (a single node for a graph of one node).
	Tour []string `json:"tour,omitempty"`
}

// TSPParams are travelling_salesman's parameters.
type TSPParams struct {
	Source *NodeID `json:"source,omitempty" desc:"node the tour starts and ends at (the cost is the same from any start)"`
}

// TravellingSalesmanTool returns the travelling_salesman tool. Graphs of up
// to maxNodes nodes (1..20; out-of-range values use DefaultTSPMaxNodes) are
// solved exactly by Held–Karp's dynamic programme over node subsets. Larger
// graphs get an exact "no tour" when a cheap necessary condition fails (not
// connected, a node that cannot be entered or left); otherwise the error
// wraps ErrTooLarge and names the cap.
func TravellingSalesmanTool(maxNodes int) Tool {
	if maxNodes < 1 || maxNodes > maxTSPCap {
		maxNodes = DefaultTSPMaxNodes
	}
	return New(Spec{
		Name: "travelling_salesman",
		Intents: Intents{
			// The travelling-salesman question is an optimum over tours:
			// "the shortest round trip from the Depot visiting A, B and
			// C", "what does the cheapest tour cost". hamiltonian_cycle
			// (does such a tour exist?) declares none of these, so it
			// never answers them.
			Concepts: []string{"travelling salesman*", "traveling salesman*", "travelling salesperson*",
				"traveling salesperson*", "salesman problem*", "tsp",
				"shortest/cheapest/minimum/minimal/least/lowest/optimal/optimum/quickest/fastest/smallest ... " + tourWords,
				"cost/costs/distance/length/total/price/fare/km/miles/long ... " + tourWords,
				tourWords + " ... cost/costs/distance/length/total/price/fare/km/miles/long",
				"shortest/cheapest/minimum/minimal/least/lowest/optimal/optimum/quickest/fastest ... " +
					"hamiltonian_cycle/hamiltonian_cycles/hamiltonian_circuit/hamiltonian_circuits/hamilton_cycle/hamilton_circuit"},
			// "the cheapest way to visit every city and come back home"
			Phrases: []string{"start*/leave/leaving ... each/every ... once ... back/return*/home", "starting and ending at/in ... each/every ... once",
				"shortest/cheapest/minimum/minimal/least/lowest/optimal/quickest/fastest ... every/each/all ... back/return/returns/returning/home/start/started",
			},
		},
		Description: "Solve the travelling salesman problem exactly on a small graph: the cheapest tour visiting every node exactly once and returning to its start, with its cost.",
		WhenToUse: fmt.Sprintf("Questions asking for the shortest, cheapest or fastest round trip or tour through every node "+
			"(the travelling salesman problem), or what such a tour costs, along the graph's edges (following their "+
			"directions when directed; the cost is the sum of the edge weights, or the number of edges when unweighted). "+
			"Exact (Held–Karp) for graphs of up to %d nodes; larger graphs (to %d nodes) by a branch and bound under "+
			"Held–Karp's 1-tree bound, answered when it runs to its end or a quick check rules a tour out, otherwise "+
			"declined as too large. Self-loops are ignored; two nodes joined by an edge have the tour "+
			"there and back, one node the tour of cost 0. Whether any tour exists, without its cost: hamiltonian_cycle.", maxNodes, maxTSPSearchNodes),
		Returns:   "exists (bool), cost (the tour's total weight, null when there is no tour) and tour, one cheapest tour as node IDs with its start repeated at the end.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"How long is the shortest round trip through every node? Edges: A-B 4, B-C 3, C-D 5, D-A 2, A-C 6, B-D 7.",
			"Solve the travelling salesman problem on the weighted graph 0-1 (2), 1-2 (3), 2-3 (1), 3-0 (4), 0-2 (5), 1-3 (6).",
			"Starting and ending at node 0, what is the cheapest tour visiting every node once?",
			"Find the minimum-cost Hamiltonian cycle of the directed graph a->b 1, b->c 2, c->a 3, a->c 1, c->b 1, b->a 1.",
		},
	}, func(ctx context.Context, g *graph.Graph, p TSPParams) (Result, error) {
		src := int32(0)
		if p.Source != nil {
			s, err := p.Source.Index(g, "source")
			if err != nil {
				return Result{}, err
			}
			src = s
		}
		res, err := travellingSalesman(ctx, g, src, maxNodes)
		if err != nil {
			return Result{}, err
		}
		if !res.Exists {
			return Result{Value: res, Text: "No tour visits every node exactly once and returns to its start: the graph has no Hamiltonian cycle."}, nil
		}
		return Result{Value: res, Text: fmt.Sprintf("The cheapest tour costs %s: %s.", formatNumber(*res.Cost), strings.Join(res.Tour, " -> "))}, nil
	})
}

// travellingSalesman finds a cheapest tour from src by Held–Karp.
func travellingSalesman(ctx context.Context, g *graph.Graph, src int32, maxNodes int) (TSPResult, error) {
	n := g.N()
	switch {
	case n == 0:
		return TSPResult{}, fmt.Errorf("travelling_salesman: the graph has no nodes: %w", ErrNotApplicable)
	case n == 1:
		zero := 0.0
		return TSPResult{Exists: true, Cost: &zero, Tour: []string{g.ID(0)}}, nil
	}
	// Exact refutations valid at any size; two joined nodes are there and back.
	if ok, err := spanningCyclePossible(ctx, g, true); err != nil || !ok {
		return TSPResult{}, err
	}
	if n > maxNodes && n <= maxTSPSearchNodes {
		// Beyond Held–Karp: branch and bound, exact when it runs to its end.
		tour, cost, complete, err := tspBranchBound(ctx, g, src, tspSearchBudget)
		switch {
		case err != nil:
			return TSPResult{}, fmt.Errorf("travelling_salesman: %w", err)
		case complete && tour == nil:
			return TSPResult{}, nil
		case complete:
			return TSPResult{Exists: true, Cost: &cost, Tour: idsOf(g, tour)}, nil
		}
		found := ""
		if tour != nil {
			found = fmt.Sprintf(" (the best tour it found costs %s, not proven the cheapest)", formatNumber(cost))
		}
		return TSPResult{}, fmt.Errorf("travelling_salesman: the graph has %d nodes, more than the %d the exact Held–Karp "+
			"search takes, and a branch and bound of %d steps did not finish%s: %w", n, maxNodes, tspSearchBudget, found, ErrTooLarge)
	}
	if n > maxNodes {
		return TSPResult{}, fmt.Errorf("travelling_salesman: the graph has %d nodes, more than the %d the exact Held–Karp "+
			"search takes (and the %d of its branch and bound), and no quick check rules a tour out: %w", n, maxNodes, maxTSPSearchNodes, ErrTooLarge)
	}
	// w[u*n+v] is the weight of the edge u -> v, +Inf when there is none.
	w := make([]float64, n*n)
	for i := range w {
		w[i] = math.Inf(1)
	}
	for v := int32(0); v < int32(n); v++ {
		for i, x := range g.Out(v) {
			if x != v {
				w[int(v)*n+int(x)] = g.Weight(g.OutEdges(v)[i])
			}
		}
	}
	// The other nodes are numbered 0..k-1: others[i] is node i's index in
	// g. cost[m*k+j] is the least weight of a path from src through
	// exactly the nodes of m (a subset of the others) ending at j in m.
	k := n - 1
	others := make([]int32, 0, k)
	for v := int32(0); v < int32(n); v++ {
		if v != src {
			others = append(others, v)
		}
	}
	// succ[j] is the set of others j has an edge to.
	succ := make([]uint32, k)
	for j, u := range others {
		for i, v := range others {
			if !math.IsInf(w[int(u)*n+int(v)], 1) {
				succ[j] |= 1 << uint(i)
			}
		}
	}
	full := uint32(1)<<uint(k) - 1
	cost := make([]float64, (int(full)+1)*k)
	for i := range cost {
		cost[i] = math.Inf(1)
	}
	for j, v := range others {
		cost[(1<<uint(j))*uint32(k)+uint32(j)] = w[int(src)*n+int(v)]
	}
	for m := uint32(1); m < full; m++ {
		if m&0x3fff == 0 {
			if err := ctx.Err(); err != nil {
				return TSPResult{}, fmt.Errorf("travelling_salesman: %w", err)
			}
		}
		row := cost[int(m)*k : int(m)*k+k]
		for x := m; x != 0; x &= x - 1 {
			j := bits.TrailingZeros32(x)
			c := row[j]
			if math.IsInf(c, 1) {
				continue
			}
			u := int(others[j]) * n
			for y := succ[j] &^ m; y != 0; y &= y - 1 {
				i := bits.TrailingZeros32(y)
				next := int(m|1<<uint(i))*k + i
				if d := c + w[u+int(others[i])]; d < cost[next] {
					cost[next] = d
				}
			}
		}
	}
	best, last := math.Inf(1), -1
	for j, v := range others {
		if d := cost[int(full)*k+j] + w[int(v)*n+int(src)]; d < best {
			best, last = d, j
		}
	}
	if last < 0 {
		return TSPResult{}, nil
	}
	// Walk back: the predecessor of j in m is a node i of m without j whose
	// path cost plus the edge i -> j is j's cost.
	tour := make([]int32, n+1)
	tour[0], tour[n] = src, src
	m, j := full, last
	for pos := n - 1; pos >= 1; pos-- {
		tour[pos] = others[j]
		c := cost[int(m)*k+j]
		m &^= 1 << uint(j)
		if m == 0 {
			break
		}
		prev := -1
		for x := m; x != 0; x &= x - 1 {
			i := bits.TrailingZeros32(x)
			if cost[int(m)*k+i]+w[int(others[i])*n+int(others[j])] == c {
				prev = i
				break
			}
		}
		if prev < 0 {
			return TSPResult{}, fmt.Errorf("travelling_salesman: the tour could not be rebuilt from the subset costs")
		}
		j = prev
	}
	return TSPResult{Exists: true, Cost: &best, Tour: idsOf(g, tour)}, nil
}
