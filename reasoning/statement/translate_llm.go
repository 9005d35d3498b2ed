package statement

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools/named"
)

// ErrLLMStatement means the language model's statement was rejected, after
// one repair round, by the parser or the checks of the calls.
var ErrLLMStatement = errors.New("the language model wrote no valid statement")

// Generator is a language model: a system and a user message in, the
// answer's text out. (*reasoning.LLMPlanner).Generate has this form.
type Generator interface {
	Generate(ctx context.Context, system, user string, schema json.RawMessage, maxTokens int) (string, error)
}

// ExampleSource finds the examples most like a sentence: the few-shot
// examples of the LLM translator (long-term memory seeded from the training
// prompts, or the builtin translator's retrieval).
type ExampleSource interface {
	SimilarExamples(ctx context.Context, sentence string, k int) ([]Example, error)
}

// DefaultFewShot is how many examples the LLM translator shows the model.
const DefaultFewShot = 8

// LLMTranslator writes the calls into a sentence with a language model, as
// Graph-ToolFormer's fine-tuned model does: it shows the model the examples
// most like the sentence, parses the answer with the statement parser,
// checks its calls (known hubs, tools and named graphs), and when the answer
// is rejected sends the error back once for a repair.
type LLMTranslator struct {
	// Model answers the prompts.
	Model Generator
	// Examples gives the few-shot examples; nil means none.
	Examples ExampleSource
	// FewShot is how many examples to show; 0 means DefaultFewShot.
	FewShot int
	// MaxTokens bounds each answer; 0 means 512.
	MaxTokens int
}

const llmTranslateSystem = `You insert graph API calls into sentences, as Graph-ToolFormer does.
Given an input sentence (a question, or a statement with [TBR] where a result belongs), write the output sentence:
the same statement with the calls inserted where the results belong, and nothing else.
Calls: [GL("dataset")] loads a graph; GL("gpr", {"petersen_graph"}) is a named graph; [GR(<GL call>, "toolkit:tool", arguments...)-->r]
runs a reasoning tool, and -->r marks the result that answers the sentence. Arguments are references such as "node#6",
paper#83826, instance#31, user#u3, entity#state.v.01, relation#_hyponym, or numbers.
Answer with the output sentence on one line, without "Output:" and without explanations.`

// Translate asks the model for the statement, with one repair round.
func (t *LLMTranslator) Translate(ctx context.Context, sentence string) (*Statement, error) {
	sentence = strings.TrimSpace(sentence)
	if sentence == "" {
		return nil, fmt.Errorf("empty sentence: %w", ErrNoTranslation)
	}
	if t.Model == nil {
		return nil, errors.New("llm translator: no model configured")
	}
	k := t.FewShot
	if k <= 0 {
		k = DefaultFewShot
	}
	maxTokens := t.MaxTokens
	if maxTokens <= 0 {
		maxTokens = 512
	}
	var shots []Example
	if t.Examples != nil {
		var err error
		if shots, err = t.Examples.SimilarExamples(ctx, sentence, k); err != nil {
			return nil, fmt.Errorf("llm translator: few-shot examples: %w", err)
		}
	}
	user := fewShotPrompt(shots, sentence)
	answer, err := t.Model.Generate(ctx, llmTranslateSystem, user, nil, maxTokens)
	if err != nil {
		return nil, fmt.Errorf("llm translator: %w", err)
	}
	st, perr := checkAnswer(sentence, answer)
	if perr == nil {
		return st, nil
	}
	repair := user + "\n\nYour answer was:\n" + strings.TrimSpace(answer) + "\n\nIt was rejected: " + perr.Error() +
		"\nWrite the corrected output sentence only."
	answer, err = t.Model.Generate(ctx, llmTranslateSystem, repair, nil, maxTokens)
	if err != nil {
		return nil, fmt.Errorf("llm translator, repair round: %w", err)
	}
	st, perr = checkAnswer(sentence, answer)
	if perr != nil {
		return nil, fmt.Errorf("after one repair: %w: %w", perr, ErrLLMStatement)
	}
	return st, nil
}

// fewShotPrompt lists the examples as "Input: … Output: …" lines and ends
// with the sentence's input line.
func fewShotPrompt(shots []Example, sentence string) string {
	var sb strings.Builder
	if len(shots) > 0 {
		sb.WriteString("Examples:\n")
		for _, ex := range shots {
			fmt.Fprintf(&sb, "Input: %s Output: %s\n", oneLine(ex.Input), oneLine(ex.Output))
		}
		sb.WriteString("\n")
	}
	fmt.Fprintf(&sb, "Input: %s Output:", oneLine(sentence))
	return sb.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// checkAnswer reads the model's answer as a statement and checks its calls.
func checkAnswer(sentence, answer string) (*Statement, error) {
	a := strings.TrimSpace(answer)
	// Models often repeat the label, quote the sentence or add lines.
	if i := strings.LastIndex(a, "Output:"); i >= 0 {
		a = strings.TrimSpace(a[i+len("Output:"):])
	}
	if i := strings.IndexByte(a, '\n'); i >= 0 {
		a = strings.TrimSpace(a[:i])
	}
	a = strings.Trim(a, "`")
	if a == "" {
		return nil, errors.New("the answer is empty")
	}
	st, err := Parse(a)
	if err != nil {
		return nil, err
	}
	if !st.HasCalls() {
		return nil, fmt.Errorf("the answer %q holds no API call", textutil.Truncate(a, 120))
	}
	if st.HasPlaceholder() {
		return nil, errors.New("the answer still holds [TBR]; put the call where the result belongs")
	}
	if strings.Contains(sentence, "[TBR]") && !hasResultCall(st) {
		return nil, errors.New("no call is marked -->r as the result that replaces [TBR]")
	}
	for _, c := range st.Calls() {
		if err := checkInvocation(c.Inv); err != nil {
			return nil, fmt.Errorf("call at column %d: %w", column(a, c.Pos), err)
		}
	}
	return st, nil
}

func hasResultCall(st *Statement) bool {
	for _, c := range st.Calls() {
		if c.Target != "" {
			return true
		}
	}
	return false
}

// checkInvocation checks what can be checked before running a call: a GR
// names a known tool (or a learned one), its graph is a GL call or a bound
// name, and a named graph of the "gpr" hub exists.
func checkInvocation(inv *Invocation) error {
	switch inv.Func {
	case "GR":
		if len(inv.Args) < 2 {
			return errors.New("GR needs a graph and a tool, GR(GL(...), \"toolx:order\")")
		}
		switch g := inv.Args[0].(type) {
		case *Invocation:
			if err := checkInvocation(g); err != nil {
				return err
			}
		case Word:
		default:
			return fmt.Errorf("GR's first argument must be a GL call, not %s", Format(g))
		}
		tool, ok := inv.Args[1].(String)
		if !ok {
			if w, isWord := inv.Args[1].(Word); isWord {
				tool = String{Text: w.Text}
			} else {
				return fmt.Errorf("GR's second argument must be a tool name such as \"toolx:radius\", not %s", Format(inv.Args[1]))
			}
		}
		if _, err := ResolveTool(tool.Text); err != nil && !errors.Is(err, ErrToolNotAvailable) {
			return err
		}
	case "GL":
		if len(inv.Args) == 0 {
			return errors.New("GL needs the name of a graph")
		}
		hub := ""
		switch v := inv.Args[0].(type) {
		case String:
			hub = v.Text
		case Word:
			hub = v.Text
		default:
			return fmt.Errorf("GL's first argument must be a graph name, not %s", Format(v))
		}
		if strings.EqualFold(hub, "gpr") {
			if len(inv.Args) != 2 {
				return errors.New(`the "gpr" hub takes one named graph, GL("gpr", {"petersen_graph"})`)
			}
			name := inv.Args[1]
			if set, ok := name.(Set); ok && len(set.Elems) == 1 {
				name = set.Elems[0]
			}
			s, ok := name.(String)
			if !ok {
				return fmt.Errorf("the named graph must be a quoted name, not %s", Format(inv.Args[1]))
			}
			if _, err := named.Call(s.Text); err != nil {
				return err
			}
		}
	}
	return nil
}

// SimilarExamples returns the examples of the k sentence shapes most like
// the sentence (one example per shape), best first: the builtin few-shot
// source when long-term memory holds no prompts.
func (t *ExampleTranslator) SimilarExamples(ctx context.Context, sentence string, k int) ([]Example, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	toks := skeleton(sentence, findSlots(sentence, t.phrases))
	var out []Example
	for _, c := range t.nearest(toks, k) {
		out = append(out, c.tmpl.ex)
	}
	return out, nil
}
