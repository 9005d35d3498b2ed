package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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

// TestUnknownCommand checks that an unknown command or subcommand is a
// usage error (exit 2, not urfave/cli's 3) that lists the commands and
// suggests a near one.
func TestUnknownCommand(t *testing.T) {
	for _, c := range []struct {
		args       []string
		want, hint string
	}{
		{[]string{"frobnicate"}, "ask, chat, tools", ""},
		{[]string{"tool", "list"}, "ask, chat, tools", `did you mean "tools"`},
		{[]string{"help", "askk"}, "ask, chat, tools", `did you mean "ask"`},
		{[]string{"tools", "rn"}, "list, show, run", `did you mean "run"`},
		{[]string{"memory", "frobnicate"}, "graphagent memory --help", ""},
	} {
		out, errOut, code := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, "unknown command") || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, c.hint) {
			t.Errorf("%v: exit %d, stderr %q, stdout %.80q; want exit 2, the commands (%q) and %q", c.args, code, errOut, out, c.want, c.hint)
		}
		if c.hint == "" && strings.Contains(errOut, "did you mean") {
			t.Errorf("%v: %q suggests a far command", c.args, errOut)
		}
	}
	// A leaf command's argument is not taken for an unknown command when
	// something else is wrong (urfave/cli looks it up to show help).
	if _, errOut, code := runCLI(t, "tools", "run", "node_count"); code != exitUsage || !strings.Contains(errOut, `"graph"`) || strings.Contains(errOut, "unknown command") {
		t.Errorf("tools run without --graph: exit %d, stderr %q; want exit 2 about the missing --graph", code, errOut)
	}
	// Help still works and succeeds, also with a leaf command's arguments;
	// the app's help documents the exit codes.
	for _, args := range [][]string{
		{"help"}, {"help", "ask"}, {"tools"}, {"--help"}, {"tools", "run", "node_count", "--help"}, {"ask", "-h", "what"},
	} {
		if out, errOut, code := runCLI(t, args...); code != exitOK || !strings.Contains(out, "USAGE") {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q; want help", args, code, out, errOut)
		}
	}
	if out, _, _ := runCLI(t, "--help"); !strings.Contains(out, "Exit codes:") || !strings.Contains(out, "2  bad usage or input") {
		t.Errorf("--help does not document the exit codes:\n%s", out)
	}
}

// TestMalformedGraphFileIsBadInput checks that a malformed graph file is a
// usage or input error (exit 2) naming the file, for ask and tools run.
func TestMalformedGraphFileIsBadInput(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.edgelist"), []byte("0 1\n1 2 3 4 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"nodes": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"bad.edgelist", "bad.json"} {
		for _, args := range [][]string{
			{"--data", dir, "--home", t.TempDir(), "ask", "--graph", f, "How many nodes are there?"},
			{"--data", dir, "tools", "run", "node_count", "--graph", f},
		} {
			_, errOut, code := runCLI(t, args...)
			if code != exitUsage || !strings.Contains(errOut, f) || !strings.Contains(errOut, "malformed") {
				t.Errorf("%v: exit %d, stderr %q; want exit 2 naming the file", args, code, errOut)
			}
		}
	}
}

// TestEvalRejectsBadTimeoutAndPath checks that eval refuses a timeout that
// is zero or negative (which would fail every item) and a PATH the
// generated gtools suite would ignore.
func TestEvalRejectsBadTimeoutAndPath(t *testing.T) {
	out := t.TempDir()
	for _, args := range [][]string{
		{"eval", "--timeout", "0s", "--out", out},
		{"eval", "--timeout", "-5s", "--out", out},
		{"eval", "--timeout=-1m", "--out", out},
		{"eval", "frobnicate", "--out", out},
	} {
		_, errOut, code := runCLI(t, args...)
		if code != exitUsage || !(strings.Contains(errOut, "--timeout") || strings.Contains(errOut, "frobnicate")) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming what is wrong", args, code, errOut)
		}
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("a refused eval wrote %d entries into --out", len(entries))
	}
}

// TestChatUnknownCommand checks that an unknown /command in chat is said to
// be one, with the known commands, rather than read as a path outside the
// data folders; a path at the start of a line is still a question.
func TestChatUnknownCommand(t *testing.T) {
	in := "/frobnicate\n/graph karate\n/help\n/tmp/g.tsv\n"
	out, errOut, code := runCLIIn(t, in, "--data", dataDir(t), "--home", t.TempDir(), "chat")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4:\n%s", len(lines), out)
	}
	for i, cmd := range []string{"/frobnicate", "/graph"} {
		if want := "Unknown command " + cmd + ". The commands are /graphs, /explore KG, /help, /quit, /exit."; lines[i] != want {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], want)
		}
	}
	if strings.Contains(lines[0]+lines[1], "outside") || !strings.Contains(lines[3], "outside the data folders") {
		t.Errorf("unexpected output:\n%s", out)
	}
}
