package extract

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
)

func TestDOTGraph(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // in order; nil: the reading must be empty
		edges   []string // in order
		dir     Direction
		meaning Meaning
		span    string
		maxConf float64
	}{
		{
			name:  "digraph on its own lines",
			text:  "Given the graph\ndigraph {\n  a -> b;\n  b -> c;\n}\nIs there a path from c to a?",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirDirected,
			span: "digraph {\n  a -> b;\n  b -> c;\n}", maxConf: 0.95,
		},
		{
			name:  "undirected with a name, weights and a chain",
			text:  "graph G { A -- B [weight=3]; B -- C -- D; E }",
			nodes: []string{"A", "B", "C", "D", "E"}, edges: []string{"A-B:3", "B-C:1", "C-D:1"}, dir: DirUndirected,
			meaning: MeaningWeight, maxConf: 0.95,
		},
		{
			name:  "strict digraph in a Markdown fence with capacities",
			text:  "```dot\nstrict digraph flow {\n  s -> a [capacity=5];\n  a -> t [capacity=2];\n}\n```\nMax flow from s to t?",
			nodes: []string{"s", "a", "t"}, edges: []string{"s-a:5", "a-t:2"}, dir: DirDirected, meaning: MeaningCapacity,
			span: "strict digraph flow {\n  s -> a [capacity=5];\n  a -> t [capacity=2];\n}", maxConf: 0.95,
		},
		{
			name:  "inside a sentence, with quoted names",
			text:  `The network is digraph { "New York" -> Boston; Boston -> "Washington" } and we ask about it.`,
			nodes: []string{"New York", "Boston", "Washington"}, edges: []string{"New York-Boston", "Boston-Washington"},
			dir: DirDirected, maxConf: 0.85,
		},
		{name: "prose braces after graph", text: "Consider the graph {0, 1, 2} with no edges."},
		{name: "the word graph alone", text: "The graph has 3 nodes. What is its diameter?"},
		{name: "a sentence that does not parse", text: "In the graph { A-B, B-C } find a cycle."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, DOTGraph{}, c.text)
			if c.nodes == nil {
				if !got.Empty() {
					t.Fatalf("want an empty reading, got nodes %v edges %v", got.Nodes, edgeList(got))
				}
				return
			}
			if !slices.Equal(got.Nodes, c.nodes) {
				t.Errorf("nodes %q, want %q", got.Nodes, c.nodes)
			}
			if e := edgeList(got); !slices.Equal(e, c.edges) {
				t.Errorf("edges %q, want %q", e, c.edges)
			}
			if got.Directed != c.dir || got.EdgeValue != c.meaning {
				t.Errorf("direction %v values %q, want %v %q", got.Directed, got.EdgeValue, c.dir, c.meaning)
			}
			sp := spanTexts(c.text, got, RoleGraph)
			if len(sp) != 1 || (c.span != "" && sp[0] != c.span) {
				t.Errorf("graph spans %q, want one %q", sp, c.span)
			}
			if got.Confidence > c.maxConf {
				t.Errorf("confidence %v above %v", got.Confidence, c.maxConf)
			}
		})
	}
}

func TestDOTGraphErrors(t *testing.T) {
	cases := []struct {
		name      string
		text      string
		line, col int
		msg       string
	}{
		{"not closed", "Graph:\ndigraph {\n a -> b;\n", 2, 9, "not closed"},
		{"a bad statement", "x\ndigraph {\n  a -> ;\n}", 3, 8, "DOT graph"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := (DOTGraph{}).Read(context.Background(), NewDoc(c.text))
			var se *graph.SyntaxError
			if !errors.Is(err, graph.ErrSyntax) || !errors.As(err, &se) {
				t.Fatalf("err = %v, want a *graph.SyntaxError", err)
			}
			if se.Line != c.line || se.Col != c.col || !strings.Contains(se.Msg, c.msg) {
				t.Errorf("error at %d:%d %q, want %d:%d containing %q", se.Line, se.Col, se.Msg, c.line, c.col, c.msg)
			}
		})
	}
}

func FuzzDOTGraph(f *testing.F) {
	for _, s := range []string{
		"digraph {\n  a -> b;\n  b -> c;\n}",
		"graph G { A -- B [weight=3]; B -- C -- D; E }",
		"```dot\nstrict digraph flow {\n  s -> a [capacity=5];\n}\n```",
		"The network is digraph { \"New York\" -> Boston }",
		"digraph { a -> { b c } /* x */ }",
		"graph graph graph {",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		got, err := (DOTGraph{}).Read(context.Background(), NewDoc(text))
		if err != nil {
			var se *graph.SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("error %v is not a positioned *graph.SyntaxError", err)
			}
			return
		}
		checkReading(t, text, got)
	})
}
