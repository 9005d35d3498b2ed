package learned

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"
)

// TestRecommendTune trains BPR on the first 90% (by time) of the
// recommender's training period with every setting of a grid fixed in
// advance and logs Recall@10 and AUC on the latest 10%, the validation
// period, against popularity counted in the first 90%. It never reads the
// test period; it is skipped without GRAPHAGENT_BPR_TUNE (set it to "all",
// or to a dimension such as "32" to run that half of the grid; "halflife"
// runs the second stage: the half-life axis extended, the other settings
// fixed at the first stage's choice).
func TestRecommendTune(t *testing.T) {
	which := os.Getenv("GRAPHAGENT_BPR_TUNE")
	if which == "" {
		t.Skip("set GRAPHAGENT_BPR_TUNE=all to tune the recommender on the validation period")
	}
	s := NewStore(StoreConfig{})
	d, err := s.data("movietweetings")
	if err != nil {
		t.Fatal(err)
	}
	rd, err := readRecData(d)
	if err != nil {
		t.Fatal(err)
	}
	train, _ := splitByTime(rd.ratings, recommendTestShare)
	fit, val := splitByTime(train, 0.1)
	checkpoints := []int{20, 40, 60}
	dims, regs, popNegs, halfLives := []int{32, 64}, []float64{0.002, 0.01}, []float64{0, 0.5}, []float64{0, 30}
	switch which {
	case "all":
	case "halflife":
		dims, regs, popNegs, halfLives = []int{32}, []float64{0.002}, []float64{0}, []float64{10, 60, 120}
	default:
		dims = []int{0}
		fmt.Sscan(which, &dims[0])
	}
	for _, dim := range dims {
		for _, reg := range regs {
			for _, popNeg := range popNegs {
				for _, hl := range halfLives {
					c := bprConfig{dim: dim, epochs: checkpoints[len(checkpoints)-1], lr: 0.05, reg: reg, halfLife: hl, popNeg: popNeg, seed: 1}
					m := newRecModel(rd, fit, c.dim)
					ev := recTestSet(m, val)
					pr, pa := evaluateRanking(m, ev, func(_, i int) float64 { return float64(m.Popularity[i]) })
					start, cpu0 := time.Now(), cpuSeconds()
					report := func(epochs int) {
						r, a := evaluateRanking(m, ev, m.score)
						t.Logf("dim %d L2 %g popneg %g half-life %g epochs %d: valid Recall@10 %.4f AUC %.4f (popularity %.4f %.4f); %.0f s wall, %.0f s CPU so far",
							dim, reg, popNeg, hl, epochs, r, a, pr, pa, time.Since(start).Seconds(), cpuSeconds()-cpu0)
					}
					err := fitBPR(context.Background(), m, fit, c, func(e int) {
						for _, cp := range checkpoints[:len(checkpoints)-1] {
							if e == cp {
								report(e)
							}
						}
					})
					if err != nil {
						t.Fatal(err)
					}
					report(c.epochs)
				}
			}
		}
	}
}
