package graph

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
)

// ReadOptions configure the readers.
type ReadOptions struct {
	// Directed makes the graph directed. Formats that state their own
	// direction (node-link JSON with a "directed" field, DOT's digraph/graph)
	// override it.
	Directed bool
	// Limits bounds the number of nodes and edges; zero means unlimited.
	Limits Limits
	// Name labels the graph (see Graph.Name) and names the source in syntax
	// errors.
	Name string
	// Progress, when set, is updated by Sandbox.Load with the bytes of the
	// file read so far; the readers themselves ignore it.
	Progress *Progress
	// OnEdge, when set, is called with each edge as the node-link JSON,
	// DOT and GML readers read it, in input order and before repeated
	// edges merge (graph clean reports them); edge lists have
	// ScanEdgeList instead.
	OnEdge func(u, v string)
}

// source names the input in error messages.
func (o ReadOptions) source(def string) string {
	if o.Name != "" {
		return o.Name
	}
	return def
}

// builder returns a Builder configured by the options.
func (o ReadOptions) builder(directed bool) *Builder {
	b := NewBuilder(directed)
	b.SetLimits(o.Limits)
	if o.OnEdge != nil {
		b.onEdge = func(u, v int32) { o.OnEdge(b.ids[u], b.ids[v]) }
	}
	return b
}

// SyntaxError describes malformed graph text. It wraps ErrSyntax.
type SyntaxError struct {
	Source string // file or input name
	Line   int    // 1-based line, 0 when unknown
	Col    int    // 1-based column (byte offset in the line), 0 when unknown
	Msg    string // what was wrong
}

// maxSyntaxMsg bounds the message of a SyntaxError: messages quote the
// offending token, and a hostile token can be megabytes long.
const maxSyntaxMsg = 400

// Error formats the error as "source:line:col: malformed graph: msg", the
// message cut to about 400 bytes.
func (e *SyntaxError) Error() string {
	var sb strings.Builder
	sb.WriteString(e.Source)
	if e.Line > 0 {
		fmt.Fprintf(&sb, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&sb, ":%d", e.Col)
		}
	}
	if sb.Len() > 0 {
		sb.WriteString(": ")
	}
	sb.WriteString(ErrSyntax.Error())
	sb.WriteString(": ")
	sb.WriteString(shortMsg(e.Msg))
	return sb.String()
}

// shortMsg cuts msg to about maxSyntaxMsg bytes in the middle, where a
// long quoted token is, keeping the start and what the message ends with
// ("... is not a number").
func shortMsg(msg string) string {
	if len(msg) <= maxSyntaxMsg {
		return msg
	}
	tail := len(msg) - maxSyntaxMsg/4
	for tail < len(msg) && msg[tail]&0xC0 == 0x80 { // a rune's continuation byte
		tail++
	}
	return textutil.Truncate(msg, maxSyntaxMsg*3/4) + " [cut] " + msg[tail:]
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// lineCol converts a byte offset of text into a 1-based line and column.
func lineCol(text []byte, off int) (line, col int) {
	if off > len(text) {
		off = len(text)
	}
	if off < 0 {
		off = 0
	}
	line = 1 + bytes.Count(text[:off], []byte{'\n'})
	col = off - bytes.LastIndexByte(text[:off], '\n')
	return line, col
}

// Format names a graph file format.
type Format string

// The formats Read understands.
const (
	// FormatEdgeList is a plain edge list: "u v [w]" per line (ReadEdgeList).
	FormatEdgeList Format = "edgelist"
	// FormatNodeLink is NetworkX node-link JSON (ReadNodeLink).
	FormatNodeLink Format = "nodelink"
	// FormatDOT is Graphviz DOT (ReadDOT).
	FormatDOT Format = "dot"
	// FormatPython is a Python-literal edge list such as
	// "[(0, 1, {'weight': 4})]" (ParsePythonEdges).
	FormatPython Format = "python"
	// FormatGML is GML, "graph [ node [ id 0 ] edge [ source 0 target 1
	// ] ]" (ReadGML).
	FormatGML Format = "gml"
	// FormatGraphML is GraphML XML (ReadGraphML).
	FormatGraphML Format = "graphml"
)

// DetectFormat guesses the format of a file from its name's extension
// (.json, .dot/.gv, .gml, .graphml/.xml, .py,
// .edgelist/.edges/.el/.tsv/.csv/.adj) and, for other names such as .txt,
// from the first bytes of its content: '{' starts node-link JSON, '[' a
// Python edge list, '<' GraphML (it was read as an edge list of its tags),
// "graph [" GML, "graph", "digraph" or "strict" a DOT file; anything else
// is read as an edge list.
func DetectFormat(name string, head []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".json":
		return FormatNodeLink
	case ".dot", ".gv":
		return FormatDOT
	case ".gml":
		return FormatGML
	case ".graphml", ".xml":
		return FormatGraphML
	case ".py":
		return FormatPython
	case ".edgelist", ".edges", ".el", ".tsv", ".csv", ".adj":
		return FormatEdgeList
	}
	// Other extensions (".txt", none) are decided by the content.
	h := bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	h = bytes.TrimLeft(h, " \t\r\n")
	switch {
	case len(h) == 0:
		return FormatEdgeList
	case h[0] == '{':
		return FormatNodeLink
	case h[0] == '[':
		return FormatPython
	case h[0] == '<':
		return FormatGraphML
	case bytes.HasPrefix(h, []byte("//")), bytes.HasPrefix(h, []byte("/*")):
		return FormatDOT
	}
	word := h
	if i := bytes.IndexAny(word, " \t\r\n{"); i >= 0 {
		word = word[:i]
	}
	switch strings.ToLower(string(word)) {
	case "graph":
		if rest := bytes.TrimLeft(h[len(word):], " \t\r\n"); len(rest) > 0 && rest[0] == '[' {
			return FormatGML
		}
		return FormatDOT
	case "digraph", "strict":
		return FormatDOT
	}
	return FormatEdgeList
}

// Read reads a graph in format f.
func Read(r io.Reader, f Format, opt ReadOptions) (*Graph, error) {
	switch f {
	case FormatEdgeList:
		return ReadEdgeList(r, opt)
	case FormatNodeLink:
		return ReadNodeLink(r, opt)
	case FormatDOT:
		return ReadDOT(r, opt)
	case FormatPython:
		text, err := io.ReadAll(r)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", opt.source("python edge list"), err)
		}
		return ParsePythonEdges(string(text), opt)
	case FormatGML:
		return ReadGML(r, opt)
	case FormatGraphML:
		return ReadGraphML(r, opt)
	}
	return nil, fmt.Errorf("unknown graph format %q (want %s, %s, %s, %s, %s or %s)", f,
		FormatEdgeList, FormatNodeLink, FormatDOT, FormatPython, FormatGML, FormatGraphML)
}

// sortStrings sorts keys in place.
func sortStrings(keys []string) { slices.Sort(keys) }

// formatFloat writes f in the shortest form that reads back exactly.
func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
