package tools

import "context"

// pushRelabel computes a maximum flow on r from s to t with the FIFO
// push-relabel algorithm, the global-relabelling and gap heuristics, in two
// phases (as Cherkassky and Goldberg's implementation and igraph do): the
// first finds a maximum preflow, whose excess at t is the flow value; the
// second returns the excess stranded at other nodes to s, which leaves a
// flow. It returns the value and leaves the residual capacities in r's arcs,
// as dinic does.
//
// On sparse graphs whose cut is small next to their size, a global
// relabelling (one backward breadth-first search) and a few local pushes
// settle the flow, where each of Dinic's phases passes over the whole graph
// twice.
//
// The second phase runs, on directed graphs, on the reverse arcs alone:
// excess goes back only by undoing flow that came in (a forward arc of a
// directed edge never carries net flow backwards), and every node with
// excess has such a path back to s, along which its excess arrived. Its
// backward search then visits only the nodes that flow reached, not the
// whole graph again.
func pushRelabel[T int64 | float64](ctx context.Context, r *residual[T], s, t int32) (T, error) {
	n := int32(len(r.off) - 1)
	p := prState[T]{
		r:      r,
		n:      n,
		label:  make([]int32, n),
		excess: make([]T, n),
		cur:    make([]int32, n),
		count:  make([]int32, 2*n+2),
		queued: make([]bool, n),
		bfs:    make([]int32, 0, n),
		lo:     r.off[:n],
		hi:     r.off[1:],
		bfsLo:  r.off[:n],
		bfsHi:  r.off[1:],
	}
	// Phase 1: labels are distances to t; nodes that cannot reach t are
	// labelled n and hold their excess until phase 2.
	p.relabelAll(t, s, n)
	for a := r.off[s]; a < r.off[s+1]; a++ {
		if c := r.arcs[a].cap; c > 0 {
			r.push(a, c)
			p.excess[s] -= c
			p.gain(r.arcs[a].head, c, s, t)
		}
	}
	if err := p.run(ctx, t, s, n); err != nil {
		return 0, err
	}
	value := p.excess[t]
	stranded := false
	for v := int32(0); v < n && !stranded; v++ {
		stranded = v != s && v != t && p.excess[v] > 0
	}
	if !stranded {
		return value, nil
	}
	// Phase 2: labels are distances to s in the residual network (t left
	// out); every node with excess has a residual path back to s, along
	// which its excess came.
	p.queue = p.queue[:0]
	for v := int32(0); v < n; v++ {
		p.queued[v] = false
	}
	if r.directed {
		// Discharge along reverse arcs; the backward search from s enters
		// u from v when u's reverse arc to v has capacity, which is v's
		// forward arc to u having rcap.
		p.lo, p.bfsHi = r.mid, r.mid
	}
	p.relabelAll(s, t, 2*n)
	for v := int32(0); v < n; v++ {
		if v != s && v != t && p.excess[v] > 0 {
			p.enqueue(v)
		}
	}
	if err := p.run(ctx, s, t, 2*n); err != nil {
		return 0, err
	}
	return value, nil
}

// prState is the working state of pushRelabel.
type prState[T int64 | float64] struct {
	r      *residual[T]
	n      int32
	label  []int32
	excess []T
	cur    []int32 // current arc of each node
	count  []int32 // nodes per label below the cap, for the gap heuristic
	queued []bool
	queue  []int32 // FIFO of active nodes
	bfs    []int32
	work   int // arcs scanned since the last global relabelling
	// The arcs of v that discharge uses are lo[v]..hi[v], those the
	// backward search scans bfsLo[v]..bfsHi[v] (all of v's arcs but in the
	// second phase on directed graphs).
	lo, hi, bfsLo, bfsHi []int32
}

// relabelAll sets every label to the residual distance to sink (by a
// backward breadth-first search that never enters skip), and top for the
// nodes that cannot reach it; it resets the current arcs and the gap
// counts.
func (p *prState[T]) relabelAll(sink, skip, top int32) {
	r := p.r
	for v := range p.label {
		p.label[v] = top
	}
	clear(p.count)
	p.label[sink] = 0
	q := append(p.bfs[:0], sink)
	for head := 0; head < len(q); head++ {
		v := q[head]
		dv := p.label[v] + 1
		p.count[p.label[v]]++
		for a := p.bfsLo[v]; a < p.bfsHi[v]; a++ {
			// u -> v has residual capacity when the reverse of v -> u has:
			// rcap[a], stored beside a.
			if r.arcs[a].rcap > 0 {
				if u := r.arcs[a].head; p.label[u] == top && u != skip && u != sink {
					p.label[u] = dv
					q = append(q, u)
				}
			}
		}
	}
	p.bfs = q
	copy(p.cur, p.lo)
	p.work = 0
}

// enqueue makes v active.
func (p *prState[T]) enqueue(v int32) {
	if !p.queued[v] {
		p.queued[v] = true
		p.queue = append(p.queue, v)
	}
}

// gain adds c to v's excess, making v active unless it is one of the ends.
func (p *prState[T]) gain(v int32, c T, a, b int32) {
	p.excess[v] += c
	if v != a && v != b {
		p.enqueue(v)
	}
}

// run discharges the active nodes toward sink until none below top is
// left. Labels at top or above are inactive: their excess waits (phase 1)
// or cannot occur (phase 2).
func (p *prState[T]) run(ctx context.Context, sink, source, top int32) error {
	r := p.r
	m := int(r.off[p.n])
	relabelEvery := 6*int(p.n) + m
	steps := 0
	for head := 0; head < len(p.queue); head++ {
		if steps++; steps%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if head > 1<<16 && head > len(p.queue)/2 {
			// Drop the consumed prefix so the queue does not grow without
			// bound.
			p.queue = append(p.queue[:0], p.queue[head:]...)
			head = 0
		}
		v := p.queue[head]
		p.queued[v] = false
		if p.work > relabelEvery {
			p.relabelAll(sink, source, top)
		}
		if p.label[v] >= top {
			continue
		}
		// discharge leaves v without excess or inactive (labelled top).
		p.discharge(v, sink, source, top)
	}
	p.queue = p.queue[:0]
	return nil
}

// discharge pushes v's excess along admissible arcs (to a node labelled one
// less) and relabels v when none is left, until v has no excess or its
// label reaches top.
func (p *prState[T]) discharge(v, sink, source, top int32) {
	r := p.r
	start, end := p.lo[v], p.hi[v]
	for p.excess[v] > 0 {
		dv := p.label[v]
		for a := p.cur[v]; a < end; a++ {
			u := r.arcs[a].head
			if c := r.arcs[a].cap; c > 0 && p.label[u] == dv-1 {
				d := min(p.excess[v], c)
				r.push(a, d)
				p.excess[v] -= d
				p.gain(u, d, sink, source)
				if p.excess[v] == 0 {
					p.cur[v] = a
					p.work += int(a-start) + 1
					return
				}
			}
		}
		// No admissible arc: relabel to one more than the lowest residual
		// neighbour.
		low := top
		for a := start; a < end; a++ {
			if r.arcs[a].cap > 0 {
				if l := p.label[r.arcs[a].head] + 1; l < low {
					low = l
				}
			}
		}
		p.work += int(end-start) + 12
		p.cur[v] = start
		old := p.label[v]
		p.count[old]--
		if p.count[old] == 0 && old < top {
			// Gap: no node is left at label old, so nodes above it cannot
			// reach the sink any more.
			for w := range p.label {
				if l := p.label[w]; l > old && l < top {
					p.count[l]--
					p.label[w] = top
				}
			}
			low = top
		}
		p.label[v] = low
		if low >= top {
			return
		}
		p.count[low]++
	}
}
