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
