package statement

import (
	"context"
	"testing"
)

// BenchmarkParse parses every graph_properties training statement.
func BenchmarkParse(b *testing.B) {
	var outs []string
	for _, s := range loadPromptSets(b) {
		if s.Name == "graph_properties" {
			for _, ex := range s.Examples {
				outs = append(outs, ex.Output)
			}
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, o := range outs {
			if _, err := Parse(o); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(outs)), "ns/statement")
}

// BenchmarkExecuteFresh runs one statement on a new executor each time, so
// the named graph is built every time (the cost of a one-shot
// "graphagent run").
func BenchmarkExecuteFresh(b *testing.B) {
	st, err := Parse(`The average shortest path length of the tutte graph is [GR(GL("gpr", {"tutte_graph"}), "toolx:avg_path_length")-->r].`)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		e := NewExecutor(Config{Hubs: DefaultHubs()})
		if _, err := e.Execute(ctx, st); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuiltinTranslateOnce is what `graphagent run` pays to write
// the calls of one sentence: the builtin translator made (prompts read,
// keys from the snapshot) and one sentence matched exactly.
func BenchmarkBuiltinTranslateOnce(b *testing.B) {
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		tr, err := NewBuiltinTranslator()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tr.Match(ctx, "The size of the krackhardt kite graph is [TBR]."); err != nil {
			b.Fatal(err)
		}
	}
}
