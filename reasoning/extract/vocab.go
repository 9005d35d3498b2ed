package extract

import "unicode/utf8"

// docWords is the vocabulary of a question: its distinct words, each a
// maximal run of ASCII letters of Doc.Lower, found in one pass over the
// text (Doc.words) and shared by the readers' whole-question pre-checks.
// Most readers find nothing in most questions; a test on a few dozen
// distinct words replaces a pass over every byte per reader.
type docWords struct {
	// list holds the distinct words in order of first appearance.
	list []string
	// kind marks, per word of list, a word that can name a kind of node
	// in bipartite prose (bipartiteMayKind); idAfter marks a kind word
	// that some occurrence of is followed on its line by an ID
	// ("applicant 0", "job J2", "task t3"; see idFollows).
	kind, idAfter []bool
	// nonASCII is set when the text has a byte outside ASCII: a word with
	// non-ASCII letters can lower-case to ASCII ones (the Kelvin sign to
	// "k"), which the letter runs do not show.
	nonASCII bool
	// graphRef is set when "graph" or "network" directly follows (across
	// blanks only) a word that can make it a reference to a graph given
	// earlier: "the graph", "this network", "the same graph" (sessionRefIn).
	graphRef bool
}

// words returns the question's vocabulary, computed once per Doc.
func (d *Doc) words() *docWords {
	if d.vocab == nil {
		d.vocab = newDocWords(d.Text, d.Lower)
	}
	return d.vocab
}

// wordSlot is one entry of newDocWords' direct-mapped cache: a word of
// at most 8 letters is its key (its bytes packed, which no other word
// shares: letters are never zero); a longer one has key 0 and w.
type wordSlot struct {
	key uint64
	w   string
	idx int32
}

func newDocWords(text, lower string) *docWords {
	v := &docWords{}
	// A question repeats its words ("an edge between node 1 and node 2",
	// a thousand times): a small direct-mapped cache finds most of them
	// without hashing the string, and the map holds every word seen.
	var cache [128]wordSlot
	var index map[string]int32
	prev, prevEnd := "", -1 // the word before and where it ends
	for i := 0; i < len(lower); {
		c := lower[i]
		if c < 'a' || c > 'z' {
			if c >= utf8.RuneSelf {
				v.nonASCII = true
			}
			i++
			continue
		}
		key := uint64(c)
		j := i + 1
		for j < len(lower) && lower[j] >= 'a' && lower[j] <= 'z' {
			if j-i < 8 {
				key |= uint64(lower[j]) << (8 * (j - i))
			}
			j++
		}
		w := lower[i:j]
		if len(w) > 8 {
			key = 0
		}
		slot := &cache[(uint64(len(w))*0x9E3779B97F4A7C15^key*0xBF58476D1CE4E5B9)>>57]
		idx := slot.idx
		if slot.key != key || slot.w == "" || key == 0 && slot.w != w {
			if index == nil {
				index = make(map[string]int32, 64)
			}
			k, ok := index[w]
			if !ok {
				k = int32(len(v.list))
				index[w] = k
				v.list = append(v.list, w)
				v.idAfter = append(v.idAfter, false)
				v.kind = append(v.kind, bipartiteMayKind(w))
			}
			*slot = wordSlot{key: key, w: w, idx: k}
			idx = k
		}
		if v.kind[idx] && !v.idAfter[idx] && idFollows(text, j) {
			v.idAfter[idx] = true
		}
		if (w == "graph" || w == "network") && !v.graphRef && prev != "" && onlyBlanks(text[prevEnd:i]) {
			switch prev {
			case "this", "that", "my", "our", "the", "same", "current", "previous", "above", "loaded", "last":
				v.graphRef = true
			}
		}
		prev, prevEnd = w, j
		i = j
	}
	return v
}

// any reports whether f holds for one of the words.
func (v *docWords) any(f func(w string) bool) bool {
	for _, w := range v.list {
		if f(w) {
			return true
		}
	}
	return false
}

// idFollows reports whether the word ending at text[end] is followed by an
// ID on its line: spaces or tabs (at least one), then a digit, a capital
// or non-ASCII letter, or a lower-case or '_'-led word holding a digit
// ("t3", "_0"), as bipartiteIsID takes them.
func idFollows(text string, end int) bool {
	k := end
	for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r' || text[k] == '\f' || text[k] == '\v') {
		k++
	}
	if k == end || k >= len(text) {
		return false
	}
	switch c := text[k]; {
	case '0' <= c && c <= '9', 'A' <= c && c <= 'Z', c >= 0x80:
		return true
	case 'a' <= c && c <= 'z', c == '_':
		for m := k; m < len(text); m++ {
			// proseWordByte, with the ASCII test inlined.
			if c := text[m]; c < utf8.RuneSelf && !exASCIIWordByte(c) || c >= utf8.RuneSelf && !proseWordByte(text, m) {
				break
			}
			if '0' <= text[m] && text[m] <= '9' {
				return true
			}
		}
	}
	return false
}

// onlyBlanks reports whether s is one or more spaces, tabs and the like,
// without a line break.
func onlyBlanks(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' {
			return false
		}
	}
	return s != ""
}

// has reports whether w is one of the words.
func (v *docWords) has(w string) bool {
	for _, x := range v.list {
		if x == w {
			return true
		}
	}
	return false
}
