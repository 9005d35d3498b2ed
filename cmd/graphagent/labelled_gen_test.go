package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/graphagent/graphagent/reasoning"
)

// otherBackend is a planner that is not *reasoning.LLMPlanner but declares
// text generation: it must keep the LLM analogy step.
type otherBackend struct{ reasoning.Planner }

func (o otherBackend) Abilities() reasoning.Abilities { return reasoning.Abilities{Generate: o} }

func (otherBackend) Generate(context.Context, string, string, json.RawMessage, int) (string, error) {
	return "", nil
}

// TestTextGeneratorAnyBackend: the LLM analogy is wired for any backend
// whose abilities include generation, not only the concrete LLM planner.
func TestTextGeneratorAnyBackend(t *testing.T) {
	builtin := reasoning.NewBuiltinPlanner(reasoning.BuiltinConfig{})
	if _, ok := textGenerator(otherBackend{builtin}); !ok {
		t.Error("a backend declaring generation lost the LLM analogy")
	}
	if _, ok := textGenerator(builtin); ok {
		t.Error("the builtin planner was taken for a text generator")
	}
	if _, ok := textGenerator(nil); ok {
		t.Error("no planner was taken for a text generator")
	}
}
