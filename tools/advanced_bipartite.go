package tools

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/tools/graph"
)

// BipartiteResult is the value of is_bipartite.
type BipartiteResult struct {
	// Bipartite reports whether the nodes split into two sides with every
	// edge running between the sides.
	Bipartite bool `json:"bipartite"`
	// Left and Right are one such split when Bipartite (isolated nodes go
	// to Left); empty otherwise.
	Left  []string `json:"left,omitempty"`
	Right []string `json:"right,omitempty"`
}

// MatchingResult is the value of maximum_bipartite_matching.
type MatchingResult struct {
	// Size is the number of matched pairs (unique for a graph).
	Size int `json:"size"`
	// Pairs lists one maximum matching, each pair as [left, right].
	Pairs [][2]string `json:"pairs"`
}

func isBipartiteTool() Tool {
	return New(Spec{
		Name:        "is_bipartite",
		Intents:     Intents{Phrases: []string{"split/divide/separate/sort/put ... into two/2 ... so/such_that ... no", "two/2 groups/teams/shifts/squads/tables/sides/camps/halves ... so/such_that ... no two"}, Concepts: []string{"odd cycle*"}},
		Description: "Check whether a graph is bipartite (two-colourable) and give one split of its nodes into two sides.",
		WhenToUse: "Questions asking if the nodes can be divided into two groups with no edge inside a group, if the " +
			"graph is two-colourable, or if it has an odd cycle. Edge direction is ignored; a self-loop makes a graph non-bipartite.",
		Returns:   "bipartite (bool) and, when true, the two sides left and right as lists of node IDs.",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"Is this graph bipartite? Edges: 0-1, 1-2, 2-3, 3-0.",
			"Can the vertices of the graph be split into two sets so that every edge connects the two sets?",
			"Determine whether the network in data.edgelist is 2-colorable.",
			"Does the graph with edges (1,2), (2,3), (3,1) contain an odd cycle, i.e. is it not bipartite?",
			"Check if the following undirected graph is a bipartite graph: 4-5, 5-6, 6-7.",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		color, ok, err := twoColor(ctx, g)
		if err != nil {
			return Result{}, err
		}
		if !ok {
			return Result{Value: BipartiteResult{}, Text: "The graph is not bipartite: it has an odd cycle (or a self-loop)."}, nil
		}
		var left, right []string
		for v := int32(0); v < int32(g.N()); v++ {
			if color[v] == 1 {
				right = append(right, g.ID(v))
			} else {
				left = append(left, g.ID(v))
			}
		}
		text := fmt.Sprintf("The graph is bipartite; one side is {%s} and the other is {%s}.",
			listText(left, 20), listText(right, 20))
		return Result{Value: BipartiteResult{Bipartite: true, Left: left, Right: right}, Text: text}, nil
	})
}

// twoColor two-colours g by breadth-first search, ignoring edge direction.
// It returns colour 0 or 1 per node (isolated nodes get 0, the first node of
// each component 0) and false when an edge joins two nodes of one colour,
// which includes any self-loop.
func twoColor(ctx context.Context, g *graph.Graph) ([]int8, bool, error) {
	n := g.N()
	color := make([]int8, n)
	for i := range color {
		color[i] = -1
	}
	queue := make([]int32, 0, n)
	steps := 0
	for s := int32(0); s < int32(n); s++ {
		if color[s] >= 0 {
			continue
		}
		color[s] = 0
		queue = append(queue[:0], s)
		for head := 0; head < len(queue); head++ {
			v := queue[head]
			c := 1 - color[v]
			for _, nbrs := range bothWays(g, v) {
				for _, w := range nbrs {
					steps++
					if steps%ctxCheckEvery == 0 {
						if err := ctx.Err(); err != nil {
							return nil, false, err
						}
					}
					switch color[w] {
					case -1:
						color[w] = c
						queue = append(queue, w)
					case color[v]:
						return nil, false, nil
					}
				}
			}
		}
	}
	return color, true, nil
}

func maximumBipartiteMatchingTool() Tool {
	return New(Spec{
		Name:        "maximum_bipartite_matching",
		Description: "Find a maximum matching of a bipartite undirected graph with the Hopcroft-Karp algorithm.",
		WhenToUse: "Questions about pairing nodes of two groups (workers and jobs, applicants and positions) so that " +
			"each node is used at most once and as many pairs as possible are formed. The graph must be bipartite.",
		Returns:   "size (number of matched pairs) and pairs, one maximum matching as [left, right] node pairs.",
		AppliesTo: UndirectedOnly,
		Family:    familyCommon,
		Intents: Intents{
			// "the largest number of mentor–mentee pairs we can form"
			Phrases: []string{"who goes/works/takes where", "how many ... pairs/couples/pairings ... max/maximum/at_most/at_the_most", "max/maximum/at_most ... how many ... pairs/couples/pairings", "largest/maximum/max/greatest/biggest/highest/most number of ... pairs/couples/pairings", "most pairs/couples/pairings",
				// "the largest number of parts we could have covered at the same time"
				"largest/maximum/max/greatest/biggest/highest/most number of ... at_the_same_time/at_once/simultaneously"},
		},
		Examples: []string{
			"What is the maximum matching of the bipartite graph with edges a-x, a-y, b-x, c-z?",
			"Applicants 1,2,3 can take jobs 4,5,6 as follows: 1-4, 1-5, 2-4, 3-6. How many applicants can be hired at once?",
			"Find the largest set of edges with no shared endpoint in this two-sided graph.",
			"In the bipartite network in pairs.edgelist, how many disjoint pairs can be formed and which ones?",
		},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		color, ok, err := twoColor(ctx, g)
		if err != nil {
			return Result{}, err
		}
		if !ok {
			return Result{}, fmt.Errorf("maximum_bipartite_matching: the graph is not bipartite: %w", ErrNotApplicable)
		}
		mate, size, err := hopcroftKarp(ctx, g, color)
		if err != nil {
			return Result{}, err
		}
		pairs := make([][2]string, 0, size)
		for v := int32(0); v < int32(g.N()); v++ {
			if color[v] == 0 && mate[v] >= 0 {
				pairs = append(pairs, [2]string{g.ID(v), g.ID(mate[v])})
			}
		}
		left, right := orientByKind(g, pairs)
		shown := make([]string, 0, min(len(pairs), listAll))
		for i := 0; i < len(pairs) && i < listAll; i++ {
			shown = append(shown, pairs[i][0]+" – "+pairs[i][1])
		}
		var text string
		switch {
		case left != "" && size > 0:
			text = fmt.Sprintf("%d %s can each get a different %s at once (a maximum matching): %s", size, pluralKind(size, left), right, listText(shown, listAll))
		case left != "":
			text = fmt.Sprintf("No %s can get a %s: nothing can be matched", left, right)
		case size > 0:
			text = fmt.Sprintf("A maximum matching has %d %s: %s", size, plural(size, "pair"), listText(shown, listAll))
		default:
			text = "A maximum matching has 0 pairs: the graph has no edges"
		}
		if len(pairs) > listAll {
			text = fmt.Sprintf("%s, ... (%d more)", text, len(pairs)-listAll)
		}
		return Result{Value: MatchingResult{Size: size, Pairs: pairs}, Text: text + "."}, nil
	})
}

// nodeKind splits a node ID written with its kind ("applicant 3", "job
// 12"; bipartite prose names nodes so) into the kind word; "" when the ID
// has no such form.
func nodeKind(id string) string {
	kind, rest, ok := strings.Cut(id, " ")
	if !ok || rest == "" || kind == "" {
		return ""
	}
	for _, r := range kind {
		if !unicode.IsLetter(r) {
			return ""
		}
	}
	return strings.ToLower(kind)
}

// orientByKind puts each pair's node of the kind that comes first in the
// graph first, when the nodes carry two kinds ("applicant 0", "job 2")
// and every pair joins one of each; it returns the two kinds, or "" when
// the nodes have no such kinds (pairs are then left as they are).
func orientByKind(g *graph.Graph, pairs [][2]string) (left, right string) {
	if g.N() == 0 {
		return "", ""
	}
	left = nodeKind(g.ID(0))
	if left == "" {
		return "", ""
	}
	for v := int32(1); v < int32(g.N()); v++ {
		k := nodeKind(g.ID(v))
		switch {
		case k == "":
			return "", ""
		case k != left && right == "":
			right = k
		case k != left && k != right:
			return "", ""
		}
	}
	if right == "" {
		return "", ""
	}
	for _, p := range pairs {
		if a, b := nodeKind(p[0]), nodeKind(p[1]); a == b || (a != left && a != right) || (b != left && b != right) {
			return "", ""
		}
	}
	for i, p := range pairs {
		if nodeKind(p[0]) != left {
			pairs[i] = [2]string{p[1], p[0]}
		}
	}
	return left, right
}

// pluralKind returns a kind word in the plural unless n is 1 ("applicants",
// "matches", "companies").
func pluralKind(n int, kind string) string {
	switch {
	case n == 1:
		return kind
	case strings.HasSuffix(kind, "s") || strings.HasSuffix(kind, "x") || strings.HasSuffix(kind, "ch") || strings.HasSuffix(kind, "sh"):
		return kind + "es"
	case len(kind) > 1 && strings.HasSuffix(kind, "y") && !strings.ContainsRune("aeiou", rune(kind[len(kind)-2])):
		return kind[:len(kind)-1] + "ies"
	}
	return kind + "s"
}

// hopcroftKarp computes a maximum matching of the undirected bipartite graph
// g whose sides are given by color (0 = left). It returns mate (the partner of
// every node, -1 when unmatched) and the matching size. Each phase runs a BFS
// layering from the free left nodes and then vertex-disjoint shortest
// augmenting paths with an iterative DFS: O(m sqrt(n)).
func hopcroftKarp(ctx context.Context, g *graph.Graph, color []int8) ([]int32, int, error) {
	n := int32(g.N())
	mate := make([]int32, n)
	for i := range mate {
		mate[i] = -1
	}
	var left []int32
	for v := int32(0); v < n; v++ {
		if color[v] == 0 && g.OutDegree(v) > 0 {
			left = append(left, v)
		}
	}
	const inf = int32(1<<31 - 1)
	dist := make([]int32, n)
	it := make([]int32, n)
	queue := make([]int32, 0, len(left))
	stack := make([]int32, 0, 64)
	size := 0
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		// BFS layering over left nodes; found when a free right node is reachable.
		queue = queue[:0]
		for _, u := range left {
			if mate[u] < 0 {
				dist[u] = 0
				queue = append(queue, u)
			} else {
				dist[u] = inf
			}
		}
		found := false
		for head := 0; head < len(queue); head++ {
			u := queue[head]
			for _, v := range g.Out(u) {
				w := mate[v]
				if w < 0 {
					found = true
				} else if dist[w] == inf {
					dist[w] = dist[u] + 1
					queue = append(queue, w)
				}
			}
		}
		if !found {
			return mate, size, nil
		}
		for _, u := range left {
			it[u] = 0
		}
		for k, root := range left {
			if mate[root] >= 0 || dist[root] != 0 {
				continue
			}
			if k%ctxCheckEvery == 0 {
				if err := ctx.Err(); err != nil {
					return nil, 0, err
				}
			}
			stack = append(stack[:0], root)
			for len(stack) > 0 {
				u := stack[len(stack)-1]
				nbrs := g.Out(u)
				if int(it[u]) >= len(nbrs) {
					dist[u] = inf // dead end for this phase
					stack = stack[:len(stack)-1]
					continue
				}
				v := nbrs[it[u]]
				it[u]++
				w := mate[v]
				if w < 0 {
					// Augment along the stack: each stack node takes the
					// right node it last tried.
					for _, x := range stack {
						y := g.Out(x)[it[x]-1]
						mate[x] = y
						mate[y] = x
					}
					size++
					break
				}
				if dist[w] == dist[u]+1 {
					stack = append(stack, w)
				}
			}
		}
	}
}
