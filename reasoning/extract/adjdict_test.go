package extract

import (
	"strings"
	"testing"
)

func TestAdjacencyDict(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // in order; nil: the reading must be empty
		edges   []string // in order
		dir     Direction
		meaning Meaning
		minConf float64
		maxConf float64
		note    string
	}{
		{
			name:  "JSON neighbour lists, symmetric, with an isolated node",
			text:  `The undirected graph as a dict of neighbour lists: {"A": ["B", "D"], "B": ["A"], "D": ["A"], "E": []}. Is E isolated?`,
			nodes: []string{"A", "B", "D", "E"}, edges: []string{"A-B", "A-D"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a directed dict of sets",
			text:  "In a directed graph, the successors are {10: {18}, 11: {3}, 3: {18, 4}, 4: {11}}. Is there a path from node 10 to node 4?",
			nodes: []string{"10", "11", "3", "4", "18"}, edges: []string{"10-18", "11-3", "3-18", "3-4", "4-11"}, dir: DirDirected,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "Python lists with numbers, symmetric without a word about direction",
			text:  "adj = {0: [1, 2], 1: [0], 2: [0]}\nHow many neighbours does 0 have?",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "0-2"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "successor lists of a directed graph",
			text:  "Successors in the directed graph: {'a': ['b'], 'b': ['c'], 'c': ['a']}",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c", "c-a"}, dir: DirDirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "dict of weights over lines",
			text:  "Road lengths as a dict:\n{'Paris': {'Lyon': 465},\n 'Lyon': {'Paris': 465, 'Nice': 470},\n 'Nice': {'Lyon': 470}}",
			nodes: []string{"Paris", "Lyon", "Nice"}, edges: []string{"Paris-Lyon:465", "Lyon-Nice:470"}, dir: DirUndirected,
			meaning: MeaningWeight, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "asymmetric lists, direction unsaid",
			text:  `Neighbours: {"1": ["2"], "2": ["3"], "3": []}`,
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "2-3"}, dir: DirDirected, minConf: 0.95, maxConf: 0.95,
			note: "not symmetric: read one way",
		},
		{
			name:  "no word for it, every listed name a key",
			text:  `x = {"p": ["q"], "q": ["p"]}`,
			nodes: []string{"p", "q"}, edges: []string{"p-q"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "no word for it, names listed that are no keys",
			text:  `x = {"p": ["q", "r"]}`,
			nodes: []string{"p", "q", "r"}, edges: []string{"p-q", "p-r"}, dir: DirDirected, minConf: 0.85, maxConf: 0.85,
			note: "does not call it one",
		},
		{name: "node-link JSON is another reader's", text: `{"nodes": [1, 2], "edges": [[1, 2]]}`},
		{name: "a dict of numbers", text: `Scores: {"a": 1, "b": 2}`},
		{name: "a set in prose", text: "The nodes {A, B, C} form a triangle."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, AdjacencyDict{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			checkDirMeaning(t, got, c.dir, c.meaning)
			checkConfidence(t, got, c.minConf, c.maxConf)
			checkNote(t, got, c.note)
			if sp := spanTexts(c.text, got, RoleGraph); len(sp) != 1 || !strings.HasPrefix(sp[0], "{") || !strings.HasSuffix(sp[0], "}") {
				t.Errorf("graph spans %q, want the dict", sp)
			}
		})
	}
}

func TestAdjacencyDictErrors(t *testing.T) {
	checkSyntaxErrors(t, AdjacencyDict{}, []syntaxErrorCase{
		{"not closed", "G:\n{'A': ['B', 'C'],\n 'B': ['A']", 2, 1, "not closed"},
		{"a missing comma", "G = {'A': ['B'] 'B': ['A']}", 1, 17, "after a node's neighbours"},
		{"a bad neighbour", "G = {'A': [['B']]}", 1, 11, "not a node"},
	})
}

func FuzzAdjacencyDict(f *testing.F) {
	fuzzReaderErrors(f, AdjacencyDict{}, positionedSyntaxError(false),
		`{"A": ["B", "D"], "B": ["A"], "D": ["A"], "E": []}`,
		"{0: [1, 2], 1: [0], 2: [0]}",
		"{'Paris': {'Lyon': 465},\n 'Lyon': {'Paris': 465}}",
		"{'A': [['B']]}",
		"{'A': ['B'",
	)
}
