package extract

import (
	"context"
)

// exEdgeNoun reports whether w names an edge in prose.
func exEdgeNoun(w string) bool {
	switch w {
	case "edge", "edges", "arc", "arcs", "link", "links", "connection", "connections", "road", "roads",
		"channel", "channels", "pipe", "pipes", "flight", "flights", "route", "routes", "street", "streets":
		return true
	}
	return false
}

// exEdgeEndsWord reports whether w leads to an edge's two ends after its
// noun ("between", "from", "connecting", "joining", "linking").
func exEdgeEndsWord(w string) bool {
	switch w {
	case "between", "from", "connecting", "joining", "linking":
		return true
	}
	return false
}

// tryEdgeKeyword reads "an edge between node 3 and node 7 with weight 2",
// "a directed edge from A to B", "edges from 0 to 1 and from 1 to 2".
func (p *exScan) tryEdgeKeyword(i int) (int, error) {
	if !exEdgeNoun(p.word(i)) {
		return i, nil
	}
	j := i + 1
	var pre exItem
	directed := p.isWord(i-1, "directed") || p.isWord(i-2, "directed")
	for steps := 0; steps < 8 && j < len(p.toks) && !p.clauseEnd(j); steps++ {
		if exEdgeEndsWord(p.word(j)) {
			break
		}
		if w, isCap, named, n, ok, err := p.weight(j); err != nil {
			return i, err
		} else if ok {
			pre.w, pre.hasW, pre.capKind, pre.wKind = w, true, isCap, named
			j = n
			continue
		}
		j++
	}
	if !exEdgeEndsWord(p.word(j)) {
		return i, nil
	}
	// The items go straight into p.items; base marks where this
	// statement's begin.
	base := len(p.items)
	kw := p.word(j)
	pos := j + 1
	for {
		a, n, _, ok := p.nodeRef(pos)
		if !ok {
			break
		}
		if !p.isWord(n, "and", "to", "with", "towards") && !p.isPunct(n, '&') {
			break
		}
		fromTo := kw == "from" && p.isWord(n, "to", "towards")
		b, n2, _, ok := p.nodeRef(n + 1)
		if !ok {
			break
		}
		it := pre
		it.u, it.v, it.method, it.arrow = a, b, "prose", fromTo || directed
		it.s, it.e, it.tok = int(p.toks[pos].s), int(p.toks[n2-1].e), pos
		if len(p.items) == base {
			it.s, it.tok = int(p.toks[i].s), i
		}
		w, isCap, named, n3, ok, err := p.weight(n2)
		if err != nil {
			return i, err
		}
		if ok {
			it.w, it.hasW, it.capKind, it.wKind, it.e = w, true, isCap, named, int(p.toks[n3-1].e)
			n2 = n3
		}
		p.items = append(p.items, it)
		j = n2
		// "from 0 to 1, 2 and 3": more targets.
		for fromTo && (p.isPunct(j, ',') || p.isWord(j, "and")) {
			k := j + 1
			if p.isWord(k, "and") {
				k++
			}
			c, n4, _, ok := p.nodeRef(k)
			if !ok || p.isWord(n4, "to", "and") {
				break
			}
			it2 := it
			it2.v, it2.hasW, it2.w, it2.s, it2.e, it2.tok = c, false, 0, int(p.toks[k].s), int(p.toks[n4-1].e), k
			if w, isCap, named, n5, ok, err := p.weight(n4); err != nil {
				return i, err
			} else if ok {
				it2.w, it2.hasW, it2.capKind, it2.wKind, it2.e = w, true, isCap, named, int(p.toks[n5-1].e)
				n4 = n5
			}
			p.items = append(p.items, it2)
			j = n4
		}
		// Another pair: ", and from 1 to 2", ", between 1 and 2", ", 1 and 2".
		k := j
		if p.isPunct(k, ',') {
			k++
		}
		if p.isWord(k, "and") {
			k++
		}
		if k == j {
			break
		}
		if p.isWord(k, "between", "from") {
			kw, pos = p.word(k), k+1
			continue
		}
		if kw != "from" {
			if _, n5, _, ok := p.nodeRef(k); ok && p.isWord(n5, "and") {
				if _, _, _, ok := p.nodeRef(n5 + 1); ok {
					pos = k
					continue
				}
			}
		}
		break
	}
	if len(p.items) == base {
		return i, nil
	}
	return j, nil
}

// verb reads the linking phrase after a subject node: "is connected to",
// "is linked with", "is adjacent to", "connects to", "points to", "has an
// edge to", "is a neighbour of". directed is set for phrases with a
// direction.
func (p *exScan) verb(j int) (next int, directed, ok bool) {
	switch {
	case p.isWord(j, "is", "are"):
		k := j + 1
		for p.isWord(k, "also", "directly", "only") {
			k++
		}
		if p.isWord(k, "connected", "linked", "joined", "adjacent", "attached", "wired") {
			k++
			if p.isWord(k, "by") && exEdgeNoun(p.word(k+2)) && p.isWord(k+1, "an", "a") {
				k += 3
			}
			if p.isWord(k, "to", "with") {
				return k + 1, false, true
			}
			return j, false, false
		}
		if p.isWord(k, "a", "the") && p.isWord(k+1, "neighbor", "neighbour") && p.isWord(k+2, "of") {
			return k + 3, false, true
		}
		if p.isWord(k, "the", "a") && p.isWord(k+1, "parent", "predecessor") && p.isWord(k+2, "of") {
			return k + 3, true, true
		}
	case p.isWord(j, "connects", "links", "joins"):
		k := j + 1
		if p.isWord(k, "to", "with") {
			k++
		}
		return k, false, true
	case p.isWord(j, "points", "leads", "goes", "flows"):
		if p.isWord(j+1, "to", "into", "towards") {
			return j + 2, true, true
		}
	case p.isWord(j, "has", "have"):
		k := j + 1
		if p.isWord(k, "an", "a") {
			k++
		}
		dir := false
		if p.isWord(k, "directed", "outgoing") {
			dir = true
			k++
		}
		if p.isWord(k, "undirected", "weighted") {
			k++
		}
		if exEdgeNoun(p.word(k)) {
			k++
			if p.isWord(k, "to", "towards", "into") {
				return k + 1, true, true
			}
			if p.isWord(k, "with") {
				return k + 1, dir, true
			}
		}
	}
	return j, false, false
}

// tryVerb reads "3 is linked to 4", "node 0 is connected to nodes 1, 2 and
// 5", "A points to B (weight 3)".
func (p *exScan) tryVerb(i int) (int, error) {
	a, n, _, ok := p.nodeRef(i)
	if !ok {
		return i, nil
	}
	k, dir, ok := p.verb(n)
	if !ok {
		return i, nil
	}
	var got []exItem
	for {
		b, n2, _, ok := p.nodeRef(k)
		if !ok {
			break
		}
		it := exItem{u: a, v: b, method: "prose", arrow: dir, s: int(p.toks[i].s), e: int(p.toks[n2-1].e), tok: i}
		if len(got) > 0 {
			it.s, it.tok = int(p.toks[k].s), k
		}
		if w, isCap, named, n3, ok, err := p.weight(n2); err != nil {
			return i, err
		} else if ok {
			it.w, it.hasW, it.capKind, it.wKind, it.e = w, true, isCap, named, int(p.toks[n3-1].e)
			n2 = n3
		}
		got = append(got, it)
		k = n2
		m := k
		if p.isPunct(m, ',') {
			m++
		}
		if p.isWord(m, "and", "as") {
			if p.isWord(m, "as") && p.isWord(m+1, "well") && p.isWord(m+2, "as") {
				m += 2
			}
			m++
		}
		if m == k {
			break
		}
		if _, n4, _, ok := p.nodeRef(m); !ok {
			break
		} else if _, _, isVerb := p.verb(n4); isVerb {
			break
		}
		k = m
	}
	if len(got) == 0 {
		return i, nil
	}
	// One weight at the end of a list applies to every target.
	if lastW := got[len(got)-1]; lastW.hasW && len(got) > 1 {
		all := true
		for _, g := range got[:len(got)-1] {
			all = all && !g.hasW
		}
		if all {
			for x := range got {
				got[x].w, got[x].hasW, got[x].capKind, got[x].wKind = lastW.w, true, lastW.capKind, lastW.wKind
			}
		}
	}
	p.items = append(p.items, got...)
	return k, nil
}

// tryPairVerb reads "nodes 1 and 2 are connected", "A and B are adjacent".
func (p *exScan) tryPairVerb(i int) (int, error) {
	a, n, _, ok := p.nodeRef(i)
	if !ok || !p.isWord(n, "and") {
		return i, nil
	}
	b, n2, _, ok := p.nodeRef(n + 1)
	if !ok || !p.isWord(n2, "are") {
		return i, nil
	}
	k := n2 + 1
	for p.isWord(k, "also", "directly") {
		k++
	}
	if !p.isWord(k, "connected", "linked", "joined", "adjacent", "neighbors", "neighbours") {
		return i, nil
	}
	k++
	if p.isWord(k, "by") && p.isWord(k+1, "an", "a") && exEdgeNoun(p.word(k+2)) {
		k += 3
	}
	it := exItem{u: a, v: b, method: "prose", s: int(p.toks[i].s), e: int(p.toks[k-1].e), tok: i}
	if w, isCap, named, n3, ok, err := p.weight(k); err != nil {
		return i, err
	} else if ok {
		it.w, it.hasW, it.capKind, it.wKind, it.e = w, true, isCap, named, int(p.toks[n3-1].e)
		k = n3
	}
	p.add(it)
	return k, nil
}

// proseReader reads edges in prose: "an edge between node 3 and node 7 with
// weight 2", "A is connected to B and C", "nodes 1 and 2 are adjacent".
type proseReader struct{}

// Name names the notation.
func (proseReader) Name() string { return "prose" }

// Read returns the prose edges of the question.
func (r proseReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}
