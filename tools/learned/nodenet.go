package learned

import (
	"context"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// csrMatrix is a sparse matrix in compressed-sparse-row form: row i's
// non-zeros are col[ptr[i]:ptr[i+1]] with values val[ptr[i]:ptr[i+1]].
type csrMatrix struct {
	rows, cols int
	ptr        []int
	col        []int32
	val        []float64
}

// csrFromRows packs m into CSR form, each row scaled to sum to 1 in
// absolute value when rowNormalise (rows of zeros stay zero).
func csrFromRows(m *sparseRows, rowNormalise bool) *csrMatrix {
	out := &csrMatrix{rows: len(m.idx), cols: m.d, ptr: make([]int, len(m.idx)+1)}
	for i, idx := range m.idx {
		sum := 1.0
		if rowNormalise {
			sum = 0
			for _, v := range m.val[i] {
				sum += math.Abs(v)
			}
		}
		for k, j := range idx {
			v := m.val[i][k]
			if sum > 0 {
				v /= sum
			}
			out.col = append(out.col, j)
			out.val = append(out.val, v)
		}
		out.ptr[i+1] = len(out.col)
	}
	return out
}

// normalisedAdjacency is Â = D^-1/2 (A+I) D^-1/2 of the undirected graph
// adj (neighbour lists without self-loops), in CSR form.
func normalisedAdjacency(adj [][]int32) *csrMatrix {
	n := len(adj)
	norm := make([]float64, n)
	for i, nb := range adj {
		norm[i] = 1 / math.Sqrt(float64(len(nb)+1))
	}
	out := &csrMatrix{rows: n, cols: n, ptr: make([]int, n+1)}
	for i, nb := range adj {
		out.col = append(out.col, int32(i))
		out.val = append(out.val, norm[i]*norm[i])
		for _, j := range nb {
			out.col = append(out.col, j)
			out.val = append(out.val, norm[i]*norm[j])
		}
		out.ptr[i+1] = len(out.col)
	}
	return out
}

// mulDense sets out (rows×k, row-major) to M·W for W (cols×k), with the
// values vals in place of M's own (dropout passes masked values).
func (m *csrMatrix) mulDense(vals, w []float64, k int, out []float64) {
	clear(out)
	for i := range m.rows {
		o := out[i*k : (i+1)*k]
		for t := m.ptr[i]; t < m.ptr[i+1]; t++ {
			v := vals[t]
			if v == 0 {
				continue
			}
			wr := w[int(m.col[t])*k : (int(m.col[t])+1)*k]
			for j, x := range wr {
				o[j] += v * x
			}
		}
	}
}

// addTransMulDense adds Mᵀ·G to out (cols×k) for G (rows×k), with the values
// vals in place of M's own.
func (m *csrMatrix) addTransMulDense(vals, g []float64, k int, out []float64) {
	for i := range m.rows {
		gr := g[i*k : (i+1)*k]
		for t := m.ptr[i]; t < m.ptr[i+1]; t++ {
			v := vals[t]
			if v == 0 {
				continue
			}
			o := out[int(m.col[t])*k : (int(m.col[t])+1)*k]
			for j, x := range gr {
				o[j] += v * x
			}
		}
	}
}

// pprPropagate replaces z (n×k) by K steps of personalised-PageRank
// propagation P ← (1-α)·Â·P + α·Z from P = Z (APPNP's propagation). The
// operator is a polynomial in the symmetric Â, so it is its own transpose:
// the same call propagates gradients backwards. buf and tmp are scratch
// space of z's size.
func pprPropagate(a *csrMatrix, z []float64, k, steps int, alpha float64, buf, tmp []float64) {
	copy(buf, z)
	p, next := buf, tmp
	for range steps {
		a.mulDense(a.val, p, k, next)
		for i, v := range next {
			next[i] = (1-alpha)*v + alpha*z[i]
		}
		p, next = next, p
	}
	copy(z, p)
}

// appnpConfig sets the APPNP network and its training.
type appnpConfig struct {
	Hidden    int     // hidden units of the one hidden layer
	Dropout   float64 // dropout rate on the input features and the hidden layer
	LR        float64 // Adam step size
	L2        float64 // weight decay on the first layer's weights
	Steps     int     // propagation steps K
	Alpha     float64 // teleport probability α
	MaxEpochs int     // training stops after this many epochs at the latest
	Patience  int     // or after this many epochs without a better validation accuracy or loss
}

// appnpFit is what training one split gives: the class probabilities of
// every node at the epoch of best validation accuracy.
type appnpFit struct {
	probs   []float64 // node-major n×classes
	epoch   int       // the epoch chosen (1-based)
	epochs  int       // the epochs trained
	valAcc  float64
	valLoss float64
}

// appnpNet is APPNP (Gasteiger et al., 2019): a two-layer perceptron on
// each node's features, ReLU and dropout between, whose class scores are
// then propagated by personalised PageRank. It holds its parameters, their
// gradients and the scratch space of one forward and backward pass.
type appnpNet struct {
	cfg        appnpConfig
	x, adj     *csrMatrix
	n, d, h, c int
	params     [][]float64 // w1 (d×h), b1, w2 (h×c), b2
	grads      [][]float64

	xv   []float64 // input values after dropout
	pre  []float64 // hidden layer before ReLU (n×h)
	act  []float64 // after ReLU and dropout
	mask []float64 // hidden dropout scale per unit (0 or 1/keep)
	z    []float64 // propagated class scores (n×c)
	gz   []float64
	gact []float64
	buf  []float64
	tmp  []float64
}

// newAPPNP returns a network over features x and normalised adjacency adj
// with Glorot-uniform weights drawn from rng and zero biases.
func newAPPNP(x, adj *csrMatrix, classes int, cfg appnpConfig, rng *rand.Rand) *appnpNet {
	n, d, h, c := x.rows, x.cols, cfg.Hidden, classes
	glorot := func(w []float64, fanIn, fanOut int) []float64 {
		lim := math.Sqrt(6 / float64(fanIn+fanOut))
		for i := range w {
			w[i] = (2*rng.Float64() - 1) * lim
		}
		return w
	}
	net := &appnpNet{cfg: cfg, x: x, adj: adj, n: n, d: d, h: h, c: c,
		params: [][]float64{glorot(make([]float64, d*h), d, h), make([]float64, h), glorot(make([]float64, h*c), h, c), make([]float64, c)},
		xv:     make([]float64, len(x.val)), pre: make([]float64, n*h), act: make([]float64, n*h), mask: make([]float64, n*h),
		z: make([]float64, n*c), gz: make([]float64, n*c), gact: make([]float64, n*h), buf: make([]float64, n*c), tmp: make([]float64, n*c)}
	for _, p := range net.params {
		net.grads = append(net.grads, make([]float64, len(p)))
	}
	return net
}

// forward computes the propagated class scores z of every node, with
// dropout drawn from rng when rng is not nil (training).
func (net *appnpNet) forward(rng *rand.Rand) {
	n, h, c := net.n, net.h, net.c
	w1, b1, w2, b2 := net.params[0], net.params[1], net.params[2], net.params[3]
	drop := rng != nil && net.cfg.Dropout > 0
	keep := 1 - net.cfg.Dropout
	xv := net.x.val
	if drop {
		xv = net.xv
		for t, v := range net.x.val {
			xv[t] = 0
			if rng.Float64() < keep {
				xv[t] = v / keep
			}
		}
	}
	net.x.mulDense(xv, w1, h, net.pre)
	for i := range n {
		row := net.pre[i*h : (i+1)*h]
		for j := range row {
			row[j] += b1[j]
		}
	}
	for t, v := range net.pre {
		net.act[t] = max(v, 0)
		if drop {
			net.mask[t] = 0
			if rng.Float64() < keep {
				net.mask[t] = 1 / keep
			}
			net.act[t] *= net.mask[t]
		}
	}
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, general(n, h, net.act), general(h, c, w2), 0, general(n, c, net.z))
	for i := range n {
		row := net.z[i*c : (i+1)*c]
		for k := range row {
			row[k] += b2[k]
		}
	}
	pprPropagate(net.adj, net.z, c, net.cfg.Steps, net.cfg.Alpha, net.buf, net.tmp)
}

// backward sets the gradients of the mean cross-entropy over the nodes
// train (labels y) plus L2/2·|w1|², at the last forward pass; dropped
// says whether that pass drew dropout.
func (net *appnpNet) backward(y, train []int, dropped bool) {
	n, h, c := net.n, net.h, net.c
	w1, w2 := net.params[0], net.params[2]
	gw1, gb1, gw2, gb2 := net.grads[0], net.grads[1], net.grads[2], net.grads[3]
	inv := 1 / float64(len(train))
	clear(net.gz)
	for _, i := range train {
		g := net.gz[i*c : (i+1)*c]
		softmaxInto(net.z[i*c:(i+1)*c], g)
		g[y[i]] -= 1
		for k := range g {
			g[k] *= inv
		}
	}
	// Back through the propagation, which is its own transpose.
	pprPropagate(net.adj, net.gz, c, net.cfg.Steps, net.cfg.Alpha, net.buf, net.tmp)
	blas64.Gemm(blas.Trans, blas.NoTrans, 1, general(n, h, net.act), general(n, c, net.gz), 0, general(h, c, gw2))
	clear(gb2)
	for i := range n {
		for k, g := range net.gz[i*c : (i+1)*c] {
			gb2[k] += g
		}
	}
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, general(n, c, net.gz), general(h, c, w2), 0, general(n, h, net.gact))
	for t := range net.gact {
		switch {
		case net.pre[t] <= 0:
			net.gact[t] = 0
		case dropped:
			net.gact[t] *= net.mask[t]
		}
	}
	clear(gb1)
	for i := range n {
		for j, g := range net.gact[i*h : (i+1)*h] {
			gb1[j] += g
		}
	}
	for t, w := range w1 {
		gw1[t] = net.cfg.L2 * w
	}
	xv := net.x.val
	if dropped {
		xv = net.xv
	}
	net.x.addTransMulDense(xv, net.gact, h, gw1)
}

// score returns the accuracy and mean cross-entropy of the last forward
// pass on the nodes idx (labels y).
func (net *appnpNet) score(y, idx []int) (float64, float64) {
	c := net.c
	p := make([]float64, c)
	ok, loss := 0, 0.0
	for _, i := range idx {
		softmaxInto(net.z[i*c:(i+1)*c], p)
		if argmax(p) == y[i] {
			ok++
		}
		loss -= math.Log(max(p[y[i]], 1e-300))
	}
	return float64(ok) / float64(len(idx)), loss / float64(len(idx))
}

// trainAPPNP trains APPNP on the labelled nodes train by full-batch Adam
// and keeps the epoch whose predictions score best on the validation
// nodes val (higher accuracy, then lower loss); it sees no other label.
// Training stops after cfg.Patience epochs without a better validation
// accuracy or loss. tick is called once per epoch. Everything is
// sequential and seeded by seed, so the same inputs give the same fit.
func trainAPPNP(ctx context.Context, x, adj *csrMatrix, y, train, val []int, classes int, cfg appnpConfig, seed uint64, tick func()) (*appnpFit, error) {
	rng := rand.New(rand.NewPCG(seed, 0x61707070))
	net := newAPPNP(x, adj, classes, cfg, rng)
	opts := make([]*adam, len(net.params))
	for i, p := range net.params {
		opts[i] = newAdam(len(p), cfg.LR)
	}
	best := &appnpFit{valAcc: -1, probs: make([]float64, x.rows*classes)}
	bestLoss := math.Inf(1)
	since := 0
	for epoch := 1; epoch <= cfg.MaxEpochs; epoch++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		net.forward(rng)
		net.backward(y, train, cfg.Dropout > 0)
		for i, p := range net.params {
			opts[i].step(p, net.grads[i])
		}
		net.forward(nil)
		acc, loss := net.score(y, val)
		improved := false
		if acc > best.valAcc || (acc == best.valAcc && loss < best.valLoss) {
			best.valAcc, best.valLoss, best.epoch = acc, loss, epoch
			for i := range x.rows {
				softmaxInto(net.z[i*classes:(i+1)*classes], best.probs[i*classes:(i+1)*classes])
			}
			improved = true
		}
		if loss < bestLoss {
			bestLoss = loss
			improved = true
		}
		best.epochs = epoch
		if tick != nil {
			tick()
		}
		if improved {
			since = 0
		} else if since++; since >= cfg.Patience {
			break
		}
	}
	return best, nil
}

// general wraps a row-major rows×cols slice for gonum's BLAS.
func general(rows, cols int, data []float64) blas64.General {
	return blas64.General{Rows: rows, Cols: cols, Stride: cols, Data: data}
}

// softmaxInto writes the softmax of scores into p (same length).
func softmaxInto(scores, p []float64) {
	mx := math.Inf(-1)
	for _, v := range scores {
		mx = max(mx, v)
	}
	sum := 0.0
	for k, v := range scores {
		p[k] = math.Exp(v - mx)
		sum += p[k]
	}
	for k := range p {
		p[k] /= sum
	}
}
