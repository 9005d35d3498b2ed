package tools

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/graphagent/graphagent/tools/graph"
)

// nodeRanks orders nodes as Python compares NetworkX node keys: by integer
// value when every ID is an integer (as when a graph is read with integer
// node types), otherwise as strings. Greedy modularity breaks ties by it.
func nodeRanks(g *graph.Graph) []int32 {
	ids := g.IDs()
	nums := make([]int64, len(ids))
	allInts := true
	for i, id := range ids {
		v, err := strconv.ParseInt(id, 10, 64)
		if err != nil || strconv.FormatInt(v, 10) != id {
			allInts = false
			break
		}
		nums[i] = v
	}
	idx := make([]int32, len(ids))
	for i := range idx {
		idx[i] = int32(i)
	}
	if allInts {
		slices.SortFunc(idx, func(a, b int32) int { return cmpOrdered(nums[a], nums[b]) })
	} else {
		slices.SortFunc(idx, func(a, b int32) int { return cmpOrdered(ids[a], ids[b]) })
	}
	rank := make([]int32, len(ids))
	for r, i := range idx {
		rank[i] = int32(r)
	}
	return rank
}

func cmpOrdered[T int64 | string](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// mqItem is a MappedQueue element: priority -dq and the pair (row, col).
type mqItem struct {
	pri      float64
	row, col int32
}

// mappedQueue is NetworkX's MappedQueue (networkx/utils/mapped_queue.py): a
// binary min-heap of unique (row, col) elements ordered by priority, ties
// broken by comparing the pairs, with removal and update by element.
type mappedQueue struct {
	heap []mqItem
	pos  map[uint64]int
	rank []int32
}

func newMappedQueue(items []mqItem, rank []int32) *mappedQueue {
	q := &mappedQueue{heap: items, pos: make(map[uint64]int, len(items)), rank: rank}
	// heapq.heapify: sift every inner node from the last, each bubbling back
	// up no higher than where it started.
	for i := len(q.heap)/2 - 1; i >= 0; i-- {
		q.sift(i, i)
	}
	for i, it := range q.heap {
		q.pos[pairKey(it.row, it.col)] = i
	}
	return q
}

func (q *mappedQueue) less(a, b mqItem) bool {
	if a.pri == b.pri {
		if a.row != b.row {
			return q.rank[a.row] < q.rank[b.row]
		}
		return q.rank[a.col] < q.rank[b.col]
	}
	return a.pri < b.pri
}

func (q *mappedQueue) len() int { return len(q.heap) }

func (q *mappedQueue) top() mqItem { return q.heap[0] }

func (q *mappedQueue) setAt(i int, it mqItem) {
	q.heap[i] = it
	q.pos[pairKey(it.row, it.col)] = i
}

// push adds it unless its pair is already queued (then nothing changes).
func (q *mappedQueue) push(it mqItem) {
	k := pairKey(it.row, it.col)
	if _, ok := q.pos[k]; ok {
		return
	}
	q.heap = append(q.heap, it)
	q.pos[k] = len(q.heap) - 1
	q.siftdown(0, len(q.heap)-1)
}

func (q *mappedQueue) pop() mqItem {
	it := q.heap[0]
	delete(q.pos, pairKey(it.row, it.col))
	last := q.heap[len(q.heap)-1]
	q.heap = q.heap[:len(q.heap)-1]
	if len(q.heap) == 0 {
		return it
	}
	q.setAt(0, last)
	q.siftup(0)
	return it
}

// update replaces the element with pair (row, col) by it.
func (q *mappedQueue) update(row, col int32, it mqItem) error {
	k := pairKey(row, col)
	p, ok := q.pos[k]
	if !ok {
		return fmt.Errorf("greedy modularity: pair (%d, %d) missing from the queue", row, col)
	}
	q.heap[p] = it
	delete(q.pos, k)
	q.pos[pairKey(it.row, it.col)] = p
	q.siftup(p)
	return nil
}

func (q *mappedQueue) remove(row, col int32) error {
	k := pairKey(row, col)
	p, ok := q.pos[k]
	if !ok {
		return fmt.Errorf("greedy modularity: pair (%d, %d) missing from the queue", row, col)
	}
	delete(q.pos, k)
	last := q.heap[len(q.heap)-1]
	q.heap = q.heap[:len(q.heap)-1]
	if p == len(q.heap) {
		return nil
	}
	q.setAt(p, last)
	q.siftup(p)
	return nil
}

// siftup moves the smaller child up until a leaf, then bubbles the item
// from there back up, as far as the root (MappedQueue._siftup).
func (q *mappedQueue) siftup(p int) { q.sift(p, 0) }

// sift is heapq._siftup with the bubbling up stopped at index stop.
func (q *mappedQueue) sift(p, stop int) {
	end := len(q.heap)
	newItem := q.heap[p]
	child := 2*p + 1
	for child < end {
		if right := child + 1; right < end && !q.less(q.heap[child], q.heap[right]) {
			child = right
		}
		q.setAt(p, q.heap[child])
		p = child
		child = 2*p + 1
	}
	for p > stop {
		parent := (p - 1) >> 1
		if !q.less(newItem, q.heap[parent]) {
			break
		}
		q.setAt(p, q.heap[parent])
		p = parent
	}
	q.setAt(p, newItem)
}

// siftdown bubbles the item at p up towards start (heapq._siftdown).
func (q *mappedQueue) siftdown(start, p int) {
	newItem := q.heap[p]
	for p > start {
		parent := (p - 1) >> 1
		if !q.less(newItem, q.heap[parent]) {
			break
		}
		q.setAt(p, q.heap[parent])
		p = parent
	}
	q.setAt(p, newItem)
}

// greedyModularity is NetworkX's greedy_modularity_communities (Clauset-
// Newman-Moore, networkx/algorithms/community/modularity_max.py) with its
// defaults cutoff=1 and best_n=None: merge the pair of communities with the
// largest modularity gain, ties broken by the smaller (row, col) pair of
// node keys, until no merge gains. It returns each node's community,
// numbered largest first as NetworkX sorts them, and the count.
func greedyModularity(ctx context.Context, g *graph.Graph, weighted bool, resolution float64) ([]int32, int, error) {
	n := g.N()
	if g.M() == 0 {
		// NetworkX 3 returns singletons here (2.8 divided by zero).
		comm := make([]int32, n)
		for i := range comm {
			comm[i] = int32(i)
		}
		return comm, n, nil
	}
	directed := g.Directed()
	wt := func(e int32) float64 {
		if weighted {
			return g.Weight(e)
		}
		return 1
	}
	// Degrees summed in adjacency order as G.degree(weight) does.
	outDeg, inDeg := make([]float64, n), make([]float64, n)
	for u := int32(0); u < int32(n); u++ {
		for _, e := range g.OutEdges(u) {
			w := wt(e)
			outDeg[u] += w
		}
		if directed {
			for _, e := range g.InEdges(u) {
				inDeg[u] += wt(e)
			}
		} else if g.HasSelfLoop(u) {
			e, _ := g.FindEdge(u, u)
			outDeg[u] += wt(e)
		}
	}
	var m float64
	if weighted {
		s := 0.0
		for u := range outDeg {
			if directed {
				s += outDeg[u] + inDeg[u]
			} else {
				s += outDeg[u]
			}
		}
		m = s / 2
	} else {
		m = float64(g.M())
	}
	if m == 0 || math.IsNaN(m) || math.IsInf(m, 0) {
		return nil, 0, errZeroWeight(m)
	}
	q0 := 1 / m
	a, b := make([]float64, n), make([]float64, n)
	if directed {
		for u := range a {
			a[u] = outDeg[u] * q0
			b[u] = inDeg[u] * q0
		}
	} else {
		for u := range a {
			a[u] = outDeg[u] * q0 * 0.5
		}
		b = a // NetworkX uses one dict for both
	}

	dq := make([]map[int32]float64, n)
	for u := range dq {
		dq[u] = map[int32]float64{}
	}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		if u == v {
			continue
		}
		w := wt(e)
		dq[u][v] += w
		dq[v][u] += w
	}
	for u := range dq {
		for v, w := range dq[u] {
			dq[u][v] = float64(q0*w) - float64(resolution*(float64(a[u]*b[v])+float64(b[u]*a[v])))
		}
	}
	rank := nodeRanks(g)
	rowHeap := make([]*mappedQueue, n)
	var tops []mqItem
	for u := range dq {
		items := make([]mqItem, 0, len(dq[u]))
		for _, v := range sortedKeys(dq[u]) {
			items = append(items, mqItem{-dq[u][v], int32(u), v})
		}
		rowHeap[u] = newMappedQueue(items, rank)
		if rowHeap[u].len() > 0 {
			tops = append(tops, rowHeap[u].top())
		}
	}
	H := newMappedQueue(tops, rank)

	members := make([][]int32, n)
	for i := range members {
		members[i] = []int32{int32(i)}
	}
	alive := n
	var nbrs []int32
	for alive > 1 && H.len() > 1 {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		best := H.pop()
		if -best.pri < 0 {
			break // no merge increases modularity
		}
		u, v := best.row, best.col
		rowHeap[u].pop()
		if rowHeap[u].len() > 0 {
			H.push(rowHeap[u].top())
		}
		if t := rowHeap[v].top(); t.row == v && t.col == u {
			if err := H.remove(v, u); err != nil {
				return nil, 0, err
			}
			if err := rowHeap[v].remove(v, u); err != nil {
				return nil, 0, err
			}
			if rowHeap[v].len() > 0 {
				H.push(rowHeap[v].top())
			}
		} else if err := rowHeap[v].remove(v, u); err != nil {
			return nil, 0, err
		}
		// Merge u into v.
		if len(members[u]) > len(members[v]) {
			members[u], members[v] = members[v], members[u]
		}
		members[v] = append(members[v], members[u]...)
		members[u] = nil
		alive--

		// The neighbours of u or v, gathered first because the loop adds
		// keys to dq[v]. The order does not matter: each dq value is
		// computed on its own and a heap's top depends only on its contents
		// (NetworkX iterates a set here, in hash order).
		nbrs = nbrs[:0]
		for w := range dq[u] {
			nbrs = append(nbrs, w)
		}
		for w := range dq[v] {
			if _, dup := dq[u][w]; !dup {
				nbrs = append(nbrs, w)
			}
		}
		for _, w := range nbrs {
			if w == u || w == v {
				continue
			}
			dqU, inU := dq[u][w]
			dqV, inV := dq[v][w]
			var dqVW float64
			switch {
			case inU && inV:
				dqVW = dqV + dqU
			case inV:
				dqVW = dqV - float64(resolution*(float64(a[u]*b[w])+float64(a[w]*b[u])))
			default:
				dqVW = dqU - float64(resolution*(float64(a[v]*b[w])+float64(a[w]*b[v])))
			}
			for _, rc := range [2][2]int32{{v, w}, {w, v}} {
				row, col := rc[0], rc[1]
				rh := rowHeap[row]
				dq[row][col] = dqVW
				var oldMax mqItem
				hadMax := rh.len() > 0
				if hadMax {
					oldMax = rh.top()
				}
				d := mqItem{-dqVW, row, col}
				if inV {
					if err := rh.update(row, col, d); err != nil {
						return nil, 0, err
					}
				} else {
					rh.push(d)
				}
				if !hadMax {
					H.push(d)
				} else if rowMax := rh.top(); oldMax != rowMax {
					if err := H.update(oldMax.row, oldMax.col, rowMax); err != nil {
						return nil, 0, err
					}
				}
			}
		}
		// Remove row and column u.
		for w := range dq[u] {
			delete(dq[w], u)
			if w == v {
				continue
			}
			for _, rc := range [2][2]int32{{w, u}, {u, w}} {
				row, col := rc[0], rc[1]
				rh := rowHeap[row]
				if t := rh.top(); t.row == row && t.col == col {
					if err := rh.remove(row, col); err != nil {
						return nil, 0, err
					}
					if err := H.remove(row, col); err != nil {
						return nil, 0, err
					}
					if rh.len() > 0 {
						H.push(rh.top())
					}
				} else if err := rh.remove(row, col); err != nil {
					return nil, 0, err
				}
			}
		}
		dq[u] = nil
		rowHeap[u] = newMappedQueue(nil, rank)
		a[v] += a[u]
		a[u] = 0
		if directed {
			b[v] += b[u]
			b[u] = 0
		}
	}
	// Communities in node order of their representative, then sorted by
	// size, largest first, keeping that order among equals (Python's stable
	// sorted(..., key=len, reverse=True)).
	var reps []int32
	for i := range members {
		if members[i] != nil {
			reps = append(reps, int32(i))
		}
	}
	sort.SliceStable(reps, func(i, j int) bool { return len(members[reps[i]]) > len(members[reps[j]]) })
	comm := make([]int32, n)
	for c, r := range reps {
		for _, x := range members[r] {
			comm[x] = int32(c)
		}
	}
	return comm, len(reps), nil
}

// sortedKeys returns the map's keys in increasing order.
func sortedKeys(m map[int32]float64) []int32 {
	keys := make([]int32, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
