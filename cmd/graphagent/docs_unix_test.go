//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A documented command is one line of a fenced block whose info string is
// "sh" in README.md or docs/*.md. A block whose info string is
// "sh norun: REASON" is not run (it needs a server, an LLM or the network);
// the reason is required. A line may end in "# exit N" when the command is
// meant to exit with N (a question it must decline).

// docCommand is one command of the documentation, where it was written.
type docCommand struct {
	file string
	line int
	text string
	exit int
}

// goToolchain are the commands the harness itself runs to get here (it is
// built and run by go test): they are shown for the reader, not rerun.
var goToolchain = regexp.MustCompile(`^(go (test|build|install|get|generate)|git clone|cd )\b`)

var exitComment = regexp.MustCompile(`#\s*exit (\d+)\b`)

// docCommands extracts the runnable commands and the Go programs (fenced
// "go" blocks that start with "package main") of one Markdown file.
func docCommands(t *testing.T, path string) (cmds []docCommand, programs []docCommand) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var (
		in, run, isGo bool
		block         []string
		start         int
		pending       string
		pendingLine   int
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if !in {
			info, ok := strings.CutPrefix(trimmed, "```")
			if !ok {
				continue
			}
			in, isGo, run, block, start = true, false, false, nil, n+1
			switch {
			case info == "sh":
				run = true
			case strings.HasPrefix(info, "sh "):
				reason, ok := strings.CutPrefix(info, "sh norun:")
				if !ok || strings.TrimSpace(reason) == "" {
					t.Errorf("%s:%d: a sh block's info string is \"sh\" or \"sh norun: REASON\", got %q", path, n, info)
				}
			case info == "go":
				isGo = true
			}
			continue
		}
		if trimmed == "```" {
			in = false
			if isGo && len(block) > 0 && strings.HasPrefix(block[0], "package main") {
				programs = append(programs, docCommand{file: path, line: start, text: strings.Join(block, "\n") + "\n"})
			}
			continue
		}
		block = append(block, line)
		if !run {
			continue
		}
		if pending == "" {
			pendingLine = n
		}
		if s, ok := strings.CutSuffix(line, "\\"); ok {
			pending += s + " "
			continue
		}
		text := strings.TrimSpace(pending + line)
		pending = ""
		if text == "" || strings.HasPrefix(text, "#") || goToolchain.MatchString(text) {
			continue
		}
		c := docCommand{file: path, line: pendingLine, text: text}
		if m := exitComment.FindStringSubmatch(text); m != nil {
			c.exit, _ = strconv.Atoi(m[1])
		}
		cmds = append(cmds, c)
	}
	if in {
		t.Errorf("%s: a fenced block is not closed", path)
	}
	return cmds, programs
}

// repoRoot is the module root, two folders above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestDocCommands runs every command the README and docs/ show, with the
// graphagent of this test binary, in a folder laid out as a clone's root (a
// copy of datasets/ and go.mod), and checks each exits as the text says.
func TestDocCommands(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatalf("the documented commands run in bash: %v", err)
	}
	root := repoRoot(t)
	files := []string{filepath.Join(root, "README.md")}
	more, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, more...)
	var cmds, programs []docCommand
	for _, f := range files {
		c, p := docCommands(t, f)
		cmds = append(cmds, c...)
		programs = append(programs, p...)
	}
	if len(cmds) < 40 {
		t.Fatalf("found %d documented commands in %d files; the extraction is broken", len(cmds), len(files))
	}

	t.Logf("%d commands and %d Go programs in %d files", len(cmds), len(programs), len(files))
	work := t.TempDir()
	bin := filepath.Join(work, "bin")
	clone := filepath.Join(work, "clone")
	for _, d := range []string{bin, clone} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\n" + mainEnv + "=1 exec " + strconv.Quote(self) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "graphagent"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cp", "-R", filepath.Join(root, "datasets"), filepath.Join(root, "go.mod"), clone).CombinedOutput(); err != nil {
		t.Fatalf("copy the datasets: %v: %s", err, out)
	}
	env := append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GRAPHAGENT_HOME="+filepath.Join(work, "home"),
		"HOME="+filepath.Join(work, "userhome"),
		"GRAPHAGENT_DATA=", "GRAPHAGENT_LLM_URL=", "GRAPHAGENT_MODEL=", "GRAPHAGENT_API_KEY=", "GRAPHAGENT_EMBED_URL=",
	)
	for _, c := range cmds {
		text := strings.ReplaceAll(c.text, "go run ./cmd/graphagent ", "graphagent ")
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", text)
		cmd.Dir = clone
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		cancel()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Errorf("%s:%d: %s: %v", c.file, c.line, c.text, err)
			continue
		}
		if code != c.exit {
			t.Errorf("%s:%d: %s\nexit %d, want %d; output:\n%s", filepath.Base(c.file), c.line, c.text, code, c.exit, out)
		}
	}

	// The Go programs, compiled as another module that requires this one.
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the documented Go programs need the go command: %v", err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	_, reqs, ok := strings.Cut(string(gomod), "\n") // all but the module line
	if !ok || !strings.HasPrefix(string(gomod), "module github.com/graphagent/graphagent") {
		t.Fatalf("go.mod does not start with the module line")
	}
	for i, p := range programs {
		dir := filepath.Join(work, "program"+strconv.Itoa(i))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		// The program's module lists this module's requirements too, as a
		// module that requires graphagent gets them from go mod tidy: with
		// only graphagent listed, the go command would look up the go.mod
		// files of old dependencies' dependencies, which a machine whose
		// module cache holds only what graphagent builds lacks.
		mod := "module example.com/docprogram\n" + reqs + "\nrequire github.com/graphagent/graphagent v0.0.0\n\nreplace github.com/graphagent/graphagent => " + strconv.Quote(root) + "\n"
		for name, body := range map[string][]byte{"go.mod": []byte(mod), "go.sum": sum, "main.go": []byte(p.text)} {
			if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(goBin, "run", "-mod=mod", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GRAPHAGENT_HOME="+filepath.Join(work, "home"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s:%d: the Go program does not run: %v\n%s", filepath.Base(p.file), p.line, err, out)
		}
	}
	if len(programs) == 0 {
		t.Error("the README shows no Go program (a fenced go block starting with package main)")
	}
}
