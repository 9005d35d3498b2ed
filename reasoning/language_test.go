package reasoning

import (
	"slices"
	"testing"

	"github.com/graphagent/graphagent/lang"
)

// TestLanguageNewVerb: a verb added to the lexicon is counted as one
// direction of a node's edges and cued as a degree by the language built
// from that lexicon, and by no other.
func TestLanguageNewVerb(t *testing.T) {
	data, err := lang.Extend(lang.DefaultData(), `{"oneway": [{"verb": "praise"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	lx, err := lang.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	praise, def := NewLanguage(lx), DefaultLanguage()
	for q, want := range map[string]string{
		"How many people does Ann praise?": "out",
		"How many people praise Bo?":       "in",
		"How many critics praise node 3?":  "in",
	} {
		if got := praise.degreeDirectionOf(q); got != want {
			t.Errorf("%q: direction %q, want %q", q, got, want)
		}
		if got := def.degreeDirectionOf(q); got != "" {
			t.Errorf("%q: the default language reads direction %q of a verb it lacks", q, got)
		}
		if !slices.Contains(praise.MatchCues(q).Tools, "degree") {
			t.Errorf("%q: cues %v, want degree", q, praise.MatchCues(q).Tools)
		}
	}
	if praise.Lexicon() != lx || def.Lexicon() != lang.Default() {
		t.Error("Lexicon() is not the lexicon the language was built from")
	}
}
