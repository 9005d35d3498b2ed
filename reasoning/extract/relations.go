package extract

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/lang"
)

// Relations reads relationship sentences between named nodes: "Alice and
// Bob are friends", "X and Y wrote a paper together", "X is connected to Y,
// Z and W", "X knows Y", "X is a friend of Y", "Mary Jane follows Peter",
// "Bob's friends are Alice and Carol". Symmetric relations (friends,
// colleagues, "together", "each other") are undirected edges; one-way
// relations ("follows", "reports to", "links to", "mentors", "is managed
// by") are directed. Names are node IDs as written ("New York", "Mary
// Jane"; "node 3" is "3"). Questions and instructions are never read.
type Relations struct{}

// Name names the notation.
func (Relations) Name() string { return "relationship sentences" }

// relDir is how a relation orients its edge from subject to object.
type relDir uint8

const (
	relSym relDir = iota + 1 // subject – object
	relFwd                   // subject → object
	relRev                   // object → subject
)

// relMatch is one relation read in a sentence.
type relMatch struct {
	subj, obj []proseName
	group     bool // a clique over subj ("Alice, Bob and Carol are friends")
	dir       relDir
	neg       bool // "are not friends": nodes, no edge
	a, b      int  // token range
	conf      float64
	note      string
}

// Read implements Reader.
func (Relations) Read(ctx context.Context, d *Doc) (Reading, error) {
	t, err := newProse(ctx, d)
	if err != nil {
		return Reading{}, err
	}
	if !relMayTrigger(d) {
		return Reading{}, nil
	}
	cands, err := t.relCandidates(ctx)
	if err != nil || len(cands) == 0 {
		return Reading{}, err
	}
	b := newProseBuild(Relations{}.Name())
	read, err := t.relScan(ctx, cands, relNames)
	if err != nil {
		return Reading{}, err
	}
	if len(read) == 0 {
		// No relation between capitalised names: "ana follows ben, ben
		// follows cat" names its people in lower case. Read again taking
		// lower-case words as names, and keep the reading only when the
		// structure says they are names (relLowerCheck).
		if read, err = t.relScan(ctx, cands, relNames|namesLowerWords); err != nil {
			return Reading{}, err
		}
		var ok bool
		if read, ok = relLowerCheck(b, read); !ok {
			return Reading{}, nil
		}
	} else if err := t.relLowerMissed(ctx, b, cands, read); err != nil {
		return Reading{}, err
	}
	t.relUnread(b, cands, read)
	for _, r := range read {
		for _, m := range r.ms {
			relAdd(b, t, m)
		}
		b.sentence(t, r.s, r.spans, func(i int) bool { return relFiller(t.low(i)) })
	}
	return b.finish(), nil
}

// relLowerMissed lowers the confidence when a sentence that read does not
// cover relates lower-case names ("switch1 is cabled to pc1; the router is
// cabled to switch1"): reading the capitalised part alone would drop edges.
func (t *proseText) relLowerMissed(ctx context.Context, b *proseBuild, cands []ptSentence, read []relSentence) error {
	if len(read) == len(t.sents) {
		return nil
	}
	more, err := t.relScan(ctx, cands, relNames|namesLowerWords)
	if err != nil {
		return err
	}
	k := 0
	for _, r := range more {
		for k < len(read) && read[k].s.s < r.s.s {
			k++
		}
		if k < len(read) && read[k].s.s == r.s.s || !slices.ContainsFunc(r.ms, func(m relMatch) bool { return relAllLower(m.subj) }) {
			continue // read, or a capitalised name's label ("Alice likes tennis")
		}
		b.lower(0.7, "the sentence "+strconv.Quote(proseClip(t.text[r.s.s:r.s.e]))+" may relate names written in lower case; it was not read")
		return nil
	}
	return nil
}

// relSentence is what relScan read in one sentence.
type relSentence struct {
	s     ptSentence
	ms    []relMatch
	spans [][2]int
}

// relMayTrigger is a cheap test on the question's words: a statement
// needs a word that relTrigger takes. Those are written in ASCII letters
// and hyphens, so when the text has no hyphen and no non-ASCII byte, such
// a word is one of the text's runs of letters.
func relMayTrigger(d *Doc) bool {
	v := d.words()
	lx := d.opt.Lexicon
	return v.nonASCII || strings.IndexByte(d.Text, '-') >= 0 || v.any(func(w string) bool { return relTrigger(lx, w) })
}

// relCandidates returns the sentences that may state a relationship:
// statements with a word that can carry one (relAny), not notation keys.
// Which they are does not depend on what relScan takes as names, so the
// readings with and without lower-case names share them.
func (t *proseText) relCandidates(ctx context.Context) ([]ptSentence, error) {
	var out []ptSentence
	var noTrigger wordMemo
	for n, s := range t.sents {
		if n&255 == 255 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if s.q <= s.a || !t.relAny(s, &noTrigger) || t.keySentence(s) {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

// relScan reads the relationship statements of the candidate sentences
// (relCandidates), taking the atoms o allows as names.
func (t *proseText) relScan(ctx context.Context, cands []ptSentence, o nameOpts) ([]relSentence, error) {
	var out []relSentence
	for n, s := range cands {
		if n&255 == 255 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		var r relSentence
		skip := listSkip{at: -1}
		for i := s.a; i < s.q; {
			m, ok := t.relAt(i, s, &skip, o)
			if !ok {
				i = t.pastListSkip(i, s, o, skip)
				continue
			}
			m = t.relGapStart(m, s)
			r.ms = append(r.ms, m)
			r.spans = append(r.spans, [2]int{m.a, m.b})
			i = m.b
			// "Ann plays tennis with Bo, Bo with Cy": the later clauses
			// leave the verb out.
			for {
				more, ok := t.relGapped(i, s, m, o)
				if !ok {
					break
				}
				r.ms = append(r.ms, more)
				r.spans = append(r.spans, [2]int{more.a, more.b})
				i = more.b
			}
			// "Alice follows Bob and is followed by Carol": the same subject.
			for t.isWord(i, "and", "but") && !m.group {
				more, ok := t.relMore(i+1, s, m.subj, o)
				if !ok {
					break
				}
				more.a = i
				r.ms = append(r.ms, more)
				r.spans = append(r.spans, [2]int{more.a, more.b})
				i, m = more.b, more
			}
		}
		if len(r.ms) > 0 {
			r.s = s
			out = append(out, r)
		}
	}
	return out, nil
}

// relAllLower reports whether every name of ns is a lower-case word.
func relAllLower(ns []proseName) bool {
	for _, n := range ns {
		if !n.lower {
			return false
		}
	}
	return true
}

// relSharesName reports whether a statement names a node that uses counts
// in two or more statements.
func relSharesName(m relMatch, uses map[string]int) bool {
	for _, ns := range [][]proseName{m.subj, m.obj} {
		for _, n := range ns {
			if uses[n.id] >= relLowerMin {
				return true
			}
		}
	}
	return false
}

// relLowerMin is how many relation statements a lower-case name must
// stand in (as subject or object) to be read as a name with confidence.
const relLowerMin = 2

// relLowerCheck decides what a reading with lower-case names is worth.
// "ana follows ben, ben follows cat, cat follows ana" shows its names by
// structure: the statements share names. One statement ("the proof
// follows lemma") is not a graph and is dropped; a statement sharing no
// name with another lowers the confidence below Confident, so the agent
// says what it read and declines.
// It returns the statements kept.
func relLowerCheck(b *proseBuild, read []relSentence) ([]relSentence, bool) {
	// A statement naming anything but lower-case words ("Node 0 likes
	// soccer") is a label or another notation's, not one of these.
	kept := read[:0]
	for _, r := range read {
		ms, spans := r.ms[:0], r.spans[:0]
		for k, m := range r.ms {
			if relAllLower(m.subj) && relAllLower(m.obj) {
				ms, spans = append(ms, m), append(spans, r.spans[k])
			}
		}
		if len(ms) > 0 {
			kept = append(kept, relSentence{s: r.s, ms: ms, spans: spans})
		}
	}
	read = kept
	uses := map[string]int{}
	statements := 0
	for _, r := range read {
		for _, m := range r.ms {
			statements++
			for _, n := range m.subj {
				uses[n.id]++
			}
			for _, n := range m.obj {
				uses[n.id]++
			}
		}
	}
	if statements < relLowerMin {
		return nil, false
	}
	// A name standing in one statement is a leaf ("pc1"), as long as the
	// statement shares a name with another; a statement sharing none
	// ("the proof follows lemma") may be an ordinary sentence.
	var lone []string
	for _, r := range read {
		for _, m := range r.ms {
			if relSharesName(m, uses) {
				continue
			}
			for _, ns := range [][]proseName{m.subj, m.obj} {
				for _, n := range ns {
					if !slices.Contains(lone, n.id) {
						lone = append(lone, n.id)
					}
				}
			}
		}
	}
	if len(lone) > 0 {
		b.lower(0.5, fmt.Sprintf("lower-case words read as names stand in a statement that shares no name with another (%s); they may be ordinary words", strings.Join(lone, ", ")))
		return read, true
	}
	b.lower(Confident, "lower-case words are read as names: every statement shares a name with another")
	return read, true
}

// relAny reports whether the statement part of s has a word that can
// carry a relationship; noTrigger remembers, from sentence to sentence,
// the words found not to.
func (t *proseText) relAny(s ptSentence, noTrigger *wordMemo) bool {
	for i := s.a; i < s.q; i++ {
		w := t.low(i)
		if w == "" || noTrigger.known(w) {
			continue
		}
		if relTrigger(t.lex, w) {
			return true
		}
		noTrigger.remember(w)
	}
	return false
}

// relAdd records the edges of a match.
func relAdd(b *proseBuild, t *proseText, m relMatch) {
	s, e := int(t.toks[m.a].s), int(t.toks[m.b-1].e)
	if m.note != "" || m.conf < 1 {
		b.lower(m.conf, m.note)
	}
	if m.neg {
		for _, n := range m.subj {
			b.node(n.id, int(t.toks[n.a].s))
		}
		for _, n := range m.obj {
			b.node(n.id, int(t.toks[n.a].s))
		}
		return
	}
	if m.group && len(m.subj) > relMaxGroup {
		b.lower(0.5, fmt.Sprintf("a group of %d names is too large to read as every pair related; it is not read", len(m.subj)))
		for _, n := range m.subj {
			b.node(n.id, int(t.toks[n.a].s))
		}
		return
	}
	if !m.group && len(m.subj)*len(m.obj) > relMaxPairs(m.b-m.a) {
		b.lower(0.5, fmt.Sprintf("%d names related to %d names is too many pairs to read; it is not read", len(m.subj), len(m.obj)))
		return
	}
	if m.group {
		if len(m.subj) > 2 {
			b.lower(0.95, fmt.Sprintf("a group of %d named together is read as every pair related", len(m.subj)))
		}
		if len(m.subj) == 2 && m.subj[0].id == m.subj[1].id {
			// "Robert and Robert are friends": the sentence relates a
			// name to itself, a self-loop as written.
			b.edge(m.subj[0].id, m.subj[0].id, true, s, e)
			return
		}
		for x := range m.subj {
			for y := x + 1; y < len(m.subj); y++ {
				if m.subj[x].id != m.subj[y].id {
					b.edge(m.subj[x].id, m.subj[y].id, true, s, e)
				}
			}
		}
		return
	}
	for _, u := range m.subj {
		for _, v := range m.obj {
			switch m.dir {
			case relSym:
				b.edge(u.id, v.id, true, s, e)
			case relFwd:
				b.edge(u.id, v.id, false, s, e)
			case relRev:
				b.edge(v.id, u.id, false, s, e)
			}
		}
	}
}

// relMaxGroup is the largest group read as every pair related ("A, B and
// C are friends"): beyond it a sentence would add edges quadratically.
const relMaxGroup = 40

// relMaxPairs is the most pairs a statement of n tokens may relate ("A and
// B know C and D"), linear in its length so that no text yields edges
// quadratic in its size.
func relMaxPairs(n int) int { return max(64, 8*n) }

// relNames are the atoms that name people, places and things in
// relationship sentences: capitalised names, IDs with digits, quoted
// names, and anything after a kind noun ("node 3", "user 7").
const relNames = nameOpts(0)

// relAt reads one relationship statement starting at token i of sentence s.
// When it reads the list of names at i it keeps pastList's answer in skip;
// o says which atoms are names.
func (t *proseText) relAt(i int, s ptSentence, skip *listSkip, o nameOpts) (relMatch, bool) {
	end := s.q
	// "The friends of Bob are Alice and Carol."
	if t.isWord(i, "the") && relNounDir(t.lex, t.low(i+1)) != 0 && t.isWord(i+2, "of") {
		if owner, ok := t.nameAt(i+3, end, s.a, o); ok && !owner.poss {
			if m, ok := t.relOwnedList(i, owner, i+1, owner.b, s); ok {
				return m, true
			}
		}
	}
	subj, j := t.nameList(i, end, s.a, o)
	*skip = listSkip{at: i, next: listNext(i, subj, j)}
	if len(subj) == 0 {
		return relMatch{}, false
	}
	if len(subj) > 1 && !t.listJoined(subj) {
		// "On LinkedIn, John is connected to Mary": a list of subjects
		// ends in "and"; without it only the last name is the subject.
		subj = subj[len(subj)-1:]
		i = subj[0].a
	}
	last := subj[len(subj)-1]
	// "Bob's friends are Alice and Carol."
	if last.poss {
		if len(subj) == 1 {
			return t.relOwnedList(i, last, last.b, last.b+1, s)
		}
		return relMatch{}, false
	}
	// "Alice is Bob's friend", "Carol is Bob's boss".
	if t.isWord(j, "is", "are", "was", "were") {
		if owner, ok := t.nameAt(j+1, end, s.a, o); ok && owner.poss && relNounDir(t.lex, t.low(owner.b)) != 0 {
			return relMatch{subj: subj, obj: []proseName{owner}, dir: relNounDir(t.lex, t.low(owner.b)), a: i, b: t.relTail(owner.b+1, end), conf: 1}, true
		}
	}
	// "Alice and Bob are friends", "... wrote a paper together".
	if len(subj) >= 2 {
		if m, ok := t.relGroup(j, end, subj); ok {
			m.a = i
			return m, true
		}
	}
	// "Bob has three friends: Alice, Carol and Dave."
	if t.isWord(j, "has", "have", "had") {
		k := j + 1
		if t.kind(k) == pNum || proseCountWord(t.low(k)) || t.isWord(k, "many", "some", "several", "two", "the") {
			k++
		}
		if noun := t.low(k); relNounDir(t.lex, noun) != 0 {
			k++
			if t.isPunct(k, ':') || t.isPunct(k, ',') || t.isPunct(k, '-') || t.isWord(k, "named", "called") {
				k++
			}
			if obj, n := t.nameList(k, end, s.a, o); len(obj) > 0 && !t.relNext(n, end) {
				// "X has friends Y, Z" is "Y and Z are friends of X".
				return relMatch{subj: obj, obj: subj, dir: relNounDir(t.lex, noun), a: i, b: n, conf: 1}, true
			}
		}
	}
	dir, k, conf, note, neg, ok := t.relPhrase(j, end)
	if !ok {
		return relMatch{}, false
	}
	// "Step 2 follows step 1" is precedence, read by the precedence reader.
	if t.low(j) == "follows" || t.low(j) == "followed" {
		for _, n := range subj {
			if proseOrderNoun(n.kindWord) || (n.numeric && !n.kind) {
				return relMatch{}, false
			}
		}
	}
	obj, n := t.nameList(k, end, s.a, o)
	if len(obj) == 0 || obj[len(obj)-1].poss {
		return relMatch{}, false
	}
	// "Alice knows Bob and Carol follows Dave": Carol starts the next clause.
	if len(obj) > 1 && t.relNext(n, end) {
		obj = obj[:len(obj)-1]
		n = obj[len(obj)-1].b
	}
	if n < end && (t.isWord(n, "by", "via", "with", "of") || t.isPunct(n, '(') || t.isPunct(n, ',')) && relQuantityAhead(t, n, end) {
		return relMatch{}, false // "connected to B by a road of 5 km", "linked to B with weight 3": a quantity, read as such
	}
	if t.lex.Word(t.low(j)).Has(lang.TwoObjectVerb) {
		n = t.relThing(n, end)
	}
	n = t.relTail(n, end)
	return relMatch{subj: subj, obj: obj, dir: dir, neg: neg, a: i, b: n, conf: conf, note: note}, true
}

func (t *proseText) kind(i int) ptKind {
	if i < 0 || i >= len(t.toks) {
		return 0
	}
	return t.toks[i].kind
}

// relMore reads a second predicate of the same subject at k: "(Alice
// follows Bob) and is followed by Carol".
func (t *proseText) relMore(k int, s ptSentence, subj []proseName, o nameOpts) (relMatch, bool) {
	dir, n, conf, note, neg, ok := t.relPhrase(k, s.q)
	if !ok {
		return relMatch{}, false
	}
	obj, n2 := t.nameList(n, s.q, s.a, o)
	if len(obj) == 0 || obj[len(obj)-1].poss || (len(obj) > 1 && t.relNext(n2, s.q)) {
		return relMatch{}, false
	}
	return relMatch{subj: subj, obj: obj, dir: dir, neg: neg, b: t.relTail(n2, s.q), conf: conf, note: note}, true
}

// relNext reports whether a relation phrase starts at token n, so the name
// before it is the next clause's subject.
func (t *proseText) relNext(n, end int) bool {
	if n >= end {
		return false
	}
	if _, _, _, _, _, ok := t.relPhrase(n, end); ok {
		return true
	}
	_, ok := t.relGroup(n, end, []proseName{{}, {}})
	return ok
}

// relQuantityAhead reports whether a number follows within a few tokens.
func relQuantityAhead(t *proseText, n, end int) bool {
	for k := n; k < end && k < n+6; k++ {
		if t.toks[k].kind == pNum {
			return true
		}
		if t.toks[k].kind == pWord && k > n && (t.toks[k].upper || t.isWord(k, "and")) {
			return false
		}
	}
	return false
}

// relTail consumes words that end a relation without changing it: "with
// each other", "directly", "in the network".
func (t *proseText) relTail(n, end int) int {
	switch {
	case t.isWord(n, "each", "one") && t.isWord(n+1, "other", "another"):
		return n + 2
	case t.isWord(n, "with", "to", "of") && t.isWord(n+1, "each", "one") && t.isWord(n+2, "other", "another"):
		return n + 3
	case t.isWord(n, "together", "directly", "mutually", "too", "online", "daily", "regularly", "often"):
		return n + 1
	case t.isWord(n, "on", "at", "in", "via", "through", "over", "every", "since"):
		// "on social media", "at work", "in the office", "every day".
		k := n + 1
		for x := 0; x < 3 && k < end && (t.kind(k) == pWord || t.kind(k) == pNum) && !t.isWord(k, "and", "but", "who", "which"); x++ {
			k++
		}
		if k == end || t.isPunct(k, ',') {
			return k
		}
	}
	return n
}

// relThing consumes one lower-case word after the object of a two-object
// verb when the clause ends there ("owes Bo money,"), so the sentence is
// read whole; anything longer is left unread.
func (t *proseText) relThing(n, end int) int {
	if n >= end || t.kind(n) != pWord || t.toks[n].upper || !proseLowerName(t.lex, t.low(n)) {
		return n
	}
	if n+1 == end || t.isPunct(n+1, ',') || t.isPunct(n+1, ';') || t.isWord(n+1, "and", "but") {
		return n + 1
	}
	return n
}

// relOwnedList reads the list after "Bob's friends" or "the friends of
// Bob": "are Alice and Carol", "include ...", ": ...". noun is the token of
// the relation noun, k the token after the owner phrase.
func (t *proseText) relOwnedList(i int, owner proseName, noun, k int, s ptSentence) (relMatch, bool) {
	word := t.low(noun)
	if relNounDir(t.lex, word) == 0 {
		return relMatch{}, false
	}
	switch {
	case t.isWord(k, "are", "is", "include", "includes", "were", "was"):
		k++
		if t.isPunct(k, ':') {
			k++
		}
	case t.isPunct(k, ':') || t.isPunct(k, '='):
		k++
	default:
		return relMatch{}, false
	}
	obj, n := t.nameList(k, s.q, s.a, relNames)
	if len(obj) == 0 || obj[len(obj)-1].poss {
		return relMatch{}, false
	}
	// "Bob's boss is Carol" is "Carol is the boss of Bob".
	return relMatch{subj: obj, obj: []proseName{owner}, dir: relNounDir(t.lex, word), a: i, b: t.relTail(n, s.q), conf: 1}, true
}

// relGroup reads the predicate of a group of two or more names at j:
// "are friends", "are not friends", "are good friends with each other",
// "met", "wrote a paper together", "know each other".
func (t *proseText) relGroup(j, end int, subj []proseName) (relMatch, bool) {
	k := j
	neg := false
	if t.isWord(k, "are", "were", "became", "become", "remain", "remained", "have", "had", "aren't", "weren't") {
		if t.isWord(k, "aren't", "weren't") {
			neg = true
		}
		k++
		if t.isWord(k-1, "have", "had") {
			if !t.isWord(k, "been") {
				return t.relHave(j, k, end, subj)
			}
			k++
		}
		for n := 0; n < 4; n++ {
			switch t.low(k) {
			case "not", "never":
				neg = true
			case "no":
				if !t.isWord(k+1, "longer") {
					return relMatch{}, false
				}
				neg = true
				k++
			case "also", "all", "both", "now", "still", "directly", "good", "best", "close", "old", "great",
				"longtime", "long-time", "childhood", "true", "mutual", "very", "each", "pairwise":
			default:
				n = 4
				continue
			}
			k++
		}
		if relNounDir(t.lex, t.low(k)) != relSym {
			if t.isWord(k-1, "close") && !(t.kind(k) == pWord && !t.isWord(k, "and", "too", "but")) {
				// "Irene and Walter are close, and ...": close friends.
				return relMatch{subj: subj, group: true, dir: relSym, neg: neg, b: k, conf: 1}, true
			}
			return relMatch{}, false
		}
		k++
		if t.isWord(k-1, "connected", "linked", "joined", "attached", "related", "married", "acquainted", "adjacent") &&
			t.isWord(k, "by", "via") && t.isWord(k+1, "a", "an", "the") {
			if relQuantityAhead(t, k, end) {
				return relMatch{}, false
			}
			if qtyNounClass(t.lex, t.low(k+2)) != 0 || t.isWord(k+2, "edge", "link", "relationship", "friendship") {
				k += 3
			}
		}
		if t.isWord(k, "to", "with", "of") {
			if _, ok := t.nameAt(k+1, end, -1, relNames); ok {
				return relMatch{}, false // "are connected to Carol": each to Carol, read by relPhrase
			}
		}
		k = t.relTail(k, end)
		return relMatch{subj: subj, group: true, dir: relSym, neg: neg, b: k, conf: 1}, true
	}
	if t.isWord(k, "share", "shared") && t.isWord(k+1, "a", "an", "the") {
		return relMatch{subj: subj, group: true, dir: relSym, b: t.relFreeTail(k+2, end), conf: 1}, true
	}
	if t.lex.Word(t.low(k)).Has(lang.MutualVerb) {
		if _, ok := t.nameAt(k+1, end, -1, relNames); ok {
			return relMatch{}, false // "Alice and Bob met Carol": each met Carol
		}
		k = t.relTail(k+1, end)
		return relMatch{subj: subj, group: true, dir: relSym, b: t.relFreeTail(k, end), conf: 1}, true
	}
	return t.relTogether(j, end, subj)
}

// relHave reads "have a joint publication", "have co-authored a paper",
// "have worked together" after a group; k is the token after "have".
func (t *proseText) relHave(j, k, end int, subj []proseName) (relMatch, bool) {
	switch {
	case t.isWord(k, "a", "an") && t.isWord(k+1, "joint", "common", "shared", "mutual"):
		return relMatch{subj: subj, group: true, dir: relSym, b: t.relFreeTail(k+2, end), conf: 1}, true
	case t.lex.Word(t.low(k)).Has(lang.MutualVerb):
		if _, ok := t.nameAt(k+1, end, -1, relNames); !ok {
			return relMatch{subj: subj, group: true, dir: relSym, b: t.relFreeTail(t.relTail(k+1, end), end), conf: 1}, true
		}
	}
	return t.relTogether(j, end, subj)
}

// relTogether reads a verb phrase ending in "together" or "each other":
// "wrote a paper together", "know each other", "have worked together",
// "don't know each other".
func (t *proseText) relTogether(j, end int, subj []proseName) (relMatch, bool) {
	neg := false
	for k := j; k < end && k < j+8; k++ {
		tok := t.toks[k]
		if tok.kind != pWord || tok.upper {
			return relMatch{}, false
		}
		switch t.low(k) {
		case "not", "never", "don't", "didn't", "doesn't", "haven't", "hasn't", "won't", "cannot", "can't":
			neg = true
		case "and", "or", "but", "before", "after", "from", "than", "if":
			return relMatch{}, false
		case "together", "jointly":
			return relMatch{subj: subj, group: true, dir: relSym, neg: neg, b: k + 1, conf: 1}, true
		case "each", "one":
			if t.isWord(k+1, "other", "another") && k > j {
				return relMatch{subj: subj, group: true, dir: relSym, neg: neg, b: k + 2, conf: 1}, true
			}
		}
	}
	return relMatch{}, false
}

// relFreeTail consumes up to five lower-case words that complete a verb
// ("collaborated on a project"), stopping at names, numbers and clause
// boundaries.
func (t *proseText) relFreeTail(k, end int) int {
	n := k
	for x := 0; x < 5 && n < end; x++ {
		tok := t.toks[n]
		if tok.kind != pWord || (tok.upper && n == k) || t.isWord(n, "and", "but") {
			break
		}
		n++
	}
	if n < end && !t.isPunct(n, ',') && !t.isWord(n, "and", "but") {
		return k // the tail runs into something else: leave it unread
	}
	return n
}

// relPhrase reads the relation between a subject and an object list at j:
// "is connected to", "is a friend of", "is friends with", "knows",
// "follows", "reports to", "is managed by".
func (t *proseText) relPhrase(j, end int) (dir relDir, next int, conf float64, note string, neg bool, ok bool) {
	k := j
	// "has been friends with", "became friends with" read as "is".
	isForm := t.isWord(k, "is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't", "became", "becomes",
		"become", "remains", "remained", "remain")
	if !isForm && t.isWord(k, "has", "have", "had") && t.isWord(k+1, "been") {
		isForm = true
		k++
	}
	if isForm {
		neg = t.isWord(k, "isn't", "aren't", "wasn't", "weren't")
		k++
		for n := 0; n < 3 && t.isWord(k, "also", "directly", "not", "only", "never", "still", "now"); n++ {
			neg = neg || t.isWord(k, "not", "never")
			k++
		}
		w := t.low(k)
		switch {
		case w == "connected" || w == "linked" || w == "joined" || w == "adjacent" || w == "attached" ||
			w == "related" || w == "married" || w == "engaged" || w == "acquainted" || w == "close" || w == "friends" ||
			w == "neighbours" || w == "neighbors" || w == "friendly" || w == "allied" || w == "cabled" || w == "wired":
			k++
			if t.isWord(k, "directly") {
				k++
			}
			if t.isWord(k, "to", "with") {
				return relSym, k + 1, 1, "", neg, true
			}
		case w == "in" && t.isWord(k+1, "a") && t.isWord(k+2, "relationship") && t.isWord(k+3, "with"):
			return relSym, k + 4, 1, "", neg, true
		case relNounDir(t.lex, w) == relSym && t.isWord(k+1, "with"):
			// "Albert is pals with Stanley", "is mates with"
			return relSym, k + 2, 1, "", neg, true
		case w == "a" || w == "an" || w == "the":
			k++
			if t.isWord(k, "good", "best", "close", "old", "direct", "great", "former", "longtime") {
				k++
			}
			if d := relNounDir(t.lex, t.low(k)); d != 0 && t.isWord(k+1, "of", "to") {
				return d, k + 2, 1, "", neg, true
			}
		case t.lex.Word(w).Has(lang.PassiveVerb) && t.isWord(k+1, "by"):
			return relRev, k + 2, 1, "", neg, true
		}
		return 0, j, 0, "", false, false
	}
	// "Edna always sits with Mabel", "Florence also chats with Albert":
	// an adverb before the verb says how often, not what.
	for n := 0; n < 2 && t.isWord(k, "always", "also", "usually", "often", "sometimes", "regularly", "mostly", "normally", "generally", "still"); n++ {
		k++
	}
	w := t.low(k)
	if w == "" || t.titleCase(k) {
		return 0, j, 0, "", false, false // a capitalised verb inside a sentence is a title ("API Calls Query")
	}
	if t.isWord(k, "doesn't", "didn't", "does", "did") && t.isWord(k+1, "not") || t.isWord(k, "doesn't", "didn't", "never") {
		neg = true
		if t.isWord(k+1, "not") {
			k++
		}
		k++
		w = t.low(k)
		w = t.lex.Third(w)
	}
	lw := t.lex.Word(w)
	// "co-authored a paper with", "plays tennis with", "shares an office with".
	if lw.Has(lang.WithVerb) {
		for n := k + 1; n < end && n <= k+4; n++ {
			if t.isWord(n, "with") {
				return relSym, n + 1, 1, "", neg, true
			}
			if t.kind(n) != pWord || t.toks[n].upper || t.isWord(n, "and", "by", "from") {
				break
			}
		}
	}
	// "The kitchen opens onto the hall": a door joins two rooms both ways.
	if (w == "opens" || w == "open" || w == "opened") && t.isWord(k+1, "onto", "into", "to") {
		return relSym, k + 2, 1, "", neg, true
	}
	switch {
	case w == "knows" || w == "knew":
		return relFwd, k + 1, 1, `"X knows Y" is read as one-way ("X and Y know each other" is two-way)`, neg, true
	case lw.Has(lang.MeetVerb):
		return relSym, k + 1, 1, "", neg, true
	case lw.Has(lang.TalkToVerb) && t.isWord(k+1, "to"):
		return relSym, k + 2, 1, "", neg, true
	case lw.Has(lang.ForVerb) && t.isWord(k+1, "for"):
		return relFwd, k + 2, 1, "", neg, true
	}
	// "leads Bo" and "leads to Bo" are both one way; the one with "to"
	// is read below.
	if lw.Has(lang.ActVerb) && !(lw.Has(lang.ToVerb) && t.lex.Takes(w, t.low(k+1))) {
		return relFwd, k + 1, 1, "", neg, true
	}
	if lw.Has(lang.ToVerb) {
		// "reports to", "links to", "points at"; "sends messages to",
		// "gives money to".
		n := k + 1
		adverbs := true
		for x := 0; x < 3 && n < end && t.toks[n].kind == pWord && !t.toks[n].upper && !t.lex.Takes(w, t.low(n)); x++ {
			adverbs = adverbs && t.isWord(n, "directly", "only", "also", "mostly", "now", "still", "often", "regularly", "officially", "formally")
			n++
		}
		if t.lex.Takes(w, t.low(n)) && (n == k+1 || adverbs || lw.Has(lang.CarryVerb)) {
			return relFwd, n + 1, 1, "", neg, true
		}
	}
	return 0, j, 0, "", false, false
}

// relWords are the classes of the relationship readers' words in the
// lexicon (lang.Word): one look-up tells all.
const relWords = lang.ActVerb | lang.ToVerb | lang.PassiveVerb | lang.BaseVerb | lang.MeetVerb | lang.WithVerb |
	lang.MutualVerb | lang.TalkToVerb | lang.ForVerb | lang.RelationNoun

// relTrigger reports whether a word can carry a relationship statement; a
// sentence without one is not read (most sentences of most questions).
// The verbs and nouns are the lexicon's.
func relTrigger(lx *lang.Lexicon, w string) bool {
	switch w {
	case "knows", "knew", "know", "together", "jointly", "other", "another", "connected", "linked", "joined",
		"adjacent", "attached", "related", "married", "engaged", "acquainted", "close", "friendly", "allied",
		"relationship", "joint", "common", "mutual", "share", "shared", "cabled", "wired", "opens", "open", "opened":
		return true
	}
	return lx.Word(w).Has(relWords)
}

// relNounDir is the direction of "X is the <noun> of Y" from X to Y:
// "friend" symmetric, "boss" and "follower" X → Y, "student" Y → X; 0
// when w names no relation.
func relNounDir(lx *lang.Lexicon, w string) relDir {
	switch lx.NounDir(w) {
	case lang.NounSymmetric:
		return relSym
	case lang.NounForward:
		return relFwd
	case lang.NounReverse:
		return relRev
	}
	return 0
}

// proseCountWord reports whether w is a small number written as a word.
func proseCountWord(w string) bool {
	switch w {
	case "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "a", "an", "no":
		return true
	}
	return false
}

// relFiller reports whether a word may stand in a relationship sentence
// without being read.
func relFiller(w string) bool {
	switch w {
	case "each", "other", "another", "together", "social", "network", "club", "group", "class", "community", "school", "people":
		return true
	}
	return proseFiller(w)
}
