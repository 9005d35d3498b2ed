package memory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/graphagent/graphagent/encoders"
)

// testEmbedder is a tiny deterministic embedder: each lower-cased word adds
// one to a bucket chosen by its hash, so texts sharing words are similar.
// Its name and dimension can be set to simulate a change of model, and it
// can be told to fail or to return bad vectors.
type testEmbedder struct {
	name  string
	dim   int
	fail  error
	bad   bool         // return NaN vectors
	short bool         // return one vector too few
	texts atomic.Int64 // texts encoded so far
}

func (e *testEmbedder) Name() string { return e.name }

func (e *testEmbedder) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	if e.fail != nil {
		return nil, e.fail
	}
	e.texts.Add(int64(len(texts)))
	out := make([][]float32, 0, len(texts))
	for _, t := range texts {
		v := make([]float32, e.dim)
		for _, w := range strings.Fields(strings.ToLower(t)) {
			h := uint32(2166136261)
			for i := 0; i < len(w); i++ {
				h = (h ^ uint32(w[i])) * 16777619
			}
			v[h%uint32(e.dim)] += 1 + float32(h%7) // unnormalised on purpose
		}
		if e.bad {
			v[0] = float32(math.NaN())
		}
		out = append(out, v)
	}
	if e.short && len(out) > 0 {
		out = out[:len(out)-1]
	}
	return out, nil
}

func newTestEmbedder() *testEmbedder { return &testEmbedder{name: "test-v1", dim: 64} }

// builtin is the real default encoder at a small dimension.
func builtin() encoders.Encoder { return encoders.NewBuiltin(nil, encoders.WithDim(256)) }

func ptr[T any](v T) *T { return &v }

func sampleExamples() []Example {
	return []Example{
		{ID: "e1", Question: "Is there a cycle in this undirected graph?", Tool: "cycle_check", Source: SourceSeed, Verified: true, Answer: "Yes."},
		{ID: "e2", Question: "Does the directed graph contain a cycle?", Tool: "cycle_check", Source: SourceUser, Verified: false, Answer: "No."},
		{ID: "e3", Question: "What is the shortest path from node A to node B?", Tool: "shortest_path", Args: json.RawMessage(`{"source":"A","target":"B"}`), Source: SourceSeed, Verified: true},
		{ID: "e4", Question: "How many nodes does the graph have?", Tool: "node_count", Source: SourceAgent, Verified: true},
		{ID: "e5", Question: "Compute the maximum flow between source and sink.", Tool: "maximum_flow", Source: SourceUser, Verified: true},
	}
}

func sampleSamples() []Sample {
	return []Sample{
		{Dataset: "cora", Kind: KindNode, ID: "1", Text: "paper about neural networks and deep learning", Label: "ml"},
		{Dataset: "cora", Kind: KindNode, ID: "2", Text: "paper about graph theory and planar graphs", Label: "theory"},
		{Dataset: "cora", Kind: KindEdge, ID: "1->2", Text: "citation from neural networks paper to graph theory paper", Label: "cites"},
		{Dataset: "kg", Kind: KindNode, ID: "paris", Text: "capital city of france", Label: "city"},
	}
}

func ids[T any](hits []T, id func(T) string) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = id(h)
	}
	return out
}

func exIDs(h []ExampleHit) []string { return ids(h, func(x ExampleHit) string { return x.ID }) }

func openT(t *testing.T, dir string, emb Embedder) *Store {
	t.Helper()
	s, err := Open(context.Background(), dir, emb)
	if err != nil {
		t.Fatalf("open %s: %v", dir, err)
	}
	return s
}

func TestRestartSurvival(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openT(t, dir, builtin())
	if err := s.AddExamples(ctx, sampleExamples()); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSamples(ctx, sampleSamples()); err != nil {
		t.Fatal(err)
	}
	if n, err := s.DeleteExamples(ctx, "e4"); err != nil || n != 1 {
		t.Fatalf("delete e4 = %d, %v", n, err)
	}
	// Overwrite e2 with a new answer: the later version must win on reopen.
	ex2 := sampleExamples()[1]
	ex2.Answer = "Yes, 1->2->1."
	if err := s.AddExamples(ctx, []Example{ex2}); err != nil {
		t.Fatal(err)
	}
	before := s.Stats()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SearchExamples(ctx, "cycle", ExampleQuery{}); !errors.Is(err, ErrClosed) {
		t.Fatalf("search after close: %v, want ErrClosed", err)
	}

	s2 := openT(t, dir, builtin())
	defer s2.Close()
	after := s2.Stats()
	if after.Examples != 4 || before.Examples != 4 {
		t.Fatalf("examples before %d after %d, want 4", before.Examples, after.Examples)
	}
	if _, ok := s2.Example("e4"); ok {
		t.Fatal("deleted example e4 came back after restart")
	}
	if got, _ := s2.Example("e2"); got.Answer != ex2.Answer {
		t.Fatalf("e2 answer after restart = %q, want %q", got.Answer, ex2.Answer)
	}
	hits, err := s2.SearchExamples(ctx, "shortest path between two nodes", ExampleQuery{K: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || hits[0].ID != "e3" || string(hits[0].Args) != `{"source":"A","target":"B"}` {
		t.Fatalf("search after restart = %+v", hits)
	}
	sh, err := s2.SearchSamples(ctx, "cora", "deep neural networks", SampleQuery{K: 1, Kind: KindNode})
	if err != nil || len(sh) != 1 || sh[0].ID != "1" || sh[0].Label != "ml" {
		t.Fatalf("sample search after restart = %+v, %v", sh, err)
	}
	if got := after.Datasets["cora"]; got.Nodes != 2 || got.Edges != 1 {
		t.Fatalf("cora stats = %+v", got)
	}
}

func TestFilters(t *testing.T) {
	ctx := context.Background()
	s, err := NewInMemory(newTestEmbedder())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddExamples(ctx, sampleExamples()); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSamples(ctx, sampleSamples()); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		q    ExampleQuery
		want map[string]bool
	}{
		{"tool", ExampleQuery{K: 10, Tool: "cycle_check"}, map[string]bool{"e1": true, "e2": true}},
		{"source", ExampleQuery{K: 10, Source: SourceSeed}, map[string]bool{"e1": true, "e3": true}},
		{"verified", ExampleQuery{K: 10, Verified: ptr(false)}, map[string]bool{"e2": true}},
		{"tool+verified", ExampleQuery{K: 10, Tool: "cycle_check", Verified: ptr(true)}, map[string]bool{"e1": true}},
		{"no match", ExampleQuery{K: 10, Tool: "nope"}, map[string]bool{}},
	}
	for _, c := range cases {
		hits, err := s.SearchExamples(ctx, "graph cycle", c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := map[string]bool{}
		for _, h := range hits {
			got[h.ID] = true
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, exIDs(hits), c.want)
		}
	}
	sh, err := s.SearchSamples(ctx, "cora", "paper", SampleQuery{K: 10, Label: "theory"})
	if err != nil || len(sh) != 1 || sh[0].ID != "2" {
		t.Fatalf("label filter = %+v, %v", sh, err)
	}
	sh, err = s.SearchSamples(ctx, "cora", "paper", SampleQuery{K: 10, Kind: KindEdge})
	if err != nil || len(sh) != 1 || sh[0].ID != "1->2" {
		t.Fatalf("kind filter = %+v, %v", sh, err)
	}
	// The dataset is a filter too: cora's samples never come from kg.
	sh, err = s.SearchSamples(ctx, "kg", "paper about graphs", SampleQuery{K: 10})
	if err != nil || len(sh) != 1 || sh[0].ID != "paris" {
		t.Fatalf("dataset kg = %+v, %v", sh, err)
	}
}

func TestClampAndEmpty(t *testing.T) {
	ctx := context.Background()
	s, err := NewInMemory(newTestEmbedder())
	if err != nil {
		t.Fatal(err)
	}
	hits, err := s.SearchExamples(ctx, "anything", ExampleQuery{K: 3})
	if err != nil || len(hits) != 0 {
		t.Fatalf("empty store: %v, %v", hits, err)
	}
	if sh, err := s.SearchSamples(ctx, "nosuch", "anything", SampleQuery{}); err != nil || len(sh) != 0 {
		t.Fatalf("unknown dataset: %v, %v", sh, err)
	}
	if err := s.AddExamples(ctx, sampleExamples()[:2]); err != nil {
		t.Fatal(err)
	}
	hits, err = s.SearchExamples(ctx, "cycle", ExampleQuery{K: 100})
	if err != nil {
		t.Fatalf("K above count must be clamped, got %v", err)
	}
	if len(hits) != 2 {
		t.Fatalf("got %d hits, want 2", len(hits))
	}
	if hits[0].Score < hits[1].Score {
		t.Fatalf("hits not best first: %v", hits)
	}
	hits, err = s.SearchExamples(ctx, "cycle", ExampleQuery{}) // K 0 means DefaultK, clamped too
	if err != nil || len(hits) != 2 {
		t.Fatalf("default K: %d hits, %v", len(hits), err)
	}
	// Delete everything: the collection is empty again.
	if n, err := s.DeleteExamples(ctx, "e1", "e2", "e1", "missing"); err != nil || n != 2 {
		t.Fatalf("delete = %d, %v; want 2", n, err)
	}
	if hits, err := s.SearchExamples(ctx, "cycle", ExampleQuery{K: 1}); err != nil || len(hits) != 0 {
		t.Fatalf("after deleting all: %v, %v", hits, err)
	}
	if _, err := s.SearchExamples(ctx, "   ", ExampleQuery{}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("blank query: %v, want ErrInvalid", err)
	}
}

func TestDelete(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openT(t, dir, newTestEmbedder())
	if err := s.AddExamples(ctx, sampleExamples()); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSamples(ctx, sampleSamples()); err != nil {
		t.Fatal(err)
	}
	if n, err := s.DeleteExamples(ctx, "e1", "nope"); err != nil || n != 1 {
		t.Fatalf("delete = %d, %v", n, err)
	}
	hits, err := s.SearchExamples(ctx, "Is there a cycle in this undirected graph?", ExampleQuery{K: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.ID == "e1" {
			t.Fatal("deleted example still found")
		}
	}
	if len(hits) != 4 {
		t.Fatalf("got %d hits, want the 4 left", len(hits))
	}
	// Node "1" and edge "1->2" are different samples; deleting the node keeps the edge.
	if n, err := s.DeleteSamples(ctx, "cora", KindNode, "1"); err != nil || n != 1 {
		t.Fatalf("delete sample = %d, %v", n, err)
	}
	if n, err := s.DeleteSamples(ctx, "nosuch", KindNode, "1"); err != nil || n != 0 {
		t.Fatalf("delete from unknown dataset = %d, %v", n, err)
	}
	s.Close()
	s2 := openT(t, dir, newTestEmbedder())
	defer s2.Close()
	if s2.Len() != 4 {
		t.Fatalf("after reopen %d examples, want 4", s2.Len())
	}
	got := s2.Samples("cora")
	if len(got) != 2 || got[0].Kind != KindEdge || got[1].ID != "2" {
		t.Fatalf("cora samples after reopen = %+v", got)
	}
}

func TestImportExportRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := openT(t, t.TempDir(), builtin())
	defer s.Close()
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, ex := range sampleExamples() {
		enc.Encode(ex)
	}
	in.WriteString("\n   \n") // blank lines are skipped
	for _, sm := range sampleSamples() {
		enc.Encode(sm)
	}
	var acks []int
	st, err := s.Import(ctx, &in, ImportOptions{BatchSize: 2, OnAck: func(n, _ int) { acks = append(acks, n) }})
	if err != nil {
		t.Fatal(err)
	}
	if st.Examples != 5 || st.Samples != 4 {
		t.Fatalf("import stats %+v", st)
	}
	if len(acks) < 4 || acks[len(acks)-1] != 9 {
		t.Fatalf("acks %v: want several batches ending at 9", acks)
	}
	var out1 bytes.Buffer
	n, err := s.Export(ctx, &out1)
	if err != nil || n != 9 {
		t.Fatalf("export = %d, %v", n, err)
	}

	s2 := openT(t, t.TempDir(), newTestEmbedder())
	defer s2.Close()
	if _, err := s2.Import(ctx, bytes.NewReader(out1.Bytes()), ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	var out2 bytes.Buffer
	if _, err := s2.Export(ctx, &out2); err != nil {
		t.Fatal(err)
	}
	if out1.String() != out2.String() {
		t.Fatalf("round trip differs:\n%s\n---\n%s", out1.String(), out2.String())
	}
	// Every field survived, including args and created_at.
	for _, want := range sampleExamples() {
		got, ok := s2.Example(want.ID)
		if !ok || got.Question != want.Question || got.Tool != want.Tool || got.Verified != want.Verified ||
			got.Source != want.Source || string(got.Args) != string(want.Args) || got.CreatedAt.IsZero() {
			t.Fatalf("example %s after round trip = %+v", want.ID, got)
		}
	}
}

func TestImportBadLineKeepsGoodOnes(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		bad  string
	}{
		{"syntax", `{"question": "broken`},
		{"unknown field", `{"question": "ok?", "tol": "typo"}`},
		{"empty question", `{"id": "x", "question": "  "}`},
		{"bad kind", `{"dataset": "d", "kind": "face", "id": "1", "text": "t"}`},
		{"args not object", `{"question": "q?", "args": [1,2]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			s := openT(t, dir, newTestEmbedder())
			lines := []string{
				`{"id": "a", "question": "first good question"}`,
				`{"id": "b", "question": "second good question"}`,
				`{"dataset": "d", "kind": "node", "id": "n1", "text": "a node"}`,
				c.bad,
				`{"id": "c", "question": "after the bad line"}`,
			}
			_, err := s.Import(ctx, strings.NewReader(strings.Join(lines, "\n")), ImportOptions{BatchSize: 100})
			var le *LineError
			if !errors.As(err, &le) || le.Line != 4 || !errors.Is(err, ErrInvalid) {
				t.Fatalf("err = %v, want a LineError at line 4 wrapping ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), "line 4") {
				t.Fatalf("error %q does not name the line", err)
			}
			s.Close()
			s2 := openT(t, dir, newTestEmbedder())
			defer s2.Close()
			if s2.Len() != 2 || len(s2.Samples("d")) != 1 {
				t.Fatalf("after the bad line: %d examples, %d samples; want 2 and 1", s2.Len(), len(s2.Samples("d")))
			}
			if _, ok := s2.Example("c"); ok {
				t.Fatal("line after the bad one was imported")
			}
		})
	}
}

func TestTornTailAndCorruption(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openT(t, dir, newTestEmbedder())
	if err := s.AddExamples(ctx, sampleExamples()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	path := filepath.Join(dir, logName)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A write cut short: half a line, no newline. Reopen keeps the five
	// records, cuts the tail, and appends after it.
	torn := append(append([]byte{}, good...), []byte(`{"op":"put","coll":"examples","key":"e9","exam`)...)
	if err := os.WriteFile(path, torn, 0o600); err != nil {
		t.Fatal(err)
	}
	s2 := openT(t, dir, newTestEmbedder())
	if s2.Len() != 5 {
		t.Fatalf("after torn tail %d examples, want 5", s2.Len())
	}
	if err := s2.AddExamples(ctx, []Example{{ID: "e6", Question: "added after the torn tail"}}); err != nil {
		t.Fatal(err)
	}
	s2.Close()
	s3 := openT(t, dir, newTestEmbedder())
	if s3.Len() != 6 {
		t.Fatalf("after append past torn tail %d examples, want 6", s3.Len())
	}
	s3.Close()

	// Garbage in the middle followed by good lines is corruption, not a tail.
	lines := bytes.SplitAfter(good, []byte("\n"))
	mid := append(append(append([]byte{}, lines[0]...), []byte("garbage\n")...), bytes.Join(lines[1:], nil)...)
	if err := os.WriteFile(path, mid, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Open(ctx, dir, newTestEmbedder())
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("open corrupt log: %v, want ErrCorrupt naming line 2", err)
	}
}

func TestEncoderChangeRecomputesVectors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openT(t, dir, newTestEmbedder())
	if err := s.AddExamples(ctx, sampleExamples()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Another model with another dimension: vectors are recomputed once and
	// the log is rewritten with them.
	other := &testEmbedder{name: "test-v2", dim: 32}
	s2 := openT(t, dir, other)
	if st := s2.Stats(); st.Dim != 32 || st.LogEntries != 5 {
		t.Fatalf("after encoder change: %+v", st)
	}
	hits, err := s2.SearchExamples(ctx, "maximum flow between source and sink", ExampleQuery{K: 1})
	if err != nil || len(hits) != 1 || hits[0].ID != "e5" {
		t.Fatalf("search with new encoder = %v, %v", hits, err)
	}
	s2.Close()
	// The recomputed vectors were written back: reopening with the same
	// model embeds nothing.
	again := &testEmbedder{name: "test-v2", dim: 32}
	openT(t, dir, again).Close()
	if n := again.texts.Load(); n != 0 {
		t.Fatalf("reopen with the same encoder embedded %d texts", n)
	}
	// The failing embedder cannot reopen a store that needs recomputing.
	_, err = Open(ctx, dir, &testEmbedder{name: "test-v3", dim: 8, fail: errors.New("server down")})
	if !errors.Is(err, ErrEncoder) {
		t.Fatalf("open with failing encoder: %v, want ErrEncoder", err)
	}
}

func TestBadEmbedderAndRecords(t *testing.T) {
	ctx := context.Background()
	for name, emb := range map[string]*testEmbedder{
		"nan":   {name: "nan", dim: 8, bad: true},
		"short": {name: "short", dim: 8, short: true},
		"fail":  {name: "fail", dim: 8, fail: errors.New("boom")},
	} {
		s, err := NewInMemory(emb)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AddExamples(ctx, sampleExamples()); !errors.Is(err, ErrEncoder) {
			t.Errorf("%s: add = %v, want ErrEncoder", name, err)
		}
		if s.Len() != 0 {
			t.Errorf("%s: a failed add stored %d examples", name, s.Len())
		}
	}
	s, _ := NewInMemory(newTestEmbedder())
	if err := s.AddExamples(ctx, []Example{{Question: "ok"}, {Question: ""}}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("empty question: %v", err)
	}
	if s.Len() != 0 {
		t.Fatal("a batch with a bad record is stored in part")
	}
	if err := s.AddSamples(ctx, []Sample{{Dataset: "d", Kind: KindNode, Text: "no id"}}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("sample without id: %v", err)
	}
	if _, err := NewInMemory(nil); !errors.Is(err, ErrEncoder) {
		t.Fatalf("nil embedder: %v", err)
	}
	// IDs default from the content and stay stable.
	if err := s.AddExamples(ctx, []Example{{Question: "how dense is it?", Tool: "density"}}); err != nil {
		t.Fatal(err)
	}
	ex := s.Examples()
	if len(ex) != 1 || ex[0].ID == "" || ex[0].Source != SourceUser {
		t.Fatalf("defaults = %+v", ex)
	}
	if err := s.AddExamples(ctx, []Example{{Question: "how dense is it?", Tool: "density"}}); err != nil || s.Len() != 1 {
		t.Fatalf("same content twice: %d examples, %v", s.Len(), err)
	}
}

func TestQuestionWithoutWords(t *testing.T) {
	ctx := context.Background()
	s, _ := NewInMemory(builtin())
	// The builtin encoder strips edge lists: this question has no features.
	if err := s.AddExamples(ctx, []Example{{ID: "z", Question: "0-1, 1-2, 2-0"}, {ID: "w", Question: "Is there a cycle?"}}); err != nil {
		t.Fatalf("featureless question: %v", err)
	}
	hits, err := s.SearchExamples(ctx, "is there a cycle", ExampleQuery{K: 2})
	if err != nil || len(hits) != 2 || hits[0].ID != "w" {
		t.Fatalf("hits = %v, %v", exIDs(hits), err)
	}
	if hits, err := s.SearchExamples(ctx, "(1, 2), (2, 3)", ExampleQuery{}); err != nil || len(hits) != 0 {
		t.Fatalf("featureless query = %v, %v; want no hits", exIDs(hits), err)
	}
}

func TestCompaction(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := openT(t, dir, newTestEmbedder())
	ex := Example{ID: "same", Question: "rewritten many times"}
	for i := 0; i < compactMin+10; i++ {
		ex.Answer = fmt.Sprint(i)
		if err := s.AddExamples(ctx, []Example{ex}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddExamples(ctx, sampleExamples()); err != nil {
		t.Fatal(err)
	}
	if st := s.Stats(); st.LogEntries != compactMin+15 {
		t.Fatalf("log entries %d before compaction", st.LogEntries)
	}
	s.Close()
	s2 := openT(t, dir, newTestEmbedder()) // compacts on open
	defer s2.Close()
	if st := s2.Stats(); st.LogEntries != 6 || st.Examples != 6 {
		t.Fatalf("after compaction %+v", st)
	}
	if got, _ := s2.Example("same"); got.Answer != fmt.Sprint(compactMin+9) {
		t.Fatalf("latest version lost: %q", got.Answer)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "*.tmp"))
	if len(matches) != 0 {
		t.Fatalf("temp files left: %v", matches)
	}
}

func TestConcurrentUse(t *testing.T) {
	ctx := context.Background()
	s := openT(t, t.TempDir(), newTestEmbedder())
	defer s.Close()
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				id := fmt.Sprintf("w%d-%d", w, i)
				if err := s.AddExamples(ctx, []Example{{ID: id, Question: "question number " + id, Tool: "t"}}); err != nil {
					errs <- err
					return
				}
				if i%5 == 0 {
					if _, err := s.DeleteExamples(ctx, id); err != nil {
						errs <- err
						return
					}
				}
			}
		}()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				if _, err := s.SearchExamples(ctx, "question number", ExampleQuery{K: 20, Tool: "t"}); err != nil {
					errs <- err
					return
				}
				_ = s.Stats()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if s.Len() != 4*20 {
		t.Fatalf("%d examples, want 80", s.Len())
	}
}

func TestEnsureSeeded(t *testing.T) {
	ctx := context.Background()
	s, _ := NewInMemory(newTestEmbedder())
	calls := 0
	gen := func(context.Context) ([]Example, error) {
		calls++
		return []Example{{Question: "seeded one", Source: SourceSeed}, {Question: "seeded two", Source: SourceSeed}}, nil
	}
	n, err := s.EnsureSeeded(ctx, gen)
	if err != nil || n != 2 {
		t.Fatalf("first seed = %d, %v", n, err)
	}
	n, err = s.EnsureSeeded(ctx, gen)
	if err != nil || n != 0 || calls != 1 {
		t.Fatalf("second seed = %d, %v, gen called %d times", n, err, calls)
	}
	s2, _ := NewInMemory(newTestEmbedder())
	if _, err := s2.EnsureSeeded(ctx, func(context.Context) ([]Example, error) { return nil, errors.New("no tools") }); err == nil {
		t.Fatal("a failing generator is not reported")
	}
}

// TestSharedByTwoOpeners opens one folder twice (as two processes would):
// appends from both interleave without overwriting each other, an append
// after the other opener compacted goes to the new file, and a line torn by
// a writer that died is cut before the next append.
func TestSharedByTwoOpeners(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a := openT(t, dir, newTestEmbedder())
	b := openT(t, dir, newTestEmbedder())
	for i := 0; i < 5; i++ {
		if err := a.AddExamples(ctx, []Example{{ID: fmt.Sprint("a", i), Question: "from a " + word(i)}}); err != nil {
			t.Fatal(err)
		}
		if err := b.AddExamples(ctx, []Example{{ID: fmt.Sprint("b", i), Question: "from b " + word(i)}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Compact(ctx); err != nil { // a has not seen b's records
		t.Fatal(err)
	}
	if err := b.AddExamples(ctx, []Example{{ID: "b-after", Question: "from b after the compaction"}}); err != nil {
		t.Fatal(err)
	}
	// A writer killed mid-line leaves a torn tail; the next append cuts it.
	f, err := os.OpenFile(filepath.Join(dir, logName), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"op":"put","coll":"exam`)
	f.Close()
	if err := a.AddExamples(ctx, []Example{{ID: "a-after", Question: "from a after the torn line"}}); err != nil {
		t.Fatal(err)
	}
	a.Close()
	b.Close()
	c := openT(t, dir, newTestEmbedder())
	defer c.Close()
	for _, id := range []string{"a0", "a4", "b0", "b4", "b-after", "a-after"} {
		if _, ok := c.Example(id); !ok {
			t.Errorf("record %s lost", id)
		}
	}
	// a's compaction read the file, not its own view: b's records survive.
	if c.Len() != 12 {
		t.Fatalf("%d records, want 12", c.Len())
	}
}

func TestRecordsAreCopied(t *testing.T) {
	ctx := context.Background()
	s, _ := NewInMemory(newTestEmbedder())
	in := Example{ID: "c", Question: "copied question", Args: json.RawMessage(`{"node":"1"}`)}
	if err := s.AddExamples(ctx, []Example{in}); err != nil {
		t.Fatal(err)
	}
	in.Args[9] = '9' // the caller reuses its buffer
	got, _ := s.Example("c")
	if string(got.Args) != `{"node":"1"}` {
		t.Fatalf("store shares the caller's args: %s", got.Args)
	}
	got.Args[9] = '7' // a reader scribbles on its copy
	hits, _ := s.SearchExamples(ctx, "copied question", ExampleQuery{K: 1})
	if len(hits) != 1 || string(hits[0].Args) != `{"node":"1"}` {
		t.Fatalf("store shares args with readers: %v", hits)
	}
	sm := Sample{Dataset: "d", Kind: KindNode, ID: "1", Text: "a node", Attrs: map[string]string{"year": "1999"}}
	if err := s.AddSamples(ctx, []Sample{sm}); err != nil {
		t.Fatal(err)
	}
	sm.Attrs["year"] = "2000"
	if got := s.Samples("d"); got[0].Attrs["year"] != "1999" {
		t.Fatalf("store shares the caller's attrs: %v", got[0].Attrs)
	}
}
