package extract

import (
	"fmt"
	"strings"
)

// nodeLabelStmt is one labelling statement: "Node 4 likes soccer", "Alice
// and Bob like tennis", "node 2 is labelled A".
type nodeLabelStmt struct {
	nodes []string
	attr  string // what the label is: "likes", "label", "class", "color"
	value string
	span  Span
}

// nodeLabelResult is what the label statements of a question say.
type nodeLabelResult struct {
	stmts []nodeLabelStmt
	// unlabelled are nodes said to have no or an unknown label ("the label
	// of node 7 is unknown").
	unlabelled []string
	unknown    int
	spans      []Span // header lines and statements about unknown labels
	notes      []string
	multi      bool // a node was given several values at once
}

// nodeLabelVerbs maps a verb that gives a preference label to its
// third-person form, the attribute's name.
var nodeLabelVerbs = map[string]string{
	"likes": "likes", "like": "likes", "loves": "loves", "love": "loves", "enjoys": "enjoys", "enjoy": "enjoys",
	"prefers": "prefers", "prefer": "prefers", "plays": "plays", "play": "plays", "supports": "supports",
	"support": "supports", "studies": "studies", "study": "studies", "speaks": "speaks", "speak": "speaks",
	"owns": "owns", "own": "owns", "favors": "favors", "favours": "favors", "watches": "watches",
	"watch": "watches", "reads": "reads", "read": "reads", "eats": "eats", "eat": "eats", "drinks": "drinks",
	"practices": "practices", "practises": "practices",
}

// nodeLabelNouns maps a noun that names a label attribute to its name.
var nodeLabelNouns = map[string]string{
	"label": "label", "class": "class", "color": "color", "colour": "color", "type": "type",
	"category": "category", "tag": "tag", "group": "group", "community": "community", "team": "team",
	"cluster": "cluster", "role": "role", "topic": "topic", "department": "department", "faction": "faction",
	"hobby": "hobby", "interest": "interest", "club": "club",
}

// nodeLabelUnknown are values that say the label is not known.
var nodeLabelUnknown = map[string]bool{"unknown": true, "missing": true, "unlabelled": true, "unlabeled": true, "none": true, "hidden": true}

// nodeLabelNotNames are capitalised words that start sentences, never names.
var nodeLabelNotNames = map[string]bool{
	"the": true, "a": true, "an": true, "each": true, "every": true, "all": true, "some": true, "no": true,
	"it": true, "he": true, "she": true, "they": true, "we": true, "i": true, "you": true, "this": true,
	"that": true, "these": true, "those": true, "which": true, "what": true, "who": true, "how": true,
	"everyone": true, "everybody": true, "nobody": true, "someone": true, "somebody": true, "q": true,
	"and": true, "but": true, "also": true, "then": true, "if": true, "in": true, "on": true, "there": true,
	"node": true, "nodes": true, "vertex": true, "vertices": true, "most": true, "many": true, "people": true,
	"one": true, "none": true, "both": true, "here": true, "given": true, "labels": true, "note": true,
}

// nodeLabels reads the label statements of the sentences.
func nodeLabels(sents []proseSentence, d *Doc) nodeLabelResult {
	var res nodeLabelResult
	headerAttr := ""
	for si, s := range sents {
		toks := s.Toks
		// "Labels:" / "Node classes:" heads a block of "node: value" lines.
		if a := nodeLabelHeader(toks); a != "" {
			headerAttr = a
			res.spans = append(res.spans, Span{Start: s.Start, End: s.End, Role: RoleData})
			continue
		}
		if headerAttr != "" {
			if st, ok := nodeLabelLine(toks, headerAttr); ok {
				res.stmts = append(res.stmts, st)
				continue
			}
			if si > 0 && strings.Count(d.Text[sents[si-1].End:s.Start], "\n") > 0 {
				headerAttr = ""
			}
		}
		if s.Question {
			continue
		}
		for i := 0; i < len(toks); {
			if !nodeLabelClauseStart(toks, i) {
				i++
				continue
			}
			st, unknownNodes, next, ok := nodeLabelClause(toks, i)
			if !ok {
				i++
				continue
			}
			if unknownNodes != nil {
				res.unlabelled = append(res.unlabelled, unknownNodes...)
				res.unknown++
				res.spans = append(res.spans, st.span)
			} else {
				res.stmts = append(res.stmts, st)
				// "likes soccer and tennis": several values at once.
				if next+1 < len(toks) && (toks[next].is("and", "or") || toks[next].punct(',')) && nodeLabelValueWord(toks[next+1]) {
					if _, _, _, ok := nodeLabelClause(toks, next+1); !ok {
						res.multi = true
						res.notes = append(res.notes, fmt.Sprintf("%s %s more than one thing; only %q is taken", strings.Join(st.nodes, ", "), st.attr, st.value))
					}
				}
			}
			i = next
		}
	}
	return res
}

// nodeLabelHeader returns the attribute named by a header line such as
// "Labels:", "Node classes:", "Colours:"; "" when the tokens are not one.
func nodeLabelHeader(toks []proseToken) string {
	if len(toks) < 2 || len(toks) > 4 || !toks[len(toks)-1].punct(':') {
		return ""
	}
	last := toks[len(toks)-2]
	if last.Kind != proseWord {
		return ""
	}
	return nodeLabelNouns[singular(last.Lower)]
}

// nodeLabelLine reads "node 3: A" or "Alice: tennis" in a block under a
// header.
func nodeLabelLine(toks []proseToken, attr string) (nodeLabelStmt, bool) {
	nodes, j, ok := nodeLabelSubjects(toks, 0)
	if !ok || j >= len(toks) || !(toks[j].punct(':') || toks[j].punct('=') || toks[j].punct('-')) {
		return nodeLabelStmt{}, false
	}
	val, end, ok := nodeLabelValue(toks, j+1, true)
	if !ok || end != len(toks) && !(end == len(toks)-1 && (toks[end].punct('.') || toks[end].punct(',') || toks[end].punct(';'))) {
		return nodeLabelStmt{}, false
	}
	return nodeLabelStmt{nodes: nodes, attr: attr, value: val, span: Span{Start: toks[0].Start, End: toks[end-1].End, Role: RoleData}}, true
}

// nodeLabelClauseStart reports whether a clause can start at toks[i]: the
// sentence's start or after ",", ";", ":", "and", "while", "but",
// "whereas".
func nodeLabelClauseStart(toks []proseToken, i int) bool {
	if i == 0 {
		return true
	}
	p := toks[i-1]
	return p.punct(',') || p.punct(';') || p.punct(':') || p.is("and", "while", "but", "whereas", "also", "meanwhile")
}

// nodeLabelClause reads one labelling clause at toks[i]. unknownNodes is
// non-nil when the clause says the nodes' label is unknown.
func nodeLabelClause(toks []proseToken, i int) (st nodeLabelStmt, unknownNodes []string, next int, ok bool) {
	start := i
	j := i
	var nodes []string
	attr := ""
	// "the label of node 4 is A", "the colour of Alice is red"
	if j < len(toks) && toks[j].is("the") {
		j++
	}
	if j+1 < len(toks) && nodeLabelNouns[toks[j].Lower] != "" && toks[j+1].is("of") {
		attr = nodeLabelNouns[toks[j].Lower]
		ns, k, ok := nodeLabelSubjects(toks, j+2)
		if !ok || k >= len(toks) || !(toks[k].is("is", "was") || toks[k].punct(':') || toks[k].punct('=')) {
			return st, nil, 0, false
		}
		nodes, j = ns, k+1
	} else {
		ns, k, ok := nodeLabelSubjects(toks, i)
		if !ok {
			return st, nil, 0, false
		}
		a, k2, ok := nodeLabelVerb(toks, k)
		if !ok {
			return st, nil, 0, false
		}
		nodes, attr, j = ns, a, k2
	}
	val, end, ok := nodeLabelValue(toks, j, attr != "" && nodeLabelVerbs[attr] == "")
	if !ok {
		return st, nil, 0, false
	}
	st = nodeLabelStmt{nodes: nodes, attr: attr, value: val, span: Span{Start: toks[start].Start, End: toks[end-1].End, Role: RoleData}}
	if nodeLabelUnknown[strings.ToLower(val)] || val == "?" {
		return st, nodes, end, true
	}
	return st, nil, end, true
}

// nodeLabelSubjects reads the node(s) a clause is about: "node 4", "Node
// 4", "nodes 1, 2 and 3", "vertex v2", "Alice", "Mary Ann", "Alice and
// Bob". IDs written with "node" are the bare ID ("4").
func nodeLabelSubjects(toks []proseToken, i int) (nodes []string, next int, ok bool) {
	j := i
	if j < len(toks) && toks[j].is("the") {
		j++
	}
	if j < len(toks) && toks[j].is("node", "nodes", "vertex", "vertices") {
		j++
		for j < len(toks) && nodeLabelIDTok(toks[j]) {
			nodes = append(nodes, toks[j].Text)
			j++
			// the list goes on: ", 2", "and 3", ", and 3"
			k := j
			for k < len(toks) && (toks[k].punct(',') || toks[k].is("and")) {
				k++
			}
			if k == j || k >= len(toks) || !nodeLabelIDTok(toks[k]) {
				break
			}
			j = k
		}
		return nodes, j, len(nodes) > 0
	}
	// Names: capitalised words, a list joined by "and" or commas.
	for {
		name, k := nodeLabelName(toks, j)
		if name == "" {
			break
		}
		nodes = append(nodes, name)
		j = k
		m := j
		for m < len(toks) && (toks[m].punct(',') || toks[m].is("and")) {
			m++
		}
		if m == j {
			break
		}
		if n2, _ := nodeLabelName(toks, m); n2 == "" {
			break
		}
		j = m
	}
	return nodes, j, len(nodes) > 0
}

// nodeLabelIDTok reports whether a token after "node" is an ID.
func nodeLabelIDTok(t proseToken) bool {
	switch t.Kind {
	case proseNumber:
		return true
	case proseWord:
		return nodeDataBareID(t.Text) && !nodeLabelNotNames[t.Lower] && nodeLabelVerbs[t.Lower] == ""
	}
	return false
}

// nodeLabelName reads a name of one to three capitalised words at toks[i].
func nodeLabelName(toks []proseToken, i int) (string, int) {
	j := i
	for j < len(toks) && j-i < 3 {
		t := toks[j]
		if t.Kind != proseWord || t.Text[0] < 'A' || t.Text[0] > 'Z' || nodeLabelNotNames[t.Lower] || nodeLabelVerbs[t.Lower] != "" {
			break
		}
		j++
	}
	if j == i {
		return "", i
	}
	parts := make([]string, 0, j-i)
	for _, t := range toks[i:j] {
		parts = append(parts, t.Text)
	}
	return strings.Join(parts, " "), j
}

// nodeLabelVerb reads the phrase that gives a label after the subject:
// "likes", "is labelled", "is labeled as", "has label", "has the colour",
// "belongs to class", "is in community", "is coloured", "'s label is".
func nodeLabelVerb(toks []proseToken, j int) (attr string, next int, ok bool) {
	if j >= len(toks) {
		return "", j, false
	}
	t := toks[j]
	if a := nodeLabelVerbs[t.Lower]; a != "" && t.Kind == proseWord {
		return a, j + 1, true
	}
	switch {
	case t.punct('\'') || t.punct('’'):
		// "Alice's colour is red", "node 4's label: A"
		if j+3 < len(toks) && toks[j+1].is("s") && nodeLabelNouns[toks[j+2].Lower] != "" && (toks[j+3].is("is") || toks[j+3].punct(':')) {
			return nodeLabelNouns[toks[j+2].Lower], j + 4, true
		}
	case t.is("is", "are", "was", "were"):
		k := j + 1
		if k < len(toks) && toks[k].is("also") {
			k++
		}
		if k >= len(toks) {
			return "", j, false
		}
		switch {
		case toks[k].is("labelled", "labeled", "tagged", "marked", "annotated"):
			k++
			if k < len(toks) && toks[k].is("as", "with") {
				k++
			}
			return "label", k, true
		case toks[k].is("classified", "categorized", "categorised") && k+1 < len(toks) && toks[k+1].is("as", "in", "into"):
			return "class", k + 2, true
		case toks[k].is("colored", "coloured", "painted"):
			return "color", k + 1, true
		case toks[k].is("in") && k+1 < len(toks) && nodeLabelNouns[toks[k+1].Lower] != "":
			return nodeLabelNouns[toks[k+1].Lower], k + 2, true
		case toks[k].is("of") && k+1 < len(toks) && toks[k+1].is("class", "type", "category"):
			return nodeLabelNouns[toks[k+1].Lower], k + 2, true
		}
	case t.is("has", "have"):
		k := j + 1
		if k < len(toks) && toks[k].is("the", "a", "an") {
			k++
		}
		if k < len(toks) && nodeLabelNouns[toks[k].Lower] != "" {
			attr := nodeLabelNouns[toks[k].Lower]
			k++
			if k < len(toks) && (toks[k].is("of") || toks[k].punct(':') || toks[k].punct('=')) {
				k++
			}
			return attr, k, true
		}
	case t.is("belongs", "belong"):
		k := j + 1
		if k < len(toks) && toks[k].is("to") {
			k++
		}
		if k < len(toks) && toks[k].is("the") {
			k++
		}
		if k < len(toks) && nodeLabelNouns[toks[k].Lower] != "" {
			return nodeLabelNouns[toks[k].Lower], k + 1, true
		}
	}
	return "", j, false
}

// nodeLabelValueWord reports whether a token can be part of a preference
// value: a lower-case word.
func nodeLabelValueWord(t proseToken) bool {
	if t.Kind != proseWord || t.Text[0] < 'a' || t.Text[0] > 'z' {
		return false
	}
	switch t.Lower {
	case "and", "or", "but", "while", "whereas", "node", "nodes", "vertex", "vertices", "him", "her", "them",
		"it", "me", "you", "us", "each", "every", "other", "which", "who", "that", "than", "with", "to", "the",
		"a", "an", "very", "much", "too", "also", "only", "not", "because", "since", "if", "when", "in", "on":
		return false
	}
	return true
}

// nodeLabelValue reads the label value at toks[j]. A quoted value is taken
// whole. For preference verbs ("likes") the value is one to three
// lower-case words ("soccer", "classical music"), after an optional
// article; a capitalised word there names a person (a relation, not a
// label) and fails. For label nouns ("is labelled", "class") the value may
// also be one letter, number or capitalised word ("A", "3", "Red").
// The value must end its clause: at the sentence end or before ",", ";",
// "and", "but", "while".
func nodeLabelValue(toks []proseToken, j int, code bool) (string, int, bool) {
	if j < len(toks) && toks[j].is("the", "a", "an") && !(code && toks[j].Text == "A") {
		j++
	}
	if j >= len(toks) {
		return "", j, false
	}
	t := toks[j]
	if t.punct('"') || t.punct('\'') || t.punct('“') || t.punct('‘') {
		for k := j + 1; k < len(toks) && k-j < 8; k++ {
			if toks[k].punct('"') || toks[k].punct('\'') || toks[k].punct('”') || toks[k].punct('’') {
				if k == j+1 {
					return "", j, false
				}
				return nodeLabelEnd(toks, j+1, k, k+1)
			}
		}
		return "", j, false
	}
	if t.punct('?') {
		return "?", j + 1, true
	}
	if code && (t.Kind == proseNumber || t.Kind == proseWord && (t.Text[0] < 'a' || t.Text[0] > 'z')) && (len(t.Text) == 1 || !nodeLabelNotNames[t.Lower]) {
		return nodeLabelEnd(toks, j, j+1, j+1)
	}
	k := j
	for k < len(toks) && k-j < 3 && nodeLabelValueWord(toks[k]) {
		k++
	}
	if k == j {
		return "", j, false
	}
	// "is interested in job 1", "likes node 3": a mention, not a value.
	if k < len(toks) && (toks[k].Kind == proseNumber || bipartiteIsID(toks[k])) {
		return "", j, false
	}
	return nodeLabelEnd(toks, j, k, k)
}

// nodeLabelEnd returns the value written by toks[a:b] when the clause ends
// at toks[next].
func nodeLabelEnd(toks []proseToken, a, b, next int) (string, int, bool) {
	if next < len(toks) {
		t := toks[next]
		if !(t.punct('.') || t.punct(',') || t.punct(';') || t.punct('!') || t.is("and", "but", "while", "whereas", "or")) {
			return "", next, false
		}
	}
	// Values are read from the token texts so case is kept ("A", "Red").
	parts := make([]string, 0, b-a)
	for _, t := range toks[a:b] {
		parts = append(parts, t.Text)
	}
	return strings.Join(parts, " "), next, true
}
