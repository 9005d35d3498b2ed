package graph

import (
	"bytes"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
)

// nxGraphML and nxDiGraphML are NetworkX 3.6's write_graphml of
// Graph: a-b (weight 2.5, color red), b-c (weight 1), isolated d (club x)
// and DiGraph: 1->2 (capacity 3), 2->3 (capacity 4).
const nxGraphML = `<?xml version='1.0' encoding='utf-8'?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">
  <key id="d3" for="edge" attr.name="weight" attr.type="long" />
  <key id="d2" for="edge" attr.name="color" attr.type="string" />
  <key id="d1" for="edge" attr.name="weight" attr.type="double" />
  <key id="d0" for="node" attr.name="club" attr.type="string" />
  <graph edgedefault="undirected">
    <node id="a" />
    <node id="b" />
    <node id="c" />
    <node id="d">
      <data key="d0">x</data>
    </node>
    <edge source="a" target="b">
      <data key="d1">2.5</data>
      <data key="d2">red</data>
    </edge>
    <edge source="b" target="c">
      <data key="d3">1</data>
    </edge>
  </graph>
</graphml>
`

const nxDiGraphML = `<?xml version='1.0' encoding='utf-8'?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="d0" for="edge" attr.name="capacity" attr.type="long" />
  <graph edgedefault="directed">
    <node id="1" />
    <node id="2" />
    <node id="3" />
    <edge source="1" target="2">
      <data key="d0">3</data>
    </edge>
    <edge source="2" target="3">
      <data key="d0">4</data>
    </edge>
  </graph>
</graphml>
`

// TestReadGraphML: GraphML files were not a format of their own; their
// content made DetectFormat read them as edge lists, so a NetworkX file
// gave a graph of its XML tags ('<node' -- 'id="a"'), answered with
// confidence. They are read as GraphML now.
func TestReadGraphML(t *testing.T) {
	if f := DetectFormat("g.graphml", nil); f != FormatGraphML {
		t.Errorf("g.graphml: %s", f)
	}
	if f := DetectFormat("g.txt", []byte("\n <?xml version='1.0'?><graphml>")); f != FormatGraphML {
		t.Errorf("content <?xml: %s", f)
	}
	g, err := Read(strings.NewReader(nxGraphML), FormatGraphML, ReadOptions{Directed: true})
	if err != nil {
		t.Fatal(err)
	}
	if g.Directed() || !g.Weighted() || !slices.Equal(g.IDs(), []string{"a", "b", "c", "d"}) {
		t.Fatalf("directed %v weighted %v nodes %q", g.Directed(), g.Weighted(), g.IDs())
	}
	if got := slices.Sorted(maps.Keys(edgeStrings(g))); !slices.Equal(got, []string{"a b 2.5", "b c 1"}) {
		t.Errorf("edges %q", got)
	}
	if g.NodeAttrs(3)["club"] != "x" || g.EdgeAttrs(0)["color"] != "red" {
		t.Errorf("attributes %v %v", g.NodeAttrs(3), g.EdgeAttrs(0))
	}
	d, err := Read(strings.NewReader(nxDiGraphML), FormatGraphML, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Directed() || d.M() != 2 || d.Capacity(0) != 3 || d.Capacity(1) != 4 {
		t.Errorf("digraph: directed %v, %d edges, capacities %v %v", d.Directed(), d.M(), d.Capacity(0), d.Capacity(1))
	}
	// A key's default applies to the edges without its data.
	dflt := `<graphml><key id="w" for="edge" attr.name="weight"><default>7</default></key>
<graph edgedefault="undirected"><edge source="x" target="y"/><edge source="y" target="z"><data key="w">2</data></edge></graph></graphml>`
	g, err = Read(strings.NewReader(dflt), FormatGraphML, ReadOptions{})
	if err != nil || g.Weight(0) != 7 || g.Weight(1) != 2 {
		t.Errorf("defaults: %v, %v", g, err)
	}
	for _, tc := range []struct{ in, msg string }{
		{`<graphml><graph edgedefault="undirected"><node id="a"></graph></graphml>`, "element <node> closed by </graph>"},
		{`<graphml><node id="a"/></graphml>`, "a node outside a <graph>"},
		{`<graphml><graph><node/></graph></graphml>`, "a node has no id"},
		{`<graphml><graph><edge source="a"/></graph></graphml>`, "lacks its source or target"},
		{`<graphml><key id="w" for="edge" attr.name="weight"/><graph><edge source="a" target="b"><data key="w">heavy</data></edge></graph></graphml>`, `weight "heavy" is not a number`},
		{`<graphml><graph edgedefault="undirected"><edge source="a" target="b" directed="true"/></graph></graphml>`, "mixed edges are not read"},
		{`<graphml><graph edgedefault="sideways"/></graphml>`, "want directed or undirected"},
		{`<graphml><graph><hyperedge/></graph></graphml>`, "hyperedges are not read"},
		{`<graphml></graphml>`, "no <graph>"},
		{`<graphml><graph><node id="a"/>`, "unexpected EOF"},
		{"", "no <graph>"},
	} {
		_, err := Read(strings.NewReader(tc.in), FormatGraphML, ReadOptions{Name: "g.graphml"})
		var se *SyntaxError
		if !errors.As(err, &se) || se.Source != "g.graphml" || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("%q: %v, want a syntax error with %q", tc.in, err, tc.msg)
		}
	}
	_, err = Read(strings.NewReader(`<graphml><graph><node id="a"/><node id="b"/><node id="c"/></graph></graphml>`), FormatGraphML, ReadOptions{Limits: Limits{MaxNodes: 2}})
	if err == nil || !strings.Contains(err.Error(), "more than 2 nodes") {
		t.Errorf("node limit: %v", err)
	}
}

// FuzzReadGraphML: any text gives a graph or a syntax or limit error, never
// a panic.
func FuzzReadGraphML(f *testing.F) {
	for _, s := range []string{nxGraphML, nxDiGraphML,
		`<graphml><key id="w" for="edge" attr.name="weight"><default>7</default></key><graph edgedefault="undirected"><edge source="x" target="y"/></graph></graphml>`,
		`<graphml><graph><node id="a"><graph><node id="b"/></graph><data key="k">v</data></node></graph></graphml>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadGraphML(bytes.NewReader(data), ReadOptions{Limits: Limits{MaxNodes: 5000, MaxEdges: 5000}})
		mustBeSyntaxOrLimit(t, err)
		if err == nil {
			checkGraph(t, g)
		}
	})
}
