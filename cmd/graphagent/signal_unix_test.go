//go:build unix

package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mainEnv, set to 1, makes the test binary run graphagent's main with its
// arguments instead of the tests, so that a test can run the command in a
// process of its own and signal it.
const mainEnv = "GRAPHAGENT_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// startCLI runs the command with args in a child process whose standard
// input is the returned writer; out yields its standard output's lines.
func startCLI(t *testing.T, args ...string) (cmd *exec.Cmd, stdin io.WriteCloser, out *bufio.Scanner) {
	t.Helper()
	cmd = exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1", "GRAPHAGENT_HOME="+t.TempDir())
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return cmd, stdin, bufio.NewScanner(stdout)
}

// waitFor reads lines until one contains want.
func waitFor(t *testing.T, out *bufio.Scanner, want string) {
	t.Helper()
	for out.Scan() {
		if strings.Contains(out.Text(), want) {
			return
		}
	}
	t.Fatalf("the output ended before %q (%v)", want, out.Err())
}

// exitsAfter sends sig to cmd and waits for it to exit, returning the
// rest of its output; a process still running after a minute (far longer
// than an exit takes) fails the test.
func exitsAfter(t *testing.T, cmd *exec.Cmd, out *bufio.Scanner, sig os.Signal) (exitCode int, rest string) {
	t.Helper()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var b strings.Builder
	go func() {
		for out.Scan() {
			b.WriteString(out.Text() + "\n")
		}
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), b.String()
	case <-time.After(time.Minute):
		t.Fatalf("still running a minute after %v", sig)
	}
	return 0, ""
}

// TestChatEndsOnSignal: chat waiting for a line (a pipe with nothing more
// written) ends on SIGTERM, and chat reading a line that never ends (zeros,
// as from /dev/zero) ends on SIGINT.
func TestChatEndsOnSignal(t *testing.T) {
	t.Run("waiting", func(t *testing.T) {
		cmd, stdin, out := startCLI(t, "chat")
		defer stdin.Close()
		if _, err := io.WriteString(stdin, "/graphs\n"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, out, "No graphs in working memory.")
		// Let it go back to waiting for the next line: a signal that
		// arrives while a line is answered was always seen after it.
		time.Sleep(300 * time.Millisecond)
		if code, _ := exitsAfter(t, cmd, out, syscall.SIGTERM); code != exitOK {
			t.Errorf("exit code %d after SIGTERM", code)
		}
	})
	t.Run("endless line", func(t *testing.T) {
		cmd, stdin, out := startCLI(t, "chat")
		if _, err := io.WriteString(stdin, "/graphs\n"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, out, "No graphs in working memory.")
		go func() {
			zeros := make([]byte, 64<<10)
			for {
				if _, err := stdin.Write(zeros); err != nil {
					return // the process ended
				}
			}
		}()
		if code, _ := exitsAfter(t, cmd, out, syscall.SIGINT); code != exitOK {
			t.Errorf("exit code %d after SIGINT", code)
		}
		stdin.Close()
	})
}

// TestAskConfirmEndsOnSignal: ask --confirm waiting for the plan's
// confirmation ends on SIGTERM, without running the plan.
func TestAskConfirmEndsOnSignal(t *testing.T) {
	cmd, stdin, out := startCLI(t, "--data", dataDir(t), "ask", "--confirm", "Remove self-loops and isolated nodes from karate/edges.tsv, then give the diameter.")
	defer stdin.Close()
	waitFor(t, out, "3. diameter")
	code, rest := exitsAfter(t, cmd, out, syscall.SIGTERM)
	if code != exitNoAnswer || strings.Contains(rest, "The diameter") {
		t.Errorf("after SIGTERM: exit %d, output %q", code, rest)
	}
}

// TestExploreEndsOnSignal: interactive explore waiting for a line ends on
// SIGTERM.
func TestExploreEndsOnSignal(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "family.tsv"), []byte("head\trelation\ttail\nAnn\tparent of\tBob\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, stdin, out := startCLI(t, "--data", dir, "explore", "--kg", "family.tsv")
	defer stdin.Close()
	if _, err := io.WriteString(stdin, "What is Ann parent of?\n"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, out, "Bob")
	time.Sleep(300 * time.Millisecond) // back to waiting for a line
	if code, _ := exitsAfter(t, cmd, out, syscall.SIGTERM); code != exitOK {
		t.Errorf("exit code %d after SIGTERM", code)
	}
}
