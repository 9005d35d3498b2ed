package extract

import "testing"

// TestPastedForms: forms people paste that the readers once left unread
// (issue 21): a Markdown matrix under a rule row, a spreadsheet's tick
// matrix, a fixed-width export with a record ID column, headerless
// two-name lines, "X to Y" lines with lower-case names, lists of "A+B"
// pairs, Markdown bold, and the lexicon's direction phrases. Each case
// would read nothing, or the wrong graph, without its reader.
func TestPastedForms(t *testing.T) {
	for _, tc := range []tableCase{
		{name: "Markdown matrix under a rule row, '-' diagonal",
			text:  "Drive times (hours):\n| | Leeds | York | Hull |\n|---|---|---|---|\n| Leeds | - | 1 | 2 |\n| York | 1 | - | 1.5 |\n| Hull | 2 | 1.5 | - |\nShortest drive from Leeds to Hull?",
			edges: []string{"Leeds-York:1", "Leeds-Hull:2", "York-Hull:1.5"}},
		{name: "Markdown matrix with a corner word",
			text:  "| hrs | A | B | C |\n|---|---|---|---|\n| A | - | 4 | 2 |\n| B | 4 | - | 3 |\n| C | 2 | 3 | - |\nWhat order is cheapest?",
			edges: []string{"A-B:4", "A-C:2", "B-C:3"}},
		{name: "tick matrix copied from a sheet",
			text:  "Sparring log (✓ = have sparred):\n\tAna\tBo\tCy\tDee\nAna\t\t✓\t✓\t\nBo\t✓\t\t\t✓\nCy\t✓\t\t\t\nDee\t\t✓\t\t\nHow many partners on average?",
			edges: []string{"Ana-Bo", "Ana-Cy", "Bo-Dee"}},
		{name: "fixed-width export with a record ID column",
			text:  "Pipe runs:\nRUN  FROM  TO   LENGTH(m)\nR01  MH1   MH2  25\nR02  MH2   MH3  40\nR03  MH3   MH1  30\nHow long is the shortest way from MH1 to MH3?",
			edges: []string{"MH1-MH2:25", "MH2-MH3:40", "MH3-MH1:30"}},
		{name: "a column of row numbers is no edge value",
			text:  "No.  FROM  TO\n1    Ann   Bob\n2    Bob   Cy\n3    Cy    Dan\nHow many people are there?",
			edges: []string{"Ann-Bob", "Bob-Cy", "Cy-Dan"}},
		{name: "headerless two-name lines",
			text:  "Contacts this week:\nBed 1, Bed 2\nBed 2, Bed 3\nBed 4, Bed 5\nHow many separate clusters?",
			edges: []string{"Bed 1-Bed 2", "Bed 2-Bed 3", "Bed 4-Bed 5"}},
		{name: "a header row is never an edge",
			text:  "person_a, person_b\nann, bob\nbob, cy\nHow many edges?",
			edges: []string{"ann-bob", "bob-cy"}},
		{name: "'X to Y' lines with lower-case names and lengths",
			text:    "my notes (paths, km):\n- car park to beech hollow 1.2km\n- car park to fallen oak 2.0km\n- beech hollow to fallen oak 0.9km\nShortest from car park to fallen oak?",
			edges:   []string{"car park-beech hollow:1.2", "car park-fallen oak:2", "beech hollow-fallen oak:0.9"},
			meaning: MeaningDistance},
		{name: "'X to Y' lines are one way where the text says so",
			text:     "Exits are one-way:\nmeadow to cliffs\ncliffs to burrow\nburrow to meadow\nIs there a cycle?",
			edges:    []string{"meadow-cliffs", "cliffs-burrow", "burrow-meadow"},
			directed: true},
		{name: "pairs joined by '+', no header noun",
			text:  "Shared kiln loads this year (each pair fired together): Ana+Bo, Bo+Cyd, Ana+Cyd, Cyd+Dee.\nHow many groups?",
			edges: []string{"Ana-Bo", "Bo-Cyd", "Ana-Cyd", "Cyd-Dee"}},
		{name: "Markdown bold names in an arrow list",
			text:     "Level exits:\n- **Meadow** → Cliffs, Burrow\n- **Cliffs** → Meadow\n- **Burrow** → Mines\nWhich levels can reach each other?",
			edges:    []string{"Meadow-Cliffs", "Meadow-Burrow", "Cliffs-Meadow", "Burrow-Mines"},
			directed: true},
		{name: "'one-way' makes an adjacency list directed",
			text:     "The corridors are one-way:\nA: B, C\nB: C\nC: A\nWhich rooms can reach each other?",
			edges:    []string{"A-B", "A-C", "B-C", "C-A"},
			directed: true},
		{name: "prose with adverbs, 'is pals with', 'are close', 'sits with'",
			text:  "Edna always sits with Mabel. Florence also chats with Albert. Albert is pals with Stanley. Irene and Walter are close. Who is central?",
			edges: []string{"Edna-Mabel", "Florence-Albert", "Albert-Stanley", "Irene-Walter"}},
		{name: "a tabbed matrix with multi-word names and '-' for none",
			text:  "Trench cost (£k):\n\tDepot\tStation Sq\tOld Town\nDepot\t0\t14\t-\nStation Sq\t14\t0\t6\nOld Town\t-\t6\t0\nCheapest network?",
			edges: []string{"Depot-Station Sq:14", "Station Sq-Old Town:6"}},
		{name: "house numbers with 'No.' and minutes of a walk",
			text:  "Walks between houses:\nNo. 2 <-> No. 5: 3 min walk\nNo. 5 <-> No. 8: 2 min walk\nNo. 8 <-> No. 2: 4 min walk\nQuickest from No. 2 to No. 8?",
			edges: []string{"No. 2-No. 5:3", "No. 5-No. 8:2", "No. 8-No. 2:4"}},
		{name: "node objects with their successors' lists",
			text:     `{"nodes": [{"id": "greeting", "next": ["menu"]}, {"id": "menu", "next": ["faq", "greeting"]}, {"id": "faq", "next": []}]} Can a chat loop?`,
			edges:    []string{"greeting-menu", "menu-faq", "menu-greeting"},
			directed: true},
		{name: "node objects listing others under a name the lexicon does not know",
			text:    `{"nodes": [{"id": "a", "rivals": ["b"]}, {"id": "b", "rivals": []}]} How many edges?`,
			decline: true},
		{name: "Mermaid IDs with labels, asked by a label",
			text:  "```mermaid\ngraph LR\n  n0[Main Gate] --- n1[Carousel]\n  n1 --- n2[Food Court]\n```\nHow central is Food Court?",
			edges: []string{"Main Gate-Carousel", "Carousel-Food Court"}},
		{name: "a list's label of words before the names, and a line with the label alone",
			text:  "From the twinning page:\n- Oberstadt — twinned with Montclair, Kilbride\n- Montclair — twinned with Oberstadt\n- Kilbride — twinned with Oberstadt, Port Aven\n- Port Aven — twinned with Kilbride\n- Grünfeld — twinned with (no partners yet)\nHow many steps from Montclair to Port Aven?",
			edges: []string{"Oberstadt-Montclair", "Oberstadt-Kilbride", "Kilbride-Port Aven"}},
		{name: "a list's label that is a one-way verb",
			text:     "Mentoring:\n- Ann — mentors Bo, Cy\n- Bo — mentors Dee\n- Cy — mentors Dee, Eve\nWho does Cy mentor?",
			edges:    []string{"Ann-Bo", "Ann-Cy", "Bo-Dee", "Cy-Dee", "Cy-Eve"},
			directed: true},
		{name: "word pairs joined by '/'",
			text:  "Allowed changes (either direction): COLD/CORD, CORD/CARD, CARD/WARD, WARD/WARM.\nShortest ladder from COLD to WARM?",
			edges: []string{"COLD-CORD", "CORD-CARD", "CARD-WARD", "WARD-WARM"}},
		{name: "'both ways' keeps arrows' pairs undirected",
			text:  "Roads (they go both ways): A - B, B - C, C - D.\nHow many roads?",
			edges: []string{"A-B", "B-C", "C-D"}},
	} {
		tc.run(t)
	}
}

// TestRecordPairsFirstLine: the record reader takes no pairs from
// headerless two-name lines whose first line shares no name with the
// others: that line may be a header, and a header is never an edge.
func TestRecordPairsFirstLine(t *testing.T) {
	r, err := RecordLines{}.Read(t.Context(), NewDoc("Hut, Peak\nAnn, Bob\nBob, Cy\nCy, Dan\nHow many edges?"))
	if err != nil || len(r.Edges) != 0 {
		t.Errorf("read %v (%v), want no pairs", r.Edges, err)
	}
	r, err = RecordLines{}.Read(t.Context(), NewDoc("Ann, Bob\nBob, Cy\nCy, Dan\nHow many edges?"))
	if err != nil || len(r.Edges) != 3 {
		t.Errorf("read %v (%v), want 3 pairs", r.Edges, err)
	}
}

// TestBlankEmphasis: bold markers that open or close text are blanked,
// offsets kept; markers inside a word or an expression stay.
func TestBlankEmphasis(t *testing.T) {
	for in, want := range map[string]string{
		"- **Meadow** → Cliffs": "-   Meadow   → Cliffs",
		"__Hub__: A, B":         "  Hub  : A, B",
		"2**3 and snake__case":  "2**3 and snake__case",
		"a ***** rule":          "a ***** rule",
	} {
		if got := blankEmphasis(in); got != want || len(got) != len(in) {
			t.Errorf("blankEmphasis(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAsymmetricDictAssumed: neighbour lists that are not symmetric are
// read one way, from each key, as an asymmetric matrix is, but only by
// assumption: the agent answers only where the direction does not
// change the answer.
func TestAsymmetricDictAssumed(t *testing.T) {
	ex, err := Read(t.Context(), "watch_next = {\"Stalker\": [\"Solaris\"], \"Solaris\": [\"Mirror\"], \"Mirror\": []}\nWhat comes after Solaris?", Options{})
	if err != nil || ex.Graph == nil || !ex.Graph.Directed() || !ex.Report.DirectionAssumed || ex.Confidence < Confident {
		t.Fatalf("read %v, assumed %v, confidence %.2f (%v): want a confident graph, directed by assumption", ex.Graph, ex.Report.DirectionAssumed, ex.Confidence, err)
	}
}

// TestRecordsDictNoError: a JSON answer of records the question does not
// call neighbour lists is no malformed adjacency dict: no error, and no
// graph from that reader.
func TestRecordsDictNoError(t *testing.T) {
	q := `{"agreements": [{"parties": ["Chile", "Peru"]}, {"parties": ["Peru", "Mexico"]}]} How clustered is it?`
	if r, err := (AdjacencyDict{}).Read(t.Context(), NewDoc(q)); err != nil || len(r.Edges) != 0 {
		t.Errorf("read %v, %v: want nothing and no error", r.Edges, err)
	}
	if _, err := (AdjacencyDict{}).Read(t.Context(), NewDoc("G = {'A': [['B']]}")); err == nil {
		t.Error("a list of lists in a dict of neighbour lists: no error, want one")
	}
}
