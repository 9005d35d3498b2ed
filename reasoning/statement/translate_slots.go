package statement

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/named"
)

// slotKind is what kind of value fills a hole of a sentence.
type slotKind byte

const (
	slotGraph slotKind = 'g' // a named graph, "the krackhardt kite graph"
	slotRef   slotKind = '#' // the ID after '#': "paper #83826", "entity#/m/0gs9p"
	slotNum   slotKind = 'n' // a number standing alone: "top 10", "graph numbered 104"
	slotWord  slotKind = 'w' // any other token the calls use ("user tobby_2010")
)

// slot is one hole of a sentence: the span of the value in the text and the
// value a call takes (a canonical graph name, an ID, a number).
type slot struct {
	Kind       slotKind
	Start, End int    // byte span of the value in the sentence
	Value      string // what the calls hold
}

// graphPhrase is one way the sentences name a named graph.
type graphPhrase struct {
	words string // lower case, single spaces: "krackhardt kite graph"
	first string // its first word: "krackhardt"
	name  string // canonical name: "krackhardt_kite_graph"
}

// commonWords are the one-word names that are also ordinary words; they
// name a graph only with "graph" after them ("the star graph", not "star").
var commonWords = map[string]bool{
	"bull": true, "complete": true, "cycle": true, "diamond": true, "ladder": true, "lollipop": true,
	"path": true, "star": true, "wheel": true, "house": true, "barbell": true,
}

// datasetSlot prefixes the value of a graph hole that names a shipped
// dataset ("dataset:karate"): the calls load it with GL("karate") where the
// example loads a named graph (see loadDatasets).
const datasetSlot = "dataset:"

// datasetPhrases are the ways a sentence names a shipped dataset as a
// graph, by the name GL loads it with; the prompts name only named graphs
// this way, so a sentence shaped like one of theirs ("the diameter of the
// karate club graph") takes its calls. Phrases end in "graph" or
// "network" (or are the club's name), so that the prompts' "cora
// bibliographic network", "mutag dataset" or "WordNet knowledge graph"
// keep their own words. Read-only.
var datasetPhrases = map[string][]string{
	"karate":        {"karate club graph", "karate club network", "karate club", "karate graph", "karate network", "zachary karate club graph", "zachary's karate club graph", "zachary's karate club"},
	"football":      {"football graph", "football network", "college football graph", "college football network"},
	"email_eu_core": {"email-eu-core graph", "email-eu-core network", "email eu core graph", "email eu core network", "email_eu_core graph", "email_eu_core network"},
	"cora":          {"cora graph", "cora citation graph", "cora citation network"},
	"citeseer":      {"citeseer graph", "citeseer citation graph", "citeseer citation network"},
	"drugmechdb":    {"drugmechdb graph", "drugmechdb network"},
}

// graphPhrases lists the phrases of every named graph and shipped dataset,
// longest first, so that "house x graph" is found before "house graph".
func graphPhrases() []graphPhrase {
	var out []graphPhrase
	for _, n := range named.Names() {
		words := strings.ReplaceAll(n, "_", " ")
		first, _, _ := strings.Cut(words, " ")
		out = append(out, graphPhrase{words, first, n})
		if short, ok := strings.CutSuffix(words, " graph"); ok && !commonWords[short] {
			out = append(out, graphPhrase{short, first, n})
		}
	}
	names := make([]string, 0, len(datasetPhrases))
	for ds := range datasetPhrases {
		names = append(names, ds)
	}
	slices.Sort(names)
	for _, ds := range names {
		for _, words := range datasetPhrases[ds] {
			// The first word as findSlots splits the sentence ("email" of
			// "email-eu-core graph").
			first := strings.FieldsFunc(words, func(r rune) bool { return r < utf8.RuneSelf && !isWordByte(byte(r)) })[0]
			out = append(out, graphPhrase{words, first, datasetSlot + ds})
		}
	}
	// Longest first; insertion sort keeps it dependency-free and the list is short.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && len(out[j].words) > len(out[j-1].words); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// lowerASCII lower-cases the ASCII letters of s, keeping byte offsets.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= utf8.RuneSelf
}

// refStop reports whether c ends the ID after a '#'.
func refStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ';', '?', '!', '(', ')', '[', ']', '{', '}', '"':
		return true
	}
	return false
}

// trimIDEnd drops the sentence punctuation that follows an ID: a final
// period, colon or quote, a possessive "'s".
func trimIDEnd(id string) string {
	for {
		switch {
		case strings.HasSuffix(id, "'s") || strings.HasSuffix(id, "’s"):
			id = id[:strings.LastIndexAny(id, "'’")]
		case id != "" && strings.ContainsRune(".:'’", rune(id[len(id)-1])):
			id = id[:len(id)-1]
		default:
			return id
		}
	}
}

// findSlots finds the holes of a sentence that any sentence may have: named
// graphs, IDs after '#', and numbers standing alone, in text order.
func findSlots(s string, phrases []graphPhrase) []slot {
	lower := lowerASCII(s)
	var out []slot
	taken := func(a, b int) bool {
		for _, sl := range out {
			if a < sl.End && sl.Start < b {
				return true
			}
		}
		return false
	}
	// Look for a phrase only when its first word is a word of the sentence:
	// most sentences name no graph, and this skips most searches.
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return r < utf8.RuneSelf && !isWordByte(byte(r)) }) {
		words[w] = true
	}
	for _, p := range phrases {
		if !words[p.first] {
			continue
		}
		for from := 0; ; {
			i := strings.Index(lower[from:], p.words)
			if i < 0 {
				break
			}
			a, b := from+i, from+i+len(p.words)
			from = b
			if a > 0 && isWordByte(lower[a-1]) || b < len(lower) && isWordByte(lower[b]) || taken(a, b) {
				continue
			}
			out = append(out, slot{Kind: slotGraph, Start: a, End: b, Value: p.name})
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '#' {
			continue
		}
		j := i + 1
		for j < len(s) && !refStop(s[j]) {
			j++
		}
		id := trimIDEnd(s[i+1 : j])
		if id == "" || taken(i+1, i+1+len(id)) {
			continue
		}
		out = append(out, slot{Kind: slotRef, Start: i + 1, End: i + 1 + len(id), Value: id})
		i = j - 1
	}
	for i := 0; i < len(s); {
		if !(s[i] >= '0' && s[i] <= '9') || i > 0 && !isNumberStart(s[i-1]) {
			i++
			continue
		}
		j := i
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
			j++
		}
		if (j == len(s) || isNumberEnd(s[j])) && !taken(i, j) {
			out = append(out, slot{Kind: slotNum, Start: i, End: j, Value: s[i:j]})
		}
		i = j
	}
	sortSlots(out)
	return out
}

// isNumberStart reports whether a number may follow c: after a space or an
// opening bracket, not inside a token such as "u163" or "user/123".
func isNumberStart(c byte) bool { return c == ' ' || c == '(' || c == '\t' || c == '"' }

// isNumberEnd reports whether a number may end before c.
func isNumberEnd(c byte) bool {
	switch c {
	case ' ', '\t', ',', '.', '?', '!', ';', ':', ')', '"', '\'':
		return true
	}
	return false
}

func sortSlots(s []slot) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Start < s[j-1].Start; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// skeleton is the sentence's lookup key: its words in lower case with each
// hole replaced by a marker of its kind ("<g>", "<#>", "<n>") and [TBR] by
// "<tbr>"; punctuation dropped. Two sentences that differ only in the
// values of their holes have the same key.
func skeleton(s string, slots []slot) []string {
	var toks []string
	lower := lowerASCII(s)
	words := func(text string) {
		for len(text) > 0 {
			if strings.HasPrefix(text, "[tbr]") {
				toks = append(toks, "<tbr>")
				text = text[5:]
				continue
			}
			if !isWordByte(text[0]) {
				text = text[1:]
				continue
			}
			j := 0
			for j < len(text) && isWordByte(text[j]) {
				j++
			}
			toks = append(toks, text[:j])
			text = text[j:]
		}
	}
	prev := 0
	for _, sl := range slots {
		words(lower[prev:sl.Start])
		toks = append(toks, "<"+string(sl.Kind)+">")
		prev = sl.End
	}
	words(lower[prev:])
	return toks
}
