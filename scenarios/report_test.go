package scenarios

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/internal/pyoracle"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// oracleCase is a graph as the NetworkX oracle reads it.
type oracleCase struct {
	Directed bool     `json:"directed"`
	Nodes    []string `json:"nodes"`
	Edges    [][3]any `json:"edges"`
}

type oracleReport struct {
	Nodes            int             `json:"nodes"`
	Edges            int             `json:"edges"`
	SelfLoops        int             `json:"self_loops"`
	Isolated         int             `json:"isolated"`
	Density          float64         `json:"density"`
	Histogram        []int           `json:"histogram"`
	Clustering       float64         `json:"clustering"`
	Components       int             `json:"components"`
	Largest          int             `json:"largest"`
	StrongComponents int             `json:"strong_components"`
	StrongLargest    int             `json:"strong_largest"`
	Diameters        []int           `json:"diameters"`
	TopDegree        [][2]any        `json:"top_degree"`
	TopPagerank      [][2]any        `json:"top_pagerank"`
	TopBetweenness   [][2]any        `json:"top_betweenness"`
	Communities      int             `json:"communities"`
	Modularity       *float64        `json:"modularity"`
	Raw              json.RawMessage `json:"-"`
}

func caseOf(g *graph.Graph) oracleCase {
	c := oracleCase{Directed: g.Directed(), Nodes: g.IDs(), Edges: [][3]any{}}
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		var w any
		if g.Weighted() {
			w = g.Weight(e)
		}
		c.Edges = append(c.Edges, [3]any{g.ID(u), g.ID(v), w})
	}
	return c
}

// runOracle asks NetworkX (testdata/oracle_report.py) for the measures.
func runOracle(t *testing.T, gs []*graph.Graph) []oracleReport {
	t.Helper()
	cases := make([]oracleCase, len(gs))
	for i, g := range gs {
		cases[i] = caseOf(g)
	}
	return pyoracle.Run[oracleCase, oracleReport](t, filepath.Join("testdata", "oracle_report.py"), cases)
}

func loadDataset(t *testing.T, name string) *graph.Graph {
	t.Helper()
	d, ok := dataset.Lookup(name)
	if !ok {
		t.Fatalf("no dataset %s", name)
	}
	p, err := dataset.Path(d.Folder, d.Graph)
	if err != nil {
		t.Fatal(err)
	}
	f, err := dataset.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := graph.ReadEdgeList(f, graph.ReadOptions{Directed: d.Directed, Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomGraph is a seeded graph with isolated nodes, self-loops and
// several components.
func randomGraph(r *rand.Rand, directed bool) *graph.Graph {
	b := graph.NewBuilder(directed)
	n := 2 + r.IntN(30)
	for i := 0; i < n; i++ {
		b.AddNode(strconv.Itoa(r.IntN(1000)))
	}
	n = b.NumNodes()
	m := r.IntN(3 * n)
	for k := 0; k < m; k++ {
		u, v := r.IntN(n), r.IntN(n)
		if u == v && r.IntN(3) > 0 {
			continue
		}
		b.AddEdgeIdx(int32(u), int32(v))
	}
	return b.Build()
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*max(1, math.Abs(b)) }

// TestSummarizeAgainstNetworkX checks every measure of the report against
// NetworkX on the shipped karate, football and email_eu_core graphs and on
// random graphs (directed, undirected, disconnected, isolated nodes,
// self-loops).
func TestSummarizeAgainstNetworkX(t *testing.T) {
	// email_eu_core is left out: NetworkX's pure-Python betweenness takes
	// half a minute on it (its report is timed by the CLI instead).
	gs := []*graph.Graph{loadDataset(t, "karate"), loadDataset(t, "football")}
	r := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 40; i++ {
		g := randomGraph(r, i%2 == 0)
		g.SetName(fmt.Sprintf("random%d", i))
		gs = append(gs, g)
	}
	want := runOracle(t, gs)
	for i, g := range gs {
		rep, err := Summarize(context.Background(), g, Options{})
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		w := want[i]
		check := func(what string, ok bool, got, wantV any) {
			if !ok {
				t.Errorf("%s: %s = %v, NetworkX %v", g.Name(), what, got, wantV)
			}
		}
		check("nodes", rep.Nodes == w.Nodes, rep.Nodes, w.Nodes)
		check("edges", rep.Edges == w.Edges, rep.Edges, w.Edges)
		check("self-loops", rep.SelfLoops == w.SelfLoops, rep.SelfLoops, w.SelfLoops)
		check("isolated", rep.Isolated == w.Isolated, rep.Isolated, w.Isolated)
		check("density", near(rep.Density, w.Density), rep.Density, w.Density)
		check("histogram", slices.Equal(rep.Degree.Histogram, w.Histogram), rep.Degree.Histogram, w.Histogram)
		check("clustering", near(rep.Clustering, w.Clustering), rep.Clustering, w.Clustering)
		check("components", rep.Components.Count == w.Components && rep.Components.Largest == w.Largest, rep.Components, [2]int{w.Components, w.Largest})
		if g.Directed() {
			check("strong components", rep.Components.StrongCount == w.StrongComponents && rep.Components.StrongLargest == w.StrongLargest,
				rep.Components, [2]int{w.StrongComponents, w.StrongLargest})
		}
		check("diameter", rep.Diameter.Exact && slices.Contains(w.Diameters, rep.Diameter.Value), rep.Diameter, w.Diameters)
		for _, rk := range rep.Central {
			var top [][2]any
			switch rk.Tool {
			case "degree":
				top = w.TopDegree
			case "pagerank":
				top = w.TopPagerank
			case "betweenness_centrality":
				top = w.TopBetweenness
			}
			check(rk.Measure+" ranking length", len(rk.Nodes) == len(top), len(rk.Nodes), len(top))
			for k := 0; k < min(len(top), len(rk.Nodes)); k++ {
				score := top[k][1].(float64)
				// Scores equal within rounding may be ranked either way.
				check(fmt.Sprintf("%s #%d", rk.Measure, k+1), near(rk.Nodes[k].Score, score) &&
					(rk.Nodes[k].Node == top[k][0].(string) || k+1 < len(top) && near(score, top[k+1][1].(float64)) || k > 0 && near(score, top[k-1][1].(float64))),
					rk.Nodes[k], top[k])
			}
		}
		if w.Edges > 0 {
			check("communities", rep.Communities.Count == w.Communities && (w.Modularity == nil || near(rep.Communities.Modularity, *w.Modularity)),
				rep.Communities, w.Communities)
		}
	}
}

// TestReportFiles writes the Markdown and both plots.
func TestReportFiles(t *testing.T) {
	rep, err := Summarize(context.Background(), loadDataset(t, "karate"), Options{Top: 3})
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := rep.WriteMarkdown(&md, true); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Graph report: karate", "| nodes | 34 |", "| edges | 78 |", DegreePlot, CommunitiesPlot, "33 (17), 0 (16), 32 (12)"} {
		if !bytes.Contains(md.Bytes(), []byte(want)) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
	}
	for name, write := range map[string]func(w *bytes.Buffer) error{
		"degree":      func(w *bytes.Buffer) error { return rep.WriteDegreePlot(w) },
		"communities": func(w *bytes.Buffer) error { return rep.WriteCommunitiesPlot(w) },
	} {
		var png bytes.Buffer
		if err := write(&png); err != nil {
			t.Fatal(name, err)
		}
		if !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("%s plot is not a PNG", name)
		}
	}
}

// TestDiameterEstimate: over the budget, the diameter is a lower bound from
// a double sweep and the report says so.
func TestDiameterEstimate(t *testing.T) {
	g := loadDataset(t, "football")
	exact, err := Summarize(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	est, err := Summarize(context.Background(), g, Options{ExactBudget: 10})
	if err != nil {
		t.Fatal(err)
	}
	if est.Diameter.Exact || est.Diameter.Value > exact.Diameter.Value || est.Diameter.Value < (exact.Diameter.Value+1)/2 || len(est.Notes) == 0 {
		t.Errorf("estimate %+v (notes %v), exact %+v", est.Diameter, est.Notes, exact.Diameter)
	}
	for _, rk := range est.Central {
		if rk.Tool == "betweenness_centrality" {
			t.Error("betweenness over the budget")
		}
	}
}

func TestMain(m *testing.M) {
	if err := exec.Command("python3", "-c", "import networkx").Run(); err != nil {
		fmt.Fprintln(os.Stderr, "python3 with networkx is required (Debian: python3-networkx):", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}
