package extract

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/lang"
)

// Quantities reads edges written in prose with a number and what it
// means: "a road from Paris to Lyon of 465 km", "a pipe from s to a
// carries 5 units", "the flight from A to B costs 7", "an edge between node
// 1 and node 2 with capacity 3", "the distance between A and B is 4 km",
// "Paris is 465 km from Lyon", "A and B are 3 miles apart". The meaning of
// each number (distance, capacity, cost, weight) comes from its keyword or
// unit, else from the noun (a road's number is a distance, a pipe's a
// capacity, a flight's a cost). Pipes, flights and arcs "from ... to" are
// one-way; roads are two-way unless "one-way" (with a note, as the text
// rarely says); anything "between" is two-way.
type Quantities struct{}

// Name names the notation.
func (Quantities) Name() string { return "quantities in prose" }

// qtyClass is the kind of thing a noun names, which gives the default
// meaning of its number and its default direction.
type qtyClass uint8

const (
	qtyRoad    qtyClass = iota + 1 // roads, streets, bridges: distance, two-way
	qtyPipe                        // pipes, channels, cables: capacity, one-way from ... to
	qtyFlight                      // flights, trains, tickets: cost, one-way
	qtyGeneric                     // edges, links, connections: weight, one-way from ... to
	qtyArc                         // arcs: weight, always one-way
)

// qtyNounClass returns the class of an edge noun of the lexicon (its
// domain), 0 for other words.
func qtyNounClass(lx *lang.Lexicon, w string) qtyClass {
	switch lx.EdgeDomainOf(w) {
	case lang.RoadEdge:
		return qtyRoad
	case lang.PipeEdge:
		return qtyPipe
	case lang.FlightEdge:
		return qtyFlight
	case lang.GenericEdge:
		return qtyGeneric
	case lang.ArcEdge:
		return qtyArc
	}
	return 0
}

// defaultMeaning is the meaning of a number written on a noun of class c
// without keyword or unit.
func (c qtyClass) defaultMeaning() Meaning {
	switch c {
	case qtyRoad:
		return MeaningDistance
	case qtyPipe:
		return MeaningCapacity
	case qtyFlight:
		return MeaningCost
	}
	return MeaningWeight
}

// qtyValue is a number read with its meaning.
type qtyValue struct {
	v       float64
	meaning Meaning
	// known is set when a keyword or a unit said the meaning; time when
	// the number is a duration (read as a weight).
	known, time bool
}

// qtyLink is one edge read, before it is recorded.
type qtyLink struct {
	u, v    string
	val     qtyValue
	hasVal  bool
	oneWay  bool
	a, b    int // token range
	conf    float64
	note    string
	noValOK bool // an edge noun with no number: still an edge
	class   qtyClass
	// phrase marks ends read as lower-case phrases ("the park"): such an
	// edge needs its number, or it is not read.
	phrase bool
}

// qtyAny reports whether the statement part of s has a word a quantity
// statement needs: an edge noun, a keyword, a unit, a way of travelling or
// a currency sign.
func (t *proseText) qtyAny(s ptSentence) bool {
	for i := s.a; i < s.q; i++ {
		if t.isPunct(i, '$') {
			return true
		}
		if w := t.low(i); w != "" && (qtyNounClass(t.lex, w) != 0 || qtyKeyword(w) != "" || proseUnit(t.lex, w) != "" || qtyMoveVerb(w)) {
			return true
		}
	}
	return false
}

// qtyAnaphor reads a sentence that gives the value of the edge before it:
// "it is 95 km long", "its capacity is 5", "this road is 3 miles long". It
// returns the value and the token after it.
func (t *proseText) qtyAnaphor(s ptSentence) (qtyValue, int, bool) {
	k := s.a
	switch {
	case t.isWord(k, "it", "its"):
		if t.isWord(k, "it") {
			k++
		}
	case t.isWord(k, "this", "that", "the") && qtyNounClass(t.lex, t.low(k+1)) != 0:
		k += 2
	default:
		return qtyValue{}, 0, false
	}
	v, n, ok := t.qtyNumber(k, s.q, 0)
	if !ok || (!v.known && !t.isWord(k, "is", "has", "carries", "costs")) {
		return qtyValue{}, 0, false
	}
	return v, n, true
}

// Read implements Reader.
func (Quantities) Read(ctx context.Context, d *Doc) (Reading, error) {
	t, err := newProse(ctx, d)
	if err != nil {
		return Reading{}, err
	}
	b := newProseBuild(Quantities{}.Name())
	var edges []qtyLink
	var matched [][2]int // reused from sentence to sentence
	for n, s := range t.sents {
		if n&255 == 255 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		if s.q <= s.a || !t.qtyAny(s) || t.keySentence(s) {
			continue
		}
		matched = matched[:0]
		// "A road connects A and B; it is 95 km long": the value of the
		// edge just read, in a sentence of its own.
		if n := len(edges); n > 0 && !edges[n-1].hasVal && edges[n-1].b <= s.a {
			if v, end, ok := t.qtyAnaphor(s); ok {
				edges[n-1].val, edges[n-1].hasVal = v, true
				if !v.known {
					edges[n-1].val.meaning = edges[n-1].class.defaultMeaning()
				}
				b.sentence(t, s, [][2]int{{s.a, end}}, func(i int) bool { return qtyFiller(t.low(i)) })
				continue
			}
		}
		skip := listSkip{at: -1}
		for i := s.a; i < s.q; {
			before := len(edges)
			var next int
			edges, next = t.qtyAt(edges, i, s, &skip)
			if len(edges) == before {
				i = t.pastListSkip(i, s, qtyOpts, skip)
				continue
			}
			if before == 0 {
				// The first edge: a text with quantities usually has one a
				// sentence; room for that many saves regrowing a long list.
				edges = slices.Grow(edges, min(len(t.sents)-n, qtyPresize))
				b.r.Spans = slices.Grow(b.r.Spans, min(len(t.sents)-n, qtyPresize))
			}
			matched = append(matched, [2]int{edges[before].a, next})
			i = next
		}
		if len(matched) > 0 {
			b.sentence(t, s, matched, func(i int) bool { return qtyFiller(t.low(i)) })
		}
	}
	if len(edges) == 0 {
		return b.finish(), nil
	}
	// How many edges carry each meaning: a few meanings at most, so a
	// short list searched in order, not a map looked up twice per edge.
	var count qtyCounts
	valued := 0
	for _, e := range edges {
		if e.hasVal {
			count.add(e.val.meaning)
			valued++
		}
	}
	// The most frequent meaning; on a tie, the first edge's.
	common := MeaningNone
	for _, e := range edges {
		if e.hasVal && count.of(e.val.meaning) > count.of(common) {
			common = e.val.meaning
		}
	}
	b.r.EdgeValue = common
	if len(count) > 1 {
		m := make(map[Meaning]int, len(count))
		for _, c := range count {
			m[c.meaning] = c.n
		}
		b.lower(0.8, "the edges' numbers mean different things: "+qtyMeanings(m))
	}
	if valued > 0 && valued < len(edges) {
		b.lower(0.8, fmt.Sprintf("%d of %d edges have no number", len(edges)-valued, len(edges)))
	}
	b.growEdges(len(edges))
	for _, e := range edges {
		x := b.edge(e.u, e.v, !e.oneWay, int(t.toks[e.a].s), int(t.toks[e.b-1].e))
		if e.hasVal {
			x.Value, x.HasValue = e.val.v, true
			if e.val.meaning != common {
				x.Meaning = e.val.meaning
			}
		}
		if e.conf < 1 || e.note != "" {
			b.lower(e.conf, e.note)
		}
	}
	return b.finish(), nil
}

// qtyCounts counts edges by meaning, in order of first appearance.
type qtyCounts []qtyCount

// qtyCount is how many edges carry one meaning.
type qtyCount struct {
	meaning Meaning
	n       int
}

func (c *qtyCounts) add(m Meaning) {
	for i := range *c {
		if (*c)[i].meaning == m {
			(*c)[i].n++
			return
		}
	}
	*c = append(*c, qtyCount{m, 1})
}

func (c qtyCounts) of(m Meaning) int {
	for _, x := range c {
		if x.meaning == m {
			return x.n
		}
	}
	return 0
}

// qtyMeanings lists the meanings counted, in a fixed order.
func qtyMeanings(count map[Meaning]int) string {
	var parts []string
	for _, m := range []Meaning{MeaningDistance, MeaningCapacity, MeaningCost, MeaningWeight} {
		if count[m] > 0 {
			parts = append(parts, fmt.Sprintf("%s (%d)", m, count[m]))
		}
	}
	return strings.Join(parts, ", ")
}

// qtyPresize bounds the room made for edges at the first one (see Read).
const qtyPresize = 4096

// qtyOpts are the atoms that name an edge's ends: numbers and lone letters
// count in these positions ("from s to a", "between 1 and 2").
const qtyOpts = namesNumbers | namesLetters

// qtyAt reads the quantity statements that start at token i of sentence s,
// appends their edges to dst and returns it with the token after them (dst
// as given and i when there is none). When it reads the list of names
// at i it keeps pastList's answer in skip.
func (t *proseText) qtyAt(dst []qtyLink, i int, s ptSentence, skip *listSkip) ([]qtyLink, int) {
	end := s.q
	if k := &t.toks[i]; k.kind == pPunct || k.kind == pWord && !k.upper && !qtyLowerStart(t.lex, t.low(i)) &&
		!proseHasDigit(t.word(i)) && utf8.RuneCountInString(t.word(i)) > 1 {
		// No statement starts at a symbol ('$' only inside one) or at a
		// lower-case word that is none of the words below and no name
		// (atom), nor does a list of names: pastList goes on at the next
		// token.
		*skip = listSkip{at: i, next: i + 1}
		return dst, i
	}
	if c := qtyNounClass(t.lex, t.low(i)); c != 0 {
		if qtySuperlative(t.low(i - 1)) {
			return dst, i // "Shortest route from 3 to 0, please": what is asked, not an edge
		}
		return t.qtyNoun(dst, i, c, s)
	}
	// "The distance from Paris to Lyon is 465 km", "the capacity of the
	// pipe from s to a is 5".
	if m := qtyKeyword(t.low(i)); m != "" && (i == s.a || t.isWord(i-1, "the", "a", "an", "and") || t.isPunct(i-1, ',')) {
		if got, n := t.qtyKeywordFirst(i, m, s); len(got) > 0 {
			return append(dst, got...), n
		}
	}
	// "Up to 3 units per second can flow through the pipe from s to b."
	if t.isWord(i, "up", "at", "a", "no") || t.kind(i) == pNum {
		if got, n := t.qtyLeading(i, s); len(got) > 0 {
			return append(dst, got...), n
		}
	}
	// "From node 0 to node 6, distance is 4": the ends, then the keyword
	// and its number (a benchmark's weighted edge lines).
	if t.isWord(i, "from") && (i == s.a || t.isPunct(i-1, ',') || t.isPunct(i-1, ';') || t.isPunct(i-1, ':') || t.isWord(i-1, "and")) {
		if got, n := t.qtyEndsFirst(i, s); len(got) > 0 {
			return append(dst, got...), n
		}
	}
	// "It costs 7 to fly from A to B", "It is 465 km from Paris to Lyon".
	if t.isWord(i, "it") && t.isWord(i+1, "is", "costs", "takes", "was") {
		if v, k, ok := t.qtyNumber(i+1, end, 0); ok {
			verb := ""
			if t.isWord(k, "to") && qtyMoveVerb(t.low(k+1)) {
				verb = t.low(k + 1)
				k += 2
			}
			if e, n, ok := t.qtyEnds(k, end); ok {
				n = t.qtyBy2(n, end)
				e.val, e.hasVal, e.a, e.b, e.conf = v, true, i, n, 1
				t.qtyTripDirection(&e, verb)
				return append(dst, e), n
			}
		}
	}
	// "Going from A to B costs 7", "To fly from A to B takes 2 hours".
	if t.isWord(i, "going", "travelling", "traveling", "driving", "flying", "getting", "shipping", "walking", "to", "moving") {
		k := i + 1
		verb := t.low(i)
		if t.isWord(i, "to") {
			if !qtyMoveVerb(t.low(k)) {
				return dst, i
			}
			verb = t.low(k)
			k++
		}
		if e, n, ok := t.qtyEnds(k, end); ok {
			if t.isPunct(n, ',') {
				n++
			}
			if v, n2, ok := t.qtyNumber(n, end, 0); ok && v.known {
				e.val, e.hasVal, e.a, e.b, e.conf = v, true, i, n2, 1
				t.qtyTripDirection(&e, verb)
				return append(dst, e), n2
			}
		}
		return dst, i
	}
	if got, n := t.qtyHyphenPair(i, s); len(got) > 0 {
		return append(dst, got...), n
	}
	// Statements about named places: "Paris is 465 km from Lyon", "Paris and
	// Lyon are 465 km apart", "Paris to Lyon: 465 km", "Paris and Lyon are
	// connected by a 465 km road".
	var room [8]proseName
	subj, j := t.nameListInto(room[:0], i, end, s.a, qtyOpts)
	*skip = listSkip{at: i, next: listNext(i, subj, j)}
	if len(subj) == 0 || subj[len(subj)-1].poss {
		return dst, i
	}
	switch {
	case len(subj) == 1 && t.isWord(j, "is", "lies", "sits"):
		if v, k, ok := t.qtyNumber(j+1, end, 0); ok && v.known && v.meaning == MeaningDistance {
			if t.isWord(k, "away") {
				k++
			}
			if t.isWord(k, "from") {
				if o, ok := t.nameAt(k+1, end, s.a, qtyOpts); ok {
					return append(dst, qtyLink{u: subj[0].id, v: o.id, val: v, hasVal: true, a: i, b: o.b, conf: 1}), o.b
				}
			}
		}
		if t.isWord(j+1, "connected", "linked", "joined", "adjacent") && t.isWord(j+2, "to", "with") {
			if o, ok := t.nameAt(j+3, end, s.a, qtyOpts); ok {
				if v, n, ok := t.qtyNumber(o.b, end, 0); ok && (v.known || t.isWord(o.b, "with")) {
					if !v.known {
						v.meaning = MeaningWeight
					}
					return append(dst, qtyLink{u: subj[0].id, v: o.id, val: v, hasVal: true, a: i, b: n, conf: 1}), n
				}
				got, n := t.qtyBy(i, subj[0], o, o.b, s)
				return append(dst, got...), n
			}
		}
	case len(subj) == 2 && t.isWord(j, "are"):
		if v, k, ok := t.qtyNumber(j+1, end, 0); ok && v.known && v.meaning == MeaningDistance && t.isWord(k-1, "apart", "away") {
			return append(dst, qtyLink{u: subj[0].id, v: subj[1].id, val: v, hasVal: true, a: i, b: k, conf: 1}), k
		}
		if t.isWord(j+1, "connected", "linked", "joined") {
			got, n := t.qtyBy(i, subj[0], subj[1], j+2, s)
			return append(dst, got...), n
		}
	case len(subj) == 1 && (t.isWord(j, "to") || t.isPunct(j, '-')) && t.qtyItemStart(i, s):
		// "Paris to Lyon: 465 km", "Paris to Lyon 465 km", "Paris - Lyon:
		// 465 km" as a line or a list item.
		if o, ok := t.nameAt(j+1, end, s.a, qtyOpts); ok {
			if e, n, ok := t.qtyItem(i, subj[0].id, o.id, o.b, end, t.isWord(j, "to")); ok {
				return append(dst, e), n
			}
		}
	}
	return dst, i
}

// qtyLowerStart reports whether qtyAt may read something at a lower-case
// word w: an edge noun or a keyword, the words that lead its other
// statements, or the start of a list of names (nameListInto: "both",
// "either", a kind noun or its plural).
func qtyLowerStart(lx *lang.Lexicon, w string) bool {
	switch w {
	case "up", "at", "no", "it", "going", "travelling", "traveling", "driving", "flying", "getting", "shipping",
		"walking", "to", "moving", "both", "either", "from":
		return true
	}
	return qtyNounClass(lx, w) != 0 || qtyKeyword(w) != "" || proseKindNoun(w) || proseKindPlural(w)
}

// qtyItemStart reports whether token i starts a sentence or a list item
// (after ':', ',', ';' or "from").
func (t *proseText) qtyItemStart(i int, s ptSentence) bool {
	return i == s.a || t.isWord(i-1, "from", "and") || t.isPunct(i-1, ':') || t.isPunct(i-1, ',')
}

// qtyItem reads the number of an item "A to B: 465 km" after its ends; k
// is the token after B. Without ':', '=' or "is" the number needs a unit
// ("Paris to Lyon 465 km").
func (t *proseText) qtyItem(i int, u, v string, k, end int, to bool) (qtyLink, int, bool) {
	sep := t.isPunct(k, ':') || t.isPunct(k, '=') || t.isWord(k, "is") || t.isPunct(k, '-')
	if sep {
		k++
	}
	val, n, ok := t.qtyNumber(k, end, 0)
	if !ok || !val.known || (!sep && proseUnit(t.lex, t.low(n-1)) == "" && !t.isPunct(k, '$')) {
		return qtyLink{}, k, false
	}
	e := qtyLink{u: u, v: v, val: val, hasVal: true, a: i, b: n, conf: 1}
	if to && val.meaning != MeaningDistance {
		e.oneWay, e.conf, e.note = true, 0.9, `"A to B: number" is read as one-way`
	}
	return e, n, true
}

// qtyHyphenPair reads "Paris-Lyon 465 km": one word of two capitalised
// names joined by a hyphen, followed by a number with its unit.
func (t *proseText) qtyHyphenPair(i int, s ptSentence) ([]qtyLink, int) {
	w := t.word(i)
	h := strings.IndexByte(w, '-')
	if h <= 0 || h == len(w)-1 || strings.Count(w, "-") != 1 || !t.toks[i].upper || !t.qtyItemStart(i, s) {
		return nil, i
	}
	r, _ := utf8.DecodeRuneInString(w[h+1:])
	if !unicode.IsUpper(r) {
		return nil, i
	}
	e, n, ok := t.qtyItem(i, w[:h], w[h+1:], i+1, s.q, false)
	if !ok {
		return nil, i
	}
	return []qtyLink{e}, n
}

// qtyLeading reads a quantity that opens the sentence before its noun: "Up
// to 3 units per second can flow through the pipe from s to b", "At most 5
// cars per hour can use the road from A to B".
func (t *proseText) qtyLeading(i int, s ptSentence) ([]qtyLink, int) {
	end := s.q
	k := i
	switch {
	case t.isWord(k, "up") && t.isWord(k+1, "to"):
		k += 2
	case t.isWord(k, "at") && t.isWord(k+1, "most"):
		k += 2
	case t.isWord(k, "a") && t.isWord(k+1, "maximum") && t.isWord(k+2, "of"):
		k += 3
	case t.isWord(k, "no") && t.isWord(k+1, "more") && t.isWord(k+2, "than"):
		k += 3
	}
	v, n, ok := t.qtyNum(k, end)
	if !ok {
		return nil, i
	}
	unit := proseUnit(t.lex, t.low(n))
	if unit == "" {
		return nil, i
	}
	n++
	if t.isWord(n, "per") && t.kind(n+1) == pWord {
		n += 2
	}
	if t.isWord(n, "of") && t.kind(n+1) == pWord && qtyNounClass(t.lex, t.low(n+1)) == 0 {
		n += 2 // "units of water"
	}
	capacity := false
	for x := 0; x < 8 && n < end && qtyNounClass(t.lex, t.low(n)) == 0; x++ {
		switch t.low(n) {
		case "flow", "flows", "pass", "passes", "go", "goes", "travel", "travels", "move", "moves", "be",
			"sent", "pumped", "carried", "moved", "transported", "pushed", "shipped", "delivered", "fit", "use", "cross":
			capacity = true
		case "can", "could", "may", "will", "through", "along", "via", "over", "across", "the", "a", "in", "into", "by", "is", "are":
		default:
			return nil, i
		}
		n++
	}
	c := qtyNounClass(t.lex, t.low(n))
	if c == 0 {
		return nil, i
	}
	got, next := t.qtyNoun(nil, n, c, s)
	if len(got) != 1 || got[0].hasVal {
		return nil, i
	}
	val := qtyValue{v: v, meaning: unit, known: true}
	switch {
	case capacity || unit == "count":
		val.meaning = MeaningCapacity
	case unit == "time":
		val.meaning, val.time = MeaningWeight, true
	}
	got[0].val, got[0].hasVal, got[0].a = val, true, i
	return got, next
}

// qtyBy reads "... connected (to B) by a 465 km road" after the two ends
// are known; k is the token after "connected" or after B.
func (t *proseText) qtyBy(i int, u, v proseName, k int, s ptSentence) ([]qtyLink, int) {
	end := s.q
	if !t.isWord(k, "by", "via", "through", "with") {
		return nil, i
	}
	k++
	pre, k2, hasPre := t.qtyPre(k, end)
	if !t.isWord(k2, "a", "an", "the") && !hasPre {
		return nil, i
	}
	if t.isWord(k2, "a", "an", "the") {
		k2++
		if p2, k3, ok := t.qtyPre(k2, end); ok {
			pre, k2, hasPre = p2, k3, true
		}
	}
	oneWay, twoWay, k2 := t.qtyModifiers(k2, end)
	c := qtyNounClass(t.lex, t.low(k2))
	if c == 0 {
		return nil, i
	}
	n := k2 + 1
	e := qtyLink{u: u.id, v: v.id, a: i, conf: 1, oneWay: oneWay && !twoWay, noValOK: true}
	if hasPre {
		e.val, e.hasVal = pre, true
	} else if val, n2, ok := t.qtyNumber(n, end, c); ok {
		e.val, e.hasVal, n = val, true, n2
	}
	if e.hasVal && !e.val.known {
		e.val.meaning = c.defaultMeaning()
	}
	e.b = n
	return []qtyLink{e}, n
}

// qtySuperlative reports whether w before an edge noun makes it a request
// ("shortest route", "cheapest flight").
func qtySuperlative(w string) bool {
	switch w {
	case "shortest", "cheapest", "fastest", "quickest", "longest", "best", "minimum", "maximum", "optimal", "minimal",
		"maximal", "lightest", "heaviest", "shorter", "cheaper", "faster", "quicker", "longer", "which", "what", "any":
		return true
	}
	return false
}

// qtyMoveVerb reports whether w names a way of going from place to place
// ("walk", "flying").
func qtyMoveVerb(w string) bool {
	switch w {
	case "go", "travel", "fly", "drive", "get", "ship", "send", "move", "walk", "ride", "cycle", "bike", "sail", "commute",
		"going", "travelling", "traveling", "driving", "flying", "getting", "shipping", "walking", "moving", "riding",
		"cycling", "biking", "sailing", "commuting", "sending":
		return true
	}
	return false
}

// qtyTripDirection sets the direction of a trip's edge: "between" is
// two-way; "from ... to" is one-way for flights, shipping and sending (a
// note says so) and two-way for walking, driving and distances (a note
// says so).
func (t *proseText) qtyTripDirection(e *qtyLink, verb string) {
	if !e.oneWay {
		return
	}
	switch {
	case e.val.meaning == MeaningDistance:
		e.oneWay = false
	case verb == "fly" || verb == "flying" || verb == "ship" || verb == "shipping" || verb == "send" || verb == "sending" || verb == "sail" || verb == "sailing":
		e.conf, e.note = 0.9, "a cost or time to fly, ship or send from one place to another is read as one-way"
	default:
		e.oneWay = false
		e.conf, e.note = 0.9, "a cost or time to go from one place to another is read as two-way"
	}
}

// qtyBy2 consumes "by road", "by plane", "on foot" after the ends.
func (t *proseText) qtyBy2(n, end int) int {
	if t.isWord(n, "by", "via", "on") && n+1 < end && (qtyNounClass(t.lex, t.low(n+1)) != 0 ||
		t.isWord(n+1, "car", "plane", "air", "foot", "bike", "bicycle", "boat", "sea", "rail", "train", "bus", "ship")) {
		return n + 2
	}
	return n
}

// qtyModifiers reads "one-way", "directed", "two-way", "bidirectional"
// before a noun.
func (t *proseText) qtyModifiers(k, end int) (oneWay, twoWay bool, next int) {
	for x := 0; x < 3 && k < end; x++ {
		switch w := t.low(k); w {
		case "one-way", "directed", "oneway", "unidirectional":
			oneWay = true
		case "two-way", "undirected", "bidirectional", "twoway":
			twoWay = true
		case "one", "two":
			switch {
			case t.isPunct(k+1, '-') && t.isWord(k+2, "way"):
				k += 2
			case t.isWord(k+1, "way"):
				k++
			default:
				return oneWay, twoWay, k
			}
			oneWay, twoWay = oneWay || w == "one", twoWay || w == "two"
		case "weighted", "direct", "new", "long", "short", "small", "large", "big", "single", "main", "water", "gas", "oil", "data", "network", "cheap", "nonstop", "non-stop":
		default:
			return oneWay, twoWay, k
		}
		k++
	}
	return oneWay, twoWay, k
}

// qtyPre reads a quantity written before a noun: "465 km", "465-km",
// "5-unit", "$7".
func (t *proseText) qtyPre(k, end int) (qtyValue, int, bool) {
	j := k
	cur := t.isPunct(j, '$')
	if cur {
		j++
	}
	v, j2, ok := t.qtyNum(j, end)
	if !ok {
		return qtyValue{}, k, false
	}
	j = j2
	if cur {
		return qtyValue{v: v, meaning: MeaningCost, known: true}, j, true
	}
	if t.isPunct(j, '-') {
		j++
	}
	u := proseUnit(t.lex, t.low(j))
	if u == "" && t.isWord(j, "hour", "minute", "day") {
		u = "time"
	}
	if u == "" {
		return qtyValue{}, k, false
	}
	val := qtyValue{v: v, meaning: u, known: true}
	switch u {
	case "time":
		val.meaning, val.time = MeaningWeight, true
	case "count":
		val.known = false
	}
	return val, j + 1, true
}

// qtyNoun reads a statement led by an edge noun at i: "a road from Paris
// to Lyon of 465 km", "pipes from s to a (5 units) and from a to t (3
// units)", "a 465 km road between A and B", "an edge between node 1 and
// node 2 with capacity 3", "the flight from A to B costs 7".
func (t *proseText) qtyNoun(dst []qtyLink, i int, c qtyClass, s ptSentence) ([]qtyLink, int) {
	end := s.q
	// Look back over "a one-way 465 km" before the noun.
	a := i
	oneWay, twoWay := false, false
	var pre qtyValue
	hasPre := false
	for k := i - 1; k >= s.a && k >= i-6; k-- {
		if ow, tw, v, hp, ok := t.qtyPrefix(k, i); ok {
			a, oneWay, twoWay, pre, hasPre = k, ow, tw, v, hp
		}
	}
	if t.isWord(i-1, "directed") || oneWay {
		oneWay = true
	}
	// Words between the noun and its ends: "a road of 465 km from ...",
	// "a pipe with capacity 5 from ...", "a flight that goes from ...".
	j := i + 1
	if t.kind(j) == pWord && proseHasDigit(t.word(j)) {
		j++ // "Flight AA100 from JFK to LAX": the flight's code
	}
	for x := 0; x < 8 && j < end && !t.qtyEndsStart(j); x++ {
		if !hasPre {
			if v, n, ok := t.qtyNumber(j, end, c); ok {
				pre, hasPre, j = v, true, n
				continue
			}
		}
		if t.toks[j].kind == pWord && !t.toks[j].upper && !t.isWord(j, "and", "or") || t.isPunct(j, ',') {
			j++
			continue
		}
		break
	}
	out, base := dst, len(dst)
	// "from A to B, B to C": the pairs after the first repeat its word.
	pairWord := "and"
	if t.isWord(j, "from") {
		pairWord = "to"
	}
	for {
		e, n, ok := t.qtyEnds(j, end)
		if !ok {
			break
		}
		e.a, e.conf, e.noValOK, e.class = a, 1, true, c
		if len(out) > base {
			e.a = j
		}
		switch {
		case c == qtyArc || oneWay:
			e.oneWay = true
		case twoWay:
			e.oneWay = false
		case c == qtyRoad && e.oneWay:
			e.oneWay = false
			e.conf, e.note = 0.9, "a road from one place to another is read as two-way (the text does not say one-way)"
		}
		m := n
		if t.isPunct(m, ',') && t.qtyLead(m+1) {
			m++
		}
		if v, n2, ok := t.qtyNumber(m, end, c); ok {
			e.val, e.hasVal, n = v, true, n2
		} else if hasPre && len(out) == base {
			e.val, e.hasVal = pre, true
		}
		if e.hasVal && !e.val.known {
			e.val.meaning = c.defaultMeaning()
			if c == qtyGeneric || c == qtyArc {
				e.conf = min(e.conf, 0.9)
				e.note = "an edge's number without a keyword is read as its weight"
			}
		}
		if e.hasVal && e.val.time {
			e.note = "a duration is read as the edge's weight"
		}
		if e.phrase && !e.hasVal {
			break // "the connections between the users and the locations": no number, no edge
		}
		e.b = n
		out = append(out, e)
		j = n
		// Another pair for the same noun: ", from B to C of 3 km", "and
		// between C and D with capacity 2", "; another from ...".
		k := j
		if t.isPunct(k, ',') {
			k++
		}
		if t.isWord(k, "and") {
			k++
		}
		if t.isWord(k, "another", "one") {
			k++
		}
		// "edges between 0 and 1, 1 and 2, and 2 and 3": more pairs.
		for k > j && !t.isWord(k, "from", "between") && (!out[base].oneWay || pairWord == "to") {
			x, ok := t.nameAt(k, end, -1, qtyOpts)
			if !ok || !t.isWord(x.b, pairWord) {
				break
			}
			y, ok := t.nameAt(x.b+1, end, -1, qtyOpts)
			if !ok {
				break
			}
			e := out[base]
			e.u, e.v, e.a, e.hasVal, e.val = x.id, y.id, k, false, qtyValue{}
			n := y.b
			if v, n2, ok := t.qtyNumber(n, end, c); ok {
				e.val, e.hasVal, n = v, true, n2
				if !v.known {
					e.val.meaning = c.defaultMeaning()
				}
			}
			e.b = n
			out = append(out, e)
			j = n
			k = j
			if t.isPunct(k, ',') {
				k++
			}
			if t.isWord(k, "and") {
				k++
			}
		}
		if k == j || !t.isWord(k, "from", "between") {
			break
		}
		j = k
	}
	if len(out) == base {
		return dst, i
	}
	return out, j
}

// qtyPrefix reads what stands before a noun, exactly tokens [k, i): an
// article, modifiers and a quantity ("a one-way 465 km", "the $7").
func (t *proseText) qtyPrefix(k, i int) (oneWay, twoWay bool, pre qtyValue, hasPre, ok bool) {
	switch t.low(k) {
	case "laying", "building", "constructing", "paving", "installing", "digging", "opening", "adding", "running":
		k++ // "Laying cable between ...": the cost of the edge
	}
	switch t.low(k) {
	case "a", "an", "the", "one", "each", "every", "this", "that", "another":
		if !t.isPunct(k+1, '-') {
			k++
		}
	}
	oneWay, twoWay, k = t.qtyModifiers(k, i)
	if v, n, ok := t.qtyPre(k, i); ok {
		pre, hasPre, k = v, true, n
		ow, tw, n2 := t.qtyModifiers(k, i)
		oneWay, twoWay, k = oneWay || ow, twoWay || tw, n2
	}
	return oneWay, twoWay, pre, hasPre, k == i
}

// qtyEndsStart reports whether the two ends of an edge start at j.
func (t *proseText) qtyEndsStart(j int) bool {
	switch t.low(j) {
	case "from", "between", "connecting", "linking", "joining", "connects", "links", "joins":
		return true
	}
	return false
}

// qtyEnds reads the two ends at j: "from X to Y" (one-way), "between X
// and Y", "connecting X and|to|with Y" (two-way).
func (t *proseText) qtyEnds(j, end int) (qtyLink, int, bool) {
	if !t.qtyEndsStart(j) {
		return qtyLink{}, j, false
	}
	from := t.isWord(j, "from")
	x, ok := t.nameAt(j+1, end, -1, qtyOpts)
	if !ok {
		x, ok = t.qtyThePlace(j+1, end)
	}
	if !ok || x.poss {
		return qtyLink{}, j, false
	}
	k := x.b
	switch {
	case from && t.isWord(k, "to", "towards", "into"):
	case !from && (t.isWord(k, "and", "with") || t.isPunct(k, '&') || (t.isWord(k, "to") && !t.isWord(j, "between"))):
	default:
		return qtyLink{}, j, false
	}
	y, ok := t.nameAt(k+1, end, -1, qtyOpts)
	if !ok && strings.HasPrefix(x.id, "the ") {
		y, ok = t.qtyThePlace(k+1, end)
	}
	if !ok || y.poss {
		return qtyLink{}, j, false
	}
	if qtyYear(x) && qtyYear(y) {
		return qtyLink{}, j, false
	}
	return qtyLink{u: x.id, v: y.id, oneWay: from, phrase: x.phrase || y.phrase}, y.b, true
}

// qtyThePlace reads a place named by a lower-case noun phrase with "the"
// at k: "the park", "the town hall" (the ID keeps "the", as written). The
// phrase is one to three words and ends before "and", "to", a number or a
// word that leads to one ("costs", "is", "of").
func (t *proseText) qtyThePlace(k, end int) (proseName, bool) {
	if !t.isWord(k, "the") {
		return proseName{}, false
	}
	n := k + 1
	for n < end && n < k+4 && t.kind(n) == pWord && !t.toks[n].upper {
		w := t.low(n)
		if w == "and" || w == "to" || w == "with" || w == "towards" || w == "into" || qtyLeadWord(w) || qtyKeyword(w) != "" ||
			qtyNounClass(t.lex, w) != 0 || proseFollowsName(t.lex, w) {
			break
		}
		n++
	}
	if n == k+1 || (n < end && t.kind(n) == pWord && !t.isWord(n, "and", "to", "with", "towards", "into") &&
		!qtyLeadWord(t.low(n)) && qtyKeyword(t.low(n)) == "" && !proseFollowsName(t.lex, t.low(n))) {
		return proseName{}, false
	}
	return proseName{id: strings.Join(strings.Fields(t.text[t.toks[k].s:t.toks[n-1].e]), " "), a: k, b: n, phrase: true}, true
}

// qtyYear reports whether a name is a number that reads as a year ("trips
// between 2009 and 2019").
func qtyYear(n proseName) bool {
	if !n.numeric || n.kind {
		return false
	}
	y, err := strconv.Atoi(n.id)
	return err == nil && len(n.id) == 4 && y >= 1800 && y <= 2100
}

// qtyKeywordFirst reads "the distance from A to B is 465 km", "the cost
// of the flight from A to B is 7", "the capacity between s and a is 3".
func (t *proseText) qtyKeywordFirst(i int, m Meaning, s ptSentence) ([]qtyLink, int) {
	end := s.q
	a := i
	if t.isWord(i-1, "the", "a", "an") {
		a = i - 1
	}
	j := i + 1
	c := qtyClass(0)
	if t.isWord(j, "of") {
		k := j + 1
		if t.isWord(k, "the", "a", "an") {
			k++
		}
		_, _, k = t.qtyModifiers(k, end)
		if c = qtyNounClass(t.lex, t.low(k)); c == 0 {
			return nil, i
		}
		j = k + 1
	}
	e, n, ok := t.qtyEnds(j, end)
	if !ok {
		return nil, i
	}
	if !t.isWord(n, "is", "are", "equals", "was", "amounts") && !t.isPunct(n, '=') && !t.isPunct(n, ':') {
		return nil, i
	}
	if t.isWord(n, "amounts") && t.isWord(n+1, "to") {
		n++
	}
	v, n2, ok := t.qtyNumberLead(n+1, end, c, true)
	if !ok {
		return nil, i
	}
	if !v.known {
		v.meaning, v.known = m, true
	}
	e.val, e.hasVal, e.a, e.b, e.conf = v, true, a, n2, 1
	qtyKeywordDirection(&e, c, m)
	return []qtyLink{e}, n2
}

// qtyKeywordDirection sets the direction of an edge whose keyword says
// what its number is: a distance (or a road's number) goes both ways; a
// cost or a weight from one place to another is one-way, less surely.
func qtyKeywordDirection(e *qtyLink, c qtyClass, m Meaning) {
	switch {
	case c == qtyRoad || m == MeaningDistance:
		e.oneWay = false
	case e.oneWay && (m == MeaningCost || m == MeaningWeight):
		e.conf, e.note = 0.9, "a cost or time from one place to another is read as one-way"
	}
}

// qtyEndsFirst reads "From node 0 to node 6, distance is 4", "from A to B,
// the cost is $7", "from s to t: capacity = 5" at token i ("from").
func (t *proseText) qtyEndsFirst(i int, s ptSentence) ([]qtyLink, int) {
	end := s.q
	e, k, ok := t.qtyEnds(i, end)
	if !ok {
		return nil, i
	}
	if t.isPunct(k, ',') || t.isPunct(k, ':') {
		k++
	}
	if t.isWord(k, "the", "its") {
		k++
	}
	m := qtyKeyword(t.low(k))
	if m == "" || !(t.isWord(k+1, "is", "equals", "was") || t.isPunct(k+1, '=') || t.isPunct(k+1, ':')) {
		return nil, i
	}
	v, n, ok := t.qtyNumberLead(k+2, end, 0, true)
	if !ok {
		return nil, i
	}
	if !v.known {
		v.meaning, v.known = m, true
	}
	if v.meaning == "time" {
		v.meaning, v.time = MeaningWeight, true
	}
	e.val, e.hasVal, e.a, e.b, e.conf = v, true, i, n, 1
	qtyKeywordDirection(&e, 0, v.meaning)
	return []qtyLink{e}, n
}

// qtyKeyword returns the meaning a keyword names ("distance", "capacity",
// "cost", "weight"), "" for other words.
func qtyKeyword(w string) Meaning {
	switch w {
	case "distance", "length", "long", "far", "measuring", "measures", "spans", "spanning", "stretches", "apart":
		return MeaningDistance
	case "capacity", "capacities", "carries", "carry", "carrying", "carried", "throughput", "bandwidth",
		"holds", "hold", "transports", "transport", "pumps", "moves", "delivers", "handles", "cap", "flow":
		return MeaningCapacity
	case "cost", "costs", "costing", "costed", "price", "priced", "fare", "fee", "toll", "charge", "charges", "tariff":
		return MeaningCost
	case "weight", "weighs", "weighing", "weighted", "w":
		return MeaningWeight
	case "takes", "taking", "lasts", "lasting", "duration", "time", "latency", "delay":
		return "time"
	}
	return ""
}

// qtyLead reports whether a word may lead to a number: "of", "with a",
// "which is", "that costs".
func (t *proseText) qtyLead(k int) bool {
	if t.isPunct(k, '(') || t.isPunct(k, '[') || t.isPunct(k, '$') || t.kind(k) == pNum {
		return true
	}
	w := t.low(k)
	return w != "" && (qtyKeyword(w) != "" || qtyLeadWord(w))
}

func qtyLeadWord(w string) bool {
	switch w {
	case "of", "with", "a", "an", "the", "that", "which", "is", "it", "its", "has", "having", "at", "for", "equal",
		"equals", "to", "maximum", "max", "total", "up", "only", "just", "about", "approximately", "around",
		"roughly", "exactly", "can", "could", "will", "and", "whose", "be", "per", "minimum", "min", "in", "are",
		"was", "allows", "allowing", "set", "value", "travel", "one-way", "each":
		return true
	}
	return false
}

// qtyNumber reads a number with its keywords and unit at k: "of 465 km",
// "with a capacity of 3", "carries 5 units", "costs $7", "(4)", "is 465 km
// long", "weighing 2.5". c is the noun's class (0 when none) for "units".
// It needs a keyword, a unit, "of"/"with"/"=" or brackets: a bare number
// after the ends is not read.
func (t *proseText) qtyNumber(k, end int, c qtyClass) (qtyValue, int, bool) {
	return t.qtyNumberLead(k, end, c, false)
}

// qtyNumberLead is qtyNumber; lead is set when a verb already led to the
// number ("the distance ... is 5").
func (t *proseText) qtyNumberLead(k, end int, c qtyClass, lead bool) (qtyValue, int, bool) {
	j := k
	open := byte(0)
	if t.isPunct(j, '(') || t.isPunct(j, '[') {
		open = t.toks[j].ch
		j++
	}
	meaning := Meaning("")
	for x := 0; x < 6 && j < end; x++ {
		if t.isPunct(j, '=') || t.isPunct(j, ':') || (t.isPunct(j, '-') && !t.qtyNegAt(j)) {
			lead = true
			j++
			continue
		}
		w := t.low(j)
		if w == "" {
			break
		}
		if m := qtyKeyword(w); m != "" {
			if meaning == "" || meaning == "time" {
				meaning = m
			}
			j++
			continue
		}
		if qtyLeadWord(w) {
			lead = lead || w == "of" || w == "with" || w == "is" || w == "equals" || w == "equal" || w == "at" || w == "for" || w == "has" || w == "having"
			j++
			continue
		}
		break
	}
	cur := t.isPunct(j, '$')
	if cur {
		j++
	}
	neg := false
	if t.qtyNegAt(j) {
		neg = true
		j++
	}
	v, j2, ok := t.qtyNum(j, end)
	if !ok {
		return qtyValue{}, k, false
	}
	j = j2
	if neg {
		v = -v
	}
	if t.isPunct(j, '$') {
		cur = true
		j++
	}
	switch t.low(j) {
	case "am", "pm", "o'clock", "oclock":
		return qtyValue{}, k, false // "leaves at 5 pm": a time of day
	case "thousand", "million", "billion", "hundred":
		j++ // "24 thousand dollars": the number is kept as written
	case "":
		if t.isPunct(j, ':') && t.kind(j+1) == pNum {
			return qtyValue{}, k, false // "at 17:30": a time of day
		}
	}
	unit := proseUnit(t.lex, t.low(j))
	if unit != "" {
		j++
		switch {
		case t.isWord(j, "of") && t.kind(j+1) == pWord && !t.toks[j+1].upper:
			j += 2 // "units of flow", "units of water"
		case t.isWord(j, "per") && t.kind(j+1) == pWord:
			j += 2 // "per hour"
		case t.isPunct(j, '/') && t.kind(j+1) == pWord:
			j += 2 // "km/h"
		}
	}
	switch t.low(j) {
	case "long", "away", "apart":
		if meaning == "" && unit == "" {
			meaning = MeaningDistance
		}
		j++
	case "in":
		if t.isWord(j+1, "length") {
			meaning = MeaningDistance
			j += 2
		}
	case "of":
		if t.isWord(j+1, "capacity", "flow") {
			meaning = MeaningCapacity
			j += 2
		}
	case "each":
		if t.isWord(j+1, "way") {
			j += 2
		}
	}
	if open != 0 {
		closeCh := byte(')')
		if open == '[' {
			closeCh = ']'
		}
		if !t.isPunct(j, closeCh) {
			return qtyValue{}, k, false
		}
		j++
	}
	val := qtyValue{v: v}
	switch {
	case cur:
		val.meaning, val.known = MeaningCost, true
	case meaning != "" && meaning != "time":
		val.meaning, val.known = meaning, true
	case unit != "" && unit != "count" && unit != "time":
		val.meaning, val.known = unit, true
	case meaning == "time" || unit == "time":
		val.meaning, val.known, val.time = MeaningWeight, true, true
	case unit == "count" && c != 0:
		val.meaning = c.defaultMeaning()
		val.known = c == qtyPipe
	}
	if !val.known && !lead && open == 0 && unit == "" {
		return qtyValue{}, k, false
	}
	return val, j, true
}

// qtyNegAt reports whether a '-' at j is the sign of the number after it.
func (t *proseText) qtyNegAt(j int) bool {
	return t.isPunct(j, '-') && t.kind(j+1) == pNum && t.toks[j].e == t.toks[j+1].s &&
		(j == 0 || t.toks[j-1].e < t.toks[j].s)
}

// qtyNum reads a number at j, joining thousands groups ("1,200").
func (t *proseText) qtyNum(j, end int) (float64, int, bool) {
	if j >= end || t.kind(j) != pNum {
		return 0, j, false
	}
	text := t.word(j)
	k := j + 1
	for !strings.Contains(text, ".") && k+1 < end && t.isPunct(k, ',') && t.kind(k+1) == pNum &&
		t.toks[k].s == t.toks[k-1].e && t.toks[k+1].s == t.toks[k].e && t.toks[k+1].e-t.toks[k+1].s == 3 {
		text += t.word(k + 1)
		k += 2
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, j, false
	}
	return v, k, true
}

// qtyFiller reports whether a word may stand in a quantity sentence
// without being read.
func qtyFiller(w string) bool {
	switch w {
	case "there", "are", "runs", "goes", "leads", "going", "running", "leading", "which", "that", "has", "have", "with",
		"graph", "digraph", "multigraph", "contains", "includes", "g",
		"another", "one", "network", "map", "country", "region", "direct", "also", "exists", "exist", "available":
		return true
	}
	return proseFiller(w)
}
