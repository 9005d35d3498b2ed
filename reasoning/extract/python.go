package extract

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// exPy is a Python-literal edge list found in the question.
type exPy struct {
	s, e int
	g    *graph.Graph
}

// pythonList finds the first Python-literal edge list in the question ("[(0,
// 1), (1, 2, {'weight': 4})]") and parses it with graph.ParsePythonEdges.
// Candidates are '[' brackets whose next non-space byte opens a tuple or a
// list; one pass over the bytes pairs every bracket with its closer
// (skipping quoted strings), so each candidate is parsed once over exactly
// its own text and the whole search is linear. A candidate that fails to
// parse is left to the other parsers (unquoted names such as [(A, B)]); its
// syntax error is kept and returned only if they find no edges.
func (p *exScan) pythonList() (*exPy, error) {
	cands, broken := exPyCandidates(p.q)
	try := func(s, e int) (*exPy, error) {
		g, err := graph.ParsePythonEdges(p.q[s:e], graph.ReadOptions{
			Directed: p.directionAt(s),
			Limits:   graph.Limits{MaxNodes: p.opt.MaxNodes, MaxEdges: p.opt.MaxEdges},
			Name:     "question",
		})
		if err != nil {
			if errors.Is(err, graph.ErrTooLarge) {
				return nil, fmt.Errorf("edge list at byte %d: %w", s, err)
			}
			if p.pyErr == nil {
				p.pyErr = fmt.Errorf("edge list at byte %d: %w", s, err)
				// Dicts and quoted names are Python syntax no other parser
				// reads: the error stands even if some tuples are read.
				p.pyHard = strings.ContainsAny(p.q[s:min(e, s+4096)], "{'\"")
			}
			return nil, nil
		}
		if g.M() == 0 {
			return nil, nil
		}
		return &exPy{s: s, e: e, g: g}, nil
	}
	for _, c := range cands {
		if err := p.ctx.Err(); err != nil {
			return nil, err
		}
		if py, err := try(c[0], c[1]); py != nil || err != nil {
			return py, err
		}
	}
	// A list whose brackets do not pair up ("[(0, 1), (1, 2, {'w': 3)]"):
	// the parser names the first fault; a list that ends the question
	// parses.
	if len(broken) > 0 {
		return try(broken[0], len(p.q))
	}
	return nil, nil
}

// exPyCandidates returns the [start, end) byte spans of bracketed lists that
// start with a tuple or a list, in order of their start, and the starts of
// such lists whose brackets never pair up.
func exPyCandidates(q string) (cands [][2]int, broken []int) {
	if strings.IndexByte(q, '[') < 0 {
		return nil, nil // every candidate, broken or not, opens with '['
	}
	var stack []int
	opensList := func(o int) bool {
		k := o + 1
		for k < len(q) && (q[k] == ' ' || q[k] == '\n' || q[k] == '\t' || q[k] == '\r') {
			k++
		}
		return q[o] == '[' && k < len(q) && (q[k] == '(' || q[k] == '[')
	}
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch c {
		case '\'', '"':
			if i > 0 && exIsWordByte(q, i-1) {
				continue
			}
			j := i + 1
			for j < len(q) && q[j] != c && q[j] != '\n' {
				if q[j] == '\\' {
					j++
				}
				j++
			}
			if j < len(q) && q[j] == c {
				i = j
			}
		case '(', '[', '{':
			stack = append(stack, i)
		case ')', ']', '}':
			if len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			if q[o] != exOpener(c) {
				for _, x := range stack {
					if opensList(x) && len(broken) < 8 {
						broken = append(broken, x)
					}
				}
				stack = stack[:0] // mismatched: nothing before pairs up
				continue
			}
			stack = stack[:len(stack)-1]
			if c == ']' && opensList(o) {
				cands = append(cands, [2]int{o, i + 1})
			}
		}
	}
	for _, x := range stack {
		if opensList(x) && len(broken) < 8 {
			broken = append(broken, x)
		}
	}
	// Closers come innermost first; order by start so the outermost,
	// earliest list is tried first.
	sort.Slice(cands, func(a, b int) bool { return cands[a][0] < cands[b][0] })
	sort.Ints(broken)
	return cands, broken
}

// exOpener returns the opening bracket of a closing one.
func exOpener(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// directionAt decides directedness from the explicit words only: the cue
// nearest before byte pos, else the first one, else undirected.
func (p *exScan) directionAt(pos int) bool {
	cues := p.cues
	if len(cues) == 0 {
		return false
	}
	c := cues[0]
	for _, x := range cues {
		if x.pos < pos {
			c = x
		}
	}
	return c.directed
}

// pythonReader reads a Python-literal edge list ("[(0, 1), (1, 2, {'weight':
// 4})]") with graph.ParsePythonEdges.
type pythonReader struct{}

// Name names the notation.
func (pythonReader) Name() string { return "python list" }

// Read returns the first Python-literal edge list of the question. A list
// with dicts or quoted names that fails to parse is an error; other
// failures stand only when no reader finds an edge (unquoted names such
// as [(A, B)] are the tuples reader's).
func (r pythonReader) Read(ctx context.Context, d *Doc) (Reading, error) {
	p, err := d.scanned(ctx)
	if err != nil {
		return Reading{}, err
	}
	if p.py == nil {
		switch {
		case p.pyErr == nil:
			return Reading{}, nil
		case p.pyHard:
			return Reading{}, standingError{p.pyErr}
		}
		return Reading{Reader: r.Name(), softErr: p.pyErr}, nil
	}
	g := p.py.g
	rd := Reading{Reader: r.Name(), parsed: g, Confidence: 0.99,
		Spans: []Span{{Start: p.py.s, End: p.py.e, Role: RoleGraph}}}
	rd.Nodes = g.IDs()
	rd.NodeStarts = make([]int, len(rd.Nodes))
	for i := range rd.NodeStarts {
		rd.NodeStarts[i] = p.py.s
	}
	if g.Directed() {
		rd.Directed = DirDirected
	}
	rd.Edges = make([]Edge, g.M())
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		ed := Edge{U: g.ID(u), V: g.ID(v), Start: p.py.s, End: p.py.e}
		switch {
		case g.Weighted():
			ed.Value, ed.HasValue, ed.Meaning = g.Weight(e), true, MeaningWeight
			if g.HasCapacities() {
				ed.Attrs = map[string]any{"capacity": g.Capacity(e)}
			}
		case g.HasCapacities():
			ed.Value, ed.HasValue, ed.Meaning = g.Capacity(e), true, MeaningCapacity
		}
		if a := g.EdgeAttrs(e); len(a) > 0 {
			if ed.Attrs == nil {
				ed.Attrs = make(map[string]any, len(a))
			}
			for k, v := range a {
				ed.Attrs[k] = v
			}
		}
		rd.Edges[e] = ed
	}
	return rd, nil
}
