package analog

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	"github.com/graphagent/graphagent/memory"

	"github.com/graphagent/graphagent/tools/kg"
)

// Service answers questions in words about the shipped labelled datasets:
// it reads the question (ReadQuestion), loads the dataset on first use,
// writes its training split (seed Seed) into memory and asks the builtin
// or LLM reasoner; memory holds the training and validation examples
// (WithVal), never the test items. It is safe for concurrent use.
type Service struct {
	open    kg.OpenFunc
	seed    uint64
	llm     *LLM
	learned func(context.Context) ([]memory.Example, error)

	mu    sync.Mutex
	nodes map[string]*NodeClassifier
	links *LinkPredictor
}

// ServiceOptions configure a Service.
type ServiceOptions struct {
	// Seed seeds the splits (default 1, the eval suites' default).
	Seed uint64
	// LLM, when set, reasons instead of the builtin vote.
	LLM *LLM
	// Learned, when set, returns long-term memory's examples; those learned
	// from confirmed analogy answers (LearnedExample) are known to the
	// reasoner from the start.
	Learned func(context.Context) ([]memory.Example, error)
}

// NewService returns a service reading dataset files with open (a
// sandbox's Open).
func NewService(open kg.OpenFunc, opts ServiceOptions) *Service {
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	return &Service{open: open, seed: opts.Seed, llm: opts.LLM, learned: opts.Learned, nodes: map[string]*NodeClassifier{}}
}

// Reads reports whether ReadQuestion reads question.
func (s *Service) Reads(question string) bool {
	_, ok := ReadQuestion(question)
	return ok
}

// Answer answers question when ReadQuestion reads it (ok true); errors wrap
// ErrUnknownItem for a paper or name not in the dataset.
func (s *Service) Answer(ctx context.Context, question string) (ans *Answer, ok bool, err error) {
	q, ok := ReadQuestion(question)
	if !ok {
		return nil, false, nil
	}
	if q.IsLink() {
		ans, err = s.answerLink(ctx, q)
	} else {
		ans, err = s.answerNode(ctx, q)
	}
	return ans, true, err
}

func (s *Service) classifier(ctx context.Context, name string) (*NodeClassifier, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.nodes[name]; ok {
		return c, nil
	}
	d, err := LoadNodes(ctx, s.open, name)
	if err != nil {
		return nil, missingHint(err, nodeSources[name].folder)
	}
	c, _, err := BuildNodes(ctx, d, WithVal(Assign(len(d.IDs), s.seed, DefaultFractions)), NodeConfig{})
	if err != nil {
		return nil, err
	}
	s.nodes[name] = c
	return c, s.applyLearned(ctx, name)
}

func (s *Service) predictor(ctx context.Context) (*LinkPredictor, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.links != nil {
		return s.links, nil
	}
	d, err := LoadLinks(ctx, s.open)
	if err != nil {
		return nil, missingHint(err, LinkDataset)
	}
	pairs := PairsWithVal(MakePairs(d, s.seed, DefaultFractions))
	store, err := NewMemory(nil)
	if err != nil {
		return nil, err
	}
	if _, err := ImportLinks(ctx, store, d, pairs); err != nil {
		return nil, err
	}
	s.links = NewLinkPredictor(store, d, Hidden(pairs, Test), LinkConfig{})
	return s.links, s.applyLearned(ctx, LinkDataset)
}

func (s *Service) answerNode(ctx context.Context, q Query) (*Answer, error) {
	c, err := s.classifier(ctx, q.Dataset)
	if err != nil {
		return nil, err
	}
	if !c.Has(q.Node) {
		return nil, fmt.Errorf("analog: %s has no paper %q: %w", q.Dataset, q.Node, ErrUnknownItem)
	}
	if s.llm != nil {
		return s.llm.ClassifyNode(ctx, c, q.Node)
	}
	return c.Classify(ctx, q.Node)
}

// missingHint says which folder to give when a dataset's files are not in
// the data folders.
func missingHint(err error, folder string) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w (give --data the folder that holds %s/, such as the repository's datasets/)", err, folder)
	}
	return err
}

// entity resolves a name to the one entity of the wanted type: by the
// data's names first, else by the alias table (common drug names, gene
// symbols), whose reading it returns in words ("\"aspirin\" read as
// Acetylsalicylic acid (its common name in the alias table)").
func entity(d *LinkData, name, typ string) (e int32, reading string, err error) {
	var fit []int32
	for _, e := range d.Lookup(name) {
		if d.Types[e] == typ {
			fit = append(fit, e)
		}
	}
	switch {
	case len(fit) == 1:
		return fit[0], "", nil
	case len(fit) > 1:
		return 0, "", fmt.Errorf("analog: %q names %d %s entities in %s: %w", name, len(fit), typ, LinkDataset, ErrUnknownItem)
	}
	if others := d.Lookup(name); len(others) > 0 {
		types := make([]string, len(others))
		for i, e := range others {
			types[i] = d.Types[e]
		}
		return 0, "", fmt.Errorf("analog: %q is a %s in %s, and link questions ask whether a %s acts on a %s: %w",
			name, strings.Join(types, "/"), LinkDataset, SourceType, TargetType, ErrUnknownItem)
	}
	if syn := d.Synonyms(name); len(syn) > 0 {
		var typed []kg.Alias
		for _, a := range syn {
			if d.Types[d.Index[a.NodeID]] == typ {
				typed = append(typed, a)
			}
		}
		switch {
		case len(typed) == 1:
			a := typed[0]
			return d.Index[a.NodeID], a.Describe(name, d.Names[d.Index[a.NodeID]]), nil
		case len(typed) > 1:
			names := make([]string, len(typed))
			for i, a := range typed {
				names[i] = d.Names[d.Index[a.NodeID]] + " (" + a.NodeID + ")"
			}
			return 0, "", fmt.Errorf("analog: %q is another name of %s in %s; which one do you mean? Ask again with its name: %w",
				name, strings.Join(names, " or "), LinkDataset, ErrUnknownItem)
		}
		a := syn[0]
		return 0, "", fmt.Errorf("analog: %q, read as %s, is a %s in %s, and link questions ask whether a %s acts on a %s: %w",
			name, d.Names[d.Index[a.NodeID]], d.Types[d.Index[a.NodeID]], LinkDataset, SourceType, TargetType, ErrUnknownItem)
	}
	return 0, "", fmt.Errorf("analog: no %s named %q in %s (names are the dataset's or its alias table's: e.g. %q, %q): %w",
		strings.ToLower(typ), name, LinkDataset, "aspirin", "PTGS2", ErrUnknownItem)
}

func (s *Service) answerLink(ctx context.Context, q Query) (*Answer, error) {
	p, err := s.predictor(ctx)
	if err != nil {
		return nil, err
	}
	src, srcRead, err := entity(p.d, q.Source, SourceType)
	if err != nil {
		return nil, err
	}
	dst, dstRead, err := entity(p.d, q.Target, TargetType)
	if err != nil {
		return nil, err
	}
	var ans *Answer
	if s.llm != nil {
		ans, err = s.llm.PredictLink(ctx, p, src, dst)
	} else {
		ans, err = p.Predict(ctx, src, dst)
	}
	if ans != nil {
		for _, r := range []string{srcRead, dstRead} {
			if r != "" {
				ans.Readings = append(ans.Readings, r)
			}
		}
	}
	return ans, err
}
