package graph

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestReadEdgeListFormats(t *testing.T) {
	tests := []struct {
		name, in string
		directed bool
		nodes    []string
		edges    []string // "u v w" as edgeStrings gives them
		weighted bool
	}{
		{"plain", "0 1\n1 2\n", false, []string{"0", "1", "2"}, []string{"0 1 1", "1 2 1"}, false},
		{"weighted tabs", "0\t1\t4\n1\t2\t2.5\n", false, []string{"0", "1", "2"}, []string{"0 1 4", "1 2 2.5"}, true},
		{"csv", "a,b,3\nb, c ,-1e2\n", true, []string{"a", "b", "c"}, []string{"a b 3", "b c -100"}, true},
		{"comments and blanks", "# header comment\n% matrix-market style\n\n0 1 # trailing\n  \n1 2 % also\n", false,
			[]string{"0", "1", "2"}, []string{"0 1 1", "1 2 1"}, false},
		{"isolated node", "0 1\n7\n", false, []string{"0", "1", "7"}, []string{"0 1 1"}, false},
		{"no final newline, CRLF", "0 1\r\n1 2", false, []string{"0", "1", "2"}, []string{"0 1 1", "1 2 1"}, false},
		{"tsv header with weight", "source\ttarget\tweight\n0\t1\t4\n", false, []string{"0", "1"}, []string{"0 1 4"}, true},
		{"known two-column header", "src dst\nx y\n", true, []string{"x", "y"}, []string{"x y 1"}, false},
		{"unknown header before numbers", "citing\tcited\n5\t6\n", true, []string{"5", "6"}, []string{"5 6 1"}, false},
		{"first edge with names", "alice bob\ncarol dave\n", false, []string{"alice", "bob", "carol", "dave"},
			[]string{"alice bob 1", "carol dave 1"}, false},
		{"lone named edge", "alice bob\n", false, []string{"alice", "bob"}, []string{"alice bob 1"}, false},
		{"duplicates undirected", "a b 3\nb a 5\na b\n", false, []string{"a", "b"}, []string{"a b 5"}, true},
		{"duplicates directed", "a b 3\nb a 5\na b\n", true, []string{"a", "b"}, []string{"a b 3", "b a 5"}, true},
		{"nx dict data, trailing comment", "a b {'weight': 2, 'c': 'x'} # note\nb c {}\n", false, []string{"a", "b", "c"}, []string{"a b 2", "b c 1"}, true},
		{"self-loop", "a a 2\n", false, []string{"a"}, []string{"a a 2"}, true},
		{"hash inside a node", "a#1 b\n", false, []string{"a#1", "b"}, []string{"a#1 b 1"}, false},
		{"empty", "", false, nil, nil, false},
		{"only comments", "# nothing\n", false, nil, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ReadEdgeList(strings.NewReader(tc.in), ReadOptions{Directed: tc.directed, Name: "t"})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(g.IDs(), tc.nodes) && !(len(g.IDs()) == 0 && len(tc.nodes) == 0) {
				t.Fatalf("nodes %v, want %v", g.IDs(), tc.nodes)
			}
			got := slices.Sorted(maps.Keys(edgeStrings(g)))
			if !slices.Equal(got, tc.edges) && !(len(got) == 0 && len(tc.edges) == 0) {
				t.Fatalf("edges %v, want %v", got, tc.edges)
			}
			if g.Weighted() != tc.weighted || g.Directed() != tc.directed || g.Name() != "t" {
				t.Fatalf("weighted=%v directed=%v name=%q", g.Weighted(), g.Directed(), g.Name())
			}
		})
	}
}

// TestReadEdgeListErrors checks that every kind of malformed line gives a
// *SyntaxError wrapping ErrSyntax with the right line, column and reason.
func TestReadEdgeListErrors(t *testing.T) {
	tests := []struct {
		name, in  string
		line, col int
		msg       string
	}{
		{"bad weight", "0 1\n1 2 x\n", 2, 5, `weight "x" is not a number`},
		{"NaN weight", "0 1 NaN\n", 1, 5, `weight "NaN" is not a number`},
		{"too many fields", "0 1\n0 1 2 3\n", 2, 7, "more than 3 fields"},
		{"leading comma", ",0 1\n", 1, 1, "empty field before ','"},
		{"double comma", "0,,1\n", 1, 3, "empty field before ','"},
		{"trailing comma", "0,1,\n", 1, 4, "empty field after ','"},
		{"header then bad weight", "source target weight\n0 1 x\n", 2, 5, "not a number"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadEdgeList(strings.NewReader(tc.in), ReadOptions{Name: "in.txt"})
			wantSyntaxError(t, err, "in.txt", tc.line, tc.col, tc.msg)
			if !strings.HasPrefix(err.Error(), "in.txt:") {
				t.Fatalf("message %q does not start with the source", err)
			}
		})
	}
	// A line longer than the buffer.
	long := strings.Repeat("x", maxEdgeListLine+10) + " y\n"
	_, err := ReadEdgeList(io.MultiReader(strings.NewReader(long)), ReadOptions{})
	if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "line longer than") {
		t.Fatalf("long line: %v", err)
	}
}

func TestReadEdgeListLimits(t *testing.T) {
	in := "0 1\n1 2\n2 3\n"
	if _, err := ReadEdgeList(strings.NewReader(in), ReadOptions{Limits: Limits{MaxEdges: 2}}); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), ":3:") {
		t.Fatalf("edge limit: %v", err)
	}
	if _, err := ReadEdgeList(strings.NewReader(in), ReadOptions{Limits: Limits{MaxNodes: 3}}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("node limit: %v", err)
	}
	if g, err := ReadEdgeList(strings.NewReader(in), ReadOptions{Limits: Limits{MaxNodes: 4, MaxEdges: 3}}); err != nil || g.M() != 3 {
		t.Fatalf("within limits: %v", err)
	}
}

// realEdgeFile is a real data file and how to read it.
type realEdgeFile struct {
	Path     string `json:"path"`
	Directed bool   `json:"directed"`
	Header   bool   `json:"header"`
}

// TestReadEdgeListRealData reads the shipped datasets' edge TSVs and every
// GTools .edgelist file and compares nodes, edges and weights with
// NetworkX reading the same files.
func TestReadEdgeListRealData(t *testing.T) {
	files := []realEdgeFile{
		{Path: dataPath(t, "karate", "edges.tsv"), Header: true},
		{Path: dataPath(t, "football", "edges.tsv"), Header: true},
		{Path: dataPath(t, "email_eu_core", "edges.tsv"), Directed: true, Header: true},
		{Path: dataPath(t, "cora", "edges.tsv"), Directed: true, Header: true},
		{Path: dataPath(t, "citeseer_text", "edges.tsv"), Directed: true, Header: true},
	}
	gt := gtoolsEdgeLists(t)
	if len(gt) < 100 {
		t.Fatalf("gtools edge lists: only %d files", len(gt))
	}
	for _, p := range gt {
		// Topo is directed; Triangle undirected; others by folder.
		dir := strings.Contains(p, "/Di/") || strings.Contains(p, "/Topo/")
		files = append(files, realEdgeFile{Path: p, Directed: dir})
	}
	in, _ := json.Marshal(files)
	script := pySummary + `
import sys, networkx as nx
out = []
for f in json.load(sys.stdin):
    G = nx.DiGraph() if f["directed"] else nx.Graph()
    with open(f["path"]) as fh:
        lines = fh.read().splitlines()
    if f["header"]:
        lines = lines[1:]
    for ln in lines:
        p = ln.split()
        if len(p) == 3:
            G.add_edge(p[0], p[1], weight=float(p[2]))
        elif len(p) == 2:
            G.add_edge(p[0], p[1])
    out.append(summarize(G))
print(json.dumps(out))
`
	var want []graphSummary
	if err := json.Unmarshal(runPython(t, script, in), &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(files) {
		t.Fatalf("NetworkX summarized %d files, want %d", len(want), len(files))
	}
	for i, f := range files {
		fh, err := os.Open(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ReadEdgeList(fh, ReadOptions{Directed: f.Directed, Name: filepath.Base(f.Path)})
		fh.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		sameSummary(t, f.Path, summarize(g), want[i])
	}
	// Spot-check against the dataset READMEs: email-Eu-core has 1,005 nodes,
	// 25,571 directed edges and 642 self-loops; karate 34 nodes, 78 edges.
	fh, _ := os.Open(dataPath(t, "email_eu_core", "edges.tsv"))
	defer fh.Close()
	g, err := ReadEdgeList(fh, ReadOptions{Directed: true})
	if err != nil || g.M() != 25571 || g.SelfLoops() != 642 || g.N() > 1005 {
		t.Fatalf("email-Eu-core: %v, %v selfloops %d", g, err, g.SelfLoops())
	}
}

// pyFloat formats a float as Python's repr does for the values in the data
// (integral values as "4.0").
func pyFloat(f float64) string {
	s := formatFloat(f)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// gtoolsEdgeLists returns every GTools .edgelist file of the shipped sample.
func gtoolsEdgeLists(t testing.TB) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dataPath(t, "gtools", "EL"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".edgelist") {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameGraph fails unless a and b have the same nodes in the same order and
// the same edges in the same order with the same weights.
func sameGraph(t *testing.T, what string, a, b *Graph) {
	t.Helper()
	if !slices.Equal(a.IDs(), b.IDs()) || a.M() != b.M() || a.Weighted() != b.Weighted() || a.Directed() != b.Directed() {
		t.Fatalf("%s: %v vs %v (nodes %v vs %v)", what, a, b, a.IDs(), b.IDs())
	}
	for e := int32(0); e < int32(a.M()); e++ {
		au, av := a.Edge(e)
		bu, bv := b.Edge(e)
		if au != bu || av != bv || a.Weight(e) != b.Weight(e) {
			t.Fatalf("%s: edge %d: %s-%s w=%v vs %s-%s w=%v", what, e, a.ID(au), a.ID(av), a.Weight(e), b.ID(bu), b.ID(bv), b.Weight(e))
		}
	}
}

// TestEdgeListBulkMatchesBuilder checks that the bulk path (raw edges
// de-duplicated at the end) builds exactly the graph that Builder calls
// replaying the same lines build, on random edge lists with repeated and
// reversed edges, self-loops, isolated nodes and weights on some lines. It
// also reads each list with an edge limit equal to the number of distinct
// edges (bulk, then builder past the limit: must succeed and agree) and one
// below it (must fail with ErrTooLarge).
func TestEdgeListBulkMatchesBuilder(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 300; i++ {
		var sb strings.Builder
		var lines [][]string
		n := 1 + r.IntN(30)
		lineCount := r.IntN(120)
		// Kinds of names: small integers (raw mode), names the index hashes
		// (interned in batches, over more lines than a batch holds), large
		// sparse integers (past the dense table), integers then names.
		kind := i % 4
		if kind > 0 {
			n, lineCount = 1+r.IntN(400), r.IntN(3*internBatchLines)
		}
		switchAt := r.IntN(lineCount + 1)
		name := func(k int) string {
			v := r.IntN(n)
			switch {
			case kind == 1, kind == 3 && k >= switchAt:
				return "n" + strconv.Itoa(v)
			case kind == 2:
				return strconv.Itoa(v*104_729 + 3)
			}
			return strconv.Itoa(v)
		}
		for k := lineCount; k > 0; k-- {
			line := []string{name(k), name(k)}
			if i%3 == 0 && r.IntN(40) == 0 {
				// A name that is not a canonical integer ends the
				// reader's raw mode part-way (edgeSink.raw).
				line[r.IntN(2)] = []string{"x", "07", "-1", "99999999999"}[r.IntN(4)]
			}
			if r.IntN(2) == 0 {
				line = append(line, strconv.Itoa(r.IntN(9)))
			}
			if r.IntN(20) == 0 {
				line = []string{strconv.Itoa(r.IntN(2 * n))}
			}
			if r.IntN(8) == 0 && len(lines) > 0 { // a repeat, maybe reversed
				prev := lines[r.IntN(len(lines))]
				if len(prev) >= 2 {
					line = []string{prev[1], prev[0]}
				}
			}
			lines = append(lines, line)
			sb.WriteString(strings.Join(line, " ") + "\n")
		}
		for _, directed := range []bool{false, true} {
			ref := NewBuilder(directed)
			for _, l := range lines {
				if len(l) == 1 {
					ref.AddNode(l[0])
					continue
				}
				e, _ := ref.AddEdge(l[0], l[1])
				if len(l) == 3 {
					w, _ := strconv.ParseFloat(l[2], 64)
					ref.SetWeight(e, w)
				}
			}
			want := ref.Build()
			what := fmt.Sprintf("case %d directed=%v\n%s", i, directed, sb.String())
			bulk, err := ReadEdgeList(strings.NewReader(sb.String()), ReadOptions{Directed: directed})
			if err != nil {
				t.Fatal(err)
			}
			sameGraph(t, what, bulk, want)
			if want.M() == 0 {
				continue
			}
			atLimit, err := ReadEdgeList(strings.NewReader(sb.String()), ReadOptions{Directed: directed, Limits: Limits{MaxEdges: want.M()}})
			if err != nil {
				t.Fatalf("%s: at the limit: %v", what, err)
			}
			sameGraph(t, what+" (at the limit)", atLimit, want)
			if _, err := ReadEdgeList(strings.NewReader(sb.String()), ReadOptions{Directed: directed, Limits: Limits{MaxNodes: want.N()}}); err != nil {
				t.Fatalf("%s: at the node limit: %v", what, err)
			}
			if want.N() > 1 {
				// The line that names one node too many is the one an
				// AddNode per line finds.
				lim := want.N() - 1
				line := 0
				seen := map[string]bool{}
				for k, l := range lines {
					for _, id := range l[:min(2, len(l))] {
						seen[id] = true
					}
					if len(seen) > lim {
						line = k + 1
						break
					}
				}
				_, err := ReadEdgeList(strings.NewReader(sb.String()), ReadOptions{Directed: directed, Limits: Limits{MaxNodes: lim}})
				if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), fmt.Sprintf(":%d:", line)) {
					t.Fatalf("%s: below the node limit: %v, want line %d", what, err, line)
				}
			}
			if want.M() == 1 { // a limit of 0 means none
				continue
			}
			if _, err := ReadEdgeList(strings.NewReader(sb.String()), ReadOptions{Directed: directed, Limits: Limits{MaxEdges: want.M() - 1}}); !errors.Is(err, ErrTooLarge) {
				t.Fatalf("%s: below the limit: %v", what, err)
			}
		}
	}
}

// TestReadEdgeListNetworkXFiles reads files written by nx.write_edgelist
// (with attribute dicts and without data) and nx.write_weighted_edgelist
// and compares with the graphs NetworkX wrote.
func TestReadEdgeListNetworkXFiles(t *testing.T) {
	script := pySummary + `
import io, sys, networkx as nx
k = nx.karate_club_graph()
for n in k: k.nodes[n].clear()
d = nx.DiGraph()
d.add_edge("a", "b", color="red", weight=2.5)
d.add_edge("b", "c", capacity=4, note="it's")
d.add_edge("c", "a")
out = []
for G, kind in ((k, "dict"), (d, "dict"), (k, "nodata"), (k, "weighted")):
    buf = io.BytesIO()
    if kind == "dict":
        nx.write_edgelist(G, buf)
    elif kind == "nodata":
        nx.write_edgelist(G, buf, data=False)
        G = nx.Graph(G.edges())
    else:
        nx.write_weighted_edgelist(G, buf)
    out.append({"text": buf.getvalue().decode(), "summary": summarize(G)})
print(json.dumps(out))
`
	cases := networkxCases(t, script)
	for i, c := range cases {
		g, err := ReadEdgeList(strings.NewReader(c.Text), ReadOptions{Directed: c.Summary.Directed})
		if err != nil {
			t.Fatalf("case %d: %v\n%.300s", i, err, c.Text)
		}
		// An edge list does not record node order: compare node sets.
		got := summarize(g)
		slices.Sort(got.Nodes)
		slices.Sort(c.Summary.Nodes)
		sameSummary(t, fmt.Sprintf("case %d", i), got, c.Summary)
	}
	for _, bad := range []struct{ in, msg string }{
		{"0 1 {'weight': 'x'}\n", `edge attribute "weight" must be a number`},
		{"0 1 {'weight': 2\n", "expected ',' or '}' in a dict"},
		{"0 1 {'a': 1} 5\n", "unexpected '5' after the attribute dict"},
	} {
		_, err := ReadEdgeList(strings.NewReader(bad.in), ReadOptions{})
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != 1 || se.Col < 5 || !strings.Contains(se.Msg, bad.msg) {
			t.Errorf("%q: %v, want a syntax error at line 1 with %q", bad.in, err, bad.msg)
		}
	}
}

// TestReadEdgeListNamedColumns reads tables whose header names the source
// and target columns (knowledge-graph triples, tables with extra columns)
// and checks that malformed lines under such a header name line and
// column.
func TestReadEdgeListNamedColumns(t *testing.T) {
	for _, c := range []struct {
		in       string
		nodes    []string
		edges    []string
		weighted bool
	}{
		{"head\trelation\ttail\n1\t7\t2\n2\t7\t3\n2\t8\t1\n", []string{"1", "2", "3"}, []string{"1-2", "2-3"}, false},
		{"source relation target n_paths\nA r B 1\nB r C 2\n", []string{"A", "B", "C"}, []string{"A-B", "B-C"}, false},
		{"subject,predicate,object,weight\r\na,p,b,2.5\r\nb,p,c\r\n", []string{"a", "b", "c"}, []string{"a-b", "b-c"}, true},
		{"source target label\n1 2 x\n", []string{"1", "2"}, []string{"1-2"}, false},
		{"Source Target Weight\n1 2 4\n", []string{"1", "2"}, []string{"1-2"}, true},
		{"source\trelation\ttarget\tn_paths\nCHEBI:1\tpositively correlated with\tHP:2\t1\r\n# c\n\nHP:2\tcauses\t Mesh name \t3\n", []string{"CHEBI:1", "HP:2", "Mesh name"}, []string{"CHEBI:1-HP:2", "HP:2-Mesh name"}, false},
	} {
		g, err := ReadEdgeList(strings.NewReader(c.in), ReadOptions{})
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		var edges []string
		for e := int32(0); e < int32(g.M()); e++ {
			u, v := g.Edge(e)
			edges = append(edges, g.ID(u)+"-"+g.ID(v))
		}
		if !slices.Equal(g.IDs(), c.nodes) || !slices.Equal(edges, c.edges) || g.Weighted() != c.weighted {
			t.Fatalf("%q: nodes %v edges %v weighted %v; want %v %v %v", c.in, g.IDs(), edges, g.Weighted(), c.nodes, c.edges, c.weighted)
		}
	}
	for _, c := range []struct {
		in        string
		line, col int
		msg       string
	}{
		{"head relation tail\n1 7 2\n1 7\n", 3, 0, "2 fields, but the header puts the nodes in columns 1 and 3"},
		{"head relation tail\n1 7 2 9\n", 2, 7, "more than the 3 fields the header names"},
		{"user_id movie_id rating timestamp\n1 2 3 4\n", 1, 25, "more than 3 fields"},
		{"subject predicate object weight\na p b x\n", 2, 7, `weight "x" is not a number`},
		{"head\trelation\ttail\na\tr r\tb\tc\n", 3 - 1, 9, "more than the 3 tab-separated fields"},
		{"head\trelation\ttail\na\t\tb\n", 2, 3, "empty field 2"},
	} {
		_, err := ReadEdgeList(strings.NewReader(c.in), ReadOptions{Name: "t.tsv"})
		wantSyntaxError(t, err, "t.tsv", c.line, c.col, c.msg)
	}
}

// TestEdgeListWeightsFloat32 checks that a bulk read keeps weights as
// float32 only while every weight is one exactly, and that either way each
// edge has the weight its last line gave, read as float64 would read it.
func TestEdgeListWeightsFloat32(t *testing.T) {
	cases := []struct {
		text   string
		want   []float64
		narrow bool
	}{
		{"0 1 3\n1 2 16777216\n2 3 0.5\n3 4\n", []float64{3, 16777216, 0.5, 1}, true},
		{"0 1 3\n1 2 16777217\n", []float64{3, 16777217}, false},
		{"0 1 3\n1 2 0.1\n0 1 7\n", []float64{7, 0.1}, false},
		{"0 1 3\n1 2 1e300\n", []float64{3, 1e300}, false},
		{"0 1 -2.25\n1 2 1e-3\n", []float64{-2.25, 1e-3}, false},
		{"0 1 2\n1 0 5\n", []float64{5}, true},
		{"0 1\n1 2\n", []float64{1, 1}, true},
	}
	for _, c := range cases {
		for _, directed := range []bool{false, true} {
			g, err := ReadEdgeList(strings.NewReader(c.text), ReadOptions{Directed: directed})
			if err != nil {
				t.Fatalf("%q: %v", c.text, err)
			}
			want := c.want
			if directed && c.text == "0 1 2\n1 0 5\n" {
				want = []float64{2, 5}
			}
			if g.M() != len(want) {
				t.Fatalf("%q directed=%v: %d edges, want %d", c.text, directed, g.M(), len(want))
			}
			for e, w := range want {
				if got := g.Weight(int32(e)); got != w {
					t.Errorf("%q directed=%v: edge %d weight %v, want %v", c.text, directed, e, got, w)
				}
			}
			if narrow := g.weight32 != nil || !g.Weighted(); narrow != c.narrow {
				t.Errorf("%q: float32 weights %v, want %v", c.text, narrow, c.narrow)
			}
			// A graph copied edge by edge through a Builder has the same weights.
			sub, err := Rebuild(g, directed)
			if err != nil || sub.M() != g.M() {
				t.Fatalf("%q: rebuild: %v", c.text, err)
			}
			{
				for e := range want {
					if sub.Weight(int32(e)) != g.Weight(int32(e)) {
						t.Errorf("%q: subgraph edge %d weight %v, want %v", c.text, e, sub.Weight(int32(e)), g.Weight(int32(e)))
					}
				}
			}
		}
	}
}
