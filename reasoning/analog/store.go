package analog

import (
	"context"
	"fmt"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/memory"
)

// EncoderDim is the dimension of the text vectors of imported examples:
// paper abstracts have hundreds of distinct words, which 256 buckets (the
// dimension of the question memory) would blur.
const EncoderDim = 4096

// NewEncoder returns the builtin encoder fitted on corpus (the texts of the
// examples to import), reading texts as they are (no question cleaning).
func NewEncoder(corpus []string) encoders.Encoder {
	return encoders.NewBuiltin(corpus, encoders.WithDim(EncoderDim), encoders.WithoutCleaning())
}

// NewMemory returns an in-memory store whose encoder is fitted on corpus.
func NewMemory(corpus []string) (*memory.Store, error) {
	s, err := memory.NewInMemory(NewEncoder(corpus))
	if err != nil {
		return nil, fmt.Errorf("analog: %w", err)
	}
	return s, nil
}

// TrainTexts returns the texts of d's training nodes (the corpus the
// encoder is fitted on: test texts do not shape it).
func TrainTexts(d *NodeData, split []Split) []string {
	var out []string
	for i, s := range split {
		if s == Train {
			out = append(out, d.Texts[i])
		}
	}
	return out
}

// BuildNodes loads nothing: it imports d's training nodes into a fresh
// in-memory store and returns the classifier over it.
func BuildNodes(ctx context.Context, d *NodeData, split []Split, cfg NodeConfig) (*NodeClassifier, *memory.Store, error) {
	store, err := NewMemory(TrainTexts(d, split))
	if err != nil {
		return nil, nil, err
	}
	if _, err := ImportNodes(ctx, store, d, split); err != nil {
		return nil, nil, err
	}
	return NewNodeClassifier(store, d, cfg), store, nil
}
