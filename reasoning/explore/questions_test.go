package explore

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/kg"
)

// questionItem is one line of testdata/questions.jsonl.
type questionItem struct {
	ID       string          `json:"id"`
	KG       string          `json:"kg"`
	Question string          `json:"question"`
	Gold     json.RawMessage `json:"gold"`
}

// expectedAnswer is what testdata/expected.py computes from the triples.
type expectedAnswer struct {
	Declined bool        `json:"declined"`
	Entities []string    `json:"entities"`
	Holds    *bool       `json:"holds"`
	Triples  [][3]string `json:"triples"`
	Length   *int        `json:"length"`
}

func loadQuestions(t *testing.T) ([]questionItem, map[string]expectedAnswer) {
	t.Helper()
	f, err := os.Open("testdata/questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var items []questionItem
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		var it questionItem
		if err := json.Unmarshal([]byte(s), &it); err != nil {
			t.Fatalf("questions.jsonl:%d: %v", line, err)
		}
		items = append(items, it)
	}
	dir, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("python3", "testdata/expected.py", dir, "testdata/questions.jsonl").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("expected.py: %v: %s", err, ee.Stderr)
		}
		t.Fatalf("expected.py (python3): %v", err)
	}
	var want map[string]expectedAnswer
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	return items, want
}

// judge compares an answer with the expected one; it returns "" when right,
// else what differs.
func judge(x *Explorer, ans *Answer, err error, want expectedAnswer) string {
	if want.Declined {
		if errors.Is(err, ErrDeclined) && ans != nil && ans.Declined {
			return ""
		}
		return "answered, want declined: " + firstLine(ans)
	}
	if err != nil || ans == nil || ans.Declined {
		return fmt.Sprintf("declined or failed (%v): %s", err, firstLine(ans))
	}
	q := ans.Query
	switch {
	case want.Holds != nil:
		if q.Kind != KindCheck {
			return fmt.Sprintf("read as %s, want a check", q.Kind)
		}
		if (len(ans.Facts) > 0) != *want.Holds {
			return fmt.Sprintf("holds = %v, want %v", len(ans.Facts) > 0, *want.Holds)
		}
	case want.Length != nil:
		if q.Kind != KindPath {
			return fmt.Sprintf("read as %s, want a path", q.Kind)
		}
		if ans.PathLength != *want.Length {
			return fmt.Sprintf("path length %d, want %d", ans.PathLength, *want.Length)
		}
		for _, p := range ans.Paths {
			for _, f := range p {
				if len(x.g.Match(nil, kg.Pattern{H: f.H, T: f.T, Rels: []int32{f.R}}, 1)) == 0 {
					return fmt.Sprintf("path step %v is not a triple", f)
				}
			}
		}
	case want.Triples != nil:
		if q.Kind != KindBetween && q.Kind != KindAbout {
			return fmt.Sprintf("read as %s, want triples", q.Kind)
		}
		var got [][3]string
		for _, f := range ans.Facts {
			got = append(got, [3]string{f.HeadID, f.Rel, f.TailID})
		}
		sortTriples(got)
		sortTriples(want.Triples)
		if !slices.Equal(got, want.Triples) {
			return fmt.Sprintf("%d triples, want %d", len(got), len(want.Triples))
		}
	default:
		if q.Kind != KindPattern {
			return fmt.Sprintf("read as %s (%s), want a pattern", q.Kind, ans.Pattern)
		}
		got := slices.Clone(ans.EntityIDs)
		slices.Sort(got)
		w := want.Entities
		if w == nil {
			w = []string{}
		}
		if got == nil {
			got = []string{}
		}
		if !slices.Equal(got, w) {
			return fmt.Sprintf("read %s: %d answers, want %d (got %.80v, want %.80v)", ans.Pattern, len(got), len(w), got, w)
		}
	}
	return ""
}

func sortTriples(ts [][3]string) {
	slices.SortFunc(ts, func(a, b [3]string) int {
		return strings.Compare(a[0]+"\x00"+a[1]+"\x00"+a[2], b[0]+"\x00"+b[1]+"\x00"+b[2])
	})
}

func firstLine(a *Answer) string {
	if a == nil {
		return "<nil>"
	}
	s, _, _ := strings.Cut(a.Text, "\n")
	return s
}

// TestQuestionSet asks the question set over WN18RR and DrugMechDB with the
// default λ and checks each answer against the answers expected.py
// computes from the triple files: at least 90% must be right.
func TestQuestionSet(t *testing.T) {
	items, want := loadQuestions(t)
	if len(items) < 50 {
		t.Fatalf("%d questions, want at least 50", len(items))
	}
	ctx := context.Background()
	right := 0
	for _, it := range items {
		w, ok := want[it.ID]
		if !ok {
			t.Fatalf("%s: no expected answer", it.ID)
		}
		x := explorerFor(t, it.KG)
		ans, err := x.Ask(ctx, it.Question, DefaultLambda)
		if msg := judge(x, ans, err, w); msg != "" {
			t.Logf("WRONG %s %q: %s", it.ID, it.Question, msg)
			continue
		}
		right++
	}
	pct := 100 * float64(right) / float64(len(items))
	t.Logf("question set: %d of %d right (%.1f%%) at λ = %g", right, len(items), pct, DefaultLambda)
	if pct < 90 {
		t.Errorf("%.1f%% right, want at least 90%%", pct)
	}
}
