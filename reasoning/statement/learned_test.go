package statement

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/learned"
)

// smallModels are the models the learned-statement tests train, in their
// small configurations (seconds), once per test binary.
var smallModels = []string{"graph_bert-cora", "graph_bert-citeseer", "seg_bert-mutag", "seg_bert-proteins", "kmeans-karate", "bpr-movietweetings",
	"transe-wn18rr", "transe-fb15k237"}

var (
	learnedOnce  sync.Once
	learnedHome  string
	learnedStore *learned.Store
	learnedErr   error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if learnedHome != "" {
		os.RemoveAll(learnedHome)
	}
	os.Exit(code)
}

// smallLearned returns the learned tools over a store in a temporary home
// holding the small models, trained on first use; the store may not train
// on demand, so a model the tests did not train is an error, not minutes
// of training.
func smallLearned(t testing.TB) *tools.Registry {
	t.Helper()
	learnedOnce.Do(func() {
		learnedHome, learnedErr = os.MkdirTemp("", "statement-learned-")
		if learnedErr != nil {
			return
		}
		learnedStore = learned.NewStore(learned.StoreConfig{Home: learnedHome})
		for _, name := range smallModels {
			def, err := learned.LookupDef(name)
			if err != nil {
				learnedErr = err
				return
			}
			if _, err := learnedStore.Train(context.Background(), def, learned.Config{Seed: 1, Small: true}); err != nil {
				learnedErr = err
				return
			}
		}
	})
	if learnedErr != nil {
		t.Fatal(learnedErr)
	}
	reg, err := learned.NewRegistry(learnedStore)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// runTool runs a learned tool directly, as the reference the statements
// must agree with.
func runTool(t *testing.T, reg *tools.Registry, name string, args map[string]any) tools.Result {
	t.Helper()
	tool, err := reg.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(args)
	res, err := tool.Run(context.Background(), nil, b)
	if err != nil {
		t.Fatalf("%s %s: %v", name, b, err)
	}
	return res
}

// TestLearnedStatements runs each learned GR tool through a statement and
// checks the arguments reached the tool as the alias table says (the
// data's 0-based instance#k is molecule k+1, IDs as written, the dataset
// of the GL) by comparing with the tool run directly.
func TestLearnedStatements(t *testing.T) {
	reg := smallLearned(t)
	e := NewExecutor(Config{Hubs: DefaultHubs(), Datasets: datasetsForTest(t), Learned: reg})

	out, err := execute(t, e, `Paper #35 of cora is about [GR(GL("cora"), "graph_bert:topic", paper#35)-->r].`)
	if err != nil {
		t.Fatal(err)
	}
	topic := runTool(t, reg, "graph_bert:topic", map[string]any{"dataset": "cora", "node": "35"}).Value.(learned.Topic)
	want := strings.ReplaceAll(topic.Topic, "_", " ")
	if out.Text != "Paper #35 of cora is about "+want+"." || out.Result.(learned.Topic).Node != "35" {
		t.Errorf("topic: %q (result %+v), want the topic %q", out.Text, out.Result, want)
	}
	if c := out.Calls[0]; c.Tool != "graph_bert:topic" || c.Graph != "cora" || !strings.Contains(c.Explanation, "test accuracy") {
		t.Errorf("topic call record %+v", c)
	}
	if len(out.Loads) != 0 {
		t.Errorf("a learned call loaded %v; the model has its own copy of the data", out.Loads)
	}

	for _, tc := range []struct {
		stmt     string
		ds       string
		molecule int
	}{
		{`[GR(GL("mutag"), "seg_bert:molecule_function", instance#0)-->r]`, "mutag", 1},
		{`[GR(GL("mutag"), "seg_bert:molecule_function", instance#187)-->r]`, "mutag", 188},
		{`[GR(GL("proteins"), "seg_bert:molecule_function", instance#492)-->r]`, "proteins", 493},
		{`[GR(GL("mutag"), "seg_bert:molecule_function", molecule: 12)-->r]`, "mutag", 12},
	} {
		out, err := execute(t, e, tc.stmt)
		if err != nil {
			t.Errorf("%s: %v", tc.stmt, err)
			continue
		}
		got := out.Result.(learned.MoleculeFunction)
		ref := runTool(t, reg, "seg_bert:molecule_function", map[string]any{"dataset": tc.ds, "molecule": tc.molecule}).Value.(learned.MoleculeFunction)
		if got.Molecule != tc.molecule || got.Dataset != tc.ds || got != ref {
			t.Errorf("%s: %+v, want molecule %d of %s: %+v", tc.stmt, got, tc.molecule, tc.ds, ref)
		}
		if fn, _, _ := strings.Cut(ref.Function, " ("); out.Text != fn {
			t.Errorf("%s: text %q, want %q", tc.stmt, out.Text, fn)
		}
	}

	out, err = execute(t, e, `Users 0 and 33 are in [GR(GL("karate"), "kmeans:common_community_check", user#0, user#33)-->r] communities; user 0 is in community [GR(GL("karate"), "kmeans:community", "node#0")].`)
	if err != nil {
		t.Fatal(err)
	}
	same := runTool(t, reg, "kmeans:common_community_check", map[string]any{"dataset": "karate", "node1": "0", "node2": "33"}).Value.(learned.CommonCommunity)
	comm := runTool(t, reg, "kmeans:community", map[string]any{"dataset": "karate", "node": "0"}).Value.(learned.Community)
	word := map[bool]string{true: "the same", false: "different"}[same.Same]
	if want := fmt.Sprintf("Users 0 and 33 are in %s communities; user 0 is in community %d.", word, comm.Community); out.Text != want {
		t.Errorf("communities: %q, want %q", out.Text, want)
	}

	out, err = execute(t, e, `[GR(GL("movietweetings"), "bpr:topk_recommendation", user#1, 3)-->r]`)
	if err != nil {
		t.Fatal(err)
	}
	top := runTool(t, reg, "bpr:topk_recommendation", map[string]any{"dataset": "movietweetings", "user": "1", "k": 3}).Value.(learned.TopK)
	if got := out.Result.(learned.TopK); len(got.Items) != 3 || got.Items[0] != top.Items[0] || !strings.Contains(out.Text, top.Items[0].Item) {
		t.Errorf("top-3: %q %+v, want %+v", out.Text, got, top)
	}
	item := top.Items[0].Item
	out, err = execute(t, e, `[GR(GL("movietweetings"), "bpr:recommendation", user#1, movie#`+item+`)-->r]`)
	if err != nil {
		t.Fatal(err)
	}
	if rec := out.Result.(learned.Recommendation); rec.Rank != 1 || rec.Item != item || out.Text != pyFloat(round3(rec.Percentile)) {
		t.Errorf("recommendation of the top item: %q %+v, want rank 1", out.Text, rec)
	}

	// Knowledge graphs: the data's argument orders (head, relation /
	// relation, tail / head, tail).
	for _, tc := range []struct {
		stmt, tool string
		args       map[string]any
	}{
		{`[GR(GL("wordnet"), "transe:tail_entity", entity#beget.v.01, relation#_hypernym)-->r]`, "transe:tail_entity",
			map[string]any{"dataset": "wn18rr", "entity": "beget.v.01", "relation": "_hypernym"}},
		{`[GR(GL("freebase"), "transe:head_entity", relation#/award/award_nominee/award_nominations./award/award_nomination/award_nominee, entity#/m/07lt7b)-->r]`, "transe:head_entity",
			map[string]any{"dataset": "fb15k237", "entity": "/m/07lt7b", "relation": "award award nominee award nominations. award award nomination award nominee"}},
		// WN18's _hyponym, dropped from WN18RR, is asked through its
		// inverse: the tail of (brew, _hyponym, ?) is the head of
		// (?, _hypernym, brew).
		{`[GR(GL("wordnet"), "transe:tail_entity", entity#brew.n.01, relation#_hyponym)-->r]`, "transe:head_entity",
			map[string]any{"dataset": "wn18rr", "entity": "brew.n.01", "relation": "_hypernym"}},
		{`[GR(GL("wordnet"), "transe:relation", entity#state.v.01, entity#add.v.02)-->r]`, "transe:relation",
			map[string]any{"dataset": "wn18rr", "head": "state.v.01", "tail": "add.v.02"}},
	} {
		out, err := execute(t, e, tc.stmt)
		if err != nil {
			t.Errorf("%s: %v", tc.stmt, err)
			continue
		}
		ref := runTool(t, reg, tc.tool, tc.args).Value.(learned.KGAnswer)
		got := out.Result.(learned.KGAnswer)
		best := ref.Candidates[0]
		want := best.Name
		if tc.tool == "transe:relation" {
			want = best.ID
		}
		if got.Query != ref.Query || got.Candidates[0] != best || out.Text != want || out.Calls[0].Tool != tc.tool {
			t.Errorf("%s: %q %+v, want %q %+v", tc.stmt, out.Text, got, want, ref)
		}
	}

	// A bound dataset works as the graph argument, and a learned result
	// can be bound like any other.
	out, err = execute(t, e, `[GL("cora")-->g] [GR(g, "graph_bert:topic", paper#35)-->t]`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != want || out.Result.(learned.Topic).Topic != topic.Topic {
		t.Errorf("bound dataset: %q, want %q", out.Text, want)
	}
}

// TestLearnedStatementErrors: what a learned call cannot answer is an
// error of the right kind that says why, never a made-up result.
func TestLearnedStatementErrors(t *testing.T) {
	reg := smallLearned(t)
	e := NewExecutor(Config{Hubs: DefaultHubs(), Learned: reg})
	cases := []struct {
		stmt string
		want error
		says string
	}{
		{`[GR(GL("pubmed"), "graph_bert:topic", paper#45)-->r]`, ErrNotShipped, "not shipped"},
		{`[GR(GL("cora"), "graph_bert:topic", paper#999999999)-->r]`, learned.ErrUnknownItem, "999999999"},
		{`[GR(GL("mutag"), "seg_bert:molecule_function", instance#188)-->r]`, learned.ErrUnknownItem, "189"},
		{`[GR(GL("mutag"), "seg_bert:molecule_function", instance#-1)-->r]`, ErrBadCall, "numbered from 0"},
		{`[GR(GL("mutag"), "seg_bert:molecule_function", "abc")-->r]`, ErrBadCall, "instance#31"},
		{`[GR(GL("karate"), "graph_bert:topic", paper#1)-->r]`, learned.ErrDataset, "cora"},
		{`[GR(GL("gpr", {"bull_graph"}), "graph_bert:topic", paper#1)-->r]`, ErrBadCall, "shipped dataset"},
		{`[GR(GL("cora", {"35"}), "graph_bert:topic", paper#35)-->r]`, ErrBadCall, "whole dataset"},
		{`[GR(GL("cora"), "graph_bert:topic", paper#35, paper#40)-->r]`, tools.ErrBadArgs, "one too many"},
		{`[GR(GL("cora"), "graph_bert:topic", paper#35, node: 40)-->r]`, tools.ErrBadArgs, "given twice"},
		{`[GR(GL("wordnet"), "transe:summary", entity#state.v.01)-->r]`, ErrToolNotAvailable, "transe"},
		{`[GR(GL("wordnet"), "transe:relation", entity#state.v.01, entity#no.such.synset)-->r]`, learned.ErrUnknownItem, "no.such.synset"},
		{`[GR(GL("cora"), "transe:relation", entity#state.v.01, entity#add.v.02)-->r]`, learned.ErrDataset, "wn18rr"},
		{`[GR(GL("nowhere"), "kmeans:community", user#1)-->r]`, ErrUnknownGraph, "karate"},
		{`[GR(x, "kmeans:community", user#1)-->r]`, ErrBadCall, "not a loaded dataset"},
	}
	for _, tc := range cases {
		out, err := execute(t, e, tc.stmt)
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v (outcome %+v), want %v saying %q", tc.stmt, err, out, tc.want, tc.says)
		}
	}
	// Without learned tools the calls are not available.
	bare := NewExecutor(Config{Hubs: DefaultHubs()})
	if _, err := execute(t, bare, `[GR(GL("cora"), "graph_bert:topic", paper#35)-->r]`); !errors.Is(err, ErrToolNotAvailable) {
		t.Errorf("without learned tools: %v, want ErrToolNotAvailable", err)
	}
}

// FuzzExecuteLearned runs fuzzed learned calls against learned tools with
// no trained model: the arguments are read and converted, and every call
// ends in an error or a result, never a panic.
func FuzzExecuteLearned(f *testing.F) {
	for _, s := range []string{
		`[GR(GL("cora"), "graph_bert:topic", paper#35)-->r]`,
		`[GR(GL("mutag"), "seg_bert:molecule_function", instance#11)-->r]`,
		`[GR(GL("karate"), "kmeans:common_community_check", user#0, user#33)-->r]`,
		`[GR(GL("movietweetings"), "bpr:topk_recommendation", user#1, 5)-->r]`,
		`[GR(GL("wordnet"), "transe:tail_entity", entity#brew.n.01, relation#_hyponym)-->r]`,
		`[GR(GL("freebase"), "transe:head_entity", relation#/a/b_c, entity#/m/0)-->r]`,
		`[GL("cora")-->g] [GR(g, "graph_bert:topic", node: x)]`,
	} {
		f.Add(s)
	}
	reg, err := learned.NewRegistry(learned.NewStore(learned.StoreConfig{Home: f.TempDir()}))
	if err != nil {
		f.Fatal(err)
	}
	e := NewExecutor(Config{Hubs: DefaultHubs(), Learned: reg})
	f.Fuzz(func(t *testing.T, s string) {
		st, err := Parse(s)
		if err != nil {
			return
		}
		if out, err := e.Execute(context.Background(), st); err == nil && out == nil {
			t.Fatalf("%q: no outcome and no error", s)
		}
	})
}
