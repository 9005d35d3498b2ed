package reasoning

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/graphagent/graphagent/reasoning/llmtest"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

type llmTestPathParams struct {
	Source tools.NodeID `json:"source" desc:"the start node"`
	Target tools.NodeID `json:"target" desc:"the end node"`
}

type llmTestKParams struct {
	K      int          `json:"k" desc:"how many"`
	Weight *bool        `json:"weighted,omitempty" desc:"use weights"`
	Node   tools.NodeID `json:"node,omitempty" desc:"a node"`
}

func llmTestNoop[P any](context.Context, *graph.Graph, P) (tools.Result, error) {
	return tools.Result{}, nil
}

func llmTestSpecs() (shortest, cycle, topk tools.Spec) {
	shortest = tools.New(tools.Spec{
		Name: "shortest_path", Description: "Length of the shortest path between two nodes.",
		WhenToUse: "The question asks for a shortest path or distance.", Returns: "a number",
	}, llmTestNoop[llmTestPathParams]).Spec()
	cycle = tools.New(tools.Spec{
		Name: "cycle_check", Description: "Whether the graph has a cycle.", Returns: "true or false",
	}, llmTestNoop[tools.NoParams]).Spec()
	topk = tools.New(tools.Spec{Name: "top_k_degree", Description: "The k nodes of highest degree."},
		llmTestNoop[llmTestKParams]).Spec()
	return
}

func llmTestCandidates() []Candidate {
	s, c, k := llmTestSpecs()
	return []Candidate{{Tool: s, Score: 0.9}, {Tool: c, Score: 0.5}, {Tool: k, Score: 0.1}}
}

func llmTestGraph(t *testing.T) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"0", "1"}, {"1", "2"}, {"2", "0"}, {"2", "3"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	return b.Build()
}

// newLLMTestPlanner returns a planner with fast retries against s.
func newLLMTestPlanner(t *testing.T, s *llmtest.Server, edit func(*LLMConfig)) *LLMPlanner {
	t.Helper()
	cfg := LLMConfig{
		BaseURL: s.BaseURL(), Model: "test-model", Timeout: 5 * time.Second, MaxRetries: 3,
		Backoff: time.Millisecond, MaxBackoff: 4 * time.Millisecond, MaxTokens: 77,
	}
	if edit != nil {
		edit(&cfg)
	}
	p, err := NewLLMPlanner(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// checkUsage asserts that the planner counted exactly the server's calls and
// reported tokens.
func checkUsage(t *testing.T, s *llmtest.Server, got UsageStats) {
	t.Helper()
	prompt, completion := s.Usage()
	if got.Calls != int64(s.Calls()) || got.PromptTokens != int64(prompt) || got.CompletionTokens != int64(completion) {
		t.Fatalf("usage %+v, server saw %d calls, %d+%d tokens", got, s.Calls(), prompt, completion)
	}
}

func TestNewLLMPlannerConfig(t *testing.T) {
	for _, cfg := range []LLMConfig{
		{Model: "m"},
		{BaseURL: "ftp://x/v1", Model: "m"},
		{BaseURL: "not a url", Model: "m"},
		{BaseURL: "http://127.0.0.1:1/v1"},
	} {
		if _, err := NewLLMPlanner(cfg); err == nil {
			t.Errorf("NewLLMPlanner(%+v) accepted a bad config", cfg)
		}
	}
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply(`{"thought":"","tool":"cycle_check","then":[]}`))
	// A URL without a path gets /v1.
	p, err := NewLLMPlanner(LLMConfig{BaseURL: s.URL, Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.ChooseTool(context.Background(), ToolRequest{Question: "cycle?", Candidates: llmTestCandidates()}); err != nil {
		t.Fatal(err)
	}
	r := s.Requests()[0]
	if r.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer EMPTY" || p.Name() != "llm:m" {
		t.Fatalf("path %s auth %q name %s", r.Path, r.Header.Get("Authorization"), p.Name())
	}
}

func TestChooseToolCleanJSONRequestShape(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply(`{"thought": "It asks for a distance.", "tool": "shortest_path", "then": []}`))
	p := newLLMTestPlanner(t, s, nil)
	var u Usage
	ctx := WithUsage(context.Background(), &u)
	req := ToolRequest{
		Question:   "How far is node 1 from node 3?",
		Candidates: llmTestCandidates(),
		Examples:   []Example{{Question: "distance from 4 to 9?", Tool: "shortest_path", Args: json.RawMessage(`{"source":"4","target":"9"}`)}},
		Graph:      &GraphSummary{Nodes: 4, Edges: 4},
	}
	got, err := p.ChooseTool(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if got.Tool != "shortest_path" || got.Thought != "It asks for a distance." || len(got.Then) != 0 {
		t.Fatalf("choice = %+v", got)
	}
	r := s.Requests()[0]
	if r.System() != ToolInstruction || r.Model != "test-model" {
		t.Fatalf("system/model: %q %q", r.System(), r.Model)
	}
	for _, want := range []string{"How far is node 1 from node 3?", "- shortest_path: Length of the shortest path", "source (node, required: the start node)", "cycle_check", "top_k_degree", `"distance from 4 to 9?" -> shortest_path`, "4 nodes, 4 edges"} {
		if !strings.Contains(r.LastUser(), want) {
			t.Errorf("user prompt lacks %q:\n%s", want, r.LastUser())
		}
	}
	// max_tokens (not max_completion_tokens) for llama.cpp and Ollama.
	if r.MaxTokens != 77 || r.MaxCompletionTokens != 0 || r.Temperature == nil || *r.Temperature != 0 {
		t.Fatalf("max_tokens %d max_completion_tokens %d temperature %v", r.MaxTokens, r.MaxCompletionTokens, r.Temperature)
	}
	var schema struct {
		Properties struct {
			Tool struct {
				Enum []string `json:"enum"`
			} `json:"tool"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(r.Schema(), &schema); err != nil {
		t.Fatal(err)
	}
	if strings.Join(schema.Properties.Tool.Enum, ",") != "shortest_path,cycle_check,top_k_degree,none" {
		t.Fatalf("tool enum = %v", schema.Properties.Tool.Enum)
	}
	if r.GuidedJSON != nil {
		t.Fatal("guided_json sent without GuidedJSON")
	}
	checkUsage(t, s, p.Usage())
	if u.Stats() != p.Usage() || u.Stats().Calls != 1 || u.Stats().Tokens() == 0 {
		t.Fatalf("per-question usage %+v, planner %+v", u.Stats(), p.Usage())
	}
}

func TestChooseToolAnswerForms(t *testing.T) {
	cases := []struct {
		name, answer string
		want         ToolChoice
	}{
		{"prose", "Sure! Here is my choice:\n{\"thought\": \"a cycle question\", \"tool\": \"cycle_check\"}\nHope this helps.",
			ToolChoice{Tool: "cycle_check", Thought: "a cycle question"}},
		{"fence", "```json\n{\"thought\": \"x\", \"tool\": \"top_k_degree\", \"then\": [\"shortest_path\"]}\n```",
			ToolChoice{Tool: "top_k_degree", Thought: "x", Then: []string{"shortest_path"}}},
		{"think", "<think>maybe {\"tool\": \"cycle_check\"}?</think>\n{\"thought\": \"\", \"tool\": \"Shortest-Path\"}",
			ToolChoice{Tool: "shortest_path"}},
		{"none", `{"thought": "no tool computes colours", "tool": "none", "then": ["cycle_check"]}`,
			ToolChoice{Tool: NoTool, Thought: "no tool computes colours"}},
		{"braces in strings", `Answer: {"thought": "a } inside { a string", "tool": "cycle_check"}`,
			ToolChoice{Tool: "cycle_check", Thought: "a } inside { a string"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := llmtest.New(t)
			s.Enqueue(llmtest.Reply(c.answer))
			p := newLLMTestPlanner(t, s, nil)
			got, err := p.ChooseTool(context.Background(), ToolRequest{Question: "q", Candidates: llmTestCandidates()})
			if err != nil {
				t.Fatal(err)
			}
			if got.Tool != c.want.Tool || got.Thought != c.want.Thought || strings.Join(got.Then, ",") != strings.Join(c.want.Then, ",") {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
			if s.Calls() != 1 || p.Usage().Repairs != 0 {
				t.Fatalf("calls %d, usage %+v", s.Calls(), p.Usage())
			}
		})
	}
}

func TestChooseToolUnknownNameRepaired(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(
		llmtest.Reply(`{"thought": "", "tool": "dijkstra"}`),
		llmtest.Reply(`{"thought": "", "tool": "shortest_path"}`),
	)
	p := newLLMTestPlanner(t, s, nil)
	got, err := p.ChooseTool(context.Background(), ToolRequest{Question: "distance 1 to 3?", Candidates: llmTestCandidates()})
	if err != nil || got.Tool != "shortest_path" {
		t.Fatalf("got %+v, %v", got, err)
	}
	reqs := s.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d calls, want 2", len(reqs))
	}
	repair := reqs[1]
	if n := len(repair.Messages); n != 4 || repair.Messages[2].Role != "assistant" || repair.Messages[2].Content != `{"thought": "", "tool": "dijkstra"}` {
		t.Fatalf("repair messages = %+v", repair.Messages)
	}
	for _, want := range []string{"rejected", `"dijkstra" is not one of shortest_path, cycle_check, top_k_degree or "none"`} {
		if !strings.Contains(repair.LastUser(), want) {
			t.Fatalf("repair prompt %q lacks %q", repair.LastUser(), want)
		}
	}
	if string(repair.Schema()) != string(reqs[0].Schema()) {
		t.Fatal("repair round dropped the schema")
	}
	if u := p.Usage(); u.Repairs != 1 || u.Calls != 2 {
		t.Fatalf("usage %+v", u)
	}
	checkUsage(t, s, p.Usage())
}

func TestChooseToolFailuresClassified(t *testing.T) {
	cases := []struct {
		name     string
		answers  []string
		want     error
		contains string
	}{
		{"unknown twice", []string{`{"tool": "dijkstra"}`, `{"tool": "bfs"}`}, ErrUnknownTool, `"bfs"`},
		{"broken json twice", []string{`{"tool": "cycle_check"`, `{"tool": cycle_check}`}, ErrSyntax, "broken JSON"},
		{"prose only", []string{"I would use the cycle checker.", "The cycle checker."}, ErrSyntax, "no JSON object"},
		{"no tool field", []string{`{"answer": "cycle_check"}`, `{"tools": ["cycle_check"]}`}, ErrSyntax, `no "tool" field`},
		{"tool not a string", []string{`{"tool": 3}`, `{"tool": ["cycle_check"]}`}, ErrSyntax, "must be a string"},
		{"unknown in chain", []string{`{"tool": "cycle_check", "then": ["pagerank"]}`, `{"tool": "cycle_check", "then": ["pagerank"]}`}, ErrUnknownTool, "then"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := llmtest.New(t)
			for _, a := range c.answers {
				s.Enqueue(llmtest.Reply(a))
			}
			p := newLLMTestPlanner(t, s, nil)
			_, err := p.ChooseTool(context.Background(), ToolRequest{Question: "q", Candidates: llmTestCandidates()})
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.contains) {
				t.Fatalf("err = %v, want %v containing %q", err, c.want, c.contains)
			}
			if c.want == ErrUnknownTool && !errors.Is(err, tools.ErrUnknownTool) {
				t.Fatal("ErrUnknownTool does not match tools.ErrUnknownTool")
			}
			for _, other := range []error{ErrSyntax, ErrUnknownTool, ErrBadParams, ErrServer, ErrGraphMismatch} {
				if other != c.want && errors.Is(err, other) {
					t.Fatalf("err %v also classified as %v", err, other)
				}
			}
			reqs := s.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d calls, want 2 (one repair)", len(reqs))
			}
			// The repair prompt carries the first answer's validation error.
			_, firstErr := ParseToolAnswer(c.answers[0], llmTestCandidates())
			if !strings.Contains(reqs[1].LastUser(), firstErr.Error()) {
				t.Fatalf("repair prompt %q lacks %q", reqs[1].LastUser(), firstErr)
			}
			checkUsage(t, s, p.Usage())
		})
	}
}

func TestChooseToolNoCandidatesNoCall(t *testing.T) {
	s := llmtest.New(t)
	p := newLLMTestPlanner(t, s, nil)
	got, err := p.ChooseTool(context.Background(), ToolRequest{Question: "q"})
	if err != nil || got.Tool != NoTool || s.Calls() != 0 {
		t.Fatalf("got %+v %v after %d calls", got, err, s.Calls())
	}
}

func TestExtractParams(t *testing.T) {
	shortest, cycle, topk := llmTestSpecs()
	g := llmTestGraph(t)
	cases := []struct {
		name       string
		spec       tools.Spec
		answers    []string
		check      func(json.RawMessage) error
		want       string // compact args when the step succeeds
		wantErr    error
		repairHint string // text the repair prompt must contain
	}{
		{name: "clean", spec: shortest, answers: []string{`{"source": 1, "target": "3"}`}, want: `{"source":1,"target":"3"}`},
		{name: "fenced in prose", spec: shortest, answers: []string{"The arguments are:\n```json\n{\"source\": \"0\", \"target\": \"2\"}\n```"}, want: `{"source":"0","target":"2"}`},
		{name: "wrapped", spec: shortest, answers: []string{`{"arguments": {"source": 0, "target": 3}}`}, want: `{"source":0,"target":3}`},
		{name: "missing repaired", spec: shortest, answers: []string{`{"source": 1}`, `{"source": 1, "target": 3}`},
			want: `{"source":1,"target":3}`, repairHint: `missing parameter "target"`},
		{name: "extra repaired", spec: shortest, answers: []string{`{"source": 1, "target": 3, "graph": "G"}`, `{"source": 1, "target": 3}`},
			want: `{"source":1,"target":3}`, repairHint: "unknown parameter graph (shortest_path takes source, target)"},
		{name: "node not in graph repaired", spec: shortest, answers: []string{`{"source": 1, "target": 9}`, `{"source": 1, "target": 3}`},
			want: `{"source":1,"target":3}`, repairHint: `parameter "target": node "9" is not in the graph`},
		{name: "ill-typed repaired", spec: topk, answers: []string{`{"k": "three"}`, `{"k": 3, "weighted": true}`},
			want: `{"k":3,"weighted":true}`, repairHint: `parameter "k" must be an integer, got "three"`},
		{name: "check repaired", spec: shortest, answers: []string{`{"source": 2, "target": 2}`, `{"source": 2, "target": 0}`},
			check: func(a json.RawMessage) error {
				var p llmTestPathParams
				if err := json.Unmarshal(a, &p); err != nil {
					return err
				}
				if p.Source == p.Target {
					return errors.New("source and target must differ")
				}
				return nil
			},
			want: `{"source":2,"target":0}`, repairHint: "source and target must differ"},
		{name: "node not in graph twice", spec: shortest, answers: []string{`{"source": 1, "target": 9}`, `{"source": 7, "target": 3}`},
			wantErr: tools.ErrNodeNotFound, repairHint: `node "9"`},
		{name: "missing twice", spec: shortest, answers: []string{`{}`, `{"target": 3}`}, wantErr: ErrBadParams, repairHint: `missing parameter "source"`},
		{name: "broken twice", spec: shortest, answers: []string{`{"source": 1, "target": }`, `source=1, target=3`}, wantErr: ErrSyntax, repairHint: "broken JSON"},
		{name: "not an object twice", spec: topk, answers: []string{`{"k": [1,2]}`, `{"k": 1.5}`}, wantErr: ErrBadParams, repairHint: "must be an integer"},
		{name: "no params no call", spec: cycle, answers: nil, want: `{}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := llmtest.New(t)
			for _, a := range c.answers {
				s.Enqueue(llmtest.Reply(a))
			}
			p := newLLMTestPlanner(t, s, nil)
			args, err := p.ExtractParams(context.Background(), ParamRequest{Question: "q", Tool: c.spec, Graph: g, Check: c.check})
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
				if c.wantErr != ErrSyntax && !errors.Is(err, ErrBadParams) {
					t.Fatalf("err = %v is not ErrBadParams", err)
				}
			} else if err != nil || string(args) != c.want {
				t.Fatalf("args %s, %v; want %s", args, err, c.want)
			}
			reqs := s.Requests()
			if len(reqs) != len(c.answers) {
				t.Fatalf("%d calls, want %d", len(reqs), len(c.answers))
			}
			if len(reqs) > 0 {
				if reqs[0].System() != ParamInstruction || string(reqs[0].Schema()) != string(c.spec.Schema) {
					t.Fatalf("system %q schema %s", reqs[0].System(), reqs[0].Schema())
				}
				if !strings.Contains(reqs[0].LastUser(), "undirected, unweighted, 4 nodes, 4 edges; nodes include 0, 1, 2, 3") {
					t.Fatalf("graph summary missing: %s", reqs[0].LastUser())
				}
			}
			if c.repairHint != "" && !strings.Contains(reqs[1].LastUser(), c.repairHint) {
				t.Fatalf("repair prompt %q lacks %q", reqs[1].LastUser(), c.repairHint)
			}
			if args != nil {
				// What the step returns must run: the tool's own decoder agrees.
				var dst map[string]any
				if err := tools.DecodeArgs(c.spec, args, &dst); err != nil {
					t.Fatalf("tools.DecodeArgs rejects %s: %v", args, err)
				}
			}
			checkUsage(t, s, p.Usage())
		})
	}
}

func TestExtractGraph(t *testing.T) {
	weighted := "Given a weighted undirected graph, the edges are: [(0, 1, {'weight': 4}), (1, 2, {'weight': 2.5}), (2, 0, {'weight': 7})]. Find the shortest path from 0 to 2."
	cases := []struct {
		name, question string
		answers        []string
		want           GraphText
		wantErr        error
		repairHint     string
	}{
		{name: "weighted", question: weighted,
			answers: []string{`{"directed": false, "weighted": true, "source": "", "edges": [[0, 1, 4], [1, 2, 2.5], [2, 0, 7]], "nodes": []}`},
			want:    GraphText{Weighted: true, Edges: []EdgeText{{"0", "1", 4, true}, {"1", "2", 2.5, true}, {"2", "0", 7, true}}}},
		{name: "directed letters in prose", question: "In the directed graph A->B, B->C, is there a cycle? Node Z is alone.",
			answers: []string{"Here it is: ```json\n{\"directed\": true, \"weighted\": false, \"source\": \"\", \"edges\": [[\"A\", \"B\"], [\"B\", \"C\"]], \"nodes\": [\"Z\"]}\n```"},
			want:    GraphText{Directed: true, Edges: []EdgeText{{U: "A", V: "B"}, {U: "B", V: "C"}}, Nodes: []string{"Z"}}},
		{name: "file", question: "The edges of the directed graph are in data/flow100.edgelist. Compute the maximum flow from 13 to 4.",
			answers: []string{`{"directed": true, "weighted": false, "source": "data/flow100.edgelist", "edges": [], "nodes": []}`},
			want:    GraphText{Directed: true, Source: "data/flow100.edgelist", Edges: []EdgeText{}}},
		{name: "invented node repaired", question: weighted,
			answers: []string{
				`{"directed": false, "weighted": true, "source": "", "edges": [[0, 1, 4], [1, 5, 2.5]], "nodes": []}`,
				`{"directed": false, "weighted": true, "source": "", "edges": [[0, 1, 4], [1, 2, 2.5], [2, 0, 7]], "nodes": []}`},
			want:       GraphText{Weighted: true, Edges: []EdgeText{{"0", "1", 4, true}, {"1", "2", 2.5, true}, {"2", "0", 7, true}}},
			repairHint: `node "5" does not occur in the question`},
		{name: "wrong weight twice", question: weighted,
			answers: []string{
				`{"directed": false, "weighted": true, "source": "", "edges": [[0, 1, 40]], "nodes": []}`,
				`{"directed": false, "weighted": true, "source": "", "edges": [[0, 1, 4], [1, 2, 3]], "nodes": []}`},
			wantErr: ErrGraphMismatch, repairHint: "weight 40 of edge (0, 1)"},
		{name: "wrong direction twice", question: weighted,
			answers: []string{
				`{"directed": true, "weighted": true, "source": "", "edges": [[0, 1, 4]], "nodes": []}`,
				`{"directed": true, "weighted": true, "source": "", "edges": [[0, 1, 4]], "nodes": []}`},
			wantErr: ErrGraphMismatch, repairHint: "the question says the graph is undirected"},
		{name: "invented file twice", question: "What is the diameter of roads.edgelist?",
			answers: []string{`{"directed": false, "weighted": false, "source": "/etc/passwd", "edges": [], "nodes": []}`,
				`{"directed": false, "weighted": false, "source": "", "edges": [], "nodes": []}`},
			wantErr: ErrGraphMismatch, repairHint: `source "/etc/passwd" does not occur`},
		{name: "bad edge arity twice", question: weighted,
			answers: []string{`{"directed": false, "weighted": true, "source": "", "edges": [[0]], "nodes": []}`,
				`{"directed": false, "edges": [[0, 1, 4, 5]]}`},
			wantErr: ErrSyntax, repairHint: "edge 1 has 1 elements"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := llmtest.New(t)
			for _, a := range c.answers {
				s.Enqueue(llmtest.Reply(a))
			}
			p := newLLMTestPlanner(t, s, func(cfg *LLMConfig) { cfg.GraphMaxTokens = 999 })
			got, err := p.ExtractGraph(context.Background(), GraphRequest{Question: c.question})
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				gj, _ := json.Marshal(got)
				wj, _ := json.Marshal(c.want)
				if string(gj) != string(wj) {
					t.Fatalf("got %s\nwant %s", gj, wj)
				}
			}
			reqs := s.Requests()
			if len(reqs) != len(c.answers) {
				t.Fatalf("%d calls, want %d", len(reqs), len(c.answers))
			}
			if reqs[0].System() != GraphInstruction || reqs[0].MaxTokens != 999 || string(reqs[0].Schema()) != string(GraphSchema()) {
				t.Fatalf("graph request: max_tokens %d schema %s", reqs[0].MaxTokens, reqs[0].Schema())
			}
			if !strings.Contains(reqs[0].LastUser(), c.question) {
				t.Fatal("question not sent")
			}
			if c.repairHint != "" && !strings.Contains(reqs[1].LastUser(), c.repairHint) {
				t.Fatalf("repair prompt %q lacks %q", reqs[1].LastUser(), c.repairHint)
			}
			checkUsage(t, s, p.Usage())
		})
	}
}

func TestGraphTextBuild(t *testing.T) {
	gt := GraphText{Weighted: true, Edges: []EdgeText{{"0", "1", 4, true}, {"1", "2", 2.5, true}}, Nodes: []string{"9"}}
	g, err := gt.Build(graph.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if g.N() != 4 || g.M() != 2 || !g.Weighted() || g.Directed() {
		t.Fatalf("built %v", g)
	}
	if _, err := (GraphText{Source: "x.edgelist"}).Build(graph.Limits{}); err == nil {
		t.Fatal("built a graph given by reference")
	}
	if _, err := gt.Build(graph.Limits{MaxEdges: 1}); !errors.Is(err, graph.ErrTooLarge) {
		t.Fatalf("limit: %v", err)
	}
}

func TestRetriesOnServerFaults(t *testing.T) {
	good := llmtest.Reply(`{"thought": "", "tool": "cycle_check"}`)
	cases := []struct {
		name    string
		script  []llmtest.Response
		retries int
		calls   int
		ok      bool
		detail  string
	}{
		{"500 503 429 then ok", []llmtest.Response{llmtest.Status(500), llmtest.Status(503), llmtest.Status(429), good}, 3, 4, true, ""},
		{"dropped then ok", []llmtest.Response{llmtest.Drop(), good}, 3, 2, true, ""},
		{"malformed then truncated then ok", []llmtest.Response{llmtest.Malformed(), llmtest.Truncated(good.Content), good}, 3, 3, true, ""},
		{"timeout then ok", []llmtest.Response{llmtest.Slow(30*time.Second, good), good}, 3, 2, true, ""},
		{"500 forever", []llmtest.Response{llmtest.Status(500), llmtest.Status(500), llmtest.Status(500), llmtest.Status(500)}, 3, 4, false, "HTTP 500"},
		{"503 with no retries", []llmtest.Response{llmtest.Status(503)}, -1, 1, false, "HTTP 503"},
		{"drops forever", []llmtest.Response{llmtest.Drop(), llmtest.Drop(), llmtest.Drop()}, 2, 3, false, "transport"},
		{"timeouts forever", []llmtest.Response{llmtest.Slow(30*time.Second, good), llmtest.Slow(30*time.Second, good)}, 1, 2, false, "transport"},
		{"400 is not retried", []llmtest.Response{llmtest.Status(400)}, 3, 1, false, "HTTP 400"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := llmtest.New(t)
			s.Enqueue(c.script...)
			p := newLLMTestPlanner(t, s, func(cfg *LLMConfig) {
				cfg.MaxRetries = c.retries
				cfg.Timeout = 100 * time.Millisecond
			})
			var u Usage
			start := time.Now()
			got, err := p.ChooseTool(WithUsage(context.Background(), &u), ToolRequest{Question: "q", Candidates: llmTestCandidates()})
			if c.ok {
				if err != nil || got.Tool != "cycle_check" {
					t.Fatalf("got %+v, %v", got, err)
				}
			} else {
				if !errors.Is(err, ErrServer) || !strings.Contains(err.Error(), c.detail) ||
					!strings.Contains(err.Error(), fmt.Sprintf("after %d call(s)", c.calls)) {
					t.Fatalf("err = %v, want ErrServer with %q after %d calls", err, c.detail, c.calls)
				}
			}
			if s.Calls() != c.calls || s.Pending() != 0 {
				t.Fatalf("server saw %d calls (want %d), %d answers left", s.Calls(), c.calls, s.Pending())
			}
			// Only catches a retry that waited for a 30 s slow answer
			// instead of its 100 ms timeout; a busy machine needs no more.
			if time.Since(start) > 15*time.Second {
				t.Fatalf("took %v", time.Since(start))
			}
			if st := u.Stats(); st.Retries != int64(c.calls-1) {
				t.Fatalf("retries %d, want %d", st.Retries, c.calls-1)
			}
			checkUsage(t, s, u.Stats())
		})
	}
}

func TestOverallDeadlineStopsRetries(t *testing.T) {
	s := llmtest.New(nil)
	defer s.Close()
	s.Handle(func(llmtest.Request) llmtest.Response { return llmtest.Slow(10*time.Second, llmtest.Reply("{}")) })
	p := newLLMTestPlanner(t, s, func(cfg *LLMConfig) {
		cfg.Timeout = time.Second
		cfg.MaxRetries = 10
	})
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := p.ChooseTool(ctx, ToolRequest{Question: "q", Candidates: llmTestCandidates()})
	if !errors.Is(err, ErrServer) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
	// Without the overall deadline the retries would take 10 x 1 s.
	if el := time.Since(start); el > 5*time.Second {
		t.Fatalf("took %v past a 150ms deadline", el)
	}
	if s.Calls() != 1 {
		t.Fatalf("%d calls, want 1", s.Calls())
	}
}

func TestRetryAfterIsHonouredAndCapped(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Response{Status: 429, Header: http.Header{"Retry-After": {"120"}}}, llmtest.Reply(`{"tool": "cycle_check"}`))
	p := newLLMTestPlanner(t, s, func(cfg *LLMConfig) { cfg.MaxBackoff = 60 * time.Millisecond })
	// An uncapped Retry-After (120s) would outlive this deadline and fail
	// the call; the lower bound shows the wait was honoured (the normal
	// backoff is <= 1ms). No tight upper bound: the machine may be busy.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	if _, err := p.ChooseTool(ctx, ToolRequest{Question: "q", Candidates: llmTestCandidates()}); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el < 55*time.Millisecond {
		t.Fatalf("waited %v, want at least the 60ms cap", el)
	}
}

func TestGuidedJSONAndExtraBody(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Reply(`{"source": 0, "target": 3}`))
	p := newLLMTestPlanner(t, s, func(cfg *LLMConfig) {
		cfg.GuidedJSON = true
		cfg.ExtraBody = map[string]any{"top_k": 20, "chat_template_kwargs": map[string]any{"enable_thinking": false}, "model": "must-not-override"}
	})
	shortest, _, _ := llmTestSpecs()
	if _, err := p.ExtractParams(context.Background(), ParamRequest{Question: "q", Tool: shortest}); err != nil {
		t.Fatal(err)
	}
	r := s.Requests()[0]
	if string(r.GuidedJSON) != string(shortest.Schema) || r.Model != "test-model" {
		t.Fatalf("guided_json %s model %s", r.GuidedJSON, r.Model)
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatal(err)
	}
	if string(body["top_k"]) != "20" || string(body["chat_template_kwargs"]) != `{"enable_thinking":false}` {
		t.Fatalf("extra fields: %s", r.Body)
	}
	var rf struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string `json:"name"`
			Strict bool   `json:"strict"`
		} `json:"json_schema"`
	}
	if err := json.Unmarshal(r.ResponseFormat, &rf); err != nil || rf.Type != "json_schema" || rf.JSONSchema.Name != "graphagent_params" || !rf.JSONSchema.Strict {
		t.Fatalf("response_format %s (%v)", r.ResponseFormat, err)
	}
}

func TestConcurrentQuestionsCountedExactly(t *testing.T) {
	s := llmtest.New(t)
	var mu sync.Mutex
	n := 0
	s.Handle(func(r llmtest.Request) llmtest.Response {
		mu.Lock()
		defer mu.Unlock()
		n++
		if n%3 == 0 {
			return llmtest.Status(503)
		}
		// Vary the answer so that completion tokens differ per call.
		return llmtest.Reply(fmt.Sprintf(`{"thought": "%s", "tool": "cycle_check"}`, strings.Repeat("x", n)))
	})
	p := newLLMTestPlanner(t, s, nil)
	const questions = 12
	usages := make([]Usage, questions)
	var wg sync.WaitGroup
	errs := make(chan error, questions)
	for i := range questions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := WithUsage(context.Background(), &usages[i])
			_, err := p.ChooseTool(ctx, ToolRequest{Question: fmt.Sprintf("question %d", i), Candidates: llmTestCandidates()})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var sum UsageStats
	for i := range usages {
		st := usages[i].Stats()
		if st.Calls < 1 || st.PromptTokens == 0 {
			t.Fatalf("question %d usage %+v", i, st)
		}
		sum.Calls += st.Calls
		sum.PromptTokens += st.PromptTokens
		sum.CompletionTokens += st.CompletionTokens
		sum.Retries += st.Retries
	}
	checkUsage(t, s, sum)
	checkUsage(t, s, p.Usage())
	if sum.Retries != int64(s.Calls()-questions) {
		t.Fatalf("retries %d, calls %d", sum.Retries, s.Calls())
	}
}

func TestNoGoroutineLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	func() {
		s := llmtest.New(nil)
		defer s.Close()
		s.Enqueue(llmtest.Slow(time.Second, llmtest.Reply("{}")), llmtest.Drop(), llmtest.Truncated("{}"), llmtest.Status(500),
			llmtest.Reply(`{"tool": "cycle_check"}`), llmtest.Reply(`{"source": 0, "target": 1}`))
		p := newLLMTestPlanner(t, s, func(cfg *LLMConfig) { cfg.Timeout = 50 * time.Millisecond; cfg.MaxRetries = 5 })
		defer p.Close()
		if _, err := p.ChooseTool(context.Background(), ToolRequest{Question: "q", Candidates: llmTestCandidates()}); err != nil {
			t.Fatal(err)
		}
		shortest, _, _ := llmTestSpecs()
		if _, err := p.ExtractParams(context.Background(), ParamRequest{Question: "q", Tool: shortest}); err != nil {
			t.Fatal(err)
		}
		if s.Calls() != 6 {
			t.Fatalf("%d calls, want 6", s.Calls())
		}
	}()
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines after, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestGenerate(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(llmtest.Status(502), llmtest.Reply("Rule: labels follow degree."))
	p := newLLMTestPlanner(t, s, nil)
	out, err := p.Generate(context.Background(), "sys", "user", nil, 0)
	if err != nil || out != "Rule: labels follow degree." {
		t.Fatalf("%q %v", out, err)
	}
	r := s.Requests()[1]
	if r.ResponseFormat != nil || r.MaxTokens != 77 || r.System() != "sys" || r.LastUser() != "user" {
		t.Fatalf("request %+v", r)
	}
	checkUsage(t, s, p.Usage())
}

func TestCutAnswerRepairSaysSo(t *testing.T) {
	s := llmtest.New(t)
	s.Enqueue(
		llmtest.Response{Content: `{"thought": "a very long thought that goes on and on`, FinishReason: "length"},
		llmtest.Reply(`{"thought": "short", "tool": "cycle_check"}`),
	)
	p := newLLMTestPlanner(t, s, nil)
	got, err := p.ChooseTool(context.Background(), ToolRequest{Question: "q", Candidates: llmTestCandidates()})
	if err != nil || got.Tool != "cycle_check" {
		t.Fatalf("%+v %v", got, err)
	}
	if hint := s.Requests()[1].LastUser(); !strings.Contains(hint, "cut off at the limit of 77 tokens") || !strings.Contains(hint, "JSON") {
		t.Fatalf("repair prompt %q", hint)
	}
}

func TestOversizedResponseIsRefused(t *testing.T) {
	s := llmtest.New(t)
	huge := llmtest.Reply(`{"tool": "cycle_check", "thought": "` + strings.Repeat("x", llmMaxResponseBytes) + `"}`)
	s.Enqueue(huge, huge)
	p := newLLMTestPlanner(t, s, func(cfg *LLMConfig) { cfg.MaxRetries = 1; cfg.Timeout = 10 * time.Second })
	_, err := p.ChooseTool(context.Background(), ToolRequest{Question: "q", Candidates: llmTestCandidates()})
	if err == nil || !errors.Is(err, ErrServer) {
		t.Fatalf("got %v, want ErrServer for a body over %d bytes", err, llmMaxResponseBytes)
	}
	if got := s.Calls(); got != 2 {
		t.Fatalf("%d calls, want 2 (one retry)", got)
	}
}
