package extract

import (
	"context"
	"testing"
)

// TestHeldout3Readings: readings from held-out batch 3 — a "from A to B, C
// to D" list under one noun is read pair by pair; a sentence read only in
// part stays uncertain even when another reader agrees on what was read;
// gapped relation clauses are read.
func TestHeldout3Readings(t *testing.T) {
	for q, want := range map[string][2]int{ // nodes, edges
		"There are direct flights from Boston to Denver, Denver to Phoenix, Boston to Chicago and Chicago to Phoenix.": {4, 4},
		"Ann plays tennis with Bo, Bo with Cy, Cy with Dee, and Ann with Cy.":                                          {4, 4},
		"Mia is friends with Noah, Noah with Liam, Liam with Emma and Emma with Mia.":                                  {4, 4},
		"Page A links to B and C, B links to D.":                                                                       {4, 3},
	} {
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g := ex.Graph; g == nil || g.N() != want[0] || g.M() != want[1] || ex.Report.Uncertain() {
			t.Errorf("%q: read %+v, want %d nodes and %d edges, certain", q, ex.Report, want[0], want[1])
		}
	}
	for _, q := range []string{
		"There are flights from Boston to Denver, and then on to Phoenix. How many cities?",
	} {
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !ex.Report.Uncertain() {
			t.Errorf("%q: read %+v certain, want uncertain", q, ex.Report)
		}
	}
}

// TestIsolatedInProse: "X has no friends" makes X a node without edges;
// a possessive is not a name.
func TestIsolatedInProse(t *testing.T) {
	for q, want := range map[string][2]int{ // nodes, edges
		"Mia is friends with Noah. Olivia is new and has no friends yet. How many students?": {3, 1},
		"Ann and Bo are friends. Cy and Dee have no friends at all.":                         {4, 1},
	} {
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g := ex.Graph; g == nil || g.N() != want[0] || g.M() != want[1] || ex.Report.Uncertain() {
			t.Errorf("%q: read %+v, want %d nodes and %d edges, certain", q, ex.Report, want[0], want[1])
		}
	}
	ex, err := Read(context.Background(), "Ann and Bo are friends. Cy's dog has no friends. How many people?", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !ex.Report.Uncertain() {
		t.Errorf("a possessive read as an isolated name: %+v", ex.Report)
	}
}
