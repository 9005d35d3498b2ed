package graph

import (
	"fmt"
	"io"
	"strings"
)

// maxDOTDepth bounds the nesting of subgraphs ReadDOT reads.
const maxDOTDepth = 256

// maxDOTAttrs bounds the distinct attribute keys of one attribute list (the
// statement's, merged with the defaults in force). Graphviz itself knows
// about 170 attributes.
const maxDOTAttrs = 1024

// ReadDOT reads the first graph of a Graphviz DOT file. "digraph" makes it
// directed and "graph" undirected, whatever opt.Directed says. Node
// statements add nodes with their attributes; edge statements (including
// chains "a -> b -> c" and subgraph ends "a -> {b c}") add edges. Edge
// attributes "weight" and "capacity" must be numbers and set the edge's
// weight and capacity; a numeric "label" sets the weight when no weight is
// given; all other attributes are kept as strings. Default attributes from
// "node [...]" and "edge [...]" statements apply within their (sub)graph.
// Quoted IDs are unquoted. Malformed input gives a *SyntaxError naming the
// line and column; no input makes it panic.
//
// The text is read in one pass, statement by statement, into the Builder:
// no syntax tree is built, so beside the text itself ReadDOT holds the
// graph (within opt.Limits), the open statement and the nodes of the open
// subgraphs (4 bytes per mention). An edge statement between subgraphs is
// counted before its edges are made. It reads the language gonum's DOT
// parser reads (gonum.org/v1/gonum/graph/formats/dot, whose syntax tree
// cost up to ~80 bytes of memory per byte of text) and gives the same
// graphs (FuzzReadDOTAgainstGonum).
func ReadDOT(r io.Reader, opt ReadOptions) (*Graph, error) {
	src := opt.source("DOT")
	data, err := readAllSized(r)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", src, err)
	}
	// Nesting and chain lengths are refused first, in constant memory,
	// with the position of the first brace too deep.
	if err := checkDOTNesting(src, data); err != nil {
		return nil, err
	}
	p := &dotParser{lex: dotLexer{text: data}, src: src, ctxErr: ctxErr(r)}
	p.advance()
	return p.file(opt)
}

// readAllSized is io.ReadAll into a buffer of the size r says it has, when
// it does (a file in the sandbox): io.ReadAll's growing copies would hold up
// to twice the text at once.
func readAllSized(r io.Reader) ([]byte, error) {
	size, _ := sizeHint(r)
	if size <= 0 || size > DefaultMaxBytes {
		return io.ReadAll(r)
	}
	data := make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
	}
}

// dotAttr is one attribute, unquoted.
type dotAttr struct{ key, val string }

// dotScope holds the default attributes in force.
type dotScope struct {
	node, edge []dotAttr
}

// dotParser reads DOT tokens with one token of lookahead.
type dotParser struct {
	lex        dotLexer
	src        string
	tok        dotTok
	start, end int // the current token's span

	b        *Builder
	directed bool
	// members holds the nodes mentioned inside the open subgraphs and by
	// the open edge statement; a subgraph's nodes are a suffix of it, each
	// once (stamp[node] is the number of the last subgraph that kept it).
	members []int32
	stamp   []uint32
	stamps  uint32
	// ends holds the ends of the open edge statements, innermost last.
	ends []dotEnd
	// ctxErr is the load's context's error, asked every 4096 statements.
	ctxErr func() error
	stmtN  int
}

// advance reads the next token. An ID token of the pre-check's lexer is cut
// where gonum's lexer ends it: a numeral ("1a" is 1 then a) or a name
// ("a.b" is a then .b).
func (p *dotParser) advance() {
	tok, s, e := p.lex.next()
	if tok == dotID {
		if n := dotIDLen(p.lex.text[s:e]); n == 0 {
			tok = dotIllegal
		} else if n < e-s {
			e = s + n
			p.lex.pos = e
		}
	}
	p.tok, p.start, p.end = tok, s, e
}

// dotIDLen is the length of the DOT ID that starts text (a token of
// dotLexer's): quoted and HTML strings whole, a name ([letter_][letter_
// digit]*, bytes ≥ 0x80 letters) or a numeral ([-](.digits|digits[.digits]));
// 0 when none starts it.
func dotIDLen(t []byte) int {
	if len(t) == 0 {
		return 0
	}
	if t[0] == '"' || t[0] == '<' {
		return len(t)
	}
	c := t[0]
	if c == '_' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
		n := 1
		for n < len(t) && isDOTIDByte(t[n]) {
			n++
		}
		return n
	}
	n := 0
	if t[0] == '-' {
		n++
	}
	digits := func() int {
		k := 0
		for n < len(t) && t[n] >= '0' && t[n] <= '9' {
			n++
			k++
		}
		return k
	}
	if n < len(t) && t[n] == '.' {
		n++
		if digits() == 0 {
			return 0
		}
		return n
	}
	if digits() == 0 {
		return 0
	}
	if n < len(t) && t[n] == '.' {
		n++
		digits()
	}
	return n
}

// dotKeywords are the keyword spellings gonum's lexer knows (the keywords
// are case-independent in these forms only; "nOde" is a name).
var dotKeywords = map[string]string{
	"node": "node", "Node": "node", "NODE": "node",
	"edge": "edge", "Edge": "edge", "EDGE": "edge",
	"graph": "graph", "Graph": "graph", "GRAPH": "graph",
	"digraph": "digraph", "Digraph": "digraph", "diGraph": "digraph", "DiGraph": "digraph", "DIGRAPH": "digraph",
	"subgraph": "subgraph", "Subgraph": "subgraph", "subGraph": "subgraph", "SubGraph": "subgraph", "SUBGRAPH": "subgraph",
	"strict": "strict", "Strict": "strict", "STRICT": "strict",
}

// keyword returns the keyword the current token is, or "".
func (p *dotParser) keyword() string {
	if p.tok != dotID || p.end-p.start > len("subgraph") {
		return ""
	}
	return dotKeywords[string(p.lex.text[p.start:p.end])]
}

// isID reports whether the current token is an ID (not a keyword).
func (p *dotParser) isID() bool { return p.tok == dotID && p.keyword() == "" }

// id returns the current token unquoted.
func (p *dotParser) id() string { return unquoteDOT(string(p.lex.text[p.start:p.end])) }

func (p *dotParser) fail(off int, format string, a ...any) error {
	line, col := lineCol(p.lex.text, off)
	return &SyntaxError{Source: p.src, Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
}

// expected reports what should have come where the current token is.
func (p *dotParser) expected(what string) error {
	return p.fail(p.start, "expected %s; found %s", what, p.found())
}

// found describes the current token for an error message.
func (p *dotParser) found() string {
	switch p.tok {
	case dotEOF:
		return "the end of the text"
	case dotIllegal:
		if p.end-p.start > 1 && (p.lex.text[p.start] == '"' || p.lex.text[p.start] == '<' || p.lex.text[p.start] == '/') {
			return "an unterminated string or comment"
		}
	}
	t := string(p.lex.text[p.start:p.end])
	if len(t) > 40 {
		t = t[:40] + "…"
	}
	return fmt.Sprintf("%q", t)
}

// file reads "[strict] (graph|digraph) [ID] { stmts }" and wants nothing
// after it.
func (p *dotParser) file(opt ReadOptions) (*Graph, error) {
	if p.keyword() == "strict" {
		p.advance()
	}
	var directed bool
	switch p.keyword() {
	case "graph":
	case "digraph":
		directed = true
	default:
		return nil, p.expected("one of strict, graph, digraph")
	}
	p.advance()
	name := ""
	if p.isID() {
		name = p.id()
		p.advance()
	}
	if p.tok != dotLBrace {
		return nil, p.expected("'{'")
	}
	p.advance()
	p.b, p.directed = opt.builder(directed), directed
	if err := p.stmts(dotScope{}, 0); err != nil {
		return nil, err
	}
	p.advance() // the closing brace
	if p.tok != dotEOF {
		return nil, p.fail(p.start, "more than one graph in the DOT file (another starts here); want one")
	}
	g := p.b.Build()
	if opt.Name != "" {
		name = opt.Name
	}
	g.SetName(name)
	return g, nil
}

// stmts reads statements up to the closing brace, which it leaves as the
// current token. depth is the subgraph nesting (0 in the graph's body).
func (p *dotParser) stmts(sc dotScope, depth int) error {
	for {
		switch p.tok {
		case dotRBrace:
			return nil
		case dotEOF:
			return p.expected("'}'")
		}
		if p.stmtN++; p.stmtN%4096 == 0 {
			if err := p.ctxErr(); err != nil {
				return fmt.Errorf("read %s: %w", p.src, err)
			}
		}
		mark := len(p.members)
		if err := p.stmt(&sc, depth); err != nil {
			return err
		}
		if depth == 0 {
			// Only a subgraph's nodes are needed after its statement.
			p.members = p.members[:mark]
		}
		if p.tok == dotSemi {
			p.advance()
		}
	}
}

// stmt reads one statement: an attribute statement, "ID = ID", a node
// statement, an edge statement or a subgraph.
func (p *dotParser) stmt(sc *dotScope, depth int) error {
	switch kw := p.keyword(); kw {
	case "graph", "node", "edge":
		p.advance()
		if p.tok != dotLBrack {
			return p.expected("'[' after " + kw)
		}
		// The lists are copied before they change: a subgraph's scope
		// shares its parent's.
		switch kw {
		case "node":
			sc.node = append([]dotAttr(nil), sc.node...)
			return p.attrList(&sc.node)
		case "edge":
			sc.edge = append([]dotAttr(nil), sc.edge...)
			return p.attrList(&sc.edge)
		}
		var graphAttrs []dotAttr
		return p.attrList(&graphAttrs)
	case "subgraph":
		return p.edgeStmt(sc, depth)
	case "":
	default:
		return p.expected("a statement")
	}
	switch p.tok {
	case dotLBrace:
		return p.edgeStmt(sc, depth)
	case dotID:
	default:
		return p.expected("a statement")
	}
	at := p.start
	id := p.id()
	p.advance()
	if p.tok == dotEq {
		// A graph attribute: ignored.
		p.advance()
		if !p.isID() {
			return p.expected("an attribute value")
		}
		p.advance()
		return nil
	}
	if err := p.port(); err != nil {
		return err
	}
	if p.tok == dotEdgeOp {
		first, err := p.nodeEnd(id, at)
		if err != nil {
			return err
		}
		return p.edgeStmtFrom(sc, depth, first)
	}
	i, err := p.b.AddNode(id)
	if err != nil {
		return p.nodeErr(id, at, err)
	}
	if depth > 0 {
		p.members = append(p.members, i)
	}
	attrs := sc.node
	if p.tok == dotLBrack {
		attrs = append([]dotAttr(nil), sc.node...)
		if err := p.attrList(&attrs); err != nil {
			return err
		}
	}
	for _, a := range attrs {
		if err := p.b.SetNodeAttr(id, a.key, a.val); err != nil {
			return p.nodeErr(id, at, err)
		}
	}
	return nil
}

func (p *dotParser) nodeErr(id string, at int, err error) error {
	line, col := lineCol(p.lex.text, at)
	return fmt.Errorf("%s:%d:%d: node %q: %w", p.src, line, col, id, err)
}

// port skips ":" ID [":" ID] after a node ID.
func (p *dotParser) port() error {
	for range 2 {
		if p.tok != dotColon {
			return nil
		}
		p.advance()
		if !p.isID() {
			return p.expected("a port name after ':'")
		}
		p.advance()
	}
	return nil
}

// dotEnd is one end of an edge: the members [lo, hi).
type dotEnd struct{ lo, hi int }

// nodeEnd adds the node id as an edge end.
func (p *dotParser) nodeEnd(id string, at int) (dotEnd, error) {
	lo := len(p.members)
	i, err := p.b.AddNode(id)
	if err != nil {
		return dotEnd{}, p.nodeErr(id, at, err)
	}
	p.members = append(p.members, i)
	return dotEnd{lo, lo + 1}, nil
}

// vertex reads an edge end: a node ID with an optional port, or a
// subgraph.
func (p *dotParser) vertex(sc *dotScope, depth int) (dotEnd, error) {
	if p.tok == dotLBrace || p.keyword() == "subgraph" {
		lo := len(p.members)
		if err := p.subgraph(*sc, depth); err != nil {
			return dotEnd{}, err
		}
		return dotEnd{lo, len(p.members)}, nil
	}
	if !p.isID() {
		return dotEnd{}, p.expected("a node ID or a subgraph")
	}
	at := p.start
	id := p.id()
	p.advance()
	if err := p.port(); err != nil {
		return dotEnd{}, err
	}
	return p.nodeEnd(id, at)
}

// subgraph reads "[subgraph [ID]] { stmts }" with its own copy of the
// default attributes.
func (p *dotParser) subgraph(sc dotScope, depth int) error {
	if depth+1 > maxDOTDepth {
		return p.fail(p.start, "subgraphs nested deeper than %d", maxDOTDepth)
	}
	if p.keyword() == "subgraph" {
		p.advance()
		if p.isID() {
			p.advance()
		}
	}
	if p.tok != dotLBrace {
		return p.expected("'{'")
	}
	p.advance()
	lo := len(p.members)
	if err := p.stmts(sc, depth+1); err != nil {
		return err
	}
	p.advance() // the closing brace
	// Each node once: "{a a a ...}" is one edge end, and the members stay
	// within the nodes.
	p.stamps++
	if p.stamps == 0 {
		clear(p.stamp)
		p.stamps = 1
	}
	if n := p.b.NumNodes(); len(p.stamp) < n {
		p.stamp = append(p.stamp, make([]uint32, n-len(p.stamp))...)
	}
	w := lo
	for _, m := range p.members[lo:] {
		if p.stamp[m] != p.stamps {
			p.stamp[m] = p.stamps
			p.members[w] = m
			w++
		}
	}
	p.members = p.members[:w]
	return nil
}

// edgeStmt reads a statement that starts with a subgraph: a subgraph
// alone, or the first end of an edge statement.
func (p *dotParser) edgeStmt(sc *dotScope, depth int) error {
	first, err := p.vertex(sc, depth)
	if err != nil {
		return err
	}
	if p.tok != dotEdgeOp {
		return nil
	}
	return p.edgeStmtFrom(sc, depth, first)
}

// edgeStmtFrom reads the rest of an edge statement after its first end
// (the current token is an edge operator), its attributes, and then makes
// its edges, each link's product counted first.
func (p *dotParser) edgeStmtFrom(sc *dotScope, depth int, first dotEnd) error {
	base := len(p.ends)
	defer func() { p.ends = p.ends[:base] }()
	p.ends = append(p.ends, first)
	for p.tok == dotEdgeOp {
		directed := p.lex.text[p.start+1] == '>'
		if directed != p.directed {
			if p.directed {
				return p.fail(p.start, "undirected edge '--' in a digraph")
			}
			return p.fail(p.start, "directed edge '->' in an undirected graph")
		}
		p.advance()
		e, err := p.vertex(sc, depth)
		if err != nil {
			return err
		}
		p.ends = append(p.ends, e)
	}
	ends := p.ends[base:]
	attrs := sc.edge
	if p.tok == dotLBrack {
		attrs = append([]dotAttr(nil), sc.edge...)
		if err := p.attrList(&attrs); err != nil {
			return err
		}
	}
	hasWeight := false
	for _, a := range attrs {
		if a.key == "weight" {
			hasWeight = true
		}
	}
	for k := 1; k < len(ends); k++ {
		from, to := p.members[ends[k-1].lo:ends[k-1].hi], p.members[ends[k].lo:ends[k].hi]
		if lim := p.b.maxEdges; lim > 0 && int64(len(from))*int64(len(to)) > int64(lim-p.b.NumEdges()) {
			return fmt.Errorf("%s: an edge statement makes %d×%d edges, more than the limit of %d: %w",
				p.src, len(from), len(to), lim, ErrTooLarge)
		}
		for _, u := range from {
			for _, v := range to {
				if err := p.edge(u, v, attrs, hasWeight); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// attrList reads one or more "[ key = value [,;] ... ]" lists into attrs;
// a key given again replaces its value where it was.
func (p *dotParser) attrList(attrs *[]dotAttr) error {
	for p.tok == dotLBrack {
		p.advance()
		for p.tok != dotRBrack {
			if !p.isID() {
				return p.expected("an attribute name or ']'")
			}
			at := p.start
			key := p.id()
			p.advance()
			if p.tok != dotEq {
				return p.expected("'=' after the attribute " + shortQuote(key))
			}
			p.advance()
			if !p.isID() {
				return p.expected("an attribute value")
			}
			val := p.id()
			p.advance()
			if err := p.setAttr(attrs, key, val, at); err != nil {
				return err
			}
			if p.tok == dotComma || p.tok == dotSemi {
				p.advance()
			}
		}
		p.advance()
	}
	return nil
}

func (p *dotParser) setAttr(attrs *[]dotAttr, key, val string, at int) error {
	for i := range *attrs {
		if (*attrs)[i].key == key {
			(*attrs)[i].val = val
			return nil
		}
	}
	if len(*attrs) >= maxDOTAttrs {
		return p.fail(at, "more than %d distinct attributes in one list", maxDOTAttrs)
	}
	*attrs = append(*attrs, dotAttr{key, val})
	return nil
}

// shortQuote quotes s, cut to 40 bytes.
func shortQuote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// edge adds u→v with the given attributes.
func (p *dotParser) edge(u, v int32, attrs []dotAttr, hasWeight bool) error {
	b := p.b
	e, err := b.AddEdgeIdx(u, v)
	if err != nil {
		return fmt.Errorf("%s: edge %q-%q: %w", p.src, b.ids[u], b.ids[v], err)
	}
	for _, a := range attrs {
		switch a.key {
		case "weight", "capacity":
			f, ok := parseNumber([]byte(strings.TrimSpace(a.val)))
			if !ok {
				return &SyntaxError{Source: p.src, Msg: fmt.Sprintf("edge %q-%q: %s %s is not a number", b.ids[u], b.ids[v], a.key, shortQuote(a.val))}
			}
			if a.key == "weight" {
				b.SetWeight(e, f)
			} else {
				b.SetCapacity(e, f)
			}
		case "label":
			b.SetEdgeAttr(e, a.key, a.val)
			if f, ok := parseNumber([]byte(strings.TrimSpace(a.val))); ok && !hasWeight {
				b.SetWeight(e, f)
			}
		default:
			b.SetEdgeAttr(e, a.key, a.val)
		}
	}
	return nil
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
