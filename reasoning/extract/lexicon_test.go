package extract

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/lang"
)

// readEdges reads q with the lexicon lx and returns its edges as "u->v"
// (directed) or "u--v", sorted.
func readEdges(t *testing.T, lx *lang.Lexicon, q string) (edges []string, directed bool) {
	t.Helper()
	ex, err := Read(context.Background(), q, Options{Lexicon: lx})
	if err != nil {
		t.Fatalf("%q: %v", q, err)
	}
	if ex.Graph == nil {
		return nil, false
	}
	g := ex.Graph
	sep := "--"
	if g.Directed() {
		sep = "->"
	}
	for e := range int32(g.M()) {
		u, v := g.Edge(e)
		edges = append(edges, g.ID(u)+sep+g.ID(v))
	}
	slices.Sort(edges)
	return edges, g.Directed()
}

// TestLexiconOneWayVerbs: every one-way verb the lexicon gives the readers
// reads "A <verb> B. B <verb> C. C <verb> A." as three edges from subject
// to object, in its -s form and its past form, and its passive ("B is
// <verbed> by A") as the edge from A to B.
func TestLexiconOneWayVerbs(t *testing.T) {
	lx := lang.Default()
	want := []string{"Ann->Bob", "Bob->Cy", "Cy->Ann"}
	n := 0
	for _, r := range lx.OneWay() {
		if r.NoReader {
			continue
		}
		forms := []lang.Form{lang.S}
		if !r.PastNames && r.Ed != r.Base {
			forms = append(forms, lang.Ed)
		}
		for _, f := range forms {
			for _, v := range r.Phrases(f) {
				n++
				q := "Ann " + v + " Bob. Bob " + v + " Cy. Cy " + v + " Ann."
				got, dir := readEdges(t, lx, q)
				if !dir || !slices.Equal(got, want) {
					t.Errorf("%q: read %v (directed %v), want %v", q, got, dir, want)
				}
			}
		}
		if r.Prep() == "" {
			n++
			q := "Bob is " + r.En + " by Ann. Cy is " + r.En + " by Bob."
			got, dir := readEdges(t, lx, q)
			if w := []string{"Ann->Bob", "Bob->Cy"}; !dir || !slices.Equal(got, w) {
				t.Errorf("%q: read %v (directed %v), want %v", q, got, dir, w)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d sentences tried: the lexicon's one-way verbs are missing", n)
	}
}

// praiseLexicon is the default lexicon with one more one-way verb,
// "praises" / "is praised by", that no reader knew.
func praiseLexicon(t *testing.T) *lang.Lexicon {
	t.Helper()
	data, err := lang.Extend(lang.DefaultData(), `{"oneway": [{"verb": "praise"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	lx, err := lang.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return lx
}

// TestLexiconNewVerb: a verb added to the lexicon is read as an edge by
// the readers given that lexicon, and not by the default readers.
func TestLexiconNewVerb(t *testing.T) {
	q := "Ann praises Bo. Bo praises Cy. Di is praised by Cy."
	got, dir := readEdges(t, praiseLexicon(t), q)
	if want := []string{"Ann->Bo", "Bo->Cy", "Cy->Di"}; !dir || !slices.Equal(got, want) {
		t.Errorf("with praise: read %v (directed %v), want %v", got, dir, want)
	}
	if got, _ := readEdges(t, lang.Default(), q); len(got) == 3 && strings.Contains(strings.Join(got, " "), "Ann->Bo") {
		t.Errorf("without praise: read %v; the default lexicon has no such verb, so the test shows nothing", got)
	}
}
