package scenarios

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// Defect kinds found by Inspect.
const (
	Duplicate = "duplicate" // an edge line repeating an earlier edge
	SelfLoop  = "self-loop" // an edge from a node to itself
	Isolated  = "isolated"  // a declared node that no edge touches
	Dangling  = "dangling"  // an edge naming a node the node table lacks
	allKinds  = "duplicate, self-loop, isolated, dangling"
)

// Kinds lists the defect kinds in the order they are reported.
var Kinds = []string{Duplicate, SelfLoop, Isolated, Dangling}

// Defect is one problem found in a graph file.
type Defect struct {
	Kind string `json:"kind"`
	// File and Line locate it (1-based).
	File string `json:"file"`
	Line int    `json:"line"`
	// U and V are the edge's endpoints; Node the node concerned (isolated,
	// or the undeclared endpoint of a dangling edge).
	U    string `json:"u,omitempty"`
	V    string `json:"v,omitempty"`
	Node string `json:"node,omitempty"`
	// First is the line an edge first appeared on (duplicates).
	First int `json:"first_line,omitempty"`
	// Edge and FirstEdge locate an edge's defect in a file whose elements
	// are not lines (node-link JSON, DOT, GML): its number among the
	// file's edges (1-based), and a duplicate's first occurrence.
	Edge      int `json:"edge,omitempty"`
	FirstEdge int `json:"first_edge,omitempty"`
	// Weight and FirstWeight are a duplicate's weight and its first
	// line's, as written, when they differ: the graph keeps the last
	// weight (NetworkX), so removing the duplicate changes it.
	Weight      string `json:"weight,omitempty"`
	FirstWeight string `json:"first_weight,omitempty"`
}

// Inspection is what Inspect found in an edge list and its optional node
// table.
type Inspection struct {
	Edges    string `json:"edges_file"`
	Nodes    string `json:"nodes_file,omitempty"`
	Directed bool   `json:"directed"`
	// Records is the number of data lines of the edge list; Graph* describe
	// the graph as read (duplicates merged), before any removal.
	Records    int      `json:"records"`
	GraphNodes int      `json:"graph_nodes"`
	GraphEdges int      `json:"graph_edges"`
	Defects    []Defect `json:"defects"`
	// Counts is the number of defects of each kind.
	Counts map[string]int `json:"counts"`
	// BecomeIsolated are nodes all of whose edge lines are defects
	// (self-loops, dangling edges): removing those leaves them isolated,
	// and they go too when isolated nodes are removed.
	BecomeIsolated []string `json:"become_isolated,omitempty"`

	// removal marks, by file and line, which lines each kind removes.
	edgeLines map[int][]string
	nodeLines map[int][]string
	// touching lists the edge lines naming each node; loneLine and
	// tableRow are the node's own line in the edge list and its row in
	// the node table (0 when none).
	touching map[string][]int
	loneLine map[int]string
	tableRow map[int]string
}

// Inspect reads an edge list (any notation graph.ReadEdgeList reads) and,
// when nodes is not nil, a node table whose first column names the nodes
// (a header row is recognised), and reports every duplicate edge,
// self-loop, isolated node and dangling reference with its line.
func Inspect(edges []byte, edgesName string, directed bool, nodes []byte, nodesName string) (*Inspection, error) {
	g, recs, err := graph.ScanEdgeList(bytes.NewReader(edges), graph.ReadOptions{Directed: directed, Name: edgesName})
	if err != nil {
		return nil, err
	}
	return inspect(g, recs, edgesName, directed, nodes, nodesName)
}

// InspectGraph reads a graph file of a format whose elements are not
// lines (node-link JSON, DOT, GML; f from graph.DetectFormat) through its
// reader and reports every duplicate edge, self-loop and isolated node;
// an edge's defect is located by its number in the file's order of edges
// (Defect.Edge), a node's by its name. The file states its own direction
// where the format does (directed is the default otherwise). It returns
// the graph as read, repeated edges merged as NetworkX merges them, for
// CleanGraph.
func InspectGraph(data []byte, name string, f graph.Format, directed bool) (*Inspection, *graph.Graph, error) {
	return InspectGraphWithin(data, name, f, directed, graph.Limits{})
}

// InspectGraphWithin is InspectGraph within node and edge limits: the
// reader stops at lim, and the edges as written (repeated ones too, each
// kept as a record) are bounded by lim.MaxEdges.
func InspectGraphWithin(data []byte, name string, f graph.Format, directed bool, lim graph.Limits) (*Inspection, *graph.Graph, error) {
	var recs []graph.EdgeRecord
	over := false
	opt := graph.ReadOptions{Directed: directed, Name: name, Limits: lim, OnEdge: func(u, v string) {
		if lim.MaxEdges > 0 && len(recs) >= lim.MaxEdges {
			over = true
			return
		}
		recs = append(recs, graph.EdgeRecord{Line: len(recs) + 1, U: u, V: v})
	}}
	g, err := graph.Read(bytes.NewReader(data), f, opt)
	if err != nil {
		return nil, nil, err
	}
	if over {
		return nil, nil, fmt.Errorf("%s: more than %d edges as written (repeated ones counted): %w", name, lim.MaxEdges, graph.ErrTooLarge)
	}
	edges := len(recs)
	// Every node is declared (listed, or named by an edge); those no edge
	// touches are isolated.
	for i := range g.N() {
		recs = append(recs, graph.EdgeRecord{Line: edges + 1 + i, U: g.ID(int32(i))})
	}
	in, err := inspect(g, recs, name, g.Directed(), nil, "")
	if err != nil {
		return nil, nil, err
	}
	in.Records = edges
	for i := range in.Defects {
		d := &in.Defects[i]
		if d.Kind != Isolated {
			d.Edge, d.FirstEdge = d.Line, d.First
		}
		d.Line, d.First = 0, 0
	}
	return in, g, nil
}

// CleanGraph is g (read by InspectGraph, so without repeated edges)
// without the self-loops when remove has SelfLoop, and without its
// isolated nodes, those the removals leave isolated included, when remove
// has Isolated.
func CleanGraph(g *graph.Graph, remove map[string]bool) *graph.Graph {
	keepEdge := func(e int32) bool {
		u, v := g.Edge(e)
		return u != v || !remove[SelfLoop]
	}
	var keepNode []bool
	if remove[Isolated] {
		keepNode = make([]bool, g.N())
		for e := range int32(g.M()) {
			if keepEdge(e) {
				u, v := g.Edge(e)
				keepNode[u], keepNode[v] = true, true
			}
		}
	}
	return graph.Filter(g, keepNode, keepEdge)
}

// inspect finds the defects of the records (in file order) of g.
func inspect(g *graph.Graph, recs []graph.EdgeRecord, edgesName string, directed bool, nodes []byte, nodesName string) (*Inspection, error) {
	var err error
	in := &Inspection{Edges: edgesName, Directed: directed, Records: len(recs), GraphNodes: g.N(), GraphEdges: g.M(),
		Counts: map[string]int{}, edgeLines: map[int][]string{}, nodeLines: map[int][]string{},
		touching: map[string][]int{}, loneLine: map[int]string{}, tableRow: map[int]string{}}
	var declared map[string]int // node -> line in the node table
	var declOrder []string
	if nodes != nil {
		in.Nodes = nodesName
		declared, declOrder, err = readNodeTable(nodes, nodesName)
		if err != nil {
			return nil, err
		}
	}
	add := func(d Defect) {
		in.Defects = append(in.Defects, d)
		in.Counts[d.Kind]++
		if d.File == edgesName {
			in.edgeLines[d.Line] = append(in.edgeLines[d.Line], d.Kind)
		} else {
			in.nodeLines[d.Line] = append(in.nodeLines[d.Line], d.Kind)
		}
	}
	type pair struct{ u, v string }
	first := map[pair]int{}
	firstWeight := map[pair]string{}
	touched := map[string]bool{}  // nodes with an edge to another node
	loopOnly := map[string]bool{} // nodes with a self-loop
	nodeLine := map[string]int{}  // node-only lines of the edge list
	var nodeOnly []string         // in file order
	for _, r := range recs {
		if r.V == "" {
			if _, seen := nodeLine[r.U]; !seen {
				nodeLine[r.U] = r.Line
				nodeOnly = append(nodeOnly, r.U)
			}
			continue
		}
		in.touching[r.U] = append(in.touching[r.U], r.Line)
		if r.V != r.U {
			in.touching[r.V] = append(in.touching[r.V], r.Line)
		}
		for _, end := range []string{r.U, r.V} {
			if declared != nil {
				if _, ok := declared[end]; !ok {
					add(Defect{Kind: Dangling, File: edgesName, Line: r.Line, U: r.U, V: r.V, Node: end})
					if r.U == r.V {
						break
					}
				}
			}
		}
		if r.U == r.V {
			add(Defect{Kind: SelfLoop, File: edgesName, Line: r.Line, U: r.U, V: r.V})
			loopOnly[r.U] = true
			continue
		}
		touched[r.U], touched[r.V] = true, true
		k := pair{r.U, r.V}
		if !directed && k.v < k.u {
			k.u, k.v = k.v, k.u
		}
		if at, dup := first[k]; dup {
			d := Defect{Kind: Duplicate, File: edgesName, Line: r.Line, U: r.U, V: r.V, First: at}
			if r.Weight != firstWeight[k] {
				d.Weight, d.FirstWeight = r.Weight, firstWeight[k]
			}
			add(d)
			continue
		}
		first[k], firstWeight[k] = r.Line, r.Weight
	}
	// Isolated: declared (by a node-only line or the node table) and
	// touched by no edge, self-loops included (NetworkX's isolates).
	isolated := func(id string) bool { return !touched[id] && !loopOnly[id] }
	for _, id := range nodeOnly {
		if isolated(id) {
			add(Defect{Kind: Isolated, File: edgesName, Line: nodeLine[id], Node: id})
			if at, ok := declared[id]; ok {
				// Removed from both files; reported once.
				in.nodeLines[at] = append(in.nodeLines[at], Isolated)
			}
		}
	}
	for _, id := range declOrder {
		if _, inEdges := nodeLine[id]; inEdges {
			continue // reported at its edge-list line
		}
		if isolated(id) {
			add(Defect{Kind: Isolated, File: nodesName, Line: declared[id], Node: id})
		}
	}
	for id, line := range nodeLine {
		in.loneLine[line] = id
	}
	for id, row := range declared {
		in.tableRow[row] = id
	}
	for id, lines := range in.touching {
		if !slices.ContainsFunc(lines, func(l int) bool { return len(in.edgeLines[l]) == 0 }) {
			in.BecomeIsolated = append(in.BecomeIsolated, id)
		}
	}
	slices.Sort(in.BecomeIsolated)
	return in, nil
}

// idHeaders are first-column names that make a node table's first row a
// header.
var idHeaders = map[string]bool{"id": true, "node": true, "node_id": true, "nodeid": true, "node id": true,
	"name": true, "vertex": true, "vertex_id": true, "key": true, "label": true}

// readNodeTable reads the first column of a tab-, comma- or
// space-separated table; it returns each node's line and the nodes in
// order. A first row is a header when its first field is a known column
// name, or is not a number while the second row's is.
func readNodeTable(data []byte, name string) (map[string]int, []string, error) {
	lines := strings.Split(string(data), "\n")
	firstField := func(line string) string {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			return ""
		}
		sep := "\t"
		switch {
		case strings.Contains(line, "\t"):
		case strings.Contains(line, ","):
			sep = ","
		default:
			sep = " "
		}
		f, _, _ := strings.Cut(strings.TrimSpace(line), sep)
		return strings.TrimSpace(f)
	}
	isNum := func(s string) bool { _, err := strconv.ParseFloat(s, 64); return err == nil }
	declared := map[string]int{}
	var order []string
	dataRow := 0
	for i, line := range lines {
		id := firstField(line)
		if id == "" {
			continue
		}
		dataRow++
		if dataRow == 1 {
			next := ""
			for _, l := range lines[i+1:] {
				if next = firstField(l); next != "" {
					break
				}
			}
			if idHeaders[strings.ToLower(id)] || (!isNum(id) && next != "" && isNum(next)) {
				continue
			}
		}
		if at, dup := declared[id]; dup {
			return nil, nil, fmt.Errorf("%s:%d: node %q is already declared on line %d: %w", name, i+1, id, at, graph.ErrSyntax)
		}
		declared[id] = i + 1
		order = append(order, id)
	}
	return declared, order, nil
}

// ParseKinds reads a comma-separated list of defect kinds ("all" for
// every kind).
func ParseKinds(s string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, k := range strings.Split(s, ",") {
		k = strings.ToLower(strings.TrimSpace(k))
		switch k {
		case "":
		case "all":
			for _, kind := range Kinds {
				out[kind] = true
			}
		case "duplicates", "duplicate", "dup":
			out[Duplicate] = true
		case "self-loops", "self-loop", "selfloops", "loops":
			out[SelfLoop] = true
		case "isolated", "isolates", "isolated-nodes":
			out[Isolated] = true
		case "dangling", "dangling-references":
			out[Dangling] = true
		default:
			return nil, fmt.Errorf("unknown defect kind %q (want %s or all)", k, allKinds)
		}
	}
	return out, nil
}

// WriteEdges copies the edge list to w without the lines whose defect is
// among remove: every other line (header, comments, weights) is kept as
// written. It returns the number of lines removed.
func (in *Inspection) WriteEdges(w io.Writer, edges []byte, remove map[string]bool) (int, error) {
	return copyWithout(w, edges, func(line int) bool {
		if in.removed(in.edgeLines[line], remove) {
			return true
		}
		id, lone := in.loneLine[line]
		return lone && in.leftIsolated(id, remove)
	})
}

// WriteNodes copies the node table without the rows of isolated nodes when
// remove has Isolated.
func (in *Inspection) WriteNodes(w io.Writer, nodes []byte, remove map[string]bool) (int, error) {
	return copyWithout(w, nodes, func(line int) bool {
		if in.removed(in.nodeLines[line], remove) {
			return true
		}
		id, ok := in.tableRow[line]
		return ok && in.leftIsolated(id, remove)
	})
}

// removed reports whether a line with these defects goes.
func (in *Inspection) removed(kinds []string, remove map[string]bool) bool {
	return slices.ContainsFunc(kinds, func(k string) bool { return remove[k] })
}

// leftIsolated reports whether node id is isolated once the lines of the
// removed kinds are gone, and isolated nodes are removed.
func (in *Inspection) leftIsolated(id string, remove map[string]bool) bool {
	if !remove[Isolated] {
		return false
	}
	for _, l := range in.touching[id] {
		if !in.removed(in.edgeLines[l], remove) {
			return false
		}
	}
	return true
}

// copyWithout copies data to w without the lines drop accepts (1-based).
func copyWithout(w io.Writer, data []byte, drop func(line int) bool) (int, error) {
	removed := 0
	line := 0
	for len(data) > 0 {
		line++
		end := bytes.IndexByte(data, '\n')
		next := len(data)
		if end >= 0 {
			next = end + 1
		}
		if drop(line) {
			removed++
		} else if _, err := w.Write(data[:next]); err != nil {
			return removed, err
		}
		data = data[next:]
	}
	return removed, nil
}
