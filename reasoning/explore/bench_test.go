package explore

import (
	"context"
	"slices"
	"testing"
	"time"
)

// benchQuestions mix pattern, check, type-filtered and path questions.
var benchQuestions = map[string][]string{
	"wn18rr": {
		"What are the hypernyms of dog?", "what kinds of hunting dog are there", "list the parts of a car",
		"Is a poodle a kind of dog?", "What connects dog to cat?", "What terms are used in computer science?",
		"what is the hypernym of dogs",
	},
	"fb15k237": {
		"Where was Albert Einstein born?", "Which films did Steven Spielberg direct?", "who directed Jaws?",
		"what is the capital of France?", "what connects Tom Hanks to Steven Spielberg?",
	},
	"drugmechdb": {
		"Which proteins does ibuprofen act on?", "What causes malaria?", "What connects metformin to diabetes?",
		"Which drugs target Prostaglandin G/H synthase 2?", "Tell me about methotrexate",
	},
}

// benchAsk times whole questions (reading, matching, the query, and with
// suggest the three checked suggestions), reporting the median and 99th
// percentile in ms.
func benchAsk(b *testing.B, name string, suggest bool) {
	x := explorerFor(b, name)
	ctx := context.Background()
	qs := benchQuestions[name]
	for _, q := range qs { // build the similarity index outside the timing
		if _, err := x.Ask(ctx, q, DefaultLambda); err != nil {
			b.Fatalf("%q: %v", q, err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	i := 0
	for b.Loop() {
		q := qs[i%len(qs)]
		i++
		start := time.Now()
		var err error
		if suggest {
			_, err = x.Ask(ctx, q, DefaultLambda)
		} else {
			_, err = x.answer(ctx, q, DefaultLambda)
		}
		times = append(times, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e6, "p50-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Nanoseconds())/1e6, "p99-ms")
}

// BenchmarkAskWN18RR: a question to its answer over WN18RR (93,003 triples).
func BenchmarkAskWN18RR(b *testing.B) { benchAsk(b, "wn18rr", false) }

// BenchmarkAskSuggestWN18RR adds the three checked suggestions.
func BenchmarkAskSuggestWN18RR(b *testing.B) { benchAsk(b, "wn18rr", true) }

// BenchmarkAskDrugMechDB: a question to its answer over DrugMechDB.
func BenchmarkAskDrugMechDB(b *testing.B) { benchAsk(b, "drugmechdb", false) }

// BenchmarkAskSuggestDrugMechDB adds the three checked suggestions.
func BenchmarkAskSuggestDrugMechDB(b *testing.B) { benchAsk(b, "drugmechdb", true) }

// BenchmarkAskFB15k237: a question to its answer over FB15k-237 (310,116
// triples).
func BenchmarkAskFB15k237(b *testing.B) { benchAsk(b, "fb15k237", false) }
