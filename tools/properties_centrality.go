package tools

import (
	"context"
	"fmt"
	"math"

	"github.com/graphagent/graphagent/tools/graph"
)

// PageRank settings of nx.pagerank.
const (
	pagerankMaxIter = 100
	pagerankTol     = 1e-6
)

// pagerankScores computes nx.pagerank(G, alpha) exactly as NetworkX does:
// power iteration from the uniform vector on the row-normalised weighted
// adjacency matrix (weights default to 1; an undirected edge counts in both
// directions, a self-loop once), the rank of dangling nodes (zero out-weight)
// spread uniformly, at most 100 iterations, stopping when the L1 change is
// below N*1e-6. It fails with ErrNotApplicable when it does not converge.
func pagerankScores(ctx context.Context, g *graph.Graph, alpha float64) ([]float64, error) {
	n := g.N()
	if n == 0 {
		return nil, nil
	}
	// Out-weight sums S and their inverses (0 for dangling nodes).
	inv := make([]float64, n)
	for u := int32(0); int(u) < n; u++ {
		s := 0.0
		for _, e := range g.OutEdges(u) {
			s += g.Weight(e)
		}
		if s != 0 {
			inv[u] = 1 / s
		}
	}
	var dangling []int32
	for u, s := range inv {
		if s == 0 {
			dangling = append(dangling, int32(u))
		}
	}
	// Pull form: x'[v] = alpha*(sum over edges u->v of x[u]*w/S[u] + dangling
	// mass/N) + (1-alpha)/N. coef holds w/S[u] aligned with the in-lists.
	off := make([]int32, n+1)
	for v := int32(0); int(v) < n; v++ {
		off[v+1] = off[v] + int32(g.InDegree(v))
	}
	src := make([]int32, off[n])
	coef := make([]float64, off[n])
	for v := int32(0); int(v) < n; v++ {
		k := off[v]
		es := g.InEdges(v)
		for j, u := range g.In(v) {
			src[k] = u
			coef[k] = g.Weight(es[j]) * inv[u]
			k++
		}
	}
	x := make([]float64, n)
	next := make([]float64, n)
	p := 1 / float64(n)
	for i := range x {
		x[i] = p
	}
	for iter := 0; iter < pagerankMaxIter; iter++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		dsum := 0.0
		for _, u := range dangling {
			dsum += x[u]
		}
		base := alpha*dsum*p + (1-alpha)*p
		errSum := 0.0
		for v := 0; v < n; v++ {
			s := 0.0
			for k := off[v]; k < off[v+1]; k++ {
				s += x[src[k]] * coef[k]
			}
			nv := alpha*s + base
			next[v] = nv
			errSum += math.Abs(nv - x[v])
		}
		x, next = next, x
		if errSum < float64(n)*pagerankTol {
			return x, nil
		}
	}
	return nil, fmt.Errorf("pagerank did not converge in %d power iterations (NetworkX raises PowerIterationFailedConvergence here; a smaller alpha converges faster): %w", pagerankMaxIter, ErrNotApplicable)
}

// brandesBuffers is one worker's reusable state for Brandes' algorithm.
type brandesBuffers struct {
	dist  []int32
	queue []int32
	sigma []float64
	delta []float64
	bc    []float64 // this worker's partial betweenness
}

// betweennessScores computes nx.betweenness_centrality(G) with its defaults:
// unweighted shortest paths (NetworkX ignores weights unless asked), paths
// counted between ordered pairs of distinct nodes, endpoints excluded, and
// normalised by 1/((n-1)(n-2)) when n > 2. It is Brandes' algorithm, one
// breadth-first search and one back-propagation per source, in parallel with
// per-worker buffers merged in a fixed order.
func betweennessScores(ctx context.Context, g *graph.Graph) ([]float64, error) {
	n := g.N()
	workers := sourceWorkers(n, 2*g.M())
	bufs := make([]brandesBuffers, workers)
	for w := range bufs {
		b := &bufs[w]
		b.dist, b.queue = newBFSBuffers(n)
		b.sigma = make([]float64, n)
		b.delta = make([]float64, n)
		b.bc = make([]float64, n)
	}
	err := forEachSource(ctx, n, workers, func(w int, s int32) error {
		brandesSource(g, s, &bufs[w])
		return nil
	})
	if err != nil {
		return nil, err
	}
	bc := bufs[0].bc
	for w := 1; w < workers; w++ {
		for i, v := range bufs[w].bc {
			bc[i] += v
		}
	}
	if n > 2 {
		scale := 1 / (float64(n-1) * float64(n-2))
		for i := range bc {
			bc[i] *= scale
		}
	}
	return bc, nil
}

// brandesSource adds the dependencies of source s to b.bc and leaves the
// buffers clean for the next source.
func brandesSource(g *graph.Graph, s int32, b *brandesBuffers) {
	dist, sigma, delta := b.dist, b.sigma, b.delta
	q := append(b.queue[:0], s)
	dist[s] = 0
	sigma[s] = 1
	for head := 0; head < len(q); head++ {
		v := q[head]
		dv := dist[v] + 1
		sv := sigma[v]
		for _, u := range g.Out(v) {
			if dist[u] < 0 {
				dist[u] = dv
				q = append(q, u)
			}
			if dist[u] == dv {
				sigma[u] += sv
			}
		}
	}
	// Back-propagate in reverse BFS order; the predecessors of w on shortest
	// paths are its in-neighbours one step closer to s.
	for i := len(q) - 1; i > 0; i-- {
		w := q[i]
		coeff := (1 + delta[w]) / sigma[w]
		dw := dist[w] - 1
		for _, v := range g.In(w) {
			if dist[v] == dw {
				delta[v] += sigma[v] * coeff
			}
		}
		b.bc[w] += delta[w]
	}
	for _, v := range q {
		dist[v] = -1
		sigma[v] = 0
		delta[v] = 0
	}
	b.queue = q
}

// closenessOf is nx.closeness_centrality's value for one node from its
// breadth-first search: (r-1)/total * (r-1)/(n-1) with r the number of nodes
// reached (itself included) and total the sum of their distances (Wasserman
// and Faust's improvement for disconnected graphs), 0 when nothing is reached.
func closenessOf(n, reached int, total int64) float64 {
	if total <= 0 || n <= 1 {
		return 0
	}
	r := float64(reached - 1)
	return r / float64(total) * (r / float64(n-1))
}

// closenessScores computes nx.closeness_centrality(G) for every node:
// unweighted distances, measured TO the node on directed graphs (NetworkX
// searches the reversed graph).
func closenessScores(ctx context.Context, g *graph.Graph) ([]float64, error) {
	st, err := allSourcesBFS(ctx, g, g.Directed())
	if err != nil {
		return nil, err
	}
	out := make([]float64, g.N())
	for s := range out {
		out[s] = closenessOf(g.N(), int(st.Reached[s]), st.Sum[s])
	}
	return out, nil
}

// closenessFrom is the closeness of s using the given clean BFS buffers,
// which it leaves clean.
func closenessFrom(g *graph.Graph, s int32, dist, queue []int32) float64 {
	reached := bfsDistances(g, s, g.Directed(), dist, queue)
	var total int64
	for _, v := range reached {
		total += int64(dist[v])
	}
	clearBFS(dist, reached)
	return closenessOf(g.N(), len(reached), total)
}
