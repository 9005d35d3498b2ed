package extract

import "testing"

func TestYAMLMaps(t *testing.T) {
	cases := []struct {
		name         string
		text         string
		nodes, edges []string // nil nodes: the reading must be empty
		dir          Direction
		kinds        bool
	}{
		{
			name:  "a mapping of names to lists, listed from both ends",
			text:  "friends:\n  ann: [bob, cy]\n  bob: [ann]\n  cy: [ann]\n",
			nodes: []string{"ann", "bob", "cy"}, edges: []string{"ann-bob", "ann-cy"}, dir: DirUndirected,
		},
		{
			name:  "two kinds of things",
			text:  "```yaml\ninductions:\n  Gideon: [Vinyl cutter]\n  Carlos: [Bandsaw, Laser cutter]\n  Dorota: [Bandsaw, Vinyl cutter]\n```",
			nodes: []string{"Gideon", "Vinyl cutter", "Carlos", "Bandsaw", "Laser cutter", "Dorota"},
			edges: []string{"Gideon-Vinyl cutter", "Carlos-Bandsaw", "Carlos-Laser cutter", "Dorota-Bandsaw", "Dorota-Vinyl cutter"},
			dir:   DirUndirected, kinds: true,
		},
		{
			name:  "records with the same keys",
			text:  "policies:\n  - pod: inventory\n    may_connect_to: [admin-ui]\n  - pod: ledger\n    may_connect_to: [inventory]\n  - pod: admin-ui\n    may_connect_to: []\n",
			nodes: []string{"inventory", "admin-ui", "ledger"}, edges: []string{"inventory-admin-ui", "ledger-inventory"},
			dir: DirDirected,
		},
		{
			name:  "quoted names with colons, an order verb for a key",
			text:  "- id: \"Tutorial: Wake Up\"\n  requires: []\n- id: \"Meet the Smith\"\n  requires: [\"Tutorial: Wake Up\"]\n- id: \"Forge\"\n  requires: [\"Meet the Smith\", \"Tutorial: Wake Up\"]\n",
			nodes: []string{"Tutorial: Wake Up", "Meet the Smith", "Forge"},
			edges: []string{"Tutorial: Wake Up-Meet the Smith", "Meet the Smith-Forge", "Tutorial: Wake Up-Forge"},
			dir:   DirDirected,
		},
		{name: "records with different keys", text: "- pod: a\n  to: [b]\n- name: b\n  to: [a]\n"},
		{name: "one line", text: "friends:\n  ann: [bob]\n"},
		{name: "plain settings", text: "server:\n  port: 8080\n  host: localhost\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, YAMLMaps{}, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			if got.Directed != c.dir {
				t.Errorf("direction %v, want %v", got.Directed, c.dir)
			}
			if c.kinds != (len(got.Kinds) > 0) {
				t.Errorf("kinds %v, want kinds %v", got.Kinds, c.kinds)
			}
		})
	}
}

func FuzzYAMLMaps(f *testing.F) {
	fuzzReader(f, YAMLMaps{},
		"friends:\n  ann: [bob, cy]\n  bob: [ann]\n",
		"policies:\n  - pod: a\n    to: [b]\n  - pod: b\n    to: []\n",
		"- a: b\n  c: [d\n- a:\n",
		"x:\n  y: []\n  z: [,]\n",
	)
}
