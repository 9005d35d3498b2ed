// Package encoders turns text and graphs into what the rest of graphagent
// needs: dense unit vectors for retrieval and memory (the builtin hashing
// encoder, an OpenAI-compatible embeddings client) and compact text for
// prompts (edge lists, Graph Agent's node and edge encoders, ChatGraph's
// length-constrained path cover).
package encoders

import (
	"context"
	"errors"
	"math"

	"github.com/viterin/vek/vek32"
)

// Encoder maps texts to vectors of a fixed dimension. Implementations return
// unit-length vectors (or all-zero vectors for texts with no features), so a
// dot product is the cosine similarity. They are safe for concurrent use.
type Encoder interface {
	// Encode returns one vector per text, in order.
	Encode(ctx context.Context, texts []string) ([][]float32, error)
	// Dim is the length of every vector, or 0 when not yet known (a remote
	// model whose dimension is learnt from its first answer).
	Dim() int
	// Name identifies the encoder and its settings; vectors from encoders
	// with different names must not be compared.
	Name() string
}

// Fitter is an Encoder whose weighting adapts to the corpus it indexes (the
// builtin encoder fits its inverse document frequencies). Fit returns a new
// encoder and leaves the receiver unchanged.
type Fitter interface {
	Encoder
	Fit(corpus []string) Encoder
}

// FitTo returns enc fitted to corpus when it is a Fitter, else enc itself.
func FitTo(enc Encoder, corpus []string) Encoder {
	if f, ok := enc.(Fitter); ok {
		return f.Fit(corpus)
	}
	return enc
}

// FitAndEncode fits enc to corpus when it is a Fitter and encodes corpus
// with the result, returning both; the builtin encoder reads each text once.
func FitAndEncode(ctx context.Context, enc Encoder, corpus []string) (Encoder, [][]float32, error) {
	if b, ok := enc.(*Builtin); ok {
		return b.FitEncode(ctx, corpus)
	}
	enc = FitTo(enc, corpus)
	vecs, err := enc.Encode(ctx, corpus)
	return enc, vecs, err
}

// ErrBadVector means a vector is empty, has the wrong dimension or holds a
// NaN or an infinity.
var ErrBadVector = errors.New("bad vector")

// Normalize scales v in place to unit length and reports whether it could:
// a zero vector stays zero, and a vector with a NaN or an infinity is left
// unchanged with false.
func Normalize(v []float32) bool {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return false
	}
	if s == 0 {
		return true
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
	return true
}

// Dot is the dot product of two vectors of equal length (SIMD where the CPU
// has it); for unit vectors it is their cosine similarity. It panics on
// unequal lengths, a programming error.
func Dot(a, b []float32) float32 {
	if len(a) != len(b) {
		panic("encoders.Dot: vectors of unequal length")
	}
	if len(a) == 0 {
		return 0
	}
	return vek32.Dot(a, b)
}
