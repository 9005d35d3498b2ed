package eval

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/graphagent/graphagent/internal/textutil"
	"math"
	"sort"
	"strings"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools/graph"
)

// Error classes of an item (GraphTool-Instruction's error analysis plus the
// fallback). An item may have several.
const (
	ErrClassSyntax    = "syntax_error"
	ErrClassGraph     = "graph_mismatch"
	ErrClassTool      = "tool_mismatch"
	ErrClassParams    = "param_mismatch"
	ErrClassExecution = "execution_error"
	ErrClassFallback  = "fallback_used"
)

// ErrorClasses lists the classes in report order.
func ErrorClasses() []string {
	return []string{ErrClassSyntax, ErrClassGraph, ErrClassTool, ErrClassParams, ErrClassExecution, ErrClassFallback}
}

// Record is the scored result of one item, one line of results.jsonl.
type Record struct {
	ID    string `json:"id"`
	Task  string `json:"task"`
	Group string `json:"group"`
	Mode  string `json:"mode,omitempty"`
	// Correct is the answer accuracy of the item; Reason says why not.
	Correct bool   `json:"correct"`
	Reason  string `json:"reason,omitempty"`
	// PublishedCorrect is the answer accuracy against the published gold,
	// set when the gold audit corrected it (otherwise it equals Correct).
	PublishedCorrect *bool `json:"published_correct,omitempty"`
	// Refused is true when the backend declined (returned an error, such as
	// "could not answer") instead of answering; an item that is neither
	// correct nor refused was answered wrong.
	Refused bool `json:"refused,omitempty"`
	// GraphOK, ToolOK and ParamsOK are the step accuracies; nil when the
	// item has no gold for the step.
	GraphOK  *bool `json:"graph_ok,omitempty"`
	ToolOK   *bool `json:"tool_ok,omitempty"`
	ParamsOK *bool `json:"params_ok,omitempty"`
	// Errors are the item's error classes.
	Errors []string `json:"errors,omitempty"`
	// Error is the backend's error message, if it failed.
	Error string `json:"error,omitempty"`
	// GoldError says why the item's gold graph could not be loaded (the
	// checks that need it then compare with the gold answer only, and the
	// graph accuracy leaves the item out).
	GoldError string `json:"gold_error,omitempty"`
	// Tool, Args and Value are what the backend answered.
	Tool     string          `json:"tool,omitempty"`
	Args     json.RawMessage `json:"args,omitempty"`
	Value    json.RawMessage `json:"value,omitempty"`
	Fallback bool            `json:"fallback,omitempty"`
	// LatencyMS is the item's wall time.
	LatencyMS float64 `json:"latency_ms"`
	// serverDown is set when the backend's LLM server failed the item
	// (reasoning.ErrServer): Run stops when the first items all fail so.
	serverDown bool
	// LLMCalls, PromptTokens and CompletionTokens count the language-model
	// use of the item.
	LLMCalls         int64 `json:"llm_calls"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
}

// Score checks an outcome against the item: answer, graph, tool and
// parameter accuracy and the error classes. err is the backend's error;
// goldGraph loads the item's graph when a check needs it (nil for none).
func Score(ctx context.Context, it *Item, out Outcome, err error, goldGraph func() (*graph.Graph, error)) Record {
	r := Record{ID: it.ID, Task: it.Task, Group: it.Group(), Mode: it.Mode, Tool: out.Tool, Args: out.Args,
		Fallback: out.Fallback, LLMCalls: out.LLMCalls, PromptTokens: out.PromptTokens, CompletionTokens: out.CompletionTokens}
	if out.Value != nil {
		if b, e := json.Marshal(out.Value); e == nil {
			r.Value = b
		}
	}
	var g *graph.Graph
	var gErr error
	loaded := false
	load := func() *graph.Graph {
		if !loaded && goldGraph != nil {
			g, gErr = goldGraph()
			loaded = true
		}
		return g
	}

	// Answer.
	if err != nil {
		r.Error = err.Error()
	}
	pred := out.Value
	if pred == nil && out.Text != "" {
		pred = out.Text
	}
	switch {
	case err != nil:
		// A backend that declines says so with an error; the sentence it
		// still writes ("I could not answer: ...") is not an answer.
		r.Refused = true
		r.Reason = "no answer: " + textutil.Truncate(err.Error(), 200)
	case it.Type() == NLGraphAnswer:
		v := CheckNLGraph(it, out)
		r.Correct, r.Reason = v.Correct, v.Reason
	case it.Type() == GraCoReAnswer:
		v, pub := checkGraCoRe(it, out, load)
		r.Correct, r.Reason = v.Correct, v.Reason
		if it.corrected() {
			r.PublishedCorrect = &pub.Correct
		}
	case it.Type() == GraphInstructAnswer:
		v, pub := checkGraphInstruct(it, out, load)
		r.Correct, r.Reason = v.Correct, v.Reason
		if it.corrected() {
			r.PublishedCorrect = &pub.Correct
		}
	case it.Type() == GraphOmniAnswer:
		v, pub := checkGraphOmni(it, out, load)
		r.Correct, r.Reason = v.Correct, v.Reason
		if it.corrected() {
			r.PublishedCorrect = &pub.Correct
		}
	case it.Type() == GraphQAAnswer:
		v, pub := checkGraphQA(it, out)
		r.Correct, r.Reason = v.Correct, v.Reason
		if it.corrected() {
			r.PublishedCorrect = &pub.Correct
		}
	case it.Type() == GraphWizAnswer:
		v, pub := checkGraphWiz(it, out, load)
		r.Correct, r.Reason = v.Correct, v.Reason
		if it.corrected() {
			r.PublishedCorrect = &pub.Correct
		}
	default:
		var gg *graph.Graph
		switch it.Type() {
		case TopoOrder, OptimalPath, MaxMatching:
			gg = load()
		}
		v := Check(it, pred, gg)
		r.Correct, r.Reason = v.Correct, v.Reason
	}

	// Graph: the backend's graph has the gold shape.
	want := it.Graph
	if want == nil {
		if gg := load(); gg != nil {
			want = &GraphStats{Nodes: gg.N(), Edges: gg.M(), Directed: gg.Directed()}
		}
	}
	if want != nil {
		ok := out.Graph != nil && out.Graph.Nodes == want.Nodes && out.Graph.Edges == want.Edges
		if ok && it.Directed != nil {
			ok = out.Graph.Directed == *it.Directed
		}
		r.GraphOK = &ok
	}
	// Tool name.
	if it.Tool != "" {
		ok := it.ToolMatches(out.Tool)
		r.ToolOK = &ok
	}
	// Parameters: every gold parameter with its value.
	if len(it.Params) > 0 {
		ok := paramsMatch(it.Params, out.Args)
		r.ParamsOK = &ok
	}
	r.Errors = classify(err, out, &r)
	if gErr != nil {
		r.GoldError = gErr.Error()
	}
	return r
}

// paramsMatch reports whether args holds every gold parameter with an equal
// value (node IDs compare as text, so 3 and "3" match).
func paramsMatch(gold map[string]any, args json.RawMessage) bool {
	if len(args) == 0 {
		return false
	}
	var got map[string]any
	if err := json.Unmarshal(args, &got); err != nil {
		return false
	}
	for k, v := range gold {
		if paramString(got[k]) != paramString(v) {
			return false
		}
	}
	return true
}

// classify maps the backend's error (with errors.Is on the planner's
// sentinel errors), its trace errors and the step checks to error classes.
func classify(err error, out Outcome, r *Record) []string {
	has := map[string]bool{}
	if err != nil {
		switch {
		case errors.Is(err, reasoning.ErrSyntax):
			has[ErrClassSyntax] = true
		case errors.Is(err, reasoning.ErrGraphMismatch):
			has[ErrClassGraph] = true
		case errors.Is(err, reasoning.ErrUnknownTool):
			has[ErrClassTool] = true
		case errors.Is(err, reasoning.ErrBadParams):
			has[ErrClassParams] = true
		default:
			has[ErrClassExecution] = true
		}
	}
	for _, e := range out.TraceErrors {
		switch {
		case strings.Contains(e, reasoning.ErrSyntax.Error()):
			has[ErrClassSyntax] = true
		case strings.Contains(e, reasoning.ErrGraphMismatch.Error()):
			has[ErrClassGraph] = true
		case strings.Contains(e, reasoning.ErrUnknownTool.Error()):
			has[ErrClassTool] = true
		case strings.Contains(e, reasoning.ErrBadParams.Error()):
			has[ErrClassParams] = true
		case strings.HasPrefix(e, "run:"):
			has[ErrClassExecution] = true
		}
	}
	if r.GraphOK != nil && !*r.GraphOK {
		has[ErrClassGraph] = true
	}
	if r.ToolOK != nil && !*r.ToolOK {
		has[ErrClassTool] = true
	}
	if r.ParamsOK != nil && !*r.ParamsOK {
		has[ErrClassParams] = true
	}
	if out.Fallback {
		has[ErrClassFallback] = true
	}
	var cs []string
	for _, c := range ErrorClasses() {
		if has[c] {
			cs = append(cs, c)
		}
	}
	return cs
}

// Metrics aggregates records.
type Metrics struct {
	Items    int     `json:"items"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"`
	// PublishedCorrect and PublishedAccuracy count the answers right
	// against the published gold; GoldCorrected the items whose published
	// gold the audit corrected (Correct is against the audited gold).
	PublishedCorrect  int     `json:"published_correct"`
	PublishedAccuracy float64 `json:"published_accuracy"`
	GoldCorrected     int     `json:"gold_corrected,omitempty"`
	// Refused counts the items the backend declined; Wrong the items it
	// answered wrong (the worse failure). Their rates are over Items.
	Refused     int     `json:"refused"`
	Wrong       int     `json:"wrong"`
	RefusalRate float64 `json:"refusal_rate"`
	WrongRate   float64 `json:"wrong_rate"`
	// Step accuracies over the items that have a gold for the step.
	GraphItems    int     `json:"graph_items"`
	GraphAccuracy float64 `json:"graph_accuracy"`
	ToolItems     int     `json:"tool_items"`
	ToolAccuracy  float64 `json:"tool_accuracy"`
	ParamItems    int     `json:"param_items"`
	ParamAccuracy float64 `json:"param_accuracy"`
	// Errors counts the items of each error class.
	Errors map[string]int `json:"errors"`
	// Latency of the items, milliseconds.
	LatencyP50MS  float64 `json:"latency_p50_ms"`
	LatencyP95MS  float64 `json:"latency_p95_ms"`
	LatencyMeanMS float64 `json:"latency_mean_ms"`
	// Language-model use: totals and per item.
	LLMCalls                int64   `json:"llm_calls"`
	PromptTokens            int64   `json:"prompt_tokens"`
	CompletionTokens        int64   `json:"completion_tokens"`
	LLMCallsPerItem         float64 `json:"llm_calls_per_item"`
	PromptTokensPerItem     float64 `json:"prompt_tokens_per_item"`
	CompletionTokensPerItem float64 `json:"completion_tokens_per_item"`
}

// Aggregate computes the metrics of records.
func Aggregate(recs []Record) Metrics {
	m := Metrics{Errors: map[string]int{}}
	lat := make([]float64, 0, len(recs))
	var graphOK, toolOK, paramOK int
	for i := range recs {
		r := &recs[i]
		m.Items++
		if r.PublishedCorrect != nil {
			m.GoldCorrected++
			if *r.PublishedCorrect {
				m.PublishedCorrect++
			}
		} else if r.Correct {
			m.PublishedCorrect++
		}
		switch {
		case r.Correct:
			m.Correct++
		case r.Refused:
			m.Refused++
		default:
			m.Wrong++
		}
		if r.GraphOK != nil {
			m.GraphItems++
			if *r.GraphOK {
				graphOK++
			}
		}
		if r.ToolOK != nil {
			m.ToolItems++
			if *r.ToolOK {
				toolOK++
			}
		}
		if r.ParamsOK != nil {
			m.ParamItems++
			if *r.ParamsOK {
				paramOK++
			}
		}
		for _, c := range r.Errors {
			m.Errors[c]++
		}
		lat = append(lat, r.LatencyMS)
		m.LatencyMeanMS += r.LatencyMS
		m.LLMCalls += r.LLMCalls
		m.PromptTokens += r.PromptTokens
		m.CompletionTokens += r.CompletionTokens
	}
	if m.Items == 0 {
		return m
	}
	n := float64(m.Items)
	m.Accuracy = float64(m.Correct) / n
	m.PublishedAccuracy = float64(m.PublishedCorrect) / n
	m.RefusalRate = float64(m.Refused) / n
	m.WrongRate = float64(m.Wrong) / n
	m.GraphAccuracy = ratio(graphOK, m.GraphItems)
	m.ToolAccuracy = ratio(toolOK, m.ToolItems)
	m.ParamAccuracy = ratio(paramOK, m.ParamItems)
	m.LatencyMeanMS /= n
	sort.Float64s(lat)
	m.LatencyP50MS = percentile(lat, 0.50)
	m.LatencyP95MS = percentile(lat, 0.95)
	m.LLMCallsPerItem = float64(m.LLMCalls) / n
	m.PromptTokensPerItem = float64(m.PromptTokens) / n
	m.CompletionTokensPerItem = float64(m.CompletionTokens) / n
	return m
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// percentile returns the p-quantile of sorted values (nearest rank).
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	k := int(math.Ceil(p*float64(len(sorted)))) - 1
	k = max(0, min(k, len(sorted)-1))
	return sorted[k]
}
