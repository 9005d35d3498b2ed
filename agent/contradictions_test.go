package agent

import (
	"context"
	"errors"
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
