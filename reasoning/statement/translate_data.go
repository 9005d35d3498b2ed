package statement

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools/dataset"
)

// PromptSet is one of the 16 prompt files of datasets/graph_toolformer.
type PromptSet struct {
	// Name is the folder under graph_toolformer: "graph_properties",
	// "knowledge_graphs/wordnet".
	Name     string
	Examples []Example
}

// LoadPromptSets reads every prompts_train file of the shipped
// graph_toolformer dataset (compressed or not), sorted by set name.
func LoadPromptSets() ([]PromptSet, error) {
	root, err := dataset.Path("graph_toolformer")
	if err != nil {
		return nil, err
	}
	var sets []PromptSet
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasPrefix(d.Name(), "prompts_train") {
			return err
		}
		r, err := dataset.Open(path)
		if err != nil {
			return err
		}
		exs, err := ReadExamples(r)
		r.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		sets = append(sets, PromptSet{Name: filepath.ToSlash(rel), Examples: exs})
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(sets, func(a, b PromptSet) int { return strings.Compare(a.Name, b.Name) })
	return sets, nil
}

// NewBuiltinTranslator builds the builtin translator from every training
// prompt shipped in datasets/graph_toolformer, with the sentences' skeleton
// keys prepared by go generate (computed now if the snapshot does not
// match the prompts).
func NewBuiltinTranslator() (*ExampleTranslator, error) {
	all, err := builtinExamples()
	if err != nil {
		return nil, err
	}
	keys, err := decodeKeys(builtinKeys, all)
	if err != nil {
		keys = nil
	}
	return newExampleTranslator(all, keys), nil
}

// builtinExamples are the shipped training prompts of every set, in
// LoadPromptSets order.
func builtinExamples() ([]Example, error) {
	sets, err := LoadPromptSets()
	if err != nil {
		return nil, fmt.Errorf("load the Graph-ToolFormer prompts: %w", err)
	}
	var all []Example
	for _, s := range sets {
		all = append(all, s.Examples...)
	}
	return all, nil
}

// SplitExamples splits a set's examples 90/10: shuffled with the seed, the
// first len/10 are held back for testing, the rest are for training. The
// same seed gives the same split on every machine.
func SplitExamples(exs []Example, seed uint64) (train, test []Example) {
	idx := make([]int, len(exs))
	for i := range idx {
		idx[i] = i
	}
	r := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	r.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
	k := len(exs) / 10
	for i, j := range idx {
		if i < k {
			test = append(test, exs[j])
		} else {
			train = append(train, exs[j])
		}
	}
	return train, test
}

// SetAccuracy is the API generation accuracy on one set's held-back
// examples.
type SetAccuracy struct {
	Name    string
	Correct int
	// Wrong counts the sentences translated into calls other than the
	// reference's (declined sentences are neither correct nor wrong).
	Wrong int
	Total int
	// Routes counts the held-back sentences by how they were matched
	// ("none" when the translator declined).
	Routes map[Route]int
}

// Percent is Correct/Total in percent.
func (a SetAccuracy) Percent() float64 {
	if a.Total == 0 {
		return 0
	}
	return 100 * float64(a.Correct) / float64(a.Total)
}

// MeasureTranslation splits every set 90/10 with the seed, builds one
// translator from all the 90% parts, and on each set's 10% compares the
// calls written into the input sentence with the reference calls: a
// sentence counts as correct when every call is the same (same tool, same
// graph, same arguments, after SameCalls' normalisation) and in the same
// order. It returns the sets' figures in order and the total.
func MeasureTranslation(ctx context.Context, sets []PromptSet, seed uint64) ([]SetAccuracy, SetAccuracy, error) {
	var train []Example
	tests := make([][]Example, len(sets))
	for i, s := range sets {
		tr, te := SplitExamples(s.Examples, seed)
		train = append(train, tr...)
		tests[i] = te
	}
	t := NewExampleTranslator(train)
	var out []SetAccuracy
	total := SetAccuracy{Name: "overall", Routes: map[Route]int{}}
	for i, s := range sets {
		acc := SetAccuracy{Name: s.Name, Routes: map[Route]int{}}
		for _, ex := range tests[i] {
			if err := ctx.Err(); err != nil {
				return nil, SetAccuracy{}, err
			}
			acc.Total++
			ref, err := Parse(ex.Output)
			if err != nil {
				// A reference truncated upstream has no calls to
				// compare with; it counts as missed.
				acc.Routes["unparsable reference"]++
				continue
			}
			tr, err := t.Match(ctx, ex.Input)
			if err != nil {
				acc.Routes["none"]++
				continue
			}
			acc.Routes[tr.Route]++
			if SameCalls(tr.Statement.Calls(), ref.Calls()) {
				acc.Correct++
			} else {
				acc.Wrong++
			}
		}
		total.Correct += acc.Correct
		total.Total += acc.Total
		total.Wrong += acc.Wrong
		for r, n := range acc.Routes {
			total.Routes[r] += n
		}
		out = append(out, acc)
	}
	return out, total, nil
}

// SameCalls reports whether two lists of calls are the same after
// normalisation: the same calls in the same order, with quote styles,
// spacing and letter case aside (the paper's API generation accuracy
// compares calls with spaces removed and in lower case).
func SameCalls(a, b []*Call) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if normalCall(a[i]) != normalCall(b[i]) {
			return false
		}
	}
	return true
}

// normalCall prints a call with references unquoted and unspaced, without
// spaces, in lower case.
func normalCall(c *Call) string {
	plain := fillCalls(&Statement{Parts: []Part{c}}, func(_ int, v Value) Value {
		if r, ok := v.(Ref); ok {
			r.Quoted, r.Spaced = false, false
			return r
		}
		return v
	})[0]
	return strings.ToLower(strings.Join(strings.Fields(plain.String()), ""))
}
