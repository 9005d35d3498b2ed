package agent

import (
	"context"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

// TestAskNodeWeightedTriangle: node weights given as "[i, k]" pairs are
// what "the heaviest triangle" of a graph without edge weights weighs;
// with edge weights (and no node weights) it stays the edge-weight sum, and
// a node-weighted graph's other questions keep their tools.
func TestAskNodeWeightedTriangle(t *testing.T) {
	a := newBuiltinAgent(t, nil, t.TempDir())
	for _, c := range []struct {
		q, tool string
		sum     float64 // the triangle's sum; 0 for other tools
	}{
		{"Find the maximum sum of the weights of three interconnected nodes. In an undirected graph, [i, k] means that node i has the weight k. (i,j) means that node i and node j are connected with an undirected edge. Given a graph, you need to output the maximum sum of the weights of three interconnected nodes. Q: The nodes are numbered from 0 to 4, weights of nodes are: [0, 2] [1, 9] [2, 6] [3, 10] [4, 4], and the edges are: (0, 1) (0, 3) (1, 3) (2, 4) (3, 4). What is the maximum sum of the weights of three nodes?",
			"maximum_triangle_node_sum", 21},
		{"The weights of nodes are: [0, 3] [1, 5] [2, 2] [3, 8]. Edges: (0, 1) (1, 2) (0, 2) (2, 3) (1, 3). What is the heaviest triangle?", "maximum_triangle_node_sum", 15},
		{"Node weights: [A, 3], [B, 1], [C, 4], [D, 9]. Edges: A-B, B-C, A-C, C-D. Which triangle has the largest total node weight?", "maximum_triangle_node_sum", 8},
		{"Edges: (0, 1, 4) (1, 2, 5) (0, 2, 1) (2, 3, 2) (1, 3, 3). What is the heaviest triangle?", "maximum_triangle_sum", 10},
		{"The weights of nodes are: [0, 3] [1, 5] [2, 2] [3, 8]. Edges: (0, 1) (1, 2) (0, 2) (2, 3) (1, 3). How many edges are there?", "edge_count", 0},
		{"The weights of nodes are: [0, 3] [1, 5] [2, 2] [3, 8]. Edges: (0, 1) (1, 2) (0, 2) (2, 3) (1, 3). What is the degree of node 1?", "degree", 0},
	} {
		ans, err := a.Ask(context.Background(), c.q)
		if err != nil {
			t.Errorf("%.60q: %v", c.q, err)
			continue
		}
		if ans.Tool != c.tool {
			t.Errorf("%.60q: tool %s (%s), want %s", c.q, ans.Tool, ans.Answer, c.tool)
			continue
		}
		if ts, ok := ans.Value.(tools.TriangleSum); c.sum != 0 && (!ok || ts.Sum != c.sum) {
			t.Errorf("%.60q: %v, want the sum %v", c.q, ans.Value, c.sum)
		}
	}
}
