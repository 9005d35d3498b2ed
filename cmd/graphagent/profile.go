package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// profileEnv names a file to write a CPU profile of the whole process to
// (for eval/bench/ask.sh and start-up work); unset, nothing is profiled.
const profileEnv = "GRAPHAGENT_CPUPROFILE"

// memProfileEnv names a file to write a heap profile of the whole process
// to at exit (every allocation sampled at 64 KiB; read it with
// go tool pprof -sample_index=alloc_space), to find what a large graph's
// bytes go to.
const memProfileEnv = "GRAPHAGENT_MEMPROFILE"

// startProfile starts the profiles profileEnv and memProfileEnv ask for
// and returns the function that ends them.
func startProfile() func() {
	endMem := func() {}
	if path := os.Getenv(memProfileEnv); path != "" {
		runtime.MemProfileRate = 64 << 10
		endMem = func() {
			runtime.GC() // the profile is as of the last collection
			f, err := os.Create(path)
			if err == nil {
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "graphagent: %s: %v\n", memProfileEnv, err)
			}
		}
	}
	path := os.Getenv(profileEnv)
	if path == "" {
		return endMem
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "graphagent: %s: %v\n", profileEnv, err)
		return endMem
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
		endMem()
	}
}
