package scenarios

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// Comparison is two reports side by side and the graphs' overlap.
type Comparison struct {
	A       *Report `json:"a"`
	B       *Report `json:"b"`
	Overlap Overlap `json:"overlap"`
}

// Overlap counts what two graphs share, by node ID and by edge.
type Overlap struct {
	CommonNodes int     `json:"common_nodes"`
	OnlyANodes  int     `json:"only_a_nodes"`
	OnlyBNodes  int     `json:"only_b_nodes"`
	NodeJaccard float64 `json:"node_jaccard"`
	CommonEdges int     `json:"common_edges"`
	OnlyAEdges  int     `json:"only_a_edges"`
	OnlyBEdges  int     `json:"only_b_edges"`
	EdgeJaccard float64 `json:"edge_jaccard"`
	// EdgesDirected says whether edges were matched with their direction
	// (both graphs directed) or as unordered pairs.
	EdgesDirected bool `json:"edges_directed"`
}

// Compare reports on a and b and measures their overlap.
func Compare(ctx context.Context, a, b *graph.Graph, opt Options) (*Comparison, error) {
	ra, err := Summarize(ctx, a, opt)
	if err != nil {
		return nil, fmt.Errorf("graph A: %w", err)
	}
	rb, err := Summarize(ctx, b, opt)
	if err != nil {
		return nil, fmt.Errorf("graph B: %w", err)
	}
	return &Comparison{A: ra, B: rb, Overlap: overlap(a, b)}, nil
}

// overlap matches nodes by ID and edges by their endpoints' IDs.
func overlap(a, b *graph.Graph) Overlap {
	var o Overlap
	for _, id := range a.IDs() {
		if _, ok := b.Index(id); ok {
			o.CommonNodes++
		}
	}
	o.OnlyANodes, o.OnlyBNodes = a.N()-o.CommonNodes, b.N()-o.CommonNodes
	o.NodeJaccard = jaccard(o.CommonNodes, a.N()+b.N()-o.CommonNodes)
	o.EdgesDirected = a.Directed() && b.Directed()
	type pair struct{ u, v string }
	key := func(u, v string) pair {
		if !o.EdgesDirected && v < u {
			u, v = v, u
		}
		return pair{u, v}
	}
	edges := func(g *graph.Graph) map[pair]bool {
		set := make(map[pair]bool, g.M())
		for e := int32(0); e < int32(g.M()); e++ {
			u, v := g.Edge(e)
			set[key(g.ID(u), g.ID(v))] = true
		}
		return set
	}
	ea, eb := edges(a), edges(b)
	for p := range ea {
		if eb[p] {
			o.CommonEdges++
		}
	}
	o.OnlyAEdges, o.OnlyBEdges = len(ea)-o.CommonEdges, len(eb)-o.CommonEdges
	o.EdgeJaccard = jaccard(o.CommonEdges, len(ea)+len(eb)-o.CommonEdges)
	return o
}

func jaccard(common, union int) float64 {
	if union == 0 {
		return 0
	}
	return float64(common) / float64(union)
}

// WriteMarkdown writes the two reports' measures side by side and the
// overlap.
func (c *Comparison) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Graph comparison: %s vs %s\n\n", c.A.Source, c.B.Source)
	fmt.Fprintf(&b, "| measure | %s | %s |\n|---|---|---|\n", cell(c.A.Source), cell(c.B.Source))
	ra, rb := c.A.rows(), c.B.rows()
	byName := map[string]string{}
	for _, r := range rb {
		byName[r[0]] = r[1]
	}
	seen := map[string]bool{}
	for _, r := range ra {
		seen[r[0]] = true
		other, ok := byName[r[0]]
		if !ok {
			other = "–"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |\n", r[0], cell(r[1]), cell(other))
	}
	for _, r := range rb {
		if !seen[r[0]] {
			fmt.Fprintf(&b, "| %s | – | %s |\n", r[0], cell(r[1]))
		}
	}
	o := c.Overlap
	how := "as unordered pairs"
	if o.EdgesDirected {
		how = "with their direction"
	}
	fmt.Fprintf(&b, "\n## Overlap\n\n| | common | only in %s | only in %s | Jaccard |\n|---|---:|---:|---:|---:|\n", cell(c.A.Source), cell(c.B.Source))
	fmt.Fprintf(&b, "| nodes (by ID) | %d | %d | %d | %s |\n", o.CommonNodes, o.OnlyANodes, o.OnlyBNodes, num(o.NodeJaccard))
	fmt.Fprintf(&b, "| edges (%s) | %d | %d | %d | %s |\n", how, o.CommonEdges, o.OnlyAEdges, o.OnlyBEdges, num(o.EdgeJaccard))
	_, err := io.WriteString(w, b.String())
	return err
}
