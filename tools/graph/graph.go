// Package graph holds graphagent's graph type: string node IDs over dense int32
// indices, a compact adjacency (CSR) built once and read many times, optional
// edge weights and capacities, and sparse node and edge attributes. It also
// holds the readers and writers for the graph file formats and the sandbox
// that keeps file access inside the configured data folders.
//
// Semantics follow NetworkX's simple graphs (nx.Graph and nx.DiGraph): adding
// an edge twice keeps one edge whose attributes are updated by the later
// addition; self-loops and isolated nodes are kept; an undirected self-loop
// adds two to its node's degree; neighbours are listed in the order their
// edges were first added, so traversal orders match NetworkX's.
package graph

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/graphagent/graphagent/internal/textutil"
)

// Graph is an immutable simple graph. Build one with a Builder or a reader.
// It is safe for concurrent reads.
type Graph struct {
	directed bool

	ids   []string  // node index -> ID
	index nodeIndex // ID -> node index

	// Edges in first-insertion order. For undirected graphs src/dst keep the
	// orientation of the first insertion.
	src, dst []int32
	weight   []float64 // nil when no edge carries a weight (or weight32 holds them)
	// weight32 holds the weights instead of weight when every one is a
	// float32 exactly (integer weights below 2^24 are), as a bulk-read
	// edge list's usually are: 4 bytes per edge instead of 8.
	weight32 []float32
	capacity []float64 // nil when no edge carries a capacity

	// Out adjacency in CSR form: the neighbours of node i are
	// outAdj[outOff[i]:outOff[i+1]]. For undirected graphs every non-loop
	// edge appears at both ends, a self-loop once. The edge index of each
	// entry and, for directed graphs, the in adjacency are derived from
	// src/dst on first use (derived); an undirected graph's in adjacency is
	// its out adjacency.
	outOff  []int32
	outAdj  []int32
	derived *derivedCSR

	selfLoops int
	// badWeight is true when some edge weight is negative or NaN (found
	// once by Build, so searches need not scan the weights per question).
	badWeight bool

	nodeAttrs map[int32]map[string]any
	edgeAttrs map[int32]map[string]any
	name      string
}

// Directed reports whether edges have a direction.
func (g *Graph) Directed() bool { return g.directed }

// Weighted reports whether any edge carries an explicit weight.
func (g *Graph) Weighted() bool { return g.weight != nil || g.weight32 != nil }

// NonNegativeWeights reports whether every edge weight is a non-negative
// number (no negative weight and no NaN), as Dijkstra's algorithm needs. An
// unweighted graph's weights are all 1.
func (g *Graph) NonNegativeWeights() bool { return !g.badWeight }

// HasCapacities reports whether any edge carries an explicit capacity.
func (g *Graph) HasCapacities() bool { return g.capacity != nil }

// N is the number of nodes.
func (g *Graph) N() int { return len(g.ids) }

// M is the number of edges (an undirected edge and a self-loop count once).
func (g *Graph) M() int { return len(g.src) }

// Name is the graph's label (file name or dataset), empty when unknown.
func (g *Graph) Name() string { return g.name }

// SetName sets the label reported by Name. It is meant for loaders, before the
// graph is shared.
func (g *Graph) SetName(name string) { g.name = name }

// SelfLoops is the number of self-loop edges.
func (g *Graph) SelfLoops() int { return g.selfLoops }

// ID returns the string ID of node index i.
func (g *Graph) ID(i int32) string { return g.ids[i] }

// IDs returns all node IDs in insertion order. The slice must not be modified.
func (g *Graph) IDs() []string { return g.ids }

// Index returns the dense index of node id.
func (g *Graph) Index(id string) (int32, bool) {
	return g.index.get(g.ids, id)
}

// MustIndex returns the index of id or an error wrapping ErrNodeNotFound.
func (g *Graph) MustIndex(id string) (int32, error) {
	i, ok := g.index.get(g.ids, id)
	if !ok {
		return -1, fmt.Errorf("node %q: %w", id, ErrNodeNotFound)
	}
	return i, nil
}

// Out returns the successors of node i (all neighbours when undirected), in
// the order their edges were first added. The slice must not be modified.
func (g *Graph) Out(i int32) []int32 { return g.outAdj[g.outOff[i]:g.outOff[i+1]] }

// OutEdges returns the edge indices aligned with Out(i).
func (g *Graph) OutEdges(i int32) []int32 { return g.outEdges()[g.outOff[i]:g.outOff[i+1]] }

// In returns the predecessors of node i (all neighbours when undirected).
func (g *Graph) In(i int32) []int32 {
	if !g.directed {
		return g.Out(i)
	}
	a := g.inAdjacency()
	return a.adj[a.off[i]:a.off[i+1]]
}

// InEdges returns the edge indices aligned with In(i).
func (g *Graph) InEdges(i int32) []int32 {
	if !g.directed {
		return g.OutEdges(i)
	}
	off := g.inAdjacency().off
	return g.inEdges()[off[i]:off[i+1]]
}

// OutDegree is the number of out-neighbour entries of i (a self-loop counts once).
func (g *Graph) OutDegree(i int32) int { return int(g.outOff[i+1] - g.outOff[i]) }

// InDegree is the number of in-neighbour entries of i (a self-loop counts once).
func (g *Graph) InDegree(i int32) int {
	if !g.directed {
		return g.OutDegree(i)
	}
	off := g.inAdjacency().off
	return int(off[i+1] - off[i])
}

// Degree is NetworkX's degree: in + out for directed graphs; for undirected
// graphs the number of incident edges with a self-loop counted twice.
func (g *Graph) Degree(i int32) int {
	if g.directed {
		return g.OutDegree(i) + g.InDegree(i)
	}
	d := g.OutDegree(i)
	if g.HasSelfLoop(i) {
		d++
	}
	return d
}

// HasSelfLoop reports whether node i has an edge to itself.
func (g *Graph) HasSelfLoop(i int32) bool {
	if g.selfLoops == 0 {
		return false
	}
	for _, v := range g.Out(i) {
		if v == i {
			return true
		}
	}
	return false
}

// Edge returns the endpoints of edge e.
func (g *Graph) Edge(e int32) (u, v int32) { return g.src[e], g.dst[e] }

// Weight returns the weight of edge e, 1 when the graph is unweighted or the
// edge has no weight (NetworkX's default for weighted algorithms).
func (g *Graph) Weight(e int32) float64 {
	if g.weight == nil {
		if g.weight32 != nil {
			return float64(g.weight32[e])
		}
		return 1
	}
	return g.weight[e]
}

// Capacity returns the capacity of edge e: when any edge has a capacity, its
// capacity attribute (+Inf for an edge without one: NetworkX treats a missing
// capacity as infinite); otherwise its weight when the graph is weighted (the
// GTools convention); otherwise +Inf.
func (g *Graph) Capacity(e int32) float64 {
	if g.capacity != nil {
		return g.capacity[e]
	}
	if g.weight != nil {
		return g.weight[e]
	}
	if g.weight32 != nil {
		return float64(g.weight32[e])
	}
	return math.Inf(1)
}

// FindEdge returns the edge from u to v (either direction when undirected).
// It scans the shorter adjacency list (for a directed graph, v's in list
// only once the in adjacency exists).
func (g *Graph) FindEdge(u, v int32) (int32, bool) {
	a, b := u, v
	if !g.directed && g.OutDegree(v) < g.OutDegree(u) {
		a, b = v, u
	}
	if g.directed && g.derived.in.Load() != nil && g.InDegree(v) < g.OutDegree(u) {
		for k, x := range g.In(v) {
			if x == u {
				return g.InEdges(v)[k], true
			}
		}
		return -1, false
	}
	for k, x := range g.Out(a) {
		if x == b {
			return g.OutEdges(a)[k], true
		}
	}
	return -1, false
}

// HasEdge reports whether an edge from u to v exists.
func (g *Graph) HasEdge(u, v int32) bool {
	_, ok := g.FindEdge(u, v)
	return ok
}

// NodeAttrs returns the attributes of node i, nil when it has none.
func (g *Graph) NodeAttrs(i int32) map[string]any { return g.nodeAttrs[i] }

// EdgeAttrs returns the extra attributes of edge e (other than weight and
// capacity), nil when it has none.
func (g *Graph) EdgeAttrs(e int32) map[string]any { return g.edgeAttrs[e] }

// String summarises the graph in one line.
func (g *Graph) String() string {
	kind := "undirected"
	if g.directed {
		kind = "directed"
	}
	w := ""
	if g.Weighted() {
		w = " weighted"
	}
	return fmt.Sprintf("%s%s graph with %d nodes and %d edges", kind, w, g.N(), g.M())
}

// Builder accumulates nodes and edges and produces a Graph. The zero value is
// not usable; call NewBuilder.
type Builder struct {
	directed bool
	ids      []string
	index    nodeIndex
	src, dst []int32
	weight   []float64
	weight32 []float32 // instead of weight, from a bulk reader (setEdges)
	capacity []float64
	edges    edgeSet // de-duplicates edges; see edgeset.go
	// out is the out adjacency of src/dst when a bulk reader built it
	// with them (setEdges); nil otherwise.
	out       *adjacency
	idArena   idArena // backing store for IDs added from bytes
	nodeAttrs map[int32]map[string]any
	edgeAttrs map[int32]map[string]any
	maxNodes  int
	maxEdges  int
	// onEdge sees every edge added, repeated ones too (ReadOptions.OnEdge).
	onEdge func(u, v int32)
}

// Limits bounds the size of a graph a Builder accepts; zero means unlimited.
type Limits struct {
	MaxNodes int
	MaxEdges int
}

// NewBuilder returns a builder for a directed or undirected graph.
func NewBuilder(directed bool) *Builder {
	return &Builder{directed: directed}
}

// SetLimits makes AddNode and AddEdge fail with ErrTooLarge past the limits.
func (b *Builder) SetLimits(l Limits) { b.maxNodes, b.maxEdges = l.MaxNodes, l.MaxEdges }

// Grow preallocates room for about n nodes and m edges.
func (b *Builder) Grow(n, m int) {
	// Integer IDs up to about the node count (or twice the edge count when
	// the node count is unknown) are indexed densely.
	b.index.hint = max(b.index.hint, n, 2*m)
	if n > 0 && len(b.ids) == 0 {
		b.ids = make([]string, 0, n)
	}
	if m > 0 && len(b.src) == 0 {
		b.src = make([]int32, 0, m)
		b.dst = make([]int32, 0, m)
		b.edges.reserve(m, b.src, b.dst, b.directed)
	}
}

// Directed reports whether the graph being built is directed.
func (b *Builder) Directed() bool { return b.directed }

// NumNodes is the number of nodes added so far.
func (b *Builder) NumNodes() int { return len(b.ids) }

// NumEdges is the number of distinct edges added so far.
func (b *Builder) NumEdges() int { return len(b.src) }

// AddNode adds node id if it is new and returns its index.
func (b *Builder) AddNode(id string) (int32, error) {
	if i, ok := b.index.get(b.ids, id); ok {
		return i, nil
	}
	i, err := b.appendID(id)
	if err != nil {
		return -1, err
	}
	b.index.add(b.ids, i)
	return i, nil
}

// appendID appends a new node ID to the ID list, within the limits, and
// returns its index; the caller indexes it.
func (b *Builder) appendID(id string) (int32, error) {
	if b.maxNodes > 0 && len(b.ids) >= b.maxNodes {
		return -1, fmt.Errorf("more than %d nodes: %w", b.maxNodes, ErrTooLarge)
	}
	if err := checkNodeID(id); err != nil {
		return -1, err
	}
	if len(b.ids) >= math.MaxInt32-1 {
		return -1, fmt.Errorf("more than %d nodes: %w", math.MaxInt32-1, ErrTooLarge)
	}
	i := int32(len(b.ids))
	if len(b.ids) == cap(b.ids) {
		// Double (append grows large slices by 1.25x, which allocates
		// several times the final size in discarded copies).
		grown := make([]string, len(b.ids), max(64, 2*cap(b.ids)))
		adviseHuge(grown)
		copy(grown, b.ids)
		b.ids = grown
	}
	b.ids = append(b.ids, id)
	return i, nil
}

// checkNodeID refuses a node ID holding a NUL byte or invalid UTF-8: such
// IDs come from binary files, UTF-16 text read as bytes or text in another
// encoding, and would otherwise be read as node names.
func checkNodeID(id string) error {
	if i := strings.IndexByte(id, 0); i >= 0 {
		return &SyntaxError{Msg: "a node ID holds a NUL byte (a binary file, or UTF-16 text without a byte-order mark?)"}
	}
	if !utf8.ValidString(id) {
		return &SyntaxError{Msg: fmt.Sprintf("node ID %s is not valid UTF-8 (convert the file to UTF-8)", strconv.Quote(textutil.Truncate(strings.ToValidUTF8(id, "\uFFFD"), 60)))}
	}
	return nil
}

// addNodeBytes is AddNode for an ID held in a byte slice: a known ID is
// found without allocating, a new one is copied into the ID arena.
// AddNodeBytes is AddNode for an ID in bytes, copied only when the node is
// new (for readers that stream IDs from a buffer they reuse).
func (b *Builder) AddNodeBytes(id []byte) (int32, error) { return b.addNodeBytes(id) }

func (b *Builder) addNodeBytes(id []byte) (int32, error) {
	if _, ok := canonicalInt(id); ok {
		if i, ok := b.index.getBytes(b.ids, id); ok {
			return i, nil
		}
		return b.AddNode(b.idArena.str(id))
	}
	// Hashed IDs: one hash and one probe, which ends at the free slot a
	// new ID takes (AddNode would look it up again and then insert it).
	i, slot, fp := b.index.findBytes(b.ids, id)
	if i >= 0 {
		return i, nil
	}
	i, err := b.appendID(b.idArena.str(id))
	if err != nil {
		return -1, err
	}
	b.index.addAt(b.ids, i, slot, fp)
	return i, nil
}

// addNodeCopy is AddNode that copies a new ID into the ID arena, for IDs
// that are substrings of a larger text.
func (b *Builder) addNodeCopy(id string) (int32, error) {
	if i, ok := b.index.get(b.ids, id); ok {
		return i, nil
	}
	return b.AddNode(b.idArena.strString(id))
}

// SetNodeAttr sets attribute key of node id, adding the node if needed.
func (b *Builder) SetNodeAttr(id, key string, value any) error {
	i, err := b.AddNode(id)
	if err != nil {
		return err
	}
	if b.nodeAttrs == nil {
		b.nodeAttrs = map[int32]map[string]any{}
	}
	m := b.nodeAttrs[i]
	if m == nil {
		m = map[string]any{}
		b.nodeAttrs[i] = m
	}
	m[key] = value
	return nil
}

// AddEdge adds the edge u→v (u–v when undirected) without a weight and
// returns its index; adding an existing edge returns the existing index.
func (b *Builder) AddEdge(u, v string) (int32, error) {
	ui, err := b.AddNode(u)
	if err != nil {
		return -1, err
	}
	vi, err := b.AddNode(v)
	if err != nil {
		return -1, err
	}
	return b.AddEdgeIdx(ui, vi)
}

// AddEdgeIdx is AddEdge on node indices returned by AddNode. An index that
// was not returned by AddNode gives an error wrapping ErrNodeNotFound.
func (b *Builder) AddEdgeIdx(u, v int32) (int32, error) {
	if u < 0 || int(u) >= len(b.ids) || v < 0 || int(v) >= len(b.ids) {
		return -1, fmt.Errorf("edge (%d, %d): node index out of range [0, %d): %w", u, v, len(b.ids), ErrNodeNotFound)
	}
	if b.onEdge != nil {
		b.onEdge(u, v)
	}
	if b.weight32 != nil {
		b.widenWeights()
	}
	slot, e := b.edges.find(u, v, b.src, b.dst, b.directed)
	if e >= 0 {
		return e, nil
	}
	if b.maxEdges > 0 && len(b.src) >= b.maxEdges {
		return -1, fmt.Errorf("more than %d edges: %w", b.maxEdges, ErrTooLarge)
	}
	if len(b.src) >= math.MaxInt32-1 {
		return -1, fmt.Errorf("more than %d edges: %w", math.MaxInt32-1, ErrTooLarge)
	}
	e = int32(len(b.src))
	b.src = append(b.src, u)
	b.dst = append(b.dst, v)
	b.edges.insert(slot, e, b.src, b.dst, b.directed)
	if b.weight != nil {
		b.weight = append(b.weight, 1)
	}
	if b.capacity != nil {
		b.capacity = append(b.capacity, math.Inf(1))
	}
	return e, nil
}

// AddWeightedEdge adds u→v with a weight; re-adding an edge updates its weight.
func (b *Builder) AddWeightedEdge(u, v string, w float64) (int32, error) {
	e, err := b.AddEdge(u, v)
	if err != nil {
		return -1, err
	}
	b.SetWeight(e, w)
	return e, nil
}

// SetWeight sets the weight of edge e.
func (b *Builder) SetWeight(e int32, w float64) {
	if b.weight32 != nil {
		b.widenWeights()
	}
	if b.weight == nil {
		b.weight = make([]float64, len(b.src), cap(b.src))
		for k := range b.weight {
			b.weight[k] = 1
		}
	}
	b.weight[e] = w
}

// widenWeights moves float32 weights to the float64 array, which every
// builder method but Build uses.
func (b *Builder) widenWeights() {
	b.weight = make([]float64, len(b.weight32), max(cap(b.weight32), cap(b.src)))
	for k, w := range b.weight32 {
		b.weight[k] = float64(w)
	}
	b.weight32 = nil
}

// SetCapacity sets the capacity of edge e.
func (b *Builder) SetCapacity(e int32, c float64) {
	if b.capacity == nil {
		b.capacity = make([]float64, len(b.src))
		for k := range b.capacity {
			b.capacity[k] = math.Inf(1)
		}
	}
	b.capacity[e] = c
}

// SetEdgeAttr sets a non-numeric-role attribute of edge e. The keys "weight"
// and "capacity" with numeric values go to SetWeight and SetCapacity.
func (b *Builder) SetEdgeAttr(e int32, key string, value any) {
	if f, ok := toFloat(value); ok {
		switch key {
		case "weight":
			b.SetWeight(e, f)
			return
		case "capacity":
			b.SetCapacity(e, f)
			return
		}
	}
	if b.edgeAttrs == nil {
		b.edgeAttrs = map[int32]map[string]any{}
	}
	m := b.edgeAttrs[e]
	if m == nil {
		m = map[string]any{}
		b.edgeAttrs[e] = m
	}
	m[key] = value
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	}
	return 0, false
}

// Build produces the graph. The builder must not be used afterwards.
func (b *Builder) Build() *Graph {
	n := len(b.ids)
	m := len(b.src)
	g := &Graph{
		directed:  b.directed,
		ids:       b.ids,
		index:     b.index,
		src:       b.src,
		dst:       b.dst,
		weight:    b.weight,
		weight32:  b.weight32,
		capacity:  b.capacity,
		nodeAttrs: b.nodeAttrs,
		edgeAttrs: b.edgeAttrs,
	}
	b.edges = edgeSet{}
	b.idArena = idArena{}
	for e := 0; e < m; e++ {
		if b.src[e] == b.dst[e] {
			g.selfLoops++
		}
	}
	for _, w := range g.weight {
		if !(w >= 0) {
			g.badWeight = true
			break
		}
	}
	for _, w := range g.weight32 {
		if !(w >= 0) {
			g.badWeight = true
			break
		}
	}
	if out := b.out; out != nil && len(out.off) == n+1 {
		g.outOff, g.outAdj = out.off, out.adj
	} else {
		g.outOff = csrOffsets(n, b.src, b.dst, !b.directed)
		g.outAdj = csrEntries(g.outOff, b.src, b.dst, !b.directed, fillNeighbours)
	}
	b.out = nil
	g.derived = &derivedCSR{}
	return g
}
