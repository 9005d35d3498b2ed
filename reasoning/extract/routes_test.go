package extract

import "testing"

func TestRouteLists(t *testing.T) {
	cases := []readerCase{
		{
			name:  "bullets of lines sharing a stop",
			text:  "Here's our subway map:\n* Red line: Alpha, Beta, Gamma\n* Blue line: Beta, Delta, Epsilon\nHow many stations?",
			nodes: []string{"Alpha", "Beta", "Gamma", "Delta", "Epsilon"},
			edges: []string{"Alpha-Beta", "Beta-Gamma", "Beta-Delta", "Delta-Epsilon"}, dir: DirUndirected, minConf: 0.9, maxConf: 0.9,
		},
		{
			name:  "two sentences on one line, multi-word stops, a final and",
			text:  "Stops on the 12 bus: Mill Rd, Oak St and Town Hall. Stops on the 7 bus: Town Hall, Park.",
			nodes: []string{"Mill Rd", "Oak St", "Town Hall", "Park"},
			edges: []string{"Mill Rd-Oak St", "Oak St-Town Hall", "Town Hall-Park"}, dir: DirUndirected, minConf: 0.9, maxConf: 0.9,
		},
		{name: "no route word", text: "Fruits: apple, pear, plum."},
		{name: "a question is not a route", text: "Which line: A, B or C?"},
		{name: "an edge list under a line word", text: "Each line below is an edge:\n0 1\n1 2"},
		{name: "one stop is no route", text: "Red line: Alpha."},
		{name: "arrows are edges, not stops", text: "Train routes: Berlin → Rome, Paris → Berlin, Rome → Paris."},
		{name: "items that are sentences", text: "Bus route: it goes from the park, then turns left at the school, then stops."},
	}
	checkReaderCases(t, RouteLists{}, cases)
}

func FuzzReadRouteLists(f *testing.F) {
	fuzzReader(f, RouteLists{}, "* Red line: A, B, C\n* Blue line: B, D", "Stops on the 7 bus: X, Y. Stops: Y, Z.",
		"line:,,", "bus: a and b and c", "route: é, ü")
}
