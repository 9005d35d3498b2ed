package explore

import (
	"context"
	"sync"

	"github.com/graphagent/graphagent/tools/kg"
)

// Cache gives the explorers of named knowledge graphs, each loaded on first
// use and then kept. It is safe for concurrent use: a question about one
// graph does not wait for another's load, many questions about one graph
// load it once, and a failed load (a cancelled question, say) is tried
// again by the next question rather than remembered.
type Cache struct {
	load func(ctx context.Context, name string) (*kg.KG, error)
	opts Options

	mu sync.Mutex
	xs map[string]*cachedExplorer
}

// cachedExplorer is one graph's explorer, loaded under its own lock.
type cachedExplorer struct {
	mu sync.Mutex
	x  *Explorer
}

// NewCache returns a cache whose explorers read their graph with load and
// explore it with opts.
func NewCache(load func(ctx context.Context, name string) (*kg.KG, error), opts Options) *Cache {
	return &Cache{load: load, opts: opts, xs: map[string]*cachedExplorer{}}
}

// Explorer returns the explorer of the knowledge graph name, loading it
// when no earlier call has.
func (c *Cache) Explorer(ctx context.Context, name string) (*Explorer, error) {
	c.mu.Lock()
	e := c.xs[name]
	if e == nil {
		e = &cachedExplorer{}
		c.xs[name] = e
	}
	c.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.x != nil {
		return e.x, nil
	}
	g, err := c.load(ctx, name)
	if err != nil {
		return nil, err
	}
	e.x = New(g, c.opts)
	return e.x, nil
}
