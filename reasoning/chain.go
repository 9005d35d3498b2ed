package reasoning

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools"
)

// A tool chain (ChatGraph's API chain) answers a question that needs
// several tools in order: "the shortest path between the two
// highest-PageRank nodes" is pagerank, then top_nodes with k=2, then
// shortest_path fed by the two nodes. Each step names a catalogue tool or
// one of the chain operations (ChainOps: selecting top nodes, removing
// self-loops or nodes, keeping the largest component); its arguments are
// literal values or earlier steps' results. A step runs on the graph the
// latest earlier graph operation produced (the question's graph when
// none). Chains are checked before they run (CheckChain): known tools,
// inputs from earlier steps only (so no cycles), types that flow (a node
// list into a node argument only through an index within its length), the
// required arguments present, and at most MaxChainSteps steps.

// MaxChainSteps bounds the length of a chain.
const MaxChainSteps = 8

// ErrNotChain means a question asks for one tool, not a chain: the
// single-tool path answers it.
var ErrNotChain = errors.New("not a chain of tools")

// ErrBadChain means a chain fails its checks (unknown tool, a reference to
// a later step, types that do not flow, a missing argument, too long).
var ErrBadChain = errors.New("invalid tool chain")

// Chain is a plan of several tool steps.
type Chain struct {
	Steps []ChainStep `json:"steps"`
}

// ChainStep is one step of a chain.
type ChainStep struct {
	// Tool names a catalogue tool or a chain operation.
	Tool string `json:"tool"`
	// Args are literal arguments.
	Args map[string]json.RawMessage `json:"args,omitempty"`
	// Inputs feed arguments from earlier steps' results.
	Inputs map[string]ChainInput `json:"inputs,omitempty"`
	// Text is the part of the question the step answers, for people.
	Text string `json:"text,omitempty"`
}

// ChainInput is an earlier step's result fed to an argument.
type ChainInput struct {
	// Step is the 1-based number of the earlier step.
	Step int `json:"step"`
	// Index picks one element (0-based) of a node list for a node
	// argument; nil passes the whole result.
	Index *int `json:"index,omitempty"`
}

// ValueType is the type of a step's result or of an argument.
type ValueType string

// The types that flow between steps.
const (
	TypeGraph  ValueType = "graph"
	TypeNode   ValueType = "node"
	TypeNodes  ValueType = "node list"
	TypeScores ValueType = "node scores"
	TypeNumber ValueType = "number"
	TypeBool   ValueType = "boolean"
	TypeOther  ValueType = "value"
)

// The chain operations, which transform graphs or select nodes.
const (
	OpTopNodes          = "top_nodes"
	OpDegrees           = "degrees"
	OpRemoveSelfLoops   = "remove_self_loops"
	OpRemoveIsolated    = "remove_isolated_nodes"
	OpRemoveNodes       = "remove_nodes"
	OpLargestComponent  = "largest_component"
	OpCount             = "count"
	chainOpArgScores    = "scores"
	chainOpArgNodes     = "nodes"
	chainOpArgK         = "k"
	chainOpArgOrder     = "order"
	chainOpArgDirection = "direction"
)

// ChainOp describes a chain operation.
type ChainOp struct {
	Name        string
	Description string
	// Inputs are the typed arguments fed from earlier steps; Args the
	// literal ones, with their JSON types.
	Inputs map[string]ValueType
	Args   map[string]string
	Output ValueType
}

// ChainOps lists the chain operations.
func ChainOps() []ChainOp {
	return []ChainOp{
		{OpTopNodes, "the k nodes of highest (or lowest) score, ties in node order", map[string]ValueType{chainOpArgScores: TypeScores},
			map[string]string{chainOpArgK: "integer", chainOpArgOrder: "string: highest or lowest"}, TypeNodes},
		{OpDegrees, "every node's degree (in, out or total when directed)", nil, map[string]string{chainOpArgDirection: "string: in, out or total"}, TypeScores},
		{OpRemoveSelfLoops, "the graph without its self-loops", nil, nil, TypeGraph},
		{OpRemoveIsolated, "the graph without its isolated nodes", nil, nil, TypeGraph},
		{OpRemoveNodes, "the graph without the given nodes", map[string]ValueType{chainOpArgNodes: TypeNodes}, map[string]string{chainOpArgNodes: "array of node IDs"}, TypeGraph},
		{OpLargestComponent, "the largest connected component (weakly, when directed), first in node order on ties", nil, nil, TypeGraph},
		{OpCount, "the number of nodes in a node list", map[string]ValueType{chainOpArgNodes: TypeNodes}, nil, TypeNumber},
	}
}

// chainOp returns the operation called name.
func chainOp(name string) (ChainOp, bool) {
	for _, op := range ChainOps() {
		if op.Name == name {
			return op, true
		}
	}
	return ChainOp{}, false
}

// IsChainOp reports whether name is a chain operation.
func IsChainOp(name string) bool { _, ok := chainOp(name); return ok }

// toolOutput is the type of a catalogue tool's result, given whether a
// node argument narrows a per-node measure to one node.
func toolOutput(name string, hasNode bool) ValueType {
	switch name {
	case "pagerank", "betweenness_centrality", "closeness_centrality", "eccentricity":
		if hasNode {
			return TypeNumber
		}
		return TypeScores
	case "neighbors", "non_neighbors", "common_neighbors", "center", "periphery", "bfs_order", "dfs_order",
		"topological_sort", "shortest_path", "articulation_points":
		return TypeNodes
	case "node_count", "edge_count", "order", "size", "density", "diameter", "radius", "avg_path_length",
		"min_path_length", "max_path_length", "clustering_coefficient", "shortest_path_length", "degree",
		"maximum_flow", "triangle_count":
		return TypeNumber
	case "cycle_check", "is_connected", "is_bipartite", "edge_exists", "node_exists", "path_exists":
		return TypeBool
	}
	return TypeOther
}

// ChainStepOutput is the type of step s's result.
func ChainStepOutput(s ChainStep) ValueType {
	if op, ok := chainOp(s.Tool); ok {
		return op.Output
	}
	_, hasNode := s.Args["node"]
	if _, fed := s.Inputs["node"]; fed {
		hasNode = true
	}
	return toolOutput(s.Tool, hasNode)
}

// SpecLookup finds a tool's spec by name.
type SpecLookup func(name string) (tools.Spec, bool)

// RegistrySpecs looks tools up in a registry.
func RegistrySpecs(reg *tools.Registry) SpecLookup {
	return func(name string) (tools.Spec, bool) {
		t, err := reg.Get(name)
		if err != nil {
			return tools.Spec{}, false
		}
		return t.Spec(), true
	}
}

// CandidateSpecs looks tools up among candidates.
func CandidateSpecs(cs []Candidate) SpecLookup {
	return func(name string) (tools.Spec, bool) {
		for _, c := range cs {
			if c.Tool.Name == name {
				return c.Tool, true
			}
		}
		return tools.Spec{}, false
	}
}

// CheckChain checks c before it runs against the tools specs finds and
// the chain operations; errors wrap ErrBadChain and name the step.
func CheckChain(c Chain, specs SpecLookup) error {
	if len(c.Steps) == 0 {
		return fmt.Errorf("the chain has no steps: %w", ErrBadChain)
	}
	if len(c.Steps) > MaxChainSteps {
		return fmt.Errorf("the chain has %d steps, more than %d: %w", len(c.Steps), MaxChainSteps, ErrBadChain)
	}
	outs := make([]ValueType, len(c.Steps))
	ks := make([]int, len(c.Steps)) // length of a top_nodes list, 0 when unknown
	for i, s := range c.Steps {
		n := i + 1
		bad := func(format string, a ...any) error {
			return fmt.Errorf("step %d (%s): %s: %w", n, textutil.Truncate(s.Tool, 40), fmt.Sprintf(format, a...), ErrBadChain)
		}
		var inputs map[string]ValueType
		known := map[string]bool{}
		required := map[string]bool{}
		nodeParam := map[string]bool{}
		if op, ok := chainOp(s.Tool); ok {
			inputs = op.Inputs
			for k := range op.Args {
				known[k] = true
			}
			for k := range op.Inputs {
				known[k] = true
				if _, literal := op.Args[k]; !literal {
					required[k] = true
				}
			}
		} else {
			spec, ok := specs(s.Tool)
			if !ok {
				return bad("no such tool or chain operation")
			}
			for _, p := range spec.Params {
				known[p.Name] = true
				required[p.Name] = p.Required
				nodeParam[p.Name] = p.Node
			}
		}
		for k := range s.Args {
			if !known[k] {
				return bad("unknown argument %q", k)
			}
		}
		for k, in := range s.Inputs {
			if !known[k] {
				return bad("unknown argument %q", k)
			}
			if _, both := s.Args[k]; both {
				return bad("argument %q is given both literally and from step %d", k, in.Step)
			}
			if in.Step < 1 || in.Step >= n {
				return bad("argument %q takes step %d's result; only earlier steps (1 to %d) can feed it", k, in.Step, n-1)
			}
			from := outs[in.Step-1]
			want := inputs[k]
			if nodeParam[k] {
				want = TypeNode
			}
			switch {
			case want == TypeNode && from == TypeNodes:
				if in.Index == nil {
					return bad("argument %q is one node; step %d gives a node list: pick one with an index", k, in.Step)
				}
				if *in.Index < 0 || (ks[in.Step-1] > 0 && *in.Index >= ks[in.Step-1]) {
					return bad("argument %q takes element %d of step %d's %d nodes", k, *in.Index, in.Step, ks[in.Step-1])
				}
			case want == TypeNode && from == TypeNode, want == TypeNodes && (from == TypeNodes || from == TypeNode) && in.Index == nil,
				want == TypeScores && from == TypeScores && in.Index == nil:
			case want == "":
				return bad("argument %q is a setting given literally, not an earlier result", k)
			default:
				return bad("argument %q needs a %s; step %d gives a %s", k, want, in.Step, from)
			}
		}
		for k, req := range required {
			_, lit := s.Args[k]
			_, fed := s.Inputs[k]
			if req && !lit && !fed {
				return bad("missing argument %q", k)
			}
		}
		outs[i] = ChainStepOutput(s)
		if s.Tool == OpTopNodes {
			ks[i] = 1
			if raw, ok := s.Args[chainOpArgK]; ok {
				k, err := strconv.Atoi(string(bytes.TrimSpace(raw)))
				if err != nil || k < 1 {
					return bad("k must be a positive integer, got %s", textutil.Truncate(string(raw), 20))
				}
				ks[i] = k
			}
		}
	}
	return nil
}

// String shows the chain one step a line, as it is shown before it runs.
func (c Chain) String() string {
	var b strings.Builder
	for i, s := range c.Steps {
		fmt.Fprintf(&b, "%d. %s", i+1, s.Tool)
		var parts []string
		for _, k := range sortedKeys(s.Args) {
			parts = append(parts, fmt.Sprintf("%s=%s", k, s.Args[k]))
		}
		for _, k := range sortedKeys(s.Inputs) {
			in := s.Inputs[k]
			from := fmt.Sprintf("step %d", in.Step)
			if in.Index != nil {
				from = fmt.Sprintf("step %d[%d]", in.Step, *in.Index)
			}
			parts = append(parts, fmt.Sprintf("%s ← %s", k, from))
		}
		if len(parts) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
		}
		if s.Text != "" {
			fmt.Fprintf(&b, "  — %s", s.Text)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Tools lists the chain's steps' tools in order.
func (c Chain) Tools() []string {
	names := make([]string, len(c.Steps))
	for i, s := range c.Steps {
		names[i] = s.Tool
	}
	return names
}

var (
	skipStepRE = regexp.MustCompile(`(?i)^\s*(?:skip|drop|remove|delete|without)\s+(?:the\s+)?steps?\s+(\d+(?:\s*(?:,|and)\s*\d+)*)\s*[.!]?\s*$`)
	// changeStepRE is "change step N to TOOL [{ARGS}]" ("change the tool
	// to TOOL" for a chain of one step).
	changeStepRE = regexp.MustCompile(`(?i)^\s*(?:change|set|make|replace)\s+(?:the\s+)?(?:step\s+(\d+)|tool)\s+(?:to|with|=|by)\s+([a-z][a-z0-9_]*)\s*(\{.*\})?\s*[.!]?\s*$`)
)

// IsChainEdit reports whether text is an edit EditChain reads ("skip step
// 2", "change step 1 to diameter"), valid for a given chain or not.
func IsChainEdit(text string) bool {
	return skipStepRE.MatchString(text) || changeStepRE.MatchString(text)
}

// EditChain applies an edit said in words to c: "skip step 2", "drop
// steps 1 and 3", "change step 2 to closeness_centrality" (optionally
// with a JSON object of arguments; without one, the step keeps the
// arguments and inputs the new tool takes). Later steps' inputs are
// renumbered; the result is checked again, so skipping a step whose
// result a later one needs is an error naming it. ok is false when the
// text is not an edit.
func EditChain(c Chain, edit string, specs SpecLookup) (out Chain, ok bool, err error) {
	if m := changeStepRE.FindStringSubmatch(edit); m != nil {
		out, err := changeStep(c, m[1], m[2], m[3], specs)
		return out, true, err
	}
	m := skipStepRE.FindStringSubmatch(edit)
	if m == nil {
		return c, false, nil
	}
	skip := map[int]bool{}
	for _, f := range regexp.MustCompile(`\d+`).FindAllString(m[1], -1) {
		n, _ := strconv.Atoi(f)
		if n < 1 || n > len(c.Steps) {
			return c, true, fmt.Errorf("there is no step %d (the chain has %d): %w", n, len(c.Steps), ErrBadChain)
		}
		skip[n] = true
	}
	newNum := make([]int, len(c.Steps)+1)
	for i, s := range c.Steps {
		if skip[i+1] {
			continue
		}
		ns := s
		ns.Inputs = nil
		for k, in := range s.Inputs {
			if skip[in.Step] {
				return c, true, fmt.Errorf("step %d (%s) needs step %d's result for %q; skip it too or keep step %d: %w", i+1, s.Tool, in.Step, k, in.Step, ErrBadChain)
			}
			if ns.Inputs == nil {
				ns.Inputs = map[string]ChainInput{}
			}
			in.Step = newNum[in.Step]
			ns.Inputs[k] = in
		}
		out.Steps = append(out.Steps, ns)
		newNum[i+1] = len(out.Steps)
	}
	if err := CheckChain(out, specs); err != nil {
		return c, true, err
	}
	return out, true, nil
}

// changeStep replaces step number num's tool by tool ("" for the only
// step); args, when not empty, is a JSON object replacing its literal
// arguments.
func changeStep(c Chain, num, tool, args string, specs SpecLookup) (Chain, error) {
	n := 1
	if num == "" && len(c.Steps) != 1 {
		return c, fmt.Errorf("the chain has %d steps; say which one: change step N to %s: %w", len(c.Steps), tool, ErrBadChain)
	}
	if num != "" {
		var err error
		if n, err = strconv.Atoi(num); err != nil || n < 1 || n > len(c.Steps) {
			return c, fmt.Errorf("there is no step %s (the chain has %d): %w", textutil.Truncate(num, 20), len(c.Steps), ErrBadChain)
		}
	}
	tool = strings.ToLower(tool)
	known := map[string]bool{}
	if op, ok := chainOp(tool); ok {
		for k := range op.Args {
			known[k] = true
		}
		for k := range op.Inputs {
			known[k] = true
		}
	} else if spec, ok := specs(tool); ok {
		for _, p := range spec.Params {
			known[p.Name] = true
		}
	} else {
		return c, fmt.Errorf("no tool or chain operation named %q: %w", textutil.Truncate(tool, 40), ErrBadChain)
	}
	old := c.Steps[n-1]
	step := ChainStep{Tool: tool}
	if args != "" {
		if err := json.Unmarshal([]byte(args), &step.Args); err != nil {
			return c, fmt.Errorf("the arguments of step %d must be a JSON object: %v: %w", n, err, ErrBadChain)
		}
	} else {
		for k, v := range old.Args {
			if known[k] {
				if step.Args == nil {
					step.Args = map[string]json.RawMessage{}
				}
				step.Args[k] = v
			}
		}
	}
	for k, in := range old.Inputs {
		if _, literal := step.Args[k]; known[k] && !literal {
			if step.Inputs == nil {
				step.Inputs = map[string]ChainInput{}
			}
			step.Inputs[k] = in
		}
	}
	out := Chain{Steps: slices.Clone(c.Steps)}
	out.Steps[n-1] = step
	if err := CheckChain(out, specs); err != nil {
		return c, err
	}
	return out, nil
}
