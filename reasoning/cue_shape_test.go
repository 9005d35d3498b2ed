package reasoning

import (
	"slices"
	"testing"
)

// TestCueTreeAndDegreeExtremes: questions about the whole graph's shape
// (is it a tree or forest) and about which node has the most or fewest
// neighbours, or every node's degree, reach is_tree and
// degree_distribution; look-alikes about spanning trees, paths in a tree,
// common neighbours or edges to add do not.
func TestCueTreeAndDegreeExtremes(t *testing.T) {
	for q, want := range map[string]string{
		"Is this graph a tree?": "is_tree",
		"is it a forest?":       "is_tree",
		"Does the reporting structure form a single hierarchy?": "is_tree",
		"Check whether the network is connected and acyclic.":   "is_tree",
		"Are these edges a rooted tree?":                        "is_tree",
		"Which node has the most connections?":                  "degree_distribution",
		"who has the fewest friends":                            "degree_distribution",
		"Which airport has the most flights?":                   "degree_distribution",
		"What city has the highest degree?":                     "degree_distribution",
		"List the degree of every node.":                        "degree_distribution",
		"Give me all the degrees.":                              "degree_distribution",
		"What is each node's degree?":                           "degree_distribution",
	} {
		if got := CueTools(q); !slices.Contains(got, want) {
			t.Errorf("%q: cues %v, want %s among them", q, got, want)
		}
	}
	for q, not := range map[string]string{
		"Find the minimum spanning tree.":                                         "is_tree",
		"Is there a path from 1 to 4 in the tree?":                                "is_tree",
		"How many spanning trees does the graph have?":                            "is_tree",
		"Is node 3 a leaf of the binary tree?":                                    "is_tree",
		"Which nodes have the most neighbours in common with 3?":                  "degree_distribution",
		"What is the minimum number of edges to add to make the graph 4-regular?": "degree_distribution",
		"What is the degree of node 4?":                                           "degree_distribution",
	} {
		if got := CueTools(q); slices.Contains(got, not) {
			t.Errorf("%q: cues %v, want no %s", q, got, not)
		}
	}
}
