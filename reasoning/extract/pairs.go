package extract

import (
	"context"
)

// tryHeaderPairs reads "edges: 0 1, 1 2" (pairs separated by commas,
// semicolons or line breaks after an "edges" header).
func (p *exScan) tryHeaderPairs(i int) (int, error) {
	if !p.isWord(i, "edges", "edge", "arcs", "links") {
		return i, nil
	}
	j := i + 1
	if p.isWord(j, "list") {
		j++
	}
	switch {
	case p.isPunct(j, ':') || p.isPunct(j, '='):
		j++
	case p.isWord(j, "are", "is"):
		j++
		if p.isPunct(j, ':') {
			j++
		}
	default:
		return i, nil
	}
	j = p.nextLine(j)
	var got []exItem
	for {
		a, n1, wa, ok1 := p.atom(j)
		if !ok1 {
			break
		}
		b, n2, wb, ok2 := p.atom(n1)
		if !ok2 || wa || wb {
			break
		}
		it := exItem{u: a, v: b, method: "pair list", s: int(p.toks[j].s), e: int(p.toks[n2-1].e), tok: j}
		n := n2
		if f, n3, ok, err := p.number(n2); err != nil {
			return i, err
		} else if ok {
			it.w, it.hasW, it.e, n = f, true, int(p.toks[n3-1].e), n3
		}
		if !(p.isPunct(n, ',') || p.isPunct(n, ';') || p.kind(n) == exNL || p.clauseEnd(n)) {
			break
		}
		got = append(got, it)
		j = n
		if p.isPunct(j, ',') || p.isPunct(j, ';') {
			j++
		}
		j = p.nextLine(j)
	}
	if len(got) == 0 {
		return i, nil
	}
	p.items = append(p.items, got...)
	return j, nil
}

// pairListReader reads "edges: 0 1, 1 2" (pairs after an "edges" header).
type pairListReader struct{}

// Name names the notation.
func (pairListReader) Name() string { return "pair list" }

// Read returns the pair lists of the question.
func (r pairListReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}
