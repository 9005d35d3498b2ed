package graph

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"sync"
)

// parallelReadMin is the file size from which an edge list is parsed in
// parallel chunks: below it one goroutine reads at disk speed anyway, and
// the per-chunk node tables would cost more than they save.
const parallelReadMin = 64 << 20

// parallelReadCPUs is the fewest CPUs (GOMAXPROCS) with which ReadEdgeList
// reads in parallel chunks. The first chunk's arrays are sized for the whole
// file and the others' for their part, so k chunks hold (2k-1)/k times the
// raw edges a sequential read holds. On 2 CPUs, at 10^7 edges (167 MB),
// two chunks took 1.3x less wall time but 15% more CPU time and 125 MiB
// more peak memory (508 against 383 MiB, the whole process); the memory
// goal of about 32 bytes per edge wins there.
const parallelReadCPUs = 4

// chunkPlan configures a parallel read. The zero value uses one chunk per
// available CPU (GOMAXPROCS).
type chunkPlan struct {
	chunks int // number of chunks; 0 means GOMAXPROCS
}

// readerAtOf returns the unread rest of r as an io.ReaderAt with its size,
// when r is a regular *os.File.
func readerAtOf(r io.Reader) (io.ReaderAt, int64, bool) {
	f, ok := r.(*os.File)
	if !ok {
		return nil, 0, false
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, 0, false
	}
	off, err := f.Seek(0, io.SeekCurrent)
	if err != nil || off > fi.Size() {
		return nil, 0, false
	}
	// Leave the file where a sequential read would: at its end.
	return &consumingSection{SectionReader: io.NewSectionReader(f, off, fi.Size()-off), f: f}, fi.Size() - off, true
}

// consumingSection is a section of a file that moves the file's offset to
// the section's end once the read is done (see done).
type consumingSection struct {
	*io.SectionReader
	f *os.File
}

func (c *consumingSection) done() { c.f.Seek(0, io.SeekEnd) }

// chunkResult is what one chunk's parse produced.
type chunkResult struct {
	b   *Builder // the chunk's own nodes, in first-appearance order
	p   *edgeListParser
	err error
}

// readEdgeListAt is ReadEdgeList over size bytes of ra, parsed in parallel
// chunks split at line boundaries when plan gives more than one. Each chunk
// interns its own node IDs and collects raw edges; the chunks are then
// merged in file order (a chunk's new nodes in the order they first appear
// in it), so node indices, edge order and duplicate handling are exactly
// those of a sequential read. Whenever the chunks cannot decide alone —
// a malformed line (its error must name the line in the whole file), a
// line with an attribute dict, a first chunk without data or with a
// header question open at its end, a size limit crossed — the file is read
// again sequentially, which gives the one answer a sequential read gives.
func readEdgeListAt(ctx context.Context, ra io.ReaderAt, size int64, opt ReadOptions, plan chunkPlan) (*Graph, error) {
	if c, ok := ra.(interface{ done() }); ok {
		defer c.done()
	}
	k := plan.chunks
	if k == 0 {
		k = runtime.GOMAXPROCS(0)
	}
	var bounds []int64
	if k > 1 {
		var err error
		if bounds, err = chunkBounds(ra, size, k); err != nil {
			return nil, fmt.Errorf("read %s: %w", opt.source("edge list"), err)
		}
	}
	if len(bounds) < 3 { // one chunk
		return readEdgeListSeq(&ctxReader{ctx: ctx, r: io.NewSectionReader(ra, 0, size), left: size, exact: true}, opt)
	}
	results := make([]chunkResult, len(bounds)-1)
	var wg sync.WaitGroup
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = parseChunk(ctx, ra, bounds[i], bounds[i+1], size, opt)
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if g, ok := mergeChunks(results, opt); ok {
		return g, nil
	}
	return readEdgeListSeq(&ctxReader{ctx: ctx, r: io.NewSectionReader(ra, 0, size), left: size, exact: true}, opt)
}

// chunkBounds splits size bytes of ra into at most k chunks that start at
// line starts: bounds[i] is where chunk i starts, the last entry is size.
func chunkBounds(ra io.ReaderAt, size int64, k int) ([]int64, error) {
	bounds := []int64{0}
	buf := make([]byte, 64<<10)
	for i := 1; i < k; i++ {
		pos := size * int64(i) / int64(k)
		if pos <= bounds[len(bounds)-1] {
			continue
		}
		// The chunk starts after the first '\n' at or after pos-1.
		at := pos - 1
		for {
			n, err := ra.ReadAt(buf, at)
			if j := bytes.IndexByte(buf[:n], '\n'); j >= 0 {
				at += int64(j) + 1
				break
			}
			at += int64(n)
			if err == io.EOF || at >= size {
				at = size
				break
			}
			if err != nil {
				return nil, err
			}
		}
		if at < size && at > bounds[len(bounds)-1] {
			bounds = append(bounds, at)
		}
	}
	return append(bounds, size), nil
}

// parseChunk parses the lines in [start, end) of ra into a builder of its
// own, without limits (they are checked on the merged graph). The first
// chunk's arrays are sized for the whole file (size bytes): the other
// chunks are appended to them.
func parseChunk(ctx context.Context, ra io.ReaderAt, start, end, size int64, opt ReadOptions) chunkResult {
	b := NewBuilder(opt.Directed)
	p := &edgeListParser{src: opt.source("edge list"), sink: &edgeSink{b: b, bulk: true, raw: true}, headers: start == 0}
	br := bufio.NewReaderSize(&ctxReader{ctx: ctx, r: io.NewSectionReader(ra, start, end-start)}, maxEdgeListLine)
	if start == 0 {
		p.presize(br, size, 0)
	} else {
		p.presize(br, end-start, 0)
	}
	err := p.parse(br, maxEdgeListLine)
	if err == nil {
		err = p.sink.leaveRaw()
	}
	return chunkResult{b: b, p: p, err: err}
}

// mergeChunks joins the chunks' nodes and raw edges in file order into one
// graph; ok is false when a sequential read must decide (see
// readEdgeListAt). The first chunk's builder becomes the graph's: its nodes
// already have their final indices, and the other chunks' new nodes follow
// in the order they first appear.
func mergeChunks(results []chunkResult, opt ReadOptions) (*Graph, bool) {
	total := 0
	weighted, wide := false, false
	for i, r := range results {
		if r.err != nil || r.p.attrsSeen {
			return nil, false
		}
		// The first chunk decides whether there is a header, and a header
		// that names the columns changes how every line reads.
		if i == 0 && (!r.p.dataSeen || r.p.pendingLine > 0 || r.p.columns != nil) {
			return nil, false
		}
		total += len(r.p.sink.src)
		weighted = weighted || r.p.sink.w != nil || r.p.sink.w32 != nil
		wide = wide || r.p.sink.w != nil
	}
	if wide {
		for _, r := range results {
			r.p.sink.widen()
		}
	}
	if total >= math.MaxInt32-1 {
		return nil, false
	}
	b, first := results[0].b, results[0].p.sink
	src := slices.Grow(first.src, total-len(first.src))
	dst := slices.Grow(first.dst, total-len(first.dst))
	w, w32 := first.w, first.w32
	if weighted && wide {
		w = startWeights(w, len(src), total)
	} else if weighted {
		w32 = startWeights(w32, len(src), total)
	}
	for i := 1; i < len(results); i++ {
		r := &results[i]
		global := make([]int32, len(r.b.ids))
		for j, id := range r.b.ids {
			x, err := b.AddNode(id)
			if err != nil {
				return nil, false
			}
			global[j] = x
		}
		s := r.p.sink
		for _, u := range s.src {
			src = append(src, global[u])
		}
		for _, v := range s.dst {
			dst = append(dst, global[v])
		}
		if weighted && wide {
			w = appendWeights(w, s.w, len(s.src))
		} else if weighted {
			w32 = appendWeights(w32, s.w32, len(s.src))
		}
		*r = chunkResult{} // let the chunk's arrays go
	}
	if opt.Limits.MaxNodes > 0 && b.NumNodes() > opt.Limits.MaxNodes {
		return nil, false
	}
	if w32 != nil {
		b.setEdges32(dedupEdges(b.NumNodes(), src, dst, w32, opt.Directed))
	} else {
		b.setEdges(dedupEdges(b.NumNodes(), src, dst, w, opt.Directed))
	}
	if opt.Limits.MaxEdges > 0 && b.NumEdges() > opt.Limits.MaxEdges {
		return nil, false
	}
	g := b.Build()
	g.SetName(opt.Name)
	return g, true
}

// startWeights returns the first chunk's weights w (NaN for its n lines
// when it has none) with room for total.
func startWeights[W float32 | float64](w []W, n, total int) []W {
	if w == nil {
		w = make([]W, n, total)
		nan := W(math.NaN())
		for k := range w {
			w[k] = nan
		}
	}
	return slices.Grow(w, total-len(w))
}

// appendWeights appends a chunk's weights part to w, NaN for its n lines
// when it has none.
func appendWeights[W float32 | float64](w, part []W, n int) []W {
	if part != nil {
		return append(w, part...)
	}
	nan := W(math.NaN())
	for range n {
		w = append(w, nan)
	}
	return w
}
