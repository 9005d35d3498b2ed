package agent

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/lazyre"
)

// TestPatternsBehindPrefilter checks that the agent's patterns, compiled
// on first use behind lazyre's prefilter, match exactly as regexp does on
// the understanding questions and on follow-ups and scenario requests.
func TestPatternsBehindPrefilter(t *testing.T) {
	pats := []*lazyre.Regexp{argFollowUp, directionFollowUp, backReference, declaredRange, fragmentEnd,
		reportCue, compareCue, cleanCue, chainWords, isolatedSentence}
	texts := []string{
		"and what about node 5?", "What if it were directed?", "its degree", "nodes 0 to 9", "Page D and C.",
		"give me a report on karate/edges.tsv", "compare karate with football", "clean it up, then find duplicates",
		"How about the same node in the undirected graph?", "Node 4 has no edges; vertex B is isolated.",
	}
	f, err := os.Open("testdata/understanding/questions.jsonl")
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
		if n%5 == 0 {
			texts = append(texts, it.Question, strings.ToLower(it.Question))
		}
	}
	for _, l := range pats {
		re := regexp.MustCompile(l.String())
		for _, s := range texts {
			want := re.FindAllStringSubmatchIndex(s, -1)
			if got := l.MatchString(s); got != (want != nil) {
				t.Errorf("%.50s on %.60q: MatchString %v", l, s, got)
			}
			if got := l.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%.50s on %.60q: %v, want %v", l, s, got, want)
			}
			if got, want := l.ReplaceAllString(s, " "), re.ReplaceAllString(s, " "); got != want {
				t.Errorf("%.50s on %.60q: ReplaceAllString differs", l, s)
			}
		}
	}
}
