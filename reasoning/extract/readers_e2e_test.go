package extract

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// e2eEdges writes a graph's edges as "u-v" (ends sorted for undirected
// graphs) with ":w" when weighted, sorted.
func e2eEdges(g *graph.Graph) []string {
	var out []string
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		a, b := g.ID(u), g.ID(v)
		if !g.Directed() && b < a {
			a, b = b, a
		}
		s := a + "-" + b
		switch {
		case g.HasCapacities():
			s += ":" + formatE2E(g.Capacity(e))
		case g.Weighted():
			s += ":" + formatE2E(g.Weight(e))
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

func formatE2E(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// TestReadersEndToEnd reads whole questions through Read (every registered
// reader and the combiner) in the notations of the bipartite, node-data and
// structured-text readers, and checks the graph the tools get.
func TestReadersEndToEnd(t *testing.T) {
	cases := []struct {
		name     string
		q        string
		nodes    []string // sorted
		edges    []string // e2eEdges
		directed bool
		attrs    map[string]map[string]any // node → attribute → value
	}{
		{
			name:  "issue example: applicants and jobs",
			q:     "Applicant 0 is interested in job 1. Applicant 1 is interested in job 1. Applicant 1 is interested in job 2. Applicant 2 is interested in job 0. How many applicants can get a job?",
			nodes: []string{"applicant 0", "applicant 1", "applicant 2", "job 0", "job 1", "job 2"},
			edges: []string{"applicant 0-job 1", "applicant 1-job 1", "applicant 1-job 2", "applicant 2-job 0"},
			attrs: map[string]map[string]any{"applicant 0": {"kind": "applicant", "bipartite": 0}, "job 1": {"kind": "job", "bipartite": 1}},
		},
		{
			name:  "NLGraph matching with declared sets",
			q:     "There are 3 job applicants numbered from 0 to 2, and 3 jobs numbered from 0 to 2. Each applicant is interested in some of the jobs. Each job can only accept one applicant and a job applicant can be appointed for only one job.\nApplicant 0 is interested in job 2.\nApplicant 1 is interested in job 2.\nQ: Find an assignment of jobs to applicants in such that the maximum number of applicants find the job they are interested in.\nA:",
			nodes: []string{"applicant 0", "applicant 1", "applicant 2", "job 0", "job 1", "job 2"},
			edges: []string{"applicant 0-job 2", "applicant 1-job 2"},
		},
		{
			name:  "NLGraph GNN: embeddings are data, tuples are edges",
			q:     "In an undirected graph, the nodes are numbered from 0 to 3, and every node has an embedding. (i,j) means that node i and node j are connected with an undirected edge.\nEmbeddings:\nnode 0: [1,0]\nnode 1: [0,1]\nnode 2: [1,1]\nnode 3: [0,0]\nThe edges are: (0,1) (1,2) (2,3)\nIn a simple graph convolution layer, each node's embedding is updated by the sum of its neighbors' embeddings.\nQ: What's the embedding of each node after two layers of simple graph convolution layer?\nA:",
			nodes: []string{"0", "1", "2", "3"},
			edges: []string{"0-1", "1-2", "2-3"},
			attrs: map[string]map[string]any{"2": {"embedding": []float64{1, 1}}},
		},
		{
			name:  "labels",
			q:     "Edges: 0-1, 1-2, 2-3. Node 0 likes soccer. Node 1 likes soccer. Node 3 likes chess.\nWhat does node 2 like?",
			nodes: []string{"0", "1", "2", "3"},
			edges: []string{"0-1", "1-2", "2-3"},
			attrs: map[string]map[string]any{"0": {"label": "soccer"}, "3": {"label": "chess"}},
		},
		{
			name:  "adjacency matrix with names",
			q:     "Adjacency matrix of the graph:\n   A  B  C\nA  0  1  0\nB  1  0  1\nC  0  1  0\nWhat are the neighbours of B?",
			nodes: []string{"A", "B", "C"},
			edges: []string{"A-B", "B-C"},
		},
		{
			name:  "nested-list matrix",
			q:     "How many connections does node 1 have?\nA = [[0, 1, 1], [1, 0, 0], [1, 0, 0]] is the adjacency matrix of a graph on nodes 0..2.",
			nodes: []string{"0", "1", "2"},
			edges: []string{"0-1", "0-2"},
		},
		{
			name:  "CSV with weights",
			q:     "How many miles is the shortest route between Boston and Albany?\ncity_a,city_b,miles\nNew York,Boston,215\nNew York,Albany,150\nBoston,Albany,170",
			nodes: []string{"Albany", "Boston", "New York"},
			edges: []string{"Albany-Boston:170", "Albany-New York:150", "Boston-New York:215"},
		},
		{
			name:     "node-link JSON",
			q:        `The network is {"directed": true, "nodes": [{"id": "a"}, {"id": "b"}, {"id": "c"}], "links": [{"source": "a", "target": "b"}, {"source": "b", "target": "c"}]} Is there a path from c to a?`,
			nodes:    []string{"a", "b", "c"},
			edges:    []string{"a-b", "b-c"},
			directed: true,
		},
		{
			name:  "DOT",
			q:     "The graph in DOT:\ngraph roads {\n  0 -- 5;\n  0 -- 1;\n  1 -- 2;\n}\n\nQ: Name every vertex that shares an edge with 0.",
			nodes: []string{"0", "1", "2", "5"},
			edges: []string{"0-1", "0-5", "1-2"},
		},
		{
			// Found by FuzzReadRoundTrip: the pair lines were read as a
			// matrix of no-edge marks under a header "B A", and the
			// graph had no edges.
			name:     "edge lines of a node named X, a self-loop written twice",
			q:        "Given a directed graph, the edges are: \nB A\nX X\nX X\nThe task is: you need to find the shortest path. The nodes in question are: path_source=1 , path_target=2.",
			nodes:    []string{"A", "B", "X"},
			edges:    []string{"B-A", "X-X"},
			directed: true,
		},
		{
			// Found by FuzzReadRoundTrip: "A A 1" was read as a matrix
			// header over rows named A and B.
			name:  "weighted edge lines under a line that looks like a header",
			q:     "Given an undirected graph, the edges are: \nA A 1\nA A 1\nA A 1\nA A 1\nA X 2\nB X 21\nThe task is: you need to find the shortest path. The nodes in question are: path_source=1 , path_target=2.",
			nodes: []string{"A", "B", "X"},
			edges: []string{"A-A:1", "A-X:2", "B-X:21"},
		},
		{
			// Found by FuzzReadRoundTrip: "U V" was read as the header of
			// a table of the rows below, and the edge U-V was dropped.
			name:  "pair lines with one pair that names the u and v columns",
			q:     "Given an undirected graph, the edges are: \nA B\nU V\nA A\nA A\nThe task is: you need to find the shortest path. The nodes in question are: path_source=1 , path_target=2.",
			nodes: []string{"A", "B", "U", "V"},
			edges: []string{"A-A", "A-B", "U-V"},
		},
		{
			// Found by FuzzReadRoundTrip: "U V 6" was read as a table
			// header with a column named 6.
			name:  "a weighted pair U V first",
			q:     "Given an undirected graph, the edges are: \nU V 6\nA A 1\nThe task is: you need to find the shortest path. The nodes in question are: path_source=1 , path_target=2.",
			nodes: []string{"A", "U", "V"},
			edges: []string{"A-A:1", "U-V:6"},
		},
		{
			name:  "adjacency dict",
			q:     `The undirected graph as a dict of neighbour lists: {"A": ["B", "D"], "B": ["A"], "D": ["A"], "E": []}. Is E isolated?`,
			nodes: []string{"A", "B", "D", "E"},
			edges: []string{"A-B", "A-D"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Read(context.Background(), c.q, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if ex.Graph == nil {
				t.Fatalf("no graph; report %s", ex.Report.Summary())
			}
			g := ex.Graph
			if nodes := slices.Sorted(slices.Values(g.IDs())); !slices.Equal(nodes, c.nodes) {
				t.Errorf("nodes %q, want %q", nodes, c.nodes)
			}
			if e := e2eEdges(g); !slices.Equal(e, c.edges) {
				t.Errorf("edges %q, want %q", e, c.edges)
			}
			if g.Directed() != c.directed {
				t.Errorf("directed %v, want %v", g.Directed(), c.directed)
			}
			for n, want := range c.attrs {
				i, ok := g.Index(n)
				if !ok {
					t.Errorf("node %q missing", n)
					continue
				}
				got := g.NodeAttrs(i)
				for k, v := range want {
					if !attrEqual(got[k], v) {
						t.Errorf("node %q attribute %q = %v (%T), want %v", n, k, got[k], got[k], v)
					}
				}
			}
			if ex.Report.Uncertain() {
				t.Errorf("uncertain reading: %s", ex.Report.Summary())
			}
		})
	}
}

// attrEqual compares a node attribute with the value a test expects.
func attrEqual(got, want any) bool {
	switch w := want.(type) {
	case []float64:
		g, ok := got.([]float64)
		return ok && slices.Equal(g, w)
	case int:
		switch g := got.(type) {
		case int:
			return g == w
		case int64:
			return g == int64(w)
		case float64:
			return g == float64(w)
		}
		return false
	}
	return got == want
}

// TestReadersEndToEndNLGraph reads every NLGraph GNN and matching question
// through Read: GNN graphs have exactly the "(i,j)" edges and an embedding
// on every node (the "node i: [..]" lines are data, not adjacency lines);
// matching graphs have a kind on every node, the declared sets complete,
// and every relation as an edge; no reading is uncertain.
func TestReadersEndToEndNLGraph(t *testing.T) {
	tuple := regexp.MustCompile(`\((\d+),(\d+)\)`)
	for id, it := range readNLGraphTask(t, "GNN") {
		ex, err := Read(context.Background(), it.Question, Options{})
		if err != nil || ex.Graph == nil {
			t.Fatalf("GNN %s: no graph (%v)", id, err)
		}
		g := ex.Graph
		want := map[string]bool{}
		for _, m := range tuple.FindAllStringSubmatch(it.Question, -1) {
			a, b := m[1], m[2]
			if b < a {
				a, b = b, a
			}
			want[a+"-"+b] = true
		}
		if got := e2eEdges(g); !slices.Equal(got, slices.Sorted(maps.Keys(want))) {
			t.Fatalf("GNN %s: edges %v, want %v", id, got, slices.Sorted(maps.Keys(want)))
		}
		for i := int32(0); i < int32(g.N()); i++ {
			if _, ok := g.NodeAttrs(i)["embedding"].([]float64); !ok {
				t.Fatalf("GNN %s: node %s has no embedding", id, g.ID(i))
			}
		}
		if ex.Report.Uncertain() {
			t.Fatalf("GNN %s: uncertain: %s", id, ex.Report.Summary())
		}
	}
	rel := regexp.MustCompile(`Applicant (\d+) is interested in job (\d+)\.`)
	for id, it := range readNLGraphTask(t, "matching") {
		ex, err := Read(context.Background(), it.Question, Options{})
		if err != nil || ex.Graph == nil {
			t.Fatalf("matching %s: no graph (%v)", id, err)
		}
		g := ex.Graph
		var na, nj int
		if _, err := fmt.Sscanf(it.Question, "There are %d job applicants", &na); err != nil {
			t.Fatalf("matching %s: %v", id, err)
		}
		if k := strings.Index(it.Question, ", and "); k < 0 {
			t.Fatalf("matching %s: no job count", id)
		} else if _, err := fmt.Sscanf(it.Question[k+6:], "%d jobs", &nj); err != nil {
			t.Fatalf("matching %s: %v", id, err)
		}
		kinds := map[any]int{}
		for i := int32(0); i < int32(g.N()); i++ {
			kinds[g.NodeAttrs(i)["kind"]]++
		}
		if kinds["applicant"] != na || kinds["job"] != nj || g.N() != na+nj {
			t.Fatalf("matching %s: kinds %v, want %d applicants and %d jobs", id, kinds, na, nj)
		}
		want := map[string]bool{}
		for _, m := range rel.FindAllStringSubmatch(it.Question, -1) {
			want["applicant "+m[1]+"-job "+m[2]] = true
		}
		if got := e2eEdges(g); !slices.Equal(got, slices.Sorted(maps.Keys(want))) {
			t.Fatalf("matching %s: %d edges, want %d", id, len(got), len(want))
		}
		if ex.Report.Uncertain() {
			t.Fatalf("matching %s: uncertain: %s", id, ex.Report.Summary())
		}
	}
}
