package extract

import "testing"

// TestCSVTableUnits reads tables whose value cells or column names carry
// units: the numbers are values with their unit, never text.
func TestCSVTableUnits(t *testing.T) {
	cases := []readerCase{
		{
			name:  "Markdown distances in km",
			text:  "| From | To | Distance |\n|------|----|----------|\n| Oslo | Bergen | 460 km |\n| Oslo | Trondheim | 500 km |\n\nHow far is Bergen from Trondheim?",
			nodes: []string{"Oslo", "Bergen", "Trondheim"}, edges: []string{"Oslo-Bergen:460", "Oslo-Trondheim:500"},
			meaning: MeaningDistance, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "CSV costs in dollars under a weight column",
			text:  "source,target,weight\nA,B,$300\nB,C,\"$1,200\"\n",
			nodes: []string{"A", "B", "C"}, edges: []string{"A-B:300", "B-C:1200"}, meaning: MeaningCost, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a flow rate unit the lexicon does not know keeps the column's meaning",
			text:  "A directed pipeline network:\nfrom,to,capacity\ns,a,1.2 MMcf/day\na,t,3 MMcf/day\n",
			nodes: []string{"s", "a", "t"}, edges: []string{"s-a:1.2", "a-t:3"}, meaning: MeaningCapacity, dir: DirDirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "minutes in TSV cells are weights",
			text:  "Source\tTarget\tTime\nA\tB\t5 min\nB\tC\t7 min\n",
			nodes: []string{"A", "B", "C"}, edges: []string{"A-B:5", "B-C:7"}, meaning: MeaningWeight, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "the unit in the column's name",
			text:  "from,to,distance (km)\nx,y,4\ny,z,6\n",
			nodes: []string{"x", "y", "z"}, edges: []string{"x-y:4", "y-z:6"}, meaning: MeaningDistance, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "a unit as the column's name",
			text:  "source,target,miles\nx,y,4\ny,z,6\n",
			nodes: []string{"x", "y", "z"}, edges: []string{"x-y:4", "y-z:6"}, meaning: MeaningDistance, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "mixed units are uncertain",
			text:  "source,target,distance\nx,y,4 km\ny,z,6 mi\n",
			nodes: []string{"x", "y", "z"}, edges: []string{"x-y:4", "y-z:6"}, meaning: MeaningDistance, maxConf: 0.6,
		},
	}
	checkReaderCases(t, CSVTable{}, cases)
}

// TestCSVTableUnitErrors: a value that is no number, with or without a
// unit, is still an error.
func TestCSVTableUnitErrors(t *testing.T) {
	checkSyntaxErrors(t, CSVTable{}, []syntaxErrorCase{
		{"words in the value column", "source,target,weight\nA,B,heavy\n", 2, 5, "not a number"},
		{"two numbers in a cell", "source,target,weight\nA,B,3 4\n", 2, 5, "not a number"},
	})
}
