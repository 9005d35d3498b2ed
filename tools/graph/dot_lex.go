package graph

import (
	"bytes"
	"fmt"
	"strings"
)

// maxDOTChain bounds the links of one edge statement ("a -- b -- c ..."),
// whose ends ReadDOT holds until the statement's attributes are read (16
// bytes a link). (gonum's DOT checker, which read DOT before ReadDOT had
// its own parser, recursed once per link: a chain of 10^7 links overflowed
// the goroutine stack.)
const maxDOTChain = 100_000

// dotTok is a DOT token kind.
type dotTok uint8

const (
	dotEOF     dotTok = iota
	dotID             // identifier, numeral, "quoted" or <HTML> string
	dotLBrace         // {
	dotRBrace         // }
	dotLBrack         // [
	dotRBrack         // ]
	dotSemi           // ;
	dotComma          // ,
	dotEq             // =
	dotColon          // :
	dotEdgeOp         // -- or ->
	dotIllegal        // any other byte, or an unterminated string or comment
)

// dotLexer splits DOT text into tokens in one pass and constant memory.
// It follows gonum's lexical grammar: comments are "// ...", "# ..." (to
// the end of the line) and "/* ... */"; quoted strings take backslash
// escapes; HTML strings <...> nest their angle brackets.
type dotLexer struct {
	text []byte
	pos  int
}

// next returns the next token's kind and its byte span [start, end).
func (l *dotLexer) next() (tok dotTok, start, end int) {
	t := l.text
	for l.pos < len(t) {
		c := t[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			l.pos++
		case c == '#' || (c == '/' && l.pos+1 < len(t) && t[l.pos+1] == '/'):
			for l.pos < len(t) && t[l.pos] != '\n' {
				l.pos++
			}
		case c == '/' && l.pos+1 < len(t) && t[l.pos+1] == '*':
			start = l.pos
			i := bytes.Index(t[l.pos+2:], []byte("*/"))
			if i < 0 {
				l.pos = len(t)
				return dotIllegal, start, len(t)
			}
			l.pos += 2 + i + 2
		default:
			return l.token()
		}
	}
	return dotEOF, len(t), len(t)
}

// token reads the token that starts at l.pos, which is not a space or a
// comment.
func (l *dotLexer) token() (tok dotTok, start, end int) {
	t := l.text
	start = l.pos
	c := t[l.pos]
	l.pos++
	switch c {
	case '{':
		return dotLBrace, start, l.pos
	case '}':
		return dotRBrace, start, l.pos
	case '[':
		return dotLBrack, start, l.pos
	case ']':
		return dotRBrack, start, l.pos
	case ';':
		return dotSemi, start, l.pos
	case ',':
		return dotComma, start, l.pos
	case '=':
		return dotEq, start, l.pos
	case ':':
		return dotColon, start, l.pos
	case '"':
		for l.pos < len(t) {
			switch t[l.pos] {
			case '\\':
				l.pos += 2
				continue
			case '"':
				l.pos++
				return dotID, start, l.pos
			}
			l.pos++
		}
		l.pos = len(t)
		return dotIllegal, start, l.pos
	case '<':
		depth := 1
		for l.pos < len(t) {
			switch t[l.pos] {
			case '<':
				depth++
			case '>':
				depth--
				if depth == 0 {
					l.pos++
					return dotID, start, l.pos
				}
			}
			l.pos++
		}
		return dotIllegal, start, l.pos
	case '-':
		if l.pos < len(t) && (t[l.pos] == '-' || t[l.pos] == '>') {
			l.pos++
			return dotEdgeOp, start, l.pos
		}
	}
	if c == '-' || c == '.' || isDOTIDByte(c) {
		for l.pos < len(t) && (isDOTIDByte(t[l.pos]) || t[l.pos] == '.') {
			// "a--b": an edge operator ends a name or numeral.
			l.pos++
		}
		return dotID, start, l.pos
	}
	return dotIllegal, start, l.pos
}

// isDOTIDByte reports whether c can be part of an unquoted DOT ID: a
// letter, digit, underscore or a byte of a non-ASCII character.
func isDOTIDByte(c byte) bool {
	return c == '_' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// checkDOTNesting scans DOT text once, in constant memory, before ReadDOT
// parses it: braces and brackets nested deeper
// than maxDOTDepth, unbalanced ones and edge chains longer than
// maxDOTChain give a *SyntaxError naming the line and column. Quoted and
// HTML strings and comments are skipped, so braces inside them do not
// count. Unbalanced braces and other errors are left to the parser.
func checkDOTNesting(src string, text []byte) error {
	fail := func(off int, format string, a ...any) error {
		line, col := lineCol(text, off)
		return &SyntaxError{Source: src, Line: line, Col: col, Msg: fmt.Sprintf(format, a...)}
	}
	// chain[d] counts the links of the edge statement open at brace depth
	// d; the array's size is fixed by the depth limit.
	var chain [maxDOTDepth + 2]int
	depth, brack := 0, 0
	prev := dotEOF
	prevSubgraph := false
	l := dotLexer{text: text}
	for {
		tok, start, end := l.next()
		switch tok {
		case dotEOF:
			return nil
		case dotLBrace:
			depth++
			if depth > maxDOTDepth+1 {
				return fail(start, "braces nested deeper than %d", maxDOTDepth)
			}
			chain[depth] = 0
		case dotRBrace:
			// Unbalanced braces are the parser's to report.
			depth = max(depth-1, 0)
		case dotLBrack:
			brack++
			if brack > maxDOTDepth {
				return fail(start, "brackets nested deeper than %d", maxDOTDepth)
			}
			chain[depth] = 0
		case dotRBrack:
			brack = max(brack-1, 0)
		case dotSemi, dotEq, dotComma:
			chain[depth] = 0
		case dotEdgeOp:
			chain[depth]++
			if chain[depth] > maxDOTChain {
				return fail(start, "an edge statement with more than %d links", maxDOTChain)
			}
		case dotID:
			// An ID not continuing an edge, a port or "subgraph name"
			// starts a new statement.
			if prev != dotEdgeOp && prev != dotColon && !prevSubgraph {
				chain[depth] = 0
			}
		}
		prevSubgraph = tok == dotID && strings.EqualFold(string(text[start:end]), "subgraph")
		prev = tok
	}
}
