package graph

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
)

// checkGraph verifies a graph's internal consistency: every edge is found by
// FindEdge from both ends and degrees add up.
func checkGraph(t *testing.T, g *Graph) {
	t.Helper()
	sum := 0
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		if k, ok := g.FindEdge(u, v); !ok || k != e {
			t.Fatalf("edge %d (%q,%q) not found: %d %v", e, g.ID(u), g.ID(v), k, ok)
		}
		if !g.Directed() {
			if k, ok := g.FindEdge(v, u); !ok || k != e {
				t.Fatalf("edge %d not found reversed", e)
			}
		}
	}
	for i := int32(0); i < int32(g.N()); i++ {
		if j, ok := g.Index(g.ID(i)); !ok || j != i {
			t.Fatalf("node %q index %d, want %d", g.ID(i), j, i)
		}
		sum += g.Degree(i)
	}
	if want := 2 * g.M(); sum != want {
		t.Fatalf("degree sum %d, want %d", sum, want)
	}
}

// mustBeSyntaxOrLimit fails unless err is nil, a *SyntaxError or ErrTooLarge.
func mustBeSyntaxOrLimit(t *testing.T, err error) {
	t.Helper()
	var se *SyntaxError
	if err != nil && !errors.As(err, &se) && !errors.Is(err, ErrTooLarge) {
		t.Fatalf("error %v (%T) is neither a *SyntaxError nor ErrTooLarge", err, err)
	}
	if err != nil && !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrTooLarge) {
		t.Fatalf("error %v does not wrap ErrSyntax", err)
	}
}

func addFileSeeds(f *testing.F, paths ...string) {
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatalf("seed %s: %v", p, err)
		}
		if len(data) > 8<<10 {
			data = data[:8<<10]
		}
		f.Add(data)
	}
}

func FuzzReadEdgeList(f *testing.F) {
	el := gtoolsEdgeLists(f)
	addFileSeeds(f, dataPath(f, "karate", "edges.tsv"), dataPath(f, "football", "edges.tsv"), el[0], el[len(el)/2], el[len(el)-1])
	for _, s := range []string{"0 1\n1 2 3\n# c\n\n4\n", "a,b,1.5e3\r\nb\tc % x\n", "source target\n1 2", "x y\n", ",", "0 1 2 3", "1 2 inf\n2 3 -0\n", "0 1 {'weight': 3, 'c': [1]}\n1 2 5\n", "a b {'capacity': 2} # x\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, directed := range []bool{false, true} {
			opt := ReadOptions{Directed: directed, Limits: Limits{MaxNodes: 5000, MaxEdges: 5000}}
			g, err := ReadEdgeList(bytes.NewReader(data), opt)
			mustBeSyntaxOrLimit(t, err)
			// Read in parallel chunks, the same graph or the same error.
			par, perr := readEdgeListAt(context.Background(), bytes.NewReader(data), int64(len(data)), opt, chunkPlan{chunks: 3})
			if (err == nil) != (perr == nil) || err != nil && err.Error() != perr.Error() {
				t.Fatalf("chunked read: %v; sequential: %v", perr, err)
			}
			if err == nil {
				sameGraph(t, "chunked read", par, g)
			}
			if err != nil {
				continue
			}
			checkGraph(t, g)
			if g.M() > 0 {
				// A limit of exactly M edges switches from the bulk path to
				// the builder path part-way when lines repeat edges.
				atLimit, err := ReadEdgeList(bytes.NewReader(data), ReadOptions{Directed: directed, Limits: Limits{MaxEdges: g.M()}})
				if err != nil {
					t.Fatalf("at the edge limit: %v", err)
				}
				sameGraph(t, "at the edge limit", atLimit, g)
				if _, err := ReadEdgeList(bytes.NewReader(data), ReadOptions{Directed: directed, Limits: Limits{MaxEdges: g.M() - 1}}); g.M() > 1 && !errors.Is(err, ErrTooLarge) {
					t.Fatalf("below the edge limit: %v", err)
				}
			}
			var buf bytes.Buffer
			if err := WriteEdgeList(&buf, g); err != nil {
				t.Fatalf("write: %v", err)
			}
			back, err := ReadEdgeList(&buf, ReadOptions{Directed: directed})
			// Capacities without weights are written in the weight column.
			wantWeighted := g.Weighted() || g.HasCapacities()
			if err != nil || back.N() != g.N() || back.M() != g.M() || back.Weighted() != wantWeighted {
				t.Fatalf("round trip: %v, %v; want %v\n%q", back, err, g, buf.String())
			}
		}
	})
}

func FuzzParsePythonEdges(f *testing.F) {
	for _, s := range []string{
		"[(0, 1), (1, 2)]", "[(0, 1, {'weight': 4}), (0, 2, {'weight': 20})]", "[(0, 1, 5)]", "[('a', 'b')]",
		`[("x\n", 'y\x41', {'capacity': 3.5, 'c': [1, (2,), {'k': None}], 'ok': True})]`, "[[0, 1], [1, 2],]",
		"the edges are: [(0, 1)]. Done [TBR]", "[(0, 1, {'a': [[[[[]]]]]})]", "[(-1, +2.5e3)]",
	} {
		f.Add(s)
	}
	seeded := map[string]bool{}
	for _, it := range gtoolsItems(f, gtoolsdata.ModeWL) {
		if (it.Task == "Flow" || it.Task == "Triangle") && !seeded[it.File] {
			seeded[it.File] = true
			f.Add(it.Prompt[:min(3000, len(it.Prompt))])
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParsePythonEdges(text, ReadOptions{Limits: Limits{MaxNodes: 5000, MaxEdges: 5000}})
		mustBeSyntaxOrLimit(t, err)
		if err == nil {
			checkGraph(t, g)
		}
		s, e, ok := FindPythonEdgeList(text)
		if ok {
			if s < 0 || e > len(text) || s >= e || text[s] != '[' {
				t.Fatalf("bad span %d:%d", s, e)
			}
			g, err := ParsePythonEdges(text[s:e], ReadOptions{})
			if err != nil || g.M() == 0 {
				t.Fatalf("found list %q does not parse: %v", text[s:e], err)
			}
		}
	})
}

func FuzzReadNodeLink(f *testing.F) {
	f.Add([]byte(`{"directed": false, "multigraph": false, "graph": {"name": "k"}, "nodes": [{"id": 0, "club": "Mr. Hi"}, {"id": "x"}], "edges": [{"source": 0, "target": "x", "weight": 4, "color": [1, {"a": null}]}]}`))
	f.Add([]byte(`{"directed": true, "nodes": [{"id": 1.5}], "links": [{"source": 1.5, "target": 2, "capacity": 1e400, "key": 0}]}`))
	f.Add([]byte(`{"nodes": [{"id": true}], "edges": []}`))
	var buf bytes.Buffer
	fh, err := os.Open(dataPath(f, "karate", "edges.tsv"))
	if err != nil {
		f.Fatal(err)
	}
	k, err := ReadEdgeList(fh, ReadOptions{})
	fh.Close()
	if err != nil {
		f.Fatal(err)
	}
	if err := WriteNodeLink(&buf, k); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadNodeLink(bytes.NewReader(data), ReadOptions{Limits: Limits{MaxNodes: 5000, MaxEdges: 5000}})
		mustBeSyntaxOrLimit(t, err)
		if err != nil {
			return
		}
		checkGraph(t, g)
		var out bytes.Buffer
		if err := WriteNodeLink(&out, g); err != nil {
			return // non-finite weights cannot be written as JSON
		}
		back, err := ReadNodeLink(&out, ReadOptions{})
		if err != nil || back.N() != g.N() || back.M() != g.M() || back.Directed() != g.Directed() {
			t.Fatalf("round trip: %v, %v; want %v", back, err, g)
		}
	})
}

func FuzzReadDOT(f *testing.F) {
	for _, s := range []string{
		"digraph G { a -> b -> c; b -> d [weight=2] }", `graph { "a b" -- {c; d} [label=3] }`,
		"strict digraph { node [color=red]; edge [weight=1]; subgraph s { x -> y } z }", "graph { {a b} -- {c d} }",
		"/* c */ digraph { a:n -> b:sw [capacity=\"4\"] }", "graph { a -- b } graph { c }", `digraph { <b>html</b> -> x }`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadDOT(bytes.NewReader(data), ReadOptions{Limits: Limits{MaxNodes: 5000, MaxEdges: 5000}})
		mustBeSyntaxOrLimit(t, err)
		if err != nil {
			return
		}
		checkGraph(t, g)
	})
}
