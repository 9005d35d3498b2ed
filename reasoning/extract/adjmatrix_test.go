package extract

import (
	"slices"
	"testing"
)

func TestAdjacencyMatrix(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // in order; nil: the reading must be empty
		edges   []string // in order, "u-v" or "u-v:w"
		dir     Direction
		meaning Meaning
		key     string // text of the notation-key span, if any
		graph   string // text of the graph span
		minConf float64
		maxConf float64
		note    string
	}{
		{
			name:  "lines of 0s and 1s after a key line",
			text:  "The adjacency matrix is:\n0 1 1\n1 0 0\n1 0 0\nHow many edges are there?",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "0-2"}, dir: DirUndirected,
			key: "The adjacency matrix is:", graph: "0 1 1\n1 0 0\n1 0 0",
			minConf: 0.9, maxConf: 0.9, note: "does not say how they are numbered",
		},
		{
			name:  "header row and row names",
			text:  "Consider this matrix.\n   A B C\nA  0 1 0\nB  1 0 1\nC  0 1 0\nIs A connected to C?",
			nodes: []string{"A", "B", "C"}, edges: []string{"A-B", "B-C"}, dir: DirUndirected,
			graph: "   A B C\nA  0 1 0\nB  1 0 1\nC  0 1 0"[3:], minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "header row only, commas",
			text:  "x,y,z\n0,1,1\n1,0,0\n1,0,0",
			nodes: []string{"x", "y", "z"}, edges: []string{"x-y", "x-z"}, dir: DirUndirected,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "weighted, directed by the text",
			text:  "Weighted adjacency matrix of a directed graph:\n0 5 0\n0 0 3\n2 0 0",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1:5", "1-2:3", "2-0:2"}, dir: DirDirected,
			meaning: MeaningWeight, minConf: 0.9, maxConf: 0.9,
		},
		{
			name:  "asymmetric without a word about direction",
			text:  "Matrix:\n0 1 0\n0 0 1\n0 0 0",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "1-2"}, dir: DirDirected,
			minConf: 0.9, maxConf: 0.9, note: "not symmetric",
		},
		{
			name:  "nested list on one line, numbered from 1",
			text:  "A = [[0,1,1],[1,0,1],[1,1,0]] is the adjacency matrix; the nodes are numbered from 1 to 3.",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "1-3", "2-3"}, dir: DirUndirected,
			graph: "[[0,1,1],[1,0,1],[1,1,0]]", minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "nested list over lines with no-edge marks, distances",
			text:  "Distance matrix:\n[[0, 4, inf],\n [4, 0, 2],\n [inf, 2, 0]]\nWhat is the shortest distance from 0 to 2?",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1:4", "1-2:2"}, dir: DirUndirected,
			meaning: MeaningDistance, key: "Distance matrix:", minConf: 0.95, maxConf: 0.95, // "from 0 to 2" numbers from 0
		},
		{
			name:  "table with pipes",
			text:  "Adjacency matrix:\n| 0 | 1 |\n| 1 | 0 |",
			nodes: []string{"0", "1"}, edges: []string{"0-1"}, dir: DirUndirected, minConf: 0.9, maxConf: 0.9,
		},
		{
			name:  "numeric header and row numbers",
			text:  "Adjacency matrix:\n  1 2 3\n1 0 1 0\n2 1 0 1\n3 0 1 0",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "2-3"}, dir: DirUndirected,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "the question names node n, so rows count from 1",
			text:  "Adjacency matrix:\n0 1 0 0\n1 0 1 0\n0 1 0 1\n0 0 1 0\nWhat is the degree of node 4?",
			nodes: []string{"1", "2", "3", "4"}, edges: []string{"1-2", "2-3", "3-4"}, dir: DirUndirected,
			minConf: 0.85, maxConf: 0.85, note: "names node 4",
		},
		{
			name:  "no cue, but a square 0/1 block with an empty diagonal",
			text:  "0 1 0 1\n1 0 1 0\n0 1 0 1\n1 0 1 0",
			nodes: []string{"0", "1", "2", "3"}, edges: []string{"0-1", "0-3", "1-2", "2-3"}, dir: DirUndirected,
			minConf: 0, maxConf: 0.6, note: "does not call it one",
		},
		{
			name:  "adjacency matrix named elsewhere",
			text:  "0 1 1\n1 0 1\n1 1 0\nThe block above is the adjacency matrix of G.",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "0-2", "1-2"}, dir: DirUndirected,
			minConf: 0.85, maxConf: 0.85, note: "mentions",
		},
		{
			name:  "a declared numbering of another size contradicts the matrix",
			text:  "The nodes are numbered from 0 to 5. Adjacency matrix:\n0 1 0\n1 0 1\n0 1 0",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "1-2"}, dir: DirUndirected,
			minConf: 0, maxConf: 0.4, note: "numbers the nodes 0 to 5 but the matrix has 3 rows",
		},
		{
			name:  "a node named inside both numberings: NetworkX's, with a note",
			text:  "Adjacency matrix:\n0,1,0,0\n1,0,1,1\n0,1,0,0\n0,1,0,0\nWhat is the degree of node 1?",
			nodes: []string{"0", "1", "2", "3"}, edges: []string{"0-1", "1-2", "1-3"}, dir: DirUndirected,
			minConf: 0.9, maxConf: 0.9, note: "NetworkX's numbering",
		},
		{name: "edge-list lines", text: "0 1\n1 2\n2 0"},
		{name: "weighted edge-list lines", text: "0 1 4\n1 2 3\n2 0 5\nFind the shortest path."},
		{name: "an instruction asks for a matrix", text: "Compute the adjacency matrix of:\n0 1\n1 2\n2 3"},
		{name: "a Python edge list", text: "G = [[0, 1], [1, 2], [2, 0]]"},
		{name: "weighted edges with the word elsewhere", text: "Convert [[0, 1, 3], [1, 2, 4], [0, 2, 1]] into an adjacency matrix."},
		{name: "a Markdown table of edges", text: "| source | target |\n|---|---|\n| 0 | 2 |\n| 0 | 1 |\n| 0 | 3 |"},
		{name: "edge lines under a broken line", text: "Edges, one per line:\n0 3\n5 -- -- 1\n0 4\n1 5\n2 4\n"},
		{name: "a header over a block that is not square", text: "  A B\nA 0 1 1\nB 1 0 1\nC 1 1 0"},
		{name: "incidence matrix", text: "The incidence matrix is\n1 0\n1 1\n0 1"},
		// Lines of marks alone are pairs of nodes named like marks, not a
		// matrix without edges (FuzzReadRoundTrip found this).
		{name: "edge lines of nodes named X under a header-like pair", text: "the edges are:\nB A\nX X\nX X"},
		{name: "lines of marks under names", text: "  a b c\nx x x\nx x x\n_ _ _"},
		// Rows named otherwise than the header's names are weighted edge
		// lines, not a matrix (FuzzReadRoundTrip: "A X 2" under "A A 1").
		{name: "a header naming node X over rows using x for no edge", text: "the edges are:\nX A 44\nX X 1\nX X 1\nX X 1"},
		// FuzzReadRoundTrip: "B A 2" is a weighted edge, not a header over
		// rows saying "no edge, no edge, an edge to node 2".
		{name: "weighted edge lines of nodes named X under a pair", text: "the edges are:\nB A 2\nX X 1\nX X 1\nX X 1"},
		{
			name:  "x for no edge under a header, rows named by it",
			text:  "  A B C\nA x 1 x\nB 1 x 1\nC x 1 x",
			nodes: []string{"A", "B", "C"}, edges: []string{"A-B", "B-C"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{name: "weighted edge lines whose first line looks like a header", text: "the edges are:\nA A 1\nA X 2\nB X 21"},
		{
			name:  "row names differ from the header's, but the word matrix makes it one",
			text:  "Adjacency matrix:\n  A B\nA 0 1\nC 1 0",
			nodes: []string{"A", "B"}, edges: []string{"A-B"}, dir: DirUndirected, minConf: 0.5, maxConf: 0.5,
			note: "row names differ",
		},
		{
			// FuzzReadRoundTripMore: "X" starts its row as the node the
			// header names, not as a no-edge mark.
			name:  "a node named X heads its row",
			text:  "The adjacency matrix of a directed graph is:\n  A X B\nA 1 0 0\nX 0 0 1\nB 0 0 0\n",
			nodes: []string{"A", "X", "B"}, edges: []string{"A-A", "X-B"}, dir: DirDirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a node named x heads its row, rows marked with x",
			text:  "Adjacency matrix:\n  a x\na x 1\nx 1 x",
			nodes: []string{"a", "x"}, edges: []string{"a-x"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			// FuzzReadRoundTripMore: W and U V are nodes here, not the
			// weight and end columns of a table.
			name:  "nodes named W, U and V",
			text:  "The adjacency matrix of a directed weighted graph is:\n  A R U V X\nA 1 14 0 10 12\nR 0 0 0 0 0\nU 29 0 0 0 0\nV 0 0 0 0 0\nX 0 0 0 0 0\n",
			nodes: []string{"A", "R", "U", "V", "X"}, edges: []string{"A-A:1", "A-R:14", "A-V:10", "A-X:12", "U-A:29"},
			dir: DirDirected, meaning: MeaningWeight, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a header naming W over unnamed rows",
			text:  "Adjacency matrix:\n  A W\n0 1\n1 0",
			nodes: []string{"A", "W"}, edges: []string{"A-W"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{name: "u v w over three weighted edges", text: "u v w\n0 1 5\n1 2 3\n2 0 4"},
		{
			name:  "marks alone, but the word matrix makes them one",
			text:  "Adjacency matrix:\n  A B\nA x x\nB x x",
			nodes: []string{"A", "B"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, AdjacencyMatrix{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			checkDirMeaning(t, got, c.dir, c.meaning)
			if k := spanTexts(c.text, got, RoleKey); c.key != "" && !slices.Equal(k, []string{c.key}) {
				t.Errorf("key spans %q, want %q", k, c.key)
			}
			g := spanTexts(c.text, got, RoleGraph)
			if len(g) != 1 || (c.graph != "" && g[0] != c.graph) {
				t.Errorf("graph spans %q, want one %q", g, c.graph)
			}
			checkConfidence(t, got, c.minConf, c.maxConf)
			checkNote(t, got, c.note)
		})
	}
}

func TestAdjacencyMatrixErrors(t *testing.T) {
	checkSyntaxErrors(t, AdjacencyMatrix{}, []syntaxErrorCase{
		{"ragged row", "Adjacency matrix:\n0 1 1\n1 0\n1 0 0", 3, 1, "row 2 has 2 entries"},
		{"not square", "The matrix below:\n0 1 1\n1 0 1", 2, 1, "2 rows of 3 entries"},
		{"ragged nested list", "The adjacency matrix is [[0, 1], [1, 0, 1]].", 1, 34, "row 2 has 3 entries"},
		{"header of the wrong width", "Adjacency matrix:\n  A B\nA 0 1 1\nB 1 0 1\nC 1 1 0", 2, 3, "header names 2 nodes"},
		{"a name twice", "Adjacency matrix:\n  A B A\nA 0 1 1\nB 1 0 1\nA 1 1 0", 2, 3, "twice"},
	})
}

func FuzzAdjacencyMatrix(f *testing.F) {
	fuzzReaderErrors(f, AdjacencyMatrix{}, positionedSyntaxError(true),
		"The adjacency matrix is:\n0 1 1\n1 0 0\n1 0 0",
		"   A B C\nA  0 1 0\nB  1 0 1\nC  0 1 0",
		"Distance matrix:\n[[0, 4, inf],\n [4, 0, 2],\n [inf, 2, 0]]",
		"Adjacency matrix:\n  1 2 3\n1 0 1 0\n2 1 0 1\n3 0 1 0",
		"matrix [[0,1],[1,0,1]]",
		"Adjacency matrix:\n| 0 | 1e400 |\n| 1 | 0 |",
	)
}
