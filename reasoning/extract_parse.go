package reasoning

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// exItem is one thing the scanner recognised: an edge (or a declared node
// when nodeOnly) with its byte span and the notation that wrote it.
type exItem struct {
	u, v     string
	w        float64
	hasW     bool
	capKind  bool // the number is a capacity
	wKind    bool // the number was named explicitly (weight, cost, capacity...)
	bidir    bool // <->: both directions when directed
	arrow    bool // written with a direction (->, "from ... to", "points to")
	nodeOnly bool // a declared node, not an edge
	weak     bool // accepted only inside a list of two or more items
	method   string
	s, e     int // byte span
	tok      int // index of the first token
}

// exRange is a declared range of integer node IDs, lo..hi inclusive.
type exRange struct {
	lo, hi int
	s, e   int
	tok    int
}

// exScan holds the state of one scan over a question's tokens.
type exScan struct {
	ctx     context.Context
	q       string
	toks    []exTok
	sent    []int  // sentence index of each token
	task    []bool // per sentence: a question or an instruction, not a statement
	skip    []bool // per token: inside a masked span (file path, Python list)
	items   []exItem
	rngs    []exRange
	count   []exRange // "10 nodes": lo=0, hi=count-1, before resolution
	opt     ExtractOptions
	adjOK   bool  // adjacency lines need no second line (the text says "adjacency")
	pyErr   error // why a bracketed list that looked like Python failed to parse
	pyHard  bool  // that list used dicts or quotes: its error stands
	cues    []exDirCue
	notes   []string // ambiguities found while building
	confCap float64  // the most confidence they allow
}

// exIsStopword reports whether w is vocabulary the scanner never takes as a
// node ID.
func exIsStopword(w string) bool {
	switch strings.ToLower(w) {
	case "a", "an", "the", "and", "or", "to", "from", "with", "of", "in", "on", "at", "by", "is", "are", "be",
		"was", "were", "it", "its", "this", "that", "these", "those", "there", "here", "which", "who", "what",
		"node", "nodes", "vertex", "vertices", "edge", "edges", "arc", "arcs", "graph", "each", "every", "all",
		"also", "then", "not", "no", "as", "if", "so", "than", "both", "either", "any", "some", "directly",
		"connected", "linked", "between", "weight", "weights", "cost", "capacity", "distance", "length",
		"we", "you", "they", "he", "she", "one", "two", "three", "has", "have", "had", "for", "into", "onto",
		"via", "through", "where", "when", "how", "do", "does", "did", "can", "will", "would", "should",
		"must", "may", "need", "let", "given", "consider", "suppose", "assume", "find", "compute", "path",
		"cycle", "only", "other", "another", "same", "too", "well", "just", "our", "my", "your", "their",
		"his", "her", "them", "us", "me", "i", "link", "links", "connection", "connections", "directed",
		"undirected", "weighted", "unweighted", "task", "question", "answer", "list", "set", "number":
		return true
	}
	return false
}

// exIDLike reports whether a word looks like a node name rather than an
// English word: one letter, or containing a digit, or capitalised.
func exIDLike(w string) bool {
	if len(w) == 0 {
		return false
	}
	if len(w) == 1 {
		return true
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			return true
		}
	}
	c := w[0]
	return (c >= 'A' && c <= 'Z') || c >= 0x80
}

func (p *exScan) word(i int) string {
	if i < 0 || i >= len(p.toks) || p.toks[i].kind != exWord {
		return ""
	}
	return p.toks[i].low
}

func (p *exScan) isWord(i int, ws ...string) bool {
	w := p.word(i)
	if w == "" {
		return false
	}
	for _, x := range ws {
		if w == x {
			return true
		}
	}
	return false
}

func (p *exScan) isPunct(i int, c byte) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == exPunct && p.toks[i].ch == c
}

func (p *exScan) kind(i int) exKind {
	if i < 0 || i >= len(p.toks) {
		return 0
	}
	return p.toks[i].kind
}

// atom reads one node ID at token i: a number, a quoted string or a word
// that is not vocabulary. weak is set for an English-looking word.
func (p *exScan) atom(i int) (id string, next int, weak, ok bool) { return p.atomAfter(i, false) }

// atomAfter is atom; named is set right after "node"/"vertex", where a lone
// "a" or "I" is a name, not an article or a pronoun.
func (p *exScan) atomAfter(i int, named bool) (id string, next int, weak, ok bool) {
	if i >= len(p.toks) || p.skip[i] {
		return "", i, false, false
	}
	t := p.toks[i]
	switch t.kind {
	case exNum:
		return t.text, i + 1, false, true
	case exStr:
		s := strings.TrimSpace(t.text)
		if s == "" || strings.ContainsAny(s, "\n") {
			return "", i, false, false
		}
		return s, i + 1, false, true
	case exWord:
		afterConn := named || p.kind(i-1) == exArrow || p.kind(i-1) == exDash || p.kind(i-1) == exBiArrow || p.isPunct(i-1, '(') || p.isPunct(i-1, '[')
		if !afterConn && (t.text == "a" || t.text == "I") && p.kind(i+1) == exWord && len(p.toks[i+1].text) > 1 && !p.isWord(i+1, "and", "or", "to", "with",
			"from", "is", "are", "was", "has", "have", "in", "on", "of", "via", "through", "towards", "into") {
			return "", i, false, false // the article or the pronoun
		}
		if len(t.text) > 1 && exIsStopword(t.text) {
			return "", i, false, false
		}
		return t.text, i + 1, !exIDLike(t.text), true
	}
	return "", i, false, false
}

// nodeRef reads an atom optionally preceded by "node"/"vertex"/"nodes".
func (p *exScan) nodeRef(i int) (id string, next int, weak, ok bool) {
	if p.isWord(i, "node", "vertex", "nodes", "vertices") {
		if id, n, _, ok := p.atomAfter(i+1, true); ok {
			return id, n, false, true
		}
	}
	return p.atom(i)
}

// number reads a (possibly negative) number at i.
func (p *exScan) number(i int) (float64, int, bool, error) {
	neg := false
	j := i
	if p.kind(j) == exDash && j+1 < len(p.toks) && p.toks[j+1].kind == exNum && p.toks[j].e == p.toks[j+1].s {
		neg = true
		j++
	}
	if p.kind(j) != exNum || p.skip[j] {
		return 0, i, false, nil
	}
	f, err := strconv.ParseFloat(p.toks[j].text, 64)
	if err != nil {
		return 0, i, false, fmt.Errorf("number %q at byte %d: %w", p.toks[j].text, p.toks[j].s, graph.ErrSyntax)
	}
	if neg {
		f = -f
	}
	return f, j + 1, true, nil
}

// weightKW reports whether w names the number on an edge, and whether it
// is a capacity.
func exWeightKW(w string) (isKW, isCap bool) {
	switch w {
	case "weight", "weights", "weighted", "cost", "costs", "distance", "length", "w", "dist", "len", "time",
		"latency", "delay", "price", "km", "miles", "weighing", "costing":
		return true, false
	case "capacity", "capacities", "cap", "c", "bandwidth", "throughput":
		return true, true
	}
	return false, false
}

// weight reads a weight written after an edge: "(3)", "[3]", ": 3", "= 3",
// "(weight 3)", "with weight 3", "with a capacity of 3", ", cost 3",
// "weight=3", "of length 3". It returns ok=false when none is there.
func (p *exScan) weight(i int) (w float64, isCap, named bool, next int, ok bool, err error) {
	j := i
	open := byte(0)
	if p.isPunct(j, '(') || p.isPunct(j, '[') || p.isPunct(j, '{') {
		open = p.toks[j].ch
		j++
	}
	if open == 0 {
		switch {
		case p.isPunct(j, ':') || p.isPunct(j, '='):
			if f, n, ok, err := p.number(j + 1); ok || err != nil {
				return f, false, false, n, ok, err
			}
			j++
		case p.isWord(j, "with", "of", "having", "and", "has", "have"):
			j++
			if p.isWord(j, "a", "an", "the") {
				j++
			}
		case p.isPunct(j, ','):
			if kw, _ := exWeightKW(p.word(j + 1)); !kw {
				return 0, false, false, i, false, nil
			}
			j++
		}
	}
	kw, isCap := exWeightKW(p.word(j))
	if kw {
		j++
		if p.isWord(j, "of", "is", "equal", "equals") {
			j++
			if p.isWord(j, "to") {
				j++
			}
		} else if p.isPunct(j, '=') || p.isPunct(j, ':') {
			j++
		}
	} else if open == 0 {
		return 0, false, false, i, false, nil
	}
	f, n, ok, err := p.number(j)
	if err != nil || !ok {
		return 0, false, false, i, false, err
	}
	if p.kind(n) == exWord && (p.isWord(n, "km", "miles", "units", "unit", "m", "kms", "mi", "minutes", "hours")) {
		n++
	}
	if open != 0 {
		closeCh := byte('}')
		switch open {
		case '(':
			closeCh = ')'
		case '[':
			closeCh = ']'
		}
		if !p.isPunct(n, closeCh) {
			return 0, false, false, i, false, nil
		}
		n++
	}
	return f, isCap, kw, n, true, nil
}

// clauseEnd reports whether token i ends a clause.
func (p *exScan) clauseEnd(i int) bool {
	if i >= len(p.toks) {
		return true
	}
	t := p.toks[i]
	return t.kind == exNL || (t.kind == exPunct && (t.ch == '.' || t.ch == '?' || t.ch == '!' || t.ch == ';'))
}

func (p *exScan) add(it exItem) {
	p.items = append(p.items, it)
}

// scan walks the tokens once and records every item it recognises.
func (p *exScan) scan() error {
	for i := 0; i < len(p.toks); {
		if i&1023 == 1023 {
			if err := p.ctx.Err(); err != nil {
				return err
			}
		}
		if p.skip[i] {
			i++
			continue
		}
		n, err := p.tryAll(i)
		if err != nil {
			return err
		}
		if n > i {
			i = n
		} else {
			i++
		}
	}
	return nil
}

// tryAll tries every recognizer at token i, in order of specificity, and
// returns the index after what it consumed (i when nothing matched).
func (p *exScan) tryAll(i int) (int, error) {
	for k := 0; k < 9; k++ {
		var n int
		var err error
		switch k {
		case 0:
			n, err = p.tryNodes(i)
		case 1:
			n, err = p.tryHeaderPairs(i)
		case 2:
			n, err = p.tryLinePairs(i)
		case 3:
			n, err = p.tryAdjacency(i)
		case 4:
			n, err = p.tryTuple(i)
		case 5:
			n, err = p.tryConnector(i)
		case 6:
			n, err = p.tryEdgeKeyword(i)
		case 7:
			n, err = p.tryVerb(i)
		case 8:
			n, err = p.tryPairVerb(i)
		}
		if err != nil {
			return i, err
		}
		if n > i {
			return n, nil
		}
	}
	return i, nil
}

func (p *exScan) lineStart(i int) bool {
	return i == 0 || p.toks[i-1].kind == exNL
}

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
	if p.kind(j) != exNum || strings.Contains(p.toks[j].text, ".") {
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
	if p.kind(j) != exNum || strings.Contains(p.toks[j].text, ".") {
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
	x, err1 := strconv.Atoi(p.toks[a].text)
	y, err2 := strconv.Atoi(p.toks[b].text)
	if err1 != nil || err2 != nil {
		return 0, 0, i, false
	}
	return x, y, j, true
}

// tryNodes recognises node declarations: "nodes are numbered from 0 to
// 12", "10 nodes (0-9)", "nodes 0 through 12", "nodes: A, B, C",
// "isolated nodes 7 and 8", "node 7 is isolated".
func (p *exScan) tryNodes(i int) (int, error) {
	start := i
	j := i
	if p.kind(j) == exNum && p.isWord(j+1, "nodes", "vertices") {
		n, err := strconv.Atoi(p.toks[j].text)
		if err == nil && n > 0 {
			if p.opt.MaxNodes > 0 && n > p.opt.MaxNodes {
				return i, fmt.Errorf("question declares %d nodes, more than %d: %w", n, p.opt.MaxNodes, graph.ErrTooLarge)
			}
			p.count = append(p.count, exRange{lo: 0, hi: n - 1, s: p.toks[j].s, e: p.toks[j+1].e, tok: j})
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
				p.add(exItem{u: id, nodeOnly: true, method: "isolated", s: p.toks[i].s, e: p.toks[k-1].e, tok: i})
				return k, nil
			}
		}
		return i, nil
	}
	k := j + 1
	for n := 0; n < 5 && p.isWord(k, "are", "is", "labeled", "labelled", "numbered", "indexed", "named", "ids",
		"with", "ranging", "range", "go", "run", "in", "the", "id", "integers", "consecutively"); n++ {
		k++
	}
	if lo, hi, n, ok := p.rangeAt(k); ok {
		if lo > hi {
			return n, nil
		}
		if p.opt.MaxNodes > 0 && hi-lo+1 > p.opt.MaxNodes {
			return i, fmt.Errorf("node range %d to %d holds more than %d nodes: %w", lo, hi, p.opt.MaxNodes, graph.ErrTooLarge)
		}
		p.rngs = append(p.rngs, exRange{lo: lo, hi: hi, s: p.toks[start].s, e: p.toks[n-1].e, tok: start})
		return n, nil
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
	for {
		id, n, _, ok := p.nodeRef(k)
		if !ok {
			break
		}
		ids = append(ids, exItem{u: id, nodeOnly: true, method: "node list", s: p.toks[k].s, e: p.toks[n-1].e, tok: k})
		k = n
		if p.isPunct(k, ',') {
			k++
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
	for p.kind(j) == exNL {
		j++
	}
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
		it := exItem{u: a, v: b, method: "pair list", s: p.toks[j].s, e: p.toks[n2-1].e, tok: j}
		n := n2
		if f, n3, ok, err := p.number(n2); err != nil {
			return i, err
		} else if ok {
			it.w, it.hasW, it.e, n = f, true, p.toks[n3-1].e, n3
		}
		if !(p.isPunct(n, ',') || p.isPunct(n, ';') || p.kind(n) == exNL || p.clauseEnd(n)) {
			break
		}
		got = append(got, it)
		j = n
		if p.isPunct(j, ',') || p.isPunct(j, ';') {
			j++
		}
		for p.kind(j) == exNL {
			j++
		}
	}
	if len(got) == 0 {
		return i, nil
	}
	p.items = append(p.items, got...)
	return j, nil
}

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
		it := exItem{u: a, v: b, method: "edge-list lines", s: p.toks[j].s, e: p.toks[n2-1].e, tok: j}
		n := n2
		if f, n3, ok, err := p.number(n2); err != nil {
			return i, err
		} else if ok {
			it.w, it.hasW, it.e, n = f, true, p.toks[n3-1].e, n3
		}
		if p.isPunct(n, ',') || p.isPunct(n, ';') {
			n++
		}
		if n < len(p.toks) && p.kind(n) != exNL {
			break
		}
		got = append(got, it)
		j = n
		for p.kind(j) == exNL {
			j++
		}
	}
	if len(got) < 2 {
		return i, nil
	}
	p.items = append(p.items, got...)
	return j, nil
}

// tryAdjacency reads adjacency lines "0: 1 2 3" or "A: [B, C]".
func (p *exScan) tryAdjacency(i int) (int, error) {
	if !p.lineStart(i) {
		return i, nil
	}
	var got []exItem
	lines := 0
	j := i
	for {
		key, n, wk, ok := p.nodeRef(j)
		if !ok || wk || !p.isPunct(n, ':') {
			break
		}
		k := n + 1
		br := p.isPunct(k, '[') || p.isPunct(k, '{')
		if br {
			k++
		}
		var row []exItem
		for {
			v, n2, wv, ok := p.atom(k)
			if !ok || wv {
				break
			}
			row = append(row, exItem{u: key, v: v, method: "adjacency", s: p.toks[j].s, e: p.toks[n2-1].e, tok: j})
			k = n2
			if p.isPunct(k, ',') {
				k++
			}
		}
		if br {
			if !(p.isPunct(k, ']') || p.isPunct(k, '}')) {
				break
			}
			k++
		}
		if !(k >= len(p.toks) || p.kind(k) == exNL || p.isPunct(k, ';') || (p.isPunct(k, '.') && p.clauseEnd(k))) {
			break
		}
		if len(row) == 0 && !br {
			// "5:" alone: a node without neighbours, only inside a block.
			if lines == 0 {
				break
			}
			row = append(row, exItem{u: key, nodeOnly: true, method: "adjacency", s: p.toks[j].s, e: p.toks[n].e, tok: j})
		}
		lines++
		got = append(got, row...)
		j = k
		for p.kind(j) == exNL || p.isPunct(j, ';') {
			j++
		}
	}
	if lines == 0 || (lines < 2 && !p.adjOK && !exAllNumeric(p.q, got)) {
		return i, nil
	}
	p.items = append(p.items, got...)
	return j, nil
}

// tryTuple reads "(u, v)", "(u, v, w)" and "[u, v]" inside a list.
func (p *exScan) tryTuple(i int) (int, error) {
	open := byte(0)
	switch {
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
	if !ok || !p.isPunct(n1, ',') {
		return i, nil
	}
	b, n2, wb, ok := p.atom(n1 + 1)
	if !ok {
		return i, nil
	}
	if strings.EqualFold(a, "V") && strings.EqualFold(b, "E") {
		return i, nil // "G = (V, E)" names the node and edge sets
	}
	it := exItem{u: a, v: b, method: "tuples", weak: wa || wb, tok: i, s: p.toks[i].s}
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
	it.e = p.toks[n].e
	p.add(it)
	return n + 1, nil
}

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
			s: p.toks[i].s, e: p.toks[n2-1].e, tok: i}
		if c == exDash {
			it.method = "dashes"
			it.weak = wa || wb || exDateLike(a) || exDateLike(b)
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
		last.w, last.hasW, last.capKind, last.wKind, last.e = w, true, isCap, named, p.toks[n3-1].e
		n = n3
	} else if p.lineStart(i) && len(got) == 1 {
		// "A-B 4" on a line of its own: the number is the weight.
		if f, n3, ok, err := p.number(n); err != nil {
			return i, err
		} else if ok && (n3 >= len(p.toks) || p.kind(n3) == exNL) {
			last.w, last.hasW, last.e = f, true, p.toks[n3-1].e
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
			it.v, it.hasW, it.w, it.s, it.e, it.tok = b, false, 0, p.toks[k].s, p.toks[n2-1].e, k
			p.items = append(p.items, it)
			n = n2
		}
	}
	return n, nil
}

// exEdgeNoun reports whether w names an edge in prose.
func exEdgeNoun(w string) bool {
	switch w {
	case "edge", "edges", "arc", "arcs", "link", "links", "connection", "connections", "road", "roads",
		"channel", "channels", "pipe", "pipes", "flight", "flights", "route", "routes", "street", "streets":
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
		if p.isWord(j, "between", "from", "connecting", "joining", "linking") {
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
	if !p.isWord(j, "between", "from", "connecting", "joining", "linking") {
		return i, nil
	}
	var got []exItem
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
		it.s, it.e, it.tok = p.toks[pos].s, p.toks[n2-1].e, pos
		if len(got) == 0 {
			it.s, it.tok = p.toks[i].s, i
		}
		w, isCap, named, n3, ok, err := p.weight(n2)
		if err != nil {
			return i, err
		}
		if ok {
			it.w, it.hasW, it.capKind, it.wKind, it.e = w, true, isCap, named, p.toks[n3-1].e
			n2 = n3
		}
		got = append(got, it)
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
			it2.v, it2.hasW, it2.w, it2.s, it2.e, it2.tok = c, false, 0, p.toks[k].s, p.toks[n4-1].e, k
			if w, isCap, named, n5, ok, err := p.weight(n4); err != nil {
				return i, err
			} else if ok {
				it2.w, it2.hasW, it2.capKind, it2.wKind, it2.e = w, true, isCap, named, p.toks[n5-1].e
				n4 = n5
			}
			got = append(got, it2)
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
	if len(got) == 0 {
		return i, nil
	}
	p.items = append(p.items, got...)
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
		it := exItem{u: a, v: b, method: "prose", arrow: dir, s: p.toks[i].s, e: p.toks[n2-1].e, tok: i}
		if len(got) > 0 {
			it.s, it.tok = p.toks[k].s, k
		}
		if w, isCap, named, n3, ok, err := p.weight(n2); err != nil {
			return i, err
		} else if ok {
			it.w, it.hasW, it.capKind, it.wKind, it.e = w, true, isCap, named, p.toks[n3-1].e
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
	it := exItem{u: a, v: b, method: "prose", s: p.toks[i].s, e: p.toks[k-1].e, tok: i}
	if w, isCap, named, n3, ok, err := p.weight(k); err != nil {
		return i, err
	} else if ok {
		it.w, it.hasW, it.capKind, it.wKind, it.e = w, true, isCap, named, p.toks[n3-1].e
		k = n3
	}
	p.add(it)
	return k, nil
}

// exAllNumeric reports whether every node of the items is an integer or a
// short name of one or two characters, as in a lone adjacency line "0: 1 2
// 3" or "A: B C" (a longer key such as "Note: Alice Bob" needs a second line
// or the word "adjacency").
func exAllNumeric(_ string, items []exItem) bool {
	for _, it := range items {
		for _, id := range []string{it.u, it.v} {
			if it.nodeOnly && id == it.v {
				continue
			}
			if _, err := strconv.Atoi(id); err != nil && len(id) > 2 {
				return false
			}
		}
	}
	return len(items) > 0
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
