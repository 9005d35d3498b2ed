package extract

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
)

// FuzzRead feeds arbitrary text to the extractor: it must never
// panic, must finish in time linear in the input, must fail only with the
// documented errors, and must return a consistent Extraction otherwise.
func FuzzRead(f *testing.F) {
	for _, c := range exCases() {
		f.Add(c.q)
	}
	f.Add(exBenchQuestion())
	for _, q := range tableSeeds() {
		f.Add(q)
	}
	f.Add(strings.Repeat("[(", 40))
	f.Add("[(0, 1, {'w': [[[[[[1]]]]]]})]")
	f.Add("edges: 0 1, 1 2\n0: 1 2\n1 -> 2 -> 3 (weight 4)")
	f.Add("The nodes are numbered from 0 to 99999999999999999999.")
	f.Add("\"a/b.edgelist\" 'c.tsv' x.json")
	f.Add("Q: The nodes of graph G are numbered from 0 to 5, and the edges are: (0->1) (1->2). The nodes of subgraph G' are numbered from a to c, and the edges are: (a->b) (b->c). Is subgraph G' present within graph G?")
	f.Add("Graph: 0-1, 1-2.\nPattern:\na-b\nb-c\n\nDoes the graph contain the pattern? A. [0, 1] B. [1, 0]")
	opt := Options{MaxNodes: 500, MaxEdges: 500, MaxBytes: 1 << 16}
	f.Fuzz(func(t *testing.T, q string) {
		start := time.Now()
		type result struct {
			ex  Extraction
			err error
		}
		done := make(chan result, 1)
		go func() {
			ex, err := Read(context.Background(), q, opt)
			done <- result{ex, err}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("no answer after 5s on %q", q)
		}
		ex, err := r.ex, r.err
		limit := 2*time.Second + time.Duration(len(q))*100*time.Microsecond
		if d := time.Since(start); d > limit {
			// A loaded machine can stall one call for seconds (a 67-byte
			// question once "took" 2.05 s at load 25); slow input is slow
			// every time.
			again := time.Now()
			if _, err := Read(context.Background(), q, opt); time.Since(again) > limit {
				t.Fatalf("took %v, then %v on %d bytes (err %v)", d, time.Since(again), len(q), err)
			}
		}
		if err != nil {
			if !errors.Is(err, graph.ErrSyntax) && !errors.Is(err, graph.ErrTooLarge) {
				t.Fatalf("undocumented error: %v", err)
			}
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			// Brackets, numbers and the table separators ("|", ",", a
			// tab, a box's "│": a row that does not fit its header) are what a
			// malformed graph can be written in; prose alone never is. A NUL
			// byte is binary, not prose: a node holding one is an error.
			if errors.Is(err, graph.ErrSyntax) && utf8.ValidString(q) && !strings.ContainsAny(q, "([{|,\t│┃║\x00") &&
				!strings.ContainsAny(q, "0123456789") {
				t.Fatalf("syntax error without brackets or numbers: %v", err)
			}
			return
		}
		exCheckExtraction(t, q, ex, opt)
	})
}

// exCheckExtraction checks the invariants of a successful extraction.
func exCheckExtraction(t *testing.T, q string, ex Extraction, opt Options) {
	t.Helper()
	if ex.Confidence < 0 || ex.Confidence > 1 {
		t.Fatalf("confidence %v", ex.Confidence)
	}
	if ex.Method == "" {
		t.Fatal("empty method")
	}
	last := 0
	for _, s := range ex.Spans {
		if s[0] < last || s[1] < s[0] || s[1] > len(q) {
			t.Fatalf("bad spans %v for %d bytes", ex.Spans, len(q))
		}
		last = s[1]
	}
	if len(ex.Spans) > 0 && (ex.Span[0] != ex.Spans[0][0] || ex.Span[1] != ex.Spans[len(ex.Spans)-1][1]) {
		t.Fatalf("span %v is not the hull of %v", ex.Span, ex.Spans)
	}
	if g := ex.Graph; g != nil {
		if g.N() > opt.MaxNodes || g.M() > opt.MaxEdges {
			t.Fatalf("graph %v over the limits", g)
		}
		if g.Directed() != ex.Directed {
			t.Fatalf("graph directed %v, extraction %v", g.Directed(), ex.Directed)
		}
		for _, id := range g.IDs() {
			if id == "" && (strings.Contains(q, "''") || strings.Contains(q, `""`)) {
				continue // an empty Python string is a legal node
			}
			if id == "" || !strings.Contains(q, id) && !exUnescapedIn(q, id) && !exKindQualifiedIn(q, id) {
				t.Fatalf("node %q does not occur in the question", id)
			}
		}
	}
	if ex.FileRef != "" && !strings.Contains(q, ex.FileRef) {
		t.Fatalf("file %q does not occur in the question", ex.FileRef)
	}
	rest := WithoutGraph(q, ex)
	if len(rest) > len(q) {
		t.Fatalf("WithoutGraph grew the text")
	}
}

// exUnescapedIn allows node IDs that a Python string literal unescaped
// (or integers and letters that range declarations spelled out).
func exUnescapedIn(q, id string) bool {
	if strings.ContainsRune(q, '\\') {
		return true
	}
	if len(id) == 1 && (id[0] >= 'a' && id[0] <= 'z' || id[0] >= 'A' && id[0] <= 'Z') {
		return true // a node of a declared letter range such as "a to e"
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true // a node of a declared range such as "0 to 12"
}

// exKindQualifiedIn allows a kind-qualified node ID ("applicant 0") whose
// kind and number both occur in the question, as the bipartite reader
// writes them (the kind lower-cased and singular).
func exKindQualifiedIn(q, id string) bool {
	kind, num, ok := strings.Cut(id, " ")
	low := strings.ToLower(q)
	return ok && strings.Contains(q, num) && strings.Contains(low, strings.TrimSuffix(kind, "s"))
}

// FuzzReadRoundTrip writes a random graph in one of the notations and
// checks that extraction reads back exactly its edges and direction.
func FuzzReadRoundTrip(f *testing.F) {
	f.Add([]byte{0, 1, 1, 2, 2, 0}, uint8(0), false, true)
	f.Add([]byte{3, 7, 7, 9, 9, 3, 1, 1}, uint8(3), true, false)
	f.Add([]byte{0, 1, 0, 2, 0, 3, 4, 5}, uint8(6), false, true)
	f.Add([]byte{5, 6, 6, 5}, uint8(8), true, true)
	for k := uint8(0); k < 9; k++ {
		f.Add([]byte{0, 1, 1, 2, 2, 3, 8, 0}, 0x80|k, k%2 == 0, k%3 == 0)
	}
	f.Fuzz(func(t *testing.T, data []byte, notation uint8, directed, weighted bool) {
		// The high bit of notation names the nodes with letters ("A".."X")
		// instead of integers.
		names := notation&0x80 != 0
		id := func(x int) string {
			if names {
				return string(rune('A' + x))
			}
			return fmt.Sprint(x)
		}
		type edge struct {
			u, v int
			w    int
		}
		var edges []edge
		for i := 0; i+1 < len(data) && len(edges) < 60; i += 2 {
			edges = append(edges, edge{int(data[i] % 24), int(data[i+1] % 24), 1 + int(data[i]^data[i+1])%50})
		}
		if len(edges) < 2 {
			return
		}
		const notations = 9
		k := int(notation % notations)
		if k == 3 || k == 7 {
			directed = true // arrows and "points to" state a direction
		}
		var sb strings.Builder
		kind := "an undirected"
		if directed {
			kind = "a directed"
		}
		if k == 3 || k == 7 {
			kind = "a"
		}
		fmt.Fprintf(&sb, "Given %s graph, the edges are: ", kind)
		wstr := func(e edge, pre, post string) string {
			if !weighted {
				return ""
			}
			return fmt.Sprintf("%s%d%s", pre, e.w, post)
		}
		// Adjacency lines group edges by source; build the expected
		// edges in the same order so later duplicates win the same way.
		if k == 6 {
			var order []int
			by := map[int][]edge{}
			for _, e := range edges {
				if _, ok := by[e.u]; !ok {
					order = append(order, e.u)
				}
				by[e.u] = append(by[e.u], e)
			}
			edges = edges[:0]
			weighted = false
			sb.WriteString("\n")
			for _, u := range order {
				fmt.Fprintf(&sb, "%s:", id(u))
				for _, e := range by[u] {
					fmt.Fprintf(&sb, " %s", id(e.v))
					edges = append(edges, e)
				}
				sb.WriteString("\n")
			}
		}
		for i, e := range edges {
			switch k {
			case 0: // Python list
				if i == 0 {
					sb.WriteString("[")
				} else {
					sb.WriteString(", ")
				}
				if names {
					fmt.Fprintf(&sb, "('%s', '%s'%s)", id(e.u), id(e.v), wstr(e, ", {'weight': ", "}"))
				} else {
					fmt.Fprintf(&sb, "(%d, %d%s)", e.u, e.v, wstr(e, ", {'weight': ", "}"))
				}
				if i == len(edges)-1 {
					sb.WriteString("]")
				}
			case 1: // tuples in prose
				if i > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "(%s, %s%s)", id(e.u), id(e.v), wstr(e, ", ", ""))
			case 2: // dashes
				if i > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "%s-%s%s", id(e.u), id(e.v), wstr(e, " (", ")"))
			case 3: // arrows
				if i > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "%s -> %s%s", id(e.u), id(e.v), wstr(e, ": ", ""))
			case 4: // pair list
				if i == 0 {
					sb.WriteString("edges: ")
				} else {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "%s %s%s", id(e.u), id(e.v), wstr(e, " ", ""))
			case 5: // edge-list lines
				fmt.Fprintf(&sb, "\n%s %s%s", id(e.u), id(e.v), wstr(e, " ", ""))
			case 7: // prose, directed
				fmt.Fprintf(&sb, "Node %s points to node %s%s. ", id(e.u), id(e.v), wstr(e, " with weight ", ""))
			case 8: // prose
				fmt.Fprintf(&sb, "There is an edge between node %s and node %s%s. ", id(e.u), id(e.v), wstr(e, " with weight ", ""))
			}
		}
		sb.WriteString("\nThe task is: you need to find the shortest path. The nodes in question are: path_source=1 , path_target=2.")
		q := sb.String()

		// The same edge written twice with different weights is ambiguous:
		// the reading must not be confident. (A Python list means what
		// NetworkX's add_edges_from makes of it: the last weight.)
		if weighted && k != 0 {
			seen := map[[2]int]int{}
			for _, e := range edges {
				key := [2]int{e.u, e.v}
				if !directed && e.v < e.u {
					key = [2]int{e.v, e.u}
				}
				if w, ok := seen[key]; ok && w != e.w {
					ex, err := Read(context.Background(), q, Options{})
					if err != nil {
						t.Fatalf("%q: %v", q, err)
					}
					if ex.Confidence >= Confident {
						t.Fatalf("%q: edge (%d, %d) given with weights %d and %d, confidence %.2f", q, e.u, e.v, w, e.w, ex.Confidence)
					}
					return
				}
				seen[key] = e.w
			}
		}

		b := graph.NewBuilder(directed)
		for _, e := range edges {
			if weighted {
				if _, err := b.AddWeightedEdge(id(e.u), id(e.v), float64(e.w)); err != nil {
					t.Fatal(err)
				}
			} else if _, err := b.AddEdge(id(e.u), id(e.v)); err != nil {
				t.Fatal(err)
			}
		}
		want := b.Build()
		ex, err := Read(context.Background(), q, Options{})
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		// Letter names can also be words of a notation ("U V" over "A A"
		// is an edge or a table's u, v header): declining such a text is
		// honest when the report names what was ambiguous. Integer names
		// leave no such doubt, and a confident reading must be right.
		if names && ex.Confidence < Confident {
			if len(ex.Report.Problems()) == 0 {
				t.Fatalf("%q: declined (confidence %.2f) without naming why", q, ex.Confidence)
			}
			return
		}
		if ex.Graph == nil {
			t.Fatalf("%q: no graph (method %s, notes %v)", q, ex.Method, ex.Notes)
		}
		if got, w := exEdgeSet(ex.Graph), exEdgeSet(want); !slices.Equal(got, w) || ex.Directed != directed {
			t.Fatalf("%q:\n directed %v want %v\n got  %v\n want %v", q, ex.Directed, directed, got, w)
		}
		if !slices.Equal(ex.Graph.IDs(), want.IDs()) {
			t.Fatalf("%q: node order %v, want %v", q, ex.Graph.IDs(), want.IDs())
		}
		if ex.Confidence < Confident {
			t.Fatalf("%q: confidence %.2f (notes %v)", q, ex.Confidence, ex.Notes)
		}
	})
}
