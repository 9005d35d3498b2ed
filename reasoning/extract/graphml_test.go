package extract

import "testing"

// nxGraphML is what NetworkX's generate_graphml writes for a weighted
// directed graph a -> b (2.5), b -> c (1).
const nxGraphML = `<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">
  <key id="d1" for="edge" attr.name="weight" attr.type="long" />
  <key id="d0" for="edge" attr.name="weight" attr.type="double" />
  <graph edgedefault="directed">
    <node id="a" />
    <node id="b" />
    <node id="c" />
    <edge source="a" target="b">
      <data key="d0">2.5</data>
    </edge>
    <edge source="b" target="c">
      <data key="d1">1</data>
    </edge>
  </graph>
</graphml>`

func TestGraphML(t *testing.T) {
	cases := []readerCase{
		{
			name:  "NetworkX's output, weighted and directed",
			text:  "Here is a graph in GraphML:\n" + nxGraphML + "\nWhat is the shortest path from a to c?",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:2.5", "b-c:1"}, dir: DirDirected, meaning: MeaningWeight,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "undirected, an isolated node, capacities",
			text:  `<graphml><key id="c" for="edge" attr.name="capacity"/><graph edgedefault="undirected"><node id="0"/><node id="1"/><node id="2"/><edge source="0" target="1"><data key="c">4</data></edge></graph></graphml>`,
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1:4"}, dir: DirUndirected, meaning: MeaningCapacity, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "no edgedefault is uncertain",
			text:  `<graphml><graph><edge source="x" target="y"/></graph></graphml>`,
			nodes: []string{"x", "y"}, edges: []string{"x-y"}, dir: DirUndirected, maxConf: 0.7,
		},
		{name: "no GraphML", text: "The graph has edges a-b and b-c. What is graphml?"},
	}
	checkReaderCases(t, GraphML{}, cases)
	checkSyntaxErrors(t, GraphML{}, []syntaxErrorCase{
		{name: "not closed", text: "Graph:\n<graphml><graph>", line: 2, col: 1, msg: "not closed"},
		{name: "an edge without a target", text: `<graphml><graph><edge source="a"/></graph></graphml>`, line: 1, col: 35, msg: "source or target"},
		{name: "a weight that is no number", text: `<graphml><key id="w" for="edge" attr.name="weight"/><graph edgedefault="undirected"><edge source="a" target="b"><data key="w">heavy</data></edge></graph></graphml>`, line: 1, col: 139, msg: "not a number"},
		{name: "bad XML", text: `<graphml><graph><node id="a"></graph></graphml>`, line: 1, col: 38, msg: "closed by"},
	})
}

func FuzzReadGraphML(f *testing.F) {
	fuzzReader(f, GraphML{}, nxGraphML, `<graphml><graph edgedefault="directed"><edge source="1" target="2"/></graph></graphml>`,
		"<graphml></graphml>", "<GRAPHML><graph>", `<graphml><key id="w" for="edge" attr.name="weight"/><graph><edge source="a" target="b"><data key="w">1e400</data></edge></graph></graphml>`)
}
