package learned

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// FamilyName is the Spec.Family of every learned tool.
const FamilyName = "learned"

// NewRegistry returns the learned tools as a tools.Registry whose models
// come from store. The tools take no graph (g may be nil): each names its
// dataset in its arguments.
func NewRegistry(store *Store) (*tools.Registry, error) {
	return tools.NewRegistry(Tools(store)...)
}

// Lookup returns the learned tool called name over store, and whether
// there is one. The statement language and the CLI call it for names the
// exact catalogue does not have.
func Lookup(store *Store, name string) (tools.Tool, bool) {
	for _, t := range Tools(store) {
		if t.Spec().Name == name {
			return t, true
		}
	}
	return nil, false
}

// Tools returns every learned tool over store.
func Tools(store *Store) []tools.Tool {
	return []tools.Tool{
		topicTool(store),
		moleculeTool(store),
	}
}

// TopicParams are graph_bert:topic's arguments.
type TopicParams struct {
	Dataset string       `json:"dataset" desc:"the citation dataset: cora or citeseer"`
	Node    tools.NodeID `json:"node" desc:"the paper's ID in the dataset"`
}

// Topic is graph_bert:topic's answer.
type Topic struct {
	Dataset string `json:"dataset"`
	Node    string `json:"node"`
	// Topic is the predicted class name; Probability its probability.
	Topic       string  `json:"topic"`
	Probability float64 `json:"probability"`
	// Ranked lists every class with its probability, most probable first.
	Ranked []ClassProb `json:"ranked"`
	// Split is the node's part of the model's split (training, validation,
	// test, unlabelled); LabelledTopic is the dataset's label.
	Split         string `json:"split"`
	LabelledTopic string `json:"labelled_topic"`
	Model         string `json:"model"`
	// ModelAccuracy is the model's measured test accuracy.
	ModelAccuracy float64 `json:"model_accuracy"`
}

// ClassProb is a class and its probability.
type ClassProb struct {
	Class       string  `json:"class"`
	Probability float64 `json:"probability"`
}

func topicTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolTopic,
		Description: "predict the topic (class) of a paper in a citation dataset with a trained graph model",
		WhenToUse:   "the topic, subject or class of a paper of cora or citeseer: questions no exact algorithm answers",
		Returns:     "the predicted class name with its probability, every class ranked, and the model's test accuracy",
		Family:      FamilyName,
		Examples:    []string{"What is paper 35 of cora about?", "Which topic does paper norman00argument of citeseer have?"},
	}, func(ctx context.Context, _ *graph.Graph, p TopicParams) (tools.Result, error) {
		def, err := defForDataset(ToolTopic, p.Dataset)
		if err != nil {
			return tools.Result{}, err
		}
		lm, err := store.model(ctx, def)
		if err != nil {
			return tools.Result{}, err
		}
		m := lm.model.(*nodeModel)
		i := -1
		for k, id := range m.IDs {
			if id == string(p.Node) {
				i = k
				break
			}
		}
		if i < 0 {
			return tools.Result{}, fmt.Errorf("paper %q is not in %s (%d papers, IDs such as %s): %w",
				string(p.Node), def.Dataset, len(m.IDs), strings.Join(m.IDs[:min(3, len(m.IDs))], ", "), ErrUnknownItem)
		}
		c := len(m.Classes)
		probs := make([]float64, c)
		for k := range probs {
			probs[k] = float64(m.Probs[i*c+k])
		}
		t := Topic{Dataset: def.Dataset, Node: m.IDs[i], Split: splitName(m.Split[i]), LabelledTopic: m.Classes[m.Labels[i]], Model: def.Name}
		for _, k := range rankDesc(probs) {
			t.Ranked = append(t.Ranked, ClassProb{Class: m.Classes[k], Probability: probs[k]})
		}
		t.Topic, t.Probability = t.Ranked[0].Class, t.Ranked[0].Probability
		if s, ok := lm.meta.Score("accuracy"); ok {
			t.ModelAccuracy = s.Value
		}
		text := fmt.Sprintf("Paper %s of %s is most likely about %s (probability %.2f; model %s, test accuracy %.1f%%).",
			t.Node, t.Dataset, t.Topic, t.Probability, def.Name, 100*t.ModelAccuracy)
		if m.Split[i] == splitTrain {
			text += fmt.Sprintf(" It is one of the model's labelled training papers (label %s).", t.LabelledTopic)
		}
		return tools.Result{Value: t, Text: text}, nil
	})
}

// rankDesc returns the indices of xs from the largest value to the
// smallest (the lower index first on ties).
func rankDesc(xs []float64) []int {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(xs[b], xs[a]) })
	return idx
}

// MoleculeParams are seg_bert:molecule_function's arguments.
type MoleculeParams struct {
	Dataset  string `json:"dataset" desc:"the molecule collection: mutag or proteins"`
	Molecule int    `json:"molecule" desc:"the graph's number in the collection, from 1 (as in the TU files)"`
}

// MoleculeFunction is seg_bert:molecule_function's answer.
type MoleculeFunction struct {
	Dataset  string `json:"dataset"`
	Molecule int    `json:"molecule"`
	// Function is the predicted class in words, Class its value in the
	// dataset's files, Probability its probability.
	Function    string  `json:"function"`
	Class       string  `json:"class"`
	Probability float64 `json:"probability"`
	// LabelledFunction is the dataset's own label of the molecule.
	LabelledFunction string `json:"labelled_function"`
	// Fold is the cross-validation fold the molecule was held out in; the
	// prediction comes from the model trained on the other folds.
	Fold          int     `json:"fold"`
	Model         string  `json:"model"`
	ModelAccuracy float64 `json:"model_accuracy"`
}

func moleculeTool(store *Store) tools.Tool {
	return tools.New(tools.Spec{
		Name:        ToolMoleculeFunction,
		Description: "predict the function of a molecule (MUTAG: mutagenic or not; PROTEINS: enzyme or not) with a trained graph classifier",
		WhenToUse:   "whether a molecule or protein graph of mutag or proteins is mutagenic, an enzyme, or what its function is",
		Returns:     "the predicted class with its probability, the dataset's label and the model's cross-validated accuracy",
		Family:      FamilyName,
		Examples:    []string{"Is molecule 3 of mutag mutagenic?", "What is the function of protein 17 in proteins?"},
	}, func(ctx context.Context, _ *graph.Graph, p MoleculeParams) (tools.Result, error) {
		def, err := defForDataset(ToolMoleculeFunction, p.Dataset)
		if err != nil {
			return tools.Result{}, err
		}
		lm, err := store.model(ctx, def)
		if err != nil {
			return tools.Result{}, err
		}
		m := lm.model.(*graphModel)
		if p.Molecule < 1 || p.Molecule > len(m.Labels) {
			return tools.Result{}, fmt.Errorf("molecule %d is not in %s: its graphs are numbered 1 to %d: %w", p.Molecule, def.Dataset, len(m.Labels), ErrUnknownItem)
		}
		g, c := p.Molecule-1, len(m.Classes)
		probs := make([]float64, c)
		for k := range probs {
			probs[k] = float64(m.Probs[g*c+k])
		}
		best := rankDesc(probs)[0]
		r := MoleculeFunction{Dataset: def.Dataset, Molecule: p.Molecule, Class: m.Classes[best], Probability: probs[best],
			Function: graphClassName(def.Dataset, m.Classes[best]), LabelledFunction: graphClassName(def.Dataset, m.Classes[m.Labels[g]]),
			Fold: m.Fold[g] + 1, Model: def.Name}
		if s, ok := lm.meta.Score("accuracy"); ok {
			r.ModelAccuracy = s.Value
		}
		text := fmt.Sprintf("Molecule %d of %s is predicted %s (probability %.2f; model %s, 10-fold cross-validated accuracy %.1f%%, this molecule held out in fold %d).",
			r.Molecule, r.Dataset, r.Function, r.Probability, def.Name, 100*r.ModelAccuracy, r.Fold)
		return tools.Result{Value: r, Text: text}, nil
	})
}
