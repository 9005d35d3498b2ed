package extract

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// CSVTable reads tables with a header row written in a question: CSV, TSV,
// semicolon- or space-separated, and Markdown tables ("| source | target |
// weight |" with a "|---|" rule). An edge table names its ends ("source,
// target", "from,to", "u,v", "node1,node2", or a pair such as
// "city_a,city_b") and optionally a number column ("weight", "cost",
// "distance", "miles", "capacity"), in any order, with other columns
// ignored. A node table ("id,label", "node,class", "node,x1,x2") gives node
// labels and feature vectors. Quoted fields ("New York") are unquoted.
//
// The table ends at a blank line or at a line that is not a row of short
// fields (a sentence). A row with the wrong number of fields, a bad quote,
// or a non-number in the number column is an error wrapping
// graph.ErrSyntax naming its line and column.
type CSVTable struct{}

// Name names the notation.
func (CSVTable) Name() string { return "table" }

// csvColumn is what a header names a column.
type csvColumn uint8

const (
	csvOther csvColumn = iota
	csvSource
	csvTarget
	csvValue
	csvNode
	csvLabel
	csvFeature // a component of a node's feature vector: "x1", "f_2", "emb0"
	// csvNeighbours lists the row's node's neighbours ("neighbours",
	// "connected_to", "friends"): edges both ways; csvSuccessors the nodes
	// it points to ("children").
	csvNeighbours
	csvSuccessors
	// csvPredecessors lists the nodes that come before the row's node
	// ("depends on", "prerequisites"): an edge from each to it.
	csvPredecessors
	// csvEdgeCell holds a whole edge in one cell ("Road": "Leeds – York").
	csvEdgeCell
)

// csvFeatureName matches column names of feature-vector components.
var csvFeatureName = regexp.MustCompile(`^(?:x|f|h|z|feat|feature|emb|embedding|dim|component)_?\d+$`)

// csvColumnFirst marks the first bytes of csvColumnNames' keys, so most
// words are known to name no column without a map look-up; it is only
// read.
var csvColumnFirst = func() (t [256]bool) {
	for name := range csvColumnNames {
		t[name[0]] = true
	}
	return t
}()

// csvUnitColumn reads a value column named with its unit: "distance (km)",
// "cost [$]", "time (min)", or a unit alone ("minutes", "usd"). base is the
// name without the unit ("distance"; the unit itself when alone).
func csvUnitColumn(name string) (base, unit string, ok bool) {
	if k := strings.IndexAny(name, "(["); k > 0 && (strings.HasSuffix(name, ")") || strings.HasSuffix(name, "]")) {
		base = strings.TrimSpace(name[:k])
		unit = strings.TrimSpace(name[k+1 : len(name)-1])
		if b := csvValueName(base); b != "" && unit != "" && !strings.ContainsAny(unit, "()[]") {
			return b, unit, true
		}
		return "", "", false
	}
	if _, ok := unitMeaning(name); ok {
		return name, name, true
	}
	if per, _, ok := strings.Cut(name, "/"); ok && per != "" {
		// "trucks/day", "km/h": a rate of the unit before the slash.
		if _, ok := unitMeaning(per); ok {
			return name, name, true
		}
	}
	return "", "", false
}

// csvMeasureName reports whether a column's name is a word with a unit
// in brackets that names no value column: "dia(mm)", "age (yrs)", a
// column's name, never a sentence's word, though its role is unknown.
func csvMeasureName(name string) bool {
	k := strings.IndexAny(name, "([")
	if k <= 0 || !(strings.HasSuffix(name, ")") || strings.HasSuffix(name, "]")) {
		return false
	}
	_, ok := unitMeaning(strings.TrimSpace(name[k+1 : len(name)-1]))
	return ok
}

// csvValueName returns the value name a column's name is, or ends in
// ("capacity", "rated capacity", "travel time"), "" when none.
func csvValueName(name string) string {
	if csvColumnNames[name] == csvValue {
		return name
	}
	if k := strings.LastIndexByte(name, ' '); k > 0 && strings.Count(name, " ") <= 2 {
		if last := name[k+1:]; csvColumnNames[last] == csvValue {
			return last
		}
	}
	return ""
}

// csvNumberCell reports whether a field is written as a number ("14,5",
// "600", "$3"), whatever the unit.
func csvNumberCell(f string) bool {
	f = strings.TrimLeft(strings.TrimSpace(f), "$€£¥+-~≈")
	return f != "" && '0' <= f[0] && f[0] <= '9'
}

// csvMaxField is the longest field of a table row; a longer one is prose.
const csvMaxField = 48

// csvSeps are the separators tried on a header line, in order.
var csvSeps = [...]rune{'\t', ',', ';', '|', ' '}

// csvHeader is a recognised header line.
type csvHeader struct {
	sep      rune
	names    []string // lower-case column names
	cols     []csvColumn
	units    []string // per column, the unit its name gives ("distance (km)", "minutes"), "" none
	markdown bool     // a Markdown table: "| a | b |"
	// verb is the one-way verb whose agent and patient the source and
	// target columns are ("follower,followed": "follow"), "" none.
	verb string
	// list is the column that lists the row's node's neighbours or
	// successors, -1 none; owner is the row's node's column, -1 when the
	// table is one node's (a router's neighbour table under "R1#").
	list, owner int
	// ownerName is the node of a one-node table, from the line above.
	ownerName string
	// fixed holds, for a space-separated header whose columns stand two
	// or more spaces apart, each column's offset in its line: rows of
	// names with spaces ("Plant Lyon    DC North    40") are cut there.
	fixed []int
}

// Read implements Reader.
func (CSVTable) Read(ctx context.Context, d *Doc) (Reading, error) {
	lines := d.textLines()
	var out Reading
	tables := 0
	symmetric := false // a table lists neighbours, each edge maybe from both ends
	for i := 0; i < len(lines); i++ {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		h, ok := csvParseHeader(d, lines[i])
		if !ok || i > 0 && i+1 < len(lines) && csvRowAbove(d, lines[i-1], lines[i+1], h) {
			continue
		}
		oneNode := h.list >= 0 && h.owner < 0 && h.cols[h.list] != csvEdgeCell
		if oneNode {
			// One node's neighbour table: the node is named above it.
			if i == 0 {
				continue
			}
			if h.ownerName = csvOwnerLine(d.Text[lines[i-1].Start:lines[i-1].End]); h.ownerName == "" {
				continue
			}
		}
		r, next, err := csvReadTable(d, lines, i, h)
		if err != nil {
			return Reading{}, err
		}
		hi := i
		i = next - 1
		if r.Empty() {
			continue
		}
		if oneNode {
			r.Spans[0].Start = lines[hi-1].Start
		}
		if h.list >= 0 && h.cols[h.list] == csvNeighbours && r.Directed != DirDirected {
			symmetric = true
		}
		tables++
		if tables == 1 {
			out = r
			continue
		}
		out.mergeTable(r)
		for n, l := range r.Labels {
			if out.Labels == nil {
				out.Labels = map[string]string{}
			}
			out.Labels[n] = l
		}
		for k, v := range r.Facts {
			if out.Facts == nil {
				out.Facts = map[string]string{}
			}
			out.Facts[k] = v
		}
		if r.EdgeValue != "" && out.EdgeValue != "" && r.EdgeValue != out.EdgeValue {
			out.Notes = append(out.Notes, "two tables give different meanings to their numbers")
			out.Confidence = min(out.Confidence, 0.5)
		} else if out.EdgeValue == "" {
			out.EdgeValue = r.EdgeValue
		}
		out.Confidence = min(out.Confidence, r.Confidence)
	}
	if symmetric {
		csvDedupeBoth(&out)
	}
	return out, nil
}

// mergeTable adds a further table's nodes, edges, spans and notes to r.
func (r *Reading) mergeTable(t Reading) {
	r.Nodes = matrixUnion(r.Nodes, t.Nodes)
	r.Edges = append(r.Edges, t.Edges...)
	r.Spans = append(r.Spans, t.Spans...)
	r.Notes = append(r.Notes, t.Notes...)
}

// csvRowAbove reports whether the line above a header line is a row of
// the same shape as the line below it: then the "header" is one more row
// of a list of pairs ("A B / U V / A C": U and V are nodes, not the u and
// v columns).
func csvRowAbove(d *Doc, above, below textLine, h csvHeader) bool {
	if h.markdown {
		return false
	}
	a, _, err := csvSplit(d, above, h.sep)
	if err != nil || len(a) != len(h.cols) {
		return false
	}
	b, _, err := csvSplit(d, below, h.sep)
	if err != nil || len(b) != len(a) {
		return false
	}
	digits := func(f string) bool {
		f = strings.TrimSpace(f)
		return f != "" && strings.Trim(f, "0123456789.-") == ""
	}
	for k := range a {
		fa, fb := strings.TrimSpace(a[k]), strings.TrimSpace(b[k])
		if fa == "" || fb == "" || strings.ContainsAny(fa, " :") || digits(fa) != digits(fb) {
			return false
		}
		if _, known := csvColumnNames[strings.ToLower(fa)]; known {
			return false
		}
	}
	return true
}

// csvSplit splits a line at sep: runs of spaces for ' ', Markdown cells for
// '|', CSV fields (with quotes) otherwise. starts are the fields' offsets in
// the question.
func csvSplit(d *Doc, ln textLine, sep rune) (fields []string, starts []int, err error) {
	text := d.Text[ln.Start:ln.End]
	switch sep {
	case ' ':
		for i := 0; i < len(text); {
			for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
				i++
			}
			j := i
			for j < len(text) && text[j] != ' ' && text[j] != '\t' {
				j++
			}
			if j > i {
				fields = append(fields, text[i:j])
				starts = append(starts, ln.Start+i)
			}
			i = j
		}
		return fields, starts, nil
	case '|':
		t := strings.TrimSpace(text)
		off := strings.Index(text, t)
		t = strings.TrimPrefix(t, "|")
		if t != "" && strings.HasPrefix(strings.TrimSpace(text), "|") {
			off++
		}
		t = strings.TrimSuffix(t, "|")
		pos := off
		for _, f := range strings.Split(t, "|") {
			lead := len(f) - len(strings.TrimLeft(f, " \t"))
			fields = append(fields, strings.TrimSpace(f))
			starts = append(starts, ln.Start+pos+lead)
			pos += len(f) + 1
		}
		return fields, starts, nil
	}
	if !strings.Contains(text, `"`) {
		// No quotes: plain fields, found without the CSV machinery.
		pos := 0
		for {
			k := strings.IndexRune(text[pos:], sep)
			end := len(text)
			if k >= 0 {
				end = pos + k
			}
			f := text[pos:end]
			lead := len(f) - len(strings.TrimLeft(f, " \t"))
			fields = append(fields, strings.TrimSpace(f))
			starts = append(starts, ln.Start+pos+lead)
			if k < 0 {
				return fields, starts, nil
			}
			pos = end + utf8.RuneLen(sep)
		}
	}
	cr := csv.NewReader(strings.NewReader(text))
	cr.Comma = sep
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	rec, err := cr.Read()
	if err != nil {
		var pe *csv.ParseError
		col := 1
		if errors.As(err, &pe) {
			col = pe.Column
			err = pe.Err
		}
		return nil, nil, syntaxErrorAt(d.Text, ln.Start+max(0, col-1), "table row: "+err.Error())
	}
	// encoding/csv does not give field offsets: find each field in turn.
	pos := 0
	for _, f := range rec {
		k := strings.Index(text[pos:], f)
		if k < 0 {
			k = 0
		}
		starts = append(starts, ln.Start+pos+k)
		pos = min(len(text), pos+k+len(f))
		if q := strings.IndexRune(text[pos:], sep); q >= 0 {
			pos += q + utf8.RuneLen(sep) // past the closing quote and the separator
		}
		fields = append(fields, strings.TrimSpace(f))
	}
	return fields, starts, nil
}

// csvParseHeader recognises a header line: two or more column names, with
// both ends of an edge or a node column, under one separator.
func csvParseHeader(d *Doc, ln textLine) (csvHeader, bool) {
	line := strings.TrimSpace(d.Lower[ln.Start:ln.End])
	if len(line) < 3 || len(line) > 400 || !csvHeaderStart(strings.TrimPrefix(line, "#")) && !csvHeaderWords(d.opt.Lexicon, strings.TrimPrefix(line, "#")) {
		return csvHeader{}, false
	}
	for _, sep := range csvSeps {
		if sep != ' ' && !strings.ContainsRune(line, sep) {
			continue
		}
		lowLine := textLine{ln.Start, ln.End}
		fields, _, err := csvSplit(&Doc{Text: d.Lower, Lower: d.Lower}, lowLine, sep)
		if err != nil || len(fields) < 2 {
			continue
		}
		h := csvHeader{sep: sep, markdown: sep == '|', list: -1, owner: -1}
		var src, dst, node, label, lists, cells int
		for k, f := range fields {
			name := strings.Trim(strings.TrimSpace(f), `"'`+"`")
			if k == 0 {
				name = strings.TrimSpace(strings.TrimPrefix(name, "#")) // "#node1\tnode2": a commented header
			}
			c, known := csvColumnNames[name]
			if !known && sep != ' ' {
				if lc := csvListColumn(d.opt.Lexicon, name); lc != csvOther {
					c, known = lc, true
				}
			}
			unit := ""
			if !known {
				if base, u, ok := csvUnitColumn(name); ok {
					name, unit, c, known = base, u, csvValue, true
				} else if v := csvValueName(name); v != "" {
					name, c, known = v, csvValue, true
				}
			}
			if !known && csvFeatureName.MatchString(name) {
				c, known = csvFeature, true
			}
			if !known && (name == "" || len(name) > csvMaxField || strings.Trim(name, "0123456789.") == "") {
				// A bare number names no column: "U V 6" is a weighted
				// edge, not the header "u, v, 6".
				h.cols = nil
				break
			}
			if sep == ' ' && !known && len(h.cols) < 2 && !(len(fields) >= 2 && csvPairedOK(fields[0], fields[1])) && !(k == 0 && csvEndsAfter(fields[1:])) {
				h.cols = nil // a sentence, not a header: "u v relation" names its ends first
				break
			}
			h.names = append(h.names, name)
			h.cols = append(h.cols, c)
			h.units = append(h.units, unit)
			switch c {
			case csvSource:
				src++
			case csvTarget:
				dst++
			case csvNode:
				node++
			case csvLabel, csvFeature:
				label++ // node data: a label or a feature
			case csvNeighbours, csvSuccessors, csvPredecessors:
				lists++
			case csvEdgeCell:
				cells++
			}
		}
		if h.cols == nil {
			continue
		}
		if src == 0 && dst == 0 && lists == 0 && cells == 0 {
			// "follower,followed", "paper | cites": a one-way verb's ends
			if i, j, verb, ok := csvVerbPair(d.opt.Lexicon, h.names, h.cols); ok {
				h.cols[i], h.cols[j], h.verb = csvSource, csvTarget, verb
				src, dst = 1, 1
			}
		}
		if src == 0 && dst == 0 {
			// "city_a,city_b", "person1,person2", "from_city,to_city"
			if i, j, ok := csvPairedEnds(h.names, h.cols); ok {
				h.cols[i], h.cols[j] = csvSource, csvTarget
				src, dst = 1, 1
			}
		}
		if sep == ' ' && csvSentence(h.names, h.cols) {
			continue
		}
		if sep == ' ' {
			h.fixed = csvFixedColumns(d.Text[ln.Start:ln.End])
		}
		switch {
		case lists > 0 || cells > 0:
			if csvListHeader(&h, src, dst, lists, cells) {
				return h, true
			}
		case (src == 1 && dst == 1) || (node == 1 && label >= 1 && src == 0 && dst == 0):
			return h, true
		}
	}
	return csvHeader{}, false
}

// csvEndsAfter reports whether header fields after a first unknown one
// name both ends of an edge ("RUN FROM TO DIA(mm)", "# src dst"): the
// first column then names or numbers the rows.
func csvEndsAfter(fields []string) bool {
	src, dst := false, false
	for _, f := range fields {
		switch csvColumnNames[strings.TrimSpace(f)] {
		case csvSource:
			src = true
		case csvTarget:
			dst = true
		}
	}
	return src && dst
}

// csvSentence reports whether space-separated header words are a
// sentence rather than column names: more than one word that names no
// column, or a column named twice ("Node U is connected to node A." names
// "node" twice and holds four other words).
func csvSentence(names []string, cols []csvColumn) bool {
	unknown := 0
	for i, c := range cols {
		if c == csvOther && !csvMeasureName(names[i]) {
			unknown++
		}
		if slices.Contains(names[:i], names[i]) {
			return true
		}
	}
	return unknown > 1
}

// csvHeaderStart is the cheap test every line goes through: a header's
// first column is a known name ("source", "weight", "id") or the first of a
// pair ("city_a,city_b").
func csvHeaderStart(line string) bool {
	for len(line) > 0 && (line[0] == '|' || line[0] == ' ' || line[0] == '\t') {
		line = line[1:]
	}
	cut := func(s string) (string, string) {
		// A byte loop: strings.IndexAny builds its set at every call, and
		// every line of a question comes here.
		sep := func(c byte) bool { return c == '\t' || c == ',' || c == ';' || c == '|' || c == ' ' }
		for i := 0; i < len(s); i++ {
			if sep(s[i]) {
				j := i + 1
				for j < len(s) && sep(s[j]) {
					j++
				}
				return s[:i], s[j:]
			}
		}
		return s, ""
	}
	first, rest := cut(line)
	first = csvTrimQuotes(first)
	if first != "" && csvColumnFirst[first[0]] {
		if _, ok := csvColumnNames[first]; ok {
			return true
		}
	}
	second, rest := cut(rest)
	if csvPairedOK(first, csvTrimQuotes(second)) {
		return true
	}
	// An edge's ends after other columns ("| Van run | From | To |"): a
	// Markdown or tab-separated header whose later cells name both ends.
	if !strings.ContainsAny(line, "|\t") && (strings.ContainsAny(line, ",;") || !strings.Contains(line, "  ") && strings.Count(line, " ") > 5) {
		// Spaces alone: a fixed-width header ("RUN  FROM  TO") or a short
		// one ("no. from to km"); a longer line is prose.
		return false
	}
	ends := 0
	for f := second; f != "" || rest != ""; f, rest = cut(rest) {
		f = csvTrimQuotes(f)
		if f != "" && csvColumnFirst[f[0]] {
			if c := csvColumnNames[f]; c == csvSource || c == csvTarget {
				ends++
			}
		}
	}
	return ends >= 2
}

// csvTrimQuotes is strings.Trim(s, "\"'`"), without building the cut
// set at every call: every line of a question comes here.
func csvTrimQuotes(s string) string {
	quote := func(c byte) bool { return c == '"' || c == '\'' || c == '`' }
	for len(s) > 0 && quote(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && quote(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// csvPairedEnds finds two adjacent columns named as a pair: the same
// stem with "_a"/"_b", "1"/"2", "_1"/"_2", or "from_"/"to_",
// "source_"/"target_", "src_"/"dst_", "start_"/"end_" before it.
func csvPairedEnds(names []string, cols []csvColumn) (i, j int, ok bool) {
	for k := 0; k+1 < len(names); k++ {
		if cols[k] == csvOther && cols[k+1] == csvOther && csvPairedOK(names[k], names[k+1]) {
			return k, k + 1, true
		}
	}
	return 0, 0, false
}

// csvPairedOK reports whether two column names name the two ends of an
// edge (see csvPairedEnds).
func csvPairedOK(a, b string) bool {
	// Every pair below ends b in 'b', '2', 'o', 't' or 'v', or starts a
	// with 'f' or 's': most pairs of words fail here, before lower-casing.
	if a == "" || b == "" {
		return false
	}
	if c, d := b[len(b)-1], a[0]; c < utf8.RuneSelf && d < utf8.RuneSelf {
		c, d = c|0x20, d|0x20
		if c != 'b' && c != '2' && c != 'o' && c != 't' && c != 'v' && d != 'f' && d != 's' {
			return false
		}
	}
	return csvPairedNames(a, b)
}

// csvPairedNames is csvPairedOK's match itself, without the first-byte
// test that passes over most pairs.
func csvPairedNames(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	for _, suf := range [][2]string{{"_a", "_b"}, {"a", "b"}, {"1", "2"}, {"_1", "_2"}, {" 1", " 2"}, {"_from", "_to"}, {"_src", "_dst"}, {"_u", "_v"}} {
		if sa, ok := strings.CutSuffix(a, suf[0]); ok && len(sa) > 1 {
			if sb, ok := strings.CutSuffix(b, suf[1]); ok && sa == sb {
				return true
			}
		}
	}
	for _, pre := range [][2]string{{"from_", "to_"}, {"source_", "target_"}, {"src_", "dst_"}, {"start_", "end_"}, {"from ", "to "}} {
		if sa, ok := strings.CutPrefix(a, pre[0]); ok && sa != "" {
			if sb, ok := strings.CutPrefix(b, pre[1]); ok && sa == sb {
				return true
			}
		}
	}
	return false
}

// csvIsRule reports whether Markdown cells are a rule row ("---", ":-:").
func csvIsRule(fields []string) bool {
	for _, f := range fields {
		if strings.Trim(f, "-: ") != "" || !strings.Contains(f, "-") {
			return false
		}
	}
	return true
}

// csvRowLike reports whether fields read as a table row: every field short
// and at most three words.
func csvRowLike(fields []string, list int) bool {
	for i, f := range fields {
		if i == list {
			if len(f) > 8*csvMaxField || strings.ContainsAny(f, "?") {
				return false
			}
			for _, n := range csvSplitList(f, true) {
				if len(n) > csvMaxField || strings.Count(n, " ") > 2 {
					return false
				}
			}
			continue
		}
		if len(f) > csvMaxField || strings.Count(strings.TrimSpace(f), " ") > 2 || strings.ContainsAny(f, "?") {
			return false
		}
	}
	return true
}

// csvReadTable reads the rows under the header at lines[hi].
func csvReadTable(d *Doc, lines []textLine, hi int, h csvHeader) (Reading, int, error) {
	text := d.Text
	col := func(c csvColumn) int {
		for i, x := range h.cols {
			if x == c {
				return i
			}
		}
		return -1
	}
	src, dst, val, node, lab := col(csvSource), col(csvTarget), col(csvValue), col(csvNode), col(csvLabel)
	if h.list >= 0 {
		src, dst, node, lab = h.owner, h.list, -1, -1
	}
	edges := src >= 0 || h.list >= 0
	r := Reading{Reader: CSVTable{}.Name(), Confidence: 0.95}
	if edges {
		r.Directed = statedDirection(d.Lower)
		if val >= 0 {
			r.EdgeValue = csvMeaning(h.names[val])
		}
		csvTableDirection(&r, h, d.opt.Lexicon)
	}
	cellDirs := map[Direction]int{}
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
		}
	}
	ignored := 0
	var features []int
	for i, c := range h.cols {
		switch {
		case c == csvFeature && !edges:
			features = append(features, i)
		case i == h.list || i == h.owner:
		case c == csvOther || c == csvFeature || (edges && (c == csvNode || c == csvLabel)) || (!edges && c == csvValue):
			ignored++
		}
	}
	rows := 0
	numberCells := make([]int, len(h.cols)) // per column not read, its rows written as numbers
	// rowNumbers counts, per column, the rows numbered 1, 2, 3... in order
	// (-1 once one is not): such a column numbers the rows, no edge value.
	rowNumbers, rowBase := make([]int, len(h.cols)), make([]int, len(h.cols))
	for k := range rowBase {
		rowBase[k] = 1
	}
	units, unitMeanings := map[string]bool{}, map[Meaning]bool{}
	end := lines[hi].End
	j := hi + 1
	for ; j < len(lines); j++ {
		ln := lines[j]
		if strings.TrimSpace(text[ln.Start:ln.End]) == "" {
			break
		}
		if h.sep != ' ' && h.sep != '|' && !strings.ContainsRune(text[ln.Start:ln.End], h.sep) {
			break
		}
		if h.sep == '|' && !strings.Contains(text[ln.Start:ln.End], "|") {
			break
		}
		fields, starts, err := csvSplit(d, ln, h.sep)
		if err != nil {
			if csvLooksProse(text[ln.Start:ln.End]) {
				break
			}
			return Reading{}, j, err
		}
		if h.markdown && rows == 0 && csvIsRule(fields) {
			end = ln.End
			continue
		}
		if h.sep == ' ' && len(fields) != len(h.cols) && h.fixed != nil {
			if ff, fs, ok := csvSplitFixed(d, ln, h.fixed); ok {
				fields, starts = ff, fs
			}
		}
		if h.sep == ' ' && h.list == len(h.cols)-1 && h.cols[h.list] != csvEdgeCell && len(fields) > len(h.cols) {
			// "A  B C D": the last column lists the neighbours.
			fields = append(fields[:h.list:h.list], strings.Join(fields[h.list:], " "))
			starts = starts[:h.list+1]
		}
		if !csvRowLike(fields, h.list) || csvBlankRow(fields) {
			break // "|" or ",,": separators alone end the table
		}
		if len(fields) != len(h.cols) && h.sep == ' ' {
			if h.fixed != nil && strings.Contains(strings.TrimSpace(text[ln.Start:ln.End]), "  ") {
				// An aligned line that does not fit the columns: a row the
				// reader cannot cut, not prose.
				r.Confidence = min(r.Confidence, 0.5)
				r.Notes = append(r.Notes, fmt.Sprintf("the line %q does not fit the table's columns", strings.TrimSpace(text[ln.Start:ln.End])))
			}
			break // fields separated by spaces: a line of prose ends the table
		}
		if len(fields) != len(h.cols) && rows == 0 && (len(fields) < len(h.cols) || h.list >= 0 || h.verb != "") {
			// The first row does not fit: the line above was no header (a
			// header the lexicon's lists or verbs name is not sure enough
			// to call the row malformed).
			return Reading{}, j, nil
		}
		if len(fields) != len(h.cols) {
			at := ln.Start
			if len(fields) > len(h.cols) {
				at = starts[len(h.cols)]
			}
			return Reading{}, j, syntaxErrorAt(text, at, fmt.Sprintf("table row has %d fields; the header %q has %d", len(fields), strings.Join(h.names, string(h.sep)), len(h.cols)))
		}
		clean := func(k int) string { return strings.TrimSpace(fields[k]) }
		for k, c := range h.cols {
			if k != src && k != dst && k != val && c != csvFeature && csvNumberCell(fields[k]) {
				numberCells[k]++
				if f := strings.TrimSpace(fields[k]); rows == 0 && f == "0" {
					rowBase[k] = 0
				}
				if rowNumbers[k] >= 0 && strings.TrimSpace(fields[k]) == strconv.Itoa(rows+rowBase[k]) {
					rowNumbers[k]++
				} else {
					rowNumbers[k] = -1
				}
			}
		}
		if h.list >= 0 {
			u, es, err := csvListEdges(d, h, fields, starts, src, val, ln, cellDirs)
			if err != nil {
				return Reading{}, j, err
			}
			if u != "" {
				add(u) // a node with an empty list ("Survey site | —") is a node
			}
			for _, e := range es {
				add(e.U)
				add(e.V)
			}
			for k := range es {
				if val < 0 {
					continue
				}
				f := clean(val)
				q, ok := parseQuantity(f)
				if !ok && h.sep == ' ' && rows == 0 {
					// Words under a header of words split by spaces: prose
					// that looked like a header, no table.
					return Reading{}, j, nil
				}
				if !ok {
					return Reading{}, j, syntaxErrorAt(text, starts[val], fmt.Sprintf("%s %q is not a number", h.names[val], f))
				}
				es[k].Value, es[k].HasValue = q.v, true
				if q.unit == "" {
					q.unit = h.units[val]
					q.meaning = csvUnitMeaning(q.unit)
				}
				units[q.unit] = true
				if q.meaning != MeaningNone {
					unitMeanings[q.meaning] = true
				}
			}
			r.Edges = append(r.Edges, es...)
		} else if edges {
			u, v := clean(src), clean(dst)
			if u == "" && v == "" && rows == 0 {
				return Reading{}, j, nil // the first row is only separators: no table
			}
			if u == "" || v == "" {
				k := src
				if u != "" {
					k = dst
				}
				return Reading{}, j, syntaxErrorAt(text, starts[k], "table row has an empty "+h.names[k])
			}
			add(u)
			add(v)
			e := Edge{U: u, V: v, Start: ln.Start, End: ln.End}
			if val >= 0 {
				f := clean(val)
				q, ok := parseQuantity(f)
				if !ok && h.sep == ' ' && rows == 0 {
					// Words under a header of words split by spaces: prose
					// that looked like a header, no table.
					return Reading{}, j, nil
				}
				if !ok {
					return Reading{}, j, syntaxErrorAt(text, starts[val], fmt.Sprintf("%s %q is not a number", h.names[val], f))
				}
				e.Value, e.HasValue = q.v, true
				if q.unit == "" {
					q.unit = h.units[val]
					q.meaning = csvUnitMeaning(q.unit)
				}
				units[q.unit] = true
				if q.meaning != MeaningNone {
					unitMeanings[q.meaning] = true
				}
			}
			r.Edges = append(r.Edges, e)
		} else {
			n := clean(node)
			if n == "" {
				return Reading{}, j, syntaxErrorAt(text, starts[node], "table row has an empty "+h.names[node])
			}
			add(n)
			if lab >= 0 {
				if l := clean(lab); l != "" {
					if r.Labels == nil {
						r.Labels = map[string]string{}
					}
					r.Labels[n] = l
				}
			}
			if len(features) > 0 {
				vec := make([]float64, len(features))
				for k, c := range features {
					x, err := strconv.ParseFloat(clean(c), 64)
					if err != nil {
						return Reading{}, j, syntaxErrorAt(text, starts[c], fmt.Sprintf("%s %q is not a number", h.names[c], clean(c)))
					}
					vec[k] = x
				}
				if r.Vectors == nil {
					r.Vectors = map[string][]float64{}
				}
				r.Vectors[n] = vec
			}
		}
		rows++
		end = ln.End
	}
	if rows == 0 {
		return Reading{}, j, nil
	}
	if h.list >= 0 && h.cols[h.list] == csvEdgeCell {
		csvCellDirection(&r, cellDirs)
	}
	role := RoleGraph
	if !edges {
		role = RoleData
		if lab >= 0 {
			r.Facts = map[string]string{"label_attribute": h.names[lab]}
		}
	}
	start := lines[hi].Start + (len(text[lines[hi].Start:lines[hi].End]) - len(strings.TrimLeft(text[lines[hi].Start:lines[hi].End], " \t")))
	r.Spans = []Span{{Start: start, End: end, Role: role}}
	if ignored > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("%d column(s) of the table are not read", ignored))
	}
	if edges && h.list < 0 {
		for k, n := range numberCells {
			if n == rows && rowNumbers[k] != rows && h.cols[k] != csvValue && h.cols[k] != csvNode && h.cols[k] != csvLabel {
				// A number on every edge's row, under a header that does
				// not say what it is, may be the edges' weight.
				r.Confidence = min(r.Confidence, 0.6)
				r.Notes = append(r.Notes, fmt.Sprintf("the numbers of the column %q may be the edges' values; its header does not say", h.names[k]))
			}
		}
	}
	if edges {
		var vals []string
		for i, c := range h.cols {
			if c == csvValue {
				vals = append(vals, h.names[i])
			}
		}
		if len(vals) > 1 {
			// "weight, capacity": which the question asks by is not the
			// reader's to choose.
			r.Confidence = min(r.Confidence, 0.5)
			r.Notes = append(r.Notes, fmt.Sprintf("the table has %d number columns (%s); only the %s column is read", len(vals), strings.Join(vals, ", "), vals[0]))
		}
	}
	if edges && val >= 0 {
		csvUnits(&r, h.names[val], units, unitMeanings)
		if r.EdgeValue == MeaningCapacity && r.Directed == DirUnknown {
			// A flow through a table of lanes depends on which way they
			// go, and neither the header nor the text says.
			r.Confidence = min(r.Confidence, 0.6)
			r.Notes = append(r.Notes, "the table gives capacities, and neither it nor the text says which way its edges go")
		}
	}
	if rows == 1 && edges {
		r.Notes = append(r.Notes, "the table has one row")
	}
	if edges && csvHeaderMayBeRow(d, lines[hi], h, src, dst, r.Nodes) {
		r.Confidence = min(r.Confidence, 0.5)
		r.Notes = append(r.Notes, fmt.Sprintf("the line %q may be the table's header (columns %s) or one more edge",
			strings.TrimSpace(text[lines[hi].Start:lines[hi].End]), strings.Join(h.names, ", ")))
	}
	return r, j, nil
}

// csvUnits records the unit of a table's value column (edge_unit) and,
// when the column's name says only "weight", "value" or "time", takes its
// meaning from the unit ("460 km" is a distance); values with different
// units or meanings make the reading uncertain.
func csvUnits(r *Reading, name string, units map[string]bool, meanings map[Meaning]bool) {
	if len(units) > 1 {
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, fmt.Sprintf("the %s column mixes units", name))
		return
	}
	for u := range units {
		if u != "" {
			r.Facts = map[string]string{"edge_unit": u}
		}
	}
	if len(meanings) == 1 && r.EdgeValue == MeaningWeight {
		for m := range meanings {
			r.EdgeValue = m
		}
	}
}

// csvHeaderMayBeRow reports whether an edge table's header line could as
// well be its first edge: its end cells are single letters ("U V", "u v")
// over rows whose ends are letter names too, either single letters or
// names that reuse the header's letters. "u v" over numeric rows, or
// "source target", is a header; "U V" over "A A" is an edge U–V as much
// as a header, and the reading must not guess. A header with a number
// column ("u v w") is never a row: "w" is not a number.
func csvHeaderMayBeRow(d *Doc, ln textLine, h csvHeader, src, dst int, nodes []string) bool {
	if h.markdown {
		return false
	}
	for _, c := range h.cols {
		if c == csvValue {
			return false
		}
	}
	cells, _, err := csvSplit(d, ln, h.sep)
	if err != nil || len(cells) != len(h.cols) {
		return false
	}
	letter := func(s string) bool {
		r, n := utf8.DecodeRuneInString(s)
		return n == len(s) && n > 0 && unicode.IsLetter(r)
	}
	hu, hv := strings.TrimSpace(cells[src]), strings.TrimSpace(cells[dst])
	if !letter(hu) || !letter(hv) {
		return false
	}
	letters := true
	for _, n := range nodes {
		if strings.EqualFold(n, hu) || strings.EqualFold(n, hv) {
			return true
		}
		letters = letters && letter(n)
	}
	return letters
}

// csvLooksProse reports whether a line that failed to parse as a row is a
// sentence after the table rather than a broken row.
func csvLooksProse(line string) bool {
	return strings.Count(strings.TrimSpace(line), " ") >= 4 || strings.ContainsAny(line, "?")
}

// csvBlankRow reports whether every field of a row is empty: a line of
// separators alone, no row.
func csvBlankRow(fields []string) bool {
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}
