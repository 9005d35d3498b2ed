package extract

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/lang"
)

// ShapeTable reads tables whose header names no column the lexicon knows
// ("Ward | Shares staff with | Manager ext", "Hive<TAB>Lends the
// extractor to"): Markdown pipes, tab-, semicolon- and comma-separated
// rows, and columns two or more spaces apart. Each column's role comes
// from its values: names, lists of names, or numbers. The edges are the
// one pair of a name column and a name or list column whose values
// overlap (the nodes of a graph recur; a ward's manager's name does not);
// a second such pair makes the reading uncertain, since which pair is the
// graph is not the reader's to choose. A column of numbers is an edge
// value only when its header names a value or a unit ("km", "cost"); other
// columns are left out, and said so.
//
// The header is never an edge: a line is a header only when none of its
// cells is a number and none recurs among the values below it. Direction
// comes from the header's words when the lexicon knows them ("depends
// on", "reports to"), else from the rows: every pair listed both ways is
// an undirected graph; some listed both ways, a directed one; none, a
// directed graph whose direction is only assumed (Reading.DirectionAssumed),
// which callers may answer only where the direction does not change the
// answer.
type ShapeTable struct{}

// Name names the notation.
func (ShapeTable) Name() string { return "table by shape" }

// shapeMax* bound what a table's cells may be: longer text is prose.
const (
	shapeMaxWords = 7
	shapeMaxCols  = 10
)

// shapeKind is what a column's values are.
type shapeKind uint8

const (
	shapeOther shapeKind = iota
	shapeName
	shapeList
	shapeNumber
)

// shapeTable is one table found by shape: its header cells and rows.
type shapeTable struct {
	sep    string
	header []string // as written, trimmed
	rows   [][]string
	lines  []textLine // each row's line
	// spaced marks the columns whose cells are lists written with spaces
	// ("s03 s07"), set by kinds.
	spaced []bool
	start  int // the header's first byte
	end    int // the last row's end
}

// Read implements Reader.
func (ShapeTable) Read(ctx context.Context, d *Doc) (Reading, error) {
	lines := d.textLines()
	var out Reading
	tables := 0
	for i := 0; i < len(lines); i++ {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		t, next, ok := shapeTableAt(d, lines, i)
		if !ok {
			continue
		}
		i = next - 1
		r, ok := t.read(d)
		if !ok {
			continue
		}
		tables++
		if tables == 1 {
			out = r
			continue
		}
		out.mergeTable(r)
		out.Notes = append(out.Notes, "the question holds more than one table; their edges are merged")
		out.Confidence = min(out.Confidence, r.Confidence, 0.5)
	}
	return out, nil
}

// shapeSplit cuts a line at sep: Markdown cells for "|", runs of two or
// more spaces for "  ", the separator otherwise. It returns nil when the
// line does not hold sep.
func shapeSplit(line, sep string) []string {
	line = strings.TrimSpace(line)
	switch sep {
	case "|":
		if !strings.Contains(line, "|") {
			return nil
		}
		line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
		cells := strings.Split(line, "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		return cells
	case "  ":
		var cells []string
		for line != "" {
			k := strings.Index(line, "  ")
			if k < 0 {
				cells = append(cells, line)
				break
			}
			cells = append(cells, line[:k])
			line = strings.TrimLeft(line[k:], " ")
		}
		if len(cells) < 2 {
			return nil
		}
		return cells
	}
	if !strings.Contains(line, sep) {
		return nil
	}
	cells := strings.Split(line, sep)
	for i := range cells {
		cells[i] = csvTrimQuotes(strings.TrimSpace(cells[i]))
	}
	return cells
}

// shapeSeps are the separators a header line is tried with, in order.
var shapeSeps = [...]string{"|", "\t", ";", ",", "  "}

// shapeHeaderCell reports whether a cell can name a column: a few words
// with a letter, no number, no sentence end.
func shapeHeaderCell(c string) bool {
	if c == "" || len(c) > csvMaxField || len(strings.Fields(c)) > shapeMaxWords {
		return false
	}
	if strings.ContainsAny(c, "?!:=<>→") || strings.HasSuffix(c, ".") {
		return false
	}
	if _, ok := parseQuantity(c); ok {
		return false
	}
	return strings.IndexFunc(c, unicode.IsLetter) >= 0
}

// shapeTableAt finds a table whose header is lines[i]: two or more header
// cells under one separator, then two or more rows with as many cells
// (after a Markdown rule). next is the line after the table.
func shapeTableAt(d *Doc, lines []textLine, i int) (shapeTable, int, bool) {
	ln := lines[i]
	text := d.Text[ln.Start:ln.End]
	if t := strings.TrimSpace(text); len(t) < 3 || len(t) > 400 {
		return shapeTable{}, 0, false
	}
	if i > 0 && strings.TrimSpace(d.Text[lines[i-1].Start:lines[i-1].End]) != "" && !strings.HasSuffix(strings.TrimSpace(d.Text[lines[i-1].Start:lines[i-1].End]), ":") {
		// A header starts a block: the line above is blank or introduces
		// the table ("pasted from the rota sheet:").
		return shapeTable{}, 0, false
	}
	if _, ok := csvParseHeader(d, ln); ok || csvHeaderWords(d.opt.Lexicon, strings.TrimSpace(d.Lower[ln.Start:ln.End])) {
		// A header the table reader reads, or whose verbs it knows: its
		// to read, or to decline ("follower,follower2"). A node column
		// beside words it does not know ("Name | Can do") is read by
		// shape.
		return shapeTable{}, 0, false
	}
	for _, sep := range shapeSeps {
		header := shapeSplit(text, sep)
		if len(header) < 2 || len(header) > shapeMaxCols {
			continue
		}
		if slices.ContainsFunc(header, func(c string) bool { return shapeKnownEnd(d.opt.Lexicon, c) }) {
			return shapeTable{}, 0, false // the table reader's to read or decline
		}
		if !slices.ContainsFunc(header, func(c string) bool { return !shapeHeaderCell(c) }) && shapeRepeats(header) <= 1 {
			if t, next, ok := shapeRows(d, lines, i, sep, header); ok {
				return t, next, true
			}
		}
		return shapeTable{}, 0, false // the first separator the line holds decides
	}
	return shapeTable{}, 0, false
}

// shapeKnownEnd reports whether a header cell names an edge's end by the
// table reader's names or the lexicon's ("From", "Neighbours"): such a
// table is the table reader's.
func shapeKnownEnd(lx *lang.Lexicon, cell string) bool {
	name := strings.ToLower(strings.TrimSpace(cell))
	// A node's column ("Name", "ID") beside a header the table reader
	// does not read ("Name | Can do") is not its: the node column alone
	// makes no edges.
	switch csvColumnNames[name] {
	case csvSource, csvTarget, csvNeighbours, csvSuccessors, csvPredecessors, csvEdgeCell:
		return true
	}
	switch lx.Column(name) {
	case lang.ColSource, lang.ColTarget, lang.ColEarlier, lang.ColLater, lang.ColEdge:
		return true
	}
	return csvListColumn(lx, name) != csvOther
}

// shapeRepeats counts the header's cells written again: one repeat is
// an edge's two ends named alike ("| Musician | Musician |").
func shapeRepeats(header []string) int {
	n := 0
	for i, c := range header {
		for _, o := range header[:i] {
			if strings.EqualFold(c, o) {
				n++
			}
		}
	}
	return n
}

// shapeRows reads the rows under a header: lines with as many cells under
// the same separator, up to a blank line or a line of another shape.
func shapeRows(d *Doc, lines []textLine, hi int, sep string, header []string) (shapeTable, int, bool) {
	t := shapeTable{sep: sep, header: header}
	hl := lines[hi]
	t.start = hl.Start + len(d.Text[hl.Start:hl.End]) - len(strings.TrimLeft(d.Text[hl.Start:hl.End], " \t"))
	j := hi + 1
	for ; j < len(lines); j++ {
		text := d.Text[lines[j].Start:lines[j].End]
		if strings.TrimSpace(text) == "" {
			break
		}
		cells := shapeSplit(text, sep)
		if sep == "|" && len(t.rows) == 0 && csvIsRule(cells) {
			t.end = lines[j].End
			continue
		}
		if len(cells) != len(header) {
			break
		}
		t.rows = append(t.rows, cells)
		t.lines = append(t.lines, lines[j])
		t.end = lines[j].End
	}
	return t, j, len(t.rows) >= 2
}

// kinds returns what each column's values are.
func (t *shapeTable) kinds() []shapeKind {
	kinds := make([]shapeKind, len(t.header))
	t.spaced = make([]bool, len(t.header))
	whole := t.wholeCells()
	for c := range t.header {
		t.spaced[c] = t.spacedList(c, whole)
		numbers, names, lists, empty, other := 0, 0, 0, 0, 0
		for _, row := range t.rows {
			cell := row[c]
			switch {
			case csvSplitList(cell, false) == nil:
				empty++
			case t.spaced[c] && len(strings.Fields(cell)) > 1:
				lists++
			case shapeIsNumber(cell):
				numbers++
			case shapeIsName(cell):
				names++
			case t.sep != "," && t.sep != ";" && strings.ContainsAny(cell, ",;") && shapeAllNames(csvSplitList(cell, false)):
				lists++
			default:
				other++
			}
		}
		switch {
		case other > 0:
			kinds[c] = shapeOther
		case numbers > 0 && names == 0 && lists == 0 && empty == 0:
			kinds[c] = shapeNumber
		case numbers > 0:
			kinds[c] = shapeOther
		case lists > 0 || empty > 0:
			// Lists of names, or names with some empty cells: a node
			// with no neighbours.
			kinds[c] = shapeList
		default:
			kinds[c] = shapeName
		}
	}
	return kinds
}

// wholeCells returns every cell of the table that is one word.
func (t *shapeTable) wholeCells() map[string]bool {
	out := map[string]bool{}
	for _, row := range t.rows {
		for _, cell := range row {
			if !strings.ContainsAny(cell, " \t") {
				out[cell] = true
			}
		}
	}
	return out
}

// spacedList reports whether column c holds lists written with spaces, as
// a spreadsheet's "s03 s07" is: a cell of several words, and every word
// of such cells an identifier (with a digit in it) or a name the table
// writes alone in a cell. "Room 101" and "Losing It" stay one name.
func (t *shapeTable) spacedList(c int, whole map[string]bool) bool {
	if t.sep == " " {
		return false
	}
	multi := false
	for _, row := range t.rows {
		ws := strings.Fields(row[c])
		if len(ws) < 2 || strings.ContainsAny(row[c], ",;") {
			continue
		}
		multi = true
		for _, w := range ws {
			if !whole[w] && !strings.ContainsAny(w, "0123456789") {
				return false
			}
		}
	}
	return multi
}

// names returns the node names of cell in column c: the cell, or the
// items of its list.
func (t *shapeTable) names(c int, cell string) []string {
	return csvSplitList(cell, t.spaced != nil && t.spaced[c])
}

// shapeIsNumber reports whether a cell is a number, with or without a
// unit ("40 km", "$300").
func shapeIsNumber(cell string) bool {
	_, ok := parseQuantity(cell)
	return ok
}

// shapeIsName reports whether a cell reads as one node's name: a few
// words, no list separator, not a number.
func shapeIsName(cell string) bool {
	if cell == "" || len(cell) > csvMaxField || len(strings.Fields(cell)) > 4 || strings.ContainsAny(cell, ",;?!") || strings.HasSuffix(cell, ".") {
		return false
	}
	return !shapeIsNumber(cell)
}

func shapeAllNames(items []string) bool {
	for _, it := range items {
		if !shapeIsName(it) {
			return false
		}
	}
	return len(items) > 0
}

// recurs reports whether some name of column c (of kind k) is written
// in two or more rows.
func (t *shapeTable) recurs(c int, k shapeKind) bool {
	seen := map[string]bool{}
	for _, row := range t.rows {
		names := []string{row[c]}
		if k == shapeList {
			names = t.names(c, row[c])
		}
		for _, n := range names {
			if seen[n] {
				return true
			}
		}
		for _, n := range names {
			seen[n] = true
		}
	}
	return false
}

// values returns the distinct node names of column c (lists split).
func (t *shapeTable) values(c int, k shapeKind) map[string]bool {
	out := map[string]bool{}
	for _, row := range t.rows {
		if k == shapeList {
			for _, it := range t.names(c, row[c]) {
				out[it] = true
			}
			continue
		}
		out[row[c]] = true
	}
	return out
}

// read makes the table's reading, false when it holds no graph.
func (t *shapeTable) read(d *Doc) (Reading, bool) {
	lx := d.opt.Lexicon // set by Options.withDefaults
	kinds := t.kinds()
	type pair struct{ a, b int }
	var pairs []pair
	vals := make([]map[string]bool, len(kinds))
	for c, k := range kinds {
		if k == shapeName || k == shapeList {
			vals[c] = t.values(c, k)
		}
	}
	for a, ka := range kinds {
		if ka != shapeName {
			continue
		}
		for b, kb := range kinds {
			if b == a || kb == shapeName && b < a || kb != shapeName && kb != shapeList {
				continue
			}
			shared := 0
			for v := range vals[b] {
				if vals[a][v] {
					shared++
				}
			}
			if shared == 0 || kb == shapeList && 2*shared < len(vals[b]) {
				continue
			}
			pairs = append(pairs, pair{a, b})
		}
	}
	bipartite := false
	if len(pairs) == 0 {
		// Two kinds of things ("Cast member | Parts they can cover"): a
		// column of distinct names beside one whose names never meet them
		// and recur from row to row.
		for a, ka := range kinds {
			if ka != shapeName || len(vals[a]) != len(t.rows) {
				continue
			}
			for b, kb := range kinds {
				if b == a || kb != shapeName && kb != shapeList || !t.recurs(b, kb) {
					continue
				}
				disjoint := true
				for v := range vals[b] {
					if vals[a][v] {
						disjoint = false
						break
					}
				}
				if disjoint {
					pairs = append(pairs, pair{a, b})
				}
			}
		}
		bipartite = true
	}
	if len(pairs) == 0 {
		return Reading{}, false
	}
	p := pairs[0]
	// The header is never an edge: a header cell among the values makes
	// the first line a row of a table without a header.
	for _, c := range [2]int{p.a, p.b} {
		for v := range vals[c] {
			if strings.EqualFold(v, t.header[p.a]) || strings.EqualFold(v, t.header[p.b]) {
				return Reading{}, false
			}
		}
	}
	// queries: a table's rows are no questions, even when a row starts
	// with an imperative ("Plot 3 | Plot 7").
	r := Reading{Reader: ShapeTable{}.Name(), Confidence: Confident, queries: true}
	r.Spans = []Span{{Start: t.start, End: t.end, Role: RoleGraph}}
	r.Notes = append(r.Notes, fmt.Sprintf("the columns %q and %q are read as the edges' ends, their roles taken from their values", t.header[p.a], t.header[p.b]))
	if len(pairs) > 1 {
		q := pairs[1]
		r.Confidence = 0.5
		r.Notes = append(r.Notes, fmt.Sprintf("the columns %q and %q could be the edges' ends too", t.header[q.a], t.header[q.b]))
	}
	// The value: the one number column whose header names a value or a unit.
	value := -1
	var unread []string
	for c, k := range kinds {
		if c == p.a || c == p.b {
			continue
		}
		name := strings.ToLower(t.header[c])
		_, _, unitNamed := csvUnitColumn(name)
		if k == shapeNumber && (unitNamed || lx.Column(name).Value() || csvColumnNames[name] == csvValue) {
			if value >= 0 || kinds[p.b] == shapeList {
				r.Confidence = min(r.Confidence, 0.5)
				r.Notes = append(r.Notes, fmt.Sprintf("the numbers of %q are not read: which the edges carry is not clear", t.header[c]))
				value = -2
				continue
			}
			value = c
			continue
		}
		unread = append(unread, t.header[c])
		if kinds[p.b] == shapeName && shapeDigits(t.rows, c) {
			// A number on each edge's row may be its weight, under a
			// header that does not say so.
			r.Confidence = min(r.Confidence, 0.6)
			r.Notes = append(r.Notes, fmt.Sprintf("the numbers of %q may be the edges' values; its header does not say", t.header[c]))
		}
	}
	if len(unread) > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("the column(s) %s are not read", strings.Join(quoteAll(unread), ", ")))
	}
	dir := phraseDir(lx, strings.ToLower(t.header[p.b]))
	if dir == recDirNone {
		dir = phraseDir(lx, strings.ToLower(t.header[p.a]+" "+t.header[p.b]))
	}
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
		}
	}
	for i, row := range t.rows {
		u := row[p.a]
		add(u)
		ends := []string{row[p.b]}
		if kinds[p.b] == shapeList {
			ends = t.names(p.b, row[p.b])
		}
		for _, v := range ends {
			add(v)
			e := Edge{U: u, V: v, Start: t.lines[i].Start, End: t.lines[i].End}
			if dir == recDirBack {
				e.U, e.V = v, u
			}
			if value >= 0 {
				q, _ := parseQuantityIn(lx, row[value])
				e.Value, e.HasValue = q.v, true
				if q.unit == "" {
					_, q.unit, _ = csvUnitColumn(strings.ToLower(t.header[value]))
				}
				e.Meaning = csvMeaning(strings.ToLower(t.header[value]))
				if m := csvUnitMeaning(q.unit); e.Meaning == MeaningWeight && m != MeaningNone {
					e.Meaning = m
				}
			}
			r.Edges = append(r.Edges, e)
		}
	}
	r.settleEdgeValues()
	if bipartite {
		// Two kinds, each edge between them: undirected, whatever the
		// header's words say, with each node's kind named by its column.
		r.Directed = DirUndirected
		r.Kinds = map[string]string{}
		ka, kb := strings.ToLower(t.header[p.a]), strings.ToLower(t.header[p.b])
		for _, e := range r.Edges {
			if dir == recDirBack {
				r.Kinds[e.V], r.Kinds[e.U] = ka, kb
			} else {
				r.Kinds[e.U], r.Kinds[e.V] = ka, kb
			}
		}
		for _, row := range t.rows {
			r.Kinds[row[p.a]] = ka // a row's node with nothing listed
		}
		r.Notes = append(r.Notes, fmt.Sprintf("the columns %q and %q name two kinds of things: each edge joins one of each", t.header[p.a], t.header[p.b]))
		return r, true
	}
	switch dir {
	case recDirForward, recDirBack:
		r.Directed = DirDirected
	case recDirBoth:
		r.Directed = DirUndirected
		csvDedupeBoth(&r)
	default:
		shapeRowsDirection(&r)
	}
	return r, true
}

// shapeRowsDirection takes the direction from the rows when the header
// does not say it: every edge listed from both ends is undirected, some
// listed so a directed graph, none a directed graph by assumption.
func shapeRowsDirection(r *Reading) {
	type key struct{ u, v string }
	has := make(map[key]bool, len(r.Edges))
	for _, e := range r.Edges {
		has[key{e.U, e.V}] = true
	}
	mirrored := 0
	for _, e := range r.Edges {
		if e.U == e.V || has[key{e.V, e.U}] {
			mirrored++
		}
	}
	switch {
	case mirrored == len(r.Edges):
		r.Directed = DirUndirected
		csvDedupeBoth(r)
	case mirrored > 0:
		r.Directed = DirDirected
		r.Notes = append(r.Notes, "some pairs are listed from both ends and some from one: the edges go the way each row lists them")
	default:
		r.Directed = DirDirected
		r.DirectionAssumed = true
		r.Notes = append(r.Notes, "neither the header nor the rows say whether the edges go both ways; read as from each row's first column")
	}
}

// shapeDigits reports whether every cell of column c holds a digit: a
// column of numbers, however written ("14,5", "0412 555 101").
func shapeDigits(rows [][]string, c int) bool {
	for _, row := range rows {
		if !strings.ContainsAny(row[c], "0123456789") {
			return false
		}
	}
	return true
}

func quoteAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprintf("%q", x)
	}
	return out
}
