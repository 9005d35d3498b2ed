package agent

import (
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// askedText is the question's asking sentences (askingText), or the whole
// task when none is told apart: the concepts a statement names ("the graph
// is acyclic.") are not asked.
func askedText(task string) string {
	if asking := askingText(task); strings.TrimSpace(asking) != "" {
		return asking
	}
	return task
}

// conceptLacking declines (ErrNoAnswer) a tool that does not declare a
// concept the question's asking sentences name (tools.Intents): "the
// Jaccard coefficient of 3 and 13" answered by edge_exists, "is there a
// Hamiltonian cycle?" by a path, "the global clustering coefficient" by the
// average clustering. The concepts are the ones the catalogue's tools
// declare, so the check follows every new tool. task is the question
// without the graph's spans.
func conceptLacking(task, tool string, reg *tools.Registry) error {
	t, err := reg.Get(tool)
	if err != nil {
		return nil // an unknown tool fails where it is run
	}
	c, ok := reasoning.ConceptLacking(askedText(task), t.Spec())
	if !ok {
		return nil
	}
	return fmt.Errorf("the question asks about %q, which %s does not compute (%s does): %w",
		c.Text, tool, strings.Join(c.Tools, ", "), ErrNoAnswer)
}

// conceptCandidates returns the candidates that compute every concept the
// question's asking sentences name.
func conceptCandidates(task string, cands []reasoning.Candidate, reg *tools.Registry) []reasoning.Candidate {
	var out []reasoning.Candidate
	for _, c := range cands {
		if conceptLacking(task, c.Tool.Name, reg) == nil {
			out = append(out, c)
		}
	}
	return out
}

// conceptUnanswered declines (ErrNoAnswer) a question that names a concept
// when no tool was chosen: the analogy over similar examples would answer
// with another measure. It says why the tools that compute it did not
// answer (a directed graph for an undirected-only measure).
func conceptUnanswered(task string, g *graph.Graph) error {
	named := reasoning.NamedConcepts(askedText(task))
	if len(named) == 0 {
		return nil
	}
	c := named[0]
	reason := "none of them fits the rest of the question"
	if g != nil {
		var kinds []string
		for _, name := range c.Tools {
			if t, err := tools.Catalogue().Get(name); err == nil && !reasoning.AppliesTo(t.Spec().AppliesTo, g.Directed()) {
				kinds = append(kinds, fmt.Sprintf("%s needs a%s graph", name, map[bool]string{true: "n undirected", false: " directed"}[g.Directed()]))
			}
		}
		if len(kinds) == len(c.Tools) {
			reason = strings.Join(kinds, "; ") + " and this one is " + dirWord(g.Directed())
		}
	}
	return fmt.Errorf("the question asks about %q, which only %s computes, but %s: %w", c.Text, strings.Join(c.Tools, ", "), reason, ErrNoAnswer)
}
