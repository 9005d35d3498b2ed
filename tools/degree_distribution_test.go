package tools

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/png"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestDegreeDistributionMatchesNetworkX(t *testing.T) {
	gs := randomGraphs(33, 300, genOptions{MaxNodes: 25, SelfLoops: true})
	gs = append(gs, testGraph{}, testGraph{Directed: true, Nodes: []string{"a"}})
	r := rand.New(rand.NewPCG(8, 9))
	var cases []oracleCase
	for _, tg := range gs {
		args := map[string]any{}
		if tg.Directed {
			args["direction"] = []string{"total", "in", "out"}[r.IntN(3)]
		}
		if r.IntN(2) == 0 {
			args["degree"] = r.IntN(6)
		}
		if r.IntN(3) == 0 {
			args["per_node"] = true
		}
		cases = append(cases, oracleCase{Tool: "degree_distribution", Graph: tg, Args: args})
	}
	answers := runOracle(t, cases)
	for i, c := range cases {
		if answers[i].Error != "" {
			t.Fatalf("case %d: networkx raised %s", i, answers[i].Error)
		}
		var want struct {
			Histogram  []int    `json:"histogram"`
			Mean       float64  `json:"mean"`
			MinV       int      `json:"min"`
			MaxV       int      `json:"max"`
			Count      *int     `json:"count"`
			MaxNodes   []string `json:"max_nodes"`
			MinNodes   []string `json:"min_nodes"`
			WithDegree []string `json:"with_degree"`
			PerNode    [][2]any `json:"per_node"`
		}
		if err := json.Unmarshal(answers[i].Value, &want); err != nil {
			t.Fatal(err)
		}
		res, err := runTool(t, "degree_distribution", c.Graph.build(t), c.Args)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		got := res.Value.(DegreeDistribution)
		if !slices.Equal(got.Histogram, want.Histogram) || math.Abs(got.Mean-want.Mean) > 1e-12 || got.Min != want.MinV || got.Max != want.MaxV {
			t.Fatalf("case %d %v: got %v mean %v min %d max %d; networkx %v mean %v min %d max %d\n%s", i, c.Args,
				got.Histogram, got.Mean, got.Min, got.Max, want.Histogram, want.Mean, want.MinV, want.MaxV, c.Graph.describe())
		}
		if gotMax := slices.Sorted(slices.Values(got.MaxNodes)); !slices.Equal(gotMax, want.MaxNodes) && len(want.MaxNodes)+len(gotMax) > 0 {
			t.Fatalf("case %d: max nodes %v, networkx %v", i, gotMax, want.MaxNodes)
		}
		if gotMin := slices.Sorted(slices.Values(got.MinNodes)); !slices.Equal(gotMin, want.MinNodes) && len(want.MinNodes)+len(gotMin) > 0 {
			t.Fatalf("case %d: min nodes %v, networkx %v", i, gotMin, want.MinNodes)
		}
		if len(got.PerNode) != len(want.PerNode) {
			t.Fatalf("case %d %v: %d per-node degrees, networkx %d", i, c.Args, len(got.PerNode), len(want.PerNode))
		}
		for j, nd := range got.PerNode {
			if w := want.PerNode[j]; nd.Node != w[0] || float64(nd.Degree) != w[1] {
				t.Fatalf("case %d: node %d is %s with %s %d, networkx %v", i, j, nd.Node, got.Kind, nd.Degree, w)
			}
		}
		if want.Count != nil {
			gotWith := slices.Sorted(slices.Values(got.WithDegree))
			if got.Count == nil || *got.Count != *want.Count || !slices.Equal(gotWith, want.WithDegree) {
				t.Fatalf("case %d %v: count %v %v, networkx %d %v", i, c.Args, got.Count, got.WithDegree, *want.Count, want.WithDegree)
			}
		}
	}
	t.Logf("%d graphs agreed with nx.degree_histogram", len(cases))
}

func TestDegreeDistributionArgsAndPlot(t *testing.T) {
	g := testGraph{Nodes: []string{"0", "1", "2", "3"}, Edges: [][3]string{{"0", "1", ""}, {"1", "2", ""}}}.build(t)
	if _, err := runTool(t, "degree_distribution", g, map[string]any{"direction": "sideways"}); !errors.Is(err, ErrBadArgs) {
		t.Errorf("direction sideways: %v, want ErrBadArgs", err)
	}
	if _, err := runTool(t, "degree_distribution", g, map[string]any{"degree": -1}); !errors.Is(err, ErrBadArgs) {
		t.Errorf("degree -1: %v, want ErrBadArgs", err)
	}
	res, err := runTool(t, "degree_distribution", g, map[string]any{"degree": 2})
	if err != nil || res.Text != "1 node has degree 2: 1." {
		t.Errorf("degree 2: %q, %v", res.Text, err)
	}
	res, err = runTool(t, "degree_distribution", g, map[string]any{"degree": 7})
	if err != nil || res.Text != "No node has degree 7 (the degrees range from 0 to 2)." {
		t.Errorf("degree 7: %q, %v", res.Text, err)
	}
	var buf bytes.Buffer
	if err := res.Value.(DegreeDistribution).WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
		t.Errorf("PNG is %v", b)
	}
	// An empty graph still draws (an empty chart) rather than failing.
	empty, _ := runTool(t, "degree_distribution", testGraph{}.build(t), nil)
	if err := empty.Value.(DegreeDistribution).WritePNG(&bytes.Buffer{}); err != nil {
		t.Errorf("empty graph: %v", err)
	}
}
