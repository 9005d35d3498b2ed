package reasoning

import (
	"slices"
	"testing"
)

// cueScore is what the intent lexicon adds to tool for m's question.
func cueScore(m Cues, tool string) float64 {
	v := m.Adjustment(tool)
	if slices.Contains(m.Tools, tool) {
		v += CueBonus
	}
	return v
}

// TestCuesEveryday: everyday phrasings of tasks (people's words for
// dependencies, latency, failures, descent, counting events) cue their
// tool strongly and above the tools they could be confused with; close
// phrasings that mean something else do not get the strong cue.
func TestCuesEveryday(t *testing.T) {
	for _, c := range []struct {
		q    string
		want string
		over []string
	}{
		// One node's direct successors.
		{"Which packages does core import directly?", "neighbors", []string{"path_exists", "edge_exists"}},
		{"what does the frontend directly rely on?", "neighbors", []string{"path_exists"}},
		{"What does step 4 require directly?", "neighbors", []string{"path_exists"}},
		// Shortest paths without "path".
		{"fastest from Rome to Oslo?", "shortest_path", []string{"path_exists"}},
		{"Cheapest between Lima and Quito, please", "shortest_path", []string{"path_exists"}},
		{"what is the minimum latency from r1 to r4", "shortest_path", []string{"path_exists"}},
		{"lowest total delay between A and D?", "shortest_path", []string{"path_exists"}},
		// Connectivity of the whole graph.
		{"Are all the routers connected to each other?", "is_connected", []string{"path_exists", "edge_exists"}},
		{"Are all 12 towns linked, directly or indirectly?", "is_connected", []string{"path_exists"}},
		{"is every station reachable from one another?", "is_connected", []string{"path_exists"}},
		// Minimum spanning tree in words.
		{"Which cables do we lay so that all offices are connected at the lowest cost?", "minimum_spanning_tree", []string{"path_exists", "is_connected"}},
		{"Choose the pipes to keep so every house stays connected with the smallest total length.", "minimum_spanning_tree", []string{"path_exists"}},
		// Cut vertices and bridges in words.
		{"Which server, if it crashes, would disconnect the rest?", "articulation_points", []string{"node_count", "connected_components"}},
		{"What city would split the map if it were cut off?", "articulation_points", []string{"connected_components"}},
		{"Are there single points of failure in this network?", "articulation_points", []string{"connected_components"}},
		{"Which road, if closed, separates the villages?", "bridges", []string{"edge_count", "connected_components"}},
		{"Find the links whose removal disconnects the network.", "bridges", []string{"edge_count"}},
		// Reachability in words.
		{"Is there a chain of command from the CEO to Pat?", "path_exists", []string{"edge_exists"}},
		{"Can you navigate from Home to Contact by following links?", "path_exists", []string{"edge_exists", "neighbors"}},
		{"Could I make my way from the lobby back to the roof?", "path_exists", []string{"edge_exists"}},
		// Counting pairs and events: the edges.
		{"How many couples dance together?", "edge_count", []string{"degree", "node_count"}},
		{"How many pairs of students work with each other?", "edge_count", []string{"degree", "node_count"}},
		{"How many phone calls were made?", "edge_count", []string{"degree", "node_count"}},
		{"How many games were played in total?", "edge_count", []string{"degree"}},
		{"How many friendships?", "edge_count", []string{"degree", "node_count"}},
		{"how many roads in total?", "edge_count", []string{"degree"}},
		// Separate groups: components.
		{"How many separate groups of coworkers are there?", "connected_components", []string{"louvain_communities", "node_count"}},
		{"how many disconnected pieces does the network fall into", "connected_components", []string{"node_count"}},
		// One node's neighbours, one pair's edge, two sides, the mean degree.
		{"What's linked to node 7?", "neighbors", []string{"is_connected", "path_exists"}},
		{"Tell me who Bo is friends with.", "neighbors", []string{"edge_exists"}},
		{"Is Oslo right next to Bergen?", "edge_exists", []string{"path_exists"}},
		{"Can we divide the kids into two groups with no friends inside a group?", "is_bipartite", []string{"degree_distribution", "graph_coloring"}},
		{"What's the mean number of neighbours?", "degree_distribution", []string{"edge_count", "degree"}},
		{"Which station would cut the network into two parts if it closed?", "articulation_points", []string{"connected_components"}},
		{"who's 7 linked to", "neighbors", []string{"degree", "is_connected"}},
		{"is there an edge 4-9", "edge_exists", []string{"edge_count"}},
		{"Does the network have a vertex 12?", "node_exists", []string{"edge_exists"}},
		{"Is there a node named Zed?", "node_exists", []string{"edge_exists"}},
		// One direction of one node's relations.
		{"How many people does Mia supervise?", "degree", []string{"node_count", "non_neighbors"}},
		{"How many papers cite P7?", "degree", []string{"node_count"}},
		{"How many trains leave Oslo?", "degree", []string{"node_count", "edge_count"}},
		{"how many buses arrive at the depot", "degree", []string{"edge_count"}},
		{"how many modules does util depend on", "degree", []string{"node_count"}},
	} {
		m := MatchCues(c.q)
		s := cueScore(m, c.want)
		if s < 2*CueBonus {
			t.Errorf("%q: %s cued %.2f (cues %v %v), want a strong cue", c.q, c.want, s, m.Tools, m.adjust)
		}
		for _, o := range c.over {
			if cueScore(m, o) >= s {
				t.Errorf("%q: %s cued %.2f, not above %s %.2f", c.q, c.want, s, o, cueScore(m, o))
			}
		}
	}
	// Close phrasings that ask something else: no strong cue for the tool.
	for _, c := range []struct{ q, tool string }{
		{"What does api depend on?", "neighbors"},                               // every dependency, maybe indirect
		{"Which modules does core not import directly?", "neighbors"},           // a negation
		{"How far is it from Rome to Oslo in hops?", "minimum_spanning_tree"},   // a distance, no spanning tree
		{"Are all the friends of Bob connected to each other?", "is_connected"}, // a neighbourhood, not the graph
		{"Which routers are connected to each other?", "is_connected"},          // a list
		{"Which road is the longest?", "bridges"},                               // no failure
		{"How many servers, if one fails, stay online?", "articulation_points"}, // a count
		{"How many pairs of nodes are not connected together?", "edge_count"},   // non-edges
		{"How many emails were sent by Ivy?", "edge_count"},                     // one node's edges
		{"How many friendships does Ivy have?", "edge_count"},
		{"How many distinct circles of friends are there?", "connected_components"}, // communities
		{"How many separate groups of three friends are there?", "connected_components"},
		{"How many people does the whole org chart show?", "degree"},
		{"How many people supervise someone in total?", "degree"},
		{"Is there a chain of command from the CEO to Pat with the fewest steps?", "path_exists"},
		{"fastest algorithm for all pairs", "shortest_path"},
		{"What's not connected to C?", "neighbors"},
		{"Is Oslo not next to Bergen?", "edge_exists"},
		{"Which of them are next to each other?", "edge_exists"},
		{"How many ways to split them into two groups with no friends inside?", "is_bipartite"},
		{"What's the average number of connections of node 4?", "degree_distribution"},
		{"Are Ann and Dot friends of friends?", "edge_exists"},
		{"who's not connected to 7", "neighbors"},
		{"Is there a node with degree 3?", "node_exists"},
	} {
		m := MatchCues(c.q)
		if adj := m.Adjustment(c.tool); adj > 0 {
			t.Errorf("%q: %s strongly cued (%+.2f; cues %v)", c.q, c.tool, adj, m.Tools)
		}
	}
}

// TestUnknownTwoHops: neighbourhoods two steps out are a notion no tool
// computes; one step is not.
func TestUnknownTwoHops(t *testing.T) {
	for q, want := range map[string]bool{
		"Who are Ann's friends' friends?":             true,
		"List the friends of her friends.":            true,
		"Which nodes are within two hops of 4?":       true,
		"How many people are 2 steps away from Bo?":   true,
		"What are the neighbours of neighbours of 3?": true,
		"Who are Ann's friends?":                      false,
		"Which nodes are one hop from 4?":             false,
		"How many steps away is Bo from Ann?":         false,
	} {
		if got := unknownConcepts.MatchString(q) || unknownConcepts.MatchString(lowerCorrected(q)); got != want {
			t.Errorf("%q: unknown concept %v, want %v", q, got, want)
		}
	}
}
