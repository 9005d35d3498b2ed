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

// TestRouteQuestion: on a graph read from route lists, a question about
// one route or the routes themselves, or one counting changes of route, is
// declined (answered before: "Is the Red line a loop?" by a cycle check
// over every line, "the minimum number of transfers" by the stops between);
// questions about the network's stations are answered.
func TestRouteQuestion(t *testing.T) {
	a := newDataAgent(t)
	m := "Red line: Airport – Central – Market – Harbor\nBlue line: University – Market – Stadium – Park\nGreen line: Central – Museum – Stadium\n"
	for _, c := range []struct {
		q      string
		answer bool
	}{
		{"Is the Red line a loop?", false},
		{"How many stops are on the Blue line?", false},
		{"How many stations are only on one line?", false},
		{"What is the minimum number of transfers from Airport to Park?", false},
		{"Can I get from Airport to Park without changing lines?", false},
		{"What's the fewest number of stops from Airport to Park?", true},
		{"How many distinct stations does the network have?", true},
		{"Which stations, if closed, would split the network?", true},
	} {
		ans, err := a.Ask(context.Background(), m+c.q)
		switch {
		case c.answer && err != nil:
			t.Errorf("%q: %v, want an answer", c.q, err)
		case !c.answer && err == nil:
			t.Errorf("%q: answered %q by %s, want it declined", c.q, ans.Answer, ans.Tool)
		case !c.answer && !errors.Is(err, ErrNoAnswer):
			t.Errorf("%q: %v does not wrap ErrNoAnswer", c.q, err)
		}
	}
}
