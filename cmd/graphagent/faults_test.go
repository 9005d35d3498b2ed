package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runCLIBounded is runCLI that fails the test if the command has not
// returned after a long grace period: a hang detector, not a speed check.
func runCLIBounded(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	type result struct {
		out, errOut string
		code        int
	}
	done := make(chan result, 1)
	go func() {
		out, errOut, code := runCLI(t, args...)
		done <- result{out, errOut, code}
	}()
	select {
	case r := <-done:
		return r.out, r.errOut, r.code
	case <-time.After(20 * time.Second):
		t.Fatalf("graphagent %s still running after 20s", strings.Join(args, " "))
		return "", "", 0
	}
}

// TestFIFOInDataFolder checks that a FIFO in the data folder (which blocks
// a plain open until a writer comes) is refused with exit 2 by ask and by
// tools run, instead of hanging.
func TestFIFOInDataFolder(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--data", dir, "ask", "--graph", "fifo", "How many nodes are there?"},
		{"--data", dir, "tools", "run", "node_count", "--graph", "fifo"},
	} {
		_, errOut, code := runCLIBounded(t, args...)
		if code != exitUsage || !strings.Contains(errOut, `"fifo"`) || !strings.Contains(errOut, "not a regular file") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming the FIFO", args, code, errOut)
		}
	}
}

// TestMissingFileKeepsOutsidePathsPrivate checks that the error for a file
// reached through a link out of the data folder names the file as asked,
// never the real path outside.
func TestMissingFileKeepsOutsidePathsPrivate(t *testing.T) {
	base := t.TempDir()
	data, secret := filepath.Join(base, "data"), filepath.Join(base, "elsewhere9")
	for _, d := range []string{data, secret} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(secret, "missing.tsv"), filepath.Join(data, "dangling.tsv")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(data, "dir")); err != nil {
		t.Fatal(err)
	}
	for _, g := range []string{
		"dangling.tsv", filepath.Join(data, "dangling.tsv"), "dir/none.tsv", filepath.Join(data, "dir", "none.tsv"),
	} {
		_, errOut, code := runCLI(t, "--data", data, "tools", "run", "node_count", "--graph", g)
		if code != exitUsage || strings.Contains(errOut, "elsewhere9") || !strings.Contains(errOut, g) {
			t.Errorf("--graph %s: exit %d, stderr %q; want exit 2 naming only the file as asked", g, code, errOut)
		}
	}
}
