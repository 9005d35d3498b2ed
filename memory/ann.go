package memory

import (
	"sync/atomic"
	"time"

	"github.com/graphagent/graphagent/retrieval"
)

const (
	// defaultGraphMin is the collection size from which unfiltered searches
	// use an HNSW graph (once built) instead of scanning every row. Below it
	// a scan is exact and cheap; above 10,000 rows recall@10 may be 0.99.
	defaultGraphMin = 16_384
	// defaultGraphAfter is the number of unfiltered searches of a large
	// collection before its graph is built. Building takes minutes of CPU
	// at 100,000 rows, so a process that asks a few questions only scans,
	// and one that asks many (chat, eval, a server) builds the graph once,
	// in the background, scanning meanwhile.
	defaultGraphAfter = 32
)

// annState is a table's HNSW graph: built in the background over the rows
// that existed then, valid until a row it covers changes (gen), searched
// with exact re-ranking while the rows appended since are scanned.
type annState struct {
	building atomic.Bool
	searches atomic.Int64 // unfiltered searches since the last build
	graph    *retrieval.Graph
	views    [][]float32 // rows [0, graph.Len()) as slices of the slab
	gen      uint64      // the table's gen when the graph was built
}

// graphValid reports whether the graph covers rows that have not changed
// since it was built. The caller holds a lock.
func (t *table[R]) graphValid() bool {
	return t.ann.graph != nil && t.ann.gen == t.gen
}

// wantsGraph reports whether a (new) graph would help: none yet, rows it
// covers have changed, or the table has doubled since.
func (t *table[R]) wantsGraph() bool {
	return !t.graphValid() || t.len() >= 2*t.ann.graph.Len()
}

// viewsOf returns rows [0, n) of the slab as slices.
func viewsOf(vecs []float32, dim, n int) [][]float32 {
	out := make([][]float32, n)
	for i := range out {
		out[i] = vecs[i*dim : (i+1)*dim : (i+1)*dim]
	}
	return out
}

// maybeBuildGraph starts a background graph build of t when t is large
// and has been searched often enough. The caller holds the read lock.
func maybeBuildGraph[R any](s *Store, t *table[R]) {
	if s.graphMin <= 0 || t.len() < s.graphMin || !t.wantsGraph() || t.post.serving.Load() {
		// (An inverted index that serves the table is exact and faster
		// than the graph, which takes minutes to build.)
		return
	}
	if t.ann.searches.Add(1) < int64(s.graphAfter) || !t.ann.building.CompareAndSwap(false, true) {
		return
	}
	go buildGraph(s, t)
}

// buildGraph builds t's graph over its current rows without holding the
// lock while it runs, and installs it unless rows it covers changed
// meanwhile. The caller has set t.ann.building.
func buildGraph[R any](s *Store, t *table[R]) {
	defer t.ann.building.Store(false)
	s.mu.Lock()
	if s.closed || t.len() == 0 {
		s.mu.Unlock()
		return
	}
	n, gen := t.len(), t.gen
	views := viewsOf(t.vecs, t.dim, n)
	t.shared = true // a change to these rows now copies the slab first
	s.mu.Unlock()

	start := time.Now()
	g, err := retrieval.BuildGraph(views, retrieval.Options{})

	s.mu.Lock()
	defer s.mu.Unlock()
	t.shared = false
	t.ann.searches.Store(0)
	if err != nil {
		s.logger.Warn("memory: graph index not built; searches scan", "rows", n, "err", err)
		return
	}
	if s.closed || t.gen != gen {
		s.logger.Debug("memory: graph index dropped: rows changed while it was built", "rows", n)
		return
	}
	t.ann.graph, t.ann.gen = g, gen
	t.ann.views = viewsOf(t.vecs, t.dim, n)
	s.logger.Debug("memory: graph index built", "rows", n, "took", time.Since(start),
		"recall", g.Recall(), "beats_scan", g.BeatsScan())
}
