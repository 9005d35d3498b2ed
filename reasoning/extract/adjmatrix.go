package extract

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// AdjacencyMatrix reads adjacency matrices written in a question: rows as
// lines of numbers ("0 1 1", "0,1,1", "| 0 | 1 |"), rows as a nested list
// ("[[0,1,1],[1,0,0],[1,0,0]]", on one line or several), with or without a
// header row of node names and row names ("A: 0 1 1", "A | 0 1 1"); 0/1 or
// weighted entries, with "inf", "∞", "-", "x" or "." for no edge.
//
// A block of numbers is read as a matrix only when the text says so: the
// word "matrix" just before it, a header row of names, or "adjacency matrix"
// anywhere in the question (less sure); a square block of four or more 0/1
// rows with an empty diagonal is read without a cue at low confidence. A
// block that is clearly a matrix (the word just before it, or a header) but
// ragged or not square is an error wrapping graph.ErrSyntax naming the row's
// line and column.
//
// Rows and columns without names are nodes 0..n-1, or 1..n when the question
// numbers its nodes from 1. A symmetric matrix is an undirected graph unless
// the question says directed; an asymmetric one is directed.
type AdjacencyMatrix struct{}

// Name names the notation.
func (AdjacencyMatrix) Name() string { return "adjacency matrix" }

// matrixCueWindow is how far before a block the word "matrix" counts as
// introducing it.
const matrixCueWindow = 160

// matrixMaxBlocks is the most matrices read in one question.
const matrixMaxBlocks = 16

// matrixMaxSize is the largest matrix read (rows); a larger block is left
// to other readers with a note.
const matrixMaxSize = 2000

// matrixRow is one row of a matrix as written.
type matrixRow struct {
	label      string // the row's node name, when written
	cells      []matrixCell
	start, end int // the row's span in the question
	// tabbed is a row split at tabs, where an empty cell is no edge (a
	// spreadsheet's copy); its trailing empty cells may be cut off.
	tabbed bool
}

// matrixCell is one entry: its value, whether it is an edge, and where it is.
type matrixCell struct {
	val   float64
	edge  bool
	mark  bool // a no-edge mark ("x", "-", "inf"), not a number
	start int
}

// matrixBlock is a candidate matrix: its rows, the header names, and its
// span.
type matrixBlock struct {
	header     []string
	rows       []matrixRow
	start, end int
	nested     bool // written as a nested list [[...], [...]]
	// numericHeader is set when the header is a first row counting up:
	// it names the nodes but is no evidence that the block is a matrix.
	numericHeader bool
}

// Read implements Reader.
func (AdjacencyMatrix) Read(ctx context.Context, d *Doc) (Reading, error) {
	blocks, err := matrixBlocks(ctx, d)
	if err != nil || len(blocks) == 0 {
		return Reading{}, err
	}
	var out Reading
	global := strings.Contains(d.Lower, "adjacency matrix") || strings.Contains(d.Lower, "adjacency-matrix")
	read := 0
	for _, b := range blocks {
		if read == matrixMaxBlocks {
			out.Notes = append(out.Notes, fmt.Sprintf("only the first %d matrices are read", matrixMaxBlocks))
			out.Confidence = min(out.Confidence, 0.3)
			break
		}
		r, ok, err := matrixRead(d, b, global)
		if err != nil {
			return Reading{}, err
		}
		if !ok {
			continue
		}
		read++
		if out.Reader == "" {
			out = r
			continue
		}
		// A second matrix: keep both, with its notes and confidence, but say
		// the question holds two.
		out.Notes = append(out.Notes, r.Notes...)
		out.Confidence = min(out.Confidence, r.Confidence)
		mergeGraphReading(&out, r, "matrix")
	}
	return out, nil
}

// matrixUnion appends the names of b missing from a.
func matrixUnion(a, b []string) []string {
	seen := make(map[string]bool, len(a))
	for _, n := range a {
		seen[n] = true
	}
	for _, n := range b {
		if !seen[n] {
			a = append(a, n)
		}
	}
	return a
}

// matrixBlocks finds nested lists of numbers and blocks of lines of numbers.
func matrixBlocks(ctx context.Context, d *Doc) ([]matrixBlock, error) {
	text := d.Text
	var blocks []matrixBlock
	// Nested lists first; their lines are skipped below.
	var nestedEnd []int
	for off := 0; ; {
		k := strings.Index(text[off:], "[[")
		if k < 0 {
			break
		}
		s := off + k
		b, end, ok, err := matrixNested(d, s)
		if err != nil {
			return nil, err
		}
		if ok {
			blocks = append(blocks, b)
			nestedEnd = append(nestedEnd, s, end)
			off = end
		} else {
			off = s + 2
		}
	}
	inNested := func(s, e int) bool {
		for i := 0; i+1 < len(nestedEnd); i += 2 {
			if s < nestedEnd[i+1] && nestedEnd[i] < e {
				return true
			}
		}
		return false
	}
	lines := d.textLines()
	for i := 0; i < len(lines); i++ {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		ln := lines[i]
		if inNested(ln.Start, ln.End) {
			continue
		}
		row, ok := matrixParseRow(text, ln.Start, ln.End)
		if !ok {
			continue
		}
		b := matrixBlock{rows: []matrixRow{row}, start: row.start, end: row.end}
		j := i + 1
		for ; j < len(lines) && !inNested(lines[j].Start, lines[j].End); j++ {
			r, ok := matrixParseRow(text, lines[j].Start, lines[j].End)
			if !ok {
				break
			}
			b.rows = append(b.rows, r)
			b.end = r.end
		}
		if h := matrixHeaderLine(text, lines, i); h >= 0 {
			if names, s, ok, tableWords := matrixHeader(text, lines[h]); ok {
				hb := b
				hb.rows = slices.Clone(b.rows)
				hb.header, hb.start = names, s
				matrixMarkLabels(text, &hb)
				// Words that head a table of edges head a matrix only
				// when they also name its rows, in order.
				if !tableWords || slices.EqualFunc(hb.rows, names, func(r matrixRow, n string) bool { return strings.EqualFold(r.label, n) }) {
					b = hb
				}
			}
		}
		if len(b.rows) >= 2 || b.header != nil {
			blocks = append(blocks, b)
		}
		i = j - 1
	}
	return blocks, nil
}

// matrixHeaderLine is the index of the line that may head a block whose
// first row is lines[i]: the line above, or the one above a Markdown or
// ASCII rule ("|---|:-:|", "+----+", "-----") under it; -1 when none.
func matrixHeaderLine(text string, lines []textLine, i int) int {
	if i == 0 {
		return -1
	}
	f, _ := matrixFields(text, lines[i-1].Start, lines[i-1].End)
	if len(f) == 0 || !csvIsRule(f) && !matrixASCIIRule(f) {
		return i - 1
	}
	if i >= 2 {
		return i - 2
	}
	return -1
}

// matrixASCIIRule reports whether a line's fields are an ASCII table's
// border ("+----+----+", "=====").
func matrixASCIIRule(fields []string) bool {
	for _, f := range fields {
		if strings.Trim(f, "-+=:") != "" {
			return false
		}
	}
	return true
}

// matrixMarkLabels takes the first entry of each row as the row's name
// when it is a no-edge mark that the header names as a node ("X 0 0 1"
// under "A X B": X is the row's node, not "no edge"), provided every row
// then has one entry per header name.
func matrixMarkLabels(text string, b *matrixBlock) {
	n := len(b.header)
	var fix []int
	for i, r := range b.rows {
		switch {
		case r.label != "" && len(r.cells) == n:
		case r.label == "" && len(r.cells) == n+1 && r.cells[0].mark:
			fix = append(fix, i)
		default:
			return
		}
	}
	labels := make([]string, len(fix))
	for k, i := range fix {
		s := b.rows[i].cells[0].start
		e := s
		for e < len(text) && strings.IndexByte(" \t,;|:", text[e]) < 0 {
			e++
		}
		labels[k] = text[s:e]
		if !slices.ContainsFunc(b.header, func(h string) bool { return strings.EqualFold(h, labels[k]) }) {
			return
		}
	}
	for k, i := range fix {
		b.rows[i].label, b.rows[i].cells = labels[k], b.rows[i].cells[1:]
	}
}

// matrixNoEdge are entries that mean "no edge".
var matrixNoEdge = map[string]bool{
	"inf": true, "∞": true, "-": true, "x": true, ".": true, "—": true, "–": true, "none": true, "null": true,
	"infinity": true, "nan": true, "_": true,
}

// matrixEdgeMark are entries that mean "an edge": a spreadsheet's ticks.
var matrixEdgeMark = map[string]bool{"✓": true, "✔": true, "☑": true, "✅": true}

// matrixField reads one entry: a finite number, a no-edge mark or a tick.
func matrixField(f string) (matrixCell, bool) {
	if matrixNoEdge[strings.ToLower(f)] {
		return matrixCell{mark: true}, true
	}
	if matrixEdgeMark[f] {
		return matrixCell{val: 1, edge: true}, true
	}
	x, err := strconv.ParseFloat(f, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return matrixCell{}, false
	}
	return matrixCell{val: x, edge: x != 0}, true
}

// matrixFields splits text[s:e] into fields at spaces, tabs, commas,
// semicolons and '|', returning each field's start.
func matrixFields(text string, s, e int) (fields []string, starts []int) {
	i := s
	for i < e {
		for i < e && strings.IndexByte(" \t,;|", text[i]) >= 0 {
			i++
		}
		j := i
		for j < e && strings.IndexByte(" \t,;|", text[j]) < 0 {
			j++
		}
		if j > i {
			fields = append(fields, text[i:j])
			starts = append(starts, i)
		}
		i = j
	}
	return fields, starts
}

// matrixTabFields splits text[s:e] at every tab, an empty field (no
// edge) between two tabs included, returning each field's start.
func matrixTabFields(text string, s, e int) (fields []string, starts []int) {
	for i := s; ; {
		j := strings.IndexByte(text[i:e], '\t')
		end := e
		if j >= 0 {
			end = i + j
		}
		f := strings.TrimSpace(text[i:end])
		if f == "" {
			f = "-"
		}
		fields = append(fields, f)
		starts = append(starts, i)
		if j < 0 {
			return fields, starts
		}
		i = end + 1
	}
}

// matrixParseRow reads a line as a matrix row: optional brackets around
// it, an optional row name ("A", "A:", "node 1:"), then two or more
// entries.
func matrixParseRow(text string, s, e int) (matrixRow, bool) {
	for s < e && (text[s] == ' ' || text[s] == '\t' || text[s] == '[' || text[s] == '(') {
		s++
	}
	for e > s && strings.IndexByte(" \t],);", text[e-1]) >= 0 {
		e--
	}
	tabbed := strings.Contains(text[s:e], "\t")
	if s >= e || !tabbed && !matrixRowStart(text[s:e]) {
		return matrixRow{}, false
	}
	fields, starts := matrixFields(text, s, e)
	row := matrixRow{start: s, end: e}
	if tabbed {
		// A spreadsheet's row: its empty cells between tabs are no
		// edges ("Ji-ho<TAB><TAB>✓"), and a copy may cut the last ones.
		fields, starts = matrixTabFields(text, s, e)
		row.tabbed = true
	}
	for i, f := range fields {
		c, ok := matrixField(f)
		if !ok {
			if i != 0 {
				return matrixRow{}, false
			}
			name := strings.TrimSuffix(f, ":")
			if name == "" || len(fields) < 3 && !tabbed || !matrixNameLike(name) && !(tabbed && matrixCellName(name)) {
				return matrixRow{}, false
			}
			row.label = name
			continue
		}
		c.start = starts[i]
		row.cells = append(row.cells, c)
	}
	if len(row.cells) < 2 && !(tabbed && row.label != "" && len(row.cells) == 1) {
		return matrixRow{}, false
	}
	return row, true
}

// matrixRowStart is the cheap test every line goes through: the first
// field, or the one after a row name, starts like an entry (a digit, a
// sign, a point, "inf", "x", "-" or "∞").
func matrixRowStart(line string) bool {
	// Byte loops, not strings.TrimLeft/IndexAny, which build their set at
	// every call: every line of a question comes here.
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
	entry := func(f string) bool {
		if f == "" {
			return false
		}
		if c := f[0]; ('0' <= c && c <= '9') || c == '-' || c == '+' || c == '.' {
			return true
		}
		// Most fields are words no no-edge mark starts with ("an", "edge").
		if c := f[0] | 0x20; f[0] < utf8.RuneSelf && f[0] != '_' && c != 'i' && c != 'x' && c != 'n' {
			return false
		}
		return matrixNoEdge[strings.ToLower(f)] || matrixEdgeMark[f]
	}
	f1, rest := field(line)
	if entry(f1) {
		return true
	}
	// A row name: the next two fields are entries.
	f2, rest := field(rest)
	f3, _ := field(rest)
	return entry(f2) && entry(f3)
}

// matrixNameLike reports whether a field can be a node name in a header or
// a row name: letters, digits and '_', not a sentence word.
func matrixNameLike(f string) bool {
	if len(f) > 24 {
		return false
	}
	for _, r := range f {
		if !(r == '_' || r == '-' || r == '.' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || r > 127) {
			return false
		}
	}
	return true
}

// matrixCellName reports whether a tab-separated cell can name a node: a
// name of up to three words ("Station Sq", "Old Town"), each name-like;
// only tabs separate a spreadsheet's cells.
func matrixCellName(f string) bool {
	ws := strings.Fields(f)
	if len(ws) == 0 || len(ws) > 3 || len(f) > 40 {
		return false
	}
	for _, w := range ws {
		if !matrixNameLike(w) {
			return false
		}
	}
	return true
}

// matrixHeader reads a header line of two or more names ("A B C", "  | A |
// B | C", ",a,b,c"). tableWords reports names that head a table of edges
// ("source", "weight", "u v", "city_a city_b"): such a line heads a matrix
// only when its rows are named by the same words.
func matrixHeader(text string, ln textLine) (names []string, start int, ok, tableWords bool) {
	fields, starts := matrixFields(text, ln.Start, ln.End)
	tabbed := false
	if line := text[ln.Start:ln.End]; strings.Contains(line, "\t") && strings.Contains(strings.TrimSpace(line), " ") {
		// A spreadsheet's header: only tabs separate its names, which
		// may have several words ("Station Sq").
		fields, starts = nil, nil
		tf, ts := matrixTabFields(text, ln.Start, ln.End)
		for i, f := range tf {
			if f != "-" || strings.TrimSpace(text[ts[i]:ts[i]+min(1, len(text)-ts[i])]) == "-" {
				fields, starts = append(fields, f), append(starts, ts[i])
			}
		}
		tabbed = true
	}
	if len(fields) < 2 {
		return nil, 0, false, false
	}
	if csvPairedOK(fields[0], fields[1]) {
		tableWords = true // "city_a,city_b,miles" heads a table of edges
	}
	ends := 0 // single-letter names of an edge's ends: "u v"
	for _, f := range fields {
		low := strings.ToLower(f)
		if c := csvColumnNames[low]; len(low) == 1 && (c == csvSource || c == csvTarget) {
			ends++
		}
	}
	for _, f := range fields {
		low := strings.ToLower(f)
		if !matrixNameLike(f) && !(tabbed && matrixCellName(f)) || !matrixHasLetterOrDigit(f) || len(f) > 1 && matrixHeaderStop[low] {
			return nil, 0, false, false
		}
		if col := csvColumnNames[low]; col != csvOther && (len(low) > 1 || ends >= 2) {
			// "source,target,weight" or "u v w" heads a table of edges,
			// unless the rows below are named by the same words. ("A W"
			// names nodes A and W.)
			tableWords = true
		}
		if _, err := strconv.ParseFloat(f, 64); err == nil && !matrixIntName(f) {
			return nil, 0, false, false
		}
	}
	// A header of plain integers is a row of numbers unless they count up
	// ("1 2 3 4" over a matrix names nodes 1..4); that is decided later.
	return fields, starts[0], true, tableWords
}

// matrixHeaderStop are words of prose that a line of names over a matrix
// never holds.
var matrixHeaderStop = map[string]bool{
	"the": true, "is": true, "a": true, "an": true, "of": true, "and": true, "matrix": true, "adjacency": true,
	"graph": true, "are": true, "below": true, "following": true, "given": true, "here": true, "this": true,
	"with": true, "nodes": true, "edges": true, "its": true, "in": true, "for": true, "to": true, "as": true,
}

// matrixNumericHeader takes a first row of integers counting up (0..n-1 or
// 1..n) as the header when the rows below are square without it, with row
// names that count the same way when each row has one more entry.
func matrixNumericHeader(b *matrixBlock) {
	if b.header != nil || b.nested || len(b.rows) < 4 {
		return
	}
	first := b.rows[0]
	k := len(first.cells)
	base, ok := matrixCounting(first.cells)
	if !ok || first.label != "" {
		return
	}
	rest := b.rows[1:]
	if len(rest) != k {
		return
	}
	names := make([]string, k)
	for i := range names {
		names[i] = strconv.Itoa(base + i)
	}
	switch {
	case matrixAllLen(rest, k):
	case matrixAllLen(rest, k+1):
		col := make([]matrixCell, len(rest))
		for i, r := range rest {
			col[i] = r.cells[0]
		}
		if b2, ok := matrixCounting(col); !ok || b2 != base {
			return
		}
		for i := range rest {
			rest[i].label = names[i]
			rest[i].cells = rest[i].cells[1:]
		}
	default:
		return
	}
	b.header, b.rows, b.numericHeader = names, rest, true
}

// matrixCounting reports whether cells hold base, base+1, ... with base 0
// or 1.
func matrixCounting(cells []matrixCell) (base int, ok bool) {
	if len(cells) == 0 {
		return 0, false
	}
	base = int(cells[0].val)
	if base != 0 && base != 1 {
		return 0, false
	}
	for i, c := range cells {
		if c.val != float64(base+i) {
			return 0, false
		}
	}
	return base, true
}

// matrixAllLen reports whether every row has k entries.
func matrixAllLen(rows []matrixRow, k int) bool {
	for _, r := range rows {
		if len(r.cells) != k {
			return false
		}
	}
	return true
}

// matrixHasLetterOrDigit reports whether a header field names something:
// "---" (a Markdown rule) and "--" do not.
func matrixHasLetterOrDigit(f string) bool {
	for _, r := range f {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// matrixIntName reports whether f is a small non-negative integer.
func matrixIntName(f string) bool {
	n, err := strconv.Atoi(f)
	return err == nil && n >= 0 && len(f) < 7
}

// matrixNested reads a nested list "[[0,1],[1,0]]" at text[s]: rows of
// numbers between the outer brackets. ok is false when the list is not a
// list of lists of numbers (a Python edge list with names, say).
func matrixNested(d *Doc, s int) (matrixBlock, int, bool, error) {
	text := d.Text
	b := matrixBlock{start: s, nested: true}
	i := s + 1
	for i < len(text) {
		for i < len(text) && strings.IndexByte(" \t\r\n,", text[i]) >= 0 {
			i++
		}
		if i >= len(text) {
			return b, 0, false, nil
		}
		if text[i] == ']' {
			b.end = i + 1
			return b, i + 1, len(b.rows) >= 2, nil
		}
		if text[i] != '[' {
			return b, 0, false, nil
		}
		j := i + 1
		for j < len(text) && text[j] != ']' && text[j] != '[' && text[j] != '\n' {
			j++
		}
		if j >= len(text) || text[j] != ']' {
			return b, 0, false, nil
		}
		fields, starts := matrixFields(text, i+1, j)
		row := matrixRow{start: i, end: j + 1}
		for k, f := range fields {
			c, ok := matrixField(f)
			if !ok {
				return b, 0, false, nil
			}
			c.start = starts[k]
			row.cells = append(row.cells, c)
		}
		b.rows = append(b.rows, row)
		i = j + 1
	}
	return b, 0, false, nil
}

// matrixCue looks for "matrix" just before the block or after it in the
// same sentence, and returns the span of a short line introducing the
// block ("Adjacency matrix:").
func matrixCue(d *Doc, b matrixBlock) (local bool, key Span) {
	from := max(0, b.start-matrixCueWindow)
	for from < b.start && !utfStart(d.Text, from) {
		from++
	}
	before := d.Lower[from:b.start]
	if k := strings.LastIndex(before, "matrix"); k >= 0 && !strings.Contains(before[max(0, k-12):k], "incidence") {
		// The sentence or line that introduces the block is the key to
		// it; a question or an instruction ("Compute the adjacency matrix
		// of:") asks for a matrix and does not give one.
		ls := strings.LastIndexAny(before[:k], ".\n?!")
		intro := strings.TrimSpace(before[ls+1:])
		first := intro
		if i := strings.IndexAny(first, " \t:,"); i >= 0 {
			first = first[:i]
		}
		local = !isTaskWord(first) && !strings.Contains(intro, "?")
		le := strings.IndexByte(before[k:], '\n')
		if le >= 0 {
			s, e := from+ls+1, from+k+le
			for s < e && (d.Text[s] == ' ' || d.Text[s] == '\t') {
				s++
			}
			if local && e-s <= 100 && strings.TrimSpace(d.Text[e:b.start]) == "" {
				key = Span{Start: s, End: e, Role: RoleKey}
			}
		}
	}
	if !local {
		// "A = [[0,1],[1,0]] is the adjacency matrix": the sentence that
		// holds the block names it.
		after := d.Lower[b.end:min(len(d.Lower), b.end+80)]
		if k := strings.IndexAny(after, ".\n?!;"); k >= 0 {
			after = after[:k]
		}
		local = strings.Contains(after, "matrix") && !strings.Contains(after, "incidence") && !matrixInTask(d, b.start)
	}
	return local, key
}

// matrixInTask reports whether the sentence holding text offset off is a
// question or an instruction ("Convert [[...]] into an adjacency matrix").
func matrixInTask(d *Doc, off int) bool {
	from := max(0, off-matrixCueWindow)
	before := d.Lower[from:off]
	if k := strings.LastIndexAny(before, ".\n?!"); k >= 0 {
		before = before[k+1:]
	}
	first := strings.TrimSpace(before)
	if i := strings.IndexAny(first, " \t:,"); i >= 0 {
		first = first[:i]
	}
	return isTaskWord(first)
}

// matrixRead turns a block into a Reading. ok is false when the block is
// not read as a matrix.
func matrixRead(d *Doc, b matrixBlock, global bool) (Reading, bool, error) {
	local, key := matrixCue(d, b)
	matrixNumericHeader(&b)
	names := b.header
	// Only the word "matrix" makes a malformed block an error; a header
	// row is evidence enough to read a square block, not to reject others
	// (a Markdown or CSV table of edges has one too).
	clear := local
	headed := names != nil && !b.numericHeader
	for i, r := range b.rows {
		// A spreadsheet's copy may cut a row's trailing empty cells.
		for r.tabbed && names != nil && len(r.cells) < len(names) {
			r.cells = append(r.cells, matrixCell{mark: true, start: r.end})
		}
		b.rows[i] = r
	}
	n := len(b.rows[0].cells)
	for i, r := range b.rows {
		if len(r.cells) != n {
			if !clear {
				return Reading{}, false, nil
			}
			return Reading{}, false, syntaxErrorAt(d.Text, r.start, fmt.Sprintf("adjacency matrix row %d has %d entries; row 1 has %d", i+1, len(r.cells), n))
		}
	}
	if len(b.rows) != n {
		if !clear {
			return Reading{}, false, nil
		}
		return Reading{}, false, syntaxErrorAt(d.Text, b.start, fmt.Sprintf("adjacency matrix has %d rows of %d entries; it must be square", len(b.rows), n))
	}
	if n > matrixMaxSize {
		return Reading{}, false, nil
	}
	r := Reading{Reader: AdjacencyMatrix{}.Name(), Confidence: 0.95}
	symmetric := true
	for i := 0; i < n && symmetric; i++ {
		for j := i + 1; j < n; j++ {
			a, c := b.rows[i].cells[j], b.rows[j].cells[i]
			if a.edge != c.edge || a.val != c.val {
				symmetric = false
				break
			}
		}
	}
	zeroOne, emptyDiag, numbers, marks := true, true, false, false
	for i, row := range b.rows {
		for j, c := range row.cells {
			numbers = numbers || !c.mark
			marks = marks || c.mark
			if c.edge && c.val != 1 {
				zeroOne = false
			}
			if i == j && c.edge {
				emptyDiag = false
			}
		}
	}
	if !clear && marks && matrixMarkName(names, n) {
		// A header naming a node "x" or "-" over rows that use the same
		// marks for no edge ("X A 44" over "X X 1") is edge lines, or at
		// best ambiguous: only the word "matrix" makes it a matrix.
		return Reading{}, false, nil
	}
	if !clear && marks && !matrixRowsNamed(b) && matrixLetterMarks(d.Text, b) {
		// "x" is a node name as much as a mark: "B A 2" over "X X 1"
		// lines is a list of weighted edges, not a matrix under a header
		// whose rows say "no edge, no edge, an edge to 2". Only the word
		// "matrix" or rows named by the header make it one.
		return Reading{}, false, nil
	}
	if !numbers && !clear {
		// Rows of marks alone ("X X" under "B A") are no evidence of a
		// matrix: "x" and "_" name nodes too, and read as a matrix such
		// lines would be a graph without edges in place of the pairs
		// they list. Only the word "matrix" before them makes them one.
		return Reading{}, false, nil
	}
	switch {
	case clear || headed:
	case global && (symmetric || zeroOne && emptyDiag):
		// Mentioned elsewhere: a list of weighted edges could look the
		// same, so only a matrix that looks like one is read.
		r.Confidence = 0.85
		r.Notes = append(r.Notes, "the block of numbers is read as the adjacency matrix the question mentions")
	case n >= 4 && zeroOne && emptyDiag:
		r.Confidence = 0.6
		r.Notes = append(r.Notes, fmt.Sprintf("a square block of %d rows of 0s and 1s is read as an adjacency matrix though the question does not call it one", n))
	default:
		return Reading{}, false, nil
	}

	// Node names: the header, the row names, or numbers.
	labels := make([]string, 0, n)
	for _, row := range b.rows {
		if row.label != "" {
			labels = append(labels, row.label)
		}
	}
	if len(labels) != n {
		labels = nil
	}
	switch {
	case len(names) == n+1:
		names = names[1:] // a corner cell ("from\to", "-")
	case names != nil && len(names) != n:
		if !clear {
			return Reading{}, false, nil
		}
		return Reading{}, false, syntaxErrorAt(d.Text, b.start, fmt.Sprintf("adjacency matrix header names %d nodes but the rows have %d entries", len(names), n))
	}
	if names != nil && labels != nil && strings.Join(names, "\x00") != strings.Join(labels, "\x00") {
		if !clear {
			// Without the word "matrix" the header was the evidence; rows
			// named otherwise ("A X 2" under "A A 1") are lines of edges.
			return Reading{}, false, nil
		}
		r.Notes = append(r.Notes, "the row names differ from the header's; the header's are used")
		r.Confidence = min(r.Confidence, 0.5)
	}
	if names == nil {
		names = labels
	}
	if names == nil {
		base, conf, note := matrixNumbering(d, n, b)
		names = make([]string, n)
		for i := range names {
			names[i] = strconv.Itoa(base + i)
		}
		r.Confidence = min(r.Confidence, conf)
		if note != "" {
			r.Notes = append(r.Notes, note)
		}
	}
	seen := make(map[string]bool, n)
	for _, nm := range names {
		if seen[nm] {
			if !clear {
				return Reading{}, false, nil
			}
			return Reading{}, false, syntaxErrorAt(d.Text, b.start, fmt.Sprintf("adjacency matrix names node %q twice", nm))
		}
		seen[nm] = true
	}
	r.Nodes = names

	stated := statedDirection(d.Lower)
	switch {
	case stated == DirDirected || (stated == DirUnknown && !symmetric):
		r.Directed = DirDirected
		if stated == DirUnknown {
			r.Notes = append(r.Notes, "the matrix is not symmetric, so the graph is read as directed")
		}
	default:
		r.Directed = DirUndirected
		if !symmetric {
			r.Notes = append(r.Notes, "the question says undirected but the matrix is not symmetric")
			r.Confidence = min(r.Confidence, 0.4)
		}
	}
	if !zeroOne {
		r.EdgeValue = matrixMeaning(d, b)
	}
	for i, row := range b.rows {
		for j, c := range row.cells {
			if !c.edge || (r.Directed == DirUndirected && j < i) {
				continue
			}
			e := Edge{U: names[i], V: names[j], Start: row.start, End: row.end}
			if !zeroOne {
				e.Value, e.HasValue = c.val, true
			}
			r.Edges = append(r.Edges, e)
		}
	}
	if key.End > key.Start {
		r.Spans = append(r.Spans, key)
	}
	r.Spans = append(r.Spans, Span{Start: b.start, End: b.end, Role: RoleGraph})
	return r, true, nil
}

// matrixRowsNamed reports whether every row is named, in the header's
// order when there is a header.
func matrixRowsNamed(b matrixBlock) bool {
	names := b.header
	if len(names) == len(b.rows)+1 {
		names = names[1:] // a corner cell
	}
	for i, r := range b.rows {
		if r.label == "" || names != nil && (i >= len(names) || !strings.EqualFold(names[i], r.label)) {
			return false
		}
	}
	return true
}

// matrixLetterMarks reports whether a no-edge mark of the block is a
// letter ("x"), which names nodes too.
func matrixLetterMarks(text string, b matrixBlock) bool {
	for _, r := range b.rows {
		for _, c := range r.cells {
			if c.mark && c.start < len(text) && unicode.IsLetter(rune(text[c.start])) &&
				(c.start+1 == len(text) || strings.IndexByte(" \t,;|]", text[c.start+1]) >= 0) {
				return true
			}
		}
	}
	return false
}

// matrixMarkName reports whether a header names one of the n nodes with
// a no-edge mark ("x", "-", "none"); a corner cell ("-" over the row
// names) names none.
func matrixMarkName(names []string, n int) bool {
	if len(names) == n+1 {
		names = names[1:]
	}
	for _, n := range names {
		if matrixNoEdge[strings.ToLower(n)] {
			return true
		}
	}
	return false
}

// matrixMeaning is what the entries of a weighted matrix are, from the
// words just before it.
func matrixMeaning(d *Doc, b matrixBlock) Meaning {
	before := d.Lower[max(0, b.start-matrixCueWindow):b.start]
	switch {
	case strings.Contains(before, "capacit"):
		return MeaningCapacity
	case strings.Contains(before, "distance"):
		return MeaningDistance
	case strings.Contains(before, "cost"):
		return MeaningCost
	}
	return MeaningWeight
}

// matrixDeclaredRange finds a declared numbering of the nodes: "numbered
// from 0 to 5", "nodes 1 to 4", "vertices 0..3".
var matrixDeclaredRange = regexp.MustCompile(`\b(?:numbered|labell?ed|indexed|nodes|vertices)\s+(?:from\s+)?(\d+)\s*(?:to|-|–|through|\.\.\.?|…)\s*(\d+)\b`)

// matrixNodeMention finds "node 3" outside a block.
var matrixNodeMention = regexp.MustCompile(`\b(?:node|vertex)\s+(\d+)\b`)

// matrixNumbering decides whether unnamed rows are nodes 0..n-1 or 1..n:
// what the question states ("numbered from 1 to 4", "1-indexed"), else the
// nodes it names outside the matrix (node n means 1..n, node 0 means
// 0..n-1), else 0..n-1 with a note.
func matrixNumbering(d *Doc, n int, b matrixBlock) (base int, conf float64, note string) {
	lower := d.Lower
	one := regexp.MustCompile(fmt.Sprintf(`\b1\s*(?:to|-|–|through|\.\.\.?|…)\s*%d\b|\b1-(?:indexed|based)\b|one-based|\b1,\s*2,\s*(?:\.\.\.|…),?\s*%d\b`, n, n))
	zero := regexp.MustCompile(fmt.Sprintf(`\b0\s*(?:to|-|–|through|\.\.\.?|…)\s*%d\b|\b0-(?:indexed|based)\b|zero-based|\b0,\s*1,\s*(?:\.\.\.|…),?\s*%d\b`, n-1, n-1))
	outside := lower[:b.start] + " " + lower[b.end:]
	// A numbered range of another size contradicts the matrix.
	for _, m := range matrixDeclaredRange.FindAllStringSubmatch(outside, 8) {
		lo, err1 := strconv.Atoi(m[1])
		hi, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil && hi >= lo && hi-lo+1 != n {
			return min(lo, 1), 0.4, fmt.Sprintf("the question numbers the nodes %d to %d but the matrix has %d rows", lo, hi, n)
		}
	}
	saysOne, saysZero := one.MatchString(outside), zero.MatchString(outside)
	switch {
	case saysOne && !saysZero:
		return 1, 0.95, ""
	case saysZero && !saysOne:
		return 0, 0.95, ""
	case saysOne && saysZero:
		return 0, 0.5, "the question numbers the nodes both from 0 and from 1; rows are taken as nodes 0.." + strconv.Itoa(n-1)
	}
	var sawZero, sawN bool
	for _, m := range matrixNodeMention.FindAllStringSubmatch(outside, 64) {
		switch m[1] {
		case "0":
			sawZero = true
		case strconv.Itoa(n):
			sawN = true
		}
	}
	switch {
	case sawN && !sawZero:
		return 1, 0.85, fmt.Sprintf("rows are taken as nodes 1..%d because the question names node %d", n, n)
	case sawZero && sawN:
		return 0, 0.5, fmt.Sprintf("the question names both node 0 and node %d, but the matrix has %d rows", n, n)
	}
	// Nodes named in 1..n-1 fit either numbering: rows count from 0 as in
	// NetworkX (from_numpy_array), and the note says so.
	return 0, 0.9, fmt.Sprintf("rows and columns are taken as nodes 0..%d (NetworkX's numbering); the question does not say how they are numbered", n-1)
}
