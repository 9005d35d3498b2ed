package reasoning

import "testing"

// TestDegreeDirectionOf: the direction of a node's edges a question counts,
// read from its words; "" when none or both are named.
func TestDegreeDirectionOf(t *testing.T) {
	for q, want := range map[string]string{
		"What is the out-degree of node 4?":                           "out",
		"What is the outdegree of vertex 4?":                          "out",
		"How many outgoing edges does node 3 have?":                   "out",
		"How many outgoing links leave page A?":                       "out",
		"How many edges leave node 0?":                                "out",
		"How many arcs start at node 2?":                              "out",
		"How many people does Lee follow?":                            "out",
		"How many people does Lee follow in total?":                   "out",
		"How many pages does page 3 link to?":                         "out",
		"How many nodes does node 1 point to?":                        "out",
		"What is the in-degree of node 4?":                            "in",
		"What is the indegree of node 4?":                             "in",
		"How many incoming edges does node 2 have?":                   "in",
		"How many edges arrive at node 5?":                            "in",
		"How many followers does Lee have?":                           "in",
		"How many people follow Lee?":                                 "in",
		"How many nodes point to node 7?":                             "in",
		"How many pages link to page B?":                              "in",
		"How many people is Lee followed by?":                         "in",
		"What is the degree of node 4?":                               "",
		"How many edges touch node 4?":                                "",
		"Count the links attached to node 2, incoming and outgoing.":  "",
		"What are the in-degree and out-degree of node 2?":            "",
		"How many people does Lee follow, and how many follow Lee?":   "",
		"How many people does Lee know?":                              "",
		"Is there a path from 1 to 4?":                                "",
		"How many followers does Lee have, and whom does Lee follow?": "in",
		"How many people does Mia supervise directly?":                "out",
		"How many links does the Potato page have going out?":         "out",
		"How many arrows are coming in to the kitchen?":               "in",
		"How many modules does util depend on?":                       "out",
		"How many people report to Eli?":                              "in",
		"How many papers cite P7?":                                    "in",
		"How many phone calls were made?":                             "",
		"How many flights leave NYC?":                                 "out",
		"How many flights arrive in NYC?":                             "in",
		"How many roads lead into Rome?":                              "",
		"How many trains arrive at Kyoto?":                            "in",
		"How many pipes start at the source?":                         "out",
		"How many emails were sent in total?":                         "",
	} {
		if got := degreeDirectionOf(q); got != want {
			t.Errorf("%q: direction %q, want %q", q, got, want)
		}
	}
}
