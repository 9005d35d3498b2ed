package extract

import (
	"context"
	"testing"
)

// gwTripletQuestion is a GraphWiz triplet prompt (generation/task_config.yaml,
// triplet_test) on a five-node graph.
const gwTripletQuestion = "Find the maximum sum of the weights of three interconnected nodes. In an undirected graph, [i, k] means that node i has the weight k. (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output the maximum sum of the weights of three interconnected nodes. Q: The nodes are numbered from 0 to 4, weights of nodes are: [0, 2] [1, 9] [2, 6] [3, 10] [4, 4], and the edges are: (0, 1) (0, 3) (1, 3) (2, 4) (3, 4). What is the maximum sum of the weights of three nodes?"

func TestNodeWeights(t *testing.T) {
	for _, c := range []struct {
		name, q string
		want    map[string]float64 // nil: no node weights
		edges   int
	}{
		{"graphwiz triplet", gwTripletQuestion, map[string]float64{"0": 2, "1": 9, "2": 6, "3": 10, "4": 4}, 5},
		{"a weightless node stays isolated", "In an undirected graph, [i, k] means that node i has the weight k. (i,j) means that node i and node j are connected with an undirected edge. Q: The nodes are numbered from 0 to 3, weights of nodes are: [0, 1] [1, 2] [2, 3] [3, 7], and the edges are: (0, 1) (1, 2) (0, 2). What is the maximum sum of the weights of three nodes?",
			map[string]float64{"0": 1, "1": 2, "2": 3, "3": 7}, 3},
		{"cue before the pairs, no key", "Node weights: [A, 3], [B, -1.5], [C, 4]. Edges: A-B, B-C, A-C. Which triangle has the largest total node weight?",
			map[string]float64{"A": 3, "B": -1.5, "C": 4}, 3},
		{"pairs without a cue are not weights", "The edges are [0, 1] [1, 2] [2, 0]. How many triangles are there?", nil, 3},
		{"edge weights of node pairs are no node weights", "The edge weights of node pairs: [0, 1] [1, 2]. Edges: (0, 1) (1, 2). How many edges are there?", nil, 2},
		{"edge weights are no node weights", "The edge weights are: [0, 1] [1, 2]. Edges: (0, 1) (1, 2). How many edges are there?", nil, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Read(context.Background(), c.q, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if ex.Graph == nil {
				if c.want == nil {
					return // left to the other readers, which read none
				}
				t.Fatalf("no graph (%v)", ex.Notes)
			}
			g := ex.Graph
			got := map[string]float64{}
			for v := int32(0); int(v) < g.N(); v++ {
				if w, ok := g.NodeAttrs(v)["weight"].(float64); ok {
					got[g.ID(v)] = w
				}
			}
			if c.want == nil {
				if len(got) > 0 {
					t.Errorf("node weights %v read, want none", got)
				}
				return
			}
			if ex.Confidence < Confident {
				t.Errorf("confidence %.2f (%v; %+v)", ex.Confidence, ex.Notes, ex.Report)
			}
			if len(got) != len(c.want) || g.N() != len(c.want) {
				t.Errorf("%d nodes, weights %v, want %v", g.N(), got, c.want)
			}
			for id, w := range c.want {
				if got[id] != w {
					t.Errorf("node %s weighs %v, want %v", id, got[id], w)
				}
			}
			if g.M() != c.edges || g.Directed() {
				t.Errorf("%d edges (directed %v), want %d undirected", g.M(), g.Directed(), c.edges)
			}
		})
	}
}

func FuzzNodeWeights(f *testing.F) {
	fuzzReader(f, NodeWeights{}, gwTripletQuestion,
		"weights of nodes are: [0, 2] [1, 9]\n[2, 99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999]",
		"[i, k] means node i has weight k: [0, 1] [0, 2]", "node score [x, 1];[y, 2]")
}
