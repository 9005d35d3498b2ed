package extract

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// proseCase is one table case for a prose reader.
type proseCase struct {
	name string
	in   string
	// edges as "U--V" (undirected reading), "U->V" (one-way), "U<>V" (a
	// symmetric edge in a directed reading), with "=value" and "(meaning)"
	// when the edge's own Meaning is set.
	edges []string
	dir   Direction
	// nodes, when set, is the exact node list in order.
	nodes []string
	// value is the reading's EdgeValue.
	value Meaning
	// spans are the texts of the spans, in order, when set.
	spans []string
	// partial: the confidence is below 0.9 and a note says why.
	partial bool
	// note, when set, must appear in one of the notes.
	note string
}

// edgeStrings renders a reading's edges for comparison.
func edgeStrings(r Reading) []string {
	var out []string
	for _, e := range r.Edges {
		op := "--"
		if r.Directed == DirDirected {
			op = "->"
			if e.Both {
				op = "<>"
			}
		}
		s := e.U + op + e.V
		if e.HasValue {
			s += fmt.Sprintf("=%g", e.Value)
		}
		if e.Meaning != "" {
			s += "(" + string(e.Meaning) + ")"
		}
		out = append(out, s)
	}
	return out
}

// checkProse runs one reader over the cases.
func checkProse(t *testing.T, r Reader, cases []proseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := r.Read(context.Background(), NewDoc(c.in))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			checkReadingShape(t, c.in, got)
			if g, w := strings.Join(edgeStrings(got), " "), strings.Join(c.edges, " "); g != w {
				t.Errorf("edges\n got %s\nwant %s\nnotes %q", g, w, got.Notes)
			}
			if len(c.edges) > 0 && got.Directed != c.dir {
				t.Errorf("direction %v, want %v", got.Directed, c.dir)
			}
			if c.nodes != nil && strings.Join(got.Nodes, "|") != strings.Join(c.nodes, "|") {
				t.Errorf("nodes %q, want %q", got.Nodes, c.nodes)
			}
			if got.EdgeValue != c.value {
				t.Errorf("edge value %q, want %q", got.EdgeValue, c.value)
			}
			if c.spans != nil {
				var spans []string
				for _, s := range got.Spans {
					spans = append(spans, c.in[s.Start:s.End])
				}
				if strings.Join(spans, "|") != strings.Join(c.spans, "|") {
					t.Errorf("spans %q, want %q", spans, c.spans)
				}
			}
			switch {
			case len(c.edges) == 0 && c.nodes == nil:
				if !got.Empty() {
					t.Errorf("read %v, want nothing", edgeStrings(got))
				}
			case c.partial && (got.Confidence >= 0.9 || len(got.Notes) == 0):
				t.Errorf("confidence %.2f notes %q, want a lowered confidence with a note", got.Confidence, got.Notes)
			case !c.partial && c.note == "" && got.Confidence < 0.99:
				t.Errorf("confidence %.2f (notes %q), want full confidence", got.Confidence, got.Notes)
			}
			if c.note != "" && !strings.Contains(strings.Join(got.Notes, "\n"), c.note) {
				t.Errorf("notes %q lack %q", got.Notes, c.note)
			}
		})
	}
}

// checkReadingShape checks what every reading must satisfy (checkReading)
// and what the prose readers promise besides: a positive confidence, graph
// spans only, node starts inside the text.
func checkReadingShape(t *testing.T, text string, r Reading) {
	t.Helper()
	if !utf8.ValidString(text) {
		return // Read rejects invalid UTF-8 before any reader runs
	}
	checkReading(t, text, r)
	if r.Empty() {
		return
	}
	if r.Confidence <= 0 {
		t.Errorf("confidence %v, want > 0", r.Confidence)
	}
	for _, s := range r.Spans {
		if s.Role != RoleGraph {
			t.Errorf("span %+v is not a graph span", s)
		}
	}
	if r.NodeStarts != nil && len(r.NodeStarts) != len(r.Nodes) {
		t.Errorf("%d node starts for %d nodes", len(r.NodeStarts), len(r.Nodes))
	}
	for _, at := range r.NodeStarts {
		if at < -1 || at >= len(text) {
			t.Errorf("node start %d outside the text of %d bytes", at, len(text))
		}
	}
}
