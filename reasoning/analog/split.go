package analog

import (
	"math/rand/v2"
)

// Split is the part of a dataset an item belongs to.
type Split uint8

// Splits. Only Train items are written into memory as examples; Val tunes
// the reasoner's weights; Test is only ever asked.
const (
	Train Split = iota
	Val
	Test
)

// String names the split.
func (s Split) String() string {
	switch s {
	case Train:
		return "train"
	case Val:
		return "val"
	case Test:
		return "test"
	}
	return "unknown"
}

// Fractions sizes the validation and test splits (the rest is training).
type Fractions struct {
	Val, Test float64
}

// DefaultFractions keeps a third of the items for testing (over 1,000 of
// CiteSeer's 3,186 papers) and a tenth for validation.
var DefaultFractions = Fractions{Val: 0.10, Test: 0.33}

// Assign returns a seeded split of n items: a random permutation (PCG
// seeded with seed) whose first Test·n items are Test, the next Val·n Val,
// the rest Train. The same seed and n always give the same split.
func Assign(n int, seed uint64, f Fractions) []Split {
	out := make([]Split, n)
	perm := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)).Perm(n)
	nTest := int(f.Test*float64(n) + 0.5)
	nVal := int(f.Val*float64(n) + 0.5)
	for rank, i := range perm {
		switch {
		case rank < nTest:
			out[i] = Test
		case rank < nTest+nVal:
			out[i] = Val
		default:
			out[i] = Train
		}
	}
	return out
}

// WithVal returns a copy of split in which validation items are training
// items: once the weights are chosen on the validation split, memory holds
// the training and validation examples, and only test items are asked.
func WithVal(split []Split) []Split {
	out := make([]Split, len(split))
	for i, s := range split {
		if s == Val {
			s = Train
		}
		out[i] = s
	}
	return out
}

// PairsWithVal is WithVal for link-prediction pairs.
func PairsWithVal(pairs []Pair) []Pair {
	out := make([]Pair, len(pairs))
	for i, p := range pairs {
		if p.Split == Val {
			p.Split = Train
		}
		out[i] = p
	}
	return out
}
