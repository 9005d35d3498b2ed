package extract

import (
	"context"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tryConnector reads "u-v", "u->v", "u -- v", "u → v", "u <-> v", chains
// "a->b->c", a weight after the edge, and extra targets "0 -> 1, 2, 3".
func (p *exScan) tryConnector(i int) (int, error) {
	if p.lineStart(i) {
		if n, ok, err := p.tryNamedLine(i); ok || err != nil {
			return n, err
		}
	}
	a, n, wa, ok := p.nodeRef(i)
	if !ok {
		return i, nil
	}
	c := p.kind(n)
	if c != exArrow && c != exBiArrow && c != exDash {
		return i, nil
	}
	if end, ok := p.dateAt(i); ok {
		return end, nil // "2024-09-14", "2024-09": a date, no edges
	}
	first := len(p.items)
	for {
		c := p.kind(n)
		if c != exArrow && c != exBiArrow && c != exDash {
			break
		}
		b, n2, wb, ok := p.nodeRef(n + 1)
		if !ok {
			break
		}
		if c == exDash && (exNamePart(a) || exNamePart(b)) {
			break // "Bellman-Ford", "Erdős–Rényi": a name, not an edge
		}
		if c == exDash && p.optionDash(n) {
			break // "./linkdump --core": a command's option, not an edge
		}
		it := exItem{u: a, v: b, method: "arrows", arrow: c == exArrow, bidir: c == exBiArrow,
			s: int(p.toks[i].s), e: int(p.toks[n2-1].e), tok: i}
		if c == exDash {
			it.method = "dashes"
			it.weak = wa || wb || exDateLike(a) || exDateLike(b) || p.hyphenatedName(n, a, b)
		} else {
			it.weak = (wa || wb) && p.toks[n].e-p.toks[n].s == 1
			// "P1 donor -> P3 recipient": a word beside an ID-like name.
			it.crowded = wa && len(p.items) == first && p.nameBefore(i) || wb && p.nameAfter(n2)
		}
		p.items = append(p.items, it)
		a, wa, n = b, wb, n2
	}
	got := p.items[first:]
	if len(got) == 0 {
		return i, nil
	}
	last := &got[len(got)-1]
	w, isCap, named, n3, ok, err := p.weight(n)
	if err != nil {
		return i, err
	}
	if ok {
		last.w, last.hasW, last.capKind, last.wKind, last.e = w, true, isCap, named, int(p.toks[n3-1].e)
		n = n3
	} else if f, n3, ok, err := p.number(n); err != nil {
		return i, err
	} else if ok && len(got) == 1 && p.bareWeightFollows(n3, first) {
		// "A-B 3, B-C 4, C-A 5": a number after each edge of a list.
		last.w, last.hasW, last.e = f, true, int(p.toks[n3-1].e)
		n = n3
	} else if p.lineStart(i) && len(got) == 1 {
		// "A-B 4" on a line of its own: the number is the weight.
		if f, n3, ok, err := p.number(n); err != nil {
			return i, err
		} else if ok && (n3 >= len(p.toks) || p.kind(n3) == exNL) {
			last.w, last.hasW, last.e = f, true, int(p.toks[n3-1].e)
			n = n3
		} else if q, named, n3, ok := p.lineQuantity(n); ok {
			// "ATL -> CHI   $420", "R1 <-> R2 latency 4ms", "Plant → Sub A:
			// 300 MW": the rest of the line is one quantity whose unit says
			// what the number is.
			last.w, last.hasW, last.wKind, last.e = q.v, true, named, int(p.toks[n3-1].e)
			last.meaning = q.meaning
			last.capKind = q.meaning == MeaningCapacity
			n = n3
		}
	}
	// "0 -> 1, 2, 3": more targets of the last source, each not itself the
	// start of another edge.
	if len(got) == 1 && got[0].arrow {
		// On a line of its own that is only the list ("ana → ben, cara"),
		// lower-case words are the targets as much as the source is.
		whole := p.lineStart(i) && p.listToLineEnd(n)
		for p.isPunct(n, ',') || p.isWord(n, "and") {
			k := n + 1
			if p.isWord(k, "and") {
				k++
			}
			b, n2, wb, ok := p.nodeRef(k)
			if !ok || wb && !whole {
				break
			}
			if c := p.kind(n2); c == exArrow || c == exBiArrow || c == exDash {
				break
			}
			it := p.items[first]
			it.v, it.hasW, it.w, it.s, it.e, it.tok = b, false, 0, int(p.toks[k].s), int(p.toks[n2-1].e), k
			p.items = append(p.items, it)
			n = n2
		}
	}
	return n, nil
}

// listToLineEnd reports whether the tokens from n to the line's end are
// a list of one-word node names, each after a comma or "and": ", b, c".
func (p *exScan) listToLineEnd(n int) bool {
	items := 0
	for n < len(p.toks) && p.kind(n) != exNL {
		if !p.isPunct(n, ',') && !p.isWord(n, "and") {
			return false
		}
		n++
		if p.isWord(n, "and") {
			n++
		}
		_, n2, _, ok := p.nodeRef(n)
		if !ok || n2 != n+1 {
			return false
		}
		n = n2
		items++
	}
	return items > 0
}

// optionDash reports whether the dash at token n is a command-line
// option's "--": spaced from the word before it, glued to a lower-case word
// after it ("$ ./linkdump --core").
func (p *exScan) optionDash(n int) bool {
	t := p.toks[n]
	if t.e-t.s != 2 || p.q[t.s:t.e] != "--" || t.s == 0 || n+1 >= len(p.toks) {
		return false
	}
	if b := p.q[t.s-1]; b != ' ' && b != '\t' {
		return false
	}
	next := p.toks[n+1]
	return next.kind == exWord && next.s == t.e && 'a' <= p.q[next.s] && p.q[next.s] <= 'z'
}

// exMaxNameWords bounds the words of one multi-word name on an edge line.
const exMaxNameWords = 4

// tryNamedLine reads a line that is one edge between names of several
// capitalised words: "Guard Room <-> Great Hall", "Plant → Sub A: 300 MW",
// "Sub B -> City 90". Each end is read whole, so "Guard Room" is one node,
// not "Room"; the rest of the line may be a weight (weight, lineQuantity
// or a bare number), nothing else. Lines with one-word ends are left to
// tryConnector's general path (ok false).
func (p *exScan) tryNamedLine(i int) (next int, ok bool, err error) {
	a, j := p.lineName(i)
	c := p.kind(j)
	if j == i || (c != exArrow && c != exBiArrow && c != exDash) {
		return i, false, nil
	}
	b, k := p.lineName(j + 1)
	if k == j+1 || (j-i < 2 && k-(j+1) < 2) {
		return i, false, nil
	}
	if c == exDash && (exNamePart(p.word(j-1)) || exNamePart(p.word(j+1))) {
		return i, false, nil
	}
	it := exItem{u: a, v: b, method: "arrows", arrow: c == exArrow, bidir: c == exBiArrow,
		s: int(p.toks[i].s), e: int(p.toks[k-1].e), tok: i}
	if c == exDash {
		it.method = "dashes"
	}
	n := k
	if end, ok := p.lineRemark(n); ok {
		// "Sealed Crypt <-> Ossuary   (not linked to the rest yet)": a remark
		// in brackets, no number in it, ends the line.
		p.items = append(p.items, it)
		return end, true, nil
	}
	if n < len(p.toks) && p.kind(n) != exNL {
		w, isCap, named, n3, wok, err := p.weight(n)
		if err != nil {
			return i, false, err
		}
		q, qnamed, n5, qok := p.lineQuantity(n)
		switch {
		case wok && (n3 >= len(p.toks) || p.kind(n3) == exNL):
			it.w, it.hasW, it.capKind, it.wKind = w, true, isCap, named
		case qok:
			it.w, it.hasW, it.wKind, it.meaning, n3 = q.v, true, qnamed, q.meaning, n5
			it.capKind = q.meaning == MeaningCapacity
		default:
			if f, n4, nok, err := p.number(n); err != nil {
				return i, false, err
			} else if nok && (n4 >= len(p.toks) || p.kind(n4) == exNL) {
				it.w, it.hasW, n3 = f, true, n4
			} else {
				return i, false, nil // more text on the line: not an edge line
			}
		}
		if n3 < len(p.toks) && p.kind(n3) != exNL {
			return i, false, nil
		}
		it.e, n = int(p.toks[n3-1].e), n3
	}
	p.items = append(p.items, it)
	return n, true, nil
}

// lineRemark reports whether the tokens from i to the line's end are one
// bracketed remark without numbers; end is the line's end.
func (p *exScan) lineRemark(i int) (end int, ok bool) {
	if !p.isPunct(i, '(') {
		return i, false
	}
	for j := i + 1; j < len(p.toks) && p.kind(j) != exNL; j++ {
		switch {
		case p.kind(j) == exNum || p.isPunct(j, '('):
			return i, false
		case p.isPunct(j, ')'):
			if j+1 < len(p.toks) && p.kind(j+1) != exNL {
				return i, false
			}
			return j + 1, true
		}
	}
	return i, false
}

// lineName reads a name of up to exMaxNameWords words at i, one space
// apart, each capitalised or a number ("Guard Room", "Sub A", "Ward 3");
// the first is no stopword ("Then A"). It returns the name and the token
// after it (i when there is none).
func (p *exScan) lineName(i int) (string, int) {
	j := i
	for ; j < len(p.toks) && j-i < exMaxNameWords; j++ {
		t := p.toks[j]
		if (t.kind != exWord && t.kind != exNum) || p.skip[j] {
			break
		}
		if j > i && (t.s != p.toks[j-1].e+1 || p.q[t.s-1] != ' ') {
			break
		}
		r, _ := utf8.DecodeRuneInString(p.q[t.s:])
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			break
		}
		if j == i && t.e-t.s > 1 && exIsStopwordLower(p.word(j)) {
			break
		}
	}
	if j == i || (j-i > 1 && p.kind(j) == exWord) {
		return "", i // no name, or a longer run of words: prose
	}
	if j-i > 1 && p.kind(j-1) == exNum && (j >= len(p.toks) || p.kind(j) == exNL) {
		// "A-B 4", "ICU -> Ward 3": a number ending the line may be the
		// edge's weight as well as part of the name; tryConnector's
		// general path reads it as the weight, as it always did.
		return "", i
	}
	return p.q[p.toks[i].s:p.toks[j-1].e], j
}

// lineQuantity reads the rest of the line from token i as one quantity
// after an edge: an optional ':', '=' or ',', at most two words that name
// the number (exWeightKW: "latency", "cost"), then a number with a unit the
// lexicon knows ("$420", "4ms", "300 MW", "40 L/s"). A unit the lexicon
// does not know, or more text after the quantity, is no quantity: the
// number then stays unread and the reading uncertain. named reports a
// naming word or a known unit; next is the line's end.
func (p *exScan) lineQuantity(i int) (q quantity, named bool, next int, ok bool) {
	end := i
	for end < len(p.toks) && p.toks[end].kind != exNL {
		if p.skip[end] && p.kind(end) == exNum {
			return quantity{}, false, i, false
		}
		end++
	}
	if end == i {
		return quantity{}, false, i, false
	}
	j := i
	if p.isPunct(j, ':') || p.isPunct(j, '=') || p.isPunct(j, ',') {
		j++
	}
	for k := 0; k < 2 && j < end && p.kind(j) == exWord; k++ {
		kw, _ := exWeightKW(p.word(j))
		if !kw {
			break
		}
		named = true
		j++
		if p.isPunct(j, ':') || p.isPunct(j, '=') {
			j++
		}
	}
	if j >= end {
		return quantity{}, false, i, false
	}
	q, ok = parseQuantityIn(p.opt.Lexicon, p.q[p.toks[j].s:p.toks[end-1].e])
	if !ok || q.unit == "" || q.meaning == MeaningNone {
		return quantity{}, false, i, false
	}
	return q, true, end, true
}

// exNamePart reports whether w is part of a hyphenated algorithm or model
// name ("Bellman-Ford", "Erdős–Rényi", "Barabási-Albert").
func exNamePart(w string) bool {
	switch strings.ToLower(w) {
	case "bellman", "ford", "floyd", "warshall", "fulkerson", "edmonds", "karp", "erdős", "erdos", "rényi", "renyi",
		"barabási", "barabasi", "albert", "watts", "strogatz", "hopcroft", "kernighan", "lin", "girvan", "newman",
		"stoer", "wagner", "gale", "shapley", "push", "relabel", "held", "hierholzer", "kosaraju", "tarjan",
		"johnson", "dijkstra", "prim", "kruskal", "boruvka", "borůvka", "jarník", "jarnik", "weisfeiler", "lehman",
		"leman", "page", "rank", "max", "min", "cut", "flow", "self", "loop", "degree":
		return true
	}
	return false
}

// exDateLike reports whether a numeric atom in u-v notation looks like part
// of a date, a year range or a phone number ("2023-05-01", "1990-2000"):
// a leading zero or four or more digits.
func exDateLike(id string) bool {
	if len(id) < 2 || id[0] < '0' || id[0] > '9' {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	return id[0] == '0' || len(id) >= 4
}

// dateAt reports whether tokens from i write an ISO date, a year from
// 1900 to 2099 then a month and maybe a day, joined by dashes
// ("2024-09-14", "2024-09"), and returns the token after it.
func (p *exScan) dateAt(i int) (int, bool) {
	num := func(k, lo, hi, digits int) bool {
		if p.kind(k) != exNum {
			return false
		}
		t := p.text(k)
		v, err := strconv.Atoi(t)
		return err == nil && len(t) <= digits && len(t) >= digits-1 && lo <= v && v <= hi
	}
	if !num(i, 1900, 2099, 4) || len(p.text(i)) != 4 || p.kind(i+1) != exDash || !num(i+2, 1, 12, 2) ||
		p.toks[i+1].s != p.toks[i].e || p.toks[i+2].s != p.toks[i+1].e {
		return i, false
	}
	if p.kind(i+3) == exDash && p.toks[i+3].s == p.toks[i+2].e && num(i+4, 1, 31, 2) {
		return i + 5, true
	}
	return i + 3, true
}

// arrowsReader reads "u -> v", "u → v", "u <-> v" and chains of them.
type arrowsReader struct{}

// Name names the notation.
func (arrowsReader) Name() string { return "arrows" }

// Read returns the arrow edges of the question.
func (r arrowsReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}

// dashesReader reads "u-v", "u -- v", "u — v" and chains of them.
type dashesReader struct{}

// Name names the notation.
func (dashesReader) Name() string { return "dashes" }

// Read returns the dash edges of the question.
func (r dashesReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}

// hyphenatedName reports whether the dash at token n joins two capitalised
// words with no space ("Fei-Fei", "Amberg-Sulzbach"): a hyphenated name
// unless it stands in a list of such edges ("Paris-Lyon, Lyon-Nice").
func (p *exScan) hyphenatedName(n int, a, b string) bool {
	if n < 1 || n+1 >= len(p.toks) || p.toks[n-1].e != p.toks[n].s || p.toks[n].e != p.toks[n+1].s {
		return false
	}
	return exNameWord(a) && exNameWord(b)
}

// exNameWord reports whether w is a capitalised word of two or more
// letters with a lower-case letter ("Fei", "Sulzbach"; not "AB" or "A1").
func exNameWord(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	lower := false
	for _, r := range w[1:] {
		switch {
		case r >= 'a' && r <= 'z', r >= 0x80:
			lower = true
		case r >= 'A' && r <= 'Z':
		default:
			return false
		}
	}
	return lower
}

// nameBefore reports whether an ID-like name (a number or a word with a
// digit or a capital) stands right before token i on its line.
func (p *exScan) nameBefore(i int) bool {
	k := i - 1
	return k >= 0 && (p.kind(k) == exNum || p.kind(k) == exWord && exIDLike(p.text(k))) && !p.skip[k]
}

// nameAfter reports whether such a name stands at token n, right after an
// edge's end.
func (p *exScan) nameAfter(n int) bool {
	return n < len(p.toks) && (p.kind(n) == exNum || p.kind(n) == exWord && exIDLike(p.text(n))) && !p.skip[n]
}

// bareWeightFollows reports whether a number that ends before token n,
// right after an edge, is the edge's weight in a list of such edges: the
// next item of the list is another edge ("A-B 3, B-C 4"), or the list ends
// there after an edge that carried such a number too ("..., C-A 5.").
func (p *exScan) bareWeightFollows(n, first int) bool {
	k := n
	switch {
	case p.isPunct(k, ',') || p.isPunct(k, ';'):
		k++
		if p.isWord(k, "and") {
			k++
		}
	case p.isWord(k, "and"):
		k++
	default:
		if !p.clauseEnd(k) || first == 0 {
			return false
		}
		prev := p.items[first-1]
		return prev.hasW && (prev.method == "dashes" || prev.method == "arrows") && exOnlySeparators(p.q[prev.e:p.items[first].s])
	}
	_, n2, _, ok := p.nodeRef(k)
	if !ok {
		return false
	}
	c := p.kind(n2)
	return c == exDash || c == exArrow || c == exBiArrow
}
