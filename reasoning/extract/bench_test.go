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
