package graph

import (
	"fmt"
	"io"
	"strings"

	"gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/formats/dot/ast"
)

// maxDOTDepth bounds the nesting of subgraphs ReadDOT walks.
const maxDOTDepth = 256

// ReadDOT reads the first graph of a Graphviz DOT file. "digraph" makes it
// directed and "graph" undirected, whatever opt.Directed says. Node
// statements add nodes with their attributes; edge statements (including
// chains "a -> b -> c" and subgraph ends "a -> {b c}") add edges. Edge
// attributes "weight" and "capacity" must be numbers and set the edge's
// weight and capacity; a numeric "label" sets the weight when no weight is
// given; all other attributes are kept as strings. Default attributes from
// "node [...]" and "edge [...]" statements apply within their (sub)graph.
// Quoted IDs are unquoted. Malformed input gives a *SyntaxError; no input
// makes it panic.
func ReadDOT(r io.Reader, opt ReadOptions) (g *Graph, err error) {
	src := opt.source("DOT")
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", src, err)
	}
	defer func() {
		if rec := recover(); rec != nil {
			g, err = nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("DOT parser failed: %v", rec)}
		}
	}()
	// gonum's parser and checker recurse per nesting level and per edge
	// link, and a stack overflow is fatal (recover cannot catch it).
	if err := checkDOTNesting(src, data); err != nil {
		return nil, err
	}
	f, err := dot.ParseBytes(data)
	if err != nil {
		return nil, dotSyntaxError(src, err)
	}
	if f == nil || len(f.Graphs) == 0 {
		return nil, &SyntaxError{Source: src, Msg: "no graph in the DOT file"}
	}
	if len(f.Graphs) > 1 {
		return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("%d graphs in the DOT file; want one", len(f.Graphs))}
	}
	ag := f.Graphs[0]
	w := dotWalker{b: opt.builder(ag.Directed), directed: ag.Directed, src: src}
	if _, err := w.stmts(ag.Stmts, dotScope{}, 0); err != nil {
		return nil, err
	}
	g = w.b.Build()
	name := opt.Name
	if name == "" {
		name = unquoteDOT(ag.ID)
	}
	g.SetName(name)
	return g, nil
}

// dotSyntaxError turns a gonum DOT parse error ("2:5: error: expected ...")
// into a *SyntaxError, keeping the line and column when the message starts
// with them.
func dotSyntaxError(src string, err error) error {
	msg := err.Error()
	se := &SyntaxError{Source: src, Msg: msg}
	line, rest, ok1 := leadingInt(msg, ':')
	col, rest, ok2 := leadingInt(rest, ':')
	if ok1 && ok2 {
		se.Line, se.Col = line, col
		se.Msg = strings.TrimPrefix(strings.TrimPrefix(rest, " "), "error: ")
	}
	return se
}

// leadingInt parses the decimal number that starts s and is followed by sep.
func leadingInt(s string, sep byte) (n int, rest string, ok bool) {
	i := 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == 0 || i >= len(s) || s[i] != sep {
		return 0, s, false
	}
	return n, s[i+1:], true
}

// dotScope holds the default attributes in force.
type dotScope struct {
	node, edge []*ast.Attr
}

type dotWalker struct {
	b        *Builder
	directed bool
	src      string
}

func (w *dotWalker) fail(format string, a ...any) error {
	return &SyntaxError{Source: w.src, Msg: fmt.Sprintf(format, a...)}
}

// stmts walks a statement list and returns the nodes it mentions, for
// subgraphs used as edge ends.
func (w *dotWalker) stmts(list []ast.Stmt, sc dotScope, depth int) ([]int32, error) {
	if depth > maxDOTDepth {
		return nil, w.fail("subgraphs nested deeper than %d", maxDOTDepth)
	}
	var nodes []int32
	for _, st := range list {
		switch s := st.(type) {
		case *ast.NodeStmt:
			if s.Node == nil {
				continue
			}
			id := unquoteDOT(s.Node.ID)
			i, err := w.b.AddNode(id)
			if err != nil {
				return nil, fmt.Errorf("%s: node %q: %w", w.src, id, err)
			}
			nodes = append(nodes, i)
			for _, a := range concatAttrs(sc.node, s.Attrs) {
				if err := w.b.SetNodeAttr(id, unquoteDOT(a.Key), unquoteDOT(a.Val)); err != nil {
					return nil, fmt.Errorf("%s: node %q: %w", w.src, id, err)
				}
			}
		case *ast.EdgeStmt:
			from, err := w.vertex(s.From, sc, depth)
			if err != nil {
				return nil, err
			}
			nodes = append(nodes, from...)
			attrs := concatAttrs(sc.edge, s.Attrs)
			for e := s.To; e != nil; e = e.To {
				if e.Directed != w.directed {
					if w.directed {
						return nil, w.fail("undirected edge '--' in a digraph at %s", e.Vertex)
					}
					return nil, w.fail("directed edge '->' in an undirected graph at %s", e.Vertex)
				}
				to, err := w.vertex(e.Vertex, sc, depth)
				if err != nil {
					return nil, err
				}
				nodes = append(nodes, to...)
				// A product of two subgraphs is counted before it is built.
				if lim := w.b.maxEdges; lim > 0 && int64(len(from))*int64(len(to)) > int64(lim-w.b.NumEdges()) {
					return nil, fmt.Errorf("%s: an edge statement makes %d×%d edges, more than the limit of %d: %w",
						w.src, len(from), len(to), lim, ErrTooLarge)
				}
				for _, u := range from {
					for _, v := range to {
						if err := w.edge(u, v, attrs); err != nil {
							return nil, err
						}
					}
				}
				from = to
			}
		case *ast.AttrStmt:
			switch s.Kind {
			case ast.NodeKind:
				sc.node = concatAttrs(sc.node, s.Attrs)
			case ast.EdgeKind:
				sc.edge = concatAttrs(sc.edge, s.Attrs)
			}
		case *ast.Subgraph:
			sub, err := w.stmts(s.Stmts, sc, depth+1)
			if err != nil {
				return nil, err
			}
			nodes = append(nodes, sub...)
		}
	}
	return nodes, nil
}

// vertex returns the nodes of an edge end: one node or a subgraph's nodes.
func (w *dotWalker) vertex(v ast.Vertex, sc dotScope, depth int) ([]int32, error) {
	switch x := v.(type) {
	case *ast.Node:
		id := unquoteDOT(x.ID)
		i, err := w.b.AddNode(id)
		if err != nil {
			return nil, fmt.Errorf("%s: node %q: %w", w.src, id, err)
		}
		return []int32{i}, nil
	case *ast.Subgraph:
		return w.stmts(x.Stmts, sc, depth+1)
	}
	return nil, w.fail("unsupported edge end %v", v)
}

// edge adds u→v with the given attributes (later ones override earlier).
func (w *dotWalker) edge(u, v int32, attrs []*ast.Attr) error {
	e, err := w.b.AddEdgeIdx(u, v)
	if err != nil {
		return fmt.Errorf("%s: edge %q-%q: %w", w.src, w.b.ids[u], w.b.ids[v], err)
	}
	hasWeight := false
	for _, a := range attrs {
		if unquoteDOT(a.Key) == "weight" {
			hasWeight = true
		}
	}
	for _, a := range attrs {
		key, val := unquoteDOT(a.Key), unquoteDOT(a.Val)
		switch key {
		case "weight", "capacity":
			f, ok := parseNumber([]byte(strings.TrimSpace(val)))
			if !ok {
				return w.fail("edge %q-%q: %s %q is not a number", w.b.ids[u], w.b.ids[v], key, val)
			}
			if key == "weight" {
				w.b.SetWeight(e, f)
			} else {
				w.b.SetCapacity(e, f)
			}
		case "label":
			w.b.SetEdgeAttr(e, key, val)
			if f, ok := parseNumber([]byte(strings.TrimSpace(val))); ok && !hasWeight {
				w.b.SetWeight(e, f)
			}
		default:
			w.b.SetEdgeAttr(e, key, val)
		}
	}
	return nil
}

func concatAttrs(a, b []*ast.Attr) []*ast.Attr {
	if len(b) == 0 {
		return a
	}
	out := make([]*ast.Attr, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

// unquoteDOT removes DOT quoting: "..." strings (with \" escapes and
// backslash-newline continuations) and <...> HTML strings.
func unquoteDOT(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
		if strings.IndexByte(s, '\\') >= 0 {
			s = strings.ReplaceAll(s, "\\\r\n", "")
			s = strings.ReplaceAll(s, "\\\n", "")
			s = strings.ReplaceAll(s, `\"`, `"`)
		}
		return s
	}
	if len(s) >= 2 && s[0] == '<' && s[len(s)-1] == '>' {
		return s[1 : len(s)-1]
	}
	return s
}
