package learned

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// twoTasteRatings is a recommender data set of two groups of users, each
// rating only movies of its own half of the catalogue: users 0..nu/2-1
// rate items 0..ni/2-1, the others the rest; perUser ratings each, at
// random times.
func twoTasteRatings(nu, ni, perUser int, seed uint64) (*recData, []rating) {
	rng := rand.New(rand.NewPCG(seed, 5))
	rd := &recData{users: newInterner(), items: newInterner()}
	for u := range nu {
		rd.users.id(fmt.Sprint("u", u))
	}
	for i := range ni {
		rd.items.id(fmt.Sprint("m", i))
		rd.titles = append(rd.titles, fmt.Sprint("movie ", i))
	}
	for u := range nu {
		lo := 0
		if u >= nu/2 {
			lo = ni / 2
		}
		for _, k := range rng.Perm(ni / 2)[:perUser] {
			rd.ratings = append(rd.ratings, rating{user: u, item: lo + k, time: rng.Int64N(1e6)})
		}
	}
	train, _ := splitByTime(rd.ratings, 0)
	return rd, train
}

func TestFitBPRLearnsTastes(t *testing.T) {
	const nu, ni = 40, 20
	rd, train := twoTasteRatings(nu, ni, 6, 1)
	for _, c := range []bprConfig{
		{dim: 4, epochs: 60, lr: 0.05, reg: 0.002, seed: 1},
		{dim: 4, epochs: 60, lr: 0.05, reg: 0.002, halfLife: 3, seed: 2},
		{dim: 4, epochs: 60, lr: 0.05, reg: 0.002, popNeg: 1, seed: 3},
	} {
		m := newRecModel(rd, train, c.dim)
		if err := fitBPR(context.Background(), m, train, c, func(int) {}); err != nil {
			t.Fatal(err)
		}
		// Every user's unseen movies of its own half score above the
		// other half's on average.
		wrong := 0
		for u := range nu {
			var own, other float64
			var nOwn, nOther int
			for i := range ni {
				if _, seen := slices.BinarySearch(m.seen(u), int32(i)); seen {
					continue
				}
				if (u < nu/2) == (i < ni/2) {
					own += m.score(u, i)
					nOwn++
				} else {
					other += m.score(u, i)
					nOther++
				}
			}
			if own/float64(nOwn) <= other/float64(nOther) {
				wrong++
			}
		}
		if wrong > 0 {
			t.Errorf("%+v: %d of %d users prefer the other group's movies", c, wrong, nu)
		}
	}
}

func TestFitBPRDeterministic(t *testing.T) {
	rd, train := twoTasteRatings(20, 10, 3, 2)
	fit := func(seed uint64) *recModel {
		c := bprConfig{dim: 3, epochs: 5, lr: 0.05, reg: 0.01, halfLife: 2, popNeg: 0.5, seed: seed}
		m := newRecModel(rd, train, c.dim)
		if err := fitBPR(context.Background(), m, train, c, func(int) {}); err != nil {
			t.Fatal(err)
		}
		return m
	}
	a, b, other := fit(7), fit(7), fit(8)
	if !slices.Equal(a.P, b.P) || !slices.Equal(a.Q, b.Q) || !slices.Equal(a.Bias, b.Bias) {
		t.Error("two trainings with seed 7 differ")
	}
	if slices.Equal(a.Q, other.Q) {
		t.Error("seeds 7 and 8 give the same factors")
	}
}

func TestSplitByTimeValidation(t *testing.T) {
	rs := []rating{{0, 0, 50}, {0, 1, 10}, {1, 0, 30}, {1, 1, 20}, {2, 0, 40}, {2, 2, 60}, {0, 2, 0}, {1, 2, 70}, {2, 1, 80}, {0, 3, 90}}
	train, test := splitByTime(rs, recommendTestShare)
	fit, val := splitByTime(train, 0.25)
	if len(train) != 8 || len(test) != 2 || len(fit) != 6 || len(val) != 2 {
		t.Fatalf("sizes %d, %d, %d, %d", len(train), len(test), len(fit), len(val))
	}
	// Every validation rating is later than every fit one and earlier
	// than every test one.
	if fit[len(fit)-1].time > val[0].time || val[len(val)-1].time > test[0].time {
		t.Errorf("fit %v, validation %v, test %v", fit, val, test)
	}
}
