package agent

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools/graph"
)

// Answer is the outcome of one question, in the JSON contract of
// DESIGN.md ("ask --json").
type Answer struct {
	// Answer states the answer as a sentence.
	Answer string `json:"answer"`
	// Value is the typed result (bool, number, list, struct), or the
	// analogical answer's text on a fallback; nil when unanswered.
	Value any `json:"value"`
	// Tool is the tool that answered, empty when none did.
	Tool string `json:"tool"`
	// Args are the tool's arguments; null when no tool ran.
	Args json.RawMessage `json:"args"`
	// Graph describes the graph the question was about; nil when none.
	Graph *GraphInfo `json:"graph"`
	// Plan is the tool call planned but not run, with WithPlanOnly; nil
	// otherwise.
	Plan *Plan `json:"plan,omitempty"`
	// Chain is the chain of tools that answered (or, with WithPlanOnly,
	// that would answer) a question needing several tools; each step's
	// result is in the trace. Nil for a single tool.
	Chain *reasoning.Chain `json:"chain,omitempty"`
	// Fallback is true when no tool answered and the analogical reasoner
	// did (or tried to).
	Fallback bool `json:"fallback"`
	// Trace lists the steps taken, in order.
	Trace []Event `json:"trace"`
	// Reading is what the readers understood in the question's text: the
	// graph notations read, direction and why, what edge numbers mean, the
	// accounted spans, text left unaccounted, ambiguities and
	// disagreements. Nil when the question was not read (too large, not
	// UTF-8).
	Reading *extract.Report `json:"reading,omitempty"`
	// LLMCalls and Tokens count the language-model calls and tokens of the
	// question (0 with the builtin backend).
	LLMCalls int64 `json:"llm_calls"`
	Tokens   int64 `json:"tokens"`
	// ElapsedMS is the wall time of the question in milliseconds.
	ElapsedMS float64 `json:"elapsed_ms"`

	g *graph.Graph
}

// GraphUsed returns the graph the question was answered about, nil when
// there was none. It is shared with the session's working memory: do not
// modify it.
func (a *Answer) GraphUsed() *graph.Graph { return a.g }

// GraphInfo summarises a question's graph.
type GraphInfo struct {
	Nodes    int    `json:"nodes"`
	Edges    int    `json:"edges"`
	Directed bool   `json:"directed"`
	Weighted bool   `json:"weighted"`
	Source   string `json:"source"`
}

// graphInfo describes g; source says where it came from ("question", a file
// path, a dataset or session name).
func graphInfo(g *graph.Graph, source string) *GraphInfo {
	if g == nil {
		return nil
	}
	return &GraphInfo{Nodes: g.N(), Edges: g.M(), Directed: g.Directed(), Weighted: g.Weighted() || g.HasCapacities(), Source: source}
}

// Event is one step of answering a question.
type Event struct {
	// Step names the step: "graph" (extraction), "load", "retrieval",
	// "examples", "tool", "params", "run", "fallback", or "answer" when the
	// question stops early.
	Step string `json:"step"`
	// Backend says who decided: "parser", "sandbox", "session", "builtin",
	// "llm:MODEL", "retrieval", "memory".
	Backend string `json:"backend,omitempty"`
	// Detail states what was decided.
	Detail string `json:"detail"`
	// Error is the step's failure, if any (the question may still be
	// answered by a later step).
	Error string `json:"error,omitempty"`
	// DurationMS is the step's wall time in milliseconds.
	DurationMS float64 `json:"duration_ms"`
	// LLMCalls and Tokens count the step's language-model use.
	LLMCalls int64 `json:"llm_calls,omitempty"`
	Tokens   int64 `json:"tokens,omitempty"`
}

// WriteTrace prints the trace readably, one step per line, for --explain.
func (a *Answer) WriteTrace(w io.Writer) error {
	var b strings.Builder
	for i, e := range a.Trace {
		fmt.Fprintf(&b, "%2d. %-9s", i+1, e.Step)
		if e.Backend != "" {
			fmt.Fprintf(&b, " [%s]", e.Backend)
		}
		fmt.Fprintf(&b, " %s", e.Detail)
		if e.Error != "" {
			fmt.Fprintf(&b, " (error: %s)", e.Error)
		}
		fmt.Fprintf(&b, "  %.3f ms", e.DurationMS)
		if e.LLMCalls > 0 {
			fmt.Fprintf(&b, ", %d LLM call(s), %d tokens", e.LLMCalls, e.Tokens)
		}
		b.WriteByte('\n')
	}
	if a.Reading != nil {
		if err := a.Reading.Write(&b); err != nil {
			return err
		}
	}
	fmt.Fprintf(&b, "total %.3f ms, %d LLM call(s), %d tokens", a.ElapsedMS, a.LLMCalls, a.Tokens)
	if a.Fallback {
		b.WriteString(", answered by the fallback")
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}
