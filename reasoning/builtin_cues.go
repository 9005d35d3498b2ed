package reasoning

import (
	"context"
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
	// words are substrings one of which the text must contain before re
	// runs (a cheap filter; the regexps backtrack).
	words []string
	// against are tools the cue speaks against: a yes/no "is it a DAG?"
	// is not asking for a topological order.
	against []string
	// strong marks a cue whose phrasing names the task beyond doubt ("in
	// what order can the tasks be done"): its tools get CueBonus twice.
	strong bool
}

// against returns tc speaking against the tools.
func against(tc toolCue, tools ...string) toolCue {
	tc.against = tools
	return tc
}

// strong returns tc marked strong.
func strong(tc toolCue) toolCue {
	tc.strong = true
	return tc
}

// toolCues are the builtin backend's intent lexicon, in general graph
// vocabulary (synonyms, not benchmark sentences). Compiled once; never
// modified.
var toolCues = func() []toolCue {
	c := func(words, re, not string, tools ...string) toolCue {
		tc := toolCue{tools: tools, re: regexp.MustCompile(re), words: strings.Fields(words)}
		if not != "" {
			tc.not = regexp.MustCompile(not)
		}
		return tc
	}
	// listAdjacent asks for the nodes one edge away: "list the nodes
	// connected to 0", "which vertices is B linked to".
	const listAdjacent = `\b(list|which|what|name|give|find|show|who)\b[^.?]{0,30}\b(nodes|vertices|ones|people|cities|neighbou?rs)\b[^.?]{0,15}\b(connected|linked|adjacent|joined)\s+(directly\s+)?(to|with)\b|\b(which|what) (nodes|vertices|cities|people) (is|are|does|do) \S+ (directly )?(connected|linked|adjacent|joined) (to|with)\b|\bwho is \S+ (connected|linked|friends) (to|with)\b`
	const pathy = `\b(shortest|minimum|minimal|min|length|distance|cheapest|fastest|far|hops?|closed|weight|cost)\b`
	return []toolCue{
		c("cycl circuit loop closed dag revisit", `\b(cycles?|cyclic|acyclic|circuits?|closed (path|walk|trail)|loops?|dag|revisit\w*|come back to|return to (the same|its|a previous(ly)?|the starting) ?\w*)\b`, `\bself[- ]loops?\b|\bhamilton|\beuler`, "cycle_check"),
		against(strong(c("dag acyclic", `\b(is|are|whether|if|check|tell)\b[^.?]{0,30}\b(dag|directed acyclic graph|acyclic)\b`, `\btopolog|\border(ing)?\b`, "cycle_check")), "topological_sort"),
		strong(c("topolog order visit sequence schedul done complet finish taken perform run", `\btopolog\w*|\bdependency order\b|\border(ing)? of (the )?tasks\b|\bvisit(ing)? (order|sequence)\b|\bin (what|which) order (can|could|should|must|do|to|may)\b|\border (in which|to) (visit|do|complete|perform|take|finish|schedule|run)\b|\bcan (all|every|each) (of )?(the )?(nodes?|vertex|vertices|tasks?|jobs?|courses?|steps?)( \w+)? be (visited|done|completed|finished|scheduled|taken|run|performed)\b|\b(valid|possible|feasible) (order(ing)?|sequence|schedule)\b`,
			`\b(breadth|depth)[- ]first\b|\b(bfs|dfs|traversal|search)\b`, "topological_sort")),
		c("flow", `\b(max(imum)?|most|largest|greatest|highest)\b[^.?]{0,25}\bflow\b|\bflow value\b|\bmax-?flow\b`, "", "maximum_flow"),
		c("triangle", `\btriangles?\b[^.?]*\b(sum|weights?|heaviest|total)\b|\b(sum|weights?|heaviest|total)\b[^.?]*\btriangles?\b`, `\b(how many|number of|count)\b`, "maximum_triangle_sum"),
		c("triangle", `\b(how many|number of|count)\b[^.?]*\btriangles\b`, "", "triangle_count"),
		c("node vert order", `\b(number|count|how many|total)\b[^.?]{0,25}\b(nodes|vertices)\b|\bnode count\b|\border of the graph\b`, `\btriangles?\b|\bneighbou?rs?\b|\btopolog`, "node_count", "order"),
		c("edge link arc size", `\b(number|count|how many|total)\b[^.?]{0,25}\b(edges|links|arcs)\b|\bedge count\b|\bsize of the graph\b`, `\btriangles?\b`, "edge_count", "size"),
		strong(c("how many friend contact follower partner collaborat author connection neighb", `\bhow many (friends|neighbou?rs|connections|contacts|links|edges|followers|partners|collaborators|co-?authors|acquaintances)\b[^.?]{0,30}\b(does|do|has|have|is|of)\b`,
			`\b(common|mutual|shared)\b|\bin common\b|\bboth\b|\btogether\b`, "degree")),
		c("degree connection edge link neighb neighb incident", `\bdegrees?\b|\b(connections|edges|links|neighbou?rs)\b[^.?]{0,30}\b(for|of|to|at|on|does)\b[^.?]{0,25}\b(node|vertex)\b|\bincident\b`, `\bcentrality\b|\bk[- ]core\b`, "degree"),
		c("node vert", `\b(node|vertex)\b[^.?]{0,40}\b(exists?|existence|present|part of|found|belongs?|contained)\b|\b(existence|presence) of (a |an |the )?(\w+ )?(node|vertex)\b|\bcontains? (the )?(node|vertex)\b|\b(is|whether|if)\b[^.?]{0,10}\b(node|vertex)\b[^.?]{0,12}\bin the (graph|network)\b`,
			`\b(is there|exists?|existence of|find) (an?|the|some) (edge|path|route|link|arc)\b|\b(edge|path|route|link|arc)\b[^.?]{0,20}\b(between|from|to|linking)\b|\b(degree|connections|neighbou?rs?|centrality|coefficient|eccentricity)\b`, "node_exists"),
		c("edge link arc adjacent direct", `\b(edges?|links?|arcs?)\b[^.?]{0,40}\b(exists?|between|from|present|found|connect(s|ing)?|join(s|ing)?|linking)\b|\b(adjacent|directly (connected|linked))\b|\b(existence|presence) of (a |an |the )?(\w+ )?(edge|link|arc)\b`, `\b(how many|number of|count)\b|\bpath\b|\broute\b`, "edge_exists"),
		c("path route walk reach connect link", `\b(path|route|walk)\b|\breach(es|able|ability)?\b|\b(connected|linked)\b`, pathy+`|\bcomponents?\b|\bgraph (is )?connected\b|\bis the (graph|network) connected\b|\bdirectly (connected|linked|joined)\b|`+listAdjacent, "path_exists"),
		strong(c("far", `\bhow far\b`, "", "shortest_path", "shortest_path_length")),
		c("short min cheap distance far hop", `\b(shortest|minimum distance|minimal distance|min(imum)? (total )?(weight|cost|distance|length)|cheapest|distance (between|from)|how far|fewest hops)\b`, "", "shortest_path", "shortest_path_length"),
		c("connected", `\b(graph|network)\b[^.?]{0,20}\bconnected\b|\bconnected graph\b`, `\bcomponents?\b`, "is_connected"),
		c("component", `\bconnected components?\b|\bcomponents\b`, `\bstrongly\b`, "connected_components"),
		c("strongly", `\bstrongly connected\b`, "", "strongly_connected_components"),
		c("dens", `\bdens(e|ity)\b`, "", "density"),
		c("diameter", `\bdiameter\b`, "", "diameter"),
		c("radius", `\bradius\b`, "", "radius"),
		c("cent", `\bcent(er|re)\b|\bcentral nodes\b`, `\bcentrality\b`, "center"),
		c("peripher", `\bperiphery\b|\bperipheral\b`, "", "periphery"),
		c("eccentric", `\beccentricit`, "", "eccentricity"),
		c("rank", `\bpage ?rank\b`, "", "pagerank"),
		c("betweenness", `\bbetweenness\b`, "", "betweenness_centrality"),
		c("closeness", `\bcloseness\b`, "", "closeness_centrality"),
		c("cluster transitiv", `\bclustering\b|\btransitivity\b`, "", "clustering_coefficient"),
		c("bipartite colo", `\bbipartite\b|\btwo[- ]colou?rable\b`, `\bmatching\b`, "is_bipartite"),
		strong(c("matching job task assign pair match hire appoint position project post role seat slot partner", `\bmatching\b|\b(get|gets|be given|be assigned|be appointed|be hired( for)?|be matched( to| with)?|obtain|receive|land) (a|an|one|their|the) (job|task|position|project|post|role|seat|slot|partner)s?\b|\b(assign|match|pair)(ed|ing)?\b[^.?]{0,40}\b(jobs?|tasks?|positions?|projects?|posts?|roles?|each other)\b|\bmost pairs\b`,
			"", "maximum_bipartite_matching")),
		c("spanning mst", `\bspanning (tree|forest)\b|\bmst\b`, "", "minimum_spanning_tree"),
		c("articulation cut", `\barticulation\b|\bcut[- ]?(vertex|vertices|nodes?)\b`, "", "articulation_points"),
		c("bridge cut", `\bbridges?\b|\bcut[- ]?edges?\b`, "", "bridges"),
		c("colo chromatic", `\bcolou?r(ing|s|ed)?\b|\bchromatic\b`, "", "graph_coloring"),
		c("hamilton once", `\bhamiltonian\b|\b(visits?|visiting|passes through|goes through|covers?)\b[^.?]{0,12}\b(every|each|all)( of the| the)? (nodes?|vertex|vertices)\b[^.?]{0,20}\b(exactly|only) once\b`, "", "hamiltonian_path"),
		c("euler once", `\beuler(ian)?\b|\b(uses?|using|traverses?|traversing|crosses|crossing|visits?|visiting)\b[^.?]{0,12}\b(every|each|all)( of the| the)? (edges?|links?|bridges?|roads?)\b[^.?]{0,20}\b(exactly|only) once\b`, "", "euler_path"),
		c("core", `\bk[- ]?cores?\b|\bcore numbers?\b|\b\d+[- ]cores?\b`, "", "k_core"),
		c("breadth bfs", `\bbreadth[- ]first\b|\bbfs\b`, "", "bfs_order"),
		c("depth dfs", `\bdepth[- ]first\b|\bdfs\b`, "", "dfs_order"),
		c("common share mutual", `\b(common|mutual|shared) (neighbou?rs?|friends|contacts|connections)\b|\b(neighbou?rs|friends|contacts|connections)\b[^.?]{0,30}\bin common\b|\b(friends|neighbou?rs|contacts)\b[^.?]{0,30}\bshare\b|\bshare\b[^.?]{0,20}\b(friends|neighbou?rs|contacts)\b`, "", "common_neighbors"),
		c("neighb adjacent connected", `\bnon[- ]?neighbou?rs?\b|\bnot (adjacent|connected|neighbou?rs)\b`, "", "non_neighbors"),
		c("neighb adjacent successor connect link join friend", `\bneighbou?rs?\b|\bneighbou?rhood\b|\badjacent (nodes|vertices|to)\b|\bsuccessors\b|\bfriends\b|`+listAdjacent,
			`\b(common|mutual|shared?)\b|\bin common\b|\bnon[- ]?neighbou?rs?\b|\bnot\b|\bhow many\b|\bnumber of\b|\baggregat|\bembedding|\bmessage[- ]passing\b`, "neighbors"),
		c("aggregat message gnn embedding convolution", `\baggregat\w*\b|\bmessage[- ]passing\b|\bgnn\b|\bgraph convolution\b|\bembeddings? (of (each|every|all)|after)\b|\b(each|every) node'?s? (embedding|vector|feature)s?\b|\bsum of (its |the )?neighbou?rs'? (values|embeddings|features|vectors)\b`, "", "gnn_sum_aggregation"),
		c("average mean", `\baverage (shortest )?path length\b|\bmean (shortest )?distance\b`, "", "avg_path_length"),
		// Degree distribution, communities, node classification.
		against(strong(c("degree neighb connection link", `\bdegree (distribution|histogram|sequence|frequenc\w*)\b|\b(average|mean|max(imum)?|min(imum)?|highest|lowest|largest|smallest) (in-?|out-?)?degree\b|\b(how many|number of|which|what|list|count)\b[^.?]{0,12}\b(nodes|vertices)\b[^.?]{0,20}\b(have|has|having|with|of)\b[^.?]{0,12}\b(total |in-?|out-?)?degree\b|\b(nodes|vertices)\b[^.?]{0,20}\b(have|has|having|with) (exactly )?\d+ (neighbou?rs|connections|links)\b`,
			`\bcentrality\b|\bof (node|vertex)\b`, "degree_distribution")), "degree", "node_count", "order"),
		against(strong(c("communit cluster modul louvain group", `\bcommunit(y|ies)\b|\bclusters\b|\bmodules\b|\blouvain\b|\b(densely|tightly)[- ]connected (groups|clusters)\b`, `\bclustering\b|\bcoefficient\b|\bgreedy\b|\bclauset\b`, "louvain_communities")), "node_exists", "connected_components"),
		against(strong(c("greedy clauset cnm", `\bgreedy modularity\b|\bclauset\b|\bcnm\b`, "", "greedy_modularity_communities")), "louvain_communities", "node_exists"),
		against(strong(c("like love enjoy prefer play support study speak watch read eat drink label class categor predict classif colo type interest hobb", `\bwhat (does|do|would|might|will) (the )?(node|vertex|person|user|member)? ?\S+ (probably |likely )?(like|love|enjoy|prefer|play|support|study|speak|watch|read|eat|drink)\b|\b(predict|infer|guess|classify|estimate)\w*\b[^.?]{0,40}\b(labels?|class(es)?|categor(y|ies)|types?|colou?rs?|interests?|hobb(y|ies)|preferences?)\b|\b(label|class|category|type|colou?r|interest|hobby|topic|role) (of|for) (the )?(unlabell?ed |unknown )?(node|vertex) \S+|\bunlabell?ed (nodes?|vertices)\b|\bnode classification\b`,
			`\bcolou?ring\b|\bchromatic\b|\bproper\b|\bno two adjacent\b`, "predict_node_label")), "graph_coloring", "node_exists"),
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
		if !containsAny(q, c.words) {
			continue
		}
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

// cueAdjustments returns what the question's strong cues add to their
// tools (CueBonus once more) and what cues speaking against a tool take
// from it (CueBonus), beyond the CueBonus of CueTools.
func cueAdjustments(question string) map[string]float64 {
	var out map[string]float64
	q := strings.ToLower(question)
	for _, c := range toolCues {
		if (len(c.against) == 0 && !c.strong) || !containsAny(q, c.words) {
			continue
		}
		if !c.re.MatchString(q) || (c.not != nil && c.not.MatchString(q)) {
			continue
		}
		if out == nil {
			out = map[string]float64{}
		}
		if c.strong {
			for _, t := range c.tools {
				out[t] = max(out[t], 0) + CueBonus
			}
		}
		for _, t := range c.against {
			out[t] -= CueBonus
		}
	}
	return out
}

// containsAny reports whether s contains one of the substrings.
func containsAny(s string, subs []string) bool {
	for _, w := range subs {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

type cueKey struct{}

type cueMemo struct {
	question string
	tools    []string
}

// WithCueTools returns a context that carries CueTools(question) already
// computed, so that the builtin planner's ChooseTool on the same question
// does not match the lexicon again.
func WithCueTools(ctx context.Context, question string, tools []string) context.Context {
	return context.WithValue(ctx, cueKey{}, cueMemo{question: question, tools: tools})
}

// cueTools returns the cues of question, from ctx when WithCueTools put
// them there for the same question.
func cueTools(ctx context.Context, question string) []string {
	if m, ok := ctx.Value(cueKey{}).(cueMemo); ok && m.question == question {
		return m.tools
	}
	return CueTools(question)
}
