package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// newDataAgent is a builtin agent over the repository's datasets with seeded
// in-memory memory.
func newDataAgent(t testing.TB, extra ...string) *Agent {
	t.Helper()
	return newBuiltinAgent(t, nil, append([]string{dataDir(t)}, extra...)...)
}

// newBuiltinAgent is a builtin agent with seeded in-memory memory whose
// sandbox is dirs, rewriting file paths with rewrite (when not nil).
func newBuiltinAgent(t testing.TB, rewrite func(string) string, dirs ...string) *Agent {
	t.Helper()
	sb, err := graph.NewSandbox(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(context.Background(), Config{Memory: store, Sandbox: sb, PathRewrite: rewrite})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAskCycle(t *testing.T) {
	a := newDataAgent(t)
	for _, tc := range []struct {
		q     string
		want  bool
		nodes int
	}{
		{"Is there a cycle in the graph with edges 0-1, 1-2, 2-0?", true, 3},
		{"Is there a cycle in the graph with edges 0-1, 1-2, 2-3?", false, 4},
		{"Does the directed graph 0->1, 1->2, 2->0 contain a cycle?", true, 3},
		{"Does the directed graph 0->1, 1->2, 0->2 contain a cycle?", false, 3},
	} {
		ans, err := a.Ask(context.Background(), tc.q)
		if err != nil {
			t.Fatalf("%q: %v", tc.q, err)
		}
		if ans.Tool != "cycle_check" || ans.Value != tc.want || ans.Fallback {
			t.Errorf("%q: tool %q value %v fallback %v; want cycle_check %v", tc.q, ans.Tool, ans.Value, ans.Fallback, tc.want)
		}
		if ans.Graph == nil || ans.Graph.Nodes != tc.nodes || ans.Graph.Edges != 3 || ans.Graph.Source != questionSource {
			t.Errorf("%q: graph %+v", tc.q, ans.Graph)
		}
		for _, e := range ans.Trace {
			if (e.Step == "tool" || e.Step == "params") && e.Backend != "builtin" {
				t.Errorf("%q: step %s labelled %q, want builtin", tc.q, e.Step, e.Backend)
			}
		}
	}
}

// TestAnswerJSONContract checks that an Answer marshals to exactly the
// fields of DESIGN.md.
func TestAnswerJSONContract(t *testing.T) {
	a := newDataAgent(t)
	ans, err := a.Ask(context.Background(), "What is the shortest path from node 0 to node 3 in the graph with edges 0-1, 1-2, 2-3, 0-3?")
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(ans)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	want := []string{"answer", "value", "tool", "args", "graph", "fallback", "trace", "reading", "llm_calls", "tokens", "elapsed_ms"}
	if len(m) != len(want) {
		t.Errorf("fields %v, want exactly %v", keys(m), want)
	}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("field %q missing", k)
		}
	}
	var g map[string]any
	_ = json.Unmarshal(m["graph"], &g)
	for _, k := range []string{"nodes", "edges", "directed", "weighted", "source"} {
		if _, ok := g[k]; !ok {
			t.Errorf("graph field %q missing: %s", k, m["graph"])
		}
	}
	if string(m["args"]) != `{"source":"0","target":"3"}` {
		t.Errorf("args %s", m["args"])
	}
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestSession loads a graph in one turn and asks about "its" diameter in
// the next.
func TestSession(t *testing.T) {
	a := newDataAgent(t)
	s := a.NewSession(memory.WorkingLimits{})
	ctx := context.Background()
	ans, err := s.Ask(ctx, "load karate/edges.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Tool != "" || ans.Graph == nil || ans.Graph.Nodes != 34 || !strings.HasPrefix(ans.Answer, "Loaded karate/edges.tsv") {
		t.Fatalf("load: %+v", ans)
	}
	ans, err = s.Ask(ctx, "what is its diameter?")
	if err != nil {
		t.Fatal(err)
	}
	// Zachary's karate club has diameter 5 (NetworkX: nx.diameter(nx.karate_club_graph())).
	if ans.Tool != "diameter" || fmt.Sprint(ans.Value) != "5" || ans.Graph.Source != "karate/edges.tsv" {
		t.Errorf("diameter: tool %q value %v graph %+v", ans.Tool, ans.Value, ans.Graph)
	}
	ans, err = s.Ask(ctx, "Now the graph 0-1, 1-2. How many nodes does it have?")
	if err != nil || fmt.Sprint(ans.Value) != "3" {
		t.Fatalf("inline turn: %v %v", ans.Value, err)
	}
	// The inline graph is now the current one; the file stays by name.
	if names := s.Graphs(); len(names) != 2 {
		t.Errorf("graphs %v, want the file and the inline graph", names)
	}
	ans, err = s.Ask(ctx, "How many edges does it have?")
	if err != nil || fmt.Sprint(ans.Value) != "2" {
		t.Errorf("follow-up on the inline graph: %v %v", ans.Value, err)
	}
	if res := s.Working().Results(); len(res) != 3 {
		t.Errorf("%d results remembered, want 3", len(res))
	}
}

func TestNoGraph(t *testing.T) {
	a := newDataAgent(t)
	for _, q := range []string{"What is its diameter?", "What is the capital of France?", "How many nodes?"} {
		ans, err := a.Ask(context.Background(), q)
		if !errors.Is(err, ErrNoGraph) {
			t.Errorf("%q: err %v, want ErrNoGraph", q, err)
			continue
		}
		if ans == nil || !strings.Contains(ans.Answer, "no graph") {
			t.Errorf("%q: answer %+v", q, ans)
		}
	}
}

// TestRefusals checks the malicious questions: a path out of the data
// folders, a 50 MB question, deeply nested brackets, a missing file.
func TestRefusals(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.edgelist")
	if err := os.WriteFile(secret, []byte("0 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	a := newDataAgent(t)
	big := "Is there a cycle in the graph with edges " + strings.Repeat("0-1, ", 10<<20) + "1-2?"
	for _, tc := range []struct {
		name, q string
		want    error
	}{
		{"passwd", "load ../../etc/passwd as a graph", ErrRefused},
		{"passwd question", "How many nodes are in the graph ../../../etc/passwd?", ErrRefused},
		{"absolute path outside", "What is the diameter of the graph in " + secret + "?", ErrRefused},
		{"etc", "What is the diameter of /etc/hosts.edgelist?", ErrRefused},
		{"50 MB", big, ErrTooLarge},
		{"nested brackets", "Is there a cycle in " + strings.Repeat("[", 5000) + "(0, 1)" + strings.Repeat("]", 5000) + "?", ErrBadInput},
		{"open tuples 256 KB", "Edges: " + strings.Repeat("(", 256<<10), ErrBadInput},
		{"nested lists 256 KB", "Edges: " + strings.Repeat("[[", 64<<10) + strings.Repeat("]]", 64<<10), ErrBadInput},
		{"missing file", "What is the diameter of the graph in nothere/graph.edgelist?", ErrBadInput},
		// A word with a slash that names no file is not a graph file the
		// user gave (it was exit 2, "graph file not found").
		{"slashed word", "How many nodes does acme/web:latest have?", ErrNoGraph},
		{"unit", "What is the diameter of a pipe network rated 40 L/s?", ErrNoGraph},
		{"empty", "   ", ErrBadInput},
		{"bad utf8", "Is there a cycle in 0-1, 1-2, 2-0 \xff?", ErrBadInput},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ans, err := a.Ask(context.Background(), tc.q)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			if ans == nil || ans.Tool != "" || !strings.HasPrefix(ans.Answer, "I could not answer") {
				t.Errorf("answer %+v", ans)
			}
			if len(ans.Answer) > 2000 {
				t.Errorf("the refusal echoes %d bytes", len(ans.Answer))
			}
		})
	}
}

// TestMemoryUnavailable checks that a memory that cannot be opened is noted
// in the trace and logged as a warning (a corrupt log must not go unsaid),
// and the question is still answered.
func TestMemoryUnavailable(t *testing.T) {
	var logged bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := New(context.Background(), Config{Logger: logger, OpenMemory: func(context.Context) (*memory.Store, error) {
		return nil, errors.New("disk on fire")
	}})
	if err != nil {
		t.Fatal(err)
	}
	ans, err := a.Ask(context.Background(), "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?")
	if err != nil || ans.Value != true {
		t.Fatalf("%v %v", ans, err)
	}
	found := false
	for _, e := range ans.Trace {
		if e.Step == "examples" && strings.Contains(e.Error, "disk on fire") {
			found = true
		}
	}
	if !found {
		t.Errorf("the trace does not say memory failed: %+v", ans.Trace)
	}
	if out := logged.String(); !strings.Contains(out, "level=WARN") || !strings.Contains(out, "disk on fire") {
		t.Errorf("no warning names the memory failure; logged %q", out)
	}
}

// TestToolFailureFallsBack: a topological sort of a cyclic graph fails, so
// the builtin analogy answers, labelled as a fallback.
func TestToolFailureFallsBack(t *testing.T) {
	a := newDataAgent(t)
	ans, err := a.Ask(context.Background(), "Give a topological order of the directed graph 0->1, 1->2, 2->0.")
	if err != nil && !errors.Is(err, ErrNoAnswer) {
		t.Fatal(err)
	}
	if !ans.Fallback || ans.Tool != "" {
		t.Errorf("fallback %v tool %q", ans.Fallback, ans.Tool)
	}
	var sawRun bool
	for _, e := range ans.Trace {
		if e.Step == "run" && e.Backend == "topological_sort" && e.Error != "" {
			sawRun = true
		}
		if e.Step == "fallback" && e.Backend != "builtin" {
			t.Errorf("fallback labelled %q, want builtin", e.Backend)
		}
	}
	if !sawRun {
		t.Errorf("no failed topological_sort run in the trace: %+v", ans.Trace)
	}
}

// BenchmarkAskBuiltin40 measures the builtin overhead of one question on a
// 40-node graph: extraction, retrieval, memory search, tool choice,
// parameters and the tool. The agent and the seeded memory are built once.
func BenchmarkAskBuiltin40(b *testing.B) {
	a := newDataAgent(b)
	var sb strings.Builder
	sb.WriteString("Given an undirected graph, the edges are: [")
	for i := 0; i < 40; i++ {
		for _, d := range []int{1, 7} {
			if i > 0 || d > 1 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "(%d, %d, {'weight': %d})", i, (i+d)%40, 1+(i*d)%9)
		}
	}
	sb.WriteString("]. What is the shortest path from node 3 to node 27?")
	q := sb.String()
	ctx := context.Background()
	if ans, err := a.Ask(ctx, q); err != nil || ans.Tool == "" || ans.GraphUsed().N() != 40 {
		b.Fatalf("%v %v", ans, err)
	}
	b.ReportAllocs()
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := a.Ask(ctx, q); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/question")
}

// TestFallbackErrorKeepsCause: a node the graph lacks (and its numbering
// does not imply) is bad input, and the error keeps the cause's sentinels
// (reasoning.ErrBadParams and tools.ErrNodeNotFound).
func TestFallbackErrorKeepsCause(t *testing.T) {
	a := newDataAgent(t)
	ans, err := a.Ask(context.Background(), "edges 0-1, 1-2, 2-3. What is the degree of node 7?")
	if !errors.Is(err, ErrBadInput) || !errors.Is(err, reasoning.ErrBadParams) || !errors.Is(err, tools.ErrNodeNotFound) {
		t.Fatalf("err %v: want ErrBadInput, reasoning.ErrBadParams and tools.ErrNodeNotFound", err)
	}
	if ans == nil || !strings.Contains(ans.Answer, `node "7" is not in the graph`) {
		t.Errorf("answer %+v does not name the missing node", ans)
	}
}

// TestWithGraph: a graph the caller loaded is the question's graph, named
// by its source, and the question's own reading does not replace it.
func TestWithGraph(t *testing.T) {
	a := newBuiltinAgent(t, nil, t.TempDir())
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"a", "b"}, {"b", "c"}, {"c", "d"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	ans, err := a.Ask(context.Background(), "What is the diameter of the graph?", WithGraph(b.Build(), "postgres://db/edges"))
	if err != nil || ans.Tool != "diameter" || fmt.Sprint(ans.Value) != "3" || ans.Graph.Source != "postgres://db/edges" {
		t.Fatalf("%v: %+v", err, ans)
	}
}
