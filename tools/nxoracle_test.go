package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/graphagent/graphagent/internal/pyoracle"
	"github.com/graphagent/graphagent/tools/graph"
)

// testGraph is a random graph shared by a Go test and the NetworkX oracle.
type testGraph struct {
	Directed bool        `json:"directed"`
	Weighted bool        `json:"weighted"`
	Nodes    []string    `json:"nodes"`
	Edges    [][3]string `json:"edges"` // u, v, weight ("" when unweighted)
}

// build makes the graphagent graph, adding nodes then edges in the same order
// as the oracle so neighbour orders agree.
func (tg testGraph) build(t testing.TB) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(tg.Directed)
	for _, n := range tg.Nodes {
		if _, err := b.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range tg.Edges {
		id, err := b.AddEdge(e[0], e[1])
		if err != nil {
			t.Fatal(err)
		}
		if e[2] != "" {
			w, _ := strconv.ParseFloat(e[2], 64)
			b.SetWeight(id, w)
		}
	}
	return b.Build()
}

// genOptions shapes randomGraphs.
type genOptions struct {
	MinNodes, MaxNodes int
	Directed           *bool // nil: both
	Weighted           *bool // nil: both
	SelfLoops          bool  // allow self-loops
	FloatWeights       bool  // non-integer weights
	MinWeight          int   // lowest integer weight (default 1)
}

func ptr[T any](v T) *T { return &v }

// randomGraphs returns count seeded random graphs of varied shapes: dense and
// sparse, disconnected (several blocks), with isolated nodes, and self-loops
// when allowed. Node IDs are integers inserted in shuffled order.
func randomGraphs(seed uint64, count int, o genOptions) []testGraph {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	if o.MaxNodes == 0 {
		o.MaxNodes = 20
	}
	if o.MinNodes == 0 {
		o.MinNodes = 1
	}
	if o.MinWeight == 0 {
		o.MinWeight = 1
	}
	out := make([]testGraph, 0, count)
	for c := 0; c < count; c++ {
		tg := testGraph{}
		tg.Directed = r.IntN(2) == 0
		if o.Directed != nil {
			tg.Directed = *o.Directed
		}
		tg.Weighted = r.IntN(2) == 0
		if o.Weighted != nil {
			tg.Weighted = *o.Weighted
		}
		n := o.MinNodes + r.IntN(o.MaxNodes-o.MinNodes+1)
		perm := r.Perm(n)
		for _, p := range perm {
			tg.Nodes = append(tg.Nodes, strconv.Itoa(p))
		}
		// Split nodes into 1-3 blocks; edges stay inside blocks so some
		// graphs are disconnected; a few nodes stay isolated.
		blocks := 1 + r.IntN(3)
		p := []float64{0.1, 0.25, 0.5, 0.8}[r.IntN(4)]
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if i == j && !(o.SelfLoops && r.IntN(12) == 0) {
					continue
				}
				if !tg.Directed && j < i {
					continue
				}
				if i%blocks != j%blocks || r.Float64() >= p {
					continue
				}
				w := ""
				if tg.Weighted {
					if o.FloatWeights && r.IntN(2) == 0 {
						w = strconv.FormatFloat(float64(o.MinWeight)+r.Float64()*20, 'f', 3, 64)
					} else {
						w = strconv.Itoa(o.MinWeight + r.IntN(20))
					}
				}
				tg.Edges = append(tg.Edges, [3]string{strconv.Itoa(perm[i]), strconv.Itoa(perm[j]), w})
			}
		}
		r.Shuffle(len(tg.Edges), func(a, b int) { tg.Edges[a], tg.Edges[b] = tg.Edges[b], tg.Edges[a] })
		out = append(out, tg)
	}
	return out
}

// oracleCase is one call of a tool on a graph.
type oracleCase struct {
	Tool  string         `json:"tool"`
	Graph testGraph      `json:"graph"`
	Args  map[string]any `json:"args"`
}

// oracleAnswer is NetworkX's answer: a JSON value or the exception it raised.
type oracleAnswer struct {
	Value json.RawMessage `json:"value"`
	Error string          `json:"error"`
	// Skip says why the installed NetworkX cannot serve as the oracle for
	// this case (it answers unlike 3.x, which the tools follow).
	Skip string `json:"skip"`
}

// runOracle asks NetworkX (testdata/nx_oracle.py) for the answer of every
// case in one python3 process.
func runOracle(t testing.TB, cases []oracleCase) []oracleAnswer {
	t.Helper()
	return pyoracle.Run[oracleCase, oracleAnswer](t, filepath.Join("testdata", "nx_oracle.py"), cases)
}

// runTool runs a catalogue tool with args given as a map.
func runTool(t testing.TB, name string, g *graph.Graph, args map[string]any) (Result, error) {
	t.Helper()
	tool, err := Catalogue().Get(name)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(args)
	return tool.Run(context.Background(), g, b)
}

// describe renders a test graph for failure messages.
func (tg testGraph) describe() string {
	return fmt.Sprintf("directed=%v weighted=%v nodes=%v edges=%v", tg.Directed, tg.Weighted, tg.Nodes, tg.Edges)
}

func TestMain(m *testing.M) {
	// The oracle needs NetworkX; fail loudly rather than skip.
	if err := exec.Command("python3", "-c", "import networkx").Run(); err != nil {
		fmt.Fprintln(os.Stderr, "python3 with networkx is required (Debian: python3-networkx):", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}
