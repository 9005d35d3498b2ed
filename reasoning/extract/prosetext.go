package extract

// The tokens, sentences, names and coverage accounting shared by the
// readers of sentences about named nodes (relationship sentences,
// quantities in prose, precedence). Each reader tokenizes the question once
// with newProse and walks the statement part of every sentence; questions
// and instructions are never read as graph text.
//
// It differs from proseSentences (sentences.go) where names need it: words
// keep inner apostrophes and hyphens ("O'Brien", "Bob's", "one-way"),
// capitalisation is recorded for multi-word names ("New York"), quoted
// names and currency signs are tokens, "St." and "Dr." do not end a
// sentence, and a question keeps the statement before it ("Given that Alice
// and Bob are friends, is ...?").

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/lang"
)

// ptKind is the kind of a prose token.
type ptKind uint8

const (
	pWord  ptKind = iota + 1 // Paris, v1, one-way, O'Brien, Bob's
	pNum                     // 12, 3.5
	pStr                     // 'A', "New York" (text is the content)
	pPunct                   // one symbol; ch says which
)

// ptTok is one token of question text with its byte span.
type ptTok struct {
	// s, e are byte offsets; int32 keeps a token at 12 bytes (a long
	// question has tens of thousands), and tokenize refuses longer texts.
	s, e int32
	kind ptKind
	// ch is the punctuation byte: ASCII punctuation as written, '-' for
	// every dash, '$' for currency signs, '\n' for a line break, '#' for
	// any other symbol.
	ch byte
	// nonASCII marks a word with non-ASCII letters, whose lower case is
	// computed (the others' is a slice of Doc.Lower).
	nonASCII bool
	// upper is set for a word beginning with an upper-case or caseless
	// letter (a capitalised name).
	upper bool
}

// ptSentence is one sentence: tokens [a, b), the statement part [a, q)
// (q < b when the sentence ends in a question: "Alice and Bob are friends,
// so who is Bob's friend?"), and its byte span with the terminator.
type ptSentence struct {
	a, q, b int
	s, e    int
}

// proseText is a question tokenized for the prose readers.
type proseText struct {
	// lex is the lexicon whose words the prose readers read (Options.Lexicon).
	lex   *lang.Lexicon
	text  string
	lower string // Doc.Lower, or text when their lengths differ
	toks  []ptTok
	sents []ptSentence
}

// newProse tokenizes d and splits it into sentences, once per Doc (the
// readers only read it). It stops with the context's error when cancelled.
func newProse(ctx context.Context, d *Doc) (*proseText, error) {
	if !d.proseDone {
		d.prose, d.proseErr = tokenizeProse(ctx, d)
		d.proseDone = true
	}
	return d.prose, d.proseErr
}

func tokenizeProse(ctx context.Context, d *Doc) (*proseText, error) {
	t := &proseText{text: d.Text, lex: d.opt.Lexicon}
	if err := t.tokenize(ctx, d); err != nil {
		return nil, err
	}
	t.split()
	return t, nil
}

func (t *proseText) tokenize(ctx context.Context, d *Doc) error {
	q, low := d.Text, d.Lower
	if len(low) != len(q) {
		low = strings.ToLower(q)
		if len(low) != len(q) {
			low = q
		}
	}
	t.lower = low
	if len(q) > math.MaxInt32 {
		return fmt.Errorf("a question of %d bytes is too long to read as prose (at most %d)", len(q), math.MaxInt32)
	}
	// The tokens grow in a local slice (kept in registers), stored at the end.
	toks := make([]ptTok, 0, len(q)/4+4)
	for i := 0; i < len(q); {
		if len(toks)&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		c := q[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '\n':
			toks = append(toks, ptTok{kind: pPunct, ch: '\n', s: int32(i), e: int32(i + 1)})
			i++
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(q) && q[j] >= '0' && q[j] <= '9' {
				j++
			}
			if j+1 < len(q) && q[j] == '.' && q[j+1] >= '0' && q[j+1] <= '9' {
				j += 2
				for j < len(q) && q[j] >= '0' && q[j] <= '9' {
					j++
				}
			}
			if j < len(q) && ptWordByte(q, j) {
				// "465km" is a number and its unit; "3rd" or "2B" is a word.
				k := ptWordEnd(q, j)
				if proseUnit(t.lex, low[j:k]) != "" {
					toks = append(toks, ptTok{kind: pNum, s: int32(i), e: int32(j)}, ptTok{kind: pWord, s: int32(j), e: int32(k)})
				} else {
					toks = append(toks, ptTok{kind: pWord, s: int32(i), e: int32(k), nonASCII: !proseASCII(q[i:k])})
				}
				i = k
				continue
			}
			toks = append(toks, ptTok{kind: pNum, s: int32(i), e: int32(j)})
			i = j
		case c == '[' && bracketLabelEnd(q, i) > 0:
			// "[Smith2019] cites [Lee2015]": a bracketed label names a node,
			// as a quoted one does.
			j := bracketLabelEnd(q, i)
			toks = append(toks, ptTok{kind: pStr, s: int32(i), e: int32(j + 1)})
			i = j + 1
			continue
		case c == '"' || c == '`' || (c == '\'' && (i == 0 || !ptWordByte(q, i-1))):
			if j := proseQuoteEnd(q, i+1, c); j > 0 {
				toks = append(toks, ptTok{kind: pStr, s: int32(i), e: int32(j + 1)})
				i = j + 1
				continue
			}
			toks = append(toks, ptTok{kind: pPunct, ch: c, s: int32(i), e: int32(i + 1)})
			i++
		case ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z'):
			// An ASCII letter starts a word (what the default case does
			// for any letter, without decoding).
			// ASCII letters and digits first; only a word that goes on
			// past them (an apostrophe, a hyphen, a non-ASCII letter)
			// takes ptWordEnd's slower path.
			j := i + 1
			for j < len(q) && exASCIIWordByte(q[j]) {
				j++
			}
			nonASCII := false
			if j < len(q) && (q[j] >= utf8.RuneSelf || q[j] == '\'' || q[j] == '-') {
				j = ptWordEnd(q, j)
				nonASCII = !proseASCII(q[i:j])
			}
			toks = append(toks, ptTok{kind: pWord, s: int32(i), e: int32(j), upper: c <= 'Z', nonASCII: nonASCII})
			i = j
		case c < utf8.RuneSelf && !ptWordByte(q, i):
			ch := c
			switch c {
			case '(', ')', '[', ']', '{', '}', ',', ';', ':', '.', '?', '!', '=', '-', '$', '&', '/', '\'':
			default:
				ch = '#'
			}
			toks = append(toks, ptTok{kind: pPunct, ch: ch, s: int32(i), e: int32(i + 1)})
			i++
		default:
			r, size := utf8.DecodeRuneInString(q[i:])
			if c == '_' || unicode.IsLetter(r) {
				j := ptWordEnd(q, i)
				up := unicode.IsUpper(r) || (unicode.IsLetter(r) && !unicode.IsLower(r))
				toks = append(toks, ptTok{kind: pWord, s: int32(i), e: int32(j), upper: up, nonASCII: !proseASCII(q[i:j])})
				i = j
				continue
			}
			ch := byte('#')
			switch r {
			case '–', '—', '−', '‐', '‑':
				ch = '-'
			case '€', '£', '¥', '₹':
				ch = '$'
			case '“', '”', '‘', '’':
				ch = '"'
			}
			toks = append(toks, ptTok{kind: pPunct, ch: ch, s: int32(i), e: int32(i + size)})
			i += size
		}
	}
	t.toks = toks
	return nil
}

// proseASCII reports whether a word is all ASCII.
func proseASCII(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// ptWordByte reports whether the rune at q[i] continues a word: a
// letter, a digit or '_', or an apostrophe or hyphen between letters
// ("O'Brien", "Bob's", "one-way", "co-authored").
func ptWordByte(q string, i int) bool {
	c := q[i]
	if c < utf8.RuneSelf {
		if c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') {
			return true
		}
		if (c == '\'' || c == '-') && i > 0 && i+1 < len(q) && proseLetterAt(q, i+1) && proseLetterBefore(q, i) {
			return true
		}
		return false
	}
	r, size := utf8.DecodeRuneInString(q[i:])
	if r == '’' {
		return i > 0 && i+size < len(q) && proseLetterAt(q, i+size) && proseLetterBefore(q, i)
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func proseLetterAt(q string, i int) bool {
	r, _ := utf8.DecodeRuneInString(q[i:])
	return unicode.IsLetter(r)
}

func proseLetterBefore(q string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(q[:i])
	return unicode.IsLetter(r)
}

// ptWordEnd returns the end of the word starting at i.
func ptWordEnd(q string, i int) int {
	for i < len(q) {
		if exASCIIWordByte(q[i]) {
			i++ // the common case, without a call
			continue
		}
		if !ptWordByte(q, i) {
			break
		}
		if q[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(q[i:])
		i += size
	}
	return i
}

// proseQuoteEnd finds the quote closing a string that starts at i, on the
// same line within 64 bytes; 0 when there is none.
func proseQuoteEnd(q string, i int, quote byte) int {
	for j := i; j < len(q) && j < i+64; j++ {
		switch q[j] {
		case '\n':
			return 0
		case quote:
			if j == i {
				return 0
			}
			return j
		}
	}
	return 0
}

// bracketLabelEnd returns the index of the ']' that closes a bracketed
// label at q[i] == '[' ("[Smith2019]", "[PAY-12]"): a letter, then two to
// 47 more letters, digits, '-', '_' or '.', no space; not a list ("[1,
// 2]", "['a']"), a Markdown link ("[text](url)") or a wiki link
// ("[[Page]]"). It returns 0 when there is none.
func bracketLabelEnd(q string, i int) int {
	if i > 0 && (q[i-1] == '[' || ptWordByte(q, i-1)) || i+1 >= len(q) || !isLetterByte(q[i+1]) {
		return 0
	}
	for j := i + 2; j < len(q) && j < i+49; j++ {
		c := q[j]
		switch {
		case c == ']':
			if j < i+3 || j+1 < len(q) && (q[j+1] == '(' || q[j+1] == ']' || q[j+1] == '[') {
				return 0
			}
			return j
		case isLetterByte(c) || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.':
		default:
			return 0
		}
	}
	return 0
}

// split cuts the tokens into sentences at '.', '!', '?', ';' and line
// breaks. A line break after a word that cannot end a clause ("and",
// "from") continues the sentence; a period after "Mr", "Dr" or "St" does
// not end it.
func (t *proseText) split() {
	// Room for as many sentences as there are tokens that may end one.
	n := 1
	for i := range t.toks {
		if k := &t.toks[i]; k.kind == pPunct {
			switch k.ch {
			case '.', '!', '?', ';', '\n':
				n++
			}
		}
	}
	sents := make([]ptSentence, 0, n)
	a := 0
	for i := 0; i <= len(t.toks); i++ {
		if i < len(t.toks) && (t.toks[i].kind != pPunct || !t.ends(i)) {
			continue // only a symbol ends a sentence
		}
		if i > a || i < len(t.toks) {
			s := ptSentence{a: a, q: i, b: i}
			if a < len(t.toks) {
				s.s = int(t.toks[a].s)
			}
			s.e = s.s
			if i < len(t.toks) {
				s.e = int(t.toks[i].e)
			} else if i > a {
				s.e = int(t.toks[i-1].e)
			}
			if i > a {
				// A list marker ("1.", "2)", "(a)", "-", "*", "•") is part of
				// the sentence's span but not of its statement.
				s.a = t.pastMarker(a, i)
				s.q, s.b = i, i
				if s.a < i {
					s.q = t.statementEnd(s.a, i, i < len(t.toks) && t.toks[i].ch == '?')
					sents = append(sents, s)
				}
			}
		}
		a = i + 1
	}
	t.sents = sents
}

// pastMarker returns the first token after a list marker at a, a when
// there is none.
func (t *proseText) pastMarker(a, b int) int {
	switch {
	case a+1 < b && (t.kind(a) == pNum || t.kind(a) == pWord && len(t.word(a)) == 1) && (t.isPunct(a+1, ')') || t.isPunct(a+1, '.')):
		return a + 2
	case a+2 < b && t.isPunct(a, '(') && (t.kind(a+1) == pNum || t.kind(a+1) == pWord && len(t.word(a+1)) <= 2) && t.isPunct(a+2, ')'):
		return a + 3
	case a+1 < b && (t.isPunct(a, '-') || t.isPunct(a, '*') || t.isPunct(a, '#')):
		return a + 1
	}
	return a
}

// ends reports whether token i ends a sentence.
func (t *proseText) ends(i int) bool {
	k := t.toks[i]
	if k.kind != pPunct {
		return false
	}
	switch k.ch {
	case '!', '?', ';':
		return true
	case '.':
		// "1. Alice and Bob are friends": the number of a list item at the
		// start of a line.
		if i > 0 && t.toks[i-1].kind == pNum && t.toks[i-1].e == k.s && (i == 1 || t.isPunct(i-2, '\n')) &&
			i+1 < len(t.toks) && t.toks[i+1].s > k.e && !t.isPunct(i+1, '\n') {
			return false
		}
		if i > 0 && t.toks[i-1].kind == pWord && t.toks[i-1].e == k.s {
			switch t.low(i - 1) {
			case "mr", "mrs", "ms", "dr", "st", "prof", "jr", "sr", "mt", "ft", "vs", "approx":
				return false
			}
		}
		return true
	case '\n':
		if i > 0 && t.toks[i-1].kind == pWord {
			switch t.low(i - 1) {
			case "and", "or", "to", "from", "of", "with", "between", "by", "the", "an", "is", "are", "before", "after", "than":
				return false
			case "a":
				return t.word(i-1) != "a" // the article, not the node "A"
			}
		}
		return true
	}
	return false
}

// statementEnd returns where the statement part of sentence [a, b) ends:
// a at once for an instruction ("Find the shortest route ...", "Give a
// visiting order"); for a question, the start of its questioning clause
// (b stays when a statement ends in '?' without one, which is then a
// question as a whole: a).
func (t *proseText) statementEnd(a, b int, question bool) int {
	i := a
	for i < b && (t.isWord(i, "q", "question", "please", "now", "so", "then", "finally", "next", "also", "and", "lastly") ||
		t.isPunct(i, ':') || t.isPunct(i, ',') || t.isPunct(i, '\n')) {
		i++
	}
	if i < b && proseTaskStart(t.low(i)) {
		return a
	}
	// A condition is not a statement ("If Alice and Bob are friends, then
	// ..."), except as the premise of a question: "If A depends on B and B
	// depends on C, in what order ...?" reads the premise.
	premise := question && t.isWord(i, "if", "suppose", "assuming") && t.premiseAsks(i, b)
	for j := i; j < b && !premise; j++ {
		if k := &t.toks[j]; k.kind != pWord || !k.nonASCII && (k.e-k.s < 2 || k.e-k.s > 7) {
			continue // no condition word (an ASCII word's lower case is as long)
		}
		if proseConditional(t.low(j)) {
			b, question = j, false
			break
		}
	}
	if !question {
		return b
	}
	for j := i + 1; j < b; j++ {
		if !(t.isPunct(j-1, ',') || t.isPunct(j-1, ':') || t.isWord(j-1, "so", "then", "but")) {
			continue
		}
		if proseTaskStart(t.low(j)) || t.isWord(j, "in", "to", "for", "from", "with", "by", "at") && proseTaskStart(t.low(j+1)) && j+1 < b {
			k := j - 1
			for k > a && (t.isPunct(k, ',') || t.isPunct(k, ':') || t.isWord(k, "so", "then", "but", "and")) {
				k--
			}
			return k + 1
		}
	}
	return a
}

// proseConditional reports whether w opens a condition ("if", "unless",
// "whether", "iff"). A switch, as statementEnd asks it of every word.
func proseConditional(w string) bool {
	switch w {
	case "if", "unless", "whether", "iff":
		return true
	}
	return false
}

// premiseAsks reports whether a sentence opening with "If" at i asks its
// question after a comma: "If P, how many ...?" (not "If P, then Q.").
func (t *proseText) premiseAsks(i, b int) bool {
	for j := i + 1; j+1 < b; j++ {
		if !t.isPunct(j, ',') {
			continue
		}
		k := j + 1
		if t.isWord(k, "in", "to", "for", "from", "with", "by", "at") {
			k++ // "in what order", "to whom"
		}
		if k < b && proseTaskStart(t.low(k)) && !t.isWord(k, "is", "are", "was", "were", "has", "have", "can", "will", "should", "may") {
			return true
		}
	}
	return false
}

// proseTaskStart reports whether a clause beginning with w asks or
// instructs rather than states.
func proseTaskStart(w string) bool {
	switch w {
	case "how", "what", "which", "who", "whom", "whose", "where", "when", "why", "whether", "whats", "hows", "whos", "wheres",
		"is", "are", "was", "were", "does", "do", "did", "can", "could", "would", "will", "should", "may", "has", "have",
		"find", "give", "list", "compute", "calculate", "determine", "output", "return", "print", "tell", "show",
		"name", "count", "identify", "report", "describe", "explain", "state", "answer", "check", "decide",
		"provide", "write", "select", "choose", "predict", "classify", "rank", "sort", "arrange", "enumerate",
		"estimate", "verify", "confirm", "say", "plan", "schedule", "order", "suggest", "recommend", "evaluate", "get":
		return true
	}
	return false
}

// isWord reports whether token i is one of the words ws (lower case, not
// empty: low returns "" for a token that is no word).
func (t *proseText) isWord(i int, ws ...string) bool {
	lw := t.low(i)
	for _, w := range ws {
		if lw == w {
			return true
		}
	}
	return false
}

func (t *proseText) isPunct(i int, c byte) bool {
	return i >= 0 && i < len(t.toks) && t.toks[i].kind == pPunct && t.toks[i].ch == c
}

// word returns token i as written.
func (t *proseText) word(i int) string {
	return t.text[t.toks[i].s:t.toks[i].e]
}

func (t *proseText) low(i int) string {
	if uint(i) >= uint(len(t.toks)) {
		return ""
	}
	k := &t.toks[i]
	if k.kind != pWord {
		return ""
	}
	if k.nonASCII {
		return strings.ToLower(t.text[k.s:k.e])
	}
	return t.lower[k.s:k.e]
}

// proseName is a node name read from the text: its ID and token range.
type proseName struct {
	id string
	a  int // first token (a kind noun such as "node" included)
	b  int // after the last token
	// poss marks a possessive ("Bob's").
	poss bool
	// numeric marks a number ("node 3", "3"); kind marks a kind noun
	// before it ("task X", "course CS101"), kindWord is that noun.
	numeric, kind bool
	kindWord      string
	// phrase marks a lower-case noun phrase read as a place ("the park").
	phrase bool
	// lower marks a lower-case word read as a name ("ana"), see
	// namesLowerWords.
	lower bool
}

// proseLowerName reports whether a lower-case word may be a name where
// namesLowerWords allows it: letters (a hyphen or apostrophe inside), at
// least two, and no function word, pronoun or word of the prose notations.
func proseLowerName(lx *lang.Lexicon, w string) bool {
	if len(w) < 2 || len(w) > 24 || proseVocab(lx, w) || relTrigger(lx, w) || proseLowerStop(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if (c < 'a' || c > 'z') && !((c == '-' || c == '\'') && i > 0 && i < len(w)-1) {
			return false
		}
	}
	return true
}

// proseLowerDeterminer reports whether w is a determiner before a
// lower-case noun that names a node where namesLowerWords allows it ("the
// router", "my laptop").
func proseLowerDeterminer(w string) bool {
	switch w {
	case "the", "my", "our", "your", "his", "her", "their":
		return true
	}
	return false
}

// proseLowerStop reports whether a lower-case word is an English function
// word, pronoun or common adverb that proseVocab does not already list.
func proseLowerStop(w string) bool {
	switch w {
	case "me", "him", "them", "us", "itself", "himself", "herself", "themselves", "myself", "yourself", "ourselves",
		"everyone", "everybody", "someone", "somebody", "anyone", "anybody", "nobody", "noone", "everything",
		"something", "anything", "nothing", "people", "person", "others", "another", "any", "many", "much",
		"more", "most", "few", "less", "least", "only", "just", "even", "still", "always", "never", "often",
		"usually", "sometimes", "naturally", "clearly", "directly", "really", "very", "quite", "rather", "into",
		"onto", "upon", "about", "over", "under", "through", "between", "among", "without", "within", "than",
		"like", "via", "per", "not", "no", "nor", "yet", "mine", "yours", "ours", "theirs", "whoever", "whatever",
		"whichever", "whom", "such", "same", "own", "other", "else", "here", "there", "where", "when", "why",
		"how", "am", "be", "been", "being", "do", "does", "did", "done", "doing", "had", "having", "let", "lets",
		"instructions", "rules", "steps", "lemma", "theorem", "proof", "definition", "notation", "example",
		"below", "above", "following", "previous", "format", "output", "input", "answer", "question":
		return true
	}
	return false
}

// nameOpts says which atoms count as names where a name is read.
type nameOpts uint8

const (
	// namesNumbers: a bare number is a name ("from 1 to 2"); after a kind
	// noun ("node 3") a number always is.
	namesNumbers nameOpts = 1 << iota
	// namesLetters: a lone lower-case letter is a name ("from s to a").
	namesLetters
	// namesLowerWords: a lower-case word that is no English function word
	// or prose-notation word is a name ("ana follows ben"); the reader
	// that asks for it checks by structure that such words are names.
	namesLowerWords
)

func (o nameOpts) numbers() bool    { return o&namesNumbers != 0 }
func (o nameOpts) letters() bool    { return o&namesLetters != 0 }
func (o nameOpts) lowerWords() bool { return o&namesLowerWords != 0 }

// nameAt reads one node name at token i, before end. first is the first
// token of the clause, where a capitalised English word ("Friends",
// "Roads") is not a name.
func (t *proseText) nameAt(i, end, first int, o nameOpts) (proseName, bool) {
	if i >= end {
		return proseName{}, false
	}
	if lw := t.low(i); proseKindNoun(lw) && i+1 < end && !t.kindInName(i, end) {
		if n, ok := t.atom(i+1, end, first, namesNumbers|namesLetters, true); ok {
			n.a, n.kind, n.kindWord = i, true, lw
			return n, true
		}
		return proseName{}, false
	}
	return t.atom(i, end, first, o, false)
}

// kindInName reports whether a capitalised kind noun at i begins a
// multi-word name ("Machine Learning", "Computer Science", "Union Station")
// rather than naming the kind of the name after it ("Node A", "Task X",
// "City Paris").
func (t *proseText) kindInName(i, end int) bool {
	k := t.toks[i]
	if !k.upper || i+1 >= end || t.toks[i+1].kind != pWord || !t.toks[i+1].upper ||
		utf8.RuneCountInString(t.word(i+1)) < 2 || proseCapStop(t.low(i+1)) {
		return false
	}
	switch t.low(i) {
	case "node", "vertex", "task", "job", "step", "course", "user", "person", "player", "city", "town", "village", "member":
		return false
	}
	return true
}

// atom reads a name without a kind noun.
func (t *proseText) atom(i, end, first int, o nameOpts, afterKind bool) (proseName, bool) {
	k := t.toks[i]
	switch k.kind {
	case pNum:
		if !o.numbers() || (i+1 < end && t.toks[i+1].kind == pWord && proseUnitOrTime(t.lex, t.low(i+1))) {
			return proseName{}, false
		}
		return proseName{id: t.word(i), a: i, b: i + 1, numeric: true}, true
	case pStr:
		s := strings.TrimSpace(t.text[k.s+1 : k.e-1])
		if s == "" || len(s) > 48 {
			return proseName{}, false
		}
		return proseName{id: s, a: i, b: i + 1}, true
	case pWord:
	default:
		return proseName{}, false
	}
	if o.lowerWords() && !afterKind && proseLowerDeterminer(t.low(i)) && i+1 < end && t.toks[i+1].kind == pWord &&
		!t.toks[i+1].upper && (proseLowerName(t.lex, t.low(i+1)) || proseKindNoun(t.low(i+1)) && !proseOrderNoun(t.low(i+1))) {
		// "the router", "my laptop": the noun names the node.
		return proseName{id: t.low(i + 1), a: i, b: i + 2, lower: true}, true
	}
	w := t.word(i)
	if proseHasDigit(w) && !(w[0] >= '0' && w[0] <= '9' && !afterKind && !o.numbers()) {
		if w[0] >= '0' && w[0] <= '9' && proseOrdinal(t.low(i)) {
			return proseName{}, false
		}
		return proseName{id: w, a: i, b: i + 1}, true
	}
	if utf8.RuneCountInString(w) == 1 {
		switch {
		case w == "I" && !afterKind:
			return proseName{}, false // the pronoun; "node I" is a name
		case w == "a" || w == "A":
			if !afterKind && t.articleAt(i, end) {
				return proseName{}, false
			}
			if w == "a" && !o.letters() && !afterKind {
				return proseName{}, false
			}
		case !k.upper && !o.letters() && !afterKind:
			return proseName{}, false
		}
		return proseName{id: w, a: i, b: i + 1}, true
	}
	if !k.upper {
		if o.lowerWords() && !afterKind && proseLowerName(t.lex, t.low(i)) {
			return proseName{id: w, a: i, b: i + 1, lower: true}, true
		}
		return proseName{}, false
	}
	if lw := t.low(i); (proseCapStop(lw) && !(proseKindNoun(lw) && t.kindInName(i, end))) || (i == first && proseVocab(t.lex, lw) && !proseKindNoun(lw)) {
		return proseName{}, false
	}
	// A capitalised run: "New York", "Mary Jane", "St. Louis", "Rio de Janeiro".
	j := i + 1
	poss := false
	for {
		if p := t.low(j - 1); strings.HasSuffix(p, "'s") || strings.HasSuffix(p, "’s") {
			poss = true
			break
		}
		if j-i > proseMaxNameTokens {
			// A longer capitalised run is a title or shouting, not a name;
			// stopping here also keeps every start inside the run cheap.
			return proseName{}, false
		}
		if j >= end {
			break
		}
		nk := t.toks[j]
		switch {
		case nk.kind == pWord && nk.upper && utf8.RuneCountInString(t.word(j)) > 1 && nk.s-t.toks[j-1].e <= 1 &&
			(!proseCapStop(t.low(j)) || proseKindNoun(t.low(j))):
			j++
			continue
		case nk.kind == pPunct && nk.ch == '.' && t.isAbbrev(j-1) && j+1 < end && t.toks[j+1].kind == pWord && t.toks[j+1].upper:
			j += 2
			continue
		case nk.kind == pWord && proseNameJoiner(t.low(j)) && j+1 < end && t.toks[j+1].kind == pWord && t.toks[j+1].upper &&
			utf8.RuneCountInString(t.word(j+1)) > 1 && !proseCapStop(t.low(j+1)):
			j += 2
			continue
		}
		break
	}
	id := t.text[k.s:t.toks[j-1].e]
	if poss {
		id = strings.TrimSuffix(strings.TrimSuffix(id, "'s"), "’s")
	}
	if strings.ContainsAny(id, "\t\r") || strings.Contains(id, "  ") {
		id = strings.Join(strings.Fields(id), " ")
	}
	if id == "" {
		return proseName{}, false
	}
	return proseName{id: id, a: i, b: j, poss: poss}, true
}

// proseUnitOrTime reports whether a word after a number makes the number
// a quantity or a time, not a node ("5 km", "2 days").
func proseUnitOrTime(lx *lang.Lexicon, w string) bool {
	return proseUnit(lx, w) != "" || proseTimeWord(w)
}

// proseMaxNameTokens is the most tokens a multi-word name spans
// ("Ludwig van Beethoven", "Rio de Janeiro", "St. Louis").
const proseMaxNameTokens = 6

// articleAt reports whether "a"/"A" at i is the article: it is followed by
// a lower-case word that is not a verb or a connective of the prose
// notations ("A road from ...", but "A comes before B", "from s to a and").
func (t *proseText) articleAt(i, end int) bool {
	if i+1 >= end || t.toks[i+1].kind != pWord {
		return false
	}
	n := t.toks[i+1]
	if n.upper {
		return t.word(i) == "a" || i+1 >= end
	}
	return !proseFollowsName(t.lex, t.low(i+1))
}

// isAbbrev reports whether word i is a title or an abbreviation that takes
// a period inside a name ("Dr. Smith", "St. Louis").
func (t *proseText) isAbbrev(i int) bool {
	switch t.low(i) {
	case "mr", "mrs", "ms", "dr", "st", "prof", "mt", "ft", "jr", "sr":
		return true
	}
	return false
}

// nameList reads names joined by ",", "and", ", and", "&", "as well as"
// and "plus" at i: "Bob, Carol and Dave", "nodes 1, 2 and 3", "node 1 and
// node 2". It returns no names when there is none at i.
func (t *proseText) nameList(i, end, first int, o nameOpts) ([]proseName, int) {
	return t.nameListInto(nil, i, end, first, o)
}

// nameListInto is nameList appending the names to dst[:0], so a caller
// that only looks at the list passes room on its stack: the readers try a
// list at almost every token.
func (t *proseText) nameListInto(dst []proseName, i, end, first int, o nameOpts) ([]proseName, int) {
	if t.isWord(i, "both", "either") {
		i++
	}
	if proseKindPlural(t.low(i)) {
		o = namesNumbers | namesLetters
		i++
		if t.isPunct(i, ':') {
			i++
		}
	}
	names := dst[:0]
	for {
		n, ok := t.nameAt(i, end, first, o)
		if !ok {
			break
		}
		if len(names) == 0 && n.kind && n.numeric {
			o |= namesNumbers
		}
		names = append(names, n)
		j := n.b
		if n.poss {
			break
		}
		switch {
		case t.isPunct(j, ','):
			j++
			if t.isWord(j, "and") {
				j++
			}
		case t.isWord(j, "and", "plus") || t.isPunct(j, '&'):
			j++
		case t.isWord(j, "as") && t.isWord(j+1, "well") && t.isWord(j+2, "as"):
			j += 3
		}
		if j == n.b {
			i = j
			break
		}
		if _, ok := t.nameAt(j, end, first, o); !ok {
			i = n.b
			break
		}
		i = j
	}
	if len(names) == 0 {
		return nil, i
	}
	return names, names[len(names)-1].b
}

// listJoined reports whether the last two names of a list are joined by
// a conjunction ("B and C", "B & C", "B as well as C"), not a comma alone.
func (t *proseText) listJoined(names []proseName) bool {
	for k := names[len(names)-2].b; k < names[len(names)-1].a; k++ {
		if t.isWord(k, "and", "plus", "as") || t.isPunct(k, '&') {
			return true
		}
	}
	return false
}

// pastList returns where a reader that found nothing at token i goes on:
// past a list of names starting at i (every later start inside the list
// would read a shorter list before the same words, so a long list is not
// read again and again), else the next token.
func (t *proseText) pastList(i int, s ptSentence, o nameOpts) int {
	var room [8]proseName
	names, j := t.nameListInto(room[:0], i, s.q, s.a, o)
	return listNext(i, names, j)
}

// listNext is pastList's answer from the list read at token i: names and
// the token after them.
func listNext(i int, names []proseName, j int) int {
	if len(names) > 2 {
		return names[len(names)-2].b
	} else if j > i+1 && len(names) == 2 {
		return names[0].b
	}
	return i + 1
}

// listSkip keeps pastList's answer for token at, from a reader that read
// the same list there (nameList(at, s.q, s.a, o) with pastList's o), so
// the list is not read again when the reader found nothing.
type listSkip struct{ at, next int }

// pastListSkip is pastList, taking the answer from skip when it was kept
// for token i.
func (t *proseText) pastListSkip(i int, s ptSentence, o nameOpts, skip listSkip) int {
	if skip.at == i {
		return skip.next
	}
	return t.pastList(i, s, o)
}

// account turns the token ranges a reader matched in sentence s into
// spans. When everything in the statement part outside the matches is
// filler, the whole sentence is one span (terminator included); otherwise
// each match is a span and partial is set, with the leftover words. The
// spans are appended to dst.
func (t *proseText) account(dst []Span, s ptSentence, matched [][2]int, filler func(i int) bool) (spans []Span, leftover []string) {
	// A header ending in ':' before the first match ("In a directed graph
	// with 5 nodes numbered from 0 to 4:", "Course rules:") is not this
	// notation's text: it is left to the readers of declarations.
	if len(matched) > 0 {
		for i := matched[0][0] - 1; i > s.a; i-- {
			if t.isPunct(i, ':') {
				s.a, s.s = i+1, int(t.toks[i+1].s)
				break
			}
		}
		// So is a short frame ending in ',' ("Among my coworkers,", "So in
		// my class,"): it says where the statements hold, not what.
		// (A frame is a word and a comma at least: none before a match at
		// s.a or s.a+1.)
		if matched[0][0] > s.a+1 {
			if f := t.frameEnd(s.a, matched[0][0]); f > s.a {
				s.a, s.s = f, int(t.toks[f].s)
			}
		}
	}
	// A token is covered when a match holds it; the readers append their
	// matches in text order, so one pointer walks them (sorted first when
	// a reader did not).
	if !slices.IsSortedFunc(matched, func(x, y [2]int) int { return x[0] - y[0] }) {
		matched = slices.Clone(matched)
		slices.SortFunc(matched, func(x, y [2]int) int { return x[0] - y[0] })
	}
	k, coverEnd := 0, 0
	for i := s.a; i < s.q; i++ {
		for k < len(matched) && matched[k][0] <= i {
			coverEnd = max(coverEnd, matched[k][1])
			k++
		}
		if i < coverEnd || t.toks[i].kind == pPunct || filler(i) {
			continue
		}
		if len(leftover) < 6 {
			leftover = append(leftover, t.text[t.toks[i].s:t.toks[i].e])
		}
	}
	if len(leftover) == 0 {
		end := s.e
		if s.q < s.b {
			end = int(t.toks[s.q-1].e)
		}
		return append(dst, Span{Start: s.s, End: end, Role: RoleGraph}), nil
	}
	spans = dst
	for _, m := range matched {
		if m[1] > m[0] {
			spans = append(spans, Span{Start: int(t.toks[m[0]].s), End: int(t.toks[m[1]-1].e), Role: RoleGraph})
		}
	}
	return spans, leftover
}

// proseFiller reports whether a word may stand around prose graph
// statements without changing them ("also", "moreover", "there").
func proseFiller(w string) bool {
	switch w {
	case "and", "also", "then", "moreover", "furthermore", "additionally", "finally", "similarly", "likewise",
		"too", "as", "well", "while", "whereas", "but", "however", "meanwhile", "besides", "lastly", "next",
		"first", "firstly", "second", "secondly", "third", "thirdly", "so", "in", "addition", "that", "given",
		"suppose", "assume", "we", "know", "known", "it", "is", "the", "a", "an", "of", "further",
		"plus", "note", "here", "following", "facts", "fact", "true", "statement", "statements", "each", "other", "all",
		"our", "my", "their", "his", "her", "your", "this", "these", "those", "there's", "here's",
		"there’s", "here’s", "it's", "it’s", "if", "assuming":
		return true
	}
	return false
}

// proseKindNoun reports whether w names what a node is and is followed
// by its ID ("node 3", "task X", "city Paris").
func proseKindNoun(w string) bool {
	switch w {
	case "node", "vertex", "task", "job", "course", "step", "stage", "phase", "module", "class", "lecture",
		"activity", "event", "chapter", "item", "project", "subject", "lesson", "person", "user", "member",
		"city", "town", "village", "station", "airport", "port", "site", "server", "host", "router", "computer",
		"machine", "house", "building", "location", "place", "point", "junction", "intersection", "stop", "hub",
		"warehouse", "factory", "store", "shop", "account", "player", "student", "employee", "agent", "unit", "level", "package", "library",
		"page", "webpage", "article", "document":
		return true
	}
	return false
}

// proseOrderNoun reports whether a kind noun names something that is
// ordered rather than a person or place ("step 2 follows step 1" is an
// order, "user 8 follows user 7" a relationship).
func proseOrderNoun(w string) bool {
	switch w {
	case "node", "vertex", "task", "job", "course", "step", "stage", "phase", "module", "class", "lecture",
		"activity", "event", "chapter", "item", "project", "subject", "lesson", "unit", "level", "package", "library":
		return true
	}
	return false
}

// proseKindPlural reports whether w is the plural of a kind noun ("nodes
// 1, 2 and 3").
func proseKindPlural(w string) bool {
	switch w {
	case "nodes", "vertices", "tasks", "jobs", "courses", "steps", "stages", "phases", "modules", "classes",
		"lectures", "activities", "events", "chapters", "items", "projects", "subjects", "lessons", "people",
		"persons", "users", "members", "cities", "towns", "villages", "stations", "airports", "ports", "sites",
		"servers", "hosts", "routers", "computers", "machines", "houses", "buildings", "locations", "places",
		"points", "junctions", "intersections", "stops", "hubs", "players", "students", "employees", "agents", "packages",
		"pages", "webpages", "articles", "documents":
		return true
	}
	return false
}

// proseCapStop reports whether a capitalised word is a function word or a
// graph word, never part of a name.
func proseCapStop(w string) bool {
	switch w {
	case "the", "a", "an", "there", "this", "that", "these", "those", "it", "its", "in", "on", "at", "of", "if",
		"then", "and", "but", "or", "so", "also", "each", "every", "all", "some", "both", "either", "neither", "how",
		"what", "which", "who", "whom", "whose", "why", "when", "where", "is", "are", "was", "were", "does", "do",
		"did", "can", "could", "would", "will", "should", "must", "given", "consider", "suppose", "assume", "let",
		"find", "q", "we", "you", "they", "he", "she", "i", "my", "our", "your", "their", "his", "her", "note",
		"now", "here", "for", "from", "to", "with", "by", "after", "before", "yes", "no", "not", "true", "false",
		"question", "answer", "graph", "edge", "edges", "moreover", "however", "finally", "first", "second",
		"next", "last", "furthermore", "additionally", "meanwhile", "besides", "similarly", "likewise",
		"please", "give", "list", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "while", "whereas", "because":
		return true
	}
	return proseKindNoun(w) || proseKindPlural(w)
}

// proseVocab reports whether a word is part of the prose notations'
// vocabulary, so a capitalised form at the start of a clause is that
// word, not a name ("Friends of ...", "Roads connect ...").
func proseVocab(lx *lang.Lexicon, w string) bool {
	return proseCapStop(w) || proseFollowsName(lx, w) || lx.NounDir(w) != 0 || qtyNounClass(lx, w) != 0 ||
		proseFiller(w) || proseTaskStart(w)
}

// proseFollowsName reports whether w is a verb or connective that follows
// a name in the prose notations; after "a" it makes "a" a name ("a and b
// are friends", "A comes before B", "from s to a carries").
func proseFollowsName(lx *lang.Lexicon, w string) bool {
	switch w {
	case "and", "or", "to", "is", "are", "was", "were", "has", "have", "had", "must", "should", "can", "cannot",
		"will", "need", "comes", "come", "goes", "precedes", "knows",
		"carries", "carry", "costs", "cost", "with", "of", "before", "after", "then", "also", "wrote", "met",
		"that", "which", "in", "at", "for", "by",
		"via", "plus", "as", "may", "might", "would", "could", "shall", "happens", "occurs", "starts",
		"begins", "finishes", "ends", "waits", "weighing", "having", "capacity",
		"long", "from", "than", "only", "first", "not", "isn't", "doesn't", "aren't", "can't":
		return true
	}
	// "depends", "manages", "married": the lexicon's relation verbs.
	return lx.Word(w).Has(lang.RelationVerb)
}

// proseNameJoiner reports whether a lower-case word joins two capitalised
// words into one name ("Rio de Janeiro", "Ludwig van Beethoven").
func proseNameJoiner(w string) bool {
	switch w {
	case "de", "da", "del", "della", "di", "do", "dos", "das", "van", "von", "der", "den", "la", "le", "du", "bin", "al", "el", "y":
		return true
	}
	return false
}

// proseTimeWord reports whether a word after a number makes it a time or
// date rather than a node ("before 5 pm", "after 2 days").
func proseTimeWord(w string) bool {
	switch w {
	case "am", "pm", "o'clock", "oclock", "days", "day", "weeks", "week", "months", "month", "years", "year",
		"hours", "hour", "minutes", "minute", "seconds", "second", "percent", "times", "%":
		return true
	}
	return false
}

func proseHasDigit(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			return true
		}
	}
	return false
}

// proseOrdinal reports whether a word is an ordinal number ("1st", "22nd").
func proseOrdinal(w string) bool {
	n := len(w)
	if n < 3 {
		return false
	}
	switch w[n-2:] {
	case "st", "nd", "rd", "th":
		_, err := strconv.Atoi(w[:n-2])
		return err == nil
	}
	return false
}

// proseUnit returns the meaning a unit word of the lexicon gives the
// number before it ("km" → distance), "time" for units of time, "count"
// for plain "units", and "" when w is no unit.
func proseUnit(lx *lang.Lexicon, w string) Meaning {
	switch lx.Unit(w) {
	case lang.Distance:
		return MeaningDistance
	case lang.Cost:
		return MeaningCost
	case lang.Capacity:
		return MeaningCapacity
	case lang.Time:
		return "time"
	case lang.Count:
		return "count"
	}
	return ""
}

// keySentence reports whether sentence s explains a notation ("(i,j)
// means that node i and node j are connected", "an edge (u, v) denotes
// ..."): its symbols are never edges.
func (t *proseText) keySentence(s ptSentence) bool {
	for i := s.a; i < s.b; i++ {
		k := &t.toks[i]
		if k.kind == pPunct && k.ch == '(' && t.letterTuple(i) {
			return true
		}
		if k.kind != pWord {
			continue
		}
		switch t.low(i) {
		case "means", "mean", "meaning", "denote", "denotes", "denoted", "represent", "represents", "represented",
			"indicate", "indicates", "indicated", "signify", "signifies", "notation", "format", "stands", "iff":
			return true
		case "refers", "refer":
			return t.isWord(i+1, "to")
		case "i":
			if t.isPunct(i+1, '.') && t.isWord(i+2, "e") {
				return true
			}
		}
	}
	return false
}

// letterTuple reports whether a tuple of single letters opens at i, as in
// a notation key: "(u, v, w) is an edge from u to v with weight w", "where
// (i, j) ...".
func (t *proseText) letterTuple(i int) bool {
	k := i + 1
	n := 0
	for ; k < len(t.toks) && n < 5; k++ {
		if t.kind(k) != pWord || utf8.RuneCountInString(t.word(k)) != 1 {
			return false
		}
		n++
		k++
		if t.isPunct(k, ')') {
			break
		}
		if !t.isPunct(k, ',') {
			return false
		}
	}
	return n >= 2 && n <= 4 && t.isPunct(k, ')') && (t.isWord(k+1, "is", "are", "denotes", "means", "represents", "indicates") ||
		t.isWord(i-1, "where", "when", "each", "an", "a", "edge", "edges", "tuple", "tuples", "pair", "pairs", "triple", "triples"))
}

// proseBuild assembles a Reading from the edges the prose readers find:
// nodes in order of first appearance, symmetric and one-way edges, spans
// and the lowest confidence seen.
type proseBuild struct {
	r     Reading
	seen  nodeSet
	notes map[string]struct{}
	// partial counts the sentences read only in part; the first few are
	// named in notes.
	partial int
	// sym marks the edges written as symmetric ("X and Y are friends", "a
	// road between A and B"); one counts the one-way ones.
	sym []bool
	one int
}

func newProseBuild(name string) *proseBuild {
	return &proseBuild{r: Reading{Reader: name, Confidence: 1}, notes: map[string]struct{}{}}
}

// node records a node named by the text at byte offset at.
func (b *proseBuild) node(id string, at int) {
	if !b.seen.add(id) {
		return
	}
	b.r.Nodes = append(b.r.Nodes, id)
	b.r.NodeStarts = append(b.r.NodeStarts, at)
}

// growEdges makes room for n more edges, so a reader that knows how many
// it read appends them without regrowing.
func (b *proseBuild) growEdges(n int) {
	// Room for as many named nodes as edges: a long list of edges has
	// about as many nodes or fewer, and a map grown step by step rehashes
	// every node several times.
	b.seen.hint = max(b.seen.hint, n)
	b.r.Edges = slices.Grow(b.r.Edges, n)
	b.sym = slices.Grow(b.sym, n)
}

// edge records an edge u→v (u–v when sym) written at text bytes [s, e).
func (b *proseBuild) edge(u, v string, sym bool, s, e int) *Edge {
	b.node(u, s)
	b.node(v, s)
	b.r.Edges = append(b.r.Edges, Edge{U: u, V: v, Start: s, End: e})
	b.sym = append(b.sym, sym)
	if !sym {
		b.one++
	}
	return &b.r.Edges[len(b.r.Edges)-1]
}

// lower caps the confidence at c and records why.
func (b *proseBuild) lower(c float64, note string) {
	b.r.Confidence = min(b.r.Confidence, c)
	if _, ok := b.notes[note]; note != "" && !ok {
		b.notes[note] = struct{}{}
		b.r.Notes = append(b.r.Notes, note)
	}
}

// sentence records the spans of a read sentence, lowering the confidence
// when words of it were left unread.
func (b *proseBuild) sentence(t *proseText, s ptSentence, matched [][2]int, filler func(int) bool) {
	var left []string
	b.r.Spans, left = t.account(b.r.Spans, s, matched, filler)
	if len(left) > 0 {
		b.partial++
		b.r.partial = true
		if b.partial <= proseNamedPartial {
			b.lower(0.7, "only part of the sentence "+strconv.Quote(proseClip(t.text[s.s:s.e]))+" was read; not understood: "+strings.Join(left, " "))
		}
	}
}

// finish sets the direction and returns the reading, the zero Reading when
// nothing was read. A reading with both symmetric and one-way edges is
// directed, its symmetric edges going both ways.
func (b *proseBuild) finish() Reading {
	if len(b.r.Spans) == 0 && len(b.r.Nodes) == 0 {
		return Reading{}
	}
	if n := b.partial - proseNamedPartial; n > 0 {
		b.lower(0.7, fmt.Sprintf("%d more sentences were read only in part", n))
	}
	switch {
	case len(b.r.Edges) == 0:
	case b.one == 0:
		b.r.Directed = DirUndirected
	default:
		b.r.Directed = DirDirected
		if b.one < len(b.r.Edges) {
			for i := range b.r.Edges {
				b.r.Edges[i].Both = b.sym[i]
			}
			b.lower(0.9, "the text has both one-way and symmetric relations; the symmetric ones are edges in both directions")
		}
	}
	return b.r
}

// proseNamedPartial is how many partly read sentences the notes name.
const proseNamedPartial = 3

// proseClip shortens a sentence for a note.
func proseClip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= 60 {
		return s
	}
	i := 57
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}
