package extract

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// DOTGraph reads a Graphviz DOT graph written in a question ("digraph {
// a -> b; b -> c [weight=2]; }", "graph G { A -- B }", "strict digraph
// {...}"), with graph.ReadDOT: "digraph" makes it directed, "graph"
// undirected; "weight" and "capacity" attributes (or a numeric "label") are
// edge values. Without them, a label or a value attribute ("distance",
// "cost", "time", a table's value column names) holding a number with its
// unit ("310 km", "$40", "5 min") is the edge's value, meaning what the
// unit says; edges where some have a value and some do not are uncertain.
//
// The keyword must start a line (after spaces or a "```dot" fence), or the
// braces must hold an edge operator: "the graph {0, 1, 2}" in prose is not
// DOT. A DOT graph that starts a line and does not parse is an error
// wrapping graph.ErrSyntax naming the question's line and column.
type DOTGraph struct{}

// Name names the notation.
func (DOTGraph) Name() string { return "DOT" }

// dotMaxTries bounds the DOT parses tried on one question, so text full of
// "graph {" stays linear.
const dotMaxTries = 16

// Read implements Reader.
func (DOTGraph) Read(ctx context.Context, d *Doc) (Reading, error) {
	text, lower := d.Text, d.Lower
	var out Reading
	if strings.IndexByte(text, '{') < 0 {
		return out, nil // every DOT header ends in '{'
	}
	tries := 0
	for off := 0; off < len(text) && tries < dotMaxTries; {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		k := strings.Index(lower[off:], "graph")
		if k < 0 {
			break
		}
		kw := off + k
		off = kw + len("graph")
		s, bodyOpen, ok := dotHeader(lower, kw)
		if !ok {
			continue
		}
		e, closed := dotBodyEnd(text, bodyOpen)
		body := text[bodyOpen:max(bodyOpen, e)]
		edgeOps := strings.Contains(body, "->") || strings.Contains(body, "--")
		atLine := dotAtLineStart(text, s)
		if !closed {
			if atLine && edgeOps {
				return Reading{}, syntaxErrorAt(text, bodyOpen, "DOT graph: '{' is not closed")
			}
			break // nothing after this can close either
		}
		if !atLine && !edgeOps {
			off = e
			continue
		}
		tries++
		g, err := graph.ReadDOT(strings.NewReader(text[s:e]), graph.ReadOptions{Name: "DOT", Limits: d.limits()})
		if errors.Is(err, graph.ErrTooLarge) {
			return Reading{}, fmt.Errorf("DOT graph at byte %d: %w", s, err)
		}
		if err != nil {
			if atLine {
				return Reading{}, rebaseSyntaxError(text, s, "DOT graph", err)
			}
			continue // prose that looked like DOT
		}
		r := readingFromGraph(DOTGraph{}.Name(), g, graphDirection(g), s, e)
		dotAttrValues(g, &r)
		if !atLine {
			r.Confidence = 0.85
			r.Notes = append(r.Notes, "a DOT graph is read inside a sentence")
		}
		if out.Reader == "" {
			out = r
		} else {
			mergeGraphReading(&out, r, "DOT graph")
			if out.Directed != r.Directed {
				out.Directed = DirUnknown
				out.Notes = append(out.Notes, "one DOT graph is directed and another is not")
			}
		}
		off = e
	}
	return out, nil
}

// dotHeader reads the DOT header around the "graph" at lower[kw]:
// "[strict] (graph|digraph) [ID] {". It returns the header's start and the
// offset of '{'.
func dotHeader(lower string, kw int) (start, open int, ok bool) {
	start = kw
	if kw >= 2 && lower[kw-2:kw] == "di" {
		start = kw - 2
	}
	if start > 0 && proseWordByte(lower, start-1) {
		return 0, 0, false
	}
	end := kw + len("graph")
	if end < len(lower) && proseWordByte(lower, end) {
		return 0, 0, false
	}
	if before := strings.TrimRight(lower[max(0, start-16):start], " \t"); strings.HasSuffix(before, "strict") {
		start = strings.LastIndex(lower[:start], "strict")
	}
	i := end
	for i < len(lower) && (lower[i] == ' ' || lower[i] == '\t' || lower[i] == '\r' || lower[i] == '\n') {
		i++
	}
	// An optional ID: a word or a quoted string.
	switch {
	case i < len(lower) && lower[i] == '"':
		j := strings.IndexByte(lower[i+1:], '"')
		if j < 0 || j > 128 {
			return 0, 0, false
		}
		i += j + 2
	case i < len(lower) && proseWordByte(lower, i):
		j := proseWordEnd(lower, i)
		switch lower[i:j] {
		case "graph", "digraph", "strict", "node", "edge", "subgraph":
			return 0, 0, false // "the graph\ndigraph {": the keyword starts the next header
		}
		i = j
	}
	for i < len(lower) && (lower[i] == ' ' || lower[i] == '\t' || lower[i] == '\r' || lower[i] == '\n') {
		i++
	}
	if i >= len(lower) || lower[i] != '{' {
		return 0, 0, false
	}
	return start, i, true
}

// dotBodyEnd returns the end of the braces opened at text[open], skipping
// quoted strings and comments; closed is false when they are not closed.
func dotBodyEnd(text string, open int) (end int, closed bool) {
	depth := 0
	for i := open; i < len(text); i++ {
		switch c := text[i]; {
		case c == '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			k := strings.Index(text[i+2:], "*/")
			if k < 0 {
				return len(text), false
			}
			i += k + 3
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return len(text), false
}

// dotAtLineStart reports whether only spaces, a Markdown fence ("```dot")
// or a colon ("Graph: digraph {") precede text[s] on its line.
func dotAtLineStart(text string, s int) bool {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	before := strings.TrimSpace(text[ls:s])
	return before == "" || strings.HasPrefix(before, "```") || strings.HasSuffix(before, ":")
}

// dotAttrValues reads the edge values a DOT graph writes with units, in
// labels or value attributes ("[label=\"310 km\"]", "[distance=\"40 km\"]",
// "[cost=\"$7\"]"), which graph.ReadDOT keeps as text, and lowers the
// confidence when only some edges have a value.
func dotAttrValues(g *graph.Graph, r *Reading) {
	if g.M() == 0 {
		return
	}
	if g.HasCapacities() || g.Weighted() {
		// ReadDOT read "weight", "capacity" or numeric labels.
		if !g.Weighted() || g.HasCapacities() {
			return
		}
		// ReadDOT keeps no "weight" attribute: an edge without a label and
		// with weight 1 may have had no weight at all.
		labelled, bare := 0, 0
		for e := range int32(g.M()) {
			if l, ok := g.EdgeAttrs(e)["label"].(string); ok && isNumber(l) {
				labelled++
			} else if g.Weight(e) == 1 {
				bare++
			}
		}
		if labelled > 0 && bare > 0 {
			r.Confidence = min(r.Confidence, 0.6)
			r.Notes = append(r.Notes, fmt.Sprintf("%d of %d DOT edges have a numeric label", labelled, g.M()))
		}
		return
	}
	key := ""
	for e := range int32(g.M()) {
		for k := range g.EdgeAttrs(e) {
			if k == "label" || csvColumnNames[k] == csvValue {
				if key != "" && k != key {
					r.Confidence = min(r.Confidence, 0.6)
					r.Notes = append(r.Notes, fmt.Sprintf("DOT edges carry both %q and %q", key, k))
					return
				}
				key = k
			}
		}
	}
	if key == "" {
		return
	}
	valued, units, meaning := 0, map[string]bool{}, MeaningNone
	for e := range int32(g.M()) {
		val, ok := g.EdgeAttrs(e)[key].(string)
		if !ok {
			continue
		}
		q, ok := parseQuantity(val)
		if !ok {
			if key != "label" {
				r.Confidence = min(r.Confidence, 0.6)
				r.Notes = append(r.Notes, fmt.Sprintf("the DOT attribute %s=%q is not a number", key, val))
			}
			continue
		}
		valued++
		r.Edges[e].Value, r.Edges[e].HasValue = q.v, true
		units[q.unit] = true
		if q.meaning != MeaningNone {
			meaning = q.meaning
		}
	}
	if valued == 0 {
		return
	}
	switch {
	case meaning != MeaningNone:
		r.EdgeValue = meaning
	case key != "label":
		r.EdgeValue = csvMeaning(key)
	default:
		r.EdgeValue = MeaningWeight
	}
	if len(units) == 1 {
		for u := range units {
			if u != "" {
				r.Facts = map[string]string{"edge_unit": u}
			}
		}
	} else {
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, "the DOT edge values have different units")
	}
	if valued < g.M() {
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d DOT edges have a %s with a number", valued, g.M(), key))
	}
}

// isNumber reports whether s (trimmed) is a number.
func isNumber(s string) bool {
	_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil
}
