package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// secondGraphFit checks that a second graph the question writes (a
// subgraph question's pattern) and the chosen tool go together: a tool
// taking a second graph needs one, a tool taking none would answer about
// the main graph alone while the question asks about both, and the two
// graphs must have one direction (the tool gives the pattern the main
// graph's; "a-b" beside a directed graph could be read either way).
// Errors wrap ErrNoAnswer.
func secondGraphFit(spec tools.Spec, second *extract.SecondGraph, g *graph.Graph) error {
	takes := len(spec.GraphParams()) > 0
	switch {
	case takes && second == nil:
		return fmt.Errorf("%s needs a second graph (the pattern to find), and the question writes none apart from its graph: %w", spec.Name, ErrNoAnswer)
	case !takes && second != nil:
		return fmt.Errorf("the question writes a second graph (the %s) that %s does not use: %w", second.Name, spec.Name, ErrNoAnswer)
	case takes && g != nil && second.Graph.Directed() != g.Directed():
		return fmt.Errorf("the %s is written %s and the graph %s; %s needs both one way: %w", second.Name,
			dirWord(second.Graph.Directed()), dirWord(g.Directed()), spec.Name, ErrNoAnswer)
	}
	return nil
}

// withGraphArgs adds the second graph to the planner's arguments as each
// of the tool's second-graph parameters.
func withGraphArgs(args json.RawMessage, names []string, second *graph.Graph) (json.RawMessage, error) {
	obj := map[string]json.RawMessage{}
	if len(args) > 0 {
		if err := json.Unmarshal(args, &obj); err != nil {
			return nil, fmt.Errorf("arguments %s: %w", args, err)
		}
	}
	b, err := json.Marshal(tools.GraphArgOf(second))
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		obj[n] = b
	}
	return json.Marshal(obj)
}

// withoutGraphArgs drops from a previous turn's arguments the second
// graphs that spec (the tool as the planner sees it, its second-graph
// parameters left out) does not take: the agent fills them again from the
// question.
func withoutGraphArgs(prev json.RawMessage, spec tools.Spec) json.RawMessage {
	var obj map[string]json.RawMessage
	if json.Unmarshal(prev, &obj) != nil {
		return prev
	}
	dropped := false
	for k, v := range obj {
		if spec.HasParam(k) {
			continue
		}
		var ga tools.GraphArg
		if json.Unmarshal(v, &ga) == nil {
			delete(obj, k)
			dropped = true
		}
	}
	if !dropped {
		return prev
	}
	b, err := json.Marshal(obj)
	if err != nil {
		return prev
	}
	return b
}

// subgraphSense holds an induced subgraph search (subgraph_is_isomorphic,
// NetworkX's sense of "subgraph isomorphic") to the question's words: a
// question that does not say "induced" may mean a subgraph in the
// textbook's sense (the subgraph isomorphism problem, NetworkX's
// monomorphism). Both searches run; the same answer stands, different
// answers are declined with both (ErrNoAnswer).
func (r *run) subgraphSense(ctx context.Context, g *graph.Graph, spec tools.Spec, args json.RawMessage, res tools.Result) error {
	lower := strings.ToLower(r.question)
	if spec.Name != "subgraph_is_isomorphic" || strings.Contains(lower, "induced") ||
		strings.Contains(lower, "graphmatcher") || strings.Contains(lower, "subgraph_is_isomorphic") {
		return nil // NetworkX's sense, named
	}
	mono, err := r.a.reg.Get("subgraph_is_monomorphic")
	if err != nil {
		return nil
	}
	tctx, cancel := context.WithTimeout(ctx, r.a.limits.ToolTimeout)
	defer cancel()
	alt, err := mono.Run(tctx, g, args)
	a, okA := res.Value.(tools.SubgraphMatchResult)
	b, okB := alt.Value.(tools.SubgraphMatchResult)
	if err == nil && okA && okB && a.Exists == b.Exists {
		r.step("meaning", func() (string, string, error) {
			return "builtin", "the question does not say whether the subgraph is induced; the answer is the same either way", nil
		})
		return nil
	}
	both := strings.TrimSuffix(res.Text, ".")
	if err == nil {
		both += "; " + strings.TrimSuffix(alt.Text, ".")
	}
	return fmt.Errorf("the question does not say whether the subgraph must be induced (NetworkX's subgraph isomorphism) or may have extra edges (a monomorphism, the textbook's subgraph isomorphism), and the answers differ (%s); say \"induced\" or \"monomorphic\": %w", both, ErrNoAnswer)
}
