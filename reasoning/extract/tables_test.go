package extract

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// tableCase is a question with a table and what Read must make of it:
// the edges ("u-v" or "u-v:w", in order) and direction, or, with decline,
// no confident graph.
type tableCase struct {
	name     string
	text     string
	edges    []string
	directed bool
	meaning  Meaning
	decline  bool   // no graph, or one below Confident
	fact     string // a substring of the report's facts
}

func (tc tableCase) run(t *testing.T) {
	t.Helper()
	ex, err := Read(context.Background(), tc.text, Options{})
	if tc.decline {
		if err == nil && ex.Graph != nil && ex.Graph.M() > 0 && ex.Confidence >= Confident {
			t.Errorf("%s: read a confident graph (%s), want it declined", tc.name, ex.Report.Summary())
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	if ex.Graph == nil {
		t.Fatalf("%s: no graph (%s)", tc.name, ex.Report.Summary())
	}
	var got []string
	g := ex.Graph
	for e := int32(0); e < int32(g.M()); e++ {
		u, v := g.Edge(e)
		s := g.ID(u) + "-" + g.ID(v)
		switch {
		case g.Weighted():
			s += fmt.Sprintf(":%g", g.Weight(e))
		case g.HasCapacities():
			s += fmt.Sprintf(":%g", g.Capacity(e))
		}
		got = append(got, s)
	}
	if strings.Join(got, " ") != strings.Join(tc.edges, " ") {
		t.Errorf("%s: edges %v, want %v (%s)", tc.name, got, tc.edges, ex.Report.Summary())
	}
	if g.Directed() != tc.directed {
		t.Errorf("%s: directed %v, want %v (%s)", tc.name, g.Directed(), tc.directed, ex.Report.DirectedWhy)
	}
	if ex.Confidence < Confident {
		t.Errorf("%s: confidence %.2f, want at least %.2f: %s %v", tc.name, ex.Confidence, Confident, ex.Report.Summary(), ex.Report.Problems())
	}
	if tc.meaning != MeaningNone && ex.Report.EdgeValues != tc.meaning {
		t.Errorf("%s: edge values %q, want %q", tc.name, ex.Report.EdgeValues, tc.meaning)
	}
	if tc.fact != "" && !strings.Contains(strings.Join(ex.Report.NodeData, "\n"), tc.fact) {
		t.Errorf("%s: facts %q, want %q", tc.name, ex.Report.NodeData, tc.fact)
	}
}

// TestTableVerbHeaders: a header whose columns are a one-way verb's agent
// and patient ("follower,followed", "follower, followee", "citing,
// cited") or a node and the verb ("paper | cites") reads the edges one
// way, from the agent, and says so. Before: the tables were not read at
// all ("no graph").
func TestTableVerbHeaders(t *testing.T) {
	for _, tc := range tableVerbCases {
		tc.run(t)
	}
}

var tableVerbCases = []tableCase{
	{name: "CSV follower,followed", text: "exported from the app:\nfollower,followed\nmaya,leo\nleo,kai\nkai,maya\nzoe,maya\nhow many followers does maya have?",
		edges: []string{"maya-leo", "leo-kai", "kai-maya", "zoe-maya"}, directed: true, fact: "the follower follows the followed"},
	{name: "TSV followee first", text: "followee\tfollower\nann\tbo\nann\tcy\nbo\tcy\n\nWho follows ann?",
		edges: []string{"bo-ann", "cy-ann", "cy-bo"}, directed: true},
	{name: "citing,cited", text: "citing,cited\nP1,P2\nP1,P3\nP3,P2\nWhich paper is cited most?",
		edges: []string{"P1-P2", "P1-P3", "P3-P2"}, directed: true},
	{name: "node and verb", text: "| paper | cites |\n|---|---|\n| Lee2015 | Kim2010 |\n| Wu2020 | Lee2015 |\n\nHow many papers cite Lee2015?",
		edges: []string{"Lee2015-Kim2010", "Wu2020-Lee2015"}, directed: true},
	{name: "SQL follower, followee", text: "CREATE TABLE follows (follower VARCHAR, followee VARCHAR);\nINSERT INTO follows (follower, followee) VALUES\n('u1','u2'),\n('u2','u1'),\n('u3','u2');\nWho has the most followers?",
		edges: []string{"u1-u2", "u2-u1", "u3-u2"}, directed: true},
	// Two agents of the verb: which column is whose is not known.
	{name: "two follower columns", text: "follower,follower2\na,b\nb,c\nWho follows a?", decline: true},
	// A verb pair of different verbs is no pair.
	{name: "different verbs", text: "follower,cited\na,b\nb,c\nHow many edges?", decline: true},
}

// TestTableLists: a column that lists a node's neighbours ("Respondent |
// Named as friends", "node: connected_to", "Neighbor" under a router's
// prompt) gives an edge to each, listed from both ends once. Before: no
// graph.
func TestTableLists(t *testing.T) {
	for _, tc := range tableListCases {
		tc.run(t)
	}
}

var tableListCases = []tableCase{
	{name: "friends survey", text: "Class survey (friendship is mutual):\nRespondent | Named as friends\nMia | Noah, Olivia\nNoah | Mia, Olivia, Pablo\nOlivia | Mia, Noah\nPablo | Noah\n\nWhich friends do Mia and Pablo have in common?",
		edges: []string{"Mia-Noah", "Mia-Olivia", "Noah-Olivia", "Noah-Pablo"}},
	{name: "TSV connected_to, one per row", text: "ID\tConnected_to\n1\t2\n2\t3\n4\t5\nHow many separate clusters are there?",
		edges: []string{"1-2", "2-3", "4-5"}},
	{name: "Markdown node | neighbours", text: "| node | neighbours |\n|---|---|\n| A | B, C |\n| B | A |\n| C | A, D |\n| D | C |\n\nIs the graph a tree?",
		edges: []string{"A-B", "A-C", "C-D"}},
	{name: "successors one way", text: "task,successors\nfetch,build\nbuild,test; deploy\ntest,deploy\nGive a topological order.",
		edges: []string{"fetch-build", "build-test", "build-deploy", "test-deploy"}, directed: true},
	{name: "router neighbour tables", text: "R1# show neighbors\nNeighbor   Latency(ms)  State\nR2         4            FULL\nR3         12           FULL\n\n" +
		"R2# show neighbors\nNeighbor   Latency(ms)  State\nR1         4            FULL\nR3         3            FULL\n\n" +
		"R3# show neighbors\nNeighbor   Latency(ms)  State\nR1         12           FULL\nR2         3            FULL\n\nWhat is the lowest-latency path from R1 to R3?",
		edges: []string{"R1-R2:4", "R1-R3:12", "R2-R3:3"}},
	{name: "depends on, multi-word tasks", text: "Task | Depends on\n---|---\nSurvey site | —\nPour foundation | Survey site, Get permit\nGet permit | —\nFrame walls | Pour foundation\nInstall roof | Frame walls\n\nWhich task can start last?",
		edges: []string{"Survey site-Pour foundation", "Get permit-Pour foundation", "Pour foundation-Frame walls", "Frame walls-Install roof"}, directed: true, fact: "an edge from each to it"},
	{name: "prerequisites, space-separated names", text: "course,prerequisites\nCS201,CS101\nCS301,CS201 MATH120\nWhat must I take before CS301?",
		edges: []string{"CS101-CS201", "CS201-CS301", "MATH120-CS301"}, directed: true},
	{name: "before | after", text: "Dependencies (the first must happen before the second):\n\n| before | after |\n|:--|:--|\n| step0 | step1 |\n| step3 | step0 |\n\nGive a valid order for all steps.",
		edges: []string{"step0-step1", "step3-step0"}, directed: true},
	// The two ends list different latencies: which is the link's is not known.
	{name: "router tables disagree", text: "R1# show neighbors\nNeighbor   Latency(ms)  State\nR2         4            FULL\n\nR2# show neighbors\nNeighbor   Latency(ms)  State\nR1         9            FULL\n\nWhat is the latency from R1 to R2?",
		decline: true},
	// A neighbour table with no node named above it is not read.
	{name: "neighbour table without its node", text: "Here is the table.\nNeighbor   Latency(ms)  State\nR2         4            FULL\nR3         12           FULL\n\nWhat is the fastest path?", decline: true},
	// A list with one number for several neighbours: which is whose?
	{name: "list with one number", text: "node | neighbours | weight\nA | B, C | 3\nB | C | 4\nShortest path from A to C?", decline: true},
}

// TestTableEdgeCells: a column named by an edge noun holds a whole edge
// per cell ("| Road | Length |" over "| Leeds – York | 40 km |"). Before:
// the dashes were read and the numbers were not (confidence 0.40).
func TestTableEdgeCells(t *testing.T) {
	for _, tc := range tableCellCases {
		tc.run(t)
	}
}

var tableCellCases = []tableCase{
	{name: "Markdown roads with km", text: "From the ops wiki:\n\n| Road | Length |\n|------|--------|\n| Leeds – York | 40 km |\n| York – Hull | 60 km |\n| Leeds – Hull | 120 km |\n\nWhat is the shortest distance from Leeds to Hull?",
		edges: []string{"Leeds-York:40", "York-Hull:60", "Leeds-Hull:120"}, meaning: MeaningDistance},
	{name: "links with arrows", text: "| link | cost |\n|---|---|\n| A -> B | $3 |\n| B -> C | $4 |\n| C -> A | $5 |\n\nWhat is the cheapest route from A to C?",
		edges: []string{"A-B:3", "B-C:4", "C-A:5"}, directed: true, meaning: MeaningCost},
	// A route of three stops is not one edge.
	{name: "a path in a cell", text: "| Route | Minutes |\n|---|---|\n| A – B – C | 12 |\n| C – D | 4 |\n\nHow long from A to D?", decline: true},
}

// TestTableFramesAndBoxes: a Neo4j result box, MySQL's and psql's
// tables. Before: no graph, or the Cypher query's one edge.
func TestTableFramesAndBoxes(t *testing.T) {
	for _, tc := range tableBoxCases {
		tc.run(t)
	}
}

var tableBoxCases = []tableCase{
	{name: "neo4j box", text: "neo4j$ MATCH (a:Station)-[:ADJACENT]-(b:Station) RETURN a.name, b.name\n╒══════════════╤══════════════╕\n│ a.name │ b.name │\n╞══════════════╪══════════════╡\n│ \"Kings Cross\" │ \"Euston\" │\n│ \"Euston\" │ \"Warren St\" │\n│ \"Kings Cross\" │ \"Farringdon\" │\n└──────────────┴──────────────┘\nHow many hops from Euston to Farringdon?",
		edges: []string{"Kings Cross-Euston", "Euston-Warren St", "Kings Cross-Farringdon"}},
	{name: "neo4j box, one way, with a property", text: "MATCH (a:City)-[r:ROAD]->(b:City) RETURN a.name, b.name, r.km\n╒════════╤════════╤══════╕\n│ a.name │ b.name │ r.km │\n╞════════╪════════╪══════╡\n│ \"Oslo\" │ \"Bergen\" │ 460 │\n│ \"Bergen\" │ \"Trondheim\" │ 630 │\n└────────┴────────┴──────┘\nHow far from Oslo to Trondheim?",
		edges: []string{"Oslo-Bergen:460", "Bergen-Trondheim:630"}, directed: true, meaning: MeaningDistance},
	{name: "mysql", text: "mysql> SELECT src, dst, cost FROM links;\n+-----+-----+------+\n| src | dst | cost |\n+-----+-----+------+\n| a   | b   |    3 |\n| b   | c   |    4 |\n+-----+-----+------+\n2 rows in set (0.00 sec)\n\nCheapest path from a to c?",
		edges: []string{"a-b:3", "b-c:4"}, meaning: MeaningCost},
	{name: "psql", text: " source | target | weight\n--------+--------+--------\n x      | y      |      2\n y      | z      |      5\n(2 rows)\n\nShortest path from x to z?",
		edges: []string{"x-y:2", "y-z:5"}},
	// A reversed pattern: which column is the source is not guessed.
	{name: "neo4j reversed", text: "MATCH (a:P)<-[:FOLLOWS]-(b:P) RETURN a.name, b.name\n╒═══╤═══╕\n│ a.name │ b.name │\n╞═══╪═══╡\n│ \"x\" │ \"y\" │\n│ \"y\" │ \"z\" │\n└───┴───┘\nWho follows x?", decline: true},
	// A boxed table of no graph: its columns name no edge's ends.
	{name: "box of names and ages", text: "+------+-----+\n| name | age |\n+------+-----+\n| Ann  | 31  |\n| Bo   | 27  |\n+------+-----+\nWho is older?", decline: true},
}

// TestTableFixedWidth: a space-aligned table whose names hold spaces is
// cut at its header's columns; a rate unit ("trucks/day") is the unit's
// measure. Before: no graph. Capacities whose direction nothing states
// are uncertain (a flow depends on it).
func TestTableFixedWidth(t *testing.T) {
	for _, tc := range tableFixedCases {
		tc.run(t)
	}
}

var tableFixedCases = []tableCase{
	{name: "fixed width, one way", text: "Lanes (one-way, a directed network):\nfrom          to             trucks/day\nPlant Lyon    DC North          40\nDC North      Hub Paris         30\nHub Marseille Store 12          30\nHub Paris     Store 12          35\n\nHow many trucks per day from Plant Lyon to Store 12?",
		edges: []string{"Plant Lyon-DC North:40", "DC North-Hub Paris:30", "Hub Marseille-Store 12:30", "Hub Paris-Store 12:35"}, directed: true, meaning: MeaningCapacity},
	{name: "fixed width, minutes", text: "origin        destination    minutes\nOld Town      Harbour        12\nHarbour       North Gate     7\n\nHow long from Old Town to North Gate?",
		edges: []string{"Old Town-Harbour:12", "Harbour-North Gate:7"}},
	// A word across a column's start: the row does not fit the header.
	{name: "fixed width, a row across the columns", text: "from          to             km\nPlant Lyon    DC North       40\nA very long name here  B      3\n\nHow far?", decline: true},
	{name: "capacities, direction not stated", text: "from          to             trucks/day\nPlant Lyon    DC North          40\nDC North      Hub Paris         30\n\nHow many trucks per day from Plant Lyon to Hub Paris?", decline: true},
}

// TestTableNotGraphs: tables that are not graphs, or whose columns
// cannot be assigned, are not read as one; a header row is never an edge.
func TestTableNotGraphs(t *testing.T) {
	for _, tc := range tableNotGraphCases {
		tc.run(t)
	}
}

var tableNotGraphCases = []tableCase{
	// Two number columns: which the question asks by is not the reader's
	// to choose.
	{name: "weight and capacity", text: "source,target,weight,capacity\nA,B,3,10\nB,C,4,5\nShortest path from A to C?", decline: true},
	{name: "a price list", text: "item,price\napple,3\npear,4\nWhat is the cheapest item?", decline: true},
	{name: "unknown columns", text: "alpha,beta,gamma\nA,B,3\nB,C,4\nShortest path from A to C?", decline: true},
	{name: "a score is no weight", text: "#node1\tnode2\tcombined_score\nTP53\tMDM2\t0.999\nTP53\tATM\t0.991\nMDM2\tATM\t0.9\n\nHow many interaction partners does TP53 have?",
		edges: []string{"TP53-MDM2", "TP53-ATM", "MDM2-ATM"}},
}

// tableSeeds are the table tests' questions, for FuzzRead's corpus.
func tableSeeds() []string {
	var out []string
	for _, cs := range [][]tableCase{tableVerbCases, tableListCases, tableCellCases, tableBoxCases, tableFixedCases, tableNotGraphCases, treeCases} {
		for _, c := range cs {
			out = append(out, c.text)
		}
	}
	return out
}
