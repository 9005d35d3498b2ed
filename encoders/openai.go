package encoders

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tmc/langchaingo/llms/openai"
)

// ErrEndpoint means the embeddings endpoint failed, after retries.
var ErrEndpoint = errors.New("embeddings endpoint failed")

// OpenAIConfig configures an OpenAI-compatible embeddings client (vLLM,
// llama.cpp server, Ollama's /v1, SGLang). Zero fields take the defaults.
type OpenAIConfig struct {
	// BaseURL is the API root, e.g. http://127.0.0.1:8000/v1.
	BaseURL string
	// Model is the embedding model name the server knows.
	Model string
	// APIKey is sent as a bearer token; local servers usually need none.
	APIKey string
	// BatchSize is how many texts go in one request (default 64).
	BatchSize int
	// MaxAttempts bounds the tries per batch (default 3).
	MaxAttempts int
	// Timeout bounds each request (default 30s).
	Timeout time.Duration
	// Backoff is the wait before the first retry, doubled each time
	// (default 250ms).
	Backoff time.Duration
	// Dim is the expected dimension; 0 learns it from the first answer.
	Dim int
	// HTTPClient replaces the default client.
	HTTPClient *http.Client
}

// OpenAI encodes texts through an OpenAI-compatible POST /embeddings
// endpoint with github.com/tmc/langchaingo. Requests are batched, each
// bounded by a timeout, and failed batches are retried with exponential
// backoff a bounded number of times; client errors (4xx other than 429) are
// not retried. Vectors are checked (count, dimension, finite values) and
// scaled to unit length. Safe for concurrent use.
type OpenAI struct {
	cfg OpenAIConfig
	llm *openai.LLM
	dim atomic.Int64
}

// NewOpenAI returns a client for cfg. It does not contact the server.
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	if cfg.BaseURL == "" {
		return nil, errors.New("openai encoder: no base URL")
	}
	if cfg.Model == "" {
		return nil, errors.New("openai encoder: no model")
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 64
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = 3
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 250 * time.Millisecond
	}
	token := cfg.APIKey
	if token == "" {
		token = "none" // langchaingo insists on a token; local servers ignore it
	}
	// A copy of the caller's client whose transport records each answer's
	// status, so retries can be decided on the code, not the error text.
	hc := &http.Client{}
	if cfg.HTTPClient != nil {
		*hc = *cfg.HTTPClient
	}
	hc.Transport = statusRecorder{base: hc.Transport}
	llm, err := openai.New(
		openai.WithBaseURL(strings.TrimRight(cfg.BaseURL, "/")),
		openai.WithModel(cfg.Model),
		openai.WithEmbeddingModel(cfg.Model),
		openai.WithToken(token),
		openai.WithHTTPClient(hc),
	)
	if err != nil {
		return nil, fmt.Errorf("openai encoder: %w", err)
	}
	o := &OpenAI{cfg: cfg, llm: llm}
	o.dim.Store(int64(cfg.Dim))
	return o, nil
}

// Name is "openai:" and the model name.
func (o *OpenAI) Name() string { return "openai:" + o.cfg.Model }

// Dim is the configured dimension or the one learnt from the first answer;
// 0 before any.
func (o *OpenAI) Dim() int { return int(o.dim.Load()) }

// Encode embeds texts in batches.
func (o *OpenAI) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += o.cfg.BatchSize {
		batch := texts[start:min(start+o.cfg.BatchSize, len(texts))]
		vecs, err := o.batch(ctx, batch)
		if err != nil {
			return nil, fmt.Errorf("openai encoder %s at %s, texts %d-%d: %w", o.cfg.Model, o.cfg.BaseURL, start, start+len(batch)-1, err)
		}
		out = append(out, vecs...)
	}
	return out, nil
}

// statusKey is the context key under which batch passes the *int that
// statusRecorder fills with the HTTP status of the answer.
type statusKey struct{}

// statusRecorder is an http.RoundTripper that stores each response's status
// code in the *int found in the request's context (langchaingo reports the
// status only inside its error text).
type statusRecorder struct{ base http.RoundTripper }

// RoundTrip sends req through the base transport and records the status.
func (s statusRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	base := s.base
	if base == nil {
		base = http.DefaultTransport
	}
	resp, err := base.RoundTrip(req)
	if p, ok := req.Context().Value(statusKey{}).(*int); ok && err == nil {
		*p = resp.StatusCode
	}
	return resp, err
}

// retryable reports whether a failed attempt whose answer had HTTP status
// code (0 when none arrived) is worth repeating: everything but client errors
// (4xx other than 429) is, including transport errors, bad JSON and short
// answers.
func retryable(code int) bool {
	return code == http.StatusTooManyRequests || code < 400 || code >= 500
}

func (o *OpenAI) batch(ctx context.Context, texts []string) ([][]float32, error) {
	// Servers reject empty inputs; embed a space and return a zero vector.
	req := make([]string, len(texts))
	for i, t := range texts {
		if strings.TrimSpace(t) == "" {
			t = " "
		}
		req[i] = t
	}
	var last error
	wait := o.cfg.Backoff
	for attempt := 1; attempt <= o.cfg.MaxAttempts; attempt++ {
		if attempt > 1 {
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, fmt.Errorf("%w (last error: %v)", ctx.Err(), last)
			case <-t.C:
			}
			wait *= 2
		}
		status := 0
		actx, cancel := context.WithTimeout(context.WithValue(ctx, statusKey{}, &status), o.cfg.Timeout)
		vecs, err := o.llm.CreateEmbedding(actx, req)
		timedOut := actx.Err() != nil && ctx.Err() == nil
		cancel()
		if err == nil {
			err = o.check(vecs, len(req))
		}
		if err == nil {
			for i, t := range texts {
				if strings.TrimSpace(t) == "" {
					clear(vecs[i])
				}
			}
			return vecs, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%w (last error: %v)", ctx.Err(), err)
		}
		if timedOut {
			err = fmt.Errorf("no answer within %v: %w", o.cfg.Timeout, err)
		}
		last = err
		if !retryable(status) {
			return nil, fmt.Errorf("%w: %w", ErrEndpoint, err)
		}
	}
	return nil, fmt.Errorf("%w after %d attempts: %w", ErrEndpoint, o.cfg.MaxAttempts, last)
}

// check validates an answer and normalises its vectors in place.
func (o *OpenAI) check(vecs [][]float32, want int) error {
	if len(vecs) != want {
		return fmt.Errorf("%d vectors for %d texts: %w", len(vecs), want, ErrBadVector)
	}
	dim := int(o.dim.Load())
	for i, v := range vecs {
		if len(v) == 0 {
			return fmt.Errorf("vector %d is empty: %w", i, ErrBadVector)
		}
		if dim == 0 {
			dim = len(v)
		}
		if len(v) != dim {
			return fmt.Errorf("vector %d has dimension %d, want %d: %w", i, len(v), dim, ErrBadVector)
		}
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return fmt.Errorf("vector %d holds NaN or infinity: %w", i, ErrBadVector)
			}
		}
		Normalize(v)
	}
	o.dim.CompareAndSwap(0, int64(dim))
	return nil
}
