package extract

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/lang"
	"github.com/graphagent/graphagent/tools/graph"
)

// NodeLinkJSON reads a graph written as a JSON object in a question:
// NetworkX node-link JSON ({"nodes": [{"id": …}], "edges" or "links":
// [{"source": …, "target": …, "weight": …}], "directed": …}, read by
// graph.ReadNodeLink) and the common shorthand with nodes as a list of IDs
// and edges as pairs or triples ({"nodes": [1, 2, 3], "edges": [[1, 2],
// [2, 3, 5]]}). Node attributes give labels ("label", "class", "club", …)
// and vectors ("embedding", "features", "x", …).
//
// An object is read when one of its first keys is "nodes", "edges" or
// "links" with a list for its value. A JSON syntax error in such an object, or an object that is not
// closed, is an error wrapping graph.ErrSyntax naming the question's line
// and column.
type NodeLinkJSON struct{}

// Name names the notation.
func (NodeLinkJSON) Name() string { return "node-link JSON" }

// jsonGraphKeys are the keys that make an object a graph.
var jsonGraphKeys = []string{`"nodes"`, `"edges"`, `"links"`}

// jsonKeyWindow is how far into an object its graph key is looked for.
const jsonKeyWindow = 256

// jsonMaxDepth bounds the nesting of an object scanned.
const jsonMaxDepth = 64

// Read implements Reader.
func (NodeLinkJSON) Read(ctx context.Context, d *Doc) (Reading, error) {
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
		if !jsonHasGraphKey(text[s+1 : min(len(text), s+1+jsonKeyWindow)]) {
			off = s + 1
			continue
		}
		e, err := jsonObjectEnd(text, s)
		if err != nil {
			return Reading{}, err
		}
		r, err := jsonReadObject(d, s, e)
		if err != nil {
			return Reading{}, err
		}
		if out.Reader == "" {
			out = r
		} else {
			mergeGraphReading(&out, r, "JSON graph")
		}
		off = e
	}
	return out, nil
}

// jsonHasGraphKey reports whether the start of an object holds a graph key
// at its top level (before any nested object).
func jsonHasGraphKey(head string) bool {
	for _, k := range jsonGraphKeys {
		if i := strings.Index(head, k); i >= 0 && jsonTopLevel(head[:i]) {
			rest := strings.TrimLeft(head[i+len(k):], " \t\r\n")
			if rest, ok := strings.CutPrefix(rest, ":"); ok && strings.HasPrefix(strings.TrimLeft(rest, " \t\r\n"), "[") {
				return true // a list of nodes or edges: {"nodes": 3} is not a graph
			}
		}
	}
	return false
}

// jsonTopLevel reports whether the text after an object's '{' up to a key
// closes every bracket it opens ("graph": [], "directed": false), so the
// key belongs to the object itself.
func jsonTopLevel(before string) bool {
	depth := 0
	for i := 0; i < len(before); i++ {
		switch before[i] {
		case '"':
			for i++; i < len(before) && before[i] != '"'; i++ {
				if before[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	return depth == 0
}

// jsonObjectEnd returns the end of the JSON object starting at text[s],
// skipping strings; an object not closed is a syntax error.
func jsonObjectEnd(text string, s int) (int, error) {
	depth := 0
	for i := s; i < len(text); i++ {
		switch text[i] {
		case '"':
			i++
			for i < len(text) && text[i] != '"' {
				if text[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(text) {
				return 0, syntaxErrorAt(text, s, "JSON object has a string that is not closed")
			}
		case '{', '[':
			depth++
			if depth > jsonMaxDepth {
				return 0, syntaxErrorAt(text, i, fmt.Sprintf("JSON nested deeper than %d levels", jsonMaxDepth))
			}
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		}
	}
	return 0, syntaxErrorAt(text, s, "JSON object is not closed")
}

// jsonReadObject reads the graph object text[s:e].
func jsonReadObject(d *Doc, s, e int) (Reading, error) {
	raw := d.Text[s:e]
	var top map[string]json.RawMessage
	if err := jsonDecode(raw, &top); err != nil {
		return Reading{}, jsonError(d.Text, s, raw, err)
	}
	dir := statedDirection(d.Lower)
	if v, ok := top["directed"]; ok {
		var b bool
		if json.Unmarshal(v, &b) == nil {
			dir = DirUndirected
			if b {
				dir = DirDirected
			}
		}
	}
	if adj, ok := top["adjacency"]; ok {
		return jsonAdjacencyData(d, s, e, top["nodes"], adj, dir)
	}
	edgesKey := "edges"
	if _, ok := top["links"]; ok {
		edgesKey = "links"
	}
	var items []json.RawMessage
	if v, ok := top[edgesKey]; ok {
		if err := json.Unmarshal(v, &items); err != nil {
			return Reading{}, syntaxErrorAt(d.Text, s+bytes.Index([]byte(raw), v), fmt.Sprintf("JSON %q must be a list", edgesKey))
		}
	}
	objects := true
	for _, it := range items {
		if t := bytes.TrimLeft(it, " \t\r\n"); len(t) == 0 || t[0] != '{' {
			objects = false
			break
		}
	}
	var r Reading
	if objects && !jsonShorthandNodes(top["nodes"]) && !jsonOtherEdgeKeys(items) {
		g, err := graph.ReadNodeLink(strings.NewReader(raw), graph.ReadOptions{Directed: dir == DirDirected, Name: "JSON", Limits: d.limits()})
		if errors.Is(err, graph.ErrTooLarge) {
			return Reading{}, fmt.Errorf("JSON graph at byte %d: %w", s, err)
		}
		if err != nil {
			return Reading{}, rebaseSyntaxError(d.Text, s, "JSON graph", err)
		}
		gd := graphDirection(g)
		if dir == DirUnknown {
			gd = DirUnknown // the object does not say and neither does the text
		}
		r = readingFromGraph(NodeLinkJSON{}.Name(), g, gd, s, e)
		jsonNodeData(&r, g)
	} else {
		var err error
		r, err = jsonShorthand(d, s, e, top, items, edgesKey, dir)
		if err != nil {
			return Reading{}, err
		}
	}
	jsonNodeLists(d, &r, top["nodes"], len(items) > 0)
	return r, nil
}

// jsonNodeLists reads node objects that list other nodes ({"id":
// "menu", "next": ["faq", "returns"]}): under a name the lexicon gives
// successors, neighbours or predecessors, and with no edge list beside
// them, the lists are the edges; otherwise the reading is not sure, for
// the lists may be edges it did not read.
func jsonNodeLists(d *Doc, r *Reading, nodesRaw json.RawMessage, hasEdges bool) {
	var nodes []map[string]json.RawMessage
	if len(nodesRaw) == 0 || json.Unmarshal(nodesRaw, &nodes) != nil {
		return
	}
	ids := map[string]bool{}
	idOf := func(n map[string]json.RawMessage) (string, bool) {
		var v any
		if json.Unmarshal(n["id"], &v) != nil || v == nil {
			return "", false
		}
		return fmt.Sprint(v), true
	}
	for _, n := range nodes {
		if id, ok := idOf(n); ok {
			ids[id] = true
		}
	}
	type list struct {
		from, key string
		to        []string
	}
	var lists []list
	for _, n := range nodes {
		id, ok := idOf(n)
		if !ok {
			continue
		}
		for k, v := range n {
			var items []any
			if k == "id" || json.Unmarshal(v, &items) != nil || len(items) == 0 {
				continue
			}
			var to []string
			for _, it := range items {
				if x := fmt.Sprint(it); ids[x] {
					to = append(to, x)
				}
			}
			if len(to) == len(items) {
				lists = append(lists, list{id, k, to})
			}
		}
	}
	if len(lists) == 0 {
		return
	}
	slices.SortFunc(lists, func(a, b list) int { return strings.Compare(a.from+"\x00"+a.key, b.from+"\x00"+b.key) })
	keys := map[string]bool{}
	for _, l := range lists {
		keys[l.key] = true
	}
	role := lang.ColumnRole("")
	for k := range keys {
		if role == "" {
			role = d.opt.Lexicon.Column(strings.ToLower(k))
		} else if d.opt.Lexicon.Column(strings.ToLower(k)) != role {
			role = "x"
		}
	}
	if hasEdges || len(keys) != 1 || role != lang.ColSuccessors && role != lang.ColNeighbours && role != lang.ColPredecessors {
		r.Confidence = min(r.Confidence, 0.5)
		r.Notes = append(r.Notes, fmt.Sprintf("node objects list other nodes under %q, which are not read as edges", slices.Sorted(maps.Keys(keys))[0]))
		return
	}
	order := make([]string, 0, len(nodes))
	for _, n := range nodes {
		if id, ok := idOf(n); ok {
			order = append(order, id)
		}
	}
	at := map[string]int{}
	for i, id := range order {
		at[id] = i
	}
	slices.SortStableFunc(lists, func(a, b list) int { return at[a.from] - at[b.from] })
	for _, l := range lists {
		for _, t := range l.to {
			u, v := l.from, t
			if role == lang.ColPredecessors {
				u, v = t, l.from
			}
			r.Edges = append(r.Edges, Edge{U: u, V: v, Start: r.Spans[0].Start, End: r.Spans[0].End})
		}
	}
	switch role {
	case lang.ColNeighbours:
		if r.Directed == DirUnknown {
			r.Directed = DirUndirected
		}
	default:
		if r.Directed != DirUndirected {
			r.Directed = DirDirected
		}
	}
	if r.Facts == nil {
		r.Facts = map[string]string{}
	}
	r.Facts["edges_from"] = fmt.Sprintf("each node's %q list", lists[0].key)
}

// jsonAdjacencyData reads NetworkX adjacency JSON (nx.adjacency_data):
// "nodes" lists {"id": …} objects and "adjacency" lists, for each node in
// the same order, its neighbours as {"id": …, "weight": …} objects.
func jsonAdjacencyData(d *Doc, s, e int, nodesRaw, adjRaw json.RawMessage, dir Direction) (Reading, error) {
	raw := d.Text[s:e]
	at := func(v json.RawMessage) int { return s + max(0, bytes.Index([]byte(raw), v)) }
	var nodes []map[string]any
	if err := jsonDecode(string(nodesRaw), &nodes); err != nil {
		return Reading{}, syntaxErrorAt(d.Text, at(nodesRaw), `JSON "nodes" must be a list of objects with an "id"`)
	}
	var adj [][]map[string]any
	if err := jsonDecode(string(adjRaw), &adj); err != nil {
		return Reading{}, syntaxErrorAt(d.Text, at(adjRaw), `JSON "adjacency" must be a list of lists of objects with an "id"`)
	}
	if len(adj) != len(nodes) {
		return Reading{}, syntaxErrorAt(d.Text, at(adjRaw), fmt.Sprintf(`JSON "adjacency" has %d lists for %d nodes`, len(adj), len(nodes)))
	}
	r := Reading{Reader: NodeLinkJSON{}.Name(), Directed: dir, Confidence: 0.95}
	ids := make([]string, len(nodes))
	for i, n := range nodes {
		id, ok := jsonID(n["id"])
		if !ok {
			return Reading{}, syntaxErrorAt(d.Text, at(nodesRaw), fmt.Sprintf("JSON nodes[%d] has no ID", i))
		}
		ids[i] = id
	}
	r.Nodes = ids
	seen := map[[2]string]bool{}
	valued := 0
	for i, list := range adj {
		for k, nb := range list {
			v, ok := jsonID(nb["id"])
			if !ok {
				return Reading{}, syntaxErrorAt(d.Text, at(adjRaw), fmt.Sprintf("JSON adjacency[%d][%d] has no ID", i, k))
			}
			u := ids[i]
			if dir != DirDirected && seen[[2]string{v, u}] {
				continue // an undirected edge listed from its other end
			}
			if seen[[2]string{u, v}] {
				continue
			}
			seen[[2]string{u, v}] = true
			if !slices.Contains(r.Nodes, v) {
				r.Nodes = append(r.Nodes, v)
			}
			ed := Edge{U: u, V: v, Start: s, End: e}
			for _, key := range []string{"weight", "capacity"} {
				if num, ok := nb[key].(json.Number); ok {
					if f, err := num.Float64(); err == nil {
						ed.Value, ed.HasValue = f, true
						valued++
						if r.EdgeValue == "" {
							r.EdgeValue = MeaningWeight
							if key == "capacity" {
								r.EdgeValue = MeaningCapacity
							}
						}
						break
					}
				}
			}
			r.Edges = append(r.Edges, ed)
		}
	}
	if valued > 0 && valued < len(r.Edges) {
		r.Notes = append(r.Notes, fmt.Sprintf("%d of %d edges have a weight", valued, len(r.Edges)))
		r.Confidence = 0.6
	}
	r.Spans = []Span{{Start: s, End: e, Role: RoleGraph}}
	return r, nil
}

// jsonDecode decodes one JSON value with numbers kept exact.
func jsonDecode(raw string, v any) error {
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	return dec.Decode(v)
}

// jsonError positions a JSON decoding error of text[s:] in the question.
func jsonError(text string, s int, raw string, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return syntaxErrorAt(text, s+max(0, int(se.Offset)-1), "JSON: "+se.Error())
	case errors.As(err, &te):
		return syntaxErrorAt(text, s+max(0, int(te.Offset)-1), fmt.Sprintf("JSON: %s is a %s where an object was expected", te.Field, te.Value))
	}
	return syntaxErrorAt(text, s, "JSON: "+err.Error())
}

// jsonShorthandNodes reports whether "nodes" is a list of IDs rather than
// of objects.
func jsonShorthandNodes(v json.RawMessage) bool {
	var items []json.RawMessage
	if json.Unmarshal(v, &items) != nil {
		return false
	}
	for _, it := range items {
		if t := bytes.TrimLeft(it, " \t\r\n"); len(t) > 0 && t[0] != '{' {
			return true
		}
	}
	return false
}

// jsonShorthand reads {"nodes": [ids or objects], "edges": [[u, v], [u, v,
// w], {"source": u, "target": v}]}.
func jsonShorthand(d *Doc, s, e int, top map[string]json.RawMessage, items []json.RawMessage, edgesKey string, dir Direction) (Reading, error) {
	raw := d.Text[s:e]
	r := Reading{Reader: NodeLinkJSON{}.Name(), Directed: dir, Confidence: 0.95}
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			r.Nodes = append(r.Nodes, n)
		}
	}
	at := func(v json.RawMessage) int { return s + max(0, bytes.Index([]byte(raw), v)) }
	if v, ok := top["nodes"]; ok {
		var nodes []any
		if err := jsonDecode(string(v), &nodes); err != nil {
			return Reading{}, syntaxErrorAt(d.Text, at(v), `JSON "nodes" must be a list`)
		}
		for i, n := range nodes {
			if m, ok := n.(map[string]any); ok {
				n = m["id"]
			}
			id, ok := jsonID(n)
			if !ok {
				return Reading{}, syntaxErrorAt(d.Text, at(v), fmt.Sprintf("JSON nodes[%d] is not an ID", i))
			}
			add(id)
		}
	}
	valued := 0
	meaning := MeaningWeight
	for i, it := range items {
		var x any
		if err := jsonDecode(string(it), &x); err != nil {
			return Reading{}, jsonError(d.Text, at(it), string(it), err)
		}
		var ends []any
		var w any
		switch y := x.(type) {
		case []any:
			if len(y) < 2 || len(y) > 3 {
				return Reading{}, syntaxErrorAt(d.Text, at(it), fmt.Sprintf("JSON %s[%d] has %d entries; want [u, v] or [u, v, w]", edgesKey, i, len(y)))
			}
			ends = y[:2]
			if len(y) == 3 {
				w = y[2]
			}
		case map[string]any:
			u, v, val, m, hasVal, ok := edgeRecord(y)
			if !ok {
				return Reading{}, syntaxErrorAt(d.Text, at(it), fmt.Sprintf("JSON %s[%d] is not an edge: it names no ends (%s)", edgesKey, i, edgeEndKeyList()))
			}
			ends = []any{u, v}
			if hasVal {
				w, meaning = json.Number(strconv.FormatFloat(val, 'g', -1, 64)), m
			}
		default:
			return Reading{}, syntaxErrorAt(d.Text, at(it), fmt.Sprintf("JSON %s[%d] is not an edge", edgesKey, i))
		}
		u, ok1 := jsonID(ends[0])
		v, ok2 := jsonID(ends[1])
		if !ok1 || !ok2 {
			return Reading{}, syntaxErrorAt(d.Text, at(it), fmt.Sprintf("JSON %s[%d] has an end that is not an ID", edgesKey, i))
		}
		add(u)
		add(v)
		ed := Edge{U: u, V: v, Start: s, End: e}
		if w != nil {
			num, ok := w.(json.Number)
			f, err := num.Float64()
			if !ok || err != nil || math.IsInf(f, 0) {
				return Reading{}, syntaxErrorAt(d.Text, at(it), fmt.Sprintf("JSON %s[%d] has a weight that is not a number", edgesKey, i))
			}
			ed.Value, ed.HasValue = f, true
			valued++
		}
		r.Edges = append(r.Edges, ed)
	}
	if valued > 0 {
		r.EdgeValue = meaning
		if valued < len(r.Edges) {
			r.Notes = append(r.Notes, fmt.Sprintf("%d of %d edges have a weight", valued, len(r.Edges)))
			r.Confidence = 0.6
		}
	}
	r.Spans = []Span{{Start: s, End: e, Role: RoleGraph}}
	return r, nil
}

// jsonID turns a JSON node ID (string or number) into a node name.
func jsonID(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, x != ""
	case json.Number:
		return x.String(), true
	}
	return "", false
}

// jsonLabelKeys are node attributes read as labels, in order of preference.
var jsonLabelKeys = []string{"label", "class", "community", "club", "group", "category", "type", "color"}

// jsonVectorKeys are node attributes read as vectors.
var jsonVectorKeys = []string{"embedding", "features", "feature", "x", "vector", "h"}

// jsonNodeData reads labels and vectors from the node attributes of a
// node-link graph.
func jsonNodeData(r *Reading, g *graph.Graph) {
	labelKey := ""
	for i := int32(0); i < int32(g.N()); i++ {
		attrs := g.NodeAttrs(i)
		if len(attrs) == 0 {
			continue
		}
		if labelKey == "" {
			for _, k := range jsonLabelKeys {
				if _, ok := attrs[k]; ok {
					labelKey = k
					break
				}
			}
		}
		if l, ok := attrs[labelKey]; ok && labelKey != "" {
			if r.Labels == nil {
				r.Labels = map[string]string{}
			}
			r.Labels[g.ID(i)] = fmt.Sprint(l)
		}
		for _, k := range jsonVectorKeys {
			list, ok := attrs[k].([]any)
			if !ok || len(list) == 0 {
				continue
			}
			vec := make([]float64, 0, len(list))
			for _, x := range list {
				switch n := x.(type) {
				case int64:
					vec = append(vec, float64(n))
				case float64:
					vec = append(vec, n)
				}
			}
			if len(vec) == len(list) {
				if r.Vectors == nil {
					r.Vectors = map[string][]float64{}
				}
				r.Vectors[g.ID(i)] = vec
			}
			break
		}
	}
	if len(r.Labels) > 0 {
		r.Facts = map[string]string{"label_attribute": labelKey}
	}
}
