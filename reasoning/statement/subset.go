package statement

import (
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// subset applies a GL call's node and link subsets to a loaded graph, as
// in GL("cora", {"35", "1033"}) or GL("x", "all atoms", {("C", "O")}):
// a phrase starting with "all" keeps everything, a set (or tuple) of node
// IDs or references keeps the subgraph they induce, a set of pairs keeps
// only those links. Anything else is an error wrapping ErrBadSubset.
func subset(g *graph.Graph, args []Value) (*graph.Graph, error) {
	if len(args) == 0 {
		return g, nil
	}
	if len(args) > 2 {
		return nil, fmt.Errorf("GL takes a graph, a node subset and a link subset; %d subsets given: %w", len(args), ErrBadSubset)
	}
	keep := make([]bool, g.N())
	for i := range keep {
		keep[i] = true
	}
	if !all(args[0]) {
		ids, err := nodeIDs(args[0])
		if err != nil {
			return nil, fmt.Errorf("node subset: %w", err)
		}
		for i := range keep {
			keep[i] = false
		}
		for _, id := range ids {
			i, ok := g.Index(id)
			if !ok {
				return nil, fmt.Errorf("node subset: node %q is not in the graph: %w", id, graph.ErrNodeNotFound)
			}
			keep[i] = true
		}
	}
	var links map[[2]int32]bool
	if len(args) == 2 && !all(args[1]) {
		set, ok := args[1].(Set)
		if !ok {
			return nil, fmt.Errorf("link subset %s: want \"all …\" or a set of pairs (u, v): %w", Format(args[1]), ErrBadSubset)
		}
		links = map[[2]int32]bool{}
		for _, el := range set.Elems {
			ids, err := nodeIDs(el)
			if err != nil || len(ids) != 2 {
				return nil, fmt.Errorf("link subset: %s is not a pair (u, v) of nodes: %w", Format(el), ErrBadSubset)
			}
			u, oku := g.Index(ids[0])
			v, okv := g.Index(ids[1])
			if !oku || !okv || !g.HasEdge(u, v) {
				return nil, fmt.Errorf("link subset: the graph has no link %s: %w", Format(el), ErrBadSubset)
			}
			links[[2]int32{u, v}] = true
			if !g.Directed() {
				links[[2]int32{v, u}] = true
			}
		}
	}
	b := graph.NewBuilder(g.Directed())
	for i, id := range g.IDs() {
		if keep[i] {
			if _, err := b.AddNode(id); err != nil {
				return nil, err
			}
		}
	}
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		if !keep[u] || !keep[v] || (links != nil && !links[[2]int32{u, v}]) {
			continue
		}
		var err error
		if g.Weighted() {
			_, err = b.AddWeightedEdge(g.ID(u), g.ID(v), g.Weight(e))
		} else {
			_, err = b.AddEdge(g.ID(u), g.ID(v))
		}
		if err != nil {
			return nil, err
		}
	}
	sub := b.Build()
	sub.SetName(g.Name() + " (subset)")
	return sub, nil
}

// all reports whether a subset argument keeps everything: a phrase that
// starts with "all" ("all atoms", "all related nodes").
func all(v Value) bool {
	s, ok := textOf(v)
	if !ok {
		return false
	}
	s = strings.ToLower(strings.TrimSpace(s))
	return s == "all" || strings.HasPrefix(s, "all ")
}

// nodeIDs reads a node subset: a set or tuple of IDs, strings or
// references, or one of them alone.
func nodeIDs(v Value) ([]string, error) {
	switch v := v.(type) {
	case Set:
		return idsOf(v.Elems)
	case Tuple:
		return idsOf(v.Elems)
	}
	return idsOf([]Value{v})
}

func idsOf(vals []Value) ([]string, error) {
	ids := make([]string, 0, len(vals))
	for _, v := range vals {
		switch v := v.(type) {
		case Ref:
			ids = append(ids, v.ID)
		case String, Word, Number:
			s, _ := textOf(v)
			ids = append(ids, s)
		default:
			return nil, fmt.Errorf("%s is not a node: %w", Format(v), ErrBadSubset)
		}
	}
	return ids, nil
}
