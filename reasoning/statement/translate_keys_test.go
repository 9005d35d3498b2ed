package statement

import (
	"errors"
	"slices"
	"testing"
)

// TestBuiltinKeySnapshotCurrent: the embedded skeleton keys are the ones
// the code computes from the shipped prompts now (run go generate
// ./reasoning/statement after changing either), and a snapshot of other
// sentences is refused.
func TestBuiltinKeySnapshotCurrent(t *testing.T) {
	all, err := builtinExamples()
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeKeys(builtinKeys, all)
	if err != nil {
		t.Fatalf("%v", err)
	}
	tr := NewExampleTranslator(nil)
	for i, ex := range all {
		if want := tr.exampleKey(ex); got[i] != want {
			t.Fatalf("example %d %q: snapshot key %q, computed %q: run go generate ./reasoning/statement", i, ex.Input, got[i], want)
		}
	}
	fresh, err := BuiltinKeySnapshot()
	if err != nil {
		t.Fatal(err)
	}
	again, err := decodeKeys(fresh, all)
	if err != nil || !slices.Equal(again, got) {
		t.Errorf("a fresh snapshot decodes to other keys: %v", err)
	}
	// Other sentences, fewer sentences, damaged bytes: refused.
	other := slices.Clone(all)
	other[7].Input += " changed"
	for name, c := range map[string]struct {
		snap []byte
		exs  []Example
	}{
		"changed sentence": {builtinKeys, other},
		"fewer sentences":  {builtinKeys, all[1:]},
		"not gzip":         {[]byte("keys"), all},
		"truncated":        {builtinKeys[:len(builtinKeys)/2], all},
	} {
		if _, err := decodeKeys(c.snap, c.exs); !errors.Is(err, errStaleKeys) {
			t.Errorf("%s: %v, want errStaleKeys", name, err)
		}
	}
}

// TestSnapshotTranslatorSameAsComputed: the builtin translator made with
// the snapshot's keys writes the same calls as one that computes them, on
// sentences of every route (exact, pattern, similar, declined).
func TestSnapshotTranslatorSameAsComputed(t *testing.T) {
	all, err := builtinExamples()
	if err != nil {
		t.Fatal(err)
	}
	fast, err := NewBuiltinTranslator()
	if err != nil {
		t.Fatal(err)
	}
	slow := NewExampleTranslator(all)
	sentences := []string{
		"The size of the krackhardt kite graph is [TBR].",
		"What is the radius of the bull graph?",
		"What is the topic of paper #35 in the cora bibliographic network?",
		"In the online social network foursquare, are user #a and user #b belong to the same community?",
		"How many nodes does the petersen graph have?",
		"What is the colour of the sky?",
	}
	for i, ex := range all {
		if i%500 == 0 {
			sentences = append(sentences, ex.Input)
		}
	}
	for _, s := range sentences {
		a, errA := fast.Match(t.Context(), s)
		b, errB := slow.Match(t.Context(), s)
		if (errA == nil) != (errB == nil) || (errA == nil && (a.Statement.String() != b.Statement.String() || a.Route != b.Route)) {
			t.Errorf("%q: snapshot %v %v, computed %v %v", s, a, errA, b, errB)
		}
	}
}
