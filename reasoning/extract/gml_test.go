package extract

import "testing"

func TestGML(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // nil: the reading must be empty
		edges   []string
		dir     Direction
		meaning Meaning
		span    string
		maxConf float64
	}{
		{
			name:  "after GML: with ids",
			text:  "GML:\ngraph [\n  directed 0\n  node [ id 0 ]\n  node [ id 1 ]\n  node [ id 2 ]\n  edge [ source 0 target 1 ]\n  edge [ source 1 target 2 ]\n]\n\nQ: How many edges?",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "1-2"}, dir: DirUndirected,
			span: "graph [\n  directed 0\n  node [ id 0 ]\n  node [ id 1 ]\n  node [ id 2 ]\n  edge [ source 0 target 1 ]\n  edge [ source 1 target 2 ]\n]", maxConf: 0.95,
		},
		{
			name:  "labels, directed and weights on one line",
			text:  `graph [ directed 1 node [ id 0 label "A" ] node [ id 1 label "B" ] edge [ source 0 target 1 weight 2 ] ]`,
			nodes: []string{"A", "B"}, edges: []string{"A-B:2"}, dir: DirDirected, meaning: MeaningWeight, maxConf: 0.95,
		},
		{
			name:  "in a fence with capacities and an isolated node",
			text:  "```gml\ngraph [\n directed 1\n node [ id 1 ]\n node [ id 2 ]\n node [ id 3 ]\n edge [ source 1 target 2 capacity 5 ]\n]\n```\nMax flow from 1 to 2?",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2:5"}, dir: DirDirected, meaning: MeaningCapacity, maxConf: 0.95,
		},
		{
			name:  "inside a sentence",
			text:  "Here graph [ node [ id 0 ] node [ id 1 ] edge [ source 0 target 1 ] ] is given.",
			nodes: []string{"0", "1"}, edges: []string{"0-1"}, dir: DirUndirected, maxConf: 0.85,
		},
		{name: "prose graph with brackets", text: "The graph [see figure 2] has 4 nodes."},
		{name: "no bracket", text: "graph G with edges 0-1"},
		{name: "the word subgraph", text: "subgraph [ node [ id 0 ] ]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, GML{}, c.text)
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
			checkConfidence(t, got, 0.8, c.maxConf)
		})
	}
}

func TestGMLErrors(t *testing.T) {
	checkSyntaxErrors(t, GML{}, []syntaxErrorCase{
		{"not closed", "GML:\ngraph [\n node [ id 0 ]\n", 2, 7, "not closed"},
		{"unknown target", "x\ngraph [\n  node [ id 0 ]\n  edge [ source 0 target 4 ]\n]", 4, 3, "target 4"},
		{"bad value on the first line", "graph [ directed yes ]", 1, 18, "GML graph"},
		{"duplicate ids", "GML:\ngraph [ node [ id 0 ] node [ id 0 ] ]", 2, 23, "duplicated"},
	})
}

func FuzzGML(f *testing.F) {
	fuzzReaderErrors(f, GML{}, positionedSyntaxError(false),
		"GML:\ngraph [\n  directed 0\n  node [ id 0 ]\n  node [ id 1 ]\n  edge [ source 0 target 1 ]\n]",
		`graph [ directed 1 node [ id 0 label "A" ] node [ id 1 label "B" ] edge [ source 0 target 1 weight 2 ] ]`,
		"graph [ node [ id \"a # b\" ] # c\n]",
		"graph [ [ [",
	)
}
