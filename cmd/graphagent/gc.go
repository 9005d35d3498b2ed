package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// startupHeap is the heap size up to which a process runs without garbage
// collection.
const startupHeap = 32 << 20

// deferGC turns the collector off until the heap first reaches
// startupHeap, then back to the default (GOGC=100, no limit). One question
// allocates a few megabytes in a process that ends in milliseconds:
// collecting them was about a sixth of the CPU of a `graphagent ask`. A
// large graph reaches startupHeap early and is collected as before from
// then on, so peak memory does not grow beyond startupHeap's worth. A
// GOGC or GOMEMLIMIT set by the user is left alone. It returns whether it
// changed the settings.
func deferGC() bool {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return false
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(startupHeap)
	// The first collection (forced by the limit) finalizes the sentinel,
	// whose finalizer restores the defaults.
	sentinel := new([64]byte) // not a tiny allocation, which may never be finalized
	runtime.SetFinalizer(sentinel, func(*[64]byte) {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
	return true
}
