package extract

import (
	"errors"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// This file holds what the structured-text readers (adjacency matrices,
// CSV/TSV tables, node-link JSON, DOT) share: lines with their offsets,
// positions for syntax errors, and turning a graph read by tools/graph into
// a Reading.

// textLine is one line of the question: [Start, End) without the line
// break.
type textLine struct {
	Start, End int
}

// textLines splits text into lines ("\n" or "\r\n").
func textLines(text string) []textLine {
	lines := make([]textLine, 0, strings.Count(text, "\n")+1)
	start := 0
	for {
		k := strings.IndexByte(text[start:], '\n')
		if k < 0 {
			break
		}
		i := start + k
		end := i
		if end > start && text[end-1] == '\r' {
			end--
		}
		lines = append(lines, textLine{start, end})
		start = i + 1
	}
	end := len(text)
	if end > start && text[end-1] == '\r' {
		end--
	}
	return append(lines, textLine{start, end})
}

// lineCol returns the 1-based line and column (in bytes) of offset off of
// text.
func lineCol(text string, off int) (line, col int) {
	off = max(0, min(off, len(text)))
	line = 1 + strings.Count(text[:off], "\n")
	col = off - strings.LastIndexByte(text[:off], '\n')
	return line, col
}

// syntaxErrorAt returns a *graph.SyntaxError about the question at byte
// offset off.
func syntaxErrorAt(text string, off int, msg string) error {
	line, col := lineCol(text, off)
	return &graph.SyntaxError{Source: "question", Line: line, Col: col, Msg: msg}
}

// rebaseSyntaxError moves the position of a *graph.SyntaxError reported by
// a tools/graph reader on text[base:] to the question's own lines and
// columns, and names what was being read. Other errors are returned as
// they are.
func rebaseSyntaxError(text string, base int, what string, err error) error {
	var se *graph.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	line, col := lineCol(text, base)
	out := &graph.SyntaxError{Source: "question", Line: line, Col: col, Msg: what + ": " + se.Msg}
	if se.Line > 0 {
		out.Line = line + se.Line - 1
		out.Col = se.Col
		if se.Line == 1 && se.Col > 0 {
			out.Col = col + se.Col - 1
		}
	}
	return out
}

// readingFromGraph turns a graph read from text[start:end] by a tools/graph
// reader into a Reading: its nodes in index order, its edges (all spanning
// the block, since the readers do not keep positions) with weights or, for
// graphs with capacities only, capacities as values.
func readingFromGraph(name string, g *graph.Graph, dir Direction, start, end int) Reading {
	r := Reading{Reader: name, Directed: dir, Nodes: append([]string(nil), g.IDs()...), Confidence: 0.95}
	weighted, capacities := g.Weighted(), g.HasCapacities()
	switch {
	case weighted:
		r.EdgeValue = MeaningWeight
	case capacities:
		r.EdgeValue = MeaningCapacity
	}
	if weighted && capacities {
		r.Notes = append(r.Notes, "edges have both weights and capacities; the weights are the edge values")
	}
	r.Edges = make([]Edge, 0, g.M())
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		ed := Edge{U: g.ID(u), V: g.ID(v), Start: start, End: end}
		switch {
		case weighted:
			ed.Value, ed.HasValue = g.Weight(e), true
		case capacities:
			ed.Value, ed.HasValue = g.Capacity(e), true
		}
		r.Edges = append(r.Edges, ed)
	}
	r.Spans = []Span{{Start: start, End: end, Role: RoleGraph}}
	return r
}

// graphDirection is the direction of a graph read by a tools/graph reader:
// directed or undirected, as the notation said.
func graphDirection(g *graph.Graph) Direction {
	if g.Directed() {
		return DirDirected
	}
	return DirUndirected
}

// mergeGraphReading adds r, a further graph of one notation read from the
// same question, to out: their nodes joined, edges and spans appended, a
// note that the question holds more than one (what names the notation), and
// the confidence at most 0.5.
func mergeGraphReading(out *Reading, r Reading, what string) {
	out.Nodes = matrixUnion(out.Nodes, r.Nodes)
	out.Edges = append(out.Edges, r.Edges...)
	out.Spans = append(out.Spans, r.Spans...)
	out.Notes = append(out.Notes, "the question holds more than one "+what+"; their edges are merged")
	out.Confidence = min(out.Confidence, 0.5)
}

// statedDirection is what the question's words say about direction
// ("directed", "digraph", "undirected"), using the scanner's cues; DirUnknown
// when they say nothing or disagree.
func statedDirection(lower string) Direction {
	var dir, undir bool
	for _, c := range exFindDirCues(lower) {
		if c.directed {
			dir = true
		} else {
			undir = true
		}
	}
	switch {
	case dir && !undir:
		return DirDirected
	case undir && !dir:
		return DirUndirected
	}
	return DirUnknown
}
