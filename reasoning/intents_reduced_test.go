package reasoning

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestPhraseReducedSameAsWhole: a declared phrase matched by the
// expression of only the alternatives whose letters the text holds
// (phrase.reduced) finds exactly the matches, with the same slots, that its
// whole expression finds, on the questions of the agent's test sets and on
// sentences written from every phrase's own words (the last 600 bytes of
// each question: the whole expressions are slow on long graph texts).
func TestPhraseReducedSameAsWhole(t *testing.T) {
	d := catalogueIntents()
	texts := phraseSentences(d)
	files, _ := filepath.Glob("../agent/testdata/heldout/*.jsonl")
	files = append(files, "../agent/testdata/understanding/questions.jsonl", "../agent/testdata/questions.jsonl", "../agent/testdata/forms.jsonl")
	for _, f := range files {
		for _, q := range jsonlQuestions(t, f) {
			// The question's end, where its words are (the whole
			// expressions run slowly over long graph texts).
			if len(q) > 600 {
				q = strings.ToValidUTF8(q[len(q)-600:], "")
			}
			texts = append(texts, q)
		}
	}
	if len(texts) < 2000 {
		t.Fatalf("%d texts; the test sets hold more", len(texts))
	}
	// The whole expressions behind lazyre's prefilter, whose literals
	// come from the expression's syntax tree (a check independent of
	// reduced's).
	whole := make([]*lazyRegexp, len(d.phrases))
	for i := range d.phrases {
		whole[i] = lazyCompile(d.phrases[i].String())
	}
	matched := 0
	for _, text := range texts {
		q := lowerCorrected(text)
		runs := newLetterRuns(q)
		for i := range d.phrases {
			p := &d.phrases[i]
			want := whole[i].FindAllStringSubmatchIndex(q, -1)
			var got [][]int
			if src, ok := p.reduced(runs); ok {
				got = regexp.MustCompile(src).FindAllStringSubmatchIndex(q, -1)
			}
			if !slices.EqualFunc(got, want, slices.Equal[[]int]) {
				t.Errorf("phrase %d of %s on %q: reduced %v, whole %v", i, p.tool, q, got, want)
			}
			if len(want) > 0 {
				matched++
			}
		}
	}
	t.Logf("%d texts, %d matching pairs", len(texts), matched)
	if matched < len(d.phrases) {
		t.Errorf("only %d matches over %d texts; the sentences written from the phrases should match each", matched, len(texts))
	}
}

// phraseSentences writes sentences from each phrase's words: every
// alternative of every word in turn (the others at their first), slots
// as names and determiners in turn, gaps as a few words.
func phraseSentences(d declared) []string {
	slots := []string{"alice", "node 7", "the node b", "each"}
	var out []string
	for _, p := range d.phrases {
		for k, tok := range p.toks {
			for a := range max(1, len(tok.alts)) {
				slot := slots[(k+a)%len(slots)]
				var b strings.Builder
				b.WriteString("so, ")
				for j, t := range p.toks {
					if strings.Contains(t.sep, "{0,40}") {
						b.WriteString(" of the big ")
					} else if j > 0 {
						b.WriteString(" ")
					}
					switch {
					case t.slot:
						b.WriteString(slot)
					case j == k:
						b.WriteString(sampleOf(t.alts[a].src))
					default:
						b.WriteString(sampleOf(t.alts[0].src))
					}
				}
				b.WriteString(" and bob?")
				out = append(out, b.String())
			}
		}
	}
	return out
}

// sampleOf is a text an alternative's expression matches: its literal
// parts, separators as one space, a carried object as "the book", a *
// ending as "s".
func sampleOf(src string) string {
	r := strings.NewReplacer(`[\pL\pN'’-]+(?:\s+[\pL\pN'’-]+){0,2}?`, "the book", `[\s\-‐‑–—]*`, " ", `\s+`, " ", `\w*`, "s", `\`, "")
	return r.Replace(src)
}

// jsonlQuestions reads the "question" members of a JSON Lines file.
func jsonlQuestions(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var item struct {
			Question string `json:"question"`
		}
		if json.Unmarshal(sc.Bytes(), &item) == nil && item.Question != "" {
			out = append(out, item.Question)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
