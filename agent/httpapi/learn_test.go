package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/internal/testserver"
	"github.com/graphagent/graphagent/memory"
)

// pgReplica is a serve replica whose long-term memory is the database at
// url, opened on first use as serve opens it (agent.Config.OpenMemory), and
// which learns from its answers (Options.Learn).
type pgReplica struct {
	a   *agent.Agent
	srv *httptest.Server
}

func newPGReplica(t *testing.T, url string) pgReplica {
	t.Helper()
	a, err := agent.New(context.Background(), agent.Config{OpenMemory: func(ctx context.Context) (*memory.Store, error) {
		return memory.OpenPostgres(ctx, url, memory.DefaultEmbedder(nil))
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	_, srv := newTestServer(t, Options{Agent: a, Learn: true})
	return pgReplica{a: a, srv: srv}
}

// pathQuestion is a question an exact tool answers, in other words for
// each i: its nodes are named by letters, since the builtin encoder reads
// questions that differ only in their numbers as one.
func pathQuestion(i int) (q, want string) {
	k := 2 + i%9
	letters := func(n int) string {
		s := ""
		for {
			s = string(rune('a'+n%26)) + s
			if n /= 26; n == 0 {
				return s
			}
		}
	}
	name := func(j int) string { return "n" + letters(i) + "x" + letters(j) }
	edges := make([]string, k)
	for j := range k {
		edges[j] = name(j) + "-" + name(j+1)
	}
	return fmt.Sprintf("In the graph %s, what is the shortest path length from %s to %s?", strings.Join(edges, ", "), name(0), name(k)),
		fmt.Sprintf("has length %d", k)
}

// learned reports whether s holds a solved example of question q.
func learned(t *testing.T, s *memory.Store, q string) bool {
	t.Helper()
	hits, err := s.SearchExamples(context.Background(), q, memory.ExampleQuery{K: 20})
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(hits, func(h memory.ExampleHit) bool { return h.Example.Question == q })
}

// TestLearnAcrossReplicas: serve --learn at two replicas sharing a
// PostgreSQL memory. An answer at replica A is written back before it is
// sent, and the solved example is found by a search at replica B within a
// second (p99 of 100 measured from A's response); the example records the
// tool and its arguments.
func TestLearnAcrossReplicas(t *testing.T) {
	pg := testserver.Postgres(t)
	a, b := newPGReplica(t, pg.URL), newPGReplica(t, pg.URL)
	// B opens its memory with its first answer, as a replica does.
	if resp, body := post(t, b.srv, chatBody("", "Is there a cycle in 0-1, 1-2, 2-0?")); resp.StatusCode != http.StatusOK {
		t.Fatalf("B: %d %s", resp.StatusCode, body)
	}
	bs := b.a.OpenedMemory()
	if bs == nil {
		t.Fatal("replica B has not opened long-term memory after a learned answer")
	}
	var lags []time.Duration
	for i := range 100 {
		q, want := pathQuestion(i)
		resp, body := post(t, a.srv, chatBody("", q))
		acked := time.Now()
		var c completion
		if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &c) != nil || !strings.Contains(c.content(), want) {
			t.Fatalf("A, %q: %d %s", q, resp.StatusCode, body)
		}
		for !learned(t, bs, q) {
			if time.Since(acked) > 5*time.Second {
				var in bool
				for _, ex := range bs.Examples() {
					in = in || ex.Question == q
				}
				t.Fatalf("the example of %q is not found by a search at B 5 s after A answered (B holds %d examples, this one: %v)", q, bs.Len(), in)
			}
			time.Sleep(time.Millisecond)
		}
		lags = append(lags, time.Since(acked))
	}
	slices.Sort(lags)
	p99 := lags[len(lags)*99/100-1]
	t.Logf("answered and learned at A, found at B: median %v, p99 %v, max %v", lags[len(lags)/2], p99, lags[len(lags)-1])
	if p99 > time.Second {
		t.Errorf("p99 %v, more than a second", p99)
	}
	q, _ := pathQuestion(7)
	hits, err := bs.SearchExamples(context.Background(), q, memory.ExampleQuery{K: 1})
	if err != nil || len(hits) != 1 {
		t.Fatalf("search at B: %v %v", hits, err)
	}
	if ex := hits[0].Example; ex.Tool != "shortest_path_length" || !ex.Verified || ex.Source != memory.SourceAgent || !strings.Contains(string(ex.Args), `"target"`) {
		t.Errorf("the example learned: %+v", ex)
	}
	// A question no tool answers is not learned.
	resp, _ := post(t, a.srv, chatBody("", "What is the meaning of life?"))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("a question without a tool: %d", resp.StatusCode)
	}
	if n := bs.Len(); n != 101 {
		t.Errorf("B holds %d examples, want 101 (100 at A, 1 at B)", n)
	}
}

// TestLearnThroughPostgresOutage: clients ask two learning replicas while
// PostgreSQL is SIGKILLed and restarted, and a third replica starts while
// it is down. Requests that need the database get 503 (memory_unavailable)
// and are retried; every answer acknowledged with 200 is in the database
// afterwards, and each replica, the late one included, recovers by itself.
func TestLearnThroughPostgresOutage(t *testing.T) {
	pg := testserver.Postgres(t)
	reps := []pgReplica{newPGReplica(t, pg.URL), newPGReplica(t, pg.URL)}
	const clients, questions = 8, 240
	var next, done, unavailable, failed atomic.Int64
	var mu sync.Mutex
	var acked []string
	var late pgReplica
	outage := make(chan struct{})
	go func() {
		defer close(outage)
		for done.Load() < 60 {
			time.Sleep(2 * time.Millisecond)
		}
		pg.Stop()
		late = newPGReplica(t, pg.URL)
		// The late replica's first learned answer fails: its memory
		// cannot be opened while the database is down.
		q, _ := pathQuestion(1000)
		if resp, body := post(t, late.srv, chatBody("", q)); resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "memory_unavailable") {
			t.Errorf("a replica started with the database down: %d %s", resp.StatusCode, body)
		}
		time.Sleep(500 * time.Millisecond)
		pg.Start()
	}()
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= questions {
					return
				}
				q, want := pathQuestion(i)
				for attempt := 0; ; attempt++ {
					resp, body := post(t, reps[(i+attempt)%2].srv, chatBody("", q))
					done.Add(1)
					if resp.StatusCode == http.StatusServiceUnavailable && attempt < 400 {
						if !strings.Contains(string(body), "memory_unavailable") || resp.Header.Get("Retry-After") == "" {
							t.Errorf("a 503 without memory_unavailable and Retry-After: %s", body)
						}
						unavailable.Add(1)
						time.Sleep(25 * time.Millisecond)
						continue
					}
					var c completion
					if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &c) != nil || !strings.Contains(c.content(), want) {
						failed.Add(1)
						t.Errorf("%q: %d %s", q, resp.StatusCode, body)
						break
					}
					mu.Lock()
					acked = append(acked, q)
					mu.Unlock()
					break
				}
			}
		}()
	}
	wg.Wait()
	<-outage
	t.Logf("%d requests, %d answered 503 while the database was down (retried), %d failed, %d acknowledged", done.Load(), unavailable.Load(), failed.Load(), len(acked))
	if unavailable.Load() == 0 {
		t.Error("no request saw the database down")
	}
	if len(acked) != questions {
		t.Fatalf("%d of %d questions acknowledged", len(acked), questions)
	}
	// The late replica recovers without a restart.
	q, want := pathQuestion(1001)
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, body := post(t, late.srv, chatBody("", q))
		if resp.StatusCode == http.StatusOK {
			if !strings.Contains(string(body), want) {
				t.Fatalf("the late replica: %s", body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica started while the database was down still answers %d: %s", resp.StatusCode, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	fresh, err := memory.OpenPostgres(context.Background(), pg.URL, memory.DefaultEmbedder(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	stored := map[string]bool{}
	for _, ex := range fresh.Examples() {
		stored[ex.Question] = true
	}
	var lost int
	for _, q := range append(acked, q) {
		if !stored[q] {
			lost++
		}
	}
	if lost != 0 {
		t.Errorf("%d of %d acknowledged answers are not in the database", lost, len(acked)+1)
	}
}
