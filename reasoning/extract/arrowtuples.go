package extract

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
)

// ArrowTuples reads directed edges written as parenthesised arrow tuples,
// GraphInstruct's (GraphWiz's) notation: "(0->1)", "(0->1,5)", "(0->1,
// weight:5)", "(s -> a, capacity = 3)", and the labelled tuples without
// an arrow "(4, 8, weight:1)" (their direction is the text's). The arrow
// gives the direction; a
// number after the comma is the edge's number, meaning what its label says
// (weight, capacity, cost, distance; weight when unlabelled). A tuple
// followed by "means", "denotes", … explains the notation and is not an
// edge.
type ArrowTuples struct{}

// Name names the notation.
func (ArrowTuples) Name() string { return "arrow tuples" }

// arrowTuple is one tuple read.
type arrowTuple struct {
	u, v    string
	val     float64
	hasVal  bool
	meaning Meaning
	s, e    int
	comma   bool // "(4, 8, weight:1)": no arrow
}

// Read implements Reader.
func (ArrowTuples) Read(ctx context.Context, d *Doc) (Reading, error) {
	text := d.Text
	var ts []arrowTuple
	for off := 0; off < len(text); {
		if len(ts)%256 == 0 {
			if err := ctx.Err(); err != nil {
				return Reading{}, err
			}
		}
		k := strings.IndexByte(text[off:], '(')
		if k < 0 {
			break
		}
		s := off + k
		t, ok := parseArrowTuple(text, s)
		if !ok {
			off = s + 1
			continue
		}
		off = t.e
		if explainsNotation(d.Lower[t.e:]) {
			continue
		}
		ts = append(ts, t)
		if len(ts) > d.opt.MaxEdges {
			return Reading{}, fmt.Errorf("arrow tuples: more than %d edges: %w", d.opt.MaxEdges, graph.ErrTooLarge)
		}
	}
	if len(ts) == 0 {
		return Reading{}, nil
	}
	r := Reading{Reader: ArrowTuples{}.Name(), Directed: DirDirected, Confidence: 0.97}
	seen := map[string]bool{}
	valued, commas := 0, 0
	for i, t := range ts {
		if t.comma {
			commas++
		}
		for _, n := range []string{t.u, t.v} {
			if !seen[n] {
				seen[n] = true
				r.Nodes = append(r.Nodes, n)
			}
		}
		ed := Edge{U: t.u, V: t.v, Start: t.s, End: t.e, Directed: !t.comma}
		if t.hasVal {
			ed.Value, ed.HasValue = t.val, true
			valued++
			switch {
			case r.EdgeValue == "":
				r.EdgeValue = t.meaning
			case r.EdgeValue != t.meaning:
				ed.Meaning = t.meaning
			}
		}
		r.Edges = append(r.Edges, ed)
		// Tuples separated by nothing but spaces and commas are one span.
		if i > 0 && len(r.Spans) > 0 && strings.Trim(text[ts[i-1].e:t.s], " \t\r\n,;") == "" {
			r.Spans[len(r.Spans)-1].End = t.e
		} else {
			r.Spans = append(r.Spans, Span{Start: t.s, End: t.e, Role: RoleGraph})
		}
	}
	if len(ts) == 1 {
		// One tuple may be the question's own pair ("is there an edge
		// (2->5)?"); it is a graph only beside others.
		return Reading{}, nil
	}
	if valued > 0 && valued < len(ts) {
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d arrow tuples have a number", valued, len(ts)))
		r.Confidence = 0.6
	}
	switch {
	case commas == len(ts):
		r.Directed = statedDirection(d.Lower) // no arrows: the text says
		for i := range r.Edges {
			r.Edges[i].Directed = false
		}
	case commas > 0:
		r.Directed = DirUnknown
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, "some tuples have arrows and some do not")
	}
	return r, nil
}

// parseArrowTuple reads "(u->v)" or "(u->v, [label:] number)" at text[s]
// ('('); ok is false when the text there is not one.
func parseArrowTuple(text string, s int) (arrowTuple, bool) {
	i := skipSpaces(text, s+1)
	u, i := tupleID(text, i)
	if u == "" {
		return arrowTuple{}, false
	}
	i = skipSpaces(text, i)
	n := arrowAt(text, i)
	comma := false
	if n == 0 {
		// "(4, 8, weight:1)": ends separated by a comma, with a labelled
		// number (a bare "(4, 8, 1)" is the tuples reader's).
		if i >= len(text) || text[i] != ',' {
			return arrowTuple{}, false
		}
		comma, n = true, 1
	}
	i = skipSpaces(text, i+n)
	v, i := tupleID(text, i)
	if v == "" {
		return arrowTuple{}, false
	}
	i = skipSpaces(text, i)
	t := arrowTuple{u: u, v: v, s: s, comma: comma}
	if i < len(text) && text[i] == ',' {
		i = skipSpaces(text, i+1)
		t.meaning = MeaningWeight
		if lab, j := tupleLabel(text, i); comma && lab == "" {
			return arrowTuple{}, false
		} else if lab != "" {
			m, ok := labelMeaning(lab)
			if !ok {
				return arrowTuple{}, false
			}
			t.meaning, i = m, skipSpaces(text, j)
		}
		j := i
		for j < len(text) && (text[j] == '-' || text[j] == '.' || text[j] == '+' || ('0' <= text[j] && text[j] <= '9')) {
			j++
		}
		f, err := strconv.ParseFloat(text[i:j], 64)
		if err != nil {
			return arrowTuple{}, false
		}
		t.val, t.hasVal = f, true
		i = skipSpaces(text, j)
	}
	if i >= len(text) || text[i] != ')' || comma && !t.hasVal {
		return arrowTuple{}, false
	}
	t.e = i + 1
	return t, true
}

// tupleID reads a node ID (letters, digits, '_') at text[i].
func tupleID(text string, i int) (string, int) {
	j := i
	for j < len(text) {
		r, size := utf8.DecodeRuneInString(text[j:])
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') {
			break
		}
		j += size
	}
	return text[i:j], j
}

// tupleLabel reads "weight:" or "capacity =" at text[i]: the label and the
// position after its ':' or '='.
func tupleLabel(text string, i int) (string, int) {
	j := i
	for j < len(text) && ('a' <= text[j]|0x20 && text[j]|0x20 <= 'z') {
		j++
	}
	if j == i {
		return "", i
	}
	k := skipSpaces(text, j)
	if k < len(text) && (text[k] == ':' || text[k] == '=') {
		return strings.ToLower(text[i:j]), k + 1
	}
	return "", i
}

// labelMeaning maps an edge label to what its number means.
func labelMeaning(label string) (Meaning, bool) {
	switch label {
	case "weight", "w", "wt":
		return MeaningWeight, true
	case "capacity", "cap", "c":
		return MeaningCapacity, true
	case "cost", "price":
		return MeaningCost, true
	case "distance", "dist", "length", "len", "d":
		return MeaningDistance, true
	}
	return "", false
}

// arrowAt returns the length of the arrow at text[i] ("->", "-->", "=>",
// "→"), 0 when there is none.
func arrowAt(text string, i int) int {
	for _, a := range []string{"-->", "->", "=>", "→"} {
		if strings.HasPrefix(text[i:], a) {
			return len(a)
		}
	}
	return 0
}

// skipSpaces skips ASCII spaces and tabs.
func skipSpaces(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// explainsNotation reports whether the lower-case text after a tuple says
// that the tuple explains the notation ("(i->j,k) means that ...").
func explainsNotation(after string) bool {
	after = strings.TrimLeft(after, " \t")
	for _, w := range []string{"means", "denotes", "represents", "indicates", "stands for", "signifies", "is an edge", "is a directed edge", "describes"} {
		if strings.HasPrefix(after, w) {
			return true
		}
	}
	return false
}
