package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/graphagent/graphagent/internal/lazyre"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools/graph"
)

// Session is a conversation: its working memory keeps the graphs loaded or
// written in earlier questions (the latest is "it") and the recent results,
// so "load roads.edgelist" followed by "what is its diameter?" answers about
// roads.edgelist. Follow-ups reuse the previous turn: "and node 33?" runs
// the previous tool with the new node, "what about the directed version?"
// reads the graph again with the other direction and answers the previous
// question on it, and "what is its closeness?" asks a new question about
// the previous turn's node. A Session is safe for concurrent use, though turns are
// meant to come one at a time.
type Session struct {
	a   *Agent
	wm  *memory.Working
	ids atomic.Int64

	mu   sync.Mutex
	last turn
}

// turn is what a follow-up needs of the previous turns.
type turn struct {
	// task is the last question that was not a follow-up, without its
	// graph text: a change of direction asks it again when no tool
	// answered it.
	task string
	// tool and args are the tool that answered the last turn and its
	// arguments; tool is empty when the last new question was not
	// answered by a tool.
	tool string
	args json.RawMessage
}

// NewSession starts a conversation with empty working memory.
func (a *Agent) NewSession(limits memory.WorkingLimits) *Session {
	return &Session{a: a, wm: memory.NewWorking(limits)}
}

// Ask answers one turn; a question with no graph of its own uses the
// session's current graph, and every graph it loads or contains becomes the
// current one.
func (s *Session) Ask(ctx context.Context, question string, opts ...AskOption) (*Answer, error) {
	return s.a.ask(ctx, question, s, opts)
}

// SessionState is what a session carries from one turn to the next, for
// keeping it outside the process (a server's sessions in Redis, so that any
// replica continues any conversation).
type SessionState struct {
	// Working is the working memory's content.
	Working memory.WorkingState
	// Task is the last question that was not a follow-up.
	Task string
	// Tool and Args are the tool that answered the last turn and its
	// arguments.
	Tool string
	Args json.RawMessage
	// Names counts the graphs named "graphN" so far.
	Names int64
}

// State returns what the session carries to its next turn.
func (s *Session) State() SessionState {
	last := s.lastTurn()
	return SessionState{Working: s.wm.State(), Task: last.task, Tool: last.tool, Args: last.args, Names: s.ids.Load()}
}

// ResumeSession continues a session from its state, its working memory
// under limits.
func (a *Agent) ResumeSession(limits memory.WorkingLimits, st SessionState) (*Session, error) {
	wm, err := memory.RestoreWorking(limits, st.Working)
	if err != nil {
		return nil, fmt.Errorf("resuming a session: %w", err)
	}
	s := &Session{a: a, wm: wm, last: turn{task: st.Task, tool: st.Tool, args: st.Args}}
	s.ids.Store(st.Names)
	return s, nil
}

// Graphs lists the names of the graphs in working memory, most recently
// used first.
func (s *Session) Graphs() []string { return s.wm.Names() }

// Working returns the session's working memory.
func (s *Session) Working() *memory.Working { return s.wm }

func (s *Session) nextID() int64 { return s.ids.Add(1) }

func (s *Session) lastTurn() turn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

// record notes a turn: a new question (fresh) replaces the task and,
// answered or not, the tool; a follow-up keeps the task and replaces the
// tool only when it answered.
func (s *Session) record(task string, fresh bool, ans *Answer, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	answered := err == nil && ans != nil && ans.Tool != ""
	if fresh {
		s.last = turn{task: task}
	}
	if answered {
		s.last.tool, s.last.args = ans.Tool, ans.Args
	}
}

// Follow-up phrasings. argFollowUp captures what follows "and", "what
// about", "how about", "same for"; directionFollowUp finds a change of
// direction ("what about the directed version?", "and if it were
// undirected?", "treat it as directed").
var (
	argFollowUp       = lazyre.New(`(?i)^\s*(?:(?:and|but|ok(?:ay)?|so|now|also)[,\s]+)?(?:(?:what|how)\s+about|(?:and\s+)?(?:the\s+)?same\s+for|and(?:\s+for)?|and\s+also(?:\s+for)?|what\s+of)\s+(.+?)[\s?.!]*$`)
	directionFollowUp = lazyre.New(`(?i)\b(?:(?:what|how)\s+about\b[^?]{0,20}|(?:what\s+if|and\s+if|if|suppose|assuming|assume)\b[^?]{0,25}\b(?:were|was|is|be|are|becomes?|treated\s+as|made|read\s+as)\s+(?:an?\s+|the\s+)?|(?:treat(?:ing)?|read(?:ing)?|consider(?:ing)?|regard(?:ing)?|make|making)\s+(?:it|the\s+graph|the\s+edges|them)\s+(?:as\s+)?(?:an?\s+)?|^\s*(?:(?:and|but|now)[,\s]+)?(?:in|for|on)\s+the\s+)\b(un)?directed\b`)
	// followUpWords are the words a short follow-up may use besides node
	// names and numbers.
	followUpWords = map[string]bool{
		"node": true, "nodes": true, "vertex": true, "vertices": true, "from": true, "to": true, "and": true, "between": true,
		"the": true, "for": true, "with": true, "after": true, "rounds": true, "round": true, "layers": true, "layer": true,
		"iterations": true, "k": true, "alpha": true, "source": true, "target": true, "sink": true, "start": true,
		"starting": true, "at": true, "instead": true, "then": true, "one": true, "two": true, "three": true, "four": true,
		"five": true, "six": true, "seven": true, "eight": true, "nine": true, "ten": true, "twice": true, "once": true,
		"single": true, "a": true, "pair": true, "of": true, "steps": true,
	}
)

// backReference refers to the node of the previous turn ("what is its
// closeness?", "the neighbours of that node").
var backReference = lazyre.New(`(?i)\b(its|this node|that node|the same node|this vertex|that vertex|the same vertex|these nodes|those nodes|the same pair|the same nodes)\b`)

// maxFollowUpWords is the longest text after "and"/"what about" that is
// read as a follow-up rather than as a new question.
const maxFollowUpWords = 8

// argFollowUpText returns what a follow-up such as "and node 33?" names,
// or "" when the question is not such a follow-up: the rest must be short,
// name no task of its own (no intent cue) and hold nothing but node
// mentions and parameter words.
func argFollowUpText(task string) string {
	m := argFollowUp.FindStringSubmatch(task)
	if m == nil {
		return ""
	}
	rest := m[1]
	words := strings.FieldsFunc(rest, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '=' || r == '?' })
	if len(words) == 0 || len(words) > maxFollowUpWords || len(reasoning.CueTools(rest)) > 0 {
		return ""
	}
	lower := 0
	for _, w := range words {
		lw := strings.ToLower(w)
		if followUpWords[lw] || strings.ContainsAny(w, "0123456789") || (w != lw) {
			continue
		}
		// An ordinary lower-case word ("diameter", "density", "it")
		// makes a new question; node names are capitalised or short.
		if len(w) > 3 {
			return ""
		}
		lower++
	}
	if lower == len(words) {
		return ""
	}
	return rest
}

// sessionTurn answers a turn of a session: a follow-up of the previous
// turn (see Session) when the question has no graph of its own and reads
// as one, else as usual; either way the turn is recorded for the next.
func (r *run) sessionTurn(ctx context.Context, task string, g *graph.Graph, source string) (*Answer, error) {
	s := r.sess
	if r.fromSession {
		if m := directionFollowUp.FindStringSubmatch(task); m != nil {
			return r.redirect(ctx, task, !strings.EqualFold(m[1], "un"), g)
		}
		last := s.lastTurn()
		if r.opt.plan != nil {
			// A confirmed plan names its tool and arguments already.
			last.tool = ""
		}
		if rest := argFollowUpText(task); rest != "" && last.tool != "" {
			r.forced = &followUpPlanner{Planner: r.a.planner, tool: last.tool, prev: last.args, text: rest,
				why: fmt.Sprintf("follow-up %q: reuses the previous tool %s with what it names", rest, last.tool)}
			ans, err := r.answerWithTools(ctx, task, g, source)
			s.record(task, false, ans, err)
			return ans, err
		}
		if rest := argFollowUpText(task); rest != "" && last.tool == "" && r.opt.plan == nil {
			// "and node 33?" with no answered question before it names
			// nothing to ask; guessing a tool from two words would.
			return r.fail(fmt.Errorf("%q follows up a question, but no earlier question was answered by a tool to ask it of: %w", rest, ErrNoAnswer))
		}
		if last.tool != "" && backReference.MatchString(task) {
			// "and its closeness?": a new question about the node (or
			// pair) of the previous turn.
			r.forced = &referencePlanner{Planner: r.a.planner, prev: last.args}
		}
	}
	ans, err := r.answerWithTools(ctx, task, g, source)
	s.record(task, true, ans, err)
	return ans, err
}

// redirect answers a change of direction: the session's graph is read
// again as directed (or undirected), becomes the current graph, and the
// previous question is answered on it — with the previous tool and
// arguments when they apply, else asked again from its text. When the
// question asks something new besides ("what if it were directed, is
// there a cycle?"), that is answered instead.
func (r *run) redirect(ctx context.Context, task string, directed bool, g *graph.Graph) (*Answer, error) {
	s := r.sess
	name := r.ans.Graph.Source
	ng := g
	var detail string
	if g.Directed() == directed {
		detail = fmt.Sprintf("%s is already %s", name, dirWord(directed))
	} else {
		var err error
		if ng, err = graph.Rebuild(g, directed); err != nil {
			return r.fail(fmt.Errorf("reading %s as %s: %w", name, dirWord(directed), err))
		}
		name = strings.TrimSuffix(strings.TrimSuffix(name, " (directed)"), " (undirected)") + " (" + dirWord(directed) + ")"
		if _, err := s.wm.Put(name, ng); err != nil {
			return r.fail(fmt.Errorf("keeping %s: %w", name, err))
		}
		detail = fmt.Sprintf("read %s again as %s: %d nodes, %d edges", r.ans.Graph.Source, name, ng.N(), ng.M())
	}
	r.step("load", func() (string, string, error) { return "session", detail, nil })
	r.ans.Graph, r.ans.g = graphInfo(ng, name), ng

	last := s.lastTurn()
	var ans *Answer
	var err error
	switch rest := directionFollowUp.ReplaceAllString(task, " "); {
	case len(reasoning.CueTools(rest)) > 0:
		ans, err = r.answerWithTools(ctx, rest, ng, name)
		s.record(rest, true, ans, err)
		return ans, err
	case r.opt.plan != nil:
		ans, err = r.answerWithTools(ctx, last.task, ng, name)
	case last.tool != "" && r.toolApplies(last.tool, directed):
		r.forced = &followUpPlanner{Planner: r.a.planner, tool: last.tool, prev: last.args,
			why: fmt.Sprintf("the previous question again on the %s graph, with %s and the same arguments", dirWord(directed), last.tool)}
		ans, err = r.answerWithTools(ctx, last.task, ng, name)
	case last.task != "":
		ans, err = r.answerWithTools(ctx, last.task, ng, name)
	default:
		return r.fail(fmt.Errorf("there is no earlier question to ask again about the %s graph: %w", dirWord(directed), ErrNoAnswer))
	}
	s.record(last.task, false, ans, err)
	if err == nil {
		ans.Answer = fmt.Sprintf("With the edges read as %s (%s): %s", dirWord(directed), name, ans.Answer)
	}
	return ans, err
}

// toolApplies reports whether the named tool takes a graph of that
// direction.
func (r *run) toolApplies(name string, directed bool) bool {
	t, err := r.a.reg.Get(name)
	return err == nil && reasoning.AppliesTo(t.Spec().AppliesTo, directed)
}

// followUpPlanner is the agent's planner for a follow-up turn: the tool is
// the previous turn's, and its arguments are the previous ones with what
// the follow-up names put in (reasoning.FollowUpArgs). The graph step is
// the wrapped planner's.
type followUpPlanner struct {
	reasoning.Planner
	tool string
	prev json.RawMessage
	// text is what the follow-up names ("node 33"); empty means the
	// previous arguments as they are.
	text string
	why  string
	// name is the backend named in the trace (default "session").
	name string
}

// Name says who decided: the session, or a confirmed plan.
func (p *followUpPlanner) Name() string {
	if p.name != "" {
		return p.name
	}
	return "session"
}

// Abilities is none: the tool is decided (no example-free choice may
// override it) and a chain in a follow-up is planned by the builtin grammar.
func (p *followUpPlanner) Abilities() reasoning.Abilities { return reasoning.Abilities{} }

// ChooseTool returns the previous turn's tool.
func (p *followUpPlanner) ChooseTool(ctx context.Context, req reasoning.ToolRequest) (reasoning.ToolChoice, error) {
	return reasoning.ToolChoice{Tool: p.tool, Thought: p.why}, nil
}

// ExtractParams returns the previous arguments with the follow-up's
// replacements, validated against the graph and req.Check.
func (p *followUpPlanner) ExtractParams(ctx context.Context, req reasoning.ParamRequest) (json.RawMessage, error) {
	var args json.RawMessage
	var err error
	prev := withoutGraphArgs(p.prev, req.Tool)
	if p.text == "" {
		args, err = reasoning.ValidateArgs(req.Tool, req.Graph, prev)
	} else {
		args, err = reasoning.FollowUpArgs(req.Tool, prev, p.text, req.Graph)
	}
	if err != nil {
		return nil, err
	}
	if req.Check != nil {
		if cerr := req.Check(args); cerr != nil {
			if !errors.Is(cerr, reasoning.ErrBadParams) {
				cerr = fmt.Errorf("%s: %w: %w", req.Tool.Name, reasoning.ErrBadParams, cerr)
			}
			return nil, cerr
		}
	}
	return args, nil
}

// referencePlanner plans a new question that refers to the previous
// turn's node ("and its closeness?"): the tool is chosen as usual, and
// node parameters the question does not name are the previous turn's, by
// role (the node, or the source and target of a pair).
type referencePlanner struct {
	reasoning.Planner
	prev json.RawMessage
}

// Abilities is none: a chain planned by the wrapped planner would not
// have the previous turn's node filled in, so chains go to the builtin
// grammar, and the tool is chosen with the solved examples, as ChooseTool
// of the wrapped planner does.
func (p *referencePlanner) Abilities() reasoning.Abilities { return reasoning.Abilities{} }

// ExtractParams fills the node parameters the question leaves out from
// the previous arguments, then validates as usual.
func (p *referencePlanner) ExtractParams(ctx context.Context, req reasoning.ParamRequest) (json.RawMessage, error) {
	args, err := p.Planner.ExtractParams(ctx, req)
	var prev map[string]any
	if json.Unmarshal(p.prev, &prev) != nil {
		return args, err
	}
	have := map[string]any{}
	if err == nil {
		if json.Unmarshal(args, &have) != nil {
			return args, err
		}
	}
	filled := false
	for _, par := range req.Tool.Params {
		if !par.Node {
			continue
		}
		if _, ok := have[par.Name]; ok {
			continue
		}
		if v, ok := previousNode(prev, par.Name); ok {
			have[par.Name], filled = v, true
		}
	}
	if !filled {
		return args, err
	}
	b, merr := json.Marshal(have)
	if merr != nil {
		return args, err
	}
	out, verr := reasoning.ValidateArgs(req.Tool, req.Graph, b)
	if verr != nil {
		return args, err
	}
	if req.Check != nil {
		if cerr := req.Check(out); cerr != nil {
			return args, err
		}
	}
	return out, nil
}

// previousNode finds, in the previous arguments, the node for a parameter
// of the given name: the same name first, then the same role (a single
// node is "node" or, failing that, the first node of a pair).
func previousNode(prev map[string]any, name string) (any, bool) {
	if v, ok := prev[name]; ok {
		return v, true
	}
	roles := map[string][]string{
		"node":   {"node", "source", "u", "start"},
		"source": {"source", "u", "start", "node"},
		"target": {"target", "v", "sink", "end"},
		"u":      {"u", "source", "node"},
		"v":      {"v", "target"},
		"sink":   {"sink", "target", "v"},
		"start":  {"start", "source", "node"},
	}
	for _, k := range roles[name] {
		if v, ok := prev[k]; ok {
			return v, true
		}
	}
	return nil, false
}
