package graph

import (
	"bufio"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
)

// ReadGML reads a graph in GML ("graph [ directed 1 node [ id 0 label "A" ]
// edge [ source 0 target 1 weight 2 ] ]"), strictly: one graph list,
// "directed 0|1", nodes with unique ids, edges whose source and target are
// node ids. As NetworkX's read_gml does by default, nodes are named by their
// "label" when every node has one (labels must be unique), else by their
// id; a graph where only some nodes have labels is an error. An edge's
// "weight" and "capacity" are its weight and capacity. Multigraphs
// ("multigraph 1") and duplicated edges are refused. Malformed text is a
// *SyntaxError naming the line and column.
func ReadGML(r io.Reader, opt ReadOptions) (*Graph, error) {
	src := opt.source("GML")
	// The text is parsed as it is read, so a hostile file costs the
	// values kept (bounded by the node and edge limits), not its size.
	p := gmlParser{src: src, r: bufio.NewReaderSize(r, 64<<10), line: 1, col: 0, limits: opt.Limits}
	p.advance()
	top, err := p.list(false, "")
	if err != nil {
		return nil, err
	}
	var gv *gmlValue
	for i := range top {
		if top[i].key == "graph" {
			if gv != nil {
				return nil, p.errAt(top[i].line, top[i].col, "more than one graph")
			}
			gv = &top[i]
		}
	}
	if gv == nil || gv.list == nil {
		return nil, &SyntaxError{Source: src, Line: p.line, Col: p.col, Msg: "no 'graph [ ... ]' list"}
	}
	return p.build(*gv, opt)
}

// gmlValue is one "key value" pair; list is set for "key [ ... ]".
type gmlValue struct {
	key       string
	str       string // a string value, unescaped, or a number's text
	num       float64
	isNum     bool
	list      []gmlValue
	isList    bool
	line, col int
}

// gmlParser tokenizes GML text as it reads it, keeping the line and
// column.
type gmlParser struct {
	src       string
	r         *bufio.Reader
	cur       int   // the current byte, or -1 at the end
	rerr      error // the read error that ended the text early, if any
	line, col int   // of the current byte
	depth     int
	buf       []byte // scratch for the current token
	limits    Limits
	nodes     int // "node" and "edge" entries of graph lists so far
	edges     int
}

// gmlMaxDepth bounds list nesting so hostile text cannot exhaust the stack.
const gmlMaxDepth = 64

func (p *gmlParser) errAt(line, col int, msg string) error {
	return &SyntaxError{Source: p.src, Line: line, Col: col, Msg: msg}
}

// advance moves to the next byte.
func (p *gmlParser) advance() {
	if p.cur == '\n' {
		p.line, p.col = p.line+1, 1
	} else {
		p.col++
	}
	c, err := p.r.ReadByte()
	if err != nil {
		if !errors.Is(err, io.EOF) {
			p.rerr = err
		}
		p.cur = -1
		return
	}
	p.cur = int(c)
}

// atEnd reports whether the text has ended; err is the read error that
// ended it early, wrapped.
func (p *gmlParser) atEnd() (bool, error) {
	if p.cur >= 0 {
		return false, nil
	}
	if p.rerr != nil {
		return true, fmt.Errorf("read %s: %w", p.src, p.rerr)
	}
	return true, nil
}

// skip skips white space and '#' comments.
func (p *gmlParser) skip() {
	for p.cur >= 0 {
		switch c := p.cur; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			p.advance()
		case c == '#':
			for p.cur >= 0 && p.cur != '\n' {
				p.advance()
			}
		default:
			return
		}
	}
}

// list reads "key value" pairs up to ']' (nested) or the end (top level).
// parent is the key of the list; a graph list's nodes and edges are
// counted against the limits as they are read.
func (p *gmlParser) list(nested bool, parent string) ([]gmlValue, error) {
	var out []gmlValue
	for {
		p.skip()
		if end, err := p.atEnd(); err != nil {
			return nil, err
		} else if end {
			if nested {
				return nil, p.errAt(p.line, p.col, "'[' is not closed")
			}
			return out, nil
		}
		if p.cur == ']' {
			if !nested {
				return nil, p.errAt(p.line, p.col, "unexpected ']'")
			}
			p.advance()
			return out, nil
		}
		line, col := p.line, p.col
		p.buf = p.buf[:0]
		for p.cur >= 0 && gmlKeyByte(byte(p.cur), len(p.buf) == 0) {
			p.buf = append(p.buf, byte(p.cur))
			p.advance()
		}
		if len(p.buf) == 0 {
			return nil, p.errAt(line, col, fmt.Sprintf("want a key, got %q", string(rune(p.cur))))
		}
		v := gmlValue{key: string(p.buf), line: line, col: col}
		if parent == "graph" && p.depth == 1 {
			if err := p.count(v); err != nil {
				return nil, err
			}
		}
		p.skip()
		if err := p.value(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
}

// count counts a graph list's node or edge entry against the limits
// before it is read.
func (p *gmlParser) count(v gmlValue) error {
	switch v.key {
	case "node":
		p.nodes++
		if p.limits.MaxNodes > 0 && p.nodes > p.limits.MaxNodes {
			return fmt.Errorf("%s:%d:%d: more than %d nodes: %w", p.src, v.line, v.col, p.limits.MaxNodes, ErrTooLarge)
		}
	case "edge":
		p.edges++
		if p.limits.MaxEdges > 0 && p.edges > p.limits.MaxEdges {
			return fmt.Errorf("%s:%d:%d: more than %d edges: %w", p.src, v.line, v.col, p.limits.MaxEdges, ErrTooLarge)
		}
	}
	return nil
}

func gmlKeyByte(c byte, first bool) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || !first && '0' <= c && c <= '9'
}

// value reads a number, a "string" or a [ list ] into v.
func (p *gmlParser) value(v *gmlValue) error {
	if end, err := p.atEnd(); err != nil {
		return err
	} else if end {
		return p.errAt(p.line, p.col, "key "+v.key+" has no value")
	}
	line, col := p.line, p.col
	switch c := p.cur; {
	case c == '[':
		if p.depth >= gmlMaxDepth {
			return p.errAt(line, col, "lists nested too deeply")
		}
		p.advance()
		p.depth++
		l, err := p.list(true, v.key)
		p.depth--
		if err != nil {
			return err
		}
		v.list, v.isList = l, true
		if v.list == nil {
			v.list = []gmlValue{}
		}
	case c == '"':
		p.advance()
		p.buf = p.buf[:0]
		for p.cur >= 0 && p.cur != '"' {
			p.buf = append(p.buf, byte(p.cur))
			p.advance()
		}
		if end, err := p.atEnd(); err != nil {
			return err
		} else if end {
			return p.errAt(line, col, "string is not closed")
		}
		v.str = html.UnescapeString(string(p.buf))
		p.advance()
	default:
		p.buf = p.buf[:0]
		for p.cur >= 0 && strings.IndexByte("+-.0123456789eEINFAinfa", byte(p.cur)) >= 0 {
			p.buf = append(p.buf, byte(p.cur))
			p.advance()
		}
		tok := string(p.buf)
		f, ok := gmlNumber(tok)
		if !ok || (p.cur >= 0 && !gmlSeparator(byte(p.cur))) {
			return p.errAt(line, col, "key "+v.key+": want a number, a \"string\" or a [ list ]")
		}
		v.str, v.num, v.isNum = tok, f, true
	}
	return nil
}

func gmlSeparator(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ']' || c == '#'
}

// gmlNumber parses a GML integer or real, with NetworkX's INF and NAN.
func gmlNumber(tok string) (float64, bool) {
	switch strings.TrimLeft(tok, "+-") {
	case "INF", "inf":
		if strings.HasPrefix(tok, "-") {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case "NAN", "nan":
		return math.NaN(), true
	}
	if tok == "" || strings.ContainsAny(tok, "INFAinfa") {
		return 0, false
	}
	f, err := strconv.ParseFloat(tok, 64)
	return f, err == nil
}

// build turns the graph list into a Graph.
func (p *gmlParser) build(gv gmlValue, opt ReadOptions) (*Graph, error) {
	directed := false
	type node struct {
		id, label string
		hasLabel  bool
		line, col int
	}
	var nodes []node
	var edges []gmlValue
	for _, kv := range gv.list {
		switch kv.key {
		case "directed", "multigraph":
			if !kv.isNum || (kv.num != 0 && kv.num != 1) {
				return nil, p.errAt(kv.line, kv.col, kv.key+" must be 0 or 1")
			}
			if kv.key == "multigraph" && kv.num == 1 {
				return nil, p.errAt(kv.line, kv.col, "multigraphs are not supported")
			}
			if kv.key == "directed" {
				directed = kv.num == 1
			}
		case "node":
			if !kv.isList {
				return nil, p.errAt(kv.line, kv.col, "node must be a [ list ]")
			}
			n := node{line: kv.line, col: kv.col}
			hasID := false
			for _, a := range kv.list {
				switch a.key {
				case "id":
					if a.isList || hasID {
						return nil, p.errAt(a.line, a.col, "a node needs one id that is a number or a string")
					}
					n.id, hasID = a.str, true
				case "label":
					if a.isList || n.hasLabel {
						return nil, p.errAt(a.line, a.col, "a node's label must be one number or string")
					}
					n.label, n.hasLabel = a.str, true
				}
			}
			if !hasID {
				return nil, p.errAt(kv.line, kv.col, "node has no id")
			}
			nodes = append(nodes, n)
		case "edge":
			if !kv.isList {
				return nil, p.errAt(kv.line, kv.col, "edge must be a [ list ]")
			}
			edges = append(edges, kv)
		}
	}
	labels := 0
	for _, n := range nodes {
		if n.hasLabel {
			labels++
		}
	}
	if labels > 0 && labels < len(nodes) {
		for _, n := range nodes {
			if !n.hasLabel {
				return nil, p.errAt(n.line, n.col, "node "+n.id+" has no label while others have one")
			}
		}
	}
	b := opt.builder(directed)
	byID := make(map[string]int32, len(nodes))
	names := make(map[string]bool, len(nodes))
	for _, n := range nodes {
		if _, dup := byID[n.id]; dup {
			return nil, p.errAt(n.line, n.col, "node id "+n.id+" is duplicated")
		}
		name := n.id
		if labels > 0 {
			name = n.label
		}
		if names[name] {
			return nil, p.errAt(n.line, n.col, "node label "+name+" is duplicated")
		}
		names[name] = true
		i, err := b.AddNode(name)
		if err != nil {
			return nil, err
		}
		byID[n.id] = i
	}
	seen := make(map[[2]int32]bool, len(edges))
	for _, ev := range edges {
		var su, sv string
		var hasS, hasT bool
		var w, c float64
		var hasW, hasC bool
		for _, a := range ev.list {
			switch a.key {
			case "source", "target":
				if a.isList {
					return nil, p.errAt(a.line, a.col, a.key+" must be a node id")
				}
				if a.key == "source" {
					su, hasS = a.str, true
				} else {
					sv, hasT = a.str, true
				}
			case "weight", "capacity":
				if !a.isNum {
					return nil, p.errAt(a.line, a.col, "edge "+a.key+" must be a number")
				}
				if a.key == "weight" {
					w, hasW = a.num, true
				} else {
					c, hasC = a.num, true
				}
			}
		}
		if !hasS || !hasT {
			return nil, p.errAt(ev.line, ev.col, "edge needs a source and a target")
		}
		u, ok := byID[su]
		if !ok {
			return nil, p.errAt(ev.line, ev.col, "edge source "+su+" is not a node id")
		}
		v, ok := byID[sv]
		if !ok {
			return nil, p.errAt(ev.line, ev.col, "edge target "+sv+" is not a node id")
		}
		key := [2]int32{u, v}
		if !directed && v < u {
			key = [2]int32{v, u}
		}
		if seen[key] {
			return nil, p.errAt(ev.line, ev.col, "edge "+su+" "+sv+" is duplicated")
		}
		seen[key] = true
		e, err := b.AddEdgeIdx(u, v)
		if err != nil {
			return nil, err
		}
		if hasW {
			b.SetWeight(e, w)
		}
		if hasC {
			b.SetCapacity(e, c)
		}
	}
	g := b.Build()
	g.SetName(opt.Name)
	return g, nil
}
