package extract

import (
	"context"
	"testing"
)

// TestLegendIsKey: a parenthesised pair before a colon whose names occur
// nowhere else explains the pairs after it and is no edge; a pair whose
// names are nodes elsewhere stays an edge.
func TestLegendIsKey(t *testing.T) {
	for q, want := range map[string][2]int{ // nodes, edges
		"Family tree (parent -> child): Rose -> Tom, Rose -> Lily, Tom -> Max. How many people?": {4, 3},
		"Edges (u -> v): 1 -> 2, 2 -> 3. How many nodes?":                                        {3, 2},
		"Roads (from - to): A - B, B - C.":                                                       {3, 2},
		"Start (a -> b): b -> c, c -> d.":                                                        {4, 3},
		"Downline (sponsor → recruit, i.e. the first signed up the second)\nAmber → Brett\nAmber → Marcy\nMarcy → Jo\n": {4, 3},
	} {
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g := ex.Graph; g == nil || g.N() != want[0] || g.M() != want[1] {
			t.Errorf("%q: read %+v, want %d nodes and %d edges", q, ex.Report, want[0], want[1])
		}
	}
}

func FuzzLegendAt(f *testing.F) {
	for _, s := range []string{"(a -> b): c -> d", "(x - y):", "((->)):", "(a -> a): a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		d := NewDoc(q)
		p, err := d.scanned(context.Background())
		if err != nil || p == nil {
			return
		}
		for i := range p.toks {
			if e, ok := p.legendAt(i); ok && (e < i+6 || e > len(p.toks)) {
				t.Fatalf("legendAt(%d) = %d in %q", i, e, q)
			}
		}
	})
}
