package extract

import (
	"context"
)

// tryLinePairs reads an edge-list block: two or more lines "u v" or "u v w".
func (p *exScan) tryLinePairs(i int) (int, error) {
	if !p.lineStart(i) {
		return i, nil
	}
	var got []exItem
	j := i
	for {
		a, n1, wa, ok1 := p.atom(j)
		if !ok1 || wa {
			break
		}
		b, n2, wb, ok2 := p.atom(n1)
		if !ok2 || wb {
			break
		}
		it := exItem{u: a, v: b, method: "edge-list lines", s: int(p.toks[j].s), e: int(p.toks[n2-1].e), tok: j}
		n := n2
		if f, n3, ok, err := p.number(n2); err != nil {
			return i, err
		} else if ok {
			it.w, it.hasW, it.e, n = f, true, int(p.toks[n3-1].e), n3
		}
		if p.isPunct(n, ',') || p.isPunct(n, ';') {
			n++
		}
		if n < len(p.toks) && p.kind(n) != exNL {
			break
		}
		got = append(got, it)
		j = n
		j = p.nextLine(j)
	}
	if lineHeader(got) {
		got = got[1:] // "ID\tConnected_to" over numbered rows: a header is never an edge
	}
	if len(got) < 2 {
		return i, nil
	}
	p.items = append(p.items, got...)
	return j, nil
}

// edgeLinesReader reads edge-list blocks: lines "u v" or "u v w".
type edgeLinesReader struct{}

// Name names the notation.
func (edgeLinesReader) Name() string { return "edge-list lines" }

// Read returns the edge-list blocks of the question.
func (r edgeLinesReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}

// lineHeader reports whether the first of an edge-list block's lines is a
// header: its two fields are words (with a letter) while every other
// line's are numbers.
func lineHeader(got []exItem) bool {
	if len(got) < 3 || isNumber(got[0].u) || isNumber(got[0].v) || got[0].hasW {
		return false
	}
	for _, it := range got[1:] {
		if !isNumber(it.u) || !isNumber(it.v) {
			return false
		}
	}
	return true
}
