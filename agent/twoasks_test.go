package agent

import (
	"errors"
	"testing"

	"github.com/graphagent/graphagent/reasoning"
)

// TestTwoQuestions: a sentence that asks two different tasks joined by
// "and" is declined; a second part that asks more about the first, or
// names no task, and statements joined by "and" are not.
func TestTwoQuestions(t *testing.T) {
	for task, want := range map[string]bool{
		"What's the degree of node 4, and is it also in the periphery?":        true,
		"How many triangles are there, and does the graph have a cycle?":       true,
		"Which node has the highest pagerank; and how many bridges are there?": true,
		"Is the graph bipartite, and what is its diameter?":                    true,
		"What is the cheapest way to get from 3 to 4, and what does it cost?":  false, // the path's answer states its cost
		"Which pair is farthest apart, and how far?":                           false, // elliptical: more about the first
		"Is there a path from 1 to 5, and how long is the shortest one?":       true,  // path_exists, then shortest_path
		"A is linked to B, and is linked to C. What is the degree of A?":       false, // a statement
		"What is the degree of node 4?":                                        false,
		"Find the neighbours of 2 and 3.":                                      false,
	} {
		err := twoQuestions(task)
		if got := err != nil; got != want {
			t.Errorf("%q: declined %v (%v), want %v", task, got, err, want)
		}
		if err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v does not wrap ErrNoAnswer", task, err)
		}
	}
}

// TestNegatedUncued: a negated question whose chosen tool no cue names is
// declined; one whose tool a cue names, or one without a negation, is not.
func TestNegatedUncued(t *testing.T) {
	for _, c := range []struct {
		task, tool string
		want       bool
	}{
		{"Which guests has Ann never talked to?", "bfs_order", true},
		{"Who hasn't Bo met yet?", "bfs_order", true},
		{"List the stops with no direct train from Kyoto.", "closeness_centrality", true},
		{"Which nodes are not adjacent to 2?", "non_neighbors", false},              // cued
		{"Who is not friends with Alice?", "non_neighbors", false},                  // cued
		{"Which guests has Ann talked to?", "bfs_order", false},                     // no negation
		{"Ann is not shy. What is the degree of Ann?", "degree", false},             // cued; the negation is a statement
		{"The graph is not directed. Give a BFS order from 0.", "bfs_order", false}, // cued
	} {
		err := negatedUncued(c.task, reasoning.MatchCues(c.task), c.tool)
		if got := err != nil; got != c.want {
			t.Errorf("%q with %s: declined %v (%v), want %v", c.task, c.tool, got, err, c.want)
		}
		if err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: %v does not wrap ErrNoAnswer", c.task, err)
		}
	}
}
