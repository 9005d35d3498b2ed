package extract

import (
	"context"
	"errors"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// AdjacencyDict reads a graph written as a dict of neighbour lists or of
// neighbour dicts, in Python or JSON syntax ({'A': ['B', 'C'], 'B': ['A']},
// {"0": [1, 4]}, {'a': {'b': 3}}, {'s': {'t': {'capacity': 4}}}), as
// NetworkX's to_dict_of_lists and to_dict_of_dicts write them, with
// graph.ParsePythonAdjacency. Every key is a node, so nodes without
// neighbours are kept.
//
// A symmetric dict, or one the question calls undirected, is an undirected
// graph with each edge once; one the question calls directed keeps every
// entry as an arc; an asymmetric dict in a question that does not say is
// read as written with the direction left unknown. A dict that starts like
// one ("{'A': [") and then breaks is an error wrapping graph.ErrSyntax naming
// the question's line and column.
type AdjacencyDict struct{}

// Name names the notation.
func (AdjacencyDict) Name() string { return "adjacency dict" }

// adjDictNotKeys are keys of other JSON graph notations (node-link JSON).
var adjDictNotKeys = map[string]bool{"nodes": true, "edges": true, "links": true, "directed": true, "graph": true, "multigraph": true}

// Read implements Reader.
func (AdjacencyDict) Read(ctx context.Context, d *Doc) (Reading, error) {
	text := d.Text
	var out Reading
	for off := 0; off < len(text); {
		if err := ctx.Err(); err != nil {
			return Reading{}, err
		}
		k := strings.IndexByte(text[off:], '{')
		if k < 0 {
			break
		}
		s := off + k
		if !adjDictStart(text, s) {
			off = s + 1
			continue
		}
		e, ok := adjDictEnd(text, s)
		if !ok {
			return Reading{}, syntaxErrorAt(text, s, "adjacency dict: '{' is not closed")
		}
		g, err := graph.ParsePythonAdjacency(text[s:e], graph.ReadOptions{Directed: true, Name: "adjacency dict"})
		if err != nil && !adjDictCue(d.Lower) && errors.Is(err, graph.ErrSyntax) && adjDictRecords(text[s:e]) {
			// A dict the question does not call neighbour lists whose
			// values are lists of records ({"agreements": [{"parties":
			// ...}]}, an API's answer): not this notation, so no error
			// of it.
			off = e
			continue
		}
		if err != nil {
			return Reading{}, rebaseSyntaxError(text, s, "adjacency dict", err)
		}
		r := adjDictReading(d, g, s, e)
		if out.Reader == "" {
			out = r
		} else {
			mergeGraphReading(&out, r, "adjacency dict")
		}
		off = e
	}
	return out, nil
}

// adjDictReading turns the arcs read from a dict into a Reading, deciding
// the direction.
func adjDictReading(d *Doc, g *graph.Graph, s, e int) Reading {
	r := readingFromGraph(AdjacencyDict{}.Name(), g, DirDirected, s, e)
	symmetric := true
	for i := int32(0); i < int32(g.M()) && symmetric; i++ {
		u, v := g.Edge(i)
		j, ok := g.FindEdge(v, u)
		symmetric = ok && (!g.Weighted() || g.Weight(i) == g.Weight(j))
	}
	stated := statedDirection(d.Lower)
	switch {
	case stated == DirDirected:
	case stated == DirUndirected || symmetric:
		r.Directed = DirUndirected
		kept := r.Edges[:0]
		seen := make(map[[2]string]bool, len(r.Edges))
		for _, ed := range r.Edges {
			if seen[[2]string{ed.V, ed.U}] {
				continue // listed again from its other end
			}
			seen[[2]string{ed.U, ed.V}] = true
			kept = append(kept, ed)
		}
		r.Edges = kept
	default:
		// Lists that are not symmetric are each key's successors, as an
		// asymmetric matrix is read; only assumed, so the answer stands
		// only where the direction does not change it.
		r.Directed, r.DirectionAssumed = DirDirected, true
		r.Notes = append(r.Notes, "the neighbour lists are not symmetric: read one way, from each key to its list, by assumption")
	}
	if !adjDictCue(d.Lower) && adjDictKeys(d.Text[s:e]) != g.N() {
		r.Confidence = min(r.Confidence, 0.85)
		r.Notes = append(r.Notes, "a dict of lists is read as neighbour lists though the question does not call it one")
	}
	return r
}

// adjDictKeys counts the distinct keys of a dict's top level. When every
// node of its lists is a key too, the dict is a graph's neighbour lists
// whatever the question calls it.
func adjDictKeys(src string) int {
	keys := map[string]bool{}
	depth := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			depth--
		case '\'', '"':
			j := strings.IndexByte(src[i+1:], c)
			if j < 0 {
				return len(keys)
			}
			k := adjDictSkip(src, i+2+j)
			if depth == 1 && k < len(src) && src[k] == ':' {
				keys[src[i+1:i+1+j]] = true
			}
			i += j + 1
		}
	}
	return len(keys)
}

// adjDictRecords reports whether a dict holds a list of objects ("[{"),
// which no neighbour list is.
func adjDictRecords(src string) bool {
	for i := strings.IndexByte(src, '['); i >= 0; {
		if j := adjDictSkip(src, i+1); j < len(src) && src[j] == '{' {
			return true
		}
		k := strings.IndexByte(src[i+1:], '[')
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

// adjDictCue reports whether the question calls something neighbour lists,
// an adjacency, successors or a graph dict.
func adjDictCue(lower string) bool {
	for _, w := range []string{"neighbo", "adjacen", "successor", "dict", "connected to", "graph"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// adjDictStart reports whether text[s] opens a dict whose first entry is a
// node (quoted or a number) with a list or dict of neighbours: "{'A': [",
// "{"0": {", "{1: [".
func adjDictStart(text string, s int) bool {
	i := adjDictSkip(text, s+1)
	if i >= len(text) {
		return false
	}
	var key string
	switch c := text[i]; {
	case c == '\'' || c == '"':
		j := strings.IndexByte(text[i+1:], c)
		if j < 0 || j > 64 {
			return false
		}
		key = text[i+1 : i+1+j]
		i += j + 2
	case c >= '0' && c <= '9':
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		key, i = text[i:j], j
	default:
		return false
	}
	if adjDictNotKeys[strings.ToLower(key)] {
		return false
	}
	i = adjDictSkip(text, i)
	if i >= len(text) || text[i] != ':' {
		return false
	}
	i = adjDictSkip(text, i+1)
	return i < len(text) && (text[i] == '[' || text[i] == '{')
}

// adjDictSkip skips spaces and line breaks from i.
func adjDictSkip(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
		i++
	}
	return i
}

// adjDictEnd returns the end of the dict opened at text[s], skipping quoted
// strings of either kind; ok is false when it is not closed.
func adjDictEnd(text string, s int) (int, bool) {
	depth := 0
	for i := s; i < len(text); i++ {
		switch c := text[i]; c {
		case '\'', '"':
			for i++; i < len(text) && text[i] != c && text[i] != '\n'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return 0, false
}
