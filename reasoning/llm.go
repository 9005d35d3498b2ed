package reasoning

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

// Defaults of LLMConfig.
const (
	DefaultLLMTimeout    = 60 * time.Second
	DefaultLLMMaxRetries = 3
	DefaultLLMBackoff    = 250 * time.Millisecond
	DefaultLLMMaxBackoff = 5 * time.Second
	DefaultLLMMaxTokens  = 1024
	// DefaultGraphMaxTokens bounds the graph-extraction answer, which re-types
	// an edge list and is the longest.
	DefaultGraphMaxTokens = 8192
)

// LLMConfig configures an LLMPlanner.
type LLMConfig struct {
	// BaseURL is the OpenAI-compatible API root, for example
	// http://127.0.0.1:8000/v1 (vLLM) or http://127.0.0.1:11434/v1 (Ollama).
	// A URL without a path gets "/v1".
	BaseURL string
	// Model is the served model name.
	Model string
	// APIKey is sent as a bearer token; local servers accept any value.
	APIKey string
	// Timeout bounds each HTTP call; the caller's context bounds the whole
	// step. Zero means DefaultLLMTimeout.
	Timeout time.Duration
	// MaxRetries is how many times a failed call (timeout, 5xx, 429, dropped
	// connection, unreadable body) is repeated. Zero means
	// DefaultLLMMaxRetries; negative means no retry.
	MaxRetries int
	// HTTPClient sends the requests; nil means a private client whose idle
	// connections Close releases.
	HTTPClient *http.Client

	// Backoff is the first retry's wait, doubled each retry up to MaxBackoff,
	// with jitter. Zero means DefaultLLMBackoff.
	Backoff time.Duration
	// MaxBackoff caps a wait, including a server's Retry-After. Zero means
	// DefaultLLMMaxBackoff.
	MaxBackoff time.Duration
	// MaxTokens bounds the tool and parameter answers (sent as max_tokens,
	// which llama.cpp and Ollama read). Zero means DefaultLLMMaxTokens.
	MaxTokens int
	// GraphMaxTokens bounds the graph-extraction answer. Zero means
	// DefaultGraphMaxTokens.
	GraphMaxTokens int
	// Temperature of every call; 0 (the default) asks for greedy decoding.
	Temperature float64
	// GuidedJSON also sends the schema as vLLM's guided_json field, for
	// servers that ignore response_format.
	GuidedJSON bool
	// ExtraBody holds further top-level request fields for the server (for
	// example top_k or chat_template_kwargs); they never replace the fields
	// graphagent sets.
	ExtraBody map[string]any
	// Logger receives retry and repair events; nil means slog.Default().
	Logger *slog.Logger
}

// LLMPlanner is the Planner backed by an OpenAI-compatible server through
// langchaingo. It is safe for concurrent use.
type LLMPlanner struct {
	cfg    LLMConfig
	llm    *openai.LLM
	http   *http.Client
	own    bool // http was created here; Close releases it
	usage  Usage
	logger *slog.Logger
}

var _ Planner = (*LLMPlanner)(nil)

// NewLLMPlanner checks cfg and returns a planner. It does not contact the
// server.
func NewLLMPlanner(cfg LLMConfig) (*LLMPlanner, error) {
	if strings.TrimSpace(cfg.BaseURL) == "" {
		return nil, errors.New("llm planner: base URL is empty")
	}
	u, err := url.Parse(cfg.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("llm planner: base URL %q is not an http(s) URL", cfg.BaseURL)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/v1"
	}
	cfg.BaseURL = strings.TrimSuffix(u.String(), "/")
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("llm planner: model name is empty")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultLLMTimeout
	}
	switch {
	case cfg.MaxRetries == 0:
		cfg.MaxRetries = DefaultLLMMaxRetries
	case cfg.MaxRetries < 0:
		cfg.MaxRetries = 0
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultLLMBackoff
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = DefaultLLMMaxBackoff
	}
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = DefaultLLMMaxTokens
	}
	if cfg.GraphMaxTokens <= 0 {
		cfg.GraphMaxTokens = DefaultGraphMaxTokens
	}
	p := &LLMPlanner{cfg: cfg, http: cfg.HTTPClient, logger: cfg.Logger}
	if p.logger == nil {
		p.logger = slog.Default()
	}
	if p.http == nil {
		p.http = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
		p.own = true
	}
	key := cfg.APIKey
	if key == "" {
		key = "EMPTY" // langchaingo requires a token; local servers ignore it
	}
	p.llm, err = openai.New(
		openai.WithBaseURL(cfg.BaseURL),
		openai.WithModel(cfg.Model),
		openai.WithToken(key),
		openai.WithHTTPClient(&llmDoer{client: p.http, guided: cfg.GuidedJSON, extra: cfg.ExtraBody}),
	)
	if err != nil {
		return nil, fmt.Errorf("llm planner: %w", err)
	}
	return p, nil
}

// Name is "llm:" followed by the model name.
func (p *LLMPlanner) Name() string { return "llm:" + p.cfg.Model }

// Abilities: the LLM planner plans chains and generates text; it always
// reads the solved examples.
func (p *LLMPlanner) Abilities() Abilities {
	return Abilities{Chains: p, Generate: p}
}

// Usage returns the calls and tokens of every step run so far. Per-question
// counts come from a Usage attached to the context with WithUsage.
func (p *LLMPlanner) Usage() UsageStats { return p.usage.Stats() }

// Close releases the idle connections of the planner's own HTTP client.
func (p *LLMPlanner) Close() error {
	if p.own {
		p.http.CloseIdleConnections()
	}
	return nil
}

// Generate sends one system and one user message and returns the answer
// text, with the planner's retries and usage accounting. When schema is not
// nil the answer is constrained by it. Other reasoning steps (the analogical
// reasoner) use it; the caller parses the answer.
func (p *LLMPlanner) Generate(ctx context.Context, system, user string, schema json.RawMessage, maxTokens int) (string, error) {
	if maxTokens <= 0 {
		maxTokens = p.cfg.MaxTokens
	}
	r, err := p.complete(ctx, "generate", schema, maxTokens, llmMessages(system, user))
	return r.text, err
}

// llmExchange runs one step: ask, parse, and if parsing or validation fails,
// one repair round that sends the error back. parse classifies failures with
// the sentinel errors.
func (p *LLMPlanner) llmExchange(ctx context.Context, step string, schema json.RawMessage, maxTokens int, system, user string, parse func(answer string) error) error {
	msgs := llmMessages(system, user)
	reply, err := p.complete(ctx, step, schema, maxTokens, msgs)
	if err != nil {
		return err
	}
	answer := reply.text
	perr := parse(answer)
	if perr == nil {
		return nil
	}
	if reply.cut {
		perr = fmt.Errorf("%w (the answer was cut off at the limit of %d tokens; be shorter)", perr, maxTokens)
	}
	p.count(ctx, UsageStats{Repairs: 1})
	p.logger.DebugContext(ctx, "llm answer rejected; repairing", "step", step, "error", perr)
	msgs = append(msgs,
		llms.TextParts(llms.ChatMessageTypeAI, answer),
		llms.TextParts(llms.ChatMessageTypeHuman, repairPrompt(perr)),
	)
	reply, err = p.complete(ctx, step, schema, maxTokens, msgs)
	if err != nil {
		return err
	}
	if err := parse(reply.text); err != nil {
		if reply.cut {
			err = fmt.Errorf("%w (cut off at %d tokens)", err, maxTokens)
		}
		return fmt.Errorf("%s step, after one repair: %w", step, err)
	}
	return nil
}

// llmMessages is the system and user message of one exchange; an empty
// system prompt is left out, so that a benchmark's prompt goes alone.
func llmMessages(system, user string) []llms.MessageContent {
	if system == "" {
		return []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, user)}
	}
	return []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, system),
		llms.TextParts(llms.ChatMessageTypeHuman, user),
	}
}

func (p *LLMPlanner) count(ctx context.Context, d UsageStats) {
	p.usage.Add(d)
	if u := UsageFrom(ctx); u != nil {
		u.Add(d)
	}
}

// llmAttempt carries one HTTP attempt's schema to llmDoer and its outcome
// back; it travels in the request context.
type llmAttempt struct {
	schema     json.RawMessage
	step       string
	sent       bool
	status     int
	retryAfter time.Duration
	netErr     error
}

type llmAttemptKey struct{}

// llmReply is one answer: its text and whether the token limit cut it.
type llmReply struct {
	text string
	cut  bool
}

// complete sends msgs with retries and returns the answer. Failures after
// the retries wrap ErrServer.
func (p *LLMPlanner) complete(ctx context.Context, step string, schema json.RawMessage, maxTokens int, msgs []llms.MessageContent) (llmReply, error) {
	opts := []llms.CallOption{
		llms.WithMaxTokens(maxTokens),
		openai.WithLegacyMaxTokensField(),
		llms.WithTemperature(p.cfg.Temperature),
	}
	var last error
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return llmReply{}, p.serverError(step, attempt, last, err)
		}
		at := &llmAttempt{schema: schema, step: step}
		actx, cancel := context.WithTimeout(context.WithValue(ctx, llmAttemptKey{}, at), p.cfg.Timeout)
		resp, err := p.llm.GenerateContent(actx, msgs, opts...)
		cancel()
		d := UsageStats{}
		if at.sent {
			d.Calls = 1
			if attempt > 0 {
				d.Retries = 1
			}
		}
		if err == nil && len(resp.Choices) > 0 {
			c := resp.Choices[0]
			d.PromptTokens = int64(generationInt(c.GenerationInfo, "PromptTokens"))
			d.CompletionTokens = int64(generationInt(c.GenerationInfo, "CompletionTokens"))
			p.count(ctx, d)
			return llmReply{text: c.Content, cut: c.StopReason == "length"}, nil
		}
		p.count(ctx, d)
		retry, cause := p.classify(at, err)
		last = cause
		if ctx.Err() != nil {
			return llmReply{}, p.serverError(step, attempt+1, last, ctx.Err())
		}
		if !retry || attempt >= p.cfg.MaxRetries {
			return llmReply{}, p.serverError(step, attempt+1, last, nil)
		}
		wait := p.backoff(attempt, at.retryAfter)
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			return llmReply{}, p.serverError(step, attempt+1, last, context.DeadlineExceeded)
		}
		p.logger.DebugContext(ctx, "llm call failed; retrying", "step", step, "attempt", attempt+1, "wait", wait, "error", cause)
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return llmReply{}, p.serverError(step, attempt+1, last, ctx.Err())
		}
	}
}

// serverError wraps ErrServer with the last failure and, when the caller's
// context ended, its error.
func (p *LLMPlanner) serverError(step string, calls int, last, ctxErr error) error {
	if last == nil {
		last = errors.New("no call made")
	}
	if ctxErr != nil {
		return fmt.Errorf("%s step: %w after %d call(s) (%v): %w", step, ErrServer, calls, last, ctxErr)
	}
	return fmt.Errorf("%s step: %w after %d call(s): %v", step, ErrServer, calls, last)
}

// classify says whether a failed call is worth repeating and describes it.
func (p *LLMPlanner) classify(at *llmAttempt, err error) (retry bool, cause error) {
	if err == nil {
		return true, errors.New("empty answer (no choices)")
	}
	switch {
	case at.netErr != nil:
		// Timeouts, refused or dropped connections.
		return true, fmt.Errorf("transport: %w", at.netErr)
	case at.status == http.StatusTooManyRequests || at.status == http.StatusRequestTimeout || at.status >= 500:
		return true, fmt.Errorf("HTTP %d: %v", at.status, err)
	case at.status != 0 && at.status != http.StatusOK:
		return false, fmt.Errorf("HTTP %d: %v", at.status, err)
	case at.status == http.StatusOK:
		// A malformed or truncated body.
		return true, fmt.Errorf("unreadable response: %v", err)
	default:
		// Never sent: the request could not be built.
		return false, err
	}
}

// backoff is the wait before retry number attempt+1: exponential with equal
// jitter, or the server's Retry-After, capped by MaxBackoff.
func (p *LLMPlanner) backoff(attempt int, retryAfter time.Duration) time.Duration {
	d := p.cfg.Backoff << min(attempt, 20)
	if d > p.cfg.MaxBackoff || d <= 0 {
		d = p.cfg.MaxBackoff
	}
	d = d/2 + time.Duration(rand.Int64N(int64(d/2)+1))
	if retryAfter > d {
		d = min(retryAfter, p.cfg.MaxBackoff)
	}
	return d
}

func generationInt(info map[string]any, key string) int {
	switch v := info[key].(type) {
	case int:
		return v
	case int64:
		return int(v)
	case float64:
		return int(v)
	}
	return 0
}

// llmDoer sends langchaingo's requests: it adds the attempt's JSON schema
// (response_format, and guided_json when asked) and extra fields to the body,
// and records the outcome of the attempt.
type llmDoer struct {
	client *http.Client
	guided bool
	extra  map[string]any
}

func (d *llmDoer) Do(req *http.Request) (*http.Response, error) {
	at, _ := req.Context().Value(llmAttemptKey{}).(*llmAttempt)
	if at == nil {
		at = &llmAttempt{}
	}
	if req.Body != nil && (len(at.schema) > 0 || len(d.extra) > 0) {
		body, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("read request body: %w", err)
		}
		body, err = d.rewrite(body, at)
		if err != nil {
			return nil, err
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.ContentLength = int64(len(body))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	}
	at.sent = true
	resp, err := d.client.Do(req)
	if err != nil {
		at.netErr = err
		return nil, err
	}
	at.status = resp.StatusCode
	resp.Body = &llmLimitedBody{rc: resp.Body, left: llmMaxResponseBytes}
	if s := resp.Header.Get("Retry-After"); s != "" {
		if secs, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && secs >= 0 {
			at.retryAfter = time.Duration(secs) * time.Second
		}
	}
	return resp, nil
}

// llmMaxResponseBytes bounds what one answer may send: a model's answer is
// kilobytes; an endless body from a broken or hostile server must not
// exhaust memory.
const llmMaxResponseBytes = 16 << 20

// errLLMResponseTooLarge ends reading a response body past the bound.
var errLLMResponseTooLarge = fmt.Errorf("response body larger than %d bytes", llmMaxResponseBytes)

// llmLimitedBody fails reads once more than left bytes have come.
type llmLimitedBody struct {
	rc   io.ReadCloser
	left int64
}

func (b *llmLimitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errLLMResponseTooLarge
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *llmLimitedBody) Close() error { return b.rc.Close() }

func (d *llmDoer) rewrite(body []byte, at *llmAttempt) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("request body is not a JSON object: %w", err)
	}
	for k, v := range d.extra {
		if _, taken := m[k]; taken {
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("extra body field %q: %w", k, err)
		}
		m[k] = b
	}
	if len(at.schema) > 0 {
		rf, err := json.Marshal(map[string]any{
			"type": "json_schema",
			"json_schema": map[string]any{
				"name":   "graphagent_" + at.step,
				"strict": true,
				"schema": at.schema,
			},
		})
		if err != nil {
			return nil, fmt.Errorf("schema: %w", err)
		}
		m["response_format"] = rf
		if d.guided {
			m["guided_json"] = at.schema
		}
	}
	return json.Marshal(m)
}

// ExtractGraph asks the model to copy the graph out of the question
// (Graph-Instruction) and checks the answer against the question
// (ParseGraphAnswer) and with req.Check; a rejected answer is sent back
// once for repair. Errors wrap ErrSyntax, ErrGraphMismatch or ErrServer.
func (p *LLMPlanner) ExtractGraph(ctx context.Context, req GraphRequest) (GraphText, error) {
	question := req.Question
	if strings.TrimSpace(question) == "" {
		return GraphText{}, fmt.Errorf("graph step: empty question: %w", ErrGraphMismatch)
	}
	var gt GraphText
	err := p.llmExchange(ctx, "graph", GraphSchema(), p.cfg.GraphMaxTokens, GraphInstruction, graphUserPrompt(question),
		func(answer string) error {
			var err error
			gt, err = ParseGraphAnswer(answer, question)
			if err == nil && req.Check != nil {
				if err = req.Check(gt); err != nil && !errors.Is(err, ErrGraphMismatch) {
					err = fmt.Errorf("%w: %w", ErrGraphMismatch, err)
				}
			}
			return err
		})
	if err != nil {
		return GraphText{}, err
	}
	return gt, nil
}

// ChooseTool asks the model to pick one of req.Candidates or NoTool
// (Task-Instruction), with the tool name constrained to an enum of the
// candidates. With no candidates it answers NoTool without a call. Errors
// wrap ErrSyntax, ErrUnknownTool or ErrServer.
func (p *LLMPlanner) ChooseTool(ctx context.Context, req ToolRequest) (ToolChoice, error) {
	if len(req.Candidates) == 0 {
		return ToolChoice{Tool: NoTool, Thought: "no candidate tools"}, nil
	}
	var choice ToolChoice
	err := p.llmExchange(ctx, "tool", ToolSchema(req.Candidates), p.cfg.MaxTokens, ToolInstruction, toolUserPrompt(req),
		func(answer string) error {
			var err error
			choice, err = ParseToolAnswer(answer, req.Candidates)
			return err
		})
	if err != nil {
		return ToolChoice{}, err
	}
	return choice, nil
}

// ExtractParams asks the model for the chosen tool's arguments
// (Parameter-Instruction), constrained by the tool's schema, and validates
// them with ValidateArgs against req.Graph and with req.Check; a rejected
// answer is sent back once with the validation error. A tool without
// parameters gets {} without a call. Errors wrap ErrSyntax, ErrBadParams or
// ErrServer.
func (p *LLMPlanner) ExtractParams(ctx context.Context, req ParamRequest) (json.RawMessage, error) {
	if req.Tool.Name == "" {
		return nil, fmt.Errorf("params step: no tool given: %w", ErrBadParams)
	}
	if len(req.Tool.Params) == 0 {
		args := json.RawMessage(`{}`)
		if req.Check != nil {
			if err := req.Check(args); err != nil {
				return nil, fmt.Errorf("%s: %w: %w", req.Tool.Name, ErrBadParams, err)
			}
		}
		return args, nil
	}
	var args json.RawMessage
	err := p.llmExchange(ctx, "params", ParamSchema(req.Tool), p.cfg.MaxTokens, ParamInstruction, paramUserPrompt(req),
		func(answer string) error {
			var err error
			args, err = ParseParamsAnswer(answer, req.Tool, req.Graph, req.Check)
			return err
		})
	if err != nil {
		return nil, err
	}
	return args, nil
}
