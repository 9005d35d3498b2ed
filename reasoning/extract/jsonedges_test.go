package extract

import (
	"context"
	"errors"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

func TestJSONEdgeList(t *testing.T) {
	cases := []readerCase{
		{
			name:  "source, target and weight in a code fence",
			text:  "```json\n[\n {\"source\": \"A\", \"target\": \"F\", \"weight\": 9},\n {\"source\": \"B\", \"target\": \"D\", \"weight\": 1}\n]\n```\nFind the cheapest path from A to F.",
			nodes: []string{"A", "F", "B", "D"}, edges: []string{"A-F:9", "B-D:1"}, meaning: MeaningWeight, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "from/to with distances, numbers as IDs",
			text:  `Roads: [{"from": 1, "to": 2, "km": 40}, {"from": 2, "to": 3, "km": 60}]`,
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2:40", "2-3:60"}, meaning: MeaningDistance, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "directed when the text says so",
			text:  `A directed graph: [{"u": "x", "v": "y"}, {"u": "y", "v": "z"}]`,
			nodes: []string{"x", "y", "z"}, edges: []string{"x-y", "y-z"}, dir: DirDirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "capacities under upper-case keys",
			text:  `[{"Source": "s", "Target": "a", "Capacity": 5}, {"Source": "a", "Target": "t", "Capacity": 3}]`,
			nodes: []string{"s", "a", "t"}, edges: []string{"s-a:5", "a-t:3"}, meaning: MeaningCapacity, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "some numbers missing is uncertain",
			text:  `[{"from": "a", "to": "b", "cost": 2}, {"from": "b", "to": "c"}]`,
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:2", "b-c"}, meaning: MeaningCost, maxConf: 0.6,
		},
		{name: "records of something else", text: `[{"name": "Ann", "age": 3}, {"name": "Bo", "age": 4}]`},
		{name: "one record is not an edge", text: `[{"from": "a", "to": "b"}, {"name": "c"}]`},
		{name: "a weight that is not a number", text: `[{"from": "a", "to": "b", "weight": "heavy"}]`},
		{name: "a list of pairs is another reader's", text: `[[1, 2], [2, 3]]`},
		{name: "not JSON", text: `[{from: a, to: b}]`},
		{name: "an empty list", text: `[]`},
	}
	checkReaderCases(t, JSONEdgeList{}, cases)
}

// TestJSONEdgeRecordsInGraphObject reads {"edges": [...]} objects whose
// edges name their ends "from"/"to" (node-link JSON says "source"/"target"),
// and the whole question with the array, where the adjacency reader must
// not read the records' "key": value lines as adjacency lists.
func TestJSONEdgeRecordsInGraphObject(t *testing.T) {
	ex, err := Read(context.Background(), `Given this weighted graph {"edges": [{"from": "A", "to": "B", "weight": 4}, {"from": "B", "to": "C", "weight": 2}]}, what is the weight of the minimum spanning tree?`, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph == nil || ex.Graph.N() != 3 || ex.Graph.M() != 2 || !ex.Weighted {
		t.Fatalf("read %v", ex.Report.Summary())
	}
	ex, err = Read(context.Background(), "[\n {\n  \"source\": \"A\",\n  \"target\": \"F\",\n  \"weight\": 9\n },\n {\n  \"source\": \"C\",\n  \"target\": \"F\",\n  \"weight\": 1\n }\n]\nThe cheapest path from A to C?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph == nil || ex.Graph.N() != 3 || ex.Graph.M() != 2 {
		t.Fatalf("read %v (nodes %v)", ex.Report.Summary(), ex.Graph.IDs())
	}
	_, err = Read(context.Background(), `{"edges": [{"name": "a"}]}`, Options{})
	if !errors.Is(err, graph.ErrSyntax) {
		t.Errorf("an edge object naming no ends: %v, want a syntax error", err)
	}
}

// TestBothWaysIsUndirected: edges all written "A <-> B" make an undirected
// graph; beside one-way arrows they make a directed graph with both arcs.
func TestBothWaysIsUndirected(t *testing.T) {
	ex, err := Read(context.Background(), "Links: A <-> D, B <-> F, D <-> F. How many links does D have?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Directed || ex.Graph.M() != 3 {
		t.Errorf("all <->: directed %v with %d edges, want undirected with 3", ex.Directed, ex.Graph.M())
	}
	ex, err = Read(context.Background(), "Edges: A <-> B, B -> C.", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !ex.Directed || ex.Graph.M() != 3 {
		t.Errorf("<-> beside ->: directed %v with %d edges, want directed with 3", ex.Directed, ex.Graph.M())
	}
}

// TestAddedEdgeInInstruction: a lone edge after a list, in an
// instruction, is graph text when the words between say it adds to the
// graph; otherwise it is the question's own pair.
func TestAddedEdgeInInstruction(t *testing.T) {
	for _, c := range []struct {
		q     string
		edges int
	}{
		{"Draw a square A, B, C, D (A-B, B-C, C-D, D-A) and add the diagonal A-C. How many triangles are there now?", 5},
		{"Take the path 0-1, 1-2, 2-3 plus the edge 3-0; is there a cycle?", 4},
		{"In 0-1, 1-2, is there an edge 1-3?", 2},
		{"Is there an edge 1-3 in the graph 0-1, 1-2, 2-3?", 3},
	} {
		ex, err := Read(context.Background(), c.q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if ex.Graph == nil || ex.Graph.M() != c.edges {
			t.Errorf("%q: read %s, want %d edges", c.q, ex.Report.Summary(), c.edges)
		}
	}
}

func FuzzReadJSONEdges(f *testing.F) {
	fuzzReader(f, JSONEdgeList{}, `[{"source": "A", "target": "B", "weight": 2}]`, `[{"from": 1, "to": 2}, {"from": 2, "to": 3, "km": 4.5}]`,
		`[{"u": "a", "v": "b"}, {"name": 3}]`, `[{"a": [{"b": 1}]}]`)
}
