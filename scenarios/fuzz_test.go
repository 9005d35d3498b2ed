package scenarios

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// FuzzInspect: any edge list and node table are inspected without
// panicking; defects lie on lines of their files, and the cleaned copies
// have no defect left.
func FuzzInspect(f *testing.F) {
	f.Add([]byte("source\ttarget\n1\t2\n2\t1\n3\t3\n4\n1\t9\n"), []byte("id\n1\n2\n3\n4\n"), false)
	f.Add([]byte("a b 2\nb a 3\n# c\nc\n"), []byte(""), true)
	f.Add([]byte("1,2\n1,2\n2,2,5\n"), []byte("node_id,x\n1,a\n1,b\n"), false)
	all, _ := ParseKinds("all")
	f.Fuzz(func(t *testing.T, edges, nodes []byte, directed bool) {
		in, err := Inspect(edges, "e", directed, nodes, "n")
		if err != nil {
			if !errors.Is(err, graph.ErrSyntax) && !errors.Is(err, graph.ErrTooLarge) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		lines := map[string]int{"e": bytes.Count(edges, []byte{'\n'}) + 1, "n": bytes.Count(nodes, []byte{'\n'}) + 1}
		for _, d := range in.Defects {
			if d.Line < 1 || d.Line > lines[d.File] {
				t.Fatalf("defect %+v outside its file", d)
			}
		}
		var ce, cn bytes.Buffer
		if _, err := in.WriteEdges(&ce, edges, all); err != nil {
			t.Fatal(err)
		}
		if _, err := in.WriteNodes(&cn, nodes, all); err != nil {
			t.Fatal(err)
		}
		after, err := Inspect(ce.Bytes(), "e", directed, cn.Bytes(), "n")
		if err != nil {
			// Removing a line can change how the first line reads (a
			// header guessed from the next line's numbers): not a defect
			// of the cleaning's own making to chase here.
			return
		}
		for _, d := range after.Defects {
			if d.Kind == Duplicate || d.Kind == SelfLoop || d.Kind == Dangling {
				t.Fatalf("%s left after cleaning: %+v\nbefore:\n%s\nafter:\n%s", d.Kind, d, edges, ce.Bytes())
			}
		}
	})
}

// BenchmarkSummarizeEmail times the whole report on the shipped
// email_eu_core (directed, 1,005 nodes, 25,571 edges), loading excluded.
func BenchmarkSummarizeEmail(b *testing.B) {
	g := loadDataset(&testing.T{}, "email_eu_core")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Summarize(context.Background(), g, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzInspectGraph: any node-link JSON, DOT or GML text is inspected
// without panicking; edge defects lie within the edges read, and the
// cleaned graph has no self-loop or isolated node left.
func FuzzInspectGraph(f *testing.F) {
	f.Add(`{"nodes": [{"id": 1}, {"id": 4}], "links": [{"source": 1, "target": 2}, {"source": 2, "target": 1}, {"source": 3, "target": 3}]}`, uint8(0))
	f.Add("graph { 4; 1 -- 2; 2 -- 1; 3 -- 3 -- 3 }", uint8(1))
	f.Add("graph [ node [ id 1 ] node [ id 2 ] edge [ source 1 target 2 ] edge [ source 2 target 2 ] ]", uint8(2))
	formats := []graph.Format{graph.FormatNodeLink, graph.FormatDOT, graph.FormatGML}
	all, _ := ParseKinds("all")
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		in, g, err := InspectGraph([]byte(text), "g", formats[int(which)%len(formats)], which&4 != 0)
		if err != nil {
			if !errors.Is(err, graph.ErrSyntax) && !errors.Is(err, graph.ErrTooLarge) && !errors.Is(err, graph.ErrNodeNotFound) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		for _, d := range in.Defects {
			if d.Kind != Isolated && (d.Edge < 1 || d.Edge > in.Records) {
				t.Fatalf("defect %+v outside the %d edges", d, in.Records)
			}
		}
		clean := CleanGraph(g, all)
		for e := range int32(clean.M()) {
			if u, v := clean.Edge(e); u == v {
				t.Fatalf("self-loop left in %q", text)
			}
		}
		for u := range int32(clean.N()) {
			if clean.Degree(u) == 0 {
				t.Fatalf("isolated node %s left in %q", clean.ID(u), text)
			}
		}
	})
}
