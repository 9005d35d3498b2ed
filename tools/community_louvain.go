package tools

import (
	"context"
	"fmt"
	"math"

	"github.com/graphagent/graphagent/internal/pyrand"
	"github.com/graphagent/graphagent/tools/graph"
)

// louvainOptions are NetworkX's louvain_communities parameters.
type louvainOptions struct {
	weighted   bool
	resolution float64
	threshold  float64
	maxLevel   int // 0: no limit
	seed       int64
}

// louvain is NetworkX 3.x's louvain_communities (networkx/algorithms/
// community/louvain.py) step for step, with Python's random.Random(seed)
// shuffling the node order of every level, so the same seed gives the same
// communities. It returns each node's community, numbered in NetworkX's
// order, and the number of communities.
func louvain(ctx context.Context, g *graph.Graph, o louvainOptions) ([]int32, int, error) {
	n := g.N()
	top := make([]int32, n) // original node -> node of the current level graph
	for i := range top {
		top[i] = int32(i)
	}
	if g.M() == 0 {
		// NetworkX 3 returns the singletons of an edgeless graph (2.8 raised
		// ZeroDivisionError).
		return top, n, nil
	}
	h := nxWGraphOf(g, o.weighted)
	m := h.size()
	if m == 0 || math.IsNaN(m) || math.IsInf(m, 0) {
		// NetworkX divides by the total weight and raises here.
		return nil, 0, errZeroWeight(m)
	}
	mod := h.modularityOf(top, n, o.resolution)
	rng := pyrand.New(o.seed)

	node2com, _, err := louvainLevel(ctx, h, m, o.resolution, rng)
	if err != nil {
		return nil, 0, err
	}
	levels := 0
	for {
		comm, k := renumber(node2com)
		result := make([]int32, n)
		for i, t := range top {
			result[i] = comm[t]
		}
		levels++ // NetworkX yields this level's partition here
		if o.maxLevel > 0 && levels >= o.maxLevel {
			return result, k, nil
		}
		newMod := h.modularityOf(comm, k, o.resolution)
		if newMod-mod <= o.threshold {
			return result, k, nil
		}
		mod = newMod
		h = aggregate(h, comm, k)
		top = result
		var improved bool
		node2com, improved, err = louvainLevel(ctx, h, m, o.resolution, rng)
		if err != nil {
			return nil, 0, err
		}
		if !improved {
			return result, k, nil
		}
	}
}

// renumber maps community labels (node indices of the level graph) to
// 0..k-1 in increasing label order, as NetworkX's filter(len, partition)
// keeps the non-empty communities in index order.
func renumber(node2com []int32) ([]int32, int) {
	newID := make([]int32, len(node2com))
	for i := range newID {
		newID[i] = -1
	}
	for _, c := range node2com {
		newID[c] = 0
	}
	k := int32(0)
	for c := range newID {
		if newID[c] == 0 {
			newID[c] = k
			k++
		}
	}
	comm := make([]int32, len(node2com))
	for u, c := range node2com {
		comm[u] = newID[c]
	}
	return comm, int(k)
}

// aggregate is NetworkX's _gen_graph: one node per community, edge weights
// summed over the edges between (or, as self-loops, inside) communities in
// edge order.
func aggregate(h *nxWGraph, comm []int32, k int) *nxWGraph {
	out := newNXWGraph(k, h.directed)
	h.edges(func(u, v int32, w float64) {
		c1, c2 := comm[u], comm[v]
		old, _ := out.weight(c1, c2)
		out.addEdge(c1, c2, w+old)
	})
	return out
}

// louvainLevel is NetworkX's _one_level: nodes visited in a shuffled order,
// each moved to the neighbouring community of largest positive modularity
// gain, until a pass moves nothing. It returns each node's community label
// (a node index) and whether any node moved.
func louvainLevel(ctx context.Context, h *nxWGraph, m, resolution float64, rng *pyrand.Rand) ([]int32, bool, error) {
	n := h.n()
	node2com := make([]int32, n)
	for i := range node2com {
		node2com[i] = int32(i)
	}
	// nbrs[u]: neighbours other than u with their weights, in NetworkX's
	// order; for directed graphs successors then predecessors, summed.
	nbrs := make([][]wnbr, n)
	var degree, inDeg, outDeg, stot, stotIn, stotOut []float64
	if h.directed {
		outDeg, inDeg = h.outInDegrees()
		stotIn = append([]float64(nil), inDeg...)
		stotOut = append([]float64(nil), outDeg...)
		at := map[int32]int{}
		for u := range nbrs {
			clear(at)
			var list []wnbr
			for _, adj := range [][]wnbr{h.succ[u], h.pred[u]} {
				for _, e := range adj {
					if e.v == int32(u) {
						continue
					}
					if p, ok := at[e.v]; ok {
						list[p].w += e.w
					} else {
						at[e.v] = len(list)
						list = append(list, wnbr{e.v, 0 + e.w})
					}
				}
			}
			nbrs[u] = list
		}
	} else {
		degree = h.degrees()
		stot = append([]float64(nil), degree...)
		for u := range nbrs {
			for _, e := range h.succ[u] {
				if e.v != int32(u) {
					nbrs[u] = append(nbrs[u], e)
				}
			}
		}
	}
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })

	// weights2com as an insertion-ordered map: wsum by community, listed in
	// comms in order of first appearance.
	wsum := make([]float64, n)
	inList := make([]bool, n)
	var comms []int32
	twoM2 := 2 * (m * m)
	m2 := m * m
	improvement := false
	for moves := 1; moves > 0; {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		moves = 0
		for _, u := range order {
			bestMod := 0.0
			bestCom := node2com[u]
			comms = comms[:0]
			for _, e := range nbrs[u] {
				c := node2com[e.v]
				if !inList[c] {
					inList[c] = true
					wsum[c] = 0
					comms = append(comms, c)
				}
				wsum[c] += e.w
			}
			// Reading weights2com[best_com] in Python inserts it when absent.
			if !inList[bestCom] {
				inList[bestCom] = true
				wsum[bestCom] = 0
				comms = append(comms, bestCom)
			}
			var removeCost float64
			var uIn, uOut, uDeg float64
			if h.directed {
				uIn, uOut = inDeg[u], outDeg[u]
				stotIn[bestCom] -= uIn
				stotOut[bestCom] -= uOut
				removeCost = -wsum[bestCom]/m + float64(resolution*float64(float64(uOut*stotIn[bestCom])+float64(uIn*stotOut[bestCom])))/m2
			} else {
				uDeg = degree[u]
				stot[bestCom] -= uDeg
				removeCost = -wsum[bestCom]/m + float64(resolution*float64(stot[bestCom]*uDeg))/twoM2
			}
			for _, c := range comms {
				var gain float64
				if h.directed {
					gain = removeCost + wsum[c]/m - float64(resolution*float64(float64(uOut*stotIn[c])+float64(uIn*stotOut[c])))/m2
				} else {
					gain = removeCost + wsum[c]/m - float64(resolution*float64(stot[c]*uDeg))/twoM2
				}
				if gain > bestMod {
					bestMod = gain
					bestCom = c
				}
			}
			for _, c := range comms {
				inList[c] = false
			}
			if h.directed {
				stotIn[bestCom] += uIn
				stotOut[bestCom] += uOut
			} else {
				stot[bestCom] += uDeg
			}
			if bestCom != node2com[u] {
				node2com[u] = bestCom
				improvement = true
				moves++
			}
		}
	}
	return node2com, improvement, nil
}

// errZeroWeight is the error of a modularity method on a graph whose total
// edge weight m is zero (or not a number): modularity divides by it.
func errZeroWeight(m float64) error {
	return fmt.Errorf("the total edge weight is %v, and modularity divides by it; try weighted false: %w", m, ErrNotApplicable)
}
