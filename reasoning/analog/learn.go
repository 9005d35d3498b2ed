package analog

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/graphagent/graphagent/memory"
)

// ToolAnalogy is the Tool of examples learned from confirmed analogy
// answers.
const ToolAnalogy = "analogy"

// learnedValue is the Value of a learned example.
type learnedValue struct {
	Dataset string `json:"dataset"`
	Key     string `json:"key"`
	Label   string `json:"label"`
}

// LearnedExample is the solved example to write to long-term memory when a
// person confirms answer a to question: source memory.SourceAgent,
// verified, with its time (set when stored).
func LearnedExample(question string, a *Answer) (memory.Example, error) {
	if a == nil || a.Key == "" || a.Label == "" {
		return memory.Example{}, fmt.Errorf("analog: no answer to learn")
	}
	v, err := json.Marshal(learnedValue{Dataset: a.Dataset, Key: a.Key, Label: a.Label})
	if err != nil {
		return memory.Example{}, err
	}
	return memory.Example{
		ID: "analogy-" + a.Dataset + "-" + a.Key, Question: question, Tool: ToolAnalogy, Answer: a.Sentence(),
		Value: v, Source: memory.SourceAgent, Verified: true,
	}, nil
}

// Learn makes a confirmed answer known to the service's reasoner, as if
// memory held it as a solved example.
func (s *Service) Learn(a *Answer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apply(learnedValue{Dataset: a.Dataset, Key: a.Key, Label: a.Label})
}

// apply records one learned label; the caller holds s.mu.
func (s *Service) apply(v learnedValue) {
	if v.Dataset == LinkDataset {
		if s.links != nil {
			s.links.Learn(v.Key, v.Label)
		}
		return
	}
	if c, ok := s.nodes[v.Dataset]; ok {
		c.Learn(v.Key, v.Label)
	}
}

// applyLearned reads the learned examples (ServiceOptions.Learned) into
// the reasoner just built for dataset; the caller holds s.mu.
func (s *Service) applyLearned(ctx context.Context, dataset string) error {
	if s.learned == nil {
		return nil
	}
	exs, err := s.learned(ctx)
	if err != nil {
		return fmt.Errorf("analog: learned examples: %w", err)
	}
	for _, ex := range exs {
		if ex.Tool != ToolAnalogy || !ex.Verified {
			continue
		}
		var v learnedValue
		if json.Unmarshal(ex.Value, &v) == nil && v.Dataset == dataset {
			s.apply(v)
		}
	}
	return nil
}
