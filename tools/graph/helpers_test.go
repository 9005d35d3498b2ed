package graph

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
	"github.com/graphagent/graphagent/tools/dataset"
)

// dataPath returns the repository's datasets folder (no parts) or a file
// in it, found through the dataset registry (tools/dataset; a missing "X"
// gives "X.gz" when that exists), and fails the test when it is missing.
func dataPath(t testing.TB, parts ...string) string {
	t.Helper()
	var p string
	var err error
	if len(parts) == 0 {
		p, err = dataset.Dir()
	} else {
		p, err = dataset.Path(parts...)
	}
	if err != nil {
		t.Fatalf("datasets folder of the repository: %v", err)
	}
	return p
}

// wantSyntaxError fails the test unless err is a *SyntaxError wrapping
// ErrSyntax, from source, at line and col (0 and 0 for errors without a
// position), whose message contains msg.
func wantSyntaxError(t *testing.T, err error, source string, line, col int, msg string) {
	t.Helper()
	var se *SyntaxError
	if !errors.Is(err, ErrSyntax) || !errors.As(err, &se) {
		t.Fatalf("error %v, want a *SyntaxError", err)
	}
	if se.Source != source || se.Line != line || se.Col != col || !strings.Contains(se.Msg, msg) {
		t.Fatalf("got %q (line %d col %d), want line %d col %d with %q", err, se.Line, se.Col, line, col, msg)
	}
}

// gtoolsItems returns the items of the shipped GTools sample in one mode
// (gtoolsdata.ModeWL or ModeEL).
func gtoolsItems(t testing.TB, mode string) []gtoolsdata.Item {
	t.Helper()
	all, err := gtoolsdata.Load(context.Background(), dataPath(t, "gtools"))
	if err != nil {
		t.Fatal(err)
	}
	var out []gtoolsdata.Item
	for _, it := range all {
		if it.Mode == mode {
			out = append(out, it)
		}
	}
	return out
}

// runPython runs a Python script (which may import networkx) with stdin and
// returns its standard output. Python 3 with NetworkX is a test requirement.
func runPython(t testing.TB, script string, stdin []byte) []byte {
	t.Helper()
	cmd := exec.Command("python3", "-c", script)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 (with networkx) is required for this test: %v\n%s", err, stderr.String())
	}
	return out
}

// mustBuild builds a graph from "u v" pairs.
func mustBuild(t testing.TB, directed bool, edges ...[2]string) *Graph {
	t.Helper()
	b := NewBuilder(directed)
	for _, e := range edges {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	return b.Build()
}

// edgeSet returns the graph's edges as "u v w" strings (u <= v by ID order
// when undirected), for comparisons independent of edge order.
func edgeStrings(g *Graph) map[string]bool {
	out := map[string]bool{}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		a, b := g.ID(u), g.ID(v)
		if !g.Directed() && b < a {
			a, b = b, a
		}
		out[a+" "+b+" "+formatFloat(g.Weight(e))] = true
	}
	return out
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
