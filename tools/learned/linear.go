package learned

import (
	"context"
	"math"
)

// rows is a feature matrix read row by row by the linear classifier:
// sparse (WL subtree counts).
type rows interface {
	// dim is the number of features.
	dim() int
	// dot returns w·x_i for the weight vector w (length dim).
	dot(i int, w []float64) float64
	// axpy adds a·x_i to g (length dim).
	axpy(i int, a float64, g []float64)
}

// sparseRows holds each row's non-zero features.
type sparseRows struct {
	d   int
	idx [][]int32
	val [][]float64
}

func (m *sparseRows) dim() int { return m.d }
func (m *sparseRows) dot(i int, w []float64) float64 {
	s := 0.0
	for k, j := range m.idx[i] {
		s += m.val[i][k] * w[j]
	}
	return s
}
func (m *sparseRows) axpy(i int, a float64, g []float64) {
	for k, j := range m.idx[i] {
		g[j] += a * m.val[i][k]
	}
}

// softmaxModel is multinomial logistic regression: class scores W·x + b.
type softmaxModel struct {
	Classes int
	Dim     int
	W       []float64 // Classes×Dim, row-major
	B       []float64
}

// probs writes the class probabilities of row i into p (length Classes).
func (m *softmaxModel) probs(x rows, i int, p []float64) {
	mx := math.Inf(-1)
	for c := 0; c < m.Classes; c++ {
		p[c] = x.dot(i, m.W[c*m.Dim:(c+1)*m.Dim]) + m.B[c]
		mx = max(mx, p[c])
	}
	sum := 0.0
	for c := range p[:m.Classes] {
		p[c] = math.Exp(p[c] - mx)
		sum += p[c]
	}
	for c := range p[:m.Classes] {
		p[c] /= sum
	}
}

// softmaxConfig sets the full-batch training of softmaxModel.
type softmaxConfig struct {
	Epochs int
	LR     float64 // Adam step size
	L2     float64 // weight decay on W (not on B)
}

// trainSoftmax fits multinomial logistic regression on the rows train of
// x with labels y (0…classes-1) by full-batch Adam on the mean cross-entropy
// plus L2/2·|W|². It is deterministic: weights start at zero.
func trainSoftmax(ctx context.Context, x rows, y []int, train []int, classes int, cfg softmaxConfig) (*softmaxModel, error) {
	d := x.dim()
	m := &softmaxModel{Classes: classes, Dim: d, W: make([]float64, classes*d), B: make([]float64, classes)}
	gW := make([]float64, len(m.W))
	gB := make([]float64, classes)
	adamW := newAdam(len(m.W), cfg.LR)
	adamB := newAdam(classes, cfg.LR)
	p := make([]float64, classes)
	inv := 1 / float64(max(len(train), 1))
	for epoch := 0; epoch < cfg.Epochs; epoch++ {
		if epoch%16 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for j, w := range m.W {
			gW[j] = cfg.L2 * w
		}
		clear(gB)
		for _, i := range train {
			m.probs(x, i, p)
			for c := 0; c < classes; c++ {
				g := p[c] * inv
				if c == y[i] {
					g -= inv
				}
				if g != 0 {
					x.axpy(i, g, gW[c*d:(c+1)*d])
				}
				gB[c] += g
			}
		}
		adamW.step(m.W, gW)
		adamB.step(m.B, gB)
	}
	return m, nil
}

// adam is the Adam optimiser's state for one parameter vector.
type adam struct {
	lr     float64
	m, v   []float64
	t      int
	b1, b2 float64
}

func newAdam(n int, lr float64) *adam {
	return &adam{lr: lr, m: make([]float64, n), v: make([]float64, n), b1: 0.9, b2: 0.999}
}

func (a *adam) step(w, g []float64) {
	a.t++
	c1 := 1 - math.Pow(a.b1, float64(a.t))
	c2 := 1 - math.Pow(a.b2, float64(a.t))
	for j := range w {
		a.m[j] = a.b1*a.m[j] + (1-a.b1)*g[j]
		a.v[j] = a.b2*a.v[j] + (1-a.b2)*g[j]*g[j]
		w[j] -= a.lr * (a.m[j] / c1) / (math.Sqrt(a.v[j]/c2) + 1e-8)
	}
}
