package agent

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/reasoning"
)

// secondAsk is a second question joined to the first in one sentence by
// "and" after a comma or semicolon, with a verb of its own ("what's the
// degree of node 2, and is it also the center?", "list the cut vertices;
// and how many bridges are there?"); an elliptical "..., and how far?"
// asks more about the first question, not a second one.
var secondAsk = regexp.MustCompile(`[,;]\s*and\s+(also\s+)?((is|are|was|were|does|do|did|has|have|can|could|will|would|should)\b|(what|which|how|who|whom|whose|where|when|why)\b(\s+\w+){0,3}?\s+(is|are|was|were|does|do|did|has|have|can|could|will|would|should)\b|what's\b|whats\b)`)

// twoQuestions declines (ErrNoAnswer) a task whose asking sentence asks
// two things joined by "and" that the intent lexicon reads as different
// tasks ("what's the degree of node 2, and is it also the center?": degree,
// then center): one tool answers one of them, and its answer would pass
// for an answer to both. A second part that names no task of its own, or
// one of the first part's ("what is the cheapest way from 3 to 4, and
// what does it cost?": the path's answer states its cost), is answered.
// task is the question without the graph's spans; statements ("A is
// linked to B, and is linked to C.") are not read.
func twoQuestions(task string) error {
	if !strings.Contains(task, "and") {
		return nil
	}
	asking := strings.ToLower(askingText(task))
	loc := secondAsk.FindStringIndex(asking)
	if loc == nil {
		return nil
	}
	first := reasoning.CueTools(asking[:loc[0]])
	second := reasoning.CueTools(asking[loc[0]:])
	if len(first) == 0 || len(second) == 0 || slices.ContainsFunc(second, func(t string) bool { return slices.Contains(first, t) }) {
		return nil
	}
	m := strings.TrimLeft(asking[loc[0]:loc[1]], ",; ")
	return fmt.Errorf("the question asks two things (%s, then %q and %s); ask them one at a time: %w",
		strings.Join(first, "/"), m, strings.Join(second, "/"), ErrNoAnswer)
}

// negation is a word that turns a question around ("who does Ann NOT
// know", "which cities can't I reach").
var negation = regexp.MustCompile(`\b(not|never|no|none|nobody|nothing|neither|nor|without)\b|n't\b`)

// negatedUncued declines (ErrNoAnswer) a negated question answered by a
// tool that none of the question's intent cues names: the tools whose
// task is a negation ("non-neighbours") are named by cues, so a tool found
// only by the question's other words would answer the question with its
// negation dropped. task is the question without the graph's spans.
func negatedUncued(task string, cues reasoning.Cues, tool string) error {
	if slices.Contains(cues.Tools, tool) || cues.Adjustment(tool) > 0 {
		return nil
	}
	if m := negation.FindString(strings.ToLower(askingText(task))); m != "" {
		return fmt.Errorf("the question is negated (%q) and none of its words names the task of %s, the nearest tool; it would answer the question without the negation: %w", m, tool, ErrNoAnswer)
	}
	return nil
}
