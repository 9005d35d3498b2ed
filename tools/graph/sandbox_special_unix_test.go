//go:build unix

package graph

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadBounded runs Load in a goroutine and fails the test if it has not
// returned after a long grace period: a hang detector, not a speed check.
func loadBounded(t *testing.T, s *Sandbox, path string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := s.Load(context.Background(), path, ReadOptions{})
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatalf("Load(%q) still blocked after 20s", path)
		return nil
	}
}

// TestSandboxRefusesSpecialFiles checks that a FIFO (with no writer, which
// blocks a plain open forever), a socket and a folder inside the data
// folder are refused, without blocking, by an error naming the file and its
// kind.
func TestSandboxRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"pipe", "hidden.tsv.gz"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.tsv"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("pipe", filepath.Join(dir, "to_pipe")); err != nil {
		t.Fatal(err)
	}
	sockDir, err := os.MkdirTemp("", "gs") // short: socket paths are limited to about 100 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sockDir) })
	l, err := net.Listen("unix", filepath.Join(sockDir, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	s, err := NewSandbox(dir, sockDir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, tc := range []struct{ path, kind string }{
		{"pipe", "FIFO"}, {"to_pipe", "FIFO"}, {"hidden.tsv", "FIFO"}, {filepath.Join(dir, "pipe"), "FIFO"},
		{"sock", "socket"}, {"folder.tsv", "folder"}, {".", "folder"},
	} {
		err := loadBounded(t, s, tc.path)
		if !errors.Is(err, ErrNotRegularFile) || !strings.Contains(err.Error(), tc.kind) || !strings.Contains(err.Error(), filepath.Base(tc.path)) {
			t.Errorf("Load(%q) = %v; want ErrNotRegularFile naming the file and %q", tc.path, err, tc.kind)
		}
	}
}
