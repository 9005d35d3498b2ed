package main

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeFirstCommand runs the first command of the README (the one a
// new user types first) as written there and checks it answers.
func TestReadmeFirstCommand(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "go run ./cmd/graphagent "
	var line string
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, prefix) {
			line = strings.TrimPrefix(l, prefix)
			break
		}
	}
	if line == "" {
		t.Fatalf("the README has no line starting %q", prefix)
	}
	args := readmeArgs(t, line)
	if len(args) < 2 || args[0] != "ask" {
		t.Fatalf("the README's first command is %q, not an ask question", line)
	}
	out, errOut, code := runCLI(t, append([]string{"--home", t.TempDir()}, args...)...)
	if code != 0 || !strings.Contains(out, "cycle") {
		t.Fatalf("%q: exit %d\nstdout %q\nstderr %q", line, code, out, errOut)
	}
}

// readmeArgs splits a shell command line of plain words and double-quoted
// strings (all the README's first command uses).
func readmeArgs(t *testing.T, line string) []string {
	t.Helper()
	var args []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] == '"' {
			end := strings.IndexByte(line[1:], '"')
			if end < 0 {
				t.Fatalf("unterminated quote in %q", line)
			}
			args = append(args, line[1:1+end])
			line = line[2+end:]
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		args = append(args, word)
		line = rest
	}
	return args
}

// TestAskHelpListsNotations checks that ask --help names every notation
// issue 9 asks the readers to read, with an example of each.
func TestAskHelpListsNotations(t *testing.T) {
	out, errOut, code := runCLI(t, "ask", "--help")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"(i,j) means",        // notation keys
		"numbered from 0 to", // declared node sets
		"a graph among nodes",
		"are friends", // relationship sentences
		"km",          // quantities in prose
		"capacity",
		"should be visited before", // precedence
		"is interested in job",     // bipartite prose
		"node 0: [1, 0]",           // node data
		"likes",                    // labels
		"adjacency lists",          // structured text
		"adjacency matrices",
		"CSV",
		`JSON {"nodes"`,
		"DOT",
		"a -> b",                    // arrows
		"declines",                  // abstention
		"--explain and --json show", // the reading report
	} {
		if !strings.Contains(out, want) {
			t.Errorf("ask --help does not mention %q", want)
		}
	}
}
