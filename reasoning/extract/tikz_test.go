package extract

import "testing"

// TestTikZ: pictures drawn in TikZ (held-out batch 5's figure, read
// before as four tuples from the node coordinates, and counted 4 edges,
// not 7).
func TestTikZ(t *testing.T) {
	pic := "\\begin{tikzpicture}\n  \\node[circle,draw] (a) at (0, 0) {$a$};\n  \\node[circle,draw] (b) at (2, 0) {$b$};\n" +
		"  \\node[circle,draw] (c) at (2, 2) {$c$};\n  \\draw (a) -- (b);\n  \\draw (a) -- (c);\n  \\draw (b) -- (c);\n\\end{tikzpicture}"
	cases := []readerCase{
		{
			name: "nodes at coordinates, lines between them", text: "For my notes:\n" + pic + "\nHow many edges?",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "a-c", "b-c"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name: "chains, arrows, edge operations and weights",
			text: "\\begin{tikzpicture}\n\\node (s) {S}; \\node (t) at (3,0) {T};\n\\draw[->] (s) -- node[above] {3} (m) -- node {4} (t);\n" +
				"\\path[->] (s) edge (t) (t) edge[<-] (u);\n\\end{tikzpicture}",
			nodes: []string{"s", "t", "m", "u"}, edges: []string{"s-m:3", "m-t:4", "s-t", "u-t"}, dir: DirDirected, meaning: MeaningWeight,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name: "anchors name the node", text: "\\draw (a.east) -- (b.west); \\draw (b) to (c);",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name: "a dashed line style is no arrow", text: "\\draw[densely-dotted] (a) -- (b);",
			nodes: []string{"a", "b"}, edges: []string{"a-b"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name: "a line to a coordinate is uncertain", text: "\\draw (a) -- (b) -- (1,2);",
			nodes: []string{"a", "b"}, edges: []string{"a-b"}, dir: DirUndirected, minConf: 0.6, maxConf: 0.6,
		},
		{name: "coordinates only", text: "\\draw (0,0) -- (1,1) -- (2,0);"},
		{name: "no TikZ", text: "Edges: (a, b), (b, c). How many nodes?"},
		{name: "nodes without paths", text: "\\node (a) at (0,0) {A}; \\node (b) at (1,0) {B};"},
		{name: "a statement without its end", text: "\\draw (a) -- (b)"},
	}
	checkReaderCases(t, TikZ{}, cases)
}

func FuzzReadTikZ(f *testing.F) {
	fuzzReader(f, TikZ{}, "\\begin{tikzpicture}\\node (a) at (0,0) {a}; \\draw[->] (a) -- node {2} (b);\\end{tikzpicture}",
		"\\draw (a) edge[<->] (b) to (c);", "\\path (a", "\\draw [", "\\draw (a) -- node {", "\\foreach \\x in {1,2} \\draw (\\x) -- (b);")
}
