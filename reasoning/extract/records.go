package extract

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools/graph"
)

// RecordLines reads a graph written as repeated lines of one template, the
// way people paste logs, exports, e-mails and notes:
//
//	2024-04-01 01:16 | MRN 41408 | from: AMU | to: Cardiology | bed 14
//	  Leeds <> Wakefield   25 min
//	- make stock (10 min) — after: roast bones, trim veg
//	api-gateway → cart-svc   p99 200 ms
//	billing depends on ledger
//
// A block is three or more consecutive lines (a blank line ends it;
// bullets and numbering are not data) that share a skeleton: the same
// separators (| : ; ( ) [ ] = / arrows and dashes; commas inside a field
// may vary, which makes the field a list) and the same words at the same
// place (labels such as "from", "MRN", "after"). The parts that vary are
// slots, classified by their values over the block: names, numbers
// (with an optional unit of the lexicon), lists of names, and the rest
// (timestamps, record IDs, remarks), which are never nodes.
//
// The edges come from exactly two name slots (or a name slot and a list
// slot) whose values overlap: the same vocabulary. Their direction comes
// from the skeleton through the lexicon: labels that are table columns
// ("from:"/"to:", "after:", "depends on"), arrows ("->", "→" one way;
// "<>", "<->", "↔" both ways), dashes and slashes (both ways), relation
// verbs between the slots. A number slot is the edge's value when its
// unit is the lexicon's or its label names a value column ("cost: 5");
// the numbers of a line that lists a node's predecessors are the node's,
// not an edge's, and are not read.
//
// Precision comes first: a header row is never an edge, two name slots
// with no common value are declined (a bipartite table is not guessed),
// two candidate pairs are declined, a skeleton of column separators only
// ("a | b", "a, b", "a: b") is left to the table and adjacency readers,
// lines ending in '?' are questions, not records; a line inside a block
// that does not fit its template, a one-way reading the skeleton does not
// settle, or numbers that may be edge values but are not read lower the
// confidence below Confident, with a Note.
type RecordLines struct{}

// Name names the notation.
func (RecordLines) Name() string { return "record lines" }

// Read implements Reader.
func (RecordLines) Read(ctx context.Context, d *Doc) (Reading, error) {
	if err := ctx.Err(); err != nil {
		return Reading{}, err
	}
	if strings.Count(d.Text, "\n") < 2 {
		return Reading{}, nil
	}
	lx := d.opt.Lexicon
	lines := d.textLines()
	var rec []recLine
	out := Reading{Reader: RecordLines{}.Name()}
	seen := map[string]bool{}
	flush := func(misfits []int) error {
		defer func() { rec = rec[:0] }()
		if len(rec) < recMinLines {
			return nil
		}
		r, ok := recReadBlock(d, lx, rec, misfits)
		if !ok {
			return nil
		}
		return recMerge(d, &out, r, seen)
	}
	var misfits []int
	var tmpl []string
	for i := 0; i < len(lines); i++ {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		ln, ok := recParseLine(d, lines[i])
		if !ok {
			if err := flush(misfits); err != nil {
				return Reading{}, err
			}
			misfits, tmpl = misfits[:0], nil
			continue
		}
		if len(rec) > 0 {
			if t, fits := recCompatible(tmpl, ln); fits {
				tmpl = t
				rec = append(rec, ln)
				continue
			}
			// One line that does not fit between lines that do: the
			// block goes on, and the line lowers its confidence.
			if len(rec) >= 2 && i+1 < len(lines) {
				if next, ok := recParseLine(d, lines[i+1]); ok {
					if t, fits := recCompatible(tmpl, next); fits {
						misfits = append(misfits, i)
						tmpl = t
						rec = append(rec, next)
						i++
						continue
					}
				}
			}
			if err := flush(misfits); err != nil {
				return Reading{}, err
			}
			misfits = misfits[:0]
		}
		rec = append(rec, ln)
		tmpl = ln.seps
	}
	if err := flush(misfits); err != nil {
		return Reading{}, err
	}
	if len(out.Edges) == 0 {
		return Reading{}, nil
	}
	if out.Confidence == 0 {
		out.Confidence = recConfident
	}
	return out, nil
}

const (
	// recMinLines is the fewest lines of one template that make a block.
	recMinLines = 3
	// recMaxLine bounds a record line's length: a longer line is prose.
	recMaxLine = 400
	// recMaxNameWords and recMaxNameBytes bound a name: a longer value
	// is a remark or a sentence.
	recMaxNameWords = 5
	recMaxNameBytes = 48
	// recConfident is a block's confidence when every line fits and the
	// slots are clear; recUnsure when something is not.
	recConfident = 0.95
	recUnsure    = 0.6
)

// recLine is one line of a candidate block, split at its separators.
type recLine struct {
	start, end int // the line's content (after indentation), in Doc.Text
	bullet     bool
	// seps are the separators other than commas, as written without
	// spaces ("|", ":", "<>", "—"); fields[k] is the text between seps[k-1]
	// and seps[k], split at its commas into parts (trimmed spans).
	seps   []string
	fields [][][2]int
}

// recParseLine splits a line into separators and fields; ok is false for
// a line that cannot be a record: blank, too long, or a question.
func recParseLine(d *Doc, tl textLine) (recLine, bool) {
	text := d.Text
	s, e := tl.Start, tl.End
	for s < e && (text[s] == ' ' || text[s] == '\t') {
		s++
	}
	for e > s && (text[e-1] == ' ' || text[e-1] == '\t') {
		e--
	}
	if s == e || e-s > recMaxLine || text[e-1] == '?' {
		return recLine{}, false
	}
	ln := recLine{start: s, end: e}
	body := recStripBullet(text, s, e)
	ln.bullet = body > s
	if e > body && text[e-1] == '.' {
		e-- // a full stop ends the line, it is no separator
	}
	field := [][2]int{}
	partStart := body
	endPart := func(at int) {
		field = append(field, recTrim(text, partStart, at))
	}
	toAt := recToSep(d, body, e)
	for i := body; i < e; {
		r, size := utf8.DecodeRuneInString(text[i:])
		n, sep, isComma := recSepAt(text, body, e, i, r, size)
		if i == toAt {
			n, sep, isComma = 2, "to", false
		}
		if n == 0 {
			i += size
			continue
		}
		endPart(i)
		if isComma {
			partStart = i + n
		} else {
			ln.seps = append(ln.seps, sep)
			ln.fields = append(ln.fields, field)
			field = [][2]int{}
			partStart = i + n
		}
		i += n
	}
	endPart(e)
	ln.fields = append(ln.fields, field)
	return ln, true
}

// recToSep returns where the word "to" separates a line's two parts
// ("car park to beech hollow 1.2km", "NW corner to NE corner"): the
// line's only "to", in a line with no other separator; -1 when none.
func recToSep(d *Doc, s, e int) int {
	text := d.Text
	line := text[s:e]
	k := strings.Index(line, " to ")
	if k <= 0 || strings.Contains(line[k+4:], " to ") {
		return -1
	}
	if ws := strings.Fields(d.Lower[s : s+k]); len(ws) > 0 && d.opt.Lexicon.Word(ws[len(ws)-1]).Has(lang.ActVerb|lang.ToVerb|lang.CarryVerb|lang.TalkToVerb|lang.ForVerb|lang.WithVerb|lang.MeetVerb|lang.PassiveVerb|lang.BaseVerb|lang.RelationVerb) {
		return -1 // "Hof Lindner sells to Café Kranz": the verb's "to"
	}
	for i := s; i < e; {
		r, size := utf8.DecodeRuneInString(text[i:])
		if n, _, _ := recSepAt(text, s, e, i, r, size); n > 0 {
			return -1
		}
		i += size
	}
	return s + k + 1
}

// recStripBullet returns where the line's content starts after a bullet
// ("- ", "* ", "• ", "+ ") or a number ("1.", "2)", "(3)") and its blanks.
func recStripBullet(text string, s, e int) int {
	i := s
	switch {
	case strings.HasPrefix(text[i:e], "- "), strings.HasPrefix(text[i:e], "* "), strings.HasPrefix(text[i:e], "+ "):
		i += 2
	case strings.HasPrefix(text[i:e], "• "):
		i += len("• ")
	default:
		j := i
		if j < e && text[j] == '(' {
			j++
		}
		k := j
		for k < e && k-j < 3 && text[k] >= '0' && text[k] <= '9' {
			k++
		}
		if k == j || k+1 >= e || (text[k] != '.' && text[k] != ')') || (text[k+1] != ' ' && text[k+1] != '\t') {
			return s
		}
		i = k + 1
	}
	for i < e && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// recTrim returns [s, e) without the blanks at its ends.
func recTrim(text string, s, e int) [2]int {
	for s < e && (text[s] == ' ' || text[s] == '\t') {
		s++
	}
	for e > s && (text[e-1] == ' ' || text[e-1] == '\t') {
		e--
	}
	return [2]int{s, e}
}

// recSepAt reports whether a separator starts at byte i of the line
// [s, e) (r is the rune there, of size bytes): n is its length (0 when
// there is none), sep its text, comma whether it is a comma.
func recSepAt(text string, s, e, i int, r rune, size int) (n int, sep string, comma bool) {
	if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == ' ' {
		return 0, "", false // no separator, whatever is around it
	}
	prev, next := rune(' '), rune(' ')
	if i > s {
		prev, _ = utf8.DecodeLastRuneInString(text[s:i])
	}
	if i+size < e {
		next, _ = utf8.DecodeRuneInString(text[i+size : e])
	}
	digit := func(c rune) bool { return c >= '0' && c <= '9' }
	switch r {
	case ',':
		if digit(prev) && thousands(text[i+1:e]) {
			return 0, "", false
		}
		return 1, ",", true
	case '|', ';', '(', ')', '[', ']', '{', '}', '→', '←', '↔', '⇄', '⟶', '—', '–', '!', '?', '\t':
		return size, text[i : i+size], false
	case ':':
		if digit(prev) && digit(next) {
			return 0, "", false // a time, "01:16"
		}
		return 1, ":", false
	case '/', '+', '&', '✗', '×', '✕', '⇔':
		// "Maths / Physics", "Kiri + Sam", "goldfish ✗ oscar": between
		// blanks, a pair's separator.
		if (prev == ' ' || prev == '\t') && (next == ' ' || next == '\t') {
			return size, text[i : i+size], false
		}
		return 0, "", false
	case '\'', '"', '`':
		if unicode.IsLetter(prev) && unicode.IsLetter(next) {
			return 0, "", false // "O'Brien", "week's"
		}
		return 1, "'", false
	case '-', '<', '>', '=', '~':
		j := i
		for j < e && strings.IndexByte("-<>=~", text[j]) >= 0 {
			j++
		}
		if j-i == 1 && r == '-' && (prev != ' ' || next != ' ') {
			return 0, "", false // a hyphen or a sign: "web-frontend", "2024-04-01", "-3"
		}
		return j - i, text[i:j], false
	}
	return 0, "", false
}

// recCompatible reports whether ln fits a block whose template (its
// longest skeleton so far) is tmpl, and returns the template with it: the
// same separators, or one skeleton a prefix of the other whose rest
// begins a tail ("— after: ...", "(10 min)"), which some lines leave out.
func recCompatible(tmpl []string, ln recLine) ([]string, bool) {
	a, b := tmpl, ln.seps
	if slices.Equal(a, b) {
		return tmpl, true
	}
	short, long := a, b
	if len(short) > len(long) {
		short, long = long, short
	}
	if !slices.Equal(short, long[:len(short)]) || (len(short) == 0 && !ln.bullet) {
		return tmpl, false
	}
	switch long[len(short)] {
	case "—", "–", "-", "--", "|", ";", "(", "[":
		return long, true
	}
	return tmpl, false
}

// recVal is a line's value in one column: absent (the line leaves the
// column out), or the span of its text and, in a list column, its items.
type recVal struct {
	ok    bool
	s, e  int
	items [][2]int
}

// recColKind is what a column's values are over the block.
type recColKind uint8

const (
	recOther   recColKind = iota
	recLiteral            // the same text on every line: part of the skeleton
	recName               // names of nodes
	recNumber             // numbers, with or without a unit
)

// recCol is one column of a block: a part of a field, or a whole field
// that is a list.
type recCol struct {
	field int
	vals  []recVal // per line of the block
	list  bool
	kind  recColKind
	// label is the words before the values on every line ("mrn", "from"
	// of "from: X", "after"), lower-case; role is the lexicon's role for
	// it as a table column.
	label string
	role  lang.ColumnRole
	// sepBefore is the separator before the column's field.
	sepBefore string
	// unknown marks a literal column of words the lexicon does not know,
	// split off between two names ("Bev told Carl"): the edges' direction
	// is only assumed.
	unknown bool
	// meaning and unit are a number column's: what the unit says and
	// whether every value has a unit with nothing after it; valued marks
	// a column that holds the edges' values.
	meaning  Meaning
	unitOnly bool
	bare     bool
	// qualified marks numbers with a unit and words after it ("11 m
	// wide"): a measure of something, not the edge's length.
	qualified bool
	// spaced marks numbers whose unit has a blank in it ("1.5k rps").
	spaced bool
}

// recBlock is a block being read.
type recBlock struct {
	d     *Doc
	lx    *lang.Lexicon
	lines []recLine
	cols  []*recCol
	notes []string
	conf  float64
}

func (b *recBlock) lower(c float64, format string, args ...any) {
	b.conf = min(b.conf, c)
	b.notes = append(b.notes, fmt.Sprintf(format, args...))
}

// recReadBlock reads one block; ok is false when it is no graph, or one
// this reader declines.
func recReadBlock(d *Doc, lx *lang.Lexicon, lines []recLine, misfits []int) (Reading, bool) {
	b := &recBlock{d: d, lx: lx, lines: lines, conf: recConfident}
	var header *recLine
	cols := b.columns(lines)
	if h := lines[0]; !h.bullet && len(lines) > recMinLines && len(h.seps) == len(lines[1].seps) {
		rest := b.columns(lines[1:])
		if b.isHeader(h, rest) {
			header, lines, cols = &h, lines[1:], rest
			b.lines = lines
		}
	}
	b.cols = cols
	for _, c := range b.cols {
		b.classify(c)
	}
	if header != nil {
		b.headerRoles(*header)
	}
	b.labelRoles()
	a, c, ok := b.pair()
	if !ok {
		return Reading{}, false
	}
	r, ok := b.read(a, c)
	if !ok {
		return Reading{}, false
	}
	for _, i := range misfits {
		ln := d.textLines()[i]
		b.lower(recUnsure, "line %d does not fit the template of the lines around it: %q", i+1, snippet(d.Text, ln.Start, ln.End))
	}
	if header != nil {
		r.Spans = append([]Span{{Start: header.start, End: header.end, Role: RoleGraph}}, r.Spans...)
	}
	r.Notes = append(r.Notes, b.notes...)
	r.Confidence = b.conf
	return r, true
}

// columns splits the block's fields into columns: a field whose comma
// count is the same on every line that has it is that many columns; a
// field whose count varies is one list column.
func (b *recBlock) columns(lines []recLine) []*recCol {
	nf := 0
	for _, ln := range lines {
		nf = max(nf, len(ln.fields))
	}
	var cols []*recCol
	for k := range nf {
		parts := -1
		list := false
		for _, ln := range lines {
			if k >= len(ln.fields) {
				continue
			}
			if n := len(ln.fields[k]); parts < 0 {
				parts = n
			} else if n != parts {
				list = true
			}
		}
		sepBefore := ""
		for _, ln := range lines {
			if k > 0 && k-1 < len(ln.seps) {
				sepBefore = ln.seps[k-1]
				break
			}
		}
		if list {
			c := &recCol{field: k, list: true, sepBefore: sepBefore, vals: make([]recVal, len(lines))}
			for i, ln := range lines {
				if k < len(ln.fields) {
					f := ln.fields[k]
					c.vals[i] = recVal{ok: true, s: f[0][0], e: f[len(f)-1][1], items: f}
				}
			}
			cols = append(cols, c)
			continue
		}
		for j := range parts {
			c := &recCol{field: k, sepBefore: sepBefore, vals: make([]recVal, len(lines))}
			if j > 0 {
				c.sepBefore = ","
			}
			for i, ln := range lines {
				if k < len(ln.fields) {
					p := ln.fields[k][j]
					c.vals[i] = recVal{ok: true, s: p[0], e: p[1]}
				}
			}
			cols = append(cols, c)
		}
	}
	return b.splitColumns(cols)
}

// splitColumns splits off the words every value of a column starts with
// (its label, "MRN 41408"), a relation phrase of the lexicon inside every
// value ("billing depends on ledger"), and a quantity every value ends in
// ("Wakefield   25 min").
func (b *recBlock) splitColumns(cols []*recCol) []*recCol {
	var out []*recCol
	for _, c := range cols {
		if c.list {
			b.listLabel(c)
			out = append(out, c)
			continue
		}
		if l, m, r, ok := b.splitRelation(c); ok {
			out = append(out, b.splitTail(l)...)
			out = append(out, m)
			out = append(out, b.splitTail(r)...)
			continue
		}
		out = append(out, b.splitTail(c)...)
	}
	return out
}

// recWordsTo appends the spans of the blank-separated words of [s, e) to
// out, so that a loop over a column's values reuses one buffer. The spans
// are the same in Doc.Text and Doc.Lower (the blanks are ASCII).
func recWordsTo(out [][2]int, text string, s, e int) [][2]int {
	for i := s; i < e; {
		for i < e && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
		j := i
		for j < e && text[j] != ' ' && text[j] != '\t' {
			j++
		}
		if j > i {
			out = append(out, [2]int{i, j})
		}
		i = j
	}
	return out
}

// recCountWords returns how many blank-separated words [s, e) has.
func recCountWords(text string, s, e int) int {
	n := 0
	blank := true
	for i := s; i < e; i++ {
		b := text[i] == ' ' || text[i] == '\t'
		if blank && !b {
			n++
		}
		blank = b
	}
	return n
}

// splitRelation splits a column whose every value holds the same
// relation phrase of the lexicon after its first word ("depends on",
// "requires", "reports to", "met") into the words before, the phrase and
// the words after.
func (b *recBlock) splitRelation(c *recCol) (l, m, r *recCol, ok bool) {
	const relWords = lang.ActVerb | lang.ToVerb | lang.OrderOnVerb | lang.OrderObjectVerb | lang.MeetVerb | lang.MutualVerb | lang.TalkToVerb
	low := b.d.Lower
	var phrase string
	cut := make([][2]int, len(c.vals)) // the phrase's span per line
	var ws [][2]int
	for i, v := range c.vals {
		if !v.ok {
			continue
		}
		ws = recWordsTo(ws[:0], low, v.s, v.e)
		found := false
		for k := 1; k+1 < len(ws); k++ {
			w := low[ws[k][0]:ws[k][1]]
			if !b.lx.Word(w).Has(relWords) {
				continue
			}
			end := k + 1
			if end+1 < len(ws) && b.lx.Takes(w, low[ws[end][0]:ws[end][1]]) {
				end++
			}
			p := low[ws[k][0]:ws[end-1][1]]
			if phrase == "" {
				phrase = p
			}
			if p != phrase {
				continue
			}
			cut[i] = [2]int{ws[k][0], ws[end-1][1]}
			found = true
			break
		}
		if !found {
			return b.splitUnknown(c)
		}
	}
	if phrase == "" {
		return nil, nil, nil, false
	}
	return b.splitAt(c, cut)
}

// splitAt splits column c at each value's span cut into the words before,
// the span and the words after.
func (b *recBlock) splitAt(c *recCol, cut [][2]int) (l, m, r *recCol, ok bool) {
	l = &recCol{field: c.field, sepBefore: c.sepBefore, vals: make([]recVal, len(c.vals))}
	m = &recCol{field: c.field, vals: make([]recVal, len(c.vals))}
	r = &recCol{field: c.field, vals: make([]recVal, len(c.vals))}
	for i, v := range c.vals {
		if !v.ok {
			continue
		}
		l.vals[i] = recVal{ok: true, s: v.s, e: recTrim(b.d.Text, v.s, cut[i][0])[1]}
		m.vals[i] = recVal{ok: true, s: cut[i][0], e: cut[i][1]}
		r.vals[i] = recVal{ok: true, s: recTrim(b.d.Text, cut[i][1], v.e)[0], e: v.e}
	}
	return l, m, r, true
}

// listLabel takes the letter words every value of a list column starts
// with ("— twinned with Montclair, Kilbride", "— mentors Ann, Bo") as the
// column's label, as splitTail does for other columns: they are no part of
// the first name.
func (b *recBlock) listLabel(c *recCol) {
	low := b.d.Lower
	var first [][][2]int // per line, the words of its first item
	for _, v := range c.vals {
		if v.ok && len(v.items) > 0 && v.items[0][1] > v.items[0][0] {
			first = append(first, recWordsTo(nil, low, v.items[0][0], v.items[0][1]))
		}
	}
	if len(first) < 2 {
		return
	}
	// A value that is the label alone ("— twinned with (no partners
	// yet)", its remark cut off) names no one; the others must keep a
	// name after the label.
	n := 0
	for ; ; n++ {
		w := ""
		same, named := true, 0
		for _, ws := range first {
			if len(ws) == n+1 && n > 0 {
				continue // may be the label alone
			}
			if len(ws) <= n+1 {
				same = false
				break
			}
			named++
			x := low[ws[n][0]:ws[n][1]]
			if w == "" {
				w = x
			}
			if x != w || !recLetters(x) {
				same = false
				break
			}
		}
		if !same || named < 2 {
			break
		}
	}
	if n == 0 {
		return
	}
	var ref [][2]int
	for _, ws := range first {
		if len(ws) > n {
			ref = ws
			break
		}
	}
	label := low[ref[0][0]:ref[n-1][1]]
	for _, ws := range first {
		if len(ws) == n && low[ws[0][0]:ws[n-1][1]] != label {
			return // a short value that is not the label
		}
	}
	c.label = label
	c.role = b.lx.Column(c.label)
	k := 0
	for i, v := range c.vals {
		if v.ok && len(v.items) > 0 && v.items[0][1] > v.items[0][0] {
			ws := first[k]
			k++
			if len(ws) == n {
				c.vals[i].items, c.vals[i].s = nil, v.e // the label alone: no names
				continue
			}
			items := slices.Clone(v.items)
			items[0][0] = ws[n][0]
			c.vals[i].items, c.vals[i].s = items, ws[n][0]
		}
	}
}

// splitTail splits a column into its label (the words every value starts
// with), and, when every value ends in a quantity with a unit of the
// lexicon after a name ("Wakefield   25 min"), or in a bare number after
// two or more blanks, into the name and the number.
func (b *recBlock) splitTail(c *recCol) []*recCol {
	text, low := b.d.Text, b.d.Lower
	present := 0
	for _, v := range c.vals {
		if v.ok && v.e > v.s {
			present++
		}
	}
	if present < 2 {
		return []*recCol{c}
	}
	// Each present value's words, split once: words(i) are value i's
	// (the same spans in text and low); from sets where they start once
	// the label is cut off.
	n := 0
	for _, v := range c.vals {
		if v.ok {
			n += recCountWords(text, v.s, v.e)
		}
	}
	flat := make([][2]int, 0, n)
	off := make([]int, len(c.vals)+1)
	for i, v := range c.vals {
		off[i] = len(flat)
		if v.ok && v.e > v.s {
			flat = recWordsTo(flat, text, v.s, v.e)
		}
	}
	off[len(c.vals)] = len(flat)
	from := 0
	words := func(i int) [][2]int {
		ws := flat[off[i]:off[i+1]:off[i+1]]
		return ws[min(from, len(ws)):]
	}
	// The label: the letter words every value starts with, leaving each a
	// word of its own.
	var label []string
	for n := 0; ; n++ {
		var w string
		same := true
		for i, v := range c.vals {
			if !v.ok || v.e == v.s {
				continue
			}
			ws := words(i)
			if len(ws) <= n+1 {
				same = false
				break
			}
			x := low[ws[n][0]:ws[n][1]]
			if w == "" {
				w = x
			}
			if x != w || !recLetters(x) {
				same = false
				break
			}
		}
		if !same {
			break
		}
		label = append(label, w)
	}
	if len(label) > 0 && !b.lx.Column(strings.Join(label, " ")).Value() && recAllNumbers(b, c, len(label), words) {
		// "Unit 5", "Ward 7", "bed 14": the word and the number are the
		// value, a name when the names of the block share it; a value
		// column's label ("cost 5") is a label.
		label = nil
	}
	if len(label) > 0 {
		c.label = strings.Join(label, " ")
		for i, v := range c.vals {
			if v.ok && v.e > v.s {
				c.vals[i].s = words(i)[len(label)][0]
			}
		}
		// Every present value has a word after its label: the words of
		// [s, e) from here on are the ones after it.
		from = len(label)
	}
	// The tail quantity.
	cut := make([]int, len(c.vals))
	for i, v := range c.vals {
		if !v.ok || v.e == v.s {
			cut[i] = -1
			continue
		}
		ws := words(i)
		at := -1
		for _, k := range []int{2, 1} {
			if len(ws) <= k {
				continue
			}
			tail := text[ws[len(ws)-k][0]:v.e]
			q, ok := parseQuantityIn(b.lx, tail)
			if !ok || strings.ContainsRune(q.unit, ' ') {
				continue
			}
			if q.meaning != MeaningNone {
				at = ws[len(ws)-k][0]
				break
			}
			if q.unit == "" && k == 1 && strings.Contains(text[ws[len(ws)-2][1]:ws[len(ws)-1][0]], "  ") {
				at = ws[len(ws)-1][0]
				break
			}
		}
		if at < 0 {
			return []*recCol{c}
		}
		cut[i] = at
	}
	num := &recCol{field: c.field, vals: make([]recVal, len(c.vals))}
	for i, v := range c.vals {
		if cut[i] < 0 {
			num.vals[i] = v
			continue
		}
		num.vals[i] = recVal{ok: true, s: cut[i], e: v.e}
		c.vals[i].e = recTrim(text, v.s, cut[i])[1]
	}
	recTrimSuffix(b.d, c)
	return []*recCol{c, num}
}

// recAllNumbers reports whether every value of c is a number after its
// first n words (words(i) are value i's words).
func recAllNumbers(b *recBlock, c *recCol, n int, words func(int) [][2]int) bool {
	for i, v := range c.vals {
		if !v.ok || v.e == v.s {
			continue
		}
		ws := words(i)
		if _, ok := parseQuantityIn(b.lx, b.d.Text[ws[n][0]:v.e]); !ok {
			return false
		}
	}
	return true
}

// recTrimSuffix drops the word every value of a name column ends in
// when each keeps a word before it ("api-gateway  p99" of "api-gateway
// p99 200 ms"): it is the label of the number after it.
func recTrimSuffix(d *Doc, c *recCol) {
	var w string
	var ws [][2]int
	for _, v := range c.vals {
		if !v.ok || v.e == v.s {
			continue
		}
		ws = recWordsTo(ws[:0], d.Lower, v.s, v.e)
		if len(ws) < 2 {
			return
		}
		x := d.Lower[ws[len(ws)-1][0]:ws[len(ws)-1][1]]
		if w == "" {
			w = x
		}
		if x != w {
			return
		}
	}
	if w == "" {
		return
	}
	for i, v := range c.vals {
		if v.ok && v.e > v.s {
			ws = recWordsTo(ws[:0], d.Text, v.s, v.e)
			c.vals[i].e = ws[len(ws)-2][1]
		}
	}
}

// recLetters reports whether w is letters only.
func recLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// isHeader reports whether the line h above the block's other lines is
// their header: two or more of its values name table columns of the
// lexicon, or it has words where a column of the others has numbers; and
// it has no digit.
func (b *recBlock) isHeader(h recLine, rest []*recCol) bool {
	text := b.d.Text[h.start:h.end]
	if strings.ContainsAny(text, "0123456789") {
		return false
	}
	named, worded := 0, false
	fields := 0
	for k, f := range h.fields {
		for _, p := range f {
			v := strings.TrimSpace(b.d.Lower[p[0]:p[1]])
			if v == "" {
				continue
			}
			fields++
			if b.lx.Column(v) != "" || b.lx.Column(strings.ReplaceAll(v, " ", "_")) != "" {
				named++
			}
			for _, c := range rest {
				if c.field == k && !c.list && c.label == "" {
					kind := b.peekKind(c)
					worded = worded || kind == recNumber
				}
			}
		}
	}
	return fields >= 2 && (named >= 2 || worded && named >= 1)
}

// peekKind classifies a column without keeping the result.
func (b *recBlock) peekKind(c *recCol) recColKind {
	cc := *c
	b.classify(&cc)
	return cc.kind
}

// headerRoles takes the columns' roles from the header line's names.
func (b *recBlock) headerRoles(h recLine) {
	for _, c := range b.cols {
		if c.field >= len(h.fields) || c.list || c.label != "" {
			continue
		}
		f := h.fields[c.field]
		if len(f) != 1 {
			continue
		}
		v := strings.TrimSpace(b.d.Lower[f[0][0]:f[0][1]])
		c.label = v
	}
}

// labelRoles gives a column without a label the text of the literal
// column before it when a ':' or '=' joins them ("from: AMU"), and every
// column its label's role.
func (b *recBlock) labelRoles() {
	for i, c := range b.cols {
		if c.label == "" && i > 0 && (c.sepBefore == ":" || c.sepBefore == "=") {
			if p := b.cols[i-1]; p.kind == recLiteral {
				c.label = p.literal(b.d)
			}
		}
		if c.label != "" {
			c.role = b.lx.Column(c.label)
			if c.role == "" {
				c.role = b.lx.Column(strings.ReplaceAll(c.label, " ", "_"))
			}
		}
	}
}

// literal returns a literal column's text, lower-case.
func (c *recCol) literal(d *Doc) string {
	for _, v := range c.vals {
		if v.ok {
			return strings.TrimSpace(d.Lower[v.s:v.e])
		}
	}
	return ""
}

// classify sets a column's kind from its values.
func (b *recBlock) classify(c *recCol) {
	text, low := b.d.Text, b.d.Lower
	c.kind = recOther
	var first string
	same, present, empty := true, 0, 0
	for _, v := range c.vals {
		if !v.ok {
			continue
		}
		x := low[v.s:v.e]
		if present == 0 {
			first = x
		}
		present++
		if x == "" {
			empty++
		}
		same = same && x == first
	}
	if present == 0 {
		return
	}
	if same && (present >= 2 || first == "") {
		c.kind = recLiteral
		return
	}
	if c.list {
		for _, v := range c.vals {
			for _, it := range v.items {
				if it[1] > it[0] && !recIsName(text[it[0]:it[1]]) {
					return
				}
			}
		}
		c.kind = recName
		return
	}
	numbers, names := 0, 0
	unitOnly, bare := true, true
	for _, v := range c.vals {
		if !v.ok || v.e == v.s {
			continue
		}
		x := text[v.s:v.e]
		if q, ok := parseQuantityIn(b.lx, x); ok {
			numbers++
			if u, rest, ok := strings.Cut(q.unit, " "); ok && !strings.Contains(rest, " ") && b.lx.Column(rest).Value() {
				q.unit = u // "3 min walk", "12 km drive": the walk's minutes
			}
			if q.meaning == MeaningNone || strings.ContainsRune(q.unit, ' ') {
				unitOnly = false
				c.qualified = c.qualified || q.meaning != MeaningNone && strings.ContainsRune(q.unit, ' ')
				c.spaced = c.spaced || strings.ContainsRune(q.unit, ' ')
			} else if c.meaning == MeaningNone {
				c.meaning = q.meaning
			} else if c.meaning != q.meaning {
				unitOnly = false
			}
			bare = bare && q.unit == ""
			continue
		}
		if recIsName(x) {
			names++
		}
	}
	switch n := present - empty; {
	case n > 0 && numbers == n:
		c.kind, c.unitOnly, c.bare = recNumber, unitOnly && c.meaning != MeaningNone, bare
	case n > 0 && names == n:
		c.kind = recName
	}
}

// recIsName reports whether a value can name a node: a letter, at most
// recMaxNameWords words and recMaxNameBytes bytes, no sentence in it.
func recIsName(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > recMaxNameBytes || len(strings.Fields(s)) > recMaxNameWords {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(s)) {
		switch strings.Trim(w, ".,;:!?'\"") {
		case "anyone", "anybody", "nobody", "everyone", "everybody", "someone", "somebody", "not", "never", "haven't", "hasn't", "hadn't", "didn't", "doesn't", "don't", "isn't", "aren't", "wasn't", "weren't", "won't", "can't", "cannot":
			// "Wendy and Yvonne haven't", "anyone yet": a sentence that
			// nobody is linked, not a name.
			return false
		}
	}
	letter := false
	for _, r := range s {
		if unicode.IsLetter(r) {
			letter = true
		}
		if r == '.' || r == '!' || r == '?' {
			// "joe.dev" is a name, "Done. Next" a sentence; "No. 5",
			// "St. Ives" and "Dr. Lund" are names with an abbreviation.
			if recSentenceStop(s) {
				return false
			}
		}
	}
	return letter
}

// recSentenceStop reports whether s has a full stop that ends a
// sentence: one before a blank, after a word that is no capitalised
// abbreviation of up to three letters ("No.", "St.", "Mrs.").
func recSentenceStop(s string) bool {
	for off := 0; ; {
		k := strings.Index(s[off:], ". ")
		if k < 0 {
			return false
		}
		end := off + k
		start := end
		for start > 0 && unicode.IsLetter(rune(s[start-1])) {
			start--
		}
		if w := s[start:end]; w == "" || len(w) > 3 || !unicode.IsUpper(rune(w[0])) {
			return true
		}
		off = end + 2
	}
}

// recValues returns a name column's distinct values (items of a list).
func (b *recBlock) recValues(c *recCol) map[string]bool {
	out := map[string]bool{}
	for _, v := range c.vals {
		for _, n := range b.names(c, v) {
			out[n] = true
		}
	}
	return out
}

// names returns the node names of a column's value on one line.
func (b *recBlock) names(c *recCol, v recVal) []string {
	if !v.ok {
		return nil
	}
	if !c.list {
		if v.e > v.s {
			return []string{b.d.Text[v.s:v.e]}
		}
		return nil
	}
	var out []string
	for k, it := range v.items {
		x := b.d.Text[it[0]:it[1]]
		x = strings.TrimPrefix(x, "and ")
		if k == len(v.items)-1 {
			if l, r, ok := strings.Cut(x, " and "); ok {
				out = append(out, strings.TrimSpace(l), strings.TrimSpace(r))
				continue
			}
		}
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// pair chooses the two columns the edges join: the name columns whose
// values overlap. ok is false when there is none or more than one such
// pair.
func (b *recBlock) pair() (a, c int, ok bool) {
	var names []int
	vals := map[int]map[string]bool{}
	for i, col := range b.cols {
		if col.kind == recName {
			names = append(names, i)
			vals[i] = b.recValues(col)
		}
	}
	found := 0
	for x := 0; x < len(names); x++ {
		for y := x + 1; y < len(names); y++ {
			i, j := names[x], names[y]
			if b.cols[i].list && b.cols[j].list {
				continue
			}
			overlap := false
			for v := range vals[i] {
				if vals[j][v] {
					overlap = true
					break
				}
			}
			if !overlap {
				continue
			}
			found++
			a, c = i, j
		}
	}
	if found != 1 {
		return 0, 0, false
	}
	all := map[string]bool{}
	for v := range vals[a] {
		all[v] = true
	}
	for v := range vals[c] {
		all[v] = true
	}
	return a, c, len(all) >= 3
}

// recDir is an edge direction between the pair's columns, as the block's
// skeleton states it.
type recDir uint8

const (
	recDirNone    recDir = iota // nothing stated
	recDirForward               // from the first column to the second
	recDirBack                  // from the second to the first
	recDirBoth                  // both ways
	recDirUnsure                // something is said that is not understood
	recDirDecline               // a column separator only: not this reader's notation
	recDirAssumed               // words the lexicon does not know: from the first to the second, by assumption
)

// direction reads the edge direction between columns a and c (a before
// c) from their roles, the separators and words between them.
func (b *recBlock) direction(a, c int) (recDir, string) {
	ra, rc := b.cols[a].role, b.cols[c].role
	byRole := recDirNone
	why := ""
	switch {
	case ra == lang.ColSource && rc == lang.ColTarget, ra == lang.ColEarlier && rc == lang.ColLater:
		byRole, why = recDirForward, fmt.Sprintf("the columns %q and %q", b.cols[a].label, b.cols[c].label)
	case ra == lang.ColTarget && rc == lang.ColSource, ra == lang.ColLater && rc == lang.ColEarlier:
		byRole, why = recDirBack, fmt.Sprintf("the columns %q and %q", b.cols[a].label, b.cols[c].label)
	case ra == "" || ra == lang.ColNode:
		switch rc {
		case lang.ColLater, lang.ColPredecessors, lang.ColSource:
			byRole = recDirBack
		case lang.ColEarlier, lang.ColSuccessors, lang.ColTarget:
			byRole = recDirForward
		case lang.ColNeighbours:
			byRole = recDirBoth
		}
		if byRole != recDirNone {
			why = fmt.Sprintf("the label %q", b.cols[c].label)
		}
		if l := b.cols[c].label; byRole == recDirNone && b.cols[c].list && l != "" {
			// A list's label of words ("— twinned with A, B", "— mentors
			// A, B"): the lexicon's direction for them; words ending in
			// "with" are a pairing; others only an assumed direction.
			switch d := phraseDir(b.lx, l); {
			case d != recDirNone:
				byRole, why = d, fmt.Sprintf("the label %q", l)
			case strings.HasSuffix(l, " with") || l == "with":
				byRole, why = recDirBoth, fmt.Sprintf("the label %q", l)
			default:
				return recDirAssumed, fmt.Sprintf("%q before the names, read from the first to the second by assumption", l)
			}
		}
	}
	// Between the columns: separators and literal words.
	bySep := recDirNone
	sepWhy := ""
	words := []string{}
	for i := a + 1; i <= c; i++ {
		col := b.cols[i]
		if s := col.sepBefore; s != "" && s != "," {
			d := recSepDir(s)
			if d != recDirNone {
				if bySep != recDirNone && bySep != d {
					return recDirUnsure, ""
				}
				bySep, sepWhy = d, fmt.Sprintf("%q between the names", s)
			}
		}
		if i < c && col.kind == recLiteral {
			if w := col.literal(b.d); w != "" {
				words = append(words, w)
			}
		}
	}
	if len(words) > 0 && byRole == recDirNone {
		phrase := strings.Join(words, " ")
		d := b.wordsDir(phrase)
		if d == recDirNone {
			if bySep == recDirNone && c == a+2 && b.cols[a+1].unknown {
				return recDirAssumed, fmt.Sprintf("%q between the names, read from the first to the second by assumption", phrase)
			}
			if bySep == recDirNone || bySep == recDirBoth {
				return recDirUnsure, ""
			}
		} else {
			if bySep != recDirNone && bySep != d && bySep != recDirBoth {
				return recDirUnsure, ""
			}
			bySep, sepWhy = d, fmt.Sprintf("%q between the names", phrase)
		}
	}
	switch {
	case byRole != recDirNone && bySep != recDirNone && bySep != recDirBoth && byRole != bySep:
		return recDirUnsure, ""
	case byRole != recDirNone:
		return byRole, why
	case bySep == recDirNone && b.cols[a].role == "" && b.cols[c].role == "" && b.cols[c].sepBefore == "to" && c == a+1:
		// "car park to beech hollow 1.2 km": a way between two places,
		// both ways unless a number other than a length or a time (a
		// payment, "Ann to Bo £20") makes the order matter.
		for _, col := range b.cols[c+1:] {
			if col.kind == recNumber && col.meaning != MeaningDistance && col.meaning != MeaningWeight {
				return recDirAssumed, `"to" between the names, read from the first to the second by assumption`
			}
		}
		if statedDirection(b.d.Lower) == DirDirected {
			return recDirForward, `"to" between the names`
		}
		return recDirBoth, `"X to Y" lines, read both ways (no direction is stated)`
	case bySep == recDirNone && b.cols[a].role == "" && b.cols[c].role == "":
		if b.pairsOnly(a, c) && statedDirection(b.d.Lower) == DirUnknown {
			return recDirBoth, fmt.Sprintf("two names a line, separated by %q: pairs, both ways (no direction is stated)", b.cols[c].sepBefore)
		}
		return recDirDecline, ""
	}
	return bySep, sepWhy
}

// pairsOnly reports whether the block's lines are two names side by side
// and nothing else but a number after them ("Bed 1, Bed 2",
// "Ann<TAB>Bob<TAB>3"): a headerless two-column export, whose pairs the
// table readers, wanting a header, leave alone.
func (b *recBlock) pairsOnly(a, c int) bool {
	if a != 0 || c != 1 {
		return false
	}
	switch b.cols[c].sepBefore {
	case ",", "\t", ";":
	default:
		return false
	}
	for _, col := range b.cols[c+1:] {
		if col.kind != recNumber {
			return false
		}
	}
	// A first line whose names no other line has may be a header
	// ("person_a, person_b"), never an edge: declined.
	val := func(col, line int) string {
		v := b.cols[col].vals[line]
		if !v.ok {
			return ""
		}
		return strings.TrimSpace(b.d.Text[v.s:v.e])
	}
	first := map[string]bool{val(a, 0): true, val(c, 0): true}
	for line := 1; line < len(b.cols[a].vals); line++ {
		if first[val(a, line)] || first[val(c, line)] {
			return true
		}
	}
	return false
}

// recSepDir is the direction a separator between two names states:
// arrows one way or both, dashes, slashes, tildes, plus and ampersand signs
// and crosses ("goldfish ✗ oscar") both ways; none for
// column separators (| , ; : tab), which this reader leaves to the table
// and adjacency readers unless labels or a header name the columns.
func recSepDir(s string) recDir {
	switch s {
	case "->", "-->", "→", "⟶", "=>", "==>", "~>":
		return recDirForward
	case "<-", "<--", "←", "<=", "<==":
		return recDirBack
	case "<>", "<->", "<-->", "↔", "⇄", "<=>", "-", "--", "—", "–", "/", "~", "=", "==", "+", "&", "✗", "×", "✕", "⇔":
		return recDirBoth
	}
	return recDirNone
}

// wordsDir is the direction the skeleton's words between two names
// state through the lexicon: an order verb ("depends on", "requires":
// the second first), a one-way verb ("reports to": the first to the
// second), a symmetric one ("met"), or a table column's role ("blocked
// by", "before").
func (b *recBlock) wordsDir(phrase string) recDir { return phraseDir(b.lx, phrase) }

// phraseDir is the direction a few lower-case words between or above two
// names say, by the lexicon: a column role ("depends on", "reports to"),
// an ordering verb, an action verb alone or with its particle, or a
// mutual verb. The record lines and the tables read by shape share it.
func phraseDir(lx *lang.Lexicon, phrase string) recDir {
	switch lx.Column(phrase) {
	case lang.ColPredecessors, lang.ColLater:
		return recDirBack
	case lang.ColSuccessors, lang.ColEarlier, lang.ColTarget:
		return recDirForward
	case lang.ColNeighbours:
		return recDirBoth
	}
	ws := strings.Fields(phrase)
	if len(ws) == 0 || len(ws) > 3 {
		return recDirNone
	}
	w := lx.Word(ws[0])
	rest := ws[1:]
	switch {
	case w.Has(lang.OrderOnVerb | lang.OrderObjectVerb):
		return recDirBack
	case w.Has(lang.ActVerb) && len(rest) == 0, w.Has(lang.ToVerb) && len(rest) >= 1 && lx.Takes(ws[0], rest[len(rest)-1]):
		// "lends to", and with the thing carried "lends extractor to"
		return recDirForward
	case w.Has(lang.MeetVerb|lang.MutualVerb) && len(rest) == 0, w.Has(lang.TalkToVerb) && len(rest) == 1,
		w.Has(lang.WithVerb) && len(rest) == 1 && rest[0] == "with":
		// "met", "talks to", "runs with"
		return recDirBoth
	}
	return recDirNone
}

// read makes the block's reading from the columns a and c.
func (b *recBlock) read(a, c int) (Reading, bool) {
	dir, why := b.direction(a, c)
	r := Reading{Reader: RecordLines{}.Name()}
	switch dir {
	case recDirDecline, recDirNone:
		return Reading{}, false
	case recDirForward, recDirBack:
		r.Directed = DirDirected
	case recDirBoth:
		r.Directed = DirUndirected
	case recDirUnsure:
		b.lower(recUnsure, "the words or signs between the names do not say which way the edges go")
	case recDirAssumed:
		// "Bev told Carl": one way as written, but only assumed, so
		// answered only where the direction does not change the answer.
		r.Directed, r.DirectionAssumed = DirDirected, true
	}
	if why != "" {
		r.Facts = map[string]string{recDirectionFact: why}
	}
	for i := a + 1; i < c; i++ {
		// "Josiah Pike & Ann Lowe: Thomas Pike, Mary Pike": names between
		// the edge's ends, left out, may be nodes too.
		if b.cols[i].kind == recName {
			first := ""
			for _, v := range b.cols[i].vals {
				if v.ok {
					first = strings.TrimSpace(b.d.Text[v.s:v.e])
					break
				}
			}
			b.lower(recUnsure, "the names between the edges' ends (%q, ...) are not read", proseClip(first))
			break
		}
	}
	ca, cc := b.cols[a], b.cols[c]
	listed := ca.list || cc.list
	// The edges' values: the one column of numbers with a unit of the
	// lexicon or a value label ("cost: 5"); failing that, the one column
	// after the names with neither a label nor words after its unit
	// ("8 trailers/night", "  7").
	value := -1
	var strong, weak []int
	for i, col := range b.cols {
		if col.kind != recNumber {
			continue
		}
		switch {
		case listed:
			if col.unitOnly || col.role.Value() {
				b.notes = append(b.notes, "the numbers of the lines are their nodes', not the edges'; they are not read")
			}
		case col.unitOnly || col.role.Value() && !col.qualified && !col.spaced:
			strong = append(strong, i)
		case i > c && col.label == "" && !col.spaced && !recRowNumbers(b.d, col):
			weak = append(weak, i)
		case col.meaning != MeaningNone || col.qualified:
			b.lower(0.85, "numbers with units on the lines are not read as the edges' values")
		}
	}
	switch {
	case len(strong) == 1:
		value = strong[0]
	case len(strong) > 1:
		b.lower(recUnsure, "%d columns of numbers could be the edges' values; none is read", len(strong))
	case len(weak) == 1:
		value = weak[0]
	case len(weak) > 1:
		b.lower(recUnsure, "%d columns of numbers could be the edges' values; none is read", len(weak))
	}
	if len(strong) == 1 && len(weak) > 0 {
		for _, i := range weak {
			if b.cols[i].bare {
				b.lower(recUnsure, "a column of bare numbers beside the edges' values is not read")
				break
			}
		}
	}
	for _, col := range b.cols {
		if !listed && col.role.Value() && col.kind != recNumber && recNumberLike(b.d, col) {
			b.lower(0.85, "the column %q holds numbers this reader cannot read", col.label)
		}
	}
	seen := map[string]bool{}
	type key struct{ u, v string }
	edges := map[key]int{}
	addNode := func(n string, at int) {
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
			r.NodeStarts = append(r.NodeStarts, at)
		}
	}
	for li, ln := range b.lines {
		va, vc := ca.vals[li], cc.vals[li]
		us, vs := b.names(ca, va), b.names(cc, vc)
		for _, u := range us {
			addNode(u, va.s)
		}
		for _, v := range vs {
			addNode(v, vc.s)
		}
		var val float64
		hasVal := false
		if value >= 0 {
			nv := b.cols[value].vals[li]
			if nv.ok && nv.e > nv.s {
				if q, ok := parseQuantityIn(b.lx, b.d.Text[nv.s:nv.e]); ok {
					val, hasVal = q.v, true
				}
			}
		}
		for _, u := range us {
			for _, v := range vs {
				from, to := u, v
				if dir == recDirBack {
					from, to = v, u
				}
				k := key{from, to}
				if r.Directed != DirDirected && from > to {
					k = key{to, from}
				}
				if at, dup := edges[k]; dup {
					if e := r.Edges[at]; e.HasValue != hasVal || e.Value != val {
						b.lower(recUnsure, "the edge %s–%s is written twice with different values", from, to)
					}
					continue
				}
				edges[k] = len(r.Edges)
				r.Edges = append(r.Edges, Edge{U: from, V: to, Value: val, HasValue: hasVal, Start: ln.start, End: ln.end})
			}
		}
		r.Spans = append(r.Spans, Span{Start: ln.start, End: ln.end, Role: RoleGraph})
	}
	if len(r.Edges) < 2 || recCutNames(seen) {
		return Reading{}, false
	}
	if n, ok := recJoinedNames(seen); ok {
		b.lower(recUnsure, "the name %q joins other names of the lines with a sign: a formula or a range, not one node", n)
	}
	// The lines are records, not questions, even when one starts with an
	// imperative ("Run: Village → Plan du Lac"); a block with a question
	// mark is left to the question filter.
	r.queries = true
	for _, ln := range b.lines {
		if strings.Contains(b.d.Text[ln.start:ln.end], "?") {
			r.queries = false
			break
		}
	}
	if value >= 0 {
		col := b.cols[value]
		r.EdgeValue = col.meaning
		if col.bare && col.role.Value() {
			r.EdgeValue = recRoleMeaning(col.role)
		}
		if valued := r.settleEdgeValues(); valued != len(r.Edges) && valued > 0 {
			b.lower(recUnsure, "some lines give the edge a number and some do not")
		}
	}
	return r, true
}

// recCutNames reports whether a name is another name with a word more
// before or after it ("Then C" beside "C"): a word of the sentence the
// line began may have run into the name, and the block is not read.
func recCutNames(names map[string]bool) bool {
	for n := range names {
		if i := strings.IndexByte(n, ' '); i > 0 && names[strings.TrimSpace(n[i+1:])] {
			return true
		}
		if i := strings.LastIndexByte(n, ' '); i > 0 && names[strings.TrimSpace(n[:i])] {
			return true
		}
	}
	return false
}

// recJoinedNames returns a name that joins other names of the block with
// an arithmetic sign or a list separator ("B12-B14", "E12+B12"), the
// first in sorted order, and whether there is one.
func recJoinedNames(names map[string]bool) (string, bool) {
	var found []string
	for n := range names {
		parts := strings.FieldsFunc(n, func(r rune) bool { return strings.ContainsRune("+-*/&,;", r) })
		if len(parts) < 2 {
			continue
		}
		for _, p := range parts {
			if p = strings.TrimSpace(p); p != n && names[p] {
				found = append(found, n)
				break
			}
		}
	}
	if len(found) == 0 {
		return "", false
	}
	slices.Sort(found)
	return found[0], true
}

// recDirectionFact is the Facts key under which a record-lines reading
// says what in its lines gave the edges their direction.
const recDirectionFact = "record_direction"

// recRoleMeaning is the meaning of a value column's numbers.
func recRoleMeaning(r lang.ColumnRole) Meaning {
	switch r {
	case lang.ColDistance:
		return MeaningDistance
	case lang.ColCost:
		return MeaningCost
	case lang.ColCapacity:
		return MeaningCapacity
	}
	return MeaningWeight
}

// recNumberLike reports whether a column's values start with a digit and
// are no clock time, date or code ("6m44s", "1h 20"): numbers written in
// a way parseQuantity does not read.
func recNumberLike(d *Doc, c *recCol) bool {
	n := 0
	for _, v := range c.vals {
		if !v.ok || v.e == v.s {
			continue
		}
		x := d.Text[v.s:v.e]
		if x[0] < '0' || x[0] > '9' || strings.ContainsAny(x, ":-/") {
			return false
		}
		n++
	}
	return n > 0
}

// recRowNumbers reports whether a column of bare numbers counts the
// lines: 1, 2, 3, ... (or any start, one up each line).
func recRowNumbers(d *Doc, c *recCol) bool {
	prev := -1
	for _, v := range c.vals {
		if !v.ok {
			return false
		}
		n, err := strconv.Atoi(strings.TrimSpace(d.Text[v.s:v.e]))
		if err != nil || prev >= 0 && n != prev+1 {
			return false
		}
		prev = n
	}
	return true
}

// recMerge adds a block's reading to the reader's: blocks of one question
// are one graph, and a question whose blocks disagree on direction is
// uncertain.
func recMerge(d *Doc, out *Reading, r Reading, seen map[string]bool) error {
	if len(out.Edges) == 0 {
		*out = r
		for _, n := range r.Nodes {
			seen[n] = true
		}
		return checkRecLimits(d, out)
	}
	if out.Directed != r.Directed {
		out.Confidence = min(out.Confidence, recUnsure)
		out.Notes = append(out.Notes, "two blocks of lines disagree on the edges' direction")
		if out.Directed == DirUndirected || r.Directed == DirDirected {
			out.Directed = r.Directed
		}
	}
	if out.EdgeValue != r.EdgeValue {
		out.Confidence = min(out.Confidence, recUnsure)
		out.Notes = append(out.Notes, "two blocks of lines give the edges numbers of different kinds")
	}
	for i, n := range r.Nodes {
		if !seen[n] {
			seen[n] = true
			out.Nodes = append(out.Nodes, n)
			out.NodeStarts = append(out.NodeStarts, r.NodeStarts[i])
		}
	}
	out.Edges = append(out.Edges, r.Edges...)
	out.Spans = append(out.Spans, r.Spans...)
	out.Notes = append(out.Notes, r.Notes...)
	out.Confidence = min(out.Confidence, r.Confidence)
	for k, v := range r.Facts {
		if out.Facts == nil {
			out.Facts = map[string]string{}
		}
		if _, ok := out.Facts[k]; !ok {
			out.Facts[k] = v
		}
	}
	return checkRecLimits(d, out)
}

// checkRecLimits refuses a reading past the node or edge limits.
func checkRecLimits(d *Doc, r *Reading) error {
	if len(r.Edges) > d.opt.MaxEdges {
		return fmt.Errorf("record lines: more than %d edges: %w", d.opt.MaxEdges, graph.ErrTooLarge)
	}
	if len(r.Nodes) > d.opt.MaxNodes {
		return fmt.Errorf("record lines: more than %d nodes: %w", d.opt.MaxNodes, graph.ErrTooLarge)
	}
	return nil
}

// splitUnknown splits a column whose every value is a name, the same few
// lower-case words and a name ("Bev told Carl", "Ubuntu is based on
// Debian", "Post 1 overlaps Post 2") at those words, which the lexicon does
// not know: the middle column is marked unknown, and the edges' direction
// is only assumed (from the first name to the second). The names must
// start with a capital or a digit on every line.
func (b *recBlock) splitUnknown(c *recCol) (l, m, r *recCol, ok bool) {
	low, text := b.d.Lower, b.d.Text
	var phrase string
	cut := make([][2]int, len(c.vals))
	lines := 0
	var ws [][2]int
	for i, v := range c.vals {
		if !v.ok {
			continue
		}
		ws = recWordsTo(ws[:0], low, v.s, v.e)
		k := 1
		for k < len(ws) && !recLowerWord(text[ws[k][0]:ws[k][1]]) {
			k++
		}
		end := k
		for end < len(ws) && recLowerWord(text[ws[end][0]:ws[end][1]]) {
			end++
		}
		if k >= len(ws) || end >= len(ws) || end-k > 4 || !recNameStart(text[ws[0][0]:]) || !recNameStart(text[ws[end][0]:]) {
			return nil, nil, nil, false
		}
		p := low[ws[k][0]:ws[end-1][1]]
		if phrase == "" {
			phrase = p
		}
		if p != phrase {
			return nil, nil, nil, false
		}
		cut[i] = [2]int{ws[k][0], ws[end-1][1]}
		lines++
	}
	known := false
	for _, w := range strings.Fields(phrase) {
		// "is a parent of", "runs with": the prose readers know these.
		known = known || b.lx.NounDir(w) != 0 || b.lx.Word(w) != 0
	}
	if lines < recMinLines || known || b.wordsDir(phrase) != recDirNone {
		// Words the lexicon knows but not as a relation between names
		// ("P1 to P5 = 21m": "to" is a table column's) are left to the
		// readers that know them.
		return nil, nil, nil, false
	}
	l, m, r, ok = b.splitAt(c, cut)
	if ok {
		m.unknown = true
	}
	return l, m, r, ok
}

// recLowerWord reports whether w is a word of lower-case letters (an
// apostrophe inside), as a verb between two names is.
func recLowerWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLower(r) && r != '\'' && r != '’' {
			return false
		}
	}
	return true
}

// recNameStart reports whether text starts with a capital or a digit.
func recNameStart(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return unicode.IsUpper(r) || unicode.IsDigit(r)
}
