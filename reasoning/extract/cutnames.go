package extract

import "sort"

// cutNames counts the capitalised words that stand one space from an edge
// end on the same line while no reading accounts for them, on lines where
// at most three words are left unread: "Guard Room <-> Armory" read as the
// edge Room-Armory, "Throne Room <-> Treasure Vault" as Room-Treasure. Such
// a reading names other nodes than the text does, so the words are
// reported as unaccounted and the reading is not confident. A stopword
// ("Then A -> B") does not count.
func (c *combiner) cutNames(covered, edgesCov [][2]int) int {
	p, text := c.p, c.d.Text
	in := func(spans [][2]int, s, e int) bool {
		k := sort.Search(len(spans), func(i int) bool { return spans[i][1] >= e })
		return k < len(spans) && spans[k][0] <= s
	}
	// spaced reports whether only spaces or tabs (at least one) lie
	// between byte a and byte b.
	spaced := func(a, b int) bool {
		if b <= a {
			return false
		}
		for _, ch := range []byte(text[a:b]) {
			if ch != ' ' && ch != '\t' {
				return false
			}
		}
		return true
	}
	gluedToEdge := func(i int) bool {
		t := p.toks[i]
		if i > 0 {
			n := p.toks[i-1]
			if (n.kind == exWord || n.kind == exNum) && spaced(int(n.e), int(t.s)) && in(edgesCov, int(n.s), int(n.e)) {
				return true
			}
		}
		if i+1 < len(p.toks) {
			n := p.toks[i+1]
			if (n.kind == exWord || n.kind == exNum) && spaced(int(t.e), int(n.s)) && in(edgesCov, int(n.s), int(n.e)) {
				return true
			}
		}
		return false
	}
	found := 0
	for start := 0; start < len(p.toks); {
		end := start
		for end < len(p.toks) && p.toks[end].kind != exNL {
			end++
		}
		var loose, glued []int
		for i := start; i < end; i++ {
			t := p.toks[i]
			if t.kind != exWord || in(covered, int(t.s), int(t.e)) {
				continue
			}
			loose = append(loose, i)
			if w := text[t.s:t.e]; w[0] >= 'A' && w[0] <= 'Z' && !exIsStopword(w) && gluedToEdge(i) {
				glued = append(glued, i)
			}
		}
		if len(glued) > 0 && len(loose) <= 3 {
			for _, i := range glued {
				t := p.toks[i]
				c.ex.Report.Unaccounted = append(c.ex.Report.Unaccounted, Unaccounted{Start: int(t.s), End: int(t.e),
					Text: text[t.s:t.e], Why: "a word of a name next to an edge"})
			}
			found += len(glued)
		}
		start = end + 1
	}
	return found
}
