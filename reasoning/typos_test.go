package reasoning

import "testing"

// TestFixTypos: misspelt question words one edit from a cue word are
// corrected; correct words, short words and other words are kept.
func TestFixTypos(t *testing.T) {
	for q, want := range map[string]string{
		"how many conections does node c have?": "how many connections does node c have?",
		"whats the degre of c??":                "whats the degree of c??",
		"shortest path bewteen a and b":         "shortest path between a and b",
		"is it biparite?":                       "is it bipartite?",
		"how many perfect matchings":            "how many perfect matchings",
		"my notes on the nodes":                 "my notes on the nodes",
		"how mnay edges":                        "how mnay edges",
		"the degrees of node 3":                 "the degrees of node 3",
		"nothing to fix here":                   "nothing to fix here",
		"":                                      "",
		"neighbors and neighbours":              "neighbors and neighbours",
		"tréangles":                             "tréangles",
	} {
		if got := fixTypos(q); got != want {
			t.Errorf("fixTypos(%q) = %q, want %q", q, got, want)
		}
	}
}

func FuzzFixTypos(f *testing.F) {
	for _, s := range []string{"conections", "degre of c", "a", "zzzzz zzzzzz", "é degre"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		got := fixTypos(q)
		if len(got) < len(q)-len(q)/5-1 {
			t.Fatalf("fixTypos(%q) = %q: too much removed", q, got)
		}
	})
}
