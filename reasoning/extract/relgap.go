package extract

import (
	"github.com/graphagent/graphagent/lang"
	"strconv"
	"strings"
)

// Gapping: "Ann plays tennis with Bo, Bo with Cy, and Cy with Dee", "Mia is
// friends with Noah, Noah with Liam": after a relation whose object follows
// "with" or "to", clauses of two names joined by the same word repeat the
// relation without its verb.

// relGapPrep returns the word ("with", "to") right before a relation's
// object, "" when another word stands there or the relation cannot be
// gapped (a group, a negation).
func (t *proseText) relGapPrep(m relMatch) string {
	if m.group || m.neg || len(m.obj) == 0 {
		return ""
	}
	if p := m.obj[0].a - 1; t.isWord(p, "with", "to") {
		return t.low(p)
	}
	return ""
}

// relGapStart gives back the last name of a relation's object list when
// the preposition follows it ("with Bo, Bo with Cy" read "Bo, Bo" as the
// object): that name starts the first gapped clause.
func (t *proseText) relGapStart(m relMatch, s ptSentence) relMatch {
	prep := t.relGapPrep(m)
	if prep == "" || len(m.obj) < 2 {
		return m
	}
	last := m.obj[len(m.obj)-1]
	if !t.isWord(last.b, prep) || !t.isPunct(last.a-1, ',') && !t.isWord(last.a-1, "and") {
		return m
	}
	m.obj = m.obj[:len(m.obj)-1]
	m.b = last.a - 1 // the ',' or "and" before it
	return m
}

// relGapped reads one gapped clause at token i (after a ',' and/or "and")
// repeating m's relation: one name, m's preposition, and the object names.
func (t *proseText) relGapped(i int, s ptSentence, m relMatch, o nameOpts) (relMatch, bool) {
	prep := t.relGapPrep(m)
	if prep == "" {
		return relMatch{}, false
	}
	k := i
	if t.isPunct(k, ',') {
		k++
	}
	if t.isWord(k, "and") {
		k++
	}
	if k == i || k >= s.q {
		return relMatch{}, false
	}
	subj, n := t.nameList(k, s.q, s.a, o)
	if len(subj) != 1 || !t.isWord(n, prep) {
		return relMatch{}, false
	}
	obj, n2 := t.nameList(n+1, s.q, s.a, o)
	if len(obj) == 0 || obj[len(obj)-1].poss {
		return relMatch{}, false
	}
	g := relMatch{subj: subj, obj: obj, dir: m.dir, a: k, b: n2, conf: m.conf, note: m.note}
	// The next clause's subject may have joined this object list.
	g = t.relGapStart(g, s)
	if g.b < s.q && !t.isPunct(g.b, ',') && !t.isWord(g.b, "and") && t.toks[g.b].kind != pPunct {
		return relMatch{}, false
	}
	return g, true
}

// relUnread lowers the confidence when a statement that speaks of a
// relationship (a relation noun) and names someone was not read while others were ("Olivia
// is new and has no friends yet" beside "Mia is friends with Noah"): the
// person may be a node the graph would lack. read is in text order, a
// subset of cands.
func (t *proseText) relUnread(b *proseBuild, cands []ptSentence, read []relSentence) {
	k := 0
	for _, c := range cands {
		for k < len(read) && read[k].s.s < c.s {
			k++
		}
		if k < len(read) && read[k].s.s == c.s || strings.ContainsRune(t.text[c.s:c.e], '?') {
			continue // read, or a question
		}
		if t.relIsolated(b, c) {
			continue
		}
		// A relation noun ("friends", "colleagues") says the sentence is
		// about the graph; a verb may label ("Alice likes tennis").
		noun := false
		for i := c.a; i < c.q && !noun; i++ {
			noun = relNounDir(t.lex, t.low(i)) != 0
		}
		if !noun {
			continue
		}
		for i := c.a; i < c.q; i++ {
			tk := t.toks[i]
			if tk.kind != pWord || tk.e-tk.s < 2 {
				continue
			}
			if ch := t.text[tk.s]; 'A' <= ch && ch <= 'Z' && !relFunctionWord(t.low(i)) {
				b.lower(0.7, "the sentence "+strconv.Quote(proseClip(t.text[c.s:c.e]))+" speaks of a relationship and names "+t.text[tk.s:tk.e]+", but no relation was read in it")
				return
			}
		}
	}
}

// relFunctionWord reports whether a capitalised word is a sentence's
// function word rather than a name ("We", "The", "In").
func relFunctionWord(w string) bool {
	switch w {
	case "we", "they", "the", "a", "an", "this", "that", "these", "those", "there", "it", "he", "she", "my", "our",
		"your", "their", "his", "her", "in", "on", "at", "so", "and", "but", "also", "all", "every", "each", "some",
		"no", "if", "when", "then", "here", "now", "note", "everyone", "nobody", "someone", "graph", "node", "nodes":
		return true
	}
	return false
}

// relIsolated reads a statement that someone has no relations ("Olivia is
// new and has no friends yet", "Dot and Eve have no friends"): the names
// are nodes without edges. Up to three lower-case words may stand between
// the names and "has no"; after the relation noun only "yet", "at all" or
// "so far". It reports whether the sentence was read.
func (t *proseText) relIsolated(b *proseBuild, c ptSentence) bool {
	names, n := t.nameList(c.a, c.q, c.a, relNames)
	if len(names) == 0 || names[len(names)-1].poss {
		return false
	}
	// read declares the names nodes when the statement ends at token n.
	read := func(n int) bool {
		if n < c.q && t.toks[n].kind != pPunct {
			return false
		}
		for _, nm := range names {
			b.node(nm.id, int(t.toks[nm.a].s))
		}
		b.sentence(t, c, [][2]int{{c.a, c.q}}, func(int) bool { return true })
		return true
	}
	if k, ok := t.relNobody(n, c.q); ok {
		// "Wendy and Yvonne haven't swapped with anyone yet"
		return read(k)
	}
	for x := 0; x < 3 && n < c.q && !t.isWord(n, "has", "have"); x++ {
		if tk := t.toks[n]; tk.kind != pWord || tk.upper {
			return false
		}
		n++
	}
	if !t.isWord(n, "has", "have") || !t.isWord(n+1, "no") || relNounDir(t.lex, t.low(n+2)) == 0 {
		return false
	}
	n += 3
	for n < c.q && t.isWord(n, "yet", "at", "all", "so", "far") {
		n++
	}
	return read(n)
}

// relNobody reads, at token n, a relation verb denied of everyone: "haven't
// swapped with anyone yet", "has not met anybody", "never played with
// anyone", "talked to nobody", "met no one so far". It returns the token
// after it.
func (t *proseText) relNobody(n, end int) (int, bool) {
	neg := false
	switch {
	case t.isWord(n, "haven't", "hasn't", "hadn't", "didn't", "never"):
		n, neg = n+1, true
	case t.isWord(n, "have", "has", "had", "did") && t.isWord(n+1, "not", "never"):
		n, neg = n+2, true
	}
	if n >= end || !t.lex.Word(t.low(n)).Has(lang.RelationVerb|lang.BaseVerb|lang.MeetVerb|lang.MutualVerb|lang.WithVerb|lang.PassiveVerb) {
		return n, false
	}
	n++
	if t.isWord(n, "with", "to", "at", "for") {
		n++
	}
	switch {
	case neg && t.isWord(n, "anyone", "anybody"):
		n++
	case !neg && t.isWord(n, "nobody"):
		n++
	case !neg && t.isWord(n, "no") && t.isWord(n+1, "one"):
		n += 2
	default:
		return n, false
	}
	for n < end && t.isWord(n, "yet", "at", "all", "so", "far", "else") {
		n++
	}
	return n, true
}
