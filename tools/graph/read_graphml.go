package graph

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxGraphMLDepth bounds the nesting of GraphML elements (graphml, graph,
// node, data, and graphs nested in nodes).
const maxGraphMLDepth = 64

// maxGraphMLData bounds the text of one <data> element.
const maxGraphMLData = 1 << 20

// graphMLWeightKeys are the edge attribute names whose number is the edge's
// weight, as the question's GraphML reader takes them; "capacity" sets the
// capacity.
var graphMLWeightKeys = map[string]bool{"weight": true, "length": true, "distance": true, "cost": true}

// ReadGraphML reads the first graph of a GraphML file, as NetworkX's
// write_graphml writes it:
//
//	<graphml><key id="d0" for="edge" attr.name="weight" attr.type="double"/>
//	<graph edgedefault="undirected"><node id="n0"/><node id="n1"/>
//	<edge source="n0" target="n1"><data key="d0">2.5</data></edge></graph></graphml>
//
// Nodes are named by their ids; edgedefault="directed" makes the graph
// directed (an edge whose own directed attribute says otherwise is refused:
// mixed graphs are not read); edge data under a key named weight, length,
// distance or cost is the edge's weight and under capacity its capacity
// (each must be a number, a key's <default> applies to edges without it);
// other data are kept as string attributes under the key's attr.name.
// Nodes of graphs nested in nodes join the graph. The file is read token
// by token (encoding/xml) and refused at the limits, so memory follows
// them; elements nested deeper than 64 levels are a *SyntaxError naming the
// line.
func ReadGraphML(r io.Reader, opt ReadOptions) (*Graph, error) {
	src := opt.source("GraphML")
	rr := &readErrs{r: r}
	dec := xml.NewDecoder(rr)
	dec.Strict = true
	fail := func(format string, a ...any) error {
		line, col := dec.InputPos()
		return &SyntaxError{Source: src, Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
	}
	type key struct {
		name, dflt string
		hasDflt    bool
		forEdge    bool
	}
	keys := map[string]*key{}
	var keyOrder []*key // as defined, for the defaults
	var (
		b          *Builder
		depth      int
		graphDepth = -1 // the depth of the first <graph>, while it is open
		done       bool
		curKey     *key   // the <key> being read (for its <default>)
		inDefault  bool   // inside a key's <default>
		node       string // the node whose <data> are read
		inNode     bool
		edge       int32 = -1
		edgeU      string
		edgeV      string
		dataKey    string
		inData     bool
		text       strings.Builder
	)
	attr := func(t xml.StartElement, name string) (string, bool) {
		for _, a := range t.Attr {
			if a.Name.Local == name {
				return a.Value, true
			}
		}
		return "", false
	}
	setEdgeValue := func(name, val string) error {
		switch {
		case graphMLWeightKeys[strings.ToLower(name)]:
			f, ok := parseNumber([]byte(strings.TrimSpace(val)))
			if !ok {
				return fail("edge (%s, %s): %s %s is not a number", shortQuote(edgeU), shortQuote(edgeV), name, shortQuote(val))
			}
			b.SetWeight(edge, f)
		case strings.EqualFold(name, "capacity"):
			f, ok := parseNumber([]byte(strings.TrimSpace(val)))
			if !ok {
				return fail("edge (%s, %s): capacity %s is not a number", shortQuote(edgeU), shortQuote(edgeV), shortQuote(val))
			}
			b.SetCapacity(edge, f)
		default:
			b.SetEdgeAttr(edge, name, val)
		}
		return nil
	}
	for !done {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			if rr.err != nil && errors.Is(err, rr.err) {
				return nil, fmt.Errorf("read %s: %w", src, err)
			}
			// Anything else the decoder refuses (bad syntax, an XML
			// version or charset it does not read) is the file's fault.
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &SyntaxError{Source: src, Line: se.Line, Msg: se.Msg}
			}
			return nil, fail("%v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth > maxGraphMLDepth {
				return nil, fail("elements nested deeper than %d", maxGraphMLDepth)
			}
			switch t.Name.Local {
			case "key":
				id, _ := attr(t, "id")
				name, ok := attr(t, "attr.name")
				if !ok || name == "" {
					name = id
				}
				f, _ := attr(t, "for")
				curKey = &key{name: name, forEdge: f == "edge" || f == "all" || f == ""}
				if id != "" {
					keys[id] = curKey
				}
				keyOrder = append(keyOrder, curKey)
			case "default":
				inDefault = curKey != nil
				text.Reset()
			case "graph":
				if b == nil {
					directed := false
					switch v, _ := attr(t, "edgedefault"); v {
					case "directed":
						directed = true
					case "undirected", "":
					default:
						return nil, fail("edgedefault %s: want directed or undirected", shortQuote(v))
					}
					b, graphDepth = opt.builder(directed), depth
				}
			case "node":
				if b == nil {
					return nil, fail("a node outside a <graph>")
				}
				id, ok := attr(t, "id")
				if !ok || id == "" {
					return nil, fail("a node has no id")
				}
				if _, err := b.AddNode(id); err != nil {
					return nil, fmt.Errorf("%s: node %s: %w", src, shortQuote(id), err)
				}
				node, inNode = id, true
			case "edge":
				if b == nil {
					return nil, fail("an edge outside a <graph>")
				}
				u, ok1 := attr(t, "source")
				v, ok2 := attr(t, "target")
				if !ok1 || !ok2 || u == "" || v == "" {
					return nil, fail("an edge lacks its source or target")
				}
				if dv, ok := attr(t, "directed"); ok && (dv == "true") != b.directed {
					return nil, fail("edge (%s, %s) has directed=%s against the graph's edgedefault: graphs of mixed edges are not read", shortQuote(u), shortQuote(v), shortQuote(dv))
				}
				e, err := b.AddEdge(u, v)
				if err != nil {
					return nil, fmt.Errorf("%s: edge (%s, %s): %w", src, shortQuote(u), shortQuote(v), err)
				}
				edge, edgeU, edgeV = e, u, v
				for _, k := range keyOrder {
					if k.forEdge && k.hasDflt {
						if err := setEdgeValue(k.name, k.dflt); err != nil {
							return nil, err
						}
					}
				}
			case "data":
				dataKey, _ = attr(t, "key")
				inData = true
				text.Reset()
			case "hyperedge":
				return nil, fail("hyperedges are not read")
			}
		case xml.CharData:
			if inData || inDefault {
				if text.Len()+len(t) > maxGraphMLData {
					return nil, fail("a <data> or <default> longer than %d bytes", maxGraphMLData)
				}
				text.Write(t)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "default":
				if inDefault {
					curKey.dflt, curKey.hasDflt = text.String(), true
				}
				inDefault = false
			case "key":
				curKey = nil
			case "data":
				name := dataKey
				k := keys[dataKey]
				if k != nil {
					name = k.name
				}
				switch {
				case edge >= 0:
					if err := setEdgeValue(name, text.String()); err != nil {
						return nil, err
					}
				case inNode:
					if err := b.SetNodeAttr(node, name, text.String()); err != nil {
						return nil, fmt.Errorf("%s: node %s: %w", src, shortQuote(node), err)
					}
				}
				inData = false
			case "edge":
				edge = -1
			case "node":
				inNode = false
			case "graph":
				if depth == graphDepth {
					done = true
				}
			}
			depth--
		}
	}
	if b == nil {
		return nil, &SyntaxError{Source: src, Msg: "no <graph> in the GraphML file"}
	}
	if !done {
		return nil, &SyntaxError{Source: src, Msg: "the GraphML file ends inside its <graph>"}
	}
	g := b.Build()
	g.SetName(opt.Name)
	return g, nil
}

// readErrs remembers the error of its reader (not io.EOF), to tell a read
// failure from a malformed file.
type readErrs struct {
	r   io.Reader
	err error
}

func (e *readErrs) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF {
		e.err = err
	}
	return n, err
}
