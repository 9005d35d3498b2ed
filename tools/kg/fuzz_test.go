package kg

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// FuzzLoadTriples: files of triples are untrusted. Loading never panics;
// it gives a KG or an error wrapping ErrFormat, and every triple loaded
// answers its own pattern.
func FuzzLoadTriples(f *testing.F) {
	for _, s := range []string{
		"head\trelation\ttail\na\tr\tb\n", "a,r,b\nb,r,a\n", "a r b\n# c\n\nb r c\n", "x\ty\n", "subject predicate object\n",
		"\t\t\n", "a\tr\t\n", "h r t\nh r t\n", "tail\trelation\thead\n1\t2\t3\n",
	} {
		f.Add(s)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		open := func(context.Context, string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(s)), nil }
		g, err := LoadTriples(ctx, open, "f.tsv")
		if err != nil {
			if !errors.Is(err, ErrFormat) && !strings.Contains(err.Error(), "token too long") {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			return
		}
		for e := range int32(g.NumEntities()) {
			for _, tr := range g.Out(e) {
				if len(g.Match(nil, Pattern{H: Any, T: tr.T, Rels: []int32{tr.R}}, 0)) == 0 {
					t.Fatalf("triple %v not found by tail", tr)
				}
			}
		}
	})
}

// FuzzReadAliases: an alias table is a hand-written file. Reading never
// panics; it gives a table or an error wrapping ErrFormat, every row is
// found by its alias, and an alias of several nodes is marked ambiguous.
func FuzzReadAliases(f *testing.F) {
	const header = "node_id\talias\tkind\tambiguous\n"
	for _, s := range []string{
		header + "A\taspirin\tcommon_name\t\n", header + "A\tx\tgene_symbol\tyes\nB\tX\tabbreviation\tyes\n",
		header + "A\tx\tcommon_name\t\nB\tx\tcommon_name\t\n", header + "A\t\tcommon_name\t\n", "node_id\talias\n", "",
		header + "A\tCOX-2\tabbreviation\tno\r\n\n",
	} {
		f.Add(s)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		open := func(context.Context, string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(s)), nil }
		tab, err := ReadAliases(ctx, open, "a.tsv")
		if err != nil {
			if !errors.Is(err, ErrFormat) && !strings.Contains(err.Error(), "token too long") {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			return
		}
		for _, a := range tab.Rows() {
			rows := tab.Lookup(a.Alias)
			found := false
			for _, r := range rows {
				found = found || r == a
				if len(rows) > 1 && !r.Ambiguous {
					t.Fatalf("alias %q names %d nodes, row %v not ambiguous", a.Alias, len(rows), r)
				}
			}
			if !found {
				t.Fatalf("row %v not found by its alias", a)
			}
		}
	})
}
