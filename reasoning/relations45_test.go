package reasoning

import "testing"

// TestCitedTimesDirection: "how many times is X cited" counts X's incoming
// edges (read before as no direction); "how many times is X mentioned"
// names no relation.
func TestCitedTimesDirection(t *testing.T) {
	for q, want := range map[string]string{
		"How many times is Lee2015 cited within this set?": "in",
		"How many times was Ann visited?":                  "in",
		"How many arrows point into codegen?":              "in",
		"How many times is Lee2015 mentioned?":             "",
	} {
		if got := degreeDirectionOf(q); got != want {
			t.Errorf("%q: direction %q, want %q", q, got, want)
		}
	}
}
