package learned

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// linearKernel returns the n×n linear kernel of points (n×d, row-major).
func linearKernel(points []float64, n, d int) []float64 {
	k := make([]float64, n*n)
	for i := range n {
		for j := range n {
			for c := range d {
				k[i*n+j] += points[i*d+c] * points[j*d+c]
			}
		}
	}
	return k
}

// twoClouds draws n points in 2-D around (±sep, ±sep), labelled by cloud,
// with a constant third coordinate standing for the bias.
func twoClouds(rng *rand.Rand, n int, sep float64) (points, y []float64) {
	for i := range n {
		s := 1.0
		if i%2 == 1 {
			s = -1
		}
		points = append(points, s*sep+rng.NormFloat64(), s*sep+rng.NormFloat64(), 1)
		y = append(y, s)
	}
	return points, y
}

// TestSVMSatisfiesKKT checks the SMO solution against the optimality
// conditions of the C-SVM dual on overlapping random clouds: y_i·f(x_i) ≥ 1
// where α_i = 0, = 1 where 0 < α_i < C, ≤ 1 where α_i = C, and Σ y_i α_i = 0.
func TestSVMSatisfiesKKT(t *testing.T) {
	for seed := range uint64(8) {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 30 + rng.IntN(60)
		points, y := twoClouds(rng, n, 0.8)
		k := linearKernel(points, n, 3)
		for _, c := range []float64{0.01, 1, 100} {
			m, err := trainSVM(context.Background(), k, y, c)
			if err != nil {
				t.Fatal(err)
			}
			alpha := make([]float64, n)
			sum := 0.0
			for s, i := range m.SV {
				alpha[i] = m.Coef[s] * y[i]
				sum += m.Coef[s]
				if alpha[i] <= 0 || alpha[i] > c*(1+1e-12) {
					t.Fatalf("seed %d C %g: α_%d = %g outside (0, C]", seed, c, i, alpha[i])
				}
			}
			if math.Abs(sum) > 1e-9*c*float64(n) {
				t.Errorf("seed %d C %g: Σ y_i α_i = %g, want 0", seed, c, sum)
			}
			const tol = 5e-3
			for i := range n {
				yf := y[i] * m.decision(k[i*n:(i+1)*n])
				switch {
				case alpha[i] == 0 && yf < 1-tol:
					t.Errorf("seed %d C %g: item %d α = 0 but y·f = %g < 1", seed, c, i, yf)
				case alpha[i] >= c && yf > 1+tol:
					t.Errorf("seed %d C %g: item %d α = C but y·f = %g > 1", seed, c, i, yf)
				case alpha[i] > 0 && alpha[i] < c && math.Abs(yf-1) > tol:
					t.Errorf("seed %d C %g: item %d free but y·f = %g ≠ 1", seed, c, i, yf)
				}
			}
		}
	}
}

func TestSVMSeparatesClouds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	points, y := twoClouds(rng, 80, 4)
	k := linearKernel(points, 80, 3)
	m, err := trainSVM(context.Background(), k, y, 10)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 80 {
		if f := m.decision(k[i*80 : (i+1)*80]); (f > 0) != (y[i] > 0) {
			t.Errorf("item %d (class %g) on the wrong side: f = %g", i, y[i], f)
		}
	}
	// Same input, same model.
	again, err := trainSVM(context.Background(), k, y, 10)
	if err != nil || again.Rho != m.Rho || again.Iterations != m.Iterations {
		t.Errorf("not deterministic: %v %+v vs %+v", err, again, m)
	}
}

func TestSVMRejectsBadInput(t *testing.T) {
	if _, err := trainSVM(context.Background(), make([]float64, 3), []float64{1, -1}, 1); err == nil {
		t.Error("a 3-entry kernel for 2 items was accepted")
	}
	if _, err := trainSVM(context.Background(), make([]float64, 4), []float64{1, -1}, 0); err == nil {
		t.Error("C = 0 was accepted")
	}
	// One class only (an inner fold could in principle lack the other):
	// a finite margin on that class's side, not ±Inf or NaN.
	for _, cls := range []float64{1, -1} {
		m, err := trainSVM(context.Background(), []float64{1, 0.5, 0.5, 1}, []float64{cls, cls}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if f := m.decision([]float64{0.7, 0.7}); math.IsInf(f, 0) || math.IsNaN(f) || f*cls <= 0 {
			t.Errorf("class %g only: decision %g", cls, f)
		}
	}
	if m, err := trainSVM(context.Background(), nil, nil, 1); err != nil || m.Rho != 0 {
		t.Errorf("no items: %+v, %v", m, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := trainSVM(ctx, []float64{1, 0, 0, 1}, []float64{1, -1}, 1); err == nil {
		t.Error("a cancelled context was ignored")
	}
}

// TestPlattRecoversSigmoid draws classes from a known sigmoid of the
// decision value and checks that the fit finds it.
func TestPlattRecoversSigmoid(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	const a, b = -2.0, 0.5
	var dec, y []float64
	for range 20000 {
		f := 6*rng.Float64() - 3
		p := 1 / (1 + math.Exp(a*f+b))
		c := -1.0
		if rng.Float64() < p {
			c = 1
		}
		dec, y = append(dec, f), append(y, c)
	}
	s := fitPlatt(dec, y)
	if math.Abs(s.A-a) > 0.1 || math.Abs(s.B-b) > 0.1 {
		t.Errorf("fit A %.3f B %.3f, want %.1f %.1f", s.A, s.B, a, b)
	}
	if p0, p1 := s.prob(-1), s.prob(1); !(p0 < p1) || p0 <= 0 || p1 >= 1 {
		t.Errorf("prob(-1) %g, prob(1) %g: want increasing within (0, 1)", p0, p1)
	}
	// Extreme margins stay finite.
	if p := s.prob(1e6); math.IsNaN(p) || p < 0 || p > 1 {
		t.Errorf("prob(1e6) = %g", p)
	}
}

// BenchmarkSVM fits overlapping clouds of 400 points (a linear kernel) at
// a small and a large C.
func BenchmarkSVM(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	points, y := twoClouds(rng, 400, 0.8)
	k := linearKernel(points, 400, 3)
	for _, c := range []float64{1, 100} {
		b.Run(fmt.Sprintf("C=%g", c), func(b *testing.B) {
			for b.Loop() {
				if _, err := trainSVM(context.Background(), k, y, c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
