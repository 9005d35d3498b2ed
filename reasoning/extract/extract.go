package extract

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// Extraction is what the deterministic graph parsers found in a question:
// a graph written inline, or a reference to one (a file, a dataset, the
// session's current graph), with how sure they are.
type Extraction struct {
	// Graph is the graph written in the question, nil when there is none.
	Graph *graph.Graph
	// Directed and Weighted describe the graph (or the referenced file's
	// graph as the question states it).
	Directed, Weighted bool
	// Confidence in 0..1 that the extraction is right and complete; below
	// Confident the LLM graph-extraction step should run.
	Confidence float64
	// Method names the parser(s) that read the graph ("python list",
	// "tuples", "arrows", "dashes", "prose", "pair list", "edge-list lines",
	// "adjacency", "file", "dataset", "session", "none").
	Method string
	// Span is the byte range [start, end) of the question that holds the
	// graph (the hull of Spans); zero when nothing was found.
	Span [2]int
	// Spans are the byte ranges that hold graph text, in order; removing
	// them leaves the task text (see WithoutGraph).
	Spans [][2]int
	// FileRef is a graph file path named by the question, to be loaded by
	// the caller through the sandbox.
	FileRef string
	// DatasetRef is the canonical name of a dataset named by the question.
	DatasetRef string
	// UsesSessionGraph is set when the question refers to a graph given
	// earlier ("it", "this graph", "the graph loaded earlier").
	UsesSessionGraph bool
	// Notes explain ambiguities and what lowered the confidence.
	Notes []string
}

// Confident is the confidence at or above which the parsers'
// extraction is used without asking the LLM.
const Confident = 0.9

// Options bounds extraction. Zero fields take the defaults.
type Options struct {
	// MaxEdges is the most edges a question's graph may have (default 1,000,000).
	MaxEdges int
	// MaxNodes is the most nodes (default 1,000,000).
	MaxNodes int
	// MaxBytes is the longest question accepted (default 8 MiB).
	MaxBytes int
}

func (o Options) withDefaults() Options {
	if o.MaxEdges <= 0 {
		o.MaxEdges = 1_000_000
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = 1_000_000
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = 8 << 20
	}
	return o
}

// Read reads the graph written in a question with deterministic
// parsers: Python-style edge lists, tuples, u-v / u->v notations, prose
// clauses, edge-list lines, adjacency lines and node ranges; and reports
// graphs given by reference (file path, dataset, session graph). Errors wrap
// graph.ErrTooLarge (question, node or edge limits) or graph.ErrSyntax
// (invalid UTF-8, brackets nested too deeply, a malformed Python edge list or
// number), or are the context's error.
func Read(ctx context.Context, question string, opt Options) (Extraction, error) {
	opt = opt.withDefaults()
	if len(question) > opt.MaxBytes {
		return Extraction{}, fmt.Errorf("question of %d bytes exceeds the limit of %d bytes: %w", len(question), opt.MaxBytes, graph.ErrTooLarge)
	}
	if err := ctx.Err(); err != nil {
		return Extraction{}, err
	}
	lower := strings.ToLower(question)
	if len(lower) != len(question) {
		lower = question // lower-casing moved byte offsets; match case-sensitively
	}
	p := &exScan{ctx: ctx, q: question, opt: opt, cues: exFindDirCues(lower), confCap: 1}
	// A Python-literal edge list is parsed first by graph.ParsePythonEdges;
	// the lexer then skips it.
	py, err := p.pythonList()
	if err != nil {
		return Extraction{}, err
	}
	skipS, skipE := 0, 0
	if py != nil {
		skipS, skipE = py.s, py.e
	}
	toks, err := exLex(ctx, question, skipS, skipE)
	if err != nil {
		return Extraction{}, err
	}
	p.toks, p.skip = toks, make([]bool, len(toks))
	p.sentences()
	var ex Extraction

	// File paths are references, not edges.
	fileSpans := exFindFiles(question, lower, toks)
	for _, f := range fileSpans {
		p.mask(f.s, f.e)
	}
	var hasCap, hasW, hasWeighted bool
	for _, t := range toks {
		if t.kind != exWord {
			continue
		}
		switch t.low {
		case "adjacency", "adjacent", "neighbors", "neighbours", "neighbor", "neighbour":
			p.adjOK = true
		case "capacity", "capacities":
			hasCap, hasWeighted = true, true
		case "weight", "weights", "cost", "costs", "distance", "length":
			hasW, hasWeighted = true, true
		case "weighted":
			hasWeighted = true
		}
	}
	if err := p.scan(); err != nil {
		return Extraction{}, err
	}
	kept, dropped := p.filter()
	if py == nil && p.pyErr != nil && (p.pyHard || p.edgeCount(kept) == 0) {
		return Extraction{}, p.pyErr
	}
	dir, dirNote := p.direction(kept, py)
	if dirNote != "" {
		ex.Notes = append(ex.Notes, dirNote)
	}
	ex.Directed = dir
	capCtx := hasCap && !hasW

	conf := 0.0
	switch {
	case py != nil:
		g, err := p.buildPython(py, kept)
		if err != nil {
			return Extraction{}, err
		}
		ex.Graph, ex.Method, conf = g, "python list", 0.99
		ex.Directed = g.Directed() // parsed with the direction word nearest before the list
		ex.Spans = append(ex.Spans, [2]int{py.s, py.e})
		if n := p.edgeCount(kept); n > 0 {
			ex.Notes = append(ex.Notes, fmt.Sprintf("%d edge(s) written outside the Python list were ignored", n))
			conf = 0.6
		}
	case p.edgeCount(kept) > 0 || len(p.rngs) > 0:
		g, err := p.build(kept, dir, capCtx)
		if err != nil {
			return Extraction{}, err
		}
		ex.Graph = g
		ex.Method, conf = p.methods(kept)
		ex.Spans = append(ex.Spans, p.spans(kept)...)
	}
	for _, r := range p.rngs {
		ex.Spans = append(ex.Spans, [2]int{r.s, r.e})
	}
	if len(fileSpans) > 0 {
		f := fileSpans[0]
		ex.FileRef = f.path
		ex.Spans = append(ex.Spans, [2]int{f.s, f.e})
		if ex.Graph == nil {
			ex.Method, conf = "file", 0.95
			if !p.hasDirCue() {
				conf = 0.9
				ex.Notes = append(ex.Notes, "the question does not say whether the file's graph is directed; assuming undirected")
			}
		} else {
			ex.Notes = append(ex.Notes, "the question has both an inline graph and a file path "+strconv.Quote(f.path))
			conf = min(conf, 0.6)
		}
		for _, g := range fileSpans[1:] {
			if g.path != f.path {
				ex.Notes = append(ex.Notes, "another file path is named: "+strconv.Quote(g.path))
				conf = min(conf, 0.7)
			}
		}
	}
	if ex.Graph == nil && ex.FileRef == "" {
		if ds, s, e := exFindDataset(lower); ds != "" {
			ex.DatasetRef, ex.Method, conf = ds, "dataset", 0.9
			ex.Spans = append(ex.Spans, [2]int{s, e})
		} else if exSessionRef(lower) {
			ex.UsesSessionGraph, ex.Method, conf = true, "session", 0.9
		} else {
			ex.Method, conf = "none", 0.9
		}
	}
	if ex.Graph != nil {
		ex.Weighted = ex.Graph.Weighted() || ex.Graph.HasCapacities()
	} else if ex.FileRef != "" || ex.DatasetRef != "" {
		ex.Weighted = hasWeighted
	}

	sort.Slice(ex.Spans, func(a, b int) bool { return ex.Spans[a][0] < ex.Spans[b][0] })
	ex.Spans = exMergeSpans(question, ex.Spans)
	// Text left over that looks like graph text lowers the confidence.
	ex.Notes = append(ex.Notes, p.notes...)
	conf = min(conf, p.confCap)
	loose := p.looseNumbers(ex.Spans)
	if len(dropped) > 0 {
		ex.Notes = append(ex.Notes, fmt.Sprintf("%d edge-like item(s) in statements were not taken as edges", len(dropped)))
		conf = min(conf, 0.6)
	}
	if loose >= 2 {
		ex.Notes = append(ex.Notes, fmt.Sprintf("%d number(s) outside the graph text are unexplained", loose))
		if loose >= 4 {
			conf = min(conf, 0.4)
		} else {
			conf = min(conf, 0.7)
		}
	}
	if dirNote != "" {
		conf = min(conf, 0.8)
	}
	ex.Confidence = conf
	if len(ex.Spans) > 0 {
		ex.Span = [2]int{ex.Spans[0][0], ex.Spans[len(ex.Spans)-1][1]}
	}
	return ex, nil
}

// mask hides the tokens inside [s, e) from the scanner.
func (p *exScan) mask(s, e int) {
	lo := sort.Search(len(p.toks), func(i int) bool { return p.toks[i].s >= s })
	for i := lo; i < len(p.toks) && p.toks[i].e <= e; i++ {
		p.skip[i] = true
	}
}

// sentences splits the tokens into sentences and marks the questions and
// instructions, whose single edge-like mentions are queries, not graph text.
func (p *exScan) sentences() {
	p.sent = make([]int, len(p.toks))
	start, idx := 0, 0
	closeSent := func(end int) {
		p.task = append(p.task, p.isTaskSentence(start, end))
		idx++
		start = end
	}
	for i, t := range p.toks {
		p.sent[i] = idx
		if t.kind == exNL || (t.kind == exPunct && (t.ch == '?' || t.ch == '!' || (t.ch == '.' && !p.isPunct(i+1, '.') && !p.isPunct(i-1, '.')))) {
			closeSent(i + 1)
		}
	}
	closeSent(len(p.toks))
}

// isTaskSentence classifies toks[s:e] as a question or instruction.
func (p *exScan) isTaskSentence(s, e int) bool {
	first := true
	for i := s; i < e; i++ {
		t := p.toks[i]
		if t.kind == exPunct && t.ch == '?' && i > s && p.toks[i].e-p.toks[i].s == 1 {
			return true
		}
		if t.kind != exWord {
			if t.kind != exNL && !(t.kind == exPunct && t.ch == '#') {
				first = false
			}
			continue
		}
		w := strings.ToLower(t.text)
		switch w {
		case "whether", "task", "question":
			return true
		}
		if first {
			switch w {
			case "please", "now", "then", "also", "so", "and", "next", "finally", "lastly":
				continue
			}
			first = false
			switch w {
			case "is", "are", "does", "do", "did", "can", "could", "would", "will", "what", "which", "how", "who",
				"where", "when", "find", "compute", "calculate", "determine", "check", "count", "identify",
				"return", "give", "list", "tell", "verify", "confirm", "ascertain", "output", "print", "show",
				"report", "get", "decide", "evaluate", "estimate", "say", "answer", "if", "generate", "use", "apply",
				"run", "create", "draw", "plot", "explain", "describe", "compare", "name", "provide", "predict",
				"classify", "recommend", "suggest", "rank", "sort", "detect", "search", "traverse", "perform",
				"implement", "solve", "measure", "assess", "should", "why", "whose", "has", "have":
				return true
			}
		}
	}
	return false
}

// filter keeps the items that are graph text: a single edge-like mention
// inside a question or instruction is a query ("is there an edge between 3
// and 7?") and English-looking words need a list of two or more items.
// It returns the kept items and the dropped ones that were in statements.
func (p *exScan) filter() (kept, dropped []exItem) {
	n := len(p.items)
	kept = make([]exItem, 0, n)
	run := make([]int, n) // distinct notations (chains count once) in each item's run
	raw := make([]int, n) // items in each item's run
	for i := 0; i < n; {
		j := i + 1
		for j < n && p.items[j].nodeOnly == p.items[i].nodeOnly &&
			(p.items[j].s <= p.items[j-1].e || exOnlySeparators(p.q[p.items[j-1].e:p.items[j].s])) {
			j++
		}
		// Items of one chain ("a-b-c") share their first token and count once.
		distinct := 0
		for k := i; k < j; k++ {
			if k == i || p.items[k].tok != p.items[k-1].tok {
				distinct++
			}
		}
		for k := i; k < j; k++ {
			run[k], raw[k] = distinct, j-i
		}
		i = j
	}
	for i, it := range p.items {
		task := p.task[p.sent[it.tok]]
		switch {
		case it.weak && run[i] < 2:
			if !task {
				dropped = append(dropped, it)
			}
		case task && raw[i] < 2 && !it.nodeOnly && it.method != "pair list" && it.method != "edge-list lines":
			// a query about one edge
		case task && it.nodeOnly:
		default:
			kept = append(kept, it)
		}
	}
	// Declared node counts and ranges in questions are queries too.
	keepR := p.rngs[:0]
	for _, r := range p.rngs {
		if !p.task[p.sent[r.tok]] {
			keepR = append(keepR, r)
		}
	}
	p.rngs = keepR
	keepC := p.count[:0]
	for _, r := range p.count {
		if !p.task[p.sent[r.tok]] {
			keepC = append(keepC, r)
		}
	}
	p.count = keepC
	return kept, dropped
}

// exOnlySeparators reports whether s holds nothing but list separators.
func exOnlySeparators(s string) bool {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == ',' || r == ';' || r == '\n' || r == '\r' || r == '\t' || r == '&'
	}) {
		if f != "and" && f != "And" {
			return false
		}
	}
	return true
}

func (p *exScan) edgeCount(items []exItem) int {
	n := 0
	for _, it := range items {
		if !it.nodeOnly {
			n++
		}
	}
	return n
}

// dirCue is one word saying directed or undirected.
type exDirCue struct {
	pos      int
	directed bool
}

// exFindDirCues finds the words that state direction, in text order, with
// one pass per cue word: "directed", "digraph", "arcs", "DAG" say directed
// unless preceded by "un", "non-" or "not "; "undirected", "bidirectional"
// say undirected.
// lower is the question in lower case with unchanged byte offsets.
func exFindDirCues(lower string) []exDirCue {
	var cues []exDirCue
	for _, w := range []struct {
		word     string
		directed bool
	}{
		{"directed", true}, {"digraph", true}, {"arcs", true}, {"dag", true}, {"directional", true},
		{"bidirectional", false}, {"nondirected", false},
	} {
		for off := 0; ; {
			k := strings.Index(lower[off:], w.word)
			if k < 0 {
				break
			}
			s, e := off+k, off+k+len(w.word)
			off = e
			if e < len(lower) && exIsWordByte(lower, e) {
				continue
			}
			dir := w.directed
			if w.word == "dag" && exAsksWhether(lower[max(0, s-24):s]) {
				// "Is the graph a DAG?" asks about the graph; it does not
				// say the graph is directed.
				continue
			}
			switch {
			case s >= 2 && lower[s-2:s] == "un" && (s == 2 || !exIsWordByte(lower, s-3)):
				dir = false
			case s >= 4 && lower[s-4:s] == "non-":
				dir = false
			case s >= 4 && lower[s-4:s] == "not ":
				dir = false
			case s > 0 && exIsWordByte(lower, s-1):
				continue
			}
			cues = append(cues, exDirCue{s, dir})
		}
	}
	sort.Slice(cues, func(a, b int) bool { return cues[a].pos < cues[b].pos })
	return cues
}

// exAsksWhether reports whether the text before a word makes it the subject
// of a yes/no question ("is it a", "whether the graph is a").
func exAsksWhether(before string) bool {
	for _, w := range []string{"is ", "whether", "if ", "is\t"} {
		if strings.Contains(before, w) {
			return true
		}
	}
	return false
}

func (p *exScan) dirCues() []exDirCue { return p.cues }

func (p *exScan) hasDirCue() bool { return len(p.dirCues()) > 0 }

// direction decides directedness: the explicit word closest before the graph
// text (else the first one), else arrows or "from ... to" clauses.
func (p *exScan) direction(items []exItem, py *exPy) (directed bool, note string) {
	cues := p.dirCues()
	start := len(p.q)
	if py != nil {
		start = py.s
	}
	for _, it := range items {
		if !it.nodeOnly && it.s < start {
			start = it.s
			break
		}
	}
	arrows, plain := 0, 0
	for _, it := range items {
		if it.nodeOnly {
			continue
		}
		if it.arrow || it.bidir {
			arrows++
		} else {
			plain++
		}
	}
	if len(cues) > 0 {
		c := cues[0]
		for _, x := range cues {
			if x.pos < start {
				c = x
			}
		}
		conflict := false
		for _, x := range cues {
			conflict = conflict || x.directed != c.directed
		}
		if conflict {
			note = "the question says both directed and undirected; using the word nearest before the graph"
		} else if !c.directed && arrows > 0 && plain == 0 {
			note = "edges are written with arrows but the question says undirected"
		}
		return c.directed, note
	}
	if arrows > 0 && plain > 0 {
		return true, "some edges have a direction and some do not; treating the graph as directed"
	}
	return arrows > 0, ""
}

// methods names the notations of the kept items and rates them.
func (p *exScan) methods(items []exItem) (string, float64) {
	var names []string
	seen := map[string]bool{}
	conf := 1.0
	for _, it := range items {
		if it.nodeOnly {
			continue
		}
		if !seen[it.method] {
			seen[it.method] = true
			names = append(names, it.method)
		}
		c := 0.97
		switch it.method {
		case "prose":
			c = 0.93
		case "adjacency", "edge-list lines", "pair list":
			c = 0.95
		}
		if it.weak {
			c -= 0.05
		}
		conf = min(conf, c)
	}
	if len(names) == 0 {
		return "node range", 0.9
	}
	if len(names) > 1 {
		conf -= 0.1
	}
	return strings.Join(names, "+"), conf
}

// spans returns the byte ranges of the kept items.
func (p *exScan) spans(items []exItem) [][2]int {
	out := make([][2]int, 0, len(items))
	for _, it := range items {
		out = append(out, [2]int{it.s, it.e})
	}
	return out
}

// exMergeSpans merges sorted spans separated only by list separators or
// brackets.
func exMergeSpans(q string, sp [][2]int) [][2]int {
	if len(sp) == 0 {
		return nil
	}
	out := [][2]int{sp[0]}
	for _, s := range sp[1:] {
		last := &out[len(out)-1]
		if s[0] <= last[1] || exOnlySeparators(q[last[1]:s[0]]) {
			last[1] = max(last[1], s[1])
			continue
		}
		out = append(out, s)
	}
	// Widen each span over brackets that enclose it: "[(0, 1), (1, 2)]".
	for k := range out {
		s, e := out[k][0], out[k][1]
		for s > 0 && e < len(q) {
			a, b := exTrimLeft(q, s), exTrimRight(q, e)
			if a > 0 && b < len(q) && ((q[a-1] == '[' && q[b] == ']') || (q[a-1] == '{' && q[b] == '}') || (q[a-1] == '(' && q[b] == ')')) {
				s, e = a-1, b+1
				continue
			}
			break
		}
		out[k] = [2]int{s, e}
	}
	return out
}

func exTrimLeft(q string, s int) int {
	for s > 0 && (q[s-1] == ' ' || q[s-1] == '\t') {
		s--
	}
	return s
}

func exTrimRight(q string, e int) int {
	for e < len(q) && (q[e] == ' ' || q[e] == '\t') {
		e++
	}
	return e
}

// looseNumbers counts number tokens in statements that no span explains;
// numbers after '=' (node=3) are parameters, not graph text. The spans are
// sorted and disjoint, so one moving pointer suffices.
func (p *exScan) looseNumbers(spans [][2]int) int {
	n, k := 0, 0
	for i, t := range p.toks {
		for k < len(spans) && spans[k][1] <= t.s {
			k++
		}
		if t.kind != exNum || p.skip[i] || p.task[p.sent[i]] || p.isPunct(i-1, '=') {
			continue
		}
		if k < len(spans) && t.s >= spans[k][0] && t.e <= spans[k][1] {
			continue
		}
		in := false
		for _, r := range p.count {
			in = in || (t.s >= r.s && t.e <= r.e)
		}
		if !in {
			n++
		}
	}
	return n
}

// build makes the graph from the kept items: declared ranges first in
// numeric order, then nodes in order of first appearance, edges in order.
func (p *exScan) build(items []exItem, directed, capCtx bool) (*graph.Graph, error) {
	b := graph.NewBuilder(directed)
	b.SetLimits(graph.Limits{MaxNodes: p.opt.MaxNodes, MaxEdges: p.opt.MaxEdges})
	b.Grow(len(items)+8, len(items))
	if err := p.addRanges(b, items); err != nil {
		return nil, err
	}
	for _, it := range items {
		if it.nodeOnly {
			if _, err := b.AddNode(it.u); err != nil {
				return nil, fmt.Errorf("node %q at byte %d: %w", it.u, it.s, err)
			}
			continue
		}
		if err := exAddEdge(b, it.u, it.v, it, capCtx); err != nil {
			return nil, err
		}
		if it.bidir && directed {
			if err := exAddEdge(b, it.v, it.u, it, capCtx); err != nil {
				return nil, err
			}
		}
	}
	return b.Build(), nil
}

func exAddEdge(b *graph.Builder, u, v string, it exItem, capCtx bool) error {
	e, err := b.AddEdge(u, v)
	if err != nil {
		return fmt.Errorf("edge (%s, %s) at byte %d: %w", u, v, it.s, err)
	}
	if it.hasW {
		isCap := it.capKind || (!it.wKind && capCtx)
		if isCap {
			b.SetCapacity(e, it.w)
		} else {
			b.SetWeight(e, it.w)
		}
	}
	return nil
}

// addRanges adds declared node ranges, and a declared node count when the
// edges' integer IDs fit it ("5 nodes" with edges over 0..4 or 1..5).
func (p *exScan) addRanges(b *graph.Builder, items []exItem) error {
	rngs := append([]exRange(nil), p.rngs...)
	if len(rngs) == 0 && len(p.count) == 1 {
		c := p.count[0]
		lo, hi, ok := exIntSpan(items)
		switch {
		case !ok:
		case hi > c.hi+1 || (lo == 0 && hi > c.hi):
			p.notes = append(p.notes, fmt.Sprintf("the question declares %d nodes but the edges name node %d", c.hi+1, hi))
			p.confCap = min(p.confCap, 0.7)
		case lo == 0 && hi <= c.hi:
			rngs = append(rngs, exRange{lo: 0, hi: c.hi})
		case lo >= 1 && hi <= c.hi+1:
			rngs = append(rngs, exRange{lo: 1, hi: c.hi + 1})
		}
	}
	for _, r := range rngs {
		for x := r.lo; x <= r.hi; x++ {
			if _, err := b.AddNode(strconv.Itoa(x)); err != nil {
				return fmt.Errorf("node range %d to %d: %w", r.lo, r.hi, err)
			}
		}
	}
	return nil
}

// exIntSpan returns the least and greatest node ID when every ID is a plain
// integer.
func exIntSpan(items []exItem) (lo, hi int, ok bool) {
	lo, hi = int(^uint(0)>>1), -1
	for _, it := range items {
		for _, id := range []string{it.u, it.v} {
			if id == "" && it.nodeOnly {
				continue
			}
			x, err := strconv.Atoi(id)
			if err != nil || strconv.Itoa(x) != id {
				return 0, 0, false
			}
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	return lo, hi, hi >= 0
}

// exHasWord reports whether the lower-case text contains one of the
// lower-case words or phrases as whole words.
func exHasWord(lower string, words ...string) bool {
	for _, w := range words {
		for off := 0; ; {
			k := strings.Index(lower[off:], w)
			if k < 0 {
				break
			}
			s, e := off+k, off+k+len(w)
			if (s == 0 || !exIsWordByte(lower, s-1)) && (e == len(lower) || !exIsWordByte(lower, e)) {
				return true
			}
			off = e
		}
	}
	return false
}

// WithoutGraph returns the question with the graph text (ex.Spans)
// removed, for the planner and retrieval, which need the task alone.
func WithoutGraph(question string, ex Extraction) string {
	if len(ex.Spans) == 0 {
		return strings.TrimSpace(question)
	}
	var sb strings.Builder
	sb.Grow(len(question))
	last := 0
	for _, s := range ex.Spans {
		if s[0] < last || s[1] > len(question) || s[0] > s[1] {
			continue
		}
		before := question[last:s[0]]
		sb.WriteString(before)
		last = s[1]
		// "A-B, B-C." between two sentences leaves ". ." behind: keep one.
		if b := strings.TrimRight(before, " \t\n"); strings.HasSuffix(b, ".") {
			if a := strings.TrimLeft(question[last:], " \t"); strings.HasPrefix(a, ".") && !strings.HasPrefix(a, "..") {
				last = len(question) - len(a) + 1
			}
		}
	}
	sb.WriteString(question[last:])
	out := sb.String()
	// Tidy what the removal leaves: doubled spaces, a space before
	// punctuation, empty brackets or quotes.
	for _, r := range [][2]string{{"[]", ""}, {"()", ""}, {`""`, ""}, {"''", ""}, {"  ", " "}, {" .", "."}, {" ,", ","}, {" ?", "?"}, {",.", "."}, {":.", "."}} {
		for strings.Contains(out, r[0]) {
			out = strings.ReplaceAll(out, r[0], r[1])
		}
	}
	return strings.TrimSpace(out)
}

// NeedsLLM reports whether the parsers were not confident enough and the
// LLM graph-extraction step should run.
func (ex Extraction) NeedsLLM() bool { return ex.Confidence < Confident }
