package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// ErrCancelled means the user declined the plan shown for confirmation.
var ErrCancelled = errors.New("cancelled")

// ChainReview is shown a chain before it runs (ask --confirm, chat); it
// returns the chain to run (edited or not) or an error (wrap
// ErrCancelled to decline).
type ChainReview func(ctx context.Context, c reasoning.Chain) (reasoning.Chain, error)

// WithChainReview calls review with a chain of tools before it runs.
func WithChainReview(review ChainReview) AskOption {
	return func(o *askOptions) { o.review = review }
}

// WithChain runs c (a chain confirmed or edited by the user) instead of
// planning one; the graph is read from the question as usual.
func WithChain(c reasoning.Chain) AskOption {
	return func(o *askOptions) { o.chain = &c }
}

// chainPlanner is the planner of chains and the backend named in the
// trace: the agent's planner when its abilities include chains (an LLM,
// the builtin planner, or any backend declaring them), else the builtin
// grammar.
func (r *run) chainPlanner() (reasoning.ChainPlanner, string) {
	p := r.planner()
	if cp := p.Abilities().Chains; cp != nil {
		return cp, p.Name()
	}
	return builtinPlanner(), reasoning.BuiltinName
}

// builtinPlanner resolves the steps of builtin chains (and plans chains
// for planners that do not); it holds no state of its own after it is
// made, so one serves every agent.
var builtinPlanner = sync.OnceValue(func() *reasoning.BuiltinPlanner {
	return reasoning.NewBuiltinPlanner(reasoning.BuiltinConfig{})
})

// tryChain plans and runs a chain when the task needs several tools;
// handled is false when it needs one (the single-tool path then answers,
// exactly as without chains).
func (r *run) tryChain(ctx context.Context, task string, g *graph.Graph, source string) (ans *Answer, handled bool, err error) {
	var c reasoning.Chain
	if r.opt.chain != nil {
		c = *r.opt.chain
	} else {
		if !reasoning.LooksLikeChain(task) {
			return nil, false, nil
		}
		summary := reasoning.SummarizeGraph(g, 8)
		var perr error
		planned := false
		r.step("plan", func() (string, string, error) {
			cp, backend := r.chainPlanner()
			c, perr = cp.PlanChain(ctx, reasoning.ChainRequest{Question: task, Graph: &summary,
				Candidates: r.allCandidates(), Resolve: r.resolveStep})
			if perr == nil {
				perr = reasoning.CheckChain(c, reasoning.RegistrySpecs(r.a.reg))
			}
			if perr != nil {
				if errors.Is(perr, reasoning.ErrNotChain) {
					why := ""
					if perr != reasoning.ErrNotChain {
						why = " (" + strings.TrimSuffix(perr.Error(), ": "+reasoning.ErrNotChain.Error()) + ")"
					}
					return backend, "one tool answers: no chain" + why, nil
				}
				return backend, "no valid chain; answering with one tool", perr
			}
			planned = true
			return backend, fmt.Sprintf("a chain of %d steps: %s", len(c.Steps), strings.Join(c.Tools(), " → ")), nil
		})
		if !planned {
			if ctx.Err() != nil {
				ans, err = r.fail(ctx.Err())
				return ans, true, err
			}
			// The plan step's event stays in the trace; the single-tool
			// path continues.
			return nil, false, nil
		}
	}
	if err := reasoning.CheckChain(c, reasoning.RegistrySpecs(r.a.reg)); err != nil {
		ans, err = r.fail(fmt.Errorf("%w: %w", ErrBadInput, err))
		return ans, true, err
	}
	if r.opt.review != nil {
		edited, rerr := r.opt.review(ctx, c)
		if rerr == nil {
			rerr = reasoning.CheckChain(edited, reasoning.RegistrySpecs(r.a.reg))
		}
		if rerr != nil {
			ans, err = r.fail(rerr)
			return ans, true, err
		}
		if edited.String() != c.String() {
			r.step("plan", func() (string, string, error) {
				return "user", "edited: " + strings.Join(edited.Tools(), " → "), nil
			})
		}
		c = edited
	}
	r.ans.Chain = &c
	if r.opt.planOnly {
		// Shown for confirmation (agent/httpapi); WithPlan runs it.
		r.ans.Plan = &Plan{Chain: &c}
		r.ans.Answer = fmt.Sprintf("Plan: a chain of %d steps: %s.", len(c.Steps), strings.Join(c.Tools(), " → "))
		return r.finish(), true, nil
	}
	ans, err = r.runChain(ctx, c, g, source)
	return ans, true, err
}

// allCandidates offers every tool to a chain planner that chooses among
// them (an LLM).
func (r *run) allCandidates() []reasoning.Candidate {
	specs := r.a.reg.Specs()
	out := make([]reasoning.Candidate, len(specs))
	for i, s := range specs {
		out[i] = reasoning.Candidate{Tool: s}
	}
	return out
}

// resolveStep picks one step's tool and arguments as the single-tool path
// does (retrieval and intent cues, the builtin choice), requiring the
// choice to be decisive without solved examples; node arguments are not
// checked against the graph (they may be placeholders).
func (r *run) resolveStep(ctx context.Context, text string) (string, json.RawMessage, error) {
	a, lim := r.a, r.a.limits
	query := encoders.CleanQuestion(text)
	if !hasLetter(query) {
		query = text
	}
	hits, err := a.index.Search(ctx, query, a.reg.Len())
	if err != nil {
		return "", nil, err
	}
	cues := a.language.MatchCues(text)
	var cands []reasoning.Candidate
	for i, h := range hits {
		if i >= lim.Candidates && !slices.Contains(cues.Tools, h.Name) {
			continue
		}
		if t, err := a.reg.Get(h.Name); err == nil {
			cands = append(cands, reasoning.Candidate{Tool: t.Spec(), Score: float64(h.Score)})
		}
	}
	for _, name := range cues.Tools {
		if slices.ContainsFunc(cands, func(c reasoning.Candidate) bool { return c.Tool.Name == name }) {
			continue
		}
		if t, err := a.reg.Get(name); err == nil {
			cands = append(cands, reasoning.Candidate{Tool: t.Spec()})
		}
	}
	bp := builtinPlanner()
	choice, decisive, err := bp.ChooseToolWithoutExamples(reasoning.WithCues(ctx, cues), reasoning.ToolRequest{Question: text, Candidates: cands})
	if err != nil {
		return "", nil, err
	}
	if !decisive {
		// As the single-tool path: solved examples from long-term memory
		// vote (none when there is no memory).
		req := reasoning.ToolRequest{Question: text, Candidates: cands}
		if store, err := a.memory(ctx); err == nil {
			hits, err := store.SearchExamples(ctx, query, solvedExamples(lim.Examples))
			if err == nil {
				for _, h := range hits {
					req.Examples = append(req.Examples, reasoning.Example{Question: h.Question, Tool: h.Tool, Args: h.Args, Answer: h.Answer, Score: float64(h.Score)})
				}
			}
		}
		if choice, err = bp.ChooseTool(reasoning.WithCues(ctx, cues), req); err != nil {
			return "", nil, err
		}
	}
	if choice.Tool == reasoning.NoTool || choice.Tool == "" {
		return "", nil, fmt.Errorf("step %q: no tool fits: %w", text, reasoning.ErrNotChain)
	}
	t, err := a.reg.Get(choice.Tool)
	if err != nil {
		return "", nil, err
	}
	args, err := bp.ExtractParams(ctx, reasoning.ParamRequest{Question: text, Tool: t.Spec(), Check: pairCheck(t.Spec())})
	if err != nil {
		return "", nil, fmt.Errorf("step %q: %v: %w", text, err, reasoning.ErrNotChain)
	}
	return choice.Tool, args, nil
}

// chainValue is one step's result.
type chainValue struct {
	typ   reasoning.ValueType
	graph *graph.Graph
	value any
	// say states the result.
	say    string
	nodes  []string
	scores []float64 // by node index of the graph it was computed on
	on     *graph.Graph
	// measure names what scores measure ("degree", "PageRank").
	measure string
}

// measureNames name the measures of score steps in sentences.
var measureNames = map[string]string{reasoning.OpDegrees: "degree", "pagerank": "PageRank",
	"betweenness_centrality": "betweenness", "closeness_centrality": "closeness", "eccentricity": "eccentricity"}

// runChain runs the steps in order, each on the graph the latest graph
// step produced, and answers with the last step's result.
func (r *run) runChain(ctx context.Context, c reasoning.Chain, g *graph.Graph, source string) (*Answer, error) {
	cur := g
	vals := make([]chainValue, len(c.Steps))
	var last tools.Result
	var lastArgs json.RawMessage
	for i, s := range c.Steps {
		var v chainValue
		var err error
		var args json.RawMessage
		r.step(fmt.Sprintf("step %d", i+1), func() (string, string, error) {
			v, args, err = r.runStep(ctx, s, cur, vals)
			if err != nil {
				return s.Tool, "the step failed", err
			}
			return s.Tool, v.text(), nil
		})
		if err != nil {
			if ctx.Err() != nil {
				return r.fail(ctx.Err())
			}
			return r.fail(fmt.Errorf("step %d (%s) of the chain failed: %w: %w", i+1, s.Tool, err, ErrNoAnswer))
		}
		vals[i] = v
		if v.typ == reasoning.TypeGraph {
			cur = v.graph
		}
		last, lastArgs = tools.Result{Value: v.value, Text: v.text()}, args
	}
	if cur != g {
		r.ans.Graph = graphInfo(cur, source)
	}
	r.ans.Answer, r.ans.Value, r.ans.Tool, r.ans.Args = last.Text, last.Value, c.Steps[len(c.Steps)-1].Tool, lastArgs
	return r.finish(), nil
}

// text states a step's result.
func (v chainValue) text() string {
	if v.typ == reasoning.TypeGraph {
		return fmt.Sprintf("The graph now has %d nodes and %d edges.", v.graph.N(), v.graph.M())
	}
	return v.say
}

// runStep runs one step on graph g given the earlier results.
func (r *run) runStep(ctx context.Context, s reasoning.ChainStep, g *graph.Graph, vals []chainValue) (chainValue, json.RawMessage, error) {
	if reasoning.IsChainOp(s.Tool) {
		v, err := runChainOp(ctx, r.a.reg, s, g, vals)
		return v, nil, err
	}
	t, err := r.a.reg.Get(s.Tool)
	if err != nil {
		return chainValue{}, nil, err
	}
	obj := map[string]json.RawMessage{}
	for k, v := range s.Args {
		obj[k] = v
	}
	for k, in := range s.Inputs {
		from := vals[in.Step-1]
		var id string
		switch {
		case in.Index != nil && *in.Index < len(from.nodes):
			id = from.nodes[*in.Index]
		case in.Index != nil:
			return chainValue{}, nil, fmt.Errorf("%s: step %d gave %d node(s), no element %d: %w", k, in.Step, len(from.nodes), *in.Index, tools.ErrBadArgs)
		case len(from.nodes) == 1:
			id = from.nodes[0]
		default:
			return chainValue{}, nil, fmt.Errorf("%s: step %d gave %d nodes for one node: %w", k, in.Step, len(from.nodes), tools.ErrBadArgs)
		}
		obj[k], _ = json.Marshal(id)
	}
	raw, _ := json.Marshal(obj)
	args, err := reasoning.ValidateArgs(t.Spec(), g, raw)
	if err != nil {
		return chainValue{}, nil, err
	}
	tctx, cancel := context.WithTimeout(ctx, r.a.limits.ToolTimeout)
	defer cancel()
	res, err := t.Run(tctx, g, args)
	if err != nil {
		return chainValue{}, args, err
	}
	out := chainValue{typ: reasoning.ChainStepOutput(s), value: res.Value, say: res.Text, on: g}
	switch out.typ {
	case reasoning.TypeNodes:
		out.nodes = nodeList(res.Value)
	case reasoning.TypeScores:
		out.scores = scoreList(g, res.Value)
		out.measure = measureNames[s.Tool]
	}
	return out, args, nil
}

// nodeList reads the nodes of a tool's node-list value: a list of IDs, or
// an object's "path" or "nodes".
func nodeList(v any) []string {
	if ids, ok := v.([]string); ok {
		return ids
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var ids []string
	if json.Unmarshal(b, &ids) == nil {
		return ids
	}
	var obj struct {
		Path  []string `json:"path"`
		Nodes []string `json:"nodes"`
	}
	if json.Unmarshal(b, &obj) == nil {
		if obj.Path != nil {
			return obj.Path
		}
		return obj.Nodes
	}
	return nil
}

// scoreList reads a per-node score map into a slice by node index.
func scoreList(g *graph.Graph, v any) []float64 {
	out := make([]float64, g.N())
	b, err := json.Marshal(v)
	if err != nil {
		return out
	}
	var m map[string]float64
	if json.Unmarshal(b, &m) != nil {
		return out
	}
	for id, s := range m {
		if i, ok := g.Index(id); ok {
			out[i] = s
		}
	}
	return out
}

// runChainOp runs a chain operation.
func runChainOp(ctx context.Context, reg *tools.Registry, s reasoning.ChainStep, g *graph.Graph, vals []chainValue) (chainValue, error) {
	if err := ctx.Err(); err != nil {
		return chainValue{}, err
	}
	input := func(name string) (chainValue, bool) {
		in, ok := s.Inputs[name]
		if !ok {
			return chainValue{}, false
		}
		v := vals[in.Step-1]
		if in.Index != nil {
			if *in.Index >= len(v.nodes) {
				return chainValue{}, false
			}
			v.nodes = v.nodes[*in.Index : *in.Index+1]
		}
		return v, true
	}
	var k int
	order, direction := "highest", ""
	for name, raw := range s.Args {
		var err error
		switch name {
		case "k":
			err = json.Unmarshal(raw, &k)
		case "order":
			err = json.Unmarshal(raw, &order)
		case "direction":
			err = json.Unmarshal(raw, &direction)
		}
		if err != nil {
			return chainValue{}, fmt.Errorf("%s: argument %s: %v: %w", s.Tool, name, err, tools.ErrBadArgs)
		}
	}
	switch s.Tool {
	case reasoning.OpDegrees:
		deg := g.Degree
		switch direction {
		case "", "total":
		case "in":
			deg = g.InDegree
		case "out":
			deg = g.OutDegree
		default:
			return chainValue{}, fmt.Errorf("degrees: direction must be in, out or total, got %q: %w", direction, tools.ErrBadArgs)
		}
		sc := make([]float64, g.N())
		for u := range sc {
			sc[u] = float64(deg(int32(u)))
		}
		kind := "degree"
		if direction == "in" || direction == "out" {
			kind = direction + "-degree"
		}
		return chainValue{typ: reasoning.TypeScores, scores: sc, on: g, value: scoreMapOf(g, sc), measure: kind,
			say: fmt.Sprintf("Computed the %s of all %d nodes.", kind, g.N())}, nil
	case reasoning.OpTopNodes:
		src, _ := input("scores")
		if src.on != g {
			return chainValue{}, fmt.Errorf("top_nodes: the scores were computed on another graph than the current one: %w", tools.ErrBadArgs)
		}
		if k == 0 {
			k = 1
		}
		if k > g.N() {
			return chainValue{}, fmt.Errorf("top_nodes: %d nodes asked for, the graph has %d: %w", k, g.N(), tools.ErrBadArgs)
		}
		if order != "highest" && order != "lowest" {
			return chainValue{}, fmt.Errorf("top_nodes: order must be highest or lowest, got %q: %w", order, tools.ErrBadArgs)
		}
		idx := make([]int32, g.N())
		for i := range idx {
			idx[i] = int32(i)
		}
		sign := 1.0
		if order == "lowest" {
			sign = -1
		}
		slices.SortStableFunc(idx, func(a, b int32) int {
			x, y := sign*src.scores[a], sign*src.scores[b]
			switch {
			case x > y:
				return -1
			case x < y:
				return 1
			}
			return 0
		})
		measure := src.measure
		if measure == "" {
			measure = "score"
		}
		if k < len(idx) && sameScore(src.scores[idx[k-1]], src.scores[idx[k]]) {
			// The selection would be decided by node order, not by the
			// measure: which nodes are meant is unclear.
			var tied []string
			for _, u := range idx {
				if sameScore(src.scores[u], src.scores[idx[k-1]]) {
					tied = append(tied, g.ID(u))
				}
			}
			shown := tied
			if len(shown) > 8 {
				shown = append(shown[:8:8], fmt.Sprintf("… (%d more)", len(tied)-8))
			}
			return chainValue{}, fmt.Errorf("top_nodes: the %d node(s) of %s %s are not determined: nodes %s share the %s %.6g: %w",
				k, order, measure, strings.Join(shown, ", "), measure, src.scores[idx[k-1]], errTiedSelection)
		}
		ids := make([]string, k)
		parts := make([]string, k)
		for i := range ids {
			ids[i] = g.ID(idx[i])
			parts[i] = fmt.Sprintf("%s (%.6g)", ids[i], src.scores[idx[i]])
		}
		return chainValue{typ: reasoning.TypeNodes, nodes: ids, value: ids, say: fmt.Sprintf("The %d node(s) of %s %s: %s.", k, order, measure, strings.Join(parts, ", "))}, nil
	case reasoning.OpRemoveSelfLoops:
		h := graph.Filter(g, nil, func(e int32) bool { u, v := g.Edge(e); return u != v })
		return chainValue{typ: reasoning.TypeGraph, graph: h, value: graphInfo(h, "")}, nil
	case reasoning.OpRemoveIsolated:
		keep := make([]bool, g.N())
		for u := range keep {
			keep[u] = g.Degree(int32(u)) > 0
		}
		h := graph.Filter(g, keep, nil)
		return chainValue{typ: reasoning.TypeGraph, graph: h, value: graphInfo(h, "")}, nil
	case reasoning.OpRemoveNodes:
		var ids []string
		if v, ok := input("nodes"); ok {
			ids = v.nodes
		} else if raw, ok := s.Args["nodes"]; ok {
			var nodes []tools.NodeID
			if err := json.Unmarshal(raw, &nodes); err != nil {
				return chainValue{}, fmt.Errorf("remove_nodes: nodes: %v: %w", err, tools.ErrBadArgs)
			}
			for _, n := range nodes {
				ids = append(ids, string(n))
			}
		}
		keep := make([]bool, g.N())
		for i := range keep {
			keep[i] = true
		}
		for _, id := range ids {
			i, ok := g.Index(id)
			if !ok {
				return chainValue{}, fmt.Errorf("remove_nodes: node %q is not in the graph: %w", id, tools.ErrNodeNotFound)
			}
			keep[i] = false
		}
		h := graph.Filter(g, keep, nil)
		return chainValue{typ: reasoning.TypeGraph, graph: h, value: graphInfo(h, "")}, nil
	case reasoning.OpLargestComponent:
		t, err := reg.Get("connected_components")
		if err != nil {
			return chainValue{}, err
		}
		res, err := t.Run(ctx, g, json.RawMessage(`{}`))
		if err != nil {
			return chainValue{}, err
		}
		comps, _ := res.Value.(tools.Components)
		var best []string
		for _, cc := range comps.Components {
			if len(cc) > len(best) {
				best = cc
			}
		}
		keep := make([]bool, g.N())
		for _, id := range best {
			i, _ := g.Index(id)
			keep[i] = true
		}
		h := graph.Filter(g, keep, nil)
		return chainValue{typ: reasoning.TypeGraph, graph: h, value: graphInfo(h, "")}, nil
	case reasoning.OpCount:
		v, _ := input("nodes")
		return chainValue{typ: reasoning.TypeNumber, value: len(v.nodes), say: fmt.Sprintf("There are %d.", len(v.nodes))}, nil
	}
	return chainValue{}, fmt.Errorf("%q is not a chain operation: %w", s.Tool, tools.ErrUnknownTool)
}

// scoreMapOf maps node IDs to scores.
func scoreMapOf(g *graph.Graph, sc []float64) map[string]float64 {
	m := make(map[string]float64, len(sc))
	for i, x := range sc {
		m[g.ID(int32(i))] = x
	}
	return m
}

// errTiedSelection means nodes named by a measure ("the node with the
// highest degree") are not determined: several share the score at the
// edge of the selection.
var errTiedSelection = errors.New("tied scores: which nodes are meant is unclear")

// sameScore reports whether two scores are equal up to the rounding of
// iterative algorithms (PageRank's power iteration, say).
func sameScore(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(math.Abs(a), math.Abs(b), 1e-3)
}
