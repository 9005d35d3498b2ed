package tools

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// sourceWorkers is how many goroutines run an all-sources computation over a
// graph of n nodes and m adjacency entries: GOMAXPROCS, but one when the
// whole job is too small for goroutines to pay off, and never more than n.
func sourceWorkers(n, m int) int {
	w := runtime.GOMAXPROCS(0)
	if int64(n)*int64(n+m) < 1<<15 {
		w = 1
	}
	if w > n {
		w = n
	}
	if w < 1 {
		w = 1
	}
	return w
}

// forEachSource calls fn(worker, src) for every source in [0, n) on a pool of
// workers goroutines. Worker w handles the sources w, w+workers, w+2*workers,
// ... in increasing order: the assignment is static, so a result that each
// worker accumulates in its own buffer and the caller merges in worker order
// is deterministic for a given worker count. Each call of fn is meant to be
// a sizeable piece of work (a search over the graph), so ctx is checked
// before every call. It stops at the first error of fn, or when ctx ends,
// and returns that error.
func forEachSource(ctx context.Context, n, workers int, fn func(worker int, src int32) error) error {
	if workers <= 1 {
		for s := 0; s < n; s++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := fn(0, int32(s)); err != nil {
				return err
			}
		}
		return nil
	}
	var (
		wg       sync.WaitGroup
		stop     atomic.Bool
		errOnce  sync.Once
		firstErr error
	)
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		stop.Store(true)
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for s := w; s < n; s += workers {
				if stop.Load() {
					return
				}
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				if err := fn(w, int32(s)); err != nil {
					fail(err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return firstErr
}
