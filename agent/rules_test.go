package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

// TestReadingRules: a GNN question whose layers sum the neighbours is
// answered with the node data read from it; one whose layers take the mean
// or add the node itself is refused, not answered with a sum.
func TestReadingRules(t *testing.T) {
	a := newDataAgent(t)
	const head = "In an undirected graph, the nodes are numbered from 0 to 3, and every node has an embedding. " +
		"(i,j) means that node i and node j are connected with an undirected edge.\nEmbeddings:\nnode 0: [1,0]\nnode 1: [0,1]\n" +
		"node 2: [1,1]\nnode 3: [3,0]\nThe edges are: (0,1) (1,2) (2,3) (0,3)\n"
	const q = "\nQ: What's the embedding of each node after one layer?"
	ans, err := a.Ask(context.Background(), head+"In a simple graph convolution layer, each node's embedding is updated by the sum of its neighbors' embeddings."+q)
	if err != nil {
		t.Fatal(err)
	}
	// By hand: node 0 sums nodes 1 and 3, node 1 nodes 0 and 2, node 2
	// nodes 1 and 3, node 3 nodes 0 and 2.
	res, ok := ans.Value.(tools.AggregationResult)
	if !ok || fmt.Sprint(res.Features) != "map[0:[3 1] 1:[2 1] 2:[3 1] 3:[2 1]]" {
		t.Errorf("sum rule: %v (%q)", ans.Value, ans.Answer)
	}
	for _, rule := range []string{
		"each node's embedding is updated by the mean of its neighbors' embeddings.",
		"each node's embedding is updated by the sum of its neighbors' embeddings and its own embedding.",
	} {
		ans, err := a.Ask(context.Background(), head+"In a simple graph convolution layer, "+rule+q)
		if !errors.Is(err, ErrNoAnswer) || ans.Tool != "" {
			t.Errorf("%q: tool %q err %v (%q), want a refusal", rule, ans.Tool, err, ans.Answer)
		}
		if err != nil && !strings.Contains(err.Error(), "gnn_sum_aggregation") {
			t.Errorf("%q: the refusal %v does not say why", rule, err)
		}
	}
}
