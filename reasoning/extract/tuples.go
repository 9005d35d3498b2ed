package extract

import (
	"context"
	"github.com/graphagent/graphagent/lang"
	"strings"
)

// tryTuple reads "(u, v)", "(u, v, w)" and "[u, v]" inside a list.
func (p *exScan) tryTuple(i int) (int, error) {
	open := byte(0)
	switch {
	case p.isPunct(i, '(') && p.callAt(i):
		return i, nil
	case p.isPunct(i, '('):
		open = '('
	case p.isPunct(i, '[') && (p.isPunct(i-1, '[') || p.isPunct(i-1, ',')):
		open = '['
	default:
		return i, nil
	}
	closeCh := byte(')')
	if open == '[' {
		closeCh = ']'
	}
	a, n1, wa, ok := p.atom(i + 1)
	if ok {
		a, n1 = p.multiWordName(a, i+1, n1)
	}
	if !ok || !p.isPunct(n1, ',') {
		return i, nil
	}
	b, n2, wb, ok := p.atom(n1 + 1)
	if ok {
		b, n2 = p.multiWordName(b, n1+1, n2)
	}
	if !ok {
		return i, nil
	}
	if strings.EqualFold(a, "V") && strings.EqualFold(b, "E") && (p.isPunct(i-1, '=') || p.kind(i-1) == exWord) {
		// "G = (V, E)", "a graph G(V, E)" name the node and edge sets; in
		// a list ("(A, B), (V, E)") it is an edge.
		return i, nil
	}
	it := exItem{u: a, v: b, method: "tuples", weak: wa || wb, tok: i, s: int(p.toks[i].s)}
	n := n2
	if p.isPunct(n, ',') {
		f, n3, ok, err := p.number(n + 1)
		if err != nil {
			return i, err
		}
		if !ok {
			return i, nil
		}
		it.w, it.hasW, n = f, true, n3
	}
	if !p.isPunct(n, closeCh) {
		return i, nil
	}
	it.e = int(p.toks[n].e)
	p.add(it)
	return n + 1, nil
}

// tuplesReader reads "(u, v)", "(u, v, w)" and "[u, v]" written in prose.
type tuplesReader struct{}

// Name names the notation.
func (tuplesReader) Name() string { return "tuples" }

// Read returns the tuples of the question.
func (r tuplesReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}

// multiWordName extends a capitalised name read at tokens [i, n) over the
// capitalised words that follow it, one space apart ("Los Angeles", "New
// York City"), and returns the name and the token after it.
func (p *exScan) multiWordName(id string, i, n int) (string, int) {
	if p.kind(i) != exWord || id == "" || id[0] < 'A' || id[0] > 'Z' {
		return id, n
	}
	start := p.toks[i].s
	for p.kind(n) == exWord && p.toks[n].s == p.toks[n-1].e+1 && p.q[p.toks[n-1].e] == ' ' {
		w := p.text(n)
		if w[0] < 'A' || w[0] > 'Z' || exIsStopword(w) {
			break
		}
		n++
	}
	return p.q[start:p.toks[n-1].e], n
}

// callAt reports whether the parenthesis at token i opens a function
// call's arguments ("datetime(2024, 1, 1)", "range(0, 5)"): a name of
// three or more letters right before it, with no space, that is no word
// for an edge or its value ("edge(1, 2)" and "w(1, 2)" are edges).
func (p *exScan) callAt(i int) bool {
	if i == 0 || p.kind(i-1) != exWord || p.toks[i-1].e != p.toks[i].s || p.toks[i-1].e-p.toks[i-1].s < 3 {
		return false
	}
	w := p.word(i - 1)
	return !p.opt.Lexicon.Word(w).Has(lang.EdgeNoun) && !p.opt.Lexicon.Column(w).Value()
}
