package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemoryImportChecksTools: an example naming a tool that is not in the
// catalogue is refused, naming the line and the tool; the lines before it
// are imported. (It was accepted before.)
func TestMemoryImportChecksTools(t *testing.T) {
	home := t.TempDir()
	in := filepath.Join(t.TempDir(), "in.jsonl")
	lines := strings.Join([]string{
		`{"id": "u1", "question": "Is there a path from a to b?", "tool": "shortest_path"}`,
		`{"id": "u2", "question": "what is this?"}`,
		`{"id": "u3", "question": "How far is a from b?", "tool": "shortest_pth"}`,
		`{"id": "u4", "question": "never imported", "tool": "diameter"}`,
	}, "\n") + "\n"
	if err := os.WriteFile(in, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runCLI(t, "--home", home, "memory", "import", in)
	if code != exitUsage || !strings.Contains(errOut, "line 3") || !strings.Contains(errOut, `"shortest_pth"`) || !strings.Contains(errOut, "unknown tool") {
		t.Fatalf("exit %d, stderr %q; want exit 2 naming line 3 and the unknown tool", code, errOut)
	}
	out, _, _ := runCLI(t, "--home", home, "memory", "list", "--source", "user")
	if !strings.Contains(out, "u1") || !strings.Contains(out, "u2") || strings.Contains(out, "u3") || strings.Contains(out, "u4") {
		t.Errorf("memory after the refused import: %q, want u1 and u2 only", out)
	}
}

// TestMemoryImportBounded: a .gz is bounded by its decompressed size
// (--max-bytes, default 512 MiB: a 2 MiB stream of blank lines compresses
// to a few KB) and every input by its longest record (--max-record-bytes).
func TestMemoryImportBounded(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat([]byte("\n"), 2<<20))
	zw.Close()
	bomb := filepath.Join(dir, "bomb.jsonl.gz")
	if err := os.WriteFile(bomb, gz.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runCLI(t, "--home", t.TempDir(), "memory", "import", "--max-bytes", "1048576", bomb)
	if code != exitUsage || !strings.Contains(errOut, "decompressed input is larger than 1048576 bytes") {
		t.Errorf("gzip over --max-bytes: exit %d, stderr %q", code, errOut)
	}
	if _, errOut, code := runCLI(t, "--home", t.TempDir(), "memory", "import", bomb); code != exitOK {
		t.Errorf("the same under the default bound: exit %d, stderr %q", code, errOut)
	}
	long := filepath.Join(dir, "long.jsonl")
	rec := `{"id": "x", "question": "` + strings.Repeat("a", 2<<20) + `"}` + "\n"
	if err := os.WriteFile(long, []byte(`{"id": "s", "question": "short"}`+"\n"+rec), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runCLI(t, "--home", t.TempDir(), "memory", "import", "--max-record-bytes", "1048576", long)
	if code != exitUsage || !strings.Contains(errOut, "line 2") || !strings.Contains(errOut, "longer than 1048576 bytes") {
		t.Errorf("a record over --max-record-bytes: exit %d, stderr %q", code, errOut)
	}
}
