package httpapi

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools"
)

// chatRequest is the part of an OpenAI chat completion request that is
// read; other fields (temperature, max_tokens, tools...) are accepted and
// ignored. Graphagent holds this server's extensions.
type chatRequest struct {
	Model         string        `json:"model"`
	Messages      []chatMessage `json:"messages"`
	Stream        bool          `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Graphagent *struct {
		// ConfirmPlan returns the plan of tool calls instead of running
		// it; the next message confirms, cancels or edits it.
		ConfirmPlan bool `json:"confirm_plan"`
		// Plot adds a PNG chart of the answer, base64, when the tool
		// makes one.
		Plot bool `json:"plot"`
		// Steps says how a streamed answer's steps are sent (StepsField,
		// StepsReasoning or StepsContent; default Options.Steps).
		Steps string `json:"steps"`
	} `json:"graphagent"`
}

// How a streamed answer's steps are sent (Options.Steps, or a request's
// "graphagent": {"steps": ...}). Every mode also carries each step's event
// in the chunk's graphagent_event field, which the chat page reads.
const (
	// StepsField sends each step in graphagent_event only, with an empty
	// delta: a chat client shows the answer alone (the default).
	StepsField = "field"
	// StepsReasoning also sends each step's line as delta.reasoning_content,
	// the field reasoning models stream their thinking in, which chat
	// clients that know it show apart from the answer.
	StepsReasoning = "reasoning"
	// StepsContent sends each step's line as message content before the
	// answer, so any client, a terminal included, prints the steps.
	StepsContent = "content"
)

// checkSteps refuses an unknown way of streaming the steps.
func checkSteps(mode string) error {
	switch mode {
	case "", StepsField, StepsReasoning, StepsContent:
		return nil
	}
	return fmt.Errorf("steps %q: use %q (the default: steps only in the graphagent_event field), %q (also as reasoning_content) or %q (also as content lines)", mode, StepsField, StepsReasoning, StepsContent)
}

// outcome is one answered turn.
type outcome struct {
	ans  *agent.Answer
	err  error
	text string
	plan *agent.Plan
	// question is the question ans answers (for a confirmed plan, the
	// question it was made for, not the confirmation).
	question string
}

// label is the outcome's tool for the answers metric.
func (o outcome) label() string {
	switch {
	case o.plan != nil:
		return "plan"
	case o.ans == nil || o.err != nil:
		return "none"
	case o.ans.Fallback:
		return "fallback"
	case o.ans.Tool != "":
		return o.ans.Tool
	}
	return "none"
}

func (h *Handler) chatCompletions(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		h.fail(w, &apiError{status: http.StatusMethodNotAllowed, Message: "use POST for /v1/chat/completions", Type: "invalid_request_error", Code: "method_not_allowed"})
		return
	}
	req, turns, apiErr := h.readRequest(w, r)
	if apiErr != nil {
		h.fail(w, apiErr)
		return
	}
	if err := h.acquire(r.Context()); err != nil {
		var ae *apiError
		if errors.As(err, &ae) {
			w.Header().Set("Retry-After", "1")
			h.fail(w, ae)
		}
		return
	}
	defer h.release()
	ctx, cancel := context.WithTimeout(r.Context(), h.opt.Timeout)
	defer cancel()

	confirm := r.Header.Get(ConfirmHeader) == "true" || (req.Graphagent != nil && req.Graphagent.ConfirmPlan)
	id := fmt.Sprintf("chatcmpl-%d-%d", h.metrics.started.UnixNano()%1e9, h.ids.Add(1))
	var stream *sseStream
	var onEvent func(agent.Event)
	if req.Stream {
		stream = newSSEStream(w, id, h.opt.Model)
		stream.mode = h.opt.Steps
		if req.Graphagent != nil && req.Graphagent.Steps != "" {
			stream.mode = req.Graphagent.Steps
		}
		onEvent = stream.step
	}

	sid := r.Header.Get(SessionHeader)
	var o outcome
	if sid != "" {
		if len(sid) > 128 {
			h.fail(w, badRequest("bad_session", SessionHeader, "the session id is longer than 128 bytes"))
			return
		}
		w.Header().Set(SessionHeader, sid)
		err := h.sessions.turn(ctx, sid, func(e *sessionEntry) {
			o = h.converse(ctx, e.sess, turns, e.fresh, confirm, onEvent, &e.pending)
			e.fresh = false
		})
		if err != nil {
			o = outcome{err: err, text: agent.CouldNotAnswer(err)}
		}
	} else {
		// The replayed conversation's graphs count against the sessions'
		// budget while the request runs.
		sess := h.a.NewSession(h.held)
		o = h.converse(ctx, sess, turns, true, confirm, onEvent, nil)
		sess.Working().Close()
	}
	if h.opt.Learn && o.err == nil {
		if err := h.learn(ctx, o); err != nil {
			o = outcome{err: err, text: agent.CouldNotAnswer(err)}
		}
	}
	h.metrics.answer(o.label())
	apiErr = askError(o.err)
	if apiErr != nil && apiErr.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	if apiErr != nil {
		h.metrics.errorCode(apiErr.Code)
		h.opt.Logger.Debug("chat turn failed", "err", o.err)
	}
	payload := h.payload(o, apiErr, req.Graphagent != nil && req.Graphagent.Plot)
	if stream != nil && (stream.started || apiErr == nil) {
		stream.finish(o.text, payload, req.StreamOptions != nil && req.StreamOptions.IncludeUsage, usageOf(o.ans))
		return
	}
	if apiErr != nil {
		writeError(w, apiErr)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": id, "object": "chat.completion", "created": time.Now().Unix(), "model": h.opt.Model,
		"choices":    []map[string]any{{"index": 0, "message": map[string]any{"role": "assistant", "content": o.text}, "finish_reason": "stop"}},
		"usage":      usageOf(o.ans),
		"graphagent": payload,
	})
}

// readRequest reads and checks the request: the body's size and JSON, the
// model, the messages and the question's length.
func (h *Handler) readRequest(w http.ResponseWriter, r *http.Request) (*chatRequest, []turn, *apiError) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opt.MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, nil, &apiError{status: http.StatusRequestEntityTooLarge, Message: fmt.Sprintf("the request body is larger than %d bytes", h.opt.MaxBodyBytes), Type: "invalid_request_error", Code: "request_too_large"}
		}
		return nil, nil, badRequest("bad_body", "", "reading the request body: "+err.Error())
	}
	var req chatRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&req); err != nil {
		return nil, nil, badRequest("invalid_json", "", "the request body is not valid JSON for a chat completion: "+err.Error())
	}
	if dec.More() {
		return nil, nil, badRequest("invalid_json", "", "the request body has data after its JSON object")
	}
	switch {
	case req.Model == "":
		return nil, nil, badRequest("missing_model", "model", "model is required (GET /v1/models lists it: "+h.opt.Model+")")
	case req.Model != h.opt.Model:
		return nil, nil, unknownModel(req.Model, h.opt.Model)
	case len(req.Messages) == 0:
		return nil, nil, badRequest("missing_messages", "messages", "messages is required: a non-empty array whose last message is the user's question")
	case len(req.Messages) > h.opt.MaxMessages:
		return nil, nil, badRequest("too_many_messages", "messages", fmt.Sprintf("%d messages, more than the limit of %d", len(req.Messages), h.opt.MaxMessages))
	case req.Graphagent != nil && checkSteps(req.Graphagent.Steps) != nil:
		return nil, nil, badRequest("bad_steps", "graphagent.steps", checkSteps(req.Graphagent.Steps).Error())
	}
	turns := make([]turn, 0, len(req.Messages))
	for i, m := range req.Messages {
		text, err := m.text()
		if err != nil {
			return nil, nil, badRequest("bad_message", fmt.Sprintf("messages[%d].content", i), err.Error())
		}
		switch m.Role {
		case "user", "assistant":
			turns = append(turns, turn{role: m.Role, text: text})
		case "system", "developer", "tool", "function":
			// Instructions for a language model; the agent's steps are
			// its own.
		default:
			return nil, nil, badRequest("bad_message", fmt.Sprintf("messages[%d].role", i), fmt.Sprintf("unknown role %q", m.Role))
		}
	}
	if len(turns) == 0 || turns[len(turns)-1].role != "user" {
		return nil, nil, badRequest("missing_messages", "messages", "the last message must be the user's question")
	}
	if q := turns[len(turns)-1].text; len(q) > h.opt.MaxQuestionBytes {
		return nil, nil, badRequest("context_length_exceeded", "messages", fmt.Sprintf("the question has %d bytes, more than the limit of %d", len(q), h.opt.MaxQuestionBytes))
	} else if strings.TrimSpace(q) == "" {
		return nil, nil, badRequest("missing_messages", "messages", "the last user message is empty")
	}
	return &req, turns, nil
}

// pendingPlan is a plan waiting for the user's reply and the question it
// answers.
type pendingPlan struct {
	question string
	plan     agent.Plan
}

// converse runs the conversation in sess: when replay is set the earlier
// user messages are asked again first (silently, as they were: a message
// answered by a plan is planned again, a confirmation runs its plan), then
// the last message is answered, its steps sent to onEvent. A pending plan
// and its question are read from the transcript; a server-side session
// also carries them (carried, nil without one) for clients that send the
// last message alone.
func (h *Handler) converse(ctx context.Context, sess *agent.Session, turns []turn, replay, confirm bool, onEvent func(agent.Event), carried **pendingPlan) outcome {
	var question string // the question the pending plan answers
	var pending *agent.Plan
	if carried != nil && *carried != nil && len(turns) == 1 {
		question, pending = (*carried).question, &(*carried).plan
	}
	var o outcome
	for i, t := range turns {
		if t.role == "assistant" {
			pending = parsePlan(t.text)
			continue
		}
		last := i == len(turns)-1
		if !last && !replay {
			// Only the transcript's state is needed: which question a
			// plan in the next assistant message answers.
			if pending == nil || classify(t.text) == replyOther {
				question = t.text
			}
			continue
		}
		planOnly := confirm
		if !last {
			// As it was: a message the next one answered with a plan
			// was planned only.
			planOnly = i+1 < len(turns) && parsePlan(turns[i+1].text) != nil
		}
		o = h.turn(ctx, sess, t.text, &question, pending, planOnly, onEventOf(last, onEvent))
		if ctx.Err() != nil && !last {
			return outcome{err: ctx.Err(), text: agent.CouldNotAnswer(ctx.Err())}
		}
	}
	if carried != nil {
		*carried = nil
		if o.plan != nil {
			*carried = &pendingPlan{question: question, plan: *o.plan}
		}
	}
	return o
}

func onEventOf(last bool, f func(agent.Event)) func(agent.Event) {
	if last {
		return f
	}
	return nil
}

// turn answers one user message given the pending plan (nil when none)
// and the question it answers.
func (h *Handler) turn(ctx context.Context, sess *agent.Session, text string, question *string, pending *agent.Plan, planOnly bool, onEvent func(agent.Event)) outcome {
	var opts []agent.AskOption
	if onEvent != nil {
		opts = append(opts, agent.WithEvents(onEvent))
	}
	if pending != nil {
		switch classify(text) {
		case replyConfirm:
			return h.ask(ctx, sess, *question, append(opts, agent.WithPlan(*pending)))
		case replyCancel:
			return outcome{text: "Cancelled: the plan was not run."}
		case replyEdit:
			edited, err := editPlan(*pending, text, h.a.Registry())
			if err != nil {
				return outcome{text: fmt.Sprintf("I could not change the plan: %v.\n\n%s", err, planText(*pending)), plan: pending}
			}
			return h.ask(ctx, sess, *question, append(opts, agent.WithPlan(edited), agent.WithPlanOnly()))
		}
	}
	*question = text
	if planOnly {
		opts = append(opts, agent.WithPlanOnly())
	}
	return h.ask(ctx, sess, text, opts)
}

// ask asks q in sess and words the outcome.
func (h *Handler) ask(ctx context.Context, sess *agent.Session, q string, opts []agent.AskOption) outcome {
	ans, err := sess.Ask(ctx, q, opts...)
	o := outcome{ans: ans, err: err, question: q}
	switch {
	case ans == nil && err != nil:
		o.text = agent.CouldNotAnswer(err)
	case ans == nil:
		o.text = "I could not answer."
	case ans.Plan != nil && err == nil:
		o.plan = ans.Plan
		o.text = planText(*ans.Plan)
	default:
		o.text = ans.Answer
	}
	return o
}

// learn writes the turn's answer back to long-term memory as a solved
// example when an exact tool gave it (Options.Learn). The answer is sent
// only once the example is stored, so that nothing acknowledged is lost;
// a store that is down makes the request a 503 to retry.
func (h *Handler) learn(ctx context.Context, o outcome) error {
	ex, ok := agent.SolvedExample(o.question, o.ans)
	if !ok || o.plan != nil {
		return nil
	}
	if _, err := h.a.Learn(ctx, ex); err != nil {
		return fmt.Errorf("%w: %w", errNotLearned, err)
	}
	return nil
}

// payload is the structured answer sent in the response's "graphagent"
// extension field: the agent's Answer (value, tool, arguments, graph,
// trace, reading) plus the error of a failed turn, the pending plan, a
// drawing of a small graph and, when asked, the answer's chart.
type payload struct {
	*agent.Answer
	Pending *agent.Plan `json:"pending_plan,omitempty"`
	Error   *apiError   `json:"error,omitempty"`
	Status  int         `json:"status,omitempty"`
	Drawing *drawing    `json:"drawing,omitempty"`
	PlotPNG string      `json:"plot_png,omitempty"`
}

func (h *Handler) payload(o outcome, e *apiError, plot bool) *payload {
	p := &payload{Answer: o.ans, Pending: o.plan}
	if p.Answer == nil {
		p.Answer = &agent.Answer{Answer: o.text}
	}
	if e != nil {
		p.Error, p.Status = e, e.status
	}
	if o.ans != nil {
		p.Drawing = drawGraph(o.ans)
		if pl, ok := o.ans.Value.(tools.Plotter); ok && plot && o.err == nil {
			var b bytes.Buffer
			if err := pl.WritePNG(&b); err == nil {
				p.PlotPNG = base64.StdEncoding.EncodeToString(b.Bytes())
			}
		}
	}
	return p
}

// usage is OpenAI's usage object. graphagent counts only the tokens of
// the LLM calls it made itself (0 with the builtin backend), reported as
// completion tokens.
type usage struct {
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
	TotalTokens      int64 `json:"total_tokens"`
}

func usageOf(a *agent.Answer) usage {
	if a == nil {
		return usage{}
	}
	return usage{CompletionTokens: a.Tokens, TotalTokens: a.Tokens}
}

// stepLabels name the trace's steps for people.
var stepLabels = map[string]string{
	"graph": "reading", "load": "loading", "retrieval": "tools retrieved", "examples": "solved examples",
	"tool": "tool chosen", "params": "arguments", "run": "result", "fallback": "fallback", "answer": "stopped",
}

// stepLine is the streamed line of one step.
func stepLine(e agent.Event) string {
	label := stepLabels[e.Step]
	if label == "" {
		label = e.Step
	}
	line := fmt.Sprintf("- %s: %s", label, textutil.Truncate(e.Detail, 300))
	if e.Error != "" {
		line += " (" + textutil.Truncate(e.Error, 200) + ")"
	}
	return line + "\n"
}

// sseStream writes a streamed completion in OpenAI's chunk format. The
// status and the first chunks wait until the question's graph is read and
// loaded (the "graph" steps are held, a few milliseconds): a question
// refused before that (a path outside the data folders, an unreadable or
// too large question) is answered with its HTTP status and error body, as
// without streaming. After it, errors go in the final chunk.
type sseStream struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	id      string
	model   string
	created int64
	steps   int
	mode    string // StepsField, StepsReasoning or StepsContent
	started bool
	held    []agent.Event
	err     error
}

func newSSEStream(w http.ResponseWriter, id, model string) *sseStream {
	return &sseStream{w: w, rc: http.NewResponseController(w), id: id, model: model, created: time.Now().Unix()}
}

// start sends the status, the headers, the first chunk and the held steps.
func (s *sseStream) start() {
	if s.started {
		return
	}
	s.started = true
	hd := s.w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Accel-Buffering", "no")
	s.w.WriteHeader(http.StatusOK)
	s.chunk(map[string]any{"role": "assistant", "content": ""}, nil, nil)
	for _, e := range s.held {
		s.send(e)
	}
	s.held = nil
}

// chunk writes one chat.completion.chunk; ext adds extension fields.
func (s *sseStream) chunk(delta map[string]any, finish *string, ext map[string]any) {
	c := map[string]any{
		"id": s.id, "object": "chat.completion.chunk", "created": s.created, "model": s.model,
		"choices": []map[string]any{{"index": 0, "delta": delta, "finish_reason": finish}},
	}
	for k, v := range ext {
		c[k] = v
	}
	s.data(c)
}

// data writes one event and flushes it; after a write error (the client
// left) nothing more is written.
func (s *sseStream) data(v any) {
	if s.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		s.err = err
		return
	}
	if _, s.err = fmt.Fprintf(s.w, "data: %s\n\n", b); s.err == nil {
		s.err = s.rc.Flush()
	}
}

// step streams one step: the event in the graphagent_event extension
// field, and its line as the mode says; the reading steps (and failed
// ones) are held until the graph is loaded.
func (s *sseStream) step(e agent.Event) {
	if !s.started && (e.Step == "graph" || e.Step == "answer" || e.Error != "") {
		s.held = append(s.held, e)
		return
	}
	s.start()
	s.send(e)
}

func (s *sseStream) send(e agent.Event) {
	s.steps++
	delta := map[string]any{}
	switch s.mode {
	case StepsContent:
		delta["content"] = stepLine(e)
	case StepsReasoning:
		delta["reasoning_content"] = stepLine(e)
	}
	s.chunk(delta, nil, map[string]any{"graphagent_event": e})
}

// finish streams the answer, the final chunk (finish_reason "stop", the
// structured answer in the graphagent field), the usage when asked, and
// [DONE].
func (s *sseStream) finish(text string, p *payload, includeUsage bool, u usage) {
	s.start()
	if s.steps > 0 && s.mode == StepsContent {
		text = "\n" + text
	}
	s.chunk(map[string]any{"content": text}, nil, nil)
	stop := "stop"
	s.chunk(map[string]any{}, &stop, map[string]any{"graphagent": p})
	if includeUsage {
		s.data(map[string]any{"id": s.id, "object": "chat.completion.chunk", "created": s.created, "model": s.model,
			"choices": []any{}, "usage": u})
	}
	if s.err == nil {
		if _, s.err = io.WriteString(s.w, "data: [DONE]\n\n"); s.err == nil {
			s.err = s.rc.Flush()
		}
	}
}

// drawing is a small graph for the web page to draw: node names and edges
// as index pairs (with the weight when the graph has weights).
type drawing struct {
	Directed bool        `json:"directed"`
	Nodes    []string    `json:"nodes"`
	Edges    [][]float64 `json:"edges"`
}

// Drawn graphs are at most this large; larger ones are not drawn.
const (
	maxDrawNodes = 80
	maxDrawEdges = 300
)

func drawGraph(a *agent.Answer) *drawing {
	g := a.GraphUsed()
	if g == nil || g.N() == 0 || g.N() > maxDrawNodes || g.M() > maxDrawEdges {
		return nil
	}
	d := &drawing{Directed: g.Directed(), Nodes: append([]string(nil), g.IDs()...), Edges: make([][]float64, 0, g.M())}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		edge := []float64{float64(u), float64(v)}
		if g.Weighted() {
			edge = append(edge, g.Weight(e))
		}
		d.Edges = append(d.Edges, edge)
	}
	return d
}
