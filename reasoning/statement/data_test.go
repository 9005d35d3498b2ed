package statement

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

var (
	promptSetsOnce sync.Once
	promptSets     []PromptSet
	promptSetsErr  error
)

// loadPromptSets reads every prompts_train file once per test binary.
func loadPromptSets(t testing.TB) []PromptSet {
	t.Helper()
	promptSetsOnce.Do(func() { promptSets, promptSetsErr = LoadPromptSets() })
	if promptSetsErr != nil {
		t.Fatal(promptSetsErr)
	}
	return promptSets
}

// truncatedUpstream are the training lines whose output the generator cut
// off inside a call (the string argument is never closed, nor the call):
// they are not statements, and the parser must reject them at the string
// left open rather than guess the rest.
var truncatedUpstream = map[string]bool{
	// `… "all flow of goods and services through a supply chain, including
	// suppliers, manufacturers, distributors, and retailers.` and the line ends.
	"graph_data_loading:473": true,
	// `In the social network of [GL("Reddit-social-graph", "` and the line ends.
	"graph_data_loading:1594": true,
}

// TestEveryTrainingStatementParses parses the input and the output of all
// 25,116 training lines: every output holds at least one call, every input
// none, and printing a parsed output and parsing it again gives the same
// tree. The two outputs the generator truncated are rejected with a
// *SyntaxError at the string left open.
func TestEveryTrainingStatementParses(t *testing.T) {
	sets := loadPromptSets(t)
	if len(sets) != 16 {
		t.Fatalf("found %d prompt sets, want 16", len(sets))
	}
	total, verbatim, rejected := 0, 0, 0
	for _, set := range sets {
		for i, ex := range set.Examples {
			total++
			st, err := Parse(ex.Output)
			if truncatedUpstream[fmt.Sprintf("%s:%d", set.Name, i+1)] {
				var se *SyntaxError
				if !errors.As(err, &se) || !strings.Contains(se.Expected, "closing") {
					t.Errorf("%s line %d: truncated upstream, want an unclosed-string error, got %v", set.Name, i+1, err)
				}
				rejected++
				continue
			}
			if err != nil {
				t.Errorf("%s line %d: %v\n%s", set.Name, i+1, err, ex.Output)
				continue
			}
			if !st.HasCalls() {
				t.Errorf("%s line %d: no call found in %q", set.Name, i+1, ex.Output)
			}
			printed := st.String()
			if printed == ex.Output {
				verbatim++
			}
			again, err := Parse(printed)
			if err != nil {
				t.Errorf("%s line %d: the printed statement does not parse: %v\n%s", set.Name, i+1, err, printed)
				continue
			}
			if !Equal(st, again) {
				t.Errorf("%s line %d: round trip changed the tree:\n%s\n%s", set.Name, i+1, ex.Output, printed)
			}
			if again.String() != printed {
				t.Errorf("%s line %d: printing is not stable:\n%s\n%s", set.Name, i+1, printed, again.String())
			}
			in, err := Parse(ex.Input)
			if err != nil {
				t.Errorf("%s line %d input: %v", set.Name, i+1, err)
			} else if in.HasCalls() {
				t.Errorf("%s line %d: the input holds a call: %q", set.Name, i+1, ex.Input)
			}
		}
	}
	if total != 25116 {
		t.Errorf("read %d lines, want 25,116", total)
	}
	if rejected != len(truncatedUpstream) {
		t.Errorf("%d truncated lines rejected, want %d", rejected, len(truncatedUpstream))
	}
	t.Logf("%d lines: %d statements parsed and round-tripped (%d print back exactly as written), %d truncated upstream rejected",
		total, total-rejected, verbatim, rejected)
}
