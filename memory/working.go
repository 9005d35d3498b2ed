package memory

import (
	"container/list"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/graphagent/graphagent/tools/graph"
)

// It is the name that refers to the most recently used graph.
const It = "it"

// WorkingLimits bound a working memory; zero fields take the defaults.
type WorkingLimits struct {
	// Graphs is the most graphs kept (default 16).
	Graphs int
	// Edges is the most edges kept over all graphs (default 5,000,000). The
	// most recent graph is kept even when it alone is larger.
	Edges int
	// Results is the most results kept (default 64).
	Results int
	// Budget, when set, bounds the graphs of all the working memories
	// that share it (a server's sessions), least recently used dropped
	// first; nil means no shared bound.
	Budget *Budget
}

// ResultRecord is one tool result remembered in a session.
type ResultRecord struct {
	// Tool is the tool's name.
	Tool string `json:"tool"`
	// Args are the arguments it ran with.
	Args json.RawMessage `json:"args,omitempty"`
	// Graph is the name of the graph it ran on.
	Graph string `json:"graph,omitempty"`
	// Value is the typed result.
	Value any `json:"value"`
	// Text states the result.
	Text string `json:"text,omitempty"`
	// At is when it was recorded.
	At time.Time `json:"at"`
}

// Working is the working memory of a session: graphs by name, evicted least
// recently used first when there are too many or their edges add up past
// the limit, and the most recent results. It is safe for concurrent use.
type Working struct {
	limits WorkingLimits

	mu         sync.Mutex
	lru        *list.List // of *graphSlot, most recently used at the front
	byName     map[string]*list.Element
	totalEdges int
	results    []ResultRecord // ring buffer
	next       int            // where the next result goes
	full       bool
	// dropped names the graphs the shared budget took, newest last;
	// currentGone is set while the current graph is one of them, so
	// that "it" does not silently mean an older graph.
	dropped     []string
	currentGone bool
}

type graphSlot struct {
	name string
	g    *graph.Graph
	bel  *list.Element // the slot's entry in limits.Budget, if any
}

// maxDropped is how many dropped graph names a working memory remembers.
const maxDropped = 16

// NewWorking returns an empty working memory.
func NewWorking(l WorkingLimits) *Working {
	if l.Graphs <= 0 {
		l.Graphs = 16
	}
	if l.Edges <= 0 {
		l.Edges = 5_000_000
	}
	if l.Results <= 0 {
		l.Results = 64
	}
	return &Working{
		limits:  l,
		lru:     list.New(),
		byName:  map[string]*list.Element{},
		results: make([]ResultRecord, l.Results),
	}
}

// Put keeps g under name, replacing a graph of that name, makes it the
// current graph ("it"), and returns the names of the graphs it evicted.
func (w *Working) Put(name string, g *graph.Graph) ([]string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, fmt.Errorf("working memory: graph name is empty: %w", ErrInvalid)
	}
	if strings.EqualFold(name, It) {
		return nil, fmt.Errorf("working memory: %q is reserved for the current graph: %w", It, ErrInvalid)
	}
	if g == nil {
		return nil, fmt.Errorf("working memory: graph %q is nil: %w", name, ErrInvalid)
	}
	w.mu.Lock()
	if el, ok := w.byName[name]; ok {
		w.unlink(el)
	}
	slot := &graphSlot{name: name, g: g}
	w.byName[name] = w.lru.PushFront(slot)
	w.totalEdges += g.M()
	w.currentGone = false
	var evicted []string
	for w.lru.Len() > 1 && (w.lru.Len() > w.limits.Graphs || w.totalEdges > w.limits.Edges) {
		back := w.lru.Back()
		evicted = append(evicted, back.Value.(*graphSlot).name)
		w.unlink(back)
	}
	var victims []*budgetEntry
	if b := w.limits.Budget; b != nil {
		slot.bel, victims = b.add(w, name, g)
	}
	w.mu.Unlock()
	// Other sessions' memories are locked one at a time, never while
	// holding this one or the budget.
	for _, v := range victims {
		if v.w.dropForBudget(v) && v.w == w {
			evicted = append(evicted, v.name)
		}
	}
	return evicted, nil
}

// unlink removes a graph's slot, releasing it from the budget; w.mu is
// held.
func (w *Working) unlink(el *list.Element) {
	slot := el.Value.(*graphSlot)
	w.lru.Remove(el)
	delete(w.byName, slot.name)
	w.totalEdges -= slot.g.M()
	if slot.bel != nil {
		w.limits.Budget.remove(slot.bel)
	}
}

// dropForBudget drops the graph the shared budget took, if w still holds
// it, and remembers its name; it reports whether it was dropped.
func (w *Working) dropForBudget(v *budgetEntry) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	el, ok := w.byName[v.name]
	if !ok || el.Value.(*graphSlot).g != v.g {
		return false
	}
	if el == w.lru.Front() {
		w.currentGone = true
	}
	slot := el.Value.(*graphSlot)
	slot.bel = nil // already released
	w.unlink(el)
	w.dropped = append(w.dropped, v.name)
	if len(w.dropped) > maxDropped {
		w.dropped = w.dropped[1:]
	}
	return true
}

// Dropped returns the name of the newest graph the shared budget took from
// this memory (see WorkingLimits.Budget), if any.
func (w *Working) Dropped() (string, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.dropped) == 0 {
		return "", false
	}
	return w.dropped[len(w.dropped)-1], true
}

// Close releases the graphs from the shared budget; the memory is empty
// afterwards.
func (w *Working) Close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.lru.Len() > 0 {
		w.unlink(w.lru.Front())
	}
}

// Get returns the graph called name ("it" or "" for the current one) and
// makes it the current graph.
func (w *Working) Get(name string) (*graph.Graph, bool) {
	name = strings.TrimSpace(name)
	w.mu.Lock()
	defer w.mu.Unlock()
	if name == "" || strings.EqualFold(name, It) {
		if el := w.lru.Front(); el != nil && !w.currentGone {
			w.touch(el)
			return el.Value.(*graphSlot).g, true
		}
		return nil, false
	}
	el, ok := w.byName[name]
	if !ok {
		return nil, false
	}
	w.lru.MoveToFront(el)
	w.currentGone = false
	w.touch(el)
	return el.Value.(*graphSlot).g, true
}

// touch marks a graph used in the shared budget; w.mu is held.
func (w *Working) touch(el *list.Element) {
	if bel := el.Value.(*graphSlot).bel; bel != nil {
		w.limits.Budget.touch(bel)
	}
}

// Current returns the name of the current graph, empty when there is none
// (or when the shared budget took it).
func (w *Working) Current() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if el := w.lru.Front(); el != nil && !w.currentGone {
		return el.Value.(*graphSlot).name
	}
	return ""
}

// Names returns the graph names, most recently used first.
func (w *Working) Names() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	names := make([]string, 0, w.lru.Len())
	for el := w.lru.Front(); el != nil; el = el.Next() {
		names = append(names, el.Value.(*graphSlot).name)
	}
	return names
}

// Edges returns the number of edges kept over all graphs.
func (w *Working) Edges() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.totalEdges
}

// Remember records a result, dropping the oldest past the limit. A zero At
// is set to now.
func (w *Working) Remember(r ResultRecord) {
	if r.At.IsZero() {
		r.At = time.Now()
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.results[w.next] = r
	w.next = (w.next + 1) % len(w.results)
	if w.next == 0 {
		w.full = true
	}
}

// Results returns the remembered results, newest first.
func (w *Working) Results() []ResultRecord {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := w.next
	if w.full {
		n = len(w.results)
	}
	out := make([]ResultRecord, 0, n)
	for i := 1; i <= n; i++ {
		out = append(out, w.results[(w.next-i+len(w.results))%len(w.results)])
	}
	return out
}

// LastResult returns the newest result.
func (w *Working) LastResult() (ResultRecord, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.next == 0 && !w.full {
		return ResultRecord{}, false
	}
	return w.results[(w.next-1+len(w.results))%len(w.results)], true
}

// NamedGraph is a graph of a working memory and its name.
type NamedGraph struct {
	Name  string
	Graph *graph.Graph
}

// WorkingState is what a working memory holds, for keeping it outside the
// process between a session's turns (a server's sessions in Redis).
type WorkingState struct {
	// Graphs are the graphs, most recently used (the current one) first.
	Graphs []NamedGraph
	// Results are the remembered results, newest first.
	Results []ResultRecord
	// Dropped names the graphs the shared budget took, newest last.
	Dropped []string
	// CurrentGone is set when the current graph is one the budget took.
	CurrentGone bool
}

// State returns what w holds; the graphs are shared, not copied (they are
// immutable).
func (w *Working) State() WorkingState {
	s := WorkingState{Results: w.Results()}
	w.mu.Lock()
	defer w.mu.Unlock()
	for el := w.lru.Front(); el != nil; el = el.Next() {
		slot := el.Value.(*graphSlot)
		s.Graphs = append(s.Graphs, NamedGraph{Name: slot.name, Graph: slot.g})
	}
	s.Dropped = append([]string(nil), w.dropped...)
	s.CurrentGone = w.currentGone
	return s
}

// RestoreWorking returns a working memory holding s under the limits l: the
// graphs are put back oldest first (so their order and the limits apply as
// when they were put), then the results.
func RestoreWorking(l WorkingLimits, s WorkingState) (*Working, error) {
	w := NewWorking(l)
	for i := len(s.Graphs) - 1; i >= 0; i-- {
		if _, err := w.Put(s.Graphs[i].Name, s.Graphs[i].Graph); err != nil {
			w.Close()
			return nil, err
		}
	}
	for i := len(s.Results) - 1; i >= 0; i-- {
		w.Remember(s.Results[i])
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	// A graph the budget took while restoring is noted by Put already.
	w.dropped = append(append([]string(nil), s.Dropped...), w.dropped...)
	if len(w.dropped) > maxDropped {
		w.dropped = w.dropped[len(w.dropped)-maxDropped:]
	}
	w.currentGone = w.currentGone || (s.CurrentGone && len(s.Graphs) > 0)
	return w, nil
}
