package agent

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning"
)

// FuzzReadingContradiction: the contradiction checks never panic on any
// question the readers accept, and a contradiction is always a refusal
// (ErrNoAnswer).
func FuzzReadingContradiction(f *testing.F) {
	for _, s := range []string{
		"Edges, one per line:\n0 1\n1 2\n2 - ??\n2 3\nHow many edges are there?",
		"Edges:\n0-1\nnode 3 is kind of near 4-ish\n2-3\nWhat is the diameter?",
		"The nodes are numbered from 0 to 3, and the edges are: (0,1) (3,5). How many nodes are there?",
		"Edges: 0-1, 0-2. Node 0 has no edges. What is the degree of node 2?",
		"Page P links to pages R and Q. Page Q links to page S. Which pages does page P link to?",
		"Edges: 0-1\n\n\n1-2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		ex, err := reasoning.ExtractGraph(context.Background(), q, reasoning.ExtractOptions{MaxBytes: 1 << 16, MaxNodes: 1000, MaxEdges: 5000})
		if err != nil {
			return
		}
		if err := readingContradiction(q, ex); err != nil && !errors.Is(err, ErrNoAnswer) {
			t.Fatalf("error %v does not wrap ErrNoAnswer", err)
		}
	})
}

// TestSentencesOutsideTheGraph checks the guards and readers for people
// the text names apart from the graph's edges: a statement about someone
// the graph lacks, asked about, is declined; nodes declared without edges
// are read; and a declared isolated node that the edges give neighbours
// is a contradiction.
func TestSentencesOutsideTheGraph(t *testing.T) {
	a := newDataAgent(t)
	ctx := context.Background()
	declined := []string{
		// Gareth is said to have sung alone, and asked about.
		"Duets tonight:\nPriya & Tomas\nTomas & Jen\nJen & Priya\nMarco & Liesl\n(Gareth came but only did solos)\n\nHow many separate groups are there, Gareth counting as his own group?",
		// Tarrow has no roads, yet a road reaches it.
		"The road from Queln to Ysgol takes 6 days. The road from Ysgol to Tarrow takes 2 days. Tarrow has no roads at all.\nHow many separate regions are there?",
	}
	for _, q := range declined {
		if ans, err := a.Ask(ctx, q); !errors.Is(err, ErrNoAnswer) {
			t.Errorf("%q: answered %v (err %v), want it declined", q, ans, err)
		}
	}
	answered := map[string]string{
		"Dogs that play together:\nBruno + Luna\nBruno + Ziggy\nNala + Tilly\nBear + Nala\nNew this week, no playmates yet: Juno, Rocket\n\nHow many separate play groups are there?":                                     "The graph has 4 connected components",
		"The road from Queln to Ysgol takes 6 days. The road from Ysgol to Kethby takes 2 days. Tarrow has no roads at all. Harth has no roads at all.\nHow many separate regions are there that can't reach each other?": "The graph has 3 connected components",
		// A question about named nodes is its tool's to check.
		"Duets tonight:\nPriya & Tomas\nTomas & Jen\nJen & Priya\nMarco & Liesl\n(Gareth came but only did solos)\n\nDid Priya and Jen sing together?": "Yes",
	}
	for q, want := range answered {
		ans, err := a.Ask(ctx, q)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		if !strings.HasPrefix(ans.Answer, want) {
			t.Errorf("%q: answer %q, want it to start with %q", q, ans.Answer, want)
		}
	}
}
