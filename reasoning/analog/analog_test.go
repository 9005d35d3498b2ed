package analog

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools/dataset"
)

func TestAssignIsSeededAndSized(t *testing.T) {
	a := Assign(1000, 7, DefaultFractions)
	b := Assign(1000, 7, DefaultFractions)
	c := Assign(1000, 8, DefaultFractions)
	count := map[Split]int{}
	same, diff := true, false
	for i := range a {
		count[a[i]]++
		same = same && a[i] == b[i]
		diff = diff || a[i] != c[i]
	}
	if !same || !diff {
		t.Fatalf("same seed same split: %v; another seed differs: %v", same, diff)
	}
	if count[Test] != 330 || count[Val] != 100 || count[Train] != 570 {
		t.Fatalf("split sizes %v", count)
	}
}

func TestLoadNodes(t *testing.T) {
	d := loadNodes(t, "citeseer")
	if len(d.IDs) != 3186 || len(d.Classes) != 6 || !d.RawText {
		t.Fatalf("citeseer: %d nodes, classes %v", len(d.IDs), d.Classes)
	}
	c := loadNodes(t, "cora")
	if len(c.IDs) != 2708 || len(c.Classes) != 7 || c.RawText || !strings.HasPrefix(c.Texts[0], "q") {
		t.Fatalf("cora: %d nodes, classes %v, text %q", len(c.IDs), c.Classes, c.Texts[0][:10])
	}
	if _, err := LoadNodes(context.Background(), dataset.OpenShipped, "pubmed"); err == nil {
		t.Fatal("pubmed loaded")
	}
}

// TestNoTestLabelReachable is the leakage test: after importing, memory
// holds no test node and no test link, neighbour lists carry labels only
// of training nodes, and the reasoners' known labels and graph hold no
// test label or held-out link.
func TestNoTestLabelReachable(t *testing.T) {
	ctx := context.Background()
	fx := citeseerTrain(t)
	d, split, c, store := fx.d, fx.split, fx.c, fx.store
	samples := store.Samples(d.Name)
	if want := len(TrainTexts(d, split)); len(samples) != want {
		t.Fatalf("%d samples, %d training nodes", len(samples), want)
	}
	for _, sm := range samples {
		i := d.Index[sm.ID]
		if split[i] != Train || sm.Attrs[AttrSplit] != "train" {
			t.Fatalf("sample %s of split %v in memory", sm.ID, split[i])
		}
		for _, f := range strings.Fields(sm.Attrs[AttrNeighbours]) {
			id, label, hasLabel := strings.Cut(f, "=")
			if hasLabel && (split[d.Index[id]] != Train || label != d.Labels[d.Index[id]]) {
				t.Fatalf("sample %s lists neighbour %s with label %s (split %v)", sm.ID, id, label, split[d.Index[id]])
			}
		}
	}
	for i := range c.known {
		if split[i] != Train {
			t.Fatalf("classifier knows the label of %s (split %v)", d.IDs[i], split[i])
		}
	}
	// Asking about a test node answers by inference, never as a known example.
	for i, s := range split {
		if s == Test {
			a, err := c.Classify(ctx, d.IDs[i])
			if err != nil || a.Known {
				t.Fatalf("test node %s: %+v, %v", d.IDs[i], a, err)
			}
			break
		}
	}

	ld := loadLinks(t)
	pairs := MakePairs(ld, 1, DefaultFractions)
	lstore, err := NewMemory(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ImportLinks(ctx, lstore, ld, pairs); err != nil {
		t.Fatal(err)
	}
	inMemory := map[string]bool{}
	for _, sm := range lstore.Samples(LinkDataset) {
		inMemory[sm.ID] = true
	}
	hidden := Hidden(pairs, Val, Test)
	lp := NewLinkPredictor(lstore, ld, hidden, LinkConfig{})
	for _, p := range pairs {
		key := pairKey(ld, p)
		if p.Split != Train && inMemory[key] {
			t.Fatalf("%s pair %s in memory", p.Split, key)
		}
		if p.Split == Test && p.Exists {
			for _, v := range lp.g.adj[p.Source] {
				if v == p.Target {
					t.Fatalf("held-out link %s is in the reasoner's graph", key)
				}
			}
			if _, ok := lp.known[key]; ok {
				t.Fatalf("held-out link %s is known", key)
			}
		}
	}
}

func TestMakePairsBalancedAndTypeMatched(t *testing.T) {
	d := loadLinks(t)
	pairs := MakePairs(d, 3, DefaultFractions)
	linked := map[[2]int32]bool{}
	for _, e := range d.Edges {
		linked[[2]int32{e.From, e.To}] = true
		linked[[2]int32{e.To, e.From}] = true
	}
	count := map[Split][2]int{}
	seen := map[[2]int32]bool{}
	for _, p := range pairs {
		k := [2]int32{p.Source, p.Target}
		if seen[k] {
			t.Fatalf("pair %s twice", pairKey(d, p))
		}
		seen[k] = true
		if d.Types[p.Source] != SourceType || d.Types[p.Target] != TargetType {
			t.Fatalf("pair %s is not drug->protein", pairKey(d, p))
		}
		if linked[k] != p.Exists {
			t.Fatalf("pair %s: exists %v, linked %v", pairKey(d, p), p.Exists, linked[k])
		}
		c := count[p.Split]
		if p.Exists {
			c[0]++
		} else {
			c[1]++
		}
		count[p.Split] = c
	}
	for s, c := range count {
		if c[0] != c[1] {
			t.Fatalf("split %v: %d true, %d false links", s, c[0], c[1])
		}
	}
	if len(d.Lookup("acetylsalicylic acid")) != 1 || len(d.Lookup("Prostaglandin G/H synthase 2")) != 1 {
		t.Fatal("names not found")
	}
}

// sampleIndices returns up to n seeded indices of items in split s.
func sampleIndices(split []Split, s Split, n int, seed uint64) []int {
	var idx []int
	for i, x := range split {
		if x == s {
			idx = append(idx, i)
		}
	}
	rand.New(rand.NewPCG(seed, 1)).Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
	if n > 0 && n < len(idx) {
		idx = idx[:n]
	}
	return idx
}

// TestNodeAccuracySample classifies a seeded sample of CiteSeer's test
// split (GRAPHAGENT_ANALOG_FULL=1: the whole split, held to 75%).
func TestNodeAccuracySample(t *testing.T) {
	for _, tc := range []struct {
		name             string
		sample           int
		floor, fullFloor float64
	}{{"citeseer", 120, 0.65, 0.75}, {"cora", 120, 0.75, 0.85}} {
		t.Run(tc.name, func(t *testing.T) { nodeAccuracy(t, tc.name, tc.sample, tc.floor, tc.fullFloor) })
	}
}

func nodeAccuracy(t *testing.T, name string, sample int, sampleFloor, fullFloor float64) {
	ctx := context.Background()
	d := loadNodes(t, name)
	// The final protocol: weights chosen on the validation split, memory
	// holds training and validation examples, test items are asked.
	split := WithVal(Assign(len(d.IDs), 1, DefaultFractions))
	c, _, err := BuildNodes(ctx, d, split, NodeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	n, floor := sample, sampleFloor
	if os.Getenv("GRAPHAGENT_ANALOG_FULL") != "" {
		n, floor = 0, fullFloor
	}
	right, total, unsure := 0, 0, 0
	perClass := map[string][2]int{}
	for _, i := range sampleIndices(split, Test, n, 2) {
		a, err := c.Classify(ctx, d.IDs[i])
		if err != nil {
			t.Fatal(err)
		}
		if a.Known || a.Rule == "" || len(a.Evidence) == 0 {
			t.Fatalf("answer without evidence: %+v", a)
		}
		total++
		pc := perClass[d.Labels[i]]
		pc[1]++
		if a.Label == d.Labels[i] {
			right++
			pc[0]++
		}
		perClass[d.Labels[i]] = pc
		if a.Unsure {
			unsure++
		}
	}
	acc := float64(right) / float64(total)
	t.Logf("%s test: %d/%d = %.4f (%d unsure); per class %v", name, right, total, acc, unsure, perClass)
	if acc < floor {
		t.Fatalf("accuracy %.3f below %.2f", acc, floor)
	}
}

// TestLinkAccuracySample predicts a seeded sample of DrugMechDB's balanced
// test split (GRAPHAGENT_ANALOG_FULL=1: the whole split, held to 85%).
func TestLinkAccuracySample(t *testing.T) {
	ctx := context.Background()
	d := loadLinks(t)
	pairs := PairsWithVal(MakePairs(d, 1, DefaultFractions))
	store, err := NewMemory(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ImportLinks(ctx, store, d, pairs); err != nil {
		t.Fatal(err)
	}
	lp := NewLinkPredictor(store, d, Hidden(pairs, Test), LinkConfig{})
	split := make([]Split, len(pairs))
	for i, p := range pairs {
		split[i] = p.Split
	}
	n, floor := 200, 0.75
	if os.Getenv("GRAPHAGENT_ANALOG_FULL") != "" {
		// Measured 746/874 = 0.854 (seed 1; 0.848 with only the
		// training split in memory).
		n, floor = 0, 0.85
	}
	right, total := 0, 0
	var tp, fp, fn int
	for _, i := range sampleIndices(split, Test, n, 2) {
		p := pairs[i]
		a, err := lp.Predict(ctx, p.Source, p.Target)
		if err != nil {
			t.Fatal(err)
		}
		total++
		yes := a.Label == Yes
		if yes == p.Exists {
			right++
		}
		switch {
		case yes && p.Exists:
			tp++
		case yes:
			fp++
		case p.Exists:
			fn++
		}
	}
	acc := float64(right) / float64(total)
	t.Logf("drugmechdb test: %d/%d = %.4f (tp %d, fp %d, fn %d)", right, total, acc, tp, fp, fn)
	if acc < floor {
		t.Fatalf("accuracy %.3f below %.2f", acc, floor)
	}
}

func TestUnknownItems(t *testing.T) {
	ctx := context.Background()
	fx := citeseerTrain(t)
	d, split, c := fx.d, fx.split, fx.c
	if _, err := c.Classify(ctx, "no-such-paper"); !errors.Is(err, ErrUnknownItem) {
		t.Fatalf("unknown paper: %v", err)
	}
	// A training node is answered from memory as a solved example.
	for i, s := range split {
		if s == Train {
			a, err := c.Classify(ctx, d.IDs[i])
			if err != nil || !a.Known || a.Label != d.Labels[i] {
				t.Fatalf("train node: %+v %v", a, err)
			}
			break
		}
	}
	_ = memory.KindNode
}

// TestConcurrentLearn classifies while answers are learned (run with -race).
func TestConcurrentLearn(t *testing.T) {
	ctx := context.Background()
	d := loadNodes(t, "cora")
	split := Assign(len(d.IDs), 1, DefaultFractions)
	c, _, err := BuildNodes(ctx, d, split, NodeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	test := sampleIndices(split, Test, 20, 4)
	done := make(chan error)
	go func() {
		for _, i := range test {
			if _, err := c.Classify(ctx, d.IDs[i]); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for _, i := range test {
		c.Learn(d.IDs[i], "Theory")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if a, err := c.Classify(ctx, d.IDs[test[0]]); err != nil || !a.Known || a.Label != "Theory" {
		t.Fatalf("learned label not known: %+v %v", a, err)
	}
}
