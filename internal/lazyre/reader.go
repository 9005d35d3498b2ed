package lazyre

import (
	"strings"
	"unicode/utf8"
)

// reader derives a pattern's literals from its source in one pass, without
// regexp/syntax: parsing with it (Unicode classes, case folding) cost more
// than the matching the prefilter saves in a process that asks one
// question. It follows RE2 syntax as the lexicon writes it: literals,
// escapes, classes, groups (capturing, named, non-capturing, flags),
// alternation and repetition. Anything else (\Q…\E, \x, octal, \C, a
// stray brace) makes it give up (bad), and the pattern runs unfiltered.
type reader struct {
	src string
	i   int
	// fold is the state of the i flag where the reader is.
	fold bool
	bad  bool
	// midFlags is set by a flag group anywhere but at the very start
	// ("a(?i)b"): its effect would not carry into a split branch.
	midFlags bool
	// leadFlags is a flag group at the very start ("(?i)"), which applies
	// to every top-level branch.
	leadFlags string
}

// span is the source of a branch, [start, end), with its info; group is
// set when the branch is zero-width pieces ("\b", "^") around one
// unrepeated group of several branches.
type span struct {
	start, end int
	in         info
	group      *groupSpan
}

// groupSpan is a group's source, parentheses included, and its branches.
type groupSpan struct {
	start, end int
	branches   []span
}

// alternation reads branches separated by '|' up to a ')' or the end.
func (r *reader) alternation() (info, []span) {
	var spans []span
	for {
		start := r.i
		in, g := r.concatenation()
		if r.bad {
			return anyInfo, nil
		}
		spans = append(spans, span{start: start, end: r.i, in: in, group: g})
		if r.i < len(r.src) && r.src[r.i] == '|' {
			r.i++
			continue
		}
		break
	}
	if len(spans) == 1 {
		return spans[0].in, spans
	}
	ins := make([]info, len(spans))
	for k, sp := range spans {
		ins[k] = sp.in
	}
	return alternate(ins), spans
}

// concatenation reads pieces up to a '|', a ')' or the end. Runs of
// single characters are gathered into one literal as they are read.
func (r *reader) concatenation() (info, *groupSpan) {
	var insBuf [8]info
	ins := insBuf[:0]
	var g *groupSpan
	aroundGroup := true
	var runBuf [64]byte
	run := runBuf[:0]
	runFold := false
	for r.i < len(r.src) && r.src[r.i] != '|' && r.src[r.i] != ')' {
		start := r.i
		p := r.atom()
		end := r.i
		repeated := r.repetition(&p)
		if r.bad {
			return anyInfo, nil
		}
		if p.isLit && !repeated {
			// One character of a literal run ("how far").
			run = append(run, p.lit.s...)
			runFold = runFold || p.lit.fold
			aroundGroup = false
			continue
		}
		switch {
		case len(p.branches) >= 2 && !repeated && g == nil:
			g = &groupSpan{start: start, end: end, branches: p.branches}
		case !repeated && p.in.ok && len(p.in.exact) == 1 && p.in.exact[0].s == "":
			// zero-width
		default:
			aroundGroup = false
		}
		ins = appendRun(ins, run, runFold)
		run, runFold = run[:0], false
		ins = append(ins, p.in)
	}
	ins = appendRun(ins, run, runFold)
	if !aroundGroup {
		g = nil
	}
	switch len(ins) {
	case 0:
		return emptyInfo, nil
	case 1:
		return ins[0], g
	}
	return concat(ins), g
}

// appendRun appends the literal run (lower-cased when folded) to ins.
func appendRun(ins []info, run []byte, fold bool) []info {
	if len(run) == 0 {
		return ins
	}
	s := string(run)
	if fold {
		s = strings.ToLower(s)
	}
	return append(ins, info{exact: []lit{{s: s, fold: fold}}, ok: true})
}

// piece is what atom read: one literal character (isLit, lit), or a
// sub-pattern's info and, for a group, its branches.
type piece struct {
	isLit    bool
	lit      lit
	in       info
	branches []span
}

// atom reads one piece before its repetition.
func (r *reader) atom() piece {
	switch c := r.src[r.i]; c {
	case '(':
		in, branches := r.group()
		return piece{in: in, branches: branches}
	case '[':
		return piece{in: r.class()}
	case '\\':
		return r.escape()
	case '.':
		r.i++
		return piece{in: anyInfo}
	case '^', '$':
		r.i++
		return piece{in: emptyInfo}
	case '*', '+', '?', '{':
		r.bad = true
		return piece{in: anyInfo}
	}
	c, size := utf8.DecodeRuneInString(r.src[r.i:])
	if c == utf8.RuneError && size <= 1 {
		r.bad = true
		return piece{in: anyInfo}
	}
	r.i += size
	return r.literal(c)
}

// literal is one character under the current flags.
func (r *reader) literal(c rune) piece {
	switch {
	case c == utf8.RuneError:
		return piece{in: anyInfo} // the matcher reads invalid bytes as U+FFFD
	case c < utf8.RuneSelf && (!r.fold || !isLetter(c)):
		return piece{isLit: true, lit: lit{s: asciiChars[c : c+1]}}
	case !r.fold:
		return piece{isLit: true, lit: lit{s: string(c)}}
	case c < utf8.RuneSelf:
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		return piece{isLit: true, lit: lit{s: asciiChars[c : c+1], fold: true}}
	}
	return piece{in: anyInfo} // a folded letter outside ASCII
}

// info is the piece as an info.
func (p piece) info() info {
	if p.isLit {
		return info{exact: []lit{p.lit}, ok: true}
	}
	return p.in
}

// asciiChars holds every ASCII character at its own index, so that a
// one-character literal is a substring, not an allocation.
var asciiChars = func() string {
	b := make([]byte, utf8.RuneSelf)
	for i := range b {
		b[i] = byte(i)
	}
	return string(b)
}()

func isLetter(c rune) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// group reads a parenthesised group or a flag group.
func (r *reader) group() (info, []span) {
	start := r.i
	r.i++
	saved := r.fold
	if r.peek('?') {
		r.i++
		switch {
		case r.peek(':'):
			r.i++
		case r.peek('<') || strings.HasPrefix(r.src[r.i:], "P<"):
			end := strings.IndexByte(r.src[r.i:], '>')
			if end < 0 {
				r.bad = true
				return anyInfo, nil
			}
			r.i += end + 1
		default:
			if !r.flags() {
				r.bad = true
				return anyInfo, nil
			}
			if r.src[r.i] == ')' {
				// "(?i)": the flags hold to the end of the enclosing group.
				r.i++
				if start == 0 {
					r.leadFlags = r.src[:r.i]
				} else {
					r.midFlags = true
				}
				return emptyInfo, nil
			}
			r.i++ // ':'
		}
	}
	in, branches := r.alternation()
	if r.bad || !r.peek(')') {
		r.bad = true
		return anyInfo, nil
	}
	r.i++
	r.fold = saved
	return in, branches
}

// flags reads the letters of a flag group up to its ')' or ':'.
func (r *reader) flags() bool {
	set := true
	n := 0
	for ; r.i < len(r.src); r.i++ {
		switch c := r.src[r.i]; c {
		case ')', ':':
			return n > 0
		case '-':
			set = false
		case 'i':
			r.fold = set
		case 'm', 's', 'U':
		default:
			return false
		}
		n++
	}
	return false
}

// class reads a bracketed class: a few plain characters are exact
// strings, anything wider is any character.
func (r *reader) class() info {
	r.i++
	simple := true
	if r.peek('^') {
		simple = false
		r.i++
	}
	var chars []rune
	items := 0
	for {
		if r.i >= len(r.src) {
			r.bad = true
			return anyInfo
		}
		c := r.src[r.i]
		switch {
		case c == ']' && items > 0:
			r.i++
			if !simple || len(chars) == 0 || len(chars) > 4 {
				return anyInfo
			}
			ins := make([]info, len(chars))
			for k, ch := range chars {
				ins[k] = r.literal(ch).info()
			}
			return alternate(ins)
		case c == '[' && r.i+1 < len(r.src) && r.src[r.i+1] == ':':
			end := strings.Index(r.src[r.i:], ":]")
			if end < 0 {
				r.bad = true
				return anyInfo
			}
			r.i += end + 2
			simple = false
		case c == '\\':
			r.i++
			if r.i >= len(r.src) {
				r.bad = true
				return anyInfo
			}
			e := r.src[r.i]
			switch {
			case strings.IndexByte("dDsSwW", e) >= 0:
				r.i++
				simple = false
			case e == 'p' || e == 'P':
				r.i++
				if !r.skipUnicodeClass() {
					return anyInfo
				}
				simple = false
			case strings.IndexByte("afnrtv", e) >= 0:
				r.i++
				chars = append(chars, control(e))
			case e < utf8.RuneSelf && !isAlnum(e):
				r.i++
				chars = append(chars, rune(e))
			default:
				r.bad = true
				return anyInfo
			}
		case c == '-' && items > 0 && r.i+1 < len(r.src) && r.src[r.i+1] != ']':
			r.i++ // a range: the class is wide
			simple = false
			continue // the range's end is read as the next item
		default:
			ch, size := utf8.DecodeRuneInString(r.src[r.i:])
			if ch == utf8.RuneError && size <= 1 {
				r.bad = true
				return anyInfo
			}
			r.i += size
			chars = append(chars, ch)
		}
		items++
	}
}

// escape reads a backslash escape outside a class.
func (r *reader) escape() piece {
	r.i++
	if r.i >= len(r.src) {
		r.bad = true
		return piece{in: anyInfo}
	}
	e := r.src[r.i]
	r.i++
	switch {
	case strings.IndexByte("bBAz", e) >= 0:
		return piece{in: emptyInfo}
	case strings.IndexByte("dDsSwW", e) >= 0:
		return piece{in: anyInfo}
	case e == 'p' || e == 'P':
		r.skipUnicodeClass()
		return piece{in: anyInfo}
	case strings.IndexByte("afnrtv", e) >= 0:
		return r.literal(control(e))
	case e < utf8.RuneSelf && !isAlnum(e):
		return r.literal(rune(e))
	}
	r.bad = true
	return piece{in: anyInfo}
}

// skipUnicodeClass skips the name after \p: one letter or {Name}.
func (r *reader) skipUnicodeClass() bool {
	if r.peek('{') {
		end := strings.IndexByte(r.src[r.i:], '}')
		if end < 0 {
			r.bad = true
			return false
		}
		r.i += end + 1
		return true
	}
	if r.i >= len(r.src) {
		r.bad = true
		return false
	}
	r.i++
	return true
}

// repetition applies a '?', '*', '+' or '{n,m}' after a piece to it and
// reports whether there was one.
func (r *reader) repetition(p *piece) bool {
	if r.bad || r.i >= len(r.src) || strings.IndexByte("?*+{", r.src[r.i]) < 0 {
		return false
	}
	in := p.info()
	*p = piece{in: in}
	pin := &p.in
	switch r.src[r.i] {
	case '?':
		r.i++
		if in.ok && len(in.exact) < maxExact {
			*pin = info{exact: append(in.exact[:len(in.exact):len(in.exact)], lit{}), ok: true}
		} else {
			*pin = anyInfo
		}
	case '*':
		r.i++
		*pin = anyInfo
	case '+':
		r.i++
		*pin = info{n: in.need()}
	case '{':
		end := strings.IndexByte(r.src[r.i:], '}')
		if end < 0 {
			r.bad = true
			return false
		}
		lo, _, _ := strings.Cut(r.src[r.i+1:r.i+end], ",")
		if lo == "" || strings.Trim(r.src[r.i+1:r.i+end], "0123456789,") != "" || strings.Count(r.src[r.i+1:r.i+end], ",") > 1 {
			r.bad = true
			return false
		}
		r.i += end + 1
		if strings.Trim(lo, "0") == "" {
			*pin = anyInfo
		} else {
			*pin = info{n: in.need()}
		}
	default:
		return false
	}
	if r.peek('?') {
		r.i++ // non-greedy
	}
	if r.i < len(r.src) && strings.IndexByte("?*+{", r.src[r.i]) >= 0 {
		r.bad = true // nested repetition: not valid RE2
	}
	return true
}

func (r *reader) peek(c byte) bool { return r.i < len(r.src) && r.src[r.i] == c }

func isAlnum(c byte) bool { return c < utf8.RuneSelf && (isLetter(rune(c)) || '0' <= c && c <= '9') }

// control is the character of the escape \a, \f, \n, \r, \t or \v.
func control(e byte) rune {
	return map[byte]rune{'a': '\a', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}[e]
}
