package llmtest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
)

func post(t *testing.T, client *http.Client, url, body string) (*http.Response, []byte, error) {
	t.Helper()
	resp, err := client.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp, b, err
}

const chatBody = `{"model":"m","messages":[{"role":"system","content":"be brief"},{"role":"user","content":"Is there a cycle?"}],
"max_tokens":64,"temperature":0,"response_format":{"type":"json_schema","json_schema":{"name":"x","strict":true,"schema":{"type":"object"}}}}`

func TestScriptedAnswersAndRecording(t *testing.T) {
	s := New(t)
	s.Enqueue(Reply(`{"tool":"cycle_check"}`), Response{Content: "hi", PromptTokens: 7, CompletionTokens: 2})
	client := &http.Client{}
	defer client.CloseIdleConnections()

	resp, body, err := post(t, client, s.BaseURL()+"/chat/completions", chatBody)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("first call: %v %v", resp, err)
	}
	var out struct {
		Choices []struct {
			Message struct{ Content string } `json:"message"`
		} `json:"choices"`
		Usage struct {
			Prompt     int `json:"prompt_tokens"`
			Completion int `json:"completion_tokens"`
			Total      int `json:"total_tokens"`
		} `json:"usage"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Choices) != 1 || out.Choices[0].Message.Content != `{"tool":"cycle_check"}` {
		t.Fatalf("content = %+v", out.Choices)
	}
	// "be brief" = be(1) brief(2); "Is there a cycle?" = Is(1) there(2) a(1)
	// cycle(2) ?(1); plus 3 + 4 per message: 3 + (4+3) + (4+7) = 21.
	if out.Usage.Prompt != 21 || out.Usage.Total != out.Usage.Prompt+out.Usage.Completion || out.Usage.Completion < 2 {
		t.Fatalf("usage = %+v", out.Usage)
	}
	_, body, _ = post(t, client, s.BaseURL()+"/chat/completions", chatBody)
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatal(err)
	}
	if out.Usage.Prompt != 7 || out.Usage.Completion != 2 {
		t.Fatalf("override usage = %+v", out.Usage)
	}

	reqs := s.Requests()
	if len(reqs) != 2 || s.Calls() != 2 || s.Pending() != 0 {
		t.Fatalf("recorded %d requests", len(reqs))
	}
	r := reqs[0]
	if r.Model != "m" || r.MaxTokens != 64 || r.Temperature == nil || *r.Temperature != 0 {
		t.Fatalf("request fields = %+v", r)
	}
	if r.System() != "be brief" || r.LastUser() != "Is there a cycle?" || len(r.Messages) != 2 {
		t.Fatalf("messages = %+v", r.Messages)
	}
	if string(r.Schema()) != `{"type":"object"}` {
		t.Fatalf("schema = %s", r.Schema())
	}
	// The first completion is estimated as CountTokens + 1, the second is 2.
	if p, c := s.Usage(); p != 21+7 || c != CountTokens(`{"tool":"cycle_check"}`)+1+2 {
		t.Fatalf("server usage = %d, %d", p, c)
	}
}

func TestHandlerAndUnscripted(t *testing.T) {
	s := New(nil)
	defer s.Close()
	s.Handle(func(r Request) Response { return Reply("echo: " + r.LastUser()) })
	client := &http.Client{}
	defer client.CloseIdleConnections()
	_, body, err := post(t, client, s.BaseURL()+"/chat/completions", chatBody)
	if err != nil || !strings.Contains(string(body), "echo: Is there a cycle?") {
		t.Fatalf("handler answer %s %v", body, err)
	}

	s2 := New(nil)
	defer s2.Close()
	resp, _, err := post(t, client, s2.BaseURL()+"/chat/completions", chatBody)
	if err != nil || resp.StatusCode != 500 || s2.Unscripted() != 1 {
		t.Fatalf("unscripted: %v %v %d", resp, err, s2.Unscripted())
	}
}

func TestFaults(t *testing.T) {
	s := New(t)
	client := &http.Client{}
	defer client.CloseIdleConnections()
	url := s.BaseURL() + "/chat/completions"

	for _, code := range []int{500, 503, 429} {
		s.Enqueue(Response{Status: code, Header: http.Header{"Retry-After": {"1"}}})
		resp, body, err := post(t, client, url, chatBody)
		if err != nil || resp.StatusCode != code || !strings.Contains(string(body), `"error"`) || resp.Header.Get("Retry-After") != "1" {
			t.Fatalf("status %d: %v %s %v", code, resp, body, err)
		}
	}

	s.Enqueue(Drop())
	if _, _, err := post(t, client, url, chatBody); err == nil {
		t.Fatal("dropped connection: no error")
	}

	s.Enqueue(Malformed())
	resp, body, err := post(t, client, url, chatBody)
	if err != nil || resp.StatusCode != 200 || json.Valid(body) {
		t.Fatalf("malformed: %v %s %v", resp, body, err)
	}

	s.Enqueue(Truncated("a fairly long answer that will be cut"))
	_, body, err = post(t, client, url, chatBody)
	if !errors.Is(err, io.ErrUnexpectedEOF) || json.Valid(body) {
		t.Fatalf("truncated: %s %v", body, err)
	}

	s.Enqueue(Slow(30*time.Second, Reply("late")))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(chatBody))
	start := time.Now()
	if _, err := client.Do(req); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("slow: %v", err)
	}
	if time.Since(start) > 10*time.Second {
		t.Fatal("slow answer did not honour the client timeout")
	}
	if s.Calls() != 7 {
		t.Fatalf("calls = %d, want 7", s.Calls())
	}
	// Failed answers report no usage.
	if p, c := s.Usage(); p != 0 || c != 0 {
		t.Fatalf("usage after faults = %d, %d", p, c)
	}
}

func TestEmbeddings(t *testing.T) {
	s := New(t)
	s.Enqueue(Response{}, Response{Embeddings: [][]float32{{1, 2}}})
	client := &http.Client{}
	defer client.CloseIdleConnections()
	_, body, err := post(t, client, s.BaseURL()+"/embeddings", `{"model":"e","input":["a b","c"]}`)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Data []struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &out); err != nil || len(out.Data) != 2 || len(out.Data[1].Embedding) != 8 {
		t.Fatalf("embeddings %s %v", body, err)
	}
	if got := s.Requests()[0].Input; len(got) != 2 || got[0] != "a b" {
		t.Fatalf("input = %q", got)
	}
	_, body, _ = post(t, client, s.BaseURL()+"/embeddings", `{"model":"e","input":"x"}`)
	if !strings.Contains(string(body), `"embedding":[1,2]`) {
		t.Fatalf("scripted embedding: %s", body)
	}
}

func TestCloseEndsSlowHandlersWithoutLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	s := New(nil)
	s.Enqueue(Slow(time.Minute, Reply("never")))
	client := &http.Client{}
	done := make(chan error, 1)
	go func() {
		_, _, err := post(t, client, s.BaseURL()+"/chat/completions", chatBody)
		done <- err
	}()
	for s.Calls() == 0 {
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	s.Close()
	if time.Since(start) > 5*time.Second {
		t.Fatal("Close waited for the slow answer")
	}
	if err := <-done; err == nil {
		t.Fatal("client got an answer from a closed server")
	}
	client.CloseIdleConnections()
	s.Close() // idempotent
	waitGoroutines(t, before)
}

// waitGoroutines fails unless the goroutine count settles back to at most
// want within a second.
func waitGoroutines(t *testing.T, want int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= want {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, want <= %d:\n%s", n, want, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestCountTokens(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"hello", 2},         // 5 letters: 1 + (5-1)/4
		{"a b c", 3},         // three words
		{`{"a":1}`, 7},       // { " a " : 1 } -> 5 punctuation + 2 words
		{"shortest_path", 4}, // 13 chars: 1 + 12/4
	} {
		if got := CountTokens(c.s); got != c.want {
			t.Errorf("CountTokens(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}
