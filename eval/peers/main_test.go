package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/tools/graph"
)

// TestHeadlineAndAgree times every algorithm on a small generated graph and
// checks that the headline numbers are real and that a different number is
// reported as a disagreement.
func TestHeadlineAndAgree(t *testing.T) {
	for _, directed := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "g500.edgelist")
		src, dst, err := writeGraph(path, 500, directed)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := graph.ReadEdgeList(f, graph.ReadOptions{Directed: directed})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if g.M() != 500 || g.N() != 100 {
			t.Fatalf("generated %v, want 100 nodes and 500 edges", g)
		}
		for _, a := range algos {
			if isDirected(a) != directed {
				continue
			}
			tm, err := timeTool(context.Background(), g, toolOf(a), src, dst)
			if err != nil {
				t.Fatalf("%s: %v", a, err)
			}
			zeroOK := a == "bridges" || a == "articulation_points"
			if !tm.hasVal || tm.value < 0 || tm.value == 0 && !zeroOK {
				t.Fatalf("%s: headline %v", a, tm.value)
			}
			if toolOf(a) == "connected_components" && tm.value != 1 {
				t.Fatalf("the generated graph has a spanning tree, got %v components", tm.value)
			}
			if tm.value == 0 {
				continue
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
}

// TestProcessParts checks the pieces of -process that need no processes:
// the DAG is acyclic with m distinct edges, headlines are read from
// graphagent's JSON, and a different answer or a failure shows in the
// table.
func TestProcessParts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dag.edgelist")
	if err := writeDAG(path, 500); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := graph.ReadEdgeList(f, graph.ReadOptions{Directed: true})
	if err != nil {
		t.Fatal(err)
	}
	if g.M() != 500 || g.N() > 100 {
		t.Fatalf("DAG %v, want 500 edges over at most 100 nodes", g)
	}
	if _, err := timeTool(context.Background(), g, "topological_sort", "", ""); err != nil {
		t.Fatalf("topological sort of the DAG: %v", err)
	}
	for _, c := range []struct {
		tool, out string
		want      float64
	}{
		{"node_count", `{"value": 7}`, 7},
		{"clustering_coefficient", `{"value": 0.25}`, 0.25},
		{"topological_sort", `{"value": ["3", "1", "2"]}`, 3},
		{"shortest_path", `{"value": {"length": 12, "path": ["0", "5"]}}`, 12},
	} {
		got, err := processHeadline(c.tool, []byte(c.out))
		if err != nil || !got.hasVal || got.value != c.want {
			t.Fatalf("%s: %v %v, want %v", c.tool, got, err, c.want)
		}
	}
	run := []processRun{{wall: 100 * time.Millisecond, cpu: 50 * time.Millisecond, rssKB: 20 << 10}}
	slow := []processRun{{wall: 3 * time.Second, cpu: 2 * time.Second, rssKB: 60 << 10}}
	table := renderProcess([]*processCase{
		{tool: "triangle_count", edges: 1000, ga: run, nx: slow, gaValue: timing{value: 5, hasVal: true}, nxValue: timing{value: 5, hasVal: true}},
		{tool: "pagerank", edges: 1000, ga: run, nx: slow, gaValue: timing{value: 0.5, hasVal: true}, nxValue: timing{value: 0.4, hasVal: true}},
		{tool: "maximum_flow", edges: 1000, failed: "networkx: timed out"},
	}, []int{1000})
	for _, want := range []string{"| triangle_count | 1000 | 1 | 100 ms | 50 ms | 20 MB | 3.00 s | 2.00 s | 60 MB | 30.0× | 40.0× | yes |",
		"NO: 0.5 vs 0.4", "failed: networkx: timed out", "median NetworkX / graphagent ratio is 30.0× in wall time and 40.0× in CPU time"} {
		if !strings.Contains(table, want) {
			t.Fatalf("table lacks %q:\n%s", want, table)
		}
	}
}
