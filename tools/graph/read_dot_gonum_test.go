package graph

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/graph/formats/dot"
	"gonum.org/v1/gonum/graph/formats/dot/ast"
)

// readDOTGonum is ReadDOT as it was before ReadDOT had its own parser: it
// reads the first graph of a Graphviz DOT file. "digraph" makes it
// directed and "graph" undirected, whatever opt.Directed says. Node
// statements add nodes with their attributes; edge statements (including
// chains "a -> b -> c" and subgraph ends "a -> {b c}") add edges. Edge
// attributes "weight" and "capacity" must be numbers and set the edge's
// weight and capacity; a numeric "label" sets the weight when no weight is
// given; all other attributes are kept as strings. Default attributes from
// "node [...]" and "edge [...]" statements apply within their (sub)graph.
// Quoted IDs are unquoted. Malformed input gives a *SyntaxError; no input
// makes it panic.
func readDOTGonum(r io.Reader, opt ReadOptions) (g *Graph, err error) {
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
		return nil, gDotSyntaxError(src, err)
	}
	if f == nil || len(f.Graphs) == 0 {
		return nil, &SyntaxError{Source: src, Msg: "no graph in the DOT file"}
	}
	if len(f.Graphs) > 1 {
		return nil, &SyntaxError{Source: src, Msg: fmt.Sprintf("%d graphs in the DOT file; want one", len(f.Graphs))}
	}
	ag := f.Graphs[0]
	w := gDotWalker{b: opt.builder(ag.Directed), directed: ag.Directed, src: src}
	if _, err := w.stmts(ag.Stmts, gDotScope{}, 0); err != nil {
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

// gDotSyntaxError turns a gonum DOT parse error ("2:5: error: expected ...")
// into a *SyntaxError, keeping the line and column when the message starts
// with them.
func gDotSyntaxError(src string, err error) error {
	msg := err.Error()
	se := &SyntaxError{Source: src, Msg: msg}
	line, rest, ok1 := gLeadingInt(msg, ':')
	col, rest, ok2 := gLeadingInt(rest, ':')
	if ok1 && ok2 {
		se.Line, se.Col = line, col
		se.Msg = strings.TrimPrefix(strings.TrimPrefix(rest, " "), "error: ")
	}
	return se
}

// gLeadingInt parses the decimal number that starts s and is followed by sep.
func gLeadingInt(s string, sep byte) (n int, rest string, ok bool) {
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

// gDotScope holds the default attributes in force.
type gDotScope struct {
	node, edge []*ast.Attr
}

type gDotWalker struct {
	b        *Builder
	directed bool
	src      string
}

func (w *gDotWalker) fail(format string, a ...any) error {
	return &SyntaxError{Source: w.src, Msg: fmt.Sprintf(format, a...)}
}

// stmts walks a statement list and returns the nodes it mentions, for
// subgraphs used as edge ends.
func (w *gDotWalker) stmts(list []ast.Stmt, sc gDotScope, depth int) ([]int32, error) {
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
			for _, a := range gConcatAttrs(sc.node, s.Attrs) {
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
			attrs := gConcatAttrs(sc.edge, s.Attrs)
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
				sc.node = gConcatAttrs(sc.node, s.Attrs)
			case ast.EdgeKind:
				sc.edge = gConcatAttrs(sc.edge, s.Attrs)
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
func (w *gDotWalker) vertex(v ast.Vertex, sc gDotScope, depth int) ([]int32, error) {
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
func (w *gDotWalker) edge(u, v int32, attrs []*ast.Attr) error {
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

func gConcatAttrs(a, b []*ast.Attr) []*ast.Attr {
	if len(b) == 0 {
		return a
	}
	out := make([]*ast.Attr, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

// dotGraphDiff reports how a and b differ, or "".
func dotGraphDiff(a, b *Graph) string {
	switch {
	case a.Directed() != b.Directed() || a.Weighted() != b.Weighted() || a.HasCapacities() != b.HasCapacities():
		return fmt.Sprintf("kind: directed %v/%v weighted %v/%v capacities %v/%v", a.Directed(), b.Directed(), a.Weighted(), b.Weighted(), a.HasCapacities(), b.HasCapacities())
	case !slices.Equal(a.IDs(), b.IDs()):
		return fmt.Sprintf("nodes %q / %q", a.IDs(), b.IDs())
	case a.M() != b.M():
		return fmt.Sprintf("%d / %d edges", a.M(), b.M())
	case a.Name() != b.Name():
		return fmt.Sprintf("name %q / %q", a.Name(), b.Name())
	}
	for i := range int32(a.N()) {
		if !maps.Equal(a.NodeAttrs(i), b.NodeAttrs(i)) {
			return fmt.Sprintf("node %q attributes %v / %v", a.ID(i), a.NodeAttrs(i), b.NodeAttrs(i))
		}
	}
	for e := range int32(a.M()) {
		au, av := a.Edge(e)
		bu, bv := b.Edge(e)
		if au != bu || av != bv || a.Weight(e) != b.Weight(e) || a.Capacity(e) != b.Capacity(e) || !maps.Equal(a.EdgeAttrs(e), b.EdgeAttrs(e)) {
			return fmt.Sprintf("edge %d: %d-%d w %v c %v %v / %d-%d w %v c %v %v", e, au, av, a.Weight(e), a.Capacity(e), a.EdgeAttrs(e),
				bu, bv, b.Weight(e), b.Capacity(e), b.EdgeAttrs(e))
		}
	}
	return ""
}

// dotSeeds are DOT texts of every construct, for the fuzz targets.
var dotSeeds = []string{
	"digraph G { a -> b -> c; b -> d [weight=2] }", `graph { "a b" -- {c; d} [label=3] }`,
	"strict digraph { node [color=red]; edge [weight=1]; subgraph s { x -> y } z }", "graph { {a b} -- {c d} }",
	"/* c */ digraph { a:n -> b:sw [capacity=\"4\"] }", "graph { a -- b } graph { c }", `digraph { <b>html</b> -> x }`,
	`digraph { edge [weight=4]; a -> b; subgraph s { edge [weight=9]; c -> d } e -> f }`,
	"graph { 1a -- 2.5.3; -1 -- .5; a [x=1][y=2;z=3,]; rankdir=LR; Node [shape=box] nOde }",
	"Digraph \"G\" { subgraph { a b } -> { c subgraph t { d } } -> e [label=\"7\", weight=\"x\"] }",
	"graph { a -- b [weight=1]; b -- a [weight=5]; node [k=v]; c; edge [label=2]; c -- a }",
	"graph{a--b--c--a}", "digraph { a -> { b -> c } -> d }", "graph { a # comment\n -- b // x\n }",
}

// FuzzReadDOTAgainstGonum: whatever gonum's parser read (readDOTGonum, the
// reader before ReadDOT parsed DOT itself), ReadDOT reads as the same
// graph: nodes in the same order, the same edges with the same weights,
// capacities and attributes. Where gonum refused the text, ReadDOT may
// read it (it refuses less: a default weight overridden before use is not
// checked), but never panics.
func FuzzReadDOTAgainstGonum(f *testing.F) {
	for _, s := range dotSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		opt := ReadOptions{Limits: Limits{MaxNodes: 5000, MaxEdges: 5000}}
		want, werr := readDOTGonum(bytes.NewReader(data), opt)
		got, err := ReadDOT(bytes.NewReader(data), opt)
		mustBeSyntaxOrLimit(t, err)
		if werr != nil || strings.Contains(string(data), "\x00") {
			return
		}
		if err != nil {
			t.Fatalf("gonum read %q, ReadDOT: %v", data, err)
		}
		if d := dotGraphDiff(want, got); d != "" {
			t.Fatalf("%q: gonum / ReadDOT differ: %s", data, d)
		}
	})
}

// TestReadDOTAgainstGonum runs the seeds and the TestReadDOT texts through
// both readers.
func TestReadDOTAgainstGonum(t *testing.T) {
	for _, s := range dotSeeds {
		want, werr := readDOTGonum(strings.NewReader(s), ReadOptions{})
		got, err := ReadDOT(strings.NewReader(s), ReadOptions{})
		if werr != nil {
			t.Logf("%q: gonum: %v; ReadDOT: %v", s, werr, err)
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if d := dotGraphDiff(want, got); d != "" {
			t.Errorf("%q: %s", s, d)
		}
	}
}
