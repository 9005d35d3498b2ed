package extract

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// readRecords runs RecordLines alone on q.
func readRecords(t *testing.T, q string) Reading {
	t.Helper()
	r, err := RecordLines{}.Read(context.Background(), NewDoc(q))
	if err != nil {
		t.Fatalf("%q: %v", q, err)
	}
	checkReadingShape(t, q, r)
	return r
}

// recEdges renders a reading's edges as "u>v" (directed) or "u-v",
// with "=value" when the edge has one, in order.
func recEdges(r Reading) []string {
	sep := "-"
	if r.Directed == DirDirected {
		sep = ">"
	}
	var out []string
	for _, e := range r.Edges {
		s := e.U + sep + e.V
		if e.HasValue {
			s += fmt.Sprintf("=%g", e.Value)
		}
		out = append(out, s)
	}
	return out
}

// TestRecordLinesFamilies: the three families of record lines, on text
// with other names, fields and separators than the held-out items': a
// log with labelled source and target fields among junk fields, an
// e-mail's pairs with a symmetric sign and a unit, a bulleted list whose
// lines name what each step comes after.
func TestRecordLinesFamilies(t *testing.T) {
	for _, c := range []struct {
		name, q   string
		dir       Direction
		meaning   Meaning
		nodes     []string
		edges     []string
		notNodes  []string
		wantNotes bool
	}{
		{
			name: "log with src/dst fields",
			q: "Pallet moves from the WMS, Tuesday:\n\n" +
				"06:12 ; PAL-3391 ; src: Dock A ; dst: Rack 4 ; fork FL2\n" +
				"06:40 ; PAL-3392 ; src: Rack 4 ; dst: Picking ; fork FL1\n" +
				"07:05 ; PAL-3393 ; src: Dock A ; dst: Cold Store ; fork FL2\n" +
				"07:31 ; PAL-3394 ; src: Cold Store ; dst: Picking ; fork FL3\n" +
				"08:02 ; PAL-3395 ; src: Dock A ; dst: Rack 4 ; fork FL1\n" +
				"\nWhich locations feed Picking?",
			dir:      DirDirected,
			nodes:    []string{"Dock A", "Rack 4", "Picking", "Cold Store"},
			edges:    []string{"Dock A>Rack 4", "Rack 4>Picking", "Dock A>Cold Store", "Cold Store>Picking"},
			notNodes: []string{"PAL-3391", "FL2", "06:12", "3391"},
		},
		{
			name:  "pairs joined by plus signs, both ways",
			q:     "Belay pairs:\nKiri + Sam\nKiri + Aroha\nSam + Maya\nAroha + Maya\n\nHow many steps from Kiri to Maya?",
			dir:   DirUndirected,
			nodes: []string{"Kiri", "Sam", "Aroha", "Maya"},
			edges: []string{"Kiri-Sam", "Kiri-Aroha", "Sam-Maya", "Aroha-Maya"},
		},
		{
			name:  "pairs marked with a cross, of several words",
			q:     "Never in one tank:\n  cory catfish ✗ oscar\n  cory catfish ✗ goldfish\n  goldfish ✗ oscar\n",
			dir:   DirUndirected,
			nodes: []string{"cory catfish", "oscar", "goldfish"},
			edges: []string{"cory catfish-oscar", "cory catfish-goldfish", "goldfish-oscar"},
		},
		{
			name: "from/to words with a header-less pipe log",
			q: "2023-11-02 08:15 | ticket 5512 | from: Intake | to: Review | agent KM\n" +
				"2023-11-02 09:01 | ticket 5513 | from: Review | to: Legal | agent PS\n" +
				"2023-11-02 09:44 | ticket 5514 | from: Legal | to: Archive | agent KM\n" +
				"2023-11-03 10:20 | ticket 5515 | from: Review | to: Archive | agent JT\n",
			dir:      DirDirected,
			nodes:    []string{"Intake", "Review", "Legal", "Archive"},
			edges:    []string{"Intake>Review", "Review>Legal", "Legal>Archive", "Review>Archive"},
			notNodes: []string{"KM", "5512", "ticket 5512"},
		},
		{
			name: "names that share a word, beside a labelled number",
			q: "Porter log:\n" +
				"from: Room 101 | to: Room 102 | trolley 4\n" +
				"from: Room 102 | to: Room 230 | trolley 9\n" +
				"from: Room 230 | to: Room 101 | trolley 4\n",
			dir:      DirDirected,
			nodes:    []string{"Room 101", "Room 102", "Room 230"},
			edges:    []string{"Room 101>Room 102", "Room 102>Room 230", "Room 230>Room 101"},
			notNodes: []string{"trolley 4", "4", "101"},
		},
		{
			name: "symmetric pairs with a distance",
			q: "Hi team,\n\nthe cycle lanes we mapped:\n\n" +
				"    Alder Park <-> Mill Bridge    3.5 km\n" +
				"    Mill Bridge <-> Station Road    2 km\n" +
				"    Station Road <-> Alder Park    4 km\n" +
				"    Station Road <-> Quayside    1.5 km\n\nCheers",
			dir:     DirUndirected,
			meaning: MeaningDistance,
			nodes:   []string{"Alder Park", "Mill Bridge", "Station Road", "Quayside"},
			edges:   []string{"Alder Park-Mill Bridge=3.5", "Mill Bridge-Station Road=2", "Station Road-Alder Park=4", "Station Road-Quayside=1.5"},
		},
		{
			name: "slashes and a currency",
			q: "Fares:\n" +
				"Kirkby / Ormskirk = $4\n" +
				"Ormskirk / Southport = $6\n" +
				"Southport / Kirkby = $9\n",
			dir:     DirUndirected,
			meaning: MeaningCost,
			edges:   []string{"Kirkby-Ormskirk=4", "Ormskirk-Southport=6", "Southport-Kirkby=9"},
		},
		{
			name: "steps after their predecessors",
			q: "Release checklist:\n" +
				"* tag build [5 min]; needs: run tests\n" +
				"* run tests [20 min]\n" +
				"* sign binaries [3 min]; needs: tag build\n" +
				"* publish notes [10 min]; needs: sign binaries, write notes\n" +
				"* write notes [30 min]\n",
			dir:       DirDirected,
			nodes:     []string{"tag build", "run tests", "sign binaries", "publish notes", "write notes"},
			edges:     []string{"run tests>tag build", "tag build>sign binaries", "sign binaries>publish notes", "write notes>publish notes"},
			notNodes:  []string{"5 min", "20 min"},
			wantNotes: true,
		},
		{
			name: "an em-dash tail with after",
			q: "- knead dough (15 min) — after: mix flour\n" +
				"- mix flour (5 min)\n" +
				"- proof (60 min) — after: knead dough\n" +
				"- bake (40 min) — after: proof, heat oven\n" +
				"- heat oven (20 min)\n",
			dir:       DirDirected,
			edges:     []string{"mix flour>knead dough", "knead dough>proof", "proof>bake", "heat oven>bake"},
			wantNotes: true,
		},
		{
			name:  "a relation phrase of the lexicon",
			q:     "billing depends on ledger\nledger depends on postgres\nreports depends on billing\nreports depends on postgres\n",
			dir:   DirDirected,
			edges: []string{"ledger>billing", "postgres>ledger", "billing>reports", "postgres>reports"},
		},
		{
			name:    "arrows with a latency label",
			q:       "edge-proxy   → api    p95 40 ms\napi    → users    p95 12 ms\napi    → orders   p95 30 ms\norders → users    p95 9 ms\n",
			dir:     DirDirected,
			meaning: MeaningWeight,
			edges:   []string{"edge-proxy>api=40", "api>users=12", "api>orders=30", "orders>users=9"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := readRecords(t, c.q)
			if r.Directed != c.dir {
				t.Errorf("direction %d, want %d (notes %v)", r.Directed, c.dir, r.Notes)
			}
			if got := recEdges(r); !slices.Equal(got, c.edges) {
				t.Errorf("edges %q, want %q", got, c.edges)
			}
			if r.EdgeValue != c.meaning {
				t.Errorf("edge values %q, want %q", r.EdgeValue, c.meaning)
			}
			if c.nodes != nil && !slices.Equal(r.Nodes, c.nodes) {
				t.Errorf("nodes %q, want %q", r.Nodes, c.nodes)
			}
			for _, n := range c.notNodes {
				if slices.Contains(r.Nodes, n) {
					t.Errorf("%q read as a node", n)
				}
			}
			if r.Confidence < Confident {
				t.Errorf("confidence %.2f below Confident (notes %v)", r.Confidence, r.Notes)
			}
			if c.wantNotes != (len(r.Notes) > 0) {
				t.Errorf("notes %q", r.Notes)
			}
		})
	}
}

// TestRecordLinesHeader: a header row names the columns and is never an
// edge; its names give the direction.
func TestRecordLinesHeader(t *testing.T) {
	q := "Exported:\n" +
		"when | caller | callee | line\n" +
		"Mon 09:10 | Ines | Omar | desk\n" +
		"Mon 09:40 | Omar | Pia | mobile\n" +
		"Tue 11:02 | Pia | Ines | desk\n" +
		"Tue 13:30 | Ines | Pia | desk\n"
	r := readRecords(t, q)
	want := []string{"Ines>Omar", "Omar>Pia", "Pia>Ines", "Ines>Pia"}
	if got := recEdges(r); !slices.Equal(got, want) {
		t.Fatalf("edges %q, want %q", got, want)
	}
	for _, n := range []string{"caller", "callee", "when", "desk"} {
		if slices.Contains(r.Nodes, n) {
			t.Errorf("%q read as a node", n)
		}
	}
	if !strings.HasPrefix(q[r.Spans[0].Start:], "when | caller") {
		t.Errorf("the header's line is not accounted for: first span %+v", r.Spans[0])
	}
	for _, e := range r.Edges {
		if e.Start == r.Spans[0].Start {
			t.Errorf("edge %s-%s read from the header", e.U, e.V)
		}
	}
}

// TestRecordLinesDeclines: text that is not record lines, or record lines
// this reader does not settle, gives no reading.
func TestRecordLinesDeclines(t *testing.T) {
	for name, q := range map[string]string{
		"prose paragraph": "We drove from Leeds to York on Monday, then on to Hull.\nThe roads were quiet, the weather fine.\n" +
			"On Tuesday we went from Hull to Goole, and back to Leeds.\nNext week: Sheffield, maybe.\n",
		"question list":               "- Is there a path from A to B?\n- Is there a path from B to C?\n- Is there a path from C to A?\n",
		"two lines only":              "Leeds <> York 20 min\nYork <> Hull 30 min\n",
		"no common names (bipartite)": "Ana -> Room 1\nBen -> Room 2\nCal -> Room 3\nDee -> Room 1\n",
		"column separators only":      "Ana | Ben\nBen | Cal\nCal | Ana\n",
		"key: value lines":            "Name: Alice\nAge: 30\nCity: Paris\nRole: admin\n",
		"two candidate pairs":         "A -> B (via C)\nB -> C (via A)\nC -> A (via B)\n",
		"blank lines split the block": "A -> B 5 min\n\nB -> C 4 min\n\nC -> A 3 min\n",
	} {
		if r := readRecords(t, q); !r.Empty() {
			t.Errorf("%s: read %q (directed %d)", name, recEdges(r), r.Directed)
		}
	}
}

// TestRecordLinesUnsure: what the reader reads but cannot settle lowers
// its confidence below Confident, with a note: a line that does not fit
// the template, words between the names the lexicon does not know, two
// columns of numbers that could be the values.
func TestRecordLinesUnsure(t *testing.T) {
	for name, c := range map[string]struct {
		q, note string
	}{
		"a line that does not fit": {"A -> B : 3 min\nB -> C : 4 min\nnote: C is closed on Sundays, see below (!)\nC -> D : 2 min\nD -> A : 6 min\n", "does not fit"},
		"unknown words":            {"@ana pings @raj\n@raj pings @mei\n@mei pings @ana\n", ""},
		"two value columns":        {"A -> B (3 km, 4 min)\nB -> C (2 km, 9 min)\nC -> A (5 km, 7 min)\n", "columns of numbers"},
		"qualified measure":        {"Oak – Elm (9 m wide)\nElm – Ash (4 m wide)\nAsh – Oak (6 m wide)\n", "not read as the edges' values"},
		"names between the ends":   {"Josiah Pike & Ann Lowe: Thomas Pike, Mary Pike\nThomas Pike & Eliza Crane: George Pike\nGeorge Pike & Lily Marsh: Albert Pike\n", "between the edges' ends"},
	} {
		r := readRecords(t, c.q)
		if r.Empty() {
			if c.note == "" {
				continue // declining is as good as saying so
			}
			t.Errorf("%s: no reading", name)
			continue
		}
		if r.Confidence >= Confident {
			t.Errorf("%s: confidence %.2f, want below %.2f (edges %q)", name, r.Confidence, Confident, recEdges(r))
		}
		if !strings.Contains(strings.Join(r.Notes, "; "), c.note) {
			t.Errorf("%s: notes %q, want one with %q", name, r.Notes, c.note)
		}
	}
}

// TestRecordLinesRead: through Read, a pasted log between prose is the
// graph, with its direction, and the stray numbers of its lines (times,
// IDs) leave the reading certain.
func TestRecordLinesRead(t *testing.T) {
	q := "Morning, pasting the moves from the export:\n\n" +
		"2024-02-11 04:10 | REF 88120 | from: Quay | to: Yard B | crane C3\n" +
		"2024-02-11 05:22 | REF 88121 | from: Yard B | to: Rail Head | crane C1\n" +
		"2024-02-11 06:47 | REF 88122 | from: Quay | to: Customs | crane C3\n" +
		"2024-02-11 07:05 | REF 88123 | from: Customs | to: Yard B | crane C2\n" +
		"\nCan a box get from Quay to Rail Head?"
	ex, err := Read(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph == nil || !ex.Directed || ex.Graph.N() != 4 || ex.Graph.M() != 4 {
		t.Fatalf("graph %v (directed %v), method %q, notes %v", ex.Graph, ex.Directed, ex.Method, ex.Notes)
	}
	if ex.Confidence < Confident {
		t.Errorf("confidence %.2f (notes %v, unaccounted %v)", ex.Confidence, ex.Notes, ex.Report.Unaccounted)
	}
	if _, ok := ex.Graph.Index("Rail Head"); !ok {
		t.Errorf("no node Rail Head")
	}
}

// TestRecordLinesDuplicates: an edge logged twice is one edge; logged
// twice with different values, the reading is unsure.
func TestRecordLinesDuplicates(t *testing.T) {
	r := readRecords(t, "A -> B\nB -> C\nA -> B\nC -> A\n")
	if got := recEdges(r); !slices.Equal(got, []string{"A>B", "B>C", "C>A"}) {
		t.Errorf("edges %q", got)
	}
	r = readRecords(t, "A <> B  5 km\nB <> C  4 km\nB <> A  6 km\n")
	if r.Confidence >= Confident {
		t.Errorf("conflicting values: confidence %.2f", r.Confidence)
	}
}

// FuzzRecordLines fuzzes the record-lines reader.
func FuzzRecordLines(f *testing.F) {
	fuzzReader(f, RecordLines{},
		"2024-04-01 01:16 | MRN 41408 | from: AMU | to: Cardiology | bed 14\n2024-04-01 02:23 | MRN 43943 | from: AMU | to: Ward 7 | bed 3\n2024-04-01 02:28 | MRN 48779 | from: ED | to: AMU | bed 4\n",
		"  Leeds <> Wakefield   25 min\n  Leeds <> York   45 min\n  York <> Wakefield   30 min\n",
		"- roast (60 min)\n- stock (10 min) — after: roast\n- jus (20 min) — after: stock, roast\n",
		"a | b | c\n1 | 2 | 3\nx | y | z\nz | x | 1\n",
		"x depends on y\ny depends on z\nz depends on x\n",
		"1. A – B (x, 2 m wide)\n2. B – C (y, 3 m wide)\n3. C – A (z, 4 m wide)\n",
		"A -> B\n\u00e9 -> \u00e9\n'a', 'b'\n(,)\n:::\n---\n<><>\n")
}

// BenchmarkRecordLines reads a 5,000-line transfer log: the work is
// linear in the lines (one pass to split them, one per column).
func BenchmarkRecordLines(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("The log:\n\n")
	for i := range 5000 {
		fmt.Fprintf(&sb, "2024-04-%02d %02d:%02d | MRN %d | from: Unit %d | to: Unit %d | bed %d\n", i%28+1, i%24, i%60, 40000+i, i%97, (i*7+3)%97, i%30)
	}
	q := sb.String()
	b.SetBytes(int64(len(q)))
	b.ReportAllocs()
	for b.Loop() {
		r, err := RecordLines{}.Read(context.Background(), NewDoc(q))
		if err != nil || len(r.Edges) == 0 {
			b.Fatalf("edges %d, err %v", len(r.Edges), err)
		}
	}
}

// TestRecordLinesLinear: ten times the lines take well under a hundred
// times the work (a quadratic pass would take about a hundred times).
func TestRecordLinesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	read := func(n int) float64 {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "%02d:%02d | MRN %d | from: Unit %d | to: Unit %d\n", i%24, i%60, 40000+i, i%97, (i*7+3)%97)
		}
		q := sb.String()
		res := testing.Benchmark(func(b *testing.B) {
			for b.Loop() {
				if _, err := (RecordLines{}).Read(context.Background(), NewDoc(q)); err != nil {
					b.Fatal(err)
				}
			}
		})
		return float64(res.NsPerOp())
	}
	small, large := read(500), read(5000)
	if ratio := large / small; ratio > 40 {
		t.Errorf("5,000 lines take %.0f times as long as 500", ratio)
	}
}

// TestRecordLinesLeavesOtherNotations: lines that an earlier reader
// reads (DOT, Mermaid, Markdown and CSV tables, YAML, NetworkX code) stay
// that reader's: the record-lines reading, when there is one, lies inside
// theirs and is dropped.
func TestRecordLinesLeavesOtherNotations(t *testing.T) {
	for name, q := range map[string]string{
		"dot":      "digraph G {\n  a -> b;\n  b -> c;\n  c -> a;\n}\n",
		"mermaid":  "graph LR\n  A --> B\n  B --> C\n  C --> A\n",
		"markdown": "| from | to | km |\n|---|---|---|\n| Leeds | York | 40 |\n| York | Hull | 60 |\n| Hull | Leeds | 90 |\n",
		"csv":      "source,target,weight\nA,B,3\nB,C,4\nC,A,5\n",
		"yaml":     "edges:\n  - [A, B]\n  - [A, D]\n  - [B, C]\n  - [C, D]\n",
		"networkx": "G = nx.DiGraph()\nG.add_edge('a', 'b')\nG.add_edge('b', 'c')\nG.add_edge('c', 'a')\n",
	} {
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if ex.Graph == nil || strings.Contains(ex.Method, RecordLines{}.Name()) {
			t.Errorf("%s: method %q, graph %v", name, ex.Method, ex.Graph)
		}
	}
}

// TestRecordLinesAreNoQuestions: a block of records read whole even when
// its lines start with an imperative ("Run: …"), and a name that joins
// other names with a sign (a formula, "B12-B14") makes the reading unsure.
func TestRecordLinesAreNoQuestions(t *testing.T) {
	q := "Segments, one way each:\nRun: Village → Plan du Lac\nRun: Lac Blanc → Village\nLift: Plan du Lac → Lac Blanc\nRun: Village → Col\nLift: Col → Lac Blanc\n\nCan I get from Col to Village?"
	ex, err := Read(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g := ex.Graph; g == nil || g.M() != 5 || ex.Report.Uncertain() {
		t.Errorf("read %s, want all 5 segments, confidently", ex.Report.Summary())
	}
	r := readOne(t, RecordLines{}, "Cells and formulas:\nB14: =B12\nB12: =B11\nE12: =B12-B14\nF11: =E12\n")
	if len(r.Edges) > 0 && r.Confidence >= Confident {
		t.Errorf("formulas read confidently (%.2f): %v", r.Confidence, edgeList(r))
	}
}

// TestRecordLinesUnknownWords checks lines of a name, the same few words
// the lexicon does not know and a name: read as written, from the first
// name to the second, with the direction only assumed; words the lexicon
// knows as a relation stay the lexicon's ("runs with" both ways), and
// words it knows otherwise are left to other readers.
func TestRecordLinesUnknownWords(t *testing.T) {
	r := readRecords(t, "Rumour:\nBev told Carl\nBev told Dana\nCarl told Ed\nDana told Hugo\n")
	if got, want := recEdges(r), []string{"Bev>Carl", "Bev>Dana", "Carl>Ed", "Dana>Hugo"}; !slices.Equal(got, want) {
		t.Errorf("edges %q, want %q", got, want)
	}
	if r.Directed != DirDirected || !r.DirectionAssumed {
		t.Errorf("directed %v, assumed %v: want a direction only assumed", r.Directed, r.DirectionAssumed)
	}
	r = readRecords(t, "Pairs:\nHana runs with Mick\nHana runs with Piet\nPiet runs with Mick\n")
	if !r.Empty() && (r.Directed == DirDirected || r.DirectionAssumed) {
		t.Errorf("'runs with': directed %v, assumed %v, want both ways", r.Directed, r.DirectionAssumed)
	}
	r = readRecords(t, "Rosa is a parent of Joao\nRosa is a parent of Ines\nJoao is a parent of Tiago\n")
	if r.DirectionAssumed {
		t.Errorf("'is a parent of' read by assumption: %v", recEdges(r))
	}
	// Lower-case names are no names here: a sentence, not records.
	if r := readRecords(t, "the cat sat on the mat\nthe dog sat on the rug\nthe cow sat on the hay\n"); !r.Empty() {
		t.Errorf("sentences read as records: %v", recEdges(r))
	}
}
