// Package httpapi serves an agent over HTTP: an OpenAI-compatible chat
// completions API (streaming the steps of each answer as server-sent
// events), the model list, health and Prometheus metrics, and a small web
// chat page. New returns an http.Handler that can be mounted in any
// ServeMux; graphagent serve runs it.
//
// Each chat request is one turn of a conversation. Stateless clients send
// the whole conversation and its earlier user messages are asked again in a
// fresh session first, so that graphs named or written earlier stay usable;
// a client that sends a session header (SessionHeader) keeps a server-side
// session instead, held with a TTL and a cap.
package httpapi

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/memory"
)

// SessionHeader names a server-side session; the response echoes it.
const SessionHeader = "X-Session-Id"

// ConfirmHeader, set to "true", asks for the plan of tool calls before
// anything runs, as the request field graphagent.confirm_plan does.
const ConfirmHeader = "X-Graphagent-Confirm-Plan"

// DefaultModel is the model id the API serves.
const DefaultModel = "graphagent"

// Options configure a Handler. Zero fields take the defaults.
type Options struct {
	// Agent answers the questions (required).
	Agent *agent.Agent
	// Model is the model id clients must name (default "graphagent").
	Model string
	// Token, when set, is the bearer token every request but GET /healthz
	// and the web page itself must present.
	Token string
	// MaxBodyBytes bounds a request body (default 4 MiB).
	MaxBodyBytes int64
	// MaxQuestionBytes bounds the last user message (default 1 MiB).
	MaxQuestionBytes int
	// MaxMessages bounds the messages of one request (default 200).
	MaxMessages int
	// Timeout bounds one chat request, replaying earlier turns included
	// (default 60 s).
	Timeout time.Duration
	// MaxConcurrent is the most chat requests answered at once (default
	// 64); QueueWait is how long a request waits for a slot before it is
	// refused with 429 (default 10 s).
	MaxConcurrent int
	QueueWait     time.Duration
	// SessionTTL drops a server-side session unused that long (default 30
	// min); MaxSessions is the most held at once, the least recently used
	// dropped first (default 1,000).
	SessionTTL  time.Duration
	MaxSessions int
	// Sessions, when set, is the Redis that holds the server-side
	// sessions (redis://HOST:PORT/DB), so that replicas share them;
	// empty keeps them in this process. The TTL and the cap apply there
	// too; a request that needs the store when it does not answer gets
	// 503.
	Sessions string
	// Learn writes every answer an exact tool gave back to the agent's
	// long-term memory as a solved example before the answer is sent (as
	// ask --learn does), so that replicas sharing a memory database learn
	// from each other; when the memory store is down such requests get
	// 503 and may be retried.
	Learn bool
	// Working bounds each session's working memory.
	Working memory.WorkingLimits
	// SessionMemory bounds the estimated bytes of the graphs that all
	// server-side sessions hold together (default 1 GiB,
	// memory.GraphBytes): past it the least recently used graphs, of any
	// session, are dropped, and a follow-up about a dropped graph is told
	// so. Working.Budget, when set, is used instead.
	SessionMemory int64
	// Steps is how a streamed answer's steps are sent: StepsField (the
	// default), StepsReasoning or StepsContent; a request may choose
	// another with "graphagent": {"steps": ...}.
	Steps string
	// HideFolders are folders (the data folders, say) whose absolute
	// paths are never sent to clients: error messages and traces show
	// "<data>" ("<data 2>"... for several) instead.
	HideFolders []string
	// Logger receives request errors (default slog.Default()).
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.Model == "" {
		o.Model = DefaultModel
	}
	if o.Steps == "" {
		o.Steps = StepsField
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = 4 << 20
	}
	if o.MaxQuestionBytes <= 0 {
		o.MaxQuestionBytes = 1 << 20
	}
	if o.MaxMessages <= 0 {
		o.MaxMessages = 200
	}
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 64
	}
	if o.QueueWait <= 0 {
		o.QueueWait = 10 * time.Second
	}
	if o.SessionTTL <= 0 {
		o.SessionTTL = 30 * time.Minute
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = 1000
	}
	if o.SessionMemory <= 0 {
		o.SessionMemory = 1 << 30
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Handler is the HTTP API. It is safe for concurrent use.
type Handler struct {
	opt      Options
	a        *agent.Agent
	mux      *http.ServeMux
	slots    chan struct{}
	sessions sessionBackend
	held     memory.WorkingLimits // of every session, stateless ones too
	metrics  *metrics
	ids      atomic.Uint64
	hide     *textutil.FolderHider // nil when no folder is hidden
}

// New builds the handler.
func New(opt Options) (*Handler, error) {
	if opt.Agent == nil {
		return nil, errors.New("httpapi: Options.Agent is required")
	}
	if err := checkSteps(opt.Steps); err != nil {
		return nil, fmt.Errorf("httpapi: %w", err)
	}
	opt = opt.withDefaults()
	h := &Handler{opt: opt, a: opt.Agent, mux: http.NewServeMux(), slots: make(chan struct{}, opt.MaxConcurrent), metrics: newMetrics()}
	held := opt.Working
	if held.Budget == nil {
		held.Budget = memory.NewBudget(opt.SessionMemory)
	}
	h.held = held
	if opt.Sessions != "" {
		rs, err := newRedisSessions(opt.Sessions, opt.Agent, held, opt.SessionTTL, opt.MaxSessions)
		if err != nil {
			return nil, fmt.Errorf("httpapi: %w", err)
		}
		h.sessions = rs
	} else {
		h.sessions = newSessionStore(opt.Agent, held, opt.SessionTTL, opt.MaxSessions)
	}
	h.hide = textutil.NewFolderHider(opt.HideFolders)
	h.handle("/v1/chat/completions", "chat", true, h.chatCompletions)
	h.handle("GET /v1/models", "models", true, h.models)
	h.handle("GET /v1/models/{id}", "model", true, h.model)
	h.handle("GET /healthz", "healthz", false, h.healthz)
	h.handle("GET /metrics", "metrics", true, h.serveMetrics)
	h.handle("GET /{$}", "page", false, servePage)
	h.handle("GET /static/{file}", "static", false, serveStatic)
	h.handle("GET /favicon.ico", "static", false, serveFavicon)
	h.handle("/", "other", false, func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &apiError{status: http.StatusNotFound, Message: fmt.Sprintf("no route %s %s", r.Method, r.URL.Path), Type: "invalid_request_error", Code: "not_found"})
	})
	return h, nil
}

// Check reports whether every store the handler uses answers.
func (h *Handler) Check(ctx context.Context) error {
	for _, b := range h.backends(ctx) {
		if !b.Up {
			return fmt.Errorf("%s store (%s): %s", b.Role, b.Kind, b.Error)
		}
	}
	return nil
}

// Close releases the session store's connections.
func (h *Handler) Close() error { return h.sessions.close() }

// ServeHTTP serves the API.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// handle registers f at pattern, counted in the metrics as route, behind
// the bearer token when auth is set.
func (h *Handler) handle(pattern, route string, auth bool, f http.HandlerFunc) {
	h.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		h.metrics.begin()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK, hide: h.hide}
		defer func() { h.metrics.end(route, sw.status, time.Since(start)) }()
		if auth && !h.authorized(r) {
			h.fail(sw, &apiError{status: http.StatusUnauthorized, Message: "missing or wrong bearer token (Authorization: Bearer TOKEN)", Type: "invalid_request_error", Code: "invalid_api_key"})
			return
		}
		f(sw, r)
	})
}

// authorized checks the bearer token in constant time. The scheme is
// case-insensitive (RFC 9110 section 11.1): "bearer TOKEN" is accepted.
func (h *Handler) authorized(r *http.Request) bool {
	if h.opt.Token == "" {
		return true
	}
	scheme, got, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	return ok && strings.EqualFold(scheme, "Bearer") &&
		subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(h.opt.Token)) == 1
}

// fail answers an error and counts it.
func (h *Handler) fail(w http.ResponseWriter, e *apiError) {
	h.metrics.errorCode(e.Code)
	writeError(w, e)
}

// acquire takes a slot for a chat request, waiting at most QueueWait.
func (h *Handler) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(h.opt.QueueWait)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-t.C:
		return &apiError{status: http.StatusTooManyRequests, Message: fmt.Sprintf("the server is answering %d requests already; retry later", h.opt.MaxConcurrent), Type: "rate_limit_error", Code: "rate_limit_exceeded"}
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Handler) release() { <-h.slots }

// backends asks each store whether it answers, within a second.
func (h *Handler) backends(ctx context.Context) []backendStatus {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	bs := backendStatus{Role: "sessions", Kind: h.sessions.kind(), Up: true}
	if err := h.sessions.check(ctx); err != nil {
		bs.Up, bs.Error = false, err.Error()
	}
	out := []backendStatus{bs}
	if m := h.a.OpenedMemory(); m != nil {
		ms := backendStatus{Role: "memory", Kind: m.Backend(), Up: true}
		if err := m.Ping(ctx); err != nil {
			ms.Up, ms.Error = false, err.Error()
		}
		out = append(out, ms)
	}
	return out
}

// healthz answers 200 when every store answers, else 503 with the stores'
// states (requests that need no store are still answered).
func (h *Handler) healthz(w http.ResponseWriter, r *http.Request) {
	backends := h.backends(r.Context())
	status, code := "ok", http.StatusOK
	for _, b := range backends {
		if !b.Up {
			status, code = "degraded", http.StatusServiceUnavailable
		}
	}
	writeJSON(w, code, map[string]any{"status": status, "backend": h.a.Planner().Name(), "tools": h.a.Registry().Len(), "stores": backends})
}

func (h *Handler) serveMetrics(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	backends := h.backends(r.Context())
	sessions := -1
	if backends[0].Up {
		ctx, cancel := context.WithTimeout(r.Context(), time.Second)
		if n, err := h.sessions.count(ctx); err == nil {
			sessions = n
		}
		cancel()
	}
	if err := h.metrics.write(w, sessions, backends); err != nil {
		h.opt.Logger.Debug("writing metrics", "err", err)
	}
}

// modelInfo is one entry of GET /v1/models; Backend (an extension) names
// the planner behind the model.
type modelInfo struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	OwnedBy string `json:"owned_by"`
	Backend string `json:"backend"`
}

func (h *Handler) modelInfo() modelInfo {
	return modelInfo{ID: h.opt.Model, Object: "model", Created: h.metrics.started.Unix(), OwnedBy: "graphagent", Backend: h.a.Planner().Name()}
}

func (h *Handler) models(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": []modelInfo{h.modelInfo()}})
}

func (h *Handler) model(w http.ResponseWriter, r *http.Request) {
	if id := r.PathValue("id"); id != h.opt.Model {
		h.fail(w, unknownModel(id, h.opt.Model))
		return
	}
	writeJSON(w, http.StatusOK, h.modelInfo())
}

func unknownModel(id, served string) *apiError {
	return &apiError{status: http.StatusNotFound, Message: fmt.Sprintf("the model %q does not exist; this server serves %q", id, served), Type: "invalid_request_error", Code: "model_not_found", Param: ptr("model")}
}

func ptr(s string) *string { return &s }

// statusWriter records the status code for the metrics and hides the
// hidden folders in what is written (every response is written whole, a
// JSON document or an SSE event per Write, so a path is never split);
// Unwrap lets http.ResponseController reach Flush.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
	hide   *textutil.FolderHider
}

func (s *statusWriter) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	s.wrote = true
	if s.hide == nil {
		return s.ResponseWriter.Write(b)
	}
	if _, err := s.ResponseWriter.Write([]byte(s.hide.Replace(string(b)))); err != nil {
		return 0, err
	}
	return len(b), nil
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
