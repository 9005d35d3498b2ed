package extract

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// asciiWordsSlow calls f with each run of ASCII letters of lower and the
// offset just past it, until f returns true: the pass over every byte the
// pre-checks made before the shared vocabulary.
func asciiWordsSlow(lower string, f func(w string, end int) bool) bool {
	for i := 0; i < len(lower); {
		c := lower[i]
		if c < 'a' || c > 'z' {
			i++
			continue
		}
		j := i + 1
		for j < len(lower) && lower[j] >= 'a' && lower[j] <= 'z' {
			j++
		}
		if f(lower[i:j], j) {
			return true
		}
		i = j
	}
	return false
}

// bipartiteMayRelateSlow is bipartiteMayRelate over every word of the text
// in order, as it was written before the shared vocabulary.
func bipartiteMayRelateSlow(d *Doc) bool {
	var first string
	return asciiWordsSlow(d.Lower, func(w string, end int) bool {
		if len(w) < 2 {
			return false
		}
		k := end
		for k < len(d.Text) && (d.Text[k] == ' ' || d.Text[k] == '\t' || d.Text[k] == '\r' || d.Text[k] == '\f' || d.Text[k] == '\v') {
			k++
		}
		if k == end || k >= len(d.Text) {
			return false
		}
		id := false
		switch c := d.Text[k]; {
		case '0' <= c && c <= '9', 'A' <= c && c <= 'Z', c >= 0x80:
			id = true
		case 'a' <= c && c <= 'z', c == '_':
			for m := k; m < len(d.Text) && !id; m++ {
				if !proseWordByte(d.Text, m) {
					break
				}
				id = '0' <= d.Text[m] && d.Text[m] <= '9'
			}
		}
		if !id {
			return false
		}
		kind := singular(w)
		if bipartiteStopKinds[kind] || bipartiteStopKinds[w] {
			return false
		}
		if first == "" {
			first = kind
			return false
		}
		return kind != first
	})
}

// vocabTexts returns texts for comparing the vocabulary's pre-checks with
// passes over every byte: the fuzz corpora and random texts mixing the
// words the pre-checks look for with IDs, capitals, punctuation, line
// breaks and non-ASCII letters.
func vocabTexts(t *testing.T, n int) []string {
	var texts []string
	files, _ := filepath.Glob("testdata/fuzz/*/*")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if s := string(b); utf8.ValidString(s) {
			texts = append(texts, s)
		}
	}
	texts = append(texts, exProseQuestion(50), benchBipartite1000()[:4000],
		"Applicant 0 is interested in job 1. Applicant 1 is interested in job 0.",
		"Node 4 likes soccer. Node 3's embedding is [1, 0].", "Task T1 must finish before task T2 starts.")
	pieces := []string{"applicant", "applicants", "job", "jobs", "worker", "task", "tasks", "node", "nodes", "person",
		"people", "likes", "labelled", "neighbours", "layers", "embedding", "before", "after", "depends", "prerequisite",
		"independent", "the", "and", "is", "a", "an", "interested", "in", "can", "do", "project", "edge", "between",
		"0", "1", "12", "J2", "t3", "x_1", "Zürich", "Ärzte", "A", "B", "NODE", "Job", "APPLICANT", "é", "k",
		" ", " ", " ", "  ", "\t", "\n", ",", ".", ":", "-", "'", "[", "]", "(", ")", "_", "\r", "\v", "3rd"}
	r := rand.New(rand.NewPCG(7, 9))
	for range n {
		var sb strings.Builder
		for range 1 + r.IntN(40) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, sb.String())
	}
	return texts
}

// TestDocWordsSamePreChecks compares the pre-checks that read the shared
// vocabulary with the same tests run over every word of the text.
func TestDocWordsSamePreChecks(t *testing.T) {
	for _, text := range vocabTexts(t, 30000) {
		d := NewDoc(text)
		var want []string
		asciiWordsSlow(d.Lower, func(w string, _ int) bool {
			if !slices.Contains(want, w) {
				want = append(want, w)
			}
			return false
		})
		if got := d.words().list; !slices.Equal(got, want) {
			t.Fatalf("words(%q) = %q, want %q", text, got, want)
		}
		if got, want := bipartiteMayRelate(d), bipartiteMayRelateSlow(d); got != want {
			t.Fatalf("bipartiteMayRelate(%q) = %v, want %v", text, got, want)
		}
		if got, want := nodeDataMayState(d), asciiWordsSlow(d.Lower, func(w string, _ int) bool { return nodeDataStateWord(w) }); got != want {
			t.Fatalf("nodeDataMayState(%q) = %v, want %v", text, got, want)
		}
		if got, want := d.words().any(precMaybe), precMaybe(d.Lower); got != want {
			t.Fatalf("precedence pre-check on %q = %v, want %v", text, got, want)
		}
	}
}

// csvHeaderStartSlow is csvHeaderStart with the standard library's trims,
// a map look-up for every first field and csvPairedNames.
func csvHeaderStartSlow(line string) bool {
	line = strings.TrimLeft(line, "| \t")
	cut := func(s string) (string, string) {
		if i := strings.IndexAny(s, "\t,;| "); i >= 0 {
			j := i + 1
			for j < len(s) && strings.IndexByte("\t,;| ", s[j]) >= 0 {
				j++
			}
			return s[:i], s[j:]
		}
		return s, ""
	}
	first, rest := cut(line)
	first = strings.Trim(first, `"'`+"`")
	if _, ok := csvColumnNames[first]; ok {
		return true
	}
	second, rest := cut(rest)
	if csvPairedNames(first, strings.Trim(second, `"'`+"`")) {
		return true
	}
	if !strings.ContainsAny(line, "|\t") && (strings.ContainsAny(line, ",;") || !strings.Contains(line, "  ") && strings.Count(line, " ") > 5) {
		return false
	}
	ends := 0
	for f := second; f != "" || rest != ""; f, rest = cut(rest) {
		if c := csvColumnNames[strings.Trim(f, `"'`+"`")]; c == csvSource || c == csvTarget {
			ends++
		}
	}
	return ends >= 2
}

// matrixEntrySlow is matrixRowStart's test of one field without its
// first-byte test.
func matrixEntrySlow(f string) bool {
	if f == "" {
		return false
	}
	if c := f[0]; ('0' <= c && c <= '9') || c == '-' || c == '+' || c == '.' {
		return true
	}
	return matrixNoEdge[strings.ToLower(f)]
}

// TestFieldTestsSameAsSlow compares the table and matrix readers' quick
// field tests with the full ones on words, column-name pairs and no-edge
// marks in every case.
func TestFieldTestsSameAsSlow(t *testing.T) {
	stems := []string{"", "a", "city", "İnf", "K"}
	ends := []string{"", "_a", "_b", "a", "b", "1", "2", "_1", "_2", " 1", " 2", "_from", "_to", "_src", "_dst", "_u", "_v",
		"A", "B", "_TO", "_V", "İ", "é"}
	pres := []string{"", "from_", "to_", "source_", "target_", "src_", "dst_", "start_", "end_", "from ", "to ", "FROM_", "To_", "ſrc_"}
	var words []string
	for _, p := range pres {
		for _, s := range stems {
			for _, e := range ends {
				words = append(words, p+s+e)
			}
		}
	}
	for _, a := range words {
		for _, b := range words {
			if got, want := csvPairedOK(a, b), csvPairedNames(a, b); got != want {
				t.Fatalf("csvPairedOK(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
	var names []string
	for k := range csvColumnNames {
		names = append(names, k, strings.ToUpper(k), "'"+k+"'")
	}
	lineWords := append(append(names, words[:200]...), "an", "edge", "|", "`x`", "\"")
	r := rand.New(rand.NewPCG(2, 2))
	for range 50000 {
		var sb strings.Builder
		for range 1 + r.IntN(4) {
			sb.WriteString([]string{"", " ", "|", "\t", ", ", ";", " | "}[r.IntN(7)])
			sb.WriteString(lineWords[r.IntN(len(lineWords))])
		}
		line := sb.String()
		if got, want := csvHeaderStart(line), csvHeaderStartSlow(line); got != want {
			t.Fatalf("csvHeaderStart(%q) = %v, want %v", line, got, want)
		}
	}
	fields := append(words, "inf", "INF", "Infinity", "x", "X", "none", "NULL", "nan", "NaN", "_", "-", ".", "∞", "—", "–",
		"an", "edge", "0", "+1", "İnf", "ınf", "\u212Aa")
	for k := range matrixNoEdge {
		fields = append(fields, k, strings.ToUpper(k))
	}
	for _, f := range fields {
		for _, line := range []string{f, f + " 1 2", "n " + f + " " + f, "| " + f + ", x; 1", f + "\t" + f + "\t" + f} {
			if got, want := matrixRowStart(line), matrixRowStartSlow(line); got != want {
				t.Fatalf("matrixRowStart(%q) = %v, want %v", line, got, want)
			}
		}
	}
}

// matrixRowStartSlow is matrixRowStart with matrixEntrySlow.
func matrixRowStartSlow(line string) bool {
	sep := func(c byte) bool { return c == ' ' || c == '\t' || c == ',' || c == ';' || c == '|' }
	field := func(s string) (f, rest string) {
		for len(s) > 0 && sep(s[0]) {
			s = s[1:]
		}
		for i := 0; i < len(s); i++ {
			if sep(s[i]) {
				return s[:i], s[i:]
			}
		}
		return s, ""
	}
	f1, rest := field(line)
	if matrixEntrySlow(f1) {
		return true
	}
	f2, rest := field(rest)
	f3, _ := field(rest)
	return matrixEntrySlow(f2) && matrixEntrySlow(f3)
}

// TestDatasetPreCheck checks that the dataset reader's test on the
// question's words never skips a question exFindDataset reads a dataset
// in.
func TestDatasetPreCheck(t *testing.T) {
	texts := vocabTexts(t, 2000)
	for _, d := range exDatasets() {
		for _, ph := range d.phrases {
			texts = append(texts, "Load the "+ph+" dataset.", strings.ToUpper(ph)+" graph", "x"+ph+" network", "("+ph+")")
		}
	}
	found := 0
	for _, text := range texts {
		d := NewDoc(text)
		p, err := d.scanned(context.Background())
		if err != nil {
			continue
		}
		if name, _, _ := exFindDataset(d.Text, d.Lower, p.toks); name != "" {
			found++
			if !exDatasetMayName(d.words()) {
				t.Fatalf("the pre-check skips %q, which names %s", text, name)
			}
		}
	}
	if found < 50 {
		t.Fatalf("only %d texts name a dataset", found)
	}
}

// TestUnionSortedSameAsMerge compares unionSorted of two merged lists with
// mergeSorted of all their intervals, on random well-formed intervals
// (empty ones and touching ones included).
func TestUnionSortedSameAsMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	random := func() [][2]int {
		var out [][2]int
		for range r.IntN(12) {
			s := r.IntN(40)
			out = append(out, [2]int{s, s + r.IntN(6)})
		}
		return out
	}
	for range 20000 {
		a, b := random(), random()
		want := mergeSorted(append(slices.Clone(a), b...))
		got := unionSorted(mergeSorted(slices.Clone(a)), mergeSorted(slices.Clone(b)))
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if !slices.Equal(got, want) {
			t.Fatalf("unionSorted(%v, %v) = %v, want %v", a, b, got, want)
		}
	}
}

// TestRelMayTrigger checks that the relationship reader's test on the
// question's words never skips a question with a candidate sentence.
func TestRelMayTrigger(t *testing.T) {
	texts := vocabTexts(t, 5000)
	r := rand.New(rand.NewPCG(3, 3))
	words := []string{"Alice", "Bob", "knows", "follows", "co-authored", "friends", "met", "and", "are", "is", "the", "node",
		"likes", "follow", "\u212Anows", "lİked", "FOLLOWS", "pen-pals", "a", "with", "wrote", "3rd", "o'brien", "x_y"}
	for range 5000 {
		var sb strings.Builder
		for range 2 + r.IntN(10) {
			sb.WriteString(words[r.IntN(len(words))])
			sb.WriteString([]string{" ", " ", ", ", ". ", "\n"}[r.IntN(5)])
		}
		texts = append(texts, sb.String())
	}
	skipped, read := 0, 0
	for _, text := range texts {
		d := NewDoc(text)
		pt, err := newProse(context.Background(), d)
		if err != nil {
			continue
		}
		cands, err := pt.relCandidates(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(cands) > 0 {
			read++
		}
		if !relMayTrigger(d) {
			skipped++
			if len(cands) > 0 {
				t.Fatalf("the pre-check skips %q, which has a candidate sentence", text)
			}
		}
	}
	if skipped < 1000 || read < 1000 {
		t.Fatalf("only %d texts skipped and %d with candidates", skipped, read)
	}
}

// TestSessionMayRefer checks that the session reader's test on the
// question's words never skips a question sessionRefIn reads a reference
// in.
func TestSessionMayRefer(t *testing.T) {
	texts := vocabTexts(t, 2000)
	r := rand.New(rand.NewPCG(4, 4))
	words := []string{"it", "its", "It", "this", "that", "my", "our", "the", "The", "graph", "network", "Graph", "same",
		"current", "previous", "above", "loaded", "last", "given", "earlier", "node", "edges", "[(0, 1), (1, 2)]", "x_the", "\u212A"}
	for range 20000 {
		var sb strings.Builder
		for range 2 + r.IntN(8) {
			sb.WriteString(words[r.IntN(len(words))])
			sb.WriteString([]string{" ", " ", "  ", "\t", ", ", ". ", "\n"}[r.IntN(7)])
		}
		texts = append(texts, sb.String())
	}
	refs, skipped := 0, 0
	for _, text := range texts {
		d := NewDoc(text)
		p, err := d.scanned(context.Background())
		if err != nil {
			continue
		}
		ref := p.sessionRefIn()
		if ref {
			refs++
		}
		if p.py == nil && !sessionMayRefer(d.words()) {
			skipped++
			if ref {
				t.Fatalf("the pre-check skips %q, which refers to the session's graph", text)
			}
		}
	}
	if refs < 1000 || skipped < 1000 {
		t.Fatalf("only %d references and %d skipped", refs, skipped)
	}
}
