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

// checkReadingShape checks what every reading must satisfy: the reader's
// name, spans and edge spans inside the text on rune boundaries, every
// edge's ends among the nodes, a confidence in 0..1, graph roles.
func checkReadingShape(t *testing.T, text string, r Reading) {
	t.Helper()
	if r.Empty() {
		return
	}
	if r.Reader == "" {
		t.Errorf("reading without the reader's name")
	}
	if r.Confidence <= 0 || r.Confidence > 1 {
		t.Errorf("confidence %v outside (0, 1]", r.Confidence)
	}
	// Doc.Text is valid UTF-8; for other input only the bounds are checked.
	valid := utf8.ValidString(text)
	in := func(s, e int) bool {
		return 0 <= s && s < e && e <= len(text) && (!valid || utf8.RuneStart(text[s]) && (e == len(text) || utf8.RuneStart(text[e])))
	}
	for _, s := range r.Spans {
		if !in(s.Start, s.End) || s.Role != RoleGraph {
			t.Errorf("span %+v is not a graph span inside the text of %d bytes", s, len(text))
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
	nodes := map[string]bool{}
	for _, n := range r.Nodes {
		if n == "" || nodes[n] {
			t.Errorf("node %q empty or repeated", n)
		}
		nodes[n] = true
	}
	for _, e := range r.Edges {
		if !in(e.Start, e.End) {
			t.Errorf("edge %+v span outside the text", e)
		}
		if !nodes[e.U] || !nodes[e.V] {
			t.Errorf("edge %s-%s has an end missing from the nodes %q", e.U, e.V, r.Nodes)
		}
	}
}
