package extract

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// GML reads a graph written in GML in a question ("graph [ directed 1
// node [ id 0 label "A" ] edge [ source 0 target 1 weight 2 ] ]") with
// graph.ReadGML: nodes are named by their labels when every node has one,
// else by their ids; "directed 1" makes the graph directed (GML's default is
// undirected); edge weights and capacities are edge values.
//
// The "graph" keyword must be followed by '['. A GML graph that starts a
// line (after spaces, a "```gml" fence or "GML:") and does not parse is an
// error wrapping graph.ErrSyntax naming the question's line and column; one
// inside a sentence that does not parse is left to the other readers.
type GML struct{}

// Name names the notation.
func (GML) Name() string { return "GML" }

// gmlMaxTries bounds the GML parses tried on one question, so text full of
// "graph [" stays linear.
const gmlMaxTries = 16

// Read implements Reader.
func (GML) Read(ctx context.Context, d *Doc) (Reading, error) {
	text, lower := d.Text, d.Lower
	var out Reading
	if strings.IndexByte(text, '[') < 0 {
		return out, nil // every GML graph is "graph [ ... ]"
	}
	tries := 0
	for off := 0; off < len(text) && tries < gmlMaxTries; {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		k := strings.Index(lower[off:], "graph")
		if k < 0 {
			break
		}
		s := off + k
		off = s + len("graph")
		if s > 0 && proseWordByte(lower, s-1) {
			continue
		}
		open := off
		for open < len(text) && (text[open] == ' ' || text[open] == '\t' || text[open] == '\r' || text[open] == '\n') {
			open++
		}
		if open >= len(text) || text[open] != '[' {
			continue
		}
		e, closed := gmlListEnd(text, open)
		atLine := dotAtLineStart(text, s)
		if !closed {
			if atLine {
				return Reading{}, syntaxErrorAt(text, open, "GML graph: '[' is not closed")
			}
			break
		}
		tries++
		g, err := graph.ReadGML(strings.NewReader(text[s:e]), graph.ReadOptions{Name: "GML", Limits: d.limits()})
		if errors.Is(err, graph.ErrTooLarge) {
			return Reading{}, fmt.Errorf("GML graph at byte %d: %w", s, err)
		}
		if err != nil {
			if atLine {
				return Reading{}, rebaseSyntaxError(text, s, "GML graph", err)
			}
			continue
		}
		r := readingFromGraph(GML{}.Name(), g, graphDirection(g), s, e)
		if !atLine {
			r.Confidence = 0.85
			r.Notes = append(r.Notes, "a GML graph is read inside a sentence")
		}
		if out.Reader == "" {
			out = r
		} else {
			mergeGraphReading(&out, r, "GML graph")
			if out.Directed != r.Directed {
				out.Directed = DirUnknown
				out.Notes = append(out.Notes, "one GML graph is directed and another is not")
			}
		}
		off = e
	}
	return out, nil
}

// gmlListEnd returns the end of the list opened at text[open], skipping
// quoted strings and '#' comments; closed is false when it is not closed.
func gmlListEnd(text string, open int) (end int, closed bool) {
	depth := 0
	for i := open; i < len(text); i++ {
		switch text[i] {
		case '"':
			k := strings.IndexByte(text[i+1:], '"')
			if k < 0 {
				return len(text), false
			}
			i += k + 1
		case '#':
			k := strings.IndexByte(text[i:], '\n')
			if k < 0 {
				return len(text), false
			}
			i += k
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return len(text), false
}
