package extract

import (
	"strings"
	"testing"
)

// TestDatasetWordsCoverPhrases keeps exDatasetWord in step with exDatasets:
// every phrase starts with a word it accepts.
func TestDatasetWordsCoverPhrases(t *testing.T) {
	for _, d := range exDatasets() {
		for _, ph := range d.phrases {
			first := ph
			if k := strings.IndexAny(ph, " -"); k > 0 {
				first = ph[:k]
			}
			if !exDatasetWord(first) {
				t.Errorf("dataset %s: phrase %q starts with %q, which exDatasetWord rejects", d.name, ph, first)
			}
		}
	}
}
