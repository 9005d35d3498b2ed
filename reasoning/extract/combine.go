package extract

import (
	"context"
	"errors"
	"fmt"
	"github.com/graphagent/graphagent/lang"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	shipped "github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// Read reads the graph written in a question: every registered reader
// (Readers) reads it, and their readings are combined into one graph with a
// Report. It also reports graphs given by reference (file path, dataset,
// session graph).
//
// How readings combine:
//   - A reading whose spans all lie inside the spans of an earlier (more
//     specific) reading is dropped; the report names it.
//   - Edges of two readings that claim the same text are compared: the same
//     endpoints (and value) agree and count once; different ones are a
//     disagreement, which makes the reading uncertain.
//   - A Python-literal list is read on its own: edges written outside it
//     are ignored and lower the confidence.
//   - Declared nodes (ranges, counts, named lists) exist even without edges;
//     node data (kinds, embeddings, labels) become node attributes "kind"
//     (with NetworkX's "bipartite" 0/1 when there are exactly two kinds),
//     "embedding" and "label"; edge numbers become capacities when they mean
//     capacity and weights otherwise.
//   - Direction: the explicit word nearest before the graph text (else the
//     first), a notation key, then arrows or "from ... to" clauses.
//
// Errors wrap graph.ErrTooLarge (question, node or edge limits) or
// graph.ErrSyntax (invalid UTF-8, brackets nested too deeply, a malformed
// Python edge list or number), or are the context's error.
func Read(ctx context.Context, question string, opt Options) (Extraction, error) {
	opt = opt.withDefaults()
	if len(question) > opt.MaxBytes {
		return Extraction{}, fmt.Errorf("question of %d bytes exceeds the limit of %d bytes: %w", len(question), opt.MaxBytes, graph.ErrTooLarge)
	}
	// Lettered options ("A. [0, 6, 2]") are answers to check, not graph
	// text: the readers read the question without them.
	options := findOptions(question)
	text := blankEmphasis(question)
	for _, o := range options {
		text = blank(text, o.Span[0], o.Span[1], true)
	}
	ex, ok, err := readWithSecond(ctx, text, opt)
	if err == nil && !ok {
		ex, err = readQuestion(ctx, text, opt)
	}
	if err != nil || len(options) == 0 {
		return ex, err
	}
	ex.Options = options
	for _, o := range options {
		ex.Spans = append(ex.Spans, o.Span)
		ex.Report.Spans = append(ex.Report.Spans, ReportSpan{Start: o.Span[0], End: o.Span[1], Role: RoleOptions.String(),
			Reader: "options", Text: question[o.Span[0]:o.Span[1]]})
	}
	ex.Spans = exMergeSpans(question, sortedSpans(ex.Spans))
	ex.Span = [2]int{ex.Spans[0][0], ex.Spans[len(ex.Spans)-1][1]}
	slices.SortFunc(ex.Report.Spans, func(a, b ReportSpan) int { return a.Start - b.Start })
	return ex, nil
}

// readQuestion reads the question as writing one graph.
func readQuestion(ctx context.Context, question string, opt Options) (Extraction, error) {
	if len(question) > opt.MaxBytes {
		return Extraction{}, fmt.Errorf("question of %d bytes exceeds the limit of %d bytes: %w", len(question), opt.MaxBytes, graph.ErrTooLarge)
	}
	if err := ctx.Err(); err != nil {
		return Extraction{}, err
	}
	d := newDoc(question, opt)
	// The shared scan checks UTF-8 and bracket nesting before any reader
	// sees the text.
	if _, err := d.scanned(ctx); err != nil {
		return Extraction{}, err
	}
	readers := Readers()
	readings := make([]Reading, 0, len(readers))
	var synErrs []readerError
	for i, r := range readers {
		rd, err := r.Read(ctx, d)
		if err != nil {
			var st standingError
			if errors.Is(err, graph.ErrSyntax) && !errors.Is(err, graph.ErrTooLarge) && !errors.As(err, &st) {
				// Judged once every reader has read (combine).
				synErrs = append(synErrs, readerError{order: i, reader: r.Name(), err: err})
				continue
			}
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return Extraction{}, err
			}
			return Extraction{}, fmt.Errorf("%s: %w", r.Name(), err)
		}
		if rd.Empty() && rd.softErr == nil {
			continue
		}
		if rd.Reader == "" {
			rd.Reader = r.Name()
		}
		rd.order = i
		readings = append(readings, rd)
	}
	c := &combiner{d: d, p: d.scan, readings: readings, synErrs: synErrs}
	return c.combine(ctx)
}

// standingError is a reader's syntax error that stands whatever other
// readers read: text only its notation writes (a Python list with dicts or
// quoted names) that is malformed.
type standingError struct{ err error }

func (e standingError) Error() string { return e.err.Error() }
func (e standingError) Unwrap() error { return e.err }

// readerError is a syntax error of one reader. It stands when no reader
// reads an edge; when a more specific reader read the question with
// confidence it is only noted; otherwise it makes the reading uncertain.
type readerError struct {
	order  int
	reader string
	err    error
}

// combiner holds the state of combining one question's readings.
type combiner struct {
	d        *Doc
	p        *exScan
	readings []Reading
	used     []*Reading        // readings whose edges and nodes build the graph
	agree    map[*Reading]bool // readings whose edges another reading read the same
	synErrs  []readerError
	covs     map[*Reading][][2]int // each reading's spans, sorted and merged (coverage)
	keptCov  [][2]int              // the kept readings' spans, sorted and merged (dropSubsumed)
	formed   uint8                 // wellFormed: 0 not yet known, 1 yes, 2 no
	ex       Extraction
	conf     float64 // the most confidence the checks allow
}

func (c *combiner) note(conf float64, format string, args ...any) {
	c.ex.Notes = append(c.ex.Notes, fmt.Sprintf(format, args...))
	c.conf = min(c.conf, conf)
}

func (c *combiner) combine(ctx context.Context) (Extraction, error) {
	c.conf = 1
	rep := &c.ex.Report
	kept, subsumed := c.dropSubsumed()
	var file, dataset, session, python *Reading
	var softErr error
	for _, r := range kept {
		switch {
		case r.softErr != nil:
			softErr = cmpOr(softErr, r.softErr)
			continue
		case r.File != "":
			file = cmpOr(file, r)
			continue
		case r.Dataset != "":
			dataset = cmpOr(dataset, r)
			continue
		case r.Session:
			session = cmpOr(session, r)
			continue
		}
		if r.parsed != nil && python == nil {
			python = r
		}
		c.used = append(c.used, r)
	}
	// A Python list is read on its own.
	if python != nil {
		n := 0
		used := c.used[:0]
		for _, r := range c.used {
			if r != python && len(r.Edges) > 0 {
				n += len(r.Edges)
				continue
			}
			used = append(used, r)
		}
		c.used = used
		if n > 0 {
			c.note(0.6, "%d edge(s) written outside the Python list were ignored", n)
		}
	}
	edgeRs := 0
	for _, r := range c.used {
		if len(r.Edges) > 0 {
			edgeRs++
		}
	}
	if edgeRs == 0 && softErr != nil {
		return Extraction{}, softErr
	}
	for _, e := range c.synErrs {
		if edgeRs == 0 {
			return Extraction{}, fmt.Errorf("%s: %w", e.reader, e.err)
		}
		settled := false
		for _, r := range c.used {
			settled = settled || (len(r.Edges) > 0 && r.order < e.order && r.Confidence >= Confident)
		}
		if settled {
			c.ex.Notes = append(c.ex.Notes, fmt.Sprintf("%s could not read the question (%v); a more specific reader did", e.reader, e.err))
		} else {
			c.note(0.6, "%s could not read the question: %v", e.reader, e.err)
		}
	}
	// Subsumed readings take part in the comparison only: agreeing with a
	// more specific reading confirms it, differing edges are disagreements.
	var all []*Reading
	for i := range c.readings {
		r := &c.readings[i]
		if subsumed[r] || (slices.Contains(c.used, r) && (python == nil || r == python)) {
			all = append(all, r)
		}
	}
	skipAll := c.compareOverlaps(all)
	skip := make([][]bool, len(c.used))
	for i, r := range all {
		if k := slices.Index(c.used, r); k >= 0 {
			skip[k] = skipAll[i]
		}
	}
	directed, why, dirNote := c.direction(skip)
	c.ex.Directed = directed
	rep.Directed, rep.DirectedWhy = directed, why
	rep.DirectionAssumed = directed && why == dirWrittenWhy && c.directionAssumed(skip)
	if dirNote != "" {
		c.note(0.8, "%s", dirNote)
	}

	g, err := c.build(ctx, directed, skip, python)
	if err != nil {
		return Extraction{}, err
	}
	conf := 0.0
	switch {
	case g != nil && python != nil:
		c.ex.Graph, c.ex.Method, conf = g, "python list", python.Confidence
	case g != nil:
		c.ex.Graph = g
		c.ex.Method, conf = c.methods(skip)
	}
	stated := len(c.p.cues) > 0 || c.keyDirection()
	if file != nil && c.ex.Graph != nil && !file.fileCued {
		// A file name the text mentions beside an inline graph, or that
		// labels it ("followers.csv:" above the rows), is not the graph.
		rep.Prose = append(rep.Prose, fmt.Sprintf("the file name %q is mentioned, not pointed at as the graph; the graph written in the question is read", file.File))
		file = nil
	}
	if file != nil {
		c.ex.FileRef = file.File
		c.ex.Notes = append(c.ex.Notes, file.Notes...)
		if c.ex.Graph == nil {
			c.ex.Method, conf = "file", file.Confidence
			if d, ok := shippedGraphFile(file.File); ok && !stated {
				c.directedAs(rep, d)
			} else if !stated {
				conf = min(conf, 0.9)
				c.ex.Notes = append(c.ex.Notes, "the question does not say whether the file's graph is directed; assuming undirected")
			}
		} else {
			c.note(0.6, "the question has both an inline graph and a file path %q", file.File)
		}
		c.used = append(c.used, file)
	}
	if c.ex.Graph == nil && c.ex.FileRef == "" {
		switch {
		case dataset != nil:
			c.ex.DatasetRef, c.ex.Method, conf = dataset.Dataset, "dataset", dataset.Confidence
			c.used = append(c.used, dataset)
			if d, ok := shipped.Lookup(dataset.Dataset); ok && d.Graph != "" && !stated {
				c.directedAs(rep, d)
			}
		case session != nil:
			c.ex.UsesSessionGraph, c.ex.Method, conf = true, "session", session.Confidence
		default:
			c.ex.Method, conf = "none", 0.9
		}
	}
	if c.ex.Graph != nil {
		c.ex.Weighted = c.ex.Graph.Weighted() || c.ex.Graph.HasCapacities()
	} else if c.ex.FileRef != "" || c.ex.DatasetRef != "" {
		c.ex.Weighted = c.p.hasWeighted
	}

	// The task text is what no used reading accounts for.
	n := 0
	for _, r := range c.used {
		n += len(r.Spans)
	}
	spans := make([][2]int, 0, n)
	for _, r := range c.used {
		for _, s := range r.Spans {
			if s.Start >= 0 && s.End <= len(c.d.Text) && s.Start <= s.End {
				spans = append(spans, [2]int{s.Start, s.End})
			}
		}
	}
	for _, r := range kept {
		if r.Reader == (keyReader{}).Name() && !slices.Contains(c.used, r) {
			for _, s := range r.Spans {
				spans = append(spans, [2]int{s.Start, s.End})
			}
		}
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	c.ex.Spans = exMergeSpans(c.d.Text, spans)
	if len(c.ex.Spans) > 0 {
		c.ex.Span = [2]int{c.ex.Spans[0][0], c.ex.Spans[len(c.ex.Spans)-1][1]}
	}
	c.unaccounted(kept)
	c.ex.Confidence = min(conf, c.conf)
	c.report()
	return c.ex, nil
}

// cmpOr returns a unless it is the zero value, else b.
func cmpOr[T comparable](a, b T) T {
	var zero T
	if a != zero {
		return a
	}
	return b
}

// dropSubsumed drops the readings whose spans all lie inside the spans of
// earlier readings, and returns the rest.
func (c *combiner) dropSubsumed() (kept []*Reading, subsumed map[*Reading]bool) {
	kept = make([]*Reading, 0, len(c.readings))
	subsumed = map[*Reading]bool{}
	var covered [][2]int // sorted, merged
	for i := range c.readings {
		r := &c.readings[i]
		if len(r.Spans) > 0 && len(covered) > 0 && spansInside(r.Spans, covered) {
			c.ex.Report.Dropped = append(c.ex.Report.Dropped,
				fmt.Sprintf("%s: its text lies inside a more specific reader's", r.Reader))
			if len(r.Edges) > 0 {
				subsumed[r] = true // its edges are still compared
			}
			continue
		}
		kept = append(kept, r)
		if c.wellFormed() {
			covered = unionSorted(covered, c.coverage(r))
		} else {
			covered = mergeIntervals(covered, r.Spans)
		}
	}
	c.keptCov = covered
	return kept, subsumed
}

// wellFormed reports whether every span of every reading starts at or
// before its end. The union of such spans does not depend on the order
// they are merged in, so coverages computed once can be reused and merged.
func (c *combiner) wellFormed() bool {
	if c.formed == 0 {
		c.formed = 1
		for i := range c.readings {
			for _, s := range c.readings[i].Spans {
				if s.Start > s.End {
					c.formed = 2
				}
			}
		}
	}
	return c.formed == 1
}

// unionSorted returns the sorted, merged union of two sorted, merged
// interval lists (mergeSorted of both), in one pass; it may return b
// itself, and callers only read the result.
func unionSorted(a, b [][2]int) [][2]int {
	if len(a) == 0 {
		return b
	}
	out := make([][2]int, 0, len(a)+len(b))
	for i, j := 0, 0; i < len(a) || j < len(b); {
		var s [2]int
		if j == len(b) || i < len(a) && a[i][0] <= b[j][0] {
			s, i = a[i], i+1
		} else {
			s, j = b[j], j+1
		}
		if n := len(out); n > 0 && s[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], s[1])
			continue
		}
		out = append(out, s)
	}
	return out
}

// spansInside reports whether every span lies inside one interval of the
// sorted, merged list.
func spansInside(spans []Span, covered [][2]int) bool {
	for _, s := range spans {
		k := sort.Search(len(covered), func(i int) bool { return covered[i][1] >= s.End })
		if k == len(covered) || covered[k][0] > s.Start {
			return false
		}
	}
	return true
}

// mergeIntervals returns the sorted, merged union of covered and spans.
func mergeIntervals(covered [][2]int, spans []Span) [][2]int {
	all := make([][2]int, 0, len(covered)+len(spans))
	all = append(all, covered...)
	for _, s := range spans {
		all = append(all, [2]int{s.Start, s.End})
	}
	return mergeSorted(all)
}

// mergeSorted sorts the intervals by start and merges them in place.
func mergeSorted(all [][2]int) [][2]int {
	if !slices.IsSortedFunc(all, func(a, b [2]int) int { return a[0] - b[0] }) {
		slices.SortFunc(all, func(a, b [2]int) int { return a[0] - b[0] })
	}
	out := all[:0]
	for _, s := range all {
		if n := len(out); n > 0 && s[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], s[1])
			continue
		}
		out = append(out, s)
	}
	return out
}

// coverage returns the sorted, merged spans of a reading, computed once;
// callers only read it.
func (c *combiner) coverage(r *Reading) [][2]int {
	if cov, ok := c.covs[r]; ok {
		return cov
	}
	if c.covs == nil {
		c.covs = map[*Reading][][2]int{}
	}
	cov := mergeIntervals(nil, r.Spans)
	c.covs[r] = cov
	return cov
}

// edgeCoverage returns the sorted, merged spans of a reading's edges.
func edgeCoverage(r *Reading) [][2]int {
	all := make([][2]int, len(r.Edges))
	for i, e := range r.Edges {
		all[i] = [2]int{e.Start, e.End}
	}
	return mergeSorted(all)
}

// overlaps reports whether two sorted, merged interval lists overlap.
func overlaps(a, b [][2]int) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i][0] < b[j][1] && b[j][0] < a[i][1] {
			return true
		}
		if a[i][1] <= b[j][1] {
			i++
		} else {
			j++
		}
	}
	return false
}

// compareOverlaps compares the edges of used readings that claim the same
// text. It returns, per used reading, the edges to skip: duplicates of an
// earlier reading's edge, and edges in text an earlier (more specific)
// reading accounted for without an edge there (node data, a key, a
// declaration). Different edges over the same text are disagreements.
func (c *combiner) compareOverlaps(list []*Reading) [][]bool {
	skip := make([][]bool, len(list))
	mark := func(b, k int) {
		if skip[b] == nil {
			skip[b] = make([]bool, len(list[b].Edges))
		}
		skip[b][k] = true
	}
	spanCov := make([][][2]int, len(list))
	order := make([][]int32, len(list)) // edge indices by Start
	for i, r := range list {
		spanCov[i] = c.coverage(r)
		order[i] = edgeOrder(r)
	}
	// An edge alone in a question or instruction is asked about, not
	// given ("is there an edge between 3 and 7?"); the shared scan leaves
	// those out itself.
	for b, r := range list {
		if r.queries || r.parsed != nil {
			continue
		}
		c.markLoneTaskEdges(r, order[b], func(k int) { mark(b, k) })
	}
	c.agree = map[*Reading]bool{}
	for b, rb := range list {
		if len(rb.Edges) == 0 || b == 0 {
			continue // no edges, or no earlier reading to compare with
		}
		covB := edgeCoverage(rb)
		for a := 0; a < b; a++ {
			ra := list[a]
			if len(spanCov[a]) == 0 || !overlaps(spanCov[a], covB) {
				continue
			}
			claimed, agreed, differ, overruled := 0, 0, 0, 0
			// lo is the first of ra's edges (by Start) that starts at or
			// after eb.End; edges mostly come in text order, so it moves
			// forward from the last edge's and is searched for only when
			// an edge ends before the previous one.
			o := order[a]
			lo, lastEnd := 0, math.MinInt
			for k, eb := range rb.Edges {
				if skip[b] != nil && skip[b][k] {
					continue
				}
				if !overlapsAny(spanCov[a], eb.Start, eb.End) {
					continue
				}
				same, other := false, -1
				if eb.End < lastEnd {
					lo = sort.Search(len(o), func(x int) bool { return ra.Edges[o[x]].Start >= eb.End })
				}
				for lo < len(o) && ra.Edges[o[lo]].Start < eb.End {
					lo++
				}
				lastEnd = eb.End
				for x := lo - 1; x >= 0; x-- {
					ea := ra.Edges[o[x]]
					if ea.End <= eb.Start {
						if eb.Start-ea.Start > 4096 {
							break
						}
						continue
					}
					if sameEdge(ea, eb, ra.Directed == DirDirected && rb.Directed == DirDirected) {
						same = true
						break
					}
					other = int(o[x])
				}
				switch {
				case same:
					agreed++
				case other >= 0:
					differ++
					ea := ra.Edges[other]
					if ra.Confidence >= Confident && (rb.order > ra.order || rb.Confidence < Confident) {
						// The more specific reader is sure of its reading:
						// the general one misread the text ("A road
						// connects Paris and Lyon" as (road, Paris)).
						overruled++
						break
					}
					c.ex.Report.Disagreements = append(c.ex.Report.Disagreements, fmt.Sprintf(
						"%s reads %q as %s but %s reads it as %s", ra.Reader, snippet(c.d.Text, min(ea.Start, eb.Start), max(ea.End, eb.End)),
						edgeText(ea), rb.Reader, edgeText(eb)))
					c.conf = min(c.conf, 0.3)
				default:
					claimed++
				}
				mark(b, k)
			}
			if claimed > 0 {
				c.ex.Report.Dropped = append(c.ex.Report.Dropped,
					fmt.Sprintf("%d edge(s) of %s lie in text %s read", claimed, rb.Reader, ra.Reader))
			}
			if overruled > 0 {
				c.ex.Report.Dropped = append(c.ex.Report.Dropped,
					fmt.Sprintf("%d edge(s) of %s read differently by %s, which is sure of its reading", overruled, rb.Reader, ra.Reader))
			}
			if agreed > 0 && differ == 0 && claimed == 0 {
				// Two readers read the same edges: the reading is as sure
				// as the surer of them, and they are one notation; but not
				// when one read its sentence only in part.
				if !ra.partial && !rb.partial {
					ra.Confidence = max(ra.Confidence, rb.Confidence)
					rb.Confidence = max(ra.Confidence, rb.Confidence)
				}
				c.agree[ra], c.agree[rb] = true, true
			}
		}
	}
	return skip
}

// edgeOrder returns the indices of a reading's edges sorted (stably) by
// Start.
func edgeOrder(r *Reading) []int32 {
	o := make([]int32, len(r.Edges))
	for k := range o {
		o[k] = int32(k)
	}
	if !slices.IsSortedFunc(r.Edges, func(x, y Edge) int { return x.Start - y.Start }) {
		slices.SortStableFunc(o, func(x, y int32) int { return r.Edges[x].Start - r.Edges[y].Start })
	}
	return o
}

// markLoneTaskEdges calls mark with each edge of r that is the only edge
// of r in a question or instruction sentence. order lists r's edges by
// Start: a sentence is a run of tokens, so its edges come together, and
// one walk over the tokens finds each edge's sentence (the sentence of
// the first token ending after the edge's start).
func (c *combiner) markLoneTaskEdges(r *Reading, order []int32, mark func(k int)) {
	p := c.p
	// Tokens before the first task sentence's are in statements: an edge
	// that starts before the last of them ends is in a statement, and the
	// walk starts there.
	s0 := slices.Index(p.task, true)
	if s0 < 0 {
		return
	}
	tok, _ := slices.BinarySearch(p.sent, int32(s0))
	limit := -1 // edges starting before limit are in statements
	if tok > 0 {
		limit = int(p.toks[tok-1].e)
		tok--
	}
	run, runLen := int32(-1), 0 // the task sentence of the current run of edges
	first := 0                  // the run's first edge
	for _, k := range order {
		pos := r.Edges[k].Start
		if pos < limit {
			continue
		}
		for tok < len(p.toks) && int(p.toks[tok].e) <= pos {
			tok++
		}
		sent := int32(-1)
		if tok < len(p.toks) && p.task[p.sent[tok]] {
			sent = p.sent[tok]
		}
		if sent == run {
			runLen++
			continue
		}
		if run >= 0 && runLen == 1 {
			mark(first)
		}
		run, runLen, first = sent, 1, int(k)
	}
	if run >= 0 && runLen == 1 {
		mark(first)
	}
}

// overlapsAny reports whether [s, e) overlaps an interval of the sorted,
// merged list.
func overlapsAny(cov [][2]int, s, e int) bool {
	k := sort.Search(len(cov), func(i int) bool { return cov[i][1] > s })
	return k < len(cov) && cov[k][0] < e
}

// sameEdge reports whether two edges join the same nodes with the same
// value (a missing value agrees with any).
func sameEdge(a, b Edge, directed bool) bool {
	ends := (a.U == b.U && a.V == b.V) || (!directed && a.U == b.V && a.V == b.U)
	return ends && (!a.HasValue || !b.HasValue || a.Value == b.Value)
}

func edgeText(e Edge) string {
	s := "(" + e.U + ", " + e.V
	if e.HasValue {
		s += ", " + strconv.FormatFloat(e.Value, 'g', -1, 64)
	}
	return s + ")"
}

// keyDirection reports whether a used notation key states the direction.
func (c *combiner) keyDirection() bool {
	for _, r := range c.readings {
		if len(r.Edges) == 0 && r.Directed != DirUnknown {
			return true
		}
	}
	return false
}

// directedAs takes a shipped dataset's direction for a question that
// states none: email_eu_core's edges go from sender to receiver, and
// reading them undirected would merge 25,571 edges into 16,706.
func (c *combiner) directedAs(rep *Report, d shipped.Dataset) {
	c.ex.Directed = d.Directed
	rep.Directed = d.Directed
	rep.DirectedWhy = fmt.Sprintf("the question states no direction; the %s dataset's edges are %s", d.Name,
		map[bool]string{true: "directed", false: "undirected"}[d.Directed])
}

// shippedGraphFile returns the shipped dataset whose edge list is path
// (relative to a data folder, as questions name it: "email_eu_core/edges.tsv").
func shippedGraphFile(path string) (shipped.Dataset, bool) {
	p := filepath.ToSlash(filepath.Clean(path))
	p = strings.TrimPrefix(p, "datasets/")
	for _, d := range shipped.All() {
		if d.Graph != "" && (p == d.Folder+"/"+d.Graph || p == d.Folder+"/"+d.Graph+".gz") {
			return d, true
		}
	}
	return shipped.Dataset{}, false
}

// direction decides directedness: the explicit word closest before the
// graph text (else the first one), a reading without edges that states it
// (a notation key), else arrows or "from ... to" clauses.
func (c *combiner) direction(skip [][]bool) (directed bool, why, note string) {
	// Words inside the text of a reading that states the direction itself
	// ('{"directed": false, ...}') are its own.
	var stated [][2]int
	for _, r := range c.used {
		if r.Directed == DirUnknown {
			continue
		}
		if c.wellFormed() {
			stated = unionSorted(stated, c.coverage(r))
		} else {
			stated = mergeIntervals(stated, r.Spans)
		}
	}
	cues := make([]exDirCue, 0, len(c.p.cues))
	for _, x := range c.p.cues {
		if !overlapsAny(stated, x.pos, x.pos+1) {
			cues = append(cues, x)
		}
	}
	for _, r := range c.used {
		if len(r.Edges) == 0 && r.Directed != DirUnknown && len(r.Spans) > 0 {
			cues = append(cues, exDirCue{pos: r.Spans[0].Start, directed: r.Directed == DirDirected, key: true})
		}
	}
	slices.SortStableFunc(cues, func(a, b exDirCue) int { return a.pos - b.pos })
	start := len(c.d.Text)
	arrows, plain, both := 0, 0, 0
	for i, r := range c.used {
		for k, e := range r.Edges {
			if skip[i] != nil && skip[i][k] {
				continue
			}
			start = min(start, e.Start)
			switch {
			case e.Both:
				both++ // "A <-> B" goes both ways: a direction only beside one-way arrows
			case e.Directed || r.Directed == DirDirected:
				arrows++
			default:
				plain++
			}
		}
	}
	if len(cues) > 0 {
		cue := cues[0]
		for _, x := range cues {
			if x.pos < start {
				cue = x
			}
		}
		conflict := false
		for _, x := range cues {
			conflict = conflict || x.directed != cue.directed
		}
		switch {
		case conflict:
			note = "the question says both directed and undirected; using the word nearest before the graph"
		case !cue.directed && arrows > 0 && plain == 0:
			// The word is explicit; the arrows are the notation's.
			c.ex.Notes = append(c.ex.Notes, "edges are written with arrows but the question says undirected")
		}
		what := fmt.Sprintf("the word %q at byte %d", c.cueWord(cue), cue.pos)
		if cue.key {
			what = fmt.Sprintf("the notation key at byte %d", cue.pos)
		}
		return cue.directed, what, note
	}
	switch {
	case arrows > 0 && plain > 0:
		return true, "some edges are written with a direction", "some edges have a direction and some do not; treating the graph as directed"
	case arrows > 0:
		return true, dirWrittenWhy, ""
	case both > 0:
		return false, "every edge is written as going both ways", ""
	}
	return false, "no direction is stated", ""
}

// dirWrittenWhy is direction's reason when only the notation says the
// edges have a direction.
const dirWrittenWhy = "the edges are written with a direction"

// directionAssumed reports whether every used reading that gives its edges
// a direction only assumed it (Reading.DirectionAssumed).
func (c *combiner) directionAssumed(skip [][]bool) bool {
	assumed := false
	for i, r := range c.used {
		if r.Directed != DirDirected || len(r.Edges) == 0 || skip[i] != nil && !slices.Contains(skip[i], false) {
			continue
		}
		if !r.DirectionAssumed {
			return false
		}
		assumed = true
	}
	return assumed
}

// cueWord returns the direction word at a cue.
func (c *combiner) cueWord(cue exDirCue) string {
	e := cue.pos
	for e < len(c.d.Text) && exIsWordByte(c.d.Text, e) {
		e++
	}
	s := cue.pos
	for s > 0 && (exIsWordByte(c.d.Text, s-1) || c.d.Text[s-1] == '-') {
		s--
	}
	return c.d.Text[s:e]
}

// methods names the notations of the used readings with edges and rates
// them: the least confident reading, less 0.1 when several notations mix.
func (c *combiner) methods(skip [][]bool) (string, float64) {
	var names []string
	conf := 1.0
	for i, r := range c.used {
		if len(r.Edges) == 0 || (skip[i] != nil && !slices.Contains(skip[i], false)) {
			continue // no edges, or only edges another reading read
		}
		names = append(names, r.Reader)
		conf = min(conf, r.Confidence)
		if r.Confidence < Confident {
			// The reader's own doubts are why the reading is uncertain.
			for _, n := range r.Notes {
				c.ex.Notes = append(c.ex.Notes, r.Reader+": "+n)
			}
		}
	}
	if len(names) == 0 {
		for _, r := range c.used {
			if len(r.Nodes) > 0 || r.Count > 0 {
				names = append(names, r.Reader)
			}
		}
		if len(names) == 1 && names[0] == (declReader{}).Name() {
			return "node range", 0.9
		}
		return strings.Join(names, "+"), 0.9
	}
	if len(names) > 1 && !c.allAgree(skip) {
		conf -= 0.1
		c.ex.Notes = append(c.ex.Notes, "the graph mixes notations: "+strings.Join(names, ", "))
	}
	return strings.Join(names, "+"), conf
}

// allAgree reports whether every used reading that adds edges shares
// edges with another reading: overlapping readers that agree are one
// notation read twice, not a mix of notations.
func (c *combiner) allAgree(skip [][]bool) bool {
	for i, r := range c.used {
		if len(r.Edges) == 0 || (skip[i] != nil && !slices.Contains(skip[i], false)) {
			continue
		}
		if !c.agree[r] {
			return false
		}
	}
	return true
}

// eventList is one list of nodes or edges to add, in text order: the
// nodes of a declared count, a reading's nodes, or a reading's edges.
type eventList struct {
	r     *Reading // nil for the declared count's nodes
	ids   []string // the declared count's node IDs
	edges bool     // the list is r's edges, else nodes
	// order holds the list's items (indices into ids, r.Nodes or
	// r.Edges) in text order; nil when that is 0..n-1.
	order []int32
	n     int
	first int // where nodes without a NodeStart come
}

// item returns the index of the j-th item in text order.
func (l *eventList) item(j int) int {
	if l.order != nil {
		return int(l.order[j])
	}
	return j
}

// posOf returns the text position of item k.
func (l *eventList) posOf(k int) int {
	switch {
	case l.edges:
		return l.r.Edges[k].Start
	case l.r != nil && k < len(l.r.NodeStarts):
		return l.r.NodeStarts[k]
	}
	return l.first
}

// sortByPos puts the list in text order (stably) when it is not.
func (l *eventList) sortByPos() {
	sorted := true
	for j := 1; j < l.n && sorted; j++ {
		sorted = l.posOf(l.item(j-1)) <= l.posOf(l.item(j))
	}
	if sorted {
		return
	}
	if l.order == nil {
		l.order = make([]int32, l.n)
		for j := range l.order {
			l.order[j] = int32(j)
		}
	}
	slices.SortStableFunc(l.order, func(x, y int32) int { return l.posOf(int(x)) - l.posOf(int(y)) })
}

// eventMerge walks lists of events in text order; ties give the earlier
// list's event first, and within a list the listed order.
type eventMerge struct {
	lists []eventList
	heads []int // the next item of each list
	pos   []int // the position of each list's next item; maxInt when done
}

func newEventMerge(lists []eventList) *eventMerge {
	m := &eventMerge{lists: lists, heads: make([]int, len(lists)), pos: make([]int, len(lists))}
	for k := range lists {
		lists[k].sortByPos()
		m.pos[k] = m.headPos(k)
	}
	return m
}

func (m *eventMerge) headPos(k int) int {
	l := &m.lists[k]
	if m.heads[k] >= l.n {
		return math.MaxInt
	}
	return l.posOf(l.item(m.heads[k]))
}

// next returns the next event's list and item; ok is false when every
// list is done.
func (m *eventMerge) next() (l *eventList, item int, ok bool) {
	best := -1
	for k, p := range m.pos {
		if m.heads[k] < m.lists[k].n && (best < 0 || p < m.pos[best]) {
			best = k
		}
	}
	if best < 0 {
		return nil, 0, false
	}
	l = &m.lists[best]
	item = l.item(m.heads[best])
	m.heads[best]++
	m.pos[best] = m.headPos(best)
	return l, item, true
}

// build makes the graph: declared counts and ranges first, then nodes and
// edges in the order the question names them (the nodes of a reading
// without NodeStarts where its text starts). It returns
// nil when there is nothing to build.
func (c *combiner) build(ctx context.Context, directed bool, skip [][]bool, python *Reading) (*graph.Graph, error) {
	nEdges, nNodes, data := 0, 0, false
	for i, r := range c.used {
		nEdges += len(r.Edges)
		if skip[i] == nil && r.Reader != (declReader{}).Name() {
			nNodes += len(r.Nodes)
		}
		data = data || len(r.Kinds) > 0 || len(r.Vectors) > 0 || len(r.Labels) > 0 || len(r.NodeWeights) > 0
	}
	countNodes := c.countNodes()
	ranged := false
	for _, r := range c.used {
		if r.Reader == (declReader{}).Name() {
			for _, st := range r.NodeStarts {
				ranged = ranged || st < 0
			}
		}
	}
	if nEdges == 0 && !ranged && len(countNodes) == 0 && nNodes == 0 && !data {
		return nil, nil
	}
	// The Python list's own graph, when nothing adds to it.
	if python != nil && python.parsed.Directed() == directed && len(c.used) == 1 && !data {
		return python.parsed, nil
	}
	// Room for the edges the graph gets: those no other reading read.
	live := nEdges
	for i := range c.used {
		for _, sk := range skip[i] {
			if sk {
				live--
			}
		}
	}
	b := graph.NewBuilder(directed)
	b.SetLimits(graph.Limits{MaxNodes: c.d.opt.MaxNodes, MaxEdges: c.d.opt.MaxEdges})
	b.Grow(live+len(countNodes)+8, live)
	// Each list below is in text order (sorted when not); one merge puts
	// them together, earlier lists first on ties.
	lists := make([]eventList, 0, 2*len(c.used)+1)
	lists = append(lists, eventList{ids: countNodes, n: len(countNodes), first: -1})
	for i, r := range c.used {
		// Nodes without a place come where the reading's text starts.
		first := -1
		for _, sp := range r.Spans {
			if first < 0 || sp.Start < first {
				first = sp.Start
			}
		}
		edges := eventList{r: r, edges: true, n: len(r.Edges)}
		if skip[i] != nil {
			edges.order = make([]int32, 0, len(r.Edges))
			for k := range r.Edges {
				if !skip[i][k] {
					edges.order = append(edges.order, int32(k))
				}
			}
			edges.n = len(edges.order)
		}
		lists = append(lists, eventList{r: r, n: len(r.Nodes), first: first}, edges)
	}
	events := newEventMerge(lists)
	keyMeaning := MeaningNone
	for _, r := range c.readings {
		if len(r.Edges) == 0 && r.EdgeValue != MeaningNone {
			keyMeaning = r.EdgeValue
			break
		}
	}
	// The number first written on each edge, by edge index (the builder
	// numbers edges densely from 0).
	values := make([]float64, 0, live)
	valued := make([]bool, 0, live)
	for n := 0; ; n++ {
		l, item, ok := events.next()
		if !ok {
			break
		}
		if n&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if !l.edges {
			id := ""
			if l.r != nil {
				id = l.r.Nodes[item]
			} else {
				id = l.ids[item]
			}
			if _, err := b.AddNode(id); err != nil {
				return nil, fmt.Errorf("node %q at byte %d: %w", id, max(l.posOf(item), 0), err)
			}
			continue
		}
		e := &l.r.Edges[item]
		meaning := cmpOr(cmpOr(e.Meaning, l.r.EdgeValue), keyMeaning)
		id, err := addEdge(b, e.U, e.V, e, meaning)
		if err != nil {
			return nil, err
		}
		if e.HasValue {
			for int(id) >= len(values) {
				values, valued = append(values, 0), append(valued, false)
			}
			if old, ok := values[id], valued[id]; ok && old != e.Value {
				c.ex.Report.Ambiguous = append(c.ex.Report.Ambiguous, fmt.Sprintf("the edge (%s, %s) is given twice, with %g and with %g", e.U, e.V, old, e.Value))
				c.conf = min(c.conf, 0.3)
			} else if !ok {
				values[id], valued[id] = e.Value, true
			}
		}
		if e.Both && directed {
			rid, err := addEdge(b, e.V, e.U, e, meaning)
			if err != nil {
				return nil, err
			}
			if e.HasValue {
				for int(rid) >= len(values) {
					values, valued = append(values, 0), append(valued, false)
				}
				valued[rid] = true
			}
		}
	}
	c.unvaluedEdges(b.NumEdges(), valued)
	if err := c.nodeData(b); err != nil {
		return nil, err
	}
	return b.Build(), nil
}

// unvaluedEdges reports a graph where some edges carry a number and
// others none ("A-B 5km, B-C 3km, A-C"): what the bare edges weigh is not
// written, and reading them as 1 would be a guess. valued holds, by edge
// index, whether the edge was given a number.
func (c *combiner) unvaluedEdges(m int, valued []bool) {
	withValue := 0
	for _, v := range valued {
		if v {
			withValue++
		}
	}
	if withValue == 0 || withValue == m {
		return
	}
	c.ex.Report.Ambiguous = append(c.ex.Report.Ambiguous, fmt.Sprintf("%d of the %d edges carry a number, the other %d none: what those weigh is not written", withValue, m, m-withValue))
	c.conf = min(c.conf, 0.3)
}

// addEdge adds one edge with its number as a capacity or a weight.
func addEdge(b *graph.Builder, u, v string, e *Edge, meaning Meaning) (int32, error) {
	id, err := b.AddEdge(u, v)
	if err != nil {
		return -1, fmt.Errorf("edge (%s, %s) at byte %d: %w", u, v, e.Start, err)
	}
	if e.HasValue && meaning != MeaningTime {
		if meaning == MeaningCapacity {
			b.SetCapacity(id, e.Value)
		} else {
			b.SetWeight(id, e.Value)
		}
	}
	for k, val := range e.Attrs {
		b.SetEdgeAttr(id, k, val)
	}
	return id, nil
}

// countNodes numbers a declared node count ("a graph with 5 nodes") as the
// edges say: 0..N-1 when they use 0, 1..N when they use N; when they fit
// both, 1..N is assumed and the ambiguity reported.
func (c *combiner) countNodes() []string {
	count := 0
	for _, r := range c.used {
		if r.Count > 0 {
			count = r.Count
			break
		}
	}
	if count == 0 {
		return nil
	}
	lo, hi, ok := c.intSpan()
	first := 0
	switch {
	case !ok:
		return nil
	case hi > count || (lo == 0 && hi > count-1):
		c.note(0.7, "the question declares %d nodes but the edges name node %d", count, hi)
		return nil
	case lo == 0:
	case hi == count:
		first = 1
	default:
		first = 1
		c.ex.Report.Ambiguous = append(c.ex.Report.Ambiguous, fmt.Sprintf(
			"the question declares %d nodes without saying whether they are numbered 0 to %d or 1 to %d; assuming 1 to %d", count, count-1, count, count))
		c.ex.Report.AmbiguousNodes = append(c.ex.Report.AmbiguousNodes, "0", strconv.Itoa(count))
	}
	c.ex.Report.Declared = fmt.Sprintf("%d nodes, numbered %d to %d", count, first, first+count-1)
	out := make([]string, count)
	for i := range out {
		out[i] = strconv.Itoa(first + i)
	}
	return out
}

// intSpan returns the least and greatest node ID of the used readings when
// every ID is a plain integer.
func (c *combiner) intSpan() (lo, hi int, ok bool) {
	lo, hi = int(^uint(0)>>1), -1
	check := func(id string) bool {
		x, err := strconv.Atoi(id)
		if err != nil || strconv.Itoa(x) != id {
			return false
		}
		lo, hi = min(lo, x), max(hi, x)
		return true
	}
	for _, r := range c.used {
		for _, e := range r.Edges {
			if !check(e.U) || !check(e.V) {
				return 0, 0, false
			}
		}
		for _, id := range r.Nodes {
			if !check(id) {
				return 0, 0, false
			}
		}
	}
	return lo, hi, hi >= 0
}

// nodeData sets the node attributes the readings carry: "kind" (and
// "bipartite" 0/1 with exactly two kinds, 0 for the kind named first),
// "embedding", "label" and "weight".
func (c *combiner) nodeData(b *graph.Builder) error {
	var kinds []string
	kindOf := map[string]string{}
	for _, r := range c.used {
		if len(r.Kinds) == 0 && len(r.Vectors) == 0 && len(r.Labels) == 0 && len(r.NodeWeights) == 0 {
			continue
		}
		ids := make([]string, 0, len(r.Kinds))
		for id := range r.Kinds {
			ids = append(ids, id)
		}
		// Kinds in the order the reading names the nodes, then the rest.
		pos := make(map[string]int, len(r.Nodes))
		for i, id := range r.Nodes {
			if _, ok := pos[id]; !ok {
				pos[id] = i
			}
		}
		sort.Slice(ids, func(a, b int) bool {
			pa, oka := pos[ids[a]]
			pb, okb := pos[ids[b]]
			if oka != okb {
				return oka
			}
			if oka && pa != pb {
				return pa < pb
			}
			return ids[a] < ids[b]
		})
		for _, id := range ids {
			k := r.Kinds[id]
			if _, seen := kindOf[id]; seen {
				continue
			}
			kindOf[id] = k
			if !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
			if err := b.SetNodeAttr(id, "kind", k); err != nil {
				return fmt.Errorf("node %q: %w", id, err)
			}
		}
		for id, v := range r.Vectors {
			if err := b.SetNodeAttr(id, "embedding", slices.Clone(v)); err != nil {
				return fmt.Errorf("node %q: %w", id, err)
			}
		}
		for id, l := range r.Labels {
			if err := b.SetNodeAttr(id, "label", l); err != nil {
				return fmt.Errorf("node %q: %w", id, err)
			}
		}
		for id, w := range r.NodeWeights {
			if err := b.SetNodeAttr(id, "weight", w); err != nil {
				return fmt.Errorf("node %q: %w", id, err)
			}
		}
	}
	// "0" alone could name "applicant 0" or "job 0".
	if len(kinds) > 1 {
		byName := map[string][]string{}
		for id := range kindOf {
			if kind, name, ok := strings.Cut(id, " "); ok && kindOf[id] == kind {
				byName[name] = append(byName[name], id)
			}
		}
		names := make([]string, 0, len(byName))
		for name, ids := range byName {
			if len(ids) > 1 {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			ids := byName[name]
			sort.Strings(ids)
			c.ex.Report.AmbiguousNodes = append(c.ex.Report.AmbiguousNodes, name)
			if len(c.ex.Report.Ambiguous) < 20 {
				c.ex.Report.Ambiguous = append(c.ex.Report.Ambiguous, fmt.Sprintf("%q alone could be %s", name, strings.Join(ids, " or ")))
			}
		}
	}
	if len(kinds) == 2 {
		for id, k := range kindOf {
			side := 0
			if k == kinds[1] {
				side = 1
			}
			if err := b.SetNodeAttr(id, "bipartite", side); err != nil {
				return fmt.Errorf("node %q: %w", id, err)
			}
		}
	}
	return nil
}

// unaccounted finds text that looks like graph content outside every
// accounted span: numbers in statements, edge-like items the scan did not
// take as edges, and "X and Y are ..." relation sentences.
func (c *combiner) unaccounted(kept []*Reading) {
	covered := c.keptCov
	if !c.wellFormed() {
		covered = keptCoverage(kept, false)
	}
	inside := func(s, e int) bool {
		k := sort.Search(len(covered), func(i int) bool { return covered[i][1] >= e })
		return k < len(covered) && covered[k][0] <= s
	}
	rep := &c.ex.Report
	p := c.p
	var dropped int
	numericNodes := c.ex.Graph == nil || c.hasNumericNode()
	var numbers []string
	for _, it := range p.dropped {
		if inside(it.s, it.e) || hyphenated(c.d.Text[it.s:it.e]) || c.unitPair(it) {
			continue
		}
		if !numericNodes && !it.nodeOnly && exIsNumber(it.u) && exIsNumber(it.v) {
			// "2024-09", "22:00-06:00", "3-4 times" beside a graph of
			// named nodes: a date, a time or a range, no edge of it.
			numbers = append(numbers, strconv.Quote(snippet(c.d.Text, it.s, it.e)))
			continue
		}
		dropped++
		rep.Unaccounted = append(rep.Unaccounted, Unaccounted{Start: it.s, End: it.e, Text: snippet(c.d.Text, it.s, it.e), Why: "an edge-like item"})
	}
	if dropped > 0 {
		c.note(0.6, "%d edge-like item(s) in statements were not taken as edges", dropped)
	}
	if len(numbers) > 0 {
		rep.Prose = append(rep.Prose, fmt.Sprintf("%d pair(s) of numbers (dates, times, ranges) beside a graph of named nodes were taken as prose: %s",
			len(numbers), strings.Join(numbers[:min(len(numbers), 5)], ", ")))
	}
	loose, prose := c.proseNumbers(p.looseNumbers(covered), covered)
	if len(prose) > 0 {
		var b strings.Builder
		for k, i := range prose {
			if k == 5 {
				fmt.Fprintf(&b, " and %d more", len(prose)-5)
				break
			}
			if k > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(p.text(i)))
		}
		rep.Prose = append(rep.Prose, fmt.Sprintf("%d number(s) in sentences that name nothing of the graph were taken as prose: %s", len(prose), b.String()))
	}
	for _, i := range loose {
		t := p.toks[i]
		rep.Unaccounted = append(rep.Unaccounted, Unaccounted{Start: int(t.s), End: int(t.e), Text: t.text(c.d.Text), Why: "a number"})
	}
	if n := len(loose); n >= 2 {
		if n >= 4 {
			c.note(0.4, "%d number(s) outside the graph text are unexplained", n)
		} else {
			c.note(0.7, "%d number(s) outside the graph text are unexplained", n)
		}
	}
	// An ellipsis right after edges stands for edges that are not given.
	edgesCov := c.edgesCoverage(kept)
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		var e int
		var ok bool
		switch t.kind { // an ellipsis starts with punctuation, "etc" is a word
		case exPunct:
			e, ok = p.ellipsisAt(i)
		case exWord:
			if (t.e-t.s == 3 || t.nonASCII) && p.word(i) == "etc" {
				e, ok = i+1, true
			}
		}
		if !ok || inside(int(t.s), int(p.toks[e-1].e)) {
			continue
		}
		k := sort.Search(len(edgesCov), func(x int) bool { return edgesCov[x][1] > int(t.s) })
		if k > 0 && exOnlySeparators(c.d.Text[edgesCov[k-1][1]:t.s]) {
			rep.Unaccounted = append(rep.Unaccounted, Unaccounted{Start: int(t.s), End: int(p.toks[e-1].e),
				Text: snippet(c.d.Text, int(t.s), int(p.toks[e-1].e)), Why: "an ellipsis after the edges (edges not given)"})
			c.note(0.3, "an ellipsis after the edges stands for edges the question does not give")
		}
		i = e - 1
	}
	// A statement the readers read part of that names one of the graph's
	// nodes again outside what they read ("The network links alpha with
	// beta and beta with gamma, and gamma with alpha": the prose reader
	// reads the first clause): the rest of the sentence holds edges no
	// reader read.
	if g := c.ex.Graph; g != nil && len(covered) > 0 {
		read := make([]bool, len(p.task)) // sentences with a read token before token i
		again := 0
		for i, t := range p.toks {
			if inside(int(t.s), int(t.e)) {
				read[p.sent[i]] = true
				continue
			}
			// After the read text only: "a graph G among nodes A, ..., G"
			// names the graph before its nodes.
			if t.kind != exWord || !read[p.sent[i]] || p.task[p.sent[i]] || p.isWord(i, "a", "an", "i") {
				continue
			}
			if _, ok := g.Index(t.text(c.d.Text)); !ok {
				continue
			}
			again++
			rep.Unaccounted = append(rep.Unaccounted, Unaccounted{Start: int(t.s), End: int(t.e), Text: t.text(c.d.Text), Why: "a node named again outside the graph text of its sentence"})
		}
		if again > 0 {
			c.note(0.6, "%d mention(s) of the graph's nodes in sentences read only in part were not read", again)
		}
	}
	rel := 0
	kc := 0 // the first covered interval that ends at or after token i
	for i := 0; i < len(p.toks); i++ {
		// A relation ends within relationMaxToks tokens of its start: when
		// that much text lies inside one accounted interval, any relation
		// there is accounted for, and it is not read.
		at := int(p.toks[i].s)
		for kc < len(covered) && covered[kc][1] < at {
			kc++
		}
		if kc < len(covered) && covered[kc][0] <= at && int(p.toks[min(i+relationMaxToks, len(p.toks))-1].e) <= covered[kc][1] {
			continue
		}
		s, e, ok := p.relationAt(i)
		if !ok || inside(int(p.toks[s].s), int(p.toks[e-1].e)) {
			continue
		}
		rel++
		rep.Unaccounted = append(rep.Unaccounted, Unaccounted{Start: int(p.toks[s].s), End: int(p.toks[e-1].e),
			Text: snippet(c.d.Text, int(p.toks[s].s), int(p.toks[e-1].e)), Why: "a relation sentence"})
		i = e - 1
	}
	if rel > 0 {
		c.note(0.6, "%d relation sentence(s) (\"X and Y are ...\") were not read as edges", rel)
	}
	if words, n := p.unreadPattern(inside); n > 0 && c.ex.Graph != nil {
		rep.Unaccounted = append(rep.Unaccounted, Unaccounted{Why: "lines of one pattern", Text: fmt.Sprintf("%d lines with %q", n, words)})
		c.note(0.6, "%d lines that repeat %q were not read", n, words)
	}
	if n := c.cutNames(covered, edgesCov); n > 0 {
		c.note(0.5, "%d word(s) next to edges look like parts of longer names that were read in part", n)
	}
}

// hasNumericNode reports whether one of the graph's nodes is named by a
// number.
func (c *combiner) hasNumericNode() bool {
	for _, id := range c.ex.Graph.IDs() {
		if exIsNumber(id) {
			return true
		}
	}
	return false
}

// keptCoverage returns the sorted, merged spans of the readings (of
// those with edges when withEdges).
func keptCoverage(kept []*Reading, withEdges bool) [][2]int {
	n := 0
	for _, r := range kept {
		n += len(r.Spans)
	}
	all := make([][2]int, 0, n)
	for _, r := range kept {
		if withEdges && len(r.Edges) == 0 {
			continue
		}
		for _, s := range r.Spans {
			all = append(all, [2]int{s.Start, s.End})
		}
	}
	return mergeSorted(all)
}

// edgesCoverage returns the sorted, merged spans of the kept readings with
// edges; callers only read it.
func (c *combiner) edgesCoverage(kept []*Reading) [][2]int {
	if !c.wellFormed() {
		return keptCoverage(kept, true)
	}
	var cov [][2]int
	for _, r := range kept {
		if len(r.Edges) > 0 {
			if cov == nil {
				cov = c.coverage(r)
			} else {
				cov = unionSorted(cov, c.coverage(r))
			}
		}
	}
	return cov
}

// relationMaxToks is the most tokens relationAt reads.
const relationMaxToks = 6

// relationAt reports whether a statement at token i reads "X and Y are
// friends", "X and Y wrote ...": two names joined by "and" followed by a
// verb. It returns the tokens [s, e) through the verb.
func (p *exScan) relationAt(i int) (s, e int, ok bool) {
	// The relation is at most relationMaxToks tokens: two node references
	// of at most two tokens each, "and", and the verb.
	if p.skip[i] || p.kind(i) != exWord && p.kind(i) != exStr || !(p.isWord(i+1, "and") || p.isWord(i+2, "and")) || p.task[p.sent[i]] {
		return 0, 0, false
	}
	a, n, wa, ok := p.nodeRef(i)
	if !ok || wa || !p.isWord(n, "and") || exIsNumber(a) {
		return 0, 0, false
	}
	_, n2, wb, ok := p.nodeRef(n + 1)
	if !ok || wb {
		return 0, 0, false
	}
	switch p.word(n2) {
	case "are", "were", "have", "had", "both", "share", "shared", "know", "knew", "met", "wrote", "work",
		"worked", "live", "lived", "play", "played", "follow", "followed", "like", "liked", "married", "dated",
		"collaborated", "co":
		return i, n2 + 1, true
	}
	return 0, 0, false
}

// unitPair reports whether an edge-like item pairs a word with a unit
// ("(paths, km)", "(hours, approx)"): a remark on the numbers, never an
// edge, since a unit names no node.
func (c *combiner) unitPair(it exItem) bool {
	lx := c.d.opt.Lexicon
	return lx.Word(strings.ToLower(it.u)).Has(lang.UnitWord) || lx.Word(strings.ToLower(it.v)).Has(lang.UnitWord)
}

// hyphenated reports whether an edge-like item is a hyphenated word
// ("co-authorship", "well-known"): lower-case letters joined by one dash.
func hyphenated(s string) bool {
	dash := strings.IndexAny(s, "-–")
	if dash <= 0 || strings.ContainsAny(s, " \t\n") {
		return false
	}
	if a, b, ok := strings.Cut(s, "-"); ok && exNameWord(a) && exNameWord(b) {
		return true // a hyphenated name ("Amberg-Sulzbach")
	}
	for _, r := range strings.ReplaceAll(strings.ReplaceAll(s, "–", ""), "-", "") {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// exIsNumber reports whether id is a number.
func exIsNumber(id string) bool {
	_, err := strconv.ParseFloat(id, 64)
	return err == nil
}

// report fills the Report from the combination.
func (c *combiner) report() {
	rep := &c.ex.Report
	rep.Confidence = c.ex.Confidence
	rep.Notes = c.ex.Notes
	if g := c.ex.Graph; g != nil {
		rep.Nodes, rep.Edges = g.N(), g.M()
	}
	for _, r := range c.used {
		rep.Readers = append(rep.Readers, r.Reader)
		for _, e := range r.Edges {
			m := cmpOr(e.Meaning, r.EdgeValue)
			if e.HasValue && m != MeaningNone && rep.EdgeValues == MeaningNone {
				rep.EdgeValues = m
			}
		}
		if r.EdgeValue != MeaningNone && rep.EdgeValues == MeaningNone {
			rep.EdgeValues = r.EdgeValue
		}
		if r.Reader == (declReader{}).Name() && rep.Declared == "" {
			rep.Declared = declaredText(r)
		}
		if n := len(r.Kinds); n > 0 {
			rep.NodeData = append(rep.NodeData, fmt.Sprintf("kinds on %d nodes (%s)", n, r.Reader))
		}
		if n := len(r.Vectors); n > 0 {
			rep.NodeData = append(rep.NodeData, fmt.Sprintf("embeddings on %d nodes (%s)", n, r.Reader))
		}
		if n := len(r.Labels); n > 0 {
			rep.NodeData = append(rep.NodeData, fmt.Sprintf("labels on %d nodes (%s)", n, r.Reader))
		}
		if n := len(r.NodeWeights); n > 0 {
			rep.NodeData = append(rep.NodeData, fmt.Sprintf("weights on %d nodes (%s)", n, r.Reader))
		}
		facts := make([]string, 0, len(r.Facts))
		for k, v := range r.Facts {
			facts = append(facts, k+": "+v)
		}
		sort.Strings(facts)
		rep.NodeData = append(rep.NodeData, facts...)
	}
	if c.ex.Graph == nil && c.ex.Report.EdgeValues == MeaningNone {
		for _, r := range c.readings {
			if r.EdgeValue != MeaningNone {
				rep.EdgeValues = r.EdgeValue
				break
			}
		}
	}
	// Spans, merged per reader and role where only separators lie between.
	const maxSpans = 40
	for i := range c.readings {
		r := &c.readings[i]
		if !slices.Contains(c.used, r) && r.Reader != (keyReader{}).Name() {
			continue
		}
		// Spans with strictly increasing starts need no sort (sort.Slice
		// is not stable: equal starts are sorted as before).
		sp := r.Spans
		if !strictlyByStart(sp) {
			sp = slices.Clone(sp)
			sort.Slice(sp, func(a, b int) bool { return sp[a].Start < sp[b].Start })
		}
		for k := 0; k < len(sp); {
			j := k + 1
			end := sp[k].End
			for j < len(sp) && sp[j].Role == sp[k].Role && (sp[j].Start <= end || shortGap(c.d.Text, end, sp[j].Start)) {
				end = max(end, sp[j].End)
				j++
			}
			if len(rep.Spans) < maxSpans {
				rep.Spans = append(rep.Spans, ReportSpan{Start: sp[k].Start, End: end, Role: sp[k].Role.String(), Reader: r.Reader,
					Text: snippet(c.d.Text, sp[k].Start, end)})
			}
			k = j
		}
	}
	sort.SliceStable(rep.Spans, func(a, b int) bool { return rep.Spans[a].Start < rep.Spans[b].Start })
}

// strictlyByStart reports whether each span starts after the one before.
func strictlyByStart(sp []Span) bool {
	for k := 1; k < len(sp); k++ {
		if sp[k].Start <= sp[k-1].Start {
			return false
		}
	}
	return true
}

// shortGap reports whether text[s:e] is a short gap between two spans of
// one notation: no digits, a few bytes.
func shortGap(text string, s, e int) bool {
	if e-s > 12 || s > e {
		return false
	}
	return !strings.ContainsAny(text[s:e], "0123456789")
}

// declaredText describes a declaration reading's nodes.
func declaredText(r *Reading) string {
	n := 0
	for _, st := range r.NodeStarts {
		if st < 0 {
			n++
		}
	}
	switch {
	case n > 0:
		return fmt.Sprintf("nodes %s to %s", r.Nodes[0], r.Nodes[n-1])
	case len(r.Nodes) > 0:
		return fmt.Sprintf("%d named node(s)", len(r.Nodes))
	}
	return ""
}

// blankEmphasis blanks Markdown's bold markers ("**Meadow** → Cliffs",
// "__Hub__") where they open or close a run of text, keeping every byte
// offset: emphasis is never part of a name. A marker between two word
// characters ("2**3", "snake__case") is kept.
func blankEmphasis(q string) string {
	if !strings.Contains(q, "**") && !strings.Contains(q, "__") {
		return q
	}
	var b []byte
	word := func(i int) bool {
		if i < 0 || i >= len(q) {
			return false
		}
		c := q[i]
		return c >= 0x80 || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	space := func(i int) bool {
		return i < 0 || i >= len(q) || q[i] == ' ' || q[i] == '\t' || q[i] == '\n' || q[i] == '\r'
	}
	for i := 0; i+1 < len(q); i++ {
		c := q[i]
		if c != '*' && c != '_' || q[i+1] != c {
			continue
		}
		j := i
		for j < len(q) && q[j] == c {
			j++
		}
		if j-i > 3 {
			i = j - 1 // a rule ("*****") or a blank to fill in
			continue
		}
		opens := !space(j) && !word(i-1)
		closes := !space(i-1) && !word(j)
		if c == '_' && word(i-1) && word(j) {
			opens, closes = false, false // "snake__case"
		}
		if opens != closes {
			if b == nil {
				b = []byte(q)
			}
			for k := i; k < j; k++ {
				b[k] = ' '
			}
		}
		i = j - 1
	}
	if b == nil {
		return q
	}
	return string(b)
}
