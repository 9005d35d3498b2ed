package retrieval

import (
	"fmt"
	"log/slog"
	"sync"

	"github.com/coder/hnsw"
)

// Graph is an HNSW graph over vectors its caller keeps: Index's graph
// search (a coder/hnsw build, a snapshot of its layers refined by one round
// of neighbour-of-neighbour search, a beam search whose width is calibrated
// to Options.Recall) for a store that holds its vectors in a layout of its
// own, as long-term memory does. Vectors are named by their position 0..n-1
// in the slice given to BuildGraph; the caller re-ranks candidates exactly.
// A Graph is safe for concurrent searches.
type Graph struct {
	opts   Options
	layers *layered
	plan   plan
	walks  sync.Pool // *walker buffers
}

// BuildGraph builds and calibrates a graph over vecs, which must be unit
// vectors of one dimension and must not change while it runs. It is slow
// (minutes at 100,000 vectors on one core): callers run it in the
// background and scan meanwhile.
func BuildGraph(vecs [][]float32, opts Options) (*Graph, error) {
	opts = opts.withDefaults()
	if len(vecs) == 0 {
		return nil, fmt.Errorf("graph over no vectors: %w", ErrBadK)
	}
	return calibrated(newHNSW(vecs, opts), vecs, opts)
}

// calibrated snapshots g's layers (refined) and calibrates the beam width.
func calibrated(g *hnsw.Graph[int32], vecs [][]float32, opts Options) (*Graph, error) {
	l, err := snapshot(g, vecs, opts.M)
	if err != nil {
		return nil, err
	}
	p := calibrate(l, vecs, opts)
	slog.Debug("retrieval: calibrated HNSW search", "n", len(vecs), "ef", p.ef,
		"recall", p.recall, "dists", p.dists, "graph", p.graph)
	return &Graph{opts: opts, layers: l, plan: p}, nil
}

// Len is the number of vectors the graph was built over.
func (g *Graph) Len() int { return len(g.layers.baseOff) - 1 }

// BeatsScan reports whether calibration found a graph search at the target
// recall cheaper than an exact scan of every vector.
func (g *Graph) BeatsScan() bool { return g.plan.graph }

// Recall is the recall@10 calibration measured on held-out vectors.
func (g *Graph) Recall() float64 { return g.plan.recall }

// Candidates returns the positions of up to max(4k, 64, EfSearch,
// calibrated width) vectors near the unit query q, unsorted; vecs must be
// the vectors the graph was built over (the same values, possibly at new
// addresses).
func (g *Graph) Candidates(q []float32, vecs [][]float32, k int) []int32 {
	ef := max(4*k, 64, g.opts.EfSearch, g.plan.ef)
	w, _ := g.walks.Get().(*walker)
	if w == nil {
		w = &walker{}
	}
	found := g.layers.search(q, vecs, ef, w, -1)
	out := make([]int32, len(found))
	for i, c := range found {
		out[i] = c.key
	}
	g.walks.Put(w)
	return out
}
