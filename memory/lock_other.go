//go:build !unix

package memory

import "os"

// lockFile is a no-op where flock is not available: there a store must not
// be shared by several processes.
func lockFile(*os.File) error { return nil }

// unlockFile is a no-op where flock is not available.
func unlockFile(*os.File) error { return nil }
