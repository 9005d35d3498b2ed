package statement

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// ErrBadCall means a call has the wrong shape: a GR without a graph or a
// tool name, an argument of the wrong kind, a name used before it is bound.
var ErrBadCall = errors.New("bad call")

// CallError is the error of one call of a statement: it says which call
// (its text and column) and wraps the cause.
type CallError struct {
	// Call is the call as printed.
	Call string
	// Column is the 1-based character column of the call in the sentence.
	Column int
	// Err is the cause.
	Err error
}

// Error names the call and its column, then the cause.
func (e *CallError) Error() string {
	return fmt.Sprintf("call at column %d, %s: %v", e.Column, e.Call, e.Err)
}

// Unwrap returns the cause.
func (e *CallError) Unwrap() error { return e.Err }

// Config configures an Executor; zero fields take defaults.
type Config struct {
	// Tools is the catalogue GR calls run (default tools.Catalogue()).
	Tools *tools.Registry
	// Hubs are the graph hubs by name ("gpr"); a GL call whose first
	// argument names no hub loads a dataset of that name.
	Hubs map[string]Hub
	// Datasets loads shipped datasets by name; nil makes every dataset name
	// an error.
	Datasets *Datasets
	// Learned are the learned tools (learned.NewRegistry over a model
	// store) that run GR calls of Graph-ToolFormer's trained models
	// (graph_bert:topic, seg_bert:molecule_function, kmeans:…, bpr:…); nil
	// makes those calls ErrToolNotAvailable errors.
	Learned *tools.Registry
	// Working keeps the loaded graphs and the results across the
	// statements an Executor runs (a session); default: a new one.
	Working *memory.Working
}

// Executor runs statements: it loads the graphs of GL calls (each once per
// executor, kept in its working memory), runs GR calls on the catalogue's
// tools, binds "-->name" results for later calls and writes every result
// back into the sentence. It is safe for concurrent use if its hubs are.
type Executor struct {
	tools    *tools.Registry
	learned  *tools.Registry
	hubs     map[string]Hub
	datasets *Datasets
	working  *memory.Working

	mu    sync.Mutex
	loads map[string]LoadRecord // by GL call, how each graph was loaded
}

// NewExecutor returns an executor configured by cfg.
func NewExecutor(cfg Config) *Executor {
	e := &Executor{tools: cfg.Tools, learned: cfg.Learned, datasets: cfg.Datasets, working: cfg.Working, hubs: map[string]Hub{}, loads: map[string]LoadRecord{}}
	if e.tools == nil {
		e.tools = tools.Catalogue()
	}
	if e.working == nil {
		e.working = memory.NewWorking(memory.WorkingLimits{})
	}
	for name, h := range cfg.Hubs {
		e.hubs[normalizeName(name)] = h
	}
	return e
}

// Outcome is what running a statement gave.
type Outcome struct {
	// Statement is the statement with its calls, printed canonically.
	Statement string `json:"statement"`
	// Calls are the sentence's calls in order with their results.
	Calls []CallRecord `json:"calls"`
	// Result is the value of the call whose result the sentence asks for
	// (the last call with "-->r", else the last call).
	Result any `json:"result"`
	// Text is the sentence with every call replaced by its result.
	Text string `json:"text"`
	// Loads are the graph loads the calls made, in order.
	Loads []LoadRecord `json:"loads,omitempty"`
}

// CallRecord is one call of a statement and its result.
type CallRecord struct {
	// Call is the call as printed, "[GR(...)-->r]".
	Call string `json:"call"`
	// Tool is the catalogue tool a GR call ran, "load" for a GL call.
	Tool string `json:"tool"`
	// Args are the tool's arguments (a JSON object); for a GL call, the
	// hub or dataset name and the rest of its arguments.
	Args json.RawMessage `json:"args"`
	// Result is the tool's value; for a GL call a summary of the graph.
	Result any `json:"result"`
	// Display is the result as written into the sentence.
	Display string `json:"display"`
	// Graph names the graph the tool ran on (the dataset, for a learned
	// tool).
	Graph string `json:"graph,omitempty"`
	// Explanation is a learned tool's answer in words: which model
	// answered, how sure it is and its measured test score.
	Explanation string `json:"explanation,omitempty"`
}

// run is the state of one statement's execution.
type run struct {
	e     *Executor
	out   *Outcome
	bound map[string]any // "-->name" results
	src   string
}

// graphValue is a loaded graph as a value, with its cache key.
type graphValue struct {
	g   *graph.Graph
	key string
}

// Execute runs the statement's calls in order. The first failing call
// stops it with a *CallError; the errors it wraps can be checked for
// ErrToolNotAvailable, ErrUnknownTool, ErrUnknownGraph, ErrNotShipped,
// ErrBadCall, ErrBadSubset and the tools' errors (tools.ErrBadArgs,
// tools.ErrNotApplicable, tools.ErrNodeNotFound).
func (e *Executor) Execute(ctx context.Context, st *Statement) (*Outcome, error) {
	r := &run{e: e, out: &Outcome{Statement: st.String(), Calls: []CallRecord{}}, bound: map[string]any{}, src: st.Source}
	var text strings.Builder
	var lastR, last any
	haveR, dropSpace := false, false
	for _, p := range st.Parts {
		switch p := p.(type) {
		case Text:
			if dropSpace {
				p.Text = strings.TrimLeft(p.Text, " ")
			}
			text.WriteString(p.Text)
		case Placeholder:
			text.WriteString("[TBR]")
		case *Call:
			rec, val, err := r.call(ctx, p)
			if err != nil {
				return nil, &CallError{Call: p.String(), Column: column(st.Source, p.Pos), Err: err}
			}
			r.out.Calls = append(r.out.Calls, rec)
			if p.Target != "" && isIdent(p.Target) {
				r.bound[p.Target] = val
			}
			if _, isGraph := val.(graphValue); !isGraph {
				last = rec.Result
				if p.Target == "r" {
					lastR, haveR = rec.Result, true
				}
			}
			// A call with nothing to show (a graph load) leaves no double
			// space behind.
			t := text.String()
			dropSpace = rec.Display == "" && (t == "" || strings.HasSuffix(t, " "))
			text.WriteString(rec.Display)
			continue
		}
		dropSpace = false
	}
	r.out.Result = last
	if haveR {
		r.out.Result = lastR
	}
	r.out.Text = text.String()
	return r.out, nil
}

// call runs one top-level call.
func (r *run) call(ctx context.Context, c *Call) (CallRecord, any, error) {
	rec := CallRecord{Call: c.String()}
	inv := c.Inv
	if inv.Func == "GL" {
		gv, args, err := r.load(ctx, inv)
		if err != nil {
			return rec, nil, err
		}
		rec.Tool, rec.Args, rec.Graph = "load", args, gv.key
		rec.Result = map[string]any{"nodes": gv.g.N(), "edges": gv.g.M(), "directed": gv.g.Directed()}
		return rec, gv, nil
	}
	res, err := r.reason(ctx, inv)
	if err != nil {
		return rec, nil, err
	}
	rec.Tool, rec.Args, rec.Result, rec.Graph, rec.Display, rec.Explanation = res.tool, res.args, res.full, res.graph, res.display, res.explanation
	return rec, res.val, nil
}

// eval computes a nested value: a GL call gives a graphValue, a GR call
// its tool's value, a bound name its value.
func (r *run) eval(ctx context.Context, v Value) (any, error) {
	switch v := v.(type) {
	case *Invocation:
		if v.Func == "GL" {
			gv, _, err := r.load(ctx, v)
			return gv, err
		}
		res, err := r.reason(ctx, v)
		return res.val, err
	case Word:
		if val, ok := r.bound[v.Text]; ok {
			return val, nil
		}
	}
	return nil, fmt.Errorf("%s is not a call or a bound name: %w", Format(v), ErrBadCall)
}

// load runs a GL call: a hub's graph, or a shipped dataset with optional
// node and link subsets. Graphs are kept in the working memory under the
// call's canonical text, so each is loaded once.
func (r *run) load(ctx context.Context, inv *Invocation) (graphValue, json.RawMessage, error) {
	key := Format(inv)
	if len(inv.Args) == 0 {
		return graphValue{}, nil, fmt.Errorf("GL needs the name of a graph hub or dataset, as in GL(\"cora\"): %w", ErrBadCall)
	}
	name, file, ok := graphSource(inv.Args[0])
	if !ok {
		return graphValue{}, nil, fmt.Errorf("GL's first argument must name a hub, a dataset or a file, got %s: %w", Format(inv.Args[0]), ErrBadCall)
	}
	args, _ := json.Marshal(map[string]any{"hub": name, "args": formatAll(inv.Args[1:])})
	if g, ok := r.e.working.Get(key); ok {
		r.e.mu.Lock()
		rec, known := r.e.loads[key]
		r.e.mu.Unlock()
		if !known {
			rec = LoadRecord{Hub: name, Source: g.Name(), Nodes: g.N(), Edges: g.M(), Bytes: graphBytes(g)}
		}
		rec.Cached, rec.Took = true, 0
		r.out.Loads = append(r.out.Loads, rec)
		return graphValue{g: g, key: key}, args, nil
	}
	var g *graph.Graph
	var rec LoadRecord
	if hub, ok := r.e.hubs[normalizeName(name)]; ok {
		start := time.Now()
		var err error
		g, err = hub.Load(ctx, inv.Args[1:])
		if err != nil {
			return graphValue{}, nil, fmt.Errorf("hub %s: %w", name, err)
		}
		rec = LoadRecord{Hub: name, Source: g.Name(), Nodes: g.N(), Edges: g.M(), Bytes: graphBytes(g), Took: time.Since(start)}
	} else {
		if r.e.datasets == nil {
			return graphValue{}, nil, fmt.Errorf("no graph hub is called %q and no datasets are configured: %w", name, ErrUnknownGraph)
		}
		var err error
		if file {
			g, rec, err = r.e.datasets.LoadFile(ctx, name, false)
		} else {
			g, rec, err = r.e.datasets.Load(ctx, name)
		}
		if err != nil {
			return graphValue{}, nil, err
		}
		if len(inv.Args) > 1 {
			if g, err = subset(g, inv.Args[1:]); err != nil {
				return graphValue{}, nil, err
			}
			rec.Source += " (subset)"
			rec.Nodes, rec.Edges, rec.Bytes = g.N(), g.M(), graphBytes(g)
		}
	}
	r.out.Loads = append(r.out.Loads, rec)
	r.e.mu.Lock()
	r.e.loads[key] = rec
	r.e.mu.Unlock()
	if _, err := r.e.working.Put(key, g); err != nil {
		return graphValue{}, nil, err
	}
	return graphValue{g: g, key: key}, args, nil
}

// graphSource reads a GL call's first argument: the name of a hub or
// dataset ("gpr", "cora"), or a graph file inside the data folders
// ("karate/edges.tsv", file-path:"./graphs/lollipop"), which file reports.
func graphSource(v Value) (name string, file, ok bool) {
	if kv, isKeyed := v.(Keyed); isKeyed {
		switch normalizeName(kv.Key) {
		case "file_path", "path", "file":
			name, ok = textOf(kv.Value)
			return name, true, ok
		}
		return "", false, false
	}
	name, ok = textOf(v)
	if !ok {
		return "", false, false
	}
	return name, looksLikeFile(name), true
}

// looksLikeFile reports whether a GL name is a path: it has a folder
// separator or a graph file's extension.
func looksLikeFile(name string) bool {
	if strings.ContainsAny(name, `/\`) {
		return true
	}
	switch strings.ToLower(path.Ext(strings.TrimSuffix(name, ".gz"))) {
	case ".tsv", ".csv", ".txt", ".edgelist", ".edges", ".el", ".json", ".dot", ".gv", ".gml":
		return true
	}
	return false
}

// reasoned is what a GR call gave.
type reasoned struct {
	val         any // the value later calls see
	full        any // the value recorded (a learned tool's whole answer)
	display     string
	graph       string // the graph or dataset it ran on
	tool        string
	args        json.RawMessage
	explanation string
}

// reason runs a GR call: GR(graph, "toolkit:tool", args...).
func (r *run) reason(ctx context.Context, inv *Invocation) (reasoned, error) {
	if len(inv.Args) < 2 {
		return reasoned{}, fmt.Errorf("GR needs a graph and a tool name, as in GR(GL(\"cora\"), \"toolx:order\"): %w", ErrBadCall)
	}
	toolName, ok := textOf(inv.Args[1])
	if !ok {
		return reasoned{}, fmt.Errorf("GR's second argument must be a tool name such as \"toolx:radius\", got %s: %w", Format(inv.Args[1]), ErrBadCall)
	}
	if la, ok := isLearned(toolName); ok {
		lc, err := r.runLearned(ctx, inv, toolName, la)
		if err != nil {
			return reasoned{}, err
		}
		return reasoned{val: lc.short, full: lc.full, display: lc.display, graph: lc.dataset, tool: lc.tool, args: lc.args, explanation: lc.text}, nil
	}
	name, err := ResolveTool(toolName)
	if err != nil {
		return reasoned{}, err
	}
	tool, err := r.e.tools.Get(name)
	if err != nil {
		return reasoned{}, err
	}
	src, err := r.eval(ctx, inv.Args[0])
	if err != nil {
		return reasoned{}, err
	}
	gv, ok := src.(graphValue)
	if !ok {
		return reasoned{}, fmt.Errorf("GR's first argument %s is not a graph: %w", Format(inv.Args[0]), ErrBadCall)
	}
	args, err := r.toolArgs(ctx, tool.Spec(), inv.Args[2:])
	if err != nil {
		return reasoned{}, err
	}
	res, err := tool.Run(ctx, gv.g, args)
	if err != nil {
		return reasoned{}, err
	}
	r.e.working.Remember(memory.ResultRecord{Tool: name, Args: args, Graph: gv.key, Value: res.Value, Text: res.Text})
	return reasoned{val: res.Value, full: res.Value, display: FormatResult(res.Value, gv.g), graph: gv.g.Name(), tool: name, args: args}, nil
}

// toolArgs turns a GR call's arguments after the tool name into the
// tool's JSON arguments: positional values fill the tool's parameters in
// order, key: value pairs name them.
func (r *run) toolArgs(ctx context.Context, spec tools.Spec, vals []Value) (json.RawMessage, error) {
	obj := map[string]any{}
	pos := 0
	for _, v := range vals {
		name := ""
		if kv, ok := v.(Keyed); ok {
			name, v = strings.ReplaceAll(kv.Key, "-", "_"), kv.Value
		} else {
			if pos >= len(spec.Params) {
				return nil, fmt.Errorf("%s takes %s; %s is one argument too many: %w", spec.Name, spec.ParamNames(), Format(v), tools.ErrBadArgs)
			}
			name = spec.Params[pos].Name
			pos++
		}
		if _, dup := obj[name]; dup {
			return nil, fmt.Errorf("%s: parameter %s given twice: %w", spec.Name, name, tools.ErrBadArgs)
		}
		val, err := r.argValue(ctx, v)
		if err != nil {
			return nil, err
		}
		obj[name] = val
	}
	return json.Marshal(obj)
}

// argValue is the JSON value of one tool argument: a reference's ID, a
// string's text, a number, a bound result, a set or tuple as an array.
func (r *run) argValue(ctx context.Context, v Value) (any, error) {
	switch v := v.(type) {
	case Ref:
		return v.ID, nil
	case String:
		return v.Text, nil
	case Number:
		return json.Number(v.Text), nil
	case Word:
		if val, ok := r.bound[v.Text]; ok {
			if _, isGraph := val.(graphValue); isGraph {
				return nil, fmt.Errorf("%s is a graph, not a tool argument: %w", v.Text, ErrBadCall)
			}
			return val, nil
		}
		switch v.Text {
		case "True", "true":
			return true, nil
		case "False", "false":
			return false, nil
		}
		return v.Text, nil
	case Set:
		return r.argList(ctx, v.Elems)
	case Tuple:
		return r.argList(ctx, v.Elems)
	case *Invocation:
		val, err := r.eval(ctx, v)
		if err != nil {
			return nil, err
		}
		if _, isGraph := val.(graphValue); isGraph {
			return nil, fmt.Errorf("%s loads a graph, which is not a tool argument: %w", Format(v), ErrBadCall)
		}
		return val, nil
	}
	return nil, fmt.Errorf("%s cannot be a tool argument: %w", Format(v), ErrBadCall)
}

func (r *run) argList(ctx context.Context, vals []Value) ([]any, error) {
	out := make([]any, 0, len(vals))
	for _, v := range vals {
		a, err := r.argValue(ctx, v)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// formatAll prints values canonically.
func formatAll(vals []Value) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = Format(v)
	}
	return out
}
