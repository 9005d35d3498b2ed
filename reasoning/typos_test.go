package reasoning

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
)

func TestCorrectTypos(t *testing.T) {
	for in, want := range map[string]string{
		"how many conections does node 7 have?":           "how many connections does node 7 have?",
		"whats the degre of node b":                       "whats the degree of node b",
		"list the neigbours of 4":                         "list the neighbours of 4",
		"list the neighbrs of 4":                          "list the neighbours of 4",
		"what is the shortset path from 1 to 2":           "what is the shortest path from 1 to 2",
		"Is the graph biparite?":                          "Is the graph bipartite?",
		"how many ppl are there":                          "how many people are there",
		"count the nbrs of x":                             "count the neighbours of x",
		"Compute the betweeness centrality of 3":          "Compute the betweenness centrality of 3",
		"how many conected componets":                     "how many connected components",
		"what's the dimaeter":                             "what's the diameter",
		"Does every vertex have even degreee?":            "Does every vertex have even degree?",
		"who are Bob's freinds?":                          "who are Bob's friends?",
		"Conections of C?":                                "connections of C?",
		"triangels in the graph":                          "triangles in the graph",
		"the shortest path between A and B":               "the shortest path between A and B", // right already
		"how many nodes have notes attached":              "how many nodes have notes attached",
		"My fiends are watching the matching game":        "My fiends are watching the matching game",
		"node conections2 and x_conections":               "node conections2 and x_conections", // names, not words
		"Is the graph connected? How many components?":    "Is the graph connected? How many components?",
		"What is the number of edges? Any cycles?":        "What is the number of edges? Any cycles?",
		"what does the degree distribution look like":     "what does the degree distribution look like",
		"Find the maximum flow from s to t with capacity": "Find the maximum flow from s to t with capacity",
		"shortest path bewteen a and b":                   "shortest path between a and b",
		"how many perfect matchings":                      "how many perfect matchings",
		"how mnay edges":                                  "how mnay edges",
		"the degrees of node 3":                           "the degrees of node 3",
		"":                                                "",
		"neighbors and neighbours":                        "neighbors and neighbours",
		"tréangles":                                       "tréangles",
	} {
		got, fixes := CorrectTypos(in)
		if got != want {
			t.Errorf("CorrectTypos(%q) = %q (%v), want %q", in, got, fixes, want)
		}
		if (got == in) != (fixes == nil) {
			t.Errorf("CorrectTypos(%q): text changed %v, corrections %v", in, got != in, fixes)
		}
	}
}

// TestCorrectTyposLeavesEnglishAlone reads the English words of the
// shipped WordNet definitions and CiteSeer abstracts (words seen at least
// three times, so not the corpora's own typos): none is corrected.
func TestCorrectTyposLeavesEnglishAlone(t *testing.T) {
	count := map[string]int{}
	for _, name := range []string{"wn18rr/entities.tsv.gz", "citeseer_text/nodes.tsv.gz"} {
		r, err := dataset.OpenShipped(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(string(b)), func(r rune) bool { return r < 'a' || r > 'z' }) {
			count[w]++
		}
	}
	if len(count) < 20000 {
		t.Fatalf("only %d distinct words read", len(count))
	}
	var bad []string
	for w, n := range count {
		if n < 3 {
			continue
		}
		if as := correctWord(w); as != "" && abbreviations[w] == "" {
			bad = append(bad, w+"→"+as)
		}
	}
	slices.Sort(bad)
	if len(bad) > 0 {
		t.Errorf("%d English words corrected: %v", len(bad), bad)
	}
}

func TestOneEdit(t *testing.T) {
	for _, c := range []struct {
		w, t string
		want bool
	}{
		{"degre", "degree", true},   // left out
		{"degreee", "degree", true}, // added
		{"dgeree", "degree", true},  // swapped
		{"decree", "degree", false}, // replaced, short word
		{"componant", "component", true},
		{"xomponent", "component", false}, // first letter replaced
		{"degree", "degree", false},
		{"deg", "degree", false},
		{"degrees", "degree", true},
	} {
		if got := oneEdit(c.w, c.t); got != c.want {
			t.Errorf("oneEdit(%q, %q) = %v, want %v", c.w, c.t, got, c.want)
		}
	}
}

func BenchmarkCorrectTypos(b *testing.B) {
	q := strings.Repeat("Alice is friends with Bob and Bob knows Carol. ", 40) + "How many conections does Bob have?"
	for b.Loop() {
		CorrectTypos(q)
	}
}

func FuzzCorrectTypos(f *testing.F) {
	for _, s := range []string{"conections", "degre of c", "a", "zzzzz zzzzzz", "é degre", "ppl nbrs", "Conections\x00degre"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		got, fixes := CorrectTypos(q)
		if (got == q) != (len(fixes) == 0) {
			t.Fatalf("CorrectTypos(%q) = %q with corrections %v", q, got, fixes)
		}
		// Only letters change: every other byte stays, in order.
		strip := func(s string) string {
			return strings.Map(func(r rune) rune {
				if r < 0x80 && isASCIILetter(byte(r)) {
					return -1
				}
				return r
			}, s)
		}
		if strip(got) != strip(q) {
			t.Fatalf("CorrectTypos(%q) = %q changed more than words", q, got)
		}
		if again, _ := CorrectTypos(got); again != got {
			t.Fatalf("CorrectTypos is not stable: %q -> %q -> %q", q, got, again)
		}
	})
}
