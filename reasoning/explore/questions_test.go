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
	"sync"
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

// questionSet is the question set, its expected answers and the answers
// at the default λ, computed once per test binary.
var questionSet struct {
	once    sync.Once
	items   []questionItem
	want    map[string]expectedAnswer
	answers map[string]askResult
	err     error
}

type askResult struct {
	ans *Answer
	err error
}

// loadQuestions returns the question set, the expected answers and the
// explorer's answers at the default λ.
func loadQuestions(t *testing.T) ([]questionItem, map[string]expectedAnswer, map[string]askResult) {
	t.Helper()
	qs := &questionSet
	qs.once.Do(func() {
		qs.items, qs.want, qs.err = readQuestions()
		if qs.err != nil {
			return
		}
		qs.answers = map[string]askResult{}
		for _, it := range qs.items {
			x := explorerFor(t, it.KG)
			ans, err := x.Ask(context.Background(), it.Question, DefaultLambda)
			qs.answers[it.ID] = askResult{ans, err}
		}
	})
	if qs.err != nil {
		t.Fatal(qs.err)
	}
	return qs.items, qs.want, qs.answers
}

// readQuestions reads testdata/questions.jsonl and runs expected.py.
func readQuestions() ([]questionItem, map[string]expectedAnswer, error) {
	f, err := os.Open("testdata/questions.jsonl")
	if err != nil {
		return nil, nil, err
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
			return nil, nil, fmt.Errorf("questions.jsonl:%d: %w", line, err)
		}
		items = append(items, it)
	}
	dir, err := dataset.Dir()
	if err != nil {
		return nil, nil, err
	}
	out, err := exec.Command("python3", "testdata/expected.py", dir, "testdata/questions.jsonl").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, nil, fmt.Errorf("expected.py: %w: %s", err, ee.Stderr)
		}
		return nil, nil, fmt.Errorf("expected.py (python3): %w", err)
	}
	var want map[string]expectedAnswer
	if err := json.Unmarshal(out, &want); err != nil {
		return nil, nil, err
	}
	return items, want, nil
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
	items, want, answers := loadQuestions(t)
	if len(items) < 50 {
		t.Fatalf("%d questions, want at least 50", len(items))
	}
	right := 0
	for _, it := range items {
		w, ok := want[it.ID]
		if !ok {
			t.Fatalf("%s: no expected answer", it.ID)
		}
		x := explorerFor(t, it.KG)
		ans, err := answers[it.ID].ans, answers[it.ID].err
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
