package reasoning

import (
	"reflect"
	"regexp"
	"testing"
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
			if l.get().String() != l.String() {
				t.Errorf("cue %d: compiled %q from %q", i, l.get().String(), l.String())
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
