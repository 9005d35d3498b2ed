package extract

import (
	"context"
	"strings"
)

// YAMLMaps reads graphs written as YAML mappings and records, the shapes
// configuration files and exports use:
//
//   - a mapping of names to flow lists under a key that names the lists
//     ("inductions:\n  Gideon: [Vinyl cutter]\n  Carlos: [Bandsaw, Laser
//     cutter]"): each name's list (top-level "A: [B, C]" lines are the
//     adjacency readers');
//   - a sequence of records with the same keys ("- pod: ledger\n
//     may_connect_to: [inventory]"): a table whose columns are the keys.
//
// Both are read as tables by shape (ShapeTable's rules): the columns'
// roles come from their values, the direction from the key's words or the
// lists' mirroring, and two kinds of things that never meet are a
// bipartite graph.
type YAMLMaps struct{}

// Name names the notation.
func (YAMLMaps) Name() string { return "YAML mapping" }

// Read implements Reader.
func (YAMLMaps) Read(ctx context.Context, d *Doc) (Reading, error) {
	if err := ctx.Err(); err != nil {
		return Reading{}, err
	}
	if !strings.Contains(d.Text, ":") {
		return Reading{}, nil
	}
	lines := d.textLines()
	for i := 0; i < len(lines); i++ {
		t, next, ok := yamlListMap(d, lines, i)
		if !ok {
			t, next, ok = yamlRecords(d, lines, i)
		}
		if !ok {
			continue
		}
		if r, ok := t.read(d); ok {
			r.Reader = YAMLMaps{}.Name()
			return r, nil
		}
		i = next - 1
	}
	return Reading{}, nil
}

// yamlLine is one "key: value" line: its indentation, key and value.
type yamlLine struct {
	indent     int
	key, value string
	item       bool // the line starts a sequence item ("- key: value")
}

// yamlParse reads a "key: value" line; ok is false for anything else.
func yamlParse(line string) (yamlLine, bool) {
	trimmed := strings.TrimLeft(line, " ")
	y := yamlLine{indent: len(line) - len(trimmed)}
	if rest, ok := strings.CutPrefix(trimmed, "- "); ok {
		y.item = true
		trimmed = strings.TrimLeft(rest, " ")
	}
	k, v, ok := strings.Cut(trimmed, ":")
	if !ok || strings.ContainsAny(k, "[]{}#\"'") {
		return yamlLine{}, false
	}
	y.key, y.value = strings.TrimSpace(k), strings.TrimSpace(v)
	if c := strings.Index(y.value, " #"); c >= 0 {
		y.value = strings.TrimSpace(y.value[:c])
	}
	if y.key == "" || len(y.key) > csvMaxField || strings.Contains(yamlUnquoted(y.value), ": ") {
		return yamlLine{}, false
	}
	return y, true
}

// yamlUnquoted is v without its quoted strings ("\"Tutorial: Wake Up\""
// holds no mapping).
func yamlUnquoted(v string) string {
	var b strings.Builder
	var quote rune
	for _, c := range v {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// yamlFlow returns a flow list's items as one list cell ("[a, b]" → "a,
// b"); ok is false when the value is no flow list.
func yamlFlow(v string) (string, bool) {
	if !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
		return "", false
	}
	items := nxSplitArgs(v[1 : len(v)-1]) // commas outside quotes and brackets
	for i := range items {
		items[i] = csvTrimQuotes(strings.TrimSpace(items[i]))
	}
	return strings.Join(items, ", "), true
}

// yamlListMap finds a mapping of names to flow lists starting at line i:
// two or more lines at one indentation, "name: [a, b]". The key of the
// line above it, at a lesser indentation, names the lists' column.
func yamlListMap(d *Doc, lines []textLine, i int) (shapeTable, int, bool) {
	y, ok := yamlParse(d.Text[lines[i].Start:lines[i].End])
	if !ok || y.item {
		return shapeTable{}, 0, false
	}
	if _, flow := yamlFlow(y.value); !flow {
		return shapeTable{}, 0, false
	}
	// Under a key that names the lists ("inductions:"); top-level
	// "A: [B, C]" lines are the adjacency readers'.
	listName := ""
	if i > 0 {
		if p, ok := yamlParse(d.Text[lines[i-1].Start:lines[i-1].End]); ok && p.value == "" && p.indent < y.indent {
			listName = strings.ReplaceAll(p.key, "_", " ")
		}
	}
	if listName == "" {
		return shapeTable{}, 0, false
	}
	t := shapeTable{sep: "\t", header: []string{"name", listName}, start: lines[i].Start + y.indent}
	j := i
	for ; j < len(lines); j++ {
		z, ok := yamlParse(d.Text[lines[j].Start:lines[j].End])
		if !ok || z.item || z.indent != y.indent {
			break
		}
		cell, flow := yamlFlow(z.value)
		if !flow {
			break
		}
		t.rows = append(t.rows, []string{csvTrimQuotes(z.key), cell})
		t.lines = append(t.lines, lines[j])
		t.end = lines[j].End
	}
	return t, j, len(t.rows) >= 2
}

// yamlRecords finds a sequence of two or more records with the same keys
// starting at line i ("- pod: ledger" then "  may_connect_to: [a]"): a
// table with a column per key.
func yamlRecords(d *Doc, lines []textLine, i int) (shapeTable, int, bool) {
	y, ok := yamlParse(d.Text[lines[i].Start:lines[i].End])
	if !ok || !y.item {
		return shapeTable{}, 0, false
	}
	t := shapeTable{sep: "\t", start: lines[i].Start + y.indent}
	var row []string
	flush := func() bool {
		if row == nil {
			return true
		}
		if len(row) != len(t.header) {
			return false
		}
		t.rows = append(t.rows, row)
		row = nil
		return true
	}
	j := i
	for ; j < len(lines); j++ {
		z, ok := yamlParse(d.Text[lines[j].Start:lines[j].End])
		if !ok || z.indent < y.indent || z.item && z.indent != y.indent {
			break
		}
		value := csvTrimQuotes(z.value)
		if cell, flow := yamlFlow(z.value); flow {
			value = cell
		}
		if z.item {
			if !flush() {
				return shapeTable{}, 0, false
			}
			row = []string{}
			t.lines = append(t.lines, lines[j])
		} else if row == nil {
			break
		}
		k := len(row)
		key := strings.ReplaceAll(z.key, "_", " ")
		if len(t.rows) == 0 {
			if k != len(t.header) {
				return shapeTable{}, 0, false
			}
			t.header = append(t.header, key)
		} else if k >= len(t.header) || !strings.EqualFold(t.header[k], key) {
			return shapeTable{}, 0, false
		}
		row = append(row, value)
		last := len(t.lines) - 1
		t.lines[last].End = lines[j].End
		t.end = lines[j].End
	}
	if !flush() || len(t.header) < 2 {
		return shapeTable{}, 0, false
	}
	return t, j, len(t.rows) >= 2
}
