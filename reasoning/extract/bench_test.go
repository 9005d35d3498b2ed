package extract

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// exBenchQuestion writes a GTools-style question: a 40-node graph with about
// 150 weighted edges in a Python list with attribute dicts.
func exBenchQuestion() string { return exBenchQuestionIn("(%d, %d, {'weight': %d})", "[", "]") }

// exBenchQuestionIn writes the benchmark graph with an edge format
// (u, v, weight) between open and close.
func exBenchQuestionIn(edgeFmt, open, close string) string {
	r := rand.New(rand.NewPCG(1, 2))
	var sb strings.Builder
	sb.WriteString("Below is an instruction that describes a task. Write a response that determines use which API to complete the task.\n\n### Instruction:\nGiven a directed graph,the edges are: " + open)
	seen := map[[2]int]bool{}
	for n := 0; n < 150; {
		u, v := r.IntN(40), r.IntN(40)
		if u == v || seen[[2]int{u, v}] {
			continue
		}
		seen[[2]int{u, v}] = true
		if n > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, edgeFmt, u, v, 1+r.IntN(99))
		n++
	}
	sb.WriteString(close + ". The task is: you need to Find the minimum distance between a given pair of nodes. The nodes in question are: path_source=1 , path_target=8.\n\n### Response:")
	return sb.String()
}

func BenchmarkExtractGTools(b *testing.B) {
	q := exBenchQuestion()
	ctx := context.Background()
	ex, err := Read(ctx, q, Options{})
	if err != nil || ex.Graph == nil || ex.Graph.M() != 150 || ex.Graph.N() > 40 {
		b.Fatalf("setup: %v %v", ex.Graph, err)
	}
	b.SetBytes(int64(len(q)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(ctx, q, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExtractDashes measures the token parsers on the same graph
// written as "u->v (w)".
func BenchmarkExtractDashes(b *testing.B) {
	q := exBenchQuestionIn("%d->%d (%d)", "", "")
	ex, err := Read(context.Background(), q, Options{})
	if err != nil || ex.Graph == nil || ex.Graph.M() != 150 || ex.Method != "arrows" {
		b.Fatalf("setup: %v %v", ex.Graph, err)
	}
	b.SetBytes(int64(len(q)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(context.Background(), q, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// exProseQuestion writes a question whose graph is n edges in prose, as
// NLGraph writes them: "an edge between node u and node v with weight w,".
func exProseQuestion(n int) string {
	r := rand.New(rand.NewPCG(3, 4))
	nodes := n / 4
	var sb strings.Builder
	fmt.Fprintf(&sb, "In an undirected graph, the nodes are numbered from 0 to %d, and the edges are:\n", nodes-1)
	seen := map[[2]int]bool{}
	for k := 0; k < n; {
		u, v := r.IntN(nodes), r.IntN(nodes)
		if u >= v || seen[[2]int{u, v}] {
			continue
		}
		seen[[2]int{u, v}] = true
		fmt.Fprintf(&sb, "an edge between node %d and node %d with weight %d,\n", u, v, 1+r.IntN(9))
		k++
	}
	sb.WriteString("Q: Give the shortest path from node 0 to node 1.\nA:")
	return sb.String()
}

// BenchmarkReadProse1000 reads a 1,000-edge graph written in prose; the
// target is under 2 ms per question at the median.
func BenchmarkReadProse1000(b *testing.B) {
	q := exProseQuestion(1000)
	ctx := context.Background()
	ex, err := Read(ctx, q, Options{})
	if err != nil || ex.Graph == nil || ex.Graph.M() != 1000 || ex.Report.Uncertain() {
		b.Fatalf("setup: %v %v %v", ex.Graph, err, ex.Report.Problems())
	}
	b.SetBytes(int64(len(q)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(ctx, q, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
