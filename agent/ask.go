package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/extract"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// run is the state of one question.
type run struct {
	a     *Agent
	sess  *Session
	opt   askOptions
	usage *reasoning.Usage
	start time.Time
	ans   *Answer
	// fromSession is set when the graph is the session's current one.
	fromSession bool
	// forced, when set, plans a session follow-up in place of the agent's
	// planner (see Session).
	forced reasoning.Planner
	// question is the question as asked, graph included.
	question string
	// second is the second graph the question writes (a subgraph
	// question's pattern), read apart from the main one; nil when none.
	second *extract.SecondGraph
	// options are the lettered choices the question offers, checked by
	// the chosen tool (chooseOptions).
	options []extract.Option
}

// planner is the planner of this question.
func (r *run) planner() reasoning.Planner {
	if r.forced != nil {
		return r.forced
	}
	return r.a.planner
}

// step times f, attaches its LLM use, and records its event. f returns the
// event's backend and detail and an error to note (not to stop on).
func (r *run) step(name string, f func() (backend, detail string, err error)) {
	t0 := time.Now()
	u0 := r.usage.Stats()
	backend, detail, err := f()
	u1 := r.usage.Stats()
	ev := Event{Step: name, Backend: backend, Detail: detail, DurationMS: ms(time.Since(t0)),
		LLMCalls: u1.Calls - u0.Calls, Tokens: u1.Tokens() - u0.Tokens()}
	if err != nil {
		ev.Error = err.Error()
	}
	r.ans.Trace = append(r.ans.Trace, ev)
	if r.opt.onEvent != nil {
		r.opt.onEvent(ev)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// finish fills the totals.
func (r *run) finish() *Answer {
	st := r.usage.Stats()
	r.ans.LLMCalls, r.ans.Tokens = st.Calls, st.Tokens()
	r.ans.ElapsedMS = ms(time.Since(r.start))
	return r.ans
}

// fail ends the question with a sentence, a final "answer" event and an
// error.
func (r *run) fail(err error) (*Answer, error) {
	r.ans.Answer = CouldNotAnswer(err)
	r.step("answer", func() (string, string, error) { return "", "stopped", err })
	return r.finish(), err
}

func (a *Agent) ask(ctx context.Context, question string, sess *Session, opts []AskOption) (*Answer, error) {
	r := &run{a: a, sess: sess, usage: &reasoning.Usage{}, start: time.Now(), ans: &Answer{}, question: question}
	for _, o := range opts {
		o(&r.opt)
	}
	if p := r.opt.plan; p != nil {
		r.forced = &followUpPlanner{Planner: a.planner, tool: p.Tool, prev: p.Args, name: "plan",
			why: "the confirmed plan: " + p.Tool + " " + string(p.Args)}
	}
	ctx = reasoning.WithUsage(ctx, r.usage)
	lim := a.limits

	// The question itself.
	if len(question) > lim.MaxQuestionBytes {
		return r.fail(fmt.Errorf("the question has %d bytes, more than the limit of %d: %w", len(question), lim.MaxQuestionBytes, ErrTooLarge))
	}
	if !utf8.ValidString(question) {
		return r.fail(fmt.Errorf("the question is not valid UTF-8: %w", ErrBadInput))
	}
	if strings.TrimSpace(question) == "" {
		return r.fail(fmt.Errorf("the question is empty: %w", ErrBadInput))
	}
	if d, at := nesting(question); d > MaxNesting {
		return r.fail(fmt.Errorf("brackets nested %d deep at byte %d, more than %d: %w", d, at, MaxNesting, ErrBadInput))
	}

	// Questions for the learned tools ("what is paper 35 of cora about?"),
	// with the analogical reasoner beside them when it reads them too.
	if a.learned != nil && r.opt.plan == nil {
		if ans, err, ok := r.learnedQuestion(ctx, question); ok {
			return ans, err
		}
	}
	// Questions about labelled datasets ("what is the topic of paper X in
	// citeseer?") are answered by analogy over memory when configured.
	if a.labelled != nil && r.opt.plan == nil {
		if ans, err, ok := r.labelled(ctx, question); ok {
			return ans, err
		}
	}

	// Graph extraction: the deterministic parsers first.
	var ex reasoning.Extraction
	var exErr error
	r.step("graph", func() (string, string, error) {
		ex, exErr = reasoning.ExtractGraph(ctx, question, reasoning.ExtractOptions{MaxBytes: lim.MaxQuestionBytes, MaxNodes: lim.MaxNodes, MaxEdges: lim.MaxEdges, Lexicon: a.lex})
		if exErr != nil {
			return "parser", "could not read the question", exErr
		}
		rep := ex.Report
		r.ans.Reading = &rep
		return "parser", describeExtraction(ex), nil
	})
	if exErr != nil {
		switch {
		case errors.Is(exErr, graph.ErrTooLarge):
			return r.fail(fmt.Errorf("%w: %w", ErrTooLarge, exErr))
		case errors.Is(exErr, context.Canceled), errors.Is(exErr, context.DeadlineExceeded):
			return r.fail(exErr)
		default:
			return r.fail(fmt.Errorf("%w: %w", ErrBadInput, exErr))
		}
	}
	task := reasoning.QuestionWithoutGraph(question, ex)
	r.second = ex.Second
	r.options = ex.Options

	// The LLM graph step, only when the parsers are not confident and the
	// question does not come with a file. A question writing two graphs
	// is not handed to it: its answer is one graph.
	llmRead := false
	if ex.Confidence < reasoning.ConfidentExtraction && !r.opt.givenGraph() && ex.Second == nil {
		var rejected error
		llmRead, rejected = r.llmGraph(ctx, question, &ex)
		// A graph the question writes that the LLM misread, even after
		// one repair, is not answered about: not with the readers'
		// uncertain reading, nor with a graph from elsewhere (the session).
		if rejected != nil && ex.Graph == nil && ex.FileRef == "" && ex.DatasetRef == "" {
			return r.fail(fmt.Errorf("the LLM's graph does not match the question (%w) and the readers found no graph: %w", rejected, ErrNoAnswer))
		}
	}
	// The builtin backend does not guess: an uncertain reading that no
	// LLM replaced is refused, saying what was read and what was not.
	if !r.opt.givenGraph() && !llmRead {
		if err := uncertainReading(ex); err != nil {
			return r.fail(err)
		}
		if err := readingContradiction(question, ex); err != nil {
			return r.fail(err)
		}
		if err := vagueReading(question, ex); err != nil {
			return r.fail(err)
		}
		if err := timedEdgesQuestion(question, ex); err != nil {
			return r.fail(err)
		}
		if err := unreadNamingStatement(question, ex); err != nil {
			return r.fail(err)
		}
		if err := askedNameOutsideGraph(question, ex); err != nil {
			return r.fail(err)
		}
	}

	g, source, err := r.resolveGraph(ctx, question, ex)
	if err != nil {
		return r.fail(err)
	}
	r.ans.Graph, r.ans.g = graphInfo(g, source), g
	if r.sess != nil && !r.fromSession {
		name := source
		if name == questionSource {
			name = fmt.Sprintf("graph%d", r.sess.nextID())
		}
		if _, err := r.sess.wm.Put(name, g); err == nil {
			r.ans.Graph.Source = name
		}
	}
	if loadOnly(task) {
		r.ans.Answer = fmt.Sprintf("Loaded %s: %d nodes, %d edges, %s%s.", r.ans.Graph.Source, g.N(), g.M(), dirWord(g.Directed()), weightWord(g))
		r.ans.Value = r.ans.Graph
		r.step("load", func() (string, string, error) { return "", "the question only loads a graph", nil })
		return r.finish(), nil
	}
	if kind := scenarioKind(task, question, source); kind != "" {
		return r.scenario(ctx, kind, question, g, source)
	}
	if r.opt.plan == nil && r.second == nil && len(r.options) == 0 {
		if ans, ok, err := r.tryChain(ctx, task, g, source); ok {
			return ans, err
		}
	}
	if r.sess != nil {
		return r.sessionTurn(ctx, task, g, source)
	}
	return r.answerWithTools(ctx, task, g, source)
}

// solvedExamples is the memory search for k solved questions like the one
// asked. Imported Graph-ToolFormer prompts are left out: they are examples
// of statements for run's translator (a sentence and its API calls), not
// solved questions.
func solvedExamples(k int) memory.ExampleQuery {
	return memory.ExampleQuery{K: k, ExcludeSources: []string{memory.SourceGraphToolFormer}}
}

// questionSource is the source of a graph written in the question.
const questionSource = "question"

// llmGraph runs the planner's graph step and, when its answer passes the
// checks against the question and the readers' reading (sent back once for
// repair when it does not), uses it instead of the parsers' graph; it
// reports whether it did, and the mismatch that rejected the answer.
func (r *run) llmGraph(ctx context.Context, question string, ex *reasoning.Extraction) (used bool, rejected error) {
	reading := *ex
	check := func(gt reasoning.GraphText) error { return reasoning.CompareGraphWithReading(gt, question, reading) }
	r.step("graph", func() (string, string, error) {
		name := r.a.planner.Name()
		gt, err := r.a.planner.ExtractGraph(ctx, reasoning.GraphRequest{Question: question, Check: check})
		if errors.Is(err, reasoning.ErrNoLLM) {
			return name, fmt.Sprintf("the parsers are not confident (%.2f) and no LLM is configured: keeping the parsers' reading", ex.Confidence), nil
		}
		if errors.Is(err, reasoning.ErrGraphMismatch) {
			rejected = err
		}
		if err != nil {
			return name, "LLM graph extraction failed: keeping the parsers' reading", err
		}
		// The checks again, for planners that do not run them.
		if err := reasoning.CheckGraphAgainstQuestion(gt, question); err != nil {
			rejected = err
			return name, "the LLM's graph does not match the question: keeping the parsers' reading", err
		}
		if err := check(gt); err != nil {
			rejected = err
			return name, "the LLM's graph does not match the question: keeping the parsers' reading", err
		}
		if gt.Source != "" && len(gt.Edges) == 0 {
			used = true
			ex.FileRef, ex.Graph = gt.Source, nil
			return name, "the LLM names the graph file " + gt.Source, nil
		}
		g, err := gt.Build(graph.Limits{MaxNodes: r.a.limits.MaxNodes, MaxEdges: r.a.limits.MaxEdges})
		if err != nil {
			return name, "the LLM's graph cannot be built: keeping the parsers' reading", err
		}
		if ids := keyOnlyNodes(g, question, &ex.Report); len(ids) > 0 {
			rejected = reasoning.ErrGraphMismatch
			return name, "the LLM's graph does not match the question: keeping the parsers' reading",
				fmt.Errorf("nodes %s are only symbols of the notation's key: %w", strings.Join(ids, ", "), reasoning.ErrGraphMismatch)
		}
		used = true
		ex.Graph, ex.FileRef, ex.DatasetRef = g, "", ""
		ex.Directed, ex.Weighted = g.Directed(), g.Weighted()
		return name, fmt.Sprintf("read by the LLM: %d nodes, %d edges, %s", g.N(), g.M(), dirWord(g.Directed())), nil
	})
	return used, rejected
}

// resolveGraph finds the question's graph: a --graph file, a graph written in
// the question, a file or dataset it names, or the session's graph.
func (r *run) resolveGraph(ctx context.Context, question string, ex reasoning.Extraction) (*graph.Graph, string, error) {
	directed := ex.Directed
	if r.opt.directed != nil {
		directed = *r.opt.directed
	}
	var g *graph.Graph
	var source string
	var err error
	r.step("load", func() (string, string, error) {
		switch {
		case r.opt.graph != nil:
			g, source = r.opt.graph, r.opt.graphSource
			return "caller", fmt.Sprintf("%s: %d nodes, %d edges, %s", source, g.N(), g.M(), dirWord(g.Directed())), nil
		case r.opt.graphFile != "":
			g, err = r.load(ctx, r.opt.graphFile, directed)
			source = r.opt.graphFile
		case ex.Graph != nil:
			g, source = ex.Graph, questionSource
			return "parser", fmt.Sprintf("graph written in the question (%s)", ex.Method), nil
		case ex.FileRef != "":
			g, err = r.load(ctx, ex.FileRef, directed)
			source = ex.FileRef
		case ex.DatasetRef != "":
			g, err = r.load(ctx, datasetGraphFile(ex.DatasetRef), directed)
			source = ex.DatasetRef
			if errors.Is(err, ErrBadInput) && errors.Is(err, fs.ErrNotExist) {
				err = fmt.Errorf("dataset %q has no edge list in the data folders: %w", ex.DatasetRef, ErrNoGraph)
			}
		default:
			notFile := ""
			if p := suspiciousPath(question); p != "" {
				// A path the parsers did not take as a graph file: check it
				// in the sandbox so that escapes are refused, not ignored.
				// A word with a slash that names no file ("Omar/Pia",
				// "40 L/s", "acme/web:latest") is not a graph the user gave.
				g, err = r.load(ctx, p, directed)
				source = p
				if err == nil || !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrRefused) {
					break
				}
				g, err, source = nil, nil, ""
				notFile = fmt.Sprintf("; %q is not a file in the data folders", p)
			}
			if r.sess != nil {
				if sg, ok := r.sess.wm.Get(memory.It); ok {
					g, source = sg, r.sess.wm.Current()
					r.fromSession = true
					return "session", "the session's current graph " + source, nil
				}
			}
			if r.sess != nil {
				if name, ok := r.sess.wm.Dropped(); ok {
					err = fmt.Errorf("the session's graph %s was dropped from memory to keep the server within its memory budget; give the graph again: %w", name, ErrNoGraph)
					return "", "graph dropped", err
				}
			}
			err = fmt.Errorf("the question gives no graph (no edges, file or dataset, and no graph loaded earlier%s): %w", notFile, ErrNoGraph)
			return "", "no graph", err
		}
		if err != nil {
			return "sandbox", "could not load " + source, err
		}
		return "sandbox", fmt.Sprintf("loaded %s: %d nodes, %d edges, %s", source, g.N(), g.M(), dirWord(g.Directed())), nil
	})
	return g, source, err
}

// load reads a graph file through the sandbox (or the session's copy of
// it); errors wrap ErrRefused, ErrTooLarge or ErrBadInput.
func (r *run) load(ctx context.Context, path string, directed bool) (*graph.Graph, error) {
	if r.sess != nil {
		if g, ok := r.sess.wm.Get(path); ok && (r.opt.directed == nil || g.Directed() == directed) {
			return g, nil
		}
	}
	if r.a.rewrite != nil {
		path = r.a.rewrite(path)
	}
	if r.a.sandbox == nil {
		return nil, fmt.Errorf("graph file %q: no data folders are configured: %w", path, ErrRefused)
	}
	g, err := r.a.sandbox.Load(ctx, path, graph.ReadOptions{Directed: directed, Limits: graph.Limits{MaxNodes: r.a.limits.MaxNodes, MaxEdges: r.a.limits.MaxEdges}})
	switch {
	case err == nil:
		return g, nil
	case errors.Is(err, graph.ErrOutsideSandbox):
		return nil, fmt.Errorf("%w: %w", ErrRefused, err)
	case errors.Is(err, graph.ErrTooLarge):
		return nil, fmt.Errorf("%w: %w", ErrTooLarge, err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, err
	default:
		return nil, fmt.Errorf("%w: %w", ErrBadInput, err)
	}
}

// datasetGraphFile returns the edge-list file, relative to the data
// folders, of the dataset a question names: the registry's (tools/dataset;
// "citeseer" is citeseer_text/edges.tsv), else <name>/edges.tsv for a
// dataset the registry does not know.
func datasetGraphFile(name string) string {
	if d, ok := dataset.Lookup(name); ok && d.Graph != "" {
		return filepath.Join(d.Folder, d.Graph)
	}
	return filepath.Join(name, "edges.tsv")
}

// suspiciousPath returns a word of q that looks like a file path (it has a
// slash or starts with "~"), or "".
func suspiciousPath(q string) string {
	for _, w := range strings.Fields(q) {
		w = strings.Trim(w, `"'`+"`,;:?!()[]{}")
		w = strings.TrimRight(w, ".")
		if len(w) > 1 && (strings.ContainsAny(w, `/\`) || strings.HasPrefix(w, "~")) && !strings.Contains(w, "://") {
			return w
		}
	}
	return ""
}

// loadWords are the words of a question that only loads a graph.
var loadWords = map[string]bool{
	"load": true, "open": true, "read": true, "import": true, "use": true, "the": true, "a": true, "an": true,
	"graph": true, "file": true, "from": true, "as": true, "please": true, "network": true, "this": true, "into": true,
	"memory": true, "edgelist": true, "edge": true, "list": true, "dataset": true, "data": true, "called": true,
	"named": true, "and": true, "remember": true, "take": true, "here": true, "is": true, "my": true, "in": true,
	"directed": true, "undirected": true, "weighted": true, "with": true, "edges": true,
}

// loadOnly reports whether the task text (the question without its graph)
// asks for nothing but loading the graph.
func loadOnly(task string) bool {
	verb := false
	for _, w := range strings.FieldsFunc(strings.ToLower(task), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if !loadWords[w] {
			return false
		}
		if w == "load" || w == "open" || w == "read" || w == "import" || w == "remember" {
			verb = true
		}
	}
	return verb || strings.TrimFunc(task, func(r rune) bool { return !unicode.IsLetter(r) }) == ""
}

func dirWord(d bool) string {
	if d {
		return "directed"
	}
	return "undirected"
}

func weightWord(g *graph.Graph) string {
	switch {
	case g.Weighted():
		return ", weighted"
	case g.HasCapacities():
		return ", with capacities"
	}
	return ""
}

// describeExtraction states what the parsers found.
func describeExtraction(ex reasoning.Extraction) string {
	var s string
	switch {
	case ex.Graph != nil:
		s = fmt.Sprintf("%s: %d nodes, %d edges, %s", ex.Method, ex.Graph.N(), ex.Graph.M(), dirWord(ex.Directed))
	case ex.FileRef != "":
		s = fmt.Sprintf("file %s, %s", ex.FileRef, dirWord(ex.Directed))
	case ex.DatasetRef != "":
		s = "dataset " + ex.DatasetRef
	case ex.UsesSessionGraph:
		s = "refers to a graph given earlier"
	default:
		s = "no graph in the question"
	}
	s += fmt.Sprintf("; confidence %.2f", ex.Confidence)
	if len(ex.Notes) > 0 {
		s += "; " + strings.Join(ex.Notes, "; ")
	}
	return s
}

// answerWithTools runs retrieval, tool choice, parameters and the tool, and
// falls back to analogy when no tool fits or the tool fails.
//
// The planner sees the task (the question without the graph text the
// parsers found); retrieval and memory see it cleaned by
// encoders.CleanQuestion (prompt template and leftover data removed).
func (r *run) answerWithTools(ctx context.Context, task string, g *graph.Graph, source string) (*Answer, error) {
	a, lim := r.a, r.a.limits
	// The tool is chosen from the task as meant: misspelled task words and
	// chat shorthands read as the words they stand for ("conections",
	// "ppl"). Parameters are read from the task as written.
	intent, typos := reasoning.CorrectTypos(task)
	query := encoders.CleanQuestion(intent)
	if !hasLetter(query) {
		query = intent
	}
	summary := reasoning.SummarizeGraph(g, 8)
	summary.Source = source

	var cands []reasoning.Candidate
	var cues reasoning.Cues
	r.step("retrieval", func() (string, string, error) {
		// Every tool is scored (the catalogue is small); the best
		// lim.Candidates are proposed, and tools the question names by
		// intent (reasoning.CueTools) join them with their own scores.
		hits, err := a.index.Search(ctx, query, a.reg.Len())
		if err != nil {
			return "retrieval", "tool search failed", err
		}
		cues = a.language.MatchCues(intent)
		names := make([]string, 0, lim.Candidates+len(cues.Tools))
		for i, h := range hits {
			cued := slices.Contains(cues.Tools, h.Name)
			if i >= lim.Candidates && !cued {
				continue
			}
			t, err := a.reg.Get(h.Name)
			if err != nil {
				continue
			}
			cands = append(cands, reasoning.Candidate{Tool: t.Spec(), Score: float64(h.Score)})
			label := fmt.Sprintf("%s %.3f", h.Name, h.Score)
			if cued {
				label += " (intent cue)"
			}
			names = append(names, label)
		}
		for _, name := range cues.Tools {
			if slices.ContainsFunc(cands, func(c reasoning.Candidate) bool { return c.Tool.Name == name }) {
				continue
			}
			if t, err := a.reg.Get(name); err == nil {
				cands = append(cands, reasoning.Candidate{Tool: t.Spec()})
				names = append(names, name+" (intent cue)")
			}
		}
		read := ""
		for _, f := range typos {
			read += fmt.Sprintf("%q read as %q; ", f.Word, f.As)
		}
		return "retrieval", read + "candidates: " + strings.Join(names, ", "), nil
	})

	// The solved examples: skipped when the planner can tell that none could
	// change its choice (fetched later if the fallback needs them).
	var examples []reasoning.Example
	fetched := false
	fetchExamples := func() {
		fetched = true
		r.step("examples", func() (string, string, error) {
			store, err := a.memory(ctx)
			if err != nil {
				return "memory", "continuing without solved examples", err
			}
			hits, err := store.SearchExamples(ctx, query, solvedExamples(lim.Examples))
			if err != nil {
				return "memory", "example search failed; continuing without examples", err
			}
			for _, h := range hits {
				examples = append(examples, reasoning.Example{Question: h.Question, Tool: h.Tool, Args: h.Args, Answer: h.Answer, Score: float64(h.Score)})
			}
			return "memory", fmt.Sprintf("%d similar solved example(s)%s", len(examples), topExample(examples)), nil
		})
	}
	fallback := func(why error) (*Answer, error) {
		if !fetched {
			fetchExamples()
		}
		return r.fallback(ctx, task, &summary, examples, why)
	}
	cueCtx := reasoning.WithCues(ctx, cues)
	req := reasoning.ToolRequest{Question: intent, Candidates: cands, Graph: &summary}
	var choice reasoning.ToolChoice
	decided := false
	if ef := r.planner().Abilities().ExampleFree; ef != nil {
		if c, decisive, err := ef.ChooseToolWithoutExamples(cueCtx, req); err == nil && decisive {
			choice, decided = c, true
			r.step("examples", func() (string, string, error) {
				return "memory", "skipped: retrieval and intent cues decide the tool; no solved examples could change the choice", nil
			})
		}
	}
	if !decided {
		fetchExamples()
	}

	var chooseErr error
	r.step("tool", func() (string, string, error) {
		if !decided {
			req.Examples = examples
			choice, chooseErr = r.planner().ChooseTool(cueCtx, req)
		}
		if chooseErr != nil {
			return r.planner().Name(), "tool choice failed", chooseErr
		}
		d := "chose " + choice.Tool
		if choice.Thought != "" {
			d += ": " + choice.Thought
		}
		return r.planner().Name(), d, nil
	})
	if chooseErr != nil || choice.Tool == reasoning.NoTool || choice.Tool == "" {
		why := ErrNoToolFits
		if chooseErr != nil {
			why = fmt.Errorf("tool choice failed: %w", chooseErr)
		}
		// A named measure no chosen tool computes is not guessed at from
		// similar examples.
		if err := conceptUnanswered(intent, g); chooseErr == nil && err != nil {
			return r.fail(err)
		}
		return fallback(why)
	}
	// Whichever planner chose it, a tool that does not compute the measure
	// or notion the question names would answer another question: the
	// choice is made again among the candidates that compute it.
	if conceptLacking(intent, choice.Tool, a.reg) != nil {
		if alt := conceptCandidates(intent, cands, a.reg); len(alt) > 0 {
			again := req
			again.Candidates = alt
			r.step("tool", func() (string, string, error) {
				c, err := r.planner().ChooseTool(cueCtx, again)
				if err != nil || c.Tool == reasoning.NoTool || c.Tool == "" {
					return r.planner().Name(), "no tool that computes the measure named fits", err
				}
				choice = c
				return r.planner().Name(), "chose " + c.Tool + " again among the tools that compute the measure named: " + c.Thought, nil
			})
		}
		if err := conceptLacking(intent, choice.Tool, a.reg); err != nil {
			return r.fail(err)
		}
	}
	// The builtin planner's choice of a tool no cue names is the nearest by
	// retrieval; it must fit how the question asks. An LLM reads the
	// question itself: its choice is held to the answer kind the question
	// asks for, and to a negation only where the tool's answer would drop
	// it (see negatedLLMChoice). A session follow-up ("and node 9?")
	// reuses the previous question's tool: the checks do not apply to it.
	retrieved := r.forced == nil && r.planner().Name() == reasoning.BuiltinName
	llmChoice := r.forced == nil && !retrieved
	if err := negatedUncued(intent, cues, choice.Tool); retrieved && err != nil {
		return r.fail(err)
	}
	var crossCheck string
	choice.Tool, crossCheck = r.connectedMeaning(task, choice.Tool)
	tool, err := a.reg.Get(choice.Tool)
	if err != nil {
		return fallback(err)
	}
	spec := tool.Spec()
	if err := unreadWeights(r.question, task, g); err != nil {
		return r.fail(err)
	}
	if err := askedMeasureMissing(task, r.ans.Reading, a.lex); err != nil {
		return r.fail(err)
	}
	if err := routeQuestion(task, r.ans.Reading, a.lex); err != nil {
		return r.fail(err)
	}
	if err := readingRuleErr(spec, r.ans.Reading); err != nil {
		return r.fail(err)
	}
	if err := negatedLLMChoice(intent, cues, spec); llmChoice && err != nil {
		return r.fail(err)
	}
	if err := answerKindMismatch(intent, cues, spec); (retrieved || llmChoice) && err != nil {
		return r.fail(err)
	}
	if err := supposedChange(intent, spec.Name); err != nil {
		return r.fail(err)
	}
	if err := uncuedMembership(cues, spec.Name); retrieved && err != nil {
		return r.fail(err)
	}
	if err := uncuedTopic(intent, cues, spec, a.reg.Specs(), a.lex); retrieved && err != nil {
		return r.fail(err)
	}
	if err := orderedChange(intent); err != nil {
		return r.fail(err)
	}
	// A follow-up ("and if it were undirected?") reruns the question on the
	// graph read the other way, which it asks for knowingly.
	if err := undirectedDAG(intent, g != nil && g.Directed()); g != nil && r.forced == nil && err != nil {
		return r.fail(err)
	}
	// A second graph (a pattern) goes to the tool that takes one, and
	// only there; the planner fills the other parameters.
	graphParams := spec.GraphParams()
	if err := secondGraphFit(spec, r.second, g); err != nil {
		return r.fail(err)
	}
	planSpec := spec.WithoutGraphParams()

	var args json.RawMessage
	var perr, implausible error
	// An LLM's arguments are held to what the question asks, as the
	// builtin's are found: nodes it names in the asking sentences, roles
	// and numbers as it gives them (sent back once, then declined). A
	// session follow-up's arguments are the previous turn's with what
	// the follow-up names replaced.
	check := func(pg *graph.Graph) func(json.RawMessage) error {
		pc := pairCheck(planSpec)
		if r.forced != nil || r.planner().Name() == reasoning.BuiltinName {
			return pc
		}
		asking := askingText(task)
		if !hasLetter(asking) {
			asking = task
		}
		return func(args json.RawMessage) error {
			if pc != nil {
				if err := pc(args); err != nil {
					return err
				}
			}
			implausible = reasoning.CheckParamsAgainstQuestion(planSpec, args, asking, pg)
			return implausible
		}
	}
	r.step("params", func() (string, string, error) {
		pg := g
		if membershipTool(spec.Name) {
			pg = nil // the question may name a node that is not in the graph
		}
		args, perr = r.planner().ExtractParams(ctx, reasoning.ParamRequest{Question: task, Tool: planSpec, Graph: pg, Check: check(pg)})
		if perr != nil && pg == nil && implausible == nil {
			// Without the graph only numbers are sure node mentions; names
			// ("node Robert") are found with it.
			if a2, err2 := r.planner().ExtractParams(ctx, reasoning.ParamRequest{Question: task, Tool: planSpec, Graph: g, Check: check(g)}); err2 == nil {
				args, perr = a2, nil
			}
		}
		if perr != nil {
			return r.planner().Name(), "no valid parameters", perr
		}
		return r.planner().Name(), fmt.Sprintf("%s %s", spec.Name, args), nil
	})
	var isolated string
	if perr != nil && isNodeNotFound(perr) && !membershipTool(spec.Name) {
		// A node the graph lacks: isolated when the numbering implies it,
		// else the question is wrong (exit 2).
		ng, note, err := r.missingNode(ctx, task, spec, g, source == questionSource, perr)
		if err != nil {
			return r.fail(err)
		}
		if ng != nil {
			g, isolated = ng, note
			r.ans.Graph, r.ans.g = graphInfo(g, source), g
			args, perr = r.planner().ExtractParams(ctx, reasoning.ParamRequest{Question: task, Tool: planSpec, Graph: g, Check: check(g)})
		}
	}
	if perr != nil && implausible != nil {
		return r.fail(fmt.Errorf("the LLM's parameters do not match the question, after one repair (%w): %w", implausible, ErrNoAnswer))
	}
	if perr != nil {
		return fallback(fmt.Errorf("no valid parameters for %s: %w", spec.Name, perr))
	}
	if len(graphParams) > 0 {
		r.step("params", func() (string, string, error) {
			args, perr = withGraphArgs(args, graphParams, r.second.Graph)
			return "parser", fmt.Sprintf("%s: the %s read apart (%d nodes, %d edges)", strings.Join(graphParams, ", "),
				r.second.Name, r.second.Graph.N(), r.second.Graph.M()), perr
		})
		if perr != nil {
			return r.fail(fmt.Errorf("%s: %w: %w", spec.Name, perr, ErrBadInput))
		}
	}
	if r.ans.Reading != nil {
		for _, id := range nodeParams(spec, args) {
			if slices.Contains(r.ans.Reading.AmbiguousNodes, id) {
				return r.fail(errAmbiguousNode(id, r.ans.Reading))
			}
		}
	}

	if err := unknownNamedNode(spec, args, g, source); err != nil {
		return r.fail(err)
	}
	if err := r.a.guards.directedDegreeErr(spec.Name, g, task, args); err != nil {
		return r.fail(err)
	}
	if err := r.a.guards.unstatedRelation(r.question, task, spec.Name, g != nil && g.Directed()); err != nil {
		return r.fail(err)
	}
	if err := wholeGraphNamedNode(spec, args, g, source, task); err != nil {
		return r.fail(err)
	}
	if err := twoQuestions(task); err != nil {
		return r.fail(err)
	}

	if r.opt.planOnly {
		r.ans.Plan = &Plan{Tool: spec.Name, Args: args}
		r.ans.Answer = fmt.Sprintf("Plan: run %s with %s.", spec.Name, args)
		return r.finish(), nil
	}

	var res tools.Result
	var rerr error
	r.step("run", func() (string, string, error) {
		tctx, cancel := context.WithTimeout(ctx, lim.ToolTimeout)
		defer cancel()
		res, rerr = tool.Run(tctx, g, args)
		if nr, ok := noPathResult(spec, args, rerr); ok {
			res, rerr = nr, nil
		}
		if rerr != nil {
			return spec.Name, "the tool failed", rerr
		}
		return spec.Name, res.Text, nil
	})
	if rerr != nil {
		if ctx.Err() != nil {
			return r.fail(ctx.Err())
		}
		return fallback(fmt.Errorf("%s failed: %w", spec.Name, rerr))
	}
	if crossCheck != "" {
		if err := r.crossCheckConnected(ctx, g, spec.Name, crossCheck, args, res); err != nil {
			return r.fail(err)
		}
	}
	if res, rerr = r.assumedDirection(ctx, g, spec, tool, args, res); rerr != nil {
		return r.fail(rerr)
	}
	if err := r.subgraphSense(ctx, g, spec, args, res); err != nil {
		return r.fail(err)
	}
	if len(r.options) > 0 {
		if res, rerr = r.chooseOptions(ctx, tool, g, args, res, r.options); rerr != nil {
			return r.fail(rerr)
		}
	}
	if isolated != "" {
		res.Text = isolated + " " + res.Text
	}
	r.ans.Answer, r.ans.Value, r.ans.Tool, r.ans.Args = res.Text, res.Value, spec.Name, args
	if r.sess != nil {
		r.sess.wm.Remember(memory.ResultRecord{Tool: spec.Name, Args: args, Graph: r.ans.Graph.Source, Value: res.Value, Text: res.Text, At: time.Now()})
	}
	return r.finish(), nil
}

// ErrNoToolFits is the reason for the fallback when the planner picks no
// tool; it stays in the error chain when the analogy finds no answer
// either.
var ErrNoToolFits = errors.New("no tool fits the question")

// fallback answers by analogy over the examples. why is the reason no tool
// answered; when the analogy fails too, the error returned wraps both why
// (so the planner's and the tool's sentinels stay visible to errors.Is) and
// ErrNoAnswer.
func (r *run) fallback(ctx context.Context, task string, summary *reasoning.GraphSummary, examples []reasoning.Example, why error) (*Answer, error) {
	r.ans.Fallback = true
	var res reasoning.AnalogyResult
	var err error
	r.step("fallback", func() (string, string, error) {
		res, err = r.a.analogy.Reason(ctx, task, summary, examples)
		backend := "builtin"
		if res.Method == reasoning.AnalogyInduceDeduce {
			backend = r.a.planner.Name()
		}
		if err != nil {
			return backend, why.Error() + "; analogy found no answer", err
		}
		return backend, fmt.Sprintf("%s; %s: %s", why.Error(), res.Method, res.Explanation), nil
	})
	if err != nil {
		r.ans.Answer = strings.TrimSuffix(CouldNotAnswer(why), ".") + "."
		return r.finish(), fmt.Errorf("%w: %w", why, ErrNoAnswer)
	}
	r.ans.Answer = fmt.Sprintf("By analogy with similar solved questions (no tool answered it): %s", res.Answer)
	r.ans.Value = res.Answer
	return r.finish(), nil
}

func topExample(exs []reasoning.Example) string {
	if len(exs) == 0 {
		return ""
	}
	return fmt.Sprintf("; nearest %s (%.3f)", exs[0].Tool, exs[0].Score)
}

// membershipTool reports tools whose node parameters may name nodes that
// are not in the graph (the answer is then false, not an error).
func membershipTool(name string) bool { return name == "node_exists" || name == "edge_exists" }

// pairCheck returns the extra parameter check of a tool: a flow's source
// must differ from its sink.
func pairCheck(spec tools.Spec) func(json.RawMessage) error {
	var hasSource, hasSink bool
	for _, p := range spec.Params {
		hasSource = hasSource || p.Name == "source"
		hasSink = hasSink || p.Name == "sink"
	}
	if !hasSource || !hasSink {
		return nil
	}
	return func(args json.RawMessage) error {
		var v struct {
			Source tools.NodeID `json:"source"`
			Sink   tools.NodeID `json:"sink"`
		}
		if err := json.Unmarshal(args, &v); err != nil {
			return fmt.Errorf("%s: %v: %w", spec.Name, err, reasoning.ErrBadParams)
		}
		if v.Source == v.Sink {
			return fmt.Errorf("%s: the source and the sink are the same node %q: %w", spec.Name, string(v.Source), reasoning.ErrBadParams)
		}
		return nil
	}
}

// hasLetter reports whether s contains a letter.
func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// MaxNesting is the deepest bracket nesting a question may have; graph
// notations need three levels at most.
const MaxNesting = 32

// nesting returns the deepest nesting of (), [] and {} in q (closing
// brackets of any kind close one level) and the byte where it first exceeds
// MaxNesting, in one pass.
func nesting(q string) (depth, at int) {
	d := 0
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '(', '[', '{':
			d++
			if d > depth {
				depth = d
				if d == MaxNesting+1 {
					at = i
				}
			}
		case ')', ']', '}':
			if d > 0 {
				d--
			}
		}
	}
	return depth, at
}
