//go:build unix

package memory

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestNonRegularLogRefused: a FIFO (whose first read blocked Open forever,
// past SIGTERM) in place of the log or of its lock file is refused at once
// with an error naming it and its kind, and is left in place.
func TestNonRegularLogRefused(t *testing.T) {
	for _, name := range []string{logName, lockName} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			if err := syscall.Mkfifo(path, 0o600); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				s, err := Open(context.Background(), dir, newTestEmbedder())
				if err == nil {
					s.Close()
				}
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Open still blocked on a FIFO after 20 s")
			}
			if !errors.Is(err, ErrNotRegularFile) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "named pipe (FIFO)") {
				t.Fatalf("Open: %v, want ErrNotRegularFile naming %s as a FIFO", err, path)
			}
			if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
				t.Errorf("the FIFO was changed: %v", err)
			}
		})
	}
}
