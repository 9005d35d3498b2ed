package extract

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestExVocabSound checks the claim newScan relies on: when a word token
// lower-cases to a word a test accepts, exVocab says the word may be
// there. Random texts mix the scan's words with their capitalised,
// suffixed, digit-joined and non-ASCII neighbours ('İ', the Kelvin sign).
func TestExVocabSound(t *testing.T) {
	words := []string{"is", "İs", "İS", "row", "Row", "column", "entry", "element", "cell", "means", "MEANS", "denotes",
		"format", "form", "notation", "syntax", "pattern", "adjacency", "adjacent", "Neighbours", "neighbor",
		"capacity", "Capacities", "weight", "WEIGHT", "weights", "cost", "costs2", "cost_", "distance", "length",
		"weighted", "wéight", "ca\u212apacity", "\u212anows", "edge", "node", "an", "x1", "3", "é", "déjà"}
	seps := []string{" ", " ", ", ", ". ", "\n", "-", "'", "(", ")", ": ", "é", "_", "1"}
	tests := []func(string) bool{exKeyWord, exAdjWord, exCapWord, exWeightWord, exWeightedWord}
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 20000; n++ {
		var sb strings.Builder
		for k := r.IntN(12); k >= 0; k-- {
			sb.WriteString(words[r.IntN(len(words))])
			sb.WriteString(seps[r.IntN(len(seps))])
		}
		d := NewDoc(sb.String())
		toks, err := exLex(context.Background(), d.Text, 0, 0)
		if err != nil {
			continue
		}
		p := &exScan{q: d.Text, lower: d.Lower, toks: toks}
		may := exVocab(d)
		for f, test := range tests {
			if may(test) {
				continue
			}
			for i := range toks {
				if w := p.word(i); w != "" && test(w) {
					t.Fatalf("%q: token %q is accepted by test %d, but exVocab says no such word", d.Text, w, f)
				}
			}
		}
	}
}
