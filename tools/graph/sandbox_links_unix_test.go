//go:build unix

package graph

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSandboxHardLinks: a hard link inside a data folder to a file outside
// is read by default (it cannot be told from any other file: documented in
// ARCHITECTURE.md) and refused with RefuseHardLinks, by Load and by Open,
// with an error naming the file as asked; a file with one link is still
// read with RefuseHardLinks.
func TestSandboxHardLinks(t *testing.T) {
	base := t.TempDir()
	data, outside := filepath.Join(base, "data"), filepath.Join(base, "outside")
	for _, d := range []string{data, outside} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(outside, "secret.edgelist")
	if err := os.WriteFile(secret, []byte("s1 s2\ns2 s3\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(secret, filepath.Join(data, "link.edgelist")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "own.edgelist"), []byte("a b\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s, err := NewSandbox(data)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if g, err := s.Load(ctx, "link.edgelist", ReadOptions{}); err != nil || g.N() != 3 {
		t.Fatalf("default: the hard link was not read as documented: %v", err)
	}
	s.RefuseHardLinks = true
	if _, err := s.Load(ctx, "link.edgelist", ReadOptions{}); !errors.Is(err, ErrOutsideSandbox) || !strings.Contains(err.Error(), `"link.edgelist"`) || !strings.Contains(err.Error(), "2 hard links") {
		t.Errorf("RefuseHardLinks: Load gave %v, want a refusal naming link.edgelist and its 2 links", err)
	}
	if rc, err := s.Open(ctx, "link.edgelist"); !errors.Is(err, ErrOutsideSandbox) {
		if err == nil {
			b, _ := io.ReadAll(rc)
			rc.Close()
			t.Errorf("RefuseHardLinks: Open read %q", b)
		} else {
			t.Errorf("RefuseHardLinks: Open gave %v", err)
		}
	}
	if g, err := s.Load(ctx, "own.edgelist", ReadOptions{}); err != nil || g.N() != 2 {
		t.Errorf("RefuseHardLinks: a file with one link: %v", err)
	}
}
