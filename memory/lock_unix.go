//go:build unix

package memory

import (
	"fmt"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f, waiting for it, so that
// processes sharing a store do not interleave appends with a compaction or
// a torn-tail repair.
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fmt.Errorf("memory: lock %s: %w", f.Name(), err)
		}
		return nil
	}
}

// unlockFile releases lockFile's lock.
func unlockFile(f *os.File) error {
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_UN); err != nil {
		return fmt.Errorf("memory: unlock %s: %w", f.Name(), err)
	}
	return nil
}
