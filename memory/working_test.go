package memory

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// path makes a path graph with m edges.
func path(t testing.TB, m int) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(false)
	for i := 0; i < m; i++ {
		if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	return b.Build()
}

func TestWorkingGraphsAndIt(t *testing.T) {
	w := NewWorking(WorkingLimits{})
	if _, ok := w.Get(It); ok {
		t.Fatal("empty memory has a current graph")
	}
	a, b := path(t, 3), path(t, 4)
	if _, err := w.Put("roads", a); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Put("karate", b); err != nil {
		t.Fatal(err)
	}
	if g, ok := w.Get("it"); !ok || g != b {
		t.Fatal(`"it" is not the graph put last`)
	}
	if g, ok := w.Get("roads"); !ok || g != a {
		t.Fatal("roads not found")
	}
	if g, _ := w.Get(""); g != a || w.Current() != "roads" {
		t.Fatal(`using roads did not make it "it"`)
	}
	if _, ok := w.Get("nosuch"); ok {
		t.Fatal("unknown name found")
	}
	for _, bad := range []string{"", "  ", "it", "IT"} {
		if _, err := w.Put(bad, a); !errors.Is(err, ErrInvalid) {
			t.Errorf("Put(%q) = %v, want ErrInvalid", bad, err)
		}
	}
	if _, err := w.Put("x", nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("Put(nil graph) = %v", err)
	}
	// Replacing a name keeps one entry and the right edge total.
	if _, err := w.Put("roads", path(t, 10)); err != nil {
		t.Fatal(err)
	}
	if got := w.Names(); !slices.Equal(got, []string{"roads", "karate"}) || w.Edges() != 14 {
		t.Fatalf("names %v edges %d", got, w.Edges())
	}
}

func TestWorkingEvictsByCountAndEdges(t *testing.T) {
	w := NewWorking(WorkingLimits{Graphs: 3, Edges: 100})
	for i := 0; i < 3; i++ {
		if ev, err := w.Put(fmt.Sprint("g", i), path(t, 10)); err != nil || len(ev) != 0 {
			t.Fatalf("put g%d evicted %v, %v", i, ev, err)
		}
	}
	w.Get("g0") // g0 is now the most recent; g1 the least
	ev, _ := w.Put("g3", path(t, 10))
	if !slices.Equal(ev, []string{"g1"}) {
		t.Fatalf("count limit evicted %v, want [g1]", ev)
	}
	// 75 edges push the total to 105 > 100: the least recent go.
	ev, _ = w.Put("big", path(t, 75))
	if !slices.Equal(ev, []string{"g2"}) || w.Edges() != 95 {
		t.Fatalf("edge limit evicted %v (edges %d), want [g2] and 95", ev, w.Edges())
	}
	// A graph larger than the limit on its own is kept, alone.
	ev, _ = w.Put("huge", path(t, 500))
	if len(ev) != 3 || !slices.Equal(w.Names(), []string{"huge"}) {
		t.Fatalf("huge evicted %v, left %v", ev, w.Names())
	}
	if g, ok := w.Get(It); !ok || g.M() != 500 {
		t.Fatal("the oversized graph is not current")
	}
}

func TestWorkingResults(t *testing.T) {
	w := NewWorking(WorkingLimits{Results: 3})
	if _, ok := w.LastResult(); ok || len(w.Results()) != 0 {
		t.Fatal("empty memory has results")
	}
	for i := 0; i < 5; i++ {
		w.Remember(ResultRecord{Tool: "t", Value: i})
	}
	got := w.Results()
	if len(got) != 3 || got[0].Value != 4 || got[2].Value != 2 || got[0].At.IsZero() {
		t.Fatalf("results %+v, want values 4, 3, 2 with times", got)
	}
	if last, ok := w.LastResult(); !ok || last.Value != 4 {
		t.Fatalf("last = %+v", last)
	}
}

func TestWorkingConcurrent(t *testing.T) {
	w := NewWorking(WorkingLimits{Graphs: 4, Edges: 50})
	g := path(t, 5)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				name := fmt.Sprint("g", (i+j)%7)
				if _, err := w.Put(name, g); err != nil {
					t.Error(err)
					return
				}
				w.Get(name)
				w.Get(It)
				w.Remember(ResultRecord{Tool: name, Value: j})
				_ = w.Results()
			}
		}()
	}
	wg.Wait()
	if n := len(w.Names()); n > 4 || w.Edges() != 5*n {
		t.Fatalf("%d graphs, %d edges after concurrent use", n, w.Edges())
	}
}

// TestWorkingStateRestore: a memory restored from its state has the same
// graphs in the same recency order, the same current graph, results and
// dropped names; restored under smaller limits it evicts the oldest.
func TestWorkingStateRestore(t *testing.T) {
	w := NewWorking(WorkingLimits{})
	for i, name := range []string{"a", "b", "c"} {
		if _, err := w.Put(name, path(t, i+1)); err != nil {
			t.Fatal(err)
		}
	}
	w.Get("a") // a is current, then c, then b
	w.Remember(ResultRecord{Tool: "diameter", Text: "first"})
	w.Remember(ResultRecord{Tool: "density", Text: "second"})
	st := w.State()
	r, err := RestoreWorking(WorkingLimits{}, st)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Names(); !slices.Equal(got, []string{"a", "c", "b"}) || r.Current() != "a" {
		t.Errorf("restored names %v (current %q), want [a c b] (a)", got, r.Current())
	}
	if g, _ := r.Get("c"); g != st.Graphs[1].Graph {
		t.Error("restored c is another graph")
	}
	if res := r.Results(); len(res) != 2 || res[0].Text != "second" || res[1].Text != "first" {
		t.Errorf("restored results %+v", res)
	}
	small, err := RestoreWorking(WorkingLimits{Graphs: 2}, st)
	if err != nil {
		t.Fatal(err)
	}
	if got := small.Names(); !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("restored with room for 2: %v, want [a c]", got)
	}
	st.CurrentGone, st.Dropped = true, []string{"x"}
	gone, _ := RestoreWorking(WorkingLimits{}, st)
	if name, ok := gone.Dropped(); gone.Current() != "" || !ok || name != "x" {
		t.Errorf("current gone: current %q, dropped %q %v", gone.Current(), name, ok)
	}
}
