package extract

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// benchProse1000 is a question with 1,000 edges written in prose, one
// sentence each, as the readers of other notations see it too.
func benchProse1000() string {
	var sb strings.Builder
	sb.WriteString("In an undirected graph, the nodes are numbered from 0 to 499, and the edges are:\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&sb, "an edge between node %d and node %d with weight %d,\n", i%500, (i*7+3)%500, i%9+1)
	}
	sb.WriteString("Q: What is the shortest path from node 0 to node 7?")
	return sb.String()
}

// benchBipartite1000 is a matching question with 1,000 relations.
func benchBipartite1000() string {
	var sb strings.Builder
	sb.WriteString("There are 200 job applicants numbered from 0 to 199, and 200 jobs numbered from 0 to 199.\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&sb, "Applicant %d is interested in job %d.\n", i%200, (i*13+5)%200)
	}
	sb.WriteString("Q: How many applicants can get a job?")
	return sb.String()
}

// BenchmarkStructuredReaders times each of the bipartite, node-data and
// structured-text readers on 1,000-edge questions in prose and in their
// own notation: every reader runs on every question, so each must be cheap
// on text that is not its own.
func BenchmarkStructuredReaders(b *testing.B) {
	readers := []Reader{BipartiteProse{}, NodeData{}, AdjacencyMatrix{}, CSVTable{}, NodeLinkJSON{}, DOTGraph{}, AdjacencyDict{}}
	var csv strings.Builder
	csv.WriteString("source,target,weight\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&csv, "%d,%d,%d\n", i%500, (i*7+3)%500, i%9+1)
	}
	questions := map[string]string{"prose": benchProse1000(), "bipartite": benchBipartite1000(), "csv": csv.String(),
		// One long line each: costs that grow with the line, not the text,
		// show up here (both were quadratic once).
		"long-vectors": strings.Repeat("node 0: [1,0] ", 5000), "long-labels": strings.Repeat("Alice likes tennis, ", 5000)}
	for qn, q := range questions {
		for _, r := range readers {
			b.Run(qn+"/"+r.Name(), func(b *testing.B) {
				for b.Loop() {
					if _, err := r.Read(context.Background(), NewDoc(q)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
