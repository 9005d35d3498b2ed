package extract

import (
	"context"
	"strings"
)

// keySpan is a sentence (or clause) that explains the notation: "(i,j)
// means that node i and node j are connected with an undirected edge", "an
// edge (u, v, w) means an edge from u to v with weight w", "in the format u
// -> v". Its symbols are never edges.
type keySpan struct {
	s, e     int
	directed Direction
	meaning  Meaning
}

// exKeyVerb reports whether w says what a notation means.
func exKeyVerb(w string) bool {
	switch w {
	case "means", "mean", "denotes", "denote", "represents", "represent", "indicates", "indicate",
		"signifies", "signify", "stands", "describes", "describe":
		return true
	}
	return false
}

// exKeyNoun reports whether w introduces a notation ("in the format u v").
func exKeyNoun(w string) bool {
	switch w {
	case "format", "form", "notation", "syntax", "pattern":
		return true
	}
	return false
}

// placeholder reports whether token i is a symbol of a notation key: a
// single letter or a word such as "source" or "weight".
func (p *exScan) placeholder(i int) bool {
	if p.kind(i) != exWord {
		return false
	}
	w := p.word(i)
	if len(w) == 1 {
		return w[0] >= 'a' && w[0] <= 'z'
	}
	switch w {
	case "source", "target", "src", "dst", "dest", "weight", "capacity", "cost", "distance", "length",
		"node1", "node2", "u1", "u2", "v1", "v2", "from", "to", "head", "tail":
		return true
	}
	return false
}

// placeholderAt returns the end (exclusive token index) of a placeholder
// notation starting at token i: "(i,j)", "(u, v, w)", "[u, v]", "u -> v",
// "u-v", "u v w"; ok is false when there is none.
func (p *exScan) placeholderAt(i int) (next int, ok bool) {
	if p.isPunct(i, '(') || p.isPunct(i, '[') || p.isPunct(i, '<') {
		closeCh := byte(')')
		switch p.toks[i].ch {
		case '[':
			closeCh = ']'
		case '<':
			closeCh = '>'
		}
		n := 0
		for j := i + 1; j < len(p.toks) && j < i+12; j++ {
			switch {
			case p.placeholder(j):
				n++
			case p.isPunct(j, ','):
			case p.isPunct(j, closeCh):
				return j + 1, n >= 2
			default:
				return i, false
			}
		}
		return i, false
	}
	if !p.placeholder(i) {
		return i, false
	}
	j, n := i+1, 1
	for j < len(p.toks) && n < 4 {
		k := p.kind(j)
		if k == exArrow || k == exBiArrow || k == exDash || p.isPunct(j, ',') {
			j++
			continue
		}
		if !p.placeholder(j) {
			break
		}
		n++
		j++
	}
	return j, n >= 2
}

// exKeyWord reports whether findKeys may start at w: a key verb or noun,
// "is" ("is an edge"), or "row", "column", "entry", "element", "cell".
func exKeyWord(w string) bool {
	switch w {
	case "is", "row", "column", "entry", "element", "cell", "answer", "answers", "output", "example", "such", "defined",
		"iff":
		return true
	}
	return exKeyVerb(w) || exKeyNoun(w)
}

// findKeys finds the notation keys, masks their tokens from the scan and
// records them in p.keys. One pass over the tokens: a key verb ("means")
// with a placeholder notation in the few tokens before it, or a key noun
// ("format") with one in the few tokens after it.
func (p *exScan) findKeys() {
	for i := 0; i < len(p.toks); i++ {
		w := p.word(i)
		if w == "" || p.skip[i] {
			// "(parent -> child): ..." explains the pairs after it.
			if e, ok := p.legendAt(i); ok && !p.skip[i] {
				p.addKey(i, e)
				i = e - 1
			}
			continue
		}
		switch {
		case exKeyVerb(w) || (w == "is" && p.isWord(i+1, "a", "an") && (exEdgeNoun(p.word(i+2)) ||
			(p.isWord(i+2, "directed", "undirected", "weighted") && exEdgeNoun(p.word(i+3))))):
			// "(i,j) means", "an edge (u, v, w) means", "u -> v represents"
			for j := max(0, i-12); j < i; j++ {
				if p.sent[j] != p.sent[i] {
					continue
				}
				if n, ok := p.placeholderAt(j); ok && (n == i || p.isWord(n, "here", "below", "above", "then") || (n+1 == i && p.kind(n) == exPunct)) {
					s := p.clauseStart(j)
					e := p.keyEnd(i)
					p.addKey(s, e)
					i = e - 1
					break
				}
			}
		case (w == "row" || w == "column" || w == "entry" || w == "element" || w == "cell") && p.placeholder(i+1) &&
			len(p.word(i+1)) == 1 && !p.isPunct(i+2, ':'):
			// "row i, column j is the edge between nodes i and j"
			s, e := i, p.sentenceEnd(i)
			for k := i - 1; k >= 0 && k > i-4 && p.sent[k] == p.sent[i]; k-- {
				if p.isPunct(k, '(') {
					s = k
					for m := i; m < e; m++ {
						if p.isPunct(m, ')') {
							e = m + 1
							break
						}
					}
					break
				}
			}
			p.addKey(s, e)
			i = e - 1
		case p.task[p.sent[i]] && p.answerFormatAt(i):
			// "Give your answer as (0, 4), (1, 8)": an example of the
			// answer's form, in an instruction, is never the graph.
			e := p.sentenceEnd(i)
			p.addKey(i, e)
			if py := p.py; py != nil && int(p.toks[e-1].e) <= py.s && strings.TrimSpace(p.q[p.toks[e-1].e:py.s]) == "" {
				// "answer as a list like [(0, 4), (1, 8)]": the example
				// is the Python list the lexer set aside.
				p.keys[len(p.keys)-1].e = py.e
				p.py = nil
			}
			i = e - 1
		case (w == "such" && p.isWord(i+1, "that")) || w == "defined" || w == "iff":
			// "A predecessor of n is a node m such that there is an edge
			// from m to n": a definition over variables, not the graph.
			if s, e, ok := p.definition(i); ok {
				p.addKey(s, e)
				// A definition's "edge from m to n" says nothing of this graph.
				k := &p.keys[len(p.keys)-1]
				k.directed, k.meaning = DirUnknown, MeaningNone
				i = e - 1
			}
		case exKeyNoun(w):
			// "in the format u -> v", "of the form (u, v, w)"
			j := i + 1
			for k := 0; k < 3 && (p.isWord(j, "of", "is", "as", "like") || p.isPunct(j, ':')); k++ {
				j++
			}
			if n, ok := p.placeholderAt(j); ok {
				s := i
				for s > 0 && p.sent[s-1] == p.sent[i] && p.isWord(s-1, "in", "the", "of", "a", "using", "with") && s > i-3 {
					s--
				}
				p.addKey(s, n)
				i = n - 1
			}
		}
	}
}

// answerFormatAt reports whether token i starts the example of an
// answer's form: "answer(s) as/like/in the form", "output as", "for
// example" / "example:" in an instruction.
func (p *exScan) answerFormatAt(i int) bool {
	switch p.word(i) {
	case "answer", "answers", "output":
		for j := i + 1; j < i+4 && j < len(p.toks); j++ {
			if p.isWord(j, "as", "like", "form", "format", "formatted") || p.isPunct(j, ':') {
				return true
			}
			if !p.isWord(j, "in", "the", "a", "following", "should", "be", "must", "is") {
				return false
			}
		}
	case "example":
		return p.isWord(i-1, "for", "an", "the") || p.isPunct(i+1, ':')
	}
	return false
}

// definition returns the sentence around token i when it defines a term
// over variables: single-letter names ("n", "m", "u") and no number.
func (p *exScan) definition(i int) (s, e int, ok bool) {
	s, e = i, p.sentenceEnd(i)
	for s > 0 && p.sent[s-1] == p.sent[i] {
		s--
	}
	vars := 0
	for k := s; k < e; k++ {
		switch p.kind(k) {
		case exNum:
			return 0, 0, false
		case exWord:
			if w := p.word(k); len(w) == 1 && w != "a" && p.placeholder(k) {
				vars++
			}
		}
	}
	return s, e, vars >= 2
}

// clauseStart returns the first token of the clause holding token j: after
// the nearest ',', ':' or ';' of its sentence, or the sentence start.
func (p *exScan) clauseStart(j int) int {
	s := j
	for s > 0 && p.sent[s-1] == p.sent[j] && j-s < 16 {
		if p.isPunct(s-1, ',') || p.isPunct(s-1, ':') || p.isPunct(s-1, ';') || p.isPunct(s-1, ')') || p.isPunct(s-1, ']') ||
			p.isWord(s-1, "where", "here", "whereby") {
			break
		}
		s--
	}
	return s
}

// keyEnd returns the token index after a key whose verb is at token i: the
// end of its sentence, or a ':' or ';' that introduces the data ("where
// each triple (u, v, w) is an edge with weight w: (0, 2, 4) ...").
func (p *exScan) keyEnd(i int) int {
	e := p.sentenceEnd(i)
	for k := i + 1; k < e; k++ {
		if p.isPunct(k, ':') || p.isPunct(k, ';') {
			return k + 1
		}
	}
	return e
}

// sentenceEnd returns the token index after the sentence holding token i
// (its closing punctuation included).
func (p *exScan) sentenceEnd(i int) int {
	e := i
	for e < len(p.toks) && p.sent[e] == p.sent[i] {
		e++
	}
	return e
}

// addKey masks tokens [s, e) as a notation key and reads what it says
// about direction and the edge numbers.
func (p *exScan) addKey(s, e int) {
	if e <= s {
		return
	}
	k := keySpan{s: int(p.toks[s].s), e: int(p.toks[e-1].e)}
	from := false
	for i := s; i < e; i++ {
		p.skip[i] = true
		switch p.word(i) {
		case "undirected", "bidirectional":
			k.directed = DirUndirected
		case "directed":
			if k.directed == DirUnknown {
				k.directed = DirDirected
			}
		case "from":
			from = true
		case "to", "towards", "into":
			if from && k.directed == DirUnknown {
				k.directed = DirDirected
			}
		case "points", "pointing", "arc", "arcs":
			if k.directed == DirUnknown {
				k.directed = DirDirected
			}
		case "weight", "weights":
			k.meaning = MeaningWeight
		case "capacity", "capacities":
			k.meaning = MeaningCapacity
		case "distance", "length", "km", "miles":
			k.meaning = MeaningDistance
		case "cost", "costs", "price":
			k.meaning = MeaningCost
		case "timestamp", "timestamps":
			k.meaning = MeaningTime
		case "time":
			// "linked at time t" dates the edge; "takes w time" weighs it.
			if i > s && p.word(i-1) == "at" {
				k.meaning = MeaningTime
			}
		}
	}
	if p.kind(e-1) == exArrow || p.kind(e-2) == exArrow {
		if k.directed == DirUnknown {
			k.directed = DirDirected
		}
	}
	for i := s; i < e; i++ {
		if p.kind(i) == exArrow && k.directed == DirUnknown {
			k.directed = DirDirected
		}
	}
	p.keys = append(p.keys, k)
}

// keyReader reads the sentences that explain the notation: they tell the
// direction and what a third number means, and are never edges.
type keyReader struct{}

// Name names the notation.
func (keyReader) Name() string { return "notation key" }

// Read returns the notation keys of the question.
func (r keyReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	p, err := d.scanned(ctx)
	if err != nil || len(p.keys) == 0 {
		return Reading{}, err
	}
	rd := Reading{Reader: r.Name(), Confidence: 1}
	for _, k := range p.keys {
		rd.Spans = append(rd.Spans, Span{Start: k.s, End: k.e, Role: RoleKey})
		if rd.Directed == DirUnknown {
			rd.Directed = k.directed
		}
		if rd.EdgeValue == MeaningNone {
			rd.EdgeValue = k.meaning
		}
	}
	return rd, nil
}
