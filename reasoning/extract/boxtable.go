package extract

import (
	"context"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
)

// BoxTable reads tables drawn with borders, as query consoles print them:
// Neo4j's browser and cypher-shell (╒═══╤═══╕ / │ a.name │ b.name │ /
// ╞═══╪═══╡ / └───┴───┘), MySQL's (+----+----+ / | a | b |) and psql's
// (" a | b" over "---+---", then "(3 rows)"). The first row of cells is
// the header; each column's role comes from its name as in a CSV table
// (CSVTable), and a query's "a.name, b.name" — two variables' same
// property — names the two ends, the first the source. Quoted cells
// ("Kings Cross") are unquoted.
//
// The direction is the text's word, else the query's pattern above the
// table: "(a)-[:R]->(b)" one way from a to b, "(a)-[:R]-(b)" both ways; the
// query line is the table's notation key. A reversed pattern ("(a)<-[:R]-
// (b)") is not guessed: the reading says so. A table whose columns name
// no edge's ends is not read.
type BoxTable struct{}

// Name names the notation.
func (BoxTable) Name() string { return "boxed table" }

// boxRune reports whether r draws a border: box-drawing characters and
// the ASCII ones consoles use.
func boxRune(r rune) bool {
	return r >= 0x2500 && r <= 0x257F || r == '+' || r == '-' || r == '=' || r == ':' || r == '|'
}

// boxSep reports whether r separates cells.
func boxSep(r rune) bool { return r == '│' || r == '║' || r == '┃' || r == '|' }

// boxLineKind is 1 for a border line ("╞═══╪═══╡", "+---+", "---+---"),
// 2 for a line of cells ("│ a │ b │", "| a | b |", " a | b "), 0 otherwise.
func boxLineKind(line string) int {
	t := strings.TrimSpace(line)
	if t == "" {
		return 0
	}
	border, drawn := true, 0
	for _, r := range t {
		switch {
		case r == ' ':
		case boxRune(r):
			drawn++
		default:
			border = false
		}
	}
	if border && drawn >= 3 {
		return 1
	}
	if strings.IndexFunc(t, boxSep) >= 0 {
		return 2
	}
	return 0
}

// boxBorderOwn reports whether a border line is a console's, not a
// Markdown rule ("|---|---|", which CSVTable reads).
func boxBorderOwn(line string) bool {
	return strings.ContainsFunc(line, func(r rune) bool { return r >= 0x2500 && r <= 0x257F || r == '+' || r == '=' })
}

// boxCells splits a line of cells at its separators, trims and unquotes
// the cells.
func boxCells(line string) []string {
	t := strings.TrimSpace(line)
	if r, n := utf8.DecodeRuneInString(t); n > 0 && boxSep(r) {
		t = t[n:]
	}
	if r, n := utf8.DecodeLastRuneInString(t); n > 0 && boxSep(r) {
		t = t[:len(t)-n]
	}
	var parts []string
	for {
		k := strings.IndexFunc(t, boxSep)
		if k < 0 {
			parts = append(parts, t)
			break
		}
		parts = append(parts, t[:k])
		_, n := utf8.DecodeRuneInString(t[k:])
		t = t[k+n:]
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if len(p) >= 2 && (p[0] == '"' && p[len(p)-1] == '"' || p[0] == '\'' && p[len(p)-1] == '\'') {
			p = p[1 : len(p)-1]
		}
		out[i] = p
	}
	return out
}

// boxHeaderNames renames a query's "a.name, b.name" header to "source,
// target": two variables' same property, a node's name or id. Other
// "r.km" names keep their property ("km"). Names without a variable stay.
func boxHeaderNames(names []string) []string {
	out := make([]string, len(names))
	type vp struct{ v, p string }
	var parts []vp
	for i, n := range names {
		v, p, ok := strings.Cut(strings.ToLower(n), ".")
		if !ok || v == "" || p == "" || strings.ContainsAny(v, " ()") {
			out[i] = n
			parts = append(parts, vp{})
			continue
		}
		out[i] = p
		parts = append(parts, vp{v, p})
	}
	for i := range parts {
		for j := i + 1; j < len(parts); j++ {
			if parts[i].v != "" && parts[i].p == parts[j].p && parts[i].v != parts[j].v && csvColumnNames[parts[i].p] == csvNode {
				out[i], out[j] = "source", "target"
				return out
			}
		}
	}
	return out
}

// Read implements Reader.
func (BoxTable) Read(ctx context.Context, d *Doc) (Reading, error) {
	// One search per sign: strings.ContainsAny decodes every rune of the
	// text when a sign is not ASCII.
	if strings.IndexByte(d.Text, '|') < 0 && !strings.Contains(d.Text, "│") && !strings.Contains(d.Text, "║") && !strings.Contains(d.Text, "┃") {
		return Reading{}, nil
	}
	lines := d.textLines()
	var out Reading
	for i := 0; i < len(lines); i++ {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		if boxLineKind(d.Text[lines[i].Start:lines[i].End]) == 0 {
			continue
		}
		j, own, cells := i, false, 0
		for ; j < len(lines); j++ {
			ln := d.Text[lines[j].Start:lines[j].End]
			k := boxLineKind(ln)
			if k == 0 {
				break
			}
			if k == 1 {
				own = own || boxBorderOwn(ln)
			} else {
				cells++
			}
		}
		if !own || cells < 2 {
			i = j
			continue
		}
		r, err := boxRead(ctx, d, lines, i, j)
		if err != nil {
			return Reading{}, err
		}
		i = j
		if r.Empty() {
			continue
		}
		if out.Reader == "" {
			out = r
		} else {
			mergeGraphReading(&out, r, "boxed table")
		}
	}
	return out, nil
}

// boxRead reads the table of lines[s:e].
func boxRead(ctx context.Context, d *Doc, lines []textLine, s, e int) (Reading, error) {
	var sb strings.Builder
	var from []int // the question's line of each line of sb
	header := true
	width := 0
	for k := s; k < e; k++ {
		ln := d.Text[lines[k].Start:lines[k].End]
		if boxLineKind(ln) != 2 {
			continue
		}
		cells := boxCells(ln)
		if len(cells) < 2 {
			return Reading{}, nil
		}
		if header {
			cells = boxHeaderNames(cells)
			width = len(cells)
			header = false
		} else if len(cells) != width {
			return Reading{}, syntaxErrorAt(d.Text, lines[k].Start, "boxed table: a row's cells do not fit its header")
		}
		for _, c := range cells {
			if strings.ContainsAny(c, "\t\n") {
				return Reading{}, nil
			}
		}
		sb.WriteString(strings.Join(cells, "\t"))
		sb.WriteByte('\n')
		from = append(from, k)
	}
	inner := newDoc(sb.String(), d.opt)
	r, err := CSVTable{}.Read(ctx, inner)
	if err != nil {
		var se *graph.SyntaxError
		if errors.As(err, &se) {
			return Reading{}, syntaxErrorAt(d.Text, lines[s].Start, "boxed table: "+se.Msg)
		}
		return Reading{}, err
	}
	if r.Empty() || len(r.Edges) == 0 {
		return Reading{}, nil
	}
	r.Reader = BoxTable{}.Name()
	innerLines := inner.textLines()
	at := func(off int) textLine {
		for k, il := range innerLines {
			if off < il.End || k == len(innerLines)-1 {
				return lines[from[min(k, len(from)-1)]]
			}
		}
		return lines[s]
	}
	for i := range r.Edges {
		ln := at(r.Edges[i].Start)
		r.Edges[i].Start, r.Edges[i].End = ln.Start, ln.End
	}
	r.NodeStarts = nil
	end := lines[e-1].End
	// psql's "(3 rows)", MySQL's "3 rows in set (0.00 sec)" after the table.
	if e < len(lines) {
		t := strings.TrimSpace(d.Lower[lines[e].Start:lines[e].End])
		if boxRowCount(t) {
			end = lines[e].End
		}
	}
	r.Spans = []Span{{Start: lines[s].Start, End: end, Role: RoleGraph}}
	dir := statedDirection(d.Lower)
	if q, qdir, ok := boxQuery(d, lines, s); ok {
		r.Spans = append(r.Spans, Span{Start: q.Start, End: q.End, Role: RoleKey})
		switch {
		case dir != DirUnknown:
		case qdir == boxReversed:
			r.Notes = append(r.Notes, "the query's pattern points from the second column to the first")
			r.Confidence = min(r.Confidence, 0.5)
		case qdir == boxForward:
			dir = DirDirected
		case qdir == boxBoth:
			dir = DirUndirected
		}
	}
	if dir != DirUnknown || r.Directed == DirUnknown {
		r.Directed = dir
	}
	return r, nil
}

type boxPattern uint8

const (
	boxNone boxPattern = iota
	boxForward
	boxReversed
	boxBoth
)

// boxQuery finds the query a boxed table answers, on one of the three
// lines above it: a line with MATCH and RETURN (Cypher) or SELECT. It
// returns the line and, for Cypher, the direction of its relationship
// pattern.
func boxQuery(d *Doc, lines []textLine, s int) (textLine, boxPattern, bool) {
	for k := s - 1; k >= 0 && k >= s-3; k-- {
		low := d.Lower[lines[k].Start:lines[k].End]
		if strings.TrimSpace(low) == "" {
			continue
		}
		if strings.Contains(low, "select ") && strings.Contains(low, " from ") {
			return lines[k], boxNone, true
		}
		if !strings.Contains(low, "match") || !strings.Contains(low, "return") {
			continue
		}
		p := boxNone
		switch {
		case strings.Contains(low, "]->") || strings.Contains(low, ")-->("):
			p = boxForward
		case strings.Contains(low, "<-["), strings.Contains(low, ")<--("):
			p = boxReversed
		case strings.Contains(low, "]-(") || strings.Contains(low, ")--("):
			p = boxBoth
		}
		if p == boxForward || p == boxReversed {
			// Which variable comes first in the pattern decides the way:
			// "(b)<-[]-(a)" is a to b as much as "(a)-[]->(b)".
			p = boxPatternOrder(low, p)
		}
		return lines[k], p, true
	}
	return textLine{}, boxNone, false
}

// boxPatternOrder checks the pattern's variables against the RETURN
// order: the first returned variable must be where the arrow starts.
func boxPatternOrder(low string, p boxPattern) boxPattern {
	m := strings.Index(low, "match")
	ret := strings.Index(low, "return")
	if m < 0 || ret < m {
		return p
	}
	pattern, returned := low[m:ret], low[ret+len("return"):]
	vars := func(s string) []string {
		var out []string
		for i := 0; i < len(s); i++ {
			if s[i] != '(' {
				continue
			}
			j := i + 1
			for j < len(s) && (s[j] == '_' || unicode.IsLetter(rune(s[j])) || unicode.IsDigit(rune(s[j]))) {
				j++
			}
			if j > i+1 {
				out = append(out, s[i+1:j])
			}
		}
		return out
	}
	pv := vars(pattern)
	if len(pv) < 2 {
		return p
	}
	first := strings.TrimSpace(returned)
	if k := strings.IndexAny(first, ".,) "); k > 0 {
		first = first[:k]
	}
	startVar := pv[0]
	if p == boxReversed {
		startVar = pv[1]
	}
	if first == startVar {
		return boxForward
	}
	return boxReversed
}

// boxRowCount reports whether a lower-case line is a console's count of
// the rows above: "(3 rows)", "1 row", "3 rows in set (0.00 sec)".
func boxRowCount(t string) bool {
	t = strings.TrimPrefix(t, "(")
	i := 0
	for i < len(t) && '0' <= t[i] && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return false
	}
	rest := strings.TrimSuffix(t[i:], ")")
	return rest == " rows" || rest == " row" || strings.HasPrefix(rest, " rows in set") || strings.HasPrefix(rest, " row in set")
}
