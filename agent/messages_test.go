package agent

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// repeatedPrefix finds "X: X:" in a message.
var repeatedPrefix = regexp.MustCompile(`(?:^|[ (])([\w.-]+): ([\w.-]+):`)

// TestFailedAnswersTidy: the answer sentence of a failed question (what
// ask --json, serve and MCP show) repeats no prefix and carries neither
// sentinel labels nor Go's context errors.
func TestFailedAnswersTidy(t *testing.T) {
	a := newDataAgent(t)
	for _, q := range []string{
		"Find the node with the highest PageRank in karate/edges.tsv, then the shortest path from it to node 25.",
		"Is there a path in 0-1, 1-2?",
		"What is the meaning of life?",
		"How many nodes are in missing.tsv?",
	} {
		ans, err := a.Ask(context.Background(), q)
		if err == nil || ans == nil {
			t.Fatalf("%q: answered (%v)", q, err)
		}
		line := ans.Answer
		for _, m := range repeatedPrefix.FindAllStringSubmatch(line, -1) {
			if m[1] == m[2] {
				t.Errorf("a repeated prefix %q: %s", m[1], line)
			}
		}
		for _, bad := range []string{"context canceled", "context deadline exceeded", "bad parameters", "bad arguments", ": could not answer"} {
			if strings.Contains(line, bad) {
				t.Errorf("%q in: %s", bad, line)
			}
		}
	}
	for err, want := range map[error]string{
		context.Canceled:         "I could not answer: interrupted",
		context.DeadlineExceeded: "I could not answer: the time limit was reached",
		fmt.Errorf("shortest_path: %w", fmt.Errorf("shortest_path: missing parameter: %w", errors.New("bad arguments"))): "I could not answer: shortest_path: missing parameter",
	} {
		if got := CouldNotAnswer(err); got != want {
			t.Errorf("CouldNotAnswer(%v) = %q, want %q", err, got, want)
		}
	}
}
