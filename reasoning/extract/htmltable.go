package extract

import (
	"context"
	"errors"
	"html"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// HTMLTable reads HTML tables written in a question ("<table><tr><th>Source
// </th><th>Target</th><th>Cost</th></tr><tr><td>A</td><td>B</td><td>$300
// </td></tr>...</table>"), as a page's table is pasted. The first row is
// the header; each column's role comes from its name as in a CSV table
// (CSVTable: source, target, a value with its unit, node labels). Tags
// inside cells are dropped and entities decoded ("&amp;").
//
// A table whose cells do not make a header and rows is not read; one whose
// rows do not fit its header is an error wrapping graph.ErrSyntax at the
// table's line.
type HTMLTable struct{}

// Name names the notation.
func (HTMLTable) Name() string { return "HTML table" }

// htmlMaxTables bounds the tables read in one question.
const htmlMaxTables = 16

// Read implements Reader.
func (HTMLTable) Read(ctx context.Context, d *Doc) (Reading, error) {
	v := d.words()
	if !v.has("table") || !v.has("tr") {
		return Reading{}, nil
	}
	var out Reading
	for off, n := 0, 0; off < len(d.Lower) && n < htmlMaxTables; n++ {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		k := strings.Index(d.Lower[off:], "<table")
		if k < 0 {
			break
		}
		s := off + k
		e := strings.Index(d.Lower[s:], "</table>")
		if e < 0 {
			return Reading{}, syntaxErrorAt(d.Text, s, "HTML table: <table> is not closed")
		}
		e += s + len("</table>")
		off = e
		r, err := htmlTableReading(ctx, d, s, e)
		if err != nil {
			return Reading{}, err
		}
		if r.Empty() {
			continue
		}
		if out.Reader == "" {
			out = r
		} else {
			mergeGraphReading(&out, r, "HTML table")
		}
	}
	return out, nil
}

// htmlTableReading reads the table text[s:e] by writing its rows as
// tab-separated lines and reading those as a CSV table; the reading's
// spans and edges are the HTML table's.
func htmlTableReading(ctx context.Context, d *Doc, s, e int) (Reading, error) {
	rows := htmlRows(d.Text[s:e], d.Lower[s:e])
	if len(rows) < 2 {
		return Reading{}, nil
	}
	var sb strings.Builder
	for _, row := range rows {
		for i, c := range row {
			if i > 0 {
				sb.WriteByte('\t')
			}
			sb.WriteString(c)
		}
		sb.WriteByte('\n')
	}
	inner := newDoc(sb.String(), d.opt)
	r, err := CSVTable{}.Read(ctx, inner)
	if err != nil {
		var se *graph.SyntaxError
		if errors.As(err, &se) {
			return Reading{}, syntaxErrorAt(d.Text, s, "HTML table, row "+strconv.Itoa(se.Line)+": "+se.Msg)
		}
		return Reading{}, err
	}
	if r.Empty() {
		return Reading{}, nil
	}
	r.Reader = HTMLTable{}.Name()
	for i := range r.Edges {
		r.Edges[i].Start, r.Edges[i].End = s, e
	}
	role := RoleGraph
	if len(r.Edges) == 0 {
		role = RoleData
	}
	r.Spans = []Span{{Start: s, End: e, Role: role}}
	r.NodeStarts = nil
	return r, nil
}

// htmlRows returns the cells of each "<tr>" of a table, as text: tags
// dropped, entities decoded, spaces collapsed. Tab and newline inside a
// cell become spaces, so a cell is one field.
func htmlRows(text, lower string) [][]string {
	var rows [][]string
	for off := 0; off < len(lower); {
		k := strings.Index(lower[off:], "<tr")
		if k < 0 {
			break
		}
		rs := off + k
		re := len(lower)
		if k := strings.Index(lower[rs:], "</tr"); k >= 0 {
			re = rs + k
		}
		if k := strings.Index(lower[rs+3:], "<tr"); k >= 0 && rs+3+k < re {
			re = rs + 3 + k // "<tr><td>1<tr>": the next row ends this one
		}
		var cells []string
		for c := rs; c < re; {
			a := htmlCellOpen(lower[c:re])
			if a < 0 {
				break
			}
			a += c
			open := strings.IndexByte(lower[a:re], '>')
			if open < 0 {
				break
			}
			cs := a + open + 1
			ce := htmlCellEnd(lower[cs:re]) + cs
			cells = append(cells, htmlText(text[cs:ce]))
			c = ce
		}
		if len(cells) > 0 {
			rows = append(rows, cells)
		}
		off = re // re > rs: the next row starts at or after it
	}
	return rows
}

// htmlCellOpen finds the next "<td" or "<th" in s; -1 when none.
func htmlCellOpen(s string) int {
	td, th := strings.Index(s, "<td"), strings.Index(s, "<th")
	switch {
	case td < 0:
		return th
	case th < 0:
		return td
	}
	return min(td, th)
}

// htmlCellEnd finds where a cell's content ends: at "</td", "</th" or the
// next cell's opening.
func htmlCellEnd(s string) int {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '<')
		if k < 0 {
			return len(s)
		}
		i += k
		if t := s[i+1:]; strings.HasPrefix(t, "/td") || strings.HasPrefix(t, "/th") || strings.HasPrefix(t, "td") ||
			strings.HasPrefix(t, "th") {
			return i
		}
		i++
	}
}

// htmlText is a cell's text: tags dropped, entities decoded, runs of
// spaces one space.
func htmlText(s string) string {
	var sb strings.Builder
	for {
		k := strings.IndexByte(s, '<')
		if k < 0 {
			sb.WriteString(s)
			break
		}
		sb.WriteString(s[:k])
		e := strings.IndexByte(s[k:], '>')
		if e < 0 {
			break
		}
		s = s[k+e+1:]
	}
	return strings.Join(strings.Fields(html.UnescapeString(sb.String())), " ")
}
