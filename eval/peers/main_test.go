package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestHeadlineAndAgree times every algorithm on a small generated graph and
// checks that the headline numbers are real and that a different number is
// reported as a disagreement.
func TestHeadlineAndAgree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g500.edgelist")
	src, dst, err := writeGraph(path, 500)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := graph.ReadEdgeList(f, graph.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if g.M() != 500 || g.N() != 100 {
		t.Fatalf("generated %v, want 100 nodes and 500 edges", g)
	}
	for _, a := range algos {
		tm, err := timeTool(context.Background(), g, a, src, dst)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if !tm.hasVal || tm.value <= 0 {
			t.Fatalf("%s: headline %v", a, tm.value)
		}
		if a == "connected_components" && tm.value != 1 {
			t.Fatalf("the generated graph has a spanning tree, got %v components", tm.value)
		}
		other := tm
		if !agree(a, tm, other) {
			t.Fatalf("%s: equal values disagree", a)
		}
		other.value *= 1.01
		if agree(a, tm, other) {
			t.Fatalf("%s: 1%% off still agrees", a)
		}
	}
}
