package extract

import (
	"context"

	"github.com/graphagent/graphagent/lang"
	"strconv"
	"strings"
)

// tryAdjacency reads adjacency lines "0: 1 2 3" or "A: [B, C]".
func (p *exScan) tryAdjacency(i int) (int, error) {
	if !p.lineStart(i) {
		return i, nil
	}
	var got []exItem
	lines, weak, verbs := 0, false, 0
	// A nested key-value document (YAML, a config file) is no adjacency
	// list: its keys sit at several indentations and repeat ("stage:"
	// under every job), where an adjacency list gives each node's line once.
	indents, keys := map[int]bool{}, map[string]bool{}
	repeated := false
	j := i
	for {
		key, n, wk, ok := p.nodeRef(j)
		if ok && p.kind(j) == exWord && !p.isPunct(n, ':') {
			// "Mrs Adeyemi (chair) rings:": a key of a few words, then a
			// remark in brackets, which is not part of the name.
			key, n, wk = p.wordsAtom(key, n, wk, func(k int) bool { return p.isPunct(k, '(') })
			if p.isPunct(n, '(') {
				if c := p.closeParen(n); c > n {
					n = c
				}
			}
		}
		verb := false
		if ok && !p.isPunct(n, ':') && p.isPunct(n+1, ':') && p.oneWayVerb(n) {
			// "Maya chose: Leo, Ava": the key's edges go to the names
			// the verb takes.
			verb, n = true, n+1
			verbs++
		}
		if ok && !p.isPunct(n, ':') && p.kind(j) == exWord {
			// "sweet corn: squash, beans": a key of a few words.
			key, n, wk = p.wordsAtom(key, n, wk, func(k int) bool { return p.isPunct(k, ':') })
		}
		if !ok || !p.isPunct(n, ':') {
			break
		}
		at := int(p.toks[j].s)
		indents[at-(strings.LastIndexByte(p.q[:at], '\n')+1)] = true
		repeated = repeated || keys[key]
		keys[key] = true
		weak = weak || wk
		k := n + 1
		br := p.isPunct(k, '[') || p.isPunct(k, '{')
		if br {
			k++
		}
		var row []exItem
		if n2, ok := p.noneAt(k); ok {
			// "Finn chose: (nobody)", "E: none": a node without neighbours.
			row = append(row, exItem{u: key, nodeOnly: true, method: "adjacency", s: int(p.toks[j].s), e: int(p.toks[n2-1].e), tok: j})
			k = n2
		}
		commas := p.commaBeforeLineEnd(k)
		for {
			v, n2, wv, ok := p.atom(k)
			if !ok {
				break
			}
			if commas && p.kind(k) == exWord {
				// "tomatoes: basil, French marigold": between commas, a
				// few words are one name.
				v, n2, wv = p.wordsAtom(v, n2, wv, func(k int) bool { return p.isPunct(k, ',') || p.clauseEnd(k) })
			}
			weak = weak || wv
			row = append(row, exItem{u: key, v: v, arrow: verb, method: "adjacency", s: int(p.toks[j].s), e: int(p.toks[n2-1].e), tok: j})
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
			row = append(row, exItem{u: key, nodeOnly: true, method: "adjacency", s: int(p.toks[j].s), e: int(p.toks[n].e), tok: j})
		}
		lines++
		got = append(got, row...)
		j = k
		for p.kind(j) == exNL || p.isPunct(j, ';') {
			j = p.nextLine(j)
			if p.isPunct(j, ';') {
				j++
			}
		}
	}
	if lines == 0 || (lines < 2 && !p.adjOK && !exAllNumeric(p.q, got)) || (repeated && len(indents) > 1) {
		return i, nil
	}
	if verbs > 0 && verbs < lines {
		return i, nil // "Maya chose: Leo" beside "Leo: Maya": which way is not clear
	}
	if weak && !adjLinked(got, lines) {
		// "note: see above": lower-case words make adjacency lines only
		// in a block whose lines name one another ("test: build" under
		// "build: fetch").
		return i, nil
	}
	p.items = append(p.items, got...)
	return j, nil
}

// wordsAtom extends the one-word name id, read before token n, by the word
// atoms that follow it, up to four words in all, when the words end where
// end says (at a ':' or ','); otherwise it returns id unchanged.
func (p *exScan) wordsAtom(id string, n int, weak bool, end func(int) bool) (string, int, bool) {
	words := []string{id}
	k, wk := n, weak
	for len(words) < 4 && p.kind(k) == exWord && !end(k) {
		w, n2, w2, ok := p.atom(k)
		if !ok || n2 != k+1 {
			return id, n, weak
		}
		words = append(words, w)
		k, wk = n2, wk || w2
	}
	if len(words) == 1 || !end(k) {
		return id, n, weak
	}
	return strings.Join(words, " "), k, wk
}

// commaBeforeLineEnd reports whether a ',' comes between token k and the
// end of its line.
func (p *exScan) commaBeforeLineEnd(k int) bool {
	for ; k < len(p.toks) && p.toks[k].kind != exNL; k++ {
		if p.isPunct(k, ',') {
			return true
		}
	}
	return false
}

// adjLinked reports whether a block of two or more adjacency lines is
// linked: some line's key is a neighbour on another line.
func adjLinked(items []exItem, lines int) bool {
	if lines < 2 {
		return false
	}
	keys := map[string]bool{}
	for _, it := range items {
		keys[it.u] = true
	}
	for _, it := range items {
		if !it.nodeOnly && keys[it.v] && it.v != it.u {
			return true
		}
	}
	return false
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

// adjacencyReader reads adjacency lines "0: 1 2 3", "A: [B, C]".
type adjacencyReader struct{}

// Name names the notation.
func (adjacencyReader) Name() string { return "adjacency" }

// Read returns the adjacency lines of the question.
func (r adjacencyReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	return d.scanReading(ctx, r.Name())
}

// oneWayVerb reports whether token n is the -s or past form of one of the
// lexicon's one-way verbs without a preposition ("chose", "rings").
func (p *exScan) oneWayVerb(n int) bool {
	lx := p.opt.Lexicon
	return lx != nil && lx.Word(p.word(n)).Has(lang.ActVerb)
}

// noneAt reads "none", "nobody", "no one" or "-", bracketed or not, at
// token k, up to the end of its line; it returns the token after it.
func (p *exScan) noneAt(k int) (int, bool) {
	open := p.isPunct(k, '(') || p.isPunct(k, '[')
	n := k
	if open {
		n++
	}
	switch {
	case p.isWord(n, "none", "nobody", "nothing", "nil"):
		n++
	case p.isWord(n, "no") && p.isWord(n+1, "one"):
		n += 2
	default:
		return k, false
	}
	if open {
		if !p.isPunct(n, ')') && !p.isPunct(n, ']') {
			return k, false
		}
		n++
	}
	if n < len(p.toks) && p.kind(n) != exNL && !p.isPunct(n, '.') {
		return k, false
	}
	return n, true
}

// closeParen returns the token after the ')' that closes the '(' at token
// n on its line, within six tokens; n when there is none.
func (p *exScan) closeParen(n int) int {
	for k := n + 1; k < len(p.toks) && k <= n+6 && p.kind(k) != exNL; k++ {
		if p.isPunct(k, ')') {
			return k + 1
		}
	}
	return n
}
