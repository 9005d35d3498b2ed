package reasoning

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"strings"
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
	f, err := os.Open("../agent/testdata/understanding/questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for n := 0; sc.Scan(); n++ {
		var it struct {
			Question string `json:"question"`
		}
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatal(err)
		}
		if n%20 == 0 { // a twentieth keeps the test short
			texts = append(texts, it.Question, strings.ToLower(it.Question))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	pats := lexiconPatterns()
	if len(pats) < 150 {
		t.Fatalf("only %d patterns", len(pats))
	}
	skipped := 0
	for _, l := range pats {
		re := regexp.MustCompile(l.String())
		for _, s := range texts {
			want := re.FindAllStringSubmatchIndex(s, -1)
			if got := l.MatchString(s); got != (want != nil) {
				t.Errorf("%.60s on %.60q: MatchString %v, want %v", l, s, got, want != nil)
			}
			if got := l.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%.60s on %.60q: FindAll %v, want %v", l, s, got, want)
			}
			if got, want := l.ReplaceAllString(s, "<$0>"), re.ReplaceAllString(s, "<$0>"); got != want {
				t.Errorf("%.60s on %.60q: ReplaceAll %.60q, want %.60q", l, s, got, want)
			}
			if !l.MayMatch(s) {
				skipped++
			}
		}
	}
	// The filter must earn its place: most pattern-text pairs are skipped.
	if total := len(pats) * len(texts); skipped < total/2 {
		t.Errorf("the prefilter skipped %d of %d pattern-text pairs", skipped, total)
	} else {
		t.Logf("the prefilter skipped %d of %d pattern-text pairs", skipped, total)
	}
}
