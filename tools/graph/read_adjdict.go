package graph

import "fmt"

// ParsePythonAdjacency parses an adjacency dict as written inside questions
// and by NetworkX's nx.to_dict_of_lists and nx.to_dict_of_dicts, in Python
// or JSON syntax:
//
//	{'A': ['B', 'C'], 'B': ['A']}                 neighbour lists
//	{"0": [1, 4], "1": [0]}                       JSON, keys quoted
//	{'A': {'B': {'weight': 3}}, 'B': {}}          attribute dicts
//	{'A': {'B': 3, 'C': 1.5}}                     neighbour → weight
//	{10: {18}, 11: {3, 4}}                        neighbour sets
//
// Every key is a node, in order, so nodes without neighbours are kept.
// Attribute keys "weight" and "capacity" with numeric values set the edge's
// weight and capacity; other attributes are kept. An undirected graph keeps
// an edge listed from both ends once. Errors are *SyntaxError values with
// the line and column.
func ParsePythonAdjacency(text string, opt ReadOptions) (*Graph, error) {
	p := pyParser{s: text, src: opt.source("adjacency dict")}
	b := opt.builder(opt.Directed)
	var keys []string
	var vals []any
	var valPos []int
	p.skipSpace()
	if err := p.expect('{', "to open the adjacency dict"); err != nil {
		return nil, err
	}
	for {
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			break
		}
		keyPos := p.pos
		k, err := p.value()
		if err != nil {
			return nil, err
		}
		u, ok := dictKey(k)
		if !ok {
			p.pos = keyPos
			return nil, p.fail("node must be a string or a number")
		}
		if _, err := b.AddNode(u); err != nil {
			return nil, err
		}
		keys = append(keys, u)
		if err := p.expect(':', "after a node"); err != nil {
			return nil, err
		}
		p.skipSpace()
		pos := p.pos
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
		valPos = append(valPos, pos)
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == ',' {
			p.pos++
			continue
		}
		if err := p.expect('}', "or ',' after a node's neighbours"); err != nil {
			return nil, err
		}
		break
	}
	p.skipSpace()
	if p.pos < len(p.s) {
		return nil, p.fail("unexpected %s after the adjacency dict", p.describe())
	}
	// Edges go in after every key is a node, so nodes keep the dict's order.
	for i, u := range keys {
		if err := addAdjacency(b, u, vals[i]); err != nil {
			p.pos = valPos[i]
			return nil, p.fail("neighbours of %q: %v", u, err)
		}
	}
	g := b.Build()
	g.SetName(opt.Name)
	return g, nil
}

// addAdjacency adds the edges from u given by its value in an adjacency
// dict: a list of neighbours, or a dict from neighbour to a weight or an
// attribute dict.
func addAdjacency(b *Builder, u string, v any) error {
	if set, ok := v.(pySet); ok {
		v = []any(set) // a dict of sets: the members are the neighbours
	}
	switch x := v.(type) {
	case []any:
		for _, n := range x {
			id, ok := dictKey(n)
			if !ok {
				return fmt.Errorf("%s is not a node", pyRepr(n))
			}
			if _, err := b.AddEdge(u, id); err != nil {
				return err
			}
		}
	case map[string]any:
		for id, attrs := range sortedAttrs(x) {
			e, err := b.AddEdge(u, id)
			if err != nil {
				return err
			}
			switch a := attrs.(type) {
			case int64:
				b.SetWeight(e, float64(a))
			case float64:
				b.SetWeight(e, a)
			case map[string]any:
				for key, val := range sortedAttrs(a) {
					f, num := toFloat(val)
					switch {
					case key == "weight" && num:
						b.SetWeight(e, f)
					case key == "capacity" && num:
						b.SetCapacity(e, f)
					case key == "weight" || key == "capacity":
						return fmt.Errorf("%s of %q is %s, not a number", key, id, pyRepr(val))
					default:
						b.SetEdgeAttr(e, key, val)
					}
				}
			case nil:
			default:
				return fmt.Errorf("%s is neither a weight nor an attribute dict", pyRepr(attrs))
			}
		}
	default:
		return fmt.Errorf("%s is neither a list of neighbours nor a dict", pyRepr(v))
	}
	return nil
}
