package extract

import (
	"context"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// proseKind is the kind of a prose token.
type proseKind uint8

const (
	proseWord   proseKind = iota + 1 // letters, digits and '_' with a letter: "Alice", "P1", "job"
	proseNumber                      // an unsigned decimal number: "3", "2.5"
	prosePunct                       // one other rune: "(", ",", ":", "?", "'"
)

// proseToken is a token of prose with its byte span in Doc.Text.
type proseToken struct {
	Start, End int
	Kind       proseKind
	// Text is the token as written; Lower is it with ASCII letters
	// lower-cased (taken from Doc.Lower, so it costs no allocation).
	Text, Lower string
}

// is reports whether the token is a word equal (case-insensitively) to one
// of words.
func (t proseToken) is(words ...string) bool {
	if t.Kind != proseWord {
		return false
	}
	for _, w := range words {
		if t.Lower == w {
			return true
		}
	}
	return false
}

// punct reports whether the token is the punctuation rune r.
func (t proseToken) punct(r rune) bool {
	return t.Kind == prosePunct && t.Text == string(r)
}

// proseSentence is a sentence (or a line: a line break ends a sentence)
// with its tokens.
type proseSentence struct {
	Start, End int // byte span in Doc.Text, trimmed of spaces
	Toks       []proseToken
	// Question is set for questions and instructions: their mentions are
	// what is asked, never graph content.
	Question bool
}

// proseCheckEvery is how many tokens the tokenizer reads between checks of
// the context.
const proseCheckEvery = 4096

// proseSentences splits the document into sentences of tokens in one pass.
// A sentence ends at '.', '!' or '?' followed by a space or the end, at ';'
// only when asked to (never: clauses are the readers' business), and at a
// line break.
func proseSentences(ctx context.Context, d *Doc) ([]proseSentence, error) {
	// One token array for the whole text; sentences are slices of it, cut
	// at the end so that growing the array never leaves them behind.
	toks := make([]proseToken, 0, len(d.Text)/5+8)
	var bounds []int // start of each sentence in toks, then len(toks)
	first := 0
	flush := func() {
		if len(toks) > first {
			bounds = append(bounds, first)
			first = len(toks)
		}
	}
	text, lower := d.Text, d.Lower
	n := 0
	for i := 0; i < len(text); {
		n++
		if n%proseCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		c := text[i]
		switch {
		case c == '\n':
			flush()
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j+1 < len(text) && text[j] == '.' && text[j+1] >= '0' && text[j+1] <= '9' {
				j += 2
				for j < len(text) && text[j] >= '0' && text[j] <= '9' {
					j++
				}
			}
			// Digits followed by letters ("3rd", "P1" written "1P") make a word.
			if j < len(text) && proseWordByte(text, j) {
				j = proseWordEnd(text, j)
				toks = append(toks, proseToken{Start: i, End: j, Kind: proseWord, Text: text[i:j], Lower: lower[i:j]})
			} else {
				toks = append(toks, proseToken{Start: i, End: j, Kind: proseNumber, Text: text[i:j], Lower: lower[i:j]})
			}
			i = j
			continue
		}
		if proseWordByte(text, i) {
			j := proseWordEnd(text, i)
			toks = append(toks, proseToken{Start: i, End: j, Kind: proseWord, Text: text[i:j], Lower: lower[i:j]})
			i = j
			continue
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		if size < 1 {
			size = 1
		}
		j := i + size
		toks = append(toks, proseToken{Start: i, End: j, Kind: prosePunct, Text: text[i:j], Lower: lower[i:j]})
		if (c == '.' || c == '!' || c == '?') && (j == len(text) || text[j] == ' ' || text[j] == '\t' || text[j] == '\r' || text[j] == '\n') {
			flush()
		}
		i = j
	}
	flush()
	out := make([]proseSentence, len(bounds))
	for k, a := range bounds {
		b := len(toks)
		if k+1 < len(bounds) {
			b = bounds[k+1]
		}
		st := toks[a:b:b]
		out[k] = proseSentence{Start: st[0].Start, End: st[len(st)-1].End, Toks: st, Question: proseIsQuestion(st)}
	}
	return out, nil
}

// proseWordByte reports whether the rune at text[i] can be part of a word:
// a letter, a digit or '_'.
func proseWordByte(text string, i int) bool {
	c := text[i]
	if c < utf8.RuneSelf {
		return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// proseWordEnd returns the end of the word starting at i.
func proseWordEnd(text string, i int) int {
	for i < len(text) && proseWordByte(text, i) {
		_, size := utf8.DecodeRuneInString(text[i:])
		if size < 1 {
			size = 1
		}
		i += size
	}
	return i
}

// proseIsQuestion reports whether a sentence asks or instructs: it ends
// with '?', starts with "Q:" or "Question:", or starts with a question or
// command word.
func proseIsQuestion(toks []proseToken) bool {
	last := toks[len(toks)-1]
	if last.punct('?') {
		return true
	}
	first := toks[0]
	if len(toks) > 1 && toks[1].punct(':') && first.is("q", "question", "task", "a") {
		return first.Lower != "a" // "A:" starts an answer slot: nothing of the graph follows
	}
	return first.Kind == proseWord && isTaskWord(first.Lower)
}

// isTaskWord reports whether a sentence starting with the lower-case word w
// asks or instructs.
func isTaskWord(w string) bool {
	switch w {
	case "what", "which", "how", "who", "whom", "whose", "where", "when", "why", "is", "are", "does", "do", "can",
		"could", "would", "find", "compute", "calculate", "determine", "list", "give", "tell", "show", "return",
		"output", "print", "count", "identify", "please", "decide", "check", "name", "predict", "classify",
		"convert", "write", "draw", "build", "construct", "create", "make", "derive", "transform", "turn", "get":
		return true
	}
	return false
}

// proseInt parses a token as a non-negative integer.
func proseInt(t proseToken) (int, bool) {
	if t.Kind != proseNumber || strings.IndexByte(t.Text, '.') >= 0 {
		return 0, false
	}
	n, err := strconv.Atoi(t.Text)
	return n, err == nil
}

// proseCountWords are number words people write for small counts.
var proseCountWords = [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve"}

// proseCount reads a count written as digits or as a word ("two").
func proseCount(t proseToken) (int, bool) {
	if n, ok := proseInt(t); ok {
		return n, true
	}
	if t.Kind == proseWord {
		for i, w := range proseCountWords {
			if t.Lower == w {
				return i, true
			}
		}
	}
	return 0, false
}

// singular returns the singular of an English noun written in lower case:
// "applicants" → "applicant", "classes" → "class", "companies" → "company",
// "people" → "person".
func singular(w string) string {
	switch {
	case w == "people":
		return "person"
	case w == "children":
		return "child"
	case w == "men" || w == "women":
		return w[:len(w)-2] + "an"
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s") && len(w) > 2:
		return w[:len(w)-1]
	}
	return w
}

// wordMemo remembers words a whole-question pre-check has already ruled
// out, so a question that repeats its words ("an edge between node 1 and
// node 2 ...", a thousand times) pays for each distinct word about once.
// It is a small direct-mapped table: a collision only forgets a word.
type wordMemo [64]string

func (m *wordMemo) slot(w string) *string {
	return &m[(len(w)*7+int(w[0])*3+int(w[len(w)-1]))&63]
}

// known reports whether w (not empty) was remembered.
func (m *wordMemo) known(w string) bool { return *m.slot(w) == w }

// remember records w (not empty).
func (m *wordMemo) remember(w string) { *m.slot(w) = w }
