package extract

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestPairHeadersSameMatches checks that looking for the pair-phrase
// headers only before colons finds what the expressions find on the whole
// text, on random texts of header fragments, names, separators, line
// breaks, long gaps (ASCII and two-byte letters) and case-folding letters
// (the Kelvin sign folds to k).
func TestPairHeadersSameMatches(t *testing.T) {
	frags := []string{"Connections", "collaborations", "edges are", "Edges", "pairs", "friends are", "roads",
		"authors", "Nodes", "people", "in", "of", "the", "this", "social", "network", "NETWORK", "graph", "Graph",
		"networ\u212a", ":", ":", " : ", "\n", "\t", " ", " ", ",", ";", ".", "and", "to", "Wei Wang", "Jun Li",
		"x", "-", "co-authorships", "Authors in the", "nodes of this", "lin\u212as", "xlinks", strings.Repeat("é", 25), strings.Repeat("wide ", 9), "acquaintances", "users in the\n", "people in the big", "\r\n", "\f", "é", "ſ"}
	r := rand.New(rand.NewPCG(9, 9))
	pairs, nodes := 0, 0
	for n := 0; n < 60000; n++ {
		var sb strings.Builder
		for k := r.IntN(14); k >= 0; k-- {
			sb.WriteString(frags[r.IntN(len(frags))])
			if r.IntN(3) == 0 {
				sb.WriteByte(' ')
			}
		}
		q := sb.String()
		want := pairListHeader.FindAllStringIndex(q, -1)
		if got := pairHeaderMatches(pairListHeader, q); !slices.EqualFunc(got, want, slices.Equal[[]int]) {
			t.Fatalf("pair headers in %q: got %v, want %v", q, got, want)
		}
		if nodeListHeader.MatchString(q) {
			nodes++
			if !nodeHeaderPossible(q) {
				t.Fatalf("node header in %q ruled out", q)
			}
		}
		if len(want) > 0 {
			pairs++
		}
	}
	// The texts must hold headers often enough for the comparison to mean
	// something.
	if pairs < 1000 || nodes < 100 {
		t.Fatalf("only %d texts with pair headers and %d with node headers", pairs, nodes)
	}
	// Each holds a header; the last one's is ruled out.
	for _, q := range []string{"Authors in the network: A, B", "Nodes of this social graph :\n x", "people in the\nnetwork:"} {
		if !nodeHeaderPossible(q) {
			t.Errorf("node header possible in %q: got false", q)
		}
	}
	if nodeHeaderPossible("the edges are:\nQ: what?") {
		t.Error(`node header possible in "the edges are: ...": got true`)
	}
}

// TestPairHeaderNounsHaveS checks what pairHeaderMayEnd relies on: every
// relation noun of pairListHeader has an 's'.
func TestPairHeaderNounsHaveS(t *testing.T) {
	src := pairListHeader.String()
	open := strings.Index(src, `\b(`)
	end := strings.Index(src[open:], ")")
	if open < 0 || end < 0 {
		t.Fatalf("no group of nouns in %s", src)
	}
	nouns := strings.Split(src[open+len(`\b(`):open+end], "|")
	if len(nouns) < 10 {
		t.Fatalf("only %d nouns read from %s", len(nouns), src)
	}
	for _, n := range nouns {
		if !strings.ContainsAny(n, "sS") {
			t.Errorf("pair-list noun %q has no 's': pairHeaderMayEnd would skip its headers", n)
		}
	}
}
