package statement

import (
	"context"
	"errors"
)

// ErrNoTranslator means a sentence holds no calls and no translator is
// configured to write them: graphagent cannot yet turn a plain question or
// a [TBR] sentence into a statement.
var ErrNoTranslator = errors.New("no translator from sentences to statements is configured")

// Translator writes the API calls into a sentence that has none — a plain
// question, or a sentence with a [TBR] placeholder — which is the language
// model's job in Graph-ToolFormer. The result is a parsed statement the
// Executor can run.
type Translator interface {
	Translate(ctx context.Context, sentence string) (*Statement, error)
}

// NoTranslator is the Translator used until one is configured: it
// declines every sentence with ErrNoTranslator.
type NoTranslator struct{}

// Translate returns ErrNoTranslator.
func (NoTranslator) Translate(context.Context, string) (*Statement, error) {
	return nil, ErrNoTranslator
}
