package main

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
)

func memStats(t *testing.T, home string) memory.Stats {
	t.Helper()
	out, errOut, code := runCLI(t, "--home", home, "memory", "stats", "--json")
	if code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errOut)
	}
	var st memory.Stats
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("stats JSON: %v\n%s", err, out)
	}
	return st
}

func TestMemorySeededOnFirstUse(t *testing.T) {
	home := t.TempDir()
	st := memStats(t, home)
	if st.BySource[memory.SourceSeed] == 0 || len(st.ByTool) != tools.Catalogue().Len() {
		t.Fatalf("first use: %d seed examples over %d tools; catalogue has %d", st.BySource[memory.SourceSeed], len(st.ByTool), tools.Catalogue().Len())
	}
	if _, err := os.Stat(filepath.Join(home, "memory", "memory.jsonl")); err != nil {
		t.Fatalf("memory not under --home: %v", err)
	}
	// A second run does not seed again.
	if again := memStats(t, home); again.Examples != st.Examples || again.LogEntries != st.LogEntries {
		t.Fatalf("second run changed memory: %+v then %+v", st, again)
	}
}

func TestMemoryAddSearchAcrossRuns(t *testing.T) {
	home := t.TempDir()
	q := "How many triangles does my friendship network have?"
	out, errOut, code := runCLI(t, "--home", home, "memory", "add", "--question", q, "--tool", "triangle_count", "--arg", "per_node=false", "--answer", "7 triangles", "--verified", "--json")
	if code != 0 {
		t.Fatalf("add: exit %d: %s", code, errOut)
	}
	var added memory.Example
	if err := json.Unmarshal([]byte(out), &added); err != nil || added.ID == "" || added.Source != memory.SourceUser {
		t.Fatalf("add output %q: %v", out, err)
	}
	out, errOut, code = runCLI(t, "--home", home, "memory", "search", "triangles in a friendship network", "--source", "user", "--k", "3", "--json")
	if code != 0 {
		t.Fatalf("search: exit %d: %s", code, errOut)
	}
	var hits []memory.ExampleHit
	if err := json.Unmarshal([]byte(out), &hits); err != nil {
		t.Fatal(err)
	}
	var args bytes.Buffer
	if len(hits) == 1 {
		json.Compact(&args, hits[0].Args)
	}
	if len(hits) != 1 || hits[0].ID != added.ID || args.String() != `{"per_node":false}` || !hits[0].Verified {
		t.Fatalf("search after add = %s", out)
	}
	// The tool filter keeps seed examples of that tool only.
	out, _, _ = runCLI(t, "--home", home, "memory", "search", "count triangles", "--tool", "triangle_count", "--k", "50", "--json")
	hits = nil
	json.Unmarshal([]byte(out), &hits)
	if len(hits) < 4 {
		t.Fatalf("tool filter found %d examples", len(hits))
	}
	for _, h := range hits {
		if h.Tool != "triangle_count" {
			t.Fatalf("tool filter returned %s", h.Tool)
		}
	}
	for _, bad := range [][]string{
		{"memory", "search"},
		{"memory", "search", "q", "--k", "0"},
		{"memory", "search", "q", "--verified", "maybe"},
		{"memory", "search", "q", "--kind", "node"},
		{"memory", "add", "--question", "q", "--tool", "no_such_tool"},
		{"memory", "add", "--question", "q", "--args", "[1]"},
	} {
		if _, errOut, code := runCLI(t, append([]string{"--home", home}, bad...)...); code != exitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with a message", bad, code, errOut)
		}
	}
}

func TestMemoryImportBadLineAndExportRoundTrip(t *testing.T) {
	home, dir := t.TempDir(), t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	lines := []string{
		`{"id": "u1", "question": "is my road network connected", "tool": "is_connected", "source": "user"}`,
		`{"dataset": "cora", "kind": "node", "id": "35", "text": "a paper on neural networks", "label": "Neural_Networks"}`,
		`{"id": "u2", "question": "broken line" "tool": "x"}`,
		`{"id": "u3", "question": "never imported"}`,
	}
	os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o600)
	_, errOut, code := runCLI(t, "--home", home, "memory", "import", in)
	if code != exitUsage || !strings.Contains(errOut, "line 3") {
		t.Fatalf("bad import: exit %d, stderr %q; want exit 2 naming line 3", code, errOut)
	}
	st := memStats(t, home)
	if st.BySource["user"] != 1 || st.Datasets["cora"].Nodes != 1 {
		t.Fatalf("lines before the bad one lost: %+v", st)
	}

	exp := filepath.Join(dir, "out.jsonl")
	if _, errOut, code := runCLI(t, "--home", home, "memory", "export", exp); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errOut)
	}
	home2 := t.TempDir()
	out, errOut, code := runCLI(t, "--home", home2, "memory", "import", exp, "--json")
	if code != 0 {
		t.Fatalf("re-import: exit %d: %s", code, errOut)
	}
	var ist memory.ImportStats
	json.Unmarshal([]byte(out), &ist)
	if ist.Examples != st.Examples || ist.Samples != 1 {
		t.Fatalf("re-import stats %+v, want %d examples and 1 sample", ist, st.Examples)
	}
	exp2 := filepath.Join(dir, "out2.jsonl")
	runCLI(t, "--home", home2, "memory", "export", exp2)
	a, _ := os.ReadFile(exp)
	b, _ := os.ReadFile(exp2)
	if len(a) == 0 || string(a) != string(b) {
		t.Fatalf("export, import, export differs (%d and %d bytes)", len(a), len(b))
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(m) != 0 {
		t.Fatalf("temp files left: %v", m)
	}
	// Samples are searched with --dataset, with kind and label filters.
	out, _, code = runCLI(t, "--home", home2, "memory", "search", "neural networks", "--dataset", "cora", "--label", "Neural_Networks", "--json")
	var sh []memory.SampleHit
	if err := json.Unmarshal([]byte(out), &sh); code != 0 || err != nil || len(sh) != 1 || sh[0].ID != "35" {
		t.Fatalf("sample search: exit %d, %s", code, out)
	}
}

// fakeEmbeddings serves POST /v1/embeddings with word-hashing vectors, so
// texts sharing words are similar, and counts the texts it embedded.
func fakeEmbeddings(t *testing.T, texts *atomic.Int64) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Input []string `json:"input"`
		}
		if r.URL.Path != "/v1/embeddings" || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		texts.Add(int64(len(req.Input)))
		type item struct {
			Object    string    `json:"object"`
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		data := make([]item, len(req.Input))
		for i, in := range req.Input {
			v := make([]float32, 32)
			v[0] = 0.01
			for _, word := range strings.Fields(strings.ToLower(in)) {
				h := fnv.New32a()
				h.Write([]byte(word))
				v[h.Sum32()%32]++
			}
			data[i] = item{"embedding", i, v}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": "m"})
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

func TestMemoryWithEmbeddingsServer(t *testing.T) {
	home := t.TempDir()
	var texts atomic.Int64
	url := fakeEmbeddings(t, &texts)
	remote := []string{"--home", home, "--embed-url", url, "memory", "--embed-model", "m"}
	if _, errOut, code := runCLI(t, append(remote, "stats")...); code != 0 {
		t.Fatalf("stats with a server: exit %d: %s", code, errOut)
	}
	seeded := texts.Load()
	if seeded == 0 {
		t.Fatal("the seed was not embedded by the server")
	}
	out, errOut, code := runCLI(t, append(remote, "search", "articulation points", "--k", "1", "--json")...)
	var hits []memory.ExampleHit
	if code != 0 || json.Unmarshal([]byte(out), &hits) != nil || len(hits) != 1 {
		t.Fatalf("search with a server: exit %d, %s %s", code, out, errOut)
	}
	if texts.Load() != seeded+1 {
		t.Fatalf("a search embedded %d texts, want only the query", texts.Load()-seeded)
	}
	// Back to the builtin encoder: vectors are recomputed once, nothing lost.
	st := memStats(t, home)
	if strings.Contains(st.Encoder, "openai") || st.Examples == 0 || st.Dim != memory.DefaultDim {
		t.Fatalf("after switching back: %+v", st)
	}
	if _, errOut, code := runCLI(t, "--home", home, "--embed-url", url, "memory", "stats"); code != exitUsage || !strings.Contains(errOut, "embed-model") {
		t.Fatalf("--embed-url without a model: exit %d, %q", code, errOut)
	}
}
