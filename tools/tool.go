// Package tools defines graphagent's Tool interface, parameter specs with
// generated JSON schemas, the registry, and the catalogue of exact graph
// algorithms. Every tool answers as NetworkX does (or fails where NetworkX
// raises) so that users get the answers they expect.
package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools/graph"
)

// Sentinel errors returned by tools; check them with errors.Is.
var (
	// ErrBadArgs means the arguments do not fit the tool's parameters.
	ErrBadArgs = errors.New("bad arguments")
	// ErrNotApplicable means the tool cannot answer on this graph (for
	// example a topological sort of a cyclic graph); NetworkX raises here.
	ErrNotApplicable = errors.New("not applicable to this graph")
	// ErrUnknownTool means no tool has the given name.
	ErrUnknownTool = errors.New("unknown tool")
	// ErrTooLarge means the input exceeds the tool's size cap.
	ErrTooLarge = graph.ErrTooLarge
	// ErrNodeNotFound means an argument names a node that is not in the graph.
	ErrNodeNotFound = graph.ErrNodeNotFound
)

// GraphKind says which graphs a tool applies to.
type GraphKind string

// Graph kinds a tool may declare.
const (
	AnyGraph        GraphKind = "any"
	DirectedOnly    GraphKind = "directed"
	UndirectedOnly  GraphKind = "undirected"
	WeightedPrefers GraphKind = "weighted" // any graph; uses weights when present
)

// Spec describes a tool to people, to the retrieval index and to the planner.
type Spec struct {
	// Name is the tool's identifier, snake_case.
	Name string `json:"name"`
	// Description is one line saying what the tool computes.
	Description string `json:"description"`
	// WhenToUse says which questions it answers.
	WhenToUse string `json:"when_to_use"`
	// Returns describes the typed value.
	Returns string `json:"returns"`
	// AppliesTo says which graphs it accepts.
	AppliesTo GraphKind `json:"applies_to"`
	// Examples are sample questions, used for retrieval and help.
	Examples []string `json:"examples"`
	// Family groups tools in listings ("gtools", "common", "toolx").
	Family string `json:"family"`
	// Intents are the phrasings and concepts the tool answers. The builtin
	// planner's intent cues are built from them (reasoning.CueTools), and a
	// question that names a concept only another tool declares is not
	// answered by this one.
	Intents Intents `json:"intents,omitzero"`
	// NodeAttrs are the node attributes the tool reads, which the question
	// must give every node ("weight": NodeWeightAttr); empty for tools of
	// the structure alone.
	NodeAttrs []string `json:"node_attrs,omitempty"`
	// Params lists the parameters, derived from the parameter struct.
	Params []Param `json:"params"`
	// Schema is the JSON schema of the arguments object.
	Schema json.RawMessage `json:"schema"`
}

// Intents say, in people's words, which questions a tool answers. A new tool
// needs only its constructor and its intents to be chosen by the builtin
// planner: no regular expression elsewhere.
type Intents struct {
	// Phrases are question shapes that ask for what the tool computes, such
	// as "who follows X" or "which nodes have no incoming edges". They are
	// matched case-insensitively on whole words, with white space matching
	// any white space and:
	//   - X or Y: a node's name (one word, after an optional "node" or "vertex");
	//   - a/b/c: any one of the words;
	//   - a word ending in *: the word with any ending ("prerequisite*");
	//   - ...: up to 40 other characters of the same sentence;
	//   - a_b: the words "a b" as one alternative ("has_to");
	//   - <relates>, <related>: a one-way relation verb of the lexicon
	//     (package lang) in its base or -s form ("follows", "reports to"),
	//     or its participle ("followed"), whose subject has the edge to
	//     its object; <nodes>: one of the lexicon's nouns for nodes;
	//     <edges>: one of its nouns for edges ("corridors", "arrows").
	// A phrase that matches gives the tool a strong intent cue.
	Phrases []string `json:"phrases,omitempty"`
	// Concepts are the measures and notions the tool computes, named as a
	// question names them ("jaccard", "transitivity", "cycle"); hyphens,
	// dashes and spaces between their words are interchangeable and a
	// trailing * matches any ending. A question that names a concept cues
	// the tools that declare it, and a tool that does not declare a concept
	// the question names (where another tool declares it) is not taken as
	// its answer: the longest concept named wins, so "global clustering
	// coefficient" is not "clustering coefficient". A concept named in
	// several words of a sentence is written as a phrase, with a/b/c
	// alternatives, a_b word pairs and "..." gaps but no node slot or
	// lexicon token: "shortest/cheapest ... tour/round_trip".
	Concepts []string `json:"concepts,omitempty"`
	// Cued marks a tool the builtin planner chooses only on an intent cue
	// of the question (a phrase, a concept or the planner's cue table),
	// never on its retrieval score and the solved examples' votes alone:
	// what it computes (a partition into communities) is not what a
	// question means unless the question says so.
	Cued bool `json:"cued,omitempty"`
}

// Param describes one parameter of a tool.
type Param struct {
	Name        string `json:"name"`
	Type        string `json:"type"` // JSON schema type: string, integer, number, boolean, array
	Description string `json:"description"`
	Required    bool   `json:"required"`
	// Node is true when the value must name a node of the graph.
	Node bool `json:"node,omitempty"`
	// Graph is true when the value is a second graph (a GraphArg, such as
	// a subgraph search's pattern), which the agent fills from the second
	// graph the question writes.
	Graph bool `json:"graph,omitempty"`
}

// Result is what a tool returns: a typed value and a sentence.
type Result struct {
	// Value is the typed answer (bool, int, float64, []string, a struct...).
	Value any `json:"value"`
	// Text states the answer as a sentence.
	Text string `json:"text"`
}

// Tool is one exact graph algorithm with its description.
type Tool interface {
	// Spec describes the tool.
	Spec() Spec
	// Run executes the tool on g with arguments as a JSON object.
	Run(ctx context.Context, g *graph.Graph, args json.RawMessage) (Result, error)
}

// NodeID is a parameter naming a node. It accepts a JSON string or number, so
// both "3" and 3 name node "3".
type NodeID string

// UnmarshalJSON accepts strings and numbers.
func (n *NodeID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*n = NodeID(s)
		return nil
	}
	var num json.Number
	if err := json.Unmarshal(b, &num); err != nil {
		return fmt.Errorf("node must be a string or a number, got %s", textutil.Truncate(string(b), 40))
	}
	s := num.String()
	// 3.0 names node "3".
	if f, err := strconv.ParseFloat(s, 64); err == nil && f == float64(int64(f)) && !strings.ContainsAny(s, "eE") {
		s = strconv.FormatInt(int64(f), 10)
	}
	*n = NodeID(s)
	return nil
}

// Index resolves the node in g, with an error naming the parameter.
func (n NodeID) Index(g *graph.Graph, param string) (int32, error) {
	i, ok := g.Index(string(n))
	if !ok {
		return -1, fmt.Errorf("%s: node %q is not in the graph: %w", param, string(n), ErrNodeNotFound)
	}
	return i, nil
}

// NoParams is the parameter struct of tools that take no arguments.
type NoParams struct{}

// funcTool adapts a typed function to Tool.
type funcTool[P any] struct {
	spec Spec
	run  func(ctx context.Context, g *graph.Graph, p P) (Result, error)
}

// New makes a Tool from a spec and a function taking a typed parameter
// struct P. Parameters are declared with struct tags:
//
//	Source NodeID `json:"source" desc:"the start node"`
//	K      int    `json:"k,omitempty" desc:"how many"`   // omitempty: optional
//
// The spec's Params and Schema are generated from P.
func New[P any](spec Spec, run func(ctx context.Context, g *graph.Graph, p P) (Result, error)) Tool {
	var zero P
	spec.Params = paramsOf(reflect.TypeOf(zero))
	spec.Schema = ParamsSchema(spec.Params)
	if spec.AppliesTo == "" {
		spec.AppliesTo = AnyGraph
	}
	return &funcTool[P]{spec: spec, run: run}
}

func (t *funcTool[P]) Spec() Spec { return t.spec }

func (t *funcTool[P]) Run(ctx context.Context, g *graph.Graph, args json.RawMessage) (Result, error) {
	var p P
	if err := DecodeArgs(t.spec, args, &p); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	switch t.spec.AppliesTo {
	case DirectedOnly:
		if !g.Directed() {
			return Result{}, fmt.Errorf("%s needs a directed graph: %w", t.spec.Name, ErrNotApplicable)
		}
	case UndirectedOnly:
		if g.Directed() {
			return Result{}, fmt.Errorf("%s needs an undirected graph: %w", t.spec.Name, ErrNotApplicable)
		}
	}
	return t.run(ctx, g, p)
}

// DecodeArgs decodes a JSON arguments object into p strictly: unknown
// parameters and missing required ones are errors wrapping ErrBadArgs.
func DecodeArgs(spec Spec, args json.RawMessage, p any) error {
	args = bytes.TrimSpace(args)
	if len(args) == 0 || string(args) == "null" {
		args = []byte("{}")
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(args, &raw); err != nil {
		return fmt.Errorf("%s: arguments must be a JSON object: %v: %w", spec.Name, err, ErrBadArgs)
	}
	known := map[string]bool{}
	for _, prm := range spec.Params {
		known[prm.Name] = true
		if _, ok := raw[prm.Name]; prm.Required && !ok {
			return fmt.Errorf("%s: missing parameter %q: %w", spec.Name, prm.Name, ErrBadArgs)
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
		return fmt.Errorf("%s: unknown parameter %s (it takes %s): %w", spec.Name, strings.Join(extra, ", "), spec.ParamNames(), ErrBadArgs)
	}
	if err := json.Unmarshal(args, p); err != nil {
		return fmt.Errorf("%s: %v: %w", spec.Name, err, ErrBadArgs)
	}
	return nil
}

// ParamNames lists the tool's parameter names, comma-separated, or says
// "no parameters", for messages about arguments.
func (spec Spec) ParamNames() string {
	if len(spec.Params) == 0 {
		return "no parameters"
	}
	names := make([]string, len(spec.Params))
	for i, p := range spec.Params {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

var nodeIDType = reflect.TypeOf(NodeID(""))

func paramsOf(t reflect.Type) []Param {
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var ps []Param
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		p := Param{Name: name, Description: f.Tag.Get("desc"), Required: !strings.Contains(opts, "omitempty")}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
			p.Required = false
		}
		switch {
		case ft == nodeIDType:
			p.Type, p.Node = "string", true
		case ft == graphArgType:
			p.Type, p.Graph = "object", true
		case ft.Kind() == reflect.String:
			p.Type = "string"
		case ft.Kind() == reflect.Bool:
			p.Type = "boolean"
		case ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Uint64:
			p.Type = "integer"
		case ft.Kind() == reflect.Float32 || ft.Kind() == reflect.Float64:
			p.Type = "number"
		case ft.Kind() == reflect.Slice:
			p.Type = "array"
		default:
			p.Type = "object"
		}
		ps = append(ps, p)
	}
	return ps
}

// ParamsSchema is the JSON schema of an argument object with parameters
// ps (node parameters accept strings and integers), as New gives a Spec.
func ParamsSchema(ps []Param) json.RawMessage {
	props := map[string]any{}
	required := []string{}
	for _, p := range ps {
		if p.Graph {
			props[p.Name] = graphArgSchema(p.Description)
			if p.Required {
				required = append(required, p.Name)
			}
			continue
		}
		prop := map[string]any{"type": p.Type}
		if p.Node {
			// Node IDs are strings, but models often write numbers.
			prop["type"] = []string{"string", "integer"}
		}
		if p.Description != "" {
			prop["description"] = p.Description
		}
		props[p.Name] = prop
		if p.Required {
			required = append(required, p.Name)
		}
	}
	s := map[string]any{
		"type":                 "object",
		"properties":           props,
		"required":             required,
		"additionalProperties": false,
	}
	b, _ := json.Marshal(s)
	return b
}

// nodePair resolves the two node parameters of a pairwise tool, with errors
// naming the parameter.
func nodePair(g *graph.Graph, a NodeID, aName string, b NodeID, bName string) (int32, int32, error) {
	u, err := a.Index(g, aName)
	if err != nil {
		return -1, -1, err
	}
	v, err := b.Index(g, bName)
	if err != nil {
		return -1, -1, err
	}
	return u, v, nil
}
