package extract

import (
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/lang"
)

// proseNumbers splits the loose numbers (token indices, from looseNumbers)
// into those that may be graph content and those in sentences that say
// nothing about the graph: a heading's "Exercise 6.7" or "item 0417", a
// post's "after 3 weekends", a date. The uncertainty a loose number
// raises is local to its sentence (one line at most): it is prose when
// the sentence
//   - has no token any reading accounted for (covered) and no edge-like
//     item the scan dropped;
//   - names none of the read graph's nodes, nor a word of a multi-word
//     name ("Ward" of "Ward 7"), and the number is no node itself;
//   - has no lexicon word for nodes, edges, relations, units or value
//     columns ("towns", "roads", "km", "weight"), and the number has no
//     unit glued to it ("25min");
//   - has a word of prose, so that a line of bare numbers stays doubtful,
//     and the number is not one of a run ("3 4 5 6", "1, 2, 3"): a run
//     is data, whatever the words around it;
//   - does not count something past the graph's size: "300 upvotes" is
//     prose beside a nine-node graph only if it cannot be the count of
//     the graph's nodes, so a count greater than the nodes read (and not
//     the edges read) keeps the doubt ("the club has 12 members" beside
//     ten members read).
//
// A time of day ("22:00", "07:41") is prose wherever it stands: a
// reader that reads times on edges accounts for them.
//
// The work is linear in the tokens: each sentence is judged once.
func (c *combiner) proseNumbers(loose []int, covered [][2]int) (kept, prose []int) {
	g := c.ex.Graph
	if g == nil || len(loose) == 0 {
		return loose, nil
	}
	p := c.p
	lx := p.opt.Lexicon
	// The words of the graph's node names, lower case.
	nameWords := make(map[string]bool, g.N())
	for _, id := range g.IDs() {
		for _, w := range strings.Fields(id) {
			nameWords[strings.ToLower(w)] = true
		}
	}
	dropAt := make(map[int32]bool, len(p.dropped))
	for _, it := range p.dropped {
		if it.tok >= 0 && it.tok < len(p.sent) {
			dropAt[p.sent[it.tok]] = true
		}
	}
	judged := map[int32]bool{}
	for _, i := range loose {
		if p.clockAt(i) {
			prose = append(prose, i) // "closed 22:00-06:00", "[07:41]": a time of day
			continue
		}
		s := p.sent[i]
		ok, seen := judged[s]
		if !seen {
			ok = c.proseSentence(i, covered, nameWords, dropAt[s], lx)
			judged[s] = ok
		}
		if ok && c.proseCount(i) && !p.numberRun(i) {
			prose = append(prose, i)
		} else {
			kept = append(kept, i)
		}
	}
	return kept, prose
}

// proseSentence reports whether the sentence of token i says nothing
// about the graph (proseNumbers).
func (c *combiner) proseSentence(i int, covered [][2]int, nameWords map[string]bool, dropped bool, lx *lang.Lexicon) bool {
	p := c.p
	if dropped {
		return false
	}
	s := p.sent[i]
	lo, hi := i, i
	for lo > 0 && p.sent[lo-1] == s {
		lo--
	}
	for hi+1 < len(p.toks) && p.sent[hi+1] == s {
		hi++
	}
	start, end := int(p.toks[lo].s), int(p.toks[hi].e)
	for _, cv := range covered {
		if cv[0] < end && start < cv[1] {
			return false
		}
	}
	const about = lang.NodeNoun | lang.EdgeNoun | lang.UnitWord | lang.RelationNoun | lang.RelationVerb
	prose := false
	for k := lo; k <= hi; k++ {
		t := &p.toks[k]
		switch t.kind {
		case exNum:
			if _, ok := c.ex.Graph.Index(t.text(p.q)); ok || nameWords[t.text(p.q)] {
				return false
			}
		case exWord:
			w := p.word(k)
			if nameWords[w] || lx.Word(w).Has(about) || lx.Column(w).Value() || unitNumber(lx, w) {
				return false
			}
			if len(w) >= 2 && w[0] >= 'a' && w[0] <= 'z' {
				prose = true
			}
		case exStr:
			return false // a quoted name may be a node
		}
	}
	return prose
}

// proseCount reports whether number token i, when it counts something
// ("300 upvotes"), cannot be the count of the graph's nodes: it is no
// greater than the nodes read, or it equals the edges read.
func (c *combiner) proseCount(i int) bool {
	p := c.p
	w := p.word(i + 1)
	if w == "" || !strings.HasSuffix(w, "s") {
		return true // no count: "item 0417", "in 2024"
	}
	n, err := strconv.ParseFloat(p.text(i), 64)
	if err != nil {
		return false
	}
	g := c.ex.Graph
	return n <= float64(g.N()) || n == float64(g.M())
}

// numberRun reports whether number token i has a number next to it, alone
// or after one comma or semicolon: "3 4 5 6", "1, 2, 3".
func (p *exScan) numberRun(i int) bool {
	for _, d := range []int{-1, 1} {
		j := i + d
		if p.isPunct(j, ',') || p.isPunct(j, ';') {
			j += d
		}
		if p.kind(j) == exNum {
			return true
		}
	}
	return false
}

// clockAt reports whether number token i is the hour or the minutes of a
// time of day written "hh:mm" (hours to 23, two-digit minutes to 59).
func (p *exScan) clockAt(i int) bool {
	h := i
	if p.isPunct(i-1, ':') && p.kind(i-2) == exNum {
		h = i - 2
	}
	if !p.isPunct(h+1, ':') || p.kind(h+2) != exNum || p.toks[h+1].s != p.toks[h].e || p.toks[h+2].s != p.toks[h+1].e {
		return false
	}
	hh, err1 := strconv.Atoi(p.text(h))
	mm, err2 := strconv.Atoi(p.text(h + 2))
	return err1 == nil && err2 == nil && len(p.text(h)) <= 2 && len(p.text(h+2)) == 2 && hh <= 23 && mm <= 59
}

// unreadPattern finds lines outside every accounted span that repeat one
// pattern: the same two words at the same place after the line's start
// ("@ana escalates to @raj", "@raj escalates to @mei", ...) on three or
// more lines that are statements, not questions. Such lines are records
// of something (edges no reader read, most likely), so the reading beside
// them is uncertain, however clean the text the readers did read. It
// returns the pattern's words and the lines it is on. Linear in the
// tokens.
func (p *exScan) unreadPattern(inside func(s, e int) bool) (string, int) {
	type key struct {
		pos  int
		a, b string
	}
	lines := map[key]int{}
	var best key
	bestN := 0
	for i := 0; i < len(p.toks); {
		// One line: tokens i..j-1.
		j := i
		for j < len(p.toks) && p.toks[j].kind != exNL {
			j++
		}
		// A reader's span may stop before the line's closing
		// punctuation ("Node 4 likes soccer" of "Node 4 likes soccer."):
		// the line is read when the rest is.
		last := j
		for last > i+1 && p.toks[last-1].kind == exPunct {
			last--
		}
		if j > i && !p.task[p.sent[i]] && !inside(int(p.toks[i].s), int(p.toks[last-1].e)) {
			seen := map[key]bool{}
			pos := 0
			for k := i; k+1 < j && pos < 8; k++ {
				if p.marker != nil && p.marker[k] {
					continue
				}
				a, b := p.word(k), p.word(k+1)
				if a != "" && b != "" && len(a)+len(b) >= 5 {
					kk := key{pos, a, b}
					if !seen[kk] {
						seen[kk] = true
						lines[kk]++
						if lines[kk] > bestN {
							best, bestN = kk, lines[kk]
						}
					}
				}
				pos++
			}
		}
		i = j + 1
	}
	if bestN < 3 {
		return "", 0
	}
	return best.a + " " + best.b, bestN
}
