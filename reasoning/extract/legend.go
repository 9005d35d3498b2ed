package extract

// legendAt returns the token index after a legend that starts at token i:
// a parenthesised pair of names joined by an arrow or a dash and followed
// by a colon, whose names occur nowhere else in the text ("Family tree
// (parent -> child): Rose -> Tom, ...", "Edges (u -> v): 1 -> 2"). It says
// what the pairs after it mean and is no edge itself; ok is false when
// there is none. Only '(' tokens are looked at.
func (p *exScan) legendAt(i int) (next int, ok bool) {
	if !p.isPunct(i, '(') || !p.isPunct(i+4, ')') || !p.isPunct(i+5, ':') {
		return i, false
	}
	if k := p.kind(i + 2); k != exArrow && k != exBiArrow && k != exDash {
		return i, false
	}
	a, b := p.word(i+1), p.word(i+3)
	if a == "" || b == "" {
		return i, false
	}
	for k := range p.toks {
		if (k < i || k > i+5) && (p.isWord(k, a) || p.isWord(k, b)) {
			return i, false
		}
	}
	return i + 6, true
}
