package extract

import (
	"fmt"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/lang"
)

// The column roles of the tables (CSV, TSV, Markdown, HTML, SQL, boxed
// query results) come from the lexicon's "tableColumns": the words that
// name an edge's ends, a node, a label, a node's neighbours, a whole edge
// in one cell, and the numbers on edges with what they measure. The
// header's words are the only source of a column's role; a table whose
// columns do not name both ends of its edges is not read.

// csvColumnNames maps header names to columns, from the default lexicon.
var csvColumnNames = csvColumnsOf(lang.Default())

// csvColumnsOf maps a lexicon's table column words to the reader's
// columns.
func csvColumnsOf(lx *lang.Lexicon) map[string]csvColumn {
	out := map[string]csvColumn{}
	for w, r := range lx.Columns() {
		switch {
		case r == lang.ColSource, r == lang.ColEarlier:
			out[w] = csvSource
		case r == lang.ColTarget, r == lang.ColLater:
			out[w] = csvTarget
		case r == lang.ColNode:
			out[w] = csvNode
		case r == lang.ColLabel:
			out[w] = csvLabel
		case r == lang.ColNeighbours:
			out[w] = csvNeighbours
		case r == lang.ColSuccessors:
			out[w] = csvSuccessors
		case r == lang.ColPredecessors:
			out[w] = csvPredecessors
		case r == lang.ColEdge:
			out[w] = csvEdgeCell
		case r.Value():
			out[w] = csvValue
		}
	}
	return out
}

// csvMeaning is what a number column's name says its numbers are: the
// measure the lexicon gives it; a duration ("latency") or a plain weight
// is a weight.
func csvMeaning(name string) Meaning {
	switch lang.Default().Column(name) {
	case lang.ColCost:
		return MeaningCost
	case lang.ColDistance:
		return MeaningDistance
	case lang.ColCapacity:
		return MeaningCapacity
	}
	return MeaningWeight
}

// csvVerbEnd is a header name that is a form of a one-way relation verb:
// its agent ("follower", "citing"), its patient ("followed", "followee"),
// or the verb itself ("follows": the column of whom the row's node
// follows).
type csvVerbEnd struct {
	verb string // the verb's base form
	role csvVerbRole
}

type csvVerbRole uint8

const (
	csvAgent   csvVerbRole = iota + 1 // the one who does it: the edge's source
	csvPatient                        // the one it is done to: the edge's target
	csvVerbCol                        // "follows": the targets of the row's node
)

var csvVerbEndsCache sync.Map // *lang.Lexicon → map[string]csvVerbEnd

// csvVerbEnds returns the header names that are agent or patient forms of
// the lexicon's one-way verbs, built once per lexicon: base+"er"
// ("follower", "manager"), base+"or" ("visitor"), the -ing form
// ("citing"), the participle ("followed", "cited"), base+"ee"
// ("followee", "invitee"), and the -s form ("follows"). A name that is a
// form of two verbs in different roles is left out.
func csvVerbEnds(lx *lang.Lexicon) map[string]csvVerbEnd {
	if m, ok := csvVerbEndsCache.Load(lx); ok {
		return m.(map[string]csvVerbEnd)
	}
	out := map[string]csvVerbEnd{}
	bad := map[string]bool{}
	add := func(w string, e csvVerbEnd) {
		if w == "" || bad[w] {
			return
		}
		if prev, ok := out[w]; ok && prev != e {
			delete(out, w)
			bad[w] = true
			return
		}
		out[w] = e
	}
	for _, r := range lx.OneWay() {
		if r.NoReader || r.Common || strings.ContainsAny(r.Base, " -") {
			continue
		}
		b := r.Base
		stem := b
		if strings.HasSuffix(b, "e") {
			stem = b[:len(b)-1]
		}
		add(stem+"er", csvVerbEnd{b, csvAgent})
		add(stem+"or", csvVerbEnd{b, csvAgent})
		add(r.Ing, csvVerbEnd{b, csvAgent})
		add(r.En, csvVerbEnd{b, csvPatient})
		add(stem+"ee", csvVerbEnd{b, csvPatient})
		if r.Prep() == "" {
			add(r.S, csvVerbEnd{b, csvVerbCol})
		} else {
			add(r.S+"_"+r.Prep(), csvVerbEnd{b, csvVerbCol})
			add(r.S+" "+r.Prep(), csvVerbEnd{b, csvVerbCol})
		}
	}
	// A word the table columns already name ("parent", "child") keeps
	// that role.
	for w := range lx.Columns() {
		delete(out, w)
	}
	m, _ := csvVerbEndsCache.LoadOrStore(lx, out)
	return m.(map[string]csvVerbEnd)
}

// csvVerbPair finds the two columns of a header that name the ends of a
// one-way relation: an agent and a patient of one verb ("follower,
// followed": the follower follows the followed), or a node column and the
// verb's column ("user | follows"). It returns the source and target
// columns and the verb.
func csvVerbPair(lx *lang.Lexicon, names []string, cols []csvColumn) (src, dst int, verb string, ok bool) {
	ends := csvVerbEnds(lx)
	agent, patient, verbCol := -1, -1, -1
	var v string
	for i, n := range names {
		e, found := ends[n]
		if !found || cols[i] != csvOther || (v != "" && e.verb != v) {
			continue
		}
		switch {
		case e.role == csvAgent && agent < 0:
			agent, v = i, e.verb
		case e.role == csvPatient && patient < 0:
			patient, v = i, e.verb
		case e.role == csvVerbCol && verbCol < 0:
			verbCol, v = i, e.verb
		default:
			return 0, 0, "", false // two columns in one role: not confident
		}
	}
	switch {
	case agent >= 0 && patient >= 0 && verbCol < 0:
		return agent, patient, v, true
	case verbCol >= 0 && patient < 0:
		subj := agent
		if subj < 0 {
			// "user | follows": the row's node is the one column that names
			// a node or the first column.
			for i, c := range cols {
				if c == csvNode || c == csvSource {
					if subj >= 0 {
						return 0, 0, "", false
					}
					subj = i
				}
			}
			if subj < 0 && verbCol > 0 && cols[0] == csvOther {
				subj = 0
			}
		}
		if subj >= 0 && subj != verbCol {
			return subj, verbCol, v, true
		}
	}
	return 0, 0, "", false
}

// csvHeaderWords is csvHeaderStart's second chance: a line of a few
// fields under one separator, one of which is a verb's agent or patient
// form ("follower,followed") or a list of neighbours ("connected_to",
// "named as friends").
func csvHeaderWords(lx *lang.Lexicon, line string) bool {
	sep := strings.IndexAny(line, "\t,;|")
	if sep < 0 || strings.Count(line, line[sep:sep+1]) > 7 {
		return false
	}
	ends := csvVerbEnds(lx)
	for rest := line; rest != ""; {
		f, after, _ := strings.Cut(rest, line[sep:sep+1])
		rest = after
		f = csvTrimQuotes(strings.TrimSpace(f))
		if f == "" || len(f) > csvMaxField {
			continue
		}
		if _, ok := ends[f]; ok {
			return true
		}
		if csvListColumn(lx, f) != csvOther {
			return true
		}
	}
	return false
}

// csvListColumn reads a header name that heads a list of nodes: the
// lexicon's neighbour or successor words ("neighbours", "connected_to"),
// or a name whose last word is a plural relation noun ("friends", "named
// as friends": both ways; "students", "reports": one way). csvOther
// otherwise.
func csvListColumn(lx *lang.Lexicon, name string) csvColumn {
	switch lx.Column(name) {
	case lang.ColNeighbours:
		return csvNeighbours
	case lang.ColSuccessors:
		return csvSuccessors
	case lang.ColPredecessors:
		return csvPredecessors
	}
	// "reports_to", "answers to": a one-way verb with its preposition
	// says the row's node has an edge to each name of the cell.
	if ws := strings.Fields(strings.ReplaceAll(name, "_", " ")); len(ws) == 2 && lx.Word(ws[0]).Has(lang.ToVerb) && lx.Takes(ws[0], ws[1]) {
		return csvSuccessors
	}
	last := name
	if k := strings.LastIndexAny(name, " _"); k >= 0 {
		last = name[k+1:]
	}
	if len(last) < 4 || !strings.HasSuffix(last, "s") || strings.Count(name, " ") > 3 {
		return csvOther
	}
	switch lx.Column(last) {
	case lang.ColNeighbours:
		return csvNeighbours
	case lang.ColSuccessors:
		return csvSuccessors
	}
	if lx.NounDir(last) == lang.NounSymmetric {
		return csvNeighbours
	}
	return csvOther
}

// csvSplitList splits a list cell ("Noah, Olivia, Sam", "B; C", and with
// spaces "B C D" when names are one word) into its names; nil for an
// empty cell or a dash ("-", "none").
func csvSplitList(cell string, spaces bool) []string {
	cell = strings.TrimSpace(cell)
	switch strings.ToLower(cell) {
	case "", "-", "—", "none", "n/a", "[]", "()":
		return nil
	}
	cell = strings.TrimSpace(strings.Trim(cell, "[]{}()"))
	var parts []string
	switch {
	case strings.ContainsAny(cell, ",;"):
		parts = strings.FieldsFunc(cell, func(r rune) bool { return r == ',' || r == ';' })
	case spaces:
		parts = strings.Fields(cell)
	default:
		parts = []string{cell}
	}
	out := parts[:0]
	for _, p := range parts {
		p = csvTrimQuotes(strings.TrimSpace(p))
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// csvListHeader settles a header with a list column or an edge column:
// one list column ("neighbours", "friends") with the row's node in the
// one column that names a node or an edge's source, or else in the first
// column ("Respondent | Named as friends"); or, when the list column
// comes first ("Neighbor Latency(ms) State"), a table of one node's
// neighbours, whose node the line above names (csvOwnerLine). An edge
// column ("Road | Length") stands alone, with at most one number column.
// Anything else is not read: its columns are not known well enough.
func csvListHeader(h *csvHeader, src, dst, lists, cells int) bool {
	if lists+cells != 1 || dst > 0 {
		return false
	}
	values := 0
	for _, c := range h.cols {
		if c == csvValue {
			values++
		}
	}
	if values > 1 {
		return false
	}
	for i, c := range h.cols {
		switch c {
		case csvNeighbours, csvSuccessors, csvPredecessors:
			h.list = i
		case csvEdgeCell:
			if src > 0 {
				return false
			}
			h.list = i
			return true
		}
	}
	for i, c := range h.cols {
		if (c == csvNode || c == csvSource) && i != h.list {
			if h.owner >= 0 {
				return false
			}
			h.owner = i
		}
	}
	if h.owner < 0 && h.list > 0 && h.cols[0] == csvOther {
		h.owner = 0
	}
	// With the node's own column, the other columns are ignored; without
	// it, the list column comes first and the owner is read above.
	return h.owner >= 0 || h.list == 0
}

// csvOwnerLine reads the node a one-node table belongs to from the line
// above its header: a command prompt ("R1# show neighbors", "sw2> show
// cdp neighbors") or a title of one or two words ending in a colon ("R1:",
// "Router R1:"). "" when the line is neither.
func csvOwnerLine(line string) string {
	line = strings.TrimSpace(line)
	if line == "" || len(line) > 80 {
		return ""
	}
	name := func(s string) string {
		s = strings.TrimSpace(s)
		if s == "" || len(s) > 32 {
			return ""
		}
		for _, r := range s {
			if !(r == '_' || r == '-' || r == '.' || '0' <= r && r <= '9' || 'a' <= r|0x20 && r|0x20 <= 'z') {
				return ""
			}
		}
		return s
	}
	first, _, _ := strings.Cut(line, " ")
	if strings.HasSuffix(first, "#") || strings.HasSuffix(first, ">") {
		return name(first[:len(first)-1])
	}
	if t, ok := strings.CutSuffix(line, ":"); ok {
		ws := strings.Fields(t)
		if len(ws) == 1 || len(ws) == 2 {
			return name(ws[len(ws)-1])
		}
	}
	return ""
}

// csvEdgeCellEnds splits a cell that holds one edge ("Leeds – York", "A
// -> B", "R1 <-> R2", "Paris to Lyon") into its ends and the direction it
// is written with.
func csvEdgeCellEnds(cell string) (u, v string, dir Direction, ok bool) {
	for _, sep := range [...]struct {
		s   string
		dir Direction
	}{{"<->", DirUndirected}, {"↔", DirUndirected}, {"-->", DirDirected}, {"->", DirDirected}, {"→", DirDirected},
		{"—", DirUnknown}, {"–", DirUnknown}, {" - ", DirUnknown}, {" to ", DirUnknown}, {"-", DirUnknown}} {
		a, b, found := strings.Cut(cell, sep.s)
		if !found {
			continue
		}
		a, b = strings.TrimSpace(a), strings.TrimSpace(b)
		if a == "" || b == "" || strings.Contains(b, sep.s) || strings.ContainsAny(a+b, "→↔—–>") {
			return "", "", DirUnknown, false // a path or a broken cell, not one edge
		}
		if sep.s == "-" && (strings.Contains(a, " ") || strings.Contains(b, " ")) {
			return "", "", DirUnknown, false
		}
		return a, b, sep.dir, true
	}
	return "", "", DirUnknown, false
}

// csvTableDirection sets the direction a table's header states: the ends
// of a one-way verb ("follower,followed") and a successors list point one
// way, a neighbours list goes both ways, unless the text says otherwise
// (then the reading says it disagrees).
func csvTableDirection(r *Reading, h csvHeader, lx *lang.Lexicon) {
	want, why := DirUnknown, ""
	switch {
	case h.verb != "":
		want = DirDirected
		a, b := h.names[csvIndexOf(h.cols, csvSource)], h.names[csvIndexOf(h.cols, csvTarget)]
		why = fmt.Sprintf("from %s to %s: the %s %s the %s", a, b, a, lx.Third(h.verb), b)
	case h.list < 0 && lx.Column(h.names[csvIndexOf(h.cols, csvSource)]) == lang.ColEarlier && lx.Column(h.names[csvIndexOf(h.cols, csvTarget)]) == lang.ColLater:
		want = DirDirected
		why = fmt.Sprintf("the %s column comes before the %s column: the edge points from it", h.names[csvIndexOf(h.cols, csvSource)], h.names[csvIndexOf(h.cols, csvTarget)])
	case h.list >= 0 && h.cols[h.list] == csvSuccessors:
		want = DirDirected
		why = fmt.Sprintf("the %s column lists the nodes each row's node points to", h.names[h.list])
	case h.list >= 0 && h.cols[h.list] == csvPredecessors:
		want = DirDirected
		why = fmt.Sprintf("the %s column lists what comes before each row's node: an edge from each to it", h.names[h.list])
	case h.list >= 0 && h.cols[h.list] == csvNeighbours:
		want = DirUndirected
	}
	if want == DirUnknown {
		return
	}
	if why != "" {
		if r.Facts == nil {
			r.Facts = map[string]string{}
		}
		r.Facts["edge_direction"] = why
	}
	switch r.Directed {
	case DirUnknown:
		r.Directed = want
	case want:
	default:
		if want == DirDirected {
			// The text says undirected: a follower table read both ways is
			// the text's choice, but say so.
			r.Notes = append(r.Notes, "the table's header names a one-way relation, the text says the graph is undirected")
		}
	}
}

// csvIndexOf is the first column of kind c, -1 none.
func csvIndexOf(cols []csvColumn, c csvColumn) int {
	for i, x := range cols {
		if x == c {
			return i
		}
	}
	return -1
}

// csvListEdges reads one row of a table with a list or edge column: the
// row's node (its owner column, or the one-node table's node) to each
// node its list names, or the edge its edge cell holds. A list with a
// number column names one node: a number for several is not read.
func csvListEdges(d *Doc, h csvHeader, fields []string, starts []int, owner, val int, ln textLine, cellDirs map[Direction]int) (string, []Edge, error) {
	cell := strings.TrimSpace(fields[h.list])
	if h.cols[h.list] == csvEdgeCell {
		u, v, dir, ok := csvEdgeCellEnds(cell)
		if !ok {
			return "", nil, syntaxErrorAt(d.Text, starts[h.list], fmt.Sprintf("%s %q is not one edge", h.names[h.list], cell))
		}
		cellDirs[dir]++
		return "", []Edge{{U: u, V: v, Start: ln.Start, End: ln.End}}, nil
	}
	u := h.ownerName
	if owner >= 0 {
		u = strings.TrimSpace(fields[owner])
	}
	if u == "" {
		return "", nil, syntaxErrorAt(d.Text, ln.Start, "table row names no node")
	}
	// "A | B C" splits at spaces; "Install roof | Frame walls" is one name.
	names := csvSplitList(cell, !strings.Contains(u, " "))
	if val >= 0 && len(names) > 1 {
		return "", nil, syntaxErrorAt(d.Text, starts[h.list], fmt.Sprintf("the %s cell %q names %d nodes for one %s", h.names[h.list], cell, len(names), h.names[val]))
	}
	es := make([]Edge, 0, len(names))
	for _, v := range names {
		if h.cols[h.list] == csvPredecessors {
			es = append(es, Edge{U: v, V: u, Start: ln.Start, End: ln.End})
			continue
		}
		es = append(es, Edge{U: u, V: v, Start: ln.Start, End: ln.End})
	}
	return u, es, nil
}

// csvCellDirection sets the direction an edge column's cells are written
// with: arrows one way, "<->" or dashes both; a mix is noted.
func csvCellDirection(r *Reading, dirs map[Direction]int) {
	if dirs[DirDirected] > 0 && dirs[DirDirected] < dirs[DirDirected]+dirs[DirUndirected]+dirs[DirUnknown] {
		r.Notes = append(r.Notes, "some edges of the table are written with a direction and some are not")
		r.Confidence = min(r.Confidence, 0.6)
		return
	}
	if r.Directed == DirUnknown && dirs[DirDirected] > 0 {
		r.Directed = DirDirected
	}
	if r.Directed == DirUnknown && dirs[DirUndirected] > 0 {
		r.Directed = DirUndirected
	}
}

// csvDedupeBoth drops the repeats of edges listed from both ends (R1
// lists R2 and R2 lists R1): one undirected edge, whose numbers must
// agree.
func csvDedupeBoth(r *Reading) {
	type key struct{ a, b string }
	seen := map[key]int{}
	out := r.Edges[:0]
	for _, e := range r.Edges {
		k := key{e.U, e.V}
		if k.b < k.a {
			k.a, k.b = k.b, k.a
		}
		if i, ok := seen[k]; ok {
			if p := out[i]; p.HasValue != e.HasValue || p.Value != e.Value {
				r.Notes = append(r.Notes, fmt.Sprintf("the edge %s–%s is listed from both ends with different numbers", k.a, k.b))
				r.Confidence = min(r.Confidence, 0.5)
			}
			continue
		}
		seen[k] = len(out)
		out = append(out, e)
	}
	r.Edges = out
}

// csvFixedColumns returns the offsets of a header line's columns when
// they stand two or more spaces apart ("from          to   trucks/day"),
// nil otherwise.
func csvFixedColumns(line string) []int {
	var cols []int
	for i := 0; i < len(line); {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		if i == len(line) {
			break
		}
		if len(cols) > 0 && (line[i-1] != ' ' || line[i-2] != ' ') {
			return nil
		}
		cols = append(cols, i)
		for i < len(line) && line[i] != ' ' {
			i++
		}
		if i+1 < len(line) && line[i+1] != ' ' {
			return nil // one space inside a column name: not a fixed-width header
		}
	}
	if len(cols) < 2 || strings.ContainsRune(line, '\t') {
		return nil
	}
	return cols
}

// csvSplitFixed cuts a row of a fixed-width table at its header's column
// offsets: each cut must fall after a space ("Hub Marseille Store 12" cuts
// before "Store" under "to"), and no cell may be empty.
func csvSplitFixed(d *Doc, ln textLine, cols []int) ([]string, []int, bool) {
	row := d.Text[ln.Start:ln.End]
	fields := make([]string, 0, len(cols))
	starts := make([]int, 0, len(cols))
	for k, c := range cols {
		if c >= len(row) || c > 0 && row[c-1] != ' ' {
			return nil, nil, false
		}
		end := len(row)
		if k+1 < len(cols) {
			end = min(cols[k+1], len(row))
		}
		cell := row[c:end]
		lead := len(cell) - len(strings.TrimLeft(cell, " "))
		cell = strings.TrimSpace(cell)
		if cell == "" {
			return nil, nil, false
		}
		fields = append(fields, cell)
		starts = append(starts, ln.Start+c+lead)
	}
	return fields, starts, true
}

// csvUnitMeaning is what a value column's unit says its numbers are,
// a rate ("trucks/day") by the unit before its slash.
func csvUnitMeaning(unit string) Meaning {
	u := strings.ToLower(unit)
	if m, ok := unitMeaning(u); ok {
		return m
	}
	if per, _, ok := strings.Cut(u, "/"); ok {
		if m, ok := unitMeaning(per); ok {
			return m
		}
	}
	return MeaningNone
}
