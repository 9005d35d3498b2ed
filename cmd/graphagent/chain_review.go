package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
)

// chainReview shows a chain of tools before it runs and reads the user's
// answer with readLine (which gives up when ctx ends): yes runs it, no
// cancels it, "skip step N" or "change step N to TOOL" edits it (and
// shows it again). End of input cancels.
func chainReview(w io.Writer, reg *tools.Registry, readLine func(context.Context) (string, error)) agent.ChainReview {
	specs := reasoning.RegistrySpecs(reg)
	return func(ctx context.Context, c reasoning.Chain) (reasoning.Chain, error) {
		for {
			fmt.Fprintf(w, "Plan (%d steps):\n%sRun it? [yes / no / skip step N / change step N to TOOL] ", len(c.Steps), indent(c.String()))
			line, err := readLine(ctx)
			if err != nil && ctx.Err() != nil {
				// A signal, or the question's time ran out while waiting.
				fmt.Fprintln(w)
				return c, fmt.Errorf("no confirmation: %w", ctx.Err())
			}
			answer := strings.ToLower(strings.Trim(strings.TrimSpace(line), ".!"))
			fmt.Fprintln(w)
			switch answer {
			case "y", "yes", "ok", "run", "go", "sure", "yes, run it", "run it":
				return c, nil
			case "n", "no", "cancel", "stop", "abort":
				return c, fmt.Errorf("the plan was not run: %w", agent.ErrCancelled)
			}
			if answer == "" && err != nil {
				return c, fmt.Errorf("no confirmation (end of input); the plan was not run: %w", agent.ErrCancelled)
			}
			edited, ok, eerr := reasoning.EditChain(c, line, specs)
			switch {
			case !ok:
				fmt.Fprintln(w, `Answer yes, no, or an edit such as "skip step 2" or "change step 3 to radius".`)
			case eerr != nil:
				fmt.Fprintf(w, "Not changed: %v\n", eerr)
			default:
				c = edited
			}
			if err != nil {
				return c, fmt.Errorf("no confirmation (end of input); the plan was not run: %w", agent.ErrCancelled)
			}
			if ctx.Err() != nil {
				return c, ctx.Err()
			}
		}
	}
}

func indent(s string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if line != "" {
			b.WriteString("  " + line)
		}
	}
	return b.String()
}
