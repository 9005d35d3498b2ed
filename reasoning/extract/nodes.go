package extract

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools/graph"
)

// rangeAt reads "lo to hi", "lo-hi", "lo..hi", "lo through hi" at i.
func (p *exScan) rangeAt(i int) (lo, hi, next int, ok bool) {
	j := i
	paren := p.isPunct(j, '(')
	if paren {
		j++
	}
	if p.isWord(j, "from") {
		j++
	}
	if p.kind(j) != exNum || strings.Contains(p.text(j), ".") {
		return 0, 0, i, false
	}
	a := j
	j++
	switch {
	case p.isWord(j, "to", "through", "thru", "until", "till"):
		j++
	case p.kind(j) == exDash:
		j++
	case p.isPunct(j, '.') && p.isPunct(j+1, '.'):
		j += 2
		if p.isPunct(j, '.') {
			j++
		}
	case p.isPunct(j, '?') && p.toks[j].e-p.toks[j].s == 3: // "…"
		j++
	default:
		return 0, 0, i, false
	}
	if p.kind(j) != exNum || strings.Contains(p.text(j), ".") {
		return 0, 0, i, false
	}
	b := j
	j++
	if paren {
		if !p.isPunct(j, ')') {
			return 0, 0, i, false
		}
		j++
	}
	x, err1 := strconv.Atoi(p.text(a))
	y, err2 := strconv.Atoi(p.text(b))
	if err1 != nil || err2 != nil {
		return 0, 0, i, false
	}
	return x, y, j, true
}

// graphNameAt skips a graph's name after "the nodes of" at i: "[the]
// graph/subgraph/network/pattern [G]", where the name is one short word
// starting with a capital ("G", "G'", "H2"). It returns the token after
// the name, or i-1 (the "of") when none is there.
func (p *exScan) graphNameAt(i int) int {
	j := i
	if p.isWord(j, "the") {
		j++
	}
	if !p.isWord(j, "graph", "subgraph", "network", "pattern", "digraph") {
		return i - 1
	}
	j++
	if p.kind(j) == exWord && p.toks[j].e-p.toks[j].s <= 3 && 'A' <= p.q[p.toks[j].s] && p.q[p.toks[j].s] <= 'Z' {
		j++
		if p.isPunct(j, '\'') && p.toks[j].s == p.toks[j-1].e {
			j++
		}
	}
	return j
}

// letterRangeAt reads "from a to e" (or "A to E", "a-e") at i: a range of
// single-letter node IDs, as alpha and the offsets of its ends.
func (p *exScan) letterRangeAt(i int) (lo, hi int, alpha byte, next int, ok bool) {
	j := i
	if p.isWord(j, "from") {
		j++
	}
	letter := func(t int) (byte, bool) {
		if p.kind(t) != exWord || p.toks[t].e-p.toks[t].s != 1 {
			return 0, false
		}
		c := p.q[p.toks[t].s]
		return c, ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
	}
	a, okA := letter(j)
	if !okA {
		return 0, 0, 0, i, false
	}
	j++
	switch {
	case p.isWord(j, "to", "through", "thru"):
		j++
	case p.kind(j) == exDash:
		j++
	default:
		return 0, 0, 0, i, false
	}
	b, okB := letter(j)
	base := byte('a')
	if 'A' <= a && a <= 'Z' {
		base = 'A'
	}
	if !okB || b < a || (b >= 'a') != (a >= 'a') {
		return 0, 0, 0, i, false
	}
	return int(a - base), int(b - base), base, j + 1, true
}

// pairListFollows reports whether a dashed range ending before token n
// is the first pair of a list of pairs: "how many nodes are in 0-1, 1-2,
// 2-3?" lists edges, it declares no nodes 0 to 1.
func (p *exScan) pairListFollows(n int) bool {
	return n >= 2 && p.kind(n-2) == exDash && p.isPunct(n, ',') &&
		p.kind(n+1) == exNum && p.kind(n+2) == exDash && p.kind(n+3) == exNum
}

// tryNodes recognises node declarations: "nodes are numbered from 0 to
// 12", "10 nodes (0-9)", "nodes 0 through 12", "nodes: A, B, C",
// "isolated nodes 7 and 8", "node 7 is isolated".
func (p *exScan) tryNodes(i int) (int, error) {
	start := i
	j := i
	// "a graph among nodes 0, 1, ..., 7", "a friendship graph among Alice,
	// Bob and Carol", "a graph on the vertices A, B, C"
	if p.isWord(i, "among", "on", "over") {
		k := i + 1
		if p.isWord(k, "the") {
			k++
		}
		named := p.isWord(k, "nodes", "vertices", "people", "persons", "users", "members", "individuals", "cities", "authors")
		if named {
			k++
		}
		if (named || p.isWord(i, "among")) && (p.isPunct(k+1, ',') || p.isWord(k+1, "and")) {
			return p.nodeList(start, k, true)
		}
		return i, nil
	}
	if p.kind(j) == exNum && p.isWord(j+1, "nodes", "vertices") {
		n, err := strconv.Atoi(p.text(j))
		if err == nil && n > 0 {
			if p.opt.MaxNodes > 0 && n > p.opt.MaxNodes {
				return i, fmt.Errorf("question declares %d nodes, more than %d: %w", n, p.opt.MaxNodes, graph.ErrTooLarge)
			}
			p.count = append(p.count, exRange{lo: 0, hi: n - 1, s: int(p.toks[j].s), e: int(p.toks[j+1].e), tok: j})
		}
		j++
	}
	// "V = {1, 2, 3}", "nodes = [A, B]"
	if p.isWord(j, "v", "nodes", "vertices") && p.isPunct(j+1, '=') && (p.isPunct(j+2, '{') || p.isPunct(j+2, '[')) {
		if n, err := p.nodeList(start, j+2, false); err != nil || n > j+2 {
			return n, err
		}
		return i, nil
	}
	if p.isWord(j, "isolated") {
		k := j + 1
		if !p.isWord(k, "node", "nodes", "vertex", "vertices") {
			return i, nil
		}
		return p.nodeList(start, k+1, false)
	}
	if !p.isWord(j, "nodes", "vertices", "node", "vertex") {
		// "7 is isolated", "7 is an isolated node"
		if id, n, _, ok := p.nodeRef(i); ok && p.isWord(n, "is") {
			k := n + 1
			if p.isWord(k, "an", "a") {
				k++
			}
			if p.isWord(k, "isolated") {
				k++
				if p.isWord(k, "node", "vertex") {
					k++
				}
				p.add(exItem{u: id, nodeOnly: true, method: "isolated", s: int(p.toks[i].s), e: int(p.toks[k-1].e), tok: i})
				return k, nil
			}
		}
		if n, ok := p.tryNoEdges(i); ok {
			return n, nil
		}
		return i, nil
	}
	k := j + 1
	// "the nodes of graph G are numbered ...", "the nodes of subgraph G'"
	if p.isWord(k, "of") {
		k = p.graphNameAt(k + 1)
	}
	for n := 0; n < 5 && p.isWord(k, "are", "is", "labeled", "labelled", "numbered", "indexed", "named", "ids",
		"with", "ranging", "range", "go", "run", "in", "the", "id", "integers", "consecutively"); n++ {
		k++
	}
	// Letters only where the text says how the nodes are named: "node a
	// to b" is a path's ends.
	if lo, hi, alpha, n, ok := p.letterRangeAt(k); ok && k > j+1 && p.isWord(k-1, "numbered", "labeled", "labelled", "named", "from") {
		p.rngs = append(p.rngs, exRange{lo: lo, hi: hi, alpha: alpha, s: int(p.toks[start].s), e: int(p.toks[n-1].e), tok: start})
		return n, nil
	}
	if lo, hi, n, ok := p.rangeAt(k); ok && !p.pairListFollows(n) {
		if lo > hi {
			return n, nil
		}
		if p.opt.MaxNodes > 0 && hi-lo+1 > p.opt.MaxNodes {
			return i, fmt.Errorf("node range %d to %d holds more than %d nodes: %w", lo, hi, p.opt.MaxNodes, graph.ErrTooLarge)
		}
		p.rngs = append(p.rngs, exRange{lo: lo, hi: hi, s: int(p.toks[start].s), e: int(p.toks[n-1].e), tok: start})
		return n, nil
	}
	if k > j+1 && p.isWord(k-1, "labeled", "labelled", "numbered", "named", "indexed") && p.isPunct(k+1, ',') {
		// "10 vertices labelled 0, 1, ..., 9"
		return p.nodeList(start, k, false)
	}
	if p.isWord(j, "nodes", "vertices") && (p.isPunct(j+1, ':') || p.isWord(j+1, "are")) {
		k := j + 1
		if p.isWord(k, "are") {
			k++
		}
		if p.isPunct(k, ':') {
			k++
		}
		return p.nodeList(start, k, true)
	}
	return i, nil
}

// nodeList reads "A, B and C" at k as declared nodes; whole requires the
// list to end the clause.
func (p *exScan) nodeList(start, k int, whole bool) (int, error) {
	var ids []exItem
	bracket := p.isPunct(k, '[') || p.isPunct(k, '{')
	if bracket {
		k++
	}
	fill := -1 // token index of an ellipsis between two numbered nodes
	for {
		id, n, _, ok := p.nodeRef(k)
		if !ok {
			break
		}
		if fill >= 0 && len(ids) > 0 {
			// "0, 1, ..., 7": the nodes the ellipsis stands for.
			a, errA := strconv.Atoi(ids[len(ids)-1].u)
			b, errB := strconv.Atoi(id)
			if errA != nil || errB != nil || b <= a || (p.opt.MaxNodes > 0 && b-a > p.opt.MaxNodes) {
				return start, nil
			}
			for x := a + 1; x < b; x++ {
				ids = append(ids, exItem{u: strconv.Itoa(x), nodeOnly: true, method: "node list", s: int(p.toks[fill].s), e: int(p.toks[fill].e), tok: fill})
			}
		}
		fill = -1
		ids = append(ids, exItem{u: id, nodeOnly: true, method: "node list", s: int(p.toks[k].s), e: int(p.toks[n-1].e), tok: k})
		k = n
		if p.isPunct(k, ',') {
			k++
		}
		if e, ok := p.ellipsisAt(k); ok {
			fill = k
			k = e
			if p.isPunct(k, ',') {
				k++
			}
		}
		if p.isWord(k, "and") {
			k++
		}
	}
	if bracket && (p.isPunct(k, ']') || p.isPunct(k, '}')) {
		k++
	}
	if len(ids) == 0 || (whole && !p.clauseEnd(k)) {
		return start, nil
	}
	for _, it := range ids {
		p.add(it)
	}
	return k, nil
}

// ellipsisAt reports whether an ellipsis ("...", "…") starts at token i and
// returns the token after it.
func (p *exScan) ellipsisAt(i int) (int, bool) {
	if p.isPunct(i, '.') && p.isPunct(i+1, '.') && p.isPunct(i+2, '.') {
		return i + 3, true
	}
	if p.isPunct(i, '?') && p.toks[i].e-p.toks[i].s == 3 && p.q[p.toks[i].s:p.toks[i].e] == "…" {
		return i + 1, true
	}
	return i, false
}

// declReader reads declared node sets: "the nodes are numbered from 0 to
// 7", "a graph with 12 nodes", "nodes: A, B, C", "node 7 is isolated".
// Numbers inside a declaration are never edges or parameters.
type declReader struct{}

// Name names the notation.
func (declReader) Name() string { return "node declarations" }

// Read returns the declared nodes: ranges spelled out in numeric order
// (before every edge), a bare count for the combiner to number, and named
// nodes where the text names them.
func (r declReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	p, err := d.scanned(ctx)
	if err != nil {
		return Reading{}, err
	}
	rd := Reading{Reader: r.Name(), Confidence: 0.9}
	var seen nodeSet
	node := func(id string, at int) {
		if seen.add(id) {
			rd.Nodes = append(rd.Nodes, id)
			rd.NodeStarts = append(rd.NodeStarts, at)
		}
	}
	for _, rg := range p.rngs {
		rd.Spans = append(rd.Spans, Span{Start: rg.s, End: rg.e, Role: RoleDeclaration})
		for x := rg.lo; x <= rg.hi; x++ {
			node(rg.id(x), -1)
		}
	}
	for _, c := range p.count {
		rd.Spans = append(rd.Spans, Span{Start: c.s, End: c.e, Role: RoleDeclaration})
	}
	if len(p.rngs) == 0 && len(p.count) == 1 {
		rd.Count = p.count[0].hi + 1
	}
	for _, it := range p.kept {
		if it.method == "node list" || it.method == "isolated" {
			rd.Spans = append(rd.Spans, Span{Start: it.s, End: it.e, Role: RoleDeclaration})
			node(it.u, it.s)
		}
	}
	if len(rd.Spans) == 0 {
		return Reading{}, nil
	}
	return rd, nil
}

// tryNoEdges reads a statement that nodes have no edges: "Tarrow has no
// roads at all", "Dot and Eve have no friends yet", where the noun is one
// of the lexicon's for edges or relations and the statement ends there.
// The names (a number, a word, or capitalised words: "Ashen Ford") are
// nodes without edges.
func (p *exScan) tryNoEdges(i int) (int, bool) {
	if p.isWord(i, "no") {
		return p.tryNoEdgesLabel(i)
	}
	type name struct {
		id        string
		s, e, tok int
	}
	var names []name
	k := i
	for len(names) < 8 {
		id, n := p.nameWords(k)
		if n == k {
			return i, false
		}
		names = append(names, name{id: id, s: int(p.toks[k].s), e: int(p.toks[n-1].e), tok: k})
		k = n
		switch {
		case p.isPunct(k, ',') && p.isWord(k+1, "and"):
			k += 2
		case p.isPunct(k, ',') || p.isWord(k, "and"):
			k++
		default:
			goto verb
		}
	}
	return i, false
verb:
	lx := p.opt.Lexicon
	if lx == nil || !p.isWord(k, "has", "have") || !p.isWord(k+1, "no") {
		return i, false
	}
	noun := p.word(k + 2)
	if !lx.Word(noun).Has(lang.EdgeNoun) && lx.NounDir(noun) == 0 {
		return i, false
	}
	k += 3
	for p.isWord(k, "at", "all", "yet", "so", "far", "whatsoever") {
		k++
	}
	if k < len(p.toks) && p.kind(k) != exNL && !p.isPunct(k, '.') && !p.isPunct(k, ';') && !p.isPunct(k, '!') {
		return i, false
	}
	for _, nm := range names {
		p.add(exItem{u: nm.id, nodeOnly: true, method: "isolated", s: nm.s, e: int(p.toks[k-1].e), tok: nm.tok})
	}
	return k, true
}

// tryNoEdgesLabel reads a label of nodes without edges before their list:
// "no playmates yet: Juno, Rocket, Biscuit", "No friends: Dee and Eve".
// The label is "no", a plural noun and optionally "yet" or "so far"; the
// names (capitalised words or numbers) run to the end of the line.
func (p *exScan) tryNoEdgesLabel(i int) (int, bool) {
	noun := p.word(i + 1)
	if len(noun) < 3 || !strings.HasSuffix(noun, "s") {
		return i, false
	}
	k := i + 2
	for p.isWord(k, "yet", "so", "far", "at", "all") {
		k++
	}
	if !p.isPunct(k, ':') {
		return i, false
	}
	k++
	var items []exItem
	for k < len(p.toks) && p.kind(k) != exNL {
		id, n := p.nameWords(k)
		if n == k {
			return i, false
		}
		items = append(items, exItem{u: id, nodeOnly: true, method: "isolated", s: int(p.toks[k].s), e: int(p.toks[n-1].e), tok: k})
		k = n
		switch {
		case p.isPunct(k, ',') && p.isWord(k+1, "and"):
			k += 2
		case p.isPunct(k, ',') || p.isWord(k, "and"):
			k++
		case p.isPunct(k, '.') || p.isPunct(k, ';'):
			k++
			if k < len(p.toks) && p.kind(k) != exNL {
				return i, false
			}
		case k < len(p.toks) && p.kind(k) != exNL:
			return i, false
		}
	}
	if len(items) == 0 {
		return i, false
	}
	for _, it := range items {
		p.add(it)
	}
	return k, true
}

// nameWords reads a name at token k: a number, or up to four capitalised
// words ("Ashen Ford"), not starting with a function word ("Also"). next
// is k when there is none.
func (p *exScan) nameWords(k int) (id string, next int) {
	n := k
	var words []string
	for n < len(p.toks) && (p.kind(n) == exNum || p.kind(n) == exWord && exIDLike(p.text(n))) && len(words) < 4 {
		if relFunctionWord(p.word(n)) {
			break
		}
		words = append(words, p.text(n))
		n++
	}
	return strings.Join(words, " "), n
}
