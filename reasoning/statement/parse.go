package statement

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrSyntax is wrapped by every *SyntaxError; check it with errors.Is.
var ErrSyntax = errors.New("statement syntax error")

// SyntaxError says where a statement is malformed and what was expected
// there. It wraps ErrSyntax.
type SyntaxError struct {
	// Offset is the byte offset of the problem in the sentence.
	Offset int
	// Line and Column are 1-based; Column counts characters, not bytes.
	Line, Column int
	// Expected says what the grammar allows at this point.
	Expected string
	// Found is what is there instead: a short quoted excerpt or "the end of
	// the sentence".
	Found string
}

// Error formats the error as "line L, column C: expected X, found Y".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("statement: line %d, column %d: expected %s, found %s", e.Line, e.Column, e.Expected, e.Found)
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// maxDepth bounds the nesting of invocations, sets and tuples so that
// hostile input cannot exhaust the stack.
const maxDepth = 64

// arrows are the spellings of the result arrow, longest first: the data's
// "-->", the paper's "->" and "→", and the en dash a PDF makes of "-".
var arrows = []string{"-->", "–>", "->", "→"}

type parser struct {
	src   string
	pos   int
	depth int
}

// Parse reads a sentence and returns its parts: ordinary text, bracketed
// API calls and [TBR] placeholders. A '[' that does not open a call or a
// placeholder is ordinary text; a call that is malformed is an error
// (*SyntaxError) giving the column and what was expected.
func Parse(sentence string) (*Statement, error) {
	p := &parser{src: sentence}
	st := &Statement{Source: sentence}
	textStart := 0
	flushText := func(end int) {
		if end > textStart {
			st.Parts = append(st.Parts, Text{Text: sentence[textStart:end], Pos: textStart})
		}
	}
	for p.pos < len(p.src) {
		i := strings.IndexByte(p.src[p.pos:], '[')
		if i < 0 {
			break
		}
		open := p.pos + i
		p.pos = open
		switch p.bracketKind() {
		case bracketPlaceholder:
			flushText(open)
			end := open + strings.IndexByte(p.src[open:], ']') + 1
			st.Parts = append(st.Parts, Placeholder{Pos: open})
			p.pos, textStart = end, end
		case bracketCall:
			flushText(open)
			c, err := p.parseCall()
			if err != nil {
				return nil, err
			}
			st.Parts = append(st.Parts, c)
			textStart = p.pos
		default:
			p.pos = open + 1
		}
	}
	flushText(len(p.src))
	return st, nil
}

// ParseValue parses one argument value, such as `GL("cora")` or
// `{"cubical_graph"}`, with nothing after it but spaces.
func ParseValue(s string) (Value, error) {
	p := &parser{src: s}
	v, err := p.parseValue()
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		return nil, p.errorf("the end of the value")
	}
	return v, nil
}

type bracketKind int

const (
	bracketText bracketKind = iota
	bracketPlaceholder
	bracketCall
)

// bracketKind says what the '[' at p.pos opens, without consuming it.
func (p *parser) bracketKind() bracketKind {
	rest := strings.TrimLeft(p.src[p.pos+1:], " \t")
	if strings.HasPrefix(rest, "TBR]") {
		return bracketPlaceholder
	}
	if isInvocationStart(rest) {
		return bracketCall
	}
	return bracketText
}

// isInvocationStart reports whether s starts with GL( or GR( (spaces
// allowed before the parenthesis).
func isInvocationStart(s string) bool {
	if !strings.HasPrefix(s, "GL") && !strings.HasPrefix(s, "GR") {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(s[2:], " \t"), "(")
}

// parseCall reads "[" invocation [arrow target] "]" at p.pos.
func (p *parser) parseCall() (*Call, error) {
	c := &Call{Pos: p.pos}
	p.pos++ // '['
	p.skipSpace()
	inv, err := p.parseInvocation()
	if err != nil {
		return nil, err
	}
	c.Inv = inv
	p.skipSpace()
	if a := p.arrowAt(); a != "" {
		p.pos += len(a)
		start := p.pos
		end := strings.IndexAny(p.src[start:], "[]")
		if end < 0 || p.src[start+end] != ']' {
			if end >= 0 {
				p.pos = start + end
			} else {
				p.pos = len(p.src)
			}
			return nil, p.errorf("']' closing the call")
		}
		c.Target = strings.TrimSpace(p.src[start : start+end])
		if c.Target == "" {
			p.pos = start + end
			return nil, p.errorf("a result name such as r after the arrow")
		}
		p.pos = start + end
	}
	if !p.eat(']') {
		if c.Target == "" {
			return nil, p.errorf("']' closing the call or an arrow --> before a result name")
		}
		return nil, p.errorf("']' closing the call")
	}
	c.End = p.pos
	return c, nil
}

// arrowAt returns the arrow spelling at p.pos, or "".
func (p *parser) arrowAt() string {
	for _, a := range arrows {
		if strings.HasPrefix(p.src[p.pos:], a) {
			return a
		}
	}
	return ""
}

// parseInvocation reads GL(args) or GR(args) at p.pos.
func (p *parser) parseInvocation() (*Invocation, error) {
	if !isInvocationStart(p.src[p.pos:]) {
		return nil, p.errorf("GL( or GR(")
	}
	inv := &Invocation{Func: p.src[p.pos : p.pos+2], Pos: p.pos}
	p.pos += 2
	p.skipSpace()
	p.pos++ // '('
	args, err := p.parseList(')', "an argument")
	if err != nil {
		return nil, err
	}
	inv.Args = args
	return inv, nil
}

// parseList reads values separated by commas up to the closing byte,
// which it consumes. A trailing comma is allowed, as in Python.
func (p *parser) parseList(closing byte, what string) ([]Value, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return nil, p.errorf(fmt.Sprintf("at most %d levels of nesting", maxDepth))
	}
	var vals []Value
	for {
		p.skipSpace()
		if p.eat(closing) {
			return vals, nil
		}
		v, err := p.parseValue()
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
		p.skipSpace()
		if p.eat(',') {
			continue
		}
		if p.eat(closing) {
			return vals, nil
		}
		return nil, p.errorf(fmt.Sprintf("',' or '%c' after %s", closing, what))
	}
}

// parseValue reads one argument value at p.pos (after spaces).
func (p *parser) parseValue() (Value, error) {
	p.skipSpace()
	if p.pos >= len(p.src) {
		return nil, p.errorf("a value")
	}
	start := p.pos
	r, size := utf8.DecodeRuneInString(p.src[p.pos:])
	switch {
	case r == '"' || r == '\'' || r == '“' || r == '‘':
		text, err := p.parseString(r, size)
		if err != nil {
			return nil, err
		}
		if ref, ok := refIn(text); ok {
			ref.Quoted, ref.Pos = true, start
			return ref, nil
		}
		return String{Text: text, Pos: start}, nil
	case r == '{':
		p.pos++
		elems, err := p.parseList('}', "an element of the set")
		if err != nil {
			return nil, err
		}
		return Set{Elems: elems, Pos: start}, nil
	case r == '(':
		p.pos++
		elems, err := p.parseList(')', "an element of the tuple")
		if err != nil {
			return nil, err
		}
		return Tuple{Elems: elems, Pos: start}, nil
	case isInvocationStart(p.src[p.pos:]):
		return p.parseInvocation()
	}
	tok := p.bareToken()
	if tok == "" {
		return nil, p.errorf("a value (a string, number, set, tuple, reference or GL/GR call)")
	}
	if len(tok) > 1 && strings.HasSuffix(tok, ":") {
		p.depth++
		defer func() { p.depth-- }()
		if p.depth > maxDepth {
			return nil, p.errorf(fmt.Sprintf("at most %d levels of nesting", maxDepth))
		}
		val, err := p.parseValue()
		if err != nil {
			return nil, err
		}
		return Keyed{Key: tok[:len(tok)-1], Value: val, Pos: start}, nil
	}
	// Unquoted phrases run on over single spaces: {New York City, Los Angeles}.
	for {
		save := p.pos
		p.skipSpace()
		if p.pos == save || p.pos >= len(p.src) {
			p.pos = save
			break
		}
		r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
		if isDelimiter(r) || p.arrowAt() != "" {
			p.pos = save
			break
		}
		p.bareToken()
		tok = p.src[start:p.pos]
	}
	if isNumber(tok) {
		return Number{Text: tok, Pos: start}, nil
	}
	if ref, ok := refIn(tok); ok {
		ref.Pos = start
		return ref, nil
	}
	return Word{Text: tok, Pos: start}, nil
}

// parseString reads a string opened by the quote q (of size bytes) at
// p.pos. Inside, a backslash escapes the next character.
func (p *parser) parseString(q rune, size int) (string, error) {
	closing := q
	switch q {
	case '“':
		closing = '”'
	case '‘':
		closing = '’'
	}
	start := p.pos
	p.pos += size
	var sb strings.Builder
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		switch {
		case r == closing:
			p.pos += n
			return sb.String(), nil
		case r == '\\' && p.pos+n < len(p.src):
			p.pos += n
			r, n = utf8.DecodeRuneInString(p.src[p.pos:])
			sb.WriteRune(r)
			p.pos += n
		default:
			sb.WriteString(p.src[p.pos : p.pos+n])
			p.pos += n
		}
	}
	p.pos = start
	return "", p.errorf(fmt.Sprintf("a closing %c for the string opened here", closing))
}

// bareToken reads an unquoted token: characters up to a space, a comma, a
// bracket, a brace, a parenthesis or a double quote.
func (p *parser) bareToken() string {
	start := p.pos
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if isDelimiter(r) {
			break
		}
		p.pos += n
	}
	return p.src[start:p.pos]
}

func isDelimiter(r rune) bool {
	switch r {
	case ',', '(', ')', '[', ']', '{', '}', '"', '“', '”':
		return true
	}
	return unicode.IsSpace(r)
}

// refIn reads s as a reference Kind#ID (spaces allowed before '#'). The
// ID may not hold spaces or delimiters.
func refIn(s string) (Ref, bool) {
	i := strings.IndexByte(s, '#')
	if i <= 0 || i == len(s)-1 {
		return Ref{}, false
	}
	kind, id := s[:i], s[i+1:]
	spaced := false
	if k := strings.TrimRight(kind, " "); k != kind {
		kind, spaced = k, true
	}
	if !isIdent(kind) {
		return Ref{}, false
	}
	for _, r := range id {
		if isDelimiter(r) {
			return Ref{}, false
		}
	}
	return Ref{Kind: kind, ID: id, Spaced: spaced}, true
}

// isIdent reports whether s is a name: a letter or '_' then letters,
// digits, '_' and '-'.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case unicode.IsLetter(r) || r == '_':
		case i > 0 && (unicode.IsDigit(r) || r == '-'):
		default:
			return false
		}
	}
	return true
}

// isNumber reports whether s is a decimal number: an optional sign,
// digits with an optional fraction, an optional exponent.
func isNumber(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i, exp = i+1, exp+1
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}

func (p *parser) skipSpace() {
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if !unicode.IsSpace(r) {
			return
		}
		p.pos += n
	}
}

func (p *parser) eat(b byte) bool {
	if p.pos < len(p.src) && p.src[p.pos] == b {
		p.pos++
		return true
	}
	return false
}

// errorf returns a *SyntaxError at p.pos.
func (p *parser) errorf(expected string) error {
	return newSyntaxError(p.src, p.pos, expected)
}

func newSyntaxError(src string, off int, expected string) *SyntaxError {
	if off > len(src) {
		off = len(src)
	}
	line, col := 1, 1
	for _, r := range src[:off] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	found := "the end of the sentence"
	if off < len(src) {
		rest := []rune(src[off:])
		if len(rest) > 12 {
			rest = append(rest[:12], '…')
		}
		found = fmt.Sprintf("%q", string(rest))
	}
	return &SyntaxError{Offset: off, Line: line, Column: col, Expected: expected, Found: found}
}
