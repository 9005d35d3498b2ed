package extract

import (
	"context"
	"strconv"
	"strings"
)

// Cypher reads Cypher graph patterns written in a question:
// "(Alice)-[:FOLLOWS]->(Bob)", "(a)-[:KNOWS]-(b)", chains "(a)-->(b)<--(c)",
// "(a:Person {name: 'Ann'})-[:RATED {weight: 3}]->(m)", several patterns
// separated by commas or lines, optionally after CREATE, MERGE or MATCH.
//
// Arrows give the direction ("->" and "<-" directed, "-" undirected; a mix
// is uncertain). A node is named by its "name" (or "id", "title") property
// when it has one, else by its variable; a variable names the same node
// wherever it appears; on a CREATE or MERGE line a node alone declares it
// ("CREATE (a:City {name: 'A'}), (b:City {name: 'B'})", then "(a)-->(b)").
// A relationship property that a table would take as a value column
// (weight, cost, distance, capacity, km, time, ...) is the edge's value and
// says what it means; a string value with a unit ("40 km") is a number
// with that unit.
//
// A line is Cypher when a relationship follows a node on it (")-[", ")-->",
// ")<-[", ")<--", ")--("); "(A)<-(B)" and "(A)->(B)" are arrows, not Cypher.
// A line that starts with such a pattern (after an optional keyword) and
// does not parse is an error wrapping graph.ErrSyntax with the question's
// line and column; a pattern inside a sentence that does not
// parse is left to the other readers.
type Cypher struct{}

// Name names the notation.
func (Cypher) Name() string { return "Cypher" }

// cypherMarkers are the texts that put a relationship right after a node.
var cypherMarkers = []string{")-[", ")<-[", ")<--", ")-->", ")--("}

// Read implements Reader.
func (Cypher) Read(ctx context.Context, d *Doc) (Reading, error) {
	text := d.Text
	if !strings.Contains(text, ")-") && !strings.Contains(text, ")<-") {
		return Reading{}, nil
	}
	p := cypherParser{text: text, vars: map[string]string{}, seen: map[string]bool{}, units: map[string]bool{}}
	out := Reading{Reader: Cypher{}.Name(), Confidence: 0.95}
	for ls := 0; ls < len(text); {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		le := strings.IndexByte(text[ls:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += ls
		}
		if err := p.line(ls, le); err != nil {
			return Reading{}, err
		}
		ls = le + 1
	}
	if len(p.edges) == 0 {
		return Reading{}, nil
	}
	out.Nodes, out.NodeStarts, out.Edges, out.Spans = p.nodes, p.starts, p.edges, p.spans
	out.Notes = p.notes
	if p.inSentence {
		out.Confidence = 0.85
		out.Notes = append(out.Notes, "a Cypher pattern is read inside a sentence")
	}
	switch {
	case p.arrows > 0 && p.plain > 0:
		out.Directed = DirUnknown
		out.Confidence = min(out.Confidence, 0.6)
		out.Notes = append(out.Notes, "some Cypher relationships have arrows and some do not")
	case p.arrows > 0:
		out.Directed = DirDirected
	default:
		out.Directed = DirUndirected
	}
	valued := out.settleEdgeValues()
	switch {
	case len(p.units) > 1:
		out.Confidence = min(out.Confidence, 0.6)
		out.Notes = append(out.Notes, "the Cypher relationships' values have different units")
	case len(p.units) == 1:
		for u := range p.units {
			if u != "" {
				out.Facts = map[string]string{"edge_unit": u}
			}
		}
	}
	if valued > 0 && valued < len(out.Edges) {
		out.Confidence = min(out.Confidence, 0.6)
		out.Notes = append(out.Notes, "some Cypher relationships have a weight and some do not")
	}
	return out, nil
}

// cypherParser holds what the lines read so far.
type cypherParser struct {
	text       string
	vars       map[string]string // variable → node ID
	seen       map[string]bool
	nodes      []string
	starts     []int
	edges      []Edge
	spans      []Span
	notes      []string
	arrows     int
	plain      int
	inSentence bool
	// bare is set on a CREATE or MERGE line, where a node alone is a
	// declaration ("CREATE (a:City {name: 'A'}), (b:City {name: 'B'})").
	bare  bool
	units map[string]bool // the units of the edge values ("" none)
}

// line reads the Cypher patterns on text[ls:le].
func (p *cypherParser) line(ls, le int) error {
	off := ls
	if at, ok := cypherDeclares(p.text, ls, le); ok {
		// "CREATE (a:City {name: 'A'}), (b)-[:ROAD]->(a)": nodes alone are
		// declarations here; a line that does not parse so is read below.
		p.bare = true
		end, err := p.patterns(at, le)
		p.bare = false
		if err == nil {
			p.spans = append(p.spans, Span{Start: at, End: end, Role: RoleGraph})
			off = end
		}
	}
	for off < le {
		m := cypherMarkerAt(p.text[off:le])
		if m < 0 {
			return nil
		}
		open := strings.LastIndexByte(p.text[off:off+m], '(')
		if open < 0 {
			off += m + 2
			continue
		}
		open += off
		before := strings.TrimSpace(p.text[ls:open])
		switch strings.ToUpper(before) {
		case "CREATE", "MERGE", "MATCH", "":
		default:
			before = "prose"
		}
		atLine := before != "prose" && off == ls
		end, err := p.patterns(open, le)
		if err != nil {
			if atLine {
				return err
			}
			off += m + 2
			continue
		}
		if !atLine {
			p.inSentence = true
		}
		p.spans = append(p.spans, Span{Start: open, End: end, Role: RoleGraph})
		off = end
	}
	return nil
}

// cypherDeclares reports whether the line text[ls:le] starts with CREATE or
// MERGE and a node, and where the node starts.
func cypherDeclares(text string, ls, le int) (int, bool) {
	line := strings.TrimLeft(text[ls:le], " \t")
	at := ls + (le - ls - len(line))
	for _, kw := range []string{"CREATE", "MERGE"} {
		if len(line) > len(kw) && strings.EqualFold(line[:len(kw)], kw) {
			rest := strings.TrimLeft(line[len(kw):], " \t")
			if rest != "" && rest[0] == '(' && len(rest) < len(line)-len(kw) {
				return at + len(line) - len(rest), true
			}
		}
	}
	return 0, false
}

// cypherMarkerAt is the offset of the first marker in s, or -1.
func cypherMarkerAt(s string) int {
	best := -1
	for _, m := range cypherMarkers {
		if i := strings.Index(s, m); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	return best
}

// patterns reads comma-separated patterns from text[i:le] and returns where
// they end. It commits nodes and edges only when all of them parse.
func (p *cypherParser) patterns(i, le int) (int, error) {
	save := *p
	savedVars := make(map[string]string, len(p.vars))
	for k, v := range p.vars {
		savedVars[k] = v
	}
	savedSeen := make(map[string]bool, len(p.seen))
	for k, v := range p.seen {
		savedSeen[k] = v
	}
	end, err := p.patternList(i, le)
	if err != nil {
		*p = save
		p.vars, p.seen = savedVars, savedSeen
		return 0, err
	}
	return end, nil
}

func (p *cypherParser) patternList(i, le int) (int, error) {
	for {
		end, err := p.pattern(i, le)
		if err != nil {
			return 0, err
		}
		j := p.skipSpace(end, le)
		if j < le && p.text[j] == ',' {
			k := p.skipSpace(j+1, le)
			if k >= le {
				return j + 1, nil // the list goes on on the next line
			}
			if p.text[k] == '(' {
				i = k
				continue
			}
		}
		if j < le && p.text[j] == ';' {
			return j + 1, nil
		}
		return end, nil
	}
}

func (p *cypherParser) skipSpace(i, le int) int {
	for i < le && (p.text[i] == ' ' || p.text[i] == '\t' || p.text[i] == '\r') {
		i++
	}
	return i
}

// pattern reads one chain "(a)-[..]->(b)<-[..]-(c)" at text[i].
func (p *cypherParser) pattern(i, le int) (int, error) {
	u, uStart, i, err := p.node(i, le)
	if err != nil {
		return 0, err
	}
	rels := 0
	for {
		j := p.skipSpace(i, le)
		if j >= le || (p.text[j] != '-' && p.text[j] != '<') {
			if rels == 0 && !p.bare {
				return 0, syntaxErrorAt(p.text, j, "Cypher pattern: a relationship must follow the node")
			}
			return i, nil
		}
		rel, k, err := p.relationship(j, le)
		if err != nil {
			return 0, err
		}
		k = p.skipSpace(k, le)
		v, _, next, err := p.node(k, le)
		if err != nil {
			return 0, err
		}
		e := Edge{U: u, V: v, Value: rel.value, HasValue: rel.hasValue, Meaning: rel.meaning, Start: uStart, End: next}
		if rel.hasValue {
			p.units[rel.unit] = true
		}
		switch rel.dir {
		case '>':
			e.Directed = true
			p.arrows++
		case '<':
			e.U, e.V, e.Directed = v, u, true
			p.arrows++
		default:
			p.plain++
		}
		p.edges = append(p.edges, e)
		rels++
		u, uStart, i = v, k, next
	}
}

// node reads "(var:Label {props})" at text[i] and returns the node's ID.
func (p *cypherParser) node(i, le int) (id string, start, end int, err error) {
	if i >= le || p.text[i] != '(' {
		return "", 0, 0, syntaxErrorAt(p.text, i, "Cypher pattern: want '(' to start a node")
	}
	start = i
	i = p.skipSpace(i+1, le)
	variable, i, err := p.ident(i, le)
	if err != nil {
		return "", 0, 0, err
	}
	i, err = p.labels(i, le)
	if err != nil {
		return "", 0, 0, err
	}
	var name string
	if i < le && p.text[i] == '{' {
		props, k, err := p.props(i, le)
		if err != nil {
			return "", 0, 0, err
		}
		i = k
		for _, key := range []string{"name", "id", "title"} {
			if pv, ok := props[key]; ok {
				name = pv.text
				break
			}
		}
	}
	i = p.skipSpace(i, le)
	if i >= le || p.text[i] != ')' {
		return "", 0, 0, syntaxErrorAt(p.text, i, "Cypher pattern: want ')' to close the node")
	}
	end = i + 1
	switch {
	case variable == "" && name == "":
		return "", 0, 0, syntaxErrorAt(p.text, start, "Cypher pattern: the node has neither a variable nor a name")
	case variable == "":
		id = name
	case name == "":
		id = variable
		if bound, ok := p.vars[variable]; ok {
			id = bound
		}
	default:
		if bound, ok := p.vars[variable]; ok && bound != name {
			return "", 0, 0, syntaxErrorAt(p.text, start, "Cypher pattern: variable "+variable+" names both "+bound+" and "+name)
		}
		p.vars[variable] = name
		id = name
	}
	if !p.seen[id] {
		p.seen[id] = true
		p.nodes = append(p.nodes, id)
		p.starts = append(p.starts, start)
	}
	return id, start, end, nil
}

// ident reads an identifier or a `quoted` one at text[i] ("" when none).
func (p *cypherParser) ident(i, le int) (string, int, error) {
	if i < le && p.text[i] == '`' {
		k := strings.IndexByte(p.text[i+1:le], '`')
		if k < 0 {
			return "", 0, syntaxErrorAt(p.text, i, "Cypher pattern: '`' is not closed")
		}
		return p.text[i+1 : i+1+k], p.skipSpace(i+2+k, le), nil
	}
	j := i
	for j < le && cypherIdentByte(p.text[j]) {
		j++
	}
	return p.text[i:j], p.skipSpace(j, le), nil
}

func cypherIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// labels skips ":Label:Other" (or ":TYPE|OTHER" on relationships).
func (p *cypherParser) labels(i, le int) (int, error) {
	for i < le && (p.text[i] == ':' || p.text[i] == '|') {
		name, k, err := p.ident(p.skipSpace(i+1, le), le)
		if err != nil {
			return 0, err
		}
		if name == "" {
			return 0, syntaxErrorAt(p.text, i, "Cypher pattern: want a label after ':'")
		}
		i = k
	}
	return i, nil
}

// cypherValue is a property value: its text and, for numbers, its value.
type cypherValue struct {
	text   string
	num    float64
	number bool
}

// props reads "{key: value, ...}" at text[i].
func (p *cypherParser) props(i, le int) (map[string]cypherValue, int, error) {
	out := map[string]cypherValue{}
	i = p.skipSpace(i+1, le)
	if i < le && p.text[i] == '}' {
		return out, p.skipSpace(i+1, le), nil
	}
	for {
		key, k, err := p.ident(i, le)
		if err != nil {
			return nil, 0, err
		}
		if key == "" || k >= le || p.text[k] != ':' {
			return nil, 0, syntaxErrorAt(p.text, k, "Cypher pattern: want 'key: value' in the properties")
		}
		i = p.skipSpace(k+1, le)
		v, k, err := p.value(i, le)
		if err != nil {
			return nil, 0, err
		}
		out[strings.ToLower(key)] = v
		i = p.skipSpace(k, le)
		if i < le && p.text[i] == ',' {
			i = p.skipSpace(i+1, le)
			continue
		}
		if i < le && p.text[i] == '}' {
			return out, p.skipSpace(i+1, le), nil
		}
		return nil, 0, syntaxErrorAt(p.text, i, "Cypher pattern: want ',' or '}' in the properties")
	}
}

// value reads a quoted string, a number or a word at text[i].
func (p *cypherParser) value(i, le int) (cypherValue, int, error) {
	if i < le && (p.text[i] == '\'' || p.text[i] == '"') {
		q := p.text[i]
		k := strings.IndexByte(p.text[i+1:le], q)
		if k < 0 {
			return cypherValue{}, 0, syntaxErrorAt(p.text, i, "Cypher pattern: the string is not closed")
		}
		return cypherValue{text: p.text[i+1 : i+1+k]}, i + 2 + k, nil
	}
	j := i
	for j < le && (cypherIdentByte(p.text[j]) || p.text[j] == '.' || p.text[j] == '-' || p.text[j] == '+') {
		j++
	}
	if j == i {
		return cypherValue{}, 0, syntaxErrorAt(p.text, i, "Cypher pattern: want a property value")
	}
	v := cypherValue{text: p.text[i:j]}
	if f, err := strconv.ParseFloat(v.text, 64); err == nil {
		v.num, v.number = f, true
	}
	return v, j, nil
}

// cypherRel is one relationship between two nodes.
type cypherRel struct {
	dir      byte // '>' left to right, '<' right to left, 0 none
	value    float64
	hasValue bool
	meaning  Meaning
	unit     string // "km" for {km: 40} or {distance: '40 km'}
}

// relationship reads "-[...]->", "<-[...]-", "-[...]-", "-->", "<--" or
// "--" at text[i].
func (p *cypherParser) relationship(i, le int) (cypherRel, int, error) {
	var rel cypherRel
	start := i
	left := false
	if p.text[i] == '<' {
		left = true
		i++
	}
	if i >= le || p.text[i] != '-' {
		return rel, 0, syntaxErrorAt(p.text, i, "Cypher pattern: want '-' in the relationship")
	}
	i++
	if i < le && p.text[i] == '[' {
		k := p.skipSpace(i+1, le)
		_, k, err := p.ident(k, le)
		if err != nil {
			return rel, 0, err
		}
		if k, err = p.labels(k, le); err != nil {
			return rel, 0, err
		}
		if k < le && p.text[k] == '*' {
			return rel, 0, syntaxErrorAt(p.text, k, "Cypher pattern: a variable-length relationship is a path, not an edge")
		}
		if k < le && p.text[k] == '{' {
			props, k2, err := p.props(k, le)
			if err != nil {
				return rel, 0, err
			}
			k = k2
			found := ""
			for key, v := range props {
				keyUnit, unitKey := unitMeaning(key)
				if csvColumnNames[key] != csvValue && !unitKey {
					continue
				}
				q, ok := quantity{v: v.num, meaning: MeaningNone}, v.number
				if !ok {
					q, ok = parseQuantity(v.text)
				}
				if !ok {
					return rel, 0, syntaxErrorAt(p.text, start, "Cypher pattern: the relationship's "+key+" is not a number")
				}
				if found != "" {
					return rel, 0, syntaxErrorAt(p.text, start, "Cypher pattern: the relationship has both "+found+" and "+key)
				}
				found = key
				rel.value, rel.hasValue, rel.meaning = q.v, true, csvMeaning(key)
				if unitKey {
					rel.meaning = keyUnit
				}
				if q.meaning != MeaningNone {
					rel.meaning = q.meaning
				}
				switch {
				case q.unit != "":
					rel.unit = q.unit
				case unitKey:
					rel.unit = key // {km: 40}
				}
			}
		}
		if k >= le || p.text[k] != ']' {
			return rel, 0, syntaxErrorAt(p.text, k, "Cypher pattern: want ']' to close the relationship")
		}
		i = k + 1
	}
	if i >= le || p.text[i] != '-' {
		return rel, 0, syntaxErrorAt(p.text, i, "Cypher pattern: want '-' in the relationship")
	}
	i++
	right := i < le && p.text[i] == '>'
	if right {
		i++
	}
	switch {
	case left && right:
		return rel, 0, syntaxErrorAt(p.text, start, "Cypher pattern: the relationship points both ways")
	case left:
		rel.dir = '<'
	case right:
		rel.dir = '>'
	}
	return rel, i, nil
}
