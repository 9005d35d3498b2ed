package extract

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// proseBenchQuestion writes a question with 1,000 edges, one sentence each,
// in the given format (u, v, value), followed by a question.
func proseBenchQuestion(format string) string {
	r := rand.New(rand.NewPCG(3, 4))
	var sb strings.Builder
	for n := 0; n < 1000; n++ {
		u := r.IntN(300)
		fmt.Fprintf(&sb, format, u, (u+1+r.IntN(299))%300, 1+r.IntN(999))
		sb.WriteByte(' ')
	}
	sb.WriteString("How far is it from City1 to City2?")
	return sb.String()
}

func benchReader(b *testing.B, r Reader, format string) {
	d := NewDoc(proseBenchQuestion(format))
	ctx := context.Background()
	got, err := r.Read(ctx, d)
	if err != nil || len(got.Edges) != 1000 {
		b.Fatalf("setup: %d edges, %v", len(got.Edges), err)
	}
	b.SetBytes(int64(len(d.Text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Read(ctx, d); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRelations1000(b *testing.B) {
	benchReader(b, Relations{}, "Person%[1]d and Person%[2]d are friends.")
}

func BenchmarkQuantities1000(b *testing.B) {
	benchReader(b, Quantities{}, "There is a road from City%d to City%d of %d km.")
}

func BenchmarkPrecedence1000(b *testing.B) {
	benchReader(b, Precedence{}, "Task T%[1]d must finish before task T%[2]d starts.")
}

// BenchmarkProseLongRuns reads texts built to make a reader redo work at
// every token: a capitalised run of 8,000 words, a comma list of 8,000
// names, a chain of 8,000 "before"s, 8,000 "Up to 3 units can flow
// through" before one pipe. Each must stay linear in the text's length.
func BenchmarkProseLongRuns(b *testing.B) {
	for _, c := range []struct {
		name string
		q    string
	}{
		{"capitalised run", strings.Repeat("Alice ", 8000) + "road from s to t of 5 km. Bob follows Carol."},
		{"comma list", strings.Repeat("A, ", 8000) + "and B are friends. C depends on D."},
		{"chain", strings.Repeat("A before ", 8000) + "B."},
		{"leading quantities", strings.Repeat("Up to 3 units can flow through ", 8000) + "the pipe from s to t."},
	} {
		b.Run(c.name, func(b *testing.B) {
			d := NewDoc(c.q)
			ctx := context.Background()
			b.SetBytes(int64(len(c.q)))
			for b.Loop() {
				for _, r := range []Reader{Relations{}, Quantities{}, Precedence{}} {
					if _, err := r.Read(ctx, d); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
