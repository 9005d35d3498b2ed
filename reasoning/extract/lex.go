package extract

import (
	"context"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
)

// exKind is the kind of a token of question text.
type exKind uint8

const (
	exNum     exKind = iota + 1 // 12, 3.5
	exWord                      // Paris, v1, node_3, 3rd
	exStr                       // 'A', "New York" (text is the content)
	exPunct                     // ( ) [ ] { } , ; : . ? ! = and any other symbol
	exArrow                     // -> --> => → ⟶
	exBiArrow                   // <-> <=> ↔ ⟷
	exDash                      // - -- – — −
	exNL                        // a line break
)

// exTok is one token: its kind, the punctuation byte, and its byte span in
// the question. It holds no strings (a question's tokens are many and the
// garbage collector need not scan them): the text is a slice of the
// question (text), a word's lower case a slice of Doc.Lower (low).
type exTok struct {
	// s, e are byte offsets; int32 keeps a token at 12 bytes (a long
	// question has tens of thousands), and exLex refuses longer texts.
	s, e int32
	kind exKind
	ch   byte
	// quote is the byte length of each quote around a string token: 1 for
	// straight quotes, 3 for curly ones.
	quote uint8
	// nonASCII marks a word with non-ASCII letters, whose lower case is
	// computed, not sliced.
	nonASCII bool
}

// text returns the token's text in q: the number, the word, or a string's
// content without its quotes; "" for other tokens.
func (t exTok) text(q string) string {
	switch t.kind {
	case exNum, exWord:
		return q[t.s:t.e]
	case exStr:
		return q[int(t.s)+int(t.quote) : int(t.e)-int(t.quote)]
	}
	return ""
}

// low returns a word's lower case; q is the question and lower its ASCII
// lower case (Doc.Lower); "" for other tokens.
func (t exTok) low(q, lower string) string {
	if t.kind != exWord {
		return ""
	}
	if t.nonASCII || len(lower) != len(q) {
		return strings.ToLower(q[t.s:t.e])
	}
	return lower[t.s:t.e]
}

// exMaxDepth is the deepest bracket nesting a question may have.
const exMaxDepth = 32

// exLex splits the question into tokens in one pass. It fails on invalid
// UTF-8 and on brackets nested deeper than exMaxDepth, naming the byte
// offset, with errors wrapping graph.ErrSyntax.
// The bytes q[skipS:skipE] (an already parsed edge list) are skipped.
func exLex(ctx context.Context, q string, skipS, skipE int) ([]exTok, error) {
	if !utf8.ValidString(q) {
		off := 0
		for off < len(q) {
			r, size := utf8.DecodeRuneInString(q[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return nil, fmt.Errorf("question is not valid UTF-8 at byte %d: %w", off, graph.ErrSyntax)
	}
	if len(q) > math.MaxInt32 {
		return nil, fmt.Errorf("question of %d bytes is too long to read (at most %d): %w", len(q), math.MaxInt32, graph.ErrTooLarge)
	}
	toks := make([]exTok, 0, (len(q)-(skipE-skipS))/3+8)
	depth := 0
	for i := 0; i < len(q); {
		if i == skipS && skipE > skipS {
			i = skipE
			continue
		}
		if len(toks)&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		c := q[i]
		// The cases are disjoint but for '=' before other ASCII symbols;
		// the most frequent bytes come first.
		switch {
		case c == ' ':
			i++
		case c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			// ASCII letters and digits first; only a word that goes on
			// with a non-ASCII byte takes exWordEnd's slower path.
			j := i + 1
			for j < len(q) && exASCIIWordByte(q[j]) {
				j++
			}
			if j < len(q) && q[j] >= utf8.RuneSelf {
				j = exWordEnd(q, j)
				toks = append(toks, exWordTok(q, i, j))
			} else {
				toks = append(toks, exTok{kind: exWord, s: int32(i), e: int32(j)})
			}
			i = j
		case c == '\n':
			toks = append(toks, exTok{kind: exNL, s: int32(i), e: int32(i + 1)})
			i++
		case c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(q) && q[j] >= '0' && q[j] <= '9' {
				j++
			}
			if j+1 < len(q) && q[j] == '.' && q[j+1] >= '0' && q[j+1] <= '9' {
				j += 2
				for j < len(q) && q[j] >= '0' && q[j] <= '9' {
					j++
				}
			}
			// An exponent: 1e6, 2.5E-3.
			if j+1 < len(q) && (q[j] == 'e' || q[j] == 'E') {
				k := j + 1
				if k+1 < len(q) && (q[k] == '-' || q[k] == '+') {
					k++
				}
				if k < len(q) && q[k] >= '0' && q[k] <= '9' {
					for k < len(q) && q[k] >= '0' && q[k] <= '9' {
						k++
					}
					if k == len(q) || !exIsWordByte(q, k) {
						j = k
					}
				}
			}
			if j < len(q) && exIsWordByte(q, j) {
				j = exWordEnd(q, j)
				toks = append(toks, exWordTok(q, i, j))
			} else {
				toks = append(toks, exTok{kind: exNum, s: int32(i), e: int32(j)})
			}
			i = j
		case c == '\'' || c == '"' || c == '`':
			if j, ok := exQuoteEnd(q, i, string(c)); ok {
				toks = append(toks, exTok{kind: exStr, quote: 1, s: int32(i), e: int32(j + 1)})
				i = j + 1
				continue
			}
			toks = append(toks, exTok{kind: exPunct, ch: c, s: int32(i), e: int32(i + 1)})
			i++
		case c == '-':
			j := i
			for j < len(q) && q[j] == '-' {
				j++
			}
			if j < len(q) && q[j] == '>' {
				toks = append(toks, exTok{kind: exArrow, s: int32(i), e: int32(j + 1)})
				i = j + 1
			} else {
				toks = append(toks, exTok{kind: exDash, s: int32(i), e: int32(j)})
				i = j
			}
		case c == '<':
			j := i + 1
			for j < len(q) && (q[j] == '-' || q[j] == '=') {
				j++
			}
			if j > i+1 && j < len(q) && q[j] == '>' {
				toks = append(toks, exTok{kind: exBiArrow, s: int32(i), e: int32(j + 1)})
				i = j + 1
			} else {
				toks = append(toks, exTok{kind: exPunct, ch: c, s: int32(i), e: int32(i + 1)})
				i++
			}
		case c == '=' && i+1 < len(q) && q[i+1] == '>':
			toks = append(toks, exTok{kind: exArrow, s: int32(i), e: int32(i + 2)})
			i += 2
		case c < utf8.RuneSelf:
			switch c {
			case '(', '[', '{':
				depth++
				if depth > exMaxDepth {
					return nil, fmt.Errorf("brackets nested deeper than %d levels at byte %d: %w", exMaxDepth, i, graph.ErrSyntax)
				}
			case ')', ']', '}':
				if depth > 0 {
					depth--
				}
			}
			toks = append(toks, exTok{kind: exPunct, ch: c, s: int32(i), e: int32(i + 1)})
			i++
		default:
			r, size := utf8.DecodeRuneInString(q[i:])
			switch {
			case unicode.IsLetter(r):
				j := exWordEnd(q, i)
				toks = append(toks, exWordTok(q, i, j))
				i = j
				continue
			case r == '→' || r == '⟶' || r == '➔' || r == '➝' || r == '⇒' || r == '↦':
				toks = append(toks, exTok{kind: exArrow, s: int32(i), e: int32(i + size)})
			case r == '↔' || r == '⟷' || r == '⇔':
				toks = append(toks, exTok{kind: exBiArrow, s: int32(i), e: int32(i + size)})
			case r == '–' || r == '—' || r == '−':
				toks = append(toks, exTok{kind: exDash, s: int32(i), e: int32(i + size)})
			case r == '“' || r == '‘':
				// Curly quotes: a string up to the closing quote on the
				// same line within 256 bytes, else plain punctuation.
				closing, plain := '”', byte('"')
				if r == '‘' {
					closing, plain = '’', '\''
				}
				if j := strings.IndexRune(q[i+size:], closing); j >= 0 && j <= 256 && !strings.ContainsRune(q[i+size:i+size+j], '\n') {
					end := i + size + j + utf8.RuneLen(closing)
					toks = append(toks, exTok{kind: exStr, quote: uint8(size), s: int32(i), e: int32(end)})
					i = end
					continue
				}
				toks = append(toks, exTok{kind: exPunct, ch: plain, s: int32(i), e: int32(i + size)})
			case unicode.IsSpace(r):
			default:
				toks = append(toks, exTok{kind: exPunct, ch: '?', s: int32(i), e: int32(i + size)})
			}
			i += size
		}
	}
	return toks, nil
}

// exWordTok makes a word token, marking a word with non-ASCII bytes.
func exWordTok(q string, i, j int) exTok {
	t := exTok{kind: exWord, s: int32(i), e: int32(j)}
	for k := i; k < j; k++ {
		if q[k] >= utf8.RuneSelf {
			t.nonASCII = true
			break
		}
	}
	return t
}

// exIsWordByte reports whether the rune at q[i] continues a word.
func exIsWordByte(q string, i int) bool {
	c := q[i]
	if c < utf8.RuneSelf {
		return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
	}
	r, _ := utf8.DecodeRuneInString(q[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// exWordEnd returns the end of the word starting at i.
func exWordEnd(q string, i int) int {
	for i < len(q) {
		if c := q[i]; c < utf8.RuneSelf {
			if !exASCIIWordByte(c) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(q[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return i
		}
		i += size
	}
	return i
}

// exASCIIWordByte reports whether an ASCII byte continues a word.
func exASCIIWordByte(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// exQuoteEnd finds the closing quote of a string opened at i. A quote right
// after a letter or digit is an apostrophe ("there's"), not an opening;
// strings end on the same line within 256 bytes.
func exQuoteEnd(q string, i int, quote string) (int, bool) {
	if i > 0 && exIsWordByte(q, i-1) {
		return 0, false
	}
	rest := q[i+1:]
	if len(rest) > 257 {
		rest = rest[:257]
	}
	j := strings.Index(rest, quote)
	if j < 0 || strings.IndexByte(rest[:j], '\n') >= 0 {
		return 0, false
	}
	return i + 1 + j, true
}
