package agent

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/graphagent/graphagent/memory"
)

// SolvedExample is the solved example that an exact tool's answer makes,
// for writing back to long-term memory: the question, the tool and its
// checked arguments, the answer and a summary of the graph. ok is false for
// answers that are not verified by a tool (the analogical fallback, an
// analogy answer, a chain, no tool).
func SolvedExample(question string, ans *Answer) (ex memory.Example, ok bool) {
	if ans == nil || ans.Tool == "" || ans.Tool == ToolAnalogy || ans.Fallback || ans.Chain != nil {
		return memory.Example{}, false
	}
	ex = memory.Example{Question: question, Tool: ans.Tool, Args: ans.Args, Answer: ans.Answer, Source: memory.SourceAgent, Verified: true}
	if v, err := json.Marshal(ans.Value); err == nil {
		ex.Value = v
	}
	if g := ans.Graph; g != nil {
		kind := "undirected"
		if g.Directed {
			kind = "directed"
		}
		ex.GraphSummary = fmt.Sprintf("%s: %d nodes, %d edges, %s", g.Source, g.Nodes, g.Edges, kind)
	}
	return ex, true
}

// Learn writes ex to the agent's long-term memory and returns it as
// stored (with its id and time). It fails when no memory is configured or
// it cannot be written; memory.ErrUnavailable says the store is down for
// now and the write may be retried.
func (a *Agent) Learn(ctx context.Context, ex memory.Example) (memory.Example, error) {
	store, err := a.memory(ctx)
	if err != nil {
		return memory.Example{}, fmt.Errorf("long-term memory: %w", err)
	}
	stored, err := store.AddExample(ctx, ex)
	if err != nil {
		return memory.Example{}, fmt.Errorf("writing the solved example: %w", err)
	}
	return stored, nil
}
