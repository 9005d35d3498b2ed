package reasoning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/graphagent/graphagent/internal/textutil"
	"sort"
	"strings"
)

// ErrNoAnalogy means the analogical reasoner had no solved example with an
// answer to reason from.
var ErrNoAnalogy = errors.New("no similar solved example to reason from")

// Generator sends one system and one user message to a language model and
// returns its answer; LLMPlanner.Generate satisfies it.
type Generator interface {
	Generate(ctx context.Context, system, user string, schema json.RawMessage, maxTokens int) (string, error)
}

// Analogy methods, as AnalogyResult.Method reports them.
const (
	// AnalogyVote is the builtin analogy: a similarity-weighted vote over
	// the examples' answers, with no language model.
	AnalogyVote = "builtin analogy (similarity-weighted vote)"
	// AnalogyInduceDeduce is Graph Agent's method: induce rules from the
	// examples, then deduce the answer, one language-model call each.
	AnalogyInduceDeduce = "llm analogy (induction, then deduction)"
)

// Analogy answers a question no tool fits from similar solved examples: with
// a Generator it induces the rules that explain the examples' answers and
// then deduces this question's answer (Graph Agent); without one it takes a
// similarity-weighted vote over the examples' answers. It is safe for
// concurrent use.
type Analogy struct {
	gen Generator
}

// NewAnalogy returns the reasoner; gen may be nil for the builtin vote.
func NewAnalogy(gen Generator) *Analogy { return &Analogy{gen: gen} }

// AnalogyResult is the reasoner's answer.
type AnalogyResult struct {
	// Answer is the answer as text.
	Answer string `json:"answer"`
	// Explanation says why (the vote, or the model's reasoning).
	Explanation string `json:"explanation"`
	// Rules are the induced rules (LLM method only).
	Rules string `json:"rules,omitempty"`
	// Method is AnalogyVote or AnalogyInduceDeduce.
	Method string `json:"method"`
	// Confidence is the winning answer's share of the vote (0..1); the LLM
	// method reports the model's own confidence when it gives one.
	Confidence float64 `json:"confidence"`
	// Used is how many examples were reasoned from.
	Used int `json:"used"`
}

// Instructions of the two analogy steps.
const (
	inductionInstruction = `You study solved questions about graphs. Each example gives a question and its verified answer.
State, as a short numbered list, the general rules that explain why each example has the answer it has:
what in the question or the graph decides the answer. Do not answer any new question.`
	deductionInstruction = `You answer a question about a graph by analogy with solved examples, using the rules induced from them.
Apply the rules to the new question and answer with a JSON object:
{"answer": "...", "explanation": "one or two sentences", "confidence": 0.0-1.0}.`
	deductionSchema = `{"type":"object","properties":{"answer":{"type":"string"},"explanation":{"type":"string"},"confidence":{"type":"number"}},"required":["answer","explanation"],"additionalProperties":false}`
)

// Reason answers question from examples (most similar first; those without
// an answer are ignored). graphInfo, when not nil, describes the question's
// graph to the model. Errors wrap ErrNoAnalogy, or the Generator's errors
// (ErrServer, ErrSyntax).
func (a *Analogy) Reason(ctx context.Context, question string, graphInfo *GraphSummary, examples []Example) (AnalogyResult, error) {
	var use []Example
	for _, ex := range examples {
		if strings.TrimSpace(ex.Answer) != "" {
			use = append(use, ex)
		}
	}
	if len(use) == 0 {
		return AnalogyResult{}, fmt.Errorf("analogy over %d example(s): %w", len(examples), ErrNoAnalogy)
	}
	if a.gen == nil {
		return vote(use)
	}
	return a.induceDeduce(ctx, question, graphInfo, use)
}

// Thresholds of the builtin vote: it answers only from examples at least
// VoteMinScore similar to the question, and only when the winning answer
// has at least VoteMinAgree of them and VoteMinShare of their vote.
const (
	VoteMinScore = 0.5
	VoteMinAgree = 2
	VoteMinShare = 0.5
)

// vote is the builtin analogy: each example similar enough votes for its
// answer with its similarity, and the heaviest answer wins if enough
// examples agree; otherwise the error wraps ErrNoAnalogy.
func vote(all []Example) (AnalogyResult, error) {
	var exs []Example
	for _, ex := range all {
		if ex.Score >= VoteMinScore {
			exs = append(exs, ex)
		}
	}
	if len(exs) == 0 {
		return AnalogyResult{}, fmt.Errorf("none of %d example(s) is at least %.2f similar to the question: %w", len(all), VoteMinScore, ErrNoAnalogy)
	}
	type tally struct {
		answer string
		w      float64
		n      int
		first  int
	}
	byAns := map[string]*tally{}
	total := 0.0
	for i, ex := range exs {
		key := strings.ToLower(strings.TrimSpace(ex.Answer))
		w := ex.Score
		t := byAns[key]
		if t == nil {
			t = &tally{answer: strings.TrimSpace(ex.Answer), first: i}
			byAns[key] = t
		}
		t.w += w
		t.n++
		total += w
	}
	ts := make([]*tally, 0, len(byAns))
	for _, t := range byAns {
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool {
		if ts[i].w != ts[j].w {
			return ts[i].w > ts[j].w
		}
		return ts[i].first < ts[j].first
	})
	best := ts[0]
	if best.n < VoteMinAgree || best.w/total < VoteMinShare {
		return AnalogyResult{}, fmt.Errorf("the %d similar example(s) disagree (best answer %q has %d of them, %.0f%% of the vote): %w",
			len(exs), best.answer, best.n, 100*best.w/total, ErrNoAnalogy)
	}
	expl := fmt.Sprintf("builtin analogy: %d of %d similar solved example(s) answered %q (%.0f%% of the similarity-weighted vote); most similar: %q",
		best.n, len(exs), best.answer, 100*best.w/total, exs[best.first].Question)
	return AnalogyResult{Answer: best.answer, Explanation: expl, Method: AnalogyVote, Confidence: best.w / total, Used: len(exs)}, nil
}

// induceDeduce runs Graph Agent's two steps: one call for the rules, one
// for the answer.
func (a *Analogy) induceDeduce(ctx context.Context, question string, graphInfo *GraphSummary, exs []Example) (AnalogyResult, error) {
	var b strings.Builder
	for i, ex := range exs {
		fmt.Fprintf(&b, "Example %d:\nQuestion: %s\nAnswer: %s\n\n", i+1, ex.Question, ex.Answer)
	}
	rules, err := a.gen.Generate(ctx, inductionInstruction, b.String()+"Rules:", nil, 0)
	if err != nil {
		return AnalogyResult{}, fmt.Errorf("analogy induction: %w", err)
	}
	rules = strings.TrimSpace(rules)
	var u strings.Builder
	fmt.Fprintf(&u, "Rules:\n%s\n\nExamples:\n%s", rules, b.String())
	if graphInfo != nil {
		gi, _ := json.Marshal(graphInfo)
		fmt.Fprintf(&u, "Graph of the new question: %s\n", gi)
	}
	fmt.Fprintf(&u, "New question: %s\nAnswer:", question)
	ans, err := a.gen.Generate(ctx, deductionInstruction, u.String(), json.RawMessage(deductionSchema), 0)
	if err != nil {
		return AnalogyResult{}, fmt.Errorf("analogy deduction: %w", err)
	}
	obj, err := ParseJSONAnswer(ans)
	if err != nil {
		return AnalogyResult{}, fmt.Errorf("analogy deduction: %w", err)
	}
	var out struct {
		Answer      any     `json:"answer"`
		Explanation string  `json:"explanation"`
		Confidence  float64 `json:"confidence"`
	}
	if err := json.Unmarshal(obj, &out); err != nil || out.Answer == nil {
		return AnalogyResult{}, fmt.Errorf("analogy deduction: answer %s: %w", textutil.Truncate(string(obj), 80), ErrSyntax)
	}
	text := fmt.Sprint(out.Answer)
	if s, ok := out.Answer.(string); ok {
		text = s
	}
	return AnalogyResult{
		Answer: strings.TrimSpace(text), Explanation: out.Explanation, Rules: rules,
		Method: AnalogyInduceDeduce, Confidence: out.Confidence, Used: len(exs),
	}, nil
}
