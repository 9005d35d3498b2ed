package tools

import (
	"fmt"
	"sort"
)

// Registry holds tools by name. It is read-only after construction and safe
// for concurrent use.
type Registry struct {
	byName map[string]Tool
	names  []string
}

// NewRegistry returns a registry of the given tools; a duplicate name is an
// error.
func NewRegistry(ts ...Tool) (*Registry, error) {
	r := &Registry{byName: map[string]Tool{}}
	for _, t := range ts {
		name := t.Spec().Name
		if _, dup := r.byName[name]; dup {
			return nil, fmt.Errorf("tool %q registered twice", name)
		}
		r.byName[name] = t
		r.names = append(r.names, name)
	}
	sort.Strings(r.names)
	return r, nil
}

// Catalogue returns the registry of every builtin tool.
func Catalogue() *Registry {
	var all []Tool
	all = append(all, basicTools()...)
	all = append(all, advancedTools()...)
	all = append(all, propertyTools()...)
	all = append(all, communityTools()...)
	all = append(all, neighbourhoodTools()...)
	all = append(all, listingTools()...)
	r, err := NewRegistry(all...)
	if err != nil {
		// The catalogue is fixed at compile time; a clash is a programming
		// error caught by the tests.
		panic(err)
	}
	return r
}

// Get returns the tool called name, or an error wrapping ErrUnknownTool.
func (r *Registry) Get(name string) (Tool, error) {
	t, ok := r.byName[name]
	if !ok {
		return nil, fmt.Errorf("%q: %w", name, ErrUnknownTool)
	}
	return t, nil
}

// Names returns the tool names in sorted order.
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }

// Specs returns every tool's spec, sorted by name.
func (r *Registry) Specs() []Spec {
	out := make([]Spec, len(r.names))
	for i, n := range r.names {
		out[i] = r.byName[n].Spec()
	}
	return out
}

// Len is the number of tools.
func (r *Registry) Len() int { return len(r.names) }
