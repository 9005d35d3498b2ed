package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestDeferGC checks that the collector is off with a startupHeap limit
// after deferGC, and that the defaults are back once the heap has reached
// the limit (the first collection), so a large graph is collected as
// before.
func TestDeferGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	t.Cleanup(func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
	if !deferGC() {
		t.Fatal("deferGC left the settings alone")
	}
	if got := debug.SetMemoryLimit(-1); got != startupHeap {
		t.Fatalf("memory limit %d, want %d", got, startupHeap)
	}
	var keep [8][]byte
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; debug.SetMemoryLimit(-1) != math.MaxInt64; i++ {
		if time.Now().After(deadline) {
			t.Fatalf("defaults not restored after %d MB allocated", i)
		}
		keep[i%len(keep)] = make([]byte, 1<<20)
		runtime.Gosched()
	}
	if old := debug.SetGCPercent(100); old != 100 {
		t.Fatalf("GC percent %d after the first collection, want 100", old)
	}
	_ = keep
}

// TestDeferGCRespectsGOGC checks that a GOGC set by the user is kept.
func TestDeferGCRespectsGOGC(t *testing.T) {
	t.Setenv("GOGC", "50")
	if deferGC() {
		t.Fatal("deferGC overrode GOGC")
	}
}
