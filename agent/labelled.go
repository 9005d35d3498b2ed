package agent

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/graphagent/graphagent/reasoning/analog"
)

// LabelledReasoner answers node-classification and link-prediction
// questions about labelled datasets (analog.Service is one). ok is false
// for questions it does not read, which then go to the tools.
type LabelledReasoner interface {
	// Reads reports whether Answer would read the question (cheap).
	Reads(question string) bool
	Answer(ctx context.Context, question string) (ans *analog.Answer, ok bool, err error)
}

// ToolAnalogy is Answer.Tool for answers of the LabelledReasoner.
const ToolAnalogy = "analogy"

// labelled answers the question through the LabelledReasoner; handled is
// false when it does not read the question. An unsure answer is not given:
// the error says what the evidence leaned to (exit 1).
func (r *run) labelled(ctx context.Context, question string) (ans *Answer, err error, handled bool) {
	if !r.a.labelled.Reads(question) {
		return nil, nil, false
	}
	var a *analog.Answer
	var aerr error
	read := true
	r.step("analogy", func() (string, string, error) {
		a, read, aerr = r.a.labelled.Answer(ctx, question)
		if !read {
			return "", "not a node-classification or link-prediction question about a labelled dataset", nil
		}
		if aerr != nil {
			return "analog", "could not reason", aerr
		}
		return a.Method, fmt.Sprintf("examples and neighbours from memory: %s; rule: %s", evidenceList(a.Evidence, 6), a.Rule), nil
	})
	if !read {
		return nil, nil, false
	}
	if aerr != nil {
		if errors.Is(aerr, analog.ErrUnknownItem) || errors.Is(aerr, fs.ErrNotExist) {
			ans, err = r.fail(fmt.Errorf("%w: %w", ErrBadInput, aerr))
		} else {
			ans, err = r.fail(fmt.Errorf("%w: %w", ErrNoAnswer, aerr))
		}
		return ans, err, true
	}
	r.ans.Tool, r.ans.Value, r.ans.Answer = ToolAnalogy, a, a.Sentence()
	r.step("answer", func() (string, string, error) { return a.Method, a.Explanation, nil })
	if a.Unsure {
		return r.finish(), fmt.Errorf("%s: %w", a.Sentence(), ErrNoAnswer), true
	}
	return r.finish(), nil, true
}

// evidenceList names the first n pieces of evidence.
func evidenceList(ev []analog.Evidence, n int) string {
	if len(ev) == 0 {
		return "none (a solved example)"
	}
	var b strings.Builder
	for i, e := range ev[:min(n, len(ev))] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s → %s (%.2f)", e.Kind, e.ID, e.Label, e.Weight)
	}
	if len(ev) > n {
		fmt.Fprintf(&b, " and %d more", len(ev)-n)
	}
	return b.String()
}
