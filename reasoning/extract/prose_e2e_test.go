package extract

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// graphEdges renders a graph's edges sorted, "U-V" (ends sorted when
// undirected) or "U>V", with "=w" for a weight and "=c" for a capacity.
func graphEdges(g *graph.Graph) []string {
	var out []string
	for e := int32(0); e < int32(g.M()); e++ {
		a, b := g.Edge(e)
		u, v := g.ID(a), g.ID(b)
		sep := ">"
		if !g.Directed() {
			sep = "-"
			if u > v {
				u, v = v, u
			}
		}
		s := u + sep + v
		switch {
		case g.HasCapacities():
			s += fmt.Sprintf("=c%g", g.Capacity(e))
		case g.Weighted():
			s += fmt.Sprintf("=%g", g.Weight(e))
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// TestProseReadersEndToEnd reads whole questions through Read: the prose
// readers' edges become the graph, confidently, and the question is not
// read as graph text.
func TestProseReadersEndToEnd(t *testing.T) {
	for _, c := range []struct {
		name, q  string
		directed bool
		nodes    int
		edges    []string
	}{
		{"issue: friends", "Alice and Bob are friends. Bob and Carol are friends. How many friends does Bob have?",
			false, 3, []string{"Alice-Bob", "Bob-Carol"}},
		{"issue: roads in km",
			"There is a road from Paris to Lyon of 465 km, a road from Lyon to Nice of 470 km and a road from Paris to Nice of 950 km. How far is it from Paris to Nice on the shortest route?",
			false, 3, []string{"Lyon-Nice=470", "Lyon-Paris=465", "Nice-Paris=950"}},
		{"issue: visiting order",
			"In a directed graph with 4 nodes numbered from 0 to 3: node 3 should be visited before node 1, node 1 should be visited before node 2, node 3 should be visited before node 0. Give a visiting order.",
			true, 4, []string{"1>2", "3>0", "3>1"}},
		{"one-way relations", "Alice follows Bob. Bob follows Carol. Dave reports to Carol. Who does Alice follow?",
			true, 4, []string{"Alice>Bob", "Bob>Carol", "Dave>Carol"}},
		{"pipes with capacities", "A pipe from s to a carries 5 units. A pipe from a to t carries 3 units. A pipe from s to t carries 1 unit. What is the maximum flow from s to t?",
			true, 3, []string{"a>t=c3", "s>a=c5", "s>t=c1"}},
		{"precedence with dependencies", "B depends on A. C requires B. D must be done after C. In what order can I do the tasks?",
			true, 4, []string{"A>B", "B>C", "C>D"}},
		{"a road network in several shapes",
			"It is 546 km from Paris to Toulouse by road. Paris and Nantes are joined by a 83 km road. The road between Paris and Nice is 113 km. Lyon is 300 km from Nice.\nHow far is it from Lyon to Nantes?",
			false, 5, []string{"Lyon-Nice=300", "Nantes-Paris=83", "Nice-Paris=113", "Paris-Toulouse=546"}},
		{"multi-word names and lists", "New York is connected to Boston, Chicago and Los Angeles. Is Boston connected to Chicago?",
			false, 4, []string{"Boston-New York", "Chicago-New York", "Los Angeles-New York"}},
		{"a road and its length in the next clause",
			"A road connects Paris and Geneva; it is 95 km long. Geneva and Lyon are joined by a 100 km road. How far is Paris from Lyon?",
			false, 3, []string{"Geneva-Lyon=100", "Geneva-Paris=95"}},
		{"chores", "Don't wash the dishes until you cook dinner. You have to buy flour before you cook dinner. First set the table, then wash the dishes. In what order should I do the chores?",
			true, 4, []string{"buy flour>cook dinner", "cook dinner>wash the dishes", "set the table>wash the dishes"}},
		{"talk like a graph", "G describes a friendship graph among James, Robert and John.\nWe have the following edges in G:\nJames and Robert are friends.\nRobert and John are friends.\n\nQ: How many friends does Robert have?",
			false, 3, []string{"James-Robert", "John-Robert"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Read(context.Background(), c.q, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if ex.Graph == nil {
				t.Fatalf("no graph; notes %q", ex.Notes)
			}
			if got := graphEdges(ex.Graph); strings.Join(got, " ") != strings.Join(c.edges, " ") {
				t.Errorf("edges %v, want %v (notes %q)", got, c.edges, ex.Notes)
			}
			if ex.Graph.Directed() != c.directed || ex.Graph.N() != c.nodes {
				t.Errorf("directed %v with %d nodes, want %v with %d", ex.Graph.Directed(), ex.Graph.N(), c.directed, c.nodes)
			}
			if ex.Confidence < Confident {
				t.Errorf("confidence %.2f below %.2f: notes %q", ex.Confidence, Confident, ex.Notes)
			}
		})
	}
}
