package explore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/kg"
)

// Entry is one step of an exploration: the question asked, the λ it was
// asked with and the answer.
type Entry struct {
	Question string  `json:"question"`
	Lambda   float64 `json:"lambda"`
	Answer   *Answer `json:"answer"`
}

// Session is an exploration over one KG: the questions asked, in order, and
// the current position in that history. Back and Goto move the position
// and restore that step's answer, suggestions and λ exactly; a question
// asked then is appended to the history (nothing is lost). A Session is
// not safe for concurrent use.
type Session struct {
	x       *Explorer
	lambda  float64
	entries []Entry
	cur     int // index into entries; -1 before the first question
}

// NewSession starts an exploration with weight lambda.
func (x *Explorer) NewSession(lambda float64) *Session {
	return &Session{x: x, lambda: lambda, cur: -1}
}

// KG returns the knowledge graph explored.
func (s *Session) KG() *kg.KG { return s.x.g }

// Lambda is the session's current λ.
func (s *Session) Lambda() float64 { return s.lambda }

// SetLambda changes λ for the next questions.
func (s *Session) SetLambda(l float64) error {
	if l < 0 || l > 1 || l != l {
		return fmt.Errorf("λ must be between 0 and 1, not %v", l)
	}
	s.lambda = l
	return nil
}

// Current returns the current step (its index counts from 1), or false
// before the first question.
func (s *Session) Current() (Entry, int, bool) {
	if s.cur < 0 {
		return Entry{}, 0, false
	}
	return s.entries[s.cur], s.cur + 1, true
}

// History returns the steps in the order asked.
func (s *Session) History() []Entry { return append([]Entry(nil), s.entries...) }

// Ask asks a question and makes its answer the current step. A declined
// question is answered (with what was read) but does not enter the
// history.
func (s *Session) Ask(ctx context.Context, question string) (*Answer, error) {
	ans, err := s.x.Ask(ctx, question, s.lambda)
	if err != nil {
		return ans, err
	}
	s.entries = append(s.entries, Entry{Question: question, Lambda: s.lambda, Answer: ans})
	s.cur = len(s.entries) - 1
	return ans, nil
}

// ErrNoStep means back or goto named a step the history does not have.
var ErrNoStep = errors.New("no such step in the history")

// Back returns to the step before the current one.
func (s *Session) Back() (Entry, error) {
	if s.cur <= 0 {
		return Entry{}, fmt.Errorf("back from the first step: %w", ErrNoStep)
	}
	return s.Goto(s.cur) // step numbers count from 1
}

// Goto returns to step n (from 1), restoring its λ.
func (s *Session) Goto(n int) (Entry, error) {
	if n < 1 || n > len(s.entries) {
		return Entry{}, fmt.Errorf("step %d of %d: %w", n, len(s.entries), ErrNoStep)
	}
	s.cur = n - 1
	s.lambda = s.entries[s.cur].Lambda
	return s.entries[s.cur], nil
}

// Command runs one line of an interactive exploration: "back", "history",
// "goto N", "lambda X", a suggestion's number ("2"), or else a question.
// It returns the text to show and the answer when one was given or
// restored.
func (s *Session) Command(ctx context.Context, line string) (string, *Answer, error) {
	line = strings.TrimSpace(line)
	fields := strings.Fields(strings.ToLower(line))
	if len(fields) == 0 {
		return "", nil, nil
	}
	switch {
	case len(fields) == 1 && fields[0] == "back":
		e, err := s.Back()
		if err != nil {
			return "", nil, err
		}
		return fmt.Sprintf("Back to step %d: %s", s.cur+1, e.Question), e.Answer, nil
	case len(fields) == 1 && fields[0] == "history":
		if len(s.entries) == 0 {
			return "No questions yet.", nil, nil
		}
		var b strings.Builder
		for i, e := range s.entries {
			mark := " "
			if i == s.cur {
				mark = "*"
			}
			fmt.Fprintf(&b, "%s%d. [λ=%.2g] %s\n", mark, i+1, e.Lambda, e.Question)
		}
		return strings.TrimRight(b.String(), "\n"), nil, nil
	case len(fields) == 2 && fields[0] == "goto":
		n, err := strconv.Atoi(fields[1])
		if err != nil {
			return "", nil, fmt.Errorf("goto %q: want a step number: %w", fields[1], ErrNoStep)
		}
		e, err := s.Goto(n)
		if err != nil {
			return "", nil, err
		}
		return fmt.Sprintf("Step %d: %s", n, e.Question), e.Answer, nil
	case len(fields) == 2 && (fields[0] == "lambda" || fields[0] == "λ"):
		l, err := strconv.ParseFloat(fields[1], 64)
		if err != nil {
			return "", nil, fmt.Errorf("lambda %q: want a number between 0 and 1", fields[1])
		}
		if err := s.SetLambda(l); err != nil {
			return "", nil, err
		}
		return fmt.Sprintf("λ = %g", l), nil, nil
	case len(fields) == 1:
		if n, err := strconv.Atoi(fields[0]); err == nil {
			e, _, ok := s.Current()
			if !ok || n < 1 || n > len(e.Answer.Suggestions) {
				return "", nil, fmt.Errorf("no suggestion %d", n)
			}
			line = e.Answer.Suggestions[n-1]
		}
	}
	ans, err := s.Ask(ctx, line)
	return "", ans, err
}
