package extract

import (
	"context"
	"slices"
	"testing"
)

// TestListMarkersAndHeaders reads questions whose graph lines are numbered
// or bulleted (the numbering is not data) and an export whose header row
// names the columns (a header is never an edge), through Read.
func TestListMarkersAndHeaders(t *testing.T) {
	for _, c := range []struct {
		name  string
		q     string
		nodes []string // sorted
		edges []string // e2eEdges
	}{
		{"numbered with dots", "Connections:\n1. A - B\n2. B - C\n3. D - E\nHow many connected components?",
			[]string{"A", "B", "C", "D", "E"}, []string{"A-B", "B-C", "D-E"}},
		{"numbered with parentheses", "Connections:\n1) A - B\n2) B - C\n3) C - D\nWhat is the shortest path from A to D?",
			[]string{"A", "B", "C", "D"}, []string{"A-B", "B-C", "C-D"}},
		{"numbered edge-list lines", "Edges:\n(1) 0 1\n(2) 1 2\n(3) 2 0\nIs there a cycle?",
			[]string{"0", "1", "2"}, []string{"0-1", "0-2", "1-2"}},
		{"bulleted arrows", "Links:\n- a -> b\n- b -> c\n* c -> d\nHow many edges?",
			[]string{"a", "b", "c", "d"}, []string{"a-b", "b-c", "c-d"}},
		{"numbered weighted lines", "The roads:\n1. 0 1 4\n2. 1 2 3\n3. 0 2 9\nShortest path from 0 to 2?",
			[]string{"0", "1", "2"}, []string{"0-1:4", "0-2:9", "1-2:3"}},
		{"a tab-separated export with a header", "ID\tConnected_to\n1\t2\n2\t3\n4\t5\n6\t7\n7\t8\nHow many separate clusters are there?",
			[]string{"1", "2", "3", "4", "5", "6", "7", "8"}, []string{"1-2", "2-3", "4-5", "6-7", "7-8"}},
		{"a space-separated header", "node neighbour\n0 1\n1 2\n2 3\nHow many nodes?",
			[]string{"0", "1", "2", "3"}, []string{"0-1", "1-2", "2-3"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Read(context.Background(), c.q, Options{})
			if err != nil || ex.Graph == nil {
				t.Fatalf("no graph (%v)", err)
			}
			if got := slices.Sorted(slices.Values(ex.Graph.IDs())); !slices.Equal(got, c.nodes) {
				t.Errorf("nodes %v, want %v", got, c.nodes)
			}
			if got := e2eEdges(ex.Graph); !slices.Equal(got, c.edges) {
				t.Errorf("edges %v, want %v", got, c.edges)
			}
			if ex.Report.Uncertain() {
				t.Errorf("uncertain: %s", ex.Report.Summary())
			}
			// Every list line is one span with its numbering, so no line
			// between the graph's lines is left unread.
			for _, sp := range ex.Report.Spans {
				if sp.Start > 0 && c.q[sp.Start-1] != '\n' && sp.Role == RoleGraph.String() {
					t.Errorf("span %d-%d %q does not start its line", sp.Start, sp.End, c.q[sp.Start:sp.End])
				}
			}
		})
	}
}

// TestListMarkersKeepNumbers checks that what only looks like a list
// marker stays data: decimals, negative numbers, dates and a marker
// without a blank after it.
func TestListMarkersKeepNumbers(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"0 1 1.5\n1 2 2.5\n", "0-1:1.5"},
		{"1.5 2\n2 3\n", "1.5-2"},
		{"1-2\n2-3\n", "1-2"},
	} {
		ex, err := Read(context.Background(), c.q, Options{})
		if err != nil || ex.Graph == nil {
			t.Fatalf("%q: no graph (%v)", c.q, err)
		}
		if got := e2eEdges(ex.Graph); !slices.Contains(got, c.want) {
			t.Errorf("%q: edges %v lack %s", c.q, got, c.want)
		}
	}
}
