package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// directionalTools answer about the way edges go; a question put to one
// presupposes the edges have a direction.
var directionalTools = map[string]bool{
	"predecessors": true, "successors": true, "sources_sinks": true,
	"topological_sort": true, "strongly_connected_components": true, "dag_longest_path": true,
}

// assumedDirection holds an answer on a graph whose direction the reader
// only assumed (extract.Report.DirectionAssumed: a table listing each
// pair once under a header that does not say) to what holds either way.
// A question that presupposes direction (a directional tool, an in- or
// out-degree) is answered on the directed reading; any other is run again
// on the undirected graph, and answered only when both agree.
func (r *run) assumedDirection(ctx context.Context, g *graph.Graph, spec tools.Spec, tool tools.Tool, args json.RawMessage, res tools.Result) (tools.Result, error) {
	rep := r.ans.Reading
	if rep == nil || !rep.DirectionAssumed || g == nil || !g.Directed() {
		return res, nil
	}
	if directionalTools[spec.Name] || spec.AppliesTo == tools.DirectedOnly || degreeWithDirection(spec.Name, args) {
		r.step("meaning", func() (string, string, error) {
			return "builtin", "the question asks which way the edges go: the table's rows are read from their first column to the other", nil
		})
		return res, nil
	}
	ug, err := undirectedCopy(g)
	if err != nil {
		return res, nil
	}
	tctx, cancel := context.WithTimeout(ctx, r.a.limits.ToolTimeout)
	defer cancel()
	alt, err := tool.Run(tctx, ug, args)
	if nr, ok := noPathResult(spec, args, err); ok {
		alt, err = nr, nil
	}
	if err == nil && sameValue(res.Value, alt.Value) {
		r.step("meaning", func() (string, string, error) {
			return "builtin", "the table does not say whether its edges go both ways; the answer is the same either way", nil
		})
		return res, nil
	}
	both := strings.TrimSuffix(res.Text, ".")
	if err == nil {
		both += " if the rows go one way; " + strings.TrimSuffix(alt.Text, ".") + " if they go both ways"
	}
	return tools.Result{}, fmt.Errorf("the table does not say whether its edges go one way or both ways, and the answers differ (%s); say which: %w", both, ErrNoAnswer)
}

// degreeWithDirection reports whether a degree question asks for the in-
// or out-degree, which only a directed graph has.
func degreeWithDirection(tool string, args json.RawMessage) bool {
	if tool != "degree" {
		return false
	}
	var p struct {
		Direction string `json:"direction"`
	}
	if json.Unmarshal(args, &p) != nil {
		return false
	}
	return p.Direction == "in" || p.Direction == "out"
}

// undirectedCopy is g with its edges read both ways: the same nodes in the
// same order, with their attributes, weights and capacities. A pair listed
// both ways with different numbers has no one undirected reading: an
// error.
func undirectedCopy(g *graph.Graph) (*graph.Graph, error) {
	b := graph.NewBuilder(false)
	b.Grow(g.N(), g.M())
	for i := range int32(g.N()) {
		if _, err := b.AddNode(g.ID(i)); err != nil {
			return nil, err
		}
		for k, v := range g.NodeAttrs(i) {
			if err := b.SetNodeAttr(g.ID(i), k, v); err != nil {
				return nil, err
			}
		}
	}
	seen := make(map[int32]int32, g.M())
	for e := range int32(g.M()) {
		u, v := g.Edge(e)
		ne, err := b.AddEdgeIdx(u, v)
		if err != nil {
			return nil, err
		}
		if first, dup := seen[ne]; dup {
			if g.Weight(first) != g.Weight(e) || g.Capacity(first) != g.Capacity(e) {
				return nil, fmt.Errorf("the edge %s–%s is listed both ways with different numbers", g.ID(u), g.ID(v))
			}
			continue
		}
		seen[ne] = e
		if g.Weighted() {
			b.SetWeight(ne, g.Weight(e))
		}
		if g.HasCapacities() {
			b.SetCapacity(ne, g.Capacity(e))
		}
		for k, val := range g.EdgeAttrs(e) {
			b.SetEdgeAttr(ne, k, val)
		}
	}
	ug := b.Build()
	ug.SetName(g.Name())
	return ug, nil
}

// sameValue reports whether two tool values are the same answer, compared
// as their JSON.
func sameValue(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}
