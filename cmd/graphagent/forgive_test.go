package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// TestAskReadsStdin: "ask -" reads the question from standard input, here
// one of over 300 KB, longer than an argument list takes.
func TestAskReadsStdin(t *testing.T) {
	var b strings.Builder
	b.WriteString("How many edges are in the graph ")
	n := 0
	for b.Len() < 300<<10 {
		fmt.Fprintf(&b, "%d-%d, ", n, n+1)
		n++
	}
	fmt.Fprintf(&b, "%d-%d?", n, n+1)
	n++
	out, errOut, code := runCLIIn(t, b.String(), "--home", t.TempDir(), "ask", "-")
	if want := fmt.Sprintf("The graph has %d edges.\n", n); code != exitOK || out != want {
		t.Errorf("ask - with %d bytes: exit %d, %q, want %q (stderr %q)", b.Len(), code, out, want, errOut)
	}
	// --confirm would read the plan's answer from the same input.
	if _, errOut, code := runCLIIn(t, "How many nodes in 0-1?", "ask", "--confirm", "-"); code != exitUsage || !strings.Contains(errOut, "--confirm") {
		t.Errorf("ask --confirm -: exit %d, %q", code, errOut)
	}
}

// TestChatReadsPipedStdin: chat whose input is not a terminal reads one
// question a line, without a prompt, and keeps the graph between them.
func TestChatReadsPipedStdin(t *testing.T) {
	out, errOut, code := runCLIIn(t, "Remember this graph: 0-1, 1-2, 2-3, 3-0, 0-2.\nHow many triangles does it have?\n", "--home", t.TempDir(), "chat")
	want := "Loaded graph1: 4 nodes, 5 edges, undirected.\nThe graph has 2 triangles.\n"
	if code != exitOK || out != want {
		t.Errorf("exit %d, %q, want %q (stderr %q)", code, out, want, errOut)
	}
}

// TestDashedQuestions: "--" ends the flags, and a question that starts with
// a dash (a bullet list) is a question even without it; "-" alone is
// standard input.
func TestDashedQuestions(t *testing.T) {
	home := t.TempDir()
	for _, args := range [][]string{
		{"ask", "--", "- 0-1, 1-2: how many edges?"},
		{"ask", "- 0-1, 1-2: how many edges?"},
		{"ask", "--json", "--", "- 0-1, 1-2: how many edges?"},
	} {
		out, errOut, code := runCLI(t, append([]string{"--home", home}, args...)...)
		if code != exitOK || !strings.Contains(out, "2 edges") {
			t.Errorf("%q: exit %d, %q, %q", args, code, out, errOut)
		}
	}
	// After "--" a flag-shaped question is the question, not --explain.
	out, errOut, code := runCLI(t, "--home", home, "ask", "--", "--explain")
	if code != exitNoAnswer || strings.Contains(out, "graph") || strings.Contains(errOut, "flag") {
		t.Errorf("ask -- --explain: exit %d, %q, %q", code, out, errOut)
	}
}

// TestMistypedFlag: an unknown flag is one line on stderr, with the nearest
// flag, not the command's help and the error twice.
func TestMistypedFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ask", "--exlpain", "How many nodes in 0-1?"}, "graphagent: ask has no flag --exlpain; did you mean --explain? (see 'graphagent ask --help')\n"},
		{[]string{"tools", "run", "pagerank", "--grap", "g.tsv"}, "graphagent: tools run has no flag --grap; did you mean --graph? (see 'graphagent tools run --help')\n"},
		{[]string{"--dat", "x", "ask", "q"}, "graphagent: there is no global flag --dat; did you mean --data? (see 'graphagent --help')\n"},
		{[]string{"ask", "--data", "x", "q"}, "graphagent: ask has no flag --data; --data is a global flag: put it before the command (graphagent --data ...) (see 'graphagent ask --help')\n"},
		{[]string{"ask", "--graph"}, "graphagent: --graph needs a value (see 'graphagent ask --help')\n"},
		{[]string{"eval", "--zzz"}, "graphagent: eval has no flag --zzz (see 'graphagent eval --help')\n"},
	} {
		out, errOut, code := runCLI(t, c.args...)
		if code != exitUsage || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestHelpCommandEqualsHelpFlag: "help CMD ..." prints exactly what
// "CMD ... --help" does, for every command and subcommand.
func TestHelpCommandEqualsHelpFlag(t *testing.T) {
	var paths [][]string
	var walk func(prefix []string, cmds []*cli.Command)
	walk = func(prefix []string, cmds []*cli.Command) {
		for _, c := range cmds {
			if c.Name == "help" {
				continue
			}
			p := append(append([]string{}, prefix...), c.Name)
			paths = append(paths, p)
			walk(p, c.Subcommands)
		}
	}
	walk(nil, newApp(nil, nil, nil).Commands)
	if len(paths) < 20 {
		t.Fatalf("only %d commands found", len(paths))
	}
	for _, p := range paths {
		a, aErr, aCode := runCLI(t, append([]string{"help"}, p...)...)
		b, bErr, bCode := runCLI(t, append(p, "--help")...)
		if a != b || aErr != bErr || aCode != bCode || aCode != exitOK || !strings.Contains(b, "USAGE") {
			t.Errorf("help %s (exit %d, %d bytes) differs from %s --help (exit %d, %d bytes)", strings.Join(p, " "), aCode, len(a), strings.Join(p, " "), bCode, len(b))
		}
	}
}

var updateGolden = flag.Bool("update", false, "rewrite testdata/messages.golden")

// TestErrorMessagesGolden: the error messages of common mistakes, kept in
// testdata/messages.golden (go test -run TestErrorMessagesGolden -update
// rewrites it): each is one line, and none repeats a prefix, says "context
// canceled" or strings sentinel labels together; with the builtin backend
// none mentions a server, and "no tool fits" points to 'tools list'.
func TestErrorMessagesGolden(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "g.tsv"), []byte("0 1\n1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	cases := [][]string{
		{"ask", "Is there a path in 0-1, 1-2?"},
		{"ask", "What is the meaning of life?"},
		{"ask", "How many nodes are in missing.tsv?"},
		{"ask", "How many nodes are in ../outside.tsv?"},
		{"ask"},
		{"ask", "a", "b"},
		{"tools", "run", "shortest_path", "--graph", "g.tsv", "--arg", "source=0"},
		{"tools", "run", "shortest_path", "--graph", "g.tsv", "--arg", "source=0", "--arg", "target=9"},
		{"tools", "run", "no_such_tool", "--graph", "g.tsv"},
		{"tools", "show", "shortest_pth"},
		{"askk", "q"},
		{"ask", "--timeout", "0s", "How many nodes in 0-1?"},
		{"ask", "--timeout", "1ns", "How many nodes are in 0-1, 1-2, 2-3?"},
		{"ask", "Which node would make the best team captain in 0-1, 1-2, 2-3?"},
	}
	var b strings.Builder
	for _, args := range cases {
		_, errOut, code := runCLI(t, append([]string{"--data", dir, "--home", home}, args...)...)
		fmt.Fprintf(&b, "$ graphagent %s\nexit %d\n%s\n", strings.Join(args, " "), code, errOut)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if errOut == "" || len(lines) != 1 {
			t.Errorf("%q: stderr is %d lines, want one message: %q", args, len(lines), errOut)
		}
		// No server to check with the builtin backend; "no tool fits"
		// says where the tools are listed.
		if strings.Contains(errOut, "server") || strings.Contains(errOut, "no tool fits") && !strings.Contains(errOut, "tools list") {
			t.Errorf("%q: %s", args, errOut)
		}
	}
	got := strings.ReplaceAll(b.String(), dir, "DATA")
	checkMessages(t, got)
	path := filepath.Join("testdata", "messages.golden")
	if *updateGolden {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run TestErrorMessagesGolden -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("messages differ from %s (rerun with -update if the change is meant):\n%s", path, got)
	}
}

// repeatedPrefix finds "X: X:" in a message.
var repeatedPrefix = regexp.MustCompile(`(?:^|[ (])([\w.-]+): ([\w.-]+):`)

// checkMessages fails on the forms the issue names in any message text.
func checkMessages(t *testing.T, text string) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		for _, m := range repeatedPrefix.FindAllStringSubmatch(line, -1) {
			if m[1] == m[2] {
				t.Errorf("a repeated prefix %q: %s", m[1], line)
			}
		}
		for _, bad := range []string{"context canceled", "context deadline exceeded", "bad parameters: bad arguments", ": could not answer"} {
			if strings.Contains(line, bad) {
				t.Errorf("%q in: %s", bad, line)
			}
		}
	}
}

// TestTidyMessage: the rules of tidyMessage on the messages the issue cites.
func TestTidyMessage(t *testing.T) {
	for in, want := range map[string]string{
		"shortest_path: shortest_path: missing parameter": "shortest_path: missing parameter",
		"no valid parameters for path_exists: path_exists: no parameters found in the question: bad parameters: bad arguments: could not answer": "no valid parameters for path_exists: no parameters found in the question",
		"I could not answer: x: bad arguments.":                            "I could not answer: x.",
		"context canceled":                                                 "interrupted",
		"the question gives no graph (no edges): no graph to answer about": "the question gives no graph (no edges)",
		"tools run: unknown tool \"x\"":                                    "tools run: unknown tool \"x\"",
	} {
		if got := tidyMessage(in); got != want {
			t.Errorf("tidyMessage(%q) = %q, want %q", in, got, want)
		}
	}
}
