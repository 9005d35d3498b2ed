package learned

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// kernelMatrix is a symmetric n×n kernel over items (graphs), stored in
// full in float32 (the kernels are normalised to [0, 1], where float32 is
// ample and halves the memory of PROTEINS' 1,113² entries).
type kernelMatrix struct {
	n int
	v []float32
}

func newKernelMatrix(n int) *kernelMatrix {
	return &kernelMatrix{n: n, v: make([]float32, n*n)}
}

func (k *kernelMatrix) at(i, j int) float64 { return float64(k.v[i*k.n+j]) }

// sub copies the kernel between the items rows and cols into dst
// (len(rows)×len(cols), row-major), reusing dst's storage.
func (k *kernelMatrix) sub(rows, cols []int, dst []float64) []float64 {
	dst = dst[:0]
	for _, i := range rows {
		r := k.v[i*k.n : (i+1)*k.n]
		for _, j := range cols {
			dst = append(dst, float64(r[j]))
		}
	}
	return dst
}

// svmTau replaces a non-positive curvature in SMO (libsvm's TAU).
const svmTau = 1e-12

// svmEps is SMO's stopping tolerance on the maximal KKT violation
// (libsvm's default).
const svmEps = 1e-3

// svmMaxIter caps SMO's steps. Large C on a low-rank kernel (PROTEINS
// with WL depth 1, C = 1000) can need close to a million steps; at the cap
// the fit stops with the feasible, nearly optimal multipliers it has, and
// says so in Capped. MUTAG's fits need at most about 15,000.
const svmMaxIter = 100_000

// svmModel is a trained binary C-SVM: f(x) = Σ Coef[k]·K(SV[k], x) − Rho,
// positive for the class +1.
type svmModel struct {
	Coef []float64 // y_i·α_i of each training item with α_i > 0
	SV   []int     // their positions in the training set given to trainSVM
	Rho  float64
	// Iterations is how many SMO steps the fit took; Capped is true when
	// it stopped at svmMaxIter before meeting svmEps.
	Iterations int
	Capped     bool
}

// decision returns f for an item whose kernel with the training items is
// row (row[k] = K(train[k], x)).
func (m *svmModel) decision(row []float64) float64 {
	s := -m.Rho
	for k, i := range m.SV {
		s += m.Coef[k] * row[i]
	}
	return s
}

// trainSVM solves the C-SVM dual, min ½αᵀQα − Σα subject to 0 ≤ α ≤ c and
// yᵀα = 0 with Q_ij = y_i y_j K_ij, by SMO with libsvm's second-order
// working-set selection (Fan, Chen and Lin 2005) and libsvm's shrinking. k is
// the n×n kernel of the training items (row-major), y their classes ±1.
// It is deterministic. It stops after svmMaxIter steps at the latest.
func trainSVM(ctx context.Context, k []float64, y []float64, c float64) (*svmModel, error) {
	n := len(y)
	if len(k) != n*n {
		return nil, fmt.Errorf("svm: kernel has %d entries for %d items", len(k), n)
	}
	if c <= 0 {
		return nil, fmt.Errorf("svm: C must be positive, not %g", c)
	}
	alpha := make([]float64, n)
	g := make([]float64, n) // gradient Qα − 1
	for i := range g {
		g[i] = -1
	}
	diag := make([]float64, n)
	for i := range diag {
		diag[i] = k[i*n+i]
	}
	upper := func(t int) bool { return alpha[t] >= c }
	lower := func(t int) bool { return alpha[t] <= 0 }
	// The active items; shrinking drops those stuck at a bound, which
	// makes each step cheaper when C is large and most multipliers sit at
	// C (libsvm's shrinking).
	all := make([]int, n)
	for t := range all {
		all[t] = t
	}
	active := slices.Clone(all)
	// selectPair returns the working pair among the active items, or false
	// when they satisfy the KKT conditions within svmEps.
	selectPair := func() (int, int, bool) {
		// i: the maximal violator among the items that may move up.
		gmax, i := math.Inf(-1), -1
		for _, t := range active {
			if y[t] > 0 {
				if !upper(t) && -g[t] >= gmax {
					gmax, i = -g[t], t
				}
			} else if !lower(t) && g[t] >= gmax {
				gmax, i = g[t], t
			}
		}
		if i < 0 {
			return 0, 0, false
		}
		ki := k[i*n : (i+1)*n]
		// j: the item that most decreases the objective with i (second
		// order); gmax2 the largest violation among those that may move
		// down.
		gmax2, j, best := math.Inf(-1), -1, math.Inf(1)
		for _, t := range active {
			var diff float64
			if y[t] > 0 {
				if lower(t) {
					continue
				}
				gmax2 = max(gmax2, g[t])
				diff = gmax + g[t]
			} else {
				if upper(t) {
					continue
				}
				gmax2 = max(gmax2, -g[t])
				diff = gmax - g[t]
			}
			if diff <= 0 {
				continue
			}
			quad := diag[i] + diag[t] - 2*y[i]*y[t]*ki[t]
			if quad <= 0 {
				quad = svmTau
			}
			if obj := -diff * diff / quad; obj <= best {
				best, j = obj, t
			}
		}
		return i, j, gmax+gmax2 >= svmEps && j >= 0
	}
	// reconstruct recomputes the gradient of the shrunk items and makes
	// every item active again.
	reconstruct := func() {
		if len(active) == n {
			return
		}
		isActive := make([]bool, n)
		for _, t := range active {
			isActive[t] = true
		}
		for t := range n {
			if isActive[t] {
				continue
			}
			s := -1.0
			for u, a := range alpha {
				if a > 0 {
					s += y[t] * y[u] * a * k[t*n+u]
				}
			}
			g[t] = s
		}
		active = append(active[:0], all...)
	}
	unshrunk := false
	shrink := func() {
		gmax1, gmax2 := math.Inf(-1), math.Inf(-1)
		for _, t := range active {
			if y[t] > 0 {
				if !upper(t) {
					gmax1 = max(gmax1, -g[t])
				}
				if !lower(t) {
					gmax2 = max(gmax2, g[t])
				}
			} else {
				if !upper(t) {
					gmax2 = max(gmax2, -g[t])
				}
				if !lower(t) {
					gmax1 = max(gmax1, g[t])
				}
			}
		}
		if !unshrunk && gmax1+gmax2 <= 10*svmEps {
			// Near the end: start again from every item once.
			unshrunk = true
			reconstruct()
		}
		active = slices.DeleteFunc(active, func(t int) bool {
			switch {
			case upper(t) && y[t] > 0:
				return -g[t] > gmax1
			case upper(t):
				return -g[t] > gmax2
			case lower(t) && y[t] > 0:
				return g[t] > gmax2
			case lower(t):
				return g[t] > gmax1
			}
			return false
		})
	}
	counter := min(n, 1000) + 1
	iter := 0
	for ; iter < svmMaxIter; iter++ {
		if iter%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if counter--; counter == 0 {
			counter = min(n, 1000)
			shrink()
		}
		i, j, ok := selectPair()
		if !ok {
			if len(active) == n {
				break
			}
			// Optimal on the active items: check all of them.
			reconstruct()
			if i, j, ok = selectPair(); !ok {
				break
			}
			counter = 1
		}
		ki, kj := k[i*n:(i+1)*n], k[j*n:(j+1)*n]
		oldI, oldJ := alpha[i], alpha[j]
		qij := y[i] * y[j] * ki[j]
		if y[i] != y[j] {
			quad := diag[i] + diag[j] + 2*qij
			if quad <= 0 {
				quad = svmTau
			}
			delta := (-g[i] - g[j]) / quad
			d := alpha[i] - alpha[j]
			alpha[i] += delta
			alpha[j] += delta
			if d > 0 {
				if alpha[j] < 0 {
					alpha[j], alpha[i] = 0, d
				}
			} else if alpha[i] < 0 {
				alpha[i], alpha[j] = 0, -d
			}
			if d > 0 {
				if alpha[i] > c {
					alpha[i], alpha[j] = c, c-d
				}
			} else if alpha[j] > c {
				alpha[j], alpha[i] = c, c+d
			}
		} else {
			quad := diag[i] + diag[j] - 2*qij
			if quad <= 0 {
				quad = svmTau
			}
			delta := (g[i] - g[j]) / quad
			sum := alpha[i] + alpha[j]
			alpha[i] -= delta
			alpha[j] += delta
			if sum > c {
				if alpha[i] > c {
					alpha[i], alpha[j] = c, sum-c
				}
			} else if alpha[j] < 0 {
				alpha[j], alpha[i] = 0, sum
			}
			if sum > c {
				if alpha[j] > c {
					alpha[j], alpha[i] = c, sum-c
				}
			} else if alpha[i] < 0 {
				alpha[i], alpha[j] = 0, sum
			}
		}
		dI, dJ := alpha[i]-oldI, alpha[j]-oldJ
		for _, t := range active {
			g[t] += y[t] * (y[i]*ki[t]*dI + y[j]*kj[t]*dJ)
		}
	}
	reconstruct()
	m := &svmModel{Rho: svmRho(alpha, g, y, c), Iterations: iter, Capped: iter >= svmMaxIter}
	for t, a := range alpha {
		if a > 0 {
			m.Coef = append(m.Coef, y[t]*a)
			m.SV = append(m.SV, t)
		}
	}
	return m, nil
}

// svmRho is the offset of the SMO solution: the mean of y_t·g_t over the
// free variables, or the middle of the feasible interval when none is free
// (libsvm's calculate_rho), or its one finite end when the training items
// are all of one class.
func svmRho(alpha, g, y []float64, c float64) float64 {
	ub, lb := math.Inf(1), math.Inf(-1)
	free, sum := 0, 0.0
	for t, a := range alpha {
		yg := y[t] * g[t]
		switch {
		case a >= c:
			if y[t] < 0 {
				ub = min(ub, yg)
			} else {
				lb = max(lb, yg)
			}
		case a <= 0:
			if y[t] > 0 {
				ub = min(ub, yg)
			} else {
				lb = max(lb, yg)
			}
		default:
			free++
			sum += yg
		}
	}
	switch {
	case free > 0:
		return sum / float64(free)
	case math.IsInf(ub, 1) && math.IsInf(lb, -1):
		return 0 // no items
	case math.IsInf(ub, 1):
		return lb // one class only: every item at the same bound
	case math.IsInf(lb, -1):
		return ub
	}
	return (ub + lb) / 2
}

// plattSigmoid maps an SVM decision value f to the probability of the
// class +1, 1/(1+exp(A·f+B)) (Platt 2000).
type plattSigmoid struct {
	A, B float64
}

func (p plattSigmoid) prob(f float64) float64 {
	z := f*p.A + p.B
	if z >= 0 {
		return math.Exp(-z) / (1 + math.Exp(-z))
	}
	return 1 / (1 + math.Exp(z))
}

// fitPlatt fits the sigmoid to decision values dec of items of classes y
// (±1) by Newton's method with backtracking on the regularised targets of
// Lin, Lin and Weng (2007), as libsvm's sigmoid_train does. The decision
// values should come from models that did not see the items.
func fitPlatt(dec, y []float64) plattSigmoid {
	var prior1, prior0 float64
	for _, v := range y {
		if v > 0 {
			prior1++
		} else {
			prior0++
		}
	}
	const (
		maxIter = 100
		minStep = 1e-10
		sigma   = 1e-12
		eps     = 1e-5
	)
	hi, lo := (prior1+1)/(prior1+2), 1/(prior0+2)
	t := make([]float64, len(y))
	for i, v := range y {
		t[i] = lo
		if v > 0 {
			t[i] = hi
		}
	}
	loss := func(a, b float64) float64 {
		f := 0.0
		for i, d := range dec {
			z := d*a + b
			if z >= 0 {
				f += t[i]*z + math.Log1p(math.Exp(-z))
			} else {
				f += (t[i]-1)*z + math.Log1p(math.Exp(z))
			}
		}
		return f
	}
	a, b := 0.0, math.Log((prior0+1)/(prior1+1))
	fval := loss(a, b)
	for range maxIter {
		h11, h22, h21, g1, g2 := sigma, sigma, 0.0, 0.0, 0.0
		for i, d := range dec {
			z := d*a + b
			var p, q float64
			if z >= 0 {
				p = math.Exp(-z) / (1 + math.Exp(-z))
				q = 1 / (1 + math.Exp(-z))
			} else {
				p = 1 / (1 + math.Exp(z))
				q = math.Exp(z) / (1 + math.Exp(z))
			}
			d2 := p * q
			h11 += d * d * d2
			h22 += d2
			h21 += d * d2
			d1 := t[i] - p
			g1 += d * d1
			g2 += d1
		}
		if math.Abs(g1) < eps && math.Abs(g2) < eps {
			break
		}
		det := h11*h22 - h21*h21
		dA := -(h22*g1 - h21*g2) / det
		dB := -(-h21*g1 + h11*g2) / det
		gd := g1*dA + g2*dB
		step := 1.0
		for ; step >= minStep; step /= 2 {
			na, nb := a+step*dA, b+step*dB
			if nf := loss(na, nb); nf < fval+1e-4*step*gd {
				a, b, fval = na, nb, nf
				break
			}
		}
		if step < minStep {
			break
		}
	}
	return plattSigmoid{A: a, B: b}
}
