package eval

import (
	"context"
	"errors"

	"github.com/graphagent/graphagent/reasoning"
)

// DirectAsker sends each item's benchmark prompt (Suite.Prompt) to a
// language model alone, without tools, and returns its reply as a direct
// outcome, which the suite judges by the benchmark's own answer rules. It
// is the "LLM alone" side of a comparison with AgentAsker.
type DirectAsker struct {
	// Model answers the prompt (reasoning.LLMPlanner is one).
	Model reasoning.Generator
	// Prompt builds an item's prompt (the suite's Prompt).
	Prompt func(it *Item) string
	// MaxTokens bounds the reply (0: the model's default).
	MaxTokens int
}

// Ask implements Asker.
func (d DirectAsker) Ask(ctx context.Context, it *Item) (Outcome, error) {
	if d.Model == nil || d.Prompt == nil {
		return Outcome{}, errors.New("eval: direct mode needs a model and the suite's prompt")
	}
	u := &reasoning.Usage{}
	text, err := d.Model.Generate(reasoning.WithUsage(ctx, u), "", d.Prompt(it), nil, d.MaxTokens)
	s := u.Stats()
	out := Outcome{Text: text, Direct: true, LLMCalls: max(s.Calls, 1), PromptTokens: s.PromptTokens, CompletionTokens: s.CompletionTokens}
	return out, err
}
