package extract

import (
	"context"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
)

// fuzzReader fuzzes one reader on its own: on any valid UTF-8 text it must
// not panic, must fail only with graph.ErrSyntax or graph.ErrTooLarge, and
// must return a consistent Reading (checkReading, and NodeStarts parallel
// to Nodes). Readers of other
// packages' notations use it too: one FuzzReadX per reader.
func fuzzReader(f *testing.F, r Reader, seeds ...string) {
	fuzzReaderErrors(f, r, nil, seeds...)
}

// fuzzReaderErrors is fuzzReader with a further check, when checkErr is not
// nil, of every error the reader returns.
func fuzzReaderErrors(f *testing.F, r Reader, checkErr func(*testing.T, error), seeds ...string) {
	for _, c := range exCases() {
		f.Add(c.q)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if !utf8.ValidString(q) || len(q) > 1<<14 {
			return // Read rejects these before any reader runs
		}
		d := newDoc(q, Options{MaxNodes: 500, MaxEdges: 500, MaxBytes: 1 << 16})
		rd, err := r.Read(context.Background(), d)
		if err != nil {
			if !errors.Is(err, graph.ErrSyntax) && !errors.Is(err, graph.ErrTooLarge) {
				t.Fatalf("%s: undocumented error %v", r.Name(), err)
			}
			if checkErr != nil {
				checkErr(t, err)
			}
			return
		}
		checkReading(t, q, rd)
		if rd.NodeStarts != nil && len(rd.NodeStarts) != len(rd.Nodes) {
			t.Fatalf("%d node starts for %d nodes", len(rd.NodeStarts), len(rd.Nodes))
		}
	})
}

// positionedSyntaxError is an error check for fuzzReaderErrors: the error
// is a *graph.SyntaxError naming a line of the question and, when col, a
// column.
func positionedSyntaxError(col bool) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		t.Helper()
		var se *graph.SyntaxError
		if !errors.As(err, &se) || se.Line < 1 || (col && se.Col < 1) {
			t.Fatalf("error %v is not a positioned *graph.SyntaxError", err)
		}
	}
}

func FuzzReadKey(f *testing.F) {
	fuzzReader(f, keyReader{}, "(i,j) means that node i and node j are connected.", "in the format u -> v: 0 -> 1",
		"an edge (u, v, w) means an edge from u to v with weight w", "(a means b", "format (,,)")
}

func FuzzReadPython(f *testing.F) {
	fuzzReader(f, pythonReader{}, "[(0, 1, {'weight': 2})]", "[(0, 1), (1, 2, {'w': 3)]", "[[1, 2], [2, 3]]")
}

func FuzzReadDeclarations(f *testing.F) {
	fuzzReader(f, declReader{}, "The nodes are numbered from 0 to 7.", "a graph with 12 nodes", "Nodes: A, B, C.",
		"node 7 is isolated", "V = {1, 2}", "nodes 0 to 99999999999")
}

func FuzzReadAdjacency(f *testing.F) {
	fuzzReader(f, adjacencyReader{}, "0: 1 2\n1: 2\n2:", "A: [B, C]\nB: []")
}

func FuzzReadPairList(f *testing.F) {
	fuzzReader(f, pairListReader{}, "edges: 0 1, 1 2 5; 2 3", "edges are:\n0 1\n")
}

func FuzzReadEdgeLines(f *testing.F) {
	fuzzReader(f, edgeLinesReader{}, "0 1\n1 2 3\n", "a b\nb c\n")
}

func FuzzReadTuples(f *testing.F) {
	fuzzReader(f, tuplesReader{}, "(0, 1), (1, 2, 3)", "[[a, b], [b, c]]", "(V, E)")
}

func FuzzReadArrows(f *testing.F) {
	fuzzReader(f, arrowsReader{}, "0 -> 1, 2, 3", "a→b→c (weight 4)", "1 <-> 2")
}

func FuzzReadDashes(f *testing.F) {
	fuzzReader(f, dashesReader{}, "0-1, 1-2", "A—B 4\nB—C 2", "2023-05-01")
}

func FuzzReadProse(f *testing.F) {
	fuzzReader(f, proseReader{}, "an edge between node 1 and node 2 with weight 3", "A is connected to B, C and D.",
		"nodes 1 and 2 are adjacent", "edges from 0 to 1, 2 and 3")
}

func FuzzReadFile(f *testing.F) {
	fuzzReader(f, fileReader{}, `the path is "data/x.edgelist"`, "file: data/graphs/roads", "karate.tsv")
}

func FuzzReadDataset(f *testing.F) {
	fuzzReader(f, datasetReader{}, "the karate club graph", "fb15k-237", "college football network")
}

func FuzzReadSession(f *testing.F) {
	fuzzReader(f, sessionReader{}, "Is it connected?", "the graph loaded earlier")
}
