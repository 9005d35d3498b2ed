package reasoning

import (
	"errors"
	"fmt"
	"regexp"
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
// 1), (1, 2, {'weight': 4})]"), parses it with graph.ParsePythonEdges and
// hides its tokens from the other parsers. Candidates are brackets that open
// a tuple or a list right away; each is matched to its closing bracket from
// the token stream, so every candidate is parsed once (linear time). When a
// candidate fails to parse as Python but the other parsers read edges in it
// (unquoted names such as [(A, B)]), they win; otherwise its syntax error
// is returned.
func (p *exScan) pythonList() (*exPy, error) {
	match := p.matchBrackets()
	var firstErr error
	for i, t := range p.toks {
		if t.kind != exPunct || t.ch != '[' || p.skip[i] || match[i] < 0 {
			continue
		}
		if !(p.isPunct(i+1, '(') || p.isPunct(i+1, '[')) {
			continue
		}
		// "[(" must be followed by a node and a comma to be an edge list.
		if k := p.kind(i + 2); k != exNum && k != exStr && k != exWord && k != exDash {
			continue
		}
		s, e := t.s, p.toks[match[i]].e
		dir := p.directionAt(s)
		g, err := graph.ParsePythonEdges(p.q[s:e], graph.ReadOptions{
			Directed: dir,
			Limits:   graph.Limits{MaxNodes: p.opt.MaxNodes, MaxEdges: p.opt.MaxEdges},
			Name:     "question",
		})
		if err != nil {
			if errors.Is(err, graph.ErrTooLarge) {
				return nil, fmt.Errorf("edge list at byte %d: %w", s, err)
			}
			if firstErr == nil {
				firstErr = fmt.Errorf("edge list at byte %d: %w", s, err)
			}
			continue
		}
		if g.M() == 0 {
			continue
		}
		p.mask(s, e)
		return &exPy{s: s, e: e, g: g}, nil
	}
	if firstErr != nil {
		p.pyErr = firstErr
	}
	return nil, nil
}

// matchBrackets returns, for each opening bracket token, the index of its
// closing bracket (-1 when unmatched or mismatched).
func (p *exScan) matchBrackets() []int {
	match := make([]int, len(p.toks))
	var stack []int
	for i, t := range p.toks {
		match[i] = -1
		if t.kind != exPunct {
			continue
		}
		switch t.ch {
		case '(', '[', '{':
			stack = append(stack, i)
		case ')', ']', '}':
			if len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			want := map[byte]byte{')': '(', ']': '[', '}': '{'}[t.ch]
			if p.toks[o].ch != want {
				stack = stack[:0] // mismatched: nothing before pairs up
				continue
			}
			stack = stack[:len(stack)-1]
			match[o] = i
		}
	}
	return match
}

// directionAt decides directedness from the explicit words only: the cue
// nearest before byte pos, else the first one, else undirected.
func (p *exScan) directionAt(pos int) bool {
	cues := p.dirCues()
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

// buildPython returns the Python list's graph, rebuilt when node ranges or
// declared nodes must be added (ranges first, declared nodes in order).
func (p *exScan) buildPython(py *exPy, directed bool, kept []exItem) (*graph.Graph, error) {
	var decl []exItem
	for _, it := range kept {
		if it.nodeOnly {
			decl = append(decl, it)
		}
	}
	if len(p.rngs) == 0 && len(p.count) == 0 && len(decl) == 0 {
		return py.g, nil
	}
	g := py.g
	b := graph.NewBuilder(g.Directed())
	b.SetLimits(graph.Limits{MaxNodes: p.opt.MaxNodes, MaxEdges: p.opt.MaxEdges})
	b.Grow(g.N()+len(decl), g.M())
	// Integer IDs of the list, to check a declared node count against.
	ids := make([]exItem, 0, g.N())
	for _, id := range g.IDs() {
		ids = append(ids, exItem{u: id, nodeOnly: true})
	}
	if err := p.addRanges(b, ids); err != nil {
		return nil, err
	}
	before := make([]exItem, 0, len(decl))
	after := make([]exItem, 0, len(decl))
	for _, d := range decl {
		if d.s < py.s {
			before = append(before, d)
		} else {
			after = append(after, d)
		}
	}
	for _, d := range before {
		if _, err := b.AddNode(d.u); err != nil {
			return nil, fmt.Errorf("node %q: %w", d.u, err)
		}
	}
	for _, id := range g.IDs() {
		if _, err := b.AddNode(id); err != nil {
			return nil, fmt.Errorf("node %q: %w", id, err)
		}
	}
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		ne, err := b.AddEdge(g.ID(u), g.ID(v))
		if err != nil {
			return nil, fmt.Errorf("edge (%s, %s): %w", g.ID(u), g.ID(v), err)
		}
		if g.Weighted() {
			b.SetWeight(ne, g.Weight(e))
		}
		if g.HasCapacities() {
			b.SetCapacity(ne, g.Capacity(e))
		}
		for k, val := range g.EdgeAttrs(e) {
			b.SetEdgeAttr(ne, k, val)
		}
	}
	for _, d := range after {
		if _, err := b.AddNode(d.u); err != nil {
			return nil, fmt.Errorf("node %q: %w", d.u, err)
		}
	}
	_ = directed
	return b.Build(), nil
}

// exFileRef is a graph file path named in the question.
type exFileRef struct {
	path string
	s, e int
}

// exFileExt lists the extensions of graph files, as a regexp alternation.
const exFileExt = `edgelist|edges|el|txt|tsv|csv|json|gml|graphml|dot|gv|adjlist|adj|mtx|net|paj|gexf|lgl|ncol|graph|py`

// exFileRE matches an unquoted path with a graph-file extension, or a
// slashed path after "path is" / "file". Compiled once; a Regexp is safe for
// concurrent use and never modified.
var exFileRE = regexp.MustCompile(`(?i)` +
	`((?:[A-Za-z]:)?[\w.~/\\-]*[\w-]\.(?:` + exFileExt + `))\b|` +
	`(?:path|file|located at|stored (?:in|at)|saved (?:in|at))\s*(?:is|:|=)?\s*((?:\.{0,2}/)?[\w.~-]+(?:/[\w.~-]+)+)`)

// exFindFiles returns the graph file paths named in the question, in order:
// quoted strings that look like paths (a slash or a graph-file extension),
// then unquoted paths outside quotes.
func exFindFiles(q string, toks []exTok) []exFileRef {
	var out []exFileRef
	for _, t := range toks {
		if t.kind != exStr {
			continue
		}
		c := t.text
		if c == "" || strings.TrimSpace(c) != c || strings.ContainsAny(c, "\n{}()[]") {
			continue
		}
		if exHasFileExt(c) || (strings.ContainsAny(c, "/\\") && !strings.Contains(c, " ")) {
			out = append(out, exFileRef{path: c, s: t.s, e: t.e})
		}
	}
	quoted := len(out)
	for _, m := range exFileRE.FindAllStringSubmatchIndex(q, -1) {
		for g := 1; g <= 2; g++ {
			s, e := m[2*g], m[2*g+1]
			if s < 0 {
				continue
			}
			inside := false
			for _, f := range out[:quoted] {
				inside = inside || (s >= f.s && e <= f.e)
			}
			if inside || exLooksNumeric(q[s:e]) {
				continue
			}
			out = append(out, exFileRef{path: q[s:e], s: s, e: e})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].s < out[b].s })
	return out
}

func exHasFileExt(path string) bool {
	dot := strings.LastIndexByte(path, '.')
	if dot < 0 || dot == len(path)-1 {
		return false
	}
	ext := strings.ToLower(path[dot+1:])
	for _, x := range strings.Split(exFileExt, "|") {
		if ext == x {
			return true
		}
	}
	return false
}

// exLooksNumeric rejects "3.5"-like matches.
func exLooksNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9') && c != '.' {
			return false
		}
	}
	return true
}

// exDataset is a dataset name and the phrases that name it.
type exDataset struct {
	name    string
	phrases []string
	needCtx bool // the phrase is an English word: needs "dataset/graph/network" next to it
}

// exDatasets lists the datasets of ../data and common named graphs.
func exDatasets() []exDataset {
	return []exDataset{
		{"karate", []string{"karate club", "karate"}, false},
		{"cora", []string{"cora"}, false},
		{"citeseer", []string{"citeseer"}, false},
		{"pubmed", []string{"pubmed"}, false},
		{"mutag", []string{"mutag"}, false},
		{"proteins", []string{"proteins"}, true},
		{"wn18rr", []string{"wn18rr"}, false},
		{"fb15k237", []string{"fb15k-237", "fb15k237", "fb15k 237"}, false},
		{"movietweetings", []string{"movietweetings"}, false},
		{"email_eu_core", []string{"email-eu-core", "email_eu_core", "email eu core"}, false},
		{"drugmechdb", []string{"drugmechdb"}, false},
		{"football", []string{"college football", "football"}, true},
		{"les_miserables", []string{"les miserables", "les misérables"}, false},
		{"florentine_families", []string{"florentine families", "florentine"}, false},
		{"davis_southern_women", []string{"davis southern women", "southern women"}, false},
		{"petersen", []string{"petersen"}, false},
		{"lollipop", []string{"lollipop"}, false},
		{"barbell", []string{"barbell"}, false},
		{"krackhardt_kite", []string{"krackhardt kite", "krackhardt"}, false},
	}
}

// exFindDataset returns the first dataset named in the question.
func exFindDataset(q string) (name string, s, e int) {
	lower := strings.ToLower(q)
	best := -1
	for _, d := range exDatasets() {
		for _, ph := range d.phrases {
			for off := 0; ; {
				k := strings.Index(lower[off:], ph)
				if k < 0 {
					break
				}
				a, b := off+k, off+k+len(ph)
				off = b
				if (a > 0 && exIsWordByte(lower, a-1)) || (b < len(lower) && exIsWordByte(lower, b)) {
					continue
				}
				if d.needCtx && !exNear(lower, a, b, "dataset", "graph", "network", "data", "benchmark") {
					continue
				}
				if best < 0 || a < best {
					best, name, s, e = a, d.name, a, b
				}
				break
			}
		}
	}
	return name, s, e
}

// exNear reports whether one of the words directly precedes or follows
// lower[a:b] (one space apart).
func exNear(lower string, a, b int, words ...string) bool {
	for _, w := range words {
		if strings.HasPrefix(lower[b:], " "+w) || strings.HasSuffix(lower[:a], w+" ") {
			return true
		}
	}
	return false
}

// exSessionRE matches words referring to a graph given earlier.
var exSessionRE = regexp.MustCompile(`(?i)\b(?:it|its|this graph|that graph|this network|the same graph|the current graph|` +
	`the previous graph|the above graph|the graph above|the loaded graph|the last graph|my graph|our graph|` +
	`the graph(?: loaded| from before| we loaded| you loaded| i gave| given earlier| earlier)?|the network)\b`)

// exSessionRef reports whether the question refers to a graph given earlier.
func exSessionRef(q string) bool { return exSessionRE.MatchString(q) }
