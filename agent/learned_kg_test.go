package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/reasoning/explore"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/kg"
	"github.com/graphagent/graphagent/tools/learned"
)

// shippedKGs loads the shipped knowledge graphs' explorers once per test
// binary.
var shippedKGs = explore.NewCache(func(ctx context.Context, name string) (*kg.KG, error) {
	return kg.Load(ctx, dataset.OpenShipped, name)
}, explore.Options{})

// kgLearned is a learned-tool registry that also gives the shipped
// knowledge graphs (learnedq.Explorers), as cmd's does.
type kgLearned struct {
	learnedDouble
}

func (kgLearned) Explorer(ctx context.Context, name string) (*explore.Explorer, error) {
	return shippedKGs.Explorer(ctx, name)
}

// kgDoubles stand in for the three transe tools: each answers every query
// with the candidates given (the model is tested in tools/learned; the
// routing and the labelling of facts and predictions here) and counts its
// runs.
type kgDoubles struct {
	entities, relations []learned.KGCandidate
	runs                int
}

func (d *kgDoubles) tools() []tools.Tool {
	answer := func(ds string, cands []learned.KGCandidate, rel bool) tools.Result {
		d.runs++
		a := learned.KGAnswer{Dataset: ds, Query: "(…)", Candidates: cands, Model: "transe-" + ds, MRR: 0.317, Hits1: 0.288, Hits10: 0.362}
		if rel {
			a.RelationHits1, a.RelationMRR = 0.441, 0.575
		}
		return tools.Result{Value: a, Text: "model text"}
	}
	entity := func(name string) tools.Tool {
		return tools.New(tools.Spec{Name: name, Description: "test double", Family: "learned"},
			func(_ context.Context, _ *graph.Graph, p learned.EntityParams) (tools.Result, error) {
				return answer(p.Dataset, d.entities, false), nil
			})
	}
	return []tools.Tool{entity(learned.ToolTailEntity), entity(learned.ToolHeadEntity),
		tools.New(tools.Spec{Name: learned.ToolRelation, Description: "test double", Family: "learned"},
			func(_ context.Context, _ *graph.Graph, p learned.RelationParams) (tools.Result, error) {
				return answer(p.Dataset, d.relations, true), nil
			})}
}

func kgAgent(t *testing.T, d *kgDoubles, trained bool) *Agent {
	t.Helper()
	reg, err := tools.NewRegistry(d.tools()...)
	if err != nil {
		t.Fatal(err)
	}
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(context.Background(), Config{Memory: store, Learned: kgLearned{learnedDouble{reg, trained}}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestKGCompletion: stored facts answer exactly and the model's candidates
// are each marked a stored fact or a prediction, with its test scores; an
// untrained model is not trained when facts answer; with no fact the
// model's answer is labelled a prediction; ambiguous names are refused
// listing the candidates (exit 1), unknown entities and knowledge graphs
// not shipped are bad input (exit 2); other questions are not taken.
func TestKGCompletion(t *testing.T) {
	if testing.Short() {
		t.Skip("loads WN18RR and FB15k-237")
	}
	ctx := context.Background()
	// canine.n.02 (02083346) is a stored hypernym of dog.n.01; wolf.n.01
	// (02114100) is not.
	d := &kgDoubles{
		entities:  []learned.KGCandidate{{ID: "02083346", Name: "canine", Probability: 0.5}, {ID: "02114100", Name: "wolf", Probability: 0.2}},
		relations: []learned.KGCandidate{{ID: "_has_part", Name: "has part", Probability: 0.4}, {ID: "_hypernym", Name: "hypernym", Probability: 0.3}},
	}
	a := kgAgent(t, d, true)
	ans, err := a.Ask(ctx, "in wn18rr, what is a hypernym of dog.n.01?")
	if err != nil {
		t.Fatal(err)
	}
	c, ok := ans.Value.(KGCompletion)
	if !ok || ans.Tool != learned.ToolTailEntity || len(c.Known) != 2 || len(c.Predicted) != 2 || !c.Predicted[0].Known || c.Predicted[1].Known || d.runs != 1 {
		t.Fatalf("%T %+v (tool %s, runs %d)", ans.Value, ans.Value, ans.Tool, d.runs)
	}
	for _, s := range []string{"2 stored fact(s) answer (domestic dog (dog.n.01), _hypernym, ?) (exact lookup)", "canine (canine.n.02)",
		"domesticated animal (domestic_animal.n.01)", "filtered test MRR 0.317, Hits@1 0.288, Hits@10 0.362", "canine (02083346, p=0.50, a stored fact)",
		"wolf (02114100, p=0.20, a prediction)"} {
		if !strings.Contains(ans.Answer, s) {
			t.Errorf("answer %q lacks %q", ans.Answer, s)
		}
	}

	// No stored fact: (?, _has_part, tree.n.01). The answer is the model's,
	// labelled a prediction.
	ans, err = a.Ask(ctx, "What is tree.n.01 part of, according to wordnet?")
	if err != nil || ans.Tool != learned.ToolHeadEntity || len(ans.Value.(KGCompletion).Known) != 0 ||
		!strings.HasPrefix(ans.Answer, "No stored fact of wn18rr answers (?, _has_part, tree (tree.n.01)). Predicted by the model transe-wn18rr (predictions, not facts;") {
		t.Errorf("%v: %q", err, ans.Answer)
	}

	// The relation between two entities, a fact: the model's ranking is
	// marked against it, with the relation scores.
	ans, err = a.Ask(ctx, "Which relation links cat.n.01 and feline.n.01 in wn18rr?")
	if err != nil || ans.Tool != learned.ToolRelation || !strings.Contains(ans.Answer, "(true cat (cat.n.01), _hypernym, feline (feline.n.01))") ||
		!strings.Contains(ans.Answer, "relation test Hits@1 0.441, MRR 0.575") || !strings.Contains(ans.Answer, "hypernym (_hypernym, p=0.30, a stored fact)") ||
		!strings.Contains(ans.Answer, "has part (_has_part, p=0.40, a prediction)") {
		t.Errorf("%v: %q", err, ans.Answer)
	}

	// FB15k-237 by name.
	ans, err = a.Ask(ctx, "In fb15k237, what is the nationality of Barack Obama?")
	if err != nil || !strings.Contains(ans.Answer, "United States of America (/m/09c7w0)") || string(ans.Args) != `{"dataset":"fb15k237","entity":"4645","relation":"people person nationality"}` {
		t.Errorf("%v: %q %s", err, ans.Answer, ans.Args)
	}

	runs := d.runs
	for _, c := range []struct {
		q, want string
		err     error
	}{
		{"in wn18rr, what is a hypernym of dog?", "domestic dog (dog.n.01), ID 02084071; dog (dog.n.03), ID 10023039", ErrNoAnswer},
		{"in wn18rr, what is a hypernym of dogzilla.n.01?", "not in wn18rr", ErrBadInput},
		{"In freebase, which films were directed by Christopher Nolan?", `"films"`, ErrNoAnswer},
		{"in wn18, what is a hypernym of dog.n.01?", "wn18rr (WordNet) and fb15k237 (Freebase)", ErrBadInput},
	} {
		ans, err := a.Ask(ctx, c.q)
		if !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.want) || ans.Value != nil {
			t.Errorf("%q: %v, want %v with %q", c.q, err, c.err, c.want)
		}
	}
	if d.runs != runs {
		t.Errorf("a refused question ran the model")
	}
	if ans, _ := a.Ask(ctx, "how many nodes does wn18rr have?"); strings.HasPrefix(ans.Tool, "transe:") {
		t.Errorf("a structure question went to %s", ans.Tool)
	}

	// Untrained: the facts answer alone and the trace says how to add the
	// model; with no fact the model runs (it would train on demand).
	d.runs = 0
	a = kgAgent(t, d, false)
	ans, err = a.Ask(ctx, "in wn18rr, what is a hypernym of dog.n.01?")
	if err != nil || d.runs != 0 || ans.Value.(KGCompletion).Model != nil || !strings.Contains(fmt.Sprint(ans.Trace), "graphagent train transe-wn18rr") ||
		strings.Contains(ans.Answer, "model") {
		t.Errorf("%v: runs %d, %q %+v", err, d.runs, ans.Answer, ans.Trace)
	}
	if _, err := a.Ask(ctx, "What is tree.n.01 part of, according to wordnet?"); err != nil || d.runs != 1 {
		t.Errorf("no fact, untrained: %v, runs %d", err, d.runs)
	}

	// Learned tools without the knowledge graphs: the question is not taken.
	reg, err := tools.NewRegistry(d.tools()...)
	if err != nil {
		t.Fatal(err)
	}
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	plain, err := New(ctx, Config{Memory: store, Learned: learnedDouble{reg, true}})
	if err != nil {
		t.Fatal(err)
	}
	if ans, _ := plain.Ask(ctx, "in wn18rr, what is a hypernym of dog.n.01?"); strings.HasPrefix(ans.Tool, "transe:") {
		t.Errorf("answered without the knowledge graphs: %+v", ans)
	}
}
