package graph

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestReadDOT(t *testing.T) {
	tests := []struct {
		name, in string
		directed bool
		nodes    []string
		edges    []string
		weighted bool
	}{
		{"digraph chain", "digraph G { a -> b -> c }", true, []string{"a", "b", "c"}, []string{"a b 1", "b c 1"}, false},
		{"graph with weights", `graph { 1 -- 2 [weight=3]; 2 -- 3 [weight="2.5"] }`, false, []string{"1", "2", "3"}, []string{"1 2 3", "2 3 2.5"}, true},
		{"quoted IDs and subgraph end", `digraph { "a b" -> {c; d} }`, true, []string{"a b", "c", "d"}, []string{"a b c 1", "a b d 1"}, false},
		{"numeric label is a weight", `digraph { x -> y [label=7] }`, true, []string{"x", "y"}, []string{"x y 7"}, true},
		{"weight beats label", `digraph { x -> y [label=7, weight=2] }`, true, []string{"x", "y"}, []string{"x y 2"}, true},
		{"edge defaults scoped", `digraph { edge [weight=4]; a -> b; subgraph s { edge [weight=9]; c -> d } e -> f }`, true,
			[]string{"a", "b", "c", "d", "e", "f"}, []string{"a b 4", "c d 9", "e f 4"}, true},
		{"isolated node and comments", "// c\ngraph { /* x */ n1 [shape=box]; n1 -- n2 # y\n}", false, []string{"n1", "n2"}, []string{"n1 n2 1"}, false},
		{"strict and duplicates", `strict graph { a -- b [weight=1]; b -- a [weight=5] }`, false, []string{"a", "b"}, []string{"a b 5"}, true},
		{"subgraph to subgraph", `graph { {a b} -- {c d} }`, false, []string{"a", "b", "c", "d"}, []string{"a c 1", "a d 1", "b c 1", "b d 1"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// opt.Directed is the opposite of the file's kind: the file wins.
			g, err := ReadDOT(strings.NewReader(tc.in), ReadOptions{Directed: !tc.directed})
			if err != nil {
				t.Fatal(err)
			}
			if g.Directed() != tc.directed || g.Weighted() != tc.weighted {
				t.Fatalf("directed=%v weighted=%v", g.Directed(), g.Weighted())
			}
			if !slices.Equal(g.IDs(), tc.nodes) {
				t.Fatalf("nodes %q, want %q", g.IDs(), tc.nodes)
			}
			if got := slices.Sorted(maps.Keys(edgeStrings(g))); !slices.Equal(got, tc.edges) {
				t.Fatalf("edges %q, want %q", got, tc.edges)
			}
		})
	}
	g, err := ReadDOT(strings.NewReader(`digraph "My G" { a [color=red]; a -> b [color=blue, capacity=3] }`), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if g.Name() != "My G" || g.NodeAttrs(0)["color"] != "red" || g.EdgeAttrs(0)["color"] != "blue" || g.Capacity(0) != 3 {
		t.Fatalf("name %q node attrs %v edge attrs %v capacity %v", g.Name(), g.NodeAttrs(0), g.EdgeAttrs(0), g.Capacity(0))
	}
}

func TestReadDOTErrors(t *testing.T) {
	tests := []struct {
		name, in  string
		line, col int
		msg       string
	}{
		{"parse error", "digraph {\n a -> \n}", 3, 1, "expected"},
		{"empty", "", 1, 1, "expected one of strict, graph"},
		{"only a comment", "/* nothing */", 1, 14, "expected one of strict, graph"},
		{"two graphs", "graph {} graph {}", 1, 10, "more than one graph in the DOT file"},
		{"wrong edge op in digraph", "digraph { a -- b }", 1, 13, "undirected edge '--' in a digraph"},
		{"wrong edge op in graph", "graph { a -> b }", 1, 11, "directed edge '->' in an undirected graph"},
		{"bad weight", `graph { a -- b [weight=heavy] }`, 0, 0, `weight "heavy" is not a number`},
		{"deep subgraphs", "graph {" + strings.Repeat("{", 300) + "a" + strings.Repeat("}", 300) + "}", 1, 8 + maxDOTDepth, "braces nested deeper than 256"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadDOT(strings.NewReader(tc.in), ReadOptions{Name: "g.dot"})
			wantSyntaxError(t, err, "g.dot", tc.line, tc.col, tc.msg)
		})
	}
}

func TestDetectFormat(t *testing.T) {
	tests := []struct {
		name, head string
		want       Format
	}{
		{"g.json", "", FormatNodeLink},
		{"g.GV", "", FormatDOT},
		{"g.dot", "", FormatDOT},
		{"task_0.edgelist", "", FormatEdgeList},
		{"edges.tsv", "{", FormatEdgeList},
		{"noext", `  {"nodes": []}`, FormatNodeLink},
		{"noext", "[(0, 1)]", FormatPython},
		{"noext", "\xef\xbb\xbf digraph G {}", FormatDOT},
		{"noext", "Strict graph{}", FormatDOT},
		{"noext", "/* c */ graph {}", FormatDOT},
		{"g.gml", "", FormatGML},
		{"noext", "graph [\n  node [ id 0 ]\n]", FormatGML},
		{"noext", "graph\n[ directed 1 ]", FormatGML},
		{"noext", "graph G {}", FormatDOT},
		{"noext", "0 1\n", FormatEdgeList},
		{"noext", "graphs 1\n", FormatEdgeList},
		{"noext", "", FormatEdgeList},
		{"g.graphml", "", FormatGraphML},
		{"g.xml", "", FormatGraphML},
		{"noext", "<?xml version='1.0'?>\n<graphml>", FormatGraphML},
	}
	for _, tc := range tests {
		if got := DetectFormat(tc.name, []byte(tc.head)); got != tc.want {
			t.Errorf("DetectFormat(%q, %q) = %q, want %q", tc.name, tc.head, got, tc.want)
		}
	}
	if _, err := Read(strings.NewReader("0 1"), Format("yaml"), ReadOptions{}); err == nil || !strings.Contains(err.Error(), `"yaml"`) {
		t.Fatalf("unknown format: %v", err)
	}
	for f, in := range map[Format]string{FormatEdgeList: "0 1", FormatNodeLink: `{"edges": [{"source": 0, "target": 1}]}`,
		FormatDOT: "graph { 0 -- 1 }", FormatPython: "[(0, 1)]", FormatGML: "graph [ node [ id 0 ] node [ id 1 ] edge [ source 0 target 1 ] ]",
		FormatGraphML: `<graphml><graph><edge source="0" target="1"/></graph></graphml>`} {
		g, err := Read(strings.NewReader(in), f, ReadOptions{})
		if err != nil || g.M() != 1 || g.N() != 2 {
			t.Fatalf("Read %s: %v %v", f, g, err)
		}
	}
}

// TestReadDOTMemoryFollowsText: DOT was parsed by gonum into a syntax tree
// of up to ~80 bytes per byte of text before the limits applied (a 40 MB
// file of "a;" statements, one node, reached 3.2 GB; 10^7 repeats of one
// edge 2.9 GB). ReadDOT reads statement by statement: what it allocates
// beside the text is the graph, the open statement and 4 bytes per node
// mentioned inside a subgraph, so a few bytes per byte of text at most.
func TestReadDOTMemoryFollowsText(t *testing.T) {
	const n = 1_000_000
	nestedMentions := strings.Repeat("{", 200) + strings.Repeat("a ", n) + strings.Repeat("}", 200)
	for _, tc := range []struct{ name, text string }{
		{"one node mentioned 10^6 times", "graph G { " + strings.Repeat("a;", n) + " }"},
		{"one node, 5·10^5 attributes of one key", "graph G { a [" + strings.Repeat("x=1,", n/2) + "x=2] }"},
		{"one edge repeated 4·10^5 times", "graph G { " + strings.Repeat("a--b;", 2*n/5) + " }"},
		{"10^6 mentions 200 subgraphs deep", "graph G { " + nestedMentions + " -- b }"},
		// Quadratic before: each statement copied the defaults in force.
		{"default attributes set 4·10^5 times", "graph G { " + strings.Repeat("edge [w=1];", 2*n/5) + " a -- b }"},
	} {
		name, text := tc.name, tc.text
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		g, err := ReadDOT(strings.NewReader(text), ReadOptions{Limits: Limits{MaxNodes: 1000, MaxEdges: 1000}})
		runtime.ReadMemStats(&after)
		if err != nil || g.N() > 2 {
			t.Errorf("%s: %v, %v", name, g, err)
			continue
		}
		// io.ReadAll's copies of the text add up to about twice its size;
		// the members of open subgraphs take 4 bytes a mention ("a " is
		// 2 bytes), twice over as their slice grows.
		alloc := after.TotalAlloc - before.TotalAlloc
		per := 8
		if strings.HasPrefix(text, "graph G { {") {
			per = 16
		}
		t.Logf("%s: %.1f bytes allocated a byte of text", name, float64(alloc)/float64(len(text)))
		if alloc > uint64(per*len(text)) {
			t.Errorf("%s: %d MB allocated for %d MB of text, want at most %d bytes a byte", name, alloc>>20, len(text)>>20, per)
		}
	}
}

// TestReadDOTStopsAtDeadline: DOT is read whole, then parsed; the parse
// stops when the load's context ends (a server's request past its
// deadline went on parsing a 10^6-edge file and was never answered).
func TestReadDOTStopsAtDeadline(t *testing.T) {
	dir := t.TempDir()
	var sb strings.Builder
	sb.WriteString("graph G {\n")
	for i := range 200_000 {
		fmt.Fprintf(&sb, "n%d -- n%d;\n", i, i+1)
	}
	sb.WriteString("}\n")
	if err := os.WriteFile(filepath.Join(dir, "g.dot"), []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	opt := ReadOptions{OnEdge: func(u, v string) {
		if u == "n10000" {
			cancel()
		}
	}}
	_, err = s.Load(ctx, "g.dot", opt)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled after 10,000 edges: %v, want context.Canceled", err)
	}
}
