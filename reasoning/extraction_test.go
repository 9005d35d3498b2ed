package reasoning

import (
	"context"
	"slices"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// edgeStrings renders a graph's edges as "u-v" strings in edge order.
func edgeStrings(g *graph.Graph) []string {
	out := make([]string, 0, g.M())
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		out = append(out, g.ID(u)+"-"+g.ID(v))
	}
	return out
}

func TestExtractionGraphText(t *testing.T) {
	q := "Nodes are numbered 0 to 4. Directed edges: 0->1 (weight 2), 1->3 (weight 5)."
	ex, err := ExtractGraph(context.Background(), q, ExtractOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.NeedsLLM() {
		t.Fatalf("confidence %.2f, notes %v", ex.Confidence, ex.Notes)
	}
	gt := ExtractionGraphText(ex)
	want := []EdgeText{{U: "0", V: "1", Weight: 2, HasWeight: true}, {U: "1", V: "3", Weight: 5, HasWeight: true}}
	if !gt.Directed || !gt.Weighted || !slices.Equal(gt.Edges, want) || !slices.Equal(gt.Nodes, []string{"2", "4"}) {
		t.Fatalf("GraphText = %+v", gt)
	}
	// The round trip through the planner's Build gives the same edges.
	g, err := gt.Build(graph.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if got, w := edgeStrings(g), edgeStrings(ex.Graph); !slices.Equal(got, w) || g.N() != ex.Graph.N() {
		t.Errorf("rebuilt %v %v, want %v %v", got, g.N(), w, ex.Graph.N())
	}
	ref, err := ExtractGraph(context.Background(), "Count the nodes of the graph in data/roads.edgelist.", ExtractOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if gt := ExtractionGraphText(ref); gt.Source != "data/roads.edgelist" || len(gt.Edges) != 0 {
		t.Errorf("reference GraphText = %+v", gt)
	}
}
