package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestToolsRunLimits: tools run and the graph commands refuse a graph over
// --max-nodes/--max-edges (ask's defaults when not given) with exit 2;
// before, they read any graph the byte limit let through.
func TestToolsRunLimits(t *testing.T) {
	dir := t.TempDir()
	var sb strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&sb, "%d %d\n", i, i+1)
	}
	if err := os.WriteFile(filepath.Join(dir, "path.edgelist"), []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"tools", "run", "node_count", "--graph", "path.edgelist", "--max-edges", "1000"},
		{"tools", "run", "node_count", "--graph", "path.edgelist", "--max-nodes", "2000"},
		{"graph", "report", "path.edgelist", "--max-edges", "1000"},
		{"graph", "compare", "path.edgelist", "path.edgelist", "--max-nodes", "10"},
	} {
		_, errOut, code := runCLI(t, append([]string{"--data", dir}, args...)...)
		if code != exitUsage || !strings.Contains(errOut, "too large") || !strings.Contains(errOut, "raise --max-nodes or --max-edges") {
			t.Errorf("%v: exit %d, %q; want exit 2 naming the limit", args, code, errOut)
		}
	}
	out, errOut, code := runCLI(t, "--data", dir, "tools", "run", "node_count", "--graph", "path.edgelist")
	if code != exitOK || !strings.Contains(out, "3001") {
		t.Errorf("within the default limits: exit %d, %q %q", code, out, errOut)
	}
}

// TestToolsRunTimeout: tools run and graph report stop at --timeout with
// exit 1 and say so; before, tools run had no deadline (diameter on 10^6
// nodes ran until killed).
func TestToolsRunTimeout(t *testing.T) {
	dir := t.TempDir()
	var sb strings.Builder
	for i := range 200_000 {
		fmt.Fprintf(&sb, "%d %d\n", i, i+1)
	}
	if err := os.WriteFile(filepath.Join(dir, "long.edgelist"), []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"tools", "run", "betweenness_centrality", "--graph", "long.edgelist", "--timeout", "300ms"},
		{"graph", "report", "long.edgelist", "--budget", "1000000000000", "--timeout", "300ms"},
	} {
		t0 := time.Now()
		_, errOut, code := runCLI(t, append([]string{"--data", dir}, args...)...)
		if code != exitNoAnswer || !strings.Contains(errOut, "no result within --timeout 300ms") {
			t.Errorf("%v: exit %d, %q; want exit 1 naming the deadline", args, code, errOut)
		}
		if el := time.Since(t0); el > 20*time.Second {
			t.Errorf("%v took %v", args, el)
		}
	}
	_, errOut, code := runCLI(t, "--data", dir, "tools", "run", "node_count", "--graph", "long.edgelist", "--timeout", "0s")
	if code != exitUsage || !strings.Contains(errOut, "--timeout must be a positive duration") {
		t.Errorf("--timeout 0s: exit %d, %q", code, errOut)
	}
}

// TestDataFlagEmpty: --data "" was read as the current folder; it is a
// usage error now (an empty GRAPHAGENT_DATA still means unset).
func TestDataFlagEmpty(t *testing.T) {
	t.Setenv("GRAPHAGENT_DATA", "restored after the test")
	os.Unsetenv("GRAPHAGENT_DATA")
	for _, v := range []string{"", " ", string(os.PathListSeparator)} {
		_, errOut, code := runCLI(t, "--data", v, "tools", "run", "node_count", "--graph", "g.edgelist")
		if code != exitUsage || !strings.Contains(errOut, "names no folder") {
			t.Errorf("--data %q: exit %d, %q", v, code, errOut)
		}
	}
	t.Setenv("GRAPHAGENT_DATA", "")
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile(filepath.Join(dir, "g.edgelist"), []byte("0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errOut, code := runCLI(t, "tools", "run", "node_count", "--graph", "g.edgelist"); code != exitOK {
		t.Errorf("empty GRAPHAGENT_DATA: exit %d, %q %q", code, out, errOut)
	}
}

// TestErrorMessagesBounded: an error quoting a huge input printed all of
// it (a DOT file whose bad token is 10 MB gave 10 MB on stderr); stderr is
// bounded now, for that file and for a 1 MB graph path.
func TestErrorMessagesBounded(t *testing.T) {
	dir := t.TempDir()
	bad := "graph { a -- b; \"" + strings.Repeat("x", 10<<20)
	if err := os.WriteFile(filepath.Join(dir, "bad.dot"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, graphArg := range []string{"bad.dot", strings.Repeat("a", 1<<20) + ".edgelist"} {
		_, errOut, code := runCLI(t, "--data", dir, "tools", "run", "node_count", "--graph", graphArg)
		if code != exitUsage || len(errOut) > maxErrorBytes+100 || !strings.HasPrefix(errOut, "graphagent: ") {
			t.Errorf("%.20s: exit %d, %d bytes on stderr", graphArg, code, len(errOut))
		}
	}
}

// TestGraphCleanLimits: graph clean had no node or edge limit and no
// --timeout (it keeps a record of every line or edge as written, repeated
// ones too); it has tools run's now, the lines and edges as written
// counted against --max-edges.
func TestGraphCleanLimits(t *testing.T) {
	dir := t.TempDir()
	var el, dot strings.Builder
	dot.WriteString("graph G {\n")
	for i := range 3000 {
		fmt.Fprintf(&el, "%d %d\n", i%10, i%10+1)
		dot.WriteString("a -- b;\n")
	}
	dot.WriteString("}\n")
	for name, text := range map[string]string{"rep.edgelist": el.String(), "rep.dot": dot.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"rep.edgelist", "rep.dot"} {
		_, errOut, code := runCLI(t, "--data", dir, "graph", "clean", name, "--max-edges", "1000")
		if code != exitUsage || !strings.Contains(errOut, "too large") || !strings.Contains(errOut, "raise --max-nodes or --max-edges") {
			t.Errorf("%s --max-edges 1000: exit %d, %q; want exit 2 naming the limit", name, code, errOut)
		}
		out, errOut, code := runCLI(t, "--data", dir, "graph", "clean", name)
		if code != exitOK || !strings.Contains(out, "duplicate") {
			t.Errorf("%s within the default limits: exit %d, %q %q", name, code, out, errOut)
		}
	}
}
