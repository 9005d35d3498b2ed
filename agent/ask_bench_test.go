package agent

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
)

// BenchmarkAskGTools40 asks the 40-node GTools question (WL degree,
// directed, item 9: 259 edges written in the question) of one builtin
// agent over and over, and reports the median and 99th percentile of one
// Ask next to the mean.
func BenchmarkAskGTools40(b *testing.B) {
	q, err := gtoolsdata.Question40(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	a := newGToolsAgent(b)
	ctx := context.Background()
	if ans, err := a.Ask(ctx, q); err != nil || ans.Tool != "degree" {
		b.Fatalf("%v %+v", err, ans)
	}
	var ds []time.Duration
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		if _, err := a.Ask(ctx, q); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(ds[len(ds)*99/100].Microseconds())/1000, "p99-ms")
}
