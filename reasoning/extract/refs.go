package extract

import (
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

// buildPython returns the Python list's graph, rebuilt when node ranges or
// declared nodes must be added (ranges first, declared nodes in order).
func (p *exScan) buildPython(py *exPy, kept []exItem) (*graph.Graph, error) {
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
	return b.Build(), nil
}

// exFileRef is a graph file path named in the question.
type exFileRef struct {
	path string
	s, e int
}

// exPathByte reports whether c may be part of an unquoted path.
func exPathByte(c byte) bool {
	return c == '_' || c == '.' || c == '~' || c == '/' || c == '\\' || c == '-' ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// exFindFiles returns the graph file paths named in the question, in order:
// quoted strings that look like paths (a slash or a graph-file extension),
// unquoted names with a graph-file extension ("roads.edgelist"), and slashed
// paths after "path is" / "file" ("the file is data/graphs/roads"). One
// linear pass over the bytes.
func exFindFiles(q, lower string, toks []exTok) []exFileRef {
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
	quoted := out // in text order, disjoint
	inQuoted := func(s int) bool {
		k := sort.Search(len(quoted), func(i int) bool { return quoted[i].e > s })
		return k < len(quoted) && quoted[k].s <= s
	}
	// Unquoted names with an extension.
	for i := 1; i < len(q); i++ {
		if q[i] != '.' || !exPathByte(q[i-1]) || q[i-1] == '.' || q[i-1] == '/' {
			continue
		}
		j := i + 1
		for j < len(q) && ((q[j] >= 'a' && q[j] <= 'z') || (q[j] >= 'A' && q[j] <= 'Z')) {
			j++
		}
		if j == i+1 || (j < len(q) && exIsWordByte(q, j)) || !exHasFileExt(q[i:j]) {
			continue
		}
		s := i - 1
		for s > 0 && exPathByte(q[s-1]) {
			s--
		}
		if !inQuoted(s) && !exLooksNumeric(q[s:i]) {
			out = append(out, exFileRef{path: q[s:j], s: s, e: j})
		}
		i = j
	}
	// Slashed paths after a cue: "the path is data/x", "file: data/x".
	for _, cue := range []string{"path", "file", "located at", "stored in", "stored at", "saved in", "saved at"} {
		for off := 0; ; {
			k := strings.Index(lower[off:], cue)
			if k < 0 {
				break
			}
			a := off + k + len(cue)
			off = a
			if a-len(cue) > 0 && exIsWordByte(lower, a-len(cue)-1) {
				continue
			}
			j := a
			for j < len(q) && (q[j] == ' ' || q[j] == ':' || q[j] == '=') {
				j++
			}
			if strings.HasPrefix(lower[j:], "is ") {
				j += 3
			}
			s := j
			for j < len(q) && exPathByte(q[j]) {
				j++
			}
			for j > s && (q[j-1] == '.' || q[j-1] == ',') {
				j--
			}
			path := q[s:j]
			if s == j || !strings.Contains(strings.Trim(path, "/"), "/") || inQuoted(s) || exHasFileExt(path) {
				continue // none, or found above
			}
			out = append(out, exFileRef{path: path, s: s, e: j})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].s < out[b].s })
	return out
}

// exHasFileExt reports whether path ends in a graph-file extension.
func exHasFileExt(path string) bool {
	dot := strings.LastIndexByte(path, '.')
	if dot < 0 || dot == len(path)-1 || len(path)-dot > 10 {
		return false
	}
	switch strings.ToLower(path[dot+1:]) {
	case "edgelist", "edges", "el", "txt", "tsv", "csv", "json", "gml", "graphml", "dot", "gv", "adjlist", "adj",
		"mtx", "net", "paj", "gexf", "lgl", "ncol", "graph", "py":
		return true
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

// exFindDataset returns the first dataset named in the lower-case question.
func exFindDataset(lower string) (name string, s, e int) {
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

func exSessionRef(q string) bool {
	return exHasWord(q, "it", "its", "this graph", "that graph", "this network", "the same graph", "the current graph",
		"the previous graph", "the above graph", "the graph above", "the loaded graph", "the last graph", "my graph",
		"our graph", "the graph", "the network", "loaded earlier", "given earlier")
}
