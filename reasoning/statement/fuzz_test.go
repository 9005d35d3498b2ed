package statement

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzParse checks that no input panics, that every error is a
// *SyntaxError pointing inside the input, and that whatever parses prints
// to a statement that parses to the same tree and prints the same again.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`The radius of the bull graph is [GR(GL("gpr", {"bull_graph"}), "toolx:radius")-->r].`,
		`In the octahedral graph, the length is [GR(GL("gpr", {"octahedral_graph"}), "toolx:shortest_path", "node#5", "node#0")-->r].`,
		`According to the Freebase knowledge graph, the relation is [GR(GL("freebase"), "transe:relation", entity#/m/0gs9p, entity#/m/0bzk2h)-->r].`,
		`The [GL("ibm-company-graph", {"IBM", "Charles Ranlett Flint"}, {("IBM", "Charles Ranlett Flint")})] was founded in 1911.`,
		`[GL("flight-routes", {Airport A, Airport B}, "all related airlines")] 10 airlines.`,
		`[GL(file-path:"./graphs/lollipop") -> G] and [GR(G, “toolx:order”) –> 10] and node #4 [TBR].`,
		`[GR(GL("x"), "toolx:radius"`,
		`[GR(GL("x`,
		"[GR(\"a\\\"b\", 'c', -1.5e3, is-directed: False)]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: error %v is not a *SyntaxError", s, err)
			}
			if se.Offset < 0 || se.Offset > len(s) || se.Column < 1 || se.Line < 1 {
				t.Fatalf("%q: error position %+v out of range", s, se)
			}
			return
		}
		if !utf8.ValidString(s) {
			return // invalid bytes are kept in text but re-encoded in strings
		}
		printed := st.String()
		again, err := Parse(printed)
		if err != nil {
			t.Fatalf("%q printed as %q, which does not parse: %v", s, printed, err)
		}
		if !Equal(st, again) {
			t.Fatalf("%q printed as %q, which parses to another tree:\n%s\n%s", s, printed, st.Explain(), again.Explain())
		}
		if again.String() != printed {
			t.Fatalf("%q: printing is not stable: %q then %q", s, printed, again.String())
		}
	})
}
