package retrieval

import (
	"math/rand"
	"slices"

	"github.com/graphagent/graphagent/encoders"
)

// plan is what calibration measured on the graph: the beam width that
// reaches the target recall, the recall and cost it had there, and whether
// the graph beats an exact scan at that cost.
type plan struct {
	ef     int
	recall float64 // recall@calibK on the held-out sample at ef
	dists  float64 // mean distance computations per graph search at ef
	graph  bool    // Auto searches the graph (else it scans)
}

const (
	// calibK is the k the calibration measures recall at.
	calibK = 10
	// calibQueries is the number of held-out sample queries.
	calibQueries = 100
	// graphCost is the cost of one distance computation in a graph search
	// in units of one in an exact scan: the walk reads vectors in random
	// order and keeps two heaps, the scan streams memory through a SIMD dot
	// product. Measured at 10,000 vectors the ratio is 3 to 4 at ef 64
	// (111 ns against 33 ns per distance at dimension 256, 60 ns against
	// 15 ns at 64) and grows to 6 with wider beams, whose heaps and visited
	// sets leave the cache.
	graphCost = 4
)

// calibrate measures how wide the beam search over l (a graph over vecs)
// must be to find the
// true top calibK with the target recall, and whether that is cheaper than
// a scan. The sample queries are indexed vectors held out of their own
// search (search's skip), so they behave like new queries: the walk cannot
// reach them or use their links, and their true neighbours exclude them.
// Beam widths double from the default over-fetch until the sample recall
// reaches the target plus half the remaining error (a margin for sampling
// noise), or the beam covers the index. The cost is calibQueries exact
// scans plus the graph searches, small next to building the graph.
func calibrate(l *layered, vecs [][]float32, opts Options) plan {
	n := len(vecs)
	start := max(4*calibK, 64, opts.EfSearch)
	if n <= start || n < 2*calibK {
		// The first beam already covers the index.
		return plan{ef: max(start, n), recall: 1, dists: float64(n)}
	}
	goal := opts.Recall + (1-opts.Recall)/2
	rng := rand.New(rand.NewSource(opts.Seed))
	var samples []int32
	for _, s := range rng.Perm(n) {
		if len(samples) == min(calibQueries, n/2) {
			break
		}
		if int32(s) != l.entry {
			samples = append(samples, int32(s))
		}
	}
	truth := make([][]int32, len(samples))
	for i, s := range samples {
		truth[i] = exactNeighbours(vecs, s, calibK)
	}
	w := &walker{}
	var best []cand
	for ef := start; ; ef = min(2*ef, n) {
		w.evals = 0
		found := 0
		for i, s := range samples {
			best = append(best[:0], l.search(vecs[s], vecs, ef, w, s)...)
			slices.SortFunc(best, compareCand)
			for _, c := range best[:min(calibK, len(best))] {
				if slices.Contains(truth[i], c.key) {
					found++
				}
			}
		}
		p := plan{
			ef:     ef,
			recall: float64(found) / float64(calibK*len(samples)),
			dists:  float64(w.evals) / float64(len(samples)),
		}
		// A graph that misses the target even at the widest beam (as when
		// clusters of near-duplicates cut it into pieces the walk cannot
		// cross) never replaces the exact scan, however cheap it is.
		p.graph = p.recall >= opts.Recall && p.dists*graphCost < float64(n)
		if p.recall >= goal || ef >= n {
			return p
		}
	}
}

// exactNeighbours returns the k nearest of vecs to vector s other than s,
// by brute force.
func exactNeighbours(vecs [][]float32, s int32, k int) []int32 {
	q := vecs[s]
	top := make([]cand, 0, k+1)
	for i, v := range vecs {
		if int32(i) == s {
			continue
		}
		c := cand{int32(i), 1 - encoders.Dot(q, v)}
		if len(top) == k && compareCand(c, top[k-1]) >= 0 {
			continue
		}
		j, _ := slices.BinarySearchFunc(top, c, compareCand)
		top = slices.Insert(top, j, c)
		if len(top) > k {
			top = top[:k]
		}
	}
	keys := make([]int32, len(top))
	for i, c := range top {
		keys[i] = c.key
	}
	return keys
}
