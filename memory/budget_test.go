package memory

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

// TestBudgetAcrossSessions: working memories sharing a Budget hold at most
// its bytes together; the least recently used graph of any of them goes
// first, the one that lost its current graph does not answer "it" with an
// older graph but names the dropped one, and Close releases a memory's
// graphs. Without a budget, each memory was bounded alone (1000 sessions x
// 5M edges).
func TestBudgetAcrossSessions(t *testing.T) {
	one := GraphBytes(path(t, 1000))
	b := NewBudget(2*one + one/2) // room for two graphs
	w1 := NewWorking(WorkingLimits{Budget: b})
	w2 := NewWorking(WorkingLimits{Budget: b})
	mustPut := func(w *Working, name string) []string {
		t.Helper()
		ev, err := w.Put(name, path(t, 1000))
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	mustPut(w1, "a")
	mustPut(w2, "b")
	if b.Bytes() != 2*one {
		t.Fatalf("budget holds %d bytes, want %d", b.Bytes(), 2*one)
	}
	// w1 loads a second graph: w1's "a" is the least recently used.
	if ev := mustPut(w1, "c"); !slices.Equal(ev, []string{"a"}) {
		t.Fatalf("evicted %v, want [a]", ev)
	}
	if b.Bytes() > b.Max() || !slices.Equal(w1.Names(), []string{"c"}) {
		t.Fatalf("budget %d of %d, w1 holds %v", b.Bytes(), b.Max(), w1.Names())
	}
	// Using "b" makes "c" the oldest: w1's next graph pushes "c" out, not "b".
	if _, ok := w2.Get(It); !ok {
		t.Fatal("w2 lost its graph")
	}
	mustPut(w1, "d")
	if !slices.Equal(w1.Names(), []string{"d"}) || !slices.Equal(w2.Names(), []string{"b"}) {
		t.Fatalf("w1 %v, w2 %v", w1.Names(), w2.Names())
	}
	// A third session takes w2's current graph: w2 says so instead of
	// answering about nothing or another graph.
	w3 := NewWorking(WorkingLimits{Budget: b})
	mustPut(w3, "e")
	if _, ok := w2.Get(It); ok || w2.Current() != "" {
		t.Fatalf("w2 still answers about %q", w2.Current())
	}
	if name, ok := w2.Dropped(); !ok || name != "b" {
		t.Fatalf("w2.Dropped() = %q, %v", name, ok)
	}
	w1.Close()
	w3.Close()
	if b.Bytes() != 0 {
		t.Fatalf("closed memories still hold %d bytes", b.Bytes())
	}
}

// TestBudgetConcurrent: many sessions putting and getting graphs at once
// never leave the budget over its bound once they are done, and the
// accounting matches what the memories hold.
func TestBudgetConcurrent(t *testing.T) {
	one := GraphBytes(path(t, 50))
	b := NewBudget(5 * one)
	ws := make([]*Working, 8)
	for i := range ws {
		ws[i] = NewWorking(WorkingLimits{Budget: b, Graphs: 3})
	}
	var wg sync.WaitGroup
	for i, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				if _, err := w.Put(fmt.Sprint("g", j%5), path(t, 50)); err != nil {
					t.Error(err)
					return
				}
				w.Get(It)
				w.Get(fmt.Sprint("g", (j+i)%5))
			}
		}()
	}
	wg.Wait()
	held := int64(0)
	for _, w := range ws {
		held += int64(len(w.Names())) * one
	}
	if b.Bytes() > b.Max() || b.Bytes() != held {
		t.Fatalf("budget %d of %d, memories hold %d", b.Bytes(), b.Max(), held)
	}
}
