package analog

import (
	"context"
	"fmt"
	"math"
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
	for _, cfg := range []LinkConfig{{Examples: 1}, {Paths: 1}, {Examples: 1, Paths: 1}, {Examples: 1, Paths: 0.5}, {Examples: 1, Paths: 2}, {K: 50, Power: 1, Examples: 1}} {
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

func featVec(f pathFeatures) []float64 {
	x := []float64{1, math.Log1p(float64(f.n2)), math.Log1p(float64(f.n3)), math.Log1p(float64(f.n4)), math.Log1p(1000 * f.ra3), math.Log1p(f.aa), f.targetSim, f.sourceSim}
	for r := 0; r <= maxReach; r++ {
		v := 0.0
		if f.reach == r {
			v = 1
		}
		x = append(x, v)
	}
	return x
}

func TestTuneLogistic(t *testing.T) {
	if os.Getenv("GRAPHAGENT_ANALOG_TUNE") != LinkDataset {
		t.Skip("set GRAPHAGENT_ANALOG_TUNE=drugmechdb")
	}
	d := loadLinks(t)
	pairs := MakePairs(d, 1, DefaultFractions)
	g := newLinkGraph(d, Hidden(pairs, Val, Test))
	var xs, vx [][]float64
	var ys, vy []float64
	for _, p := range pairs {
		f := g.features(d, p.Source, p.Target)
		y := 0.0
		if p.Exists {
			y = 1
		}
		switch p.Split {
		case Train:
			xs, ys = append(xs, featVec(f)), append(ys, y)
		case Val:
			vx, vy = append(vx, featVec(f)), append(vy, y)
		}
	}
	w := make([]float64, len(xs[0]))
	for it := 0; it < 2000; it++ {
		grad := make([]float64, len(w))
		for i, x := range xs {
			z := 0.0
			for j := range w {
				z += w[j] * x[j]
			}
			e := 1/(1+math.Exp(-z)) - ys[i]
			for j := range w {
				grad[j] += e * x[j]
			}
		}
		for j := range w {
			w[j] -= 0.5 * (grad[j]/float64(len(xs)) + 1e-3*w[j])
		}
	}
	acc := func(xs [][]float64, ys []float64) float64 {
		r := 0
		for i, x := range xs {
			z := 0.0
			for j := range w {
				z += w[j] * x[j]
			}
			if (z > 0) == (ys[i] == 1) {
				r++
			}
		}
		return float64(r) / float64(len(xs))
	}
	t.Logf("weights %.2f; train %.3f val %.3f", w, acc(xs, ys), acc(vx, vy))
}

func TestTuneLinkThreshold(t *testing.T) {
	if os.Getenv("GRAPHAGENT_ANALOG_TUNE") != LinkDataset {
		t.Skip("set GRAPHAGENT_ANALOG_TUNE=drugmechdb")
	}
	ctx := context.Background()
	for _, seed := range []uint64{1, 2, 3} {
		d := loadLinks(t)
		pairs := MakePairs(d, seed, DefaultFractions)
		store, _ := NewMemory(nil)
		if _, err := ImportLinks(ctx, store, d, pairs); err != nil {
			t.Fatal(err)
		}
		lp := NewLinkPredictor(store, d, Hidden(pairs, Val, Test), LinkConfig{})
		var ys []float64
		var ex []bool
		for _, p := range pairs {
			if p.Split != Val {
				continue
			}
			a, _ := lp.Predict(ctx, p.Source, p.Target)
			ys, ex = append(ys, a.Scores[Yes]), append(ex, p.Exists)
		}
		line := ""
		for _, th := range []float64{0.3, 0.35, 0.4, 0.45, 0.5, 0.55} {
			r := 0
			for i := range ys {
				if (ys[i] >= th) == ex[i] {
					r++
				}
			}
			line += fmt.Sprintf(" %.2f:%.3f", th, float64(r)/float64(len(ys)))
		}
		t.Logf("seed %d val:%s", seed, line)
	}
}
