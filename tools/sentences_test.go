package tools

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestSentencePathOfLength: shortest_path_length's sentence shows a path
// whose edges exist and whose length (hops, or total weight) is the value,
// on random graphs of every kind.
func TestSentencePathOfLength(t *testing.T) {
	checked := 0
	for _, tg := range randomGraphs(801, 150, genOptions{MaxNodes: 12, SelfLoops: true}) {
		g := tg.build(t)
		for _, weighted := range []bool{false, true} {
			for s := 0; s < g.N(); s += 3 {
				for d := 0; d < g.N(); d += 2 {
					src, dst := g.ID(int32(s)), g.ID(int32(d))
					res, err := runTool(t, "shortest_path_length", g, map[string]any{"source": src, "target": dst, "weighted": weighted})
					if err != nil {
						continue
					}
					_, after, ok := strings.Cut(strings.TrimSuffix(res.Text, "."), ": ")
					if !ok {
						t.Fatalf("%q: no path in the sentence", res.Text)
					}
					sep := " - "
					if g.Directed() {
						sep = " -> "
					}
					ids := strings.Split(after, sep)
					if ids[0] != src || ids[len(ids)-1] != dst {
						t.Fatalf("%q: path does not run from %s to %s\n%s", res.Text, src, dst, tg.describe())
					}
					total := 0.0
					for i := 1; i < len(ids); i++ {
						u, ok1 := g.Index(ids[i-1])
						v, ok2 := g.Index(ids[i])
						e, ok3 := g.FindEdge(u, v)
						if !ok1 || !ok2 || !ok3 {
							t.Fatalf("%q: %s%s%s is not an edge\n%s", res.Text, ids[i-1], sep, ids[i], tg.describe())
						}
						total += g.Weight(e)
					}
					var want float64
					switch v := res.Value.(type) {
					case int:
						want, total = float64(v), float64(len(ids)-1)
					case float64:
						want = v
					}
					if math.Abs(total-want) > 1e-9*math.Max(1, want) {
						t.Fatalf("%q: the path's length is %v, the value %v\n%s", res.Text, total, want, tg.describe())
					}
					checked++
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d sentences checked", checked)
	}
}

// TestSentenceMatchingKinds: when bipartite prose names the nodes with
// their kind, the matching is told in those words, every pair written
// applicant first, and all pairs are listed.
func TestSentenceMatchingKinds(t *testing.T) {
	b := graph.NewBuilder(false)
	// Job 0 is added before some applicants, and one pair is written job
	// first: the orientation must not depend on either.
	for _, e := range [][2]string{{"applicant 0", "job 0"}, {"job 0", "applicant 1"}, {"applicant 1", "job 2"}, {"applicant 2", "job 2"}, {"job 1", "applicant 2"}} {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	res, err := runTool(t, "maximum_bipartite_matching", b.Build(), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := res.Value.(MatchingResult)
	if m.Size != 3 || !strings.HasPrefix(res.Text, "3 applicants can each get a different job at once") {
		t.Errorf("%q (size %d)", res.Text, m.Size)
	}
	for _, p := range m.Pairs {
		if !strings.HasPrefix(p[0], "applicant ") || !strings.HasPrefix(p[1], "job ") || !strings.Contains(res.Text, p[0]+" – "+p[1]) {
			t.Errorf("pair %v in %q", p, res.Text)
		}
	}
	// Plain IDs keep the generic sentence; more than ten pairs are all shown.
	b = graph.NewBuilder(false)
	for i := 0; i < 30; i++ {
		if _, err := b.AddEdge("a"+strconv.Itoa(i), "b"+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	res, err = runTool(t, "maximum_bipartite_matching", b.Build(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Text, "A maximum matching has 30 pairs: ") || !strings.Contains(res.Text, "a29 – b29") || strings.Contains(res.Text, "more") {
		t.Errorf("%q", res.Text)
	}
	for _, c := range []struct{ kind, want string }{{"applicant", "applicants"}, {"match", "matches"}, {"company", "companies"}, {"boy", "boys"}, {"bus", "buses"}} {
		if got := pluralKind(2, c.kind); got != c.want {
			t.Errorf("pluralKind(%q) = %q, want %q", c.kind, got, c.want)
		}
	}
}

// TestSentenceAllNodes: the embedding of every node is shown (not the
// first twenty), as are long orders and neighbour lists; an empty
// neighbour list says so.
func TestSentenceAllNodes(t *testing.T) {
	b := graph.NewBuilder(true)
	for i := 0; i < 59; i++ {
		if _, err := b.AddEdge(strconv.Itoa(i), strconv.Itoa(i+1)); err != nil {
			t.Fatal(err)
		}
	}
	g := b.Build()
	res, err := runTool(t, "gnn_sum_aggregation", g, map[string]any{"rounds": 1, "features": func() map[string][]float64 {
		f := map[string][]float64{}
		for i := 0; i < 60; i++ {
			f[strconv.Itoa(i)] = []float64{float64(i), 0.5}
		}
		return f
	}()})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Text, "node 0: [0, 0]") || !strings.Contains(res.Text, "node 59: [58, 0.5]") || strings.Contains(res.Text, "more") {
		t.Errorf("gnn: %q", res.Text)
	}
	res, err = runTool(t, "topological_sort", g, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(res.Text, ", 58, 59.") {
		t.Errorf("topological_sort: %q", res.Text)
	}
	res, err = runTool(t, "neighbors", g, map[string]any{"node": "59"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Text != "Node 59 has no successors." {
		t.Errorf("neighbors: %q", res.Text)
	}
}
