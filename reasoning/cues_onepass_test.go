package reasoning

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/lazyre/lazyretest"
)

// twoPassCues is the lexicon read the way it was before MatchCues shared
// one pass: the named tools from the text with its file-path phrase
// blanked, the adjustments from the lower-cased text as written.
func twoPassCues(question string) ([]string, map[string]float64) {
	named := filePathPhrase.ReplaceAllString(lowerCorrected(question), " ")
	var tools []string
	for _, c := range toolCues {
		if containsAny(named, c.words) && c.re.MatchString(named) && (c.not == nil || !c.not.MatchString(named)) {
			for _, t := range c.tools {
				if !slices.Contains(tools, t) {
					tools = append(tools, t)
				}
			}
		}
	}
	lower := lowerCorrected(question)
	adjust := map[string]float64{}
	for _, c := range toolCues {
		if (len(c.against) == 0 && !c.strong) || !containsAny(lower, c.words) {
			continue
		}
		if !c.re.MatchString(lower) || (c.not != nil && c.not.MatchString(lower)) {
			continue
		}
		if c.strong {
			for _, t := range c.tools {
				adjust[t] = max(adjust[t], 0) + CueBonus
			}
		}
		for _, t := range c.against {
			adjust[t] -= CueBonus
		}
	}
	// The tools' declared intents are read after the table, from the text
	// with its file-path phrase blanked.
	out := Cues{Tools: tools, adjust: adjust}
	seen := map[string]bool{}
	for _, t := range tools {
		seen[t] = true
	}
	catalogueIntents().declaredCues(named, &out, seen)
	return out.Tools, out.adjust
}

// TestMatchCuesOnePass checks that the one pass of MatchCues reads the
// same tools and adjustments as two separate passes, on the understanding
// set's questions and on questions whose file-path phrase makes the two
// texts differ.
func TestMatchCuesOnePass(t *testing.T) {
	qs := []string{
		"the edges are in a file, the path is x. Count the edges",
		"The file path is data/g.edgelist. Is there a path from 1 to 4?",
		"path: g.tsv. Is the graph a DAG? Give a topological order.",
		"Is the graph a DAG?",
		"Give a topological order.",
	}
	// Every third question, and every one with a file-path phrase, keep
	// the test short.
	qs = append(qs, lazyretest.UnderstandingQuestions(t, func(i int, q string) bool {
		return (i+1)%3 == 0 || filePathPhrase.MatchString(strings.ToLower(q))
	})...)
	if len(qs) < 200 {
		t.Fatalf("only %d questions read", len(qs))
	}
	differ := 0
	for _, q := range qs {
		wantTools, wantAdjust := twoPassCues(q)
		got := MatchCues(q)
		gotAdjust := map[string]float64{}
		maps.Copy(gotAdjust, got.adjust)
		if !slices.Equal(got.Tools, wantTools) || !maps.Equal(gotAdjust, wantAdjust) {
			t.Errorf("%.80q: one pass %v %v, two passes %v %v", q, got.Tools, gotAdjust, wantTools, wantAdjust)
		}
		if strings.Contains(strings.ToLower(q), "path") && filePathPhrase.MatchString(strings.ToLower(q)) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("no question has a file-path phrase: the two texts never differ")
	}
}

// TestCuesFromContext checks that the planner takes the cues the agent
// put in the context for the same question, and reads them afresh for
// another question.
func TestCuesFromContext(t *testing.T) {
	q := "Is the graph a DAG?"
	ctx := WithCues(context.Background(), MatchCues(q))
	if got := defaultLanguage().cuesOf(ctx, q); !slices.Equal(got.Tools, MatchCues(q).Tools) || got.question != q {
		t.Errorf("cues from the context: %+v", got)
	}
	other := "How many triangles are there?"
	if got := defaultLanguage().cuesOf(ctx, other); !slices.Equal(got.Tools, MatchCues(other).Tools) || got.question != other {
		t.Errorf("cues of another question: %+v, want %v", got, MatchCues(other).Tools)
	}
}
