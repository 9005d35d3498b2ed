//go:build unix

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

// TestMemoryLogFIFO: a FIFO in place of the memory log is refused at once
// by memory stats (exit 1 naming it), and ask answers without long-term
// memory instead of hanging (both hung before, ignoring SIGTERM).
func TestMemoryLogFIFO(t *testing.T) {
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "memory"), 0o700); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(home, "memory", "memory.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runCLIBounded(t, "--home", home, "memory", "stats")
	if code == exitOK || !strings.Contains(errOut, fifo) || !strings.Contains(errOut, "named pipe (FIFO)") {
		t.Errorf("memory stats: exit %d, stderr %q; want a refusal naming the FIFO", code, errOut)
	}
	out, errOut, code := runCLIBounded(t, "--home", home, "ask", "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?")
	if code != exitOK || !strings.Contains(out, "cycle") {
		t.Errorf("ask: exit %d, %q %q", code, out, errOut)
	}
}
