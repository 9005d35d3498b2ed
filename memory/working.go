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
}

type graphSlot struct {
	name string
	g    *graph.Graph
}

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
	defer w.mu.Unlock()
	if el, ok := w.byName[name]; ok {
		w.totalEdges -= el.Value.(*graphSlot).g.M()
		w.lru.Remove(el)
	}
	w.byName[name] = w.lru.PushFront(&graphSlot{name: name, g: g})
	w.totalEdges += g.M()
	var evicted []string
	for w.lru.Len() > 1 && (w.lru.Len() > w.limits.Graphs || w.totalEdges > w.limits.Edges) {
		el := w.lru.Back()
		slot := el.Value.(*graphSlot)
		w.lru.Remove(el)
		delete(w.byName, slot.name)
		w.totalEdges -= slot.g.M()
		evicted = append(evicted, slot.name)
	}
	return evicted, nil
}

// Get returns the graph called name ("it" or "" for the current one) and
// makes it the current graph.
func (w *Working) Get(name string) (*graph.Graph, bool) {
	name = strings.TrimSpace(name)
	w.mu.Lock()
	defer w.mu.Unlock()
	if name == "" || strings.EqualFold(name, It) {
		if el := w.lru.Front(); el != nil {
			return el.Value.(*graphSlot).g, true
		}
		return nil, false
	}
	el, ok := w.byName[name]
	if !ok {
		return nil, false
	}
	w.lru.MoveToFront(el)
	return el.Value.(*graphSlot).g, true
}

// Current returns the name of the current graph, empty when there is none.
func (w *Working) Current() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if el := w.lru.Front(); el != nil {
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
