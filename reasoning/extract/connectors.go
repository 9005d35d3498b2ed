package extract

import (
	"context"
	"strings"
)

// tryConnector reads "u-v", "u->v", "u -- v", "u → v", "u <-> v", chains
// "a->b->c", a weight after the edge, and extra targets "0 -> 1, 2, 3".
func (p *exScan) tryConnector(i int) (int, error) {
	a, n, wa, ok := p.nodeRef(i)
	if !ok {
		return i, nil
	}
	c := p.kind(n)
	if c != exArrow && c != exBiArrow && c != exDash {
		return i, nil
	}
	first := len(p.items)
	for {
		c := p.kind(n)
		if c != exArrow && c != exBiArrow && c != exDash {
			break
		}
		b, n2, wb, ok := p.nodeRef(n + 1)
		if !ok {
			break
		}
		if c == exDash && (exNamePart(a) || exNamePart(b)) {
			break // "Bellman-Ford", "Erdős–Rényi": a name, not an edge
		}
		it := exItem{u: a, v: b, method: "arrows", arrow: c == exArrow, bidir: c == exBiArrow,
			s: int(p.toks[i].s), e: int(p.toks[n2-1].e), tok: i}
		if c == exDash {
			it.method = "dashes"
			it.weak = wa || wb || exDateLike(a) || exDateLike(b) || p.hyphenatedName(n, a, b)
		} else {
			it.weak = (wa || wb) && p.toks[n].e-p.toks[n].s == 1
		}
		p.items = append(p.items, it)
		a, wa, n = b, wb, n2
	}
	got := p.items[first:]
	if len(got) == 0 {
		return i, nil
	}
	last := &got[len(got)-1]
	w, isCap, named, n3, ok, err := p.weight(n)
	if err != nil {
		return i, err
	}
	if ok {
		last.w, last.hasW, last.capKind, last.wKind, last.e = w, true, isCap, named, int(p.toks[n3-1].e)
		n = n3
	} else if p.lineStart(i) && len(got) == 1 {
		// "A-B 4" on a line of its own: the number is the weight.
		if f, n3, ok, err := p.number(n); err != nil {
			return i, err
		} else if ok && (n3 >= len(p.toks) || p.kind(n3) == exNL) {
			last.w, last.hasW, last.e = f, true, int(p.toks[n3-1].e)
			n = n3
		}
	}
	// "0 -> 1, 2, 3": more targets of the last source, each not itself the
	// start of another edge.
	if len(got) == 1 && got[0].arrow {
		for p.isPunct(n, ',') || p.isWord(n, "and") {
			k := n + 1
			if p.isWord(k, "and") {
				k++
			}
			b, n2, wb, ok := p.nodeRef(k)
			if !ok || wb {
				break
			}
			if c := p.kind(n2); c == exArrow || c == exBiArrow || c == exDash {
				break
			}
			it := p.items[first]
			it.v, it.hasW, it.w, it.s, it.e, it.tok = b, false, 0, int(p.toks[k].s), int(p.toks[n2-1].e), k
			p.items = append(p.items, it)
			n = n2
		}
	}
	return n, nil
}

// exNamePart reports whether w is part of a hyphenated algorithm or model
// name ("Bellman-Ford", "Erdős–Rényi", "Barabási-Albert").
func exNamePart(w string) bool {
	switch strings.ToLower(w) {
	case "bellman", "ford", "floyd", "warshall", "fulkerson", "edmonds", "karp", "erdős", "erdos", "rényi", "renyi",
		"barabási", "barabasi", "albert", "watts", "strogatz", "hopcroft", "kernighan", "lin", "girvan", "newman",
		"stoer", "wagner", "gale", "shapley", "push", "relabel", "held", "hierholzer", "kosaraju", "tarjan",
		"johnson", "dijkstra", "prim", "kruskal", "boruvka", "borůvka", "jarník", "jarnik", "weisfeiler", "lehman",
		"leman", "page", "rank", "max", "min", "cut", "flow", "self", "loop", "degree":
		return true
	}
	return false
}

// exDateLike reports whether a numeric atom in u-v notation looks like part
// of a date, a year range or a phone number ("2023-05-01", "1990-2000"):
// a leading zero or four or more digits.
func exDateLike(id string) bool {
	if len(id) < 2 || id[0] < '0' || id[0] > '9' {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return false
		}
	}
	return id[0] == '0' || len(id) >= 4
}

// arrowsReader reads "u -> v", "u → v", "u <-> v" and chains of them.
type arrowsReader struct{}

// Name names the notation.
func (arrowsReader) Name() string { return "arrows" }

// Read returns the arrow edges of the question.
func (r arrowsReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}

// dashesReader reads "u-v", "u -- v", "u — v" and chains of them.
type dashesReader struct{}

// Name names the notation.
func (dashesReader) Name() string { return "dashes" }

// Read returns the dash edges of the question.
func (r dashesReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}

// hyphenatedName reports whether the dash at token n joins two capitalised
// words with no space ("Fei-Fei", "Amberg-Sulzbach"): a hyphenated name
// unless it stands in a list of such edges ("Paris-Lyon, Lyon-Nice").
func (p *exScan) hyphenatedName(n int, a, b string) bool {
	if n < 1 || n+1 >= len(p.toks) || p.toks[n-1].e != p.toks[n].s || p.toks[n].e != p.toks[n+1].s {
		return false
	}
	return exNameWord(a) && exNameWord(b)
}

// exNameWord reports whether w is a capitalised word of two or more
// letters with a lower-case letter ("Fei", "Sulzbach"; not "AB" or "A1").
func exNameWord(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	lower := false
	for _, r := range w[1:] {
		switch {
		case r >= 'a' && r <= 'z', r >= 0x80:
			lower = true
		case r >= 'A' && r <= 'Z':
		default:
			return false
		}
	}
	return lower
}
