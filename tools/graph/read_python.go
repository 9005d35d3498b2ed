package graph

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxPythonDepth bounds the nesting of brackets in a Python edge list.
const maxPythonDepth = 64

// ParsePythonEdges parses a Python-literal edge list as written inside
// questions and by NetworkX's G.edges(data=True):
//
//	[(0, 1), (1, 2)]
//	[(0, 1, 5), (1, 2, 2.5)]                  third element = weight
//	[(0, 1, {'weight': 4, 'color': 'red'})]   attribute dict
//	[('a', 'b'), ("c", "d")]                  quoted node names
//
// Edges may also be written as lists ([0, 1]); trailing commas, newlines and
// True/False/None values are accepted. Attribute keys "weight" and
// "capacity" with numeric values set the edge's weight and capacity; other
// attributes are kept. Integer nodes are named by their decimal text, string
// nodes by their (unescaped) value. The text must hold only the list and
// surrounding white space. Errors are *SyntaxError values with the line and
// column; nesting deeper than 64 brackets is an error, not a stack overflow.
func ParsePythonEdges(text string, opt ReadOptions) (*Graph, error) {
	p := pyParser{s: text, src: opt.source("python edge list"), b: opt.builder(opt.Directed)}
	p.skipSpace()
	if _, err := p.edgeList(); err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.s) {
		return nil, p.fail("unexpected %s after the edge list", p.describe())
	}
	g := p.b.Build()
	g.SetName(opt.Name)
	return g, nil
}

// FindPythonEdgeList locates the first Python-literal edge list with at least
// one edge inside a longer text, such as "Given a directed graph, the edges
// are: [(0, 1), (1, 2)]. Is there a cycle?". It returns the byte offsets of
// the opening and just past the closing bracket; text[start:end] is accepted
// by ParsePythonEdges.
func FindPythonEdgeList(text string) (start, end int, ok bool) {
	for i := 0; i < len(text); {
		k := strings.IndexByte(text[i:], '[')
		if k < 0 {
			return 0, 0, false
		}
		start = i + k
		p := pyParser{s: text, pos: start, quiet: true}
		if n, err := p.edgeList(); err == nil && n > 0 {
			return start, p.pos, true
		}
		i = start + 1
	}
	return 0, 0, false
}

// pyParser is a recursive-descent parser over Python literals with an
// explicit depth bound. With a nil builder it only validates.
type pyParser struct {
	s     string
	pos   int
	depth int
	src   string
	b     *Builder
	// quiet skips locating errors: a search that tries every '[' would
	// otherwise pay O(position) per failed try.
	quiet bool
}

// errPyQuiet is the error of a quiet parse; nobody sees its text.
var errPyQuiet = &SyntaxError{Msg: "not a Python edge list"}

// lineCol returns the 1-based line and column of the current position.
func (p *pyParser) lineCol() (line, col int) {
	line, col = 1, 1
	for i := 0; i < p.pos && i < len(p.s); i++ {
		if p.s[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func (p *pyParser) fail(format string, a ...any) error {
	if p.quiet {
		return errPyQuiet
	}
	line, col := p.lineCol()
	return &SyntaxError{Source: p.src, Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
}

// describe names what is at the current position, for error messages.
func (p *pyParser) describe() string {
	if p.pos >= len(p.s) {
		return "end of text"
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.pos:])
	return strconv.QuoteRune(r)
}

func (p *pyParser) skipSpace() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.pos++
		default:
			return
		}
	}
}

func (p *pyParser) enter() error {
	p.depth++
	if p.depth > maxPythonDepth {
		return p.fail("brackets nested deeper than %d", maxPythonDepth)
	}
	return nil
}

// edgeList parses "[edge, edge, ...]" and returns the number of edges.
func (p *pyParser) edgeList() (int, error) {
	if p.pos >= len(p.s) || p.s[p.pos] != '[' {
		return 0, p.fail("expected '[' to start the edge list, found %s", p.describe())
	}
	p.pos++
	n := 0
	for {
		p.skipSpace()
		if p.pos >= len(p.s) {
			return n, p.fail("edge list not closed: expected ']'")
		}
		if p.s[p.pos] == ']' {
			p.pos++
			return n, nil
		}
		if err := p.edge(); err != nil {
			return n, err
		}
		n++
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.s) && p.s[p.pos] == ']' {
			p.pos++
			return n, nil
		}
		return n, p.fail("expected ',' or ']' after edge %d, found %s", n, p.describe())
	}
}

// edge parses "(u, v)", "(u, v, weight)" or "(u, v, {attrs})", or the same
// with square brackets.
func (p *pyParser) edge() error {
	open := p.s[p.pos]
	var closer byte
	switch open {
	case '(':
		closer = ')'
	case '[':
		closer = ']'
	default:
		return p.fail("expected an edge tuple '(u, v)', found %s", p.describe())
	}
	edgePos := p.pos
	p.pos++
	u, err := p.node()
	if err != nil {
		return err
	}
	if err := p.expect(',', "between the two nodes of an edge"); err != nil {
		return err
	}
	v, err := p.node()
	if err != nil {
		return err
	}
	var (
		weight, capacity float64
		hasW, hasC       bool
		attrs            map[string]any
		attrPos          int
	)
	p.skipSpace()
	if p.pos < len(p.s) && p.s[p.pos] == ',' {
		p.pos++
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] != closer {
			attrPos = p.pos
			switch c := p.s[p.pos]; {
			case c == '{':
				if weight, capacity, hasW, hasC, attrs, err = p.edgeDict(); err != nil {
					return err
				}
			case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
				lit := p.number()
				f, ok := parseNumber([]byte(lit))
				if !ok || lit == "" {
					p.pos = attrPos
					return p.fail("edge weight %q is not a number", lit)
				}
				weight, hasW = f, true
			default:
				return p.fail("third element of an edge must be a weight or an attribute dict, found %s", p.describe())
			}
			p.skipSpace()
			if p.pos < len(p.s) && p.s[p.pos] == ',' {
				p.pos++
				p.skipSpace()
			}
		}
	}
	if p.pos >= len(p.s) || p.s[p.pos] != closer {
		if p.pos < len(p.s) && p.s[p.pos] != ')' && p.s[p.pos] != ']' {
			return p.fail("edge has more than three elements or is missing %q, found %s", closer, p.describe())
		}
		return p.fail("expected %q to close the edge, found %s", closer, p.describe())
	}
	p.pos++
	if p.b == nil {
		// Validating (FindPythonEdgeList): refuse what the builder would,
		// so that a list found is a list that parses.
		for _, id := range []string{u, v} {
			if err := checkNodeID(id); err != nil {
				p.pos = edgePos
				return p.fail("%v", err)
			}
		}
		return nil
	}
	ui, err := p.b.addNodeCopy(u)
	var e int32
	if err == nil {
		var vi int32
		if vi, err = p.b.addNodeCopy(v); err == nil {
			e, err = p.b.AddEdgeIdx(ui, vi)
		}
	}
	if err != nil {
		p.pos = edgePos
		line, col := p.lineCol()
		return fmt.Errorf("%s:%d:%d: %w", p.src, line, col, err)
	}
	if hasW {
		p.b.SetWeight(e, weight)
	}
	if hasC {
		p.b.SetCapacity(e, capacity)
	}
	for k, val := range sortedAttrs(attrs) {
		p.b.SetEdgeAttr(e, k, val)
	}
	return nil
}

func isStringValue(v any) bool { _, ok := v.(string); return ok }

// pyRepr renders a parsed value for error messages, Python style.
func pyRepr(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case string:
		return strconv.Quote(x)
	case []any:
		return "a list"
	case map[string]any:
		return "a dict"
	case pySet:
		return "a set"
	}
	return fmt.Sprint(v)
}

// edgeDict parses an edge's attribute dict. Numeric "weight" and "capacity"
// come back as numbers without allocating; other keys go into attrs, which
// is only built when a builder will keep them.
func (p *pyParser) edgeDict() (weight, capacity float64, hasW, hasC bool, attrs map[string]any, err error) {
	if err = p.enter(); err != nil {
		return
	}
	defer func() { p.depth-- }()
	p.pos++
	for {
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return
		}
		keyPos := p.pos
		var k any
		if p.pos < len(p.s) && (p.s[p.pos] == '\'' || p.s[p.pos] == '"') {
			k, err = p.str() // not boxed: the common case allocates nothing
		} else {
			k, err = p.value()
		}
		if err != nil {
			return
		}
		key, ok := dictKey(k)
		if !ok {
			p.pos = keyPos
			err = p.fail("dict key must be a string or a number")
			return
		}
		if err = p.expect(':', "after a dict key"); err != nil {
			return
		}
		p.skipSpace()
		valPos := p.pos
		if (key == "weight" || key == "capacity") && p.pos < len(p.s) && isNumberStart(p.s[p.pos]) {
			// Fast path for the common numeric case, without boxing.
			lit := p.number()
			f, ok := parseNumber([]byte(lit))
			if !ok {
				p.pos = valPos
				err = p.fail("edge attribute %q: %q is not a number", key, lit)
				return
			}
			if key == "weight" {
				weight, hasW = f, true
			} else {
				capacity, hasC = f, true
			}
			if err = p.dictSep(); err != nil || p.s[p.pos-1] == '}' {
				return
			}
			continue
		}
		var v any
		if v, err = p.value(); err != nil {
			return
		}
		switch key {
		case "weight", "capacity":
			f, ok := toFloat(v)
			if !ok || isStringValue(v) {
				p.pos = valPos
				err = p.fail("edge attribute %q must be a number, found %s", key, pyRepr(v))
				return
			}
			if key == "weight" {
				weight, hasW = f, true
			} else {
				capacity, hasC = f, true
			}
		default:
			if p.b != nil {
				if attrs == nil {
					attrs = map[string]any{}
				}
				// Keys and strings may be substrings of a long text:
				// copy them so the graph does not keep the text alive.
				if sv, ok := v.(string); ok {
					v = strings.Clone(sv)
				}
				attrs[strings.Clone(key)] = v
			}
		}
		if err = p.dictSep(); err != nil || p.s[p.pos-1] == '}' {
			return
		}
	}
}

// dictSep consumes the ',' or '}' after a dict entry.
func (p *pyParser) dictSep() error {
	p.skipSpace()
	if p.pos < len(p.s) && (p.s[p.pos] == ',' || p.s[p.pos] == '}') {
		p.pos++
		return nil
	}
	return p.fail("expected ',' or '}' in a dict, found %s", p.describe())
}

func isNumberStart(c byte) bool { return c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9') }

// sortedAttrs iterates attrs in a fixed order so results never depend on map
// iteration order.
func sortedAttrs(attrs map[string]any) func(yield func(string, any) bool) {
	return func(yield func(string, any) bool) {
		if len(attrs) == 0 {
			return
		}
		keys := make([]string, 0, len(attrs))
		for k := range attrs {
			keys = append(keys, k)
		}
		sortStrings(keys)
		for _, k := range keys {
			if !yield(k, attrs[k]) {
				return
			}
		}
	}
}

func (p *pyParser) expect(c byte, where string) error {
	p.skipSpace()
	if p.pos < len(p.s) && p.s[p.pos] == c {
		p.pos++
		return nil
	}
	return p.fail("expected %q %s, found %s", c, where, p.describe())
}

// node parses a node: an integer or decimal number, or a quoted string.
func (p *pyParser) node() (string, error) {
	p.skipSpace()
	if p.pos >= len(p.s) {
		return "", p.fail("expected a node, found end of text")
	}
	switch c := p.s[p.pos]; {
	case c == '\'' || c == '"':
		return p.str()
	case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
		start := p.pos
		lit := p.number()
		if _, ok := parseNumber([]byte(lit)); !ok {
			p.pos = start
			return "", p.fail("node %q is not a number", lit)
		}
		return strings.TrimPrefix(lit, "+"), nil
	}
	return "", p.fail("expected a node (a number or a quoted string), found %s", p.describe())
}

// number scans a numeric literal and returns its text.
func (p *pyParser) number() string {
	start := p.pos
	if p.pos < len(p.s) && (p.s[p.pos] == '-' || p.s[p.pos] == '+') {
		p.pos++
	}
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if (c >= '0' && c <= '9') || c == '.' || c == '_' {
			p.pos++
			continue
		}
		if (c == 'e' || c == 'E') && p.pos+1 < len(p.s) {
			p.pos++
			if p.s[p.pos] == '-' || p.s[p.pos] == '+' {
				p.pos++
			}
			continue
		}
		break
	}
	return strings.ReplaceAll(p.s[start:p.pos], "_", "")
}

// str parses a single- or double-quoted string with Python escapes.
func (p *pyParser) str() (string, error) {
	q := p.s[p.pos]
	start := p.pos
	p.pos++
	// Fast path: no escapes before the closing quote.
	for i := p.pos; i < len(p.s); i++ {
		c := p.s[i]
		if c == q {
			p.pos = i + 1
			return p.s[start+1 : i], nil
		}
		if c == '\\' || c == '\n' {
			break
		}
	}
	var sb strings.Builder
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == q:
			p.pos++
			return sb.String(), nil
		case c == '\n':
			p.pos = start
			return "", p.fail("string not closed before the end of the line")
		case c == '\\' && p.pos+1 < len(p.s):
			p.pos++
			e := p.s[p.pos]
			p.pos++
			switch e {
			case 'n':
				sb.WriteByte('\n')
			case 't':
				sb.WriteByte('\t')
			case 'r':
				sb.WriteByte('\r')
			case '\\', '\'', '"':
				sb.WriteByte(e)
			case '\n':
			case 'x', 'u', 'U':
				n := 8
				switch e {
				case 'x':
					n = 2
				case 'u':
					n = 4
				}
				if p.pos+n > len(p.s) {
					p.pos -= 2
					return "", p.fail("truncated \\%c escape", e)
				}
				r, err := strconv.ParseUint(p.s[p.pos:p.pos+n], 16, 32)
				if err != nil || r > utf8.MaxRune {
					p.pos -= 2
					return "", p.fail("bad \\%c escape %q", e, p.s[p.pos+2:p.pos+2+n])
				}
				sb.WriteRune(rune(r))
				p.pos += n
			default:
				sb.WriteByte('\\')
				sb.WriteByte(e)
			}
		default:
			sb.WriteByte(c)
			p.pos++
		}
	}
	p.pos = start
	return "", p.fail("string not closed")
}

// value parses any literal: number, string, True, False, None, list, tuple
// or dict. Dict keys become strings.
func (p *pyParser) value() (any, error) {
	p.skipSpace()
	if p.pos >= len(p.s) {
		return nil, p.fail("expected a value, found end of text")
	}
	switch c := p.s[p.pos]; {
	case c == '\'' || c == '"':
		return p.str()
	case c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9'):
		start := p.pos
		lit := p.number()
		if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
			return i, nil
		}
		f, ok := parseNumber([]byte(lit))
		if !ok {
			p.pos = start
			return nil, p.fail("%q is not a number", lit)
		}
		return f, nil
	case c == '[' || c == '(':
		return p.sequence()
	case c == '{':
		return p.dict()
	}
	for _, kw := range [...]struct {
		word string
		val  any
	}{{"True", true}, {"False", false}, {"None", nil}, {"inf", math.Inf(1)}} {
		if strings.HasPrefix(p.s[p.pos:], kw.word) {
			p.pos += len(kw.word)
			return kw.val, nil
		}
	}
	return nil, p.fail("expected a value, found %s", p.describe())
}

// sequence parses a list or tuple into []any.
func (p *pyParser) sequence() (any, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	closer := byte(']')
	if p.s[p.pos] == '(' {
		closer = ')'
	}
	p.pos++
	out := []any{}
	for {
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == closer {
			p.pos++
			return out, nil
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.s) && p.s[p.pos] == closer {
			p.pos++
			return out, nil
		}
		return nil, p.fail("expected ',' or %q, found %s", closer, p.describe())
	}
}

// dict parses "{key: value, ...}" into map[string]any.
func (p *pyParser) dict() (any, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	p.pos++
	out := map[string]any{}
	for {
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return out, nil
		}
		keyPos := p.pos
		k, err := p.value()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if len(out) == 0 && p.pos < len(p.s) && (p.s[p.pos] == ',' || p.s[p.pos] == '}') {
			return p.set(k) // "{18, 4}": a set, as dicts of sets write neighbours
		}
		key, ok := dictKey(k)
		if !ok {
			p.pos = keyPos
			return nil, p.fail("dict key must be a string or a number")
		}
		if err := p.expect(':', "after a dict key"); err != nil {
			return nil, err
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out[key] = v
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return out, nil
		}
		return nil, p.fail("expected ',' or '}' in a dict, found %s", p.describe())
	}
}

// pySet is a Python set literal's members in the order written.
type pySet []any

// set parses the rest of a set literal "{first, ...}" after its first
// member (p.pos at the ',' or '}' after it).
func (p *pyParser) set(first any) (any, error) {
	out := pySet{first}
	for {
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return out, nil
		}
		if err := p.expect(',', "or '}' in a set"); err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return out, nil
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
}

// dictKey is a Python dict key as a string: a string, or a number in its
// shortest form; false for other values.
func dictKey(k any) (string, bool) {
	switch x := k.(type) {
	case string:
		return x, true
	case int64:
		return strconv.FormatInt(x, 10), true
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), true
	}
	return "", false
}
