package graph

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gziptest"
	"github.com/graphagent/graphagent/tools/dataset"
)

// gzipFixture lays out a root with compressed graph files and an outside
// folder:
//
//	root/g.tsv.gz            weighted edge list with a header
//	root/sub/d.json.gz       node-link JSON (format from the inner name)
//	root/both.tsv(.gz)       a plain file beside its compressed twin
//	root/bad.tsv.gz          not gzip data
//	root/short.tsv.gz        a truncated gzip stream
//	root/link.tsv.gz         -> ../outside/secret.tsv.gz
//	outside/secret.tsv.gz
func gzipFixture(t *testing.T) (base string, s *Sandbox) {
	t.Helper()
	base = t.TempDir()
	write := func(rel string, b []byte) {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edges := []byte("source\ttarget\tweight\n0\t1\t4\n1\t2\t5\n2\t3\t1\n")
	write("root/g.tsv.gz", gziptest.Bytes(t, edges))
	write("root/sub/d.json.gz", gziptest.Bytes(t, []byte(`{"directed": true, "nodes": [{"id": "x"}, {"id": "y"}], "edges": [{"source": "x", "target": "y"}]}`)))
	write("root/both.tsv", []byte("a b\n"))
	write("root/both.tsv.gz", gziptest.Bytes(t, edges))
	write("root/bad.tsv.gz", edges)
	good := gziptest.Bytes(t, bytes.Repeat(edges[21:], 200))
	write("root/short.tsv.gz", good[:len(good)/2])
	write("outside/secret.tsv.gz", gziptest.Bytes(t, []byte("s t\n")))
	if err := os.Symlink("../outside/secret.tsv.gz", filepath.Join(base, "root", "link.tsv.gz")); err != nil {
		t.Fatal(err)
	}
	s, err := NewSandbox(filepath.Join(base, "root"))
	if err != nil {
		t.Fatal(err)
	}
	return base, s
}

// TestSandboxLoadGzip reads compressed files asked for by either name.
func TestSandboxLoadGzip(t *testing.T) {
	base, s := gzipFixture(t)
	ctx := context.Background()
	for _, path := range []string{"g.tsv", "g.tsv.gz", filepath.Join(base, "root", "g.tsv"), filepath.Join(base, "root", "g.tsv.gz")} {
		g, err := s.Load(ctx, path, ReadOptions{})
		if err != nil {
			t.Fatalf("Load(%q): %v", path, err)
		}
		if g.N() != 4 || g.M() != 3 || !g.Weighted() || g.Directed() {
			t.Errorf("Load(%q) = %v, want the 4-node weighted path", path, g)
		}
		if g.Name() != filepath.Base(path) {
			t.Errorf("Load(%q) named %q", path, g.Name())
		}
	}
	// The format comes from the name inside the ".gz".
	g, err := s.Load(ctx, "sub/d.json", ReadOptions{})
	if err != nil || !g.Directed() || g.N() != 2 || g.M() != 1 {
		t.Fatalf("node-link JSON in d.json.gz: %v %v", g, err)
	}
	// A plain file wins over its compressed twin.
	g, err = s.Load(ctx, "both.tsv", ReadOptions{})
	if err != nil || g.N() != 2 || g.M() != 1 {
		t.Errorf("both.tsv: %v %v, want the plain file's one edge", g, err)
	}
	if _, err := s.Load(ctx, "none.tsv", ReadOptions{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want fs.ErrNotExist", err)
	}
}

// TestSandboxGzipStaysInside checks that the fallback to "X.gz" never leads
// outside the data folders: through a symbolic link, "..", or an absolute
// path.
func TestSandboxGzipStaysInside(t *testing.T) {
	base, s := gzipFixture(t)
	for _, path := range []string{
		"link.tsv", "link.tsv.gz",
		"../outside/secret.tsv", "../outside/secret.tsv.gz",
		filepath.Join(base, "outside", "secret.tsv"),
		filepath.Join(base, "root", "..", "outside", "secret.tsv"),
	} {
		g, err := s.Load(context.Background(), path, ReadOptions{})
		if !errors.Is(err, ErrOutsideSandbox) {
			t.Errorf("Load(%q) = %v, %v; want ErrOutsideSandbox", path, g, err)
		}
	}
}

// TestSandboxCorruptGzip checks that bad compressed data is a malformed
// graph file whose error names the file as asked for, not its real path.
func TestSandboxCorruptGzip(t *testing.T) {
	base, s := gzipFixture(t)
	for _, tc := range []struct{ path, name string }{
		{"bad.tsv", "bad.tsv.gz"}, {"bad.tsv.gz", "bad.tsv.gz"},
		{"short.tsv", "short.tsv.gz"}, {"short.tsv.gz", "short.tsv.gz"},
	} {
		_, err := s.Load(context.Background(), tc.path, ReadOptions{})
		if !errors.Is(err, ErrSyntax) || !errors.Is(err, dataset.ErrCorrupt) {
			t.Errorf("Load(%q) = %v, want ErrSyntax and dataset.ErrCorrupt", tc.path, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tc.name) || strings.Contains(msg, base) {
			t.Errorf("Load(%q): %q should name %s and not the real folder", tc.path, msg, tc.name)
		}
	}
}

// TestSandboxGzipLimit checks that MaxBytes bounds the decompressed size: a
// small compressed file that expands past it is refused.
func TestSandboxGzipLimit(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("0 1\n"), 1<<16) // 256 KiB that compresses to well under 1 KiB
	if err := os.WriteFile(filepath.Join(dir, "bomb.txt.gz"), gziptest.Bytes(t, big), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	s.MaxBytes = 64 << 10
	if _, err := s.Load(context.Background(), "bomb.txt", ReadOptions{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("decompressed past MaxBytes: %v, want ErrTooLarge", err)
	}
	s.MaxBytes = 1 << 20
	if g, err := s.Load(context.Background(), "bomb.txt", ReadOptions{}); err != nil || g.M() != 1 {
		t.Errorf("within MaxBytes: %v %v, want one edge", g, err)
	}
}
