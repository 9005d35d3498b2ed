//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/graphagent/graphagent/reasoning/llmtest"
)

// hangingLLM is a scripted LLM server that never answers.
func hangingLLM(t *testing.T) *llmtest.Server {
	srv := llmtest.New(t)
	srv.Handle(func(llmtest.Request) llmtest.Response { return llmtest.Hang() })
	return srv
}

// waitCalled waits until srv has been called: the question is being
// answered.
func waitCalled(t *testing.T, srv *llmtest.Server) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); srv.Calls() == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the LLM server was never called")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestAskCtrlC: Ctrl-C (SIGINT) while ask waits for the LLM exits 130 with
// one line, not "context canceled".
func TestAskCtrlC(t *testing.T) {
	srv := hangingLLM(t)
	cmd := exec.Command(os.Args[0], "--home", t.TempDir(), "ask", "--llm", srv.BaseURL(), "--model", "m", "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?")
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitCalled(t, srv)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		t.Fatal("ask still running a minute after Ctrl-C")
	}
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || out.String() != "" || errOut.String() != "graphagent: interrupted\n" {
		t.Errorf("after Ctrl-C: exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}

// chatProcess is a chat in a child process, fed through stdin, its output
// read line by line.
type chatProcess struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string
}

func startChat(t *testing.T, global []string, args ...string) *chatProcess {
	t.Helper()
	cmd, stdin, out := startCLI(t, append(append(global, "chat"), args...)...)
	p := &chatProcess{cmd: cmd, stdin: stdin, lines: make(chan string, 100)}
	go func() {
		defer close(p.lines)
		for out.Scan() {
			p.lines <- out.Text()
		}
	}()
	return p
}

func (p *chatProcess) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		t.Fatal(err)
	}
}

// expect reads lines until one contains want.
func (p *chatProcess) expect(t *testing.T, want string) {
	t.Helper()
	timeout := time.After(time.Minute)
	var seen []string
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				t.Fatalf("chat ended before %q; it wrote %q", want, seen)
			}
			if strings.Contains(l, want) {
				return
			}
			seen = append(seen, l)
		case <-timeout:
			t.Fatalf("no %q within a minute; chat wrote %q", want, seen)
		}
	}
}

// exit waits for chat to end and returns its exit code.
func (p *chatProcess) exit(t *testing.T) int {
	t.Helper()
	for range p.lines { // drain until stdout closes
	}
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		_ = p.cmd.Process.Kill()
		t.Fatal("chat still running a minute after it was asked to leave")
	}
	return p.cmd.ProcessState.ExitCode()
}

// TestChatCtrlC: Ctrl-C while chat answers a question (waiting for the LLM,
// or for the answer to a plan) cancels that question and chat goes on; at
// the prompt, a second Ctrl-C leaves, and so does Ctrl-D.
func TestChatCtrlC(t *testing.T) {
	t.Run("question, then Ctrl-C at the prompt", func(t *testing.T) {
		srv := hangingLLM(t)
		p := startChat(t, nil, "--llm", srv.BaseURL(), "--model", "m")
		p.send(t, "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?")
		waitCalled(t, srv)
		if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		p.expect(t, "Interrupted.")
		p.send(t, "/graphs")
		p.expect(t, "graph1: 3 nodes, 3 edges")
		time.Sleep(300 * time.Millisecond) // back at the prompt
		if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		if code := p.exit(t); code != exitOK {
			t.Errorf("exit %d after the second Ctrl-C", code)
		}
	})
	t.Run("plan, then Ctrl-D", func(t *testing.T) {
		p := startChat(t, []string{"--data", dataDir(t)})
		p.send(t, "Remove self-loops and isolated nodes from karate/edges.tsv, then give the diameter.")
		p.expect(t, "3. diameter")
		time.Sleep(300 * time.Millisecond) // waiting for the plan's answer
		if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		p.expect(t, "Interrupted.")
		p.send(t, "How many nodes are in the graph 0-1, 1-2, 2-3?")
		p.expect(t, "4 nodes")
		p.stdin.Close() // Ctrl-D
		if code := p.exit(t); code != exitOK {
			t.Errorf("exit %d after Ctrl-D", code)
		}
	})
}
