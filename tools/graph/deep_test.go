package graph

import (
	"bytes"
	"strings"
	"testing"
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
