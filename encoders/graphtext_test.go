package encoders

import (
	"bufio"
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// loadCitations reads a dataset folder's nodes.tsv (paper_id, label[, ...])
// and edges.tsv (citing, cited) into a graph with a "label" attribute, and
// "text" when the nodes file has a third column named text.
func loadCitations(t testing.TB, name string, directed bool) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(directed)
	readTSV(t, datasetFile(t, name, "nodes.tsv"), func(header, f []string) {
		if len(f) < 2 {
			t.Fatalf("%s nodes: short row %q", name, f)
		}
		if err := b.SetNodeAttr(f[0], "label", f[1]); err != nil {
			t.Fatal(err)
		}
		if len(f) > 2 && header[2] == "text" {
			if err := b.SetNodeAttr(f[0], "text", f[2]); err != nil {
				t.Fatal(err)
			}
		}
	})
	readTSV(t, datasetFile(t, name, "edges.tsv"), func(_, f []string) {
		if len(f) != 2 {
			t.Fatalf("%s edges: bad row %q", name, f)
		}
		if _, err := b.AddEdge(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	})
	return b.Build()
}

// datasetFile returns the path of a file of the repository's datasets
// folder (tools/dataset; "X.gz" when only that is shipped).
func datasetFile(t testing.TB, parts ...string) string {
	t.Helper()
	p, err := dataset.Path(parts...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// readTSV calls row for every line of the TSV file at path after the
// header, decompressing a ".gz" file.
func readTSV(t testing.TB, path string, row func(header, fields []string)) {
	t.Helper()
	f, err := dataset.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var header []string
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if header == nil {
			header = fields
			continue
		}
		row(header, fields)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

func TestEdgeListText(t *testing.T) {
	b := graph.NewBuilder(false)
	b.AddEdge("0", "1")
	b.AddWeightedEdge("1", "2", 3)
	b.AddWeightedEdge("2", "x'y", 2.5)
	g := b.Build()
	want := `[(0, 1, {'weight': 1}), (1, 2, {'weight': 3}), (2, 'x\'y', {'weight': 2.5})]`
	if got := EdgeListText(g, 0); got != want {
		t.Errorf("EdgeListText =\n%s\nwant\n%s", got, want)
	}
	if got, want := EdgeListText(g, 2), `[(0, 1, {'weight': 1}), (1, 2, {'weight': 3}), ...]`; got != want {
		t.Errorf("truncated = %s, want %s", got, want)
	}
	u := graph.NewBuilder(true)
	u.AddEdge("a", "b")
	u.AddEdge("b", "a")
	if got, want := EdgeListText(u.Build(), 0), `[('a', 'b'), ('b', 'a')]`; got != want {
		t.Errorf("directed = %s, want %s", got, want)
	}
	if got := EdgeListText(graph.NewBuilder(false).Build(), 5); got != "[]" {
		t.Errorf("empty graph = %q", got)
	}
	// The cleaner removes what this writes.
	if got := StripGraphText("Given the edges: " + EdgeListText(g, 0) + ". How heavy?"); got != "weight. How heavy?" {
		t.Errorf("StripGraphText of an edge list question = %q", got)
	}
}

// checkCover verifies that paths cover every edge of g exactly once, follow
// edge directions, have at most maxNodes nodes and list every node.
func checkCover(t *testing.T, g *graph.Graph, paths [][]int32, maxNodes int) {
	t.Helper()
	covered := make([]int, g.M())
	seen := make([]bool, g.N())
	for _, p := range paths {
		if len(p) == 0 || len(p) > maxNodes {
			t.Fatalf("path of %d nodes, limit %d: %v", len(p), maxNodes, p)
		}
		for _, v := range p {
			seen[v] = true
		}
		if len(p) == 1 && (g.OutDegree(p[0]) != 0 || g.InDegree(p[0]) != 0) {
			t.Fatalf("one-node path for non-isolated node %s", g.ID(p[0]))
		}
		for k := 0; k+1 < len(p); k++ {
			e, ok := g.FindEdge(p[k], p[k+1])
			if !ok {
				t.Fatalf("path step %s -> %s is not an edge", g.ID(p[k]), g.ID(p[k+1]))
			}
			covered[e]++
		}
	}
	for e, c := range covered {
		if c != 1 {
			u, v := g.Edge(int32(e))
			t.Fatalf("edge %s-%s covered %d times", g.ID(u), g.ID(v), c)
		}
	}
	for i, s := range seen {
		if !s {
			t.Fatalf("node %s on no path", g.ID(int32(i)))
		}
	}
}

func TestPathCoverRealData(t *testing.T) {
	for _, c := range []struct {
		name     string
		directed bool
	}{{"cora", true}, {"cora", false}, {"citeseer_text", true}, {"citeseer_text", false}} {
		g := loadCitations(t, c.name, c.directed)
		for _, L := range []int{2, 3, 5, 8} {
			paths := PathCover(g, L)
			checkCover(t, g, paths, L)
			again := PathCover(g, L)
			if !slices.EqualFunc(paths, again, slices.Equal[[]int32]) {
				t.Fatalf("%s L=%d: not deterministic", c.name, L)
			}
			if L == 2 && len(paths) != g.M()+isolated(g) {
				t.Errorf("%s L=2: %d paths, want one per edge plus isolated nodes = %d", c.name, len(paths), g.M()+isolated(g))
			}
			if L == 8 {
				t.Logf("%s directed=%v: %d nodes, %d edges -> %d paths of at most %d nodes", c.name, c.directed, g.N(), g.M(), len(paths), L)
			}
		}
	}
}

func isolated(g *graph.Graph) int {
	n := 0
	for i := 0; i < g.N(); i++ {
		if g.OutDegree(int32(i)) == 0 && g.InDegree(int32(i)) == 0 {
			n++
		}
	}
	return n
}

func TestPathCoverText(t *testing.T) {
	b := graph.NewBuilder(true)
	b.AddEdge("0", "1")
	b.AddEdge("1", "2")
	b.AddEdge("2", "0")
	b.AddEdge("2", "3")
	b.AddNode("9")
	g := b.Build()
	// From 0: 0 -> 1 -> 2 -> 0 closes the cycle; then 2 -> 3 is left.
	want := "0 -> 1 -> 2 -> 0\n2 -> 3\n9\n"
	if got := PathCoverText(g, 5, 0); got != want {
		t.Errorf("PathCoverText =\n%s\nwant\n%s", got, want)
	}
	if got := PathCoverText(g, 2, 2); got != "0 -> 1\n1 -> 2\n... 3 more paths\n" {
		t.Errorf("limited = %q", got)
	}
	checkCover(t, g, PathCover(g, 1), 2)
}

func TestNodeEncoderCora(t *testing.T) {
	g := loadCitations(t, "cora", false)
	ne := NewNodeEncoder(g, NodeEncoderOptions{TypeAttr: "label", K: 8, Hide: []string{"label"}})
	// Average degree per label, computed here independently.
	sum, cnt := map[string]int{}, map[string]int{}
	for i := 0; i < g.N(); i++ {
		l := g.NodeAttrs(int32(i))["label"].(string)
		d := 0
		for range g.Out(int32(i)) {
			d++
		}
		sum[l] += d
		cnt[l]++
	}
	importance := func(i int32) float64 {
		l := g.NodeAttrs(i)["label"].(string)
		return float64(len(g.Out(i))) / (float64(sum[l]) / float64(cnt[l]))
	}
	checked := 0
	for i := int32(0); i < int32(g.N()); i += 37 {
		if d := ne.Importance(i) - importance(i); d > 1e-9 || d < -1e-9 {
			t.Fatalf("importance of %s = %v, want %v", g.ID(i), ne.Importance(i), importance(i))
		}
		nbs := slices.Clone(g.Out(i))
		slices.SortFunc(nbs, func(a, b int32) int {
			if c := cmp.Compare(importance(b), importance(a)); c != 0 {
				return c
			}
			return cmp.Compare(g.ID(a), g.ID(b))
		})
		nbs = nbs[:min(8, len(nbs))]
		if got := ne.Sample(i); !slices.Equal(got, nbs) {
			t.Fatalf("sample of %s = %v, want %v", g.ID(i), got, nbs)
		}
		text := ne.Node(i)
		if !strings.HasPrefix(text, "node: "+g.ID(i)+"; attributes: {}; 1-hop-neighbours: [") {
			t.Fatalf("node text %q", text)
		}
		for _, v := range nbs {
			if !strings.Contains(text, g.ID(v)+" {label: "+g.NodeAttrs(v)["label"].(string)+"}") {
				t.Fatalf("node text %q lacks neighbour %s with its label", text, g.ID(v))
			}
		}
		checked++
	}
	if checked < 50 {
		t.Fatalf("checked only %d nodes", checked)
	}
	// Paper 1033 cites 35: the edge encoder leaves each end out of the
	// other's sample.
	x, _ := g.Index("1033")
	y, _ := g.Index("35")
	et := ne.Edge(x, y)
	if !strings.HasPrefix(et, "edge: (1033, 35); attributes: ({") || !strings.Contains(et, "35-1-hop-neighbours: [") || !strings.Contains(et, "1033-1-hop-neighbours: [") {
		t.Fatalf("edge text %q", et)
	}
	for _, v := range ne.Sample(y, x) {
		if v == x {
			t.Fatal("edge sample of 35 includes 1033")
		}
	}
	if !strings.Contains(et, "label: ") {
		t.Errorf("edge text hides labels of the end nodes only through Hide: %q", et)
	}
}

func TestNodeEncoderTextAttributes(t *testing.T) {
	g := loadCitations(t, "citeseer_text", true)
	ne := NewNodeEncoder(g, NodeEncoderOptions{TypeAttr: "label", K: 3, Hops: 2, Hide: []string{"label"}, MaxValueLen: 120})
	i, ok := g.Index("kusiak00decomposition")
	if !ok {
		t.Fatal("paper kusiak00decomposition missing")
	}
	text := ne.Node(i)
	own := text[:strings.Index(text, "2-hop-neighbours")]
	if !strings.Contains(own, "text: Decomposition in Data Mining") || strings.Contains(own, "label") {
		t.Errorf("node part of the text shows its text and hides its label: %q", own)
	}
	attrs := text[strings.Index(text, "{"):strings.Index(text, "}")]
	if len(attrs) > 140 {
		t.Errorf("attributes not truncated: %d bytes", len(attrs))
	}
	if s := ne.Sample(i); len(s) > 3 {
		t.Errorf("sample of %d > K", len(s))
	}
}
