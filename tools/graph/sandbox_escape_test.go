package graph

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The secret file outside the data folder and the file inside it differ in
// content, so that what was read tells where it was read from.
const (
	insideText = "1 2\n"
	secretText = "666 667\n"
)

// escapeFixture lays out one data folder beside an outside folder:
//
//	outside/secret.txt, outside/sub/secret.txt
//	root/g.txt, root/sub/h.txt
//	root/out_rel -> ../outside/secret.txt     root/out_abs -> <base>/outside/secret.txt
//	root/out_dir -> ../outside                root/dangle_out -> ../outside/missing
//	root/c1 -> c2 -> c3 -> ../outside/secret.txt (a chain that ends outside)
//	root/i1 -> i2 -> sub/h.txt (a chain that stays inside)
//	root/in_abs -> <base>/root/g.txt (absolute, but inside)
//	root/sub/up -> .. (the root itself)       root/sub/up2 -> ../.. (the base)
//	root/loop1 -> loop2 -> loop1
func escapeFixture(t testing.TB) (base string, s *Sandbox) {
	t.Helper()
	base = t.TempDir()
	// The real path, so that absolute links and expectations agree with the
	// sandbox's resolved roots (a temporary folder may be behind a link).
	base, err := filepath.EvalSymlinks(base)
	if err != nil {
		t.Fatal(err)
	}
	write := func(rel, text string) {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("outside/secret.txt", secretText)
	write("outside/sub/secret.txt", secretText)
	write("root/g.txt", insideText)
	write("root/sub/h.txt", insideText)
	links := [][2]string{
		{"root/out_rel", "../outside/secret.txt"},
		{"root/out_abs", filepath.Join(base, "outside", "secret.txt")},
		{"root/out_dir", "../outside"},
		{"root/dangle_out", "../outside/missing"},
		{"root/c1", "c2"}, {"root/c2", "c3"}, {"root/c3", "../outside/secret.txt"},
		{"root/i1", "i2"}, {"root/i2", "sub/h.txt"},
		{"root/in_abs", filepath.Join(base, "root", "g.txt")},
		{"root/sub/up", ".."},
		{"root/sub/up2", "../.."},
		{"root/loop1", "loop2"}, {"root/loop2", "loop1"},
	}
	for _, l := range links {
		if err := os.Symlink(l[1], filepath.Join(base, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	s, err = NewSandbox(filepath.Join(base, "root"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return base, s
}

// readThrough opens path through the sandbox and returns its content.
func readThrough(s *Sandbox, path string) (string, error) {
	f, _, err := s.open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 1<<10))
	return string(b), err
}

// checkNoLeak fails the test if what a path gave is the outside file, or if
// an error message names a real path of the outside folder.
func checkNoLeak(t testing.TB, base, path, content string, err error) {
	t.Helper()
	if strings.Contains(content, "666") {
		t.Fatalf("open(%q) read the file outside the data folder", path)
	}
	if err != nil {
		outside := filepath.Join(base, "outside")
		if msg := err.Error(); strings.Contains(msg, outside) && !strings.Contains(path, outside) {
			t.Errorf("open(%q): %q reveals the outside folder %s", path, msg, outside)
		}
	}
}

// TestSandboxEscapeTable tries the ways a path can lead out of a data
// folder: "..", absolute paths, links out (relative, absolute, to a folder,
// dangling, at the end of a chain), NUL bytes and overlong names. Links
// that stay inside (a chain, an absolute link to the folder itself, a link
// to the folder from below) still work.
func TestSandboxEscapeTable(t *testing.T) {
	base, s := escapeFixture(t)
	type want int
	const (
		ok want = iota
		outside
		missing
		invalid // refused for another reason (NUL, too long, loop)
	)
	cases := []struct {
		path string
		want want
	}{
		{"g.txt", ok},
		{"i1", ok},
		{"in_abs", ok},
		{"sub/up/g.txt", ok},
		{"sub/../g.txt", ok},
		{"./sub/./h.txt", ok},
		{filepath.Join(base, "root", "g.txt"), ok},
		{filepath.Join(base, "root", "sub", "up", "g.txt"), ok},
		{"..", outside},
		{"../outside/secret.txt", outside},
		{"x/../../outside/secret.txt", outside},
		{"sub/../../outside/secret.txt", outside},
		{"sub/up/../outside/secret.txt", missing}, // ".." is lexical: sub/outside/secret.txt
		{"out_rel", outside},
		{"out_abs", outside},
		{"out_dir/secret.txt", outside},
		{"out_dir/missing.txt", outside}, // no oracle for what exists outside
		{"out_dir/sub/secret.txt", outside},
		{"dangle_out", outside},
		{"c1", outside},
		{"sub/up2/outside/secret.txt", outside},
		{"sub/up/out_rel", outside},
		{filepath.Join(base, "outside", "secret.txt"), outside},
		{filepath.Join(base, "root", "..", "outside", "secret.txt"), outside},
		{filepath.Join(base, "root", "out_rel"), outside},
		{filepath.Join(base, "root", "dangle_out"), outside},
		{filepath.Join(base, "root", "out_dir", "none.txt"), outside},
		{"/etc/passwd", outside},
		{"/", outside},
		{"missing.txt", missing},
		{"sub/missing.txt", missing},
		{filepath.Join(base, "root", "missing.txt"), missing},
		{"g.txt\x00../../outside/secret.txt", invalid},
		{"\x00", invalid},
		{"", invalid},
		{"loop1", invalid},
		{"g.txt/x", invalid},
		{strings.Repeat("x", 300), invalid},
		{strings.Repeat("sub/", 2000) + "g.txt", missing},
		{strings.Repeat("sub/up/", 1200) + "g.txt", invalid}, // more links than are followed
	}
	for _, tc := range cases {
		content, err := readThrough(s, tc.path)
		checkNoLeak(t, base, tc.path, content, err)
		if err != nil && len(err.Error()) > 1000 {
			t.Errorf("open(%.40q…): message of %d bytes", tc.path, len(err.Error()))
		}
		switch tc.want {
		case ok:
			if err != nil || content != insideText {
				t.Errorf("open(%q) = %q, %v; want the inside file", tc.path, content, err)
			}
		case outside:
			if !errors.Is(err, ErrOutsideSandbox) {
				t.Errorf("open(%q) = %q, %v; want ErrOutsideSandbox", tc.path, content, err)
			}
		case missing:
			if !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrOutsideSandbox) {
				t.Errorf("open(%q) = %v; want fs.ErrNotExist", tc.path, err)
			}
		case invalid:
			if err == nil || errors.Is(err, ErrOutsideSandbox) || errors.Is(err, fs.ErrNotExist) {
				t.Errorf("open(%.60q) = %v; want another error", tc.path, err)
			}
		}
		if err != nil && tc.path != "" && len(tc.path) < 100 && !strings.Contains(err.Error(), shown(tc.path)) {
			t.Errorf("open(%q): %q does not name the file as asked", tc.path, err)
		}
	}
}

// TestSandboxSymlinkRace swaps entries of the data folder between a regular
// file (or folder) and a link to the outside while another goroutine loads
// them through the sandbox: a check-then-open sandbox reads the outside file
// when the swap falls between its check and its open. Nothing outside may
// ever be read. The loop is bounded in iterations and time.
func TestSandboxSymlinkRace(t *testing.T) {
	base, s := escapeFixture(t)
	root := filepath.Join(base, "root")
	const maxIter = 20000
	deadline := time.Now().Add(3 * time.Second)
	var stop atomic.Bool
	var wg sync.WaitGroup
	swapErr := make(chan error, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		// "f" is replaced, atomically, by a regular file and by a link out;
		// "d" alternates between a real folder and a link to the outside
		// folder (both holding a file "secret.txt").
		f, d := filepath.Join(root, "f"), filepath.Join(root, "d")
		dReal, dLink := filepath.Join(root, "d.real"), filepath.Join(root, "d.link")
		if err := os.MkdirAll(dReal, 0o755); err != nil {
			swapErr <- err
			return
		}
		if err := os.WriteFile(filepath.Join(dReal, "secret.txt"), []byte(insideText), 0o644); err != nil {
			swapErr <- err
			return
		}
		if err := os.Symlink("../outside", dLink); err != nil {
			swapErr <- err
			return
		}
		for !stop.Load() {
			steps := []func() error{
				func() error { return os.WriteFile(f+".tmp", []byte(insideText), 0o644) },
				func() error { return os.Rename(f+".tmp", f) },
				func() error { return os.Rename(dReal, d) },
				func() error { return os.Symlink("../outside/secret.txt", f+".lnk") },
				func() error { return os.Rename(f+".lnk", f) },
				func() error { return os.Rename(d, dReal) },
				func() error { return os.Rename(dLink, d) },
				func() error { return os.Rename(d, dLink) },
			}
			for _, step := range steps {
				if err := step(); err != nil {
					swapErr <- err
					return
				}
			}
		}
	}()
	var inside, refused int
	paths := []string{"f", "d/secret.txt", filepath.Join(root, "f"), filepath.Join(root, "d", "secret.txt")}
	for i := 0; i < maxIter && time.Now().Before(deadline); i++ {
		p := paths[i%len(paths)]
		g, err := s.Load(context.Background(), p, ReadOptions{})
		if err == nil {
			if _, leaked := g.Index("666"); leaked {
				stop.Store(true)
				wg.Wait()
				t.Fatalf("iteration %d: Load(%q) read the file outside the data folder", i, p)
			}
			inside++
		} else {
			checkNoLeak(t, base, p, "", err)
			refused++
		}
	}
	stop.Store(true)
	wg.Wait()
	select {
	case err := <-swapErr:
		t.Fatalf("swapping: %v", err)
	default:
	}
	t.Logf("%d loads read the inside file, %d were refused", inside, refused)
	if inside == 0 {
		t.Fatal("no load read the inside file: the race was not exercised")
	}
}

// FuzzSandboxOpen opens arbitrary paths in the escape fixture: none may read
// the outside file, panic, or name the outside folder in an error; what
// opens is a regular file of the data folder.
func FuzzSandboxOpen(f *testing.F) {
	for _, seed := range []string{
		"g.txt", "i1", "in_abs", "sub/up/g.txt", "..", "../outside/secret.txt", "x/../../outside/secret.txt",
		"out_rel", "out_abs", "out_dir/secret.txt", "c1", "sub/up2/outside/secret.txt", "loop1", "/etc/passwd",
		"g.txt\x00x", "sub//up/./../sub/h.txt", "g.txt.gz", "ROOT/g.txt", "ROOT/../outside/secret.txt",
	} {
		f.Add(seed)
	}
	base, s := escapeFixture(f)
	root := filepath.Join(base, "root")
	f.Fuzz(func(t *testing.T, path string) {
		// Let the fuzzer reach absolute paths in the fixture too.
		path = strings.ReplaceAll(path, "ROOT", root)
		fh, _, err := s.open(path)
		if err != nil {
			checkNoLeak(t, base, path, "", err)
			return
		}
		defer fh.Close()
		fi, err := fh.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			t.Fatalf("open(%q) gave a non-regular file: %v %v", path, fi, err)
		}
		b, err := io.ReadAll(fh)
		checkNoLeak(t, base, path, string(b), err)
		if string(b) != insideText {
			t.Fatalf("open(%q) read %q, not a file of the data folder", path, b)
		}
	})
}

// BenchmarkSandboxOpen measures what opening through the data folder's
// os.Root (type check, non-blocking open, check again) costs against a
// plain os.Open of the same file, and a whole Load of a tiny graph.
func BenchmarkSandboxOpen(b *testing.B) {
	base, s := escapeFixture(b)
	b.Run("sandbox", func(b *testing.B) {
		for b.Loop() {
			f, _, err := s.open("sub/h.txt")
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	b.Run("sandbox-link-chain", func(b *testing.B) {
		for b.Loop() {
			f, _, err := s.open("i1")
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	b.Run("os.Open", func(b *testing.B) {
		p := filepath.Join(base, "root", "sub", "h.txt")
		for b.Loop() {
			f, err := os.Open(p)
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	b.Run("Load", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Load(context.Background(), "sub/h.txt", ReadOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
