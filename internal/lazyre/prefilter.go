package lazyre

import (
	"strings"
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
	// Each literal's bytes as a set of 64 bits (a byte c as bit c%64), as
	// written and lowered: o can be inside hay only when o's bits are all
	// hay's, which skips most pairs of a long alternation's literals
	// without a substring search.
	type prepared struct {
		lower           string
		bits, lowerBits uint64
	}
	bits := func(s string) uint64 {
		var m uint64
		for i := 0; i < len(s); i++ {
			m |= 1 << (s[i] & 63)
		}
		return m
	}
	ps := make([]prepared, len(c))
	for i, l := range c {
		lower := strings.ToLower(l.s)
		ps[i] = prepared{lower: lower, bits: bits(l.s), lowerBits: bits(lower)}
	}
	var out clause
	for i, l := range c {
		implied := false
		for j, o := range c {
			if i == j || (l.fold && !o.fold) {
				continue
			}
			hay, hayBits := l.s, ps[i].bits
			if o.fold {
				hay, hayBits = ps[i].lower, ps[i].lowerBits
			}
			if ps[j].bits&^hayBits != 0 || len(o.s) > len(hay) {
				continue
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
func alternate(ins []info) info {
	var exact []lit
	ok := true
	for _, in := range ins {
		if !in.ok || len(exact)+len(in.exact) > maxExact {
			ok = false
			break
		}
		exact = append(exact, in.exact...)
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
func concat(ins []info) info {
	cur := []lit{{}}
	allExact := true
	var n need
	flush := func() {
		if c := exactClause(cur); c != nil {
			n = append(n, c)
		}
		cur = []lit{{}}
	}
	for _, in := range ins {
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
	re   forms
}

// filter is a pattern's prefilter: what every match contains and, for
// MatchString, its top-level alternatives (nil when it has one).
type filter struct {
	need need
	alts []alternative
}

// newFilter analyses src. A pattern the reader below does not follow
// gets an empty filter (the matcher always runs; regexp.MustCompile
// reports a bad pattern).
func newFilter(src string) *filter {
	r := &reader{src: src}
	in, branches := r.alternation()
	if r.bad || r.i != len(src) {
		return &filter{}
	}
	f := &filter{need: in.need()}
	if r.midFlags {
		// "a(?i)b|c": the flags would not carry into a split branch.
		return f
	}
	// Each alternative keeps its own source and literals.
	type alt struct {
		src string
		in  info
	}
	var alts []alt
	switch {
	case len(branches) >= 2:
		for k, b := range branches {
			a := src[b.start:b.end]
			if k > 0 {
				a = r.leadFlags + a
			}
			alts = append(alts, alt{a, b.in})
		}
	case branches[0].group != nil:
		// "\b(a|b)\b": the zero-width pieces around the group go with
		// each of its branches.
		g := branches[0].group
		for _, b := range g.branches {
			alts = append(alts, alt{src[:g.start] + "(?:" + src[b.start:b.end] + ")" + src[g.end:], b.in})
		}
	}
	for _, a := range alts {
		f.alts = append(f.alts, alternative{need: a.in.need(), re: newForms(a.src)})
	}
	return f
}
