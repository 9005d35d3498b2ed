package statement

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/named"
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

// FuzzExecute runs whatever parses against the named-graph hub: no input
// may panic, and every failure is a *CallError naming a call of the
// statement.
func FuzzExecute(f *testing.F) {
	for _, s := range []string{
		`[GR(GL("gpr", {"bull_graph"}), "toolx:radius")-->r]`,
		`[GR(GL("gpr", {"petersen_graph"}), "toolx:shortest_path", "node#1", "node#7")-->r]`,
		`[GL("gpr", {"path_graph(5)"})-->G] [GR(G, "toolx:eccentricity", 2)-->k] [GR(G, toolx:eccentricity, k)-->r]`,
		`[GR(GL("gpr", {"cycle_graph"}), "toolx:eccentricity", GR(GL("gpr", {"cycle_graph"}), "toolx:center"))]`,
		`[GR(GL("gpr", "star_graph"), "toolx:center", node: "node#0", weighted: True)]`,
		`[GR(GL("gpr", {"wheel_graph"}), "graph_bert:topic", paper#1)]`,
	} {
		f.Add(s)
	}
	// Small graphs only, and a deadline: the fuzzer is after crashes, not
	// after the all-pairs run of a 100,000-node path graph.
	small := HubFunc(func(ctx context.Context, args []Value) (*graph.Graph, error) {
		g, err := NamedGraphs{Build: named.Build}.Load(ctx, args)
		if err == nil && g.N() > 500 {
			return nil, fmt.Errorf("%d nodes is too many for the fuzzer: %w", g.N(), ErrBadCall)
		}
		return g, err
	})
	e := NewExecutor(Config{Hubs: map[string]Hub{"gpr": small}})
	f.Fuzz(func(t *testing.T, s string) {
		st, err := Parse(s)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		out, err := e.Execute(ctx, st)
		if err != nil {
			var ce *CallError
			if !errors.As(err, &ce) || ce.Column < 1 {
				t.Fatalf("%q: error %v is not a *CallError with a column", s, err)
			}
			return
		}
		if len(out.Calls) != len(st.Calls()) {
			t.Fatalf("%q: %d call records for %d calls", s, len(out.Calls), len(st.Calls()))
		}
	})
}
