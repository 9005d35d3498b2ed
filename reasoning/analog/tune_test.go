package analog

import (
	"context"
	"os"
	"testing"
)

// TestTuneNodes prints validation accuracy for a grid of weights
// (GRAPHAGENT_ANALOG_TUNE=citeseer|cora). Test items are not touched.
func TestTuneNodes(t *testing.T) {
	name := os.Getenv("GRAPHAGENT_ANALOG_TUNE")
	if name == "" {
		t.Skip("set GRAPHAGENT_ANALOG_TUNE=citeseer (or cora) to tune on the validation split")
	}
	ctx := context.Background()
	d := loadNodes(t, name)
	split := Assign(len(d.IDs), 1, DefaultFractions)
	_, store, err := BuildNodes(ctx, d, split, NodeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	grid := []NodeConfig{
		{Text: 1, Neighbour: 1, NeighbourText: 1, TwoHop: 0.5},
		{Text: 1.5, Neighbour: 1, NeighbourText: 1, TwoHop: 0.5},
		{Text: 1, Neighbour: 1, NeighbourText: 1.5, TwoHop: 0.8},
		{Power: 5, Text: 1, Neighbour: 1, NeighbourText: 1, TwoHop: 0.5},
		{Power: 2, Text: 1, Neighbour: 1, NeighbourText: 1, TwoHop: 0.5},
		{K: 40, Power: 4, Text: 1, Neighbour: 1, NeighbourText: 1, TwoHop: 0.5},
	}
	for _, cfg := range grid {
		c := NewNodeClassifier(store, d, cfg)
		right, n := 0, 0
		for i, s := range split {
			if s != Val {
				continue
			}
			a, err := c.Classify(ctx, d.IDs[i])
			if err != nil {
				continue
			}
			n++
			if a.Label == d.Labels[i] {
				right++
			}
		}
		t.Logf("%+v: %d/%d = %.3f", cfg, right, n, float64(right)/float64(n))
	}
}

// TestTuneLinks prints validation accuracy of link configurations
// (GRAPHAGENT_ANALOG_TUNE=drugmechdb).
func TestTuneLinks(t *testing.T) {
	if os.Getenv("GRAPHAGENT_ANALOG_TUNE") != LinkDataset {
		t.Skip("set GRAPHAGENT_ANALOG_TUNE=drugmechdb to tune on the validation split")
	}
	ctx := context.Background()
	d := loadLinks(t)
	pairs := MakePairs(d, 1, DefaultFractions)
	store, err := NewMemory(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ImportLinks(ctx, store, d, pairs); err != nil {
		t.Fatal(err)
	}
	hidden := Hidden(pairs, Val, Test)
	for _, cfg := range []LinkConfig{{Examples: 1}, {Paths: 1}, {Examples: 1, Paths: 1}, {Examples: 1, Paths: 0.5}, {K: 50, Power: 1, Examples: 1}} {
		lp := NewLinkPredictor(store, d, hidden, cfg)
		right, n := 0, 0
		for _, p := range pairs {
			if p.Split != Val {
				continue
			}
			a, err := lp.Predict(ctx, p.Source, p.Target)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if (a.Label == Yes) == p.Exists {
				right++
			}
		}
		t.Logf("%+v: %d/%d = %.3f", cfg, right, n, float64(right)/float64(n))
	}
}

func TestTuneLinkFeatures(t *testing.T) {
	if os.Getenv("GRAPHAGENT_ANALOG_TUNE") != LinkDataset {
		t.Skip("set GRAPHAGENT_ANALOG_TUNE=drugmechdb")
	}
	d := loadLinks(t)
	pairs := MakePairs(d, 1, DefaultFractions)
	g := newLinkGraph(d, Hidden(pairs, Val, Test))
	type fv struct {
		x   [6]float64
		pos bool
	}
	var tr []fv
	for _, p := range pairs {
		if p.Split != Train {
			continue
		}
		f := g.features(d, p.Source, p.Target)
		tr = append(tr, fv{[6]float64{float64(f.n2), float64(f.n3), f.aa, f.ra3, float64(f.n4), reachScore(f.reach)}, p.Exists})
	}
	for k, name := range []string{"n2", "n3", "aa", "ra3", "n4", "-reach"} {
		best, bt := 0, 0.0
		for _, c := range tr {
			th := c.x[k]
			right := 0
			for _, o := range tr {
				if (o.x[k] > th) == o.pos {
					right++
				}
			}
			if right > best {
				best, bt = right, th
			}
		}
		t.Logf("%s: best threshold >%g: %d/%d = %.3f", name, bt, best, len(tr), float64(best)/float64(len(tr)))
	}
}

func reachScore(r int) float64 {
	if r == 0 {
		return 0
	}
	return float64(maxReach + 1 - r)
}

func TestTuneReach(t *testing.T) {
	if os.Getenv("GRAPHAGENT_ANALOG_TUNE") != LinkDataset {
		t.Skip("set GRAPHAGENT_ANALOG_TUNE=drugmechdb")
	}
	d := loadLinks(t)
	pairs := MakePairs(d, 1, DefaultFractions)
	g := newLinkGraph(d, Hidden(pairs, Val, Test))
	var pos, neg [maxReach + 1]int
	var pra, nra [2]int
	for _, p := range pairs {
		if p.Split != Train {
			continue
		}
		f := g.features(d, p.Source, p.Target)
		r := 0
		if f.ra3 > 0.0019 {
			r = 1
		}
		if p.Exists {
			pos[f.reach]++
			pra[r]++
		} else {
			neg[f.reach]++
			nra[r]++
		}
	}
	t.Logf("reach pos %v neg %v; ra3 pos %v neg %v", pos, neg, pra, nra)
}
