package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/internal/testserver"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// redisReplicas starts n handlers ("replicas", each with its own agent)
// sharing the sessions of one throwaway Redis.
func redisReplicas(t *testing.T, rs *testserver.Server, n int, opt Options) []*httptest.Server {
	t.Helper()
	opt.Sessions = rs.URL
	var srvs []*httptest.Server
	for range n {
		h, srv := newTestServer(t, opt)
		t.Cleanup(func() { h.Close() })
		srvs = append(srvs, srv)
	}
	return srvs
}

// storedState reads a session's state as Redis holds it.
func storedState(t *testing.T, rs *testserver.Server, id string) storedSession {
	t.Helper()
	o, err := redis.ParseURL(rs.URL)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(o)
	defer rdb.Close()
	raw, err := rdb.HGet(context.Background(), "graphagent:s:"+id, "state").Result()
	if err != nil {
		t.Fatalf("session %s in redis: %v", id, err)
	}
	var st storedSession
	if err := json.Unmarshal([]byte(raw), &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestRedisSessionHeader: the session header's behaviour (follow-ups, the
// cap, a plan confirmed by the last message alone) is the same with the
// sessions in Redis.
func TestRedisSessionHeader(t *testing.T) {
	testSessionHeader(t, Options{MaxSessions: 3, Sessions: testserver.Redis(t).URL})
}

// TestRedisSessionsAcrossReplicas: each turn of a conversation goes to the
// other replica, and every follow-up is answered in context: the graph
// loaded at one, its diameter at the other, a follow-up reusing the
// previous tool, a plan made at one and confirmed at the other.
func TestRedisSessionsAcrossReplicas(t *testing.T) {
	rs := testserver.Redis(t)
	srvs := redisReplicas(t, rs, 2, Options{})
	at := func(i int, q string, extra ...string) completion {
		t.Helper()
		e := ""
		if len(extra) > 0 {
			e = extra[0]
		}
		return ask(t, srvs[i%2], chatBody(e, q), SessionHeader, "conv")
	}
	if c := at(0, "load karate/edges.tsv"); !strings.Contains(c.content(), "34 nodes") {
		t.Fatalf("load: %q", c.content())
	}
	if c := at(1, "What is its diameter?"); c.Graphagent.Tool != "diameter" || string(c.Graphagent.Value) != "5" {
		t.Fatalf("diameter at the other replica: %q", c.content())
	}
	if c := at(0, "What is the shortest path from node 0 to node 33?"); c.Graphagent.Tool != "shortest_path" {
		t.Fatalf("shortest path: %q", c.content())
	}
	c := at(1, "and from node 1 to node 30?")
	if c.Graphagent.Tool != "shortest_path" || !strings.Contains(c.content(), "from 1 to 30") {
		t.Fatalf("follow-up at the other replica: %q", c.content())
	}
	if c := at(0, "What is the shortest path from node 0 to node 2 in 0-1, 1-2, 0-2?", `"graphagent": {"confirm_plan": true}`); c.Graphagent.Pending == nil {
		t.Fatalf("no plan: %q", c.content())
	}
	if c := at(1, "yes"); c.content() != "The shortest path from 0 to 2 has length 1: 0, 2." {
		t.Fatalf("the plan confirmed at the other replica: %q", c.content())
	}
	st := storedState(t, rs, "conv")
	// The plan's graph is read at planning (graph1) and again when run
	// (graph2); karate is the oldest.
	if len(st.Graphs) != 3 || st.Graphs[2].Name != "karate/edges.tsv" || st.Graphs[0].Name != "graph2" {
		t.Errorf("stored graphs %+v, want graph2, graph1, karate/edges.tsv", st.Graphs)
	}
}

// TestRedisTurnsOrdered: concurrent turns of one session at two replicas
// run one at a time: each of 12 turns names its graph "graphN" from the
// session's counter, so an interleaved pair would reuse a name and lose a
// graph.
func TestRedisTurnsOrdered(t *testing.T) {
	rs := testserver.Redis(t)
	srvs := redisReplicas(t, rs, 2, Options{})
	const turns = 12
	var wg sync.WaitGroup
	for i := range turns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, b := post(t, srvs[i%2], chatBody("", fmt.Sprintf("Remember this graph: a%d-b%d.", i, i)), SessionHeader, "busy")
			if resp.StatusCode != http.StatusOK {
				t.Errorf("turn %d: status %d: %s", i, resp.StatusCode, b)
			}
		}()
	}
	wg.Wait()
	st := storedState(t, rs, "busy")
	if st.Names != turns || len(st.Graphs) != turns {
		t.Fatalf("after %d concurrent turns: counter %d, %d graphs %+v", turns, st.Names, len(st.Graphs), st.Graphs)
	}
	seen := map[string]bool{}
	for _, g := range st.Graphs {
		seen[g.Name] = true
	}
	for i := 1; i <= turns; i++ {
		if !seen[fmt.Sprintf("graph%d", i)] {
			t.Errorf("graph%d missing from %+v", i, st.Graphs)
		}
	}
}

// TestRedisDown: with Redis stopped, a request that needs a session gets
// 503 with Retry-After, health says which store is down (503), metrics
// say backend_up 0, and a stateless request is still answered; with Redis
// back (its append-only file kept what was acknowledged) the session
// continues by itself.
func TestRedisDown(t *testing.T) {
	rs := testserver.Redis(t, "--appendonly", "yes", "--appendfsync", "always")
	srv := redisReplicas(t, rs, 1, Options{})[0]
	ask(t, srv, chatBody("", "load karate/edges.tsv"), SessionHeader, "s")
	rs.Stop()
	resp, b := post(t, srv, chatBody("", "What is its diameter?"), SessionHeader, "s")
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), "store_unavailable") {
		t.Errorf("with redis down: status %d, Retry-After %q: %s", resp.StatusCode, resp.Header.Get("Retry-After"), b)
	}
	if c := ask(t, srv, chatBody("", "How many edges does karate/edges.tsv have?")); !strings.Contains(c.content(), "78") {
		t.Errorf("a stateless request with redis down: %q", c.content())
	}
	health, body := get(t, srv, "/healthz")
	if health != http.StatusServiceUnavailable || !strings.Contains(body, `"role":"sessions","backend":"redis","up":false`) {
		t.Errorf("healthz with redis down: %d %s", health, body)
	}
	if _, m := get(t, srv, "/metrics"); !strings.Contains(m, `graphagent_backend_up{role="sessions",backend="redis"} 0`) {
		t.Errorf("metrics with redis down:\n%s", m)
	}
	rs.Start()
	if c := ask(t, srv, chatBody("", "What is its diameter?"), SessionHeader, "s"); c.Graphagent.Tool != "diameter" || string(c.Graphagent.Value) != "5" {
		t.Errorf("after redis came back: %q", c.content())
	}
	if health, body := get(t, srv, "/healthz"); health != http.StatusOK || !strings.Contains(body, `"up":true`) {
		t.Errorf("healthz after redis came back: %d %s", health, body)
	}
	if _, m := get(t, srv, "/metrics"); !strings.Contains(m, `graphagent_backend_up{role="sessions",backend="redis"} 1`) || !strings.Contains(m, "graphagent_sessions 1\n") {
		t.Errorf("metrics after redis came back:\n%s", m)
	}
}

func get(t *testing.T, srv *httptest.Server, path string) (int, string) {
	t.Helper()
	resp, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestRedisOutageUnderLoad: 16 clients hold 4-turn conversations across
// two replicas while Redis is stopped (SIGKILL) and started again: turns
// get 503 while it is down and are retried by the clients; afterwards
// every answer is the one for the conversation's own graph, so nothing
// acknowledged was lost (Redis keeps its append-only file, fsync always).
func TestRedisOutageUnderLoad(t *testing.T) {
	rs := testserver.Redis(t, "--appendonly", "yes", "--appendfsync", "always")
	srvs := redisReplicas(t, rs, 2, Options{})
	const clients, conversations = 16, 160
	var done, unavailable, wrong atomic.Int64
	var next atomic.Int64
	var firstWrong sync.Once
	outage := make(chan struct{})
	go func() {
		defer close(outage)
		for done.Load() < 150 {
			time.Sleep(2 * time.Millisecond)
		}
		rs.Stop()
		time.Sleep(300 * time.Millisecond)
		rs.Start()
	}()
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				conv := int(next.Add(1)) - 1
				if conv >= conversations {
					return
				}
				k := 3 + conv%7
				edges := make([]string, k)
				for i := range k {
					edges[i] = fmt.Sprintf("%d-%d", i, i+1)
				}
				for turn, ch := range []struct{ q, want string }{
					{"Remember this graph: " + strings.Join(edges, ", ") + ".", fmt.Sprintf("%d nodes", k+1)},
					{"What is its diameter?", fmt.Sprintf("diameter of the graph is %d.", k)},
					{fmt.Sprintf("What is the shortest path from node 0 to node %d?", k), fmt.Sprintf("has length %d", k)},
					{fmt.Sprintf("and from node 1 to node %d?", k), fmt.Sprintf("has length %d", k-1)},
				} {
					for attempt := 0; ; attempt++ {
						resp, b := post(t, srvs[(conv+turn)%2], chatBody("", ch.q), SessionHeader, fmt.Sprintf("out%d", conv))
						done.Add(1)
						if resp.StatusCode == http.StatusServiceUnavailable && attempt < 200 {
							unavailable.Add(1)
							time.Sleep(20 * time.Millisecond)
							continue
						}
						var c completion
						if resp.StatusCode != http.StatusOK || json.Unmarshal(b, &c) != nil || len(c.Choices) != 1 || !strings.Contains(c.content(), ch.want) {
							wrong.Add(1)
							firstWrong.Do(func() {
								t.Errorf("conversation %d, %q: status %d: %s (want %q)", conv, ch.q, resp.StatusCode, b, ch.want)
							})
						}
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	<-outage
	t.Logf("%d requests, %d answered 503 while redis was down (retried), %d wrong", done.Load(), unavailable.Load(), wrong.Load())
	if unavailable.Load() == 0 {
		t.Error("no request saw redis down")
	}
	if wrong.Load() != 0 {
		t.Errorf("%d turns answered wrongly or failed", wrong.Load())
	}
}

// TestHealthReportsMemoryDatabase: /healthz and /metrics name long-term
// memory's backend (postgres) and whether it answers, through an outage.
func TestHealthReportsMemoryDatabase(t *testing.T) {
	pg := testserver.Postgres(t)
	store, err := memory.OpenPostgres(context.Background(), pg.URL, memory.DefaultEmbedder(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	dir, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	sb, err := graph.NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := agent.New(context.Background(), agent.Config{Sandbox: sb, Memory: store})
	if err != nil {
		t.Fatal(err)
	}
	_, srv := newTestServer(t, Options{Agent: a})
	if code, body := get(t, srv, "/healthz"); code != http.StatusOK || !strings.Contains(body, `{"role":"memory","backend":"postgres","up":true}`) {
		t.Errorf("healthz: %d %s", code, body)
	}
	pg.Stop()
	if code, body := get(t, srv, "/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, `"role":"memory","backend":"postgres","up":false`) {
		t.Errorf("healthz with the database down: %d %s", code, body)
	}
	if _, m := get(t, srv, "/metrics"); !strings.Contains(m, `graphagent_backend_up{role="memory",backend="postgres"} 0`) {
		t.Errorf("metrics with the database down:\n%s", m)
	}
	pg.Start()
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, body := get(t, srv, "/healthz")
		if code == http.StatusOK && strings.Contains(body, `{"role":"memory","backend":"postgres","up":true}`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthz after the database came back: %d %s", code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestRedisGraphCache: a replica's later turns of a session take its
// graphs from the replica's cache of decoded graphs (they are immutable
// under their field) instead of reading and decoding them again, and
// answer the same.
func TestRedisGraphCache(t *testing.T) {
	rs := testserver.Redis(t)
	h, srv := newTestServer(t, Options{Sessions: rs.URL})
	defer h.Close()
	cache := h.sessions.(*redisSessions).graphs
	ask(t, srv, chatBody("", "load karate/edges.tsv"), SessionHeader, "k")
	for range 3 {
		if c := ask(t, srv, chatBody("", "What is its diameter?"), SessionHeader, "k"); string(c.Graphagent.Value) != "5" {
			t.Fatalf("diameter from the cached graph: %q", c.content())
		}
	}
	cache.mu.Lock()
	hits, n := cache.hits, cache.lru.Len()
	cache.mu.Unlock()
	if hits != 3 || n != 1 {
		t.Errorf("cache: %d hits, %d graphs; want 3 hits of 1 graph", hits, n)
	}
}
