package scenarios

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// seededGraph is a graph written with defects at known places: edges in
// file order, and which of them (1-based) are duplicates and self-loops.
type seededGraph struct {
	directed  bool
	nodes     []string // declared, isolated ones included
	edges     [][2]string
	dups      []int
	loops     []int
	isolated  []string
	baseEdges int
	baseNodes int // nodes some base edge touches
}

func seedGraph(r *rand.Rand, directed bool) seededGraph {
	n := 4 + r.IntN(20)
	s := seededGraph{directed: directed}
	seen := map[[2]int]bool{}
	touched := map[int]bool{}
	var base [][2]int
	for range 2 * n {
		u, v := r.IntN(n), r.IntN(n)
		k := [2]int{u, v}
		if !directed && u > v {
			k = [2]int{v, u}
		}
		if u == v || seen[k] {
			continue
		}
		seen[k] = true
		base = append(base, [2]int{u, v})
		touched[u], touched[v] = true, true
	}
	s.baseEdges, s.baseNodes = len(base), len(touched)
	for i := range n {
		if touched[i] {
			s.nodes = append(s.nodes, fmt.Sprint(i))
		}
	}
	for i := range 1 + r.IntN(3) { // isolated nodes, named apart
		id := fmt.Sprintf("%d", 100+i)
		s.nodes = append(s.nodes, id)
		s.isolated = append(s.isolated, id)
	}
	r.Shuffle(len(s.nodes), func(i, j int) { s.nodes[i], s.nodes[j] = s.nodes[j], s.nodes[i] })
	id := func(i int) string { return fmt.Sprint(i) }
	for _, e := range base {
		s.edges = append(s.edges, [2]string{id(e[0]), id(e[1])})
		if r.IntN(4) == 0 { // a duplicate right away, reversed sometimes when undirected
			d := [2]string{id(e[0]), id(e[1])}
			if !directed && r.IntN(2) == 0 {
				d[0], d[1] = d[1], d[0]
			}
			s.edges = append(s.edges, d)
			s.dups = append(s.dups, len(s.edges))
		}
		if r.IntN(5) == 0 { // a self-loop on a node that has edges
			s.edges = append(s.edges, [2]string{id(e[0]), id(e[0])})
			s.loops = append(s.loops, len(s.edges))
		}
	}
	return s
}

// write renders s in format f.
func (s seededGraph) write(f graph.Format) string {
	var b strings.Builder
	switch f {
	case graph.FormatNodeLink:
		fmt.Fprintf(&b, `{"directed": %v, "multigraph": false, "graph": {}, "nodes": [`, s.directed)
		for i, id := range s.nodes {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{"id": %q}`, id)
		}
		b.WriteString(`], "edges": [`)
		for i, e := range s.edges {
			if i > 0 {
				b.WriteString(",\n")
			}
			fmt.Fprintf(&b, `{"source": %q, "target": %q}`, e[0], e[1])
		}
		b.WriteString("]}\n")
	case graph.FormatDOT:
		kind, op := "graph", "--"
		if s.directed {
			kind, op = "digraph", "->"
		}
		fmt.Fprintf(&b, "%s G {\n", kind)
		for _, id := range s.nodes {
			fmt.Fprintf(&b, "  %s;\n", id)
		}
		for _, e := range s.edges {
			fmt.Fprintf(&b, "  %s %s %s;\n", e[0], op, e[1])
		}
		b.WriteString("}\n")
	case graph.FormatGML:
		d := 0
		if s.directed {
			d = 1
		}
		fmt.Fprintf(&b, "graph [\n  directed %d\n", d)
		for _, id := range s.nodes {
			fmt.Fprintf(&b, "  node [ id %s ]\n", id)
		}
		for _, e := range s.edges {
			fmt.Fprintf(&b, "  edge [ source %s target %s ]\n", e[0], e[1])
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// TestInspectGraphFormats: in node-link JSON, DOT and GML files with
// seeded duplicates, self-loops and isolated nodes, every defect is found
// at its edge number (and nothing else), and the cleaned graph has none
// left: the base edges and the nodes they touch.
func TestInspectGraphFormats(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 14))
	for i := range 60 {
		s := seedGraph(r, i%2 == 0)
		for _, f := range []graph.Format{graph.FormatNodeLink, graph.FormatDOT, graph.FormatGML} {
			s := s
			if f == graph.FormatGML && len(s.dups) > 0 {
				// GML's reader refuses a repeated edge, as NetworkX's
				// read_gml does, naming its line.
				if _, _, err := InspectGraph([]byte(s.write(f)), "g.gml", f, false); err == nil || !strings.Contains(err.Error(), "is duplicated") {
					t.Fatalf("GML with a repeated edge: %v", err)
				}
				s = s.withoutDuplicates()
			}
			text := s.write(f)
			name := fmt.Sprintf("g%d.%s", i, f)
			if got := graph.DetectFormat("", []byte(text)); got != f {
				t.Fatalf("%s detected as %s", name, got)
			}
			in, g, err := InspectGraph([]byte(text), name, f, false)
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, text)
			}
			var dups, loops []int
			var isolated []string
			for _, d := range in.Defects {
				switch d.Kind {
				case Duplicate:
					dups = append(dups, d.Edge)
					if d.FirstEdge < 1 || d.FirstEdge >= d.Edge {
						t.Errorf("%s: duplicate at edge %d first at %d", name, d.Edge, d.FirstEdge)
					}
				case SelfLoop:
					loops = append(loops, d.Edge)
				case Isolated:
					isolated = append(isolated, d.Node)
				default:
					t.Errorf("%s: unexpected %+v", name, d)
				}
				if d.Line != 0 {
					t.Errorf("%s: a line number in %+v", name, d)
				}
			}
			slices.Sort(isolated)
			if !slices.Equal(dups, s.dups) || !slices.Equal(loops, s.loops) || !slices.Equal(isolated, s.isolated) ||
				in.Directed != s.directed || in.Records != len(s.edges) {
				t.Fatalf("%s: duplicates %v want %v, self-loops %v want %v, isolated %v want %v, directed %v, %d edges read\n%s",
					name, dups, s.dups, loops, s.loops, isolated, s.isolated, in.Directed, in.Records, text)
			}
			all, _ := ParseKinds("all")
			clean := CleanGraph(g, all)
			if clean.M() != s.baseEdges || clean.N() != s.baseNodes || clean.Directed() != s.directed {
				t.Fatalf("%s: cleaned graph %d nodes %d edges, want %d and %d", name, clean.N(), clean.M(), s.baseNodes, s.baseEdges)
			}
			// Self-loops kept: their nodes stay, and so do the loops.
			onlyIsolated := CleanGraph(g, map[string]bool{Isolated: true})
			if onlyIsolated.N() != s.baseNodes || onlyIsolated.M() != s.baseEdges+len(s.loops)-countRepeatedLoops(s) {
				t.Fatalf("%s: without isolated nodes only: %d nodes %d edges", name, onlyIsolated.N(), onlyIsolated.M())
			}
		}
	}
}

// countRepeatedLoops is how many seeded self-loops repeat an earlier one
// (they merge when read).
func countRepeatedLoops(s seededGraph) int {
	seen := map[string]bool{}
	n := 0
	for _, l := range s.loops {
		u := s.edges[l-1][0]
		if seen[u] {
			n++
		}
		seen[u] = true
	}
	return n
}

// withoutDuplicates is s without its repeated edges (self-loops
// included).
func (s seededGraph) withoutDuplicates() seededGraph {
	out := s
	out.edges, out.dups, out.loops = nil, nil, nil
	looped := map[string]bool{}
	for i, e := range s.edges {
		if slices.Contains(s.dups, i+1) || e[0] == e[1] && looped[e[0]] {
			continue
		}
		if e[0] == e[1] {
			looped[e[0]] = true
		}
		out.edges = append(out.edges, e)
		if slices.Contains(s.loops, i+1) {
			out.loops = append(out.loops, len(out.edges))
		}
	}
	return out
}
