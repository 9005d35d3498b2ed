package extract

import (
	"testing"
)

func TestCSVTable(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // in order; nil: the reading must be empty
		edges   []string // in order
		labels  map[string]string
		vectors map[string][]float64
		meaning Meaning
		dir     Direction
		span    string // the table's span text
		role    Role
		note    string
	}{
		{
			name:  "CSV with a weight column",
			text:  "Here is the graph:\nsource,target,weight\nA,B,3\nB,C,4.5\nC,A,1\n\nWhat is the shortest path from A to C?",
			nodes: []string{"A", "B", "C"}, edges: []string{"A-B:3", "B-C:4.5", "C-A:1"}, meaning: MeaningWeight,
			span: "source,target,weight\nA,B,3\nB,C,4.5\nC,A,1", role: RoleGraph,
		},
		{
			name:  "an org chart export: a reports_to column points each row at its manager",
			text:  "name,title,reports_to,department\nGrace Whitfield,CEO,,Exec\nFarah Nadeem,CTO,Grace Whitfield,Tech\nBen Adair,Eng Manager,Farah Nadeem,Tech\n",
			nodes: []string{"Grace Whitfield", "Farah Nadeem", "Ben Adair"}, edges: []string{"Farah Nadeem-Grace Whitfield", "Ben Adair-Farah Nadeem"},
			dir: DirDirected, role: RoleGraph,
		},
		{
			name:  "TSV, columns in another order, directed by the text",
			text:  "A directed graph:\nweight\tto\tfrom\n2\t1\t0\n5\t2\t1\n",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1:2", "1-2:5"}, meaning: MeaningWeight, dir: DirDirected,
			role: RoleGraph,
		},
		{
			name:  "semicolons, quoted names, distances",
			text:  "from;to;km\n\"New York\";Boston;215\n\"New York\";\"Washington, D.C.\";225\nHow far is Boston from Washington?",
			nodes: []string{"New York", "Boston", "Washington, D.C."}, edges: []string{"New York-Boston:215", "New York-Washington, D.C.:225"},
			meaning: MeaningDistance, role: RoleGraph,
		},
		{
			name:  "Markdown table with capacities",
			text:  "| source | target | capacity |\n|---|---|---|\n| s | a | 5 |\n| a | t | 3 |\n\nFind the maximum flow from s to t.",
			nodes: []string{"s", "a", "t"}, edges: []string{"s-a:5", "a-t:3"}, meaning: MeaningCapacity,
			span: "| source | target | capacity |\n|---|---|---|\n| s | a | 5 |\n| a | t | 3 |", role: RoleGraph,
		},
		{
			name:  "space-separated with known column names, an extra column",
			text:  "u v relation\n1 2 friend\n2 3 colleague\nIs 1 connected to 3?",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "2-3"}, role: RoleGraph, note: "not read",
		},
		{
			name:  "a node table gives labels",
			text:  "id,label\n0,A\n1,B\n2,A\nWhat is the label of node 3?",
			nodes: []string{"0", "1", "2"}, labels: map[string]string{"0": "A", "1": "B", "2": "A"}, role: RoleData,
		},
		{
			name:  "the table ends at a sentence with commas",
			text:  "source,target\n0,1\n1,2\nWhich node, if removed, disconnects the graph?",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "1-2"}, span: "source,target\n0,1\n1,2", role: RoleGraph,
		},
		{
			name:  "paired column names with multi-word cities",
			text:  "city_a,city_b,miles\nNew York,Las Vegas,299\nNew York,Boston,820\nHow far is Boston from Las Vegas?",
			nodes: []string{"New York", "Las Vegas", "Boston"}, edges: []string{"New York-Las Vegas:299", "New York-Boston:820"},
			meaning: MeaningDistance, role: RoleGraph,
		},
		{
			name:  "person1 and person2 separated by tabs",
			text:  "person1\tperson2\nAlice\tBob\nBob\tCarol\n",
			nodes: []string{"Alice", "Bob", "Carol"}, edges: []string{"Alice-Bob", "Bob-Carol"}, role: RoleGraph,
		},
		{
			name:  "a node table of features and classes",
			text:  "node,x1,x2,class\n0,1,0,A\n1,0.5,1,B\n",
			nodes: []string{"0", "1"}, labels: map[string]string{"0": "A", "1": "B"},
			vectors: map[string][]float64{"0": {1, 0}, "1": {0.5, 1}}, role: RoleData,
		},
		{
			name:  "feature columns that look like a pair stay features",
			text:  "node,feat1,feat2\nA,1,2\nB,3,4",
			nodes: []string{"A", "B"}, vectors: map[string][]float64{"A": {1, 2}, "B": {3, 4}}, role: RoleData,
		},
		{name: "no header", text: "0,1\n1,2\n2,0"},
		{name: "unpaired names", text: "name,age\nAlice,30\nBob,25"},
		{name: "a sentence with the words", text: "Go from the source to the target, then back."},
		{name: "a header without rows", text: "source,target,weight\n\nNo edges yet."},
		// A line that names columns inside a list of pairs is a pair
		// (FuzzReadRoundTrip: U and V are nodes there).
		{name: "a weighted pair that reads like a header with a number", text: "The edges are:\nU V 6\nA A 1"},
		{name: "u v between rows of pairs", text: "The edges are:\nA B\nU V\nA C\nA A"},
		// FuzzReadRoundTripMore: sentences of the same shape are not a
		// space-separated table under a header "node u is connected to node a.".
		{name: "incident sentences", text: "In this graph:\nNode U is connected to node A.\nNode X is connected to node M.\n"},
		{
			name:  "space-separated paired names with a distance",
			text:  "city_a city_b miles\nParis Lyon 290\nLyon Nice 280",
			nodes: []string{"Paris", "Lyon", "Nice"}, edges: []string{"Paris-Lyon:290", "Lyon-Nice:280"}, meaning: MeaningDistance,
			role: RoleGraph,
		},
		{
			name:  "u v under a title line of another shape",
			text:  "My graph\nu v\n0 1\n1 2",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "1-2"}, role: RoleGraph,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, CSVTable{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			checkNodeData(t, got, c.labels, c.vectors)
			checkDirMeaning(t, got, c.dir, c.meaning)
			sp := spanTexts(c.text, got, c.role)
			if len(sp) != 1 || (c.span != "" && sp[0] != c.span) {
				t.Errorf("%v spans %q, want one %q", c.role, sp, c.span)
			}
			checkNote(t, got, c.note)
		})
	}
}

func TestCSVTableErrors(t *testing.T) {
	checkSyntaxErrors(t, CSVTable{}, []syntaxErrorCase{
		{"too many fields", "source,target\nA,B\nB,C,D", 3, 5, "3 fields"},
		{"too few fields", "source,target,weight\nA,B,1\nB,C", 3, 1, "2 fields"},
		{"a weight that is not a number", "from,to,cost\nA,B,cheap", 2, 5, `"cheap" is not a number`},
		{"a bad quote", "source,target\nA,\"B\nC,D", 2, 5, "table row"},
		{"a feature that is not a number", "node,f1\n0,high", 2, 3, `"high" is not a number`},
		{"an empty end", "source\ttarget\nA\t\n", 2, 3, "empty target"},
	})
}

func FuzzCSVTable(f *testing.F) {
	fuzzReaderErrors(f, CSVTable{}, positionedSyntaxError(true),
		"source,target,weight\nA,B,3\nB,C,4.5",
		"| source | target | capacity |\n|---|---|---|\n| s | a | 5 |",
		"from;to;km\n\"New York\";Boston;215",
		"id,label\n0,A\n1,B",
		"u v\n1 2\n2 3 4",
		"source,target\nA,\"B\nC,D",
	)
}

// TestCSVTableHeaderOrEdge checks that a header of single letters that
// could as well be the first edge ("U V" over "A A") leaves the reading
// unsure and says why, while a clear header stays confident.
func TestCSVTableHeaderOrEdge(t *testing.T) {
	cases := []struct {
		name, text string
		unsure     bool
	}{
		{"U V over letter rows (FuzzReadRoundTrip)", "the edges are:\nU V\nA A", true},
		{"u v over single letters", "u v\nA B\nB C", true},
		{"u,v over rows that reuse u and v", "u,v\nu,x\nx,v", true},
		{"tab-separated U V over letters", "U\tV\nA\tB", true},
		{"u v over numbers", "u v\n0 1\n1 2", false},
		{"u v over multi-letter names", "u v\nalice bob\nbob carol", false},
		{"u v w with a weight column", "u,v,w\nA,B,3\nB,C,4", false},
		{"source target", "source target\nA B\nB C", false},
		{"from,to,weight", "from,to,weight\nA,B,1\nB,C,2", false},
		{"Markdown u v", "| u | v |\n|---|---|\n| A | B |", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, CSVTable{}, c.text)
			if len(got.Edges) == 0 {
				t.Fatalf("no table read from %q", c.text)
			}
			if unsure := got.Confidence < Confident; unsure != c.unsure {
				t.Fatalf("confidence %.2f (notes %v), want unsure %v", got.Confidence, got.Notes, c.unsure)
			}
			if c.unsure {
				checkNote(t, got, "may be the table's header")
			}
		})
	}
}
