package extract

import (
	"context"
	"testing"
)

func TestArrowTuples(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // nil: the reading must be empty
		edges   []string
		meaning Meaning
		minConf float64
		maxConf float64
		noDir   bool // the reading states no direction (else directed)
	}{
		{
			name:  "GraphWiz flow edges",
			text:  "In a directed graph, (i->j,k) means that node i and node j are connected with an directed edge from node i to node j with weight k. Q: The nodes are numbered from 0 to 3, and the edges are: (0->1,5) (1->2,10) (2->3,2). What is the maximum flow from node 0 to node 3?",
			nodes: []string{"0", "1", "2", "3"}, edges: []string{"0-1:5", "1-2:10", "2-3:2"}, meaning: MeaningWeight, minConf: 0.97, maxConf: 0.97,
		},
		{
			name:  "labelled weights",
			text:  "Find the maximum flow between node 2 and node 0 in the directed graph: (0->1,weight:4) (1->2,weight:3) (2->0, weight: 8).",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1:4", "1-2:3", "2-0:8"}, meaning: MeaningWeight, minConf: 0.97, maxConf: 0.97,
		},
		{
			name:  "capacities and names",
			text:  "Pipes: (s -> a, capacity = 3), (a -> t, capacity = 2).",
			nodes: []string{"s", "a", "t"}, edges: []string{"s-a:3", "a-t:2"}, meaning: MeaningCapacity, minConf: 0.97, maxConf: 0.97,
		},
		{
			name:  "labelled tuples without arrows",
			text:  "The graph has edges (0, 1, weight:3), (1, 2, weight:1), (4, 8, weight:1). What is the shortest path from node 0 to node 2?",
			nodes: []string{"0", "1", "2", "4", "8"}, edges: []string{"0-1:3", "1-2:1", "4-8:1"}, meaning: MeaningWeight, minConf: 0.97, maxConf: 0.97,
			noDir: true,
		},
		{
			name:  "labelled tuples without arrows and with arrows are uncertain",
			text:  "(0, 1, weight:3), (1->2, weight:1)",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1:3", "1-2:1"}, meaning: MeaningWeight, maxConf: 0.6,
			noDir: true,
		},
		{name: "bare number triples are the tuples reader's", text: "(0, 1, 3), (1, 2, 4)"},
		{name: "a labelled pair without a number is not an edge", text: "(0, 1, weight:), (1, 2, weight:x)"},
		{
			name:  "no numbers",
			text:  "The edges are: (0->3) (3->1) (1->2). Give one topology sorting path of this graph.",
			nodes: []string{"0", "3", "1", "2"}, edges: []string{"0-3", "3-1", "1-2"}, minConf: 0.97, maxConf: 0.97,
		},
		{
			name:  "some numbers missing is uncertain",
			text:  "(a->b,2) (b->c)",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:2", "b-c"}, meaning: MeaningWeight, maxConf: 0.6,
		},
		{name: "one tuple is the question's pair", text: "Is there an edge (2->5) in the graph?"},
		{name: "the notation key alone", text: "(i->j) means that there is an edge from node i to node j."},
		{name: "an unknown label", text: "(a->b, colour: 3) (b->c, colour: 4)"},
		{name: "no closing parenthesis", text: "(a->b, 3 (b->c, 4"},
		{name: "plain tuples are another reader's", text: "(0, 1) (1, 2)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, ArrowTuples{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			dir := DirDirected
			if c.noDir {
				dir = DirUnknown
			}
			checkDirMeaning(t, got, dir, c.meaning)
			checkConfidence(t, got, c.minConf, c.maxConf)
		})
	}
}

func TestPairPhrases(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // nil: the reading must be empty
		edges   []string
		minConf float64
		maxConf float64
	}{
		{
			name:  "GraphArena authors, isolated one declared",
			text:  "**Problem to Solve**\n\n- Authors in the network: Wei Wang, Jun Li, Philip S. Yu, Hui Zhang\n- Research collaborations between these authors: Wei Wang and Jun Li, Jun Li and Philip S. Yu.\nPlease identify the common neighbors of Wei Wang and Philip S. Yu in this network.",
			nodes: []string{"Wei Wang", "Jun Li", "Philip S. Yu", "Hui Zhang"}, edges: []string{"Wei Wang-Jun Li", "Jun Li-Philip S. Yu"}, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "pairs with 'to'",
			text:  "- Fiendship connections: Ann to Bo, Bo to Cy, and Dee to Eve\nIdentify all connected components.",
			nodes: []string{"Ann", "Bo", "Cy", "Dee", "Eve"}, edges: []string{"Ann-Bo", "Bo-Cy", "Dee-Eve"}, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a pair outside the declared names is uncertain",
			text:  "Users in the network: Ann, Bo\nFriendships: Ann and Bo, Bo and Cy",
			nodes: []string{"Ann", "Bo", "Cy"}, edges: []string{"Ann-Bo", "Bo-Cy"}, maxConf: 0.6,
		},
		{name: "an item that is no pair", text: "Connections: Ann and Bo, a long day at work"},
		{name: "a sentence, not a list", text: "The connections: Ann is the one who knows everybody and Bo."},
		{name: "no header", text: "Ann and Bo, Bo and Cy."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, PairPhrases{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			checkConfidence(t, got, c.minConf, c.maxConf)
		})
	}
}

// TestHyphenatedNames: capitalised words joined by a dash are a name
// ("Fei-Fei Li", "Amberg-Sulzbach") unless they stand in a list of edges.
func TestHyphenatedNames(t *testing.T) {
	for q, want := range map[string]int{ // edges read; -1: no graph
		"Munich is connected to Amberg-Sulzbach. Amberg-Sulzbach is connected to Bavaria. How many edges?": 2,
		"Fei-Fei Li and Andrew Ng are friends. Andrew Ng and Wei Wang are friends. How many edges?":        2,
		"Roads: Paris-Lyon, Lyon-Nice, Nice-Rome. How many roads?":                                         3,
		"A-B, B-C. How many edges?": 2,
	} {
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := -1
		if ex.Graph != nil {
			got = ex.Graph.M()
		}
		if got != want || (ex.Graph != nil && ex.Confidence < 0.9) {
			t.Errorf("%q: %d edges (%s), want %d, confidently", q, got, ex.Report.Summary(), want)
		}
	}
}

func FuzzReadArrowTuples(f *testing.F) {
	fuzzReader(f, ArrowTuples{}, "(0->1,5) (1->2,weight:3)", "(s -> a, capacity = 3), (a -> t)", "(i->j,k) means", "((a->b)->c)", "(a→b,-1e9)",
		"(4, 8, weight:1) (0, 1, capacity = 2)", "(a, b, w:)")
}

func FuzzReadPairPhrases(f *testing.F) {
	fuzzReader(f, PairPhrases{}, "Authors in the network: A, B\nCollaborations: A and B, B and C.", "Connections: x to y; y with z", "edges are: and and and")
}
