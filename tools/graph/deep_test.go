package graph

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graphagent/graphagent/internal/gziptest"
)

// deepLevels is the nesting the hostile-input tests use: a stack overflow
// in a recursive reader needs about this many levels.
const deepLevels = 10_000_000

// nested returns prefix, open repeated n times, middle, close repeated n
// times and suffix.
func nested(prefix, open, middle, close, suffix string, n int) []byte {
	var b bytes.Buffer
	b.Grow(len(prefix) + n*(len(open)+len(close)) + len(middle) + len(suffix))
	b.WriteString(prefix)
	for range n {
		b.WriteString(open)
	}
	b.WriteString(middle)
	for range n {
		b.WriteString(close)
	}
	b.WriteString(suffix)
	return b.Bytes()
}

// TestReadDOTDeepNesting: 10^7 nested braces overflowed the stack in
// gonum's DOT checker (a fatal error, not a panic); the pre-check refuses
// them with the position of the first brace too deep.
func TestReadDOTDeepNesting(t *testing.T) {
	in := nested("graph G { a -- ", "{", "b", "}", " }", deepLevels)
	_, err := ReadDOT(bytes.NewReader(in), ReadOptions{Name: "deep.dot"})
	wantSyntaxError(t, err, "deep.dot", 1, len("graph G { a -- ")+maxDOTDepth+1, "braces nested deeper than 256")
}

// TestReadDOTLongChain: an edge statement of 10^7 links overflowed the
// stack the same way (gonum checks a chain recursively).
func TestReadDOTLongChain(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("graph G {\n a")
	for range deepLevels {
		b.WriteString(" -- a")
	}
	b.WriteString("\n}")
	_, err := ReadDOT(&b, ReadOptions{Name: "chain.dot"})
	wantSyntaxError(t, err, "chain.dot", 2, 3+5*maxDOTChain+1, "more than 100000 links")
}

// TestCheckDOTNesting: braces inside strings and comments do not count,
// statements separated without ';' start new chains, and the limits are
// exact.
func TestCheckDOTNesting(t *testing.T) {
	deep := strings.Repeat("{", maxDOTDepth) + "x" + strings.Repeat("}", maxDOTDepth)
	ok := []string{
		"graph { " + deep + " }",
		`graph { a [label="` + strings.Repeat("{", 1000) + `"] }`,
		"graph { a [label=<" + strings.Repeat("<b>{", 1000) + strings.Repeat("</b>", 1000) + ">] }",
		"graph { /* " + strings.Repeat("{", 1000) + " */ a // " + strings.Repeat("{", 1000) + "\n # " + strings.Repeat("[", 1000) + "\n}",
		"graph { a" + strings.Repeat(" -- a", maxDOTChain) + " }",
		"graph { " + strings.Repeat("a -- b ", 2*maxDOTChain) + "}",
		"graph { " + strings.Repeat("a -- b; ", 2*maxDOTChain) + "}",
		"graph { " + strings.Repeat("a -- subgraph s {b} ", 2*maxDOTChain) + "}",
		`graph { a -- "b\"{" }`,
	}
	for _, in := range ok {
		if err := checkDOTNesting("g", []byte(in)); err != nil {
			t.Errorf("checkDOTNesting(%.60q...) = %v, want nil", in, err)
		}
	}
	bad := []struct {
		in, msg   string
		line, col int
	}{
		{"graph {\n " + "{" + deep + "} }", "braces nested deeper", 2, 2 + maxDOTDepth},
		{"graph { a" + strings.Repeat(" -- a", maxDOTChain+1) + " }", "more than 100000 links", 1, 11 + 5*maxDOTChain},
		{"graph { a" + strings.Repeat(" -- {a}", maxDOTChain+1) + " }", "more than 100000 links", 1, 11 + 7*maxDOTChain},
	}
	for _, tc := range bad {
		err := checkDOTNesting("g", []byte(tc.in))
		wantSyntaxError(t, err, "g", tc.line, tc.col, tc.msg)
	}
}

// TestReadDeepNestingOtherFormats: 10^7 levels of nesting in node-link
// JSON, GML and GraphML (read as an edge list) are refused with a syntax
// error, early and without reading the rest.
func TestReadDeepNestingOtherFormats(t *testing.T) {
	tests := []struct {
		f   Format
		in  []byte
		msg string
	}{
		{FormatNodeLink, nested(`{"nodes": `, "[", "1", "]", "}", deepLevels), "exceeded max depth"},
		{FormatNodeLink, nested(`{"graph": `, `{"a":`, "1", "}", "}", deepLevels), "exceeded max depth"},
		{FormatGML, nested("graph ", "[ a ", "1", " ]", "", deepLevels), "lists nested too deeply"},
		{FormatGraphML, nested(`<graphml><graph edgedefault="directed">`, "<g>", "", "</g>", "</graph></graphml>", deepLevels), "nested deeper than 64"},
		// One element a line: as an edge list, this was a graph of 9 nodes.
		{FormatGraphML, nested("<?xml version=\"1.0\"?>\n<graphml>\n<graph>\n", "<g>\n", "", "</g>\n", "</graph>\n</graphml>\n", deepLevels), "nested deeper than 64"},
	}
	for _, tc := range tests {
		_, err := Read(bytes.NewReader(tc.in), tc.f, ReadOptions{Name: "deep"})
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tc.msg) || len(err.Error()) > 500 {
			t.Errorf("%s: %.300v, want a short syntax error with %q", tc.f, err, tc.msg)
		}
	}
}

// TestReadStopsAtLimits: node-link JSON and GML are refused at the node
// limit while they are read (they were decoded whole first), and a DOT
// product of subgraphs ({a1 … a1500} -- {b1 … b1500}) is refused before
// its edges are built; the memory allocated stays far below the input's
// decoded size.
func TestReadStopsAtLimits(t *testing.T) {
	const n = 200_000
	var js, gml, dot bytes.Buffer
	js.WriteString(`{"directed": false, "nodes": [`)
	gml.WriteString("graph [\n")
	for i := range n {
		if i > 0 {
			js.WriteString(",")
		}
		fmt.Fprintf(&js, `{"id": %d, "label": "node %d"}`, i, i)
		fmt.Fprintf(&gml, "node [ id %d label \"node %d\" ]\n", i, i)
	}
	js.WriteString(`], "edges": []}`)
	gml.WriteString("]\n")
	dot.WriteString("graph { {")
	for i := range 1500 {
		fmt.Fprintf(&dot, " a%d", i)
	}
	dot.WriteString(" } -- {")
	for i := range 1500 {
		fmt.Fprintf(&dot, " b%d", i)
	}
	dot.WriteString(" } }")
	lim := Limits{MaxNodes: 1000, MaxEdges: 1_000_000}
	for _, tc := range []struct {
		f  Format
		in []byte
	}{{FormatNodeLink, js.Bytes()}, {FormatGML, gml.Bytes()}, {FormatDOT, dot.Bytes()}} {
		if tc.f == FormatDOT {
			lim.MaxNodes = 10_000
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Read(bytes.NewReader(tc.in), tc.f, ReadOptions{Limits: lim})
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s over the limits: %v, want ErrTooLarge", tc.f, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("%s over the limits: %d MB allocated for a %d KB input, want under 16 MB", tc.f, alloc>>20, len(tc.in)>>10)
		}
	}
	small := []string{`{"edges": [{"source": 1, "target": 2}], "nodes": [{"id": 3}], "directed": true}`,
		"graph [ directed 1 node [ id 3 ] node [ id 1 ] node [ id 2 ] edge [ source 1 target 2 ] ]"}
	for i, in := range small {
		g, err := Read(strings.NewReader(in), []Format{FormatNodeLink, FormatGML}[i], ReadOptions{Limits: Limits{MaxNodes: 3, MaxEdges: 1}})
		if err != nil || !g.Directed() || g.N() != 3 || g.M() != 1 || g.IDs()[0] != "3" {
			t.Errorf("%s within the limits: %v, %v", in, g, err)
		}
	}
}

// TestSyntaxErrorShortensTokens: a 10 MB token in malformed text gave a
// 10 MB error message; the message keeps its start and its end.
func TestSyntaxErrorShortensTokens(t *testing.T) {
	big := strings.Repeat("é", 5_000_000)
	for f, in := range map[Format]string{
		FormatNodeLink: `{"nodes":[{"id":0},{"id":1}],"edges":[{"source":0,"target":1,"weight":"` + big + `"}]}`,
		FormatDOT:      `graph { a -- b [weight="` + big + `"] }`,
		FormatGML:      `graph [ node [ id 0 ] edge [ source "` + big + `" target 0 ] ]`,
		FormatPython:   `[(0, 1, {"weight": "` + big + `"})]`,
	} {
		_, err := Read(strings.NewReader(in), f, ReadOptions{Name: "g"})
		if !errors.Is(err, ErrSyntax) {
			t.Fatalf("%s: %.200v, want a syntax error", f, err)
		}
		msg := err.Error()
		if len(msg) > maxSyntaxMsg+100 || !utf8.ValidString(msg) || !strings.HasPrefix(msg, "g") {
			t.Errorf("%s: %d-byte message %.200q", f, len(msg), msg)
		}
	}
	_, err := ReadNodeLink(strings.NewReader(`{"edges":[{"source":0,"target":1,"weight":"`+big+`"}]}`), ReadOptions{})
	if msg := err.Error(); !strings.HasSuffix(msg, "not a number") {
		t.Errorf("the end of the message is lost: %.100q", msg[len(msg)-100:])
	}
}

// TestCompressedGraphsStopAtLimits: a small compressed file that
// decompresses into a graph far over the limits was decoded whole before
// the limits applied (a 1.3 MB .json.gz reached 2.9 GB). Read through the
// sandbox, node-link JSON and GML now stop at the node limit having
// allocated a few MB; DOT holds its decompressed text (within the file
// limit) and no more than a few bytes a byte of it.
func TestCompressedGraphsStopAtLimits(t *testing.T) {
	const n = 1_000_000
	var js, gml, dot bytes.Buffer
	js.WriteString(`{"directed": false, "nodes": [`)
	gml.WriteString("graph [\n")
	dot.WriteString("graph G {\n")
	for i := range n {
		if i > 0 {
			js.WriteString(",")
		}
		fmt.Fprintf(&js, `{"id": %d}`, i)
		fmt.Fprintf(&gml, "node [ id %d ]\n", i)
		fmt.Fprintf(&dot, "n%d;\n", i)
	}
	js.WriteString(`], "edges": []}`)
	gml.WriteString("]\n")
	dot.WriteString("}\n")
	dir := t.TempDir()
	files := map[string]*bytes.Buffer{"g.json.gz": &js, "g.gml.gz": &gml, "g.dot.gz": &dot}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), gziptest.Bytes(t, text.Bytes()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := s.Load(context.Background(), name, ReadOptions{Limits: Limits{MaxNodes: 1000, MaxEdges: 1000}})
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: %v, want ErrTooLarge", name, err)
		}
		alloc := after.TotalAlloc - before.TotalAlloc
		limit := uint64(16 << 20)
		if strings.HasPrefix(name, "g.dot") {
			limit = uint64(4 * text.Len())
		}
		t.Logf("%s: %d MB decompressed, %d MB allocated", name, text.Len()>>20, alloc>>20)
		if alloc > limit {
			t.Errorf("%s: %d MB allocated reading %d MB decompressed, want at most %d MB", name, alloc>>20, text.Len()>>20, limit>>20)
		}
	}
}
