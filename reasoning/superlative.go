package reasoning

import "strings"

// structuralSuperlatives are superlatives a graph measures: sizes and
// counts, path lengths and costs, weights, positions in an order.
// "Which community is the largest?" has an answer; "which community is the
// happiest?" does not, whatever its other words cue.
var structuralSuperlatives = map[string]bool{
	"best": true, "worst": true, "biggest": true, "largest": true, "smallest": true, "tiniest": true,
	"greatest": true, "least": true, "fewest": true, "highest": true, "lowest": true,
	"shortest": true, "longest": true, "cheapest": true, "costliest": true, "fastest": true, "quickest": true,
	"slowest": true, "nearest": true, "closest": true, "farthest": true, "furthest": true,
	"heaviest": true, "lightest": true, "densest": true, "sparsest": true, "deepest": true,
	"widest": true, "narrowest": true, "earliest": true, "latest": true, "strongest": true, "weakest": true,
}

// personSuperlatives are superlatives of attributes people, places and
// things have that a graph's structure does not record. They end in -est
// without the -iest ending that marks most others, so they are named.
var personSuperlatives = map[string]bool{
	"richest": true, "poorest": true, "oldest": true, "youngest": true, "tallest": true, "smartest": true,
	"coolest": true, "kindest": true, "nicest": true, "cutest": true, "wisest": true, "bravest": true,
	"loudest": true, "sweetest": true, "warmest": true, "coldest": true, "hottest": true, "cleanest": true,
	"brightest": true, "proudest": true, "fairest": true, "dumbest": true, "saddest": true, "hardest": true,
}

// unmeasuredSuperlative returns the superlative a lower-cased question
// asks about ("which member is the happiest?") when no graph measure ranks
// it: a "the …iest" word outside the structural ones, or a named person
// attribute. It returns "" when the word appears in the question's text
// outside that phrase as well (the graph's text may define it: "node 3 is
// the happiest" stated as data), or when there is none.
func unmeasuredSuperlative(lower string) string {
	for rest := lower; ; {
		i := strings.Index(rest, "the ")
		if i < 0 {
			return ""
		}
		rest = rest[i+len("the "):]
		if at := len(lower) - len(rest) - len("the "); at > 0 && isWordRune(lower[at-1]) {
			continue
		}
		j := 0
		for j < len(rest) && isWordRune(rest[j]) {
			j++
		}
		w := rest[:j]
		if structuralSuperlatives[w] {
			continue
		}
		if (strings.HasSuffix(w, "iest") && len(w) > len("iest")+1) || personSuperlatives[w] {
			stem := strings.TrimSuffix(strings.TrimSuffix(w, "est"), "i")
			if strings.Count(lower, stem) > 1 {
				return ""
			}
			return w
		}
	}
}
