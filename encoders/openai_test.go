package encoders

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// embedServer is an in-process OpenAI-compatible POST /v1/embeddings whose
// answer to the n-th request (from 1) is chosen by the test.
type embedServer struct {
	*httptest.Server
	calls  atomic.Int32
	inputs atomic.Int32 // texts received
}

func newEmbedServer(t *testing.T, answer func(n int, w http.ResponseWriter, inputs []string)) *embedServer {
	t.Helper()
	s := &embedServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		n := int(s.calls.Add(1))
		s.inputs.Add(int32(len(req.Input)))
		answer(n, w, req.Input)
	}))
	t.Cleanup(s.Close)
	return s
}

// writeEmbeddings answers with vector (len(text), 1, 0, ...) of dimension
// dim for each input: easy to check after normalisation.
func writeEmbeddings(w http.ResponseWriter, inputs []string, dim int) {
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	}
	data := make([]item, len(inputs))
	for i, in := range inputs {
		v := make([]float32, dim)
		if dim >= 2 {
			v[0] = float32(len(in))
			v[1] = 1
		}
		data[i] = item{"embedding", i, v}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": "m"})
}

func fastConfig(url string) OpenAIConfig {
	return OpenAIConfig{BaseURL: url + "/v1", Model: "test-embed", Timeout: 300 * time.Millisecond, Backoff: 10 * time.Millisecond, MaxAttempts: 3, BatchSize: 4}
}

func TestOpenAIEncodeBatchesAndNormalises(t *testing.T) {
	srv := newEmbedServer(t, func(n int, w http.ResponseWriter, in []string) { writeEmbeddings(w, in, 8) })
	enc, err := NewOpenAI(fastConfig(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	if enc.Dim() != 0 {
		t.Errorf("Dim before any call = %d, want 0", enc.Dim())
	}
	texts := []string{"a", "bbb", "cc", "dddd", "eeeee", "f", "", "gg", "hhh", "i"}
	vecs, err := enc.Encode(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if got := srv.calls.Load(); got != 3 {
		t.Errorf("%d requests for 10 texts in batches of 4, want 3", got)
	}
	if len(vecs) != len(texts) {
		t.Fatalf("%d vectors for %d texts", len(vecs), len(texts))
	}
	for i, v := range vecs {
		if texts[i] == "" {
			if !isZeroVec(v) {
				t.Errorf("empty text got %v, want the zero vector", v)
			}
			continue
		}
		l := float64(len(texts[i]))
		want0 := float32(l / math.Sqrt(l*l+1))
		if math.Abs(float64(v[0]-want0)) > 1e-6 || math.Abs(norm(v)-1) > 1e-6 {
			t.Errorf("text %q: v[0]=%v norm %v, want %v and 1", texts[i], v[0], norm(v), want0)
		}
	}
	if enc.Dim() != 8 {
		t.Errorf("Dim after a call = %d, want 8", enc.Dim())
	}
}

func isZeroVec(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

func norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

func TestOpenAIRetriesThenSucceeds(t *testing.T) {
	srv := newEmbedServer(t, func(n int, w http.ResponseWriter, in []string) {
		if n < 3 {
			http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusInternalServerError)
			return
		}
		writeEmbeddings(w, in, 4)
	})
	enc, _ := NewOpenAI(fastConfig(srv.URL))
	if _, err := enc.Encode(context.Background(), []string{"x"}); err != nil {
		t.Fatalf("two 500s then success: %v", err)
	}
	if srv.calls.Load() != 3 {
		t.Errorf("%d calls, want 3", srv.calls.Load())
	}
}

// TestOpenAIFaults: every fault ends in a clear error wrapping ErrEndpoint
// after the bounded attempts, in bounded time.
func TestOpenAIFaults(t *testing.T) {
	cases := []struct {
		name     string
		answer   func(n int, w http.ResponseWriter, in []string)
		attempts int32
		wantText string
	}{
		{"500", func(n int, w http.ResponseWriter, in []string) {
			http.Error(w, `{"error":{"message":"boom"}}`, http.StatusInternalServerError)
		}, 3, "500"},
		{"slow", func(n int, w http.ResponseWriter, in []string) {
			time.Sleep(2 * time.Second)
			writeEmbeddings(w, in, 4)
		}, 3, "no answer within"},
		{"dropped connection", func(n int, w http.ResponseWriter, in []string) {
			hj, ok := w.(http.Hijacker)
			if !ok {
				panic("no hijacker")
			}
			c, _, _ := hj.Hijack()
			c.Close()
		}, 3, "failed to reach"},
		{"malformed JSON", func(n int, w http.ResponseWriter, in []string) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"data": [{"embedding": [1, 2,`))
		}, 3, "decode"},
		{"wrong count", func(n int, w http.ResponseWriter, in []string) {
			writeEmbeddings(w, append(in, "extra"), 4)
		}, 3, "unexpected length"},
		{"empty vectors", func(n int, w http.ResponseWriter, in []string) {
			writeEmbeddings(w, in, 0)
		}, 3, ""},
		{"400 is not retried", func(n int, w http.ResponseWriter, in []string) {
			http.Error(w, `{"error":{"message":"no such model"}}`, http.StatusBadRequest)
		}, 1, "400"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := newEmbedServer(t, c.answer)
			cfg := fastConfig(srv.URL)
			enc, _ := NewOpenAI(cfg)
			start := time.Now()
			_, err := enc.Encode(context.Background(), []string{"hello", "world"})
			el := time.Since(start)
			if !errors.Is(err, ErrEndpoint) {
				t.Fatalf("err = %v, want ErrEndpoint", err)
			}
			if c.wantText != "" && !strings.Contains(err.Error(), c.wantText) {
				t.Errorf("err = %v, want it to mention %q", err, c.wantText)
			}
			if !strings.Contains(err.Error(), "test-embed") || !strings.Contains(err.Error(), srv.URL) {
				t.Errorf("err = %v, want the model and URL named", err)
			}
			if got := srv.calls.Load(); got != c.attempts {
				t.Errorf("%d attempts, want %d", got, c.attempts)
			}
			// Attempts x timeout plus backoff (10+20ms), generously.
			bound := time.Duration(cfg.MaxAttempts)*cfg.Timeout + time.Second
			if el > bound {
				t.Errorf("took %v, want under %v", el, bound)
			}
		})
	}
}

func TestOpenAIUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there now
	enc, _ := NewOpenAI(fastConfig(url))
	start := time.Now()
	_, err := enc.Encode(context.Background(), []string{"x"})
	if !errors.Is(err, ErrEndpoint) {
		t.Fatalf("err = %v, want ErrEndpoint", err)
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Errorf("took %v", el)
	}
}

func TestOpenAIContextDeadline(t *testing.T) {
	srv := newEmbedServer(t, func(n int, w http.ResponseWriter, in []string) {
		time.Sleep(time.Second)
		writeEmbeddings(w, in, 4)
	})
	cfg := fastConfig(srv.URL)
	cfg.Timeout = 10 * time.Second
	enc, _ := NewOpenAI(cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := enc.Encode(ctx, []string{"x"})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want DeadlineExceeded", err)
	}
	if el := time.Since(start); el > 900*time.Millisecond {
		t.Errorf("took %v after a 100ms deadline", el)
	}
}

func TestOpenAIConfigErrors(t *testing.T) {
	if _, err := NewOpenAI(OpenAIConfig{Model: "m"}); err == nil {
		t.Error("missing base URL accepted")
	}
	if _, err := NewOpenAI(OpenAIConfig{BaseURL: "http://x/v1"}); err == nil {
		t.Error("missing model accepted")
	}
}

// TestOpenAIRetriesByStatus: 429 is retried until it succeeds, 404 is not
// retried at all, and a caller's HTTP client is used without being modified.
func TestOpenAIRetriesByStatus(t *testing.T) {
	cases := []struct {
		status   int
		wantErr  bool
		attempts int32
	}{
		{http.StatusTooManyRequests, false, 3},
		{http.StatusNotFound, true, 1},
	}
	for _, c := range cases {
		t.Run(http.StatusText(c.status), func(t *testing.T) {
			srv := newEmbedServer(t, func(n int, w http.ResponseWriter, in []string) {
				if n < 3 {
					http.Error(w, `{"error":{"message":"not now"}}`, c.status)
					return
				}
				writeEmbeddings(w, in, 4)
			})
			tr := &http.Transport{}
			t.Cleanup(tr.CloseIdleConnections)
			hc := &http.Client{Transport: tr}
			cfg := fastConfig(srv.URL)
			cfg.HTTPClient = hc
			enc, err := NewOpenAI(cfg)
			if err != nil {
				t.Fatal(err)
			}
			_, err = enc.Encode(context.Background(), []string{"x"})
			if (err != nil) != c.wantErr {
				t.Fatalf("err = %v, want error %v", err, c.wantErr)
			}
			if c.wantErr && !errors.Is(err, ErrEndpoint) {
				t.Errorf("err = %v, want ErrEndpoint", err)
			}
			if got := srv.calls.Load(); got != c.attempts {
				t.Errorf("%d attempts, want %d", got, c.attempts)
			}
			if hc.Transport != tr {
				t.Errorf("the caller's client had its transport replaced")
			}
		})
	}
}
