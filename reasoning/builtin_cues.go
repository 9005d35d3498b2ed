package reasoning

import (
	"context"
	"strings"

	"github.com/graphagent/graphagent/lang"
)

// CueBonus is what a matching intent cue adds to a candidate's score in the
// builtin tool choice.
const CueBonus = 0.35

// toolCue is an intent cue: phrasings that name what a tool computes. The
// cue fires when re matches the lower-cased task text and not (when set)
// does not.
type toolCue struct {
	tools   []string
	re, not *lazyRegexp
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

// unknownConcepts are graph notions no catalogue tool computes: a
// question about one of them is not answered by a tool that merely
// scores well on the rest of its words, unless an intent cue names that
// tool.
var unknownConcepts = lazyCompile(`\b(chromatic polynomial|chromatic index|edge chromatic number|edge colou?rings?|(edge|node|vertex|algebraic) connectivity|automorphisms?|automorphism group|dominating sets?|domination number|crossing number|(how many|number of|count( the)?) (different |distinct |possible )?spanning trees|tree-?width|planar(ity)?|isomorphi\w*|independent sets?|independence number|vertex covers?|(max(imum)?|largest) cliques?|clique number|girth|genus|eigenvalues?|spectral radius|laplacian|steiner trees?|travel(l)?ing salesman|graph edit distance|friends'? of (his |her |their |its |a |the )?friends|friends' friends|neighbou?rs'? of (his |her |their |its |a |the )?neighbou?rs|neighbou?rs' neighbou?rs|(two|2|three|3) (steps|hops|links|edges) away|within (two|2|three|3|\d+) (steps|hops|links|edges)|second[- ]degree (friends|contacts|connections|neighbou?rs))\b`)

// personRelation reports whether a one-way relation is one a person has
// to another ("follows", "manages", "reports to"), not a graph word for
// reachability ("leads to", "points to") or an order ("depends on").
func personRelation(r lang.Relation) bool { return !r.NoReader && !(r.Plain && r.Prep() != "") }

// verbAlt is the alternation of the forms fs of the relations keep holds,
// "directly" allowed before a preposition ("reports directly to").
func verbAlt(rels []lang.Relation, keep func(lang.Relation) bool, fs ...lang.Form) string {
	var ps []string
	for _, p := range lang.Phrases(rels, keep, fs...) {
		if v, prep, ok := strings.Cut(p, " "); ok {
			ps = append(ps, v+" (directly )?"+prep)
			continue
		}
		ps = append(ps, p)
	}
	return strings.Join(ps, "|")
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

// toolCues are the builtin backend's intent cues in the default lexicon's
// words. Compiled once; never modified.
var toolCues = newToolCues(lang.Default())

// newToolCues returns the builtin backend's intent cues, in general graph
// vocabulary (synonyms, not benchmark sentences), with the relation verbs
// and the nouns of nodes and edges taken from lx.
func newToolCues(lx *lang.Lexicon) []toolCue {
	rels := lx.OneWay()
	// actVerbs are verbs by which one node acts on another in everyday
	// relations ("A manages B", "web depends on api"); the readers write
	// such a sentence as an edge from the subject to the object.
	actVerbs := lang.Alt(lang.Phrases(rels, nil, lang.Base, lang.S))
	// degreeVerbs are the one-way relations whose count is a degree, in
	// the base form after "does X" ("how many people does Eli manage");
	// degreeVerbsS also in the form after a subject ("how many papers cite
	// P"); degreeStems are substrings one of which such a question holds.
	degreeVerbs := lang.Alt(lang.Phrases(rels, degreeRelation, lang.Base))
	degreeVerbsS := lang.Alt(lang.Phrases(rels, degreeRelation, lang.Base, lang.S))
	var degreeStems []string
	for _, r := range rels {
		if degreeRelation(r) {
			degreeStems = append(degreeStems, r.Stem())
		}
	}
	// personVerbs are the one-way relations one person has to another
	// ("does Judy follow Bob", "whom does Peggy report (directly) to"),
	// in the base form; personVerbsS in the -s form; personStems are
	// substrings one of which such a question holds.
	personVerbs := verbAlt(rels, personRelation, lang.Base)
	personVerbsS := verbAlt(rels, personRelation, lang.S)
	var personStems []string
	for _, r := range rels {
		if personRelation(r) {
			personStems = append(personStems, r.Stem())
		}
	}
	// nodeNouns and edgeNouns are everyday words for a graph's nodes and
	// edges: "which server, if it fails, ..." asks about a node; "which
	// road" about an edge. edgeWords are nouns for directed edges that
	// leave or arrive ("how many flights leave NYC").
	nodeNouns := lang.Alt(lx.NodeNouns())
	edgeNouns := lang.Alt(lx.EdgeNouns())
	edgeWords := lang.Alt(lx.DirectedEdgeNouns())
	c := func(words, re, not string, tools ...string) toolCue {
		tc := toolCue{tools: tools, re: lazyCompile(re), words: strings.Fields(words)}
		if not != "" {
			tc.not = lazyCompile(not)
		}
		return tc
	}
	// listAdjacent asks for the nodes one edge away: "list the nodes
	// connected to 0", "which vertices is B linked to".
	const listAdjacent = `\b(list|which|what|name|give|find|show|who)\b[^.?]{0,30}\b(nodes|vertices|ones|people|cities|neighbou?rs)\b[^.?]{0,15}\b(connected|linked|links?|adjacent|joined)\s+(directly\s+)?(to|with)\b|\b(which|what) (nodes|vertices|cities|people) (is|are|does|do) \S+ (directly )?(connected|linked|adjacent|joined) (to|with)\b|\bwho is \S+ (connected|linked|friends) (to|with)\b`
	// listShares asks for the nodes that share an edge with one node.
	const listShares = `|\b(list|which|what|name|give|find|show|every|all)\b[^.?]{0,30}\b(nodes?|vertex|vertices|ones)\b[^.?]{0,10}\bshares? an? (edge|link|arc) with\b|\b(list|which|what|name)\b[^.?]{0,20}\b(nodes|vertices)\b[^.?]{0,20}\bhas an? (edge|link|arc)s? (to|towards|with)\b`
	// pairAdjacent asks whether two nodes are adjacent: "do nodes 2 and 1
	// share an edge", "are B and C neighbours", "is D one of the
	// neighbours of F".
	const pairAdjacent = `\b(do|does|did)\b[^.?]{0,30}\bshare an? (edge|link|arc)\b|\b(are|is)\s+(nodes?\s+|vertices\s+|vertex\s+)?\S+\s+and\s+(node\s+|vertex\s+)?\S+\s+(neighbou?rs|adjacent|connected by an? (edge|link)|joined by an? (edge|link))\b|\bis\s+(node\s+|vertex\s+)?\S+\s+(one of )?(the |a )?neighbou?rs?\s+of\b`
	// listNodes asks for a list of nodes rather than about one pair.
	const listNodes = `\b(list|name|give|show|find)\s+(all\s+|every\s+|each\s+|the\s+)*(nodes|vertices|cities|people|ones|towns|neighbou?rs)\b|\b(which|what)\s+(\w+\s+)?(nodes|vertices|cities|people|ones|towns|neighbou?rs)\b|\b(all|every)\s+(the\s+)?(nodes|vertices|cities|people)\b`
	const pathy = `\b(shortest|minimum|minimal|min|length|distance|cheapest|fastest|quickest|lightest|far|hops?|closed|weight|cost)\b`
	// revisit words ask for a cycle (a walk back to a node already seen),
	// even when they say how to walk: "whether any node can be revisited by
	// following the edges" is the cycle cue's, not the path cue's.
	const revisit = `revisit\w*|come back to|return to (the same|its|a previous(ly)?|the starting) ?\w*`
	return []toolCue{
		c("cycl circuit loop closed dag revisit", `\b(cycles?|cyclic|acyclic|circuits?|closed (path|walk|trail)|loops?|dag|`+revisit+`)\b`, `\bself[- ]loops?\b|\bhamilton|\beuler`, "cycle_check"),
		// Whether the graph is a tree or forest: "is it a tree?", "does the org chart form one hierarchy?", "connected and acyclic".
		against(strong(c("tree forest arborescence hierarchy acyclic", `\b(is|are|whether|if)\s+(it|this|that|g|(the|this|that|these|those|your|my|our)\s+(\w+\s+)?(graph|network|structure|chart|diagram|edges?))\b[^.?]{0,200}?\s(an?|one|a single|a rooted)\s+(tree|forest|arborescence)\b|\b(forms?|makes?|is)\s+(an?|one|a single)\s+(tree|forest|hierarchy|arborescence)\b|\b(connected and acyclic|acyclic and connected)\b`, `\bspanning (trees?|forests?)\b|\bmst\b|\b(how many|number of|count)\b|\b(binary|search|decision|family) trees?\b`, "is_tree")), "cycle_check", "is_connected", "minimum_spanning_tree"),
		against(strong(c("dag acyclic", `\b(is|are|whether|if|check|tell)\b[^.?]{0,30}\b(dag|directed acyclic graph|acyclic)\b`, `\btopolog|\border(ing)?\b`, "cycle_check")), "topological_sort"),
		strong(c("respect satisf obey follow honou constraint rule depend prerequisite requirement", `\b(order|sequence|schedule|ordering)\b[^.?]{0,40}\b(respects?|satisf(y|ies)|obeys?|follows?|honou?rs?|meets?)\b[^.?]{0,20}\b(constraints?|rules?|dependencies|precedences?|prerequisites?|requirements?|conditions?)\b`, `\b(breadth|depth)[- ]first\b|\b(bfs|dfs)\b`, "topological_sort")),
		strong(c("topolog order visit sequence schedul done complet finish taken perform run", `\btopologic\w*|\btopology (sort|order)\w*|\bdependency order\b|\border(ing)? of (the )?tasks\b|\bvisit(ing)? (order|sequence)\b|\bin (what|which) order (can|could|should|must|do|to|may)\b|\b(what|which) order (should|can|could|must|do|would|will) (i|we|you|they)\b|\b(what|which) order (works|is (valid|possible|right|correct))\b|\border (in which|to) (visit|do|complete|perform|take|finish|schedule|run)\b|\bcan (all|every|each) (of )?(the )?(nodes?|vertex|vertices|tasks?|jobs?|courses?|steps?)( \w+)? be (visited|done|completed|finished|scheduled|taken|run|performed)\b|\b(valid|possible|feasible) (order(ing)?|sequence|schedule)\b|\b(list|give|name|put)\b[^.?]{0,30}\bin (an|a valid|some|one) order\b`,
			`\b(breadth|depth)[- ]first\b|\b(bfs|dfs|traversal|search)\b`, "topological_sort")),
		c("flow", `\b(max(imum)?|most|largest|greatest|highest)\b[^.?]{0,25}\bflow\b|\bflow value\b|\bmax-?flow\b`, "", "maximum_flow"),
		strong(c("flow", `\bhow much\b[^.?]{0,30}\bflow\b|\bflow\b[^.?]{0,50}\bat most\b|\b(max(imum)?|most|largest|greatest|highest)\b[^.?]{0,25}\bflow\b`, "", "maximum_flow")),
		c("triangle", `\btriangles?\b[^.?]*\b(sum|weights?|heaviest|total)\b|\b(sum|weights?|heaviest|total)\b[^.?]*\btriangles?\b`, `\b(how many|number of|count)\b`, "maximum_triangle_sum", "maximum_triangle_node_sum"),
		c("triangle", `\b(how many|number of|count)\b[^.?]*\btriangles\b`, "", "triangle_count"),
		strong(c("triple clique three trio", `\b(how many|number of|count)\b[^.?]*\b(triples|trios|groups of three|sets of three)\b[^.?]{0,30}\b(pairwise|mutually|all) (adjacent|connected|linked|friends)\b|\b(how many|number of|count)\b[^.?]*\b(3-cliques|cliques of (size )?(three|3))\b`, "", "triangle_count")),
		c("node vert order", `\b(number|count|how many|total)\b[^.?]{0,25}\b(nodes|vertices)\b|\bnode count\b|\border of the graph\b`, `\btriangles?\b|\bneighbou?rs?\b|\btopolog|\btriples\b|\bpairwise\b|\b(groups|sets|clusters|pairs|components) of (nodes|vertices)\b|\b(connected|adjacent|linked|joined)\s+(to|with)\b`, "node_count", "order"),
		c("edge link arc size", `\b(number|count|how many|total)\b[^.?]{0,25}\b(edges|links|arcs)\b|\bedge count\b|\bsize of the graph\b`, `\btriangles?\b|\b(touch(es|ing)?|incident (to|on|with)|attached to|meet(ing)?|leav(e|ing)|enter(ing)?|out of|into|go(ing)? (out|in))\b[^.?]{0,10}\b(node|vertex)\b|\bseparate\b|\bfewest\b|\bapart\b|\b(links|connects|joins) (all|every|each|them|up|together)\b`, "edge_count", "size"),
		c("edge link arc", `\b(edges|links|arcs)\b[^.?a-z]{0,5}\bhow many\b`, "", "edge_count", "size"),
		strong(c("pair friendship relationship connection road link flight route collaboration partnership authorship", `\bhow many (pairs of \w+|(co-?author|friend|collaborator|partner|colleague)s? pairs|friendships|relationships|connections|roads|links|flights|routes|collaborations|partnerships|co-?authorships|acquaintanceships)\s+(are there|are listed|are (given|mentioned|named|shown)|exist|in total|are in the (graph|network|list|text))\b`, "", "edge_count", "size")),
		// Totals of the whole graph: "how many connections does the graph
		// contain", "nodes in total?".
		against(strong(c("connection link edge", `\bhow many (connections|links|edges|arcs) (does|do) the (whole )?(graph|network) (contain|have|hold)\b`, "", "edge_count", "size")), "degree"),
		against(strong(c("node vert", `\b(nodes|vertices) in total\s*\?`, `\b(edges|links|arcs)\b[^.?]{0,10}\bin total\b`, "node_count", "order")), "neighbors", "degree"),
		c("people ppl person cit town research author user member student employee player character airport station account entit", `\bhow many (distinct |different |unique )?(people|ppl|persons|cities|towns|researchers|authors|users|members|students|employees|players|characters|airports|stations|accounts|entities)\b\s+(are there|appear|are (in|on|listed|mentioned|named)|exist|in total|are in the (graph|network|list|text))`, "", "node_count", "order"),
		// The same count of a whole group, named strongly: "how many students
		// are in the class" (not of a part of it: "in the largest group").
		strong(c("people ppl person student employee member user player", `\bhow many (distinct |different |unique )?(people|ppl|persons|students|employees|members|users|players)\s+are (there|in (the|my|our|this) \w+)\s*(in total|altogether|overall)?\s*\?`, `\b(largest|biggest|smallest|each|every|same|both|common|component|community|cluster|team)\b|\b(connected|linked|adjacent|friends|related) (to|with)\b`, "node_count", "order")),
		c("node vert", `\b(nodes|vertices)\b[^.?a-z]{0,5}\bhow many\b`, "", "node_count", "order"),
		strong(c("how many friend contact follower partner collaborat author connection neighb", `\bhow many (friends|neighbou?rs|connections|contacts|links|edges|followers|partners|collaborators|co-?authors|acquaintances)\b[^.?]{0,30}\b(does|do|has|have|is|of)\b|\bcount (the |all the )?(friends|neighbou?rs|connections|contacts|links|edges)\b[^.?]{0,10}\b(of|for|at|on)\b|\bcount \S+('s|s') (friends|neighbou?rs|connections|contacts)\b`,
			`\b(common|mutual|shared)\b|\bin common\b|\bboth\b|\btogether\b|\b(does|do) the (whole )?(graph|network|diagram|table|list)\b`, "degree")),
		// "How many links does D have?" asks about one node, not the graph.
		against(strong(c("link edge arc connection", `\bhow many (links|edges|arcs|connections)\s+(does|do|did)\s+(node\s+|vertex\s+)?\S+(\s+\S+)?\s+have\b`, `\b(does|do|did)\s+(the|this|that|our|my|your|its|their|each|every|a|an|it|they|these|those|we|you)\b`, "degree")), "edge_count", "size"),
		strong(c("interest edge connect link want like know follow take apply friend acquaint leave start enter end touch meet lead arrive", `\bhow many \w+\s+(does|do|did|is|are|has|have)\s+(\S+\s+){1,2}(have an? edges? to|have edges? to|interested in|connected to|linked to|friends with|connected with|linked with|acquainted with|want|like|know|follow|take|apply (to|for)|applied (to|for))\b|\bhow many (roads|edges|links|flights|arcs|connections|routes|lines|pipes)\s+(leave|leaves|start (at|from)|go out of|come into|enter|end (at|in)|touch|meet|lead (to|from|out of)|arrive (at|in))\b`, `\b(the|this|that|whole|entire) (graph|network|tree)\b|\b(common|both|mutual)\b|\bat (once|the same time)\b|\bhow many (hops|steps|edges|links|jumps|moves|times|rounds|layers|nodes|vertices)\b`, "degree")),
		strong(c("connected adjacent linked joined touch", `\bhow many (nodes|vertices|others?)\b[^.?]{0,30}\b(connected|adjacent|linked|joined)\s+(directly\s+)?(to|with)\b|\bhow many (edges|links|arcs)\b[^.?]{0,10}\b(touch|meet|end at)\b`, "", "degree")),
		// One direction of one node's edges: "the indegree of node 1", "how
		// many nodes does node 1 point to", "how many people follow Lee",
		// "how many followers does Lee have".
		strong(c("degree follow point link lead arc edge", `\b(in|out)-?degrees?\b|\bhow many\b[^.?]{0,40}\b(does|do|did)\s+(node\s+|vertex\s+)?\S+(\s+\S+)?\s+(follow|point (to|at)|link to|lead to)\b|\bhow many (\w+\s+)?(follow|point (to|at)|link to)\s+(node\s+|vertex\s+)?\S+|\bhow many (edges|links|arcs)\s+(point|lead|go) (to|at|into)\b|\bhow many (followers|in-?links|out-?links)\b|\bhow many\b[^.?]{0,30}\bfollowed by\b`, `\b(distribution|histogram|average|mean|maximum|minimum|highest|lowest|largest|smallest)\b|\bhow many (nodes|vertices) (have|has|with)\b|\b(which|what) (nodes|vertices)\b|\b(path|paths|reach|reachable|common|both|mutual)\b`, "degree")),
		c("degree connection edge link neighb neighb incident", `\bdegrees?\b|\b(connections|edges|links|neighbou?rs)\b[^.?]{0,30}\b(for|of|to|at|on|does|touch|touches)\b[^.?]{0,25}\b(node|vertex)\b|\bincident\b`, `\bcentrality\b|\bk[- ]core\b`, "degree"),
		strong(c("node vert", `\bone of the (graph'?s |network'?s )?(nodes|vertices)\b|\b(a|one) (node|vertex) (of|in) the (graph|network)\b`, `\bneighbou?rs?\b|\bhow many\b|\b(list|which|what)\b`, "node_exists")),
		c("node vert", `\b(node|vertex)\b[^.?]{0,40}\b(exists?|existence|present|part of|found|belongs?|contained)\b|\b(existence|presence) of (a |an |the )?(\w+ )?(node|vertex)\b|\bcontains? (the )?(node|vertex)\b|\b(is|whether|if)\b[^.?]{0,10}\b(node|vertex)\b[^.?]{0,12}\bin the (graph|network)\b`,
			`\b(is there|exists?|existence of|find) (an?|the|some) (edge|path|route|link|arc)\b|\b(edge|path|route|link|arc)\b[^.?]{0,20}\b(between|from|to|linking)\b|\b(degree|connections|neighbou?rs?|centrality|coefficient|eccentricity)\b`, "node_exists"),
		against(strong(c("share neighb adjacent joined connected", pairAdjacent, `\bnot\b|\bno\b|`+listNodes, "edge_exists")), "neighbors", "common_neighbors"),
		against(strong(c("linked adjacent joined", `\b(is|are)\s+(node\s+|vertex\s+)?\S+\s+(directly\s+)?(linked|adjacent|joined)\s+(to|with)\s+(node\s+|vertex\s+)?\S+\s*\?`, `\bpath\b|\broute\b|\b(indirectly|somehow|eventually)\b|\bnot\b|n't\b|\b(which|what|list|name)\b`, "edge_exists")), "path_exists"),
		against(strong(c("direct step hop move", `\b(go|get|move|travel|fly|drive|walk|step|point|points|link|links|lead|leads)\s+directly\s+(from|to|at)\b|\bdirectly from\b[^.?]{0,30}\bto\b|\bfrom\b[^.?]{0,30}\bto\b[^.?]{0,20}\bin (one|a single) (step|hop|move)\b`, listNodes, "edge_exists")), "path_exists", "shortest_path", "shortest_path_length"),
		strong(c("friend colleague related married partner author together", `\b(are|were)\s+\S+(\s+\S+)?\s+and\s+\S+(\s+\S+)?\s+(friends|colleagues|related|married|partners|co-?authors|acquainted|neighbou?rs|linked|connected)\b|\b(have|has|did|do)\s+\S+(\s+\S+)?\s+and\s+\S+(\s+\S+)?\s+[^.?]{0,40}\btogether\b`, `\b(list|name|which|what|how many|all|every)\b|\bnot\b|\bboth\b|\b(through|via|indirectly|somehow|eventually)\b|\bfriends of friends\b`, "edge_exists")),
		// "Does node 3 have an edge to node 5?": one pair, one edge.
		against(strong(c("edge link arc", `\b(does|do|did|has)\s+(node\s+|vertex\s+)?\S+(\s+\S+)?\s+(have\s+)?(an?|any)\s+(direct\s+)?(edge|link|arc)\s+(to|with|from|towards)\s+(node\s+|vertex\s+)?\S+`, `\b(how many|list|which|what|all)\b`, "edge_exists")), "path_exists", "neighbors"),
		// NetworkX calls name their tool: "print(nx.number_of_edges(G))".
		strong(c("nx. networkx. g.", `\b(nx|networkx)\.number_of_edges\b|\bg\.number_of_edges\b|\bg\.size\(\)`, "", "edge_count", "size")),
		strong(c("nx. networkx. g.", `\b(nx|networkx)\.number_of_nodes\b|\bg\.number_of_nodes\b|\bg\.order\(\)|\blen\(g\)`, "", "node_count", "order")),
		strong(c("nx. networkx. g.", `\b(nx|networkx)\.has_path\b`, "", "path_exists")),
		strong(c("nx. networkx. g.", `\bg\.has_edge\b`, "", "edge_exists")),
		strong(c("nx. networkx.", `\b(nx|networkx)\.number_connected_components\b`, "", "connected_components")),
		strong(c("nx. networkx.", `\b(nx|networkx)\.is_bipartite\b`, "", "is_bipartite")),
		strong(c("nx. networkx.", `\b(nx|networkx)\.is_connected\b`, "", "is_connected")),
		strong(c("nx. networkx.", `\b(nx|networkx)\.(shortest_path_length|dijkstra_path_length)\b`, "", "shortest_path_length", "shortest_path")),
		// "Is there an edge 1-3?": one edge, named with a dash.
		against(strong(c("edge link arc", `\b(is there|does (it|the graph) (have|contain)|do we have|exists?)\s+(an?|the)\s+(edge|link|arc)\s+\S+\s*(-|–|—|--)\s*\S+\s*(\?|$)`, `\b(how many|list|which|what)\b`, "edge_exists")), "edge_count", "size"),
		// "Is Alice friends with Carol?", "is Bo a co-author of Cy?": one
		// pair, one relation.
		against(strong(c("friend colleague author collaborator partner contact acquaint married related", `\b(is|was)\s+(node\s+|vertex\s+)?\S+(\s+\S+)?\s+((directly|really|also|still)\s+)?(friends?\s+with|an?\s+(friend|colleague|co-?author|collaborator|partner|contact|acquaintance)\s+of|(married|related|acquainted)\s+(to|with))\s+\S+`, `\b(list|name|which|what|who|whom|how many|all|every)\b|\bnot\b|n't\b|\b(indirectly|chain|path|through|via)\b`, "edge_exists")), "neighbors", "path_exists"),
		against(strong(c("direct", `\bdirect (edge|link|road|connection|flight|route|line|arc|train|bus)\b`, `\bhow many\b|\b(no|not)\b|`+listNodes, "edge_exists")), "shortest_path", "shortest_path_length", "path_exists"),
		c("edge link arc adjacent direct", `\b(edges?|links?|arcs?)\b[^.?]{0,40}\b(exists?|between|from|present|found|connect(s|ing)?|join(s|ing)?|linking)\b|\b(adjacent|directly (connected|linked))\b|\b(existence|presence) of (a |an |the )?(\w+ )?(edge|link|arc)\b|\bis there an? (edge|link|arc) (\S+ ){1,2}to \S+`, `\b(how many|number of|count)\b|\bpath\b|\broute\b|\bfewest\b|\bminimum number of\b|\bleast\b|\bby following (the )?(edges|links|arcs)\b|\btravel\b|\b(which|what|list)\b[^.?]{0,20}\bnot (adjacent|connected|linked)\b|`+listAdjacent+listShares, "edge_exists"),
		against(strong(c("chain sequence series", `\b(chain|sequence|series|trail) of (friends|contacts|connections|acquaintances|links|edges|roads|flights|people)\b[^.?]{0,40}\bfrom\b[^.?]{0,30}\bto\b|\b(chain|sequence|series) of (friends|contacts|connections|acquaintances|links|people) (between|linking|connecting)\b`, `\b(shortest|fewest|how long|how many)\b`, "path_exists")), "edge_exists"),
		// Directed relations between named people: "does Judy follow Bob", "who
		// does Peggy report to", "list everyone Oscar follows".
		against(strong(c(strings.Join(personStems, " ")+" author wr", `\b(does|did|do|has|have)\s+\S+(\s+\S+)?\s+(`+personVerbs+`|co-?author(ed)? (a |any )?(paper|book|article)s? with|(write|written|wrote) (a |any )?(paper|book|article)s? with)\s+\S+(\s+\S+)?\s*\?`, `\b(list|which|who|what|how many|not|never|indirectly|chain)\b|n't\b`, "edge_exists")), "path_exists", "neighbors"),
		against(strong(c(strings.Join(personStems, " "), `\bwhom? (does|do|did)\s+\S+(\s+\S+)?\s+(`+personVerbs+`)\s*\?|\b(list|name)\s+(everyone|everybody|all (the )?(people|users|persons))\s+\S+(\s+\S+)?\s+(`+personVerbsS+`)\b`, `\b(not|never|indirectly|chain|how many)\b|n't\b`, "neighbors")), "edge_exists", "path_exists"),
		against(strong(c("stated true said written given mentioned", `\bis it (stated|true|said|written|given|mentioned) that\s+\S+(\s+\S+)?\s+(`+personVerbsS+`)\s+\S+(\s+\S+)?\s*\?`, `\b(not|never|indirectly|chain)\b|n't\b`, "edge_exists")), "path_exists", "neighbors"),
		// Co-authors and friends of one person: "with whom has X written a
		// paper", "list Grace's co-authors".
		against(strong(c("whom co-author coauthor friend collaborator", `\bwith whom (has|have|did|does|do|is|was)\b|\b(list|name)\s+(all (of )?)?\S+(\s+\S+)?('s|s') (co-?authors|friends|collaborators|contacts|neighbou?rs)\b`, `\b(not|never|how many|both|common|mutual)\b|n't\b`, "neighbors")), "edge_exists", "path_exists"),
		against(strong(c("not friend n't", `\bwho (is|are) not (friends|connected|linked|acquainted|adjacent) (with|to)\b|\bwhom? (does|do|did)\s+\S+(\s+\S+)?\s+not\s+(yet\s+)?(know|follow|like|meet|trust|talk to|work with)\b|\bwhom? (doesn't|don't|didn't)\s+\S+(\s+\S+)?\s+(know|follow|like|meet|trust|talk to|work with)\b`, `\b(both|common|mutual)\b`, "non_neighbors")), "edge_exists", "neighbors"),
		strong(c("before", `\b(have|has|must|need|needs) to (come|be done|happen|go|be finished|finish|be completed|be taken) before\b|\b(come|comes|be done|happen|go|finish) before\b[^.?]{0,30}\b(directly or indirectly|indirectly)\b|\bdirectly or (indirectly|through|via) [^.?]{0,30}\bbefore\b`, `\b(list|which|what|order|all)\b`, "path_exists")),
		strong(c("reach", `\b(is|are)\s+(node\s+|vertex\s+)?\S+\s+reachable\s+from\b|\bcan\s+(node\s+|vertex\s+)?\S+\s+(be\s+)?reach(ed)?\b`, `\bhow many\b|\bwhich\b|\bwhat\b|\bflow\b|\b(shortest|fewest|distance)\b`, "path_exists")),
		strong(c("get go travel reach walk move follow component drive fly", `\b(get|go|travel|walk|move|drive|fly)\b[^.?]{0,10}\bfrom\b[^.?]{0,30}\bto\b|\bby following (the )?(edges|links|arcs|roads)\b|\bsame (connected )?component\b`, pathy+`|\bhamiltonian\b|\b(every|each|all)( the)? (nodes?|vertices)\b[^.?]{0,25}\bonce\b|\bhow many\b|\bhow much\b|\bhow long\b|\bfewest\b|\bleast\b|\b(smallest|minimum|lowest) number\b|\bwhich way\b|\bflow\b|\bcapacit|\bdirect(ly)?\b|\bin (one|a single) (step|hop|move)\b|\bevery other\b|\bcycl(e|es|ic)\b|\b(`+revisit+`)\b`, "path_exists")),
		// "Is there a path from a to d?": whether one named node reaches
		// another, not a path through every node (hamiltonian_path).
		strong(c("path route way walk trail", `\b(is there|are there|does there exist|there is)\s+(a|any|some)\s+(path|route|way|walk|trail)\s+(from|between)\s+\S+\s+(to|and)\s+\S+|\b(does|do)\s+(a|any)\s+(path|route|way)\s+(exist\s+)?(from|between)\s+\S+\s+(to|and)\s+\S+`, pathy+`|\bhamiltonian\b|\b(every|each|all)( the)? (nodes?|vertices)\b|\bhow many\b|\bflow\b|\bdirect(ly)?\b|\bcycl(e|es|ic)\b|\b(which|what)\b`, "path_exists")),
		c("path route walk reach connect link", `\b(path|route|walk)\b|\breach(es|able|ability)?\b|\b(connected|linked)\b`, pathy+`|\bcomponents?\b|\bgraph (is )?connected\b|\bis the (graph|network) connected\b|\bdirectly (connected|linked|joined)\b|\bhamiltonian\b|\b(every|each|all)( the)? (nodes?|vertices)\b[^.?]{0,25}\b(once|one time)\b|\bsame (connected )?component\b|\b(are )?all (the )?(nodes|vertices) (connected|reachable)\b|`+listAdjacent, "path_exists"),
		strong(c("far separate fewest least minimum lowest cheapest fastest quickest shortest lightest which hop step stop station jump move edge link quickly", `\bhow far\b|\bhow many (\S+ )?(links|edges|hops|steps|jumps|handshakes|connections|roads|flights)\b[^.?]{0,20}\b(separate|apart|away)\b|\bhow many (steps|hops|edges|jumps|moves|links|stops|stations)\b[^.?]{0,30}\bfrom\b[^.?]{0,25}\bto\b|\b(lowest|least|smallest|minimum)[- ](cost|weight|distance|total)\b[^.?]{0,10}\b(route|path|way|trip|journey)\b|\b(lowest|least|smallest|minimum)( total)? (cost|fare|price|distance|weight|time)\b[^.?]{0,10}\bfrom\b[^.?]{0,30}\bto\b|\b(cheapest|fastest|quickest|shortest|lightest) (route|path|way|trip|journey|walk|drive|ride|commute)\b|\b(fewest|least|minimum|smallest) (number of )?(clicks|jumps|transfers|stops|stations)\b|\b(most quickly|as quickly as possible|fewest (steps|introductions|intermediaries|handshakes|changes))\b|\b(fewest|least|fewer|minimum|min) (km|kilometres|kilometers|miles|metres|meters|hours|minutes)\b|\bwhich (way|route|path)\b[^.?]{0,40}\b(fewest|least|shortest|quickest|fastest|cheapest)\b|\b(fewest|least|minimum number of|smallest number of) (edges|links|hops|steps|jumps|moves|transfers|handshakes|connections|roads|flights)\b`, `\bflow\b|\bfarthest\b|\b(all|any|every) (pairs?|two)\b|\bkeeps?\b|\bspanning\b|\b(connect|link|join)(ing)? (all|every)\b`, "shortest_path", "shortest_path_length")),
		// Counting the moves asks for a number of hops, not a path's weight.
		strong(c("smallest minimum fewest least number move step hop jump stop transfer change", `\b(smallest|minimum|fewest|least|lowest) (number of )?(moves|steps|hops|jumps|stops|transfers|changes)\b`, `\bflow\b|\bspanning\b|\b(all|every|each) (pairs?|nodes|vertices)\b`, "shortest_path_length")),
		c("short min cheap distance far hop", `\b(shortest|minimum distance|minimal distance|min(imum)? (total )?(weight|cost|distance|length)|cheapest|distance (between|from)|how far|fewest hops)\b`, "", "shortest_path", "shortest_path_length"),
		c("connected", `\b(graph|network)\b[^.?]{0,20}\bconnected\b|\bconnected graph\b`, `\bcomponents?\b`, "is_connected"),
		strong(c("piece connected reachable component", `\bin (one|a single) (piece|part|component)\b|\bare all (the )?(nodes|vertices) (connected|reachable)\b|\b(every|each|any) (node|vertex)\b[^.?]{0,20}\breachable from (every|each|any) other\b|\bfrom (every|each|any) (node|vertex) to (every|each|any) other\b|\b(all|every) (the )?(nodes|vertices) (are )?(connected|reachable) (to each other|together|from each other)\b|\b(single|one) connected component\b`, `\bhow many\b|\b(list|which|what|name)\b|\b(to|with|from) (node|vertex) \S+`, "is_connected")),
		c("component", `\bconnected components?\b|\bcomponents\b`, `\bstrongly\b|\bsame (connected )?component\b`, "connected_components"),
		strong(c("group set cluster island piece mutual", `\b(how many|number of|count)\b[^.?]{0,10}\b(groups|sets|clusters|islands|pieces)\b[^.?]{0,30}\b(mutually|all|each other'?s?) ?(reachable|connected)\b|\b(groups|sets|clusters)\b[^.?]{0,30}\b(reachable|connected) (from|to) (one another|each other)\b`, `\b(three|3|triples?|trios?|pairwise)\b`, "connected_components")),
		strong(c("piece part island", `\b(how many|number of|count( the)?)\b[^.?]{0,15}\b(separate |disconnected |distinct |isolated )?(pieces|parts|islands)\b`, `\b(largest|maximum|max|most|greatest|biggest|highest) number of\b|\bat (once|the same time)\b`, "connected_components")),
		c("strongly", `\bstrongly connected\b`, "", "strongly_connected_components"),
		strong(c("greatest largest longest maximum max most distance farthest distant", `\b(greatest|largest|longest|maximum|max|biggest|most)\b[^.?]{0,20}\b(distance|separation|hops|steps|edges)\b[^.?]{0,30}\b(between|separating|apart)?\b[^.?]{0,10}\b(any|all|every|two)\b[^.?]{0,10}\b(two|pairs?|nodes|vertices)\b|\bfarthest apart\b|\bmost distant (pair|two|nodes|vertices)\b`, `\baverage\b|\bmean\b`, "diameter")),
		c("radius", `\bradius\b`, `\bspectral radius\b`, "radius"),
		c("cent", `\bcent(er|re)\b|\bcentral nodes\b`, `\bcentrality\b`, "center"),
		// Reachability along directed relations: "could gossip from X
		// eventually reach Y", "is X above Y in the chain of command".
		strong(c("eventually ultimately chain", `\b(eventually|ultimately|in the end) (reach|get to|arrive at)\b|\babove\b[^.?]{0,30}\bin the chain of command\b|\bchain of '?[\w ]{1,20}'? (relationships? )?(lead|leads|going|running) from\b|\bchain of [\w']+ relationships? from\b`, `\b(list|which|who|how many|shortest|fewest)\b`, "path_exists")),
		// One-step relations named by role: "who is X's direct manager",
		// "which cities have a direct road to X".
		against(strong(c("direct manager boss supervisor", `\b(who|which|what) is \S+('s|s') (direct|immediate) (manager|boss|supervisor|superior)\b|\b(which|what) \w+ (have|has) an? direct (road|link|edge|flight|connection|route|line|arc)s? (to|from|with)\b`, `\b(not|never|indirectly|chain|how many)\b|n't\b`, "neighbors")), "edge_exists", "path_exists", "shortest_path"),
		// Two-colouring in everyday words: "split them into two teams so
		// that no two friends are together".
		against(strong(c("two 2 team group table side camp", `\b(split|divide|separate|seat|put|place|sort|partition)\w*\b[^.?]{0,40}\b(two|2) (teams|groups|tables|sides|camps|rooms|sets)\b[^.?]{0,60}\b(no two|never|not|nobody|no one|no \w+ (are|is|sit|share))\b`, `\bhow many\b`, "is_bipartite")), "common_neighbors", "graph_coloring"),
		c("bipartite colo", `\bbipartite\b|\btwo[- ]colou?rable\b`, `\bmatching\b`, "is_bipartite"),
		against(strong(c("two 2 colo", `\b(two|2) colou?rs\b|\b(two|2)[- ]colou?r(s|ing|able|ed)?\b`, `\bmatching\b`, "is_bipartite")), "graph_coloring"),
		strong(c("want like prefer chose asked applied", `\bhow many \w+ can (get|join|obtain|be given|be assigned|enter|attend|take|have)\s+(a|an|one|their|the)\s+\w+\s+(they|he|she|it)\s+(want|wants|like|likes|prefer|prefers|chose|asked for|applied (to|for))\b`, "", "maximum_bipartite_matching")),
		strong(c("assign pair match staff fill hire", `\b(assignments|pairings|pairs|matches)\b[^.?]{0,40}\b(nobody|no one|none|no \w+)\b[^.?]{0,25}\b(two|twice|more than one)\b|\bhow many\b[^.?]{0,30}\b(staffed|filled|assigned|matched|hired|covered|served|paired)\b[^.?]{0,20}\b(at once|at the same time|simultaneously)\b`, "", "maximum_bipartite_matching")),
		strong(c("matching job task assign pair match hire appoint position project post role seat slot partner", `\bmatching\b|\b(get|gets|be given|be assigned|be appointed|be hired( for)?|be matched( to| with)?|obtain|receive|land) (a|an|one|their|the) (job|task|position|project|post|role|seat|slot|partner)s?\b|\b(assign|match|pair(ed|ing))(ed|ing)?\b[^.?]{0,40}\b(jobs?|tasks?|positions?|projects?|posts?|roles?|each other)\b|\bmost pairs\b`,
			"", "maximum_bipartite_matching")),
		c("spanning mst", `\bspanning (tree|forest)\b|\bmst\b`, `\b(how many|number of|count( the)?) spanning trees\b`, "minimum_spanning_tree"),
		strong(c("keep connect link join span", `\b(smallest|minimum|minimal|least|cheapest|lowest)\b[^.?]{0,40}\b(keeps?|connects?|connecting|links?|linking|joins?|joining|spans?|spanning)\b[^.?]{0,15}\b(all|every)\b[^.?]{0,10}\b(nodes|vertices|cities|houses|points|towns|sites|buildings|villages|offices|computers|islands|locations|places)\b`, "", "minimum_spanning_tree")),
		c("articulation cut", `\barticulation\b|\bcut[- ]?(vertex|vertices|nodes?)\b`, "", "articulation_points"),
		// "crosses every bridge exactly once" is an Eulerian walk, not the
		// bridges of the graph.
		c("bridge cut", `\bbridges?\b|\bcut[- ]?edges?\b`, `\beuler(ian)?\b|\b(every|each|all)( of the| the)? bridges?\b[^.?]{0,25}\b(once|one time)\b`, "bridges"),
		c("colo chromatic", `\bcolou?r(ing|s|ed)?\b|\bchromatic\b`, `\bchromatic polynomial\b|\b(two|2) colou?rs\b|\b(two|2)[- ]colou?r`, "graph_coloring"),
		c("hamilton once time", `\bhamiltonian\b|\b(visits?|visiting|passes through|pass through|goes through|go through|covers?)\b[^.?]{0,12}\b(every|each|all)( of the| the)?( \d+)? (`+nodeNouns+`)\b[^.?]{0,20}\b((exactly|only|just) )?(once|one time)( each)?\b`, "", "hamiltonian_path"),
		c("euler once time", `\beuler(ian)?\b|\b(uses?|using|traverses?|traversing|crosses|crossing|visits?|visiting)\b[^.?]{0,12}\b(every|each|all)( of the| the)? (edges?|links?|bridges?|roads?)\b[^.?]{0,20}\b((exactly|only|just) )?(once|one time)( each)?\b`, "", "euler_path"),
		c("core", `\bk[- ]?cores?\b|\bcore numbers?\b|\b\d+[- ]cores?\b`, "", "k_core"),
		c("breadth bfs", `\bbreadth[- ]first\b|\bbfs\b`, "", "bfs_order"),
		c("depth dfs", `\bdepth[- ]first\b|\bdfs\b`, "", "dfs_order"),
		against(strong(c("both", `\b(adjacent|connected|linked|joined|neighbou?rs?|friends)\s+(to|of|with)\s+both\b|\bboth\b[^.?]{0,25}\band\b[^.?]{0,25}\b(adjacent|connected|linked|joined|neighbou?r|friends|talk (to|with)|know|work with|play with|chat with)\b`, "", "common_neighbors")), "neighbors"),
		c("common share mutual", `\b(common|mutual|shared) (neighbou?rs?|friends|contacts|connections)\b|\b(neighbou?rs|friends|contacts|connections)\b[^.?]{0,30}\bin common\b|\b(friends|neighbou?rs|contacts)\b[^.?]{0,30}\bshare\b|\bshare\b[^.?]{0,20}\b(friends|neighbou?rs|contacts)\b`, "", "common_neighbors"),
		against(strong(c("neighb adjacent connected linked no not", `\bnon[- ]?neighbou?rs?\b|\b(which|who|whom|list|name)\b[^.?]{0,40}\bnever\b[^.?]{0,40}\bwith\s*\?|\b(which|what|list|name|find|give|show)\b[^.?]{0,30}\b(not|(are|is)n'?t) (directly )?(adjacent|connected|neighbou?rs|linked|joined)\b|\b(which|what|list|name|find|give|show|all)\b[^.?]{0,30}\b((has|have|with|share|shares)\s+no|(do|does)\s+not\s+(share|have))\s+(an?\s+|any\s+)?(direct\s+)?(edges?|links?|roads?|connections?|flights?|arcs?)\s+(with|to|from)\b`, "", "non_neighbors")), "edge_exists", "neighbors"),
		c("neighb adjacent connected", `\bnon[- ]?neighbou?rs?\b|\bnot (adjacent|connected|neighbou?rs)\b|\b(are|is)n'?t (adjacent|connected|linked|neighbou?rs)\b`, "", "non_neighbors"),
		against(strong(c("connect link adjacent join share edge reach friend acquaint", listAdjacent+listShares+`|\b(list|name|who|which)\b[^.?]{0,30}\b(everyone|everybody|all|people|persons|those)\b[^.?]{0,40}\b(is|are)\s+(friends|connected|linked|acquainted)\s+with\b|\bwho (is|are)\s+\S+(\s+\S+)?\s+(friends|connected|linked|acquainted) with\b|\bwho('s| is| are)\s+(directly\s+)?(connected|linked|adjacent|joined|cabled|wired|attached)\s+(to|with)\b`+`|\b(which|what|list|name)\b[^.?]{0,30}\breach\b[^.?]{0,10}\bin (one|a single) (step|hop|move)\b|\b(which|what|list|name)\b[^.?]{0,30}\breach\b[^.?]{0,30}\b(without (changing|a change|switching|transferring)|non-?stop)\b|\bone (step|hop) away from\b|\b(which|what) \w+ (does|do) (\w+ )?\S+ (link|point|lead)s? to\b`, `\bnot\b|\bhow many\b|\bcount\b|\bboth\b|\bno\b`, "neighbors")), "edge_exists", "path_exists"),
		c("neighb adjacent successor connect link join friend", `\bneighbou?rs?\b|\bneighbou?rhood\b|\badjacent (nodes|vertices|to)\b|\bsuccessors\b|\bfriends\b|`+listAdjacent,
			`\b(common|mutual|shared?)\b|\bin common\b|\bnon[- ]?neighbou?rs?\b|\bnot\b|\b(are|is)n'?t\b|\bhow many\b|\bnumber of\b|\bcount\b|\baggregat|\bembedding|\bmessage[- ]passing\b|`+pairAdjacent, "neighbors"),
		c("aggregat message gnn embedding convolution", `\baggregat\w*\b|\bmessage[- ]passing\b|\bgnn\b|\bgraph convolution\b|\bembeddings? (of (each|every|all)|after)\b|\b(each|every) node'?s? (embedding|vector|feature)s?\b|\bsum of (its |the )?neighbou?rs'? (values|embeddings|features|vectors)\b`, "", "gnn_sum_aggregation"),
		c("average mean", `\baverage (shortest )?path length\b|\bmean (shortest )?distance\b`, "", "avg_path_length"),
		// Degree distribution, communities, node classification.
		against(strong(c("degree neighb connection link isolated edges most fewest", `\bdegree (distribution|histogram|sequence|frequenc\w*)\b|\b(average|mean|max(imum)?|min(imum)?|highest|lowest|largest|smallest) (in-?|out-?)?degree\b|\b(how many|number of|which|what|list|count)\b[^.?]{0,12}\b(nodes|vertices)\b[^.?]{0,20}\b(have|has|having|with|of)\b[^.?]{0,12}\b(total |in-?|out-?)?degree\b|\b(nodes|vertices|people|persons|users|cities|towns)\b[^.?]{0,20}\b(have|has|having|with) (exactly )?(\d+|no|zero|one|two|three|four|five) (neighbou?rs?|connections?|links?|edges?|friends?|contacts?)\b|\bisolated (nodes|vertices)\b`+
			// "which node has the most connections", "who has the fewest friends".
			`|\b(which|who|what (node|vertex|city|town|person|user|member|one|page|account|airport|station|computer|device))\b[^.?]{0,40}\b(the )?(most|highest|largest|biggest|greatest|maximum|fewest|least|lowest|smallest|minimum)\s+(degree|connections|neighbou?rs|friends|links|edges|contacts|followers|roads|routes|flights|cables|partners|collaborators|co-?authors|relationships|ties)\b`+
			// "the degree of every node", "list all the degrees".
			`|\bdegrees? of (each|every|all( of)?( the)?) (nodes?|vertex|vertices|people|persons|users|members|cities)\b|\b(each|every) (node|vertex)'?s? degree\b|\b(list|show|give|tell me)\b[^.?]{0,20}\bdegrees\b`,
			`\bcentrality\b|\bof (node|vertex)\b|\b(in )?common\b|\bmutual\b|\bshared?\b`, "degree_distribution")), "degree", "node_count", "order"),
		against(strong(c("communit cluster modul louvain group", `\bcommunit(y|ies)\b|\bclusters\b|\bmodules\b|\blouvain\b|\b(densely|tightly)[- ]connected (groups|clusters)\b`, `\bclustering\b|\bcoefficient\b|\bgreedy\b|\bclauset\b|\b(separate|disconnected|isolated|unconnected|unreachable)\s+(\w+\s+)?clusters\b|\bmodules (does|do|did)\s+\S+(\s+\S+)?\s+(import|use|need|require|load|call|depend)`, "louvain_communities")), "node_exists", "connected_components"),
		against(strong(c("greedy clauset cnm", `\bgreedy modularity\b|\bclauset\b|\bcnm\b`, "", "greedy_modularity_communities")), "louvain_communities", "node_exists"),
		against(strong(c("like love enjoy prefer play support study speak watch read eat drink label class categor predict classif colo type interest hobb", `\bwhat (does|do|would|might|will) (the )?(node|vertex|person|user|member)? ?\S+ ((most )?(probably|likely) )?(like|love|enjoy|prefer|play|support|study|speak|watch|read|eat|drink)\b|\b(predict|infer|guess|classify|estimate)\w*\b[^.?]{0,40}\b(labels?|class(es)?|categor(y|ies)|types?|colou?rs?|interests?|hobb(y|ies)|preferences?)\b|\b(label|class|category|type|colou?r|interest|hobby|topic|role) (of|for) (the )?(unlabell?ed |unknown )?(node|vertex) \S+|\bunlabell?ed (nodes?|vertices)\b|\bnode classification\b|\b(which|what) (class|label|category)\b[^.?]{0,30}\b(most likely|probably|likely)\b`,
			`\bcolou?ring\b|\bchromatic\b|\bproper\b|\bno two adjacent\b`, "predict_node_label")), "graph_coloring", "node_exists"),
		// Everyday phrasings of tasks (people's words, not graph words).
		// One node's direct successors: "what does api depend on
		// directly", "which modules does X import directly". Without
		// "directly" the question may mean every dependency, so no cue.
		against(strong(c("direct immediate", `\b(what|which)( \w+)?\s+(does|do|did)\s+\S+(\s+\S+)?\s+(directly|immediately)\s+(`+actVerbs+`)\b|\b(what|which)( \w+)?\s+(does|do|did)\s+\S+(\s+\S+)?\s+(`+actVerbs+`)\s+(directly|immediately)\b`, `\b(not|never|how many|indirectly|transitively|eventually)\b|n't\b`, "neighbors")), "edge_exists", "path_exists", "non_neighbors"),
		// "Quickest from DC to MTL?", "lowest latency from S1 to S3".
		strong(c("quick fast cheap short light latency delay lag ping", `\b(cheapest|fastest|quickest|shortest|lightest)\s+(\w+\s+)?(from|between)\b[^.?]{0,40}\b(to|and)\b|\b(lowest|least|smallest|minimum|min|minimal|shortest)( total)? (latency|delay|lag|ping|travel time|transit time|journey time|trip time|hop count)\b`, `\bflow\b|\bspanning\b|\b(all|every|each) (pairs?|nodes|vertices)\b`, "shortest_path", "shortest_path_length")),
		// "Are all 5 computers connected to each other (directly or not)?",
		// "are all 4 nodes connected?".
		against(strong(c("connected linked reachable joined", `\b(are|is)\s+(all|every|each)( of)?( the)?( \d+)? \w+ (connected|linked|reachable|joined) (to|with|from) (each other|one another)\b|\b(are|is)\s+(all|every|each)( of)?( the)?( \d+)? \w+ (connected|linked|reachable|joined)\b[^.?]{0,25}\bdirectly or (not|indirectly)\b|\b(are|is)\s+(all|every)( of)?( the)?( \d+)? \w+ (connected|linked|reachable|joined)( together)?\s*\?`, `\b(neighbou?rs|friends|contacts|successors) of\b|\bhow many\b|\b(which|list|name)\b`, "is_connected")), "path_exists", "edge_exists"),
		// "Which roads should we keep so every village stays reachable with
		// the least total km?".
		against(strong(c("keep build choose pick select lay", `\b(keep|build|choose|pick|select|lay|use|retain)\b[^.?]{0,40}\b(every|all|each)\b[^.?]{0,25}\b(stays?|remains?|is|are|still|gets?)\s+(reachable|connected|linked|served)\b[^.?]{0,40}\b(least|smallest|minimum|minimal|lowest|cheapest|fewest|shortest)\b`, `\bhow many\b|\bflow\b`, "minimum_spanning_tree")), "path_exists", "is_connected"),
		// A node or an edge whose loss splits the network: "which server,
		// if it goes down, disconnects the network", "which road, if
		// closed, cuts a town off".
		against(strong(c("split disconnect break separat cut fragment divid partition isolat failure", `\b(which|what)( single| one)? (`+nodeNouns+`)\b[^.?]{0,60}\b(splits?|disconnects?|breaks? (up|apart)|separates?|cuts? off|fragments?|divides?|partitions?|isolates?|would (split|disconnect|break|separate|cut|fragment|divide|isolate)|cuts? (\w+ ){0,3}(in|into) (two|half|pieces|parts))\b|\b(single )?points? of failure\b|\b(`+nodeNouns+`)\b[^.?]{0,15}\bwhose (removal|failure|loss|deletion)\b[^.?]{0,30}\b(disconnects?|splits?|breaks?|separates?)\b`, `\bhow many\b|\b(`+edgeNouns+`)\b[^.?]{0,20}\b(whose|if|when)\b`, "articulation_points")), "node_count", "order", "connected_components", "louvain_communities"),
		against(strong(c("split disconnect break separat cut fragment divid partition isolat", `\b(which|what)( single| one)? (`+edgeNouns+`)\b[^.?]{0,60}\b(splits?|disconnects?|breaks? (up|apart)|separates?|cuts? off|fragments?|divides?|partitions?|isolates?|would (split|disconnect|break|separate|cut|fragment|divide|isolate))\b|\b(`+edgeNouns+`)\b[^.?]{0,15}\bwhose (removal|failure|loss|deletion|closure)\b[^.?]{0,30}\b(disconnects?|splits?|breaks?|separates?)\b`, `\bhow many\b`, "bridges")), "edge_count", "size", "connected_components"),
		// Reachability in everyday words: "a line of descent from X to Y",
		// "can I click my way from E back to A".
		against(strong(c("descent ancestry succession command inheritance way", `\b(line|lineage|chain|path|trail) of (descent|ancestry|succession|command|inheritance)\b[^.?]{0,10}\bfrom\b[^.?]{0,30}\bto\b|\b(click|navigate|browse|surf|hop|make|find|work|wind)\w*\s+(my|your|our|their|his|her|one's|the|a)\s+way\s+(back\s+)?from\b[^.?]{0,30}\bto\b|\b(click|navigate|browse|surf)\w*\b[^.?]{0,15}\bfrom\b[^.?]{0,30}\bto\b`, `\b(how many|fewest|least|minimum|shortest|quickest|fastest|cheapest|which way)\b`, "path_exists")), "edge_exists", "neighbors"),
		// Counting the relation's pairs or events: "how many pairs play
		// chess together", "how many emails were sent".
		against(strong(c("pair couple together each other one another were have been", `\bhow many (different |distinct )?(pairs|couples)( of \w+)?\b[^.?]{0,30}\b(together|with each other|each other|one another)\b|\bhow many (\w+ )?(emails|e-mails|messages|calls|letters|texts|handshakes|games|matches|payments|transfers|citations|invitations|introductions|trades|transactions|flights|trips|visits|phone calls)\s+(were|have been|had been|got|are)\s+(sent|made|exchanged|played|written|placed|given|shaken|done|paid|flown|taken|recorded|logged|listed|counted)\b`, `\b(not|never|no|common|mutual|both|indirectly|through|path|reach\w*|three|triangles?)\b|n't\b|\b(by|to|from|with|between|for|of)\s+(node\s+)?\S+\s*\??\s*$`, "edge_count", "size")), "degree", "node_count", "order", "common_neighbors"),
		// One node's neighbours asked in everyday words: "what's connected
		// to C", "tell me who A is connected to".
		against(strong(c("connect link adjacent attach join friend", `\b(what|who)('s| is| are)\s+(directly\s+)?(connected|linked|adjacent|attached|joined)\s+(to|with)\b|\bwho\s+\S+\s+(is|are)\s+(directly\s+)?(connected|linked|adjacent|attached|joined|friends)\s+(to|with)\b`, `\b(not|never|how many|both|common|mutual|indirectly)\b|n't\b`, "neighbors")), "is_connected", "edge_exists", "path_exists"),
		// "who's 2 connected to": the same, contracted.
		against(strong(c("who's whos", `\bwho'?s\s+(node\s+|vertex\s+)?\S+\s+(directly\s+)?(connected|linked|adjacent|attached|joined|friends)\s+(to|with)\b`, `\b(not|never|how many|both|common|mutual|indirectly)\b|n't\b`, "neighbors")), "degree", "is_connected", "edge_exists", "path_exists"),
		// "Does the graph have a node 6?", "is there a vertex called 20?".
		strong(c("node vertex", `\b(does|do)\s+(the|this|our|your|my)\s+(graph|network)\s+(have|contain|include)\s+(a |an |the )?(node|vertex)\s+(called |named |labell?ed )?\S+\s*(\?|$)|\bis there an? (node|vertex)\s+(called|named|labell?ed|with (the )?(id|label|name))\b`, "", "node_exists")),
		// "Is A next to B?": one pair, one edge.
		against(strong(c("next", `\b(is|are)\s+(node\s+|vertex\s+)?\S+\s+(right\s+|directly\s+)?next to\s+(node\s+|vertex\s+)?\S+\s*\?`, `\b(not|never|which|what|who|list)\b|n't\b`, "edge_exists")), "path_exists", "neighbors"),
		// "Split the nodes into two teams with no edge inside a team".
		against(strong(c("two 2 team group side camp", `\b(split|divide|separate|partition|sort|put)\w*\b[^.?]{0,40}\b(two|2) (teams|groups|sides|camps|sets|halves)\b[^.?]{0,40}\b(no|without an?) (edges?|links?|connections?|friends?|friendships?)\s+(inside|within|in)\b`, `\bhow many\b`, "is_bipartite")), "degree_distribution", "graph_coloring", "common_neighbors"),
		// "What is the average number of connections?"
		against(strong(c("average mean typical", `\b(average|mean|typical) (number of )?(connections|neighbou?rs|friends|links|contacts|edges per (node|vertex|person))\b`, `\b(of|for) (node|vertex)\b|\bpath\b`, "degree_distribution")), "edge_count", "size", "degree"),
		// "How many friendships?": the question ends at the relation's
		// plural, so it counts them all.
		against(strong(c("friendship relationship acquaintanceship collaboration partnership authorship road flight route connection link edge arc", `\bhow many (friendships|relationships|acquaintanceships|collaborations|partnerships|co-?authorships|roads|flights|routes|connections|links|edges|arcs)(\s+(in total|altogether|overall|in all))?\s*\?`, "", "edge_count", "size")), "degree"),
		// One node's edges by an everyday noun: "how many trains leave
		// Oslo", "how many flights arrive in NYC" (see edgeWords).
		strong(c("leav depart start go out come into enter end arriv land lead", `\bhow many (`+edgeWords+`)\s+(leave|leaves|depart|departs|start (at|from|in)|starts (at|from|in)|go out of|goes out of|come into|comes into|enter|enters|end (at|in)|ends (at|in)|arrive (at|in)|arrives (at|in)|land (at|in)|lands (at|in)|lead (to|from|into|out of)|leads (to|from|into|out of))\b`, `\b(the|this|that|whole|entire) (graph|network|map)\b|\b(common|both|mutual)\b|\bat (once|the same time)\b`, "degree")),
		// One direction of one node's everyday relations: "how many people
		// does Eli manage", "how many papers cite P" (see degreeVerbs).
		strong(c(strings.Join(degreeStems, " "), `\bhow many\b[^.?]{0,40}\b(does|do|did)\s+(node\s+|vertex\s+)?\S+(\s+\S+)?\s+(`+degreeVerbs+`)\b|\bhow many (\w+\s+)?(`+degreeVerbsS+`)\s+(node\s+|vertex\s+)?\S+`, `\b(distribution|histogram|average|mean|maximum|minimum|highest|lowest|largest|smallest|total|altogether|in all)\b|\b(the|this|that|whole|entire) (graph|network|tree|chart)\b|\b(path|paths|reach|reachable|common|both|mutual|indirectly)\b|\bhow many (\w+\s+)?\w+\s+(were|are|was|have been|had been|got|in)\b|\bhow many (\w+\s+)?\w+\s+(down|up|along|across|away|apart|deep|long|far|between|per|ago)\b`, "degree")),
		// "How many separate friend groups are there?" ("distinct circles
		// of friends" may mean communities: not cued).
		against(strong(c("separate disconnected isolated unconnected", `\bhow many (separate|disconnected|isolated|unconnected|mutually unreachable) (\w+ )?(groups|circles|islands|networks|pieces|parts|subnetworks|subgraphs|clusters)\b`, `\b(three|triangles?|pairwise|of (size|\d+))\b|\bcommunit`, "connected_components")), "louvain_communities", "node_count", "order", "degree", "common_neighbors"),
	}
}

// filePathPhrase matches wording that introduces a file path.
var filePathPhrase = lazyCompile(`\b(the )?(file ?path|path (is|of the file|to the file)|path:)`)

// Cues is what the intent lexicon reads in one question: the tools its
// cues name and what its strong cues and the cues speaking against a tool
// add to or take from each tool's score. MatchCues computes it in one pass
// over the lexicon; the agent's retrieval step and the builtin planner's
// tool choice share it (see WithCues), so the patterns run once per
// question.
type Cues struct {
	// Tools are the tools whose cues the question matches, in lexicon
	// order (CueTools).
	Tools []string
	// question is the text the cues were read from.
	question string
	// adjust is CueBonus once more for each strong cue's tools and minus
	// CueBonus for each tool a matching cue speaks against.
	adjust map[string]float64
}

// Adjustment is what the question's strong cues add to tool (CueBonus once
// more per strong cue) and what cues speaking against it take from it
// (CueBonus each), beyond the CueBonus of Tools.
func (c Cues) Adjustment(tool string) float64 { return c.adjust[tool] }

// MatchCues runs the intent lexicon over question once, in the default
// language.
func MatchCues(question string) Cues { return defaultLanguage().MatchCues(question) }

// MatchCues runs l's intent cues over question once.
func (l *Language) MatchCues(question string) Cues {
	// "how many conections": a misspelt cue word reads as the word.
	lower := lowerCorrected(question)
	// "the path is x.edgelist" names a file, not a path in the graph: the
	// phrase is blanked for the tools the cues name (every form of it
	// contains "path", so most questions skip the replacement).
	named := lower
	if strings.Contains(lower, "path") {
		named = filePathPhrase.ReplaceAllString(lower, " ")
	}
	out := Cues{question: question}
	var seen map[string]bool
	for i := range l.cues {
		c := &l.cues[i]
		hit := c.matches(named)
		if hit {
			for _, t := range c.tools {
				if !seen[t] {
					if seen == nil {
						seen = map[string]bool{}
					}
					seen[t] = true
					out.Tools = append(out.Tools, t)
				}
			}
		}
		if len(c.against) == 0 && !c.strong {
			continue
		}
		if named != lower {
			// The adjustments read the question as written.
			hit = c.matches(lower)
		}
		if !hit {
			continue
		}
		if out.adjust == nil {
			out.adjust = map[string]float64{}
		}
		if c.strong {
			for _, t := range c.tools {
				out.adjust[t] = max(out.adjust[t], 0) + CueBonus
			}
		}
		for _, t := range c.against {
			out.adjust[t] -= CueBonus
		}
	}
	// The intents the tools declare in their specs, after the table.
	l.intents().declaredCues(named, &out, seen)
	return out
}

// matches reports whether the lower-cased text q fires the cue: one of its
// words occurs, re matches and not (when set) does not.
func (c *toolCue) matches(q string) bool {
	return containsAny(q, c.words) && c.re.MatchString(q) && (c.not == nil || !c.not.MatchString(q))
}

// CueTools returns the tools whose intent cues the question matches, in
// lexicon order (MatchCues(question).Tools). The agent adds them to the
// retrieved candidates so that the builtin planner can weigh them.
func CueTools(question string) []string { return MatchCues(question).Tools }

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

// WithCues returns a context that carries the cues MatchCues read in a
// question, so that the builtin planner's tool choice on the same question
// does not run the lexicon again.
func WithCues(ctx context.Context, c Cues) context.Context {
	return context.WithValue(ctx, cueKey{}, c)
}

// cuesOf returns the cues of question in l's words, from ctx when WithCues put them
// there for the same question.
func (l *Language) cuesOf(ctx context.Context, question string) Cues {
	if c, ok := ctx.Value(cueKey{}).(Cues); ok && c.question == question {
		return c
	}
	return l.MatchCues(question)
}
