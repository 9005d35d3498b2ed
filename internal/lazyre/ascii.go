package lazyre

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// A pattern with Unicode classes (\p{L}, \p{N}) is compiled twice over,
// on first use each: as written, and with those classes written as their
// ASCII members (a-zA-Z, 0-9), for texts that are all ASCII. On such a
// text the two match alike: a class tests only the text's characters,
// and the ASCII characters of \p{L} are a-z and A-Z (of \p{N} 0-9, of
// \p{Lu} A-Z, of \p{Ll} a-z), under (?i) too. Parsing a Unicode class
// (hundreds of ranges, sorted, and folded under (?i)) made compiling the
// slot and cue patterns most of a one-question process's CPU; the ASCII
// classes cost next to nothing.

// asciiNames are the Unicode classes the ASCII form rewrites, with their
// ASCII members (as class items).
var asciiNames = map[string]string{"L": "a-zA-Z", "N": "0-9", "Lu": "A-Z", "Ll": "a-z"}

// ASCIIForm returns src with its Unicode classes \pL, \pN, \p{L}, \p{N},
// \p{Lu} and \p{Ll} written as their ASCII members; ok is false when src
// has none, or another Unicode class or syntax the rewriting does not
// follow (\P, \Q…\E, other class names), so that src itself must run.
// On a text of ASCII characters only, the form matches exactly as src.
func ASCIIForm(src string) (form string, ok bool) {
	if !strings.Contains(src, `\p`) {
		return "", false
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\':
			if i+1 >= len(src) {
				return "", false
			}
			n := src[i+1]
			switch n {
			case 'P', 'Q':
				return "", false
			case 'p':
				name, end := "", 0
				if i+2 < len(src) && src[i+2] == '{' {
					k := strings.IndexByte(src[i+3:], '}')
					if k < 0 {
						return "", false
					}
					name, end = src[i+3:i+3+k], i+3+k+1
				} else if i+2 < len(src) {
					name, end = src[i+2:i+3], i+3
				}
				members, known := asciiNames[name]
				if !known {
					return "", false
				}
				if inClass {
					b.WriteString(members)
				} else {
					b.WriteString("[" + members + "]")
				}
				ok = true
				i = end - 1
				continue
			}
			// Any other escape is copied whole (its rune may be
			// several bytes).
			_, size := utf8.DecodeRuneInString(src[i+1:])
			b.WriteString(src[i : i+1+size])
			i += size
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			// A ']' first in the class (after an optional '^') is a
			// literal.
			if i+1 < len(src) && src[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(src) && src[i+1] == ']' {
				b.WriteByte(']')
				i++
			}
		case c == '[' && inClass && i+1 < len(src) && src[i+1] == ':':
			// A POSIX class, [:alpha:], copied to its end.
			k := strings.Index(src[i:], ":]")
			if k < 0 {
				return "", false
			}
			b.WriteString(src[i : i+k+2])
			i += k + 1
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	if !ok || inClass {
		return "", false
	}
	return b.String(), true
}

// forms is a pattern compiled on first use, and its ASCII form (nil when
// it has none) compiled on first use for texts all ASCII.
type forms struct {
	uni, asc func() *regexp.Regexp
}

func newForms(src string) forms {
	f := forms{uni: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(src) })}
	if a, ok := ASCIIForm(src); ok {
		f.asc = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(a) })
	}
	return f
}

// of is the expression to run on s.
func (f forms) of(s string) *regexp.Regexp {
	if f.asc != nil && isASCII(s) {
		return f.asc()
	}
	return f.uni()
}

// CompileFor compiles src to run on s: its ASCII form when s is all ASCII
// and src has one (ASCIIForm), else src. It panics on a bad pattern, as
// regexp.MustCompile does.
func CompileFor(src, s string) *regexp.Regexp {
	if isASCII(s) {
		if a, ok := ASCIIForm(src); ok {
			return regexp.MustCompile(a)
		}
	}
	return regexp.MustCompile(src)
}
