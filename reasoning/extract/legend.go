package extract

// legendAt returns the token index after a legend that starts at token i:
// a parenthesised pair of names joined by an arrow or a dash and followed
// by a colon, or explained inside the parentheses ("(sponsor → recruit,
// i.e. the first signed up the second)"), whose names occur nowhere else
// in the text ("Family tree (parent -> child): Rose -> Tom, ...", "Edges
// (u -> v): 1 -> 2"). It says
// what the pairs after it mean and is no edge itself; ok is false when
// there is none. Only '(' tokens are looked at.
func (p *exScan) legendAt(i int) (next int, ok bool) {
	if !p.isPunct(i, '(') {
		return i, false
	}
	end := i + 6
	switch {
	case p.isPunct(i+4, ')') && p.isPunct(i+5, ':'):
	case p.isPunct(i+4, ',') && p.isWord(i+5, "i", "ie", "meaning", "that", "where"):
		// "(sponsor → recruit, i.e. the first person signed up the
		// second)": the pair is explained in the parentheses.
		end = -1
		for k := i + 6; k < len(p.toks) && k < i+48; k++ {
			if p.isPunct(k, ')') {
				end = k + 1
				break
			}
		}
		if end < 0 {
			return i, false
		}
	default:
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
		if (k < i || k >= end) && (p.isWord(k, a) || p.isWord(k, b)) {
			return i, false
		}
	}
	return end, true
}
