package agent

import (
	"slices"
	"testing"
)

// TestInnerDots checks that a dot inside a word ("v0.3", "app.models",
// "2.5") neither ends a sentence nor splits the word, so a version or a
// module never names node "v0" or "app".
func TestInnerDots(t *testing.T) {
	got := statementWords("### EVAL v0.3 | item 0417, see app.models. Done")
	want := []string{"EVAL", "v0.3", "item", "0417", "see", "app.models", "Done"}
	if !slices.Equal(got, want) {
		t.Errorf("statementWords = %q, want %q", got, want)
	}
	var sents []string
	sentencesWhere("Release v0.3 is out. It weighs 2.5 kg! Really?", func(s string, _ byte) bool {
		sents = append(sents, s)
		return true
	})
	if want := []string{"Release v0.3 is out", " It weighs 2.5 kg", " Really", ""}; !slices.Equal(sents, want) {
		t.Errorf("sentences %q, want %q", sents, want)
	}
}
