package reasoning

import (
	"strings"
)

// taskWords are the words of graph tasks that the intent lexicon and the
// tool index key on, grouped by meaning: a misspelling that lies one edit
// from a word of one group is read as that group's first word. Only words
// of six letters or more are listed, so that a one-letter slip cannot turn
// one short English word into another ("notes" is not "nodes").
var taskWords = [][]string{
	{"connections"}, {"connection"}, {"connected"}, {"connects"}, {"connect"},
	{"neighbours", "neighbors"}, {"neighbour", "neighbor"}, {"neighbourhood", "neighborhood"},
	{"degree"}, {"degrees"}, {"shortest"}, {"distance"}, {"triangles"}, {"triangle"},
	{"vertices"}, {"vertex"}, {"components"}, {"component"}, {"bipartite"}, {"diameter"},
	{"centrality"}, {"betweenness"}, {"closeness"}, {"clustering"}, {"coefficient"},
	{"spanning"}, {"matching"}, {"topological"}, {"hamiltonian"}, {"eulerian"},
	{"reachable"}, {"adjacent"}, {"directly"}, {"articulation"}, {"eccentricity"},
	{"periphery"}, {"density"}, {"friends"}, {"between"}, {"maximum"}, {"minimum"},
	{"cycles"}, {"number"}, {"longest"}, {"cyclic"}, {"common"}, {"clusters"}, {"cluster"},
	{"people"}, {"directed"}, {"undirected"}, {"weighted"}, {"weights"}, {"network"}, {"networks"},
	{"successors"}, {"predecessors"}, {"bridges"}, {"cheapest"}, {"fastest"}, {"quickest"},
}

// notTypos are English words one edit from a task word that mean something
// else ("fiends" is not "friends").
var notTypos = map[string]bool{"fiend": true, "fiends": true, "watching": true, "confection": true, "confections": true, "custer": true}

// abbreviations are chat shorthands for task words, read as whole words.
var abbreviations = map[string]string{
	"ppl": "people", "nbrs": "neighbours", "nbr": "neighbour", "nbhd": "neighbourhood",
	"deg": "degree", "verts": "vertices", "conns": "connections", "num": "number",
}

// taskWordSet holds every word of taskWords, so that a correctly spelled
// word is never corrected.
var taskWordSet = func() map[string]bool {
	m := map[string]bool{}
	for _, g := range taskWords {
		for _, w := range g {
			m[w] = true
		}
	}
	return m
}()

// taskWordsByLetter are the groups of taskWords by their words' first
// letter (every edit keeps the first letter).
var taskWordsByLetter = func() map[byte][][]string {
	m := map[byte][][]string{}
	for _, g := range taskWords {
		m[g[0][0]] = append(m[g[0][0]], g)
	}
	return m
}()

// Correction is one word CorrectTypos read as another.
type Correction struct {
	// Word is the word as written; As is the word it was read as.
	Word, As string
}

// CorrectTypos returns text with misspelled task words and chat shorthands
// read as the words they stand for ("how many conections does C have" →
// "how many connections does C have", "how many ppl" → "how many people"),
// and the corrections made. A word is corrected when it is one edit (a
// letter left out, added, or two neighbouring letters swapped; for words
// of nine letters or more also one letter replaced) from
// exactly one task word (the first letter kept) and is neither a task
// word, nor its plural or singular, nor an English word listed in
// notTypos. Words are runs of ASCII letters, matched
// case-insensitively; the replacement is lower-case. The text is returned
// as is (and no memory is allocated) when nothing is corrected.
func CorrectTypos(text string) (string, []Correction) {
	var out strings.Builder
	var fixes []Correction
	last := 0 // text[:last] is written to out (once out is in use)
	for i := 0; i < len(text); {
		if !isASCIILetter(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isASCIILetter(text[j]) {
			j++
		}
		if (i > 0 && isWordRune(text[i-1])) || (j < len(text) && isWordRune(text[j])) {
			// Part of a longer token ("u2", "x_conn"): a name, not a word.
			i = j
			continue
		}
		word := text[i:j]
		lw := word
		if len(word) < 5 && abbreviations[word] == "" {
			// Too short to correct; shorthands are written in lower case.
			i = j
			continue
		}
		if strings.IndexFunc(word, func(r rune) bool { return r >= 'A' && r <= 'Z' }) >= 0 {
			lw = strings.ToLower(word)
		}
		if as := correctWord(lw); as != "" {
			if fixes == nil {
				out.Grow(len(text) + 8)
			}
			out.WriteString(text[last:i])
			out.WriteString(as)
			last = j
			fixes = append(fixes, Correction{Word: word, As: as})
		}
		i = j
	}
	if fixes == nil {
		return text, nil
	}
	out.WriteString(text[last:])
	return out.String(), fixes
}

// correctWord returns the task word the lower-case word w stands for, or
// "" when it is spelled right, unknown, or one edit from several task
// words of different meaning.
func correctWord(w string) string {
	if as, ok := abbreviations[w]; ok {
		return as
	}
	if len(w) < 5 || len(w) > 14 || taskWordSet[w] || notTypos[w] {
		return ""
	}
	found := ""
	for _, g := range taskWordsByLetter[w[0]] {
		for _, t := range g {
			if oneEdit(w, t) {
				if found != "" && found != g[0] {
					return ""
				}
				found = g[0]
				break
			}
		}
	}
	if found != "" && (taskWordSet[w+"s"] || taskWordSet[strings.TrimSuffix(w, "s")]) {
		return "" // the plural or singular of a task word
	}
	return found
}

// oneEdit reports whether w is one edit from the task word t, the first
// letter kept: a letter left out or added, two neighbouring letters
// swapped, or (in words of nine letters or more) one letter replaced.
func oneEdit(w, t string) bool {
	switch d := len(w) - len(t); {
	case d == 1 || d == -1:
		long, short := w, t
		if d < 0 {
			long, short = t, w
		}
		k := 0
		for k < len(short) && long[k] == short[k] {
			k++
		}
		return k > 0 && long[k+1:] == short[k:]
	case d != 0:
		return false
	}
	k := 0
	for k < len(w) && w[k] == t[k] {
		k++
	}
	if k == len(w) {
		return false // the same word
	}
	if k == 0 {
		return false // people rarely slip on the first letter; other words differ there
	}
	if k+1 < len(w) && w[k] == t[k+1] && w[k+1] == t[k] && w[k+2:] == t[k+2:] {
		return true // two neighbouring letters swapped
	}
	return len(t) >= 9 && w[k+1:] == t[k+1:]
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

// lowerCorrected is q lower-cased with its misspelled task words and
// shorthands read as meant (CorrectTypos): the text the intent lexicon
// reads.
func lowerCorrected(q string) string {
	s, _ := CorrectTypos(strings.ToLower(q))
	return s
}
