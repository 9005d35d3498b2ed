package extract

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// YAMLEdgeList reads edges written as a YAML block sequence of flow
// sequences, one edge per line: "edges:\n  - [A, B]\n  - [B, C, 4]". A third
// entry is the edge's number (a weight). Two or more such lines in a row
// make a list; a lone line is not read.
type YAMLEdgeList struct{}

// Name names the notation.
func (YAMLEdgeList) Name() string { return "YAML edge list" }

// Read implements Reader.
func (YAMLEdgeList) Read(ctx context.Context, d *Doc) (Reading, error) {
	if err := ctx.Err(); err != nil {
		return Reading{}, err
	}
	if !strings.Contains(d.Text, "- [") && !strings.Contains(d.Text, "-[") {
		return Reading{}, nil
	}
	r := Reading{Reader: YAMLEdgeList{}.Name(), Directed: statedDirection(d.Lower), Confidence: 0.95}
	seen := map[string]bool{}
	var run []Edge
	runStart, runEnd := 0, 0
	valued := 0
	flush := func() {
		if len(run) >= 2 {
			for _, e := range run {
				for _, n := range []string{e.U, e.V} {
					if !seen[n] {
						seen[n] = true
						r.Nodes = append(r.Nodes, n)
					}
				}
				if e.HasValue {
					valued++
				}
			}
			r.Edges = append(r.Edges, run...)
			r.Spans = append(r.Spans, Span{Start: runStart, End: runEnd, Role: RoleGraph})
		}
		run = run[:0]
	}
	for off := 0; off < len(d.Text); {
		end := strings.IndexByte(d.Text[off:], '\n')
		if end < 0 {
			end = len(d.Text)
		} else {
			end += off
		}
		e, ok := yamlEdgeLine(d.Text, off, end)
		switch {
		case ok:
			if len(run) == 0 {
				runStart = off
			}
			run = append(run, e)
			runEnd = end
			if len(r.Edges)+len(run) > d.opt.MaxEdges {
				return Reading{}, fmt.Errorf("YAML edge list: more than %d edges: %w", d.opt.MaxEdges, graph.ErrTooLarge)
			}
		case strings.TrimSpace(d.Text[off:end]) == "" && len(run) > 0:
			// a blank line inside the list
		default:
			flush()
		}
		off = end + 1
	}
	flush()
	if len(r.Edges) == 0 {
		return Reading{}, nil
	}
	if valued > 0 {
		r.EdgeValue = MeaningWeight
		if valued < len(r.Edges) {
			r.Notes = append(r.Notes, fmt.Sprintf("%d of %d edges have a number", valued, len(r.Edges)))
			r.Confidence = 0.6
		}
	}
	return r, nil
}

// yamlEdgeLine reads the line text[s:e] as "- [u, v]" or "- [u, v, w]".
func yamlEdgeLine(text string, s, e int) (Edge, bool) {
	line := strings.TrimRight(text[s:e], " \t\r")
	body := strings.TrimLeft(line, " \t")
	lead := len(line) - len(body)
	rest, ok := strings.CutPrefix(body, "-")
	if !ok {
		return Edge{}, false
	}
	rest = strings.TrimLeft(rest, " \t")
	if !strings.HasPrefix(rest, "[") || !strings.HasSuffix(rest, "]") {
		return Edge{}, false
	}
	parts := strings.Split(rest[1:len(rest)-1], ",")
	if len(parts) < 2 || len(parts) > 3 {
		return Edge{}, false
	}
	ids := make([]string, 2)
	for i := range 2 {
		id := strings.Trim(strings.TrimSpace(parts[i]), `"'`)
		if id == "" || strings.ContainsAny(id, "[]{}:#") {
			return Edge{}, false
		}
		ids[i] = id
	}
	ed := Edge{U: ids[0], V: ids[1], Start: s + lead, End: s + len(line)}
	if len(parts) == 3 {
		f, err := strconv.ParseFloat(strings.TrimSpace(parts[2]), 64)
		if err != nil {
			return Edge{}, false
		}
		ed.Value, ed.HasValue = f, true
	}
	return ed, true
}
