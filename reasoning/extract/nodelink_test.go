package extract

import (
	"strings"
	"testing"
)

func TestNodeLinkJSON(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // in order; nil: the reading must be empty
		edges   []string // in order
		dir     Direction
		meaning Meaning
		labels  map[string]string
		vectors map[string][]float64
		span    string
	}{
		{
			name:  "NetworkX node-link with links and weights",
			text:  `Here is G: {"directed": false, "nodes": [{"id": "A"}, {"id": "B"}, {"id": "C"}, {"id": "D"}], "links": [{"source": "A", "target": "B", "weight": 2}, {"source": "B", "target": "C", "weight": 1.5}]}. Is D isolated?`,
			nodes: []string{"A", "B", "C", "D"}, edges: []string{"A-B:2", "B-C:1.5"}, dir: DirUndirected, meaning: MeaningWeight,
			span: `{"directed": false, "nodes": [{"id": "A"}, {"id": "B"}, {"id": "C"}, {"id": "D"}], "links": [{"source": "A", "target": "B", "weight": 2}, {"source": "B", "target": "C", "weight": 1.5}]}`,
		},
		{
			name:  "edges key, directed, capacities, over several lines",
			text:  "{\n  \"directed\": true,\n  \"nodes\": [{\"id\": 0}, {\"id\": 1}, {\"id\": 2}],\n  \"edges\": [\n    {\"source\": 0, \"target\": 1, \"capacity\": 4},\n    {\"source\": 1, \"target\": 2, \"capacity\": 3}\n  ]\n}\nWhat is the maximum flow from 0 to 2?",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1:4", "1-2:3"}, dir: DirDirected, meaning: MeaningCapacity,
		},
		{
			name:  "node attributes give labels and vectors",
			text:  `{"nodes": [{"id": 1, "club": "Mr. Hi", "embedding": [1, 0]}, {"id": 2, "club": "Officer", "embedding": [0.5, 1]}], "edges": [{"source": 1, "target": 2}]}`,
			nodes: []string{"1", "2"}, edges: []string{"1-2"},
			labels: map[string]string{"1": "Mr. Hi", "2": "Officer"}, vectors: map[string][]float64{"1": {1, 0}, "2": {0.5, 1}},
		},
		{
			name:  "shorthand: node IDs and edge pairs, direction from the text",
			text:  `In this directed graph {"nodes": [1, 2, 3, 4], "edges": [[1, 2], [2, 3, 7]]}, which nodes can reach 3?`,
			nodes: []string{"1", "2", "3", "4"}, edges: []string{"1-2", "2-3:7"}, dir: DirDirected, meaning: MeaningWeight,
		},
		{
			name:  "shorthand with edges only",
			text:  `{"edges": [["Paris", "Lyon", 465], ["Lyon", "Nice", 470]]}`,
			nodes: []string{"Paris", "Lyon", "Nice"}, edges: []string{"Paris-Lyon:465", "Lyon-Nice:470"}, meaning: MeaningWeight,
		},
		{
			name:  "NetworkX adjacency JSON",
			text:  `{"directed": false, "multigraph": false, "graph": [], "nodes": [{"id": 0}, {"id": 1}, {"id": 2}], "adjacency": [[{"weight": 3, "id": 1}], [{"weight": 3, "id": 0}], []]}`,
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1:3"}, dir: DirUndirected, meaning: MeaningWeight,
		},
		{
			name:  "NetworkX adjacency JSON, directed",
			text:  `{"directed": true, "multigraph": false, "graph": [], "nodes": [{"id": "a"}, {"id": "b"}], "adjacency": [[{"id": "b"}], [{"id": "a"}]]}`,
			nodes: []string{"a", "b"}, edges: []string{"a-b", "b-a"}, dir: DirDirected,
		},
		{name: "an object without graph keys", text: `Settings: {"name": "x", "depth": 3}`},
		{name: "graph keys only inside a nested object", text: `{"meta": {"nodes": 3}}`},
		{name: "prose braces", text: "The set {1, 2, 3} has nodes."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, NodeLinkJSON{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			checkDirMeaning(t, got, c.dir, c.meaning)
			checkNodeData(t, got, c.labels, c.vectors)
			sp := spanTexts(c.text, got, RoleGraph)
			if len(sp) != 1 || (c.span != "" && sp[0] != c.span) || !strings.HasPrefix(sp[0], "{") || !strings.HasSuffix(sp[0], "}") {
				t.Errorf("graph spans %q, want one object %q", sp, c.span)
			}
		})
	}
}

func TestNodeLinkJSONErrors(t *testing.T) {
	checkSyntaxErrors(t, NodeLinkJSON{}, []syntaxErrorCase{
		{"a missing comma", "Graph:\n{\"nodes\": [{\"id\": 1} {\"id\": 2}], \"edges\": []}", 2, 22, "invalid character"},
		{"not closed", "Graph: {\"nodes\": [1, 2], \"edges\": [[1, 2]", 1, 8, "not closed"},
		{"an edge without a target", "{\"nodes\": [{\"id\": 1}], \"links\": [{\"source\": 1}]}", 1, 1, `has no "target"`},
		{"a weight that is text", "{\"edges\": [[1, 2, \"heavy\"]]}", 1, 12, "not a number"},
		{"adjacency lists for fewer nodes", `{"nodes": [{"id": 0}, {"id": 1}], "adjacency": [[]]}`, 1, 48, "1 lists for 2 nodes"},
		{"an edge of four entries", "x\n{\"edges\": [[1, 2, 3, 4]]}", 2, 12, "4 entries"},
	})
}

func FuzzNodeLinkJSON(f *testing.F) {
	fuzzReaderErrors(f, NodeLinkJSON{}, positionedSyntaxError(true),
		`{"directed": false, "nodes": [{"id": "A"}], "links": [{"source": "A", "target": "B", "weight": 2}]}`,
		`{"nodes": [1, 2], "edges": [[1, 2], [2, 3, 7]]}`,
		`{"nodes": [{"id": 1, "embedding": [1, 0], "label": "x"}], "edges": []}`,
		`{"edges": [[1, 2, "heavy"]]}`,
		`{"nodes": [[[[[[[[`,
	)
}
