package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/reasoning/llmtest"
)

// runCLIIn is runCLI with the given standard input.
func runCLIIn(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"graphagent"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// askJSON runs ask --json and decodes the answer.
func askJSON(t *testing.T, args ...string) (map[string]json.RawMessage, int) {
	t.Helper()
	out, errOut, code := runCLI(t, append(args, "--json")...)
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("exit %d, output is not one JSON object: %v\n%s\n%s", code, err, out, errOut)
	}
	return m, code
}

func TestAskCycleWithoutLLM(t *testing.T) {
	home := t.TempDir()
	out, errOut, code := runCLI(t, "--home", home, "ask", "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?")
	if code != exitOK || !strings.HasPrefix(out, "The graph contains a cycle") {
		t.Fatalf("exit %d, %q %q", code, out, errOut)
	}
	// The triangle 0-1-2 is a cycle; the path 0-1-2-3 has none.
	for q, want := range map[string]string{
		"Is there a cycle in the graph with edges 0-1, 1-2, 2-0?": "true",
		"Is there a cycle in the graph with edges 0-1, 1-2, 2-3?": "false",
	} {
		m, code := askJSON(t, "--home", home, "ask", q)
		if code != exitOK || string(m["value"]) != want || string(m["tool"]) != `"cycle_check"` {
			t.Errorf("%q: exit %d, value %s, tool %s", q, code, m["value"], m["tool"])
		}
	}
}

func TestAskGraphFile(t *testing.T) {
	data, home := dataDir(t), t.TempDir()
	// Zachary's karate club: 34 members, 78 ties, diameter 5.
	m, code := askJSON(t, "--data", data, "--home", home, "ask", "How many nodes does the graph have?", "--graph", "karate/edges.tsv")
	if code != exitOK || string(m["value"]) != "34" {
		t.Fatalf("exit %d, answer %s", code, m["answer"])
	}
	var g struct {
		Nodes, Edges int
		Source       string
	}
	if err := json.Unmarshal(m["graph"], &g); err != nil || g.Edges != 78 || g.Source != "karate/edges.tsv" {
		t.Errorf("graph %s", m["graph"])
	}
	m, code = askJSON(t, "--data", data, "--home", home, "ask", "What is the diameter of the graph in karate/edges.tsv?")
	if code != exitOK || string(m["value"]) != "5" {
		t.Errorf("diameter: exit %d, answer %s", code, m["answer"])
	}
}

// TestAskJSONContract checks DESIGN.md's fields, exactly.
func TestAskJSONContract(t *testing.T) {
	m, code := askJSON(t, "--home", t.TempDir(), "ask", "What is the degree of node 1 in the graph 0-1, 1-2, 1-3?")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var got []string
	for k := range m {
		got = append(got, k)
	}
	sort.Strings(got)
	want := []string{"answer", "args", "elapsed_ms", "fallback", "graph", "llm_calls", "reading", "tokens", "tool", "trace", "value"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("fields %v, want %v", got, want)
	}
	var args bytes.Buffer
	_ = json.Compact(&args, m["args"])
	if string(m["value"]) != "3" || args.String() != `{"node":"1"}` || string(m["llm_calls"]) != "0" {
		t.Errorf("value %s args %s llm_calls %s", m["value"], m["args"], m["llm_calls"])
	}
}

func TestAskExplain(t *testing.T) {
	out, _, code := runCLI(t, "--home", t.TempDir(), "ask", "How many edges are in the graph 0-1, 1-2?", "--explain")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"graph", "retrieval", "tool", "[builtin]", "params", "run", "total"} {
		if !strings.Contains(out, want) {
			t.Errorf("explanation lacks %q:\n%s", want, out)
		}
	}
}

func TestAskExitCodes(t *testing.T) {
	data, home := dataDir(t), t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no graph", []string{"ask", "What is the capital of France?"}, exitNoAnswer, "no graph"},
		{"passwd", []string{"ask", "load ../../etc/passwd as a graph"}, exitUsage, "outside the data folders"},
		{"50 MB", []string{"ask", strings.Repeat("0-1, ", 10<<20)}, exitUsage, "limit"},
		{"nested", []string{"ask", "Is there a cycle in " + strings.Repeat("(", 3000) + "0, 1" + strings.Repeat(")", 3000)}, exitUsage, "nested"},
		{"uncertain reading", []string{"ask", "Edges: 0-1, 1-2. Also 3 4 5 6 might matter. How many nodes?"}, exitNoAnswer, "the graph in the question is uncertain"},
		{"node not in the graph", []string{"ask", "Edges: 0-1, 1-2, 2-3. What is the degree of node 7?"}, exitUsage, `node "7" is not in the graph`},
		// "U V" is the table's u, v header or one more edge: say so, do not guess.
		{"header or edge", []string{"ask", "The edges are:\nU V\nA B\nB C\nIs there a path from A to C?"}, exitNoAnswer, `the line "U V" may be the table's header`},
		{"two questions", []string{"ask", "a", "b"}, exitUsage, "one question"},
		{"llm without model", []string{"ask", "Is 0-1 a cycle?", "--llm", "http://127.0.0.1:1/v1"}, exitUsage, "--model"},
		{"missing graph file", []string{"ask", "How many nodes?", "--graph", "nope.edgelist"}, exitUsage, "nope.edgelist"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errOut, code := runCLI(t, append([]string{"--data", data, "--home", home}, c.args...)...)
			if code != c.code || !strings.Contains(errOut, c.want) {
				t.Fatalf("exit %d (want %d), stderr %.300q (want %q)", code, c.code, errOut, c.want)
			}
		})
	}
}

// TestAskMemoryUnavailable: a home that cannot hold memory is reported in
// the trace and the question is still answered.
func TestAskMemoryUnavailable(t *testing.T) {
	home := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(home, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	m, code := askJSON(t, "--home", home, "ask", "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?")
	if code != exitOK || string(m["value"]) != "true" {
		t.Fatalf("exit %d, answer %s", code, m["answer"])
	}
	if !strings.Contains(string(m["trace"]), "long-term memory unavailable") {
		t.Errorf("trace does not mention memory: %s", m["trace"])
	}
	// The cause is kept, once, after the prefix.
	if tr := string(m["trace"]); !strings.Contains(tr, "not a directory") || strings.Contains(tr, "long-term memory: ") {
		t.Errorf("trace lacks the cause or repeats the prefix: %s", tr)
	}
}

// TestAskLLMFlagsAfterCommand: --llm and --model given after ask reach the
// planner; a tool without parameters costs one call.
func TestAskLLMFlagsAfterCommand(t *testing.T) {
	srv := llmtest.New(t)
	srv.Handle(func(req llmtest.Request) llmtest.Response {
		if req.System() != reasoning.ToolInstruction {
			t.Errorf("unexpected step %.60q", req.System())
		}
		return llmtest.Reply(`{"thought": "cycles", "tool": "cycle_check", "then": []}`)
	})
	m, code := askJSON(t, "--home", t.TempDir(), "ask", "Is there a cycle in the graph with edges 0-1, 1-2, 2-0?", "--llm", srv.BaseURL(), "--model", "m")
	if code != exitOK || string(m["value"]) != "true" || string(m["llm_calls"]) != "1" {
		t.Fatalf("exit %d, value %s, llm_calls %s", code, m["value"], m["llm_calls"])
	}
	if reqs := srv.Requests(); len(reqs) != 1 || reqs[0].Model != "m" {
		t.Errorf("requests %d, model %q", len(reqs), reqs[0].Model)
	}
}

// TestChatPiped: a session over piped input, without prompts.
func TestChatPiped(t *testing.T) {
	in := "load karate/edges.tsv\nwhat is its diameter?\n\n/graphs\nWhat is the capital of France?\n/quit\nHow many nodes?\n"
	out, errOut, code := runCLIIn(t, in, "--data", dataDir(t), "--home", t.TempDir(), "chat")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{
		"Loaded karate/edges.tsv: 34 nodes, 78 edges, undirected, weighted.",
		"The diameter of the graph is 5.",
		"karate/edges.tsv: 34 nodes, 78 edges",
	}
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4 (nothing after /quit):\n%s", len(lines), out)
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], w)
		}
	}
	if !strings.HasPrefix(lines[3], "I could not answer") || strings.Contains(out, "> ") {
		t.Errorf("unexpected output:\n%s", out)
	}
}

// TestChatFollowUps: follow-ups in chat reuse the previous tool ("and node
// 33?"), read the graph with the other direction ("what about the directed
// version?"), and "Is the graph a DAG?" on a cyclic graph names a cycle.
func TestChatFollowUps(t *testing.T) {
	in := strings.Join([]string{
		"load karate/edges.tsv",
		"What is the degree of node 0?",
		"and node 33?",
		"Remember this graph: 0-1, 1-2, 2-0, 2-3.",
		"Give a topological order.",
		"what about the directed version?",
		"Is the graph a DAG?",
		"and if it were undirected?",
	}, "\n") + "\n"
	out, errOut, code := runCLIIn(t, in, "--data", dataDir(t), "--home", t.TempDir(), "chat")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// NetworkX: karate_club_graph degrees 16 (node 0) and 17 (node 33).
	want := []string{
		"Loaded karate/edges.tsv",
		"Node 0 has degree 16.",
		"Node 33 has degree 17.",
		"Loaded graph",
		"I could not answer",
		"I could not answer: topological_sort failed: the graph has a cycle (0 -> 1 -> 2 -> 0)",
		"The graph contains a cycle, for example 0 -> 1 -> 2 -> 0.",
		"With the edges read as undirected",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start with %q", i+1, lines[i], w)
		}
	}
	if !strings.Contains(lines[7], "contains a cycle") {
		t.Errorf("undirected reading: %q", lines[7])
	}
}
