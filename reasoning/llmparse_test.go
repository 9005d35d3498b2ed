package reasoning

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

func TestParseJSONAnswer(t *testing.T) {
	cases := []struct {
		in, want string // want "" means ErrSyntax
	}{
		{`{"a": 1}`, `{"a":1}`},
		{"  \n{\"a\": [1, {\"b\": 2}]}\n", `{"a":[1,{"b":2}]}`},
		{"```json\n{\"a\": 1}\n```", `{"a":1}`},
		{"```\n{\"a\": 1}\n```", `{"a":1}`},
		{"```{\"a\": 1}```", `{"a":1}`},
		{"Sure.\n```json\n{\"a\": \"x\"}\n```\nAnything else?", `{"a":"x"}`},
		{"```python\nprint(1)\n```\n```json\n{\"a\": 2}\n```", `{"a":2}`},
		{`The answer is {"a": "}"} as requested.`, `{"a":"}"}`},
		{`Use {this} or {"a": 1}`, `{"a":1}`},
		{`{"a": "escaped \" quote {"}`, `{"a":"escaped \" quote {"}`},
		{"<think>I think {\"a\": 0}</think>{\"a\": 3}", `{"a":3}`},
		{"", ""},
		{"   ", ""},
		{"no json here", ""},
		{`{"a": 1`, ""},
		{`{'a': 1}`, ""},
		{`[1, 2]`, ""},
		{`"just a string"`, ""},
		{"```json\n{\"a\": \n```", ""},
		{`}{`, ""},
	}
	for _, c := range cases {
		got, err := ParseJSONAnswer(c.in)
		if c.want == "" {
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("ParseJSONAnswer(%q) = %s, %v; want ErrSyntax", c.in, got, err)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("ParseJSONAnswer(%q) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
	if _, err := ParseJSONAnswer(strings.Repeat(" ", MaxAnswerBytes+1)); !errors.Is(err, ErrSyntax) {
		t.Errorf("oversized answer: %v", err)
	}
}

func TestParseJSONAnswerLinearOnManyBraces(t *testing.T) {
	// 200k unmatched '{' must not take quadratic time: at most
	// llmMaxObjectTries scans of the text.
	in := strings.Repeat("{", 200000)
	if _, err := ParseJSONAnswer(in); !errors.Is(err, ErrSyntax) {
		t.Fatal(err)
	}
}

func TestValidateArgs(t *testing.T) {
	shortest, cycle, topk := llmTestSpecs()
	b := graph.NewBuilder(false)
	b.AddEdge("A", "B")
	b.AddEdge("B", "7")
	g := b.Build()
	cases := []struct {
		spec    tools.Spec
		g       *graph.Graph
		args    string
		wantErr string // "" means valid
	}{
		{shortest, g, `{"source": "A", "target": 7}`, ""},
		{shortest, nil, `{"source": "Q", "target": "R"}`, ""},
		{shortest, g, `{"source": "A", "target": "Q"}`, `node "Q" is not in the graph`},
		{shortest, g, `{"source": "A"}`, `missing parameter "target"`},
		{shortest, g, `{"source": "A", "target": null}`, `missing parameter "target"`},
		{shortest, g, `{"source": "A", "target": "B", "weight": "w"}`, "unknown parameter weight"},
		{shortest, g, `{"source": true, "target": "B"}`, `parameter "source" must be a node ID`},
		{shortest, g, `{"source": 1.5, "target": "B"}`, `parameter "source" must be a node ID`},
		{shortest, g, `{"source": "", "target": "B"}`, `parameter "source" must be a node ID`},
		{shortest, g, `[1, 2]`, "must be a JSON object"},
		{shortest, g, `nonsense`, "must be a JSON object"},
		{cycle, g, ``, ""},
		{cycle, g, `{}`, ""},
		{cycle, g, `{"x": 1}`, "unknown parameter x (cycle_check takes no parameters)"},
		{topk, g, `{"k": 2}`, ""},
		{topk, g, `{"k": 2.0}`, `"k" must be an integer`},
		{topk, g, `{"k": "2"}`, `"k" must be an integer`},
		{topk, g, `{"k": 2, "weighted": "yes"}`, `"weighted" must be true or false`},
		{topk, g, `{"k": 2, "node": "B"}`, ""},
	}
	for _, c := range cases {
		got, err := ValidateArgs(c.spec, c.g, json.RawMessage(c.args))
		if c.wantErr == "" {
			if err != nil {
				t.Errorf("%s %s: %v", c.spec.Name, c.args, err)
				continue
			}
			var dst map[string]any
			if err := tools.DecodeArgs(c.spec, got, &dst); err != nil {
				t.Errorf("%s %s: tools.DecodeArgs disagrees: %v", c.spec.Name, got, err)
			}
			continue
		}
		if !errors.Is(err, ErrBadParams) || !errors.Is(err, tools.ErrBadArgs) || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("%s %s: err = %v, want ErrBadParams containing %q", c.spec.Name, c.args, err, c.wantErr)
		}
		if strings.Contains(c.wantErr, "not in the graph") != errors.Is(err, tools.ErrNodeNotFound) {
			t.Errorf("%s %s: ErrNodeNotFound mismatch: %v", c.spec.Name, c.args, err)
		}
	}
}

func TestCheckGraphAgainstQuestion(t *testing.T) {
	q := "Given a directed graph with edges (n1, n2, 0.5), (n2, n-3, 12) and node 40 alone, find cycles."
	ok := GraphText{Directed: true, Weighted: true, Edges: []EdgeText{{"n1", "n2", 0.5, true}, {"n2", "n-3", 12, true}}, Nodes: []string{"40"}}
	if err := CheckGraphAgainstQuestion(ok, q); err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		gt   GraphText
		want string
	}{
		{GraphText{}, "no edges"},
		{GraphText{Directed: true, Edges: []EdgeText{{U: "n1", V: "n9"}}}, `node "n9"`},
		{GraphText{Directed: true, Edges: []EdgeText{{U: "n3", V: "n1"}}}, `node "n3"`},
		{GraphText{Directed: true, Edges: []EdgeText{{"n1", "n2", 5, true}}}, "weight 5"},
		{GraphText{Directed: false, Edges: []EdgeText{{U: "n1", V: "n2"}}}, "says the graph is directed"},
		{GraphText{Directed: true, Nodes: []string{"4"}}, `node "4"`},
		{GraphText{Directed: true, Source: "graph.txt"}, `source "graph.txt"`},
	}
	for _, c := range bad {
		err := CheckGraphAgainstQuestion(c.gt, q)
		if !errors.Is(err, ErrGraphMismatch) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err = %v, want mismatch containing %q", c.gt, err, c.want)
		}
	}
	if err := CheckGraphAgainstQuestion(GraphText{Edges: []EdgeText{{U: "1", V: "2"}}}, "In the undirected graph 1-2 ..."); err != nil {
		t.Errorf("undirected: %v", err)
	}
	if err := CheckGraphAgainstQuestion(GraphText{Directed: true, Edges: []EdgeText{{U: "1", V: "2"}}}, "In the undirected graph 1-2 ..."); !errors.Is(err, ErrGraphMismatch) {
		t.Errorf("directed answer for an undirected question: %v", err)
	}
}

func TestResolveToolName(t *testing.T) {
	cs := llmTestCandidates()
	for in, want := range map[string]string{
		"shortest_path": "shortest_path", " Shortest Path ": "shortest_path", "TOP-K-DEGREE": "top_k_degree",
		"None": NoTool, "none": NoTool,
	} {
		if got, err := ResolveToolName(in, cs); err != nil || got != want {
			t.Errorf("ResolveToolName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "dijkstra", "shortest", "shortest_path_length"} {
		if _, err := ResolveToolName(in, cs); !errors.Is(err, ErrUnknownTool) {
			t.Errorf("ResolveToolName(%q): %v", in, err)
		}
	}
}

// classified reports whether err carries exactly one of wants.
func classified(err error, wants ...error) bool {
	n := 0
	for _, w := range wants {
		if errors.Is(err, w) {
			n++
		}
	}
	return n == 1
}

func FuzzParseJSONAnswer(f *testing.F) {
	for _, s := range []string{`{"a":1}`, "```json\n{\"tool\": \"x\"}\n```", `prose {"a": "}"} more`, `{"a": [1, {"b": null}]}`,
		"<think>{</think>{}", `{`, `}}}{{{`, `{"a":"\u00e9\\"}`, "```\n```", `{"a":1}{"b":2}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ParseJSONAnswer(in)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("unclassified error %v", err)
			}
			return
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(got, &m) != nil || m == nil {
			t.Fatalf("returned %q, not a JSON object", got)
		}
		// A valid object in prose without braces of its own is found as is.
		if bytes.HasPrefix(bytes.TrimSpace([]byte(in)), []byte("{")) && json.Valid([]byte(in)) && !strings.Contains(in, "</think>") {
			var buf bytes.Buffer
			json.Compact(&buf, []byte(in))
			if wrapped, err := ParseJSONAnswer("Answer: " + in + "\nDone."); err != nil || !bytes.Equal(wrapped, buf.Bytes()) {
				t.Fatalf("object %q in prose: %s, %v", in, wrapped, err)
			}
		}
	})
}

func FuzzParseToolAnswer(f *testing.F) {
	for _, s := range []string{`{"tool":"cycle_check"}`, `{"tool":"none","then":["x"]}`, `{"tool":"Shortest Path","then":["cycle_check"],"thought":"t"}`,
		`{"tool_name":"top_k_degree"}`, `{"tool":1}`, `{"tool":"cycle_check","then":"x"}`, `nothing`} {
		f.Add(s)
	}
	cs := llmTestCandidates()
	names := map[string]bool{NoTool: true}
	for _, c := range cs {
		names[c.Tool.Name] = true
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := ParseToolAnswer(in, cs)
		if err != nil {
			if !classified(err, ErrSyntax, ErrUnknownTool) {
				t.Fatalf("unclassified error %v", err)
			}
			return
		}
		if !names[got.Tool] {
			t.Fatalf("tool %q is not a candidate", got.Tool)
		}
		for _, n := range got.Then {
			if !names[n] || n == NoTool {
				t.Fatalf("chain tool %q is not a candidate", n)
			}
		}
		if got.Tool == NoTool && len(got.Then) > 0 {
			t.Fatal("a chain after none")
		}
	})
}

func FuzzParseParamsAnswer(f *testing.F) {
	for _, s := range []string{`{"source":0,"target":1}`, `{"arguments":{"source":"0","target":"3"}}`, `{"source":0}`,
		`{"source":0,"target":1,"x":2}`, `{"source":9,"target":1}`, `{"source":[],"target":{}}`, "```json\n{\"source\": 2, \"target\": 1}\n```"} {
		f.Add(s)
	}
	shortest, _, topk := llmTestSpecs()
	b := graph.NewBuilder(false)
	for _, e := range [][2]string{{"0", "1"}, {"1", "2"}, {"2", "3"}} {
		b.AddEdge(e[0], e[1])
	}
	g := b.Build()
	f.Fuzz(func(t *testing.T, in string) {
		for _, spec := range []tools.Spec{shortest, topk} {
			got, err := ParseParamsAnswer(in, spec, g, nil)
			if err != nil {
				if !classified(err, ErrSyntax, ErrBadParams) {
					t.Fatalf("unclassified error %v", err)
				}
				continue
			}
			if _, err := ValidateArgs(spec, g, got); err != nil {
				t.Fatalf("returned args %s fail validation: %v", got, err)
			}
			var dst map[string]any
			if err := tools.DecodeArgs(spec, got, &dst); err != nil {
				t.Fatalf("tools.DecodeArgs rejects %s: %v", got, err)
			}
		}
	})
}

func FuzzParseGraphAnswer(f *testing.F) {
	q := "Given a weighted undirected graph, the edges are: [(0, 1, {'weight': 4}), (1, 2, {'weight': 2.5})]. Also see file g.edgelist."
	for _, s := range []string{
		`{"directed":false,"weighted":true,"source":"","edges":[[0,1,4],[1,2,2.5]],"nodes":[]}`,
		`{"directed":false,"weighted":false,"source":"g.edgelist","edges":[],"nodes":[]}`,
		`{"edges":[[0,1,"4"]]}`, `{"edges":[[0,1,{"weight":4}]]}`, `{"edges":[[0]]}`, `{"edges":[["0","9"]]}`,
		`{"directed":true,"edges":[[0,1]]}`, `{"edges":"x"}`, `{"nodes":[null]}`,
	} {
		f.Add(s, q)
	}
	f.Fuzz(func(t *testing.T, answer, question string) {
		got, err := ParseGraphAnswer(answer, question)
		if err != nil {
			if !classified(err, ErrSyntax, ErrGraphMismatch) {
				t.Fatalf("unclassified error %v", err)
			}
			return
		}
		if err := CheckGraphAgainstQuestion(got, question); err != nil {
			t.Fatalf("accepted graph fails the check: %v", err)
		}
		for _, e := range got.Edges {
			if e.U == "" || e.V == "" || e.HasWeight != got.Weighted && e.HasWeight {
				t.Fatalf("bad edge %+v", e)
			}
		}
		if got.Source == "" || len(got.Edges) > 0 {
			if _, err := got.Build(graph.Limits{MaxNodes: 1000, MaxEdges: 1000}); err != nil && !errors.Is(err, graph.ErrTooLarge) {
				t.Fatalf("build: %v", err)
			}
		}
	})
}
