package graph

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sandboxFixture lays out two roots and an outside folder:
//
//	outside/secret.txt
//	r1/a.edgelist, r1/sub/b.json, r1/link_out -> ../outside/secret.txt,
//	r1/dirlink -> ../outside, r1/link_in -> sub/b.json, r1/to_r2 -> ../r2/c.dot
//	r2/a.edgelist (shadowed by r1's), r2/c.dot, r2/only2.txt (no extension)
func sandboxFixture(t *testing.T) (base string, s *Sandbox) {
	t.Helper()
	base = t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("outside/secret.txt", "s t\n")
	write("r1/a.edgelist", "0 1 4\n1 2 5\n")
	write("r1/sub/b.json", `{"directed": true, "nodes": [{"id": "x"}], "edges": [{"source": "x", "target": "y"}]}`)
	write("r2/a.edgelist", "9 9\n")
	write("r2/c.dot", "graph { p -- q -- r }")
	write("r2/only2.txt", "")
	write("r2/python_edges", "[(0, 1), (1, 2), (2, 3)]")
	for link, target := range map[string]string{
		"r1/link_out": "../outside/secret.txt", "r1/dirlink": "../outside",
		"r1/link_in": "sub/b.json", "r1/to_r2": "../r2/c.dot",
	} {
		if err := os.Symlink(target, filepath.Join(base, link)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := NewSandbox(filepath.Join(base, "r1"), filepath.Join(base, "r2"))
	if err != nil {
		t.Fatal(err)
	}
	return base, s
}

// sameFile fails the test unless f is the file at path.
func sameFile(t *testing.T, f *os.File, path string) bool {
	t.Helper()
	got, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return os.SameFile(got, want)
}

func TestSandboxOpen(t *testing.T) {
	base, s := sandboxFixture(t)
	real := func(rel string) string {
		p, err := filepath.EvalSymlinks(filepath.Join(base, rel))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := []struct{ in, want, name string }{
		{"a.edgelist", "r1/a.edgelist", "a.edgelist"}, // first root wins
		{"c.dot", "r2/c.dot", "c.dot"},
		{"sub/../a.edgelist", "r1/a.edgelist", "a.edgelist"},
		{"./sub/b.json", "r1/sub/b.json", "b.json"},
		{"link_in", "r1/sub/b.json", "b.json"}, // the format comes from the file a link leads to
		{"to_r2", "r2/c.dot", "c.dot"},         // a link into another root is allowed
		{filepath.Join(base, "r2", "c.dot"), "r2/c.dot", "c.dot"},
		{filepath.Join(base, "r1", "sub", "..", "a.edgelist"), "r1/a.edgelist", "a.edgelist"},
	}
	for _, tc := range ok {
		f, name, err := s.open(tc.in)
		if err != nil {
			t.Errorf("open(%q): %v", tc.in, err)
			continue
		}
		if !sameFile(t, f, real(tc.want)) || name != tc.name {
			t.Errorf("open(%q) opened %q named %q; want %s named %q", tc.in, f.Name(), name, tc.want, tc.name)
		}
		f.Close()
	}
	outside := []string{
		"../outside/secret.txt",
		"sub/../../outside/secret.txt",
		"..",
		"link_out",
		"dirlink/secret.txt",
		filepath.Join(base, "outside", "secret.txt"),
		filepath.Join(base, "r1", "link_out"),
		filepath.Join(base, "r1", "..", "outside", "secret.txt"),
		filepath.Join(base, "nowhere", "x"),
		"/etc/passwd",
	}
	for _, in := range outside {
		f, _, err := s.open(in)
		if !errors.Is(err, ErrOutsideSandbox) {
			t.Errorf("open(%q) = %v, want ErrOutsideSandbox", in, err)
			if f != nil {
				f.Close()
			}
			continue
		}
		if !strings.Contains(err.Error(), real("r1")) || !strings.Contains(err.Error(), real("r2")) {
			t.Errorf("error %q does not name the allowed folders", err)
		}
	}
	for _, in := range []string{"missing.txt", filepath.Join(base, "r1", "missing.txt")} {
		if _, _, err := s.open(in); !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrOutsideSandbox) {
			t.Errorf("open(%q) = %v, want ErrNotExist", in, err)
		}
	}
	if _, _, err := s.open(""); err == nil {
		t.Error("empty path accepted")
	}
	if got := s.Roots(); len(got) != 2 || got[0] != real("r1") || got[1] != real("r2") {
		t.Errorf("Roots() = %v", got)
	}
}

func TestNewSandboxErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := NewSandbox(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing root: %v", err)
	}
	f := filepath.Join(dir, "file")
	os.WriteFile(f, nil, 0o644)
	if _, err := NewSandbox(f); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("file root: %v", err)
	}
	if _, err := NewSandbox(); err == nil {
		t.Error("no roots accepted")
	}
	// A relative root is made absolute.
	wd, _ := os.Getwd()
	s, err := NewSandbox(".")
	if err != nil {
		t.Fatal(err)
	}
	if realWD, _ := filepath.EvalSymlinks(wd); s.Roots()[0] != realWD {
		t.Errorf("root %q, want %q", s.Roots()[0], realWD)
	}
}

func TestSandboxLoad(t *testing.T) {
	_, s := sandboxFixture(t)
	ctx := context.Background()
	tests := []struct {
		path     string
		directed bool
		n, m     int
		weighted bool
	}{
		{"a.edgelist", false, 3, 2, true},
		{"sub/b.json", true, 2, 1, false},
		{"c.dot", false, 3, 2, false},
		{"python_edges", false, 4, 3, false}, // detected from content
		{"only2.txt", false, 0, 0, false},
	}
	for _, tc := range tests {
		g, err := s.Load(ctx, tc.path, ReadOptions{})
		if err != nil {
			t.Fatalf("Load(%q): %v", tc.path, err)
		}
		if g.Directed() != tc.directed || g.N() != tc.n || g.M() != tc.m || g.Weighted() != tc.weighted {
			t.Errorf("Load(%q) = %v", tc.path, g)
		}
		if g.Name() != filepath.Base(tc.path) {
			t.Errorf("Load(%q) name %q", tc.path, g.Name())
		}
	}
	if g, err := s.Load(ctx, "a.edgelist", ReadOptions{Name: "mine"}); err != nil || g.Name() != "mine" {
		t.Errorf("explicit name: %v %v", g, err)
	}
	if _, err := s.Load(ctx, "link_out", ReadOptions{}); !errors.Is(err, ErrOutsideSandbox) {
		t.Errorf("Load through an outward link: %v", err)
	}
	if _, err := s.Load(ctx, "sub", ReadOptions{}); !errors.Is(err, ErrNotRegularFile) || !strings.Contains(err.Error(), "folder") {
		t.Errorf("Load of a folder: %v", err)
	}
	small := *s
	small.MaxBytes = 5
	if _, err := small.Load(ctx, "a.edgelist", ReadOptions{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("MaxBytes: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Load(cancelled, "a.edgelist", ReadOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
	if _, err := s.Load(ctx, "a.edgelist", ReadOptions{Limits: Limits{MaxEdges: 1}}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("edge limit: %v", err)
	}
}

// TestSandboxSharedData loads real files through a sandbox over the
// repository's datasets folder, including a GTools file_path with its "../GTools/Test/"
// prefix stripped as the GTools README says.
func TestSandboxSharedData(t *testing.T) {
	s, err := NewSandbox(dataPath(t))
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Load(context.Background(), "karate/edges.tsv", ReadOptions{})
	if err != nil || g.N() != 34 || g.M() != 78 || !g.Weighted() {
		t.Fatalf("karate: %v %v", g, err)
	}
	g, err = s.Load(context.Background(), "gtools/EL/Flow/Di/data/task_0.edgelist", ReadOptions{Directed: true})
	if err != nil || g.M() == 0 || !g.Directed() {
		t.Fatalf("gtools: %v %v", g, err)
	}
}
