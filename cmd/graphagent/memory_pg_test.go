package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/testserver"
	"github.com/graphagent/graphagent/memory"
)

// TestMemoryInPostgres: with --memory postgres://… the memory commands
// work on the database: it is seeded once, an example added by one run is
// found by the next (another process, as a replica would be), import and
// export round-trip against a home-folder store, and stats name the
// database without its password; --memory that is not a PostgreSQL URL is
// a usage error.
func TestMemoryInPostgres(t *testing.T) {
	srv := testserver.Postgres(t)
	home, dir := t.TempDir(), t.TempDir()
	pg := []string{"--home", home, "--memory", srv.URL}
	stats := func() memory.Stats {
		t.Helper()
		out, errOut, code := runCLI(t, append(pg, "memory", "stats", "--json")...)
		var st memory.Stats
		if code != 0 || json.Unmarshal([]byte(out), &st) != nil {
			t.Fatalf("stats: exit %d: %s %s", code, out, errOut)
		}
		return st
	}
	seeded := stats()
	if seeded.Examples == 0 || !strings.HasPrefix(seeded.Path, "postgres://postgres@127.0.0.1") || seeded.LogEntries != seeded.Examples {
		t.Fatalf("seeded stats %+v", seeded)
	}
	if _, errOut, code := runCLI(t, append(pg, "memory", "add", "--question", "How many zorblax cycles does my network have?", "--tool", "cycle_check", "--id", "z1")...); code != 0 {
		t.Fatalf("add: exit %d: %s", code, errOut)
	}
	out, _, code := runCLI(t, append(pg, "memory", "search", "zorblax cycles", "--k", "1", "--json")...)
	if code != 0 || !strings.Contains(out, `"id":"z1"`) && !strings.Contains(out, `"id": "z1"`) {
		t.Fatalf("search in the next run: exit %d %s", code, out)
	}
	in := filepath.Join(dir, "in.jsonl")
	os.WriteFile(in, []byte(`{"id": "u1", "question": "is my road network connected", "tool": "is_connected", "source": "user"}`+"\n"+
		`{"dataset": "cora", "kind": "node", "id": "35", "text": "a paper on neural networks", "label": "Neural_Networks"}`+"\n"), 0o600)
	if _, errOut, code := runCLI(t, append(pg, "memory", "import", in)...); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errOut)
	}
	if st := stats(); st.Examples != seeded.Examples+2 || st.Datasets["cora"].Nodes != 1 {
		t.Errorf("after import: %+v", st)
	}
	exp, exp2 := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "out2.jsonl")
	if _, errOut, code := runCLI(t, append(pg, "memory", "export", exp)...); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	home2 := t.TempDir()
	if _, errOut, code := runCLI(t, "--home", home2, "memory", "import", exp); code != 0 {
		t.Fatalf("import into a folder: exit %d: %s", code, errOut)
	}
	runCLI(t, "--home", home2, "memory", "export", exp2)
	a, _ := os.ReadFile(exp)
	b, _ := os.ReadFile(exp2)
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("export from the database and from a folder holding its import differ (%d and %d bytes)", len(a), len(b))
	}
	if _, errOut, code := runCLI(t, "--home", home, "--memory", "/tmp/x", "memory", "stats"); code != exitUsage || !strings.Contains(errOut, "want a PostgreSQL URL") {
		t.Errorf("--memory /tmp/x: exit %d %q", code, errOut)
	}
}
