package tools

import (
	"context"
	"fmt"

	"github.com/graphagent/graphagent/tools/graph"
)

// TreeResult is the value of is_tree.
type TreeResult struct {
	// Tree reports whether the graph is a tree: connected (weakly, when
	// directed) with one edge fewer than nodes, as nx.is_tree.
	Tree bool `json:"tree"`
	// Forest reports whether every (weakly) connected component is a tree,
	// as nx.is_forest.
	Forest bool `json:"forest"`
	// Arborescence, for directed graphs only, reports whether the graph is
	// a tree whose edges all point away from one root (no node has two
	// incoming edges), as nx.is_arborescence.
	Arborescence *bool `json:"arborescence,omitempty"`
	// Components is the number of (weakly) connected components.
	Components int `json:"components"`
}

func isTreeTool() Tool {
	return New(Spec{
		Name:        "is_tree",
		Description: "Check whether the graph is a tree (connected, no cycle: one edge fewer than nodes) or a forest (every component a tree); for a directed graph, also whether it is a rooted tree with every edge pointing away from the root (an arborescence).",
		WhenToUse: "Questions asking whether a graph is a tree, a forest, acyclic and connected, a hierarchy with one root, or \"has no cycles and is in one piece\". " +
			"Edge direction is ignored for tree and forest, as in NetworkX; a self-loop is a cycle.",
		Returns:   "tree and forest (booleans), the number of components, and for directed graphs arborescence (boolean).",
		AppliesTo: AnyGraph,
		Family:    familyCommon,
		Examples: []string{
			"Is the graph with edges 0-1, 1-2, 1-3 a tree?",
			"Is this network a forest, i.e. does each of its pieces have no cycle?",
			"Does the org chart form a single hierarchy with one root?",
			"Is the graph connected and acyclic?",
			"Check whether the undirected graph in edges.txt is a tree.",
		},
		// "is this one single tree, connected with no loops?"
		Intents: Intents{Phrases: []string{"is/are this/it/that ... a/an/one clean/proper/single/strict/true/real hierarchy/tree", "one boss/manager/parent/supervisor each",
			"is/are this/it/these/they/the ... a/one/single/one_single tree/forest",
			"connected with/and no loops/cycles", "connected and acyclic",
		}},
	}, func(ctx context.Context, g *graph.Graph, _ NoParams) (Result, error) {
		if g.N() == 0 {
			return Result{}, fmt.Errorf("a graph without nodes is neither a tree nor a forest (NetworkX: pointless concept): %w", ErrNotApplicable)
		}
		r, err := treeShape(ctx, g)
		if err != nil {
			return Result{}, err
		}
		return Result{Value: r, Text: treeText(g, r)}, nil
	})
}

// treeShape computes is_tree's answer in O(n + m): each weak component is
// a tree when it has one edge fewer than nodes.
func treeShape(ctx context.Context, g *graph.Graph) (TreeResult, error) {
	label, k, err := weakComponents(ctx, g)
	if err != nil {
		return TreeResult{}, err
	}
	surplus := make([]int, k) // edges minus nodes plus one, per component
	for i := range surplus {
		surplus[i] = 1
	}
	for _, c := range label {
		surplus[c]--
	}
	for e := int32(0); e < int32(g.M()); e++ {
		u, _ := g.Edge(e)
		surplus[label[u]]++
	}
	r := TreeResult{Forest: true, Components: k}
	for _, s := range surplus {
		if s != 0 {
			r.Forest = false
			break
		}
	}
	r.Tree = r.Forest && k == 1
	if g.Directed() {
		arb := r.Tree
		for v := int32(0); arb && v < int32(g.N()); v++ {
			arb = g.InDegree(v) <= 1
		}
		r.Arborescence = &arb
	}
	return r, nil
}

// treeText says is_tree's answer and why.
func treeText(g *graph.Graph, r TreeResult) string {
	n, m := g.N(), g.M()
	counts := fmt.Sprintf("%d %s and %d %s", n, plural(n, "node"), m, plural(m, "edge"))
	var s string
	switch {
	case r.Tree:
		s = fmt.Sprintf("Yes, the graph is a tree: it is connected and has no cycle (%s).", counts)
	case r.Forest:
		s = fmt.Sprintf("No, the graph is not a tree: it is not connected (%d components), but it is a forest, each component a tree (%s).", r.Components, counts)
	case r.Components == 1:
		s = fmt.Sprintf("No, the graph is not a tree: it has a cycle (%s; a tree on %d nodes has %d edges).", counts, n, n-1)
	default:
		s = fmt.Sprintf("No, the graph is neither a tree nor a forest: it is not connected (%d components) and has a cycle (%s).", r.Components, counts)
	}
	if r.Arborescence != nil && r.Tree {
		if *r.Arborescence {
			s += " Following the directions, it is a rooted tree: every edge points away from one root."
		} else {
			s += " Following the directions, it is not a rooted tree: some node has two incoming edges."
		}
	}
	return s
}
