package reasoning

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/lazyre/lazyretest"
)

// TestLexiconCompiles compiles every intent cue's and slot's patterns,
// which are otherwise compiled only when a question first needs them.
func TestLexiconCompiles(t *testing.T) {
	n := 0
	for i, c := range toolCues {
		for _, l := range []*lazyRegexp{c.re, c.not} {
			if l == nil {
				continue
			}
			if _, err := regexp.Compile(l.String()); err != nil {
				t.Errorf("cue %d (%v): %v", i, c.tools, err)
			}
			if l.Compiled().String() != l.String() {
				t.Errorf("cue %d: compiled %q from %q", i, l.Compiled().String(), l.String())
			}
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d cue patterns", n)
	}
	v := reflect.ValueOf(slotREs)
	for i := 0; i < v.NumField(); i++ {
		l := (*lazyRegexp)(v.Field(i).UnsafePointer()) // unexported fields: no Interface()
		if _, err := regexp.Compile(l.String()); err != nil {
			t.Errorf("slot pattern %s: %v", v.Type().Field(i).Name, err)
		}
	}
}

// lexiconPatterns are every cue's and slot's patterns.
func lexiconPatterns() []*lazyRegexp {
	var out []*lazyRegexp
	for _, c := range toolCues {
		out = append(out, c.re)
		if c.not != nil {
			out = append(out, c.not)
		}
	}
	v := reflect.ValueOf(slotREs)
	for i := 0; i < v.NumField(); i++ {
		out = append(out, (*lazyRegexp)(v.Field(i).UnsafePointer()))
	}
	return out
}

// TestPrefilterSameMatches checks that every lexicon pattern behind its
// prefilter matches, finds and replaces exactly as the plain regular
// expression does, on the understanding set's questions (as written and
// lower-cased) and on texts with case-folding and invalid bytes.
func TestPrefilterSameMatches(t *testing.T) {
	texts := []string{
		"", "How FAR is node 3 FROM node 4?", "the \u212aelvin sign: \u212a-core and 3-\u212aORE, \u017fhortest path",
		"invalid \xff bytes: from \xfe 3 to 4, how far\xff", "Bob's friends; node 3's neighbours, k=3, (1, 2) 4 -> 5",
		"Is there a path from A to B? List the nodes connected to 0.", "DEGREE of NODE 7; Between 1 and 2",
	}
	for _, q := range lazyretest.UnderstandingQuestions(t, func(i int, _ string) bool { return i%20 == 0 }) { // a twentieth keeps the test short
		texts = append(texts, q, strings.ToLower(q))
	}
	pats := lexiconPatterns()
	if len(pats) < 150 {
		t.Fatalf("only %d patterns", len(pats))
	}
	skipped := lazyretest.SameAsRegexp(t, pats, texts, "<$0>")
	// The filter must earn its place: most pattern-text pairs are skipped.
	if total := len(pats) * len(texts); skipped < total/2 {
		t.Errorf("the prefilter skipped %d of %d pattern-text pairs", skipped, total)
	} else {
		t.Logf("the prefilter skipped %d of %d pattern-text pairs", skipped, total)
	}
}
