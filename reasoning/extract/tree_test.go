package extract

import "testing"

// TestIndentTree: org charts, outlines and file trees written as
// indented lists are edges from each item to the items under it. Before:
// no graph.
func TestIndentTree(t *testing.T) {
	for _, tc := range treeCases {
		tc.run(t)
	}
}

var treeCases = []tableCase{
	{name: "org chart with a remark", text: "Current org chart (indentation = reports to the person above):\n\nKim  (CEO)\n  - Dana\n    - Eli\n    - Fern\n  - Raj\n    - Gus\n      - Zoe\n  - Lena\n\nHow many direct reports does Raj have?",
		edges: []string{"Kim-Dana", "Dana-Eli", "Dana-Fern", "Kim-Raj", "Raj-Gus", "Gus-Zoe", "Kim-Lena"}, directed: true, fact: "indented under it"},
	{name: "file tree", text: "project/\n├── src/\n│   ├── main.go\n│   └── util.go\n└── README.md\n\nHow many files are under src/?",
		edges: []string{"project/-src/", "src/-main.go", "src/-util.go", "project/-README.md"}, directed: true},
	{name: "star bullets, two levels", text: "* Europe\n  * France\n  * Spain\n* Asia\n  * Japan\n\nHow many regions have children?",
		edges: []string{"Europe-France", "Europe-Spain", "Asia-Japan"}, directed: true},
	// A heading over bullets is no tree; steps are no graph.
	{name: "a heading over bullets", text: "Steps:\n  - install the package\n  - run it\n  - check the output\n\nWhat is step two?", decline: true},
	// Sentences in a nested list are not names.
	{name: "nested notes", text: "Notes:\n- The graph is undirected.\n  - Every edge has weight one.\n- It has no loops.\n\nIs it a tree?", decline: true},
	// An item indented under nothing: the indentation does not nest.
	{name: "no root", text: "    - Dana\n  - Raj\n- Kim\n\nWho manages Dana?", decline: true},
}
