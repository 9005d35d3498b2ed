package extract

import "strings"

// addedWords say that an edge-like item after a list of edges adds to the
// graph ("draw the square A-B, B-C, C-D, D-A and add the diagonal A-C"),
// so the item is graph text although its sentence is an instruction.
var addedWords = []string{"add", "adds", "added", "adding", "plus", "also", "extra", "another"}

// addedItem reports whether items[i], alone in a question or instruction,
// follows a list of two or more items of the same sentence (run counts the
// items of each item's run) with one of addedWords between them.
func (p *exScan) addedItem(i int, raw []int) bool {
	it := p.items[i]
	sent := p.sent[it.tok]
	for k := i - 1; k >= 0; k-- {
		prev := p.items[k]
		if p.sent[prev.tok] != sent {
			return false
		}
		if raw[k] < 2 || prev.nodeOnly {
			continue
		}
		if prev.e > it.s {
			return false
		}
		for _, w := range strings.FieldsFunc(p.lower[prev.e:it.s], func(r rune) bool { return !('a' <= r && r <= 'z') }) {
			for _, a := range addedWords {
				if w == a {
					return true
				}
			}
		}
		return false
	}
	return false
}
