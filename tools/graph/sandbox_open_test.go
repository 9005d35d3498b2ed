package graph

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gziptest"
	"github.com/graphagent/graphagent/tools/dataset"
)

// TestSandboxOpenRaw reads files as they are: plain, compressed (by either
// name), refused outside the root, bounded by MaxBytes after decompression.
func TestSandboxOpenRaw(t *testing.T) {
	base, s := gzipFixture(t)
	big := strings.Repeat("0\t1\n", 1000)
	if err := os.WriteFile(filepath.Join(base, "root", "big.tsv.gz"), gziptest.Bytes(t, []byte(big)), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	read := func(name string) (string, error) {
		rc, err := s.Open(ctx, name)
		if err != nil {
			return "", err
		}
		defer rc.Close()
		b, err := io.ReadAll(rc)
		return string(b), err
	}
	want := "source\ttarget\tweight\n0\t1\t4\n1\t2\t5\n2\t3\t1\n"
	for _, name := range []string{"g.tsv", "g.tsv.gz"} {
		if got, err := read(name); err != nil || got != want {
			t.Errorf("Open(%s) = %q, %v", name, got, err)
		}
	}
	if got, err := read("both.tsv"); err != nil || got != "a b\n" {
		t.Errorf("Open(both.tsv) = %q, %v; want the plain file", got, err)
	}
	if _, err := read("link.tsv.gz"); !errors.Is(err, ErrOutsideSandbox) {
		t.Errorf("link leading outside: %v", err)
	}
	if _, err := read("../outside/secret.tsv.gz"); !errors.Is(err, ErrOutsideSandbox) {
		t.Errorf("..: %v", err)
	}
	if _, err := read("missing.tsv"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if _, err := read("bad.tsv.gz"); !errors.Is(err, dataset.ErrCorrupt) {
		t.Errorf("bad gzip: %v", err)
	}
	s.MaxBytes = 500 // the compressed file is smaller, its content larger
	if _, err := read("big.tsv"); !errors.Is(err, ErrTooLarge) {
		t.Errorf("past MaxBytes after decompression: %v", err)
	}
	s.MaxBytes = int64(len(big))
	if got, err := read("big.tsv"); err != nil || got != big {
		t.Errorf("exactly MaxBytes: %d bytes, %v", len(got), err)
	}
}
