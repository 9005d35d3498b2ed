package explore

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/graphagent/graphagent/tools/kg"
)

// TestCacheLoadsOnceAndRetriesFailures: many concurrent questions about one
// graph load it once and share its explorer; a failed load is not
// remembered, so the next question loads again.
func TestCacheLoadsOnceAndRetriesFailures(t *testing.T) {
	var loads, fails atomic.Int32
	errBroken := errors.New("broken")
	c := NewCache(func(ctx context.Context, name string) (*kg.KG, error) {
		if name == "broken" {
			fails.Add(1)
			return nil, errBroken
		}
		loads.Add(1)
		b := kg.NewBuilder(name)
		b.Add("a", "knows", "b")
		return b.Build()
	}, Options{})
	got := make([]*Explorer, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x, err := c.Explorer(context.Background(), "small")
			if err != nil {
				t.Error(err)
			}
			got[i] = x
		}()
	}
	wg.Wait()
	for _, x := range got {
		if x == nil || x != got[0] || x.KG().Name() != "small" {
			t.Fatalf("explorers %v: want one, of small", got)
		}
	}
	if n := loads.Load(); n != 1 {
		t.Errorf("small loaded %d times, want 1", n)
	}
	for range 2 {
		if x, err := c.Explorer(context.Background(), "broken"); !errors.Is(err, errBroken) || x != nil {
			t.Errorf("broken: %v, %v", x, err)
		}
	}
	if n := fails.Load(); n != 2 {
		t.Errorf("a failed load was tried %d times in 2 questions, want 2", n)
	}
}
