package analog

import (
	"context"
	"slices"
	"testing"
	"time"
)

// BenchmarkAskWithBothDatasets answers CiteSeer test nodes and DrugMechDB
// test pairs in turn from one memory holding every training example of
// both datasets (builtin reasoner).
func BenchmarkAskWithBothDatasets(b *testing.B) {
	ctx := context.Background()
	d := loadNodes(b, "citeseer")
	split := Assign(len(d.IDs), 1, DefaultFractions)
	store, err := NewMemory(TrainTexts(d, split))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := ImportNodes(ctx, store, d, split); err != nil {
		b.Fatal(err)
	}
	ld := loadLinks(b)
	pairs := MakePairs(ld, 1, DefaultFractions)
	if _, err := ImportLinks(ctx, store, ld, pairs); err != nil {
		b.Fatal(err)
	}
	c := NewNodeClassifier(store, d, NodeConfig{})
	lp := NewLinkPredictor(store, ld, Hidden(pairs, Val, Test), LinkConfig{})
	nodes := sampleIndices(split, Test, 200, 3)
	var test []Pair
	for _, p := range pairs {
		if p.Split == Test {
			test = append(test, p)
		}
	}
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if i%2 == 0 {
			if _, err := c.Classify(ctx, d.IDs[nodes[(i/2)%len(nodes)]]); err != nil {
				b.Fatal(err)
			}
		} else {
			p := test[(i/2)%len(test)]
			if _, err := lp.Predict(ctx, p.Source, p.Target); err != nil {
				b.Fatal(err)
			}
		}
		took = append(took, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}
