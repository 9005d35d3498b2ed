package learned

import (
	"math"
)

// adam is the Adam optimiser's state for one parameter vector.
type adam struct {
	lr     float64
	m, v   []float64
	t      int
	b1, b2 float64
}

// newAdam is Adam with the usual moment decays (0.9, 0.999) over n parameters.
func newAdam(n int, lr float64) *adam {
	return &adam{lr: lr, m: make([]float64, n), v: make([]float64, n), b1: 0.9, b2: 0.999}
}

// step moves w against the gradient g by one bias-corrected Adam step.
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
