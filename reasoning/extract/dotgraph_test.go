package extract

import (
	"testing"
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
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			checkDirMeaning(t, got, c.dir, c.meaning)
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
	checkSyntaxErrors(t, DOTGraph{}, []syntaxErrorCase{
		{"not closed", "Graph:\ndigraph {\n a -> b;\n", 2, 9, "not closed"},
		{"a bad statement", "x\ndigraph {\n  a -> ;\n}", 3, 8, "DOT graph"},
	})
}

func FuzzDOTGraph(f *testing.F) {
	fuzzReaderErrors(f, DOTGraph{}, positionedSyntaxError(false),
		"digraph {\n  a -> b;\n  b -> c;\n}",
		"graph G { A -- B [weight=3]; B -- C -- D; E }",
		"```dot\nstrict digraph flow {\n  s -> a [capacity=5];\n}\n```",
		"The network is digraph { \"New York\" -> Boston }",
		"digraph { a -> { b c } /* x */ }",
		"graph graph graph {",
	)
}
