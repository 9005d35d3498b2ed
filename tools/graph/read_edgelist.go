package graph

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// maxEdgeListLine is the longest line ReadEdgeList accepts.
const maxEdgeListLine = 1 << 20

// ReadEdgeList reads a plain edge list, one edge per line:
//
//	u v                        an edge
//	u v 2.5                    an edge with a weight (GTools flow files use
//	                           it as the capacity, which Graph.Capacity
//	                           falls back to)
//	u v {'weight': 3, 'c': 1}  an edge with a Python dict of attributes, as
//	                           nx.write_edgelist writes it ("weight" and
//	                           "capacity" must be numbers; other keys are
//	                           kept as edge attributes)
//	u                          an isolated node
//
// Fields are separated by spaces, tabs or one comma. Lines starting with '#'
// or '%' are comments, as is the rest of a line from a field starting with
// '#' or '%'; blank lines are skipped. A first line that is a header is
// skipped: "source target", "src dst", "from to" and similar pairs, three
// fields whose third is not a number ("source<TAB>target<TAB>weight"), or two
// words (letters, '_', '-', '.') followed by a line whose nodes are numbers
// ("citing cited"). Repeated edges keep their first position and
// orientation and their last weight (NetworkX semantics). Malformed lines
// give a *SyntaxError naming the line and column; a line longer than 1 MiB is
// an error. Passing an *os.File or another reader with a known size (Len or
// Stat) lets the reader allocate its arrays once.
func ReadEdgeList(r io.Reader, opt ReadOptions) (*Graph, error) {
	if ra, size, ok := readerAtOf(r); ok && size >= parallelReadMin && runtime.GOMAXPROCS(0) >= parallelReadCPUs {
		return readEdgeListAt(context.Background(), ra, size, opt, chunkPlan{})
	}
	return readEdgeListSeq(r, opt)
}

// readEdgeListSeq is ReadEdgeList reading r from start to end on one
// goroutine.
func readEdgeListSeq(r io.Reader, opt ReadOptions) (*Graph, error) {
	size, exact := sizeHint(r)
	b := opt.builder(opt.Directed)
	// Edges are collected raw and de-duplicated in one pass at the end
	// (dedupEdges), which is several times faster than a hash lookup per
	// line. Past opt.Limits.MaxEdges lines they go through the builder, so
	// the limit error names the line that crossed it.
	p := &edgeListParser{
		src:     opt.source("edge list"),
		sink:    &edgeSink{b: b, bulk: true, raw: true, limit: opt.Limits.MaxEdges},
		headers: true,
	}
	bufSize := maxEdgeListLine
	if exact && size+16 < int64(bufSize) {
		bufSize = max(int(size)+16, 4096)
	}
	br := bufio.NewReaderSize(r, bufSize)
	if size > 0 {
		p.presize(br, size, opt.Limits.MaxEdges)
	}
	if err := p.parse(br, bufSize); err != nil {
		return nil, err
	}
	if err := p.end(); err != nil {
		return nil, err
	}
	if err := p.sink.finish(); err != nil {
		return nil, fmt.Errorf("%s: %w", p.src, err)
	}
	g := b.Build()
	g.SetName(opt.Name)
	return g, nil
}

// edgeListParser reads the lines of an edge list (or of one chunk of it)
// into an edgeSink.
type edgeListParser struct {
	src  string // names the input in errors
	sink *edgeSink
	// headers lets the first data line be a header; only the first chunk
	// of a file may have one.
	headers bool
	// attrsSeen is set by a line with an attribute dict (such lines need
	// the builder, so a parallel read falls back to a sequential one).
	attrsSeen bool
	// onLine, when set, sees each data line's fields (source, target,
	// weight: the header's columns already picked) before it is added
	// (ScanEdgeList).
	onLine func(line int, toks [][]byte)

	// columns are the roles a header gave the columns; nil when the
	// fields are "u v [weight]" in that order.
	columns *headerCols

	lineNo   int
	dataSeen bool
	// A first line of two non-numeric fields with unknown names is held
	// back: it is a header when the next line's nodes are numbers.
	pending     [2][]byte
	pendingLine int
}

// presize estimates the number of lines from the first block of br, given
// that the input holds about size bytes, so the edge arrays are allocated
// once.
func (p *edgeListParser) presize(br *bufio.Reader, size int64, maxEdges int) {
	head, _ := br.Peek(min(64<<10, int(min(size, math.MaxInt32))))
	if len(head) == 0 {
		return
	}
	lines := int64(bytes.Count(head, []byte{'\n'})) + 1
	est := lines
	if int64(len(head)) < size {
		est = size*lines/int64(len(head)) + 1
	}
	if maxEdges > 0 {
		est = min(est, int64(maxEdges))
	}
	// Cap the guess: a misleading first block must not make a small file
	// allocate much.
	p.sink.grow(int(min(est+est/16, 1<<24)))
}

// parse reads every line of br; bufSize is br's size (the longest line).
func (p *edgeListParser) parse(br *bufio.Reader, bufSize int) error {
	var (
		toks [maxHeaderColumns][]byte
		cols [maxHeaderColumns]int
	)
	fail := func(col int, format string, a ...any) error {
		return &SyntaxError{Source: p.src, Line: p.lineNo, Col: col, Msg: fmt.Sprintf(format, a...)}
	}
	for {
		line, rerr := br.ReadSlice('\n')
		if rerr != nil && rerr != io.EOF {
			if errors.Is(rerr, bufio.ErrBufferFull) {
				p.lineNo++
				return fail(0, "line longer than %d bytes", bufSize)
			}
			return fmt.Errorf("read %s: %w", p.src, rerr)
		}
		if len(line) == 0 && rerr == io.EOF {
			return p.flush()
		}
		p.lineNo++

		// Split into at most 3 fields (or the header's columns).
		n := 0
		needTok := false
		var attrs map[string]any
		commaCol := 0
		if p.columns != nil && p.columns.tabs {
			// A tab-separated table: fields may hold spaces.
			var err error
			if n, err = splitTabs(line, toks[:p.columns.n], cols[:p.columns.n]); err != nil {
				return fail(n+1, "%v", err)
			}
		}
		for i := 0; i < len(line) && !(p.columns != nil && p.columns.tabs); {
			c := line[i]
			if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f' {
				i++
				continue
			}
			if c == ',' {
				if n == 0 || needTok {
					return fail(i+1, "empty field before ','")
				}
				needTok, commaCol = true, i+1
				i++
				continue
			}
			if c == '#' || c == '%' {
				break
			}
			if c == '{' && n == 2 && !needTok {
				// NetworkX's write_edgelist data: "u v {'weight': 3}".
				var err error
				if attrs, err = parseDictField(p.src, p.lineNo, i, line[i:]); err != nil {
					return err
				}
				p.attrsSeen = true
				break
			}
			start := i
			for i < len(line) && !isFieldSep(line[i]) {
				i++
			}
			if n == maxFields(p.columns, !p.dataSeen && p.headers) {
				if p.columns != nil {
					return fail(start+1, "more than the %d fields the header names", p.columns.n)
				}
				return fail(start+1, "more than 3 fields; want \"u v\" or \"u v weight\"")
			}
			toks[n], cols[n] = line[start:i], start+1
			n++
			needTok = false
		}
		if needTok {
			return fail(commaCol, "empty field after ','")
		}
		if n > 0 {
			first := !p.dataSeen
			p.dataSeen = true
			if first && p.headers && attrs == nil {
				if c := headerColumns(toks[:n]); c != nil {
					if !c.positional() {
						c.tabs = bytes.IndexByte(line, '\t') >= 0
						p.columns = c
					}
					continue
				}
				if n > 3 {
					return fail(cols[3], "more than 3 fields; want \"u v\" or \"u v weight\"")
				}
				if isHeader(toks[:n]) {
					continue
				}
				if n == 2 && wordLike(toks[0]) && wordLike(toks[1]) {
					p.pending = [2][]byte{bytes.Clone(toks[0]), bytes.Clone(toks[1])}
					p.pendingLine = p.lineNo
					continue
				}
			} else if p.pendingLine > 0 {
				if n < 2 || !isNumeric(toks[0]) || !isNumeric(toks[1]) {
					if err := p.addPending(); err != nil {
						return err
					}
				}
				p.pendingLine = 0
			}
			if c := p.columns; c != nil {
				// The header's source, target and weight columns, in
				// that order; the other columns are not read.
				if n <= max(c.src, c.dst) {
					return fail(0, "%d fields, but the header puts the nodes in columns %d and %d", n, c.src+1, c.dst+1)
				}
				picked, pcols := [3][]byte{toks[c.src], toks[c.dst]}, [3]int{cols[c.src], cols[c.dst]}
				hasWeight := c.weight >= 0 && c.weight < n
				n = 2
				if hasWeight {
					picked[2], pcols[2] = toks[c.weight], cols[c.weight]
					n = 3
				}
				copy(toks[:3], picked[:])
				copy(cols[:3], pcols[:])
			}
			if p.onLine != nil {
				p.onLine(p.lineNo, toks[:n])
			}
			p.sink.line = p.lineNo
			if err := addEdgeLine(p.sink, toks[:n], cols[:n], attrs); err != nil {
				return p.lineErr(p.lineNo, err)
			}
		}
		if rerr == io.EOF {
			return p.flush()
		}
	}
}

// lineErr names the input and the line in an error of line lineNo's edge
// (or of the earlier line a *lineError names).
func (p *edgeListParser) lineErr(lineNo int, err error) error {
	var le *lineError
	if errors.As(err, &le) {
		lineNo, err = le.line, le.err
	}
	var se *SyntaxError
	if errors.As(err, &se) {
		se.Source, se.Line = p.src, lineNo
		return se
	}
	return fmt.Errorf("%s:%d: %w", p.src, lineNo, err)
}

// flush adds the lines the sink holds back (edgeSink.batch).
func (p *edgeListParser) flush() error {
	if err := p.sink.flush(); err != nil {
		return p.lineErr(p.lineNo, err)
	}
	return nil
}

// lineError is an error of an earlier line than the one being read: a line
// held back in an edgeSink's batch.
type lineError struct {
	line int
	err  error
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %v", e.line, e.err) }
func (e *lineError) Unwrap() error { return e.err }

// end finishes the input: a lone two-word first line is an edge.
func (p *edgeListParser) end() error {
	if p.pendingLine > 0 {
		err := p.addPending()
		p.pendingLine = 0
		return err
	}
	return nil
}

func (p *edgeListParser) addPending() error {
	if p.onLine != nil {
		p.onLine(p.pendingLine, p.pending[:])
	}
	p.sink.line = p.pendingLine
	err := addEdgeLine(p.sink, p.pending[:], []int{1, 1}, nil)
	if err == nil {
		err = p.sink.flush()
	}
	if err != nil {
		var le *lineError
		if errors.As(err, &le) {
			err = le.err
		}
		return fmt.Errorf("%s:%d: %w", p.src, p.pendingLine, err)
	}
	return nil
}

// maxHeaderColumns is the most columns a header may name.
const maxHeaderColumns = 16

// headerCols says which columns of a table with a header hold the source
// node, the target node and the weight.
type headerCols struct {
	src, dst int
	weight   int  // -1 when no column is a weight
	n        int  // columns the header names
	tabs     bool // the header is tab-separated: so are the lines, whose fields may hold spaces
}

// splitTabs splits a line of a tab-separated table into fields (spaces
// around a field trimmed) and their 1-based columns; a line that is blank
// or starts with '#' or '%' has none. More fields than toks holds, or an
// empty field, is an error; n is then the index of the field at fault.
func splitTabs(line []byte, toks [][]byte, cols []int) (n int, err error) {
	line = bytes.TrimRight(line, "\r\n")
	if t := bytes.TrimLeft(line, " \t"); len(t) == 0 || t[0] == '#' || t[0] == '%' {
		return 0, nil
	}
	start := 0
	for {
		end := bytes.IndexByte(line[start:], '\t')
		if end < 0 {
			end = len(line)
		} else {
			end += start
		}
		f, col := line[start:end], start+1
		for len(f) > 0 && (f[0] == ' ' || f[0] == '\v' || f[0] == '\f') {
			f, col = f[1:], col+1
		}
		f = bytes.TrimRight(f, " \v\f")
		if n == len(toks) {
			return start, fmt.Errorf("more than the %d tab-separated fields the header names", len(toks))
		}
		if len(f) == 0 {
			return start, fmt.Errorf("empty field %d", n+1)
		}
		toks[n], cols[n] = f, col
		n++
		if end == len(line) {
			return n, nil
		}
		start = end + 1
	}
}

// Column names of the source node, the target node and the weight in a
// header, compared ignoring case. Names that say nothing about direction
// (user_id, movie_id: two kinds of node whose IDs may collide) are not
// among them: such a table is not read as a graph.
var (
	sourceColumnNames = []string{"source", "src", "from", "head", "subject", "u", "node1", "source_id", "source_node", "start"}
	targetColumnNames = []string{"target", "dst", "to", "tail", "object", "v", "node2", "target_id", "target_node", "end"}
	weightColumnNames = []string{"weight", "w", "capacity", "cost"}
)

// headerColumns reads a first line of three or more column names of which
// one names the source and another the target ("head relation tail",
// "source relation target n_paths"); it returns nil for anything else,
// which the positional rules decide.
func headerColumns(toks [][]byte) *headerCols {
	if len(toks) < 3 {
		return nil
	}
	c := &headerCols{src: -1, dst: -1, weight: -1, n: len(toks)}
	named := func(tok []byte, names []string) bool {
		for _, n := range names {
			if bytes.EqualFold(tok, []byte(n)) {
				return true
			}
		}
		return false
	}
	for i, t := range toks {
		if !wordLike(t) {
			return nil
		}
		switch {
		case c.src < 0 && named(t, sourceColumnNames):
			c.src = i
		case c.dst < 0 && named(t, targetColumnNames):
			c.dst = i
		case c.weight < 0 && named(t, weightColumnNames):
			c.weight = i
		}
	}
	if c.src < 0 || c.dst < 0 {
		return nil
	}
	return c
}

// positional reports whether the columns are "u v [weight]" in that
// order, which lines are read as without a header.
func (c *headerCols) positional() bool {
	return c.src == 0 && c.dst == 1 && c.n <= 3 && (c.weight == 2 || c.weight < 0 && c.n == 2)
}

// maxFields is how many fields a line may have: the header's columns, up
// to maxHeaderColumns on a line that may be the header, else 3.
func maxFields(c *headerCols, mayBeHeader bool) int {
	switch {
	case c != nil:
		return c.n
	case mayBeHeader:
		return maxHeaderColumns
	}
	return 3
}

// wordLike reports whether a field could be a column name: letters, '_',
// '-' and '.' only.
func wordLike(p []byte) bool {
	for _, c := range p {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return len(p) > 0
}

func isNumeric(p []byte) bool {
	_, ok := parseNumber(p)
	return ok
}

// addEdgeLine adds the node or edge of one edge-list line.
func addEdgeLine(s *edgeSink, toks [][]byte, cols []int, attrs map[string]any) error {
	if s.raw {
		// At the edge limit the builder takes over (edgeSink.add), and
		// it needs node indices.
		if len(toks) >= 2 && attrs == nil && (s.limit == 0 || len(s.src) < s.limit) {
			if u, ok := s.rawID(toks[0]); ok {
				if v, ok := s.rawID(toks[1]); ok {
					var w float64
					if len(toks) == 3 {
						if w, ok = parseNumber(toks[2]); !ok {
							return &SyntaxError{Col: cols[2], Msg: fmt.Sprintf("weight %q is not a number", toks[2])}
						}
					}
					return s.add(u, v, w, len(toks) == 3)
				}
			}
		}
		if err := s.leaveRaw(); err != nil {
			return err
		}
	}
	if s.bulk && len(toks) >= 2 && attrs == nil && (s.limit == 0 || len(s.src)+s.batch.lines() < s.limit) {
		var w float64
		ok := true
		if len(toks) == 3 {
			w, ok = parseNumber(toks[2])
		}
		if ok {
			// Held back and interned with the next lines (edgeSink.batch).
			if s.batch.add(toks[0], toks[1], cols[0], cols[1], s.line, w, len(toks) == 3) {
				return s.flush()
			}
			return nil
		}
	}
	// Lines held back come first.
	if err := s.flush(); err != nil {
		return err
	}
	u, err := s.b.addNodeBytes(toks[0])
	if err != nil || len(toks) == 1 {
		return withCol(err, cols[0])
	}
	v, err := s.b.addNodeBytes(toks[1])
	if err != nil {
		return withCol(err, cols[1])
	}
	var w float64
	if len(toks) == 3 {
		var ok bool
		if w, ok = parseNumber(toks[2]); !ok {
			return &SyntaxError{Col: cols[2], Msg: fmt.Sprintf("weight %q is not a number", toks[2])}
		}
	}
	if attrs != nil {
		if err := s.toBuilder(); err != nil {
			return err
		}
		e, err := s.b.AddEdgeIdx(u, v)
		if err != nil {
			return err
		}
		for k, val := range sortedAttrs(attrs) {
			s.b.SetEdgeAttr(e, k, val)
		}
		return nil
	}
	return s.add(u, v, w, len(toks) == 3)
}

// withCol sets the column of a *SyntaxError that has none.
func withCol(err error, col int) error {
	var se *SyntaxError
	if errors.As(err, &se) && se.Col == 0 {
		se.Col = col
	}
	return err
}

// parseDictField parses the Python dict that ends an edge-list line, as
// written by nx.write_edgelist. "weight" and "capacity" must be numbers.
func parseDictField(src string, lineNo, col0 int, field []byte) (map[string]any, error) {
	text := strings.TrimRight(string(field), " \t\r\n\v\f")
	p := pyParser{s: text, src: src}
	fail := func(err error) error {
		if se, ok := err.(*SyntaxError); ok {
			se.Line, se.Col = lineNo, col0+se.Col
		}
		return err
	}
	v, err := p.value()
	if err != nil {
		return nil, fail(err)
	}
	attrs, ok := v.(map[string]any)
	if !ok {
		return nil, fail(p.fail("expected an attribute dict"))
	}
	p.skipSpace()
	if p.pos < len(text) && text[p.pos] != '#' && text[p.pos] != '%' {
		return nil, fail(p.fail("unexpected %s after the attribute dict", p.describe()))
	}
	for _, k := range [...]string{"weight", "capacity"} {
		if x, has := attrs[k]; has {
			if _, num := toFloat(x); !num || isStringValue(x) {
				p.pos = 0
				return nil, fail(p.fail("edge attribute %q must be a number, found %s", k, pyRepr(x)))
			}
		}
	}
	return attrs, nil
}

// edgeSink receives the edges of an edge list: through the builder one by
// one, or (bulk) into raw arrays de-duplicated by finish.
type edgeSink struct {
	b        *Builder
	bulk     bool
	limit    int // edge limit (0: none); bulk mode ends after this many lines
	src, dst []int32
	// The weights: nil until a weight is seen; NaN where a line has none.
	// They are kept as float32 (w32) while every weight is a float32
	// exactly, else as float64 (w); one of the two is nil.
	w   []float64
	w32 []float32

	// raw: while every node ID of the lines read so far is a canonical
	// decimal integer (canonicalInt) below a bound, src/dst hold the IDs'
	// values instead of node indices, and seen marks the values met, which
	// counts the nodes for the node limit. leaveRaw turns the values into
	// indices in one pass in file order, so nodes get the indices a lookup
	// per line gives. The pass's lookups are independent of each other and
	// overlap their cache misses; at 10^6 nodes the dense index no longer
	// fits in cache and a lookup per line, waiting for each miss, took a
	// third of reading 10^7 edges.
	raw      bool
	seen     []uint64
	rawNodes int

	// batch holds bulk lines whose node IDs are not all interned yet;
	// line is the line being added (for errors of held-back lines).
	batch internBatch
	line  int
}

// internBatchLines is how many lines an edgeSink holds back to intern their
// node IDs together.
const internBatchLines = 512

// internBatch is a run of edge-list lines whose node IDs are looked up
// together (nodeIndex.getBatch): one lookup per line in a hash table larger
// than the cache waits for up to three cache misses in a row (the slot,
// the ID's string header, its bytes), where the lookups of many lines
// overlap theirs. At 10^7 edges over 1.25 million string IDs, interning
// took three quarters of the read.
type internBatch struct {
	bytes   []byte  // the IDs' bytes, two a line
	ends    []int32 // the end of each ID in bytes
	cols    []int32 // each ID's column
	lineNo  []int32
	w       []float64
	hasW    []bool
	toks    [][]byte
	found   []int32
	scratch batchScratch
}

func (c *internBatch) lines() int { return len(c.lineNo) }

// add holds back a line and reports whether the batch is full.
func (c *internBatch) add(u, v []byte, ucol, vcol, line int, w float64, hasW bool) bool {
	c.bytes = append(c.bytes, u...)
	c.ends = append(c.ends, int32(len(c.bytes)))
	c.bytes = append(c.bytes, v...)
	c.ends = append(c.ends, int32(len(c.bytes)))
	c.cols = append(c.cols, int32(ucol), int32(vcol))
	c.lineNo = append(c.lineNo, int32(line))
	c.w = append(c.w, w)
	c.hasW = append(c.hasW, hasW)
	return len(c.lineNo) >= internBatchLines
}

// flush interns the node IDs of the lines held back, in order, and adds
// their edges.
func (s *edgeSink) flush() error {
	c := &s.batch
	if len(c.lineNo) == 0 {
		return nil
	}
	c.toks = c.toks[:0]
	start := int32(0)
	for _, end := range c.ends {
		c.toks = append(c.toks, c.bytes[start:end:end])
		start = end
	}
	c.found = slices.Grow(c.found[:0], len(c.toks))[:len(c.toks)]
	b := s.b
	b.index.getBatch(b.ids, c.toks, c.found, &c.scratch)
	for t, x := range c.found {
		if x >= 0 {
			continue
		}
		// New here, or new at the start of the batch: one by one, in
		// order, so that new nodes get the indices they get line by line.
		x, err := b.addNodeBytes(c.toks[t])
		if err != nil {
			return &lineError{line: int(c.lineNo[t/2]), err: withCol(err, int(c.cols[t]))}
		}
		c.found[t] = x
	}
	for k, line := range c.lineNo {
		if err := s.add(c.found[2*k], c.found[2*k+1], c.w[k], c.hasW[k]); err != nil {
			return &lineError{line: int(line), err: err}
		}
	}
	c.bytes, c.ends, c.cols, c.lineNo, c.w, c.hasW = c.bytes[:0], c.ends[:0], c.cols[:0], c.lineNo[:0], c.w[:0], c.hasW[:0]
	return nil
}

func (s *edgeSink) grow(m int) {
	s.b.index.hint = max(s.b.index.hint, 2*m)
	s.src = make([]int32, 0, m)
	s.dst = make([]int32, 0, m)
}

// rawID returns the value of a node ID in raw mode, or false when the ID
// is not a canonical integer below the bound or would be a node past the
// node limit (the caller then leaves raw mode and the builder decides).
func (s *edgeSink) rawID(id []byte) (int32, bool) {
	v, ok := canonicalInt(id)
	if !ok || v >= 2*max(s.rawNodes, s.b.index.hint)+1024 {
		return 0, false
	}
	w := v >> 6
	if w >= len(s.seen) {
		grown := make([]uint64, max(2*len(s.seen), w+1, 64))
		copy(grown, s.seen)
		s.seen = grown
	}
	bit := uint64(1) << (v & 63)
	if s.seen[w]&bit == 0 {
		if s.b.maxNodes > 0 && s.b.NumNodes()+s.rawNodes >= s.b.maxNodes {
			return 0, false
		}
		s.seen[w] |= bit
		s.rawNodes++
	}
	return int32(v), true
}

// leaveRaw ends raw mode, turning the ID values in src/dst into node
// indices (adding the nodes in the order the lines name them).
func (s *edgeSink) leaveRaw() error {
	if !s.raw {
		return nil
	}
	b := s.b
	// The raw lines name rawNodes nodes below 64*len(seen): size the ID
	// list and the dense index for them once, instead of doubling (which
	// leaves the smaller copies as garbage: 24 MB at 10^6 nodes).
	if want := len(b.ids) + s.rawNodes; cap(b.ids) < want {
		ids := make([]string, len(b.ids), want)
		copy(ids, b.ids)
		b.ids = ids
	}
	if want := 64 * len(s.seen); len(b.index.dense) < want && want <= 2*max(s.rawNodes, b.index.hint)+1024+64 {
		dense := make([]int32, want)
		copy(dense, b.index.dense)
		b.index.dense = dense
	}
	fresh := make([]uint64, 0, s.rawNodes)
	s.raw, s.seen, s.rawNodes = false, nil, 0
	// A value met for the first time is a new node: it is numbered in
	// place, and its ID string written afterwards, for all new nodes in one
	// block. fresh lists them (index<<32 | value), in index order.
	d := b.index.dense
	digits := 0
	number := func(v int32) (int32, error) {
		if int(v) >= len(d) {
			var buf [10]byte
			i, err := b.addNodeBytes(strconv.AppendInt(buf[:0], int64(v), 10))
			d = b.index.dense // it may have grown
			return i, err
		}
		i := int32(len(b.ids))
		b.ids = append(b.ids, "")
		b.index.n++
		d[v] = i + 1
		fresh = append(fresh, uint64(i)<<32|uint64(v))
		digits += decimalDigits(v)
		return i, nil
	}
	var err error
	for k, u := range s.src {
		v := s.dst[k]
		if int(u) < len(d) && d[u] != 0 {
			u = d[u] - 1
		} else if u, err = number(u); err != nil {
			return err
		}
		if int(v) < len(d) && d[v] != 0 {
			v = d[v] - 1
		} else if v, err = number(v); err != nil {
			return err
		}
		s.src[k], s.dst[k] = u, v
	}
	var sb strings.Builder
	sb.Grow(digits)
	var buf [10]byte
	for _, f := range fresh {
		sb.Write(strconv.AppendInt(buf[:0], int64(uint32(f)), 10))
	}
	all, at := sb.String(), 0
	for _, f := range fresh {
		n := decimalDigits(int32(uint32(f)))
		b.ids[f>>32] = all[at : at+n]
		at += n
	}
	return nil
}

// decimalDigits is the number of decimal digits of v >= 0.
func decimalDigits(v int32) int {
	n := 1
	for v >= 10 {
		v /= 10
		n++
	}
	return n
}

func (s *edgeSink) add(u, v int32, w float64, hasW bool) error {
	if s.bulk && s.limit > 0 && len(s.src) >= s.limit {
		// From here on the builder checks the limit at each line.
		if err := s.toBuilder(); err != nil {
			return err
		}
	}
	if !s.bulk {
		e, err := s.b.AddEdgeIdx(u, v)
		if err == nil && hasW {
			s.b.SetWeight(e, w)
		}
		return err
	}
	if len(s.src) >= math.MaxInt32-1 {
		return fmt.Errorf("more than %d edges: %w", math.MaxInt32-1, ErrTooLarge)
	}
	if hasW {
		if s.w == nil && s.w32 == nil {
			s.w32 = make([]float32, len(s.src), cap(s.src))
			nan := float32(math.NaN())
			for k := range s.w32 {
				s.w32[k] = nan
			}
		}
		if s.w32 != nil && float64(float32(w)) != w {
			s.widen()
		}
	}
	if len(s.src) == cap(s.src) {
		// Double: an input of unknown size (a gzip stream) is not
		// presized, and append grows large slices by 1.25x, copying
		// several times the final size.
		s.src = slices.Grow(s.src, max(1024, len(s.src)))
		s.dst = slices.Grow(s.dst, cap(s.src)-len(s.dst))
		if s.w != nil {
			s.w = slices.Grow(s.w, cap(s.src)-len(s.w))
		}
		if s.w32 != nil {
			s.w32 = slices.Grow(s.w32, cap(s.src)-len(s.w32))
		}
	}
	s.src = append(s.src, u)
	s.dst = append(s.dst, v)
	if !hasW {
		w = math.NaN()
	}
	if s.w != nil {
		s.w = append(s.w, w)
	} else if s.w32 != nil {
		s.w32 = append(s.w32, float32(w))
	}
	return nil
}

// widen moves float32 weights to a float64 array (a weight that is not a
// float32 exactly was read).
func (s *edgeSink) widen() {
	if s.w32 == nil {
		return
	}
	s.w = make([]float64, len(s.w32), cap(s.w32))
	for k, x := range s.w32 {
		s.w[k] = float64(x)
	}
	s.w32 = nil
}

// toBuilder leaves bulk mode, passing the raw edges so far to the builder
// (needed once a line carries attributes other than a weight).
// The replay cannot cross the edge limit: bulk mode holds at most limit
// lines.
func (s *edgeSink) toBuilder() error {
	if !s.bulk {
		return nil
	}
	if err := s.flush(); err != nil {
		return err
	}
	if err := s.leaveRaw(); err != nil {
		return err
	}
	s.bulk = false
	s.widen()
	s.b.Grow(0, len(s.src))
	for k := range s.src {
		e, err := s.b.AddEdgeIdx(s.src[k], s.dst[k])
		if err != nil {
			return err
		}
		if s.w != nil && !math.IsNaN(s.w[k]) {
			s.b.SetWeight(e, s.w[k])
		}
	}
	s.src, s.dst, s.w, s.w32 = nil, nil, nil, nil
	return nil
}

// finish hands bulk edges, de-duplicated, to the builder.
func (s *edgeSink) finish() error {
	if err := s.flush(); err != nil {
		return err
	}
	if err := s.leaveRaw(); err != nil {
		return err
	}
	if s.bulk {
		if s.w32 != nil {
			s.b.setEdges32(dedupEdges(s.b.NumNodes(), s.src, s.dst, s.w32, s.b.directed))
		} else {
			s.b.setEdges(dedupEdges(s.b.NumNodes(), s.src, s.dst, s.w, s.b.directed))
		}
	}
	return nil
}

func isFieldSep(c byte) bool {
	return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// parseNumber parses a decimal number; NaN is refused. Small integers take a
// fast path without strconv.
func parseNumber(p []byte) (float64, bool) {
	if len(p) > 0 && len(p) <= 15 {
		neg := false
		q := p
		if q[0] == '-' || q[0] == '+' {
			neg = q[0] == '-'
			q = q[1:]
		}
		if len(q) > 0 {
			var x int64
			for _, c := range q {
				if c < '0' || c > '9' {
					x = -1
					break
				}
				x = x*10 + int64(c-'0')
			}
			if x >= 0 {
				if neg {
					return -float64(x), true
				}
				return float64(x), true
			}
		}
	}
	f, err := strconv.ParseFloat(string(p), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// isHeader reports whether the first data line is a header to skip: three
// fields whose third is not a number (nor both others), or two known column
// names.
func isHeader(toks [][]byte) bool {
	switch len(toks) {
	case 3:
		return !isNumeric(toks[2]) && !(isNumeric(toks[0]) && isNumeric(toks[1]))
	case 2:
		// Column names of the first two fields of a header line.
		headerPairs := [...][2]string{
			{"source", "target"}, {"src", "dst"}, {"from", "to"}, {"node1", "node2"},
			{"head", "tail"}, {"source_id", "target_id"},
		}
		for _, p := range headerPairs {
			if bytes.EqualFold(toks[0], []byte(p[0])) && bytes.EqualFold(toks[1], []byte(p[1])) {
				return true
			}
		}
	}
	return false
}

// sizeHinter is implemented by readers that know, or can estimate, how many
// bytes remain.
type sizeHinter interface {
	// sizeHint returns the number of bytes left (0 when unknown) and
	// whether that number is exact; an estimate only presizes arrays.
	sizeHint() (n int64, exact bool)
}

// sizeHint returns the number of bytes r will yield, or 0 when unknown,
// and whether the number is exact.
func sizeHint(r io.Reader) (int64, bool) {
	switch x := r.(type) {
	case sizeHinter:
		return x.sizeHint()
	case interface{ Len() int }:
		return int64(x.Len()), true
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := x.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size(), true
		}
	}
	return 0, false
}
