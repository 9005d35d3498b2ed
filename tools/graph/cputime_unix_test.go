//go:build unix

package graph

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) the process has used, its
// GC workers' included: on a machine shared with other work it is a
// steadier measure of a benchmark than the wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
