package tools

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools/graph"
)

// GraphArg is a parameter that is a second graph, such as the pattern of a
// subgraph search: its nodes and its edges, as the JSON object
//
//	{"nodes": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]}
//
// Nodes may be left out when every node has an edge; a node listed only in
// nodes is an isolated node of the second graph. Node IDs are strings or
// integers, as NodeID accepts them. The second graph takes the main graph's
// direction: its edges are directed when the main graph is. A parameter of
// this type is declared with Param.Graph set; the agent fills it from the
// second graph the question writes (extract.Extraction.Second), never the
// planner.
type GraphArg struct {
	// Nodes lists the nodes in order, isolated ones included.
	Nodes []NodeID `json:"nodes,omitempty"`
	// Edges lists the edges as [u, v] pairs, from u to v when directed.
	Edges [][2]NodeID `json:"edges"`
}

// UnmarshalJSON reads the object strictly: unknown fields, edges that are
// not pairs and empty node IDs are errors. A JSON string is read as edges
// written "a-b b-c" or "a->b b->c" (separated by spaces, commas or
// semicolons; a lone name is a node), as the command line's --arg
// pattern="a-b b-c" gives it.
func (a *GraphArg) UnmarshalJSON(b []byte) error {
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '"' {
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return err
		}
		return a.parseText(s)
	}
	var raw struct {
		Nodes []NodeID          `json:"nodes"`
		Edges []json.RawMessage `json:"edges"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("a graph must be an object {\"nodes\": [...], \"edges\": [[u, v], ...]}: %v", err)
	}
	out := GraphArg{Nodes: raw.Nodes}
	for i, e := range raw.Edges {
		var pair []NodeID
		if err := json.Unmarshal(e, &pair); err != nil || len(pair) != 2 {
			return fmt.Errorf("edge %d must be a pair [u, v], got %s", i, textutil.Truncate(string(e), 40))
		}
		out.Edges = append(out.Edges, [2]NodeID{pair[0], pair[1]})
	}
	for _, id := range out.Nodes {
		if id == "" {
			return fmt.Errorf("a graph's node ID is empty")
		}
	}
	for _, e := range out.Edges {
		if e[0] == "" || e[1] == "" {
			return fmt.Errorf("a graph's edge has an empty node ID")
		}
	}
	*a = out
	return nil
}

// parseText reads edges written "a-b b-c" or "a->b, b->c".
func (a *GraphArg) parseText(s string) error {
	var out GraphArg
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' || r == '\n' }) {
		u, v, ok := strings.Cut(tok, "->")
		if !ok {
			u, v, ok = strings.Cut(tok, "-")
		}
		switch {
		case !ok:
			out.Nodes = append(out.Nodes, NodeID(tok))
		case u == "" || v == "":
			return fmt.Errorf("edge %q names no node at one end", textutil.Truncate(tok, 40))
		default:
			out.Edges = append(out.Edges, [2]NodeID{NodeID(u), NodeID(v)})
		}
	}
	if len(out.Nodes) == 0 && len(out.Edges) == 0 {
		return fmt.Errorf("a graph written as text needs edges such as \"a-b b-c\"")
	}
	*a = out
	return nil
}

// Build makes the graph, directed or not, with at most maxNodes nodes and
// maxEdges edges (0: no limit); errors wrap ErrTooLarge or ErrBadArgs.
// Nodes come in the order listed, then in the order the edges name them;
// an edge given twice is one edge (NetworkX's simple graphs).
func (a GraphArg) Build(directed bool, maxNodes, maxEdges int) (*graph.Graph, error) {
	b := graph.NewBuilder(directed)
	b.SetLimits(graph.Limits{MaxNodes: maxNodes, MaxEdges: maxEdges})
	for _, id := range a.Nodes {
		if _, err := b.AddNode(string(id)); err != nil {
			return nil, argGraphErr(err)
		}
	}
	for _, e := range a.Edges {
		if _, err := b.AddEdge(string(e[0]), string(e[1])); err != nil {
			return nil, argGraphErr(err)
		}
	}
	return b.Build(), nil
}

func argGraphErr(err error) error {
	if errors.Is(err, ErrTooLarge) {
		return err
	}
	return fmt.Errorf("%v: %w", err, ErrBadArgs)
}

// GraphArgOf is the GraphArg of g: its nodes in index order and its edges
// in insertion order.
func GraphArgOf(g *graph.Graph) GraphArg {
	var a GraphArg
	for _, id := range g.IDs() {
		a.Nodes = append(a.Nodes, NodeID(id))
	}
	a.Edges = make([][2]NodeID, 0, g.M())
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		a.Edges = append(a.Edges, [2]NodeID{NodeID(g.ID(u)), NodeID(g.ID(v))})
	}
	return a
}

var graphArgType = reflect.TypeOf(GraphArg{})

// graphArgSchema is the JSON schema of a GraphArg value.
func graphArgSchema(desc string) map[string]any {
	id := map[string]any{"type": []string{"string", "integer"}}
	s := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"nodes": map[string]any{"type": "array", "items": id},
			"edges": map[string]any{"type": "array", "items": map[string]any{"type": "array", "items": id, "minItems": 2, "maxItems": 2}},
		},
		"required":             []string{"edges"},
		"additionalProperties": false,
	}
	if desc != "" {
		s["description"] = desc
	}
	return s
}

// GraphParams returns the names of spec's parameters that are second
// graphs (Param.Graph).
func (spec Spec) GraphParams() []string {
	var out []string
	for _, p := range spec.Params {
		if p.Graph {
			out = append(out, p.Name)
		}
	}
	return out
}

// WithoutGraphParams returns a copy of spec without its second-graph
// parameters (and its schema without them): the parameters a planner
// fills from the question's words, while the agent fills the graphs.
func (spec Spec) WithoutGraphParams() Spec {
	if len(spec.GraphParams()) == 0 {
		return spec
	}
	out := spec
	out.Params = nil
	for _, p := range spec.Params {
		if !p.Graph {
			out.Params = append(out.Params, p)
		}
	}
	out.Schema = ParamsSchema(out.Params)
	return out
}

// HasParam reports whether spec has a parameter called name.
func (spec Spec) HasParam(name string) bool {
	for _, p := range spec.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}
