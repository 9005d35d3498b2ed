package seed

import (
	"context"
	"testing"

	"github.com/graphagent/graphagent/tools"
)

// BenchmarkOpen reopens a seeded store on disk, as every process that
// needs long-term memory does (graphagent ask when the examples could
// change the tool chosen).
func BenchmarkOpen(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	s, err := Open(ctx, dir, tools.Catalogue(), nil, Options{})
	if err != nil {
		b.Fatal(err)
	}
	s.Close()
	b.ReportAllocs()
	for b.Loop() {
		s, err := Open(ctx, dir, tools.Catalogue(), nil, Options{})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkOpenInMemory seeds a store kept in memory (evaluations).
func BenchmarkOpenInMemory(b *testing.B) {
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := OpenInMemory(ctx, tools.Catalogue(), nil, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
