//go:build unix

package fsutil

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestKindAndLinks(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	if err := os.WriteFile(a, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{a: "regular file", dir: "folder", fifo: "named pipe (FIFO)"} {
		fi, err := os.Lstat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := Kind(fi.Mode()); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	count := func() uint64 {
		fi, err := os.Stat(a)
		if err != nil {
			t.Fatal(err)
		}
		n, ok := Links(fi)
		if !ok {
			t.Fatal("no link count on a unix system")
		}
		return n
	}
	if n := count(); n != 1 {
		t.Errorf("%d links, want 1", n)
	}
	if err := os.Link(a, filepath.Join(dir, "b")); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 2 {
		t.Errorf("%d links after os.Link, want 2", n)
	}
}
