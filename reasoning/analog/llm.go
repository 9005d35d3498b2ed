package analog

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/reasoning"
)

// Instructions of the LLM reasoner's two calls (Graph Agent §2.6–2.7).
const (
	llmInduction = `You study labelled examples from a graph. Given the provided examples and your existing knowledge,
identify the reasons why the example nodes are labelled as they are, or why a connection exists or not between the
example pairs. List the reasons concisely as a numbered list. Do not answer any new question.`
	llmDeduction = `Given the reasons and the examples, answer the question about the new item. Think step by step, then
answer with a JSON object {"answer": "...", "explanation": "one or two sentences", "confidence": 0.0-1.0}; the answer
must be one of the options given.`
	llmSchema = `{"type":"object","properties":{"answer":{"type":"string"},"explanation":{"type":"string"},"confidence":{"type":"number"}},"required":["answer","explanation"],"additionalProperties":false}`
)

// LLM is the language-model reasoner: the builtin reasoner retrieves the
// examples and labelled neighbours, one call states the rule they follow
// (induction) and one applies it to the item (deduction). Answers are
// parsed and validated; an answer outside the options is sent back once
// for repair, then refused with ErrInvalidAnswer.
type LLM struct {
	gen reasoning.Generator
	// Threshold is the stated confidence below which the answer is unsure
	// (default 0.5).
	Threshold float64
}

// NewLLM returns the LLM reasoner over gen ((*reasoning.LLMPlanner) is one).
func NewLLM(gen reasoning.Generator) *LLM { return &LLM{gen: gen, Threshold: 0.5} }

// ClassifyNode answers node id's class through c's evidence.
func (l *LLM) ClassifyNode(ctx context.Context, c *NodeClassifier, id string) (*Answer, error) {
	base, err := c.Classify(ctx, id)
	if err != nil || base.Known {
		return base, err
	}
	i := c.index[id]
	var ex, nb strings.Builder
	n := 0
	for _, e := range base.Evidence {
		switch e.Kind {
		case "example":
			if n < 8 {
				n++
				fmt.Fprintf(&ex, "Example %d: paper %s: %q. Label: %s.\n", n, e.ID, e.Note, e.Label)
			}
		case "neighbour":
			fmt.Fprintf(&nb, "- linked paper %s has the label %s\n", e.ID, e.Label)
		}
	}
	item := fmt.Sprintf("Paper %s: %q.\nIts linked papers with known labels:\n%s", id, textutil.Truncate(c.texts[i], 400), orNone(nb.String()))
	question := fmt.Sprintf("Which label does paper %s have? Options: %s.", id, strings.Join(c.classes, ", "))
	return l.reason(ctx, base, ex.String(), item, question, c.classes)
}

// PredictLink answers whether source acts on target through p's evidence.
func (l *LLM) PredictLink(ctx context.Context, p *LinkPredictor, source, target int32) (*Answer, error) {
	base, err := p.Predict(ctx, source, target)
	if err != nil || base.Known {
		return base, err
	}
	var ex strings.Builder
	n := 0
	walks := ""
	for _, e := range base.Evidence {
		switch {
		case e.Kind == "example" && n < 8:
			n++
			fmt.Fprintf(&ex, "Example %d: %s; %s. Connection: %s.\n", n, e.ID, e.Note, e.Label)
		case e.Kind == "paths":
			walks = e.Note
		}
	}
	d := p.d
	item := fmt.Sprintf("Pair: %s and %s; %s.", d.Label(source), d.Label(target), walks)
	question := fmt.Sprintf("Does %s act on %s (is there a connection)? Options: yes, no.", d.Names[source], d.Names[target])
	return l.reason(ctx, base, ex.String(), item, question, []string{Yes, No})
}

func orNone(s string) string {
	if s == "" {
		return "(none)\n"
	}
	return s
}

// reason runs induction and deduction and validates the answer against
// options, with one repair round.
func (l *LLM) reason(ctx context.Context, base *Answer, examples, item, question string, options []string) (*Answer, error) {
	rules, err := l.gen.Generate(ctx, llmInduction, "Examples:\n"+orNone(examples)+"\nReasons:", nil, 0)
	if err != nil {
		return nil, fmt.Errorf("analog: induction: %w", err)
	}
	rules = strings.TrimSpace(rules)
	user := fmt.Sprintf("Reasons:\n%s\n\nExamples:\n%s\nNew item: %s\nQuestion: %s", rules, orNone(examples), item, question)
	raw, err := l.gen.Generate(ctx, llmDeduction, user, json.RawMessage(llmSchema), 0)
	if err != nil {
		return nil, fmt.Errorf("analog: deduction: %w", err)
	}
	out, label, perr := parseDeduction(raw, options)
	if perr != nil {
		repair := user + "\n\nYour answer was rejected: " + perr.Error() + ". Answer again with the JSON object; the answer must be exactly one of: " + strings.Join(options, ", ") + "."
		raw, err = l.gen.Generate(ctx, llmDeduction, repair, json.RawMessage(llmSchema), 0)
		if err != nil {
			return nil, fmt.Errorf("analog: deduction repair: %w", err)
		}
		out, label, perr = parseDeduction(raw, options)
		if perr != nil {
			return nil, fmt.Errorf("analog: after one repair: %v: %w", perr, ErrInvalidAnswer)
		}
	}
	ans := &Answer{
		Dataset: base.Dataset, Item: base.Item, Key: base.Key, Label: label, Confidence: min(max(out.Confidence, 0), 1),
		Rule: rules, Explanation: out.Explanation, Evidence: base.Evidence, Method: "llm",
	}
	ans.Unsure = ans.Confidence < l.Threshold
	return ans, nil
}

type deduction struct {
	Answer      any     `json:"answer"`
	Explanation string  `json:"explanation"`
	Confidence  float64 `json:"confidence"`
}

// parseDeduction reads the model's JSON answer and matches it to one of
// options (case and surrounding space ignored; a boolean for yes/no).
func parseDeduction(raw string, options []string) (deduction, string, error) {
	var out deduction
	obj, err := reasoning.ParseJSONAnswer(raw)
	if err != nil {
		return out, "", err
	}
	if err := json.Unmarshal(obj, &out); err != nil || out.Answer == nil {
		return out, "", fmt.Errorf("answer %s has no answer field", textutil.Truncate(string(obj), 80))
	}
	text := fmt.Sprint(out.Answer)
	if b, ok := out.Answer.(bool); ok && slices.Contains(options, Yes) {
		text = map[bool]string{true: Yes, false: No}[b]
	}
	for _, o := range options {
		if strings.EqualFold(strings.TrimSpace(text), o) {
			return out, o, nil
		}
	}
	return out, "", fmt.Errorf("%q is not one of %s", textutil.Truncate(text, 60), strings.Join(options, ", "))
}
