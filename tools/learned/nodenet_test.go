package learned

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomNodeProblem is a small random graph with sparse features and labels.
func randomNodeProblem(seed uint64, n, d, c int) (x, adj *csrMatrix, y []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	rows := &sparseRows{d: d, idx: make([][]int32, n), val: make([][]float64, n)}
	for i := range n {
		for j := range d {
			if rng.Float64() < 0.3 {
				rows.idx[i] = append(rows.idx[i], int32(j))
				rows.val[i] = append(rows.val[i], rng.Float64()+0.1)
			}
		}
	}
	sets := make([]map[int32]bool, n)
	for i := range sets {
		sets[i] = map[int32]bool{}
	}
	for range 2 * n {
		a, b := rng.IntN(n), rng.IntN(n)
		if a != b {
			sets[a][int32(b)], sets[b][int32(a)] = true, true
		}
	}
	nb := make([][]int32, n)
	for i, s := range sets {
		for j := range s {
			nb[i] = append(nb[i], j)
		}
		slices.Sort(nb[i])
		y = append(y, rng.IntN(c))
	}
	return csrFromRows(rows, true), normalisedAdjacency(nb), y
}

// TestPPRPropagateIsSymmetric checks ⟨Πu, v⟩ = ⟨u, Πv⟩, which the backward
// pass relies on.
func TestPPRPropagateIsSymmetric(t *testing.T) {
	_, adj, _ := randomNodeProblem(3, 15, 4, 2)
	rng := rand.New(rand.NewPCG(7, 7))
	const k = 3
	u, v := make([]float64, 15*k), make([]float64, 15*k)
	for i := range u {
		u[i], v[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	pu, pv := slices.Clone(u), slices.Clone(v)
	buf, tmp := make([]float64, len(u)), make([]float64, len(u))
	pprPropagate(adj, pu, k, 5, 0.2, buf, tmp)
	pprPropagate(adj, pv, k, 5, 0.2, buf, tmp)
	a, b := 0.0, 0.0
	for i := range u {
		a += pu[i] * v[i]
		b += u[i] * pv[i]
	}
	if math.Abs(a-b) > 1e-10 || slices.Equal(pu, u) {
		t.Errorf("⟨Πu,v⟩ = %g, ⟨u,Πv⟩ = %g (propagation changed u: %v)", a, b, !slices.Equal(pu, u))
	}
}

// TestAPPNPGradient compares the analytic gradient with finite differences.
func TestAPPNPGradient(t *testing.T) {
	const n, d, c = 14, 9, 3
	x, adj, y := randomNodeProblem(5, n, d, c)
	cfg := appnpConfig{Hidden: 5, L2: 0.03, Steps: 4, Alpha: 0.2}
	net := newAPPNP(x, adj, c, cfg, rand.New(rand.NewPCG(9, 9)))
	// Biases away from zero so that they are tested too.
	for _, p := range [][]float64{net.params[1], net.params[3]} {
		for i := range p {
			p[i] = 0.1 * float64(i+1)
		}
	}
	train := []int{0, 2, 3, 7, 11}
	objective := func() float64 {
		net.forward(nil)
		_, loss := net.score(y, train)
		for _, w := range net.params[0] {
			loss += cfg.L2 / 2 * w * w
		}
		return loss
	}
	objective()
	net.backward(y, train, false)
	const eps = 1e-6
	for pi, p := range net.params {
		for j := range p {
			old := p[j]
			p[j] = old + eps
			up := objective()
			p[j] = old - eps
			down := objective()
			p[j] = old
			num := (up - down) / (2 * eps)
			if got := net.grads[pi][j]; math.Abs(got-num) > 1e-6*max(1, math.Abs(num)) {
				t.Errorf("parameter %d[%d]: gradient %.8g, finite difference %.8g", pi, j, got, num)
			}
		}
	}
}

// TestAPPNPDeterministic trains twice with one seed (same probabilities)
// and once with another (different ones), with dropout on.
func TestAPPNPDeterministic(t *testing.T) {
	x, adj, y := randomNodeProblem(11, 30, 12, 3)
	cfg := appnpConfig{Hidden: 8, Dropout: 0.5, LR: 0.05, L2: 1e-3, Steps: 3, Alpha: 0.1, MaxEpochs: 30, Patience: 30}
	train, val := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}, []int{20, 21, 22, 23, 24, 25}
	fit := func(seed uint64) *appnpFit {
		f, err := trainAPPNP(context.Background(), x, adj, y, train, val, 3, cfg, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a, b, other := fit(1), fit(1), fit(2)
	if !slices.Equal(a.probs, b.probs) || a.epoch != b.epoch {
		t.Error("two trainings with seed 1 differ")
	}
	if slices.Equal(a.probs, other.probs) {
		t.Error("seeds 1 and 2 give the same probabilities")
	}
	if a.epochs != cfg.MaxEpochs || a.epoch < 1 || a.epoch > a.epochs {
		t.Errorf("epochs %d, chosen %d", a.epochs, a.epoch)
	}
}

// TestFitNodeSeedsIndependentOfWorkers trains three seeds one at a time and
// three at once: the fits must be the same, in seed order.
func TestFitNodeSeedsIndependentOfWorkers(t *testing.T) {
	const n, d, c = 80, 10, 2
	rows := &sparseRows{d: d, idx: make([][]int32, n), val: make([][]float64, n)}
	nd := &nodeData{x: rows, adj: make([][]int32, n), classes: []string{"a", "b"}}
	rng := rand.New(rand.NewPCG(4, 4))
	for i := range n {
		nd.labels = append(nd.labels, i%c)
		for j := range d {
			if rng.Float64() < 0.3 || j == i%c {
				rows.idx[i] = append(rows.idx[i], int32(j))
				rows.val[i] = append(rows.val[i], 1)
			}
		}
		if i > 0 {
			nd.adj[i] = append(nd.adj[i], int32(i-1))
			nd.adj[i-1] = append(nd.adj[i-1], int32(i))
		}
	}
	cfg := appnpConfig{Hidden: 4, Dropout: 0.5, LR: 0.05, L2: 1e-3, Steps: 2, Alpha: 0.1, MaxEpochs: 15, Patience: 15}
	ticks := 0
	fit := func(workers int) []*nodeFit {
		fits, err := fitNodeSeeds(context.Background(), nd, newNodeInputs(nd), 1, 3, workers, cfg, func(_ string, done, total int) {
			if total != 3*cfg.MaxEpochs || done > total {
				t.Errorf("progress %d/%d", done, total)
			}
			ticks++
		})
		if err != nil {
			t.Fatal(err)
		}
		return fits
	}
	one, three := fit(1), fit(3)
	for s := range one {
		if !slices.Equal(one[s].probs, three[s].probs) || !slices.Equal(one[s].split, three[s].split) || one[s].epoch != three[s].epoch {
			t.Errorf("seed %d: one worker and three workers differ", s+1)
		}
	}
	if slices.Equal(one[0].probs, one[1].probs) {
		t.Error("seeds 1 and 2 gave the same model")
	}
	if ticks < 2*3*cfg.MaxEpochs {
		t.Errorf("%d progress calls for 2×3 seeds of %d epochs", ticks, cfg.MaxEpochs)
	}
}
