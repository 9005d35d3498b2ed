package extract

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// combineWith runs the registered readers on q and then the extra
// readings, as if they were registered after them (or before them when
// first is set), and combines the lot.
func combineWith(t *testing.T, q string, first bool, extra ...Reading) Extraction {
	t.Helper()
	ctx := context.Background()
	d := newDoc(q, Options{})
	if _, err := d.scanned(ctx); err != nil {
		t.Fatal(err)
	}
	var rs []Reading
	for _, r := range Readers() {
		rd, err := r.Read(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		if !rd.Empty() || rd.softErr != nil {
			rs = append(rs, rd)
		}
	}
	if first {
		rs = append(slices.Clone(extra), rs...)
	} else {
		rs = append(rs, extra...)
	}
	c := &combiner{d: d, p: d.scan, readings: rs}
	ex, err := c.combine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// combineOnly combines the readings of the given readers alone.
func combineOnly(t *testing.T, q string, readers ...Reader) Extraction {
	t.Helper()
	ctx := context.Background()
	d := newDoc(q, Options{})
	if _, err := d.scanned(ctx); err != nil {
		t.Fatal(err)
	}
	var rs []Reading
	for _, r := range readers {
		rd, err := r.Read(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		if !rd.Empty() {
			rs = append(rs, rd)
		}
	}
	c := &combiner{d: d, p: d.scan, readings: rs}
	ex, err := c.combine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// span returns the byte span of the first occurrence of sub in q.
func span(t *testing.T, q, sub string) (int, int) {
	t.Helper()
	i := strings.Index(q, sub)
	if i < 0 {
		t.Fatalf("%q not in %q", sub, q)
	}
	return i, i + len(sub)
}

func TestCombineSubsumedReadingDropped(t *testing.T) {
	// A more specific reader reads the same prose edge with its meaning;
	// the scanner's prose reading lies inside it and is dropped.
	q := "There is a road from Paris to Lyon of 465 km. How far is Lyon from Paris?"
	s, e := span(t, q, "There is a road from Paris to Lyon of 465 km")
	specific := Reading{Reader: "quantities", Directed: DirUndirected, EdgeValue: MeaningDistance, Confidence: 0.95,
		Edges: []Edge{{U: "Paris", V: "Lyon", Value: 465, HasValue: true, Start: s, End: e}},
		Spans: []Span{{Start: s, End: e, Role: RoleGraph}}}
	ex := combineWith(t, q, true, specific)
	if ex.Graph == nil || ex.Graph.M() != 1 || !ex.Graph.Weighted() {
		t.Fatalf("graph %v", ex.Graph)
	}
	if len(ex.Report.Dropped) != 1 || !strings.HasPrefix(ex.Report.Dropped[0], "prose") {
		t.Errorf("dropped = %v, want the prose reading", ex.Report.Dropped)
	}
	if ex.Report.EdgeValues != MeaningDistance || len(ex.Report.Disagreements) != 0 {
		t.Errorf("report %+v", ex.Report)
	}
}

func TestCombineDisagreementIsUncertain(t *testing.T) {
	q := "Edges: 0-1, 1-2, 2-3. How many edges are there?"
	s, e := span(t, q, "0-1, 1-2")
	// Another reader claims part of the same text with other edges.
	other := Reading{Reader: "other", Confidence: 0.99,
		Edges: []Edge{{U: "0", V: "2", Start: s, End: e}},
		Spans: []Span{{Start: s, End: e + 10, Role: RoleGraph}}}
	ex := combineWith(t, q, false, other)
	if len(ex.Report.Disagreements) == 0 || !ex.Report.Uncertain() {
		t.Fatalf("want a disagreement, report %+v", ex.Report)
	}
	// The same edges over the same text agree and count once.
	same := Reading{Reader: "same", Confidence: 0.99,
		Edges: []Edge{{U: "1", V: "0", Start: s, End: s + 3}},
		Spans: []Span{{Start: s, End: e + 10, Role: RoleGraph}}}
	ex = combineWith(t, q, false, same)
	if len(ex.Report.Disagreements) != 0 || ex.Graph.M() != 3 || ex.Report.Uncertain() {
		t.Fatalf("agreeing readings: edges %d, report %+v", ex.Graph.M(), ex.Report)
	}
}

func TestCombineNodeData(t *testing.T) {
	q := "Applicant 0 likes job 0. Applicant 1 likes job 0."
	kinds := Reading{Reader: "bipartite", Confidence: 0.95,
		Nodes:   []string{"applicant 0", "job 0", "applicant 1"},
		Kinds:   map[string]string{"applicant 0": "applicant", "applicant 1": "applicant", "job 0": "job", "job 1": "job"},
		Edges:   []Edge{{U: "applicant 0", V: "job 0", Start: 0, End: 23}, {U: "applicant 1", V: "job 0", Start: 25, End: 48}},
		Spans:   []Span{{Start: 0, End: 49, Role: RoleGraph}},
		Vectors: map[string][]float64{"job 0": {1, 2}},
		Labels:  map[string]string{"applicant 1": "chess"}}
	ex := combineWith(t, q, true, kinds)
	g := ex.Graph
	if g == nil || g.N() != 4 || g.M() != 2 {
		t.Fatalf("graph %v", g)
	}
	want := map[string]int{"applicant 0": 0, "applicant 1": 0, "job 0": 1, "job 1": 1}
	for id, side := range want {
		i, ok := g.Index(id)
		if !ok {
			t.Fatalf("node %q missing", id)
		}
		a := g.NodeAttrs(i)
		if a["bipartite"] != side || a["kind"] != strings.Fields(id)[0] {
			t.Errorf("node %q attrs %v", id, a)
		}
	}
	if !slices.Equal(ex.Report.AmbiguousNodes, []string{"0", "1"}) {
		t.Errorf("ambiguous nodes %v, want [0 1] (applicant or job)", ex.Report.AmbiguousNodes)
	}
	i, _ := g.Index("job 0")
	if v, _ := g.NodeAttrs(i)["embedding"].([]float64); !slices.Equal(v, []float64{1, 2}) {
		t.Errorf("embedding %v", g.NodeAttrs(i))
	}
	i, _ = g.Index("applicant 1")
	if g.NodeAttrs(i)["label"] != "chess" {
		t.Errorf("label %v", g.NodeAttrs(i))
	}
}
