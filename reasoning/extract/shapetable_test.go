package extract

import (
	"context"
	"strings"
	"testing"
)

func TestShapeTable(t *testing.T) {
	cases := []struct {
		name     string
		text     string
		nodes    []string // nil: the reading must be empty
		edges    []string
		dir      Direction
		assumed  bool
		meaning  Meaning
		unsure   bool
		note     string
		spanText string
	}{
		{
			name: "TSV of lists, every pair from both ends: undirected",
			text: "Which wards share staff with Paeds? pasted from the rota sheet:\n\nWard\tShares staff with\tManager ext\n" +
				"ICU\tHDU, A&E\t4400\nHDU\tICU\t4407\nA&E\tICU, Paeds\t4414\nPaeds\tA&E\t4442\n",
			nodes: []string{"ICU", "HDU", "A&E", "Paeds"}, edges: []string{"ICU-HDU", "ICU-A&E", "A&E-Paeds"},
			dir: DirUndirected, note: `"Manager ext"`,
			spanText: "Ward\tShares staff with\tManager ext\nICU\tHDU, A&E\t4400\nHDU\tICU\t4407\nA&E\tICU, Paeds\t4414\nPaeds\tA&E\t4442",
		},
		{
			name:  "Markdown table with a unit column: the header's verb gives the direction",
			text:  "| Hive | Lends extractor to | Distance (km) |\n|---|---|---|\n| Maya | Jonas | 4 |\n| Jonas | Priya | 2.5 |\n| Maya | Priya | 9 |\n\nShortest distance?",
			nodes: []string{"Maya", "Jonas", "Priya"}, edges: []string{"Maya-Jonas:4", "Jonas-Priya:2.5", "Maya-Priya:9"},
			dir: DirDirected, meaning: MeaningDistance,
		},
		{
			name:  "lists written with spaces split when every word is an identifier",
			text:  "Mentor\tFree for\nAbe\ts03 s07\nBea\ts02\nCal\ts02 s05\nDot\ts07\n",
			nodes: []string{"Abe", "s03", "s07", "Bea", "s02", "Cal", "s05", "Dot"},
			edges: []string{"Abe-s03", "Abe-s07", "Bea-s02", "Cal-s02", "Cal-s05", "Dot-s07"}, dir: DirUndirected,
		},
		{
			name:  "a node column beside words the table reader does not know: a bipartite table",
			text:  "Name\tCan do\nAhmed\tMon AM, Tue PM\nGrace\tTue PM, Sat AM\nLucy\tSat AM\n",
			nodes: []string{"Ahmed", "Mon AM", "Tue PM", "Grace", "Sat AM", "Lucy"},
			edges: []string{"Ahmed-Mon AM", "Ahmed-Tue PM", "Grace-Tue PM", "Grace-Sat AM", "Lucy-Sat AM"}, dir: DirUndirected,
		},
		{
			name:  "names of several words stay whole",
			text:  "Space\tDoor to\nLobby\tRoom 101\nRoom 101\tRoom 102\nRoom 102\tStore\n",
			nodes: []string{"Lobby", "Room 101", "Room 102", "Store"},
			edges: []string{"Lobby-Room 101", "Room 101-Room 102", "Room 102-Store"}, dir: DirDirected, assumed: true,
		},
		{
			name:  "a verb with its object before the particle",
			text:  "Hive owner\tLends extractor to\nMaya\tJonas\nJonas\tPriya\nLena\tPriya\n",
			nodes: []string{"Maya", "Jonas", "Priya", "Lena"}, edges: []string{"Maya-Jonas", "Jonas-Priya", "Lena-Priya"},
			dir: DirDirected,
		},
		{
			name:  "an order verb in the header points the edges back",
			text:  "Step;Relies on\nbottle;ferment\nferment;mash\nlabel;bottle\n",
			nodes: []string{"bottle", "ferment", "mash", "label"}, edges: []string{"ferment-bottle", "mash-ferment", "bottle-label"},
			dir: DirDirected,
		},
		{
			name:  "no pair listed both ways, header silent: directed by assumption",
			text:  "Allotment  Swaps seedlings\nPlot 3  Plot 7\nPlot 7  Plot 9\nPlot 9  Plot 12\n",
			nodes: []string{"Plot 3", "Plot 7", "Plot 9", "Plot 12"}, edges: []string{"Plot 3-Plot 7", "Plot 7-Plot 9", "Plot 9-Plot 12"},
			dir: DirDirected, assumed: true,
		},
		{
			name:  "some pairs both ways, some one way: directed as listed",
			text:  "Ham radio op,Relays for\nAnna,Ben\nBen,Anna\nBen,Cleo\n",
			nodes: []string{"Anna", "Ben", "Cleo"}, edges: []string{"Anna-Ben", "Ben-Anna", "Ben-Cleo"},
			dir: DirDirected, note: "both ends and some from one",
		},
		{
			name:  "a number column whose header names no value is not read, and makes the reading unsure",
			text:  "Choir\tSings carols with\tFounded\nAsh\tBirch\t1901\nBirch\tCedar\t1920\nCedar\tAsh\t1933\n",
			nodes: []string{"Ash", "Birch", "Cedar"}, edges: []string{"Ash-Birch", "Birch-Cedar", "Cedar-Ash"},
			dir: DirDirected, assumed: true, unsure: true, note: `"Founded"`,
		},
		{
			name:  "two column pairs could be the edges: unsure",
			text:  "Team\tLead\tDeputy\tBackup\nRed\tAnn\tBo\tAnn\nBlue\tBo\tCy\tCy\nGreen\tCy\tAnn\tBo\n",
			nodes: []string{"Ann", "Bo", "Cy"}, edges: []string{"Ann-Bo", "Bo-Cy", "Cy-Ann"},
			dir: DirDirected, assumed: true, unsure: true, note: "could be the edges' ends too",
		},
		{
			name:  "two kinds of things: distinct names beside recurring ones that never meet them",
			text:  "| Cast member | Can cover |\n|---|---|\n| Siobhan | Macduff, Malcolm |\n| Kwame | Witch |\n| Hannah | Witch, Porter |\n",
			nodes: []string{"Siobhan", "Macduff", "Malcolm", "Kwame", "Witch", "Hannah", "Porter"},
			edges: []string{"Siobhan-Macduff", "Siobhan-Malcolm", "Kwame-Witch", "Hannah-Witch", "Hannah-Porter"},
			dir:   DirUndirected, note: "two kinds of things",
		},
		{
			name:  "both ends named alike",
			text:  "| Musician | Musician |\n|---|---|\n| Thea | Rosa |\n| Abe | Thea |\n| Rosa | Abe |\n",
			nodes: []string{"Thea", "Rosa", "Abe"}, edges: []string{"Thea-Rosa", "Abe-Thea", "Rosa-Abe"},
			dir: DirDirected, assumed: true,
		},
		{name: "distinct names beside names that never recur", text: "Ward\tManager\nICU\tDr Okafor\nHDU\tDr Lee\nAMU\tDr Bell\n"},
		// A header is never an edge: a header cell among the values makes
		// the first line a row of a table without a header.
		{name: "a first line that is a row", text: "Maya\tJonas\nJonas\tPriya\nPriya\tMaya\n"},
		{name: "a header cell recurs below", text: "Ward\tNext to\nICU\tWard\nWard\tHDU\n"},
		{name: "columns whose values never meet", text: "Ward\tManager\nICU\tDr Okafor\nHDU\tDr Lee\n"},
		{name: "one row", text: "Hive\tLends to\nMaya\tJonas\n"},
		{name: "a known header is the table reader's", text: "source,target\nA,B\nB,C\n"},
		{name: "numbers in the header", text: "Ward\t2024\nICU\tHDU\nHDU\tICU\n"},
		{name: "prose with commas", text: "Ann, Bo and Cy met.\nBo, Cy and Di left.\nCy, Di and Ann stayed.\n"},
		{name: "a header under a sentence", text: "We met at the fair last spring\nHive\tLends to\nMaya\tJonas\nJonas\tMaya\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, ShapeTable{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			if strings.Contains(c.name, "two kinds") && (got.Kinds["Siobhan"] != "cast member" || got.Kinds["Witch"] != "can cover") {
				t.Errorf("kinds %v, want the rows' people and the parts apart", got.Kinds)
			}
			checkDirMeaning(t, got, c.dir, c.meaning)
			if got.DirectionAssumed != c.assumed {
				t.Errorf("direction assumed %v, want %v", got.DirectionAssumed, c.assumed)
			}
			if unsure := got.Confidence < Confident; unsure != c.unsure {
				t.Errorf("confidence %.2f (notes %v), want unsure %v", got.Confidence, got.Notes, c.unsure)
			}
			if c.note != "" {
				checkNote(t, got, c.note)
			}
			if c.spanText != "" {
				if sp := spanTexts(c.text, got, RoleGraph); len(sp) != 1 || sp[0] != c.spanText {
					t.Errorf("spans %q, want %q", sp, c.spanText)
				}
			}
		})
	}
}

// TestShapeTableAssumedDirectionReported checks that the combined report
// marks a direction only the table's shape gave, and not one the question
// states.
func TestShapeTableAssumedDirectionReported(t *testing.T) {
	table := "Allotment\tSwaps seedlings with\nPlot 3\tPlot 7\nPlot 7\tPlot 9\n"
	for _, c := range []struct {
		text    string
		assumed bool
	}{
		{table + "\nHow many plots does Plot 7 swap with?", true},
		{"In this directed graph:\n\n" + table + "\nHow many plots does Plot 7 swap with?", false},
	} {
		ex, err := Read(context.Background(), c.text, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !ex.Graph.Directed() || ex.Report.DirectionAssumed != c.assumed {
			t.Errorf("%q: directed %v, assumed %v; want directed, assumed %v (%s)", c.text, ex.Graph.Directed(), ex.Report.DirectionAssumed, c.assumed, ex.Report.Summary())
		}
	}
}

func FuzzShapeTable(f *testing.F) {
	fuzzReader(f, ShapeTable{},
		"Ward\tShares staff with\tManager ext\nICU\tHDU, A&E\t4400\nHDU\tICU\t4407\n",
		"| Hive | Lends extractor to | Distance (km) |\n|---|---|---|\n| Maya | Jonas | 4 |\n| Jonas | Maya | 2.5 |\n",
		"Team\tLead\tDeputy\nRed\tAnn\tBo\nBlue\tBo\tAnn\n",
		"Allotment  Swaps seedlings\nPlot 3  Plot 7\nPlot 7  Plot 9\n",
		"Step;Waits on\nbottle;ferment\nferment;mash\n",
		"a,b\nc,\n,\n",
	)
}
