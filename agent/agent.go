// Package agent runs one question end to end — graph extraction, tool
// retrieval, tool choice, parameters, the exact tool, the analogical
// fallback — and keeps sessions whose working memory carries graphs and
// results across turns. Every step is recorded in the answer's trace.
package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/retrieval"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// Sentinel errors of Ask; check them with errors.Is. The command line maps
// ErrNoGraph and ErrNoAnswer to exit code 1 ("could not answer") and
// ErrTooLarge, ErrBadInput and ErrRefused to exit code 2 ("bad input").
var (
	// ErrTooLarge means the question (or its graph) exceeds a size limit.
	ErrTooLarge = errors.New("question too large")
	// ErrBadInput means the question cannot be read: empty, invalid UTF-8,
	// brackets nested too deeply, a malformed edge list, or a graph file
	// that does not exist or cannot be parsed.
	ErrBadInput = errors.New("bad question")
	// ErrRefused means the question asks for something graphagent will not
	// do, such as reading a file outside the data folders.
	ErrRefused = errors.New("refused")
	// ErrNoGraph means the question has no graph (written in it, named by a
	// file or dataset, or loaded earlier in the session).
	ErrNoGraph = errors.New("no graph to answer about")
	// ErrNoAnswer means no tool answered and the fallback could not either.
	ErrNoAnswer = errors.New("could not answer")
)

// DefaultMaxNodes and DefaultMaxEdges are the default node and edge
// limits of a graph (Limits.MaxNodes and MaxEdges).
const (
	DefaultMaxNodes = 1_000_000
	DefaultMaxEdges = 1_000_000
)

// Limits bound the work of one question. Zero fields take the defaults.
type Limits struct {
	// MaxQuestionBytes is the longest question accepted (default 8 MiB).
	MaxQuestionBytes int
	// MaxNodes and MaxEdges bound a graph written in a question (default
	// 1,000,000 each).
	MaxNodes, MaxEdges int
	// ToolTimeout bounds one tool run (default 30 s).
	ToolTimeout time.Duration
	// Candidates is how many tools retrieval proposes (default 5).
	Candidates int
	// Examples is how many solved examples are fetched from memory
	// (default 8).
	Examples int
}

func (l Limits) withDefaults() Limits {
	if l.MaxQuestionBytes <= 0 {
		l.MaxQuestionBytes = 8 << 20
	}
	if l.MaxNodes <= 0 {
		l.MaxNodes = DefaultMaxNodes
	}
	if l.MaxEdges <= 0 {
		l.MaxEdges = DefaultMaxEdges
	}
	if l.ToolTimeout <= 0 {
		l.ToolTimeout = 30 * time.Second
	}
	if l.Candidates <= 0 {
		l.Candidates = 5
	}
	if l.Examples <= 0 {
		l.Examples = 8
	}
	return l
}

// Config assembles an Agent. Only what is marked optional may be left out;
// the rest have defaults.
type Config struct {
	// Registry holds the tools (default tools.Catalogue()).
	Registry *tools.Registry
	// Planner performs the language steps (default: the builtin planner).
	Planner reasoning.Planner
	// Index retrieves candidate tools (default: an index of the registry
	// over the builtin encoder).
	Index *retrieval.ToolIndex
	// Memory is the long-term memory of solved examples (optional).
	Memory *memory.Store
	// OpenMemory opens long-term memory on first use when Memory is nil
	// (optional); if it fails the agent continues without examples and
	// says so in the trace.
	OpenMemory func(ctx context.Context) (*memory.Store, error)
	// Sandbox confines graph files to the data folders (optional; without
	// it, questions naming a file are refused).
	Sandbox *graph.Sandbox
	// PathRewrite, when set, maps a file path named in a question before it
	// is resolved in the sandbox (for example stripping a benchmark's
	// "../GTools/Test/" prefix). The sandbox still checks the result.
	PathRewrite func(string) string
	// Analogy is the fallback reasoner (default: Graph Agent's
	// induce-then-deduce when the planner can generate text, else the
	// builtin vote).
	Analogy *reasoning.Analogy
	// Labelled answers node-classification and link-prediction questions
	// about labelled datasets by analogy over memory (analog.Service);
	// nil leaves every question to the tools.
	Labelled LabelledReasoner
	// Learned are the learned tools (tools/learned over a model store)
	// that answer questions reasoning/learnedq reads (a paper's topic, a
	// molecule's function, …); nil leaves those to the others.
	Learned LearnedTools
	// Limits bound each question.
	Limits Limits
	// Lexicon holds the words the readers, the builtin planner's cues and
	// slots and the guards read (default lang.Default()). The default
	// planner is built with it; a Planner given here keeps its own.
	Lexicon *lang.Lexicon
	// Logger receives debug events (default slog.Default()).
	Logger *slog.Logger
}

// Agent answers questions. It is safe for concurrent use; a Session adds
// working memory for a conversation.
type Agent struct {
	reg     *tools.Registry
	planner reasoning.Planner
	index   *retrieval.ToolIndex
	sandbox *graph.Sandbox
	rewrite func(string) string
	analogy *reasoning.Analogy
	// labelled answers questions about labelled datasets (optional).
	labelled LabelledReasoner
	// learned are the learned tools (optional).
	learned LearnedTools
	limits  Limits
	logger  *slog.Logger
	// lex, language and guards are one lexicon's words: the readers',
	// the cues' and the guards'.
	lex      *lang.Lexicon
	language *reasoning.Language
	guards   *guardWords

	// memMu guards opening long-term memory: a failed opening is retried
	// after memRetry, so that a replica started while its database was
	// down gets memory once the database answers, without a restart.
	memMu     sync.Mutex
	openMem   func(ctx context.Context) (*memory.Store, error)
	mem       *memory.Store
	memErr    error
	memFailed time.Time // when the last opening failed
	memClosed bool
	opened    atomic.Pointer[memory.Store] // mem, once open
}

// memRetry is how long after a failed opening of long-term memory the
// next question tries again.
const memRetry = 2 * time.Second

// New builds an agent from cfg. The default tool index of the catalogue is
// prepared at build time (go generate); for another registry it is built
// here, encoding the tools once.
func New(ctx context.Context, cfg Config) (*Agent, error) {
	a := &Agent{
		reg: cfg.Registry, planner: cfg.Planner, index: cfg.Index, sandbox: cfg.Sandbox,
		rewrite: cfg.PathRewrite, analogy: cfg.Analogy, labelled: cfg.Labelled, learned: cfg.Learned, limits: cfg.Limits.withDefaults(),
		logger: cfg.Logger, mem: cfg.Memory, openMem: cfg.OpenMemory,
	}
	if a.reg == nil {
		a.reg = tools.Catalogue()
	}
	a.lex, a.language, a.guards = lang.Default(), reasoning.DefaultLanguage(), defaultGuardWords()
	if cfg.Lexicon != nil && cfg.Lexicon != a.lex {
		a.lex, a.language, a.guards = cfg.Lexicon, reasoning.NewLanguage(cfg.Lexicon), newGuardWords(cfg.Lexicon)
	}
	if a.planner == nil {
		a.planner = reasoning.NewBuiltinPlanner(reasoning.BuiltinConfig{Language: a.language})
	}
	if a.logger == nil {
		a.logger = slog.Default()
	}
	if a.index == nil {
		idx, err := defaultToolIndex(ctx, a.reg.Specs(), a.logger)
		if err != nil {
			return nil, fmt.Errorf("agent: tool index: %w", err)
		}
		a.index = idx
	}
	if a.analogy == nil {
		a.analogy = reasoning.NewAnalogy(a.planner.Abilities().Generate)
	}
	if a.mem != nil {
		a.opened.Store(a.mem)
	}
	return a, nil
}

// Planner returns the agent's planner.
func (a *Agent) Planner() reasoning.Planner { return a.planner }

// Registry returns the agent's tools.
func (a *Agent) Registry() *tools.Registry { return a.reg }

// Labelled returns the reasoner of questions about labelled datasets (nil
// when none is configured).
func (a *Agent) Labelled() LabelledReasoner { return a.labelled }

// OpenedMemory returns long-term memory once it is open (given in Config
// or opened by a question), else nil; it never opens it, so that a health
// check cannot make the opening fail with its short deadline.
func (a *Agent) OpenedMemory() *memory.Store { return a.opened.Load() }

// memory returns long-term memory, opening it on first use; nil and the
// reason when there is none. An opening that failed is tried again on a
// later call, at most every memRetry.
func (a *Agent) memory(ctx context.Context) (*memory.Store, error) {
	if m := a.opened.Load(); m != nil {
		return m, nil
	}
	a.memMu.Lock()
	defer a.memMu.Unlock()
	switch {
	case a.mem != nil:
		return a.mem, nil
	case a.memClosed:
		return nil, errors.New("the agent is closed")
	case a.openMem == nil:
		return nil, errors.New("no long-term memory configured")
	case !a.memFailed.IsZero() && time.Since(a.memFailed) < memRetry:
		return nil, a.memErr
	}
	m, err := a.openMem(ctx)
	if err == nil && m == nil {
		err = errors.New("long-term memory unavailable")
	}
	if err != nil {
		if m != nil {
			m.Close()
		}
		// Configured but unusable (a corrupt log, a database that is
		// down): answers go on without solved examples, but the user must
		// hear why, once per outage rather than once per question.
		if a.memFailed.IsZero() {
			a.logger.WarnContext(ctx, "long-term memory could not be opened; answering without solved examples until it can", "err", err)
		}
		a.memErr, a.memFailed = err, time.Now()
		return nil, err
	}
	if !a.memFailed.IsZero() {
		a.logger.InfoContext(ctx, "long-term memory opened after an earlier failure")
	}
	a.mem, a.memErr, a.memFailed = m, nil, time.Time{}
	a.opened.Store(m)
	return m, nil
}

// Close closes a memory store the agent opened itself.
func (a *Agent) Close() error {
	a.memMu.Lock()
	defer a.memMu.Unlock()
	a.memClosed = true
	if a.openMem != nil && a.mem != nil {
		return a.mem.Close()
	}
	return nil
}

// AskOption adjusts one question.
type AskOption func(*askOptions)

type askOptions struct {
	graphFile string
	// graph and graphSource are a graph the caller loaded (WithGraph).
	graph       *graph.Graph
	graphSource string
	directed    *bool
	onEvent     func(Event)
	planOnly    bool
	plan        *Plan
	// chain, when set, is run instead of planning; review sees a planned
	// chain before it runs.
	chain  *reasoning.Chain
	review ChainReview
}

// Plan is what an agent would run for a question: one tool call, or a
// chain of several tools when the question needs them. WithPlanOnly
// returns it in Answer.Plan, and WithPlan runs it.
type Plan struct {
	// Tool is the tool's name (empty for a chain).
	Tool string `json:"tool"`
	// Args are its arguments, a JSON object (null for a chain).
	Args json.RawMessage `json:"args"`
	// Chain, when set, is a chain of tools planned instead of one call.
	Chain *reasoning.Chain `json:"chain,omitempty"`
}

// WithEvents calls f with each step of the trace as soon as it is
// recorded, so that a caller can show the steps while the question runs.
// f runs on the asking goroutine and should return quickly.
func WithEvents(f func(Event)) AskOption {
	return func(o *askOptions) { o.onEvent = f }
}

// WithPlanOnly stops before the tool runs: the graph is read, the tool
// chosen and its arguments extracted and checked, and Answer.Plan holds
// them; nothing is run (a chatbot shows the plan for confirmation). A
// question that needs several tools stops once its chain is planned and
// checked (Answer.Plan.Chain). A question that stops earlier (a refusal,
// a load-only question) returns as usual; one that no tool fits returns
// its fallback answer.
func WithPlanOnly() AskOption {
	return func(o *askOptions) { o.planOnly = true }
}

// WithPlan runs p (a plan confirmed or edited by the user) instead of
// choosing a tool and extracting its arguments; the graph is read from the
// question as usual and the arguments are checked against it. A plan with
// a chain runs the chain, as WithChain does.
func WithPlan(p Plan) AskOption {
	return func(o *askOptions) {
		if p.Chain != nil {
			c := *p.Chain
			o.chain = &c
			return
		}
		o.plan = &p
	}
}

// WithGraphFile answers about the graph in file (resolved in the sandbox)
// instead of one written in the question.
func WithGraphFile(path string) AskOption {
	return func(o *askOptions) { o.graphFile = path }
}

// WithGraph answers about g, a graph the caller loaded (from a database,
// say), named source in the answer, instead of one written in the
// question.
func WithGraph(g *graph.Graph, source string) AskOption {
	return func(o *askOptions) { o.graph, o.graphSource = g, source }
}

// givenGraph reports whether the caller gave the question's graph (a file
// or a loaded graph).
func (o *askOptions) givenGraph() bool { return o.graphFile != "" || o.graph != nil }

// WithDirected forces the direction of a graph loaded from a file.
func WithDirected(directed bool) AskOption {
	return func(o *askOptions) { o.directed = &directed }
}

// Ask answers one question without a session. The Answer is returned even
// with an error when there is something to show (the trace, a "no graph"
// sentence); errors wrap the package's sentinel errors.
func (a *Agent) Ask(ctx context.Context, question string, opts ...AskOption) (*Answer, error) {
	return a.ask(ctx, question, nil, opts)
}
