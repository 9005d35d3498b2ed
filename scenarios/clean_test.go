package scenarios

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// seededLine is one line of a generated edge list and the defect seeded
// on it ("" for a clean line).
type seededLine struct {
	text string
	kind string
	node string // the isolated or undeclared node
}

// seededFiles writes an edge list and a node table with known defects:
// repeated edges (reversed when undirected), self-loops, nodes on lines of
// their own that no edge touches, node-table rows no edge touches, and
// edges naming nodes the table lacks. Directed files also hold reversed
// edges, which are not duplicates.
func seededFiles(r *rand.Rand, directed bool) (edges, nodes []byte, want []Defect, clean int, cascade []string) {
	n := 5 + r.IntN(20)
	name := func(i int) string { return fmt.Sprintf("n%d", i) }
	sep := []string{"\t", " ", ","}[r.IntN(3)]
	type pair struct{ u, v int }
	seen := map[pair]bool{}
	var lines []seededLine
	for k := 0; k < 2*n; k++ {
		u, v := r.IntN(n), r.IntN(n)
		if u == v || seen[pair{u, v}] || (!directed && seen[pair{v, u}]) {
			continue
		}
		seen[pair{u, v}] = true
		w := ""
		if r.IntN(2) == 0 {
			w = sep + fmt.Sprint(1+r.IntN(9))
		}
		lines = append(lines, seededLine{text: name(u) + sep + name(v) + w})
		if directed && r.IntN(4) == 0 && !seen[pair{v, u}] {
			seen[pair{v, u}] = true // a reversed edge: a different edge
			lines = append(lines, seededLine{text: name(v) + sep + name(u)})
		}
	}
	insertAfter := func(at int, l seededLine) {
		pos := at + 1 + r.IntN(len(lines)-at)
		lines = slices.Insert(lines, pos, l)
	}
	// Duplicates come after the line they repeat.
	for d := r.IntN(4); d > 0 && len(lines) > 0; d-- {
		i := r.IntN(len(lines))
		if lines[i].kind != "" {
			continue
		}
		f := strings.Split(lines[i].text, sep)
		text := f[0] + sep + f[1]
		if !directed && r.IntN(2) == 0 {
			text = f[1] + sep + f[0]
		}
		insertAfter(i, seededLine{text: text, kind: Duplicate})
	}
	for d := r.IntN(4); d > 0; d-- {
		u := name(r.IntN(n))
		insertAfter(-1+r.IntN(len(lines)+1), seededLine{text: u + sep + u, kind: SelfLoop})
	}
	fresh := 0
	for d := r.IntN(3); d > 0; d-- {
		id := fmt.Sprintf("lone%d", fresh)
		fresh++
		insertAfter(-1+r.IntN(len(lines)+1), seededLine{text: id, kind: Isolated, node: id})
	}
	for d := r.IntN(3); d > 0; d-- {
		id := fmt.Sprintf("ghost%d", fresh)
		fresh++
		insertAfter(-1+r.IntN(len(lines)+1), seededLine{text: name(r.IntN(n)) + sep + id, kind: Dangling, node: id})
	}
	var eb bytes.Buffer
	eb.WriteString("source" + sep + "target\n# a comment\n")
	line := 2
	for _, l := range lines {
		line++
		eb.WriteString(l.text + "\n")
		if l.kind == "" {
			continue
		}
		d := Defect{Kind: l.kind, File: "edges", Line: line, Node: l.node}
		f := strings.Split(l.text, sep)
		if len(f) > 1 {
			d.U, d.V = f[0], f[1]
		}
		want = append(want, d)
	}
	// The node table declares every node the lines name but the ghosts,
	// plus some that no line names.
	var nb bytes.Buffer
	nb.WriteString("node_id\tlabel\n")
	row := 1
	declared := map[string]bool{}
	for _, l := range lines {
		if l.kind == "" {
			clean++
		}
		for _, id := range strings.Split(l.text, sep)[:min(2, len(strings.Split(l.text, sep)))] {
			if l.kind == Isolated || declared[id] || strings.HasPrefix(id, "ghost") {
				continue
			}
			declared[id] = true
			row++
			fmt.Fprintf(&nb, "%s\tx\n", id)
		}
	}
	for _, l := range lines {
		if l.kind == Isolated {
			row++
			fmt.Fprintf(&nb, "%s\ty\n", l.node)
		}
	}
	for d := r.IntN(3); d > 0; d-- {
		row++
		id := fmt.Sprintf("unused%d", d)
		fmt.Fprintf(&nb, "%s\tz\n", id)
		want = append(want, Defect{Kind: Isolated, File: "nodes", Line: row, Node: id})
	}
	// Nodes named only on defective edge lines are left isolated by
	// the cleaning.
	hasClean := map[string]bool{}
	named := map[string]bool{}
	for _, l := range lines {
		f := strings.Split(l.text, sep)
		if len(f) < 2 {
			continue
		}
		for _, id := range f[:2] {
			named[id] = true
			hasClean[id] = hasClean[id] || l.kind == ""
		}
	}
	for id := range named {
		if !hasClean[id] {
			cascade = append(cascade, id)
		}
	}
	slices.Sort(cascade)
	return eb.Bytes(), nb.Bytes(), want, clean, cascade
}

// key identifies a defect for comparison.
func key(d Defect) string {
	return fmt.Sprintf("%s %s:%d %s %s %s", d.Kind, d.File, d.Line, d.U, d.V, d.Node)
}

// TestInspectFindsEverySeededDefect generates files with seeded defects and
// checks that Inspect reports exactly them, that the cleaned copies have
// none left, and that cleaning removes only the defective lines.
func TestInspectFindsEverySeededDefect(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	total := map[string]int{}
	for c := 0; c < 300; c++ {
		directed := c%2 == 0
		edges, nodes, want, clean, cascade := seededFiles(r, directed)
		in, err := Inspect(edges, "edges", directed, nodes, "nodes")
		if err != nil {
			t.Fatalf("case %d: %v\n%s", c, err, edges)
		}
		var got, exp []string
		for _, d := range in.Defects {
			if d.Kind != Duplicate {
				d.First = 0
			}
			if d.Kind == Duplicate && d.Weight != "" {
				t.Errorf("case %d: duplicate %+v: the seeded repeats have no weight", c, d)
			}
			got = append(got, key(d))
		}
		for _, d := range want {
			exp = append(exp, key(d))
			total[d.Kind]++
		}
		slices.Sort(got)
		slices.Sort(exp)
		if !slices.Equal(got, exp) {
			t.Fatalf("case %d (directed %v): found\n%s\nseeded\n%s\nedges:\n%s\nnodes:\n%s", c, directed,
				strings.Join(got, "\n"), strings.Join(exp, "\n"), edges, nodes)
		}
		all, _ := ParseKinds("all")
		var ce, cn bytes.Buffer
		removedE, err := in.WriteEdges(&ce, edges, all)
		if err != nil {
			t.Fatal(err)
		}
		removedN, err := in.WriteNodes(&cn, nodes, all)
		if err != nil {
			t.Fatal(err)
		}
		after, err := Inspect(ce.Bytes(), "edges", directed, cn.Bytes(), "nodes")
		if err != nil {
			t.Fatal(err)
		}
		if len(after.Defects) != 0 {
			t.Fatalf("case %d: defects left after cleaning: %+v\n%s", c, after.Defects, ce.String())
		}
		// A node on a line of its own is declared in the table too: both
		// lines go.
		lone := 0
		for _, d := range want {
			if d.Kind == Isolated && d.File == "edges" {
				lone++
			}
		}
		if !slices.Equal(in.BecomeIsolated, cascade) {
			t.Errorf("case %d: left isolated %v, want %v", c, in.BecomeIsolated, cascade)
		}
		for _, id := range cascade {
			if !strings.HasPrefix(id, "ghost") {
				lone++ // its table row goes too
			}
		}
		if removedE+removedN != len(want)+lone {
			t.Errorf("case %d: removed %d+%d lines for %d defects", c, removedE, removedN, len(want))
		}
		if after.GraphEdges != clean || after.Records != clean {
			t.Errorf("case %d: %d edges (%d lines) after cleaning, want the %d clean lines", c, after.GraphEdges, after.Records, clean)
		}
	}
	for _, k := range Kinds {
		if total[k] < 50 {
			t.Errorf("only %d seeded %s defects over the cases", total[k], k)
		}
	}
}

func TestInspectKeepsOriginalLines(t *testing.T) {
	edges := []byte("# comment\n1 2 3.5\n2 1\n2 2\n4\n1 5\n")
	in, err := Inspect(edges, "e.txt", false, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if d := in.Defects[0]; d.Kind != Duplicate || d.Line != 3 || d.First != 2 || d.FirstWeight != "3.5" || d.Weight != "" {
		t.Errorf("duplicate with another weight: %+v", d)
	}
	if in.Counts[Duplicate] != 1 || in.Counts[SelfLoop] != 1 || in.Counts[Isolated] != 1 || in.Counts[Dangling] != 0 {
		t.Fatalf("counts %v", in.Counts)
	}
	only, _ := ParseKinds("self-loops")
	var out bytes.Buffer
	n, err := in.WriteEdges(&out, edges, only)
	if err != nil || n != 1 || out.String() != "# comment\n1 2 3.5\n2 1\n4\n1 5\n" {
		t.Errorf("removed %d, %v:\n%s", n, err, out.String())
	}
	if _, err := ParseKinds("loops,typo"); err == nil {
		t.Error("unknown kind accepted")
	}
}
