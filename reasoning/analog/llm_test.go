package analog

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
)

func newTestLLM(t *testing.T, s *llmtest.Server) *LLM {
	t.Helper()
	p, err := reasoning.NewLLMPlanner(reasoning.LLMConfig{BaseURL: s.BaseURL(), Model: "test-model", Timeout: 2 * time.Second, MaxRetries: 1, Backoff: time.Millisecond, MaxBackoff: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return NewLLM(p)
}

func TestLLMNodeAndLink(t *testing.T) {
	ctx := context.Background()
	fx := citeseerTrain(t)
	d, split, c := fx.d, fx.split, fx.c
	testID := d.IDs[sampleIndices(split, Test, 1, 5)[0]]
	// noLeak asserts that no prompt states the test node's label.
	noLeak := func(t *testing.T, s *llmtest.Server) {
		for _, r := range s.Requests() {
			for _, line := range strings.Split(r.LastUser(), "\n") {
				if strings.Contains(line, testID) && strings.Contains(strings.ToLower(line), "label: ") || strings.Contains(line, testID+" has the label") {
					t.Fatalf("prompt line states the test node's label: %q", line)
				}
			}
		}
	}

	t.Run("answered in two calls", func(t *testing.T) {
		s := llmtest.New(t)
		s.Enqueue(llmtest.Reply("1. Papers about databases mention queries."), llmtest.Reply(`{"answer": " db ", "explanation": "it is about queries", "confidence": 0.8}`))
		a, err := newTestLLM(t, s).ClassifyNode(ctx, c, testID)
		if err != nil {
			t.Fatal(err)
		}
		if a.Label != "DB" || a.Method != "llm" || a.Unsure || !strings.Contains(a.Rule, "queries") || s.Calls() != 2 {
			t.Fatalf("answer %+v after %d calls", a, s.Calls())
		}
		if !strings.Contains(s.Requests()[1].LastUser(), "Options: AI, Agents, DB, HCI, IR, ML") {
			t.Fatalf("deduction prompt lacks the options: %s", s.Requests()[1].LastUser())
		}
		noLeak(t, s)
	})
	t.Run("invalid label repaired once", func(t *testing.T) {
		s := llmtest.New(t)
		s.Enqueue(llmtest.Reply("rules"), llmtest.Reply(`{"answer": "Biology", "explanation": "x"}`), llmtest.Reply(`{"answer": "ML", "explanation": "y", "confidence": 0.3}`))
		a, err := newTestLLM(t, s).ClassifyNode(ctx, c, testID)
		if err != nil || a.Label != "ML" || !a.Unsure || s.Calls() != 3 {
			t.Fatalf("answer %+v, %v after %d calls", a, err, s.Calls())
		}
		if !strings.Contains(s.Requests()[2].LastUser(), `"Biology" is not one of`) {
			t.Fatal("the repair does not say what was wrong")
		}
		noLeak(t, s)
	})
	t.Run("invalid twice refused", func(t *testing.T) {
		s := llmtest.New(t)
		s.Enqueue(llmtest.Reply("rules"), llmtest.Reply(`{"answer": "Biology", "explanation": "x"}`), llmtest.Reply(`not json`))
		_, err := newTestLLM(t, s).ClassifyNode(ctx, c, testID)
		if !errors.Is(err, ErrInvalidAnswer) || s.Calls() != 3 {
			t.Fatalf("err %v after %d calls", err, s.Calls())
		}
	})
	t.Run("server error", func(t *testing.T) {
		s := llmtest.New(t)
		s.Enqueue(llmtest.Status(500), llmtest.Status(500), llmtest.Status(500))
		if _, err := newTestLLM(t, s).ClassifyNode(ctx, c, testID); !errors.Is(err, reasoning.ErrServer) {
			t.Fatalf("err %v", err)
		}
	})
	t.Run("link yes or no", func(t *testing.T) {
		ld := loadLinks(t)
		pairs := MakePairs(ld, 1, DefaultFractions)
		store, err := NewMemory(nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ImportLinks(ctx, store, ld, pairs); err != nil {
			t.Fatal(err)
		}
		lp := NewLinkPredictor(store, ld, Hidden(pairs, Val, Test), LinkConfig{})
		var p Pair
		for _, x := range pairs {
			if x.Split == Test && x.Exists {
				p = x
				break
			}
		}
		s := llmtest.New(t)
		s.Enqueue(llmtest.Reply("1. Drugs act on proteins on their mechanism paths."), llmtest.Reply(`{"answer": true, "explanation": "shared pathway", "confidence": 0.9}`))
		a, err := newTestLLM(t, s).PredictLink(ctx, lp, p.Source, p.Target)
		if err != nil || a.Label != Yes || s.Calls() != 2 {
			t.Fatalf("answer %+v, %v after %d calls", a, err, s.Calls())
		}
		// The held-out link itself is never stated as an example.
		key := ld.Names[p.Source] + " (" + ld.Types[p.Source] + ") -> " + ld.Names[p.Target]
		for _, r := range s.Requests() {
			if strings.Contains(r.LastUser(), key) {
				t.Fatalf("prompt holds the test pair as an example: %s", key)
			}
		}
	})
}
