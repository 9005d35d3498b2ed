package memory

import (
	"container/list"
	"sync"

	"github.com/graphagent/graphagent/tools/graph"
)

// Budget bounds the memory of the graphs that many working memories hold
// together (a server's sessions): when their estimated size passes the
// budget, the least recently used graphs, of any session, are dropped, and
// each session that lost one can say so (Working.Dropped). It is safe for
// concurrent use.
type Budget struct {
	max int64

	mu    sync.Mutex
	lru   *list.List // of *budgetEntry, most recently used at the front
	total int64
}

// budgetEntry is one graph held under a Budget.
type budgetEntry struct {
	w    *Working
	name string
	g    *graph.Graph
	size int64
}

// NewBudget returns a budget of maxBytes (estimated by GraphBytes).
func NewBudget(maxBytes int64) *Budget {
	return &Budget{max: maxBytes, lru: list.New()}
}

// Bytes returns the estimated size of the graphs held now.
func (b *Budget) Bytes() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.total
}

// Max returns the budget.
func (b *Budget) Max() int64 { return b.max }

// GraphBytes estimates the memory a graph holds: its IDs, adjacency in
// both directions, edge ends and weights, and a share of the index
// (measured on random and path graphs of 10^5-10^6 nodes, within 1.5x).
// Attributes are not counted.
func GraphBytes(g *graph.Graph) int64 {
	n, m := int64(g.N()), int64(g.M())
	idBytes := int64(0)
	for _, id := range g.IDs() {
		idBytes += int64(len(id))
	}
	return 64*n + idBytes + 48*m
}

// add registers a graph just put in w and returns the entries dropped to
// stay within the budget (never the one added), already unregistered; the
// caller drops them from their working memories without holding b.mu.
func (b *Budget) add(w *Working, name string, g *graph.Graph) (*list.Element, []*budgetEntry) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := &budgetEntry{w: w, name: name, g: g, size: GraphBytes(g)}
	el := b.lru.PushFront(e)
	b.total += e.size
	var victims []*budgetEntry
	for b.total > b.max && b.lru.Len() > 1 {
		back := b.lru.Back()
		v := back.Value.(*budgetEntry)
		b.lru.Remove(back)
		b.total -= v.size
		v.size = -1
		victims = append(victims, v)
	}
	return el, victims
}

// touch marks a graph used.
func (b *Budget) touch(el *list.Element) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if el.Value.(*budgetEntry).size >= 0 { // still registered
		b.lru.MoveToFront(el)
	}
}

// remove unregisters a graph that its working memory dropped.
func (b *Budget) remove(el *list.Element) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e := el.Value.(*budgetEntry)
	if e.size < 0 {
		return // already dropped by the budget
	}
	b.lru.Remove(el)
	b.total -= e.size
	e.size = -1
}
