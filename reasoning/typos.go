package reasoning

import "strings"

// cueVocabulary are the words of graph questions the intent lexicon reads,
// of six letters or more (shorter words are too near other words to
// correct: "notes" is not "nodes"), with their common inflections so that
// a correct inflection is never "corrected".
var cueVocabulary = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`connection connections connected connect connects connecting neighbours neighbors
		neighbour neighbor neighbourhood neighborhood degree degrees vertices vertex shortest longest triangle triangles
		cycles cyclic bipartite component components distance distances spanning maximum minimum topological reachable
		adjacent between common diameter number numbers centrality cluster clusters clustering coefficient friends friend
		people directed undirected weight weights weighted weighed network networks successors predecessors articulation
		bridges matching eccentricity periphery density shortest cheapest fastest quickest`) {
		m[w] = true
	}
	return m
}()

// fixTypos returns the lower-cased question with words one edit away from a
// word of cueVocabulary (a letter missing, added, changed, or two swapped,
// the first letter kept) replaced by that word: "conections" reads as
// "connections", "degre" as "degree". Words of fewer than five letters are
// kept. It returns q itself when nothing changes.
func fixTypos(q string) string {
	var out strings.Builder
	last := 0
	for i := 0; i < len(q); {
		if !isLowerLetter(q[i]) {
			i++
			continue
		}
		j := i
		for j < len(q) && isLowerLetter(q[j]) {
			j++
		}
		// A word glued to digits or other letters ("node5") is not one.
		if w := q[i:j]; len(w) >= 5 && !cueVocabulary[w] && (j == len(q) || q[j] < 0x80) && (i == 0 || q[i-1] < 0x80) {
			if fix := nearestCueWord(w); fix != "" {
				if out.Len() == 0 {
					out.Grow(len(q) + 8)
				}
				out.WriteString(q[last:i])
				out.WriteString(fix)
				last = j
			}
		}
		i = j
	}
	if last == 0 {
		return q
	}
	out.WriteString(q[last:])
	return out.String()
}

func isLowerLetter(c byte) bool { return 'a' <= c && c <= 'z' }

// nearestCueWord returns the one vocabulary word one edit from w with the
// same first letter, or "" when there is none or more than one. A plural or
// singular of a vocabulary word ("matchings") is not a misspelling of it.
func nearestCueWord(w string) string {
	if cueVocabulary[w+"s"] || strings.HasSuffix(w, "s") && cueVocabulary[w[:len(w)-1]] {
		return ""
	}
	found := ""
	for v := range cueVocabulary {
		if len(v) < 6 || v[0] != w[0] || len(v)-len(w) > 1 || len(w)-len(v) > 1 || !oneEdit(w, v) {
			continue
		}
		if found != "" && found != v {
			return ""
		}
		found = v
	}
	return found
}

// oneEdit reports whether a and b (different) differ by one inserted,
// deleted or changed byte, or by two adjacent bytes swapped.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) == len(b):
		if a[i+1:] == b[i+1:] {
			return true // one changed
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	default:
		return a[i:] == b[i+1:] // one inserted
	}
}
