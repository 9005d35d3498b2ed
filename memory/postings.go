package memory

import (
	"context"
	"math"
	"sync"
	"sync/atomic"

	"github.com/graphagent/graphagent/encoders"
)

// An unfiltered search of a large table reads every row of the slab: at
// 100,000 rows of 256 float32s that is 100 MB, which takes the memory bus
// about 6 ms however the dot products are computed. The builtin encoder's
// vectors are sparse (about a third of their components are non-zero, a
// query's fewer), so an inverted index of the slab, per dimension the rows
// that have it, reads only the rows sharing a dimension with the query:
// postings hold each component quantised to 16 bits, the approximate
// scores they give are within a bound E of the exact ones, and every row
// within 2E of the k-th best approximate score is re-ranked with the same
// encoders.Dot as the scan. The true top k are always among those rows
// (the k-th best exact score is at least T-E, where T is the k-th best
// approximate score, and a row's approximate score is at most E below its
// exact one), so the hits are exactly the scan's, scores and order alike.

const (
	// defaultPostingsMin is the table size from which unfiltered searches
	// may use the inverted index: below it the slab (32 MB at 256 dimensions) stays
	// in the caches and a scan is as fast (at 10,000 rows the index took
	// 1.2 times the scan's p50).
	defaultPostingsMin = 32768
	// postingsAfter is the number of unfiltered searches of a table before
	// its inverted index is built (building costs a few scans, so a process
	// that searches once only scans).
	postingsAfter = 2
	// postingsScale quantises a unit vector's components (|x| <= 1).
	postingsScale = math.MaxInt16
	// postingsDense is the share of non-zero components above which the
	// index is not built: the scan reads less (dense embeddings).
	postingsDense = 0.5
)

// postings is a table's inverted index. The table's rows may not change
// while a search holds the store's read lock, but several searches may run
// at once: mu guards bringing the index up to date (under the write lock)
// against searches reading it (under the read lock).
type postings struct {
	mu       sync.RWMutex
	searches atomic.Int64 // unfiltered searches since the index was last dropped
	serving  atomic.Bool  // built and sparse enough to answer searches
	rows     [][]int32    // per dimension, the rows with a non-zero component, ascending
	vals     [][]int16    // and the components, times postingsScale, rounded
	n        int          // rows [0, n) are indexed
	gen      uint64       // the table's gen when they were
	nnz      int          // entries in all lists
	built    bool
	dense    bool // too many non-zero components for the index to pay
}

// postingsCurrent reports whether the index covers the table as it is.
// The caller holds t.post.mu.
func (t *table[R]) postingsCurrent() bool {
	p := &t.post
	return p.built && p.gen == t.gen && p.n == t.len()
}

// usePostings brings t's inverted index up to date for an unfiltered
// search and reports whether the search should use it; when it returns
// true the caller holds t.post.mu's read lock and must release it. The
// index is built on the postingsAfter-th search of a large table and
// dropped when a row changes (appended rows are added to it); tables of
// fewer than minRows rows (or minRows 0) are scanned. The caller holds the
// store's read lock.
func (t *table[R]) usePostings(minRows int) bool {
	p := &t.post
	if minRows <= 0 || t.len() < minRows {
		return false
	}
	n := p.searches.Add(1)
	p.mu.RLock()
	if t.postingsCurrent() {
		if p.dense {
			p.mu.RUnlock()
			return false
		}
		return true
	}
	p.mu.RUnlock()
	p.mu.Lock()
	if p.built && p.gen != t.gen {
		// A row changed: drop the index; scans until it is rebuilt.
		p.rows, p.vals, p.built = nil, nil, false
		p.serving.Store(false)
		p.searches.Store(1)
		n = 1
	}
	if n <= postingsAfter {
		p.mu.Unlock()
		return false
	}
	if !p.built {
		p.rows, p.vals, p.n, p.nnz, p.gen, p.built = make([][]int32, t.dim), make([][]int16, t.dim), 0, 0, t.gen, true
	}
	for i := p.n; i < t.len(); i++ {
		for d, x := range t.vec(int32(i)) {
			if x != 0 {
				p.rows[d] = append(p.rows[d], int32(i))
				p.vals[d] = append(p.vals[d], int16(math.Round(float64(x)*postingsScale)))
				p.nnz++
			}
		}
	}
	p.n = t.len()
	p.dense = float64(p.nnz) > postingsDense*float64(p.n)*float64(t.dim)
	p.serving.Store(!p.dense)
	p.mu.Unlock()
	if p.dense {
		return false
	}
	p.mu.RLock()
	return true
}

// scorePool holds the per-row score arrays of inverted searches.
var scorePool = sync.Pool{New: func() any { return new([]float32) }}

// searchPostings is an unfiltered search through the inverted index: the
// k best rows for the unit query q, exactly as a scan finds them. It
// reports false (and scans nothing) when the index would not save work:
// the query's dimensions cover most entries, or too many rows fall within
// the error bound of the k-th score. The caller holds the store's read
// lock and t.post.mu's read lock.
func (t *table[R]) searchPostings(ctx context.Context, q []float32, top *topK) (bool, error) {
	p := &t.post
	work, bound := 0, 0.0
	for d, x := range q {
		if x != 0 {
			work += len(p.rows[d])
			bound += math.Abs(float64(x))
		}
	}
	// A scan reads n*dim floats in a stream; an entry of the index costs
	// about four of them (a scattered add).
	if 4*work > p.n*t.dim {
		return false, nil
	}
	// E: half a quantisation step per component, plus the rounding of
	// float32 sums of up to dim terms (here and in encoders.Dot).
	e := float32(bound*0.5/postingsScale + 4*float64(t.dim)*0x1p-24)

	sp := scorePool.Get().(*[]float32)
	defer scorePool.Put(sp)
	if cap(*sp) < p.n {
		*sp = make([]float32, p.n)
	}
	scores := (*sp)[:p.n]
	clear(scores)
	for d, x := range q {
		if x == 0 {
			continue
		}
		xs := x / postingsScale
		rows := p.rows[d]
		vals := p.vals[d][:len(rows)]
		for j, r := range rows {
			scores[r] += xs * float32(vals[j])
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	// T, the k-th best approximate score: a min-heap of the k best.
	kth := kthLargest(scores, top.k)
	cut := kth - 2*e
	cands := 0
	for _, s := range scores {
		if s >= cut {
			cands++
		}
	}
	if cands > p.n/8 {
		return false, nil // scores too close together: the scan is cheaper
	}
	dim := t.dim
	for i, s := range scores {
		if s >= cut {
			top.offer(scored{int32(i), encoders.Dot(q, t.vecs[i*dim:(i+1)*dim])})
		}
	}
	return true, nil
}

// kthLargest returns the k-th largest of xs (the smallest when k >= len).
func kthLargest(xs []float32, k int) float32 {
	if k >= len(xs) {
		m := float32(math.Inf(1))
		for _, x := range xs {
			m = min(m, x)
		}
		return m
	}
	h := make([]float32, 0, k) // min-heap of the k largest so far
	for _, x := range xs {
		if len(h) < k {
			h = append(h, x)
			for i := len(h) - 1; i > 0; {
				par := (i - 1) / 2
				if h[par] <= h[i] {
					break
				}
				h[par], h[i] = h[i], h[par]
				i = par
			}
			continue
		}
		if x <= h[0] {
			continue
		}
		h[0] = x
		for i := 0; ; {
			l, r, m := 2*i+1, 2*i+2, i
			if l < k && h[l] < h[m] {
				m = l
			}
			if r < k && h[r] < h[m] {
				m = r
			}
			if m == i {
				break
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	return h[0]
}
