package graph

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteEdgeList writes g as an edge list that ReadEdgeList reads back: a
// comment line describing the graph, then one "u v" line per edge in edge
// order, "u v w" when the graph is weighted (w is the capacity when the
// graph has capacities but no weights, the GTools convention), and one
// line per isolated node. Node IDs that cannot be written in this format
// (empty, containing white space or ',', or starting with '#' or '%') give
// an error. Attributes and direction are not recorded; read the file with
// ReadOptions.Directed set as needed.
func WriteEdgeList(w io.Writer, g *Graph) error {
	for _, id := range g.ids {
		if err := edgeListID(id); err != nil {
			return err
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	kind := "undirected"
	if g.directed {
		kind = "directed"
	}
	fmt.Fprintf(bw, "# %s graph, %d nodes, %d edges\n", kind, g.N(), g.M())
	var val func(e int32) float64
	switch {
	case g.Weighted():
		val = g.Weight
	case g.capacity != nil:
		val = func(e int32) float64 { return g.capacity[e] }
	}
	if len(g.src) > 0 && edgeListHeaderLike(g.ids[g.src[0]], g.ids[g.dst[0]]) {
		// ReadEdgeList would skip a first line that looks like a header;
		// declaring the first node alone first keeps the edge.
		bw.WriteString(g.ids[g.src[0]])
		bw.WriteByte('\n')
	}
	buf := make([]byte, 0, 64)
	for e := range g.src {
		buf = append(buf[:0], g.ids[g.src[e]]...)
		buf = append(buf, ' ')
		buf = append(buf, g.ids[g.dst[e]]...)
		if val != nil {
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, val(int32(e)), 'g', -1, 64)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return fmt.Errorf("write edge list: %w", err)
		}
	}
	for i := range g.ids {
		if g.OutDegree(int32(i)) == 0 && g.InDegree(int32(i)) == 0 {
			bw.WriteString(g.ids[i])
			bw.WriteByte('\n')
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write edge list: %w", err)
	}
	return nil
}

// edgeListHeaderLike reports whether "u v" as a first data line could be
// taken for a header by ReadEdgeList.
func edgeListHeaderLike(u, v string) bool {
	t := [][]byte{[]byte(u), []byte(v)}
	return isHeader(t) || wordLike(t[0]) && wordLike(t[1])
}

// edgeListID checks that a node ID survives an edge-list round trip.
func edgeListID(id string) error {
	if id == "" {
		return fmt.Errorf("edge list: empty node ID cannot be written")
	}
	if id[0] == '#' || id[0] == '%' || strings.ContainsAny(id, " \t\r\n\v\f,") {
		return fmt.Errorf("edge list: node ID %q cannot be written (white space, ',', or a leading '#'/'%%')", id)
	}
	return nil
}

// WriteNodeLink writes g as NetworkX node-link JSON, readable by
// nx.node_link_graph(data) (and ReadNodeLink): "directed", "multigraph"
// (false), "graph" (with "name" when set), "nodes" with "id" and node
// attributes, and "edges" with "source", "target", "weight" and "capacity"
// when set, and the other edge attributes. Node IDs that are canonical
// integers are written as JSON numbers, others as strings. Non-finite
// weights or capacities (other than an unset capacity) give an error.
func WriteNodeLink(w io.Writer, g *Graph) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := func(v any) error {
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		_, err = bw.Write(data)
		return err
	}
	fmt.Fprintf(bw, `{"directed": %t, "multigraph": false, "graph": `, g.directed)
	graphAttrs := map[string]any{}
	if g.name != "" {
		graphAttrs["name"] = g.name
	}
	if err := enc(graphAttrs); err != nil {
		return fmt.Errorf("write node-link: %w", err)
	}
	bw.WriteString(`, "nodes": [`)
	obj := map[string]any{}
	for i, id := range g.ids {
		if i > 0 {
			bw.WriteString(", ")
		}
		clear(obj)
		for k, v := range g.nodeAttrs[int32(i)] {
			obj[k] = v
		}
		obj["id"] = jsonID(id)
		if err := enc(obj); err != nil {
			return fmt.Errorf("write node-link: node %q: %w", id, err)
		}
	}
	bw.WriteString(`], "edges": [`)
	for e := range g.src {
		if e > 0 {
			bw.WriteString(", ")
		}
		clear(obj)
		for k, v := range g.edgeAttrs[int32(e)] {
			obj[k] = v
		}
		obj["source"] = jsonID(g.ids[g.src[e]])
		obj["target"] = jsonID(g.ids[g.dst[e]])
		if g.Weighted() {
			if w := g.Weight(int32(e)); math.IsInf(w, 0) || math.IsNaN(w) {
				return fmt.Errorf("write node-link: edge %q-%q: weight %v cannot be written as JSON", g.ids[g.src[e]], g.ids[g.dst[e]], w)
			}
			obj["weight"] = g.Weight(int32(e))
		}
		if g.capacity != nil && !math.IsInf(g.capacity[e], 1) {
			if math.IsInf(g.capacity[e], 0) || math.IsNaN(g.capacity[e]) {
				return fmt.Errorf("write node-link: edge %q-%q: capacity %v cannot be written as JSON", g.ids[g.src[e]], g.ids[g.dst[e]], g.capacity[e])
			}
			obj["capacity"] = g.capacity[e]
		}
		if err := enc(obj); err != nil {
			return fmt.Errorf("write node-link: edge %q-%q: %w", g.ids[g.src[e]], g.ids[g.dst[e]], err)
		}
	}
	bw.WriteString("]}\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write node-link: %w", err)
	}
	return nil
}

// jsonID returns a node ID as a JSON number when it is a canonical integer
// (so NetworkX sees the integer node it came from), else as a string.
func jsonID(id string) any {
	if n, err := strconv.ParseInt(id, 10, 64); err == nil && strconv.FormatInt(n, 10) == id && (n >= -(1<<53) && n <= 1<<53) {
		return json.Number(id)
	}
	return id
}
