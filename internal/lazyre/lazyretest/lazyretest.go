// Package lazyretest checks lazyre patterns against the regexp package and
// gives the texts to check them on: the questions of the project's
// understanding set.
package lazyretest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/graphagent/graphagent/internal/lazyre"
)

// SameAsRegexp fails t for every pattern and text on which the pattern,
// behind its prefilter, matches, finds or replaces (with repl) otherwise
// than the plain regular expression does. It returns how many
// pattern-text pairs the prefilter skipped.
func SameAsRegexp(t testing.TB, pats []*lazyre.Regexp, texts []string, repl string) (skipped int) {
	t.Helper()
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
			if got, want := l.ReplaceAllString(s, repl), re.ReplaceAllString(s, repl); got != want {
				t.Errorf("%.60s on %.60q: ReplaceAll %.60q, want %.60q", l, s, got, want)
			}
			if !l.MayMatch(s) {
				skipped++
			}
		}
	}
	return skipped
}

// UnderstandingQuestions returns the questions of the understanding set
// (agent/testdata/understanding/questions.jsonl, found from the module
// root above the working directory) that keep accepts, in order; keep
// gets each question's index.
func UnderstandingQuestions(t testing.TB, keep func(i int, q string) bool) []string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = up
	}
	f, err := os.Open(filepath.Join(dir, "agent", "testdata", "understanding", "questions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for i := 0; sc.Scan(); i++ {
		var it struct {
			Question string `json:"question"`
		}
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatalf("understanding set, line %d: %v", i+1, err)
		}
		if keep(i, it.Question) {
			out = append(out, it.Question)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
