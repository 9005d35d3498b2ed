package reasoning

import "testing"

func TestUnmeasuredSuperlative(t *testing.T) {
	cases := []struct{ q, want string }{
		{"graph: 0-1, 1-2, 2-0. which social community is the happiest?", "happiest"},
		{"who is the richest person in this network of friends a-b, b-c?", "richest"},
		{"which of the friends is the loneliest? edges: 1-2, 2-3", "loneliest"},
		{"which city is the oldest? roads: paris-lyon, lyon-nice", "oldest"},
		{"which community is the largest? edges 0-1, 1-2", ""},
		{"what is the shortest path from 0 to 3?", ""},
		{"which edge is the heaviest? 0-1 (weight 3)", ""},
		{"what is the cheapest route from a to b?", ""},
		{"which task comes the earliest in a topological order?", ""},
		{"list the rest of the nodes", ""},
		{"node 3 is the happiest of all. which node is the happiest?", ""},
		{"bathe happiest", ""},
		{"which node is the busiest?", "busiest"},
		{"the", ""},
		{"", ""},
		{"the ie", ""},
	}
	for _, c := range cases {
		if got := unmeasuredSuperlative(c.q); got != c.want {
			t.Errorf("%q: got %q, want %q", c.q, got, c.want)
		}
	}
}

func FuzzUnmeasuredSuperlative(f *testing.F) {
	f.Add("which community is the happiest?")
	f.Add("the the theiest the")
	f.Fuzz(func(t *testing.T, q string) {
		w := unmeasuredSuperlative(q)
		if w != "" && structuralSuperlatives[w] {
			t.Fatalf("%q: structural %q flagged", q, w)
		}
	})
}
