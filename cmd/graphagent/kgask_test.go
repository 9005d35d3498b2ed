package main

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/reasoning/explore"
)

// TestAskKGCompletion asks knowledge-graph completion questions through
// ask: stored facts answer without training the model; a missing link
// trains the small model ('train --small', seconds) and is answered as a
// prediction with its measured scores; ambiguous names exit 1 listing the
// candidates, unknown entities and knowledge graphs not shipped exit 2; a
// structure question is not read as one.
func TestAskKGCompletion(t *testing.T) {
	if testing.Short() {
		t.Skip("loads WN18RR and trains its small model")
	}
	home, data := t.TempDir(), dataDir(t)
	ask := func(args ...string) (string, string, int) {
		return runCLI(t, append([]string{"--home", home, "--data", data, "ask"}, args...)...)
	}
	// Facts, no model: nothing is trained.
	out, errOut, code := ask("in wn18rr, what is a hypernym of dog.n.01?")
	if code != 0 || !strings.Contains(out, "2 stored fact(s) answer (domestic dog (dog.n.01), _hypernym, ?) (exact lookup)") ||
		!strings.Contains(out, "canine (canine.n.02)") || strings.Contains(errOut, "training") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}

	if out, errOut, code := runCLI(t, "--home", home, "--data", data, "train", "transe-wn18rr", "--small"); code != 0 {
		t.Fatalf("train: exit %d: %s%s", code, out, errOut)
	}
	out, errOut, code = ask("--json", "What is tree.n.01 part of, according to wordnet?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ans struct {
		Answer string
		Tool   string
		Args   map[string]any
		Value  struct {
			Known     []any
			Predicted []struct {
				ID          string
				Probability float64
				Known       bool
			}
			Model struct{ MRR float64 }
		}
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatal(err)
	}
	if ans.Tool != "transe:head_entity" || ans.Args["entity"] != "13104059" || ans.Args["relation"] != "has part" || len(ans.Value.Known) != 0 ||
		len(ans.Value.Predicted) != 5 || ans.Value.Model.MRR <= 0 || ans.Value.Predicted[0].Probability < ans.Value.Predicted[4].Probability ||
		!strings.Contains(ans.Answer, "Predicted by the model transe-wn18rr (predictions, not facts; filtered test MRR") {
		t.Errorf("%+v", ans)
	}
	// With the model trained, a fact's answer ranks the model's candidates too.
	out, _, code = ask("predict the tail of (beget.v.01, _hypernym, ?) in wn18rr")
	if code != 0 || !strings.Contains(out, "1 stored fact(s) answer (sire (beget.v.01), _hypernym, ?) (exact lookup): make (make.v.03).") ||
		!strings.Contains(out, "The model transe-wn18rr (filtered test MRR") {
		t.Errorf("exit %d: %q", code, out)
	}

	for _, c := range []struct {
		q    string
		code int
		want string
	}{
		{"in wn18rr, what is a hypernym of dog?", exitNoAnswer, "dog.n.03"},
		{"which relation links cat and feline.n.01 in wn18rr?", exitNoAnswer, "cat.n.01"},
		{"in wn18rr, what is a hypernym of dogzilla.n.01?", exitUsage, "not in wn18rr"},
		{"predict (beget.v.01, _is_cousin_of, ?) in wn18rr", exitUsage, `relation "_is_cousin_of" is not in wn18rr`},
		{"in wn18, what is a hypernym of dog.n.01?", exitUsage, "wn18rr (WordNet) and fb15k237 (Freebase)"},
	} {
		_, errOut, code := ask(c.q)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, %q; want %d with %q", c.q, code, errOut, c.code, c.want)
		}
	}
	if out, _, _ := ask("--json", "how many nodes does wn18rr have?"); strings.Contains(out, `"tool": "transe:`) {
		t.Errorf("a structure question went to a transe tool: %s", out)
	}
}

// TestLearnedExplorers: each knowledge graph is loaded once however many
// questions ask for it at the same time; a graph that cannot be loaded is
// an error each time it is asked (not remembered as loaded).
func TestLearnedExplorers(t *testing.T) {
	if testing.Short() {
		t.Skip("loads WN18RR")
	}
	l := newLearnedForAgent(nil, nil, []string{dataDir(t)})
	got := make([]*explore.Explorer, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x, err := l.Explorer(context.Background(), "wn18rr")
			if err != nil {
				t.Error(err)
			}
			got[i] = x
		}()
	}
	wg.Wait()
	for _, x := range got {
		if x == nil || x != got[0] || x.KG().Name() != "wn18rr" {
			t.Fatalf("explorers %v: want one, of wn18rr", got)
		}
	}
	for range 2 {
		if x, err := l.Explorer(context.Background(), "nosuchkg"); err == nil || x != nil {
			t.Errorf("nosuchkg: %v, %v", x, err)
		}
	}
}
