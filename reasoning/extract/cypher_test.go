package extract

import "testing"

func TestCypher(t *testing.T) {
	cases := []readerCase{
		{
			name:  "one pattern per line",
			text:  "(Alice)-[:FOLLOWS]->(Bob)\n(Bob)-[:FOLLOWS]->(Carol)\nWhom does Bob follow?",
			nodes: []string{"Alice", "Bob", "Carol"}, edges: []string{"Alice-Bob", "Bob-Carol"}, dir: DirDirected,
			minConf: 0.9, maxConf: 0.95,
		},
		{
			name:  "undirected relationships",
			text:  "(a)-[:KNOWS]-(b)\n(b)-[:KNOWS]-(c)",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirUndirected, minConf: 0.9, maxConf: 0.95,
		},
		{
			name:  "names, labels and weights",
			text:  "CREATE (a:Person {name: 'Ann'})-[:RATED {weight: 3}]->(m:Movie {title: \"Up\"}),\n       (b:Person {name: 'Bo'})-[:RATED {weight: 2.5}]->(m)",
			nodes: []string{"Ann", "Up", "Bo"}, edges: []string{"Ann-Up:3", "Bo-Up:2.5"}, dir: DirDirected, meaning: MeaningWeight,
			minConf: 0.9, maxConf: 0.95,
		},
		{
			name:  "a chain with bare arrows",
			text:  "MATCH (a)-->(b)-->(c)",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirDirected, minConf: 0.9, maxConf: 0.95,
		},
		{
			name:  "left arrows and a comma list",
			text:  "(x)<-[:PARENT_OF]-(y), (y)<--(z);",
			nodes: []string{"x", "y", "z"}, edges: []string{"y-x", "z-y"}, dir: DirDirected, minConf: 0.9, maxConf: 0.95,
		},
		{
			name:  "capacities and a variable on the relationship",
			text:  "MERGE (s)-[r:PIPE {capacity: 5}]->(t)",
			nodes: []string{"s", "t"}, edges: []string{"s-t:5"}, dir: DirDirected, meaning: MeaningCapacity,
			minConf: 0.9, maxConf: 0.95,
		},
		{
			name:  "backquoted names",
			text:  "(`New York`)-[:ROAD {distance: 215}]-(Boston)",
			nodes: []string{"New York", "Boston"}, edges: []string{"New York-Boston:215"}, dir: DirUndirected,
			meaning: MeaningDistance, minConf: 0.9, maxConf: 0.95,
		},
		{
			name:  "mixed arrows are uncertain",
			text:  "(a)-->(b)\n(b)--(c)",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c"}, dir: DirUnknown, maxConf: 0.6,
		},
		{
			name:  "some weights missing is uncertain",
			text:  "(a)-[:R {cost: 4}]->(b)\n(b)-[:R]->(c)",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:4", "b-c"}, dir: DirDirected, meaning: MeaningCost, maxConf: 0.6,
		},
		{
			name:  "inside a sentence",
			text:  "The data says (Ann)-[:KNOWS]->(Bo) and nothing else.",
			nodes: []string{"Ann", "Bo"}, edges: []string{"Ann-Bo"}, dir: DirDirected, minConf: 0.8, maxConf: 0.85,
		},
		{
			name:  "relationship properties named by a unit, nodes declared on their own line",
			text:  "CREATE (a:City {name:'A'}), (b:City {name:'B'}), (c:City {name:'C'})\nCREATE (a)-[:ROAD {km: 40}]->(b), (b)-[:ROAD {km: 30}]->(c), (a)-[:ROAD {km: 100}]->(c)\nHow far is it from A to C?",
			nodes: []string{"A", "B", "C"}, edges: []string{"A-B:40", "B-C:30", "A-C:100"}, dir: DirDirected,
			meaning: MeaningDistance, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "values written with their unit",
			text:  "MERGE (x)-[:FLIGHT {cost: '$300'}]->(y)\nMERGE (y)-[:FLIGHT {cost: '$120'}]->(z)",
			nodes: []string{"x", "y", "z"}, edges: []string{"x-y:300", "y-z:120"}, dir: DirDirected, meaning: MeaningCost,
			minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "durations are weights",
			text:  "(fetch)-[:THEN {minutes: 5}]->(build)\n(build)-[:THEN {minutes: 12}]->(test)",
			nodes: []string{"fetch", "build", "test"}, edges: []string{"fetch-build:5", "build-test:12"}, dir: DirDirected,
			meaning: MeaningWeight, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "different units are uncertain",
			text:  "(a)-[:R {distance: '3 km'}]->(b)\n(b)-[:R {distance: '2 mi'}]->(c)",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:3", "b-c:2"}, dir: DirDirected, meaning: MeaningDistance,
			maxConf: 0.6,
		},
		{name: "a CREATE of nodes alone has no edges", text: "CREATE (a:City {name:'A'}), (b:City {name:'B'})"},
		{name: "prose with parentheses", text: "Node (a) is linked to node (b) - see the figure."},
		{name: "arrows without parentheses", text: "a -> b\nb -> c"},
		{name: "short arrows between parenthesized nodes", text: "(A)<-(B)\n(B)->(C)"},
		{name: "a broken pattern inside a sentence", text: "We write (a)-[:X->(b) badly here."},
	}
	checkReaderCases(t, Cypher{}, cases)
}

func TestCypherErrors(t *testing.T) {
	checkSyntaxErrors(t, Cypher{}, []syntaxErrorCase{
		{"unclosed relationship", "x\n(a)-[:X->(b)", 2, 8, "']'"},
		{"anonymous node", "(a)-->()", 1, 7, "neither a variable nor a name"},
		{"variable length", "(a)-[:X*2]->(b)", 1, 8, "variable-length"},
		{"both arrow heads", "(a)<-[:X]->(b)", 1, 4, "both ways"},
		{"weight not a number", "(a)-[:X {weight: 'heavy'}]->(b)", 1, 4, "not a number"},
		{"distance not a number", "CREATE (a)-[:X {km: 'far'}]->(b)", 1, 11, "not a number"},
		{"unclosed node", "CREATE (a)-->(b", 1, 16, "')'"},
		{"variable renamed", "(a {name: 'Ann'})-->(b), (a {name: 'Bo'})-->(b)", 1, 26, "names both"},
		{"unclosed string", "(a {name: 'Ann})-->(b)", 1, 11, "not closed"},
	})
}

func FuzzCypher(f *testing.F) {
	fuzzReaderErrors(f, Cypher{}, positionedSyntaxError(false),
		"(Alice)-[:FOLLOWS]->(Bob)\n(Bob)-[:FOLLOWS]->(Carol)",
		"CREATE (a:Person {name: 'Ann'})-[:RATED {weight: 3}]->(m),\n (m)<-[:X]-(b)",
		"(a)-->(b)-->(c), (c)--(a);",
		"(`x y`)-[r:R|S {cost: 1e3}]-(z)",
		"(a)-[:X*]->(b)",
		"((a)-->(b))",
	)
}
