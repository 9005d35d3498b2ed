package agent

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

// dataDir returns the repository's datasets folder (tools/dataset).
func dataDir(t testing.TB) string {
	t.Helper()
	d, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// questionCase is one line of testdata/questions.jsonl, whose answers were
// computed with NetworkX by testdata/make_questions.py.
type questionCase struct {
	Question  string          `json:"question"`
	GraphFile string          `json:"graph_file"`
	Directed  bool            `json:"directed"`
	Tools     []string        `json:"tools"`
	Check     string          `json:"check"`
	Key       string          `json:"key"`
	Answer    json.RawMessage `json:"answer"`
}

func loadQuestions(t *testing.T) []questionCase {
	t.Helper()
	f, err := os.Open("testdata/questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs []questionCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var q questionCase
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatalf("questions.jsonl:%d: %v", n, err)
		}
		qs = append(qs, q)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return qs
}

// checkQuestion returns "" when ans (and err) is what q expects.
func checkQuestion(q questionCase, ans *Answer, err error) string {
	switch q.Check {
	case "nograph":
		if !errors.Is(err, ErrNoGraph) {
			return fmt.Sprintf("want ErrNoGraph, got %v", err)
		}
		return ""
	case "fallback":
		if ans == nil || !ans.Fallback || ans.Tool != "" {
			return fmt.Sprintf("want a fallback, got tool %q (err %v)", ans.Tool, err)
		}
		return ""
	}
	if err != nil {
		return err.Error()
	}
	if !slices.Contains(q.Tools, ans.Tool) {
		return fmt.Sprintf("tool %q, want one of %v", ans.Tool, q.Tools)
	}
	raw, _ := json.Marshal(ans.Value)
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return err.Error()
	}
	if m, ok := v.(map[string]any); ok && q.Key != "" {
		v = m[q.Key]
	}
	var want any
	if err := json.Unmarshal(q.Answer, &want); err != nil {
		return "expected answer: " + err.Error()
	}
	switch q.Check {
	case "value", "approx":
		tol := 1e-6
		if q.Check == "approx" {
			tol = 1e-4
		}
		switch w := want.(type) {
		case bool:
			if g, ok := v.(bool); !ok || g != w {
				return fmt.Sprintf("value %v, want %v", v, w)
			}
		case float64:
			g, ok := v.(float64)
			if !ok || math.Abs(g-w) > tol*math.Max(1, math.Abs(w)) {
				return fmt.Sprintf("value %v, want %v", v, w)
			}
		default:
			return fmt.Sprintf("unexpected expected answer %v", want)
		}
	case "set", "list":
		g, ok := v.([]any)
		w, _ := want.([]any)
		if !ok {
			return fmt.Sprintf("value %v is not a list", v)
		}
		gs, ws := make([]string, len(g)), make([]string, len(w))
		for i := range g {
			gs[i] = fmt.Sprint(g[i])
		}
		for i := range w {
			ws[i] = fmt.Sprint(w[i])
		}
		if q.Check == "set" {
			slices.Sort(gs)
			slices.Sort(ws)
		}
		if !slices.Equal(gs, ws) {
			return fmt.Sprintf("value %v, want %v", gs, ws)
		}
	default:
		return "unknown check " + q.Check
	}
	return ""
}

// TestQuestions answers the hand-written question set with the builtin
// backend and asserts an accuracy floor.
func TestQuestions(t *testing.T) {
	qs := loadQuestions(t)
	if len(qs) < 80 {
		t.Fatalf("only %d questions, want at least 80", len(qs))
	}
	a := newDataAgent(t)
	ok := 0
	byCheck := map[string][2]int{}
	for i, q := range qs {
		var opts []AskOption
		if q.GraphFile != "" {
			opts = append(opts, WithGraphFile(q.GraphFile), WithDirected(q.Directed))
		}
		ans, err := a.Ask(context.Background(), q.Question, opts...)
		c := byCheck[q.Check]
		c[1]++
		if msg := checkQuestion(q, ans, err); msg != "" {
			// A tool's answer to a question no tool answers is confidently
			// wrong: never tolerated by the floor.
			if q.Check == "fallback" && ans != nil && ans.Tool != "" {
				t.Errorf("question %d %.90q: %s", i+1, q.Question, msg)
				continue
			}
			t.Logf("question %d %.90q: %s", i+1, q.Question, msg)
		} else {
			ok++
			c[0]++
		}
		byCheck[q.Check] = c
	}
	var parts []string
	for _, k := range []string{"value", "approx", "set", "list", "fallback", "nograph"} {
		if c, found := byCheck[k]; found {
			parts = append(parts, fmt.Sprintf("%s %d/%d", k, c[0], c[1]))
		}
	}
	acc := float64(ok) / float64(len(qs))
	t.Logf("question set: %d/%d correct (%.1f%%); %s", ok, len(qs), 100*acc, strings.Join(parts, ", "))
	if acc < questionFloor {
		t.Errorf("accuracy %.1f%% below the floor %.0f%%", 100*acc, 100*questionFloor)
	}
}

// questionFloor is the accuracy the builtin backend must keep on the
// question set.
const questionFloor = 0.95
