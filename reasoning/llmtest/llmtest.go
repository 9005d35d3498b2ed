// Package llmtest is an in-process OpenAI-compatible server for tests. It
// answers POST /v1/chat/completions and POST /v1/embeddings with responses
// scripted per test (a queue, or a function of the request), records every
// request for assertions, reports realistic token usage, and injects faults
// per call: slow answers, HTTP errors, dropped connections, malformed and
// truncated bodies. Close waits for every handler, so tests leak no
// goroutines.
package llmtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Message is one chat message of a recorded request.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is one recorded request.
type Request struct {
	// Path is the URL path ("/v1/chat/completions" or "/v1/embeddings").
	Path string
	// Body is the raw request body.
	Body []byte
	// Header holds the request headers.
	Header http.Header
	// Model is the requested model.
	Model string
	// Messages are the chat messages, in order.
	Messages []Message
	// ResponseFormat is the raw response_format field, nil when absent.
	ResponseFormat json.RawMessage
	// GuidedJSON is the raw guided_json field (vLLM), nil when absent.
	GuidedJSON json.RawMessage
	// MaxTokens is max_tokens, 0 when absent.
	MaxTokens int
	// MaxCompletionTokens is max_completion_tokens, 0 when absent.
	MaxCompletionTokens int
	// Temperature is the temperature, nil when absent.
	Temperature *float64
	// Input is the embeddings input.
	Input []string
	// DecodeError is set when the body was not a valid request.
	DecodeError error
}

// Schema returns the JSON schema the request constrains the answer with:
// response_format.json_schema.schema, else guided_json, else nil.
func (r Request) Schema() json.RawMessage {
	if len(r.ResponseFormat) > 0 {
		var rf struct {
			JSONSchema struct {
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		}
		if json.Unmarshal(r.ResponseFormat, &rf) == nil && len(rf.JSONSchema.Schema) > 0 && string(rf.JSONSchema.Schema) != "null" {
			return rf.JSONSchema.Schema
		}
	}
	if len(r.GuidedJSON) > 0 {
		return r.GuidedJSON
	}
	return nil
}

// LastUser returns the content of the last user message.
func (r Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].Content
		}
	}
	return ""
}

// System returns the content of the first system message.
func (r Request) System() string {
	for _, m := range r.Messages {
		if m.Role == "system" {
			return m.Content
		}
	}
	return ""
}

// Response scripts one answer, or one fault.
type Response struct {
	// Content is the assistant message content.
	Content string
	// Embeddings answer an embeddings request; when nil, a deterministic
	// vector per input is made up.
	Embeddings [][]float32
	// Status is the HTTP status; 0 means 200. A non-200 status sends an
	// OpenAI-style error body.
	Status int
	// Header is added to the response (for example Retry-After).
	Header http.Header
	// Delay is waited before answering; the wait ends early when the client
	// goes away or the server closes.
	Delay time.Duration
	// Drop closes the connection without answering.
	Drop bool
	// Malformed sends a 200 whose body is not JSON.
	Malformed bool
	// Truncate sends only the first half of a valid body, then closes.
	Truncate bool
	// PromptTokens and CompletionTokens override the estimated usage.
	PromptTokens, CompletionTokens int
	// FinishReason defaults to "stop".
	FinishReason string
}

// Reply is a normal answer with content.
func Reply(content string) Response { return Response{Content: content} }

// Status is an HTTP error answer.
func Status(code int) Response { return Response{Status: code} }

// Drop closes the connection without answering.
func Drop() Response { return Response{Drop: true} }

// Slow answers r after waiting d.
func Slow(d time.Duration, r Response) Response { r.Delay = d; return r }

// Hang never answers: the request waits until the client gives up (its
// deadline or a cancelled context) or the server is closed, as a hung LLM
// server does.
func Hang() Response { return Response{Delay: 1<<63 - 1} }

// Malformed answers 200 with a body that is not JSON.
func Malformed() Response { return Response{Malformed: true} }

// Truncated answers content in a body cut in half.
func Truncated(content string) Response { return Response{Content: content, Truncate: true} }

// Server is a scripted OpenAI-compatible server. Use URL + "/v1" as the base
// URL of an OpenAI client.
type Server struct {
	// URL is the server's root URL (http://127.0.0.1:PORT).
	URL string

	srv     *httptest.Server
	tb      testing.TB
	closing chan struct{}
	once    sync.Once

	mu         sync.Mutex
	queue      []Response
	handler    func(Request) Response
	requests   []Request
	unscripted int
	prompt     int
	completion int
	seq        int
}

// New starts a server. When tb is not nil the server is closed at the end of
// the test and a request with no scripted answer is reported as a test error.
func New(tb testing.TB) *Server {
	s := &Server{tb: tb, closing: make(chan struct{})}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	if tb != nil {
		tb.Cleanup(s.Close)
	}
	return s
}

// BaseURL is the OpenAI base URL, URL + "/v1".
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Enqueue appends scripted answers; each request takes the next one.
func (s *Server) Enqueue(rs ...Response) {
	s.mu.Lock()
	s.queue = append(s.queue, rs...)
	s.mu.Unlock()
}

// Handle answers every request whose queue is empty with f.
func (s *Server) Handle(f func(Request) Response) {
	s.mu.Lock()
	s.handler = f
	s.mu.Unlock()
}

// Requests returns a copy of the recorded requests in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Calls is the number of requests received.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// Pending is the number of scripted answers not yet used.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

// Unscripted is the number of requests that found no scripted answer.
func (s *Server) Unscripted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unscripted
}

// Usage returns the prompt and completion tokens reported in successful
// (200, complete body) chat answers.
func (s *Server) Usage() (prompt, completion int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.prompt, s.completion
}

// Close stops the server, ends pending delays and waits for every handler
// and connection to finish. It is safe to call more than once.
func (s *Server) Close() {
	s.once.Do(func() {
		close(s.closing)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	req := Request{Path: r.URL.Path, Body: body, Header: r.Header.Clone()}
	if err == nil {
		err = decodeRequest(body, &req)
	}
	req.DecodeError = err

	s.mu.Lock()
	s.requests = append(s.requests, req)
	s.seq++
	seq := s.seq
	var resp Response
	scripted := true
	switch {
	case len(s.queue) > 0:
		resp = s.queue[0]
		s.queue = s.queue[1:]
	case s.handler != nil:
		resp = s.handler(req)
	default:
		scripted = false
		s.unscripted++
	}
	s.mu.Unlock()

	if !scripted {
		if s.tb != nil {
			s.tb.Errorf("llmtest: request %d to %s has no scripted answer", seq, req.Path)
		}
		writeError(w, http.StatusInternalServerError, "llmtest: no scripted answer")
		return
	}
	if r.Method != http.MethodPost {
		writeError(w, http.StatusMethodNotAllowed, "POST only")
		return
	}
	if resp.Delay > 0 {
		t := time.NewTimer(resp.Delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		case <-s.closing:
			t.Stop()
			// Cut the connection: a closed server must not answer 200.
			panic(http.ErrAbortHandler)
		}
	}
	for k, vs := range resp.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	switch {
	case resp.Drop:
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		// Cannot hijack (HTTP/2): abort the handler, which resets the stream.
		panic(http.ErrAbortHandler)
	case resp.Status != 0 && resp.Status != http.StatusOK:
		writeError(w, resp.Status, http.StatusText(resp.Status))
		return
	case resp.Malformed:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{"id": "chatcmpl-llmtest", "choices": [ {"message": oops this is not json`)
		return
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, "llmtest: bad request body: "+err.Error())
		return
	}

	var out []byte
	var prompt, completion int
	switch req.Path {
	case "/v1/chat/completions", "/chat/completions":
		prompt, completion = resp.PromptTokens, resp.CompletionTokens
		if prompt == 0 {
			prompt = PromptTokens(req.Messages)
		}
		if completion == 0 {
			completion = CountTokens(resp.Content) + 1
		}
		fr := resp.FinishReason
		if fr == "" {
			fr = "stop"
		}
		out, _ = json.Marshal(map[string]any{
			"id":      fmt.Sprintf("chatcmpl-llmtest-%d", seq),
			"object":  "chat.completion",
			"created": 1700000000 + seq,
			"model":   req.Model,
			"choices": []any{map[string]any{
				"index":         0,
				"message":       map[string]any{"role": "assistant", "content": resp.Content},
				"finish_reason": fr,
			}},
			"usage": map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
		})
	case "/v1/embeddings", "/embeddings":
		vecs := resp.Embeddings
		if vecs == nil {
			vecs = make([][]float32, len(req.Input))
			for i, in := range req.Input {
				vecs[i] = FakeEmbedding(in, 8)
			}
		}
		data := make([]any, len(vecs))
		for i, v := range vecs {
			data[i] = map[string]any{"object": "embedding", "index": i, "embedding": v}
		}
		for _, in := range req.Input {
			prompt += CountTokens(in)
		}
		out, _ = json.Marshal(map[string]any{
			"object": "list", "model": req.Model, "data": data,
			"usage": map[string]any{"prompt_tokens": prompt, "total_tokens": prompt},
		})
	default:
		writeError(w, http.StatusNotFound, "llmtest: no such endpoint "+req.Path)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if resp.Truncate {
		w.Header().Set("Content-Length", strconv.Itoa(len(out)))
		w.WriteHeader(http.StatusOK)
		w.Write(out[:len(out)/2])
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		// Returning short of Content-Length makes the server close the
		// connection; the client reads an unexpected EOF.
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write(out)
	if req.Path == "/v1/chat/completions" || req.Path == "/chat/completions" {
		s.mu.Lock()
		s.prompt += prompt
		s.completion += completion
		s.mu.Unlock()
	}
}

func decodeRequest(body []byte, req *Request) error {
	var raw struct {
		Model               string          `json:"model"`
		Messages            json.RawMessage `json:"messages"`
		ResponseFormat      json.RawMessage `json:"response_format"`
		GuidedJSON          json.RawMessage `json:"guided_json"`
		MaxTokens           int             `json:"max_tokens"`
		MaxCompletionTokens int             `json:"max_completion_tokens"`
		Temperature         *float64        `json:"temperature"`
		Input               json.RawMessage `json:"input"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return fmt.Errorf("request body: %w", err)
	}
	req.Model = raw.Model
	req.ResponseFormat = nullToNil(raw.ResponseFormat)
	req.GuidedJSON = nullToNil(raw.GuidedJSON)
	req.MaxTokens = raw.MaxTokens
	req.MaxCompletionTokens = raw.MaxCompletionTokens
	req.Temperature = raw.Temperature
	if len(raw.Messages) > 0 {
		var msgs []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		}
		if err := json.Unmarshal(raw.Messages, &msgs); err != nil {
			return fmt.Errorf("messages: %w", err)
		}
		for _, m := range msgs {
			req.Messages = append(req.Messages, Message{Role: m.Role, Content: contentText(m.Content)})
		}
	}
	if len(raw.Input) > 0 {
		var one string
		if json.Unmarshal(raw.Input, &one) == nil {
			req.Input = []string{one}
		} else if err := json.Unmarshal(raw.Input, &req.Input); err != nil {
			return fmt.Errorf("input: %w", err)
		}
	}
	return nil
}

func nullToNil(b json.RawMessage) json.RawMessage {
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	return b
}

// contentText reads a message content that is a string or an array of parts.
func contentText(b json.RawMessage) string {
	var s string
	if json.Unmarshal(b, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(b, &parts) == nil {
		var sb strings.Builder
		for _, p := range parts {
			sb.WriteString(p.Text)
		}
		return sb.String()
	}
	return string(b)
}

func writeError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	b, _ := json.Marshal(map[string]any{"error": map[string]any{"message": msg, "type": "llmtest_error", "code": code}})
	w.Write(b)
}

// CountTokens estimates the tokens of s the way BPE tokenizers roughly do:
// one per word or punctuation mark, plus one per four letters beyond the
// first four of a long word. It is deterministic.
func CountTokens(s string) int {
	n := 0
	word := 0
	flush := func() {
		if word > 0 {
			n += 1 + (word-1)/4
			word = 0
		}
	}
	for _, r := range s {
		switch {
		case r == ' ' || r == '\n' || r == '\t' || r == '\r':
			flush()
		case r < 128 && !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_'):
			flush()
			n++
		default:
			word++
		}
	}
	flush()
	return n
}

// PromptTokens estimates a chat prompt's tokens: each message's content plus
// four tokens of role and framing, plus three to prime the answer.
func PromptTokens(msgs []Message) int {
	n := 3
	for _, m := range msgs {
		n += 4 + CountTokens(m.Content)
	}
	return n
}

// FakeEmbedding is a deterministic, unnormalised vector of dim dimensions derived
// from s (FNV-1a hashes of its bytes), for embeddings tests.
func FakeEmbedding(s string, dim int) []float32 {
	v := make([]float32, dim)
	var h uint32 = 2166136261
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
		v[h%uint32(dim)]++
	}
	return v
}

// JSON marshals v for scripting answers; it panics on values that cannot be
// marshalled, which is a bug in the test.
func JSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("llmtest.JSON: %v", err))
	}
	return strings.TrimSpace(buf.String())
}
