package main

import (
	"context"
	"errors"
	"sync"
)

// errInterrupted is the cause of a command's context cancelled by Ctrl-C
// (SIGINT): run reports it in one line and exits 130, as shells do.
var errInterrupted = errors.New("interrupted")

// exitInterrupted is the exit code after Ctrl-C (128 + SIGINT).
const exitInterrupted = 130

// interrupts routes Ctrl-C. By default it cancels the whole command; while
// chat answers a question, the question takes it over (Ctrl-C cancels that
// question and chat returns to its prompt; the next Ctrl-C, at the prompt or
// while the cancelled question winds down, leaves).
type interrupts struct {
	mu       sync.Mutex
	command  context.CancelCauseFunc
	question context.CancelCauseFunc
}

// fire handles one Ctrl-C.
func (in *interrupts) fire() {
	in.mu.Lock()
	cancel := in.question
	in.question = nil
	if cancel == nil {
		cancel = in.command
	}
	in.mu.Unlock()
	if cancel != nil {
		cancel(errInterrupted)
	}
}

// during makes the next Ctrl-C cancel a question's context through cancel
// instead of the command; the returned function gives it back.
func (in *interrupts) during(cancel context.CancelCauseFunc) (restore func()) {
	in.mu.Lock()
	in.question = cancel
	in.mu.Unlock()
	return func() {
		in.mu.Lock()
		in.question = nil
		in.mu.Unlock()
	}
}

type interruptsKey struct{}

// withInterrupts gives the commands run under ctx the Ctrl-C router.
func withInterrupts(ctx context.Context, in *interrupts) context.Context {
	return context.WithValue(ctx, interruptsKey{}, in)
}

// interruptsOf is ctx's Ctrl-C router, or nil (run called by a test without
// signals).
func interruptsOf(ctx context.Context) *interrupts {
	in, _ := ctx.Value(interruptsKey{}).(*interrupts)
	return in
}

// interrupted reports whether ctx ended because of Ctrl-C.
func interrupted(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), errInterrupted)
}
