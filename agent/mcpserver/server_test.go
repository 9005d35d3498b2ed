package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// connect serves the catalogue over an in-memory transport and returns the
// SDK's own client session on it.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	return connectWith(t, Options{})
}

// connectWith is connect with options (Agent and Sandbox filled in).
func connectWith(t *testing.T, opt Options) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	dir, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	sb, err := graph.NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := agent.New(ctx, agent.Config{Sandbox: sb})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	opt.Agent, opt.Sandbox = a, sb
	s, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (string, *mcp.CallToolResult) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res
}

// TestListTools: every catalogue tool is listed with its parameters and
// the graph arguments, and ask is there too.
func TestListTools(t *testing.T) {
	cs := connect(t)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*mcp.Tool{}
	for _, tl := range res.Tools {
		byName[tl.Name] = tl
	}
	a, _ := agent.New(context.Background(), agent.Config{})
	for _, spec := range a.Registry().Specs() {
		tl := byName[spec.Name]
		if tl == nil {
			t.Errorf("tool %s not listed", spec.Name)
			continue
		}
		b, _ := json.Marshal(tl.InputSchema)
		var sch struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if err := json.Unmarshal(b, &sch); err != nil || sch.Type != "object" {
			t.Errorf("%s schema %s (%v)", spec.Name, b, err)
			continue
		}
		for _, p := range spec.Params {
			if _, ok := sch.Properties[p.Name]; !ok {
				t.Errorf("%s schema lacks parameter %s", spec.Name, p.Name)
			}
			if p.Required != slices.Contains(sch.Required, p.Name) {
				t.Errorf("%s: %s required %v in the schema", spec.Name, p.Name, !p.Required)
			}
		}
		for _, g := range []string{"graph_file", "graph", "directed"} {
			if _, ok := sch.Properties[g]; !ok {
				t.Errorf("%s schema lacks %s", spec.Name, g)
			}
		}
	}
	if byName["ask"] == nil || len(res.Tools) != a.Registry().Len()+1 {
		t.Errorf("%d tools listed, want the %d of the catalogue and ask", len(res.Tools), a.Registry().Len())
	}
}

// TestCallShortestPath: shortest_path on a file in the data folders and on
// a graph given as text; files outside the data folders are refused.
func TestCallShortestPath(t *testing.T) {
	cs := connect(t)
	text, res := call(t, cs, "shortest_path", map[string]any{"graph_file": "karate/edges.tsv", "source": "0", "target": 33})
	if res.IsError || text != "The shortest path from 0 to 33 has total weight 3 over 2 edges: 0, 19, 33." {
		t.Errorf("karate: %q (error %v)", text, res.IsError)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if !strings.Contains(string(b), `"path":["0","19","33"]`) {
		t.Errorf("structured %s", b)
	}
	text, res = call(t, cs, "shortest_path", map[string]any{"graph": "a b 4\nb d 1\na d 9\na c 1\nc d 1\n", "source": "a", "target": "d"})
	if res.IsError || !strings.Contains(text, "total weight 2") {
		t.Errorf("text graph: %q", text)
	}
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"graph_file": "../go.mod", "source": "0", "target": "1"}, "outside the data folders"},
		{map[string]any{"graph_file": "/etc/passwd", "source": "0", "target": "1"}, "outside the data folders"},
		{map[string]any{"source": "0", "target": "1"}, "no graph"},
		{map[string]any{"graph_file": "karate/edges.tsv", "source": "0", "target": "99"}, "not in the graph"},
		{map[string]any{"graph_file": "karate/edges.tsv", "graph": "0 1", "source": "0", "target": "1"}, "not both"},
		{map[string]any{"graph_file": "karate/edges.tsv", "source": "0"}, "target"},
	} {
		text, res := call(t, cs, "shortest_path", c.args)
		if !res.IsError || !strings.Contains(text, c.want) {
			t.Errorf("%v: %q (error %v), want an error saying %q", c.args, text, res.IsError, c.want)
		}
	}
}

// TestCallAsk: ask answers from the question, keeps the graph for the next
// call, and refuses a path outside the data folders.
func TestCallAsk(t *testing.T) {
	cs := connect(t)
	text, res := call(t, cs, "ask", map[string]any{"question": "Is there a cycle in 0-1, 1-2, 2-0?"})
	if res.IsError || !strings.Contains(text, "contains a cycle") {
		t.Errorf("cycle: %q", text)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if !strings.Contains(string(b), `"tool":"cycle_check"`) || !strings.Contains(string(b), `"trace"`) {
		t.Errorf("structured %s", b)
	}
	if text, res = call(t, cs, "ask", map[string]any{"question": "load karate/edges.tsv"}); res.IsError {
		t.Fatalf("load: %q", text)
	}
	if text, res = call(t, cs, "ask", map[string]any{"question": "What is its diameter?"}); res.IsError || !strings.Contains(text, "5") {
		t.Errorf("follow-up: %q", text)
	}
	if text, res = call(t, cs, "ask", map[string]any{"question": "How many nodes?", "graph_file": "karate/edges.tsv"}); res.IsError || !strings.Contains(text, "34") {
		t.Errorf("graph_file: %q", text)
	}
	if text, res = call(t, cs, "ask", map[string]any{"question": "What is the diameter of the graph in ../go.mod?"}); !res.IsError || !strings.Contains(text, "outside the data folders") {
		t.Errorf("outside: %q (error %v)", text, res.IsError)
	}
	if text, res = call(t, cs, "ask", map[string]any{"question": "hi", "bogus": 1}); !res.IsError {
		t.Errorf("unknown argument: %q", text)
	}
}

// TestChartAsImage: a tool that makes a chart returns it as a PNG image
// after its text, through the tool and through ask.
func TestChartAsImage(t *testing.T) {
	cs := connect(t)
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"degree_distribution", map[string]any{"graph_file": "karate/edges.tsv"}},
		{"ask", map[string]any{"question": "What is the degree distribution of karate/edges.tsv?"}},
	} {
		_, res := call(t, cs, c.tool, c.args)
		if res.IsError || len(res.Content) != 2 {
			t.Fatalf("%s: %d contents (error %v)", c.tool, len(res.Content), res.IsError)
		}
		img, ok := res.Content[1].(*mcp.ImageContent)
		if !ok || img.MIMEType != "image/png" || !bytes.HasPrefix(img.Data, []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("%s: second content %T is not a PNG", c.tool, res.Content[1])
		}
	}
	if _, res := call(t, cs, "ask", map[string]any{"question": "Is there a cycle in 0-1, 1-2, 2-0?"}); len(res.Content) != 1 {
		t.Errorf("a chart where the tool makes none: %d contents", len(res.Content))
	}
}

// TestHideFolders: with HideFolders, neither a tool's error nor ask's
// (text or structured) names the data folder; without it the sandbox's
// message does (so the test checks something).
func TestHideFolders(t *testing.T) {
	dir, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"diameter", map[string]any{"graph_file": "../go.mod"}},
		{"ask", map[string]any{"question": "What is the diameter of the graph in ../go.mod?"}},
		{"ask", map[string]any{"question": "What is the diameter?", "graph_file": "../go.mod"}},
	}
	hidden, plain := connectWith(t, Options{HideFolders: []string{dir}}), connect(t)
	for _, c := range calls {
		text, res := call(t, hidden, c.tool, c.args)
		all, _ := json.Marshal(res)
		if !res.IsError || bytes.Contains(all, []byte(dir)) || !strings.Contains(text, "<data>") {
			t.Errorf("%s %v: the data folder shows: %s", c.tool, c.args, all)
		}
		if text, _ := call(t, plain, c.tool, c.args); !strings.Contains(text, dir) {
			t.Errorf("%s %v: the sandbox message no longer names the folder: %q", c.tool, c.args, text)
		}
	}
	// Answers are otherwise unchanged.
	if text, _ := call(t, hidden, "diameter", map[string]any{"graph_file": "karate/edges.tsv"}); text != "The diameter of the graph is 5." {
		t.Errorf("diameter of karate: %q", text)
	}
}

// TestErrorsDoNotEchoLongTokens: a graph whose bad token is 4 MiB long
// gets an error of a few hundred bytes, not the token (it was 4 MiB).
func TestErrorsDoNotEchoLongTokens(t *testing.T) {
	cs := connect(t)
	text, res := call(t, cs, "diameter", map[string]any{"graph": "graph { \"" + strings.Repeat("a", 4<<20)})
	if !res.IsError || len(text) > 1000 || !strings.Contains(text, "malformed graph") {
		t.Errorf("error of %d bytes (error %v): %.200q", len(text), res.IsError, text)
	}
}
