// Package named builds NetworkX's small named graphs — the graphs of the
// "gpr" hub of Graph-ToolFormer's statements (GL("gpr", {"cubical_graph"}))
// — with NetworkX's exact node labels (the integers 0..n-1), node order and
// neighbour order, so that every tool answers as it does on the NetworkX
// graph.
//
// Each graph is generated from its definition as NetworkX does: LCF notation
// for the Desargues, dodecahedral, Heawood, Möbius-Kantor and Pappus graphs,
// the classic generators (paths, cycles, trees, barbells, Turán graphs, …),
// the pentagon/pentagram construction of the Hoffman-Singleton graph; the
// graphs NetworkX itself writes down as adjacency lists (bull, cubical,
// Tutte, …) are tables here too.
//
// A name is read through one table (see Names): case, hyphens, underscores
// and spaces do not matter and a "_graph" suffix is optional
// ("Krackhardt-Kite", "krackhardt kite graph" and "krackhardt_kite_graph"
// are the same graph). Parameterised generators take their parameters in
// Python call syntax, "balanced_tree(3, 2)" or "circulant_graph(10, [1, 3])";
// without them they get the parameters of the Graph-ToolFormer data's graphs
// (balanced_tree is balanced_tree(2, 4), a tree of 31 nodes), read off the
// sizes and eccentricities recorded in its graph_properties prompts.
//
// One name of that data is not what it says: its "ladder_graph" has 7 nodes
// and 6 edges, results only the full 3-ary tree of 7 nodes gives, which no
// ladder graph is (a ladder of n rungs has 2n nodes and 3n-2 edges). Build
// does not guess a ladder size for it: "ladder_graph" alone is an error that
// says so, and "ladder_graph(n)" builds NetworkX's ladder graph.
package named

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools/graph"
)

// ErrUnknown means a name is not one of the named graphs; the error lists the
// closest names.
var ErrUnknown = errors.New("unknown named graph")

// ErrParams means the parameters of a named graph are missing, malformed or
// out of range.
var ErrParams = errors.New("bad named-graph parameters")

// Build returns the named graph. name is a NetworkX generator name as Names
// lists it, in any case, with hyphens, underscores or spaces, with or without
// the "_graph" suffix, optionally followed by parameters in parentheses.
func Build(name string) (*graph.Graph, error) {
	e, args, err := resolve(name)
	if err != nil {
		return nil, err
	}
	g, err := e.make(args)
	if err != nil {
		return nil, err
	}
	g.SetName(e.call(args))
	return g, nil
}

// Call returns the NetworkX call Build makes for name, with the parameters it
// uses, such as "balanced_tree(2, 4)"; it fails as Build would.
func Call(name string) (string, error) {
	e, args, err := resolve(name)
	if err != nil {
		return "", err
	}
	return e.call(args), nil
}

// Names returns the canonical names Build accepts (NetworkX's function
// names), sorted.
func Names() []string {
	out := make([]string, 0, len(table))
	for _, e := range table {
		out = append(out, e.name)
	}
	slices.Sort(out)
	return out
}

// resolve finds the table entry and the parameters for name.
func resolve(name string) (*entry, []arg, error) {
	base, args, err := splitCall(name)
	if err != nil {
		return nil, nil, err
	}
	key := normalize(base)
	e := lookup(key)
	if e == nil {
		return nil, nil, unknownName(name, key)
	}
	if args == nil && e.signature != "" {
		if e.defaults == nil {
			return nil, nil, fmt.Errorf("%s needs its parameters %s; %s: %w", e.name, e.signature, e.noDefault, ErrParams)
		}
		args = e.defaults
	}
	if err := e.check(args); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", e.call(args), err)
	}
	return e, args, nil
}

// normalize folds a name to its lookup key: lower case, words joined by one
// underscore, accents dropped ("Möbius" is "moebius", as NetworkX spells it),
// without a "_graph" suffix.
func normalize(s string) string {
	var b strings.Builder
	sep := false
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		if r == '_' || r == '\'' || r == '’' || unicode.IsSpace(r) || unicode.Is(unicode.Pd, r) {
			sep = true
			continue
		}
		if sep && b.Len() > 0 {
			b.WriteByte('_')
		}
		sep = false
		b.WriteString(foldAccent(r))
	}
	return strings.TrimSuffix(b.String(), "_graph")
}

// foldAccent spells the accented letters of graph names (Möbius, Chvátal,
// Turán) as NetworkX's function names do.
func foldAccent(r rune) string {
	switch r {
	case 'ö':
		return "oe"
	case 'ü':
		return "ue"
	case 'á', 'à', 'â', 'ä':
		return "a"
	case 'é', 'è', 'ê':
		return "e"
	}
	return string(r)
}

// lookup returns the entry whose key or alias is key.
func lookup(key string) *entry {
	for i := range table {
		e := &table[i]
		if e.key() == key || slices.Contains(e.aliases, key) {
			return e
		}
	}
	return nil
}

// unknownName is the error for a name not in the table, with close names:
// those within a few edits of it and those sharing a word with it.
func unknownName(name, key string) error {
	type near struct {
		name string
		dist int
	}
	var close []near
	words := strings.Split(key, "_")
	for _, e := range table {
		d := textutil.EditDistance(key, e.key())
		for _, a := range e.aliases {
			d = min(d, textutil.EditDistance(key, a))
		}
		if d <= max(2, len(key)/3) {
			close = append(close, near{e.name, d})
			continue
		}
		for _, w := range words {
			if len(w) >= 4 && slices.Contains(strings.Split(e.key(), "_"), w) {
				close = append(close, near{e.name, d})
				break
			}
		}
	}
	slices.SortStableFunc(close, func(a, b near) int { return a.dist - b.dist })
	if len(close) > 5 {
		close = close[:5]
	}
	if len(close) == 0 {
		all := Names()
		return fmt.Errorf("%q: %w; none of the %d named graphs is close (they are NetworkX's small graphs: %s, …)", name, ErrUnknown, len(all), strings.Join(all[:min(6, len(all))], ", "))
	}
	names := make([]string, len(close))
	for i, c := range close {
		names[i] = c.name
	}
	return fmt.Errorf("%q: %w; close names: %s", name, ErrUnknown, strings.Join(names, ", "))
}
