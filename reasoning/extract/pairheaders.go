package extract

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// The pair-phrase headers are found with regular expressions, which walk
// a long question slowly (about 250 ns a byte: ~13 ms for the 1,000-edge
// prose question). Both headers end with a colon, so only the text around
// colons is given to them; the matches are the same.

// pairHeaderMatches returns pairListHeader's matches in text. A match lies
// within one line (its gap excludes line breaks) and holds a colon, so the
// expression runs on the lines with a colon only; a line's ends are
// boundaries as the text's are.
func pairHeaderMatches(re *regexp.Regexp, text string) [][]int {
	var out [][]int
	for off := 0; off < len(text); {
		k := strings.IndexByte(text[off:], ':')
		if k < 0 {
			break
		}
		c := off + k
		ls := strings.LastIndexByte(text[:c], '\n') + 1
		le := strings.IndexByte(text[c:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += c
		}
		for _, m := range re.FindAllStringIndex(text[ls:le], -1) {
			out = append(out, []int{m[0] + ls, m[1] + ls})
		}
		off = le + 1
	}
	return out
}

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
