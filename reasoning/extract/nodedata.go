package extract

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// NodeData reads data given per node and the rules over it: embeddings and
// feature vectors ("node 0: [1,0]", "Node 3 has embedding (1, 2)", "the
// features are 0:[1,1], 1:[0,1]", "the embedding of node 2 is [0.5, -1]"),
// labels ("Node 4 likes soccer", "node 2 is labelled A", "Alice likes
// tennis", "the class of node 5 is B", "Labels:" blocks), aggregation rules
// ("each node's embedding is updated by the sum of its neighbors'
// embeddings" → Facts["aggregation"] = "sum"; "mean", "max", "min"; with
// Facts["include_self"] when the rule says whether a node's own embedding
// counts), and the number of layers when stated as a fact about the model
// ("the GNN has 2 layers" → Facts["rounds"]; "after two layers" in a
// question is the question's parameter and is not read).
//
// A bracketed list after a node is read as a vector only when the text
// calls it one (an embedding, feature or vector word in the sentence, in a
// header line such as "Embeddings:", or anywhere in the question, with less
// confidence): "node 0: [1, 2]" alone is an adjacency line.
type NodeData struct{}

// Name names the notation.
func (NodeData) Name() string { return "node data" }

// nodeDataNoun matches the words that name node data.
const nodeDataNoun = `(?:(?:initial|input|hidden|node|feature)\s+)?(?:embeddings?|feature\s+vectors?|features?|vectors?|representations?|attributes?|signals?|states?|values?)`

// nodeDataPrefix matches the text before a vector that names its node:
// "node 0:", "Node 3 has embedding", "the embedding of node 3 is",
// "node 3's features are", "Alice =", "0:", "x_0 =". It is matched on
// lower-cased text; group 1 is "node"/"vertex" when written, group 2 a
// subscript's letter ("x_"), group 3 the ID.
var nodeDataPrefix = regexp.MustCompile(`(?:^|[^\p{L}\d_'’])` +
	`(?:(?:the\s+|an?\s+)?` + nodeDataNoun + `\s+(?:of|for)\s+)?` +
	`(?:(node|vertex)\s+|((?:x|h|z|f|e|v)_)\{?)?([\p{L}\d_]+?)\}?(?:'s|’s)?\s*` +
	`(?:(?:has|have|with|gets|carries)\s+(?:an?\s+|the\s+|its\s+)?` + nodeDataNoun + `\s*(?:of\s+|=\s*|:\s*|is\s+)?` +
	`|(?:` + nodeDataNoun + `\s*)?(?:is\s+|are\s+|=\s*|:\s*|->\s*|→\s*|equals\s+))$`)

// nodeDataHasNoun reports whether lower-case text names node data
// ("embedding", "features", "feature vectors", "representation"). A plain
// substring search: it runs over the whole question.
func nodeDataHasNoun(lower string) bool {
	for _, w := range [...]string{"embedding", "feature", "vector", "representation"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// nodeDataMaxPrefix is how far back from a vector its node is looked for.
const nodeDataMaxPrefix = 96

// nodeDataNotIDs are words the prefix pattern can take for an ID that are
// not node IDs.
var nodeDataNotIDs = map[string]bool{
	"is": true, "are": true, "the": true, "a": true, "an": true, "of": true, "and": true, "or": true, "to": true,
	"edges": true, "edge": true, "arcs": true, "links": true, "pairs": true, "node": true, "nodes": true,
	"vertex": true, "vertices": true, "graph": true, "embedding": true, "embeddings": true, "feature": true,
	"features": true, "vector": true, "vectors": true, "representation": true, "representations": true,
	"value": true, "values": true, "state": true, "states": true, "answer": true, "output": true, "result": true,
	"example": true, "q": true, "matrix": true, "list": true, "weights": true, "weight": true, "it": true,
	"has": true, "have": true, "with": true, "be": true, "will": true, "layer": true, "layers": true,
}

// nodeDataVector is one vector found in the text.
type nodeDataVector struct {
	node       string
	vec        []float64
	start, end int  // the statement's span
	local      bool // the statement or its block names the data
}

// Read implements Reader.
func (NodeData) Read(ctx context.Context, d *Doc) (Reading, error) {
	r := Reading{Reader: NodeData{}.Name(), Confidence: 0.95}
	seen := map[string]bool{}
	addNode := func(n string) {
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
		}
	}
	vecs, headers, err := nodeDataVectors(ctx, d)
	if err != nil {
		return Reading{}, err
	}
	if len(vecs) > 0 {
		r.Vectors = map[string][]float64{}
		local := true
		dim := len(vecs[0].vec)
		var dup, ragged []string
		for _, v := range vecs {
			addNode(v.node)
			local = local && v.local
			if old, ok := r.Vectors[v.node]; ok {
				if !slices.Equal(old, v.vec) {
					dup = append(dup, v.node)
				}
			} else {
				r.Vectors[v.node] = v.vec
			}
			if len(v.vec) != dim {
				ragged = append(ragged, v.node)
			}
			r.Spans = append(r.Spans, Span{Start: v.start, End: v.end, Role: RoleData})
		}
		r.Spans = append(r.Spans, headers...)
		if !local {
			r.Confidence = min(r.Confidence, 0.85)
			r.Notes = append(r.Notes, "some vectors are read as node data only because the question mentions embeddings or features elsewhere")
		}
		if len(dup) > 0 {
			r.Confidence = min(r.Confidence, 0.5)
			r.Notes = append(r.Notes, fmt.Sprintf("node(s) %s are given two different vectors; the first is kept", strings.Join(dup, ", ")))
		}
		if len(ragged) > 0 {
			r.Confidence = min(r.Confidence, 0.5)
			r.Notes = append(r.Notes, fmt.Sprintf("vectors of node(s) %s do not have %d entries like the first", strings.Join(ragged, ", "), dim))
		}
	}

	var sents []proseSentence
	if nodeDataMayState(d) {
		sents, err = proseSentences(ctx, d)
		if err != nil {
			return Reading{}, err
		}
	}
	lab := nodeLabels(sents, d)
	if len(lab.stmts) > 0 || lab.unknown > 0 {
		r.Labels = map[string]string{}
		attrs := map[string]int{}
		for _, st := range lab.stmts {
			for _, n := range st.nodes {
				addNode(n)
				if old, ok := r.Labels[n]; ok && old != st.value {
					r.Notes = append(r.Notes, fmt.Sprintf("node %s is given two labels, %q and %q; the first is kept", n, old, st.value))
					r.Confidence = min(r.Confidence, 0.5)
					continue
				}
				r.Labels[n] = st.value
			}
			attrs[st.attr]++
			r.Spans = append(r.Spans, st.span)
		}
		for _, n := range lab.unlabelled {
			addNode(n)
		}
		r.Spans = append(r.Spans, lab.spans...)
		if len(attrs) > 0 {
			best := ""
			for a, c := range attrs {
				if best == "" || c > attrs[best] || (c == attrs[best] && a < best) {
					best = a
				}
			}
			r.Facts = map[string]string{"label_attribute": best}
			if len(attrs) > 1 {
				r.Notes = append(r.Notes, fmt.Sprintf("labels are given with %d different attributes; %q is the most common", len(attrs), best))
				r.Confidence = min(r.Confidence, 0.7)
			}
			if len(lab.stmts) == 1 {
				r.Confidence = min(r.Confidence, 0.8)
				r.Notes = append(r.Notes, "only one node has a label")
			}
		}
		r.Notes = append(r.Notes, lab.notes...)
		if lab.multi {
			r.Confidence = min(r.Confidence, 0.7)
		}
	}

	rules := nodeDataRules(sents, d)
	if len(rules.facts) > 0 || len(rules.spans) > 0 {
		if r.Facts == nil {
			r.Facts = map[string]string{}
		}
		for k, v := range rules.facts {
			r.Facts[k] = v
		}
		r.Spans = append(r.Spans, rules.spans...)
		r.Notes = append(r.Notes, rules.notes...)
		if rules.unsure {
			r.Confidence = min(r.Confidence, 0.6)
		}
	}
	if r.Empty() && len(r.Facts) == 0 {
		return Reading{}, nil
	}
	slices.SortFunc(r.Spans, func(a, b Span) int { return a.Start - b.Start })
	return r, nil
}

// nodeDataMayState is a cheap test on the whole question (its distinct
// words): labels, rules and layer counts all need one of their words. It
// errs on the side of yes.
func nodeDataMayState(d *Doc) bool { return d.words().any(nodeDataStateWord) }

// nodeDataStateWord reports whether a lower-case word is one node data
// needs: labels, rules and layer counts all need one of these words (a
// preference verb, a label noun, "labelled", "neighbours", "layers",
// "embedding", ...), so a question without any skips them.
func nodeDataStateWord(w string) bool {
	s := singular(w)
	switch {
	case nodeLabelVerbs[w] != "", nodeLabelNouns[s] != "", nodeDataRuleNoun(w), strings.HasPrefix(w, "neighbo"):
		return true
	}
	switch w {
	case "labelled", "labeled", "tagged", "marked", "annotated", "classified", "categorized", "categorised",
		"colored", "coloured", "painted", "belongs", "belong", "adjacent", "unknown":
		return true
	}
	switch s {
	case "layer", "round", "iteration", "hop", "vector", "feature", "embedding":
		return true
	}
	return false
}

// nodeDataVectors finds the vectors that follow a node in the text, and
// the header lines ("Embeddings:") that name a block of them.
func nodeDataVectors(ctx context.Context, d *Doc) ([]nodeDataVector, []Span, error) {
	text, lower := d.Text, d.Lower
	// The nouns are letters only: one lies inside a word of the text. The
	// vocabulary answers when it is made (Read's scan makes it); a reader
	// asked alone searches the text, which costs less than making it.
	docCue := d.vocab != nil && d.vocab.any(nodeDataHasNoun) || d.vocab == nil && nodeDataHasNoun(lower)
	var out []nodeDataVector
	var headers []Span
	blockCue := false // inside a block under a header that names the data
	lineStart, prevEnd := 0, 0
	// lineNoun is where the current line first names the data (-1: not
	// yet looked for, len(text): nowhere), found once per line so a long
	// line costs one pass.
	lineNoun := -1
	// Only line breaks and opening brackets matter: the loop jumps from
	// one to the next (next), checking the context every 4 KiB or so.
	next := byteFinder{text: text, set: "\n[("}
	check := 0
	for i := 0; i < len(text); i++ {
		if i = next.from(i); i == len(text) {
			break
		}
		if i >= check {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			check = i + 4096
		}
		c := text[i]
		if c == '\n' {
			line := strings.TrimSpace(lower[lineStart:i])
			switch {
			case line == "":
				blockCue = false
			case len(line) < 48 && strings.HasSuffix(line, ":") && nodeDataHasNoun(line):
				blockCue = true
				s := lineStart + strings.Index(lower[lineStart:i], line)
				headers = append(headers, Span{Start: s, End: s + len(line), Role: RoleData})
			}
			lineStart, prevEnd, lineNoun = i+1, i+1, -1
			if blockCue {
				// Under "Node features:" a line may give a vector without
				// brackets: "0: 1 0", "node 2 = 0.5, 1".
				if v, ok := nodeDataBareLine(text, lower, lineStart); ok {
					out = append(out, v)
					i = v.end - 1
				}
			}
			continue
		}
		if c != '[' && c != '(' {
			continue
		}
		vec, end, ok := nodeDataParseVector(text, i)
		if !ok {
			continue
		}
		from := max(prevEnd, lineStart, i-nodeDataMaxPrefix)
		for from < i && !utfStart(text, from) {
			from++
		}
		prefix := lower[from:i]
		m := nodeDataFastPrefix(prefix)
		if m == nil && nodeDataMayPrefix(prefix) {
			m = nodeDataPrefix.FindStringSubmatchIndex(prefix)
		}
		prevEnd = end
		if m == nil {
			i = end - 1
			continue
		}
		idLow := prefix[m[6]:m[7]]
		id := text[from+m[6] : from+m[7]]
		subscript := m[4] >= 0 // "x_0 = [..]": the notation of feature vectors
		named := m[2] >= 0 || subscript
		if !named && (nodeDataNotIDs[idLow] && !(len(id) == 1 && id != idLow) || !nodeDataBareID(id)) {
			i = end - 1
			continue
		}
		matched := prefix[m[0]:m[1]]
		if lineNoun < 0 {
			lineNoun = nodeDataNounIndex(lower, lineStart)
		}
		local := blockCue || subscript || nodeDataHasNoun(matched) || lineNoun < from+m[0]
		if !local && !docCue {
			i = end - 1
			continue
		}
		start := from + m[0]
		for start < i && !nodeDataIDByte(text[start]) {
			start++ // the pattern's leading separator
		}
		out = append(out, nodeDataVector{node: id, vec: vec, start: start, end: end, local: local})
		i = end - 1
	}
	return out, headers, nil
}

// nodeDataFastPrefix matches the most common prefix, "node 12: " (or
// "vertex 12:"), without the regular expression, giving the same submatch
// indices nodeDataPrefix would (nil when the prefix has another form).
func nodeDataFastPrefix(p string) []int {
	e := len(p)
	for e > 0 && p[e-1] == ' ' {
		e--
	}
	if e == 0 || p[e-1] != ':' {
		return nil
	}
	de := e - 1
	ds := de
	for ds > 0 && '0' <= p[ds-1] && p[ds-1] <= '9' {
		ds--
	}
	if ds == de || ds < 2 || p[ds-1] != ' ' {
		return nil
	}
	ws := ds - 1
	for ws > 0 && p[ws-1] == ' ' {
		ws--
	}
	var kw string
	switch {
	case ws >= 4 && p[ws-4:ws] == "node":
		kw = "node"
	case ws >= 6 && p[ws-6:ws] == "vertex":
		kw = "vertex"
	default:
		return nil
	}
	s := ws - len(kw)
	if s > 0 && proseWordByte(p, s-1) || s > 0 && (p[s-1] == '\'' || p[s-1] == 0x99) {
		return nil // "subnode 3:", "the node's"
	}
	return []int{s, len(p), s, ws, -1, -1, ds, de}
}

// nodeDataPrefixEnds are the words and signs nodeDataPrefix can end with
// (before trailing spaces): a linking word or sign, or the last word of
// nodeDataNoun.
var nodeDataPrefixEnds = [...]string{
	"is", "are", "=", ":", "->", "→", "equals", "of",
	"embedding", "vector", "feature", "representation", "attribute", "signal", "state", "value", "s",
}

// nodeDataMayPrefix reports whether nodeDataPrefix can match p: a cheap
// suffix test, so the expression does not run before every "(w)" of
// "u->v (w)" lines. It never rejects a prefix the expression matches
// (TestNodeDataMayPrefix, FuzzNodeDataMayPrefix).
func nodeDataMayPrefix(p string) bool {
	e := len(p)
	for e > 0 && (p[e-1] == ' ' || p[e-1] == '\t' || p[e-1] == '\n' || p[e-1] == '\r' || p[e-1] == '\f') {
		e--
	}
	p = p[:e]
	for _, w := range nodeDataPrefixEnds {
		if strings.HasSuffix(p, w) {
			return true
		}
	}
	return false
}

// nodeDataBareLine reads a line "0: 1 0", "node 2 = 0.5, 1" or "A: 1,0"
// starting at lower[s]: a node, ':' or '=', and two or more numbers to the
// end of the line. It is tried only under a header that names node data.
func nodeDataBareLine(text, lower string, s int) (nodeDataVector, bool) {
	e := strings.IndexByte(text[s:], '\n')
	if e < 0 {
		e = len(text)
	} else {
		e += s
	}
	line := lower[s:e]
	k := strings.IndexAny(line, ":=")
	if k < 0 {
		return nodeDataVector{}, false
	}
	head := strings.Fields(text[s : s+k])
	switch {
	case len(head) == 2 && (strings.EqualFold(head[0], "node") || strings.EqualFold(head[0], "vertex")):
		head = head[1:]
	case len(head) != 1:
		return nodeDataVector{}, false
	}
	id := head[0]
	if !nodeDataBareID(id) || nodeDataNotIDs[strings.ToLower(id)] && len(id) > 1 {
		return nodeDataVector{}, false
	}
	fields := strings.FieldsFunc(text[s+k+1:e], func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '\r' })
	if len(fields) < 2 {
		return nodeDataVector{}, false
	}
	vec := make([]float64, 0, len(fields))
	for _, f := range fields {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nodeDataVector{}, false
		}
		vec = append(vec, x)
	}
	start := s
	for start < e && (text[start] == ' ' || text[start] == '\t') {
		start++
	}
	end := e
	for end > start && (text[end-1] == ' ' || text[end-1] == '\t' || text[end-1] == '\r') {
		end--
	}
	return nodeDataVector{node: id, vec: vec, start: start, end: end, local: true}, true
}

// utfStart reports whether text[i] starts a UTF-8 sequence.
func utfStart(text string, i int) bool { return text[i]&0xC0 != 0x80 }

// nodeDataNounIndex returns where the line starting at lower[start] first
// names node data, or len(lower) when it does not.
func nodeDataNounIndex(lower string, start int) int {
	end := strings.IndexByte(lower[start:], '\n')
	if end < 0 {
		end = len(lower)
	} else {
		end += start
	}
	best := len(lower)
	for _, w := range [...]string{"embedding", "feature", "vector", "representation"} {
		if k := strings.Index(lower[start:end], w); k >= 0 {
			best = min(best, start+k)
		}
	}
	return best
}

// nodeDataIDByte reports whether c can start the matched statement: not a
// space or separator.
func nodeDataIDByte(c byte) bool {
	return c != ' ' && c != '\t' && c != ',' && c != ';' && c != '(' && c != '\r'
}

// nodeDataBareID reports whether an ID written without "node" is one: a
// number, a letter, letters with digits, or a capitalised name.
func nodeDataBareID(id string) bool {
	if id == "" {
		return false
	}
	if c := id[0]; ('0' <= c && c <= '9') || ('A' <= c && c <= 'Z') || len(id) == 1 {
		return true
	}
	for i := 0; i < len(id); i++ {
		if '0' <= id[i] && id[i] <= '9' {
			return true
		}
	}
	return false
}

// nodeDataParseVector reads a bracketed list of numbers at text[open]:
// "[1,0]", "(1, 2)", "[0.5 -1e-3]". It returns the vector and the end of the
// closing bracket.
func nodeDataParseVector(text string, open int) ([]float64, int, bool) {
	closeCh := byte(']')
	if text[open] == '(' {
		closeCh = ')'
	}
	j := open + 1
	for j < len(text) && text[j] != closeCh && text[j] != '\n' && j-open < 1<<16 {
		if c := text[j]; c == '[' || c == '(' || c == ']' || c == ')' {
			return nil, 0, false
		}
		j++
	}
	if j >= len(text) || text[j] != closeCh {
		return nil, 0, false
	}
	fields := strings.FieldsFunc(text[open+1:j], func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		return nil, 0, false
	}
	vec := make([]float64, 0, len(fields))
	for _, f := range fields {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, 0, false
		}
		vec = append(vec, x)
	}
	return vec, j + 1, true
}

// byteFinder finds, for positions that only grow, the next byte of text
// that is one of set (a few ASCII bytes), with one strings.IndexByte per
// byte of set and occurrence, so a long text with few of them is passed
// at memory speed rather than byte by byte.
type byteFinder struct {
	text string
	set  string
	at   [4]int // the next occurrence of each byte of set at or after the last position asked; -1 before the first search
	init bool
}

// from returns the first index >= i of a byte of set, len(text) when
// there is none. Successive calls must not decrease i.
func (f *byteFinder) from(i int) int {
	if !f.init {
		f.init = true
		for k := range f.set {
			f.at[k] = -1
		}
	}
	best := len(f.text)
	for k := 0; k < len(f.set); k++ {
		if f.at[k] < i && f.at[k] != len(f.text) {
			if j := strings.IndexByte(f.text[i:], f.set[k]); j >= 0 {
				f.at[k] = i + j
			} else {
				f.at[k] = len(f.text)
			}
		}
		best = min(best, f.at[k])
	}
	return best
}
