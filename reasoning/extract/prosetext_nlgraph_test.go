package extract

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"
)

// TestProseReadersOnNLGraph runs the three prose readers over the NLGraph
// training split: the precedence reader reads every topology question's
// "node u should be visited before node v" lines and the quantities reader
// every flow and shortest-path question's "an edge ... with capacity/weight
// w" lines, exactly (as a regular expression reads them), with full
// confidence and the right direction and meaning; on the other tasks, and
// the relationship reader on all, nothing is read.
func TestProseReadersOnNLGraph(t *testing.T) {
	before := regexp.MustCompile(`node (\d+) (?:should|must) be visited before node (\d+)`)
	capacity := regexp.MustCompile(`an edge from node (\d+) to node (\d+) with capacity (\d+)`)
	weight := regexp.MustCompile(`an edge between node (\d+) and node (\d+) with weight (\d+)`)
	ctx := context.Background()
	for _, task := range []string{"connectivity", "cycle", "flow", "GNN", "hamilton", "matching", "shortest_path", "topology"} {
		items := readNLGraphTask(t, task)
		for id, it := range items {
			d := NewDoc(it.Question)
			for _, r := range []Reader{Relations{}, Quantities{}, Precedence{}} {
				got, err := r.Read(ctx, d)
				if err != nil {
					t.Fatalf("%s/%s %s: %v", task, id, r.Name(), err)
				}
				var want *regexp.Regexp
				var dir Direction
				var meaning Meaning
				switch {
				case task == "topology" && r.Name() == (Precedence{}).Name():
					want, dir = before, DirDirected
				case task == "flow" && r.Name() == (Quantities{}).Name():
					want, dir, meaning = capacity, DirDirected, MeaningCapacity
				case task == "shortest_path" && r.Name() == (Quantities{}).Name():
					want, dir, meaning = weight, DirUndirected, MeaningWeight
				}
				if want == nil {
					if !got.Empty() {
						t.Errorf("%s/%s: %s read %v", task, id, r.Name(), edgeStrings(got))
					}
					continue
				}
				var wantEdges []string
				for _, m := range want.FindAllStringSubmatch(it.Question, -1) {
					e := m[1] + ">" + m[2]
					if len(m) > 3 {
						e += "=" + m[3]
					}
					wantEdges = append(wantEdges, e)
				}
				var gotEdges []string
				for _, e := range got.Edges {
					s := e.U + ">" + e.V
					if e.HasValue {
						s += fmt.Sprintf("=%g", e.Value)
					}
					gotEdges = append(gotEdges, s)
				}
				if !slices.Equal(gotEdges, wantEdges) || got.Directed != dir || got.EdgeValue != meaning || got.Confidence < 1 {
					t.Errorf("%s/%s %s: edges %v (want %v), direction %v (want %v), meaning %q (want %q), confidence %.2f %q",
						task, id, r.Name(), gotEdges, wantEdges, got.Directed, dir, got.EdgeValue, meaning, got.Confidence, got.Notes)
				}
			}
		}
	}
}
