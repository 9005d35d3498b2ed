package extract

import (
	"context"
	"strings"
	"testing"
)

// TestShippedDatasetDirection: a question naming a shipped dataset (or its
// edge list) without stating a direction reads it the way the registry
// says; a stated direction wins.
func TestShippedDatasetDirection(t *testing.T) {
	cases := []struct {
		q        string
		directed bool
	}{
		{"How many edges does the email_eu_core graph have?", true},
		{"How many edges are in email_eu_core/edges.tsv?", true},
		{"How many edges are in datasets/email_eu_core/edges.tsv?", true},
		{"How many edges does the undirected email_eu_core graph have?", false},
		{"Treat email_eu_core/edges.tsv as undirected: how many edges?", false},
		{"How many nodes does the karate club graph have?", false},
		{"Is the directed karate club graph acyclic?", true},
		{"How many edges are in cora?", true},
		{"How many edges are in roads/edges.tsv?", false},
	}
	for _, c := range cases {
		ex, err := Read(context.Background(), c.q, Options{})
		if err != nil {
			t.Fatalf("%q: %v", c.q, err)
		}
		if ex.Directed != c.directed || ex.Report.Directed != c.directed {
			t.Errorf("%q: directed %v (report %v: %s), want %v", c.q, ex.Directed, ex.Report.Directed, ex.Report.DirectedWhy, c.directed)
		}
		if ex.FileRef == "" && ex.DatasetRef == "" {
			t.Errorf("%q: no file or dataset read", c.q)
		}
		if c.directed && !strings.Contains(c.q, "directed") && !strings.Contains(ex.Report.DirectedWhy, "dataset") {
			t.Errorf("%q: why %q does not name the dataset", c.q, ex.Report.DirectedWhy)
		}
	}
}
