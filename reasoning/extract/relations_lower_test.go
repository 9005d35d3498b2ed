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
			edges: []string{"ana->ben", "ben->cat", "dan->eve"}, dir: DirDirected, partial: true, note: "stand in one relation only"},
		{name: "a subject of a list only, standing in one statement, lowers the confidence",
			in:    "alpha is connected to beta and gamma. beta is connected to gamma.",
			edges: []string{"alpha--beta", "alpha--gamma", "beta--gamma"}, dir: DirUndirected, partial: true, note: "(alpha)"},
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
		{name: "kind nouns keep their meaning", in: "step two follows step one. step three follows step two."},
	})
}
