package extract

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// NetworkXCode reads a graph built by NetworkX code written in a question:
//
//	import networkx as nx
//	G = nx.DiGraph()
//	G.add_edge("a", "b", weight=3)
//	G.add_node("z")
//	H = nx.path_graph(5)
//
// A constructor gives the direction (nx.Graph, nx.DiGraph; MultiGraph and
// MultiDiGraph likewise); add_edge's keyword weight, capacity or a value
// column's name (cost, distance, ...) is the edge's value. The generators
// path_graph, cycle_graph, complete_graph, star_graph, wheel_graph,
// empty_graph and complete_bipartite_graph build NetworkX's own graphs
// (the same nodes and edges). Lists in add_edges_from and
// add_weighted_edges_from are the Python-list reader's; the lines around
// them are accounted for here.
//
// Code that builds two graphs ("G = ..." and "H = ...") is read as one and
// uncertain; a call this reader does not know on a graph's variable
// (G.remove_edge, nx.gnp_random_graph) makes it uncertain too.
type NetworkXCode struct{}

// Name names the notation.
func (NetworkXCode) Name() string { return "NetworkX code" }

// Read implements Reader.
func (NetworkXCode) Read(ctx context.Context, d *Doc) (Reading, error) {
	v := d.words()
	if !v.has("nx") && !v.has("networkx") && !v.has("add") {
		return Reading{}, nil
	}
	p := nxParser{d: d, seen: map[string]bool{}, vars: map[string]bool{}}
	for _, ln := range d.textLines() {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		if err := p.line(ln.Start, ln.End); err != nil {
			return Reading{}, err
		}
	}
	if len(p.edges) == 0 && len(p.nodes) == 0 || !p.code {
		return Reading{}, nil
	}
	r := Reading{Reader: NetworkXCode{}.Name(), Nodes: p.nodes, NodeStarts: p.starts, Edges: p.edges, Spans: p.spans,
		Notes: p.notes, Confidence: 0.95}
	switch {
	case p.directed && p.undirected:
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, "the code builds both a directed and an undirected graph")
	case p.directed:
		r.Directed = DirDirected
	case p.undirected:
		r.Directed = DirUndirected
	}
	if len(p.vars) > 1 {
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, "the code builds more than one graph; their edges are merged")
	}
	if p.unknown > 0 {
		r.Confidence = min(r.Confidence, 0.6)
	}
	valued := r.settleEdgeValues()
	if valued > 0 && valued < len(r.Edges) {
		r.Confidence = min(r.Confidence, 0.6)
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d edges of the code have a value", valued, len(r.Edges)))
	}
	return r, nil
}

// nxParser holds what the code's lines built so far.
type nxParser struct {
	d      *Doc
	seen   map[string]bool
	nodes  []string
	starts []int
	edges  []Edge
	spans  []Span
	notes  []string
	// vars are the graph variables assigned a graph.
	vars                 map[string]bool
	directed, undirected bool
	// code is set by a line only NetworkX code has (a constructor, a
	// generator, add_edge or the import).
	code    bool
	unknown int
}

func (p *nxParser) node(id string, at int) {
	if !p.seen[id] {
		p.seen[id] = true
		p.nodes = append(p.nodes, id)
		p.starts = append(p.starts, at)
	}
}

// line reads one line of code, text[s:e].
func (p *nxParser) line(s, e int) error {
	raw := p.d.Text[s:e]
	t := strings.TrimSpace(raw)
	at := s + strings.Index(raw, t)
	t = strings.TrimSpace(nxUncomment(t))
	if t == "" {
		return nil
	}
	span := func() {
		p.spans = append(p.spans, Span{Start: at, End: at + len(strings.TrimSpace(raw)), Role: RoleGraph})
	}
	switch {
	case t == "import networkx as nx" || t == "import networkx" || strings.HasPrefix(t, "from networkx import "):
		p.code = true
		span()
		return nil
	}
	// "G = nx.DiGraph()", "G = nx.path_graph(5)"
	if name, rhs, ok := strings.Cut(t, "="); ok && nxIdent(strings.TrimSpace(name)) && !strings.HasPrefix(rhs, "=") {
		rhs = strings.TrimSpace(rhs)
		fn, args, ok := nxCall(rhs)
		if !ok {
			return nil
		}
		fn = strings.TrimPrefix(strings.TrimPrefix(fn, "nx."), "networkx.")
		switch fn {
		case "Graph", "MultiGraph":
			p.undirected = true
		case "DiGraph", "MultiDiGraph":
			p.directed = true
		default:
			ok, err := p.generator(fn, args, at)
			if err != nil {
				return err
			}
			if !ok {
				if strings.HasSuffix(fn, "_graph") && strings.Contains(rhs, "nx.") {
					p.unknown++
					p.notes = append(p.notes, fmt.Sprintf("the generator %s is not read", fn))
				}
				return nil
			}
			p.undirected = true
		}
		if strings.TrimSpace(args) != "" && (fn == "Graph" || fn == "DiGraph") {
			p.unknown++
			p.notes = append(p.notes, fmt.Sprintf("%s(%s): a graph built from data is not read", fn, args))
		}
		p.code = true
		p.vars[strings.TrimSpace(name)] = true
		span()
		return nil
	}
	// "G.add_edge(u, v, weight=3)", "G.add_node(x)", "G.add_edges_from([...])"
	obj, rest, ok := strings.Cut(t, ".")
	if !ok || !nxIdent(obj) {
		return nil
	}
	fn, args, ok := nxCall(rest)
	if !ok {
		return nil
	}
	switch fn {
	case "add_edge":
		if err := p.addEdge(args, at, at+len(t)); err != nil {
			return err
		}
	case "add_node":
		parts := nxSplitArgs(args)
		if len(parts) == 0 {
			return nil
		}
		id, ok := nxValue(parts[0])
		if !ok {
			return nil
		}
		p.node(id, at)
	case "add_edges_from", "add_weighted_edges_from", "add_nodes_from", "add_path", "add_cycle":
		// The list is the Python-list reader's; this line is accounted for.
		// add_nodes_from takes any iterable: a string's characters are the
		// nodes ("abcde"), and range(n) the integers below n; another
		// argument is not read, so the nodes it adds would be missing.
		if fn == "add_nodes_from" {
			arg := strings.TrimSpace(args)
			if n, ok := nxRange(arg); ok {
				if n > p.d.opt.MaxNodes {
					return fmt.Errorf("NetworkX code: add_nodes_from(%s) adds more than %d nodes: %w", arg, p.d.opt.MaxNodes, graph.ErrTooLarge)
				}
				for i := range n {
					p.node(strconv.Itoa(i), at)
				}
			} else if len(arg) >= 2 && (arg[0] == '"' || arg[0] == '\'') && arg[len(arg)-1] == arg[0] {
				for _, r := range arg[1 : len(arg)-1] {
					p.node(string(r), at)
				}
			} else if arg == "" || (arg[0] != '[' && arg[0] != '(' && arg[0] != '{') {
				p.unknown++
				p.notes = append(p.notes, fmt.Sprintf("add_nodes_from(%s) is not read", arg))
			}
		}
		if fn == "add_path" || fn == "add_cycle" {
			p.unknown++
			p.notes = append(p.notes, fmt.Sprintf("%s is not read", fn))
		}
	default:
		if (p.vars[obj] && strings.HasPrefix(fn, "remove_")) || strings.HasPrefix(fn, "add_") {
			p.unknown++
			p.notes = append(p.notes, fmt.Sprintf("%s.%s is not read", obj, fn))
		}
		return nil
	}
	p.code = true
	span()
	return nil
}

// addEdge reads add_edge's arguments: two nodes and keyword values.
func (p *nxParser) addEdge(args string, s, e int) error {
	parts := nxSplitArgs(args)
	if len(parts) < 2 {
		return syntaxErrorAt(p.d.Text, s, "NetworkX code: add_edge needs two nodes")
	}
	u, ok1 := nxValue(parts[0])
	v, ok2 := nxValue(parts[1])
	if !ok1 || !ok2 {
		return syntaxErrorAt(p.d.Text, s, "NetworkX code: add_edge's nodes are not names or numbers")
	}
	if len(p.edges) >= p.d.opt.MaxEdges {
		return fmt.Errorf("NetworkX code: more than %d edges: %w", p.d.opt.MaxEdges, graph.ErrTooLarge)
	}
	ed := Edge{U: u, V: v, Start: s, End: e}
	for _, kv := range parts[2:] {
		key, val, ok := strings.Cut(kv, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok || csvColumnNames[key] != csvValue {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			return syntaxErrorAt(p.d.Text, s, fmt.Sprintf("NetworkX code: %s=%s is not a number", key, strings.TrimSpace(val)))
		}
		if ed.HasValue {
			return syntaxErrorAt(p.d.Text, s, "NetworkX code: add_edge has two values")
		}
		ed.Value, ed.HasValue, ed.Meaning = f, true, csvMeaning(key)
		if key == "capacity" || key == "cap" {
			ed.Meaning = MeaningCapacity
		}
	}
	p.node(u, s)
	p.node(v, s)
	p.edges = append(p.edges, ed)
	return nil
}

// generator builds the graph of a NetworkX generator; ok is false for
// another function.
func (p *nxParser) generator(fn, args string, at int) (bool, error) {
	parts := nxSplitArgs(args)
	ints := make([]int, 0, 2)
	for _, a := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(a))
		if err != nil || n < 0 {
			return false, nil
		}
		ints = append(ints, n)
	}
	want := 1
	if fn == "complete_bipartite_graph" {
		want = 2
	}
	switch fn {
	case "path_graph", "cycle_graph", "complete_graph", "star_graph", "wheel_graph", "empty_graph", "complete_bipartite_graph":
	default:
		return false, nil
	}
	if len(ints) != want {
		return false, nil
	}
	n := ints[0]
	total := n
	switch fn {
	case "star_graph":
		total = n + 1
	case "complete_bipartite_graph":
		total = n + ints[1]
	}
	if total > p.d.opt.MaxNodes {
		return false, fmt.Errorf("NetworkX code: %s(%s) has more than %d nodes: %w", fn, args, p.d.opt.MaxNodes, graph.ErrTooLarge)
	}
	edges := 0
	switch fn {
	case "complete_graph":
		edges = n * (n - 1) / 2
	case "complete_bipartite_graph":
		edges = n * ints[1]
	default:
		edges = 2 * total
	}
	if len(p.edges)+edges > p.d.opt.MaxEdges {
		return false, fmt.Errorf("NetworkX code: %s(%s) has more than %d edges: %w", fn, args, p.d.opt.MaxEdges, graph.ErrTooLarge)
	}
	id := func(i int) string { return strconv.Itoa(i) }
	for i := range total {
		p.node(id(i), at)
	}
	add := func(u, v int) { p.edges = append(p.edges, Edge{U: id(u), V: id(v), Start: at, End: at}) }
	// cyclic adds the cycle through nodes[0..], as NetworkX's pairwise(...,
	// cyclic=True) does: one node makes a self-loop, two one edge.
	cyclic := func(first, last int) {
		for i := first; i < last; i++ {
			add(i, i+1)
		}
		if last-first >= 2 || last == first {
			add(last, first)
		}
	}
	switch fn {
	case "path_graph":
		for i := 0; i+1 < n; i++ {
			add(i, i+1)
		}
	case "cycle_graph":
		if n > 0 {
			cyclic(0, n-1)
		}
	case "complete_graph":
		for i := range n {
			for j := i + 1; j < n; j++ {
				add(i, j)
			}
		}
	case "star_graph":
		for i := 1; i <= n; i++ {
			add(0, i)
		}
	case "wheel_graph":
		for i := 1; i < n; i++ {
			add(0, i)
		}
		if n-1 > 1 {
			cyclic(1, n-1)
		}
	case "complete_bipartite_graph":
		for i := range n {
			for j := n; j < total; j++ {
				add(i, j)
			}
		}
	}
	return true, nil
}

// nxUncomment drops a "# comment" outside quotes from a line of code.
func nxUncomment(t string) string {
	quote := byte(0)
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#':
			return t[:i]
		}
	}
	return t
}

// nxIdent reports whether s is a Python identifier.
func nxIdent(s string) bool {
	if s == "" || '0' <= s[0] && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !exASCIIWordByte(s[i]) {
			return false
		}
	}
	return true
}

// nxCall reads "name(args)" filling all of s: the dotted name and the
// argument text.
func nxCall(s string) (fn, args string, ok bool) {
	k := strings.IndexByte(s, '(')
	if k <= 0 || !strings.HasSuffix(s, ")") {
		return "", "", false
	}
	fn = strings.TrimSpace(s[:k])
	for _, part := range strings.Split(fn, ".") {
		if !nxIdent(part) {
			return "", "", false
		}
	}
	return fn, s[k+1 : len(s)-1], true
}

// nxSplitArgs splits call arguments at top-level commas.
func nxSplitArgs(s string) []string {
	var out []string
	depth, quote, start := 0, byte(0), 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

// nxValue reads a node argument: a quoted string or a number.
func nxValue(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		in := s[1 : len(s)-1]
		if in == "" || strings.ContainsAny(in, `"'`) {
			return "", false
		}
		return in, true
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return s, true
	}
	return "", false
}

// nxRange reads "range(n)" with a non-negative integer n.
func nxRange(arg string) (int, bool) {
	inner, ok := strings.CutPrefix(arg, "range(")
	if !ok {
		return 0, false
	}
	inner, ok = strings.CutSuffix(inner, ")")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(inner))
	return n, err == nil && n >= 0
}
