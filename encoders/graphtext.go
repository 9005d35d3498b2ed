package encoders

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/tools/graph"
)

// EdgeListText writes g's edges as a Python-style edge list, the form
// questions and NetworkX use: "[(0, 1), (1, 2, {'weight': 3})]". Node IDs
// that are integers are written bare, others quoted; weights and capacities
// appear when the graph has them. With maxEdges > 0 and more edges than
// that, the first maxEdges are written followed by "...".
func EdgeListText(g *graph.Graph, maxEdges int) string {
	m := g.M()
	n := m
	if maxEdges > 0 && maxEdges < m {
		n = maxEdges
	}
	var b strings.Builder
	b.Grow(n * 10)
	b.WriteByte('[')
	for e := 0; e < n; e++ {
		if e > 0 {
			b.WriteString(", ")
		}
		u, v := g.Edge(int32(e))
		b.WriteByte('(')
		writeID(&b, g.ID(u))
		b.WriteString(", ")
		writeID(&b, g.ID(v))
		if g.Weighted() || g.HasCapacities() {
			b.WriteString(", {")
			sep := ""
			if g.Weighted() {
				b.WriteString("'weight': ")
				b.WriteString(formatNumber(g.Weight(int32(e))))
				sep = ", "
			}
			if g.HasCapacities() {
				if c := g.Capacity(int32(e)); !math.IsInf(c, 1) {
					b.WriteString(sep)
					b.WriteString("'capacity': ")
					b.WriteString(formatNumber(c))
				}
			}
			b.WriteByte('}')
		}
		b.WriteByte(')')
	}
	if n < m {
		b.WriteString(", ...")
	}
	b.WriteByte(']')
	return b.String()
}

// writeID writes a node ID as Python would print it in a tuple.
func writeID(b *strings.Builder, id string) {
	if _, err := strconv.ParseInt(id, 10, 64); err == nil {
		b.WriteString(id)
		return
	}
	b.WriteByte('\'')
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(id, `\`, `\\`), "'", `\'`))
	b.WriteByte('\'')
}

// formatNumber writes integral values without a fraction, as Python's int.
func formatNumber(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// NodeEncoderOptions configures a NodeEncoder.
type NodeEncoderOptions struct {
	// TypeAttr is the node attribute that gives a node's type ("label");
	// nodes without it share one type. Empty: all nodes have one type.
	TypeAttr string
	// K is how many neighbours to keep per node (default 8, the paper's
	// setting for node classification).
	K int
	// Hops is the neighbourhood radius (default 1; the paper found one hop
	// best).
	Hops int
	// Hide lists attributes never written for the encoded node itself (its
	// label when that is what is being predicted).
	Hide []string
	// NeighbourAttrs lists the attributes written for each neighbour
	// (default: TypeAttr only).
	NeighbourAttrs []string
	// MaxValueLen truncates long attribute values, e.g. abstracts (default
	// 200 bytes, at a rune boundary).
	MaxValueLen int
}

// NodeEncoder is Graph Agent's graph-to-text encoder (graph-agent.txt §2.4):
//
//	node: v; attributes: A; n-hop-neighbours: [f_sample(N_h)]
//	edge: (x, y); attributes: (A_x, A_y); y-n-hop-neighbours: [...]; x-n-hop-neighbours: [...]
//
// f_sample keeps the top K neighbours by importance, a node's degree divided
// by the average degree of the nodes of its type. The averages are computed
// once, in NewNodeEncoder; each encoding then costs the size of the
// neighbourhood. Ties are broken by node ID, so output is deterministic.
// Safe for concurrent use.
type NodeEncoder struct {
	g    *graph.Graph
	opts NodeEncoderOptions
	imp  []float64 // importance per node
	hide map[string]bool
}

// NewNodeEncoder prepares the encoder for g.
func NewNodeEncoder(g *graph.Graph, opts NodeEncoderOptions) *NodeEncoder {
	if opts.K <= 0 {
		opts.K = 8
	}
	if opts.Hops <= 0 {
		opts.Hops = 1
	}
	if opts.MaxValueLen <= 0 {
		opts.MaxValueLen = 200
	}
	if opts.NeighbourAttrs == nil && opts.TypeAttr != "" {
		opts.NeighbourAttrs = []string{opts.TypeAttr}
	}
	ne := &NodeEncoder{g: g, opts: opts, imp: make([]float64, g.N()), hide: map[string]bool{}}
	for _, h := range opts.Hide {
		ne.hide[h] = true
	}
	// Average degree per type.
	sum := map[string]float64{}
	cnt := map[string]float64{}
	for i := 0; i < g.N(); i++ {
		t := ne.typeOf(int32(i))
		sum[t] += float64(g.Degree(int32(i)))
		cnt[t]++
	}
	for i := 0; i < g.N(); i++ {
		avg := sum[ne.typeOf(int32(i))] / cnt[ne.typeOf(int32(i))]
		if avg > 0 {
			ne.imp[i] = float64(g.Degree(int32(i))) / avg
		}
	}
	return ne
}

func (ne *NodeEncoder) typeOf(i int32) string {
	if ne.opts.TypeAttr == "" {
		return ""
	}
	v, ok := ne.g.NodeAttrs(i)[ne.opts.TypeAttr]
	if !ok {
		return ""
	}
	return fmt.Sprint(v)
}

// Importance is node i's degree divided by the average degree of its type.
func (ne *NodeEncoder) Importance(i int32) float64 { return ne.imp[i] }

// Sample returns up to K nodes within Hops of node i (i itself and the nodes
// in exclude left out), most important first, ties by ID.
func (ne *NodeEncoder) Sample(i int32, exclude ...int32) []int32 {
	g := ne.g
	seen := map[int32]bool{i: true}
	for _, x := range exclude {
		seen[x] = true
	}
	frontier := []int32{i}
	var hood []int32
	for h := 0; h < ne.opts.Hops && len(frontier) > 0; h++ {
		var next []int32
		for _, u := range frontier {
			for _, nbs := range [2][]int32{g.Out(u), g.In(u)} {
				for _, v := range nbs {
					if !seen[v] {
						seen[v] = true
						next = append(next, v)
					}
				}
				if !g.Directed() {
					break // In aliases Out
				}
			}
		}
		hood = append(hood, next...)
		frontier = next
	}
	slices.SortFunc(hood, func(a, b int32) int {
		if c := cmp.Compare(ne.imp[b], ne.imp[a]); c != 0 {
			return c
		}
		return cmp.Compare(g.ID(a), g.ID(b))
	})
	if len(hood) > ne.opts.K {
		hood = hood[:ne.opts.K]
	}
	return hood
}

// Node encodes node i: "node: ID; attributes: {...}; 1-hop-neighbours: [...]".
func (ne *NodeEncoder) Node(i int32) string {
	var b strings.Builder
	b.WriteString("node: ")
	b.WriteString(ne.g.ID(i))
	b.WriteString("; attributes: ")
	ne.writeAttrs(&b, i, nil)
	fmt.Fprintf(&b, "; %d-hop-neighbours: ", ne.opts.Hops)
	ne.writeNeighbours(&b, ne.Sample(i))
	return b.String()
}

// Edge encodes the edge (x, y) of Graph Agent's link tasks; the two end
// nodes are left out of each other's neighbour samples. The edge need not
// exist (the question may be whether it does).
func (ne *NodeEncoder) Edge(x, y int32) string {
	var b strings.Builder
	fmt.Fprintf(&b, "edge: (%s, %s); attributes: (", ne.g.ID(x), ne.g.ID(y))
	ne.writeAttrs(&b, x, nil)
	b.WriteString(", ")
	ne.writeAttrs(&b, y, nil)
	fmt.Fprintf(&b, "); %s-%d-hop-neighbours: ", ne.g.ID(y), ne.opts.Hops)
	ne.writeNeighbours(&b, ne.Sample(y, x))
	fmt.Fprintf(&b, "; %s-%d-hop-neighbours: ", ne.g.ID(x), ne.opts.Hops)
	ne.writeNeighbours(&b, ne.Sample(x, y))
	return b.String()
}

// writeAttrs writes node i's attributes in key order ({} when none), all
// but the hidden ones, or only those in keys when keys is not nil.
func (ne *NodeEncoder) writeAttrs(b *strings.Builder, i int32, keys []string) {
	attrs := ne.g.NodeAttrs(i)
	if keys == nil {
		for k := range attrs {
			if !ne.hide[k] {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
	}
	b.WriteByte('{')
	first := true
	for _, k := range keys {
		v, ok := attrs[k]
		if !ok {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(k)
		b.WriteString(": ")
		b.WriteString(textutil.Truncate(fmt.Sprint(v), ne.opts.MaxValueLen))
	}
	b.WriteByte('}')
}

func (ne *NodeEncoder) writeNeighbours(b *strings.Builder, nodes []int32) {
	b.WriteByte('[')
	for k, v := range nodes {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(ne.g.ID(v))
		if len(ne.opts.NeighbourAttrs) > 0 && len(ne.g.NodeAttrs(v)) > 0 {
			b.WriteByte(' ')
			ne.writeAttrs(b, v, ne.opts.NeighbourAttrs)
		}
	}
	b.WriteByte(']')
}

// PathCover covers g's edges with paths of at most maxNodes nodes, after
// ChatGraph's length-constrained path cover (chatgraph.txt §II): every edge
// is on exactly one path, paths follow edge directions in directed graphs,
// and a path stops when it would exceed maxNodes nodes, has no unused edge
// to follow, or closes a cycle (its last node may repeat an earlier one, so
// "0 -> 1 -> 2 -> 0" shows a triangle). Isolated nodes come out as
// one-node paths, so the cover also lists every node. Paths start from
// nodes in index order; the whole runs in O(N + M). maxNodes below 2 is
// taken as 2.
func PathCover(g *graph.Graph, maxNodes int) [][]int32 {
	maxNodes = max(maxNodes, 2)
	n := g.N()
	used := make([]bool, g.M())
	next := make([]int32, n) // next unread position in each node's out list
	onPath := make([]int32, n)
	for i := range onPath {
		onPath[i] = -1
	}
	var paths [][]int32
	// unusedEdge returns the next unused edge out of u and its other end.
	unusedEdge := func(u int32) (int32, int32, bool) {
		adj, es := g.Out(u), g.OutEdges(u)
		for next[u] < int32(len(adj)) {
			k := next[u]
			if !used[es[k]] {
				return es[k], adj[k], true
			}
			next[u]++
		}
		return -1, -1, false
	}
	for s := int32(0); s < int32(n); s++ {
		if g.OutDegree(s) == 0 && g.InDegree(s) == 0 {
			paths = append(paths, []int32{s})
			continue
		}
		for {
			e, v, ok := unusedEdge(s)
			if !ok {
				break
			}
			id := int32(len(paths))
			path := []int32{s, v}
			used[e] = true
			onPath[s] = id
			cur := v
			for len(path) < maxNodes && onPath[cur] != id {
				onPath[cur] = id
				e, w, ok := unusedEdge(cur)
				if !ok {
					break
				}
				used[e] = true
				path = append(path, w)
				cur = w
			}
			paths = append(paths, path)
		}
	}
	return paths
}

// PathCoverText writes PathCover's paths one per line as "a -> b -> c"; at
// most maxPaths of them when maxPaths > 0, then a line saying how many more.
func PathCoverText(g *graph.Graph, maxNodes, maxPaths int) string {
	paths := PathCover(g, maxNodes)
	var b strings.Builder
	for k, p := range paths {
		if maxPaths > 0 && k == maxPaths {
			fmt.Fprintf(&b, "... %d more paths\n", len(paths)-maxPaths)
			break
		}
		for j, v := range p {
			if j > 0 {
				b.WriteString(" -> ")
			}
			b.WriteString(g.ID(v))
		}
		b.WriteByte('\n')
	}
	return b.String()
}
