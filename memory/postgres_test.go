package memory

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/graphagent/graphagent/internal/testserver"
)

func openPG(t *testing.T, url string) *Store {
	t.Helper()
	s, err := OpenPostgres(context.Background(), url, newTestEmbedder())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// foundWithin polls b until the example id is (or is no longer, when
// want is false) found by a search for q, and returns how long it took.
func foundWithin(t *testing.T, b *Store, id, q string, want bool, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		hits, err := b.SearchExamples(context.Background(), q, ExampleQuery{K: 5})
		if err != nil {
			t.Fatal(err)
		}
		found := slices.ContainsFunc(hits, func(h ExampleHit) bool { return h.Example.ID == id })
		if found == want {
			return time.Since(start)
		}
		if time.Since(start) > limit {
			t.Fatalf("example %s found=%v at the other replica after %v", id, found, limit)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestPostgresReplicas: two stores on one database (two replicas): an
// example written at A is found by a search at B within a second (p99 of
// 100 writes measured), a deletion at A reaches B, a store opened later
// loads everything, and stats and compaction work.
func TestPostgresReplicas(t *testing.T) {
	srv := testserver.Postgres(t)
	a, b := openPG(t, srv.URL), openPG(t, srv.URL)
	ctx := context.Background()
	var lags []time.Duration
	for i := range 100 {
		ex := Example{ID: fmt.Sprintf("x%d", i), Question: fmt.Sprintf("what is the zorblax %d of the quux%d graph", i, i), Tool: "diameter", Source: SourceAgent}
		if _, err := a.AddExample(ctx, ex); err != nil {
			t.Fatal(err)
		}
		lags = append(lags, foundWithin(t, b, ex.ID, ex.Question, true, 5*time.Second))
	}
	slices.Sort(lags)
	p99 := lags[len(lags)*99/100-1]
	t.Logf("written at A, found at B: median %v, p99 %v, max %v", lags[len(lags)/2], p99, lags[len(lags)-1])
	if p99 > time.Second {
		t.Errorf("p99 %v, more than a second", p99)
	}
	if n, err := a.DeleteExamples(ctx, "x7"); err != nil || n != 1 {
		t.Fatalf("delete: %d, %v", n, err)
	}
	foundWithin(t, b, "x7", "what is the zorblax 7 of the quux7 graph", false, 5*time.Second)
	if _, err := b.AddExample(ctx, Example{ID: "fromB", Question: "how many frobnitz does the graph have", Tool: "count_nodes"}); err != nil {
		t.Fatal(err)
	}
	foundWithin(t, a, "fromB", "how many frobnitz does the graph have", true, 5*time.Second)
	c := openPG(t, srv.URL)
	if c.Len() != 100 || a.Len() != 100 || b.Len() != 100 {
		t.Errorf("examples: a %d, b %d, a store opened later %d; want 100", a.Len(), b.Len(), c.Len())
	}
	st := c.Stats()
	if st.Examples != 100 || st.LogEntries != 101 || st.LogBytes == 0 || st.Path == "" || st.ByTool["diameter"] != 99 {
		t.Errorf("stats %+v", st)
	}
	if err := c.Compact(ctx); err != nil {
		t.Errorf("compact: %v", err)
	}
	if got := c.Examples(); len(got) != 100 {
		t.Errorf("export after compaction: %d examples", len(got))
	}
}

// TestPostgresDownAndBack: with the database stopped, searches still
// answer from the index and writes fail with ErrUnavailable; once it is
// back, both replicas reconnect by themselves: a write at A reaches B, and
// nothing acknowledged before was lost.
func TestPostgresDownAndBack(t *testing.T) {
	srv := testserver.Postgres(t)
	a, b := openPG(t, srv.URL), openPG(t, srv.URL)
	ctx := context.Background()
	if _, err := a.AddExample(ctx, Example{ID: "before", Question: "what is the wibble of the graph"}); err != nil {
		t.Fatal(err)
	}
	foundWithin(t, b, "before", "what is the wibble of the graph", true, 5*time.Second)
	srv.Stop()
	if _, err := a.AddExample(ctx, Example{ID: "during", Question: "what is the wobble of the graph"}); !errors.Is(err, ErrUnavailable) {
		t.Errorf("a write with the database down: %v", err)
	}
	foundWithin(t, b, "before", "what is the wibble of the graph", true, time.Second)
	srv.Start()
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, err := a.AddExample(ctx, Example{ID: "after", Question: "what is the flumph of the graph"})
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("writes after the database came back: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	foundWithin(t, b, "after", "what is the flumph of the graph", true, 10*time.Second)
	if _, ok := b.Example("during"); ok {
		t.Error("a write that failed reached the other replica")
	}
	if c := openPG(t, srv.URL); c.Len() != 2 {
		t.Errorf("after the outage the database holds %d examples, want 2", c.Len())
	}
}
