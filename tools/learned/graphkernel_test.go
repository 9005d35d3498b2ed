package learned

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// pathAndEdge is two graphs: a path with node labels 1-1-2 and an edge 1-1.
func pathAndEdge() *tuData {
	return &tuData{graphOf: []int{0, 0, 0, 1, 1}, nodeLabel: []int{1, 1, 2, 1, 1},
		adj: [][]int32{{1}, {0, 2}, {1}, {4}, {3}}, edgeLabel: [][]int32{{0}, {0, 0}, {0}, {0}, {0}}, nGraphs: 2, labels: []int{0, 1}}
}

func TestWLHistogramsCountNodes(t *testing.T) {
	hist := wlHistograms(pathAndEdge(), 1)
	labelsOf := func(g int) (ids []int32, total float64) {
		for _, h := range hist[g] {
			ids = append(ids, h.idx...)
			for _, v := range h.val {
				total += v
			}
		}
		return ids, total
	}
	a, na := labelsOf(0)
	b, nb := labelsOf(1)
	// Each iteration relabels every node once: (h+1)·nodes counts.
	if na != 6 || nb != 4 {
		t.Errorf("counts %g and %g, want 6 and 4", na, nb)
	}
	// They share the label 1 at iteration 0 and the refined label of an end
	// node "1 next to a 1".
	shared := 0
	for _, l := range a {
		if slices.Contains(b, l) {
			shared++
		}
	}
	if shared != 2 || len(a) != 5 || len(b) != 2 {
		t.Errorf("labels %v and %v: %d shared, want 5 and 2 labels, 2 shared", a, b, shared)
	}
}

func TestWLHistogramsUseEdgeLabels(t *testing.T) {
	// The same two edges 1-1, one a single bond, one a double bond: equal
	// at iteration 0, different after one refinement.
	td := &tuData{graphOf: []int{0, 0, 1, 1}, nodeLabel: []int{1, 1, 1, 1},
		adj: [][]int32{{1}, {0}, {3}, {2}}, edgeLabel: [][]int32{{1}, {1}, {2}, {2}}, nGraphs: 2, labels: []int{0, 1}}
	hist := wlHistograms(td, 1)
	if d, _ := dotAndMin(hist[0][0], hist[1][0]); d != 4 {
		t.Errorf("iteration 0 dot %g, want 4", d)
	}
	if d, _ := dotAndMin(hist[0][1], hist[1][1]); d != 0 {
		t.Errorf("iteration 1 dot %g, want 0 (different bonds)", d)
	}
}

func TestShortestPathHistogram(t *testing.T) {
	td := pathAndEdge()
	// A third graph: two separate nodes labelled 1 (no path between them).
	td.graphOf = append(td.graphOf, 2, 2)
	td.nodeLabel = append(td.nodeLabel, 1, 1)
	td.adj = append(td.adj, nil, nil)
	td.edgeLabel = append(td.edgeLabel, nil, nil)
	td.nGraphs = 3
	hs := shortestPathHistograms(td)
	total := func(h histogram) (s float64) {
		for _, v := range h.val {
			s += v
		}
		return s
	}
	// Path 1-1-2: (1,1,0)×2, (2,2,0), (1,1,1), (1,2,1), (1,2,2): 5 kinds,
	// 6 pairs. Edge 1-1: (1,1,0)×2, (1,1,1). Two isolated 1s: (1,1,0)×2.
	if len(hs[0].idx) != 5 || total(hs[0]) != 6 || len(hs[1].idx) != 2 || total(hs[1]) != 3 || len(hs[2].idx) != 1 || total(hs[2]) != 2 {
		t.Errorf("histograms %+v", hs)
	}
	if d, _ := dotAndMin(hs[0], hs[1]); d != 2*2+1*1 {
		t.Errorf("path·edge = %g, want 5", d)
	}
}

// randomTU draws graphs with random labels and edges (some disconnected,
// some with isolated nodes), followed by a node-permuted copy of each.
func randomTU(rng *rand.Rand, graphs int) *tuData {
	td := &tuData{}
	type edge struct{ u, v, l int }
	var shapes [][]int
	var edges [][]edge
	for range graphs {
		n := 1 + rng.IntN(8)
		labels := make([]int, n)
		for i := range labels {
			labels[i] = rng.IntN(3)
		}
		var es []edge
		for u := range n {
			for v := u + 1; v < n; v++ {
				if rng.Float64() < 0.35 {
					es = append(es, edge{u, v, rng.IntN(3)})
				}
			}
		}
		shapes, edges = append(shapes, labels), append(edges, es)
	}
	add := func(labels []int, es []edge, perm []int) {
		g, base := td.nGraphs, len(td.graphOf)
		for range labels {
			td.graphOf = append(td.graphOf, g)
			td.nodeLabel = append(td.nodeLabel, 0)
			td.adj = append(td.adj, nil)
			td.edgeLabel = append(td.edgeLabel, nil)
		}
		for i, l := range labels {
			td.nodeLabel[base+perm[i]] = l
		}
		for _, e := range es {
			u, v := base+perm[e.u], base+perm[e.v]
			td.adj[u], td.adj[v] = append(td.adj[u], int32(v)), append(td.adj[v], int32(u))
			td.edgeLabel[u], td.edgeLabel[v] = append(td.edgeLabel[u], int32(e.l)), append(td.edgeLabel[v], int32(e.l))
		}
		td.nGraphs++
		td.labels = append(td.labels, 0)
	}
	for g := range graphs {
		add(shapes[g], edges[g], rng.Perm(len(shapes[g])))
	}
	for g := range graphs {
		add(shapes[g], edges[g], rng.Perm(len(shapes[g])))
	}
	return td
}

// TestGraphKernelsAreNormalisedInvariantPSD checks every candidate kernel
// on random graphs: symmetric, 1 on the diagonal, 1 between a graph and
// its node-permuted copy, within [0, 1], and positive semi-definite.
func TestGraphKernelsAreNormalisedInvariantPSD(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	const graphs = 25
	td := randomTU(rng, graphs)
	kernels, err := graphKernels(context.Background(), td, kernelSet{depths: []int{0, 2, 3}, assignment: true, shortestPath: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(kernels) != 7 {
		t.Fatalf("%d kernels, want 3 subtree + 3 assignment + 1 shortest path", len(kernels))
	}
	n := td.nGraphs
	for _, k := range kernels {
		sym := mat.NewSymDense(n, nil)
		for a := range n {
			for b := range n {
				v := k.k.at(a, b)
				if v != k.k.at(b, a) || v < 0 || v > 1+1e-6 {
					t.Fatalf("%s: K(%d,%d) = %g, K(%d,%d) = %g", k.name, a, b, v, b, a, k.k.at(b, a))
				}
				sym.SetSym(a, b, v)
			}
			if math.Abs(k.k.at(a, a)-1) > 1e-6 {
				t.Errorf("%s: K(%d,%d) = %g, want 1", k.name, a, a, k.k.at(a, a))
			}
		}
		for g := range graphs {
			if v := k.k.at(g, g+graphs); math.Abs(v-1) > 1e-6 {
				t.Errorf("%s: graph %d and its permuted copy: %g, want 1", k.name, g, v)
			}
		}
		var eig mat.EigenSym
		if !eig.Factorize(sym, false) {
			t.Fatalf("%s: eigen-decomposition failed", k.name)
		}
		if low := slices.Min(eig.Values(nil)); low < -1e-4 {
			t.Errorf("%s: smallest eigenvalue %g: not positive semi-definite", k.name, low)
		}
	}
	if _, err := graphKernels(context.Background(), td, kernelSet{}); err == nil {
		t.Error("no WL depth was accepted")
	}
}
