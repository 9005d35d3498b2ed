package extract

import (
	"context"
	"slices"
	"testing"
)

func TestMermaid(t *testing.T) {
	cases := []readerCase{
		{
			name:  "labels are the nodes' names, not nodes",
			text:  "graph LR\n  A[Start] --> B[Middle]\n  B --> C[End]\n  A --> D(Side)\nHow many nodes are there?",
			nodes: []string{"A", "B", "C", "D"}, edges: []string{"A-B", "B-C", "A-D"}, dir: DirDirected,
			minConf: 0.97, maxConf: 0.97,
		},
		{
			name:  "ampersands join nodes on both sides",
			text:  "flowchart TD\n  A --> B & C\n  B & C --> D\nHow many edges?",
			nodes: []string{"A", "B", "C", "D"}, edges: []string{"A-B", "A-C", "B-D", "C-D"}, dir: DirDirected,
			minConf: 0.97, maxConf: 0.97,
		},
		{
			name:  "chains",
			text:  "graph LR\n  A --> B --> C --> D",
			nodes: []string{"A", "B", "C", "D"}, edges: []string{"A-B", "B-C", "C-D"}, dir: DirDirected, minConf: 0.97, maxConf: 1,
		},
		{
			name:  "weights inside and after the link",
			text:  "graph LR\n  A -- 5 --> B\n  B -->|3| C\n  A -->|10| C\nWhat is the shortest distance from A to C?",
			nodes: []string{"A", "B", "C"}, edges: []string{"A-B:5", "B-C:3", "A-C:10"}, dir: DirDirected,
			meaning: MeaningWeight, minConf: 0.97, maxConf: 1,
		},
		{
			name:  "distances with their unit",
			text:  "```mermaid\nflowchart LR\n  Oslo -->|460 km| Bergen\n  Bergen -- \"630 km\" --> Trondheim\n```",
			nodes: []string{"Oslo", "Bergen", "Trondheim"}, edges: []string{"Oslo-Bergen:460", "Bergen-Trondheim:630"},
			dir: DirDirected, meaning: MeaningDistance, minConf: 0.97, maxConf: 1,
		},
		{
			name:  "open links are undirected",
			text:  "graph TB\n  a --- b\n  b === c\n  c -.- a",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c", "c-a"}, dir: DirUndirected, minConf: 0.97, maxConf: 1,
		},
		{
			name:  "thick, dotted and text links, semicolons and shapes",
			text:  "graph LR; A((Hub)) ==> B{Choice}; B -. maybe .-> C>Flag]; C --> D[[Sub]]; D --> E[(DB)]",
			nodes: []string{"A", "B", "C", "D", "E"}, edges: []string{"A-B", "B-C", "C-D", "D-E"}, dir: DirDirected,
			minConf: 0.97, maxConf: 1, // a word on a link is its label
		},
		{
			name:  "subgraphs, styles and comments are accounted for",
			text:  "flowchart TD\n  %% the build\n  subgraph ci [CI]\n    fetch --> build\n  end\n  build --> test:::green\n  classDef green fill:#9f6\n  style fetch fill:#f9f",
			nodes: []string{"fetch", "build", "test"}, edges: []string{"fetch-build", "build-test"}, dir: DirDirected,
			minConf: 0.97, maxConf: 1,
		},
		{
			name:  "a node declared with its label before the links",
			text:  "graph LR\n  s[Source]\n  s --> t",
			nodes: []string{"s", "t"}, edges: []string{"s-t"}, dir: DirDirected, minConf: 0.97, maxConf: 1,
		},
		{
			name:  "links without a header",
			text:  "A[Start] --> B[Middle]\nB --> C & D\nHow many nodes?",
			nodes: []string{"A", "B", "C", "D"}, edges: []string{"A-B", "B-C", "B-D"}, dir: DirDirected,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "both-way and reversed heads",
			text:  "graph LR\n  a <--> b\n  b --> c",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirDirected, minConf: 0.97, maxConf: 1,
		},
		{
			name:  "arrow heads and open links mixed are uncertain",
			text:  "graph LR\n  a --> b\n  b --- c",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirDirected, maxConf: 0.85,
		},
		{
			name:  "some links without a number are uncertain",
			text:  "graph LR\n  a -->|4| b\n  b --> c",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:4", "b-c"}, dir: DirDirected, meaning: MeaningWeight,
			maxConf: 0.6,
		},
		{
			name:  "a broken link line in a block is uncertain",
			text:  "graph LR\n  a --> b\n  b --> (c\n",
			nodes: []string{"a", "b"}, edges: []string{"a-b"}, dir: DirDirected, maxConf: 0.6,
		},
		{name: "DOT is not Mermaid", text: "graph G {\n  a -- b;\n  b -- c [label=\"3\"];\n}"},
		{name: "dashes are not Mermaid", text: "0 - 1\n1 - 2\n2023-05-01 -- the day"},
		{name: "single arrows are not Mermaid", text: "a -> b\nb -> c"},
		{name: "a sentence with an arrow", text: "What is the path A --> D in the graph?"},
		{name: "a header with no links", text: "graph LR\n  A[Start]\nWhat is it?"},
		{name: "the word graph", text: "Graph\nHow many nodes --- if any?"},
	}
	checkReaderCases(t, Mermaid{}, cases)
}

// TestMermaidLabels checks that shapes' texts become the nodes' labels and
// link texts that are not numbers the edges' labels.
func TestMermaidLabels(t *testing.T) {
	got := readOne(t, Mermaid{}, "graph LR\n  A[\"Start here\"] -->|yes| B(Middle)\n  B --> C@{ shape: rect, label: \"End\" }")
	checkNodeData(t, got, map[string]string{"A": "Start here", "B": "Middle", "C": "End"}, nil)
	if got.EdgeValue != MeaningNone || got.Edges[0].HasValue || got.Edges[0].Attrs["label"] != "yes" {
		t.Errorf("edges %+v, meaning %q: want the label yes and no values", got.Edges, got.EdgeValue)
	}
	if got.Confidence < Confident {
		t.Errorf("confidence %v: a word on one link is a label, not a missing number", got.Confidence)
	}
}

// TestMermaidEndToEnd reads the Mermaid questions through Read: the
// graph has the labelled nodes once, every edge, and is certain.
func TestMermaidEndToEnd(t *testing.T) {
	for _, c := range []struct {
		q     string
		nodes []string
		edges []string
	}{
		{"Here is our flow:\n```mermaid\ngraph LR\n  A[Start] --> B[Middle]\n  B --> C[End]\n  A --> D[Side]\n```\nHow many nodes are there?",
			[]string{"A", "B", "C", "D"}, []string{"A-B", "A-D", "B-C"}},
		{"flowchart TD\n  A --> B & C\n  B --> D\n  C --> D\nHow many edges does this graph have?",
			[]string{"A", "B", "C", "D"}, []string{"A-B", "A-C", "B-D", "C-D"}},
		{"graph LR\n  A -- 5 --> B\n  B -->|3| C\n  A -->|10| C\nWhat is the shortest distance from A to C?",
			[]string{"A", "B", "C"}, []string{"A-B:5", "A-C:10", "B-C:3"}},
	} {
		ex, err := Read(context.Background(), c.q, Options{})
		if err != nil || ex.Graph == nil {
			t.Fatalf("%q: no graph (%v)", c.q, err)
		}
		g := ex.Graph
		if got := slices.Sorted(slices.Values(g.IDs())); !slices.Equal(got, c.nodes) {
			t.Errorf("%q: nodes %v, want %v", c.q, got, c.nodes)
		}
		if got := e2eEdges(g); !slices.Equal(got, c.edges) || !g.Directed() {
			t.Errorf("%q: edges %v (directed %v), want %v directed", c.q, got, g.Directed(), c.edges)
		}
		if ex.Report.Uncertain() {
			t.Errorf("%q: uncertain: %s", c.q, ex.Report.Summary())
		}
	}
}

func FuzzMermaid(f *testing.F) {
	fuzzReader(f, Mermaid{},
		"graph LR\n  A[Start] --> B[Middle] --> C\n  A --> B & C",
		"flowchart TD; a -- 5 --> b; b -->|3 km| c; c -.-> d; d ==> e; e --- f",
		"```mermaid\ngraph TB\nsubgraph x\n a((1)) <--> b{{2}}\nend\n```",
		"A --x B --o C\nA@{ label: \"q\" } --> B",
		"graph LR\n a -- --> b\n a -->| b\n a[ --> b",
	)
}
