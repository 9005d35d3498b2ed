package tools

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// ChromaticResult is the value of chromatic_number.
type ChromaticResult struct {
	// ChromaticNumber is the fewest colours a proper colouring needs.
	ChromaticNumber int `json:"chromatic_number"`
	// Colors maps each node to its colour, 0 .. ChromaticNumber-1, in a
	// colouring that uses that many.
	Colors map[string]int `json:"colors"`
	// Proof says why no fewer colours do: "no edges", "an edge", "an odd
	// cycle", "a clique of k nodes" or "an exhaustive search".
	Proof string `json:"proof"`
}

// DefaultChromaticMaxNodes bounds the exact search of chromatic_number when
// the bounds do not meet: colouring is NP-hard, and past a few dozen nodes
// the search can take hours.
const DefaultChromaticMaxNodes = 60

// chromaticBudget bounds the exact search's steps (colour tries).
const chromaticBudget = 5_000_000

func chromaticNumberTool() Tool {
	return New(Spec{
		Name: "chromatic_number",
		Intents: Intents{
			Concepts: []string{"chromatic number", "minimum number of colo*", "fewest colo*", "least number of colo*",
				"smallest number of colo*", "minimum colo*", "fewest time slots", "minimum number of time slots",
				"fewest groups so that", "fewest tables so that"},
		},
		Description: "The chromatic number: the fewest colours in a colouring where adjacent nodes differ, exactly, with one such colouring and the proof that fewer do not suffice.",
		WhenToUse: "Questions asking for the minimum number of colours, time slots, frequencies or rooms so that no " +
			"two neighbours share one (the chromatic number), exactly. Exact by the bounds (an edge, an odd cycle, a " +
			"clique) or by an exhaustive search up to 60 nodes; larger graphs whose bounds do not meet are declined. " +
			"Edge direction is ignored; a self-loop makes a proper colouring impossible. For a quick colouring that " +
			"need not be minimal use graph_coloring.",
		Returns:   "chromatic_number, colors mapping each node to a colour number starting at 0, and proof (why fewer colours fail).",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"What is the chromatic number of the graph with edges 0-1, 1-2, 2-0, 2-3?",
			"What is the minimum number of exam slots so that no two courses sharing a student are at the same time?",
			"How many colours are needed at least to colour this map so that neighbouring countries differ?",
			"Find the fewest colours for a proper vertex colouring of the network in map.edgelist.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		res, err := chromaticNumber(ctx, g, DefaultChromaticMaxNodes)
		if err != nil {
			return Result{}, fmt.Errorf("chromatic_number: %w", err)
		}
		shown := make([]string, 0, min(g.N(), 30))
		for v := 0; v < g.N() && v < 30; v++ {
			shown = append(shown, fmt.Sprintf("%s: %d", g.ID(int32(v)), res.Colors[g.ID(int32(v))]))
		}
		text := fmt.Sprintf("The chromatic number is %d", res.ChromaticNumber)
		if g.N() > 0 {
			text += " (" + strings.Join(shown, ", ")
			if g.N() > 30 {
				text += fmt.Sprintf(", ... %d more nodes", g.N()-30)
			}
			text += ")"
		}
		if res.ChromaticNumber > 1 {
			text += fmt.Sprintf("; fewer colours do not suffice: %s", res.Proof)
		}
		return Result{Value: res, Text: text + "."}, nil
	})
}

// chromaticNumber computes the chromatic number of g's underlying simple
// undirected graph. The upper bound is a DSATUR colouring; the lower bound
// is 2 for an edge, 3 for an odd cycle and the size of a greedily grown
// clique. When they differ, a DSATUR branch and bound (Brélaz) searches for
// a colouring with fewer colours, for graphs of at most maxNodes nodes and
// within chromaticBudget steps; otherwise it returns ErrTooLarge saying
// both bounds.
func chromaticNumber(ctx context.Context, g *graph.Graph, maxNodes int) (ChromaticResult, error) {
	n := g.N()
	adj := make([][]int32, n)
	for v := int32(0); v < int32(n); v++ {
		if g.HasSelfLoop(v) {
			return ChromaticResult{}, fmt.Errorf("node %s has a self-loop, so no colouring gives it a colour its neighbours lack: %w", g.ID(v), ErrNotApplicable)
		}
		var nb []int32
		for _, ws := range bothWays(g, v) {
			nb = append(nb, ws...)
		}
		slices.Sort(nb)
		adj[v] = slices.Compact(nb)
	}
	res := ChromaticResult{Colors: make(map[string]int, n)}
	finish := func(color []int32, k int, proof string) ChromaticResult {
		for v, c := range color {
			res.Colors[g.ID(int32(v))] = int(c)
		}
		res.ChromaticNumber, res.Proof = k, proof
		return res
	}
	edges := false
	for _, nb := range adj {
		edges = edges || len(nb) > 0
	}
	if !edges {
		return finish(make([]int32, n), min(n, 1), "no edges"), nil
	}
	s := &dsatur{adj: adj, budget: chromaticBudget, ctx: ctx}
	best, ub, err := greedyColor(ctx, g) // linear, for any size
	if err != nil {
		return ChromaticResult{}, err
	}
	if n <= maxNodes {
		if c, k := s.greedy(); k < ub {
			best, ub = c, k
		}
	}
	lb, proof := 2, "an edge"
	if _, bip, err := twoColor(ctx, g); err != nil {
		return ChromaticResult{}, err
	} else if !bip {
		lb, proof = 3, "an odd cycle"
	}
	if clique := greedyClique(adj); len(clique) > lb {
		ids := make([]string, len(clique))
		for i, v := range clique {
			ids[i] = g.ID(v)
		}
		lb, proof = len(clique), fmt.Sprintf("a clique of %d nodes (%s)", len(clique), strings.Join(ids, ", "))
	}
	if lb == ub {
		return finish(best, ub, proof), nil
	}
	if n > maxNodes {
		return ChromaticResult{}, fmt.Errorf("a colouring with %d colours exists and at least %d are needed (%s); the exact search is limited to %d nodes and the graph has %d: %w",
			ub, lb, proof, maxNodes, n, ErrTooLarge)
	}
	for k := ub - 1; k >= lb; k-- {
		color, ok, err := s.colour(k)
		if err != nil {
			return ChromaticResult{}, err
		}
		if !ok {
			return finish(best, k+1, fmt.Sprintf("an exhaustive search found no colouring with %d", k)), nil
		}
		best = color
	}
	return finish(best, lb, proof), nil
}

// dsatur holds the graph of a chromatic-number search.
type dsatur struct {
	adj    [][]int32
	budget int
	steps  int
	ctx    context.Context
}

// greedy colours the graph by DSATUR: the uncoloured node with the most
// distinct neighbouring colours first (ties: most neighbours, then lowest
// index), each given its smallest free colour.
func (s *dsatur) greedy() ([]int32, int) {
	n := len(s.adj)
	color := make([]int32, n)
	for i := range color {
		color[i] = -1
	}
	seen := make([]map[int32]bool, n)
	used := 0
	for range n {
		v := int32(-1)
		for u := range n {
			if color[u] >= 0 {
				continue
			}
			if v < 0 || len(seen[u]) > len(seen[v]) || len(seen[u]) == len(seen[v]) && len(s.adj[u]) > len(s.adj[v]) {
				v = int32(u)
			}
		}
		c := int32(0)
		for seen[v][c] {
			c++
		}
		color[v] = c
		used = max(used, int(c)+1)
		for _, w := range s.adj[v] {
			if seen[w] == nil {
				seen[w] = map[int32]bool{}
			}
			seen[w][c] = true
		}
	}
	return color, used
}

// colour searches for a colouring with at most k colours, exhaustively:
// DSATUR's order, each node tried with the colours used so far and one
// new colour (colours are interchangeable). It returns ErrTooLarge when
// the steps run past the budget.
func (s *dsatur) colour(k int) ([]int32, bool, error) {
	n := len(s.adj)
	color := make([]int32, n)
	for i := range color {
		color[i] = -1
	}
	// near[v*k+c] counts v's neighbours of colour c; sat[v] the distinct ones.
	near := make([]int32, n*k)
	sat := make([]int32, n)
	var try func(done, used int) (bool, error)
	try = func(done, used int) (bool, error) {
		if done == n {
			return true, nil
		}
		v := -1
		for u := range n {
			if color[u] < 0 && (v < 0 || sat[u] > sat[v] || sat[u] == sat[v] && len(s.adj[u]) > len(s.adj[v])) {
				v = u
			}
		}
		if int(sat[v]) >= k {
			return false, nil
		}
		for c := 0; c < min(used+1, k); c++ {
			if near[v*k+c] > 0 {
				continue
			}
			s.steps++
			if s.steps > s.budget {
				return false, fmt.Errorf("the exact search gave up after %d steps: %w", s.budget, ErrTooLarge)
			}
			if s.steps%ctxCheckEvery == 0 {
				if err := s.ctx.Err(); err != nil {
					return false, err
				}
			}
			color[v] = int32(c)
			for _, w := range s.adj[v] {
				if near[int(w)*k+c] == 0 {
					sat[w]++
				}
				near[int(w)*k+c]++
			}
			ok, err := try(done+1, max(used, c+1))
			if ok || err != nil {
				return ok, err
			}
			for _, w := range s.adj[v] {
				near[int(w)*k+c]--
				if near[int(w)*k+c] == 0 {
					sat[w]--
				}
			}
			color[v] = -1
		}
		return false, nil
	}
	ok, err := try(0, 0)
	return color, ok, err
}

// greedyClique grows a clique from every node, adding the neighbours of
// most neighbours first that are adjacent to the whole clique so far, and
// returns the largest: a lower bound on the chromatic number.
func greedyClique(adj [][]int32) []int32 {
	var best []int32
	for v := range adj {
		if len(adj[v])+1 <= len(best) {
			continue
		}
		cand := slices.Clone(adj[v])
		slices.SortStableFunc(cand, func(a, b int32) int { return len(adj[b]) - len(adj[a]) })
		clique := []int32{int32(v)}
		for _, w := range cand {
			ok := true
			for _, u := range clique {
				if _, found := slices.BinarySearch(adj[w], u); !found {
					ok = false
					break
				}
			}
			if ok {
				clique = append(clique, w)
			}
		}
		if len(clique) > len(best) {
			best = clique
		}
	}
	return best
}
