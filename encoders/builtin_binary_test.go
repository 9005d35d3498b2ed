package encoders

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
)

func TestBuiltinBinaryRoundTrip(t *testing.T) {
	corpus := []string{"How many nodes does the graph have?", "Is there a cycle?", "Find the shortest path from 0 to 4.", "articulation points of the network"}
	queries := append(slices.Clone(corpus), "number of vertices", "", "an unseen zebra word", "edges 0-1, 1-2: is it a DAG?")
	for _, enc := range []*Builtin{NewBuiltin(corpus), NewBuiltin(nil), NewBuiltin(corpus, WithDim(64), WithoutCleaning())} {
		data, err := enc.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		again, _ := enc.MarshalBinary()
		if !bytes.Equal(data, again) {
			t.Fatal("two encodings of one encoder differ")
		}
		var back Builtin
		if err := back.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		if back.Name() != enc.Name() || back.Dim() != enc.Dim() {
			t.Fatalf("restored %s (dim %d), want %s (dim %d)", back.Name(), back.Dim(), enc.Name(), enc.Dim())
		}
		want, _ := enc.Encode(context.Background(), queries)
		got, _ := back.Encode(context.Background(), queries)
		for i := range queries {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("%s: %q encodes differently after the round trip", enc.Name(), queries[i])
			}
		}
	}
}

func TestBuiltinUnmarshalBad(t *testing.T) {
	data, _ := NewBuiltin([]string{"a graph with nodes", "edges and cycles"}).MarshalBinary()
	// Every truncation and every single-byte change in the header is an
	// error or a valid encoder, never a panic.
	for n := 0; n < len(data); n++ {
		var b Builtin
		if err := b.UnmarshalBinary(data[:n]); !errors.Is(err, ErrBadSnapshot) {
			t.Fatalf("truncated to %d bytes: %v", n, err)
		}
	}
	for i := 0; i < 40 && i < len(data); i++ {
		bad := slices.Clone(data)
		bad[i] ^= 0xff
		var b Builtin
		if err := b.UnmarshalBinary(bad); err != nil && !errors.Is(err, ErrBadSnapshot) {
			t.Fatalf("byte %d changed: %v", i, err)
		}
	}
}
