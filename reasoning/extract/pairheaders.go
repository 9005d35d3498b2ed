package extract

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// The pair-phrase headers are found with regular expressions, which walk
// a long question slowly (about 250 ns a byte: ~13 ms for the 1,000-edge
// prose question). Both headers end with a colon, so only the text before
// colons is given to them; the matches are the same.

// pairHeaderMatches returns pairListHeader's matches in text. A match
// ends with the first colon after its relation noun and starts at most
// pairHeaderReach bytes before it (the noun and a gap of at most 60
// characters, with no line break or colon), so the expression runs on a
// window before each colon only. A window starts after the colon before
// and where the text's word boundaries are its own: not inside a word or
// a character.
func pairHeaderMatches(re *regexp.Regexp, text string) [][]int {
	var out [][]int
	prev := 0 // after the last colon
	for off := 0; off < len(text); {
		k := strings.IndexByte(text[off:], ':')
		if k < 0 {
			break
		}
		c := off + k
		ws := max(prev, c-pairHeaderReach)
		for ws > prev && (exASCIIWordByte(text[ws-1]) || !utf8.RuneStart(text[ws])) {
			ws--
		}
		if !pairHeaderMayEnd(text[ws:c]) {
			prev, off = c+1, c+1
			continue
		}
		we := c + 1
		for we < len(text) && (text[we] == ' ' || text[we] == '\t') {
			we++
		}
		for _, m := range re.FindAllStringIndex(text[ws:we], -1) {
			out = append(out, []int{m[0] + ws, m[1] + ws})
		}
		prev, off = c+1, c+1
	}
	return out
}

// pairHeaderMayEnd reports whether a window can hold a pair-list header's
// noun: every noun of pairListHeader has an 's', which matches only 's',
// 'S' and 'ſ' (TestPairHeaderNounsHaveS keeps it so). A dict's "'weight':"
// then costs no run of the expression.
func pairHeaderMayEnd(w string) bool {
	return strings.IndexByte(w, 's') >= 0 || strings.IndexByte(w, 'S') >= 0 || strings.Contains(w, "ſ")
}

// pairHeaderReach bounds how far before its colon a pair-list header
// starts: a noun of at most 15 characters and 60 more, 4 bytes each at
// most.
const pairHeaderReach = (15 + 60) * utf8.UTFMax

// nodeHeaderPossible reports whether nodeListHeader can match text: it
// ends with "network" or "graph" (any case), white space and a colon.
// When it cannot, the expression need not run.
func nodeHeaderPossible(text string) bool {
	for off := 0; off < len(text); {
		k := strings.IndexByte(text[off:], ':')
		if k < 0 {
			return false
		}
		c := off + k
		off = c + 1
		j := c
		for j > 0 && strings.IndexByte("\t\n\f\r ", text[j-1]) >= 0 {
			j--
		}
		for _, w := range [...]string{"network", "graph"} {
			s, n := j, 0
			for s > 0 && n < len(w) {
				_, size := utf8.DecodeLastRuneInString(text[:s])
				s -= size
				n++
			}
			if n == len(w) && strings.EqualFold(text[s:j], w) {
				return true
			}
		}
	}
	return false
}
