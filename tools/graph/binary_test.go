package graph

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// identicalGraph fails unless a and b hold the same graph: direction, name, IDs
// in index order, edges in insertion order, weights, capacities, attributes
// and every node's neighbours in order.
func identicalGraph(t *testing.T, a, b *Graph) {
	t.Helper()
	if a.Directed() != b.Directed() || a.Name() != b.Name() || a.N() != b.N() || a.M() != b.M() ||
		a.Weighted() != b.Weighted() || a.HasCapacities() != b.HasCapacities() || a.SelfLoops() != b.SelfLoops() {
		t.Fatalf("shape differs: %v %q n=%d m=%d w=%v c=%v loops=%d vs %v %q n=%d m=%d w=%v c=%v loops=%d",
			a.Directed(), a.Name(), a.N(), a.M(), a.Weighted(), a.HasCapacities(), a.SelfLoops(),
			b.Directed(), b.Name(), b.N(), b.M(), b.Weighted(), b.HasCapacities(), b.SelfLoops())
	}
	if !slices.Equal(a.IDs(), b.IDs()) {
		t.Fatalf("IDs differ: %q vs %q", a.IDs(), b.IDs())
	}
	for e := int32(0); e < int32(a.M()); e++ {
		au, av := a.Edge(e)
		bu, bv := b.Edge(e)
		aw, bw := a.Weight(e), b.Weight(e)
		if au != bu || av != bv || !(aw == bw || math.IsNaN(aw) && math.IsNaN(bw)) || a.Capacity(e) != b.Capacity(e) {
			t.Fatalf("edge %d differs: (%d,%d,%v,%v) vs (%d,%d,%v,%v)", e, au, av, aw, a.Capacity(e), bu, bv, bw, b.Capacity(e))
		}
		if !reflect.DeepEqual(a.EdgeAttrs(e), b.EdgeAttrs(e)) {
			t.Fatalf("edge %d attributes differ: %#v vs %#v", e, a.EdgeAttrs(e), b.EdgeAttrs(e))
		}
	}
	for i := int32(0); i < int32(a.N()); i++ {
		if !slices.Equal(a.Out(i), b.Out(i)) || !slices.Equal(a.In(i), b.In(i)) || !slices.Equal(a.OutEdges(i), b.OutEdges(i)) {
			t.Fatalf("neighbours of %q differ", a.ID(i))
		}
		if !reflect.DeepEqual(a.NodeAttrs(i), b.NodeAttrs(i)) {
			t.Fatalf("node %q attributes differ: %#v vs %#v", a.ID(i), a.NodeAttrs(i), b.NodeAttrs(i))
		}
	}
}

// randomBinaryGraph builds a random graph of the kinds the differential tests
// use: directed or not, weighted or not, with capacities, self-loops,
// isolated nodes, repeated edges and attributes of every stored type.
func randomBinaryGraph(r *rand.Rand) *Graph {
	b := NewBuilder(r.IntN(2) == 0)
	n := r.IntN(40)
	for i := range n {
		if _, err := b.AddNode("n" + strconv.Itoa(r.IntN(2*n+1)) + strings.Repeat("é", i%3)); err != nil {
			panic(err)
		}
	}
	if n == 0 {
		return b.Build()
	}
	weighted, capacities := r.IntN(2) == 0, r.IntN(3) == 0
	for range r.IntN(3 * n) {
		u, v := int32(r.IntN(b.NumNodes())), int32(r.IntN(b.NumNodes()))
		if r.IntN(10) == 0 {
			v = u // a self-loop
		}
		e, err := b.AddEdgeIdx(u, v)
		if err != nil {
			panic(err)
		}
		if weighted {
			b.SetWeight(e, float64(r.IntN(9))-2.5)
		}
		if capacities && r.IntN(2) == 0 {
			b.SetCapacity(e, float64(r.IntN(5)))
		}
		if r.IntN(4) == 0 {
			b.SetEdgeAttr(e, "label", "l"+strconv.Itoa(r.IntN(3)))
		}
	}
	values := []any{nil, true, false, int64(-7), 3, 2.5, "text", []any{int64(1), "x", []any{}}, map[string]any{"k": 1.5, "m": map[string]any{}}, []float64{0.5, -1}}
	for range r.IntN(n + 1) {
		if err := b.SetNodeAttr(b.ids[r.IntN(b.NumNodes())], "a"+strconv.Itoa(r.IntN(3)), values[r.IntN(len(values))]); err != nil {
			panic(err)
		}
	}
	g := b.Build()
	g.SetName("random " + strconv.Itoa(n))
	return g
}

// TestBinaryRoundTrip: random graphs and graphs read from every format
// decode to the same graph, and encoding is deterministic.
func TestBinaryRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 1))
	for range 500 {
		g := randomBinaryGraph(r)
		data := AppendBinary(nil, g)
		d, err := DecodeBinary(data, Limits{})
		if err != nil {
			t.Fatalf("%v: %v", g, err)
		}
		identicalGraph(t, g, d)
		checkGraph(t, d)
		if again := AppendBinary(nil, d); !bytes.Equal(again, data) {
			t.Fatalf("%v: encoding the decoded graph gives other bytes", g)
		}
	}
	for _, tc := range []struct {
		f    Format
		text string
	}{
		{FormatEdgeList, "a b 3\nb c 1.5\nc c 2\nd e\n"},
		{FormatNodeLink, `{"directed": true, "nodes": [{"id": 1, "color": "red", "size": 3, "tags": ["x", 2]}, {"id": 2}], "links": [{"source": 1, "target": 2, "capacity": 4, "kind": "road"}]}`},
		{FormatGML, "graph [ directed 1 node [ id 0 label \"x\" ] node [ id 1 label \"y\" ] edge [ source 0 target 1 weight 2 ] ]"},
		{FormatDOT, `digraph { a -> b [weight=2, color=blue]; b -> c; d }`},
	} {
		g, err := Read(strings.NewReader(tc.text), tc.f, ReadOptions{Name: "g"})
		if err != nil {
			t.Fatalf("%s: %v", tc.f, err)
		}
		d, err := DecodeBinary(AppendBinary(nil, g), Limits{})
		if err != nil {
			t.Fatalf("%s: %v", tc.f, err)
		}
		identicalGraph(t, g, d)
	}
}

// TestBinaryRefusesCorruptAndLarge: cut, altered or over-limit data gives an
// error wrapping ErrCorrupt (saying where) or ErrTooLarge, never a graph.
func TestBinaryRefusesCorruptAndLarge(t *testing.T) {
	b := NewBuilder(false)
	for _, e := range [][2]string{{"a", "b"}, {"b", "c"}, {"c", "a"}} {
		if _, err := b.AddWeightedEdge(e[0], e[1], 2); err != nil {
			t.Fatal(err)
		}
	}
	data := AppendBinary(nil, b.Build())
	for i := range data {
		if _, err := DecodeBinary(data[:i], Limits{}); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "byte ") {
			t.Fatalf("cut at %d: %v, want ErrCorrupt with its byte", i, err)
		}
	}
	if _, err := DecodeBinary(append(slices.Clone(data), 0), Limits{}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a trailing byte: %v", err)
	}
	dup := slices.Clone(data)
	// The third ID ("c") becomes "a": a repeated ID.
	k := bytes.LastIndex(dup[:20], []byte{1, 'c'})
	dup[k+1] = 'a'
	if _, err := DecodeBinary(dup, Limits{}); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "repeats the ID") {
		t.Errorf("a repeated ID: %v", err)
	}
	if _, err := DecodeBinary(data, Limits{MaxNodes: 2}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("3 nodes with MaxNodes 2: %v", err)
	}
	if _, err := DecodeBinary(data, Limits{MaxEdges: 2}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("3 edges with MaxEdges 2: %v", err)
	}
	if _, err := DecodeBinary([]byte("GAG1\x00\x00\xff\xff\xff\xff\x0f"), Limits{}); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "does not fit") {
		t.Errorf("a huge node count: %v", err)
	}
}

// FuzzDecodeBinary: any bytes decode to a consistent graph or give an
// error wrapping ErrCorrupt or ErrTooLarge; a decoded graph's encoding
// decodes to the same graph.
func FuzzDecodeBinary(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 7))
	for range 20 {
		f.Add(AppendBinary(nil, randomBinaryGraph(r)))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := DecodeBinary(data, Limits{MaxNodes: 1000, MaxEdges: 1000})
		if err != nil {
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("error %v wraps neither ErrCorrupt nor ErrTooLarge", err)
			}
			return
		}
		checkGraph(t, g)
		d, err := DecodeBinary(AppendBinary(nil, g), Limits{})
		if err != nil {
			t.Fatalf("re-encoded: %v", err)
		}
		identicalGraph(t, g, d)
	})
}
