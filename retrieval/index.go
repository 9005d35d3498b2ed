// Package retrieval holds graphagent's vector indexes: an HNSW index
// (github.com/coder/hnsw) whose candidates are re-ranked by exact cosine
// similarity, with exact brute force for small indexes, and the tool index
// that finds the catalogue's tools for a question.
package retrieval

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand"
	"slices"
	"sync"

	"github.com/coder/hnsw"

	"github.com/graphagent/graphagent/encoders"
)

// ErrBadK means a search asked for zero or fewer results.
var ErrBadK = errors.New("k must be positive")

// Item is one vector to index under an ID.
type Item struct {
	// ID names the vector; adding an ID again replaces its vector.
	ID string
	// Vector is copied and scaled to unit length by Add.
	Vector []float32
}

// Hit is one search result: an ID and its cosine similarity to the query.
type Hit struct {
	// ID is the item's ID.
	ID string `json:"id"`
	// Score is the cosine similarity to the query, in [-1, 1].
	Score float32 `json:"score"`
}

// Mode chooses how an Index answers searches.
type Mode int

// Search modes.
const (
	// Auto uses exact brute force below Options.ExactBelow vectors; from
	// there on it uses the HNSW graph if calibration finds that the graph
	// reaches the target recall with fewer operations than a scan, and
	// brute force otherwise (as on high-dimensional isotropic data).
	Auto Mode = iota
	// Exact always scans every vector.
	Exact
	// Approximate always uses the HNSW graph (with exact re-ranking), with
	// the beam width calibration found for the target recall.
	Approximate
)

// Options tunes an Index. Zero fields take the defaults.
type Options struct {
	// Mode chooses exact, approximate or automatic search (default Auto).
	Mode Mode
	// ExactBelow is the size under which Auto scans every vector (default 512).
	ExactBelow int
	// M is the number of neighbours per HNSW node (default 32).
	M int
	// EfSearch is the smallest HNSW candidate list size (default 64); a
	// search uses at least its over-fetch count and the calibrated width.
	EfSearch int
	// Recall is the recall@10 against brute force that graph searches are
	// calibrated for (default 0.99), in (0, 1].
	Recall float64
	// Seed makes the HNSW level assignment reproducible (default 1).
	Seed int64
}

func (o Options) withDefaults() Options {
	if o.ExactBelow <= 0 {
		o.ExactBelow = 512
	}
	if o.M <= 0 {
		o.M = 32
	}
	if o.EfSearch <= 0 {
		o.EfSearch = 64
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	if !(o.Recall > 0 && o.Recall <= 1) {
		o.Recall = 0.99
	}
	return o
}

// Index is a cosine-similarity index over unit vectors. Searches return the
// top k by exact cosine, sorted by score then ID. coder/hnsw builds the
// graph; its own search is unsorted and stops early (poor recall), so the
// index walks a snapshot of the graph's layers with a standard beam search,
// over-fetches max(4k, 64, EfSearch, calibrated width) candidates and
// re-ranks them exactly. When the graph is built, held-out sample queries
// calibrate the beam width to the target recall and decide whether the
// graph is cheaper than a scan (see calibrate).
// Replacing a vector rebuilds the graph instead of calling hnsw's Delete,
// which can panic. An Index is safe for concurrent use.
type Index struct {
	opts Options

	mu    sync.RWMutex
	dim   int
	ids   []string
	vecs  [][]float32
	pos   map[string]int32
	graph *hnsw.Graph[int32] // nil until an approximate search needs it
	stale bool               // graph no longer matches vecs
	snap  *Graph             // calibrated snapshot of graph; nil when out of date
}

// NewIndex returns an empty index.
func NewIndex(opts Options) *Index {
	return &Index{opts: opts.withDefaults(), pos: map[string]int32{}}
}

// Len is the number of vectors.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.ids)
}

// Dim is the vector dimension, 0 while empty.
func (x *Index) Dim() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.dim
}

// Add indexes items; an item whose ID is already present replaces it. The
// vectors are copied and scaled to unit length. All vectors must have the
// same dimension, and none may be zero or hold a NaN or an infinity; on an
// error nothing is added.
func (x *Index) Add(items ...Item) error {
	if len(items) == 0 {
		return nil
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	dim := x.dim
	if dim == 0 {
		dim = len(items[0].Vector)
	}
	copies := make([][]float32, len(items))
	backing := make([]float32, len(items)*dim)
	for i, it := range items {
		if it.ID == "" {
			return fmt.Errorf("item %d: empty ID: %w", i, encoders.ErrBadVector)
		}
		if len(it.Vector) != dim || dim == 0 {
			return fmt.Errorf("item %q: dimension %d, index has %d: %w", it.ID, len(it.Vector), dim, encoders.ErrBadVector)
		}
		v := backing[i*dim : (i+1)*dim : (i+1)*dim]
		copy(v, it.Vector)
		if !encoders.Normalize(v) {
			return fmt.Errorf("item %q: NaN or infinite component: %w", it.ID, encoders.ErrBadVector)
		}
		if isZero(v) {
			return fmt.Errorf("item %q: zero vector: %w", it.ID, encoders.ErrBadVector)
		}
		copies[i] = v
	}
	x.insert(dim, items, copies)
	return nil
}

// addUnit is Add for vectors the caller has already checked and scaled to
// unit length (finite, non-zero, all of one dimension); the index keeps
// them without copying, so the caller must not modify them afterwards.
func (x *Index) addUnit(items []Item) {
	if len(items) == 0 {
		return
	}
	vecs := make([][]float32, len(items))
	for i, it := range items {
		vecs[i] = it.Vector
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.insert(len(vecs[0]), items, vecs)
}

// insert indexes vecs under the items' IDs; x.mu is held.
func (x *Index) insert(dim int, items []Item, copies [][]float32) {
	x.dim = dim
	for i, it := range items {
		if p, ok := x.pos[it.ID]; ok {
			x.vecs[p] = copies[i]
			x.stale = true
			continue
		}
		p := int32(len(x.ids))
		x.pos[it.ID] = p
		x.ids = append(x.ids, it.ID)
		x.vecs = append(x.vecs, copies[i])
		if x.graph != nil && !x.stale {
			x.graph.Add(hnsw.MakeNode(p, copies[i]))
		}
		x.snap = nil
	}
}

func isZero(v []float32) bool {
	for _, f := range v {
		if f != 0 {
			return false
		}
	}
	return true
}

// Search returns the k vectors most similar to vec by cosine, best first,
// ties by ID; fewer when the index is smaller. A zero query is similar to
// nothing and gets no hits.
func (x *Index) Search(ctx context.Context, vec []float32, k int) ([]Hit, error) {
	return x.search(ctx, vec, k, x.opts.Mode)
}

// SearchExact is Search by brute force over every vector, whatever the mode.
func (x *Index) SearchExact(ctx context.Context, vec []float32, k int) ([]Hit, error) {
	return x.search(ctx, vec, k, Exact)
}

func (x *Index) search(ctx context.Context, vec []float32, k int, mode Mode) ([]Hit, error) {
	if k <= 0 {
		return nil, fmt.Errorf("search for %d results: %w", k, ErrBadK)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	q := append([]float32(nil), vec...)
	if !encoders.Normalize(q) {
		return nil, fmt.Errorf("query: NaN or infinite component: %w", encoders.ErrBadVector)
	}
	if isZero(q) {
		return nil, nil
	}
	x.mu.RLock()
	n := len(x.ids)
	if n == 0 {
		x.mu.RUnlock()
		return nil, nil
	}
	if len(q) != x.dim {
		x.mu.RUnlock()
		return nil, fmt.Errorf("query dimension %d, index has %d: %w", len(q), x.dim, encoders.ErrBadVector)
	}
	useGraph := mode == Approximate || mode == Auto && n >= x.opts.ExactBelow
	if useGraph && x.snap == nil {
		// Build under the write lock, then search under a read lock again.
		x.mu.RUnlock()
		x.mu.Lock()
		x.prepareGraph()
		x.mu.Unlock()
		x.mu.RLock()
	}
	defer x.mu.RUnlock()
	if !useGraph || x.snap == nil || len(x.ids) != x.snap.Len() ||
		mode == Auto && !x.snap.BeatsScan() {
		return x.bruteForce(ctx, q, k)
	}
	return x.approximate(q, k), nil
}

// prepareGraph brings the HNSW graph and its snapshot up to date. The
// caller holds the write lock. If the snapshot cannot be read, searches fall
// back to brute force, which is exact.
func (x *Index) prepareGraph() {
	if x.graph == nil || x.stale {
		x.rebuild()
	}
	if x.snap != nil {
		return
	}
	g, err := calibrated(x.graph, x.vecs, x.opts)
	if err != nil {
		slog.Warn("retrieval: HNSW snapshot failed; searching by brute force", "err", err)
		return
	}
	x.snap = g
}

// rebuild makes the HNSW graph from every vector. The caller holds the
// write lock.
func (x *Index) rebuild() {
	x.graph, x.stale, x.snap = newHNSW(x.vecs, x.opts), false, nil
}

// newHNSW builds a coder/hnsw graph over vecs, keyed by position.
func newHNSW(vecs [][]float32, opts Options) *hnsw.Graph[int32] {
	g := hnsw.NewGraph[int32]()
	g.M = opts.M
	g.EfSearch = opts.EfSearch
	g.Distance = hnsw.CosineDistance // registered, so the graph can be exported
	g.Rng = rand.New(rand.NewSource(opts.Seed))
	nodes := make([]hnsw.Node[int32], len(vecs))
	for i, v := range vecs {
		nodes[i] = hnsw.MakeNode(int32(i), v)
	}
	g.Add(nodes...)
	return g
}

func (x *Index) bruteForce(ctx context.Context, q []float32, k int) ([]Hit, error) {
	hits := make([]Hit, 0, min(k, len(x.ids))+1)
	for i, v := range x.vecs {
		if i%4096 == 4095 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		h := Hit{ID: x.ids[i], Score: encoders.Dot(q, v)}
		if len(hits) == k && !better(h, hits[k-1]) {
			continue
		}
		// Insert in order; k is small, so this beats a heap in practice and
		// keeps the result sorted.
		j, _ := slices.BinarySearchFunc(hits, h, compareHits)
		if len(hits) < k {
			hits = slices.Insert(hits, j, h)
		} else {
			copy(hits[j+1:], hits[j:k-1])
			hits[j] = h
		}
	}
	return hits, nil
}

// approximate over-fetches from the HNSW graph and re-ranks exactly.
func (x *Index) approximate(q []float32, k int) []Hit {
	found := x.snap.Candidates(q, x.vecs, k)
	cand := make([]Hit, len(found))
	for i, c := range found {
		cand[i] = Hit{ID: x.ids[c], Score: encoders.Dot(q, x.vecs[c])}
	}
	slices.SortFunc(cand, compareHits)
	if len(cand) > k {
		cand = cand[:k]
	}
	return cand
}

// compareHits orders by score descending, then ID ascending.
func compareHits(a, b Hit) int {
	if a.Score != b.Score {
		if a.Score > b.Score {
			return -1
		}
		return 1
	}
	return cmp.Compare(a.ID, b.ID)
}

func better(a, b Hit) bool { return compareHits(a, b) < 0 }
