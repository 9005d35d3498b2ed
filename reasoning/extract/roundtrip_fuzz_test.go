package extract

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// rtNotations are the notations FuzzReadRoundTripMore writes, by number.
var rtNotations = [...]string{
	"csv", "tsv", "markdown", "matrix", "json", "dot", "gml", "cypher", "adjdict",
	"relations", "quantities", "precedence", "bipartite", "nlgraph", "incident", "embedding", "pipes", "connected",
}

// rtPeople and rtCities name the nodes of the prose notations.
var (
	rtPeople = [24]string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory",
		"Niaj", "Olivia", "Peggy", "Rupert", "Sybil", "Trent", "Victor", "Walter", "Xavier", "Yvonne", "Zoe", "Oscar", "Quinn"}
	rtFullNames = [24]string{"Mary Jane", "Peter Parker", "Ada Lovelace", "Alan Turing", "Grace Hopper", "Marie Curie",
		"Niels Bohr", "Lise Meitner", "Emmy Noether", "Carl Gauss", "Rosalind Franklin", "Tim Berners-Lee",
		"Katherine Johnson", "John von Neumann", "Barbara Liskov", "Donald Knuth", "Edsger Dijkstra", "Leslie Lamport",
		"Frances Allen", "Ken Thompson", "Dennis Ritchie", "Margaret Hamilton", "Claude Shannon", "Hedy Lamarr"}
	rtCities = [24]string{"Paris", "Lyon", "Nice", "Lille", "Nantes", "Rennes", "Dijon", "Brest", "Reims", "Metz", "Tours",
		"Nancy", "Caen", "Rouen", "Amiens", "Angers", "Limoges", "Grenoble", "Toulouse", "Bordeaux", "Orleans", "Avignon",
		"Calais", "Bayonne"}
)

// rtEdge is one edge of a round-trip graph.
type rtEdge struct{ u, v, w int }

// FuzzReadRoundTripMore is FuzzReadRoundTrip for the notations it does not
// write: tables, matrices, JSON, DOT, GML, Cypher, Python dicts, the
// prose of relations (one- and several-word names), roads, pipes,
// precedence and bipartite sentences, and
// declared node sets with isolated nodes (NLGraph's "numbered from 0 to
// N", Talk like a Graph's "a graph among nodes A, B, ..."). A
// random graph is written in one of them; the reading must give back
// exactly its edges, weights, direction and nodes, or decline (confidence
// below Confident) and say why. A confident wrong reading fails.
func FuzzReadRoundTripMore(f *testing.F) {
	for k := range rtNotations {
		f.Add([]byte{0, 1, 1, 2, 2, 0}, uint8(k), false, false)
		f.Add([]byte{3, 7, 7, 9, 9, 3, 1, 1}, uint8(k)|0x80, true, true)
		f.Add([]byte{0, 1, 0, 2, 0, 3, 4, 5, 20, 21}, uint8(k), k%2 == 0, k%3 == 0)
	}
	f.Fuzz(func(t *testing.T, data []byte, notation uint8, directed, weighted bool) {
		q, want, ok := rtWrite(data, notation, directed, weighted)
		if !ok {
			return
		}
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if ex.Confidence < Confident {
			if len(ex.Report.Problems()) == 0 {
				t.Fatalf("%q: declined (confidence %.2f) without naming why", q, ex.Confidence)
			}
			return
		}
		if ex.Graph == nil {
			t.Fatalf("%q: no graph at confidence %.2f (method %s)", q, ex.Confidence, ex.Method)
		}
		if got, w := exEdgeSet(ex.Graph), exEdgeSet(want); !slices.Equal(got, w) || ex.Directed != want.Directed() {
			t.Fatalf("%q: confidence %.2f (method %s)\n directed %v want %v\n got  %v\n want %v",
				q, ex.Confidence, ex.Method, ex.Directed, want.Directed(), got, w)
		}
		if got, w := slices.Sorted(slices.Values(ex.Graph.IDs())), slices.Sorted(slices.Values(want.IDs())); !slices.Equal(got, w) {
			t.Fatalf("%q: nodes %v, want %v", q, got, w)
		}
		for i, x := range want.IDs() {
			w, ok := want.NodeAttrs(int32(i))["embedding"].([]float64)
			if !ok {
				continue
			}
			j, _ := ex.Graph.Index(x)
			if got, _ := ex.Graph.NodeAttrs(j)["embedding"].([]float64); !slices.Equal(got, w) {
				t.Fatalf("%q: node %s embedding %v, want %v", q, x, got, w)
			}
		}
	})
}

// rtWrite writes the graph that data describes in the notation numbered
// notation%len(rtNotations) (the high bit names nodes with letters where
// the notation allows both) and returns the question and the graph it
// states. ok is false when data makes no graph of two edges.
func rtWrite(data []byte, notation uint8, directed, weighted bool) (string, *graph.Graph, bool) {
	k := int(notation&0x7f) % len(rtNotations)
	name := rtNotations[k]
	letters := notation&0x80 != 0
	switch name {
	case "cypher":
		letters = true // Cypher names nodes with identifiers
	case "gml":
		letters = false // GML ids are integers
	case "relations", "quantities", "connected":
		weighted = name == "quantities"
		directed = false
	case "pipes":
		directed, weighted = true, true
	case "precedence":
		directed, weighted = true, false
	case "bipartite":
		directed, weighted = false, false
	case "nlgraph", "embedding":
		letters, weighted = false, false
	case "incident":
		directed, weighted = false, false
	}
	id := func(x int) string {
		switch name {
		case "relations", "connected":
			if letters {
				return rtFullNames[x] // several words
			}
			return rtPeople[x]
		case "quantities", "pipes":
			return rtCities[x]
		}
		if letters {
			return string(rune('A' + x))
		}
		return fmt.Sprint(x)
	}
	// Each edge once: the notations below cannot all say what a repeated
	// edge means (FuzzReadRoundTrip covers repeats).
	var edges []rtEdge
	seen := map[[2]int]bool{}
	for i := 0; i+1 < len(data) && len(edges) < 40; i += 2 {
		e := rtEdge{int(data[i] % 24), int(data[i+1] % 24), 1 + int(data[i]^data[i+1])%50}
		if e.u == e.v && (name == "relations" || name == "quantities" || name == "precedence" || name == "incident" || name == "pipes" || name == "connected") {
			continue // nobody is their own friend in these sentences
		}
		key := [2]int{e.u, e.v}
		if !directed && e.v < e.u && name != "bipartite" {
			key = [2]int{e.v, e.u}
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		edges = append(edges, e)
	}
	if len(edges) < 2 {
		return "", nil, false
	}
	if name == "matrix" && weighted && !slices.ContainsFunc(edges, func(e rtEdge) bool { return e.w != 1 }) {
		weighted = false // a matrix of ones is a 0/1 matrix
	}
	kind := "an undirected"
	if directed {
		kind = "a directed"
	}
	var sb strings.Builder
	// The nodes a notation declares beyond the edges' ends, and their
	// embeddings when it gives them.
	var extra []string
	var vectors [][]float64
	switch name {
	case "csv", "tsv":
		sep := ","
		if name == "tsv" {
			sep = "\t"
		}
		fmt.Fprintf(&sb, "Here is %s graph:\nsource%starget", kind, sep)
		if weighted {
			sb.WriteString(sep + "weight")
		}
		for _, e := range edges {
			fmt.Fprintf(&sb, "\n%s%s%s", id(e.u), sep, id(e.v))
			if weighted {
				fmt.Fprintf(&sb, "%s%d", sep, e.w)
			}
		}
		sb.WriteString("\n")
	case "markdown":
		fmt.Fprintf(&sb, "Here is %s graph:\n| source | target |", kind)
		if weighted {
			sb.WriteString(" weight |")
		}
		sb.WriteString("\n|---|---|")
		if weighted {
			sb.WriteString("---|")
		}
		for _, e := range edges {
			fmt.Fprintf(&sb, "\n| %s | %s |", id(e.u), id(e.v))
			if weighted {
				fmt.Fprintf(&sb, " %d |", e.w)
			}
		}
		sb.WriteString("\n")
	case "matrix":
		// Numbers name rows 0..n-1; letters head the rows and columns with
		// the nodes used, in order of first appearance.
		var nodes []int
		if letters {
			for _, e := range edges {
				for _, x := range []int{e.u, e.v} {
					if !slices.Contains(nodes, x) {
						nodes = append(nodes, x)
					}
				}
			}
		} else {
			n := 0
			for _, e := range edges {
				n = max(n, e.u+1, e.v+1)
			}
			for x := range n {
				nodes = append(nodes, x)
				extra = append(extra, id(x))
			}
		}
		at := map[int]int{}
		for i, x := range nodes {
			at[x] = i
		}
		cell := make([][]int, len(nodes))
		for i := range cell {
			cell[i] = make([]int, len(nodes))
		}
		for _, e := range edges {
			w := 1
			if weighted {
				w = e.w
			}
			cell[at[e.u]][at[e.v]] = w
			if !directed {
				cell[at[e.v]][at[e.u]] = w
			}
		}
		fmt.Fprintf(&sb, "The adjacency matrix of %s", kind)
		if weighted {
			sb.WriteString(" weighted")
		}
		sb.WriteString(" graph is:\n")
		if letters {
			sb.WriteString(" ")
			for _, x := range nodes {
				sb.WriteString(" " + id(x))
			}
			sb.WriteString("\n")
		}
		for i, row := range cell {
			if letters {
				sb.WriteString(id(nodes[i]) + " ")
			}
			for j, c := range row {
				if j > 0 {
					sb.WriteString(" ")
				}
				fmt.Fprint(&sb, c)
			}
			sb.WriteString("\n")
		}
	case "json":
		quote := func(x int) string {
			if letters {
				return fmt.Sprintf("%q", id(x))
			}
			return id(x)
		}
		fmt.Fprintf(&sb, `The graph is {"directed": %v, "nodes": [`, directed)
		var nodes []int
		for _, e := range edges {
			for _, x := range []int{e.u, e.v} {
				if !slices.Contains(nodes, x) {
					nodes = append(nodes, x)
				}
			}
		}
		for i, x := range nodes {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, `{"id": %s}`, quote(x))
		}
		sb.WriteString(`], "edges": [`)
		for i, e := range edges {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, `{"source": %s, "target": %s`, quote(e.u), quote(e.v))
			if weighted {
				fmt.Fprintf(&sb, `, "weight": %d`, e.w)
			}
			sb.WriteString("}")
		}
		sb.WriteString("]}.\n")
	case "dot":
		arrow := "--"
		if directed {
			arrow = "->"
			sb.WriteString("Given the graph\ndigraph G {\n")
		} else {
			sb.WriteString("Given the graph\ngraph G {\n")
		}
		for _, e := range edges {
			fmt.Fprintf(&sb, "  %s %s %s", id(e.u), arrow, id(e.v))
			if weighted {
				fmt.Fprintf(&sb, " [weight=%d]", e.w)
			}
			sb.WriteString(";\n")
		}
		sb.WriteString("}\n")
	case "gml":
		d := 0
		if directed {
			d = 1
		}
		fmt.Fprintf(&sb, "GML:\ngraph [\n  directed %d\n", d)
		var nodes []int
		for _, e := range edges {
			for _, x := range []int{e.u, e.v} {
				if !slices.Contains(nodes, x) {
					nodes = append(nodes, x)
				}
			}
		}
		for _, x := range nodes {
			fmt.Fprintf(&sb, "  node [ id %d ]\n", x)
		}
		for _, e := range edges {
			fmt.Fprintf(&sb, "  edge [ source %d target %d", e.u, e.v)
			if weighted {
				fmt.Fprintf(&sb, " weight %d", e.w)
			}
			sb.WriteString(" ]\n")
		}
		sb.WriteString("]\n")
	case "cypher":
		end := "-"
		if directed {
			end = "->"
		}
		for _, e := range edges {
			fmt.Fprintf(&sb, "(%s)-[:LINK", id(e.u))
			if weighted {
				fmt.Fprintf(&sb, " {weight: %d}", e.w)
			}
			fmt.Fprintf(&sb, "]%s(%s)\n", end, id(e.v))
		}
	case "adjdict":
		var order []int
		by := map[int][]rtEdge{}
		for _, e := range edges {
			if _, ok := by[e.u]; !ok {
				order = append(order, e.u)
			}
			by[e.u] = append(by[e.u], e)
		}
		quote := func(x int) string {
			if letters {
				return "'" + id(x) + "'"
			}
			return id(x)
		}
		fmt.Fprintf(&sb, "Given %s graph G = {", kind)
		for i, u := range order {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(quote(u) + ": ")
			if weighted {
				sb.WriteString("{")
			} else {
				sb.WriteString("[")
			}
			for j, e := range by[u] {
				if j > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString(quote(e.v))
				if weighted {
					fmt.Fprintf(&sb, ": {'weight': %d}", e.w)
				}
			}
			if weighted {
				sb.WriteString("}")
			} else {
				sb.WriteString("]")
			}
		}
		sb.WriteString("}\n")
	case "relations":
		for _, e := range edges {
			fmt.Fprintf(&sb, "%s and %s are friends. ", id(e.u), id(e.v))
		}
	case "quantities":
		for _, e := range edges {
			fmt.Fprintf(&sb, "There is a road from %s to %s of %d km. ", id(e.u), id(e.v), e.w)
		}
	case "connected":
		// "X is connected to Y, Z and W.": the edges grouped by their
		// first end, in order.
		var order []int
		by := map[int][]int{}
		for _, e := range edges {
			if _, ok := by[e.u]; !ok {
				order = append(order, e.u)
			}
			by[e.u] = append(by[e.u], e.v)
		}
		for _, u := range order {
			fmt.Fprintf(&sb, "%s is connected to ", id(u))
			for i, v := range by[u] {
				switch {
				case i > 0 && i == len(by[u])-1:
					sb.WriteString(" and ")
				case i > 0:
					sb.WriteString(", ")
				}
				sb.WriteString(id(v))
			}
			sb.WriteString(". ")
		}
	case "pipes":
		for _, e := range edges {
			fmt.Fprintf(&sb, "A pipe from %s to %s carries %d units. ", id(e.u), id(e.v), e.w)
		}
	case "precedence":
		for _, e := range edges {
			if letters {
				fmt.Fprintf(&sb, "Task %s must finish before task %s starts. ", id(e.u), id(e.v))
			} else {
				fmt.Fprintf(&sb, "Node %s should be visited before node %s. ", id(e.u), id(e.v))
			}
		}
	case "bipartite":
		for _, e := range edges {
			fmt.Fprintf(&sb, "Applicant %d is interested in job %d. ", e.u, e.v)
		}
	case "embedding":
		// NLGraph's GNN questions: a declared range, an embedding per
		// node, then the edges.
		n := 0
		for _, e := range edges {
			n = max(n, e.u+1, e.v+1)
		}
		vectors = make([][]float64, n)
		kind := "an undirected graph"
		key := "node i and node j are connected with an undirected edge"
		if directed {
			kind, key = "a directed graph", "there is an edge from node i to node j"
		}
		fmt.Fprintf(&sb, "In %s, the nodes are numbered from 0 to %d, and every node has an embedding. (i,j) means that %s.\nEmbeddings:\n", kind, n-1, key)
		for x := range n {
			extra = append(extra, id(x))
			vectors[x] = []float64{float64(data[x%len(data)] % 5), float64(data[(x+1)%len(data)] % 3)}
			fmt.Fprintf(&sb, "node %d: [%g,%g]\n", x, vectors[x][0], vectors[x][1])
		}
		sb.WriteString("The edges are:")
		for _, e := range edges {
			fmt.Fprintf(&sb, " (%d,%d)", e.u, e.v)
		}
		sb.WriteString("\n")
	case "nlgraph", "incident":
		// A declared node set: every node up to the largest used, and
		// len(data)%3 more, exists; those without edges are isolated.
		n := 0
		for _, e := range edges {
			n = max(n, e.u+1, e.v+1)
		}
		n = min(24, n+len(data)%3)
		for x := range n {
			extra = append(extra, id(x))
		}
		if name == "nlgraph" {
			if directed {
				sb.WriteString("In a directed graph, (i,j) means that there is an edge from node i to node j. ")
			} else {
				sb.WriteString("In an undirected graph, (i,j) means that node i and node j are connected with an undirected edge. ")
			}
			fmt.Fprintf(&sb, "The nodes are numbered from 0 to %d, and the edges are:", n-1)
			for _, e := range edges {
				fmt.Fprintf(&sb, " (%d,%d)", e.u, e.v)
			}
			sb.WriteString(".\n")
			break
		}
		sb.WriteString("G describes a graph among nodes ")
		for x := range n {
			switch {
			case x == n-1:
				sb.WriteString(", and ")
			case x > 0:
				sb.WriteString(", ")
			}
			sb.WriteString(id(x))
		}
		sb.WriteString(".\nIn this graph:\n")
		adj := make([][]int, n)
		for _, e := range edges {
			adj[e.u] = append(adj[e.u], e.v)
			adj[e.v] = append(adj[e.v], e.u)
		}
		for x, ns := range adj {
			if len(ns) == 0 {
				continue
			}
			word := "nodes"
			if len(ns) == 1 {
				word = "node"
			}
			fmt.Fprintf(&sb, "Node %s is connected to %s ", id(x), word)
			for i, y := range ns {
				if i > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString(id(y))
			}
			sb.WriteString(".\n")
		}
	}
	// The question names nodes of the graph: it must not add edges.
	a, z := id(edges[0].u), id(edges[len(edges)-1].v)
	if name == "bipartite" {
		a, z = fmt.Sprintf("applicant %d", edges[0].u), fmt.Sprintf("job %d", edges[len(edges)-1].v)
	}
	switch len(data) % 7 {
	case 0:
		sb.WriteString("\nQ: How many edges are there?")
	case 1:
		fmt.Fprintf(&sb, "\nQ: Is there a path from %s to %s?", a, z)
	case 2:
		fmt.Fprintf(&sb, "\nQ: Is there an edge between %s and %s?", a, z)
	case 3:
		fmt.Fprintf(&sb, "\nWhat is the shortest path from %s to %s, and how long is it?", a, z)
	case 4:
		fmt.Fprintf(&sb, "\nHow many neighbours does %s have? Is %s connected to %s?", a, z, a)
	case 5:
		fmt.Fprintf(&sb, "\nQ: What is the maximum flow from %s to %s?\nA:", a, z)
	case 6:
		sb.WriteString("\nHow many nodes have degree 2 or more?")
	}

	b := graph.NewBuilder(directed)
	for i, x := range extra {
		if _, err := b.AddNode(x); err != nil {
			panic(err) // the names above are valid
		}
		if i < len(vectors) {
			if err := b.SetNodeAttr(x, "embedding", vectors[i]); err != nil {
				panic(err)
			}
		}
	}
	for _, e := range edges {
		u, v := id(e.u), id(e.v)
		if name == "bipartite" {
			u, v = fmt.Sprintf("applicant %d", e.u), fmt.Sprintf("job %d", e.v)
		}
		var err error
		if name == "pipes" {
			var i int32
			i, err = b.AddEdge(u, v)
			b.SetCapacity(i, float64(e.w))
		} else if weighted {
			_, err = b.AddWeightedEdge(u, v, float64(e.w))
		} else {
			_, err = b.AddEdge(u, v)
		}
		if err != nil {
			panic(err) // the edges above are valid
		}
	}
	return sb.String(), b.Build(), true
}
