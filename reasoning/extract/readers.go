package extract

// Readers returns the registered notation readers, most specific first:
// when a reading's spans all lie inside an earlier reading's, it is
// dropped, and two readings that claim the same text with different edges
// are a disagreement (see Read). A new notation is one line here.
//
// The token notations (node declarations, pair list, edge-list lines,
// adjacency, tuples, arrows, dashes, prose) share one scan of the question
// (scan.go), which recognises them jointly at each token in that order, so
// they never overlap one another.
func Readers() []Reader {
	return []Reader{
		keyReader{},
		NodeLinkJSON{},
		JSONEdgeList{},
		ArrowTuples{},
		YAMLEdgeList{},
		YAMLMaps{},
		AdjacencyDict{},
		DOTGraph{},
		Mermaid{},
		BoxTable{}, // before Cypher: the query above a console's table is its key
		TikZ{},     // before the tuples: "at (0, 0)" is a point, no edge
		Cypher{},
		GML{},
		GraphML{},
		HTMLTable{}, // before the file reader: a cell's text is no file name
		SQLTable{},
		AdjacencyMatrix{}, // before pythonReader: "[[0, 1], [1, 0]] is the adjacency matrix" is a Python list too
		pythonReader{},
		NetworkXCode{},
		CSVTable{},
		ShapeTable{}, // after the table reader: headers it does not know, roles from the values
		IndentTree{},
		RouteLists{},
		RecordLines{}, // after the tables, code and route lists: lines of one template no earlier reader reads
		PairPhrases{},
		NodeWeights{}, // before the node data: "[0, 2]" after "weights of nodes" is a weight, no vector
		NodeData{},
		BipartiteProse{},
		Precedence{},
		Quantities{},
		Relations{},
		declReader{},
		AdjacencyLines{}, // before the edge-list lines: "0 1 2" is a node and two neighbours
		adjacencyReader{},
		pairListReader{},
		edgeLinesReader{},
		tuplesReader{},
		arrowsReader{},
		dashesReader{},
		proseReader{},
		fileReader{},
		datasetReader{},
		sessionReader{},
	}
}
