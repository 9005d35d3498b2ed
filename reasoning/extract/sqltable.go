package extract

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// SQLTable reads an SQL dump written in a question:
//
//	CREATE TABLE roads (src TEXT, dst TEXT, km INT);
//	INSERT INTO roads VALUES ('a', 'b', 5), ('b', 'c', 7);
//	INSERT INTO roads (dst, src, km) VALUES ('d', 'c', 2);
//
// The columns come from the INSERT's column list or else the table's
// CREATE TABLE, and take their roles from their names as a CSV header's do
// (CSVTable: source and target, a value with its meaning and unit, node
// labels), so "(id, src, dst)" is never read as an edge from the id. Rows
// of a table whose columns are unknown are not read; a statement starts its
// line. A row with the wrong number of values is an error wrapping
// graph.ErrSyntax.
type SQLTable struct{}

// Name names the notation.
func (SQLTable) Name() string { return "SQL table" }

// sqlStmt is one statement read: the table's columns or an INSERT's rows.
type sqlStmt struct {
	table string
	cols  []string
	rows  [][]string
	s, e  int
}

// Read implements Reader.
func (SQLTable) Read(ctx context.Context, d *Doc) (Reading, error) {
	v := d.words()
	if !v.has("insert") || !v.has("into") || !v.has("values") {
		return Reading{}, nil
	}
	tables := map[string][]string{} // CREATE TABLE's columns
	type group struct {
		cols []string
		rows [][]string
		s, e int
	}
	var groups []*group
	byKey := map[string]*group{}
	lower := d.Lower
	for off := 0; off < len(lower); {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		c := strings.Index(lower[off:], "create table")
		i := strings.Index(lower[off:], "insert into")
		if c < 0 && i < 0 {
			break
		}
		at := off + i
		create := c >= 0 && (i < 0 || c < i)
		if create {
			at = off + c
		}
		end := sqlStatementEnd(d.Text, at)
		off = end
		if !dotAtLineStart(d.Text, at) {
			continue // a statement starts its line (after spaces, a fence or "SQL:")
		}
		if create {
			name, cols, ok := sqlCreate(d.Text[at:end])
			if ok {
				tables[name] = cols
			}
			continue
		}
		st, err := sqlInsert(d.Text, at, end)
		if err != nil {
			return Reading{}, err
		}
		if st.table == "" {
			continue
		}
		cols := st.cols
		if cols == nil {
			cols = tables[strings.ToLower(st.table)]
		}
		if cols == nil {
			continue
		}
		key := strings.ToLower(st.table) + "\x00" + strings.ToLower(strings.Join(cols, "\t"))
		g := byKey[key]
		if g == nil {
			g = &group{cols: cols, s: st.s}
			byKey[key] = g
			groups = append(groups, g)
		}
		for _, r := range st.rows {
			if len(r) != len(cols) {
				return Reading{}, syntaxErrorAt(d.Text, st.s, "SQL INSERT: a row has "+strconv.Itoa(len(r))+" values for "+strconv.Itoa(len(cols))+" columns")
			}
		}
		g.rows = append(g.rows, st.rows...)
		g.e = st.e
	}
	var out Reading
	for _, g := range groups {
		var sb strings.Builder
		sb.WriteString(strings.Join(g.cols, "\t"))
		sb.WriteByte('\n')
		for _, r := range g.rows {
			sb.WriteString(strings.Join(r, "\t"))
			sb.WriteByte('\n')
		}
		r, err := CSVTable{}.Read(ctx, newDoc(sb.String(), d.opt))
		if err != nil {
			var se *graph.SyntaxError
			if errors.As(err, &se) {
				return Reading{}, syntaxErrorAt(d.Text, g.s, "SQL table: "+se.Msg)
			}
			return Reading{}, err
		}
		if r.Empty() || len(r.Edges) == 0 {
			continue
		}
		r.Reader = SQLTable{}.Name()
		if dir := statedDirection(d.Lower); dir != DirUnknown || r.Directed == DirUnknown {
			r.Directed = dir // the text's word, else the header's ("follower, followee")
		}
		for i := range r.Edges {
			r.Edges[i].Start, r.Edges[i].End = g.s, g.e
		}
		r.NodeStarts = nil
		r.Spans = []Span{{Start: g.s, End: g.e, Role: RoleGraph}}
		if out.Reader == "" {
			out = r
		} else {
			mergeGraphReading(&out, r, "SQL table")
		}
	}
	// The CREATE TABLE statements are accounted for with the rows.
	if out.Reader != "" {
		for off := 0; off < len(lower); {
			c := strings.Index(lower[off:], "create table")
			if c < 0 {
				break
			}
			end := sqlStatementEnd(d.Text, off+c)
			out.Spans = append(out.Spans, Span{Start: off + c, End: end, Role: RoleDeclaration})
			off = end
		}
	}
	return out, nil
}

// sqlStatementEnd returns the end of the statement at text[s]: after its
// ';' outside quotes, or at a blank line or the text's end.
func sqlStatementEnd(text string, s int) int {
	quote := byte(0)
	for i := s; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == ';':
			return i + 1
		case c == '\n' && i+1 < len(text) && (text[i+1] == '\n' || text[i+1] == '\r'):
			return i
		}
	}
	return len(text)
}

// sqlCreate reads "CREATE TABLE name (col type ..., ...)": the table's
// name (lower case) and its column names.
func sqlCreate(st string) (string, []string, bool) {
	rest := strings.TrimSpace(st[len("create table"):])
	if low := strings.ToLower(rest); strings.HasPrefix(low, "if not exists") {
		rest = strings.TrimSpace(rest[len("if not exists"):])
	}
	k := strings.IndexByte(rest, '(')
	e := strings.LastIndexByte(rest, ')')
	if k <= 0 || e < k {
		return "", nil, false
	}
	name := strings.ToLower(sqlUnquote(strings.TrimSpace(rest[:k])))
	var cols []string
	for _, def := range nxSplitArgs(rest[k+1 : e]) {
		f := strings.Fields(def)
		if len(f) == 0 {
			continue
		}
		switch strings.ToUpper(f[0]) {
		case "PRIMARY", "FOREIGN", "UNIQUE", "CONSTRAINT", "CHECK", "KEY", "INDEX":
			continue // a table constraint, not a column
		}
		cols = append(cols, sqlUnquote(f[0]))
	}
	return name, cols, name != "" && len(cols) > 0
}

// sqlInsert reads "INSERT INTO name [(cols)] VALUES (...), (...)" at
// text[s:e].
func sqlInsert(text string, s, e int) (sqlStmt, error) {
	st := sqlStmt{s: s, e: e}
	body := text[s+len("insert into") : e]
	low := strings.ToLower(body)
	vk := strings.Index(low, "values")
	if vk < 0 {
		return sqlStmt{}, nil
	}
	head := strings.TrimSpace(body[:vk])
	if k := strings.IndexByte(head, '('); k >= 0 {
		if !strings.HasSuffix(head, ")") {
			return sqlStmt{}, nil
		}
		for _, c := range nxSplitArgs(head[k+1 : len(head)-1]) {
			st.cols = append(st.cols, sqlUnquote(c))
		}
		head = strings.TrimSpace(head[:k])
	}
	st.table = sqlUnquote(head)
	if st.table == "" || strings.ContainsAny(st.table, " \t\n") {
		return sqlStmt{}, nil
	}
	vals := strings.TrimRight(strings.TrimSpace(body[vk+len("values"):]), ";")
	if !strings.HasPrefix(vals, "(") || !nxIdent(strings.Trim(st.table, ".")) && !strings.Contains(st.table, ".") {
		return sqlStmt{}, nil // "insert into the values table": prose
	}
	for _, tuple := range nxSplitArgs(vals) {
		tuple = strings.TrimSpace(tuple)
		if len(tuple) < 2 || tuple[0] != '(' || tuple[len(tuple)-1] != ')' {
			return sqlStmt{}, syntaxErrorAt(text, s, "SQL INSERT: a row is not in parentheses: "+clip(tuple, 40))
		}
		var row []string
		for _, v := range nxSplitArgs(tuple[1 : len(tuple)-1]) {
			row = append(row, strings.ReplaceAll(sqlUnquote(v), "\t", " "))
		}
		st.rows = append(st.rows, row)
	}
	return st, nil
}

// sqlUnquote removes SQL quotes ('x', "x", `x`, [x]) around s.
func sqlUnquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 {
		switch {
		case s[0] == '\'' && s[len(s)-1] == '\'', s[0] == '"' && s[len(s)-1] == '"', s[0] == '`' && s[len(s)-1] == '`',
			s[0] == '[' && s[len(s)-1] == ']':
			return strings.ReplaceAll(s[1:len(s)-1], "''", "'")
		}
	}
	return s
}
