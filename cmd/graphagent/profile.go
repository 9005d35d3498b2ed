package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// profileEnv names a file to write a CPU profile of the whole process to
// (for eval/bench/ask.sh and start-up work); unset, nothing is profiled.
const profileEnv = "GRAPHAGENT_CPUPROFILE"

// startProfile starts the CPU profile profileEnv asks for and returns the
// function that ends it.
func startProfile() func() {
	path := os.Getenv(profileEnv)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "graphagent: %s: %v\n", profileEnv, err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
