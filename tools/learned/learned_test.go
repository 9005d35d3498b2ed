package learned

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// trainSmall trains the small configuration of model into a new store.
func trainSmall(t *testing.T, model string) (*Store, *Meta) {
	t.Helper()
	def, err := LookupDef(model)
	if err != nil {
		t.Fatal(err)
	}
	s := NewStore(StoreConfig{Home: t.TempDir()})
	meta, err := s.Train(context.Background(), def, Config{Seed: 1, Small: true})
	if err != nil {
		t.Fatal(err)
	}
	return s, meta
}

// beatsBaseline checks that the model's metric beats its baseline by margin.
func beatsBaseline(t *testing.T, meta *Meta, metric string, margin float64) {
	t.Helper()
	got, ok := meta.Score(metric)
	if !ok {
		t.Fatalf("%s: no %s score in %+v", meta.Model, metric, meta.Scores)
	}
	for _, s := range meta.Scores {
		if s.Baseline && strings.HasPrefix(s.Metric, metric+" (") {
			if got.Value < s.Value+margin {
				t.Errorf("%s: %s %.3f does not beat the baseline %s %.3f by %.2f", meta.Model, metric, got.Value, s.Metric, s.Value, margin)
			}
			return
		}
	}
	t.Fatalf("%s: no baseline for %s in %+v", meta.Model, metric, meta.Scores)
}

// runTool runs the learned tool name over s with args.
func runTool(t *testing.T, s *Store, name string, args map[string]any) (any, string, error) {
	t.Helper()
	tool, ok := Lookup(s, name)
	if !ok {
		t.Fatalf("no learned tool %s", name)
	}
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	res, err := tool.Run(context.Background(), nil, b)
	return res.Value, res.Text, err
}

func TestTopicSmall(t *testing.T) {
	s, meta := trainSmall(t, "graph_bert-cora")
	beatsBaseline(t, meta, "accuracy", 0.4)
	v, text, err := runTool(t, s, ToolTopic, map[string]any{"dataset": "cora", "node": 35})
	if err != nil {
		t.Fatal(err)
	}
	topic := v.(Topic)
	if topic.Node != "35" || topic.Probability <= 0 || topic.Probability > 1 || len(topic.Ranked) != 7 || !strings.Contains(text, topic.Topic) {
		t.Errorf("topic of 35: %+v, %q", topic, text)
	}
	sum := 0.0
	for i, r := range topic.Ranked {
		sum += r.Probability
		if i > 0 && r.Probability > topic.Ranked[i-1].Probability {
			t.Errorf("ranking not descending: %+v", topic.Ranked)
		}
	}
	if sum < 0.99 || sum > 1.01 {
		t.Errorf("probabilities sum to %.3f", sum)
	}
	if _, _, err := runTool(t, s, ToolTopic, map[string]any{"dataset": "cora", "node": "no-such-paper"}); !errors.Is(err, ErrUnknownItem) {
		t.Errorf("unknown paper: %v, want ErrUnknownItem", err)
	}
	_, _, err = runTool(t, s, ToolTopic, map[string]any{"dataset": "pubmed", "node": 1})
	if !errors.Is(err, ErrDataset) || !strings.Contains(err.Error(), "cora") || !strings.Contains(err.Error(), "citeseer") {
		t.Errorf("unshipped dataset: %v, want ErrDataset naming cora and citeseer", err)
	}

	// A second store over the same home loads the saved model and answers
	// the same.
	s2 := NewStore(StoreConfig{Home: s.cfg.Home})
	v2, _, err := runTool(t, s2, ToolTopic, map[string]any{"dataset": "cora", "node": "35"})
	if err != nil {
		t.Fatal(err)
	}
	if got := v2.(Topic); got.Topic != topic.Topic || got.Probability != topic.Probability {
		t.Errorf("loaded model answers %+v, trained one %+v", got, topic)
	}

	// Training again with the same seed gives the same model.
	b, _ := trainSmall(t, "graph_bert-cora")
	ma := s.loaded["graph_bert-cora"].model.(*nodeModel)
	mb := b.loaded["graph_bert-cora"].model.(*nodeModel)
	if !slices.Equal(ma.Probs, mb.Probs) || !slices.Equal(ma.Split, mb.Split) {
		t.Error("two trainings with the same seed differ")
	}
}

func TestAbsentAndStaleModels(t *testing.T) {
	home := t.TempDir()
	s := NewStore(StoreConfig{Home: home})
	_, _, err := runTool(t, s, ToolTopic, map[string]any{"dataset": "cora", "node": 35})
	if !errors.Is(err, ErrNotTrained) || !strings.Contains(err.Error(), "graph_bert-cora") {
		t.Errorf("absent model: %v, want ErrNotTrained naming the model", err)
	}
	def, _ := LookupDef("graph_bert-cora")
	if _, err := s.Train(context.Background(), def, Config{Seed: 1, Small: true}); err != nil {
		t.Fatal(err)
	}
	// A description whose checksum is not the data's is out of date.
	meta, err := s.Meta(def.Name)
	if err != nil {
		t.Fatal(err)
	}
	// A model saved by the previous version of the node classifier (the
	// same file name, another format) is out of date, and says so.
	old := *meta
	old.Version = familyVersion(def.Family) - 1
	b, _ := json.Marshal(&old)
	if err := os.WriteFile(filepath.Join(home, "models", def.Name+".json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewStore(StoreConfig{Home: home}).Check(def); !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), "graphagent train graph_bert-cora") {
		t.Errorf("older model version: %v, want ErrStale saying how to retrain", err)
	}
	if _, _, err := runTool(t, NewStore(StoreConfig{Home: home}), ToolTopic, map[string]any{"dataset": "cora", "node": 35}); !errors.Is(err, ErrStale) {
		t.Errorf("tool over an older model version: %v, want ErrStale", err)
	}
	meta.DataChecksum = "0000"
	b, _ = json.Marshal(meta)
	if err := os.WriteFile(filepath.Join(home, "models", def.Name+".json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewStore(StoreConfig{Home: home}).Check(def); !errors.Is(err, ErrStale) {
		t.Errorf("changed checksum: %v, want ErrStale", err)
	}
	var notes []string
	s3 := NewStore(StoreConfig{Home: home, TrainOnDemand: true, DemandConfig: &Config{Seed: 1, Small: true},
		Notify: func(m string) { notes = append(notes, m) }})
	if _, _, err := runTool(t, s3, ToolTopic, map[string]any{"dataset": "cora", "node": 35}); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "training graph_bert-cora") {
		t.Errorf("training on demand said %q", notes)
	}
}

func TestSelect(t *testing.T) {
	for in, want := range map[string]int{"all": len(Defs()), "graph_bert": 2, "graph_bert-cora": 1, ToolTopic: 2} {
		defs, err := Select(in)
		if err != nil || len(defs) != want {
			t.Errorf("Select(%q) = %d models, %v; want %d", in, len(defs), err, want)
		}
	}
	if _, err := Select("gcn"); !errors.Is(err, ErrUnknownModel) {
		t.Errorf("Select(gcn): %v", err)
	}
	for _, name := range ToolNames() {
		if !IsTool(name) || len(defsFor(name)) == 0 {
			t.Errorf("tool %s has no model", name)
		}
	}
}

func TestMoleculeFunctionSmall(t *testing.T) {
	s, meta := trainSmall(t, "seg_bert-mutag")
	beatsBaseline(t, meta, "accuracy", 0.05)
	v, text, err := runTool(t, s, ToolMoleculeFunction, map[string]any{"dataset": "MUTAG", "molecule": 1})
	if err != nil {
		t.Fatal(err)
	}
	r := v.(MoleculeFunction)
	// MUTAG's first graph is labelled 1, mutagenic.
	if r.LabelledFunction != "mutagenic" || r.Probability <= 0 || r.Probability >= 1 || r.Margin < 0 || r.Fold < 1 || r.Fold > 10 || !strings.Contains(text, r.Function) {
		t.Errorf("molecule 1: %+v %q", r, text)
	}
	for _, bad := range []int{0, 189, -3} {
		if _, _, err := runTool(t, s, ToolMoleculeFunction, map[string]any{"dataset": "mutag", "molecule": bad}); !errors.Is(err, ErrUnknownItem) || !strings.Contains(err.Error(), "1 to 188") {
			t.Errorf("molecule %d: %v", bad, err)
		}
	}
	if _, _, err := runTool(t, s, ToolMoleculeFunction, map[string]any{"dataset": "cora", "molecule": 1}); !errors.Is(err, ErrDataset) || !strings.Contains(err.Error(), "mutag, proteins") {
		t.Errorf("cora molecule: %v", err)
	}

	// The same seed trains the same model; a fresh store loads it and
	// answers the same.
	b, _ := trainSmall(t, "seg_bert-mutag")
	ma, mb := s.loaded["seg_bert-mutag"].model.(*graphModel), b.loaded["seg_bert-mutag"].model.(*graphModel)
	if !slices.Equal(ma.Margin, mb.Margin) || !slices.Equal(ma.Probs, mb.Probs) {
		t.Error("two trainings with the same seed differ")
	}
	v2, _, err := runTool(t, NewStore(StoreConfig{Home: s.cfg.Home}), ToolMoleculeFunction, map[string]any{"dataset": "mutag", "molecule": 1})
	if err != nil || v2.(MoleculeFunction) != r {
		t.Errorf("loaded model answers %+v (%v), trained one %+v", v2, err, r)
	}
	// A model saved by the earlier version (logistic regression, no
	// margins) is out of date, not decoded into the new format.
	def, _ := LookupDef("seg_bert-mutag")
	meta.Version = 1
	raw, _ := json.Marshal(meta)
	if err := os.WriteFile(filepath.Join(s.cfg.Home, "models", def.Name+".json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewStore(StoreConfig{Home: s.cfg.Home}).Check(def); !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), "model version 1") {
		t.Errorf("format-1 model: %v, want ErrStale naming the format", err)
	}
}

func TestCommunitySmall(t *testing.T) {
	s, meta := trainSmall(t, "kmeans-karate")
	// Zachary's karate club splits into two factions; the spectral split
	// finds them (NMI 0.84 with one member misplaced), far above chance.
	if nmi, _ := meta.Score("NMI"); nmi.Value < 0.6 {
		t.Errorf("karate NMI %.3f", nmi.Value)
	}
	v, _, err := runTool(t, s, ToolCommonCommunity, map[string]any{"dataset": "karate", "node1": 0, "node2": 33})
	if err != nil {
		t.Fatal(err)
	}
	// The two leaders (Mr. Hi, 0, and the officer, 33) are in different factions.
	if r := v.(CommonCommunity); r.Same {
		t.Errorf("0 and 33: %+v", r)
	}
	v, _, err = runTool(t, s, ToolCommonCommunity, map[string]any{"dataset": "karate", "node1": 0, "node2": 1})
	if err != nil || !v.(CommonCommunity).Same {
		t.Errorf("0 and 1: %+v, %v", v, err)
	}
	v, text, err := runTool(t, s, ToolCommunity, map[string]any{"dataset": "karate", "node": "33"})
	if err != nil {
		t.Fatal(err)
	}
	c := v.(Community)
	if c.Group != "Officer" || c.Share < 0.8 || c.Count != 2 || !slices.Contains(c.Members, "33") || !strings.Contains(text, "community") {
		t.Errorf("community of 33: %+v %q", c, text)
	}
	if _, _, err := runTool(t, s, ToolCommunity, map[string]any{"dataset": "karate", "node": 34}); !errors.Is(err, ErrUnknownItem) {
		t.Errorf("node 34: %v", err)
	}
}

func TestAdjustedRandIndex(t *testing.T) {
	for _, c := range []struct {
		a, b []int
		want float64
	}{
		{[]int{0, 0, 1, 1}, []int{5, 5, 7, 7}, 1},
		{[]int{0, 0, 1, 1}, []int{0, 1, 0, 1}, -0.5},
		{[]int{0, 0, 0, 1, 1, 1}, []int{0, 0, 1, 1, 2, 2}, 0.24242424242424243}, // (2 - 1.2) / (4.5 - 1.2), by hand
	} {
		if got := adjustedRandIndex(c.a, c.b); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("ARI(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestRecommendationSmall(t *testing.T) {
	s, meta := trainSmall(t, "bpr-movietweetings")
	// Even three epochs of 8 factors rank held-out movies far above
	// chance (AUC 0.5).
	if auc, _ := meta.Score("AUC"); auc.Value < 0.75 {
		t.Errorf("AUC %.3f", auc.Value)
	}
	m := s.loaded["bpr-movietweetings"].model.(*recModel)
	// A user with training ratings, and one of the movies.
	u := -1
	for k := range m.Users {
		if len(m.seen(k)) >= 3 {
			u = k
			break
		}
	}
	v, text, err := runTool(t, s, ToolTopKRecommendaton, map[string]any{"dataset": "movietweetings", "user": m.Users[u], "k": 5})
	if err != nil {
		t.Fatal(err)
	}
	top := v.(TopK)
	if len(top.Items) != 5 || top.Method != "bpr" || !strings.Contains(text, top.Items[0].Title) {
		t.Fatalf("top 5: %+v %q", top, text)
	}
	for k := 1; k < len(top.Items); k++ {
		if top.Items[k].Score > top.Items[k-1].Score {
			t.Errorf("not sorted: %+v", top.Items)
		}
	}
	v, _, err = runTool(t, s, ToolRecommendation, map[string]any{"dataset": "movietweetings", "user": m.Users[u], "item": top.Items[0].Item})
	if err != nil {
		t.Fatal(err)
	}
	if r := v.(Recommendation); r.Rank != 1 || r.Score != top.Items[0].Score || r.AlreadyRated {
		t.Errorf("the top movie: %+v", r)
	}
	seenItem := m.Items[m.seen(u)[0]]
	if v, _, err := runTool(t, s, ToolRecommendation, map[string]any{"dataset": "movietweetings", "user": m.Users[u], "item": seenItem}); err != nil || !v.(Recommendation).AlreadyRated {
		t.Errorf("a rated movie: %+v, %v", v, err)
	}
	for _, c := range []map[string]any{
		{"dataset": "movietweetings", "user": "0"},
		{"dataset": "movietweetings", "user": "no such user"},
	} {
		if _, _, err := runTool(t, s, ToolTopKRecommendaton, c); !errors.Is(err, ErrUnknownItem) {
			t.Errorf("%v: %v", c, err)
		}
	}
	if _, _, err := runTool(t, s, ToolRecommendation, map[string]any{"dataset": "movietweetings", "user": m.Users[u], "item": "9999999999"}); !errors.Is(err, ErrUnknownItem) {
		t.Errorf("unknown movie: %v", err)
	}
	if _, _, err := runTool(t, s, ToolTopKRecommendaton, map[string]any{"dataset": "movielens", "user": "1"}); !errors.Is(err, ErrDataset) || !strings.Contains(err.Error(), "movietweetings") {
		t.Errorf("movielens: %v", err)
	}
}

func TestEvaluateRanking(t *testing.T) {
	// One user, four candidate items; the test item is ranked second of
	// four: Recall@10 = 1, AUC = 2 of 3 negatives below.
	m := &recModel{Trained: []bool{true, true, true, true, true}, SeenOff: []int32{0, 1}, Seen: []int32{4}}
	ev := &recEval{users: []int{0}, test: [][]int32{{2}}}
	scores := []float64{0.9, 0.1, 0.5, 0.2, 5}
	r, a := evaluateRanking(m, ev, func(_, i int) float64 { return scores[i] })
	if r != 1 || math.Abs(a-2.0/3) > 1e-12 {
		t.Errorf("recall %v, AUC %v; want 1, 2/3", r, a)
	}
	// Ties count half: all equal gives AUC 0.5.
	r, a = evaluateRanking(m, ev, func(_, i int) float64 { return 1 })
	if a != 0.5 {
		t.Errorf("all tied: AUC %v, want 0.5 (recall %v)", a, r)
	}
}

func TestKGSmall(t *testing.T) {
	s, meta := trainSmall(t, "transe-wn18rr")
	beatsBaseline(t, meta, "filtered MRR", 0.01)
	// 06845599 _member_of_domain_usage 03754979 is the first test triple;
	// ask for the tail of a training-style query by ID and by name.
	v, text, err := runTool(t, s, ToolTailEntity, map[string]any{"dataset": "wn18rr", "entity": "06845599", "relation": "member of domain usage", "k": 3})
	if err != nil {
		t.Fatal(err)
	}
	a := v.(KGAnswer)
	if len(a.Candidates) != 3 || !strings.Contains(text, a.Candidates[0].Name) || a.Candidates[0].Probability < a.Candidates[2].Probability {
		t.Errorf("tail: %+v %q", a, text)
	}
	if _, _, err := runTool(t, s, ToolHeadEntity, map[string]any{"dataset": "wn18rr", "entity": "physical entity", "relation": "_hypernym"}); err != nil {
		t.Errorf("head by name: %v", err)
	}
	// Graph-ToolFormer's form: GR(GL("wordnet"), "transe:tail_entity", entity#beget.v.01, relation#_hypernym);
	// beget.v.01 is the synset of entity 00054628, named "sire".
	if v, _, err := runTool(t, s, ToolTailEntity, map[string]any{"dataset": "wordnet", "entity": "beget.v.01", "relation": "_hypernym"}); err != nil || !strings.Contains(v.(KGAnswer).Query, "(sire, hypernym, ?)") {
		t.Errorf("synset name: %+v, %v", v, err)
	}
	v, _, err = runTool(t, s, ToolRelation, map[string]any{"dataset": "wn18rr", "head": "06845599", "tail": "03754979"})
	if err != nil || len(v.(KGAnswer).Candidates) != 3 {
		t.Errorf("relation: %+v, %v", v, err)
	}
	for _, c := range []map[string]any{
		{"dataset": "wn18rr", "entity": "no such synset", "relation": "_hypernym"},
		{"dataset": "wn18rr", "entity": "06845599", "relation": "_is_a_cousin_of"},
	} {
		if _, _, err := runTool(t, s, ToolTailEntity, c); !errors.Is(err, ErrUnknownItem) {
			t.Errorf("%v: %v", c, err)
		}
	}
	if _, _, err := runTool(t, s, ToolTailEntity, map[string]any{"dataset": "wikidata", "entity": "x", "relation": "y"}); !errors.Is(err, ErrDataset) || !strings.Contains(err.Error(), "wn18rr, fb15k237") {
		t.Errorf("wikidata: %v", err)
	}
}

func TestFilteredRank(t *testing.T) {
	// Three entities, one relation; scores make entity 2 first, 1 second:
	// the rank of 1 is 2, or 1 when 2 is another known answer.
	m := &kgModel{EntityIDs: []string{"a", "b", "c"}, RelationIDs: []string{"r"}, Dim: 2,
		EntityVecs: []float32{0, 0, 1, 0, 2, 0}, RelationVecs: []float32{1, 0, 1, 0}}
	ranks, err := kgRanks(context.Background(), m, []triple{{0, 0, 1}}, newKGFilter(1, []triple{{0, 0, 1}}))
	if err != nil {
		t.Fatal(err)
	}
	// Tail query (a, r, ?): a's embedding is 0, so every score ties: rank
	// 1 + 2 ties / 2 = 2. Head query (b, r⁻¹, ?): scores 0, 1·…
	if ranks[0] != 2 {
		t.Errorf("tail rank %v, want 2 (all tied)", ranks[0])
	}
	ranks, _ = kgRanks(context.Background(), m, []triple{{2, 0, 1}}, newKGFilter(1, []triple{{2, 0, 1}}))
	// (c, r, ?): scores 0, 2, 4 for a, b, c: b ranks 2nd behind c.
	if ranks[0] != 2 {
		t.Errorf("rank %v, want 2", ranks[0])
	}
	ranks, _ = kgRanks(context.Background(), m, []triple{{2, 0, 1}}, newKGFilter(1, []triple{{2, 0, 1}, {2, 0, 2}}))
	if ranks[0] != 1 {
		t.Errorf("filtered rank %v, want 1 (c is another known answer)", ranks[0])
	}
}

func TestRelationAccuracy(t *testing.T) {
	// Entities b = 1 and c = 2 (real), relations r0 = 1 and r1 = -1 (and
	// their reciprocals): score(c, r0, b) = 2 > score(c, r1, b) = -2.
	m := &kgModel{EntityIDs: []string{"a", "b", "c"}, RelationIDs: []string{"r0", "r1"}, Dim: 2,
		EntityVecs: []float32{0, 0, 1, 0, 2, 0}, RelationVecs: []float32{1, 0, -1, 0, 1, 0, -1, 0}}
	h1, mrr := relationAccuracy(m, []triple{{2, 0, 1}, {2, 1, 1}})
	if h1 != 0.5 || mrr != 0.75 {
		t.Errorf("relation Hits@1 %v, MRR %v; want 0.5, 0.75", h1, mrr)
	}
}

func TestKGDeterministic(t *testing.T) {
	// The same seed gives the same embeddings, bit for bit, with one or
	// four threads for the matrix products (which are split in parallel
	// blocks at these sizes).
	kd := randomKG(700, 3, 3000, 1)
	c := kgConfig{dim: 16, epochs: 2, batch: 300, negatives: 400, inBatch: true, lr: 0.1, n3: 1e-3, initScale: 1e-3, seed: 7}
	train := func(procs int) *kgModel {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		m, err := trainKGModel(context.Background(), kd, c, func(int, *kgModel) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	a, b := train(1), train(4)
	if !slices.Equal(a.EntityVecs, b.EntityVecs) || !slices.Equal(a.RelationVecs, b.RelationVecs) {
		t.Error("embeddings differ between 1 and 4 threads")
	}
	c.seed = 8
	if d := train(1); slices.Equal(a.EntityVecs, d.EntityVecs) {
		t.Error("another seed gave the same embeddings")
	}
}

func TestKGLearnsStructure(t *testing.T) {
	// A graph where relation 0 maps entity i to i+1 (mod n) and relation
	// 1 maps i to i+2: held-out triples of the same rules rank high after
	// training (MRR 0.33 measured), far above the untrained model.
	const n = 400
	kd := randomKG(n, 2, 0, 1)
	rng := rand.New(rand.NewPCG(2, 2))
	for i := range n {
		for r := range 2 {
			tr := triple{int32(i), int32(r), int32((i + r + 1) % n)}
			if rng.IntN(10) == 0 {
				kd.test = append(kd.test, tr)
			} else {
				kd.train = append(kd.train, tr)
			}
		}
	}
	f := newKGFilter(2, kd.train, kd.test)
	score := func(c kgConfig) float64 {
		m, err := trainKGModel(context.Background(), kd, c, func(int, *kgModel) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		ranks, err := kgRanks(context.Background(), m, kd.test, f)
		if err != nil {
			t.Fatal(err)
		}
		mrr, _, _, _ := rankMetrics(ranks)
		return mrr
	}
	base := score(kgConfig{dim: 32, initScale: 0.1, seed: 1})
	got := score(kgConfig{dim: 32, epochs: 40, batch: 64, negatives: 128, inBatch: true, lr: 0.1, n3: 1e-4, initScale: 1e-3, seed: 1})
	if got < 0.25 || base > 0.05 {
		t.Errorf("test MRR %.3f after training (want ≥ 0.25), %.3f untrained (want < 0.05)", got, base)
	}
}

func TestKGGradient(t *testing.T) {
	// The gradient the trainer applies matches central differences of its
	// loss, for entity and relation coordinates, with in-batch answers,
	// masked training answers and the N3 penalty all in play.
	kd := randomKG(12, 2, 40, 3)
	kd.train = append(kd.train, triple{0, 0, 1}, triple{0, 0, 2}, triple{0, 0, 1}) // several answers, a repeat
	c := kgConfig{dim: 6, batch: 6, negatives: 9, inBatch: true, lr: 0.1, n3: 0.05, initScale: 0.5, seed: 1}
	m, err := trainKGModel(context.Background(), kd, kgConfig{dim: c.dim, initScale: c.initScale, seed: 1}, func(int, *kgModel) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	for _, inBatch := range []bool{true, false} {
		c.inBatch = inBatch
		queries := append([]triple{{0, 0, 1}, {0, 0, 2}, {5, 3, 0}}, kd.train[:3]...)
		tr := newKGTrainer(m, c, rand.New(rand.NewPCG(1, 1)), append(kd.train, triple{1, 2, 0}, triple{2, 2, 0}, triple{0, 3, 5}))
		tr.drawNegatives(len(queries))
		tr.gradient(queries)
		grad := func(v []float32, i int) float64 {
			if &v[0] == &m.RelationVecs[0] {
				return float64(tr.gRel[i])
			}
			e, x := i/c.dim, i%c.dim
			if tr.slot[e] < 0 {
				return 0
			}
			return float64(tr.gEnt[int(tr.slot[e])*c.dim+x])
		}
		type coord struct {
			v []float32
			i int
		}
		var coords []coord
		for i := range m.EntityVecs {
			coords = append(coords, coord{m.EntityVecs, i})
		}
		for i := range m.RelationVecs {
			coords = append(coords, coord{m.RelationVecs, i})
		}
		want := make([]float64, len(coords))
		for n, cd := range coords {
			want[n] = grad(cd.v, cd.i)
		}
		discardGradient(tr)
		const eps = 1e-2
		for n, cd := range coords {
			old := cd.v[cd.i]
			cd.v[cd.i] = old + eps
			up := tr.gradient(queries)
			discardGradient(tr)
			cd.v[cd.i] = old - eps
			down := tr.gradient(queries)
			discardGradient(tr)
			cd.v[cd.i] = old
			if num := (up - down) / (2 * eps); math.Abs(num-want[n]) > 1e-3+1e-2*math.Abs(num) {
				t.Errorf("in-batch %v: coordinate %d: gradient %.5f, central difference %.5f", inBatch, n, want[n], num)
			}
		}
	}
}

// discardGradient clears the trainer's gradient rows without a step.
func discardGradient(tr *kgTrainer) {
	for _, e := range tr.touched {
		tr.slot[e] = -1
	}
	tr.touched = tr.touched[:0]
	clear(tr.gRel)
	clear(tr.relTouch)
}
