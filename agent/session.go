package agent

import (
	"context"
	"sync/atomic"

	"github.com/graphagent/graphagent/memory"
)

// Session is a conversation: its working memory keeps the graphs loaded or
// written in earlier questions (the latest is "it") and the recent results,
// so "load roads.edgelist" followed by "what is its diameter?" answers about
// roads.edgelist. A Session is safe for concurrent use, though turns are
// meant to come one at a time.
type Session struct {
	a   *Agent
	wm  *memory.Working
	ids atomic.Int64
}

// NewSession starts a conversation with empty working memory.
func (a *Agent) NewSession(limits memory.WorkingLimits) *Session {
	return &Session{a: a, wm: memory.NewWorking(limits)}
}

// Ask answers one turn; a question with no graph of its own uses the
// session's current graph, and every graph it loads or contains becomes the
// current one.
func (s *Session) Ask(ctx context.Context, question string, opts ...AskOption) (*Answer, error) {
	return s.a.ask(ctx, question, s, opts)
}

// Graphs lists the names of the graphs in working memory, most recently
// used first.
func (s *Session) Graphs() []string { return s.wm.Names() }

// Working returns the session's working memory.
func (s *Session) Working() *memory.Working { return s.wm }

func (s *Session) nextID() int64 { return s.ids.Add(1) }
