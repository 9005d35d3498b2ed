package learned

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"
)

// recommendMethod describes the recommender.
const recommendMethod = "matrix factorisation with item biases trained with the BPR loss (Rendle et al., 2009) by SGD"

// recommendTestShare is the share of the ratings, the latest, held out
// for the test.
const recommendTestShare = 0.2

// recModel is a trained recommender.
type recModel struct {
	Users, Items []string // IDs
	Titles       []string // per item
	Dim          int
	P, Q         []float32 // user and item factors, Users×Dim and Items×Dim
	Bias         []float32 // item biases
	// Seen lists each user's training items (CSR: SeenOff has Users+1
	// entries); Trained marks the items seen in training.
	SeenOff []int32
	Seen    []int32
	Trained []bool
	// Popularity is each item's number of training ratings.
	Popularity []int32
	// SplitTime is the first test timestamp (Unix seconds).
	SplitTime int64
}

// score is the model's preference of user u for item i.
func (m *recModel) score(u, i int) float64 {
	s := float64(m.Bias[i])
	p, q := m.P[u*m.Dim:(u+1)*m.Dim], m.Q[i*m.Dim:(i+1)*m.Dim]
	for k := range p {
		s += float64(p[k]) * float64(q[k])
	}
	return s
}

// seen returns user u's training items, sorted.
func (m *recModel) seen(u int) []int32 { return m.Seen[m.SeenOff[u]:m.SeenOff[u+1]] }

// rating is one line of ratings.tsv.
type rating struct {
	user, item int
	time       int64
}

type recData struct {
	users, items *interner
	titles       []string
	ratings      []rating
}

func readRecData(d *data) (*recData, error) {
	rd := &recData{users: newInterner(), items: newInterner()}
	titles := map[string]string{}
	err := d.readTSV("movies.tsv", []string{"movie_id", "title"}, func(line int, f []string) error {
		titles[f[0]] = f[1]
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	err = d.readTSV("ratings.tsv", []string{"user_id", "movie_id", "rating", "timestamp"}, func(line int, f []string) error {
		ts, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			return fmt.Errorf("timestamp %q: %w", f[3], ErrDataset)
		}
		rd.ratings = append(rd.ratings, rating{user: rd.users.id(f[0]), item: rd.items.id(f[1]), time: ts})
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	rd.titles = make([]string, len(rd.items.names))
	for i, id := range rd.items.names {
		rd.titles[i] = titles[id]
	}
	return rd, nil
}

// recEval holds the test interactions of the users who have training
// ratings, over the items seen in training.
type recEval struct {
	users []int
	test  [][]int32 // per entry of users: test items (sorted)
}

// bprConfig sets one BPR training.
type bprConfig struct {
	dim, epochs int
	lr, reg     float64
	// halfLife weights the positives by age: a rating halfLife days older
	// than the last training rating is drawn half as often (0: uniform).
	halfLife float64
	// popNeg is the share of negatives drawn in proportion to their
	// training popularity (the rest uniform over the training items).
	popNeg float64
	seed   uint64
}

// newRecModel makes an untrained model over the ratings of train: each
// user's seen items, the items seen, their popularity.
func newRecModel(rd *recData, train []rating, dim int) *recModel {
	nu, ni := len(rd.users.names), len(rd.items.names)
	m := &recModel{Users: rd.users.names, Items: rd.items.names, Titles: rd.titles, Dim: dim,
		P: make([]float32, nu*dim), Q: make([]float32, ni*dim), Bias: make([]float32, ni),
		Trained: make([]bool, ni), Popularity: make([]int32, ni)}
	seen := make([][]int32, nu)
	for _, r := range train {
		seen[r.user] = append(seen[r.user], int32(r.item))
		m.Trained[r.item] = true
		m.Popularity[r.item]++
	}
	m.SeenOff = make([]int32, nu+1)
	for u, s := range seen {
		slices.Sort(s)
		m.Seen = append(m.Seen, slices.Compact(s)...)
		m.SeenOff[u+1] = int32(len(m.Seen))
	}
	return m
}

// fitBPR trains m's factors and biases on train (sorted by time) with the
// BPR loss: for a drawn rating (u, i) and an item j seen in training that
// u did not rate, SGD on -log σ(score(u,i) - score(u,j)) + L2.
func fitBPR(ctx context.Context, m *recModel, train []rating, c bprConfig, prog func(epoch int)) error {
	rng := rand.New(rand.NewPCG(c.seed, 0x627072))
	for i := range m.P {
		m.P[i] = float32(rng.NormFloat64() * 0.01)
	}
	for i := range m.Q {
		m.Q[i] = float32(rng.NormFloat64() * 0.01)
	}
	var trainedItems []int32
	for i, ok := range m.Trained {
		if ok {
			trainedItems = append(trainedItems, int32(i))
		}
	}
	if len(train) == 0 || len(trainedItems) == 0 {
		return fmt.Errorf("no training ratings: %w", ErrDataset)
	}
	cum := make([]float64, len(train))
	total := 0.0
	end := train[len(train)-1].time
	for k, r := range train {
		w := 1.0
		if c.halfLife > 0 {
			w = math.Exp2(-float64(end-r.time) / (c.halfLife * 86400))
		}
		total += w
		cum[k] = total
	}
	// A negative: with probability popNeg the item of a random training
	// rating (so in proportion to popularity), else a uniform training item.
	drawNeg := func() int {
		if c.popNeg > 0 && rng.Float64() < c.popNeg {
			return train[rng.IntN(len(train))].item
		}
		return int(trainedItems[rng.IntN(len(trainedItems))])
	}
	dim := m.Dim
	p := make([]float64, dim)
	for epoch := range c.epochs {
		prog(epoch)
		if err := ctx.Err(); err != nil {
			return err
		}
		for range len(train) {
			pick, _ := slices.BinarySearch(cum, rng.Float64()*total)
			r := train[min(pick, len(train)-1)]
			u, i := r.user, r.item
			seen := m.seen(u)
			j := drawNeg()
			for tries := 0; tries < 10; tries++ {
				if _, found := slices.BinarySearch(seen, int32(j)); !found {
					break
				}
				j = drawNeg()
			}
			x := m.score(u, i) - m.score(u, j)
			g := 1 / (1 + math.Exp(x)) // d/dx of log σ(x)
			pu := m.P[u*dim : (u+1)*dim]
			qi, qj := m.Q[i*dim:(i+1)*dim], m.Q[j*dim:(j+1)*dim]
			for k := range pu {
				p[k] = float64(pu[k])
				pu[k] += float32(c.lr * (g*(float64(qi[k])-float64(qj[k])) - c.reg*p[k]))
				qi[k] += float32(c.lr * (g*p[k] - c.reg*float64(qi[k])))
				qj[k] += float32(c.lr * (-g*p[k] - c.reg*float64(qj[k])))
			}
			m.Bias[i] += float32(c.lr * (g - c.reg*float64(m.Bias[i])))
			m.Bias[j] += float32(c.lr * (-g - c.reg*float64(m.Bias[j])))
		}
	}
	return nil
}

// splitByTime sorts the ratings by time and cuts off the latest share.
func splitByTime(rs []rating, share float64) (past, future []rating) {
	rs = slices.Clone(rs)
	slices.SortStableFunc(rs, func(a, b rating) int { return cmp.Compare(a.time, b.time) })
	cut := int(float64(len(rs)) * (1 - share))
	return rs[:cut], rs[cut:]
}

// recommendDefaults is the full training setting, chosen on the latest
// tenth of the training period (TestRecommendTune, a grid fixed in
// advance) and never on the test period; Small is a seconds-long one for
// tests.
func recommendDefaults(cfg Config) bprConfig {
	c := bprConfig{dim: 32, epochs: 40, lr: 0.05, reg: 0.002, halfLife: 60, popNeg: 0, seed: cfg.Seed}
	if cfg.Small {
		c.dim, c.epochs = 8, 3
	}
	if cfg.Epochs > 0 {
		c.epochs = cfg.Epochs
	}
	return c
}

// trainRecommender splits the ratings by time (the latest
// recommendTestShare held out), trains BPR with recommendDefaults on the
// whole past and scores it and the popularity baseline on the future.
func trainRecommender(ctx context.Context, d *data, cfg Config, prog Progress) (*trained, error) {
	rd, err := readRecData(d)
	if err != nil {
		return nil, err
	}
	c := recommendDefaults(cfg)
	train, test := splitByTime(rd.ratings, recommendTestShare)
	m := newRecModel(rd, train, c.dim)
	if len(test) > 0 {
		m.SplitTime = test[0].time
	}
	err = fitBPR(ctx, m, train, c, func(e int) { prog(fmt.Sprintf("epoch %d", e+1), e, c.epochs+1) })
	if err != nil {
		return nil, err
	}
	prog("evaluate", c.epochs, c.epochs+1)
	ev := recTestSet(m, test)
	bprRecall, bprAUC := evaluateRanking(m, ev, m.score)
	popRecall, popAUC := evaluateRanking(m, ev, func(_, i int) float64 { return float64(m.Popularity[i]) })
	prog("done", c.epochs+1, c.epochs+1)
	trainedItems := 0
	for _, ok := range m.Trained {
		if ok {
			trainedItems++
		}
	}
	positives := "positives uniform over the training ratings"
	if c.halfLife > 0 {
		positives = fmt.Sprintf("positives drawn by age, half-life %g days", c.halfLife)
	}
	negatives := "negatives uniform over the training movies the user did not rate"
	if c.popNeg > 0 {
		negatives = fmt.Sprintf("negatives among the training movies the user did not rate, %.0f%% drawn in proportion to popularity, the rest uniform", 100*c.popNeg)
	}
	return &trained{
		model: m,
		scores: []Score{
			{Metric: "Recall@10", Value: bprRecall, Runs: 1},
			{Metric: "AUC", Value: bprAUC, Runs: 1},
			{Metric: "Recall@10 (popularity in the training period)", Value: popRecall, Runs: 1, Baseline: true},
			{Metric: "AUC (popularity in the training period)", Value: popAUC, Runs: 1, Baseline: true},
		},
		split: fmt.Sprintf("by time: the first %.0f%% of the %d ratings (before %s) train, the latest %.0f%% test; scored on the %d users with ratings in both, over the %d movies rated in training, the users' training movies excluded",
			100*(1-recommendTestShare), len(rd.ratings), unixDate(m.SplitTime), 100*recommendTestShare, len(ev.users), trainedItems),
		details: fmt.Sprintf("%d factors and item biases, %d epochs of %d SGD steps, lr %g, L2 %g, seed %d; %s; %s; setting chosen on the latest tenth of the training period (TestRecommendTune), not on the test period",
			c.dim, c.epochs, len(train), c.lr, c.reg, cfg.Seed, positives, negatives),
	}, nil
}

// recTestSet collects, for each user with training ratings, the test items
// seen in training and not rated by the user in training.
func recTestSet(m *recModel, test []rating) *recEval {
	byUser := map[int][]int32{}
	for _, r := range test {
		if !m.Trained[r.item] || len(m.seen(r.user)) == 0 {
			continue
		}
		if _, found := slices.BinarySearch(m.seen(r.user), int32(r.item)); found {
			continue
		}
		byUser[r.user] = append(byUser[r.user], int32(r.item))
	}
	ev := &recEval{}
	for u := range byUser {
		ev.users = append(ev.users, u)
	}
	slices.Sort(ev.users)
	for _, u := range ev.users {
		items := byUser[u]
		slices.Sort(items)
		ev.test = append(ev.test, slices.Compact(items))
	}
	return ev
}

// evaluateRanking scores, for every test user, the training items the
// user did not rate, and returns the mean Recall@10 (test items among the
// ten best, over the user's test items, at most ten; ties broken by the
// lower item index) and the mean AUC (the share of pairs of a test item
// and an unrated non-test item ordered right, ties counting half).
func evaluateRanking(m *recModel, ev *recEval, score func(u, i int) float64) (recall, auc float64) {
	type scored struct {
		item int32
		s    float64
	}
	var cands []scored
	var top []scored
	better := func(a, b scored) bool { return a.s > b.s || (a.s == b.s && a.item < b.item) }
	for k, u := range ev.users {
		cands = cands[:0]
		seen := m.seen(u)
		for i, ok := range m.Trained {
			if !ok {
				continue
			}
			if _, found := slices.BinarySearch(seen, int32(i)); found {
				continue
			}
			cands = append(cands, scored{int32(i), score(u, i)})
		}
		pos := ev.test[k]
		isPos := func(i int32) bool { _, ok := slices.BinarySearch(pos, i); return ok }
		// The ten best, by insertion into a short sorted list.
		top = top[:0]
		for _, c := range cands {
			if len(top) == 10 && !better(c, top[9]) {
				continue
			}
			if len(top) < 10 {
				top = append(top, c)
			} else {
				top[9] = c
			}
			for j := len(top) - 1; j > 0 && better(top[j], top[j-1]); j-- {
				top[j], top[j-1] = top[j-1], top[j]
			}
		}
		hits := 0
		for _, c := range top {
			if isPos(c.item) {
				hits++
			}
		}
		recall += float64(hits) / float64(min(10, len(pos)))
		// AUC: for each test item, the negatives scored below it (ties
		// half).
		var posScores []float64
		for _, c := range cands {
			if isPos(c.item) {
				posScores = append(posScores, c.s)
			}
		}
		nNeg := float64(len(cands) - len(posScores))
		if nNeg == 0 || len(posScores) == 0 {
			auc++
			continue
		}
		right := 0.0
		for _, c := range cands {
			if isPos(c.item) {
				continue
			}
			for _, ps := range posScores {
				switch {
				case ps > c.s:
					right++
				case ps == c.s:
					right += 0.5
				}
			}
		}
		auc += right / (float64(len(posScores)) * nNeg)
	}
	n := float64(max(len(ev.users), 1))
	return recall / n, auc / n
}

// unixDate formats Unix seconds as a UTC date and time.
func unixDate(t int64) string {
	return time.Unix(t, 0).UTC().Format(time.DateTime)
}
