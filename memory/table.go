package memory

import (
	"context"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/encoders"
)

// table holds one collection's records in rows: each row's key, its record
// and its unit vector, the vectors in one contiguous slab so that a search
// streams memory through SIMD dot products (encoders.Dot: vek32, AVX2 and FMA
// where the CPU has them). A deleted row is replaced by the last one, so
// rows stay dense. The Store's lock guards a table.
type table[R any] struct {
	dim  int
	vecs []float32 // row i is vecs[i*dim : (i+1)*dim]
	keys []string
	recs []*R
	row  map[string]int32
	// shared is set while a background graph build reads vecs: the next
	// change to an existing row copies the slab first, so the build never
	// sees a row change under it (appends write past what it reads).
	shared bool
	// gen counts changes to existing rows (replacements and deletions),
	// which invalidate a graph built before them; appends do not.
	gen  uint64
	ann  annState
	post postings
}

func newTable[R any]() *table[R] { return &table[R]{row: map[string]int32{}} }

// len is the number of rows.
func (t *table[R]) len() int { return len(t.keys) }

// get returns the record stored under key.
func (t *table[R]) get(key string) (*R, bool) {
	i, ok := t.row[key]
	if !ok {
		return nil, false
	}
	return t.recs[i], true
}

// lookup returns the record stored under key and its vector.
func (t *table[R]) lookup(key string) (*R, []float32, bool) {
	i, ok := t.row[key]
	if !ok {
		return nil, nil, false
	}
	return t.recs[i], t.vec(i), true
}

// reserve makes room for n rows of dimension dim.
func (t *table[R]) reserve(n, dim int) {
	t.keys = make([]string, 0, n)
	t.recs = make([]*R, 0, n)
	t.vecs = make([]float32, 0, n*dim)
}

// vec returns row i's vector (a view into the slab).
func (t *table[R]) vec(i int32) []float32 {
	return t.vecs[int(i)*t.dim : (int(i)+1)*t.dim : (int(i)+1)*t.dim]
}

// put stores rec and its unit vector v under key, replacing the row of an
// existing key, and reports whether it replaced one.
func (t *table[R]) put(key string, rec *R, v []float32) bool {
	if t.dim == 0 {
		t.dim = len(v)
	}
	if i, ok := t.row[key]; ok {
		t.recs[i] = rec
		if !slices.Equal(t.vec(i), v) {
			t.unshare()
			copy(t.vec(i), v)
			t.gen++
		}
		return true
	}
	t.row[key] = int32(len(t.keys))
	t.keys = append(t.keys, key)
	t.recs = append(t.recs, rec)
	old := t.vecs
	t.vecs = append(t.vecs, v...)
	if t.graphValid() && cap(old) != cap(t.vecs) {
		// The slab moved: point the graph's rows at the new one, so the
		// old one can be collected.
		t.ann.views = viewsOf(t.vecs, t.dim, t.ann.graph.Len())
	}
	return false
}

// remove deletes key's row, moving the last row into its place, and reports
// whether key was there.
func (t *table[R]) remove(key string) bool {
	i, ok := t.row[key]
	if !ok {
		return false
	}
	t.unshare()
	last := int32(len(t.keys) - 1)
	if i != last {
		t.keys[i], t.recs[i] = t.keys[last], t.recs[last]
		copy(t.vec(i), t.vec(last))
		t.row[t.keys[i]] = i
	}
	delete(t.row, key)
	t.keys[last], t.recs[last] = "", nil // let the collector have them
	t.keys, t.recs = t.keys[:last], t.recs[:last]
	t.vecs = t.vecs[:int(last)*t.dim]
	t.gen++
	return true
}

// unshare gives the table a slab of its own before an existing row changes
// while a background build reads the current one.
func (t *table[R]) unshare() {
	if t.shared {
		t.vecs = append(make([]float32, 0, cap(t.vecs)), t.vecs...)
		t.shared = false
	}
}

// scored is a row and its cosine similarity to a query.
type scored struct {
	row   int32
	score float32
}

// topK keeps the k best rows seen, worst on top of a min-heap: higher score
// is better, and on equal scores the smaller key.
type topK struct {
	k    int
	keys []string
	h    []scored
}

// worse reports whether a ranks below b.
func (t *topK) worse(a, b scored) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	return strings.Compare(t.keys[a.row], t.keys[b.row]) > 0
}

// offer considers one row.
func (t *topK) offer(c scored) {
	if len(t.h) < t.k {
		t.h = append(t.h, c)
		for i := len(t.h) - 1; i > 0; {
			p := (i - 1) / 2
			if !t.worse(t.h[i], t.h[p]) {
				break
			}
			t.h[i], t.h[p] = t.h[p], t.h[i]
			i = p
		}
		return
	}
	if !t.worse(t.h[0], c) {
		return
	}
	t.h[0] = c
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(t.h) && t.worse(t.h[l], t.h[m]) {
			m = l
		}
		if r < len(t.h) && t.worse(t.h[r], t.h[m]) {
			m = r
		}
		if m == i {
			break
		}
		t.h[i], t.h[m] = t.h[m], t.h[i]
		i = m
	}
}

// sorted returns the kept rows best first (and empties the heap).
func (t *topK) sorted() []scored {
	out := make([]scored, len(t.h))
	for n := len(t.h) - 1; n >= 0; n-- {
		out[n] = t.h[0]
		last := len(t.h) - 1
		t.h[0] = t.h[last]
		t.h = t.h[:last]
		for i := 0; ; {
			l, r, m := 2*i+1, 2*i+2, i
			if l < len(t.h) && t.worse(t.h[l], t.h[m]) {
				m = l
			}
			if r < len(t.h) && t.worse(t.h[r], t.h[m]) {
				m = r
			}
			if m == i {
				break
			}
			t.h[i], t.h[m] = t.h[m], t.h[i]
			i = m
		}
	}
	return out
}

// scanEvery is how many rows a scan reads between checks of its context.
const scanEvery = 8192

// scan offers top the rows [from, len) that keep accepts (nil keeps all),
// scored against the unit query q by an exact scan of the slab on one
// goroutine. (Splitting the scan between the CPUs made it slower on a
// shared, loaded machine: 10.9 ms against 7.3 ms p50 at 100,000 rows.)
func (t *table[R]) scan(ctx context.Context, q []float32, from int, keep func(*R) bool, top *topK) error {
	dim := t.dim
	for i, n := from, t.len(); i < n; i++ {
		if (i-from)%scanEvery == scanEvery-1 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if keep != nil && !keep(t.recs[i]) {
			continue
		}
		s := encoders.Dot(q, t.vecs[i*dim:(i+1)*dim])
		if len(top.h) == top.k && s < top.h[0].score {
			continue // the common case: not among the best
		}
		top.offer(scored{int32(i), s})
	}
	return nil
}

// search returns the k rows most similar to the unit query q among those
// keep accepts (nil keeps all), best first, equal scores by key. With
// useGraph (only for an unfiltered search and a valid graph) it takes the
// graph's candidates, re-ranked exactly, and scans only the rows appended
// since the graph was built; an unfiltered search of a table of at least
// postingsMin rows may go through its inverted index (postings.go, exact);
// otherwise it scans every row.
func (t *table[R]) search(ctx context.Context, q []float32, k int, keep func(*R) bool, useGraph bool, postingsMin int) ([]scored, error) {
	top := &topK{k: k, keys: t.keys, h: make([]scored, 0, min(k, t.len()))}
	if !useGraph && keep == nil && t.usePostings(postingsMin) {
		ok, err := t.searchPostings(ctx, q, top)
		t.post.mu.RUnlock()
		if err != nil {
			return nil, err
		}
		if ok {
			return top.sorted(), nil
		}
	}
	from := 0
	if useGraph {
		for _, r := range t.ann.graph.Candidates(q, t.ann.views, k) {
			top.offer(scored{r, encoders.Dot(q, t.vec(r))})
		}
		from = t.ann.graph.Len()
	}
	if err := t.scan(ctx, q, from, keep, top); err != nil {
		return nil, err
	}
	return top.sorted(), nil
}
