package extract

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// TikZ reads graphs drawn in TikZ (LaTeX) pictures:
//
//	\begin{tikzpicture}
//	  \node[circle,draw] (a) at (0, 0) {$a$};
//	  \node (b) at (2, 0) {B};
//	  \draw (a) -- (b) -- (c);
//	  \draw[->] (b) -- node[above] {3} (c);
//	  \path (c) edge[->] (a) (c) edge (d);
//	\end{tikzpicture}
//
// A node is the name in parentheses of a \node statement or a path's
// "(name)"; its label in braces and the coordinates after "at" are drawing
// data, never nodes or edges. The path operations "--" and "edge" (also
// "to") join the named nodes on either side; a path of coordinates ("(0,0)
// -- (1,2)") draws lines, not edges, and makes the reading uncertain. An
// arrow tip ("->", "<-", "-latex", "-stealth") on a path or an edge makes
// it directed ("<->" both ways); a number in braces after "node" on an
// edge is its weight. A picture is read between \begin{tikzpicture} and
// \end{tikzpicture}, or, without them, in the statements that start with
// \node, \draw or \path.
type TikZ struct{}

// Name names the notation.
func (TikZ) Name() string { return "TikZ" }

// tikzMaxStatements bounds the statements read, whatever MaxEdges says.
const tikzMaxStatements = 1 << 14

// Read implements Reader.
func (TikZ) Read(ctx context.Context, d *Doc) (Reading, error) {
	lower := d.Lower
	if !strings.Contains(lower, `\draw`) && !strings.Contains(lower, `\path`) {
		return Reading{}, nil
	}
	start, end := 0, len(d.Text)
	if b := strings.Index(lower, `\begin{tikzpicture}`); b >= 0 {
		start = b
		if e := strings.Index(lower[b:], `\end{tikzpicture}`); e >= 0 {
			end = b + e + len(`\end{tikzpicture}`)
		}
	}
	p := tikzParser{text: d.Text, seen: map[string]bool{}, max: d.opt.MaxEdges}
	spanStart, spanEnd := -1, -1
	n := 0
	for i := start; i < end; {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		j := strings.IndexByte(d.Text[i:end], '\\')
		if j < 0 {
			break
		}
		i += j
		cmd := tikzCommand(lower[i:end])
		if cmd == "" {
			i++
			continue
		}
		stop := strings.IndexByte(d.Text[i:end], ';')
		if stop < 0 {
			p.doubt("a TikZ statement has no ';': " + strconv.Quote(proseClip(d.Text[i:end])))
			break
		}
		if n++; n > tikzMaxStatements {
			return Reading{}, fmt.Errorf("TikZ: more than %d statements: %w", tikzMaxStatements, graph.ErrTooLarge)
		}
		if err := p.statement(cmd, i+len(cmd), i+stop); err != nil {
			return Reading{}, err
		}
		if spanStart < 0 {
			spanStart = i
		}
		spanEnd = i + stop + 1
		i += stop + 1
	}
	if len(p.r.Edges) == 0 {
		return Reading{}, nil
	}
	if start < spanStart && strings.HasPrefix(lower[start:], `\begin{tikzpicture}`) {
		spanStart = start
	}
	if end > spanEnd && strings.HasSuffix(lower[:end], `\end{tikzpicture}`) {
		spanEnd = end
	}
	r := p.r
	r.Reader = TikZ{}.Name()
	r.Spans = []Span{{Start: spanStart, End: spanEnd, Role: RoleGraph}}
	r.Directed = DirUndirected
	if p.directed {
		r.Directed = DirDirected
		if p.undirected {
			p.doubt("some TikZ edges have an arrow tip and some do not")
		}
	}
	r.Confidence = 0.95
	if len(p.notes) > 0 {
		r.Confidence = 0.6
		r.Notes = p.notes
	}
	if r.settleEdgeValues() > 0 {
		if r.EdgeValue == MeaningNone {
			r.EdgeValue = MeaningWeight
		}
	}
	return r, nil
}

// tikzCommand returns the path command at the start of s ("\draw", "\node",
// "\path", "\coordinate" or "\graph"), or "" when s starts with none.
func tikzCommand(s string) string {
	for _, c := range []string{`\draw`, `\node`, `\path`, `\coordinate`, `\graph`, `\foreach`} {
		if strings.HasPrefix(s, c) && (len(s) == len(c) || !isLetterByte(s[len(c)])) {
			return c
		}
	}
	return ""
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// tikzParser collects the reading.
type tikzParser struct {
	text                 string
	r                    Reading
	seen                 map[string]bool
	max                  int
	notes                []string
	directed, undirected bool
}

func (p *tikzParser) doubt(note string) { p.notes = append(p.notes, note) }

func (p *tikzParser) node(id string) {
	if !p.seen[id] {
		p.seen[id] = true
		p.r.Nodes = append(p.r.Nodes, id)
	}
}

// statement reads the statement cmd whose body is text[s:e].
func (p *tikzParser) statement(cmd string, s, e int) error {
	switch cmd {
	case `\graph`, `\foreach`:
		p.doubt("TikZ " + cmd + " statements are not read")
		return nil
	case `\coordinate`:
		return nil // a point, no node of the graph
	}
	body := p.text[s:e]
	k := 0
	tip := ""
	if t, n := tikzOptions(body); n > 0 {
		tip, k = tikzTip(t), n
	}
	if cmd == `\node` {
		// \node[opts] (name) at (x, y) {label};
		rest := strings.TrimSpace(body[k:])
		if !strings.HasPrefix(rest, "(") {
			return nil // a label with no name: no node of the graph
		}
		name, _, ok := tikzParen(rest)
		if !ok || tikzCoordinate(name) {
			return nil
		}
		p.node(tikzName(name))
		return nil
	}
	// A path: (a) -- (b) edge[->] (c) -- node {3} (d) ...
	var prev string
	havePrev := false
	op := ""
	opTip := ""
	var value float64
	hasValue := false
	for k < len(body) {
		c := body[k]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			k++
		case c == '(':
			inner, n, ok := tikzParen(body[k:])
			if !ok {
				p.doubt("an unclosed '(' in a TikZ path")
				return nil
			}
			k += n
			if tikzCoordinate(inner) {
				if op != "" || havePrev {
					p.doubt("a TikZ path draws to a coordinate " + strconv.Quote("("+inner+")") + ", not a node")
				}
				havePrev, op = false, ""
				continue
			}
			id := tikzName(inner)
			p.node(id)
			if havePrev && op != "" {
				if len(p.r.Edges) == p.max {
					return fmt.Errorf("TikZ: more than %d edges: %w", p.max, graph.ErrTooLarge)
				}
				t := tip
				if opTip != "" {
					t = opTip
				}
				ed := Edge{U: prev, V: id, Start: s, End: e, Value: value, HasValue: hasValue}
				switch t {
				case "->":
					p.directed = true
				case "<-":
					ed.U, ed.V = id, prev
					p.directed = true
				case "<->":
					ed.Both = true
					p.directed = true
				default:
					p.undirected = true
				}
				p.r.Edges = append(p.r.Edges, ed)
			}
			prev, havePrev, op, opTip, value, hasValue = id, true, "", "", 0, false
		case strings.HasPrefix(body[k:], "--"):
			op, k = "--", k+2
		case strings.HasPrefix(body[k:], "edge") && tikzWordEnd(body, k+4):
			op, k = "edge", k+4
			if t, n := tikzOptions(body[k:]); n > 0 {
				opTip, k = tikzTip(t), k+n
			}
		case strings.HasPrefix(body[k:], "to") && tikzWordEnd(body, k+2):
			op, k = "to", k+2
			if t, n := tikzOptions(body[k:]); n > 0 {
				opTip, k = tikzTip(t), k+n
			}
		case strings.HasPrefix(body[k:], "node") && tikzWordEnd(body, k+4):
			// An edge label: node[above] {3}.
			k += 4
			if _, n := tikzOptions(body[k:]); n > 0 {
				k += n
			}
			for k < len(body) && (body[k] == ' ' || body[k] == '\t') {
				k++
			}
			if k < len(body) && body[k] == '{' {
				cl := strings.IndexByte(body[k:], '}')
				if cl < 0 {
					p.doubt("an unclosed '{' in a TikZ path")
					return nil
				}
				lbl := strings.Trim(strings.TrimSpace(body[k+1:k+cl]), "$")
				if f, err := strconv.ParseFloat(lbl, 64); err == nil && op != "" {
					value, hasValue = f, true
				}
				k += cl + 1
			}
		case c == '[':
			_, n := tikzOptions(body[k:])
			if n == 0 {
				p.doubt("an unclosed '[' in a TikZ path")
				return nil
			}
			k += n
		case c == '{':
			cl := strings.IndexByte(body[k:], '}')
			if cl < 0 {
				return nil
			}
			k += cl + 1
		default:
			// Other path operations (circle, rectangle, cycle, ...) join
			// no nodes.
			for k < len(body) && body[k] != ' ' && body[k] != '(' && body[k] != '[' && body[k] != '{' {
				k++
			}
			op = ""
		}
	}
	return nil
}

// tikzWordEnd reports whether body[i] ends a word.
func tikzWordEnd(body string, i int) bool {
	return i >= len(body) || !isLetterByte(body[i])
}

// tikzOptions reads "[...]" at the start of s (after blanks): its text and
// the bytes it takes; n is 0 when s does not start with one.
func tikzOptions(s string) (string, int) {
	t := strings.TrimLeft(s, " \t\r\n")
	if !strings.HasPrefix(t, "[") {
		return "", 0
	}
	cl := strings.IndexByte(t, ']')
	if cl < 0 {
		return "", 0
	}
	return t[1:cl], len(s) - len(t) + cl + 1
}

// tikzTip returns the arrow of a path's options: "->", "<-", "<->" or "".
// An arrow option is a tip, a '-' and a tip, one of them perhaps empty
// ("->", "<-", "-latex", "stealth-stealth"); "densely-dotted" is none.
func tikzTip(opts string) string {
	for _, o := range strings.Split(opts, ",") {
		o = strings.TrimSpace(o)
		left, right, ok := strings.Cut(o, "-")
		if !ok || !tikzTipSide(left) || !tikzTipSide(right) {
			continue
		}
		switch {
		case left != "" && right != "":
			return "<->"
		case right != "":
			return "->"
		case left != "":
			return "<-"
		}
	}
	return ""
}

// tikzTipSide reports whether s is an arrow tip's name or empty.
func tikzTipSide(s string) bool {
	switch strings.ToLower(strings.Trim(s, "{} ")) {
	case "", "<", ">", "<<", ">>", "|", "latex", "latex'", "stealth", "stealth'", "to", "triangle 45", "open triangle 45":
		return true
	}
	return false
}

// tikzParen reads "(...)" at the start of s: its inside and the bytes it
// takes.
func tikzParen(s string) (string, int, bool) {
	cl := strings.IndexByte(s, ')')
	if cl < 0 || strings.IndexByte(s[1:cl], '(') >= 0 {
		return "", 0, false
	}
	return strings.TrimSpace(s[1:cl]), cl + 1, true
}

// tikzCoordinate reports whether the inside of parentheses is a point
// ("0, 0", "2cm,1", "30:1cm", "$(a)+(1,0)$") rather than a node's name.
func tikzCoordinate(s string) bool {
	return s == "" || strings.ContainsAny(s, ",:$+") || numberLike(s)
}

// numberLike reports whether s is a number, perhaps with a unit ("2cm").
func numberLike(s string) bool {
	s = strings.TrimRight(s, "cmptinex")
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// tikzName is a node's name without an anchor ("a.east" → "a").
func tikzName(s string) string {
	if i := strings.IndexByte(s, '.'); i > 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}
