package graph

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// ReadNodeLink reads NetworkX node-link JSON, as written by
// json.dumps(nx.node_link_data(G)): an object with "nodes" (each with an
// "id"), and "edges" or "links" (each with "source" and "target"). A
// "directed" field overrides opt.Directed. Node attributes other than "id"
// are kept. Edge attributes "weight" and "capacity" with numeric values set
// the edge's weight and capacity; other edge attributes are kept ("key" of
// multigraphs is dropped: parallel edges merge as in nx.Graph). Node IDs may
// be strings or numbers (named by their JSON text). A "graph" object's
// "name" names the graph when opt.Name is empty.
func ReadNodeLink(r io.Reader, opt ReadOptions) (*Graph, error) {
	src := opt.source("node-link JSON")
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", src, err)
	}
	var doc struct {
		Directed *bool            `json:"directed"`
		Graph    json.RawMessage  `json:"graph"`
		Nodes    []map[string]any `json:"nodes"`
		Edges    []map[string]any `json:"edges"`
		Links    []map[string]any `json:"links"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, jsonSyntaxError(src, data, err)
	}
	if dec.More() {
		off := int(dec.InputOffset())
		line, col := lineCol(data, off)
		return nil, &SyntaxError{Source: src, Line: line, Col: col, Msg: "unexpected data after the JSON object"}
	}
	if doc.Nodes == nil && doc.Edges == nil && doc.Links == nil {
		return nil, &SyntaxError{Source: src, Msg: `not node-link JSON: no "nodes", "edges" or "links"`}
	}
	if doc.Edges != nil && doc.Links != nil {
		return nil, &SyntaxError{Source: src, Msg: `both "edges" and "links" are present`}
	}
	edges, edgesKey := doc.Edges, "edges"
	if doc.Links != nil {
		edges, edgesKey = doc.Links, "links"
	}
	directed := opt.Directed
	if doc.Directed != nil {
		directed = *doc.Directed
	}
	b := opt.builder(directed)
	b.Grow(len(doc.Nodes), len(edges))
	for i, nd := range doc.Nodes {
		if nd == nil {
			return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("nodes[%d] is not an object", i)}
		}
		rawID, ok := nd["id"]
		if !ok {
			return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf(`nodes[%d] has no "id"`, i)}
		}
		id, err := jsonNodeID(rawID)
		if err != nil {
			return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("nodes[%d].id: %v", i, err)}
		}
		if _, err := b.AddNode(id); err != nil {
			return nil, fmt.Errorf("%s: nodes[%d]: %w", src, i, err)
		}
		for k, v := range sortedAttrs(nd) {
			if k != "id" {
				if err := b.SetNodeAttr(id, k, jsonValue(v)); err != nil {
					return nil, fmt.Errorf("%s: nodes[%d]: %w", src, i, err)
				}
			}
		}
	}
	for i, ed := range edges {
		if ed == nil {
			return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d] is not an object", edgesKey, i)}
		}
		var ends [2]string
		for j, key := range [2]string{"source", "target"} {
			raw, ok := ed[key]
			if !ok {
				return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d] has no %q", edgesKey, i, key)}
			}
			id, err := jsonNodeID(raw)
			if err != nil {
				return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d].%s: %v", edgesKey, i, key, err)}
			}
			ends[j] = id
		}
		e, err := b.AddEdge(ends[0], ends[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %s[%d]: %w", src, edgesKey, i, err)
		}
		for k, v := range sortedAttrs(ed) {
			switch k {
			case "source", "target", "key":
				continue
			case "weight", "capacity":
				f, ok := v.(json.Number)
				if !ok {
					return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d].%s is %v, not a number", edgesKey, i, k, v)}
				}
				x, err := f.Float64()
				if err != nil && !errors.Is(err, strconv.ErrRange) {
					return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("%s[%d].%s: %v", edgesKey, i, k, err)}
				}
				if k == "weight" {
					b.SetWeight(e, x)
				} else {
					b.SetCapacity(e, x)
				}
			default:
				b.SetEdgeAttr(e, k, jsonValue(v))
			}
		}
	}
	g := b.Build()
	name := opt.Name
	if name == "" && len(doc.Graph) > 0 {
		var ga struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(doc.Graph, &ga) == nil {
			name = ga.Name
		}
	}
	g.SetName(name)
	return g, nil
}

// jsonSyntaxError converts a JSON decoding error into a *SyntaxError with the
// line and column of the offending byte.
func jsonSyntaxError(src string, data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := lineCol(data, int(se.Offset)-1) // Offset counts the bad byte
		return &SyntaxError{Source: src, Line: line, Col: col, Msg: se.Error()}
	case errors.As(err, &te):
		line, col := lineCol(data, int(te.Offset)-1)
		where := te.Field
		if where == "" {
			where = "document"
		}
		return &SyntaxError{Source: src, Line: line, Col: col, Msg: fmt.Sprintf("%s must be %s, not a JSON %s", where, jsonTypeName(te.Type.Kind().String()), te.Value)}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &SyntaxError{Source: src, Msg: "JSON ends early"}
	}
	return &SyntaxError{Source: src, Msg: err.Error()}
}

func jsonTypeName(kind string) string {
	switch kind {
	case "slice":
		return "an array"
	case "map", "struct":
		return "an object"
	case "ptr":
		return "a boolean"
	}
	return "a " + kind
}

// jsonNodeID turns a decoded JSON node ID into graphagent's string ID.
func jsonNodeID(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		return strconv.FormatBool(x), nil
	}
	return "", fmt.Errorf("node ID must be a string or a number, found %s", jsonKind(v))
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// jsonValue converts json.Number values (recursively) to int64 when they are
// integers and float64 otherwise.
func jsonValue(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = jsonValue(x[i])
		}
		return x
	case map[string]any:
		for k := range x {
			x[k] = jsonValue(x[k])
		}
		return x
	}
	return v
}
