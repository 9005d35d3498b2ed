package agent

import (
	"context"
	"errors"
	"testing"
)

// TestUncuedTopic: a question whose words name nothing any tool computes is
// declined, not answered by the nearest tool by retrieval ("the meaning of
// life" was answered with the average path length, "which line carries
// the most passengers?" with an Euler path); questions that ask with a
// typo ("how mnay edges r there") or in words some tool uses are answered.
func TestUncuedTopic(t *testing.T) {
	a := newDataAgent(t)
	for _, c := range []struct {
		q      string
		answer bool
	}{
		{"What is the meaning of life in 0-1, 1-2?", false},
		{"Red line: Harbor – Market – Central\nBlue line: Airport – Central – Park\nWhich line carries the most passengers?", false},
		{"Who will win the election in 0-1, 1-2, 2-0?", false},
		{"how mnay edges r there: 0-1 1-2 2-3 3-0 0-2", true},
		{"What is the average shortest path length of 0-1, 1-2, 2-3?", true},
		{"How many nodes are in 0-1, 1-2, 2-3?", true},
	} {
		ans, err := a.Ask(context.Background(), c.q)
		if c.answer {
			if err != nil {
				t.Errorf("%q: %v, want an answer", c.q, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%q: answered %q by %s, want it declined", c.q, ans.Answer, ans.Tool)
		} else if !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v does not wrap ErrNoAnswer", c.q, err)
		}
	}
}

// TestNodesInPairList: "How many nodes are in 0-1, 1-2, 2-3?" counts the
// four nodes of the pairs (answered 3 before: "0-1" read as a node range).
func TestNodesInPairList(t *testing.T) {
	a := newDataAgent(t)
	ans, err := a.Ask(context.Background(), "How many nodes are in 0-1, 1-2, 2-3?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Tool != "node_count" && ans.Tool != "order" || ans.Value != 4 {
		t.Errorf("%s %v (%q), want node_count 4", ans.Tool, ans.Value, ans.Answer)
	}
}
