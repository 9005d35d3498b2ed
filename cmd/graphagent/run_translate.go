package main

import (
	"context"

	"github.com/urfave/cli/v2"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning/statement"
)

// translateWith writes the calls into a sentence that has none: with --llm
// by the LLM translator, whose few-shot examples are the prompts imported
// into long-term memory ('memory import prompts_train.gz'), else the
// builtin translator's nearest examples; without --llm by the builtin
// translator (translateSentence).
func translateWith(ctx context.Context, c *cli.Context, sentence string) (*statement.Translation, error) {
	p, err := newPlanner(c)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return translateSentence(ctx, sentence)
	}
	defer p.Close()
	builtin, err := statement.NewBuiltinTranslator()
	if err != nil {
		return nil, err
	}
	var store *memory.Store
	if s, err := openStore(ctx, c); err == nil {
		store = s
		defer s.Close()
	} else {
		logger(c).Warn("long-term memory unavailable; the few-shot examples come from the shipped prompts", "error", err)
	}
	llm := &statement.LLMTranslator{Model: p, Examples: memoryExamples{store: store, fallback: builtin}}
	st, err := llm.Translate(ctx, sentence)
	if err != nil {
		return nil, err
	}
	return &statement.Translation{Statement: st, Route: statement.RouteLLM}, nil
}
