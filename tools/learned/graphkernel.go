package learned

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// histogram is a sparse count vector: counts of label IDs, IDs ascending.
type histogram struct {
	idx []int32
	val []float64
}

// newHistogram counts the labels (which it sorts in place).
func newHistogram(labels []int32) histogram {
	slices.Sort(labels)
	var h histogram
	for k, l := range labels {
		if k > 0 && l == labels[k-1] {
			h.val[len(h.val)-1]++
			continue
		}
		h.idx = append(h.idx, l)
		h.val = append(h.val, 1)
	}
	return h
}

// dotAndMin returns Σ a_l·b_l (the linear kernel) and Σ min(a_l, b_l)
// (histogram intersection) over the labels of two histograms.
func dotAndMin(a, b histogram) (dot, inter float64) {
	i, j := 0, 0
	for i < len(a.idx) && j < len(b.idx) {
		switch {
		case a.idx[i] < b.idx[j]:
			i++
		case a.idx[i] > b.idx[j]:
			j++
		default:
			dot += a.val[i] * b.val[j]
			inter += min(a.val[i], b.val[j])
			i++
			j++
		}
	}
	return dot, inter
}

// nodesByGraph lists each graph's nodes.
func nodesByGraph(td *tuData) [][]int {
	out := make([][]int, td.nGraphs)
	for i, g := range td.graphOf {
		out[g] = append(out[g], i)
	}
	return out
}

// wlHistograms returns each graph's Weisfeiler-Lehman label histogram of
// iterations 0…h ([graph][iteration]): the count of every label its nodes
// have after each refinement, where a node's new label names its old label
// and the sorted multiset of its neighbours' old labels, each with the
// label of the edge to it (MUTAG's bond types; 0 without edge labels).
// Labels of different iterations are different IDs. The label dictionary
// is built over every graph; it uses no class label.
func wlHistograms(td *tuData, h int) [][]histogram {
	n := len(td.graphOf)
	nodes := nodesByGraph(td)
	labels := make([]int32, n)
	dict := map[string]int32{}
	name := func(s string) int32 {
		if v, ok := dict[s]; ok {
			return v
		}
		dict[s] = int32(len(dict))
		return int32(len(dict) - 1)
	}
	for i, l := range td.nodeLabel {
		labels[i] = name("0:" + strconv.Itoa(l))
	}
	out := make([][]histogram, td.nGraphs)
	var buf []int32
	add := func() {
		for g, ns := range nodes {
			buf = buf[:0]
			for _, i := range ns {
				buf = append(buf, labels[i])
			}
			out[g] = append(out[g], newHistogram(buf))
		}
	}
	add()
	next := make([]int32, n)
	var nb []int
	var key strings.Builder
	for it := 1; it <= h; it++ {
		for i := range n {
			nb = nb[:0]
			for k, j := range td.adj[i] {
				// The bond type and the neighbour's label, as one number.
				nb = append(nb, int(labels[j])*8+int(td.edgeLabel[i][k]&7))
			}
			slices.Sort(nb)
			key.Reset()
			key.WriteString(strconv.Itoa(it))
			key.WriteByte(':')
			key.WriteString(strconv.Itoa(int(labels[i])))
			for _, l := range nb {
				key.WriteByte(',')
				key.WriteString(strconv.Itoa(l))
			}
			next[i] = name(key.String())
		}
		labels, next = next, labels
		add()
	}
	return out
}

// shortestPathHistograms returns each graph's shortest-path histogram:
// the count of every (label, label, hop distance) of its node pairs
// joined by a path, each node paired with itself at distance 0 too (so
// that the node labels count and no graph's histogram is empty). Edge
// labels are not used.
func shortestPathHistograms(td *tuData) []histogram {
	nodes := nodesByGraph(td)
	local := make([]int, len(td.graphOf)) // a node's position in its graph
	for _, ns := range nodes {
		for k, i := range ns {
			local[i] = k
		}
	}
	dict := map[[3]int]int32{}
	out := make([]histogram, td.nGraphs)
	var dist []int
	var queue, buf []int32
	for g, ns := range nodes {
		buf = buf[:0]
		for a, s := range ns {
			dist = slices.Grow(dist[:0], len(ns))[:len(ns)]
			for k := range dist {
				dist[k] = -1
			}
			dist[a] = 0
			queue = append(queue[:0], int32(s))
			for q := 0; q < len(queue); q++ {
				u := queue[q]
				for _, v := range td.adj[u] {
					if lv := local[v]; dist[lv] < 0 {
						dist[lv] = dist[local[u]] + 1
						queue = append(queue, v)
					}
				}
			}
			for b := a; b < len(ns); b++ {
				if dist[b] < 0 {
					continue
				}
				la, lb := td.nodeLabel[s], td.nodeLabel[ns[b]]
				if la > lb {
					la, lb = lb, la
				}
				key := [3]int{la, lb, dist[b]}
				id, ok := dict[key]
				if !ok {
					id = int32(len(dict))
					dict[key] = id
				}
				buf = append(buf, id)
			}
		}
		out[g] = newHistogram(buf)
	}
	return out
}

// graphKernel is one candidate kernel of the graph classifier.
type graphKernel struct {
	// name says which kernel ("WL subtree h=3").
	name string
	k    *kernelMatrix
}

// normalise scales raw kernel values to K(a,b)/√(K(a,a)·K(b,b)) into a
// float32 matrix.
func normalise(raw []float64, n int) *kernelMatrix {
	km := newKernelMatrix(n)
	for a := range n {
		for b := range n {
			d := raw[a*n+a] * raw[b*n+b]
			if d > 0 {
				km.v[a*n+b] = float32(raw[a*n+b] / math.Sqrt(d))
			}
		}
	}
	return km
}

// kernelSet says which candidate kernels the graph classifier computes.
type kernelSet struct {
	// depths are the WL depths h (each ≥ 0) of the WL kernels.
	depths []int
	// assignment adds the WL optimal-assignment kernel of each depth to the
	// WL subtree kernel; shortestPath adds the shortest-path kernel.
	assignment, shortestPath bool
}

// graphKernels computes the candidate kernels over all graphs of td, each
// normalised, in this order: the WL subtree kernel of each depth, the WL
// optimal-assignment kernel (Kriege, Giscard and Wilson 2016: histogram
// intersection over the WL label hierarchy) of each depth, the
// shortest-path kernel. They use no class label.
func graphKernels(ctx context.Context, td *tuData, set kernelSet) ([]graphKernel, error) {
	n := td.nGraphs
	depths := set.depths
	if len(depths) == 0 || slices.Min(depths) < 0 {
		return nil, fmt.Errorf("graph kernels: WL depths %v: need at least one, each ≥ 0", depths)
	}
	hmax := slices.Max(depths)
	hist := wlHistograms(td, hmax)
	dot := make([]float64, n*n)
	inter := make([]float64, n*n)
	var subtree, assign []graphKernel
	for it := 0; it <= hmax; it++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for a := range n {
			for b := a; b < n; b++ {
				d, m := dotAndMin(hist[a][it], hist[b][it])
				dot[a*n+b] += d
				inter[a*n+b] += m
				if a != b {
					dot[b*n+a], inter[b*n+a] = dot[a*n+b], inter[a*n+b]
				}
			}
		}
		if slices.Contains(depths, it) {
			subtree = append(subtree, graphKernel{name: fmt.Sprintf("WL subtree h=%d", it), k: normalise(dot, n)})
			if set.assignment {
				assign = append(assign, graphKernel{name: fmt.Sprintf("WL optimal assignment h=%d", it), k: normalise(inter, n)})
			}
		}
	}
	out := append(subtree, assign...)
	if set.shortestPath {
		hs := shortestPathHistograms(td)
		raw := dot
		for a := range n {
			for b := a; b < n; b++ {
				d, _ := dotAndMin(hs[a], hs[b])
				raw[a*n+b], raw[b*n+a] = d, d
			}
		}
		out = append(out, graphKernel{name: "shortest path", k: normalise(raw, n)})
	}
	return out, nil
}
