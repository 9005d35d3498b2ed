package extract

import (
	"context"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/lang"
)

// Precedence reads ordering constraints as directed edges from what comes
// first to what comes after: "node 3 should be visited before node 1",
// "task X must finish before task Y starts", "A comes before B", "A
// precedes B", "B depends on A", "B requires A", "B can only start after A
// is done", "you must take course A before course B", "A is a prerequisite
// for B", "Before C, you must do A and B", "B has prerequisites A and C".
// Lists on either side give one edge per pair ("A and B must be done
// before C"). Node IDs drop the kind noun ("task X" is "X"); bare numbers
// are read only when both sides are numbers.
type Precedence struct{}

// Name names the notation.
func (Precedence) Name() string { return "precedence" }

// precMatch is one constraint read: every node of first comes before every
// node of then.
type precMatch struct {
	first, then []proseName
	a, b        int // token range
	unknown     []string
	// chore marks an order between activities written as verb phrases.
	chore bool
}

// Read implements Reader.
func (Precedence) Read(ctx context.Context, d *Doc) (Reading, error) {
	// A cue lies inside one run of letters: testing each distinct word
	// is testing the text.
	if !d.words().any(precMaybe) {
		return Reading{}, nil
	}
	t, err := newProse(ctx, d)
	if err != nil {
		return Reading{}, err
	}
	// Find the constraints of every sentence first: orders between
	// activities ("Don't A until you B") count only when the text has two
	// or more of them, as one such sentence is advice, not a graph.
	type sentenceMatches struct {
		s  ptSentence
		ms []precMatch
	}
	var found []sentenceMatches
	chores := 0
	for n, s := range t.sents {
		if n&255 == 255 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		if s.q <= s.a || t.keySentence(s) {
			continue
		}
		var ms []precMatch
		skip := listSkip{at: -1}
		for i := s.a; i < s.q; {
			got, next := t.precAt(i, s, &skip)
			if len(got) == 0 {
				i = t.pastListSkip(i, s, precOpts, skip)
				continue
			}
			for _, m := range got {
				if m.chore {
					chores++
				}
			}
			ms = append(ms, got...)
			i = next
		}
		if len(ms) > 0 {
			found = append(found, sentenceMatches{s, ms})
		}
	}
	b := newProseBuild(Precedence{}.Name())
	for _, f := range found {
		var matched [][2]int
		for _, m := range f.ms {
			if m.chore && chores < 2 {
				continue
			}
			if len(m.first)*len(m.then) > relMaxPairs(m.b-m.a) {
				b.lower(0.5, fmt.Sprintf("%d tasks ordered before %d tasks is too many pairs to read; it is not read", len(m.first), len(m.then)))
				continue
			}
			matched = append(matched, [2]int{m.a, m.b})
			e0, e1 := int(t.toks[m.a].s), int(t.toks[m.b-1].e)
			for _, u := range m.first {
				for _, v := range m.then {
					b.edge(u.id, v.id, false, e0, e1)
				}
			}
			if len(m.unknown) > 0 {
				b.lower(0.85, "read as an order although these words are not known ordering words: "+strings.Join(m.unknown, " "))
			}
		}
		if len(matched) > 0 {
			b.sentence(t, f.s, matched, func(i int) bool { return precFiller(t.low(i)) })
		}
	}
	r := b.finish()
	if len(r.Edges) > 0 {
		r.Directed = DirDirected
	}
	return r, nil
}

// precCues are the ordering words precMaybe looks for (word parts:
// "preced" covers "precedes", "requir" "requires").
var precCues = [...]string{"before", "after", "prior", "ahead", "earlier", "sooner", "preced", "later", "following",
	"depend", "relies", "rely", "contingent", "conditional", "requir", "need", "wait", "blocked", "until", "till",
	"prerequisite", "prereq", "precondition", "necessary", "follows"}

// precCueSeconds holds, for each first byte of a cue, the set of its
// second bytes (bit c-'a'); it is only read.
var precCueSeconds = func() (t [256]uint32) {
	for _, c := range precCues {
		t[c[0]] |= 1 << (c[1] - 'a')
	}
	return t
}()

// precMaybe reports whether the text holds an ordering word at all, so
// most questions skip tokenizing (it must cover every word precConnective
// reads). It is strings.Contains(lower, cue) for any of precCues, in one
// pass over the text instead of one per cue.
func precMaybe(lower string) bool {
	for i := 0; i+1 < len(lower); i++ {
		// One table look-up passes over most bytes: no cue starts with
		// this byte and the next.
		if c := lower[i+1]; c < 'a' || c > 'z' || precCueSeconds[lower[i]]&(1<<(c-'a')) == 0 {
			continue
		}
		var cues []string
		switch lower[i] {
		case 'a':
			cues = []string{"after", "ahead"}
		case 'b':
			cues = []string{"before", "blocked"}
		case 'c':
			cues = []string{"contingent", "conditional"}
		case 'd':
			cues = []string{"depend"}
		case 'e':
			cues = []string{"earlier"}
		case 'f':
			cues = []string{"following", "follows"}
		case 'l':
			cues = []string{"later"}
		case 'n':
			cues = []string{"need", "necessary"}
		case 'p':
			cues = []string{"prior", "preced", "prereq", "precondition"} // "prereq" covers "prerequisite"
		case 'r':
			cues = []string{"rely", "relies", "requir"}
		case 's':
			cues = []string{"sooner"}
		case 't':
			cues = []string{"till"}
		case 'u':
			cues = []string{"until"}
		case 'w':
			cues = []string{"wait"}
		default:
			continue
		}
		for _, c := range cues {
			// The second byte first: most words that share a cue's first
			// letter ("and", "node", "edge") differ there.
			if i+len(c) <= len(lower) && lower[i+1] == c[1] && lower[i:i+len(c)] == c {
				return true
			}
		}
	}
	return false
}

// precOpts are the atoms that name a task: capitalised names, letters,
// IDs with digits, and anything after a kind noun ("task 3", "course
// CS101"). Bare numbers are tried separately.
const precOpts = namesLetters

// precList reads a list of tasks at i. Bare numbers count only when
// numbers is set.
func (t *proseText) precList(i, end, first int, numbers bool) ([]proseName, int) {
	o := precOpts
	if numbers {
		o |= namesNumbers
	}
	return t.nameList(i, end, first, o)
}

// precNumeric reports whether every name of a list is a number.
func precNumeric(ns []proseName) bool {
	for _, n := range ns {
		if !n.numeric {
			return false
		}
	}
	return len(ns) > 0
}

// precAt reads the constraints that start at token i of sentence s. When
// it reads the list of names at i it keeps pastList's answer in skip.
func (t *proseText) precAt(i int, s ptSentence, skip *listSkip) ([]precMatch, int) {
	end := s.q
	clauseStart := i == s.a || t.isPunct(i-1, ',') || t.isPunct(i-1, ':') || t.isWord(i-1, "and", "also", "then", "but", "if", "suppose", "assuming", "that")
	if !clauseStart {
		return nil, i
	}
	// "Before C, you must do A", "After A, B can start".
	if t.isWord(i, "before", "after") {
		return t.precFronted(i, s)
	}
	// "To take B, you must first take A."
	if t.isWord(i, "to") && t.toks[i+min(1, len(t.toks)-1-i)].kind == pWord {
		if m, ok := t.precPurpose(i, s); ok {
			return []precMatch{m}, m.b
		}
		return nil, i
	}
	if m, ok := t.precChore(i, s); ok {
		return []precMatch{m}, m.b
	}
	k := t.precSubjectPrefix(i, end)
	numbers := false
	left, j := t.precList(k, end, s.a, false)
	if k == i {
		*skip = listSkip{at: i, next: listNext(i, left, j)}
	}
	if len(left) == 0 && t.kind(k) == pNum {
		numbers = true
		left, j = t.precList(k, end, s.a, true)
	}
	if len(left) == 0 || left[len(left)-1].poss && !t.isWord(left[len(left)-1].b, "prerequisites", "prerequisite") {
		return nil, i
	}
	if numbers && !t.precConnectiveAhead(j, end) {
		return nil, i
	}
	var out []precMatch
	for {
		m, ok := t.precRest(i, left, j, s, numbers || precNumeric(left))
		if !ok {
			break
		}
		out = append(out, m)
		// "A before B before C": B is the next left side.
		if t.precConnectiveAt(m.b) && len(m.then) > 0 {
			if len(out) > 1 || m.then[len(m.then)-1].b == m.b {
				i, left, j = m.b, m.then, m.b
				continue
			}
		}
		break
	}
	if len(out) == 0 {
		return nil, i
	}
	return out, out[len(out)-1].b
}

// precChore reads an order between activities written as verb phrases,
// which are the node IDs as written: "Don't wash the dishes until you buy
// flour", "You have to buy flour before you clean the kitchen", "First buy
// flour, then bake the cake", "Never cook dinner before you buy flour".
// Phrases with a name in them are left to the named forms.
func (t *proseText) precChore(i int, s ptSentence) (precMatch, bool) {
	end := s.q
	k := i
	neg := false
	switch {
	case t.isWord(k, "don't", "dont", "never"):
		neg, k = true, k+1
	case t.isWord(k, "do") && t.isWord(k+1, "not"):
		neg, k = true, k+2
	case t.isWord(k, "first"):
		a, n, ok := t.precPhrase(k+1, end)
		if !ok {
			return precMatch{}, false
		}
		if t.isPunct(n, ',') {
			n++
		}
		if t.isWord(n, "and") {
			n++
		}
		if !t.isWord(n, "then") {
			return precMatch{}, false
		}
		b, n2, ok := t.precPhrase(n+1, end)
		if !ok || n2 != end {
			return precMatch{}, false
		}
		return precMatch{first: []proseName{a}, then: []proseName{b}, a: i, b: n2, chore: true}, true
	case t.isWord(k, "you", "we", "i", "one", "they"):
		k++
		switch {
		case t.isWord(k, "have", "has", "need", "needs", "ought") && t.isWord(k+1, "to"):
			k += 2
		case t.isWord(k, "must", "should"):
			k++
		default:
			return precMatch{}, false
		}
		if t.isWord(k, "first", "always") {
			k++
		}
	default:
		return precMatch{}, false
	}
	a, n, ok := t.precPhrase(k, end)
	if !ok {
		return precMatch{}, false
	}
	forward := true
	switch {
	case neg && t.isWord(n, "until", "till", "before", "unless"):
		forward = false
	case !neg && t.isWord(n, "before"):
	case !neg && t.isWord(n, "after"):
		forward = false
	default:
		return precMatch{}, false
	}
	n++
	if t.isWord(n, "you", "we", "i", "they", "one") {
		n++
		if t.isWord(n, "have", "can", "may") && !t.isWord(n+1, "to") {
			n++
		}
	}
	if t.isWord(n, "have") && t.isWord(n+1, "to") || t.isWord(n, "has") {
		return precMatch{}, false
	}
	b, n2, ok := t.precPhrase(n, end)
	if !ok || n2 != end {
		return precMatch{}, false
	}
	m := precMatch{a: i, b: n2, chore: true}
	if forward {
		m.first, m.then = []proseName{a}, []proseName{b}
	} else {
		m.first, m.then = []proseName{b}, []proseName{a}
	}
	return m, true
}

// precPhrase reads an activity of one to six words at k, up to a
// connective or punctuation: "wash the dishes", "buy flour".
func (t *proseText) precPhrase(k, end int) (proseName, int, bool) {
	n := k
	for n < end && n < k+6 && t.kind(n) == pWord && !t.toks[n].upper {
		if _, _, ok := t.precConnective(n); ok || t.isWord(n, "then", "and", "or", "first", "you", "we") {
			break
		}
		n++
	}
	if n == k || t.isWord(k, "the", "a", "an", "it", "this", "that") {
		return proseName{}, k, false
	}
	id := strings.Join(strings.Fields(t.text[t.toks[k].s:t.toks[n-1].e]), " ")
	return proseName{id: id, a: k, b: n}, n, true
}

// precConnectiveAhead reports whether an ordering word follows within a
// few tokens: a bare number is a task only in such a sentence.
func (t *proseText) precConnectiveAhead(j, end int) bool {
	for k := j; k < end && k < j+8; k++ {
		if t.precConnectiveAt(k) {
			return true
		}
	}
	return false
}

// precConnectiveAt reports whether an ordering connective starts at k.
func (t *proseText) precConnectiveAt(k int) bool {
	_, _, ok := t.precConnective(k)
	return ok
}

// precConnective reads the ordering word at k. forward is set when the
// left side comes first ("before", "precedes", "is a prerequisite for"),
// unset when it comes after ("after", "depends on", "requires").
func (t *proseText) precConnective(k int) (forward bool, next int, ok bool) {
	switch t.low(k) {
	case "before":
		return true, k + 1, true
	case "prior":
		if t.isWord(k+1, "to") {
			return true, k + 2, true
		}
	case "ahead":
		if t.isWord(k+1, "of") {
			return true, k + 2, true
		}
	case "earlier", "sooner":
		if t.isWord(k+1, "than") {
			return true, k + 2, true
		}
	case "precedes", "precede", "preceding":
		return true, k + 1, true
	case "after", "following":
		if t.low(k) == "following" && !t.isWord(k-1, "come", "comes", "happen", "happens", "done", "visited", "scheduled") {
			return false, k, false
		}
		return false, k + 1, true
	case "later":
		if t.isWord(k+1, "than") {
			return false, k + 2, true
		}
	case "preceded":
		if t.isWord(k+1, "by") {
			return false, k + 2, true
		}
	case "dependent", "conditional", "contingent":
		if t.isWord(k+1, "on", "upon") {
			return false, k + 2, true
		}
	}
	// The lexicon's order verbs: "depends on", "relies upon"; "requires",
	// "needs".
	w := t.low(k)
	switch lw := t.lex.Word(w); {
	case lw.Has(lang.OrderOnVerb):
		if t.lex.Takes(w, t.low(k+1)) {
			return false, k + 2, true
		}
	case lw.Has(lang.OrderObjectVerb):
		if !t.isWord(k+1, "to") {
			n := k + 1
			if t.isWord(n, "first") {
				n++
			}
			return false, n, true
		}
	}
	switch t.low(k) {
	case "waits", "wait":
		if t.isWord(k+1, "for", "on", "upon") {
			return false, k + 2, true
		}
	case "blocked":
		if t.isWord(k+1, "by") {
			return false, k + 2, true
		}
	case "until", "till":
		return false, k + 1, true
	case "prerequisite", "prerequisites", "prereq", "precondition", "requirement":
		if t.isWord(k+1, "for", "of", "to") {
			return true, k + 2, true
		}
	case "required", "needed", "necessary":
		if t.isWord(k+1, "for", "by", "before") {
			return true, k + 2, true
		}
	case "follows":
		return false, k + 1, true
	}
	return false, k, false
}

// precSubjectPrefix skips "you must take", "we should visit" before the
// first list of a clause.
func (t *proseText) precSubjectPrefix(i, end int) int {
	if !t.isWord(i, "you", "we", "one", "they", "i", "students", "student", "he", "she", "people", "everyone", "someone", "the") {
		return i
	}
	if t.isWord(i, "the") && (proseKindNoun(t.low(i+1)) || proseKindPlural(t.low(i+1))) {
		return i + 1
	}
	k := i + 1
	for x := 0; x < 5 && k < end; x++ {
		if _, ok := t.nameAt(k, end, -1, precOpts); ok {
			return k
		}
		if t.kind(k) != pWord || t.toks[k].upper {
			break
		}
		k++
	}
	return i
}

// precRest reads the verb phrase, the connective and the right side
// after a left list ending at j.
func (t *proseText) precRest(i int, left []proseName, j int, s ptSentence, numbers bool) (precMatch, bool) {
	end := s.q
	// "B's prerequisites are A and C", "B has prerequisites A and C".
	if last := left[len(left)-1]; last.poss || t.isWord(j, "has", "have") {
		k := j
		if !last.poss {
			k++
		}
		if t.isWord(k, "a", "two", "three", "several", "the") || t.kind(k) == pNum {
			k++
		}
		if t.isWord(k, "prerequisite", "prerequisites", "prereqs", "dependency", "dependencies", "requirement", "requirements") {
			k++
			if t.isWord(k, "are", "is", "include", "includes") {
				k++
			}
			if t.isPunct(k, ':') {
				k++
			}
			if first, n := t.precList(k, end, s.a, numbers); len(first) > 0 {
				return precMatch{first: first, then: left, a: i, b: t.precTrail(n, end)}, true
			}
		}
		if last.poss {
			return precMatch{}, false
		}
	}
	var unknown []string
	k := j
	for x := 0; x < 7 && k < end; x++ {
		if t.precConnectiveAt(k) {
			break
		}
		if t.kind(k) != pWord || t.toks[k].upper {
			return precMatch{}, false
		}
		if _, ok := t.nameAt(k, end, -1, precOpts); ok && !precVerbWord(t.low(k)) {
			return precMatch{}, false
		}
		if !precVerbWord(t.low(k)) {
			unknown = append(unknown, t.word(k))
		}
		k++
	}
	forward, r, ok := t.precConnective(k)
	if !ok || t.titleCase(k) {
		return precMatch{}, false // a capitalised "Before" inside a sentence is a title ("Outputs Before Fine-Tuning")
	}
	// A verb that orders ("depends on", "requires", "precedes") follows its
	// subject directly; only "before" and "after" take a verb phrase of
	// their own ("Alice arrived before Bob").
	if len(unknown) > 0 && !t.isWord(k, "before", "after", "prior", "ahead", "earlier", "sooner", "later") {
		return precMatch{}, false
	}
	if t.isWord(k, "until", "till") && !precNegated(t, j, k) {
		return precMatch{}, false
	}
	if t.isWord(k, "follows") && !(proseOrderNoun(left[0].kindWord) || left[0].numeric) {
		return precMatch{}, false // "Alice follows Bob" is a relationship
	}
	// "before starting task Y", "before we visit node 1", "before any of".
	for x := 0; x < 3 && r < end; x++ {
		if names, _ := t.precList(r, end, s.a, numbers); len(names) > 0 {
			break
		}
		if t.kind(r) != pWord || t.toks[r].upper || !precLeadWord(t.low(r)) {
			break
		}
		r++
	}
	right, n := t.precList(r, end, s.a, numbers)
	if len(right) == 0 || right[len(right)-1].poss {
		return precMatch{}, false
	}
	// "A before B, C should come before D": C starts the next clause.
	if len(right) > 1 && t.precVerbThenConnective(n, end) {
		right = right[:len(right)-1]
		n = right[len(right)-1].b
	}
	if numbers != precNumeric(right) && numbers {
		return precMatch{}, false
	}
	m := precMatch{a: i, b: t.precTrail(n, end), unknown: unknown}
	if forward {
		m.first, m.then = left, right
	} else {
		m.first, m.then = right, left
	}
	return m, true
}

// precVerbThenConnective reports whether an ordering verb phrase and a
// connective follow at k ("should be visited before").
func (t *proseText) precVerbThenConnective(k, end int) bool {
	for x := 0; x < 7 && k < end; x++ {
		if t.precConnectiveAt(k) {
			return x > 0 || !t.isWord(k, "until", "till")
		}
		if !precVerbWord(t.low(k)) {
			return false
		}
		k++
	}
	return false
}

// titleCase reports whether word k is capitalised with lower-case letters
// after ("Before", not "BEFORE").
func (t *proseText) titleCase(k int) bool {
	return t.toks[k].upper && t.low(k) != t.word(k) && strings.ToUpper(t.word(k)) != t.word(k)
}

// precNegated reports whether the verb phrase [j, k) is negated ("cannot
// start", "must not begin", "waits"): "until" orders only then.
func precNegated(t *proseText, j, k int) bool {
	for x := j; x < k; x++ {
		switch t.low(x) {
		case "cannot", "can't", "not", "never", "won't", "mustn't", "shouldn't", "doesn't", "don't", "wait", "waits", "waiting":
			return true
		}
	}
	return false
}

// precTrail consumes the verbs after the right side: "starts", "can
// begin", "is done", "has been completed".
func (t *proseText) precTrail(n, end int) int {
	k := n
	for x := 0; x < 5 && k < end && t.kind(k) == pWord && !t.toks[k].upper && precTrailWord(t.low(k)); x++ {
		k++
	}
	return k
}

// precFronted reads "Before C, you must do A and B" and "After A (is
// done), B can start".
func (t *proseText) precFronted(i int, s ptSentence) ([]precMatch, int) {
	end := s.q
	forward := t.isWord(i, "after")
	r := i + 1
	for x := 0; x < 3 && r < end && t.kind(r) == pWord && !t.toks[r].upper && precLeadWord(t.low(r)); x++ {
		r++
	}
	numbers := t.kind(r) == pNum
	a, n := t.precList(r, end, s.a, numbers)
	if len(a) == 0 {
		return nil, i
	}
	n = t.precTrail(n, end)
	if !t.isPunct(n, ',') {
		return nil, i
	}
	k := t.precSubjectPrefix(n+1, end)
	b, n2 := t.precList(k, end, s.a, numbers)
	if len(b) == 0 {
		return nil, i
	}
	m := precMatch{a: i, b: t.precTrail(n2, end)}
	if forward {
		m.first, m.then = a, b
	} else {
		m.first, m.then = b, a
	}
	return []precMatch{m}, m.b
}

// precPurpose reads "To take B, you must first take A".
func (t *proseText) precPurpose(i int, s ptSentence) (precMatch, bool) {
	end := s.q
	r := i + 1
	if !precVerbWord(t.low(r)) {
		return precMatch{}, false
	}
	r++
	then, n := t.precList(r, end, s.a, false)
	if len(then) == 0 || !t.isPunct(n, ',') {
		return precMatch{}, false
	}
	k := t.precSubjectPrefix(n+1, end)
	if k == n+1 {
		return precMatch{}, false
	}
	first, n2 := t.precList(k, end, s.a, false)
	if len(first) == 0 {
		return precMatch{}, false
	}
	return precMatch{first: first, then: then, a: i, b: t.precTrail(n2, end)}, true
}

// precVerbWord reports whether w is a word of an ordering verb phrase
// ("should be visited", "must finish", "has to be done first").
func precVerbWord(w string) bool {
	switch w {
	case "should", "must", "has", "have", "to", "be", "been", "is", "are", "was", "were", "needs", "need", "can",
		"cannot", "can't", "only", "always", "first", "done", "visited", "completed", "finished", "taken",
		"processed", "executed", "performed", "run", "scheduled", "handled", "finish", "finishes", "complete",
		"completes", "end", "ends", "happen", "happens", "occur", "occurs", "come", "comes", "go", "goes",
		"start", "starts", "begin", "begins", "appear", "appears", "placed", "put", "listed", "ordered",
		"installed", "built", "compiled", "read", "studied", "learned", "learnt", "passed", "visit", "take",
		"do", "executes", "evaluated", "printed", "served", "called", "launched", "deployed", "loaded",
		"started", "fully", "entirely", "completely", "strictly", "immediately", "directly", "just", "also",
		"will", "would", "may", "might", "shall", "not", "never", "get", "gets", "got", "a", "the", "all", "both",
		"each", "course", "task", "step", "job", "learn", "study", "solved", "answered", "opened",
		"closed", "written", "tested", "reviewed", "approved", "signed", "paid", "cooked", "prepared", "made",
		"worn", "washed", "mounted", "attended", "watched", "played", "somehow",
		"ever", "necessarily", "absolutely", "definitely", "really", "certainly", "totally", "wholly", "still",
		"seen", "met", "reached", "cleared", "finalized", "finalised", "released", "shipped":
		return true
	}
	return false
}

// precLeadWord reports whether w may stand between a connective and the
// list after it ("before starting", "after we visit", "before any of").
func precLeadWord(w string) bool {
	switch w {
	case "starting", "beginning", "visiting", "taking", "doing", "running", "processing", "executing",
		"performing", "we", "you", "one", "they", "i", "visit", "take", "do", "start", "begin", "run", "the",
		"any", "of", "either", "working", "on", "completing", "finishing", "reading", "studying", "attending",
		"can", "may", "must", "should", "will", "enrolling", "in", "moving", "to", "going", "handling",
		"scheduling", "it", "is", "are", "trying", "attempting", "installing", "building", "learning":
		return true
	}
	return false
}

// precTrailWord reports whether w may follow the right side of an
// ordering ("... before task Y starts", "after A is done").
func precTrailWord(w string) bool {
	switch w {
	case "starts", "start", "begins", "begin", "can", "may", "is", "are", "be", "been", "has", "have", "had",
		"visited", "done", "taken", "started", "begun", "completed", "finished", "finishes", "finish", "ends",
		"end", "over", "complete", "run", "executed", "processed", "performed", "gets", "get", "got", "will",
		"would", "could", "should", "must", "only", "fully", "itself", "does", "do", "takes", "place", "occurs",
		"happens", "scheduled", "handled", "in", "the", "schedule", "order", "sequence":
		return true
	}
	return false
}

// precFiller reports whether a word may stand in a precedence sentence
// without being read.
func precFiller(w string) bool {
	switch w {
	case "must", "should", "visited", "order", "schedule", "sequence", "any", "valid", "constraint", "constraints", "rule":
		return true
	}
	return proseFiller(w) || precVerbWord(w)
}
