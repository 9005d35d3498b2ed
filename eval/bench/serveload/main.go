// Command serveload puts load on graphagent's HTTP API: concurrent clients
// send a mix of chat requests (questions with graphs written in them,
// questions about a file, streamed answers, stateless conversations,
// server-side sessions, plan confirmations, the model list) and every
// answer is checked. It reports throughput, latency percentiles per kind,
// errors, the sessions held and the resident memory.
//
// By default it serves the builtin backend in-process on a loopback port
// (run from the repository root, so that datasets/ is found); -url points it
// at a running graphagent serve instead (started with --data datasets).
//
//	go run ./eval/bench/serveload -clients 64 -requests 10000
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/agent/httpapi"
	"github.com/graphagent/graphagent/internal/gtoolsdata"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

func main() {
	clients := flag.Int("clients", 64, "concurrent clients")
	requests := flag.Int("requests", 10000, "HTTP requests in all")
	url := flag.String("url", "", "base URL of a running graphagent serve (default: serve in-process)")
	token := flag.String("token", "", "bearer token of -url")
	maxSessions := flag.Int("max-sessions", 256, "server-side session cap of the in-process server")
	flag.Parse()
	if err := run(*clients, *requests, *url, *token, *maxSessions); err != nil {
		fmt.Fprintln(os.Stderr, "serveload:", err)
		os.Exit(1)
	}
}

// check judges a chat response: the tool that answered and words the
// answer must contain.
type check struct {
	tool     string
	contains string
}

type question struct {
	q string
	check
}

// job is a unit of client work: one or more HTTP requests in order.
type job struct {
	kind string
	// n is how many requests do sends.
	n  int
	do func(ctx context.Context, c *client, id string) (int, error)
}

type sample struct {
	kind string
	d    time.Duration
}

type client struct {
	http    *http.Client
	base    string
	token   string
	samples []sample
}

func run(clients, requests int, url, token string, maxSessions int) error {
	ctx := context.Background()
	q40, err := gtoolsdata.Question40(ctx)
	if err != nil {
		return fmt.Errorf("the 40-node question: %w", err)
	}
	inProcess := url == ""
	if inProcess {
		var stop func()
		url, stop, err = serveInProcess(ctx, clients, maxSessions)
		if err != nil {
			return err
		}
		defer stop()
	}
	url = strings.TrimSuffix(url, "/")

	written := []question{
		{"Is there a cycle in 0-1, 1-2, 2-0?", check{"cycle_check", "contains a cycle"}},
		{"What is the shortest path from node 0 to node 3 in [(0, 1, {'weight': 4}), (1, 3, {'weight': 1}), (0, 3, {'weight': 9}), (0, 2, {'weight': 1}), (2, 3, {'weight': 1})]?", check{"shortest_path", "total weight 2"}},
		{"How many nodes are in the graph 0-1, 1-2, 5-6?", check{"node_count", "5"}},
		{"Given a directed graph with edges [(0, 1), (1, 2), (2, 3), (0, 3)], give a topological order.", check{"topological_sort", ""}},
		{q40, check{"degree", ""}},
	}
	files := []question{
		{"What is the shortest path from node 0 to node 33 in karate/edges.tsv?", check{"shortest_path", "0, 19, 33"}},
		{"What is the diameter of karate/edges.tsv?", check{"diameter", "5"}},
		{"How many triangles are in karate/edges.tsv?", check{"triangle_count", "45"}},
	}
	jobs := []job{
		{"written", 1, func(ctx context.Context, c *client, id string) (int, error) {
			q := written[hash(id)%len(written)]
			return 1, c.chat(ctx, "written", chatBody(false, "", q.q), nil, q.check)
		}},
		{"file", 1, func(ctx context.Context, c *client, id string) (int, error) {
			q := files[hash(id)%len(files)]
			return 1, c.chat(ctx, "file", chatBody(false, "", q.q), nil, q.check)
		}},
		{"stream", 1, func(ctx context.Context, c *client, id string) (int, error) {
			q := files[hash(id)%len(files)]
			return 1, c.chat(ctx, "stream", chatBody(true, "", q.q), nil, q.check)
		}},
		{"stateless", 1, func(ctx context.Context, c *client, id string) (int, error) {
			body := chatBody(false, "", "Remember this graph: 0-1, 1-2, 2-3, 3-0, 0-2.", "Loaded graph1: 4 nodes, 5 edges, undirected.", "How many triangles does it have?")
			return 1, c.chat(ctx, "stateless", body, nil, check{"triangle_count", "2 triangles"})
		}},
		{"session", 2, func(ctx context.Context, c *client, id string) (int, error) {
			h := []string{httpapi.SessionHeader, id}
			if err := c.chat(ctx, "session", chatBody(false, "", "load karate/edges.tsv"), h, check{"", "Loaded"}); err != nil {
				return 1, err
			}
			return 2, c.chat(ctx, "session", chatBody(false, "", "What is the degree of node 33?"), h, check{"degree", "17"})
		}},
		{"plan", 2, func(ctx context.Context, c *client, id string) (int, error) {
			q := written[1].q
			var content string
			if err := c.chatContent(ctx, "plan", chatBody(false, `"graphagent": {"confirm_plan": true}`, q), nil, check{"", "1. shortest_path"}, &content); err != nil {
				return 1, err
			}
			return 2, c.chat(ctx, "plan", chatBody(false, "", q, content, "yes"), nil, check{"shortest_path", "total weight 2"})
		}},
		{"models", 1, func(ctx context.Context, c *client, id string) (int, error) {
			return 1, c.get(ctx, "models", "/v1/models", `"id":"graphagent"`)
		}},
	}

	var sent, failed atomic.Int64
	var firstErrs []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	cls := make([]*client, clients)
	transport := &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}
	start := time.Now()
	for i := range clients {
		c := &client{http: &http.Client{Transport: transport, Timeout: 2 * time.Minute}, base: url, token: token}
		cls[i] = c
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				j := jobs[(i+n)%len(jobs)]
				if sent.Add(int64(j.n)) > int64(requests) {
					if sent.Add(-int64(j.n)) >= int64(requests) {
						return
					}
					continue // a shorter job may still fit
				}
				if _, err := j.do(ctx, c, fmt.Sprintf("c%d-j%d", i, n)); err != nil {
					failed.Add(1)
					mu.Lock()
					if len(firstErrs) < 10 {
						firstErrs = append(firstErrs, j.kind+": "+err.Error())
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)

	var all []time.Duration
	byKind := map[string][]time.Duration{}
	for _, c := range cls {
		for _, s := range c.samples {
			all = append(all, s.d)
			byKind[s.kind] = append(byKind[s.kind], s.d)
		}
	}
	fmt.Printf("graphagent serve under load: %d clients, %d requests (%s), %s\n", clients, len(all), map[bool]string{true: "in-process server, builtin backend", false: url}[inProcess], time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Printf("GOMAXPROCS %d, %s\n", runtime.GOMAXPROCS(0), loadAverage())
	fmt.Printf("wall %.2f s, throughput %.0f requests/s, errors %d\n", wall.Seconds(), float64(len(all))/wall.Seconds(), failed.Load())
	fmt.Printf("%-10s %8s %9s %9s %9s %9s\n", "kind", "requests", "p50", "p90", "p99", "max")
	kinds := append([]string{"all"}, sortedKeys(byKind)...)
	for _, k := range kinds {
		ds := all
		if k != "all" {
			ds = byKind[k]
		}
		slices.Sort(ds)
		fmt.Printf("%-10s %8d %9s %9s %9s %9s\n", k, len(ds), pct(ds, 0.50), pct(ds, 0.90), pct(ds, 0.99), pct(ds, 1))
	}
	m, err := scrape(ctx, url, token)
	if err != nil {
		return err
	}
	fmt.Printf("server: %s sessions held (cap %s), resident memory %s MB, heap %s MB, goroutines %s\n",
		m["graphagent_sessions"], capText(inProcess, maxSessions), mb(m["process_resident_memory_bytes"]), mb(m["go_memstats_heap_alloc_bytes"]), m["go_goroutines"])
	if hwm, ok := peakRSS(); ok && inProcess {
		fmt.Printf("peak resident memory of this process (server and clients): %d MB\n", hwm>>20)
	}
	for _, e := range firstErrs {
		fmt.Println("error:", e)
	}
	if failed.Load() > 0 {
		return fmt.Errorf("%d of the jobs failed", failed.Load())
	}
	return nil
}

// serveInProcess serves the builtin backend on a loopback port.
func serveInProcess(ctx context.Context, clients, maxSessions int) (string, func(), error) {
	dir, err := dataset.Dir()
	if err != nil {
		return "", nil, err
	}
	sb, err := graph.NewSandbox(dir)
	if err != nil {
		return "", nil, err
	}
	a, err := agent.New(ctx, agent.Config{Sandbox: sb, Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))})
	if err != nil {
		return "", nil, err
	}
	h, err := httpapi.New(httpapi.Options{Agent: a, MaxConcurrent: clients, MaxSessions: maxSessions})
	if err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close(); _ = a.Close() }, nil
}

// chatBody is a chat request: the messages alternate user, assistant,
// user...; extra is more top-level JSON.
func chatBody(stream bool, extra string, messages ...string) []byte {
	type msg struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	var ms []msg
	for i, m := range messages {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		ms = append(ms, msg{role, m})
	}
	b, _ := json.Marshal(map[string]any{"model": "graphagent", "messages": ms, "stream": stream})
	if extra != "" {
		b = append(b[:len(b)-1], []byte(","+extra+"}")...)
	}
	return b
}

func (c *client) do(ctx context.Context, kind, method, path string, body []byte, headers []string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	t0 := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	c.samples = append(c.samples, sample{kind, time.Since(t0)})
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d: %.200s", resp.StatusCode, b)
	}
	return b, nil
}

func (c *client) get(ctx context.Context, kind, path, want string) error {
	b, err := c.do(ctx, kind, http.MethodGet, path, nil, nil)
	if err == nil && !bytes.Contains(b, []byte(want)) {
		err = fmt.Errorf("%s lacks %s: %.200s", path, want, b)
	}
	return err
}

func (c *client) chat(ctx context.Context, kind string, body []byte, headers []string, want check) error {
	var content string
	return c.chatContent(ctx, kind, body, headers, want, &content)
}

// chatContent posts a chat request (streamed or not), checks the answer
// and returns its content.
func (c *client) chatContent(ctx context.Context, kind string, body []byte, headers []string, want check, content *string) error {
	b, err := c.do(ctx, kind, http.MethodPost, "/v1/chat/completions", body, headers)
	if err != nil {
		return err
	}
	var tool string
	if bytes.HasPrefix(b, []byte("data: ")) {
		*content, tool, err = readStream(b)
	} else {
		var r struct {
			Choices []struct {
				Message struct {
					Content string `json:"content"`
				} `json:"message"`
			} `json:"choices"`
			Graphagent struct {
				Tool string `json:"tool"`
			} `json:"graphagent"`
		}
		if err = json.Unmarshal(b, &r); err == nil && len(r.Choices) != 1 {
			err = errors.New("not one choice")
		}
		if err == nil {
			*content, tool = r.Choices[0].Message.Content, r.Graphagent.Tool
		}
	}
	switch {
	case err != nil:
		return err
	case tool != want.tool:
		return fmt.Errorf("tool %q, want %q: %.200s", tool, want.tool, *content)
	case !strings.Contains(*content, want.contains):
		return fmt.Errorf("answer lacks %q: %.200s", want.contains, *content)
	}
	return nil
}

// readStream joins a streamed completion's content and reads the tool of
// its final chunk; the stream must end with [DONE].
func readStream(b []byte) (content, tool string, err error) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var sb strings.Builder
	done := false
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		if data == "[DONE]" {
			done = true
			break
		}
		var ch struct {
			Choices []struct {
				Delta struct {
					Content string `json:"content"`
				} `json:"delta"`
			} `json:"choices"`
			Graphagent *struct {
				Tool string `json:"tool"`
			} `json:"graphagent"`
		}
		if err := json.Unmarshal([]byte(data), &ch); err != nil {
			return "", "", err
		}
		for _, c := range ch.Choices {
			sb.WriteString(c.Delta.Content)
		}
		if ch.Graphagent != nil {
			tool = ch.Graphagent.Tool
		}
	}
	if !done {
		return "", "", errors.New("the stream ended without [DONE]")
	}
	return sb.String(), tool, sc.Err()
}

// scrape reads the unlabelled samples of GET /metrics.
func scrape(ctx context.Context, url, token string) (map[string]string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 && !strings.HasPrefix(f[0], "#") && !strings.Contains(f[0], "{") {
			m[f[0]] = f[1]
		}
	}
	return m, sc.Err()
}

func hash(s string) int {
	h := 0
	for i := range len(s) {
		h = h*31 + int(s[i])
	}
	if h < 0 {
		h = -h
	}
	return h
}

func pct(ds []time.Duration, p float64) string {
	if len(ds) == 0 {
		return "-"
	}
	i := int(p*float64(len(ds))+0.5) - 1
	i = max(0, min(i, len(ds)-1))
	d := ds[i]
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.0f µs", float64(d.Microseconds()))
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func sortedKeys(m map[string][]time.Duration) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func mb(s string) string {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return "?"
	}
	return strconv.FormatFloat(v/(1<<20), 'f', 1, 64)
}

func capText(inProcess bool, n int) string {
	if inProcess {
		return strconv.Itoa(n)
	}
	return "the server's --max-sessions"
}

// peakRSS is the process's peak resident set (VmHWM), Linux only.
func peakRSS() (int64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) >= 1 {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				return kb << 10, err == nil
			}
		}
	}
	return 0, false
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load average unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "load average unknown"
	}
	return "load average " + strings.Join(f[:3], ", ")
}
