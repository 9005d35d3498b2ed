package extract

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/tools/graph"
)

// exEdgeSet renders a graph's edges as sorted "u-v", "u-v:w" (weight) or
// "u-v:cN" (capacity) strings; undirected endpoints are put in order.
func exEdgeSet(g *graph.Graph) []string {
	out := make([]string, 0, g.M())
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		a, b := g.ID(u), g.ID(v)
		if !g.Directed() && b < a {
			a, b = b, a
		}
		s := a + "-" + b
		if g.Weighted() {
			s += ":" + strconv.FormatFloat(g.Weight(e), 'g', -1, 64)
		}
		if g.HasCapacities() {
			s += ":c" + strconv.FormatFloat(g.Capacity(e), 'g', -1, 64)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// exWant parses the expected edges of a table case: "0-1 1-2:4 2-3:c5".
// Undirected endpoints are ordered as exEdgeSet does.
func exWant(spec string, directed bool) []string {
	out := []string{}
	for _, f := range strings.Fields(spec) {
		ends, w, _ := strings.Cut(f, ":")
		a, b, _ := strings.Cut(ends, "-")
		if !directed && b < a {
			a, b = b, a
		}
		s := a + "-" + b
		if w != "" {
			s += ":" + w
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

type exCase struct {
	name      string
	q         string
	directed  bool
	edges     string // "" means no graph
	nodes     string // when set, the exact node order
	file      string
	dataset   string
	session   bool
	confident bool   // Confidence >= Confident expected
	method    string // when set, the expected Method
	rest      string // when set, WithoutGraph must equal it
}

func exCases() []exCase {
	return []exCase{
		// Python-style lists.
		{name: "python list", q: "Given an undirected graph, the edges are: [(0, 1), (1, 2), (2, 0)]. Is there a cycle?",
			edges: "0-1 1-2 0-2", confident: true, method: "python list",
			rest: "Given an undirected graph, the edges are. Is there a cycle?"},
		{name: "python dict weights", q: "Given a directed graph, the edges are: [(0, 1, {'weight': 4}), (1, 2, {'weight': 2.5})]. Find the shortest path from 0 to 2.",
			directed: true, edges: "0-1:4 1-2:2.5", confident: true},
		{name: "python capacity", q: "Given a directed graph,the edges are: [(0, 1, {'capacity': 3}), (1, 2, {'capacity': 7})]. Compute the max flow.",
			directed: true, edges: "0-1:c3 1-2:c7", confident: true},
		{name: "python quoted names", q: "The edges are [('A', 'B'), ('B', 'C')]. How many nodes?", edges: "A-B B-C", confident: true},
		{name: "list of lists", q: "Edges: [[0, 1], [1, 2], [2, 3]]. Is it connected?", edges: "0-1 1-2 2-3", confident: true},
		{name: "python list and isolated range", q: "The nodes are numbered from 0 to 5. The edges are [(0, 1), (1, 2)].",
			edges: "0-1 1-2", nodes: "0 1 2 3 4 5", confident: true},
		// Tuples in prose.
		{name: "tuples in prose", q: "Consider the graph with edges (0, 1), (1, 2) and (2, 3). What is the diameter?",
			edges: "0-1 1-2 2-3", confident: true, method: "tuples"},
		{name: "weighted tuples", q: "Edges (A, B, 3), (B, C, 4), (A, C, 10). Shortest path from A to C?",
			edges: "A-B:3 B-C:4 A-C:10", confident: true},
		{name: "tuples with letters unquoted list", q: "The graph is [(A, B), (B, C), (C, A)].", edges: "A-B B-C A-C", confident: true},
		{name: "single query tuple ignored", q: "Given the edges [(0, 1), (1, 2)], is (0, 2) an edge?", edges: "0-1 1-2", confident: true},
		{name: "DAG declares direction", q: "Given a DAG with edges (0, 1), (1, 2), (0, 2), give a topological order.", directed: true, edges: "0-1 1-2 0-2", confident: true},
		{name: "asking whether it is a DAG does not", q: "Edges: (0, 1), (1, 2), (2, 0). Is the graph a DAG?", edges: "0-1 1-2 0-2", confident: true},
		{name: "negative weight tuple", q: "Directed edges: (0, 1, -2), (1, 2, 5).", directed: true, edges: "0-1:-2 1-2:5", confident: true},
		// Dashes and arrows.
		{name: "dashes", q: "Is there a cycle in this graph: 0-1, 1-2, 2-0?", edges: "0-1 1-2 0-2", confident: true, method: "dashes"},
		{name: "double dashes", q: "Graph: a--b, b--c, c--d. Find the path from a to d.", edges: "a-b b-c c-d", confident: true},
		{name: "arrows imply directed", q: "Edges: 0->1, 1->2, 2->3. Find a topological order.", directed: true, edges: "0-1 1-2 2-3", confident: true, method: "arrows"},
		{name: "spaced arrows", q: "A -> B, B -> C, C -> A. Does the graph have a cycle?", directed: true, edges: "A-B B-C C-A", confident: true},
		{name: "unicode arrows", q: "Routes: Paris → Berlin, Berlin → Rome, Rome → Paris.", directed: true, edges: "Paris-Berlin Berlin-Rome Rome-Paris", confident: true},
		{name: "arrows but undirected", q: "In the undirected graph 0 -> 1, 1 -> 2 how many edges are there?", edges: "0-1 1-2"},
		{name: "arrow chain", q: "The path a->b->c->d is the whole digraph.", directed: true, edges: "a-b b-c c-d", confident: true},
		{name: "one arrow per line", q: "Edges:\n1 -> 2\n2 -> 3\n3 -> 1\nIs it strongly connected?", directed: true, edges: "1-2 2-3 3-1", confident: true},
		{name: "dash per line with weights", q: "Weighted graph:\nA-B 4\nB-C 2\nA-C 7\nWhat is the shortest path from A to C?", edges: "A-B:4 B-C:2 A-C:7", confident: true},
		{name: "arrow weights in parens", q: "Directed graph: s -> a (3), a -> t (2), s -> t (9).", directed: true, edges: "s-a:3 a-t:2 s-t:9", confident: true},
		{name: "arrow weight colon", q: "0->1: 5, 1->2: 3", directed: true, edges: "0-1:5 1-2:3", confident: true},
		{name: "arrow capacity", q: "Flow network: s->a capacity 10, a->t capacity 4, s->t capacity 3. Max flow from s to t?", directed: true, edges: "s-a:c10 a-t:c4 s-t:c3", confident: true},
		{name: "bidirectional arrow directed", q: "Directed graph: 1 <-> 2, 2 -> 3.", directed: true, edges: "1-2 2-1 2-3", confident: true},
		{name: "arrow with extra targets", q: "0 -> 1, 2, 3\n1 -> 3", directed: true, edges: "0-1 0-2 0-3 1-3", confident: true},
		{name: "em dash", q: "Edges: A—B, B—C.", edges: "A-B B-C", confident: true},
		{name: "chain in a question", q: "Find the shortest path from 0 to 3 in the graph 0-1-2-3.", edges: "0-1 1-2 2-3", confident: true},
		{name: "dates are not edges", q: "In 2023-05-01 there were 3 servers.", edges: ""},
		{name: "removal keeps one period", q: "Nodes A, B, C. A-B, B-C. Is A connected to C?", edges: "A-B B-C", confident: true,
			rest: "Nodes A, B, C. Is A connected to C?"},
		{name: "algorithm names are not edges", q: "Run Bellman-Ford, then compare with Floyd-Warshall on the graph.", edges: "", session: true},
		{name: "model names are not edges", q: "An Erdős–Rényi graph and a Barabási-Albert graph differ.", edges: "", confident: true},
		{name: "hyphenated words are not edges", q: "Compute the in-degree of node 3 using a well-known algorithm.", edges: "", confident: true},
		// Prose.
		{name: "edge between with weight", q: "There is an edge between node 3 and node 7 with weight 2. There is an edge between node 7 and node 9 with weight 5.",
			edges: "3-7:2 7-9:5", confident: true, method: "quantities in prose"},
		{name: "directed edge from", q: "There is a directed edge from A to B. There is a directed edge from B to C.", directed: true, edges: "A-B B-C", confident: true},
		{name: "connected to list", q: "Node 0 is connected to nodes 1, 2 and 5. Node 1 is connected to node 2.", edges: "0-1 0-2 0-5 1-2", confident: true},
		{name: "linked", q: "3 is linked to 4. 4 is linked to 5. Is 3 connected to 5?", edges: "3-4 4-5", confident: true},
		{name: "adjacent", q: "A is adjacent to B and C. B is adjacent to D.", edges: "A-B A-C B-D", confident: true},
		{name: "points to", q: "Alice points to Bob. Bob points to Carol. Who can Alice reach?", directed: true, edges: "Alice-Bob Bob-Carol", confident: true},
		{name: "has an edge to", q: "Node 1 has an edge to node 2, and node 2 has an edge to node 3.", directed: true, edges: "1-2 2-3", confident: true},
		{name: "pair are connected", q: "Nodes 1 and 2 are connected. Nodes 2 and 3 are connected.", edges: "1-2 2-3", confident: true},
		{name: "edges from to chain", q: "The digraph has edges from 0 to 1, from 1 to 2 and from 2 to 0.", directed: true, edges: "0-1 1-2 2-0", confident: true},
		{name: "edges between pairs", q: "There are edges between 0 and 1, 1 and 2, and 2 and 3.", edges: "0-1 1-2 2-3", confident: true},
		{name: "edge of weight before", q: "An edge of weight 4 connects... no: there is an edge of weight 4 between 1 and 2.", edges: "1-2:4"},
		// Roads are two-way: the quantities reader reads "a road from A to B" undirected.
		{name: "road distance", q: "A road from Paris to Lyon has length 465. A road from Lyon to Nice has length 470.", edges: "Paris-Lyon:465 Lyon-Nice:470"},
		{name: "capacity prose", q: "There is a pipe from s to a with capacity 5 and a pipe from a to t with capacity 3. What is the maximum flow?", directed: true, edges: "s-a:c5 a-t:c3", confident: true},
		{name: "connected with weight", q: "Node 1 is connected to node 2 with weight 7.", edges: "1-2:7", confident: true},
		{name: "query sentence only", q: "Is there an edge between node 3 and node 7?", edges: ""},
		// Pair lists, edge-list lines, adjacency.
		{name: "edges colon pairs", q: "edges: 0 1, 1 2, 2 3. Count the triangles.", edges: "0-1 1-2 2-3", confident: true, method: "pair list"},
		{name: "edges colon weighted pairs", q: "edges: 0 1 5; 1 2 3", edges: "0-1:5 1-2:3", confident: true},
		{name: "edge list lines", q: "Here is the graph:\n0 1\n1 2\n2 0\nDoes it contain a cycle?", edges: "0-1 1-2 0-2", confident: true, method: "edge-list lines"},
		{name: "weighted edge list lines", q: "0 1 3\n1 2 4\n", edges: "0-1:3 1-2:4", confident: true},
		{name: "adjacency lines", q: "Adjacency list:\n0: 1 2 3\n1: 2\n2: 3", edges: "0-1 0-2 0-3 1-2 2-3", confident: true, method: "adjacency"},
		{name: "adjacency brackets", q: "A: [B, C]\nB: [C]\nC: []", edges: "A-B A-C B-C", confident: true},
		{name: "adjacency directed", q: "Directed adjacency:\n0: 1, 2\n1: 2", directed: true, edges: "0-1 0-2 1-2", confident: true},
		// Node ranges and declared nodes.
		{name: "numbered range", q: "The nodes are numbered from 0 to 6. Edges: 0-1, 1-2.", edges: "0-1 1-2", nodes: "0 1 2 3 4 5 6", confident: true},
		{name: "count with range paren", q: "The graph has 10 nodes (0-9) and edges 0-1, 1-2, 5-9.", edges: "0-1 1-2 5-9", nodes: "0 1 2 3 4 5 6 7 8 9", confident: true},
		{name: "nodes through", q: "Nodes 0 through 4; edges (0, 1), (3, 4).", edges: "0-1 3-4", nodes: "0 1 2 3 4", confident: true},
		{name: "count only", q: "A graph with 5 nodes has edges 0-1, 1-2. How many connected components?", edges: "0-1 1-2", nodes: "0 1 2 3 4", confident: true},
		{name: "count one based", q: "A graph with 4 nodes has edges 1-2, 2-3.", edges: "1-2 2-3", nodes: "1 2 3 4", confident: true},
		{name: "node list declared", q: "Nodes: A, B, C, D. Edges: A-B, C-B.", edges: "A-B B-C", nodes: "A B C D", confident: true},
		{name: "set notation", q: "Let G = (V, E) with V = {1, 2, 3, 4} and E = {(1, 2), (2, 3)}. Is G connected?",
			edges: "1-2 2-3", nodes: "1 2 3 4", confident: true},
		{name: "set notation after a name", q: "A graph G(V, E) has edges (0, 1), (1, 2).", edges: "0-1 1-2", confident: true},
		// FuzzReadRoundTrip: in a list of pairs, (V, E) is an edge.
		{name: "V and E in a list of tuples", q: "The edges are: (A, B), (B, C), (V, E).", edges: "A-B B-C E-V", confident: true},
		{name: "isolated node", q: "Edges: 0-1, 1-2. Node 7 is isolated.", edges: "0-1 1-2", nodes: "0 1 2 7", confident: true},
		{name: "no edges stated", q: "Roads: Ann-Bob, Bob-Cy. Dee has no roads at all.", edges: "Ann-Bob Bob-Cy", nodes: "Ann Bob Cy Dee", confident: true},
		{name: "no friends stated for two", q: "Friends: Ann-Bob, Bob-Cy. Dee and Eve have no friends yet.", edges: "Ann-Bob Bob-Cy", nodes: "Ann Bob Cy Dee Eve", confident: true},
		{name: "nobody swapped with", q: "Ann swapped with Bob. Bob swapped with Cy. Dee hasn't swapped with anyone yet. How many groups?", edges: "Ann-Bob Bob-Cy", nodes: "Ann Bob Cy Dee", confident: true},
		{name: "lines, then two who swapped with nobody", q: "Swaps:\nAnn swapped with Bob\nBob swapped with Cy\nCy swapped with Ann\nDee and Eve haven't swapped with anyone yet.\nHow many groups?",
			edges: "Ann-Bob Bob-Cy Ann-Cy", nodes: "Ann Bob Cy Dee Eve", confident: true},
		{name: "bare weights in a question", q: "Find the shortest path from A to C in the graph with edges A-B 3, B-C 4, C-A 5 and A-D 2.",
			edges: "A-B:3 B-C:4 A-C:5 A-D:2", confident: true},
		{name: "bare weights ending a list", q: "Edges: 1-2 5, 2-3 1, 1-3 9. What is the shortest path length from 1 to 3?", edges: "1-2:5 2-3:1 1-3:9", confident: true},
		{name: "range dots", q: "Vertices 1..5, edges 1-2, 2-3.", edges: "1-2 2-3", nodes: "1 2 3 4 5", confident: true},
		// Directedness words.
		{name: "digraph word", q: "In the digraph with edges (0, 1), (1, 2), is there a path from 2 to 0?", directed: true, edges: "0-1 1-2", confident: true},
		{name: "arcs word", q: "The arcs are 0-1, 1-2.", directed: true, edges: "0-1 1-2", confident: true},
		{name: "undirected overrides", q: "Given an undirected graph with edges (0, 1), (1, 2).", edges: "0-1 1-2", confident: true},
		// References.
		{name: "file quoted", q: `What is the diameter? The path is "data/roads.edgelist".`, file: "data/roads.edgelist", confident: true, method: "file"},
		{name: "file bare", q: "What is the diameter of the graph in roads.edgelist?", file: "roads.edgelist", method: "file"},
		{name: "graph file tsv", q: "Load the graph file karate.tsv and count its triangles.", file: "karate.tsv", method: "file"},
		{name: "gtools file", q: `Given a directed graph, the edges are in an edgelist file, the path is "../GTools/Test/EL/Flow/Di/data/task_0.edgelist". The task is: you need to find the max flow. The nodes in question are: source_node=5 , sink_node=13.`,
			directed: true, file: "../GTools/Test/EL/Flow/Di/data/task_0.edgelist", confident: true, method: "file"},
		{name: "slashed path no ext", q: "The graph file is data/graphs/roads and it is undirected.", file: "data/graphs/roads", method: "file"},
		{name: "dataset", q: "Which community is node 5 in, in the Zachary karate club graph?", dataset: "karate", method: "dataset"},
		{name: "dataset cora", q: "What topic is paper 1033 about in Cora?", dataset: "cora", method: "dataset"},
		{name: "session it", q: "Is it connected?", session: true, method: "session", confident: true},
		{name: "session loaded earlier", q: "What is the diameter of the graph loaded earlier?", session: true, method: "session", confident: true},
		{name: "no graph", q: "What is a spanning tree?", method: "none", confident: true},
		// Unaccounted numbers lower the confidence.
		{name: "leftover numbers", q: "Edges: 0-1, 1-2. Also 3 4 5 6 might matter.", edges: "0-1 1-2"},
		{name: "bare numbers no notation", q: "The graph 1 2 3 4 5 6 has some structure.", edges: "", session: true},
	}
}

func TestExtractTable(t *testing.T) {
	cases := exCases()
	if len(cases) < 60 {
		t.Fatalf("only %d table cases", len(cases))
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Read(ctx, c.q, Options{})
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			t.Logf("method=%s conf=%.2f notes=%v", ex.Method, ex.Confidence, ex.Notes)
			if c.edges == "" {
				if ex.Graph != nil && ex.Graph.M() > 0 {
					t.Errorf("want no graph, got %v edges %v", ex.Graph, exEdgeSet(ex.Graph))
				}
			} else {
				if ex.Graph == nil {
					t.Fatalf("want edges %s, got no graph (method %s)", c.edges, ex.Method)
				}
				if got, want := exEdgeSet(ex.Graph), exWant(c.edges, c.directed); !slices.Equal(got, want) {
					t.Errorf("edges = %v, want %v", got, want)
				}
				if ex.Directed != c.directed || ex.Graph.Directed() != c.directed {
					t.Errorf("directed = %v (graph %v), want %v", ex.Directed, ex.Graph.Directed(), c.directed)
				}
			}
			if c.nodes != "" {
				if got := strings.Join(ex.Graph.IDs(), " "); got != c.nodes {
					t.Errorf("nodes = %q, want %q", got, c.nodes)
				}
			}
			if ex.FileRef != c.file {
				t.Errorf("FileRef = %q, want %q", ex.FileRef, c.file)
			}
			if c.file != "" && ex.Directed != c.directed {
				t.Errorf("directed = %v, want %v", ex.Directed, c.directed)
			}
			if ex.DatasetRef != c.dataset {
				t.Errorf("DatasetRef = %q, want %q", ex.DatasetRef, c.dataset)
			}
			if ex.UsesSessionGraph != c.session {
				t.Errorf("UsesSessionGraph = %v, want %v", ex.UsesSessionGraph, c.session)
			}
			if c.confident && ex.Confidence < Confident {
				t.Errorf("confidence %.2f, want >= %.2f (notes %v)", ex.Confidence, Confident, ex.Notes)
			}
			if c.method != "" && ex.Method != c.method {
				t.Errorf("method = %q, want %q", ex.Method, c.method)
			}
			if c.rest != "" {
				if got := WithoutGraph(c.q, ex); got != c.rest {
					t.Errorf("WithoutGraph = %q, want %q", got, c.rest)
				}
			}
			if ex.Confidence < 0 || ex.Confidence > 1 {
				t.Errorf("confidence %v outside 0..1", ex.Confidence)
			}
		})
	}
}

// TestExtractLowConfidence checks that text the parsers cannot account for
// sends the question to the LLM step.
func TestExtractLowConfidence(t *testing.T) {
	for _, q := range []string{
		"Edges: 0-1, 1-2. Also 3 4 5 6 might matter.",
		"The graph 1 2 3 4 5 6 has some structure.",
		"Given the edges [(0, 1), (1, 2)] and also 4-5, 5-6 written separately.",
		"Our graph: edges 0-1, 1-2 in the undirected sense, arcs 2->3 directed.",
		"The graph has 3 nodes and edges 0-1, 1-7.",
		// A word beside a name: is the node "P1", "donor" or both?
		"P1 donor -> P3 recipient : ok\nP3 donor -> P5 recipient : ok\nP5 donor -> P1 recipient : ok\nWhich pairs form a loop?",
	} {
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if ex.Confidence >= Confident {
			t.Errorf("%q: confidence %.2f, want below %.2f (method %s)", q, ex.Confidence, Confident, ex.Method)
		}
	}
}

func TestExtractErrors(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		q    string
		opt  Options
		want error
		msg  string
	}{
		{"too many bytes", strings.Repeat("a", 2000), Options{MaxBytes: 1000}, graph.ErrTooLarge, "bytes"},
		{"too many edges", "Edges: " + exChain(50, "-"), Options{MaxEdges: 10}, graph.ErrTooLarge, "edges"},
		{"too many nodes", "Edges: " + exChain(50, "->"), Options{MaxNodes: 10}, graph.ErrTooLarge, "nodes"},
		{"python list too many edges", "[" + strings.Repeat("(0, 1), (1, 2), (2, 3), ", 2) + "(3, 4)]", Options{MaxEdges: 2}, graph.ErrTooLarge, "edges"},
		{"range too large", "The nodes are numbered from 0 to 99999999.", Options{MaxNodes: 1000}, graph.ErrTooLarge, "range"},
		{"deep nesting", strings.Repeat("(", 100) + strings.Repeat(")", 100), Options{}, graph.ErrSyntax, "nested"},
		{"invalid utf8", "edges 0-1 \xff\xfe", Options{}, graph.ErrSyntax, "UTF-8"},
		{"bad python dict", "The edges are [(0, 1, {'weight': 'heavy'}), (1, 2, {'weight': 3})].", Options{}, graph.ErrSyntax, "weight"},
		{"mismatched python list", "Edges: [(0, 1), (1, 2, {'weight': 3)].", Options{}, graph.ErrSyntax, "dict"},
		{"unclosed python list", "Edges: [(0, 1), (1, 2, {'weight': 3})", Options{}, graph.ErrSyntax, "end of text"},
		{"weight overflows", "Edges: 0-1 weight 1e999999, 1-2.", Options{}, graph.ErrSyntax, "1e999999"},
		{"number out of range", "Edges: 0-1 weight 1" + strings.Repeat("0", 400) + ", 1-2.", Options{}, graph.ErrSyntax, "number"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(ctx, c.q, c.opt)
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			if !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error %q does not mention %q", err, c.msg)
			}
		})
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Read(cctx, "Edges: 0-1", Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}

// exChain writes n edges 0 sep 1, 1 sep 2, ...
func exChain(n int, sep string) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%d%s%d", i, sep, i+1)
	}
	return sb.String()
}

func TestQuestionWithoutGraph(t *testing.T) {
	q := "Given a directed graph, the edges are: [(0, 1), (1, 2)]. The task is: find the shortest path from 0 to 2."
	ex, err := Read(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := WithoutGraph(q, ex)
	if strings.Contains(got, "(0, 1)") || !strings.Contains(got, "find the shortest path from 0 to 2") {
		t.Errorf("WithoutGraph = %q", got)
	}
	if q[ex.Span[0]:ex.Span[1]] != "[(0, 1), (1, 2)]" {
		t.Errorf("Span covers %q", q[ex.Span[0]:ex.Span[1]])
	}
}

// TestExtractLinearTime runs adversarial inputs of 256 KiB: each must be
// handled in time linear in its size (a quadratic step would take minutes).
func TestExtractLinearTime(t *testing.T) {
	for name, q := range exAdversarialInputs(256 << 10) {
		start := time.Now()
		_, err := Read(context.Background(), q, Options{})
		// A hang detector, not a speed test (BenchmarkExtractAdversarial
		// measures speed): quadratic work on 256 KiB takes minutes.
		if d := time.Since(start); d > 60*time.Second {
			t.Errorf("%s: %v on %d bytes (err %v)", name, d, len(q), err)
		}
		if err != nil && !errors.Is(err, graph.ErrSyntax) && !errors.Is(err, graph.ErrTooLarge) {
			t.Errorf("%s: undocumented error %v", name, err)
		}
	}
}

// BenchmarkExtractAdversarial times the adversarial inputs at two sizes, so
// that a step that is not linear shows as a ratio above 4.
func BenchmarkExtractAdversarial(b *testing.B) {
	for _, size := range []int{64 << 10, 256 << 10} {
		inputs := exAdversarialInputs(size)
		b.Run(strconv.Itoa(size>>10)+"KiB", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, q := range inputs {
					_, _ = Read(context.Background(), q, Options{})
				}
			}
		})
	}
}

// exAdversarialInputs returns inputs of about size bytes that would expose
// quadratic steps in the extraction parsers.
func exAdversarialInputs(size int) map[string]string {
	rep := func(s string) string { return strings.Repeat(s, size/len(s)) }
	return map[string]string{
		"open tuples":        rep("[("),
		"unclosed list":      "[" + rep("(0, 1), "),
		"nested lists":       rep("[(0,1),") + "x",
		"dash chain":         rep("0-"),
		"far apart edges":    rep("0-1 x "),
		"edge keywords":      rep("edge between "),
		"quoted paths":       rep(`"a/b.edgelist" `),
		"unquoted paths":     rep("a.edgelist "),
		"adjacency one line": rep("0: "),
		"line pairs broken":  rep("0 1\n2\n"),
		"node lists":         rep("nodes: A, B, "),
		"arrows targets":     rep("0 -> 1, "),
		"quotes":             rep("'a "),
		"numbers":            rep("1 "),
		"prose":              rep("3 is linked to 4 and "),
	}
}

// TestAdjacencyLinesOfWords checks that adjacency lines whose items are
// separated by commas read names of several words whole, keys too, and
// that the block goes on past such a key.
func TestAdjacencyLinesOfWords(t *testing.T) {
	q := "Good neighbours:\ntomatoes: basil, carrots, French marigold\ncarrots: onions, radish\nsweet corn: runner beans, squash\nrunner beans: squash\n\nHow many groups of three plants all go together?"
	ex, err := Read(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Graph == nil {
		t.Fatalf("no graph (method %s)", ex.Method)
	}
	want := []string{"basil-tomatoes", "carrots-onions", "carrots-radish", "carrots-tomatoes", "French marigold-tomatoes",
		"runner beans-squash", "runner beans-sweet corn", "squash-sweet corn"}
	slices.Sort(want)
	if got := exEdgeSet(ex.Graph); !slices.Equal(got, want) {
		t.Errorf("edges = %q, want %q", got, want)
	}
	// Without commas, words stay separate nodes ("0: 1 2 3").
	ex, err = Read(context.Background(), "a: b c\nb: c d\nd: a", Options{})
	if err != nil || ex.Graph == nil {
		t.Fatalf("no graph: %v", err)
	}
	if got := ex.Graph.M(); got != 5 {
		t.Errorf("space-separated adjacency: %d edges %v, want 5", got, exEdgeSet(ex.Graph))
	}
}

// TestKeyedListsWithVerbs checks adjacency lines whose key is a name and
// a one-way verb ("Kowalski rings: Byrne, Lai"), with a remark in
// brackets after the name and a row that lists nobody, and lines of pairs
// joined by "vs".
func TestKeyedListsWithVerbs(t *testing.T) {
	q := "PHONE TREE\nMrs Adeyemi (chair) rings: Kowalski, Dunn\nKowalski rings: Byrne, Lai\nDunn rings: Petrov\nPetrov rings: (nobody)\n\nWho does Dunn ring?"
	ex, err := Read(context.Background(), q, Options{})
	if err != nil || ex.Graph == nil {
		t.Fatalf("no graph: %v", err)
	}
	want := []string{"Dunn-Petrov", "Kowalski-Byrne", "Kowalski-Lai", "Mrs Adeyemi-Dunn", "Mrs Adeyemi-Kowalski"}
	if got := exEdgeSet(ex.Graph); !slices.Equal(got, want) || !ex.Graph.Directed() {
		t.Errorf("edges = %q (directed %v), want %q directed", got, ex.Graph.Directed(), want)
	}
	if ex.Confidence < Confident {
		t.Errorf("confidence %.2f, notes %v", ex.Confidence, ex.Notes)
	}
	ex, err = Read(context.Background(), "Results:\nSiobhan vs Umi\nSiobhan vs Vik\nUmi vs Theo\nVik vs Theo\n\nWho has Theo played?", Options{})
	if err != nil || ex.Graph == nil {
		t.Fatalf("vs lines: no graph: %v", err)
	}
	if got, want := exEdgeSet(ex.Graph), []string{"Siobhan-Umi", "Siobhan-Vik", "Theo-Umi", "Theo-Vik"}; !slices.Equal(got, want) || ex.Graph.Directed() {
		t.Errorf("vs lines: edges = %q (directed %v), want %q undirected", got, ex.Graph.Directed(), want)
	}
}
