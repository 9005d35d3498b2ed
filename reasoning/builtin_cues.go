package reasoning

import (
	"regexp"
	"strings"
)

// CueBonus is what a matching intent cue adds to a candidate's score in the
// builtin tool choice.
const CueBonus = 0.35

// toolCue is an intent cue: phrasings that name what a tool computes. The
// cue fires when re matches the lower-cased task text and not (when set)
// does not.
type toolCue struct {
	tools   []string
	re, not *regexp.Regexp
}

// toolCues are the builtin backend's intent lexicon, in general graph
// vocabulary (synonyms, not benchmark sentences). Compiled once; never
// modified.
var toolCues = func() []toolCue {
	c := func(re, not string, tools ...string) toolCue {
		tc := toolCue{tools: tools, re: regexp.MustCompile(re)}
		if not != "" {
			tc.not = regexp.MustCompile(not)
		}
		return tc
	}
	const pathy = `\b(shortest|minimum|minimal|min|length|distance|cheapest|fastest|far|hops?|closed|weight|cost)\b`
	return []toolCue{
		c(`\b(cycles?|cyclic|acyclic|circuits?|closed (path|walk|trail)|loops?|dag)\b`, `\bself[- ]loops?\b|\bhamilton|\beuler`, "cycle_check"),
		c(`\btopolog\w*|\bdependency order\b|\border(ing)? of (the )?tasks\b`, "", "topological_sort"),
		c(`\b(max(imum)?|most|largest|greatest|highest)\b[^.?]{0,25}\bflow\b|\bflow value\b|\bmax-?flow\b`, "", "maximum_flow"),
		c(`\btriangles?\b[^.?]*\b(sum|weights?|heaviest|total)\b|\b(sum|weights?|heaviest|total)\b[^.?]*\btriangles?\b`, `\b(how many|number of|count)\b`, "maximum_triangle_sum"),
		c(`\b(how many|number of|count)\b[^.?]*\btriangles\b`, "", "triangle_count"),
		c(`\b(number|count|how many|total)\b[^.?]{0,25}\b(nodes|vertices)\b|\bnode count\b|\border of the graph\b`, `\btriangles?\b|\bneighbou?rs?\b`, "node_count", "order"),
		c(`\b(number|count|how many|total)\b[^.?]{0,25}\b(edges|links|arcs)\b|\bedge count\b|\bsize of the graph\b`, `\btriangles?\b`, "edge_count", "size"),
		c(`\bdegrees?\b|\b(connections|edges|links|neighbou?rs)\b[^.?]{0,30}\b(for|of|to|at|on|does)\b[^.?]{0,25}\b(node|vertex)\b|\bincident\b`, `\bcentrality\b|\bk[- ]core\b`, "degree"),
		c(`\b(node|vertex)\b[^.?]{0,40}\b(exists?|existence|present|part of|found|belongs?|contained)\b|\b(existence|presence) of (a |an |the )?(\w+ )?(node|vertex)\b|\bcontains? (the )?(node|vertex)\b|\b(is|whether|if)\b[^.?]{0,10}\b(node|vertex)\b[^.?]{0,12}\bin the (graph|network)\b`,
			`\b(is there|exists?|existence of|find) (an?|the|some) (edge|path|route|link|arc)\b|\b(edge|path|route|link|arc)\b[^.?]{0,20}\b(between|from|to|linking)\b|\b(degree|connections|neighbou?rs?|centrality|coefficient|eccentricity)\b`, "node_exists"),
		c(`\b(edges?|links?|arcs?)\b[^.?]{0,40}\b(exists?|between|from|present|found|connect(s|ing)?|join(s|ing)?|linking)\b|\b(adjacent|directly (connected|linked))\b|\b(existence|presence) of (a |an |the )?(\w+ )?(edge|link|arc)\b`, `\b(how many|number of|count)\b|\bpath\b|\broute\b`, "edge_exists"),
		c(`\b(path|route|walk)\b|\breach(es|able|ability)?\b|\b(connected|linked)\b`, pathy+`|\bcomponents?\b|\bgraph (is )?connected\b|\bis the (graph|network) connected\b`, "path_exists"),
		c(`\b(shortest|minimum distance|minimal distance|min(imum)? (total )?(weight|cost|distance|length)|cheapest|distance (between|from)|how far|fewest hops)\b`, "", "shortest_path", "shortest_path_length"),
		c(`\b(graph|network)\b[^.?]{0,20}\bconnected\b|\bconnected graph\b`, `\bcomponents?\b`, "is_connected"),
		c(`\bconnected components?\b|\bcomponents\b`, `\bstrongly\b`, "connected_components"),
		c(`\bstrongly connected\b`, "", "strongly_connected_components"),
		c(`\bdens(e|ity)\b`, "", "density"),
		c(`\bdiameter\b`, "", "diameter"),
		c(`\bradius\b`, "", "radius"),
		c(`\bcent(er|re)\b|\bcentral nodes\b`, `\bcentrality\b`, "center"),
		c(`\bperiphery\b|\bperipheral\b`, "", "periphery"),
		c(`\beccentricit`, "", "eccentricity"),
		c(`\bpage ?rank\b`, "", "pagerank"),
		c(`\bbetweenness\b`, "", "betweenness_centrality"),
		c(`\bcloseness\b`, "", "closeness_centrality"),
		c(`\bclustering\b|\btransitivity\b`, "", "clustering_coefficient"),
		c(`\bbipartite\b|\btwo[- ]colou?rable\b`, `\bmatching\b`, "is_bipartite"),
		c(`\bmatching\b`, "", "maximum_bipartite_matching"),
		c(`\bspanning (tree|forest)\b|\bmst\b`, "", "minimum_spanning_tree"),
		c(`\barticulation\b|\bcut[- ]?(vertex|vertices|nodes?)\b`, "", "articulation_points"),
		c(`\bbridges?\b|\bcut[- ]?edges?\b`, "", "bridges"),
		c(`\bcolou?r(ing|s|ed)?\b|\bchromatic\b`, "", "graph_coloring"),
		c(`\bhamiltonian\b`, "", "hamiltonian_path"),
		c(`\beuler(ian)?\b`, "", "euler_path"),
		c(`\bk[- ]?cores?\b|\bcore numbers?\b|\b\d+[- ]cores?\b`, "", "k_core"),
		c(`\bbreadth[- ]first\b|\bbfs\b`, "", "bfs_order"),
		c(`\bdepth[- ]first\b|\bdfs\b`, "", "dfs_order"),
		c(`\bcommon neighbou?rs?\b|\bneighbou?rs in common\b|\bshared neighbou?rs?\b`, "", "common_neighbors"),
		c(`\bnon[- ]?neighbou?rs?\b|\bnot (adjacent|connected|neighbou?rs)\b`, "", "non_neighbors"),
		c(`\bneighbou?rs?\b|\bneighbou?rhood\b|\badjacent (nodes|vertices|to)\b|\bsuccessors\b`, `\bcommon\b|\bnon[- ]?neighbou?rs?\b|\bhow many\b|\bnumber of\b`, "neighbors"),
		c(`\baggregation\b|\bmessage passing\b|\bgnn\b`, "", "gnn_sum_aggregation"),
		c(`\baverage (shortest )?path length\b|\bmean (shortest )?distance\b`, "", "avg_path_length"),
	}
}()

// filePathPhrase matches wording that introduces a file path.
var filePathPhrase = regexp.MustCompile(`\b(the )?(file ?path|path (is|of the file|to the file)|path:)`)

// CueTools returns the tools whose intent cues the question matches, in
// lexicon order. The agent adds them to the retrieved candidates so that
// the builtin planner can weigh them.
func CueTools(question string) []string {
	// "the path is x.edgelist" names a file, not a path in the graph.
	q := filePathPhrase.ReplaceAllString(strings.ToLower(question), " ")
	var out []string
	seen := map[string]bool{}
	for _, c := range toolCues {
		if c.re.MatchString(q) && (c.not == nil || !c.not.MatchString(q)) {
			for _, t := range c.tools {
				if !seen[t] {
					seen[t] = true
					out = append(out, t)
				}
			}
		}
	}
	return out
}
