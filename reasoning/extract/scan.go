package extract

import (
	"context"
	"fmt"
	"sort"
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
	capKind  bool    // the number is a capacity
	wKind    bool    // the number was named explicitly (weight, cost, capacity...)
	meaning  Meaning // what the number's unit says it is; MeaningNone when no unit
	bidir    bool    // <->: both directions when directed
	arrow    bool    // written with a direction (->, "from ... to", "points to")
	nodeOnly bool    // a declared node, not an edge
	weak     bool    // accepted only inside a list of two or more items
	// crowded is set when an English-looking end of an arrow has a name
	// beside it ("P1 donor -> P3 recipient"): which word is the node is
	// not clear.
	crowded bool
	method  string
	s, e    int // byte span
	tok     int // index of the first token
}

// exRange is a declared range of integer node IDs, lo..hi inclusive, or
// of single letters when alpha is set ('a' or 'A': the IDs alpha+lo to
// alpha+hi, "numbered from a to e").
type exRange struct {
	lo, hi int
	s, e   int
	tok    int
	alpha  byte
}

// id returns the range's x-th node ID.
func (r exRange) id(x int) string {
	if r.alpha != 0 {
		return string(rune(int(r.alpha) + x))
	}
	return strconv.Itoa(x)
}

// exScan holds the state of one scan over a question's tokens.
type exScan struct {
	ctx   context.Context
	q     string
	lower string // Doc.Lower
	// nonASCIILow keeps the lower case of words with non-ASCII letters, by
	// token, computed when first asked for (word).
	nonASCIILow map[int]string
	toks        []exTok
	sent        []int32 // sentence index of each token
	task        []bool  // per sentence: a question or an instruction, not a statement
	skip        []bool  // per token: inside a masked span (file path, Python list)
	marker      []bool  // per token: a list line's numbering or bullet, masked (maskListMarkers)
	items       []exItem
	rngs        []exRange
	count       []exRange // "10 nodes": lo=0, hi=count-1, before resolution
	opt         Options
	adjOK       bool  // adjacency lines need no second line (the text says "adjacency")
	pyErr       error // why a bracketed list that looked like Python failed to parse
	pyHard      bool  // that list used dicts or quotes: its error stands
	cues        []exDirCue
	// lastRefAt and lastRef keep nodeRef's last answer; lastRefAt is -1
	// until the masks are set.
	lastRefAt int
	lastRef   exRef

	py          *exPy       // the Python-literal edge list, nil when none
	files       []exFileRef // graph file paths, masked from the scan
	keys        []keySpan   // sentences that explain the notation, masked
	capCtx      bool        // the text speaks of capacities and not of weights
	hasWeighted bool        // the text speaks of weights or capacities
	kept        []exItem    // items that are graph text
	dropped     []exItem    // edge-like items in statements not taken as edges
}

// scanned runs the shared token scan over the Doc once and keeps it for
// every reader of a notation it recognises.
func (d *Doc) scanned(ctx context.Context) (*exScan, error) {
	if !d.scanDone {
		d.scan, d.scanErr = newScan(ctx, d)
		d.scanDone = true
	}
	return d.scan, d.scanErr
}

// newScan finds the Python-literal list (parsed by graph.ParsePythonEdges,
// then skipped), splits the rest into tokens and sentences, masks file
// paths and notation keys, and recognises every notation in one pass.
func newScan(ctx context.Context, d *Doc) (*exScan, error) {
	p := &exScan{ctx: ctx, q: d.Text, lower: d.Lower, opt: d.opt, cues: exFindDirCues(d.Lower), lastRefAt: -1}
	py, err := p.pythonList()
	if err != nil {
		return nil, err
	}
	skipS, skipE := 0, 0
	if py != nil {
		skipS, skipE = py.s, py.e
	}
	p.py = py
	toks, err := exLex(ctx, d.Text, skipS, skipE)
	if err != nil {
		return nil, err
	}
	p.toks, p.skip = toks, make([]bool, len(toks))
	p.sentences()
	p.maskListMarkers()
	// File paths are references, not edges.
	p.files = exFindFiles(d.Text, d.Lower, toks)
	for _, f := range p.files {
		p.mask(f.s, f.e)
	}
	// The Doc's vocabulary tells which words no token can be (exVocab):
	// the passes below look for words only when some may be there.
	may := exVocab(d)
	if may(exKeyWord) || strings.IndexByte(d.Text, ')') >= 0 {
		p.findKeys() // a key word, or a legend "(u -> v):" (legendAt)
	}
	var hasCap, hasW bool
	mayAdj, mayCap, mayW, mayWeighted := may(exAdjWord), may(exCapWord), may(exWeightWord), may(exWeightedWord)
	for i, t := range toks {
		if !(mayAdj && !p.adjOK || mayCap && !hasCap || mayW && !hasW || mayWeighted && !p.hasWeighted) {
			break // every word that may be there was found
		}
		if t.kind != exWord {
			continue
		}
		switch w := p.word(i); {
		case exAdjWord(w):
			p.adjOK = true
		case exCapWord(w):
			hasCap, p.hasWeighted = true, true
		case exWeightWord(w):
			hasW, p.hasWeighted = true, true
		case exWeightedWord(w):
			p.hasWeighted = true
		}
	}
	p.capCtx = hasCap && !hasW
	p.lastRefAt = -1 // the masks are set: nodeRef's answers stand
	if err := p.scan(); err != nil {
		return nil, err
	}
	p.kept, p.dropped = p.filter()
	return p, nil
}

// exVocab returns a test of whether a word token of d may lower-case to a
// word f accepts (f accepts only words of ASCII letters), answered from
// the Doc's vocabulary: an ASCII token that lower-cases to such a word is
// one of its letter runs. A non-ASCII token lower-cases to ASCII letters
// only through 'İ' or the Kelvin sign; in a text holding either, every
// answer is yes.
func exVocab(d *Doc) func(f func(string) bool) bool {
	if strings.Contains(d.Text, "\u0130") || strings.Contains(d.Text, "\u212a") {
		return func(func(string) bool) bool { return true }
	}
	v := d.words()
	return v.any
}

// exAdjWord reports whether w speaks of adjacency (adjacency lines then
// need no second line).
func exAdjWord(w string) bool {
	switch w {
	case "adjacency", "adjacent", "neighbors", "neighbours", "neighbor", "neighbour":
		return true
	}
	return false
}

// exCapWord reports whether w speaks of capacities.
func exCapWord(w string) bool { return w == "capacity" || w == "capacities" }

// exWeightWord reports whether w speaks of weights.
func exWeightWord(w string) bool {
	switch w {
	case "weight", "weights", "cost", "costs", "distance", "length":
		return true
	}
	return false
}

// exWeightedWord reports whether w is "weighted".
func exWeightedWord(w string) bool { return w == "weighted" }

// exIsStopword reports whether w is vocabulary the scanner never takes as a
// node ID.
func exIsStopword(w string) bool { return exIsStopwordLower(strings.ToLower(w)) }

// exIsStopwordLower is exIsStopword for a word already in lower case.
func exIsStopwordLower(w string) bool {
	switch w {
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

// word returns word token i in lower case, "" when token i is no word.
func (p *exScan) word(i int) string {
	if uint(i) >= uint(len(p.toks)) {
		return ""
	}
	t := &p.toks[i]
	if t.kind != exWord {
		return ""
	}
	if !t.nonASCII {
		return p.lower[t.s:t.e]
	}
	return p.wordSlow(i)
}

// wordSlow is word for a word with non-ASCII letters, whose lower case is
// computed once per word and kept.
func (p *exScan) wordSlow(i int) string {
	t := p.toks[i]
	if w, ok := p.nonASCIILow[i]; ok {
		return w
	}
	if p.nonASCIILow == nil {
		p.nonASCIILow = map[int]string{}
	}
	w := t.low(p.q, p.lower)
	p.nonASCIILow[i] = w
	return w
}

// text returns token i's text: the number, the word as written, a
// string's content; "" for other tokens.
func (p *exScan) text(i int) string { return p.toks[i].text(p.q) }

// isWord reports whether token i is one of the words ws (lower case, not
// empty: word returns "" for a token that is no word). Small enough to be
// inlined: the recognisers call it at every token.
func (p *exScan) isWord(i int, ws ...string) bool {
	w := p.word(i)
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
	text := t.text(p.q)
	switch t.kind {
	case exNum:
		return text, i + 1, false, true
	case exStr:
		s := strings.TrimSpace(text)
		if s == "" || strings.ContainsAny(s, "\n") {
			return "", i, false, false
		}
		return s, i + 1, false, true
	case exWord:
		afterConn := named || p.kind(i-1) == exArrow || p.kind(i-1) == exDash || p.kind(i-1) == exBiArrow || p.isPunct(i-1, '(') || p.isPunct(i-1, '[')
		if !afterConn && (text == "a" || text == "I") && p.kind(i+1) == exWord && len(p.text(i+1)) > 1 && !p.isWord(i+1, "and", "or", "to", "with",
			"from", "is", "are", "was", "has", "have", "in", "on", "of", "via", "through", "towards", "into") {
			return "", i, false, false // the article or the pronoun
		}
		if len(text) > 1 && exIsStopwordLower(p.word(i)) {
			return "", i, false, false
		}
		return text, i + 1, !exIDLike(text), true
	}
	return "", i, false, false
}

// nodeRef reads an atom optionally preceded by "node"/"vertex"/"nodes".
// Several recognisers start by reading a node at the same token, so the
// last answer is kept: it depends on the token alone once the masks are
// set (lastRef).
func (p *exScan) nodeRef(i int) (id string, next int, weak, ok bool) {
	if i == p.lastRefAt {
		r := &p.lastRef
		return r.id, r.next, r.weak, r.ok
	}
	id, next, weak, ok = p.readNodeRef(i)
	p.lastRefAt, p.lastRef = i, exRef{id: id, next: next, weak: weak, ok: ok}
	return id, next, weak, ok
}

// exRef is what nodeRef read at a token.
type exRef struct {
	id       string
	next     int
	weak, ok bool
}

func (p *exScan) readNodeRef(i int) (id string, next int, weak, ok bool) {
	if uint(i) >= uint(len(p.toks)) {
		return "", i, false, false
	}
	switch p.toks[i].kind {
	case exWord:
		switch p.word(i) {
		case "node", "vertex", "nodes", "vertices":
			if id, n, _, ok := p.atomAfter(i+1, true); ok {
				return id, n, false, true
			}
		}
	case exNum, exStr:
	default:
		return "", i, false, false // no atom: a symbol or a line break
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
	f, err := strconv.ParseFloat(p.text(j), 64)
	if err != nil {
		return 0, i, false, fmt.Errorf("number %q at byte %d: %w", p.text(j), p.toks[j].s, graph.ErrSyntax)
	}
	if neg {
		f = -f
	}
	return f, j + 1, true, nil
}

// exWeightLead reports whether w leads to a weight after an edge ("with
// weight 3", "of length 2", "having cost 4").
func exWeightLead(w string) bool {
	switch w {
	case "with", "of", "having", "and", "has", "have":
		return true
	}
	return false
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
		case exWeightLead(p.word(j)):
			j++
			switch p.word(j) {
			case "a", "an", "the":
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
		switch p.word(j) {
		case "of", "is", "equal", "equals":
			j++
			if p.isWord(j, "to") {
				j++
			}
		case "":
			if p.isPunct(j, '=') || p.isPunct(j, ':') {
				j++
			}
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
	if n := len(p.task); n > 16 {
		// A long text with graph statements has about one a sentence:
		// room for that many saves regrowing a long list.
		p.items = make([]exItem, 0, min(n, 4096))
	}
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
	// Most recognizers start with a node reference; at a token that is none
	// only those led by a keyword or a bracket can match (see exStarts).
	switch t := &p.toks[i]; t.kind {
	case exNL, exArrow, exBiArrow, exDash:
		return i, nil
	case exPunct:
		if t.ch != '(' && t.ch != '[' {
			return i, nil
		}
	}
	ref := true
	if _, _, _, ok := p.nodeRef(i); !ok {
		if !p.exStarts(i) {
			return i, nil
		}
		ref = false
	}
	for k := 0; k < 9; k++ {
		if !ref && (k == 2 || k == 3 || k == 5 || k == 7 || k == 8) {
			continue // tryLinePairs, tryAdjacency, tryConnector, tryVerb, tryPairVerb need nodeRef(i)
		}
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

// exStarts reports whether a recognizer that needs no node reference at
// token i may start there: tryNodes at "among", "on", "over", "v",
// "nodes", "vertices", "isolated", "node" or "vertex"; tryHeaderPairs and
// tryEdgeKeyword at an edge noun; tryTuple at '(' or '['.
func (p *exScan) exStarts(i int) bool {
	if p.isPunct(i, '(') || p.isPunct(i, '[') {
		return true
	}
	switch w := p.word(i); w {
	case "":
		return false
	case "among", "on", "over", "v", "nodes", "vertices", "isolated", "node", "vertex", "no":
		return true
	default:
		return exEdgeNoun(w)
	}
}

func (p *exScan) lineStart(i int) bool {
	j := i - 1
	for p.marker != nil && j >= 0 && p.marker[j] {
		j-- // "1. A - B": the list's numbering is not the line's text
	}
	return j < 0 || p.toks[j].kind == exNL
}

// nextLine skips the line breaks at token j and the list marker after
// them ("\n2. "): where the next line's text starts.
func (p *exScan) nextLine(j int) int {
	for p.kind(j) == exNL {
		j++
		for p.marker != nil && j < len(p.toks) && p.marker[j] {
			j++
		}
	}
	return j
}

// markerStart returns where the list marker before the text at byte s
// starts ("2. " before "B - C"), or s when none is there: a list line's
// span holds its numbering.
func (p *exScan) markerStart(s int) int {
	if p.marker == nil {
		return s
	}
	k := sort.Search(len(p.toks), func(i int) bool { return int(p.toks[i].s) >= s })
	if k == 0 || !p.marker[k-1] {
		return s
	}
	for k > 0 && p.marker[k-1] {
		k--
	}
	return int(p.toks[k].s)
}

// maskListMarkers hides the numbering and bullets that start list lines
// ("1. A - B", "2) B - C", "(3) C - D", "- A: B", "* A -> B", "• A"): the
// numbering is not data, and the line's text starts after it.
func (p *exScan) maskListMarkers() {
	for i := 0; i < len(p.toks); i++ {
		if i > 0 && p.toks[i-1].kind != exNL {
			continue
		}
		n := p.listMarker(i)
		if n == i {
			continue
		}
		if p.marker == nil {
			p.marker = make([]bool, len(p.toks))
		}
		for k := i; k < n; k++ {
			p.skip[k], p.marker[k] = true, true
		}
		i = n
	}
}

// listMarker returns the end of a list marker at token i, the line's
// first ("1.", "2)", "(3)", "-", "*", "•"), or i when there is none. A
// blank must follow the marker and text must follow the blank: "1.5" and
// "-1" are numbers, "2023-05-01" a date.
func (p *exScan) listMarker(i int) int {
	n := i
	switch t := p.toks[i]; {
	case t.kind == exNum && t.e-t.s <= 3 && !strings.ContainsAny(p.q[t.s:t.e], ".,eE-+"):
		if p.isPunct(i+1, '.') || p.isPunct(i+1, ')') {
			n = i + 2
		}
	case p.isPunct(i, '(') && p.kind(i+1) == exNum && p.toks[i+1].e-p.toks[i+1].s <= 3 && p.isPunct(i+2, ')'):
		n = i + 3
	case t.kind == exDash && t.e-t.s == 1 && p.q[t.s] == '-', p.isPunct(i, '*'), p.isPunct(i, '+'):
		n = i + 1
	case t.kind == exPunct && p.q[t.s:t.e] == "•":
		n = i + 1
	}
	if n == i || n >= len(p.toks) || p.toks[n].kind == exNL {
		return i
	}
	if e := int(p.toks[n-1].e); e >= len(p.q) || (p.q[e] != ' ' && p.q[e] != '\t') {
		return i
	}
	return n
}

// mask hides the tokens inside [s, e) from the scanner.
func (p *exScan) mask(s, e int) {
	lo := sort.Search(len(p.toks), func(i int) bool { return int(p.toks[i].s) >= s })
	for i := lo; i < len(p.toks) && int(p.toks[i].e) <= e; i++ {
		p.skip[i] = true
	}
}

// sentences splits the tokens into sentences and marks the questions and
// instructions, whose single edge-like mentions are queries, not graph text.
func (p *exScan) sentences() {
	p.sent = make([]int32, len(p.toks))
	start, idx := 0, int32(0)
	closeSent := func(end int) {
		p.task = append(p.task, p.isTaskSentence(start, end))
		idx++
		start = end
	}
	for i, t := range p.toks {
		// The Python list is skipped by the lexer; it ends a sentence.
		if p.py != nil && i > start && int(p.toks[i-1].e) <= p.py.s && int(t.s) >= p.py.e {
			closeSent(i)
		}
		p.sent[i] = idx
		if t.kind == exNL || (t.kind == exPunct && (t.ch == '?' || t.ch == '!' || (t.ch == '.' && !p.isPunct(i+1, '.') && !p.isPunct(i-1, '.')))) {
			closeSent(i + 1)
		}
	}
	closeSent(len(p.toks))
}

// isTaskSentence classifies toks[s:e] as a question or instruction.
func (p *exScan) isTaskSentence(s, e int) bool {
	first := true
	for i := s; i < e; i++ {
		t := p.toks[i]
		if t.kind == exPunct && t.ch == '?' && i > s && p.toks[i].e-p.toks[i].s == 1 {
			return true
		}
		if t.kind != exWord {
			// "Q: ..." and "1. ..." prefix a question.
			prefix := t.kind == exPunct && (t.ch == ':' || t.ch == '.' || t.ch == ')') && i == s+1 && (p.isWord(s, "q") || p.kind(s) == exNum)
			if t.kind != exNL && !(t.kind == exPunct && t.ch == '#') && !prefix {
				first = false
			}
			continue
		}
		if l := t.e - t.s; !first && !t.nonASCII && (l < 4 || l > 8) {
			continue // none of the words below (an ASCII word's lower case is as long)
		}
		w := p.word(i)
		switch w {
		case "whether", "please":
			return true
		case "task", "question":
			// "The task is: ...", but "Task 0 must finish before task 3"
			// names a node.
			if nx := p.kind(i + 1); nx != exNum && !(nx == exWord && len(p.text(i+1)) <= 2 && exIDLike(p.text(i+1))) {
				return true
			}
		}
		if first {
			switch w {
			case "please", "now", "then", "also", "so", "and", "next", "finally", "lastly", "q":
				continue
			}
			first = false
			switch w {
			case "is", "are", "does", "do", "did", "can", "could", "would", "will", "what", "which", "how", "who",
				"where", "when", "find", "compute", "calculate", "determine", "check", "count", "identify",
				"return", "give", "list", "tell", "verify", "confirm", "ascertain", "output", "print", "show",
				"report", "get", "decide", "evaluate", "estimate", "say", "answer", "if", "generate", "use", "apply",
				"run", "create", "draw", "plot", "explain", "describe", "compare", "name", "provide", "predict",
				"classify", "recommend", "suggest", "rank", "sort", "detect", "search", "traverse", "perform",
				"implement", "solve", "measure", "assess", "should", "why", "whose", "has", "have",
				"shortest", "longest", "fewest", "minimum", "maximum",
				"whats", "hows", "whos", "wheres", "whens": // typed without the apostrophe
				return true
			}
		}
	}
	return false
}

// filter keeps the items that are graph text: a single edge-like mention
// inside a question or instruction is a query ("is there an edge between 3
// and 7?") and English-looking words need a list of two or more items.
// It returns the kept items and the dropped ones that were in statements.
func (p *exScan) filter() (kept, dropped []exItem) {
	n := len(p.items)
	counts := make([]int, 2*n)
	run := counts[:n:n] // distinct notations (chains count once) in each item's run
	raw := counts[n:]   // items in each item's run
	for i := 0; i < n; {
		j := i + 1
		for j < n && p.items[j].nodeOnly == p.items[i].nodeOnly &&
			(p.items[j].s <= p.items[j-1].e || exOnlySeparators(p.q[p.items[j-1].e:p.items[j].s])) {
			j++
		}
		// Items of one chain ("a-b-c") share their first token and count once.
		distinct := 0
		for k := i; k < j; k++ {
			if k == i || p.items[k].tok != p.items[k-1].tok {
				distinct++
			}
		}
		for k := i; k < j; k++ {
			run[k], raw[k] = distinct, j-i
		}
		i = j
	}
	// While every item is kept, kept is p.items itself (read only from
	// here on); the first item left out starts a copy.
	all := true
	for i := range p.items {
		it := &p.items[i]
		task := p.task[p.sent[it.tok]]
		keep := false
		switch {
		case it.weak && run[i] < 2:
			if !task {
				dropped = append(dropped, *it)
			}
		case task && raw[i] < 2 && !it.nodeOnly && it.method != "pair list" && it.method != "edge-list lines" && !p.addedItem(i, raw):
			// a query about one edge
		case task && it.nodeOnly:
		default:
			keep = true
		}
		switch {
		case keep && !all:
			kept = append(kept, *it)
		case !keep && all:
			all = false
			kept = make([]exItem, i, n)
			copy(kept, p.items[:i])
		}
	}
	if all {
		kept = p.items[:n:n]
	}
	// Declared node counts and ranges in questions are queries too.
	keepR := p.rngs[:0]
	for _, r := range p.rngs {
		if !p.task[p.sent[r.tok]] {
			keepR = append(keepR, r)
		}
	}
	p.rngs = keepR
	keepC := p.count[:0]
	for _, r := range p.count {
		if !p.task[p.sent[r.tok]] {
			keepC = append(keepC, r)
		}
	}
	p.count = keepC
	return kept, dropped
}

// looseNumbers returns the number tokens in statements that no span
// explains; numbers after '=' (node=3) are parameters, not graph text. The
// spans are sorted and disjoint, so one moving pointer suffices.
func (p *exScan) looseNumbers(spans [][2]int) []int {
	var out []int
	k := 0
	for i := range p.toks {
		t := &p.toks[i]
		if t.kind != exNum && !(t.kind == exWord && '0' <= p.q[t.s] && p.q[t.s] <= '9' && unitNumber(p.opt.Lexicon, p.word(i))) {
			continue // no number (the span pointer moves on at the numbers alone: their starts grow)
		}
		for k < len(spans) && spans[k][1] <= int(t.s) {
			k++
		}
		if p.skip[i] || p.task[p.sent[i]] || p.isPunct(i-1, '=') ||
			(t.kind == exNum && p.isWord(i-1, "line", "bus", "route", "tram", "platform")) { // "line 1 runs A - B": a route's name
			continue
		}
		if k < len(spans) && int(t.s) >= spans[k][0] && int(t.e) <= spans[k][1] {
			continue
		}
		out = append(out, i)
	}
	return out
}

// scanReading is the Reading of one notation the shared scan recognises:
// its kept items whose method is name.
func (d *Doc) scanReading(ctx context.Context, name string) (Reading, error) {
	p, err := d.scanned(ctx)
	if err != nil {
		return Reading{}, err
	}
	r := Reading{Reader: name, queries: true}
	items, edges := 0, 0
	for i := range p.kept {
		if p.kept[i].method == name {
			items++
			if !p.kept[i].nodeOnly {
				edges++
			}
		}
	}
	if items > 0 {
		r.Spans = make([]Span, 0, items)
	}
	if edges > 0 {
		r.Edges = make([]Edge, 0, edges)
	}
	conf := 1.0
	arrows, plain, crowded := 0, 0, 0
	var seen nodeSet
	node := func(id string, at int) {
		if seen.add(id) {
			r.Nodes = append(r.Nodes, id)
			r.NodeStarts = append(r.NodeStarts, at)
		}
	}
	for _, it := range p.kept {
		if it.method != name {
			continue
		}
		r.Spans = append(r.Spans, Span{Start: p.markerStart(it.s), End: it.e, Role: RoleGraph})
		node(it.u, it.s)
		if it.nodeOnly {
			continue
		}
		node(it.v, it.s)
		e := Edge{U: it.u, V: it.v, Both: it.bidir, Directed: it.arrow, Start: it.s, End: it.e}
		if it.hasW {
			e.Value, e.HasValue, e.Meaning = it.w, true, MeaningWeight
			if it.capKind || (!it.wKind && p.capCtx) {
				e.Meaning = MeaningCapacity
			}
			if it.meaning != MeaningNone {
				e.Meaning = it.meaning
			}
		}
		r.Edges = append(r.Edges, e)
		c := 0.97
		switch name {
		case "prose":
			c = 0.93
		case "adjacency", "edge-list lines", "pair list":
			c = 0.95
		}
		if it.weak {
			c -= 0.05
		}
		if it.crowded {
			c = min(c, 0.6)
			if crowded++; crowded == 1 {
				r.Notes = append(r.Notes, fmt.Sprintf("%q: a name stands beside the word read as the edge's end, so which is the node is not clear", p.q[it.s:it.e]))
			}
		}
		conf = min(conf, c)
		if it.arrow || it.bidir {
			arrows++
		} else {
			plain++
		}
	}
	if len(r.Spans) == 0 {
		return Reading{}, nil
	}
	if arrows > 0 && plain == 0 {
		r.Directed = DirDirected
	}
	r.Confidence = conf
	return r, nil
}
