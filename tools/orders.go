package tools

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/graphagent/graphagent/tools/graph"
)

// OrderChecker is a tool whose answer is an order of nodes (a traversal,
// a topological order) and that can tell whether another order answers the
// same question: a question's lettered options are checked this way. The
// check accepts every order the question's definition allows, whatever
// order the neighbours are tried in (NetworkX's, which Run gives, is one of
// them).
type OrderChecker interface {
	Tool
	// CheckOrder returns nil when order answers the tool's question on g
	// with args, else an error saying why not; bad arguments wrap
	// ErrBadArgs.
	CheckOrder(ctx context.Context, g *graph.Graph, args json.RawMessage, order []string) error
	// OrderName names what a right order is, for sentences ("a
	// breadth-first order from node 0").
	OrderName(args json.RawMessage) string
}

// checkedOrderTool is a Tool with its order check.
type checkedOrderTool struct {
	Tool
	check func(ctx context.Context, g *graph.Graph, args json.RawMessage, order []string) error
	name  string // "a breadth-first order"; " from node S" is added when args give a source
}

// CheckOrder runs the tool's check.
func (t checkedOrderTool) CheckOrder(ctx context.Context, g *graph.Graph, args json.RawMessage, order []string) error {
	return t.check(ctx, g, args, order)
}

// OrderName names a right order.
func (t checkedOrderTool) OrderName(args json.RawMessage) string {
	var p struct {
		Source NodeID `json:"source"`
	}
	if json.Unmarshal(args, &p) == nil && p.Source != "" {
		return t.name + " from node " + string(p.Source)
	}
	return t.name
}

// orderIndices resolves an order's node IDs: each in g, none twice.
func orderIndices(g *graph.Graph, order []string) ([]int32, error) {
	idx := make([]int32, len(order))
	seen := make(map[int32]bool, len(order))
	for i, id := range order {
		v, ok := g.Index(id)
		if !ok {
			return nil, fmt.Errorf("node %s is not in the graph", id)
		}
		if seen[v] {
			return nil, fmt.Errorf("node %s comes twice", id)
		}
		seen[v] = true
		idx[i] = v
	}
	return idx, nil
}

// traversalSource decodes a traversal's source and checks that the order
// starts there and lists exactly the nodes reachable from it.
func traversalSource(g *graph.Graph, spec Spec, args json.RawMessage, order []string) ([]int32, int32, error) {
	var p sourceParam
	if err := DecodeArgs(spec, args, &p); err != nil {
		return nil, -1, err
	}
	s, err := p.Source.Index(g, "source")
	if err != nil {
		return nil, -1, err
	}
	idx, err := orderIndices(g, order)
	if err != nil {
		return nil, -1, err
	}
	if len(idx) == 0 || idx[0] != s {
		return nil, -1, fmt.Errorf("it does not start at node %s", p.Source)
	}
	dist, queue := newBFSBuffers(g.N())
	if reach := bfsDistances(g, s, false, dist, queue); len(reach) != len(idx) {
		return nil, -1, fmt.Errorf("it lists %d nodes, and %d are reachable from node %s", len(idx), len(reach), p.Source)
	}
	return idx, s, nil
}

// checkBFSOrder reports whether order is a breadth-first order from the
// source: the nodes each visited node discovers come next, together, in
// some order.
func checkBFSOrder(spec Spec) func(context.Context, *graph.Graph, json.RawMessage, []string) error {
	return func(_ context.Context, g *graph.Graph, args json.RawMessage, order []string) error {
		idx, _, err := traversalSource(g, spec, args, order)
		if err != nil {
			return err
		}
		visited := make([]bool, g.N())
		visited[idx[0]] = true
		next := 1
		for head := 0; head < len(idx); head++ {
			u := idx[head]
			var found []int32
			for _, w := range g.Out(u) {
				if !visited[w] {
					visited[w] = true
					found = append(found, w)
				}
			}
			block := map[int32]bool{}
			for _, w := range found {
				block[w] = true
			}
			for k := 0; k < len(found); k++ {
				if next+k >= len(idx) || !block[idx[next+k]] {
					return fmt.Errorf("after node %s's turn, its unvisited neighbours (%d) must come next, and %s does not", g.ID(u), len(found), g.ID(idx[min(next+k, len(idx)-1)]))
				}
			}
			next += len(found)
		}
		return nil
	}
}

// checkDFSOrder reports whether order is a depth-first preorder from the
// source: each node is an unvisited neighbour of the deepest node on the
// current path that still has one.
func checkDFSOrder(spec Spec) func(context.Context, *graph.Graph, json.RawMessage, []string) error {
	return func(_ context.Context, g *graph.Graph, args json.RawMessage, order []string) error {
		idx, _, err := traversalSource(g, spec, args, order)
		if err != nil {
			return err
		}
		visited := make([]bool, g.N())
		visited[idx[0]] = true
		stack := []int32{idx[0]}
		hasUnvisited := func(u int32) bool {
			for _, w := range g.Out(u) {
				if !visited[w] {
					return true
				}
			}
			return false
		}
		for _, v := range idx[1:] {
			for len(stack) > 0 && !hasUnvisited(stack[len(stack)-1]) {
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				return fmt.Errorf("node %s comes after the search has ended", g.ID(v))
			}
			top := stack[len(stack)-1]
			if !g.HasEdge(top, v) {
				return fmt.Errorf("node %s comes while node %s still has unvisited neighbours, and %s is none of them", g.ID(v), g.ID(top), g.ID(v))
			}
			visited[v] = true
			stack = append(stack, v)
		}
		return nil
	}
}

// checkTopologicalOrder reports whether order lists every node once with
// every edge pointing forward.
func checkTopologicalOrder(_ context.Context, g *graph.Graph, _ json.RawMessage, order []string) error {
	if !g.Directed() {
		return fmt.Errorf("a topological order needs a directed graph: %w", ErrNotApplicable)
	}
	idx, err := orderIndices(g, order)
	if err != nil {
		return err
	}
	if len(idx) != g.N() {
		return fmt.Errorf("it lists %d of the %d nodes", len(idx), g.N())
	}
	pos := make([]int, g.N())
	for i, v := range idx {
		pos[v] = i
	}
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		if pos[u] >= pos[v] {
			return fmt.Errorf("the edge %s -> %s points backwards", g.ID(u), g.ID(v))
		}
	}
	return nil
}
