package extract

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
)

// Mermaid reads Mermaid flowcharts written in a question:
//
//	graph LR
//	  A[Start] --> B(Middle) --> C{End}
//	  A --> D & E
//	  A -- 5 --> B
//	  B -->|3 km| C
//	  C --- D
//
// A node is its ID; the text in its shape ("[Start]", "(Middle)", "{End}",
// "((x))", ">x]", "@{ label: x }") is the node's label, not another node.
// Links chain ("A --> B --> C") and "&" joins nodes on either side ("A & B
// --> C & D" is four edges). Arrow heads ("-->", "==>", "-.->", "--o",
// "--x") give a direction and open links ("---", "===", "-.-") none; a
// flowchart with both is directed, its open links going both ways, and
// uncertain. A link's text ("-- 5 -->", "-->|5|", "-->|40 km|") is the
// edge's value when it is a number (with its unit); other text is kept as
// the edge's label.
//
// A block starts at a header line ("graph TD", "flowchart LR", a
// "```mermaid" fence) and runs while its lines are Mermaid statements
// (links, nodes, subgraph, end, classDef, style, click, comments); without
// a header, lines that are all link statements make a block. Text in a
// block that uses links but does not parse makes the reading uncertain.
type Mermaid struct{}

// Name names the notation.
func (Mermaid) Name() string { return "Mermaid" }

// Read implements Reader.
func (Mermaid) Read(ctx context.Context, d *Doc) (Reading, error) {
	text := d.Text
	if !strings.Contains(text, "--") && !strings.Contains(text, "==") && !strings.Contains(text, "-.") {
		return Reading{}, nil // every Mermaid link has one of these
	}
	p := mermaidParser{text: text, seen: map[string]int{}, max: d.opt.MaxEdges}
	block := false // inside a block opened by a header
	bStart, bEnd, bEdges := -1, -1, 0
	flush := func() {
		if bStart >= 0 && len(p.edges) > bEdges {
			p.spans = append(p.spans, Span{Start: bStart, End: bEnd, Role: RoleGraph})
			p.blocks++
		}
		block, bStart, bEnd, bEdges = false, -1, -1, len(p.edges)
	}
	for _, ln := range d.textLines() {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		raw := text[ln.Start:ln.End]
		line := strings.TrimSpace(raw)
		lead := ln.Start + strings.Index(raw, line)
		if line == "" {
			if bStart >= 0 && !block {
				flush()
			}
			continue
		}
		if body, ok := mermaidHeader(line); ok {
			flush()
			block, bStart, bEnd = true, lead, lead+len(line)
			p.header = true
			if body != "" {
				at := lead + strings.Index(line, body)
				if err := p.statements(at, at+len(body)); err != nil {
					return Reading{}, err
				}
			}
			continue
		}
		if block && strings.HasPrefix(line, "```") {
			bEnd = lead + len(line)
			flush()
			continue
		}
		before := len(p.edges)
		ok, err := p.tryLine(lead, lead+len(line), block)
		if err != nil {
			return Reading{}, err
		}
		switch {
		case ok && (block || len(p.edges) > before):
			if bStart < 0 {
				bStart = lead
			}
			bEnd = lead + len(line)
		case ok:
			// a node or style line outside a block: not read
		default:
			if (block || bStart >= 0) && mermaidHasLink(line) {
				p.notes = append(p.notes, fmt.Sprintf("a line with Mermaid links was not read: %q", clip(line, 60)))
				p.broken = true
			}
			flush()
		}
	}
	flush()
	if len(p.edges) == 0 {
		return Reading{}, nil
	}
	r := Reading{Reader: Mermaid{}.Name(), Nodes: p.nodes, NodeStarts: p.starts, Edges: p.edges, Spans: p.spans,
		Labels: p.labels, Notes: p.notes, Confidence: 0.95}
	if p.header {
		r.Confidence = 0.97
	}
	switch {
	case p.heads > 0 && p.open > 0:
		r.Directed = DirDirected
		for i := range r.Edges {
			if !r.Edges[i].Directed {
				r.Edges[i].Both = true
			}
		}
		r.Confidence = min(r.Confidence, 0.85)
		r.Notes = append(r.Notes, "some Mermaid links have arrow heads and some do not; the open links are read as going both ways")
	case p.heads > 0:
		r.Directed = DirDirected
	default:
		r.Directed = DirUndirected
	}
	for i := range r.Edges {
		r.Edges[i].Directed = false // the reading's direction says it
	}
	p.values(&r)
	if p.broken {
		r.Confidence = min(r.Confidence, 0.6)
	}
	if p.blocks > 1 {
		r.Notes = append(r.Notes, "the question holds more than one Mermaid block; their edges are merged")
		r.Confidence = min(r.Confidence, 0.85)
	}
	mermaidNameByLabels(d, &r)
	return r, nil
}

// mermaidNameByLabels names the nodes by their labels ("n3[Food Court]" is
// Food Court) when every node has a label of its own and the text outside
// the diagram names a node by its label and none by its ID: the IDs are
// then the diagram's bookkeeping, the labels what the asker calls the
// places.
func mermaidNameByLabels(d *Doc, r *Reading) {
	if len(r.Labels) != len(r.Nodes) || len(r.Nodes) == 0 {
		return
	}
	rest := []byte(d.Lower)
	for _, sp := range r.Spans {
		for i := sp.Start; i < sp.End && i < len(rest); i++ {
			rest[i] = ' '
		}
	}
	outside := string(rest)
	byLabel := make(map[string]string, len(r.Labels))
	asked := false
	for _, n := range r.Nodes {
		l := strings.TrimSpace(r.Labels[n])
		low := strings.ToLower(l)
		if l == "" || byLabel[low] != "" {
			return // a node without a label, or two with one label
		}
		byLabel[low] = n
		if wordAt(outside, strings.ToLower(n)) {
			return // the question names a node by its ID
		}
		asked = asked || wordAt(outside, low)
	}
	if !asked {
		return
	}
	name := make(map[string]string, len(r.Nodes))
	for _, n := range byLabel {
		name[n] = strings.TrimSpace(r.Labels[n])
	}
	for i, n := range r.Nodes {
		r.Nodes[i] = name[n]
	}
	for i := range r.Edges {
		r.Edges[i].U, r.Edges[i].V = name[r.Edges[i].U], name[r.Edges[i].V]
	}
	r.Labels = nil
	r.Notes = append(r.Notes, "the nodes are named by their labels, as the question names them")
}

// wordAt reports whether w occurs in s as a whole word (or words).
func wordAt(s, w string) bool {
	for off := 0; off < len(s); {
		k := strings.Index(s[off:], w)
		if k < 0 {
			return false
		}
		a, b := off+k, off+k+len(w)
		if (a == 0 || !exIsWordByte(s, a-1)) && (b == len(s) || !exIsWordByte(s, b)) {
			return true
		}
		off = a + 1
	}
	return false
}

// mermaidHeader reads a header line: "graph", "flowchart" with an optional
// direction, or a "```mermaid" fence; body is what follows a ';' on it.
func mermaidHeader(line string) (body string, ok bool) {
	if rest, ok := strings.CutPrefix(line, "```"); ok {
		return "", strings.EqualFold(strings.TrimSpace(rest), "mermaid")
	}
	head, body, _ := strings.Cut(line, ";")
	f := strings.Fields(head)
	if len(f) == 0 || len(f) > 2 {
		return "", false
	}
	switch strings.ToLower(f[0]) {
	case "graph", "flowchart":
	default:
		return "", false
	}
	if len(f) == 2 {
		switch strings.ToUpper(f[1]) {
		case "TB", "TD", "BT", "RL", "LR":
		default:
			return "", false
		}
	} else if body == "" && !strings.HasSuffix(line, ";") {
		return "", false // "Graph" alone is a word, not a header
	}
	return strings.TrimSpace(body), true
}

// mermaidHasLink reports whether a line holds a Mermaid link token.
func mermaidHasLink(line string) bool {
	return strings.Contains(line, "-->") || strings.Contains(line, "---") || strings.Contains(line, "==>") ||
		strings.Contains(line, "-.-")
}

// mermaidParser holds what the lines read so far.
type mermaidParser struct {
	text   string
	max    int
	seen   map[string]int // node → index in nodes
	nodes  []string
	starts []int
	labels map[string]string
	edges  []Edge
	spans  []Span
	notes  []string
	// texts are the link texts of edges (parallel to edges; "" none).
	texts  []string
	heads  int
	open   int
	blocks int
	header bool
	broken bool
}

// tryLine reads text[s:e] as Mermaid statements; in a header block the
// keyword lines (subgraph, end, classDef, style, ...) and comments are
// accepted too. ok is false when the line is not Mermaid; nothing read
// from it is kept then.
func (p *mermaidParser) tryLine(s, e int, block bool) (bool, error) {
	line := p.text[s:e]
	if strings.HasPrefix(line, "%%") {
		return block, nil
	}
	word := line
	if k := strings.IndexAny(word, " \t"); k >= 0 {
		word = word[:k]
	}
	switch word {
	case "subgraph", "end", "classDef", "class", "style", "linkStyle", "click", "direction", "accTitle:", "accDescr:",
		"title":
		return block, nil
	}
	mark := p.mark()
	if err := p.statements(s, e); err != nil {
		p.reset(mark)
		if errors.Is(err, graph.ErrTooLarge) {
			return false, err
		}
		return false, nil
	}
	return true, nil
}

// parserMark is the parser's state before a line, to undo a line that
// turns out not to be Mermaid.
type parserMark struct{ nodes, edges, heads, open int }

func (p *mermaidParser) mark() parserMark {
	return parserMark{len(p.nodes), len(p.edges), p.heads, p.open}
}

func (p *mermaidParser) reset(m parserMark) {
	for _, n := range p.nodes[m.nodes:] {
		delete(p.seen, n)
		delete(p.labels, n)
	}
	p.nodes, p.starts = p.nodes[:m.nodes], p.starts[:m.nodes]
	p.edges, p.texts = p.edges[:m.edges], p.texts[:m.edges]
	p.heads, p.open = m.heads, m.open
}

// errNotMermaid marks text that is not a Mermaid statement.
var errNotMermaid = fmt.Errorf("not Mermaid: %w", graph.ErrSyntax)

// statements reads text[s:e] as statements separated by ';'.
func (p *mermaidParser) statements(s, e int) error {
	for s < e {
		k := mermaidSemicolon(p.text[s:e])
		end := e
		if k >= 0 {
			end = s + k
		}
		st := strings.TrimSpace(p.text[s:end])
		if st != "" {
			at := s + strings.Index(p.text[s:end], st)
			if err := p.statement(at, at+len(st)); err != nil {
				return err
			}
		}
		if k < 0 {
			break
		}
		s = end + 1
	}
	return nil
}

// mermaidSemicolon finds the first ';' of s outside brackets, quotes and
// "|...|" link texts; -1 when there is none.
func mermaidSemicolon(s string) int {
	depth, quote, bar := 0, false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			quote = !quote
		case quote:
		case c == '|':
			bar = !bar
		case bar:
		case c == '[' || c == '(' || c == '{':
			depth++
		case c == ']' || c == ')' || c == '}':
			depth--
		case c == ';' && depth <= 0:
			return i
		}
	}
	return -1
}

// mermaidLink is one link as written.
type mermaidLink struct {
	head, tail bool // an arrow head at the end, or at the start ("<-->")
	text       string
}

// statement reads one statement: groups of nodes joined by "&", with links
// between them.
func (p *mermaidParser) statement(s, e int) error {
	t := p.text[s:e]
	i := 0
	prev, n, err := p.group(t, s, &i)
	if err != nil {
		return err
	}
	if n == 0 {
		return errNotMermaid
	}
	for first := true; ; first = false {
		skipBlanks(t, &i)
		if i >= len(t) {
			if first && !strings.ContainsAny(t, "[({>@") {
				return errNotMermaid // a bare word is not a node statement
			}
			return nil
		}
		l, ok := mermaidLinkAt(t, &i)
		if !ok {
			return errNotMermaid
		}
		skipBlanks(t, &i)
		next, m, err := p.group(t, s, &i)
		if err != nil {
			return err
		}
		if m == 0 {
			return errNotMermaid
		}
		for _, u := range prev {
			for _, v := range next {
				if len(p.edges) >= p.max {
					return fmt.Errorf("Mermaid: more than %d edges: %w", p.max, graph.ErrTooLarge)
				}
				ed := Edge{U: u, V: v, Start: s, End: e, Directed: l.head || l.tail}
				switch {
				case l.head && l.tail:
					ed.Both = true
				case l.tail:
					ed.U, ed.V = v, u
				}
				p.edges = append(p.edges, ed)
				p.texts = append(p.texts, l.text)
				if ed.Directed {
					p.heads++
				} else {
					p.open++
				}
			}
		}
		prev = next
	}
}

// group reads nodes joined by "&" at t[*i:] (base is t's offset in the
// question), adding them to the nodes; n is how many.
func (p *mermaidParser) group(t string, base int, i *int) (ids []string, n int, err error) {
	for {
		skipBlanks(t, i)
		id, label, at, ok := mermaidNode(t, i)
		if !ok {
			return nil, 0, errNotMermaid
		}
		p.addNode(id, label, base+at)
		ids = append(ids, id)
		j := *i
		skipBlanks(t, &j)
		if j < len(t) && t[j] == '&' {
			*i = j + 1
			continue
		}
		return ids, len(ids), nil
	}
}

func (p *mermaidParser) addNode(id, label string, at int) {
	if _, ok := p.seen[id]; !ok {
		p.seen[id] = len(p.nodes)
		p.nodes = append(p.nodes, id)
		p.starts = append(p.starts, at)
	}
	if label != "" && label != id {
		if p.labels == nil {
			p.labels = map[string]string{}
		}
		if old, ok := p.labels[id]; ok && old != label {
			p.notes = append(p.notes, fmt.Sprintf("node %s has two labels, %q and %q", id, old, label))
			p.broken = true
		}
		p.labels[id] = label
	}
}

func skipBlanks(t string, i *int) {
	for *i < len(t) && (t[*i] == ' ' || t[*i] == '\t') {
		*i++
	}
}

// mermaidNode reads a node at t[*i:]: an ID, an optional shape with its
// label, and an optional ":::class".
func mermaidNode(t string, i *int) (id, label string, at int, ok bool) {
	at = *i
	j := at
	for j < len(t) {
		c := t[j]
		if c < utf8.RuneSelf {
			// '-' and '.' join words ("node-1", "v1.2"), never a link ("A-->B").
			if c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') ||
				(c == '-' || c == '.') && j > at && j+1 < len(t) && exASCIIWordByte(t[j+1]) {
				j++
				continue
			}
			break
		}
		r, size := utf8.DecodeRuneInString(t[j:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		j += size
	}
	if j == at {
		return "", "", 0, false
	}
	id = t[at:j]
	if id == "end" || id == "subgraph" || id == "graph" || id == "flowchart" {
		return "", "", 0, false
	}
	if j < len(t) {
		if l, k, ok := mermaidShape(t, j); ok {
			label, j = l, k
		} else if strings.IndexByte("([{>@", t[j]) >= 0 {
			return "", "", 0, false
		}
	}
	if strings.HasPrefix(t[j:], ":::") {
		j += 3
		for j < len(t) && (exASCIIWordByte(t[j]) || t[j] == '-') {
			j++
		}
	}
	*i = j
	return id, label, at, true
}

// mermaidShape reads a node shape at t[j:] ("[x]", "(x)", "([x])",
// "[[x]]", "[(x)]", "((x))", "{x}", "{{x}}", ">x]", "[/x/]", "@{ label: x
// }") and returns its label and where it ends.
func mermaidShape(t string, j int) (label string, end int, ok bool) {
	if strings.HasPrefix(t[j:], "@{") {
		k := strings.IndexByte(t[j:], '}')
		if k < 0 {
			return "", 0, false
		}
		body := t[j+2 : j+k]
		for _, kv := range strings.Split(body, ",") {
			key, val, _ := strings.Cut(kv, ":")
			if strings.TrimSpace(key) == "label" {
				label = strings.Trim(strings.TrimSpace(val), `"'`)
			}
		}
		return label, j + k + 1, true
	}
	k := j
	for k < len(t) && k-j < 3 && strings.IndexByte("([{>", t[k]) >= 0 {
		k++
	}
	if k == j {
		return "", 0, false
	}
	for k < len(t) && (t[k] == '/' || t[k] == '\\') && k-j < 4 {
		k++
	}
	start := k
	// The label runs to the first closing bracket outside quotes.
	quote := false
	for ; k < len(t); k++ {
		c := t[k]
		if c == '"' {
			quote = !quote
			continue
		}
		if !quote && (c == ']' || c == ')' || c == '}') {
			break
		}
	}
	if k >= len(t) || quote {
		return "", 0, false
	}
	label = t[start:k]
	for k < len(t) && strings.IndexByte(")]}", t[k]) >= 0 {
		k++
	}
	label = strings.TrimRight(label, `/\`)
	label = strings.TrimSpace(strings.Trim(strings.TrimSpace(label), `"`))
	return label, k, true
}

// mermaidLinkAt reads a link at t[*i:]: an optional '<' (or 'o', 'x'), a
// stroke of '-', '=' or '.' with an optional head ('>', 'o', 'x'), text
// inside the stroke ("-- 5 -->", "== x ==>", "-. y .->") and an optional
// "|text|" after it.
func mermaidLinkAt(t string, i *int) (mermaidLink, bool) {
	var l mermaidLink
	j := *i
	if j < len(t) && (t[j] == '<' || t[j] == 'o' || t[j] == 'x') && j+1 < len(t) && (t[j+1] == '-' || t[j+1] == '=') {
		l.tail = t[j] == '<'
		j++
	}
	k := strokeEnd(t, j)
	if k-j < 2 {
		return l, false
	}
	stroke := t[j:k]
	if !validStroke(stroke) {
		return l, false
	}
	j = k
	switch {
	case j < len(t) && t[j] == '>':
		l.head = true
		j++
	case j < len(t) && (t[j] == 'o' || t[j] == 'x') && (j+1 >= len(t) || t[j+1] == ' ' || t[j+1] == '|'):
		l.head = true
		j++
	case (stroke == "--" || stroke == "==" || stroke == "-.") && j < len(t) && t[j] == ' ':
		// A link with its text inside: "-- text -->", "== text ==>", "-. text .->".
		rest := t[j:]
		for m := 0; m < len(rest); m++ {
			c := rest[m]
			if c != '-' && c != '=' && c != '.' {
				continue
			}
			n := strokeEnd(rest, m)
			closing := rest[m:n]
			if n-m < 2 || !validStroke(closing) {
				m = n - 1
				continue
			}
			if n < len(rest) && rest[n] == '>' {
				l.head = true
				n++
			} else if n-m < 3 && closing != "-." && closing != ".-" {
				m = n - 1
				continue
			}
			l.text = strings.TrimSpace(strings.Trim(strings.TrimSpace(rest[:m]), `"`))
			if l.text == "" {
				return l, false
			}
			*i = j + n
			return l, true
		}
		return l, false
	default:
		if len(stroke) < 3 && stroke != "-.-" {
			return l, false // "--" and "==" alone are not links
		}
	}
	if j < len(t) && t[j] == '|' {
		k := strings.IndexByte(t[j+1:], '|')
		if k < 0 {
			return l, false
		}
		l.text = strings.TrimSpace(strings.Trim(strings.TrimSpace(t[j+1:j+1+k]), `"`))
		j += k + 2
	}
	*i = j
	return l, true
}

// strokeEnd returns the end of the run of '-', '=' and '.' at t[j:].
func strokeEnd(t string, j int) int {
	for j < len(t) && (t[j] == '-' || t[j] == '=' || t[j] == '.') {
		j++
	}
	return j
}

// validStroke reports whether s is a Mermaid stroke: dashes, equals signs,
// or dashes around dots ("-.-", "-..-", ".-" closing a dotted text link).
func validStroke(s string) bool {
	switch {
	case strings.Trim(s, "-") == "", strings.Trim(s, "=") == "":
		return true
	case strings.Trim(s, "-.") == "" && strings.Contains(s, "-"):
		return !strings.Contains(s, "--.") && !strings.Contains(s, ".--")
	}
	return false
}

// values turns the links' texts into edge values: every text a number
// (with its unit) makes a weighted reading; a mix of numbers and other
// texts, or of units, is uncertain. Other texts are edge labels.
func (p *mermaidParser) values(r *Reading) {
	numbers, texts := 0, 0
	units := map[string]bool{}
	meaning := MeaningNone
	for i, tx := range p.texts {
		if tx == "" {
			continue
		}
		q, ok := parseQuantity(tx)
		if !ok {
			texts++
			r.Edges[i].Attrs = map[string]any{"label": tx}
			continue
		}
		numbers++
		r.Edges[i].Value, r.Edges[i].HasValue = q.v, true
		units[q.unit] = true
		if q.meaning != MeaningNone {
			meaning = q.meaning
		}
	}
	if numbers == 0 {
		return
	}
	r.EdgeValue = MeaningWeight
	if meaning != MeaningNone {
		r.EdgeValue = meaning
	}
	if len(units) == 1 {
		for u := range units {
			if u != "" {
				r.Facts = map[string]string{"edge_unit": u}
			}
		}
	}
	if numbers < len(r.Edges) {
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d Mermaid links have a number", numbers, len(r.Edges)))
	}
	if texts > 0 || len(units) > 1 {
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, "the Mermaid link texts mix numbers, units or words")
	}
}

// clip shortens s to at most n bytes (at a rune boundary) with "...".
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
