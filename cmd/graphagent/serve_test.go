package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lineWatcher is an io.Writer that sends the first listening address it
// sees on addr.
type lineWatcher struct {
	mu   sync.Mutex
	buf  strings.Builder
	addr chan string
	sent bool
}

var listening = regexp.MustCompile(`listening on http://(\S+)`)

func (w *lineWatcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if m := listening.FindStringSubmatch(w.buf.String()); m != nil && !w.sent {
		w.sent = true
		w.addr <- m[1]
	}
	return len(p), nil
}

// TestServeCommand: graphagent serve answers a chat completion on the
// address it prints, and exits 0 when its context ends (as on SIGTERM).
func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &lineWatcher{addr: make(chan string, 1)}
	code := make(chan int, 1)
	go func() {
		code <- run(ctx, []string{"graphagent", "--data", dataDir(t), "serve", "--addr", "127.0.0.1:0", "--token", "tok"}, strings.NewReader(""), io.Discard, stderr)
	}()
	var addr string
	select {
	case addr = <-stderr.addr:
	case c := <-code:
		t.Fatalf("serve exited %d: %s", c, stderr.buf.String())
	case <-time.After(60 * time.Second):
		t.Fatal("serve did not start within a minute")
	}
	req, _ := http.NewRequest("POST", "http://"+addr+"/v1/chat/completions", strings.NewReader(`{"model": "graphagent", "messages": [{"role": "user", "content": "What is the diameter of karate/edges.tsv?"}]}`))
	req.Header.Set("Authorization", "Bearer tok")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), `"tool":"diameter"`) {
		t.Errorf("%d %s", resp.StatusCode, b)
	}
	// A refused path: 403, without the data folder's absolute path.
	req, _ = http.NewRequest("POST", "http://"+addr+"/v1/chat/completions", strings.NewReader(`{"model": "graphagent", "messages": [{"role": "user", "content": "What is the diameter of ../go.mod?"}]}`))
	req.Header.Set("Authorization", "Bearer tok")
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 403 || strings.Contains(string(b), dataDir(t)) || !strings.Contains(string(b), "<data>") {
		t.Errorf("refused path: %d %s", resp.StatusCode, b)
	}
	cancel()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("serve exited %d after its context ended: %s", c, stderr.buf.String())
		}
	case <-time.After(60 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestServeGracefulShutdown: when the context ends, a request in flight
// is finished before serveUntilDone returns, and new connections are
// refused.
func TestServeGracefulShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
		io.WriteString(w, "finished")
	})}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serveUntilDone(ctx, srv, ln, time.Minute) }()

	got := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	<-entered
	cancel()
	// Shutdown closes the listener first; wait until it has.
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			break
		}
		c.Close()
		if i > 500 {
			t.Fatal("the listener still accepts after shutdown began")
		}
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case err := <-done:
		t.Fatalf("serveUntilDone returned (%v) with a request in flight", err)
	default:
	}
	close(release)
	if b := <-got; b != "finished" {
		t.Errorf("in-flight request got %q", b)
	}
	if err := <-done; err != nil {
		t.Errorf("serveUntilDone: %v", err)
	}
}
