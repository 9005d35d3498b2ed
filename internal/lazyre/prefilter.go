package lazyre

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// The prefilter skips a regular expression when the text lacks words every
// match must contain: "\bhow far\b" cannot match a question without "how
// far". The lexicon's patterns are long alternations run over the same
// short question, and most alternatives have a literal the question lacks,
// so testing literals (a vectorised substring search) before running the
// backtracking matcher saves most of the matching time. The literals are
// derived from the pattern's syntax tree, so they cannot drift from it.

// maxExact bounds the sets of exact strings a sub-pattern is expanded
// into ("wh(?:ich|at)" is {which, what}).
const maxExact = 16

// lit is a string a match must contain; fold marks one compared
// ignoring ASCII case (from a (?i) pattern; s is then lower-case).
type lit struct {
	s    string
	fold bool
}

// clause is satisfied when the text contains one of its literals.
type clause []lit

// need is satisfied when every clause is; an empty need always is.
type need []clause

// satisfiedBy reports whether text may match: it contains a literal of
// every clause.
func (n need) satisfiedBy(text string) bool {
	ascii := -1 // unknown until a folded literal needs it
	for _, c := range n {
		ok := false
		for _, l := range c {
			if !l.fold {
				if strings.Contains(text, l.s) {
					ok = true
					break
				}
				continue
			}
			if ascii < 0 {
				ascii = 0
				if isASCII(text) {
					ascii = 1
				}
			}
			// (?i) folds some ASCII letters with other letters (k with
			// the Kelvin sign): outside ASCII the clause is assumed met.
			if ascii == 0 || containsFoldASCII(text, l.s) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// containsFoldASCII reports whether the ASCII text contains lower (an
// ASCII lower-case string) ignoring case. Candidates are found by a
// vectorised search for the first byte in either case.
func containsFoldASCII(text, lower string) bool {
	if lower == "" {
		return true
	}
	lo, up := lower[0], lower[0]
	if 'a' <= lo && lo <= 'z' {
		up = lo - 'a' + 'A'
	}
	// nextLo and nextUp are the next positions of each form at or after
	// i (-1: none left), each found once.
	nextLo, nextUp := -2, -2
	next := func(b byte, from int) int {
		if k := strings.IndexByte(text[from:], b); k >= 0 {
			return from + k
		}
		return -1
	}
	for i := 0; i+len(lower) <= len(text); i++ {
		if nextLo != -1 && nextLo < i {
			nextLo = next(lo, i)
		}
		if up == lo {
			nextUp = nextLo
		} else if nextUp != -1 && nextUp < i {
			nextUp = next(up, i)
		}
		switch {
		case nextLo < 0 && nextUp < 0:
			return false
		case nextLo < 0:
			i = nextUp
		case nextUp < 0:
			i = nextLo
		default:
			i = min(nextLo, nextUp)
		}
		if i+len(lower) <= len(text) && strings.EqualFold(text[i:i+len(lower)], lower) {
			return true
		}
	}
	return false
}

// info is what the prefilter knows of a sub-pattern: exact, when ok,
// is every string it can match (at most maxExact); n is what every match
// contains.
type info struct {
	exact []lit
	ok    bool
	n     need
}

// emptyInfo is a zero-width sub-pattern: it matches "" only.
var emptyInfo = info{exact: []lit{{}}, ok: true}

// anyInfo is a sub-pattern about which nothing is known.
var anyInfo = info{}

// analyze derives the literals of re.
func analyze(re *syntax.Regexp) info {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return emptyInfo
	case syntax.OpLiteral:
		s := string(re.Rune)
		if strings.ContainsRune(s, utf8.RuneError) {
			return anyInfo // the matcher reads invalid bytes as U+FFFD
		}
		if re.Flags&syntax.FoldCase != 0 {
			if !isASCII(s) {
				return anyInfo
			}
			return info{exact: []lit{{s: strings.ToLower(s), fold: true}}, ok: true}
		}
		return info{exact: []lit{{s: s}}, ok: true}
	case syntax.OpCharClass:
		var ls []lit
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi-lo >= 4 || len(ls)+int(hi-lo)+1 > 4 {
				return anyInfo
			}
			for r := lo; r <= hi; r++ {
				if r == utf8.RuneError || r > utf8.MaxRune {
					return anyInfo
				}
				ls = append(ls, lit{s: string(r)})
			}
		}
		if len(ls) == 0 {
			return anyInfo
		}
		return info{exact: ls, ok: true}
	case syntax.OpCapture:
		return analyze(re.Sub[0])
	case syntax.OpQuest:
		in := analyze(re.Sub[0])
		if in.ok && len(in.exact) < maxExact {
			return info{exact: append(slices.Clone(in.exact), lit{}), ok: true}
		}
		return anyInfo
	case syntax.OpPlus:
		return info{n: analyze(re.Sub[0]).need()}
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return info{n: analyze(re.Sub[0]).need()}
		}
		return anyInfo
	case syntax.OpAlternate:
		return alternate(re.Sub)
	case syntax.OpConcat:
		return concat(re.Sub)
	}
	return anyInfo
}

// need is what every match of the sub-pattern contains.
func (in info) need() need {
	if in.ok {
		if c := exactClause(in.exact); c != nil {
			return need{c}
		}
		return nil
	}
	return in.n
}

// exactClause is the clause "one of exact", nil when one of them is
// empty (every text contains it).
func exactClause(exact []lit) clause {
	for _, l := range exact {
		if l.s == "" {
			return nil
		}
	}
	return minimal(exact)
}

// minimal drops the literals of c whose presence implies another's:
// "nodes" is present whenever "node" is. A folded literal does not imply
// an exact one.
func minimal(c []lit) clause {
	var out clause
	for i, l := range c {
		implied := false
		for j, o := range c {
			if i == j || (l.fold && !o.fold) {
				continue
			}
			hay := l.s
			if o.fold {
				hay = strings.ToLower(hay)
			}
			if strings.Contains(hay, o.s) && (len(o.s) < len(l.s) || o.fold != l.fold || j < i) {
				implied = true
				break
			}
		}
		if !implied {
			out = append(out, l)
		}
	}
	return out
}

// best is the most selective clause of n: the one whose shortest literal
// is longest, then the one with fewest literals; nil when n is empty.
func (n need) best() clause {
	var b clause
	score := func(c clause) int {
		m := len(c[0].s)
		for _, l := range c[1:] {
			m = min(m, len(l.s))
		}
		return m
	}
	for _, c := range n {
		if b == nil || score(c) > score(b) || (score(c) == score(b) && len(c) < len(b)) {
			b = c
		}
	}
	return b
}

// alternate: a match contains the best literal of one of the branches.
func alternate(subs []*syntax.Regexp) info {
	ins := make([]info, len(subs))
	var exact []lit
	ok := true
	for i, s := range subs {
		ins[i] = analyze(s)
		if !ins[i].ok || len(exact)+len(ins[i].exact) > maxExact {
			ok = false
			continue
		}
		exact = append(exact, ins[i].exact...)
	}
	if ok {
		return info{exact: exact, ok: true}
	}
	var c clause
	for _, in := range ins {
		b := in.need().best()
		if b == nil {
			return anyInfo
		}
		c = append(c, b...)
	}
	return info{n: need{minimal(c)}}
}

// concat: a match contains the cross product of each run of exact
// pieces and what every other piece needs.
func concat(subs []*syntax.Regexp) info {
	cur := []lit{{}}
	allExact := true
	var n need
	flush := func() {
		if c := exactClause(cur); c != nil {
			n = append(n, c)
		}
		cur = []lit{{}}
	}
	for _, s := range subs {
		in := analyze(s)
		if !in.ok {
			allExact = false
			flush()
			n = append(n, in.n...)
			continue
		}
		if len(cur)*len(in.exact) > maxExact {
			allExact = false
			flush()
		}
		next := make([]lit, 0, len(cur)*len(in.exact))
		for _, a := range cur {
			for _, b := range in.exact {
				fold := a.fold || b.fold
				s := a.s + b.s
				if fold {
					// A folded literal is a weaker test: lowering the
					// exact part keeps every match passing.
					s = strings.ToLower(a.s) + strings.ToLower(b.s)
				}
				next = append(next, lit{s: s, fold: fold})
			}
		}
		cur = next
	}
	if allExact {
		return info{exact: cur, ok: true}
	}
	flush()
	return info{n: n}
}

// alternative is one top-level alternative of a pattern, compiled on
// first use, with what its matches contain.
type alternative struct {
	need need
	get  func() *regexp.Regexp
}

// filter is a pattern's prefilter: what every match contains and, for
// MatchString, its top-level alternatives (nil when it has one).
type filter struct {
	need need
	alts []alternative
}

// newFilter analyses src; a pattern that does not parse gets an empty
// filter (regexp.MustCompile reports it).
func newFilter(src string) *filter {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return &filter{}
	}
	f := &filter{need: analyze(re).need()}
	branches := topAlternatives(re)
	if len(branches) < 2 {
		return f
	}
	for _, b := range branches {
		// Printing a syntax tree is slow (it folds every character
		// class): done when the alternative first runs.
		f.alts = append(f.alts, alternative{need: analyze(b).need(), get: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(b.String()) })})
	}
	return f
}

// topAlternatives splits re into patterns one of which matches a text
// exactly when re does: its top-level alternatives, with zero-width
// pieces around an alternation ("\b(a|b)\b") distributed into each.
// Captures are dropped: they do not change whether a text matches.
func topAlternatives(re *syntax.Regexp) []*syntax.Regexp {
	re = stripCapture(re)
	switch re.Op {
	case syntax.OpAlternate:
		return re.Sub
	case syntax.OpConcat:
		at := -1
		for i, s := range re.Sub {
			switch s = stripCapture(s); {
			case s.Op == syntax.OpAlternate && at < 0:
				at = i
			case zeroWidth(s):
			default:
				return nil
			}
		}
		if at < 0 {
			return nil
		}
		var out []*syntax.Regexp
		for _, b := range stripCapture(re.Sub[at]).Sub {
			subs := slices.Concat(re.Sub[:at], []*syntax.Regexp{b}, re.Sub[at+1:])
			out = append(out, &syntax.Regexp{Op: syntax.OpConcat, Flags: re.Flags, Sub: subs})
		}
		return out
	}
	return nil
}

// zeroWidth reports whether re matches only the empty string.
func zeroWidth(re *syntax.Regexp) bool {
	in := analyze(re)
	return in.ok && len(in.exact) == 1 && in.exact[0].s == ""
}

func stripCapture(re *syntax.Regexp) *syntax.Regexp {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	return re
}
