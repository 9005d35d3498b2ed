// Package reasoning holds the language steps of graphagent: graph extraction,
// tool selection and parameter extraction (GraphTool-Instruction's three
// instructions), the Planner interface that performs them, and its LLM and
// builtin implementations.
package reasoning

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/graphagent/graphagent/internal/textutil"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// Sentinel errors classifying every planner failure; check them with
// errors.Is. ErrUnknownTool and ErrBadParams also match tools.ErrUnknownTool
// and tools.ErrBadArgs.
var (
	// ErrSyntax means the answer could not be parsed (no JSON object, broken
	// JSON, wrong field types).
	ErrSyntax = errors.New("unparseable answer")
	// ErrUnknownTool means the answer names a tool that is not among the
	// candidates.
	ErrUnknownTool = fmt.Errorf("tool not among the candidates: %w", tools.ErrUnknownTool)
	// ErrBadParams means the arguments do not fit the tool: a missing, extra or
	// ill-typed parameter, or a node that is not in the graph.
	ErrBadParams = fmt.Errorf("bad parameters: %w", tools.ErrBadArgs)
	// ErrServer means the language model could not be reached or kept failing
	// after the bounded retries (timeouts, 5xx, 429, dropped connections).
	ErrServer = errors.New("language model server failed")
	// ErrGraphMismatch means an extracted graph is inconsistent with the
	// question (nodes, weights or a file path that the question does not
	// contain, or the wrong direction).
	ErrGraphMismatch = errors.New("extracted graph does not match the question")
)

// NoTool is the tool name a planner returns when no candidate fits.
const NoTool = "none"

// Planner performs the language steps of answering one question. The LLM and
// builtin implementations both satisfy it; implementations are safe for
// concurrent use by many questions.
type Planner interface {
	// ExtractGraph is the graph-extraction step (Graph-Instruction). It is
	// called only when the deterministic parsers are not confident; the
	// answer is checked with CheckGraphAgainstQuestion and req.Check.
	// Errors wrap ErrSyntax, ErrGraphMismatch or ErrServer.
	ExtractGraph(ctx context.Context, req GraphRequest) (GraphText, error)
	// ChooseTool picks one candidate (optionally followed by a short chain),
	// or NoTool (Task-Instruction). Errors wrap ErrSyntax, ErrUnknownTool or
	// ErrServer.
	ChooseTool(ctx context.Context, req ToolRequest) (ToolChoice, error)
	// ExtractParams returns the chosen tool's arguments as a JSON object,
	// validated by ValidateArgs and req.Check (Parameter-Instruction). Errors
	// wrap ErrSyntax, ErrBadParams or ErrServer.
	ExtractParams(ctx context.Context, req ParamRequest) (json.RawMessage, error)
	// Name identifies the backend in traces and reports ("llm:MODEL",
	// "builtin").
	Name() string
	// Abilities declares the optional steps the planner performs besides
	// the three above. The agent, eval and the commands read a planner's
	// abilities here and nowhere else (no type assertions), so a wrapper or
	// another backend keeps every step it declares.
	Abilities() Abilities
}

// Abilities are a planner's optional steps; a nil field is a step the
// planner does not perform, and the agent then does without it as said.
type Abilities struct {
	// Chains plans questions that need several tools ("remove node 3,
	// then count the components"). Nil: the builtin chain grammar plans
	// them.
	Chains ChainPlanner
	// ExampleFree chooses a tool without solved examples and says when no
	// examples could change the choice, so that the memory lookup is
	// skipped. Nil: solved examples are always looked up.
	ExampleFree ExampleFreeChooser
	// Generate is free-text generation: the analogy step induces rules and
	// deduces with it (also over labelled datasets), and `run` translates
	// statements with it. Nil: analogy is the builtin similarity-weighted
	// vote and statements are translated by the builtin grammar.
	Generate Generator
}

// Names lists the abilities that are set ("chains", "example-free
// choice", "generation"), for traces and reports.
func (a Abilities) Names() []string {
	var names []string
	if a.Chains != nil {
		names = append(names, "chains")
	}
	if a.ExampleFree != nil {
		names = append(names, "example-free choice")
	}
	if a.Generate != nil {
		names = append(names, "generation")
	}
	return names
}

// GraphText is a graph as the graph-extraction step reports it: either edges
// given by value or a reference (a file path, dataset name or handle) to load.
type GraphText struct {
	// Directed is true for a directed graph.
	Directed bool `json:"directed"`
	// Weighted is true when the edges carry weights.
	Weighted bool `json:"weighted"`
	// Source is a file path, dataset name or working-memory handle when the
	// graph is given by reference; Edges is then empty.
	Source string `json:"source,omitempty"`
	// Edges lists the edges in the order the question gives them.
	Edges []EdgeText `json:"edges,omitempty"`
	// Nodes lists nodes named by the question that no edge touches.
	Nodes []string `json:"nodes,omitempty"`
}

// EdgeText is one extracted edge.
type EdgeText struct {
	// U and V are the endpoints' node IDs.
	U string `json:"u"`
	V string `json:"v"`
	// Weight is the edge weight; meaningful when HasWeight.
	Weight float64 `json:"weight,omitempty"`
	// HasWeight says whether the question gave a weight for this edge.
	HasWeight bool `json:"has_weight,omitempty"`
}

// Build makes a graph from the extracted edges. A graph given by reference
// (Source set, no edges) cannot be built here: the caller loads it.
func (gt GraphText) Build(limits graph.Limits) (*graph.Graph, error) {
	if gt.Source != "" && len(gt.Edges) == 0 && len(gt.Nodes) == 0 {
		return nil, fmt.Errorf("graph is given by reference (%q); load it instead", gt.Source)
	}
	b := graph.NewBuilder(gt.Directed)
	b.SetLimits(limits)
	b.Grow(len(gt.Nodes)+2*len(gt.Edges), len(gt.Edges))
	for i, e := range gt.Edges {
		var err error
		if e.HasWeight {
			_, err = b.AddWeightedEdge(e.U, e.V, e.Weight)
		} else {
			_, err = b.AddEdge(e.U, e.V)
		}
		if err != nil {
			return nil, fmt.Errorf("edge %d (%s, %s): %w", i+1, e.U, e.V, err)
		}
	}
	for _, n := range gt.Nodes {
		if _, err := b.AddNode(n); err != nil {
			return nil, fmt.Errorf("node %q: %w", n, err)
		}
	}
	return b.Build(), nil
}

// Candidate is a tool retrieved for a question with its retrieval score.
type Candidate struct {
	// Tool is the tool's spec.
	Tool tools.Spec
	// Score is the retrieval similarity (higher is closer).
	Score float64
}

// Example is a solved question from long-term memory, shown to the planner
// as guidance.
type Example struct {
	// Question is the solved question (graph text removed).
	Question string `json:"question"`
	// Tool is the tool that answered it, or NoTool.
	Tool string `json:"tool"`
	// Args are the arguments it was called with, if any.
	Args json.RawMessage `json:"args,omitempty"`
	// Answer is the verified answer, if known.
	Answer string `json:"answer,omitempty"`
	// Score is the similarity to the current question.
	Score float64 `json:"score"`
}

// GraphSummary describes the question's graph to the planner without
// copying it: its shape and a few node IDs.
type GraphSummary struct {
	Directed bool     `json:"directed"`
	Weighted bool     `json:"weighted"`
	Nodes    int      `json:"nodes"`
	Edges    int      `json:"edges"`
	Sample   []string `json:"sample_nodes,omitempty"`
	Source   string   `json:"source,omitempty"`
	// NodeAttrs are the node attributes every node carries ("weight" when
	// the question gives node weights), sorted; a tool whose
	// Spec.NodeAttrs are not all here cannot answer about the graph.
	NodeAttrs []string `json:"node_attrs,omitempty"`
}

// SummarizeGraph returns g's summary with up to sample node IDs.
func SummarizeGraph(g *graph.Graph, sample int) GraphSummary {
	if g == nil {
		return GraphSummary{}
	}
	s := GraphSummary{Directed: g.Directed(), Weighted: g.Weighted(), Nodes: g.N(), Edges: g.M(), Source: g.Name()}
	ids := g.IDs()
	if sample > len(ids) {
		sample = len(ids)
	}
	if sample > 0 {
		s.Sample = append([]string(nil), ids[:sample]...)
	}
	s.NodeAttrs = commonNodeAttrs(g)
	return s
}

// commonNodeAttrs returns the attributes every node of g carries, sorted
// (nil for a graph without nodes or without node attributes).
func commonNodeAttrs(g *graph.Graph) []string {
	if g.N() == 0 {
		return nil
	}
	var common []string
	for k := range g.NodeAttrs(0) {
		common = append(common, k)
	}
	for v := int32(1); int(v) < g.N() && len(common) > 0; v++ {
		attrs := g.NodeAttrs(v)
		common = slices.DeleteFunc(common, func(k string) bool { _, ok := attrs[k]; return !ok })
	}
	if len(common) == 0 {
		return nil
	}
	slices.Sort(common)
	return common
}

// HasNodeAttrs reports whether the graph carries every node attribute of
// attrs on every node.
func (s GraphSummary) HasNodeAttrs(attrs []string) bool {
	for _, a := range attrs {
		if !slices.Contains(s.NodeAttrs, a) {
			return false
		}
	}
	return true
}

// ToolRequest is the input of the tool-selection step.
type ToolRequest struct {
	// Question is the question with the graph text removed.
	Question string
	// Candidates are the retrieved tools, best first.
	Candidates []Candidate
	// Examples are similar solved questions, most similar first.
	Examples []Example
	// Graph describes the question's graph, when known.
	Graph *GraphSummary
}

// ToolChoice is the tool-selection step's answer.
type ToolChoice struct {
	// Tool is the chosen candidate's name, or NoTool.
	Tool string `json:"tool"`
	// Then lists further tools to run after Tool, in order (a short chain);
	// usually empty.
	Then []string `json:"then,omitempty"`
	// Thought is the planner's short justification.
	Thought string `json:"thought,omitempty"`
}

// GraphRequest is the input of the graph-extraction step.
type GraphRequest struct {
	// Question is the whole question.
	Question string
	// Check, when set, validates the extracted graph further (for example
	// against the deterministic readers' reading, see CompareGraphWithReading).
	// Its error is sent back to the planner once for repair; it should wrap
	// ErrGraphMismatch.
	Check func(GraphText) error
}

// ParamRequest is the input of the parameter-extraction step.
type ParamRequest struct {
	// Question is the question with the graph text removed.
	Question string
	// Tool is the chosen tool; its Schema constrains the answer.
	Tool tools.Spec
	// Graph is the question's graph when already loaded; node parameters are
	// checked against it and its summary is shown to the planner.
	Graph *graph.Graph
	// Check, when set, validates the arguments further (for example that a
	// source differs from the sink). Its error is sent back to the planner
	// once for repair; wrap ErrBadParams or let the planner wrap it.
	Check func(args json.RawMessage) error
}

// Usage counts language-model calls and tokens. The zero value is ready to
// use and it is safe for concurrent use.
type Usage struct {
	mu sync.Mutex
	s  UsageStats
}

// UsageStats is a snapshot of a Usage.
type UsageStats struct {
	// Calls is the number of HTTP requests sent, failed ones included.
	Calls int64 `json:"calls"`
	// Retries is how many of those calls repeated a failed one.
	Retries int64 `json:"retries"`
	// Repairs is how many repair rounds were run.
	Repairs int64 `json:"repairs"`
	// PromptTokens and CompletionTokens sum the usage the server reported.
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
}

// Tokens is PromptTokens + CompletionTokens.
func (s UsageStats) Tokens() int64 { return s.PromptTokens + s.CompletionTokens }

// Add adds d to the counters.
func (u *Usage) Add(d UsageStats) {
	u.mu.Lock()
	u.s.Calls += d.Calls
	u.s.Retries += d.Retries
	u.s.Repairs += d.Repairs
	u.s.PromptTokens += d.PromptTokens
	u.s.CompletionTokens += d.CompletionTokens
	u.mu.Unlock()
}

// Stats returns a snapshot of the counters.
func (u *Usage) Stats() UsageStats {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.s
}

type usageKey struct{}

// WithUsage returns a context whose language-model calls are also counted in
// u. Use one Usage per question to read its calls and tokens.
func WithUsage(ctx context.Context, u *Usage) context.Context {
	return context.WithValue(ctx, usageKey{}, u)
}

// UsageFrom returns the Usage attached by WithUsage, or nil.
func UsageFrom(ctx context.Context) *Usage {
	u, _ := ctx.Value(usageKey{}).(*Usage)
	return u
}

// candidateNames returns the candidates' tool names in order.
func candidateNames(cs []Candidate) []string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Tool.Name
	}
	return names
}

// ResolveToolName matches name against the candidates (exactly, then ignoring
// case, spaces and hyphens) and returns the canonical name, NoTool, or an
// error wrapping ErrUnknownTool that lists the candidates.
func ResolveToolName(name string, cs []Candidate) (string, error) {
	n := strings.TrimSpace(name)
	if strings.EqualFold(n, NoTool) {
		return NoTool, nil
	}
	for _, c := range cs {
		if c.Tool.Name == n {
			return n, nil
		}
	}
	norm := func(s string) string {
		s = strings.ToLower(strings.TrimSpace(s))
		return strings.NewReplacer(" ", "_", "-", "_").Replace(s)
	}
	nn := norm(n)
	for _, c := range cs {
		if norm(c.Tool.Name) == nn {
			return c.Tool.Name, nil
		}
	}
	return "", fmt.Errorf("%q is not one of %s or %q: %w", textutil.Truncate(n, 60), strings.Join(candidateNames(cs), ", "), NoTool, ErrUnknownTool)
}

// ValidateArgs checks a JSON arguments object against spec strictly: it must
// be an object, every required parameter present, no unknown parameter, every
// value of its declared type, and, when g is not nil, every node parameter a
// node of g. It returns the arguments compacted. Errors wrap ErrBadParams (and
// tools.ErrNodeNotFound for a missing node) and name the parameter.
func ValidateArgs(spec tools.Spec, g *graph.Graph, args json.RawMessage) (json.RawMessage, error) {
	var raw map[string]json.RawMessage
	trimmed := strings.TrimSpace(string(args))
	if trimmed == "" || trimmed == "null" {
		trimmed = "{}"
	}
	if err := json.Unmarshal([]byte(trimmed), &raw); err != nil || raw == nil {
		return nil, fmt.Errorf("%s: arguments must be a JSON object, got %s: %w", spec.Name, textutil.Truncate(trimmed, 60), ErrBadParams)
	}
	known := make(map[string]bool, len(spec.Params))
	var problems []string
	var nodeErr error
	for _, p := range spec.Params {
		known[p.Name] = true
		v, ok := raw[p.Name]
		if !ok || string(v) == "null" {
			if p.Required {
				problems = append(problems, fmt.Sprintf("missing parameter %q (%s)", p.Name, p.Description))
			}
			continue
		}
		if msg := checkParamType(p, v); msg != "" {
			problems = append(problems, msg)
			continue
		}
		if p.Node && g != nil {
			var id tools.NodeID
			if err := json.Unmarshal(v, &id); err != nil {
				problems = append(problems, fmt.Sprintf("parameter %q: %v", p.Name, err))
				continue
			}
			if _, ok := g.Index(string(id)); !ok {
				problems = append(problems, fmt.Sprintf("parameter %q: node %q is not in the graph", p.Name, string(id)))
				nodeErr = tools.ErrNodeNotFound
			}
		}
	}
	var extra []string
	for k := range raw {
		if !known[k] {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		problems = append(problems, fmt.Sprintf("unknown parameter %s (%s takes %s)", strings.Join(extra, ", "), spec.Name, spec.ParamNames()))
	}
	if len(problems) > 0 {
		if nodeErr != nil {
			return nil, fmt.Errorf("%s: %s: %w: %w", spec.Name, strings.Join(problems, "; "), ErrBadParams, nodeErr)
		}
		return nil, fmt.Errorf("%s: %s: %w", spec.Name, strings.Join(problems, "; "), ErrBadParams)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(trimmed)); err != nil {
		return nil, fmt.Errorf("%s: %v: %w", spec.Name, err, ErrBadParams)
	}
	return buf.Bytes(), nil
}

// checkParamType returns a message when v is not of p's JSON type, else "".
func checkParamType(p tools.Param, v json.RawMessage) string {
	var x any
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return fmt.Sprintf("parameter %q: %v", p.Name, err)
	}
	bad := func(want string) string {
		return fmt.Sprintf("parameter %q must be %s, got %s", p.Name, want, textutil.Truncate(string(v), 40))
	}
	if p.Node {
		switch n := x.(type) {
		case string:
			if n == "" {
				return bad("a node ID")
			}
			return ""
		case json.Number:
			if _, err := n.Int64(); err != nil {
				return bad("a node ID (string or integer)")
			}
			return ""
		default:
			return bad("a node ID (string or integer)")
		}
	}
	switch p.Type {
	case "string":
		if _, ok := x.(string); !ok {
			return bad("a string")
		}
	case "integer":
		n, ok := x.(json.Number)
		if !ok {
			return bad("an integer")
		}
		if _, err := n.Int64(); err != nil {
			return bad("an integer")
		}
	case "number":
		if _, ok := x.(json.Number); !ok {
			return bad("a number")
		}
	case "boolean":
		if _, ok := x.(bool); !ok {
			return bad("true or false")
		}
	case "array":
		if _, ok := x.([]any); !ok {
			return bad("an array")
		}
	case "object":
		if _, ok := x.(map[string]any); !ok {
			return bad("an object")
		}
	}
	return ""
}
