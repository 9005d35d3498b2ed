package reasoning

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ChainInstruction is the system message of chain planning.
const ChainInstruction = `You plan a chain of graph tools (an API chain) for a question that needs several tools in order, such as "the shortest path between the two highest-PageRank nodes" or "remove self-loops and isolated nodes, then give the diameter". The graph has already been read; you only plan, you do not compute.

Answer with one JSON object and nothing else:
{"thought": "at most two short sentences", "steps": [{"tool": "name", "args": {...}, "inputs": {"argument": {"step": N, "index": I}}}]}

Rules:
- Each step's "tool" is a listed tool or chain operation, spelled as listed.
- "args" holds literal arguments; "inputs" feeds an argument from the result of an EARLIER step N (steps are numbered from 1). A node argument fed from a node list picks one element with "index" (0-based).
- A step runs on the graph produced by the latest earlier graph operation (remove_self_loops, remove_isolated_nodes, remove_nodes, largest_component), or on the question's graph.
- To name nodes by a measure ("the node with the highest degree"), compute the scores (degrees, pagerank, betweenness_centrality, closeness_centrality, eccentricity), then top_nodes with k and order, then feed its nodes.
- Use at most 8 steps. When one tool answers the question, or no chain of these tools does, answer {"thought": "...", "steps": []}.`

// ChainSchema is the JSON schema of a chain answer: tool names from the
// candidates and the chain operations.
func ChainSchema(cs []Candidate) json.RawMessage {
	names := candidateNames(cs)
	for _, op := range ChainOps() {
		names = append(names, op.Name)
	}
	input := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"step":  map[string]any{"type": "integer", "minimum": 1},
			"index": map[string]any{"type": "integer", "minimum": 0},
		},
		"required":             []string{"step"},
		"additionalProperties": false,
	}
	s := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"thought": map[string]any{"type": "string"},
			"steps": map[string]any{
				"type":     "array",
				"maxItems": MaxChainSteps,
				"items": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"tool":   map[string]any{"type": "string", "enum": names},
						"args":   map[string]any{"type": "object"},
						"inputs": map[string]any{"type": "object", "additionalProperties": input},
					},
					"required":             []string{"tool"},
					"additionalProperties": false,
				},
			},
		},
		"required":             []string{"thought", "steps"},
		"additionalProperties": false,
	}
	b, _ := json.Marshal(s) // maps of strings always marshal
	return b
}

// chainUserPrompt is the user message of chain planning.
func chainUserPrompt(req ChainRequest) string {
	var b strings.Builder
	b.WriteString("Tools:\n")
	for _, c := range req.Candidates {
		writeToolCard(&b, c.Tool)
	}
	b.WriteString("\nChain operations:\n")
	for _, op := range ChainOps() {
		fmt.Fprintf(&b, "- %s: %s; returns a %s", op.Name, op.Description, op.Output)
		for _, k := range sortedKeys(op.Inputs) {
			fmt.Fprintf(&b, "; input %s: a %s", k, op.Inputs[k])
		}
		for _, k := range sortedKeys(op.Args) {
			fmt.Fprintf(&b, "; arg %s: %s", k, op.Args[k])
		}
		b.WriteByte('\n')
	}
	if req.Graph != nil {
		b.WriteString("\nGraph: ")
		writeGraphSummary(&b, *req.Graph)
		b.WriteByte('\n')
	}
	b.WriteString("\nQuestion: ")
	b.WriteString(req.Question)
	b.WriteString("\nAnswer:")
	return b.String()
}

// ParseChainAnswer reads a chain answer strictly: one JSON object with
// "steps" (unknown fields are errors), checked by CheckChain against the
// candidates. Fewer than two steps is the model's refusal to chain:
// ErrNotChain. Other failures wrap ErrSyntax or ErrBadChain.
func ParseChainAnswer(answer string, cs []Candidate) (Chain, error) {
	obj, err := ParseJSONAnswer(answer)
	if err != nil {
		return Chain{}, err
	}
	var v struct {
		Thought string      `json:"thought"`
		Steps   []ChainStep `json:"steps"`
	}
	dec := json.NewDecoder(bytes.NewReader(obj))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return Chain{}, fmt.Errorf("chain answer: %v: %w", err, ErrSyntax)
	}
	if len(v.Steps) < 2 {
		return Chain{}, fmt.Errorf("the model plans %d step(s): %w", len(v.Steps), ErrNotChain)
	}
	c := Chain{Steps: v.Steps}
	for i := range c.Steps {
		c.Steps[i].Text = "" // the model's plan says nothing the trace needs
	}
	if err := CheckChain(c, CandidateSpecs(cs)); err != nil {
		return Chain{}, err
	}
	return c, nil
}

// PlanChain asks the model for a chain as a JSON structure under
// ChainSchema, checks it (ParseChainAnswer) and sends a rejected one back
// once with the reason. An answer of fewer than two steps (the model says
// one tool answers, or none) is ErrNotChain.
func (p *LLMPlanner) PlanChain(ctx context.Context, req ChainRequest) (Chain, error) {
	if len(req.Candidates) == 0 {
		return Chain{}, fmt.Errorf("no candidate tools: %w", ErrNotChain)
	}
	var c Chain
	var refused error
	err := p.llmExchange(ctx, "chain", ChainSchema(req.Candidates), max(p.cfg.MaxTokens, 512), ChainInstruction, chainUserPrompt(req),
		func(answer string) error {
			var err error
			c, err = ParseChainAnswer(answer, req.Candidates)
			if errors.Is(err, ErrNotChain) {
				// A refusal is an answer, not a mistake to repair.
				refused = err
				return nil
			}
			return err
		})
	if err != nil {
		return Chain{}, err
	}
	if refused != nil {
		return Chain{}, refused
	}
	return c, nil
}
