package agent

import (
	"context"
	"io/fs"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// labels are the texts of the sentinel errors that classify a failure (for
// the exit code, errors.Is) and add nothing a user can act on once a
// description precedes them: "...: bad parameters: bad arguments: could
// not answer". graph.ErrOutsideSandbox stays: "path outside the data
// folders" is the reason itself.
var labels = func() []string {
	var out []string
	for _, err := range []error{
		ErrNoAnswer, ErrNoGraph, ErrBadInput, ErrRefused,
		reasoning.ErrBadParams, tools.ErrBadArgs, graph.ErrNodeNotFound,
		fs.ErrNotExist, context.Canceled, context.DeadlineExceeded,
	} {
		out = append(out, strings.Split(err.Error(), ": ")...)
	}
	return out
}()

// TidyMessage makes an error's text one sentence a user reads once: the
// chain of wrapped errors ("a: b: c") loses the segments that repeat the one
// before it ("shortest_path: shortest_path: missing parameter"), a bare name
// the segment before already gives ("no valid parameters for path_exists:
// path_exists: ..."), and the classifying labels at the end; "context
// canceled" alone becomes "interrupted", "context deadline exceeded" alone
// "the time limit was reached". The answers' "I could not answer: ..."
// sentences, the commands' messages and the server's replies use it.
func TidyMessage(msg string) string {
	parts := strings.Split(msg, ": ")
	var kept []string
	for _, p := range parts {
		if n := len(kept); n > 0 {
			prev := kept[n-1]
			if p == prev || (!strings.ContainsAny(p, " \t") && slices.Contains(strings.Fields(prev), p)) {
				continue
			}
		}
		kept = append(kept, p)
	}
	var out []string
	end := ""
	for _, p := range kept {
		if !slices.Contains(labels, strings.TrimSuffix(p, ".")) {
			out = append(out, p)
		} else if strings.HasSuffix(p, ".") {
			end = "." // the sentence's full stop stays
		}
	}
	if len(out) > 0 && end != "" && !strings.HasSuffix(out[len(out)-1], ".") {
		out[len(out)-1] += end
	}
	if len(out) == 0 {
		switch {
		case slices.Contains(kept, context.Canceled.Error()):
			return "interrupted"
		case slices.Contains(kept, context.DeadlineExceeded.Error()):
			return "the time limit was reached"
		}
		return strings.Join(kept, ": ")
	}
	return strings.Join(out, ": ")
}

// CouldNotAnswer is the answer sentence of a question that failed with err.
func CouldNotAnswer(err error) string {
	return "I could not answer: " + TidyMessage(err.Error())
}
