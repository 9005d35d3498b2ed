//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/graphagent/graphagent/agent/httpapi"
	"github.com/graphagent/graphagent/internal/testserver"
)

// chatResult is what the test reads of a chat completion.
type chatResult struct {
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
}

// replica is one `graphagent serve` process on a fixed loopback port.
type replica struct {
	t    *testing.T
	addr string
	args []string
	mu   sync.Mutex
	cmd  *exec.Cmd
}

func (r *replica) start() {
	r.t.Helper()
	cmd := exec.Command(os.Args[0], r.args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1", "GRAPHAGENT_HOME="+r.t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get("http://" + r.addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			r.t.Fatalf("replica %s did not become healthy: %v\n%s", r.addr, err, stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.mu.Lock()
	r.cmd = cmd
	r.mu.Unlock()
}

func (r *replica) kill() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cmd != nil {
		_ = r.cmd.Process.Signal(syscall.SIGKILL)
		_ = r.cmd.Wait()
		r.cmd = nil
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// roundRobin is a small load balancer: each request goes to the next
// replica; when a replica cannot be reached or drops the connection
// before answering, the request goes to the next one (as nginx's
// proxy_next_upstream error does). It counts the requests each replica
// answered.
type roundRobin struct {
	addrs    []string
	next     atomic.Uint64
	answered []atomic.Int64
	retried  atomic.Int64
	client   *http.Client
}

func (p *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	start := p.next.Add(1)
	for try := range 2 * len(p.addrs) {
		i := int((start + uint64(try)) % uint64(len(p.addrs)))
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, "http://"+p.addrs[i]+r.URL.RequestURI(), bytes.NewReader(body))
		req.Header = r.Header.Clone()
		resp, err := p.client.Do(req)
		if err != nil {
			p.retried.Add(1)
			time.Sleep(10 * time.Millisecond)
			continue
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			p.retried.Add(1)
			continue
		}
		p.answered[i].Add(1)
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(b)
		return
	}
	http.Error(w, "no replica answered", http.StatusBadGateway)
}

// TestServeReplicas: three `graphagent serve` processes share their
// sessions through one Redis (and long-term memory through one
// PostgreSQL) behind a round-robin proxy; 64 clients hold
// multi-turn conversations (a path graph of their own, its diameter, a
// shortest path, a follow-up reusing the previous tool with other nodes),
// each turn at whichever replica the proxy picks. One replica is killed
// with SIGKILL a third of the way through and restarted at two thirds. Every
// answer must be the one for the conversation's own graph: 0 errors.
func TestServeReplicas(t *testing.T) {
	const total = 10_000
	rs, pg := testserver.Redis(t), testserver.Postgres(t)
	var reps []*replica
	var addrs []string
	for range 3 {
		addr := freeAddr(t)
		// --max-sessions above the run's 2,500 conversations: a turn
		// waiting out the killed replica's lock (up to 5 s) would
		// otherwise find its session dropped by the cap of 1,000 as the
		// least recently used, while newer conversations finished.
		r := &replica{t: t, addr: addr, args: []string{"--data", dataDir(t), "--memory", pg.URL, "serve", "--addr", addr, "--sessions", rs.URL, "--max-concurrent", "64", "--max-sessions", "10000"}}
		r.start()
		t.Cleanup(r.kill)
		reps = append(reps, r)
		addrs = append(addrs, addr)
	}
	proxy := &roundRobin{addrs: addrs, answered: make([]atomic.Int64, 3),
		client: &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	lb := httptest.NewServer(proxy)
	defer lb.Close()

	const clients = 64
	const turnsPerConversation = 4
	var done, failures atomic.Int64
	var firstErr sync.Once
	fail := func(format string, args ...any) {
		failures.Add(1)
		firstErr.Do(func() { t.Errorf(format, args...) })
	}
	restarted := make(chan struct{})
	answeredAtRestart := make(chan int64, 1)
	go func() {
		for done.Load() < int64(total/3) {
			time.Sleep(5 * time.Millisecond)
		}
		reps[1].kill()
		for done.Load() < int64(2*total/3) {
			time.Sleep(5 * time.Millisecond)
		}
		reps[1].start()
		answeredAtRestart <- proxy.answered[1].Load()
		close(restarted)
	}()
	turn := func(sid, q string) (chatResult, bool) {
		body, _ := json.Marshal(map[string]any{"model": "graphagent", "messages": []map[string]string{{"role": "user", "content": q}}})
		req, _ := http.NewRequest(http.MethodPost, lb.URL+"/v1/chat/completions", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(httpapi.SessionHeader, sid)
		resp, err := lb.Client().Do(req)
		done.Add(1)
		if err != nil {
			fail("session %s, %q: %v", sid, q, err)
			return chatResult{}, false
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		var c chatResult
		if resp.StatusCode != http.StatusOK || json.Unmarshal(b, &c) != nil || len(c.Choices) != 1 {
			fail("session %s, %q: status %d: %s", sid, q, resp.StatusCode, b)
			return c, false
		}
		return c, true
	}
	var nextConv atomic.Int64
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				conv := int(nextConv.Add(1)) - 1
				if conv >= total/turnsPerConversation {
					return
				}
				sid := fmt.Sprintf("conv%d", conv)
				k := 3 + conv%9 // the path 0-1-...-k
				edges := make([]string, k)
				for i := range k {
					edges[i] = fmt.Sprintf("%d-%d", i, i+1)
				}
				checks := []struct{ q, want string }{
					{"Remember this graph: " + strings.Join(edges, ", ") + ".", fmt.Sprintf("%d nodes", k+1)},
					{"What is its diameter?", fmt.Sprintf("diameter of the graph is %d.", k)},
					{fmt.Sprintf("What is the shortest path from node 0 to node %d?", k), fmt.Sprintf("has length %d", k)},
					{fmt.Sprintf("and from node 1 to node %d?", k), fmt.Sprintf("has length %d", k-1)},
				}
				for _, ch := range checks {
					c, ok := turn(sid, ch.q)
					if ok && !strings.Contains(c.Choices[0].Message.Content, ch.want) {
						fail("session %s, %q: answered %q, want %q", sid, ch.q, c.Choices[0].Message.Content, ch.want)
					}
				}
			}
		}()
	}
	wg.Wait()
	<-restarted
	t.Logf("%d requests, %d failures; answered per replica %d, %d, %d (replica 1 killed at %d requests and restarted at %d), %d proxy retries",
		done.Load(), failures.Load(), proxy.answered[0].Load(), proxy.answered[1].Load(), proxy.answered[2].Load(), total/3, 2*total/3, proxy.retried.Load())
	if failures.Load() != 0 {
		t.Fatalf("%d of %d requests failed", failures.Load(), done.Load())
	}
	if at := <-answeredAtRestart; proxy.answered[1].Load() <= at {
		t.Errorf("the restarted replica answered no request after its restart")
	}
}
