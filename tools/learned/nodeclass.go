package learned

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// nodeMethod describes the node classifier.
const nodeMethod = "APPNP-style feature propagation (personalised PageRank over the symmetric-normalised graph with self-loops) + multinomial logistic regression"

// Planetoid-style split sizes.
const (
	nodeTrainPerClass = 20
	nodeValSize       = 500
	nodeTestSize      = 1000
	nodeSeeds         = 5
)

// nodeModel is a trained node classifier: the predicted class
// distribution of every node (the setting is transductive: the graph and
// every node's features are known, the labels of the training nodes only).
type nodeModel struct {
	IDs     []string
	Classes []string
	// Labels are the dataset's classes (index into Classes).
	Labels []int
	// Probs are the predicted probabilities, node-major (len(IDs)×len(Classes)).
	Probs []float32
	// Split is each node's part: splitNone, splitTrain, splitVal, splitTest.
	Split []uint8
}

// Node split parts.
const (
	splitNone uint8 = iota
	splitTrain
	splitVal
	splitTest
)

// splitName names a split part in answers.
func splitName(s uint8) string {
	switch s {
	case splitTrain:
		return "training"
	case splitVal:
		return "validation"
	case splitTest:
		return "test"
	}
	return "unlabelled"
}

// nodeData is a node-classification dataset.
type nodeData struct {
	ids     *interner
	classes []string
	labels  []int
	x       *sparseRows // raw features
	adj     [][]int32   // undirected neighbours, no self-loops, no duplicates
}

// readNodeData reads cora (word indices) or citeseer (raw text, turned into
// TF-IDF bag-of-words features).
func readNodeData(d *data) (*nodeData, error) {
	nd := &nodeData{ids: newInterner()}
	classIdx := map[string]int{}
	var texts []string
	var words [][]int32
	textual := d.ds.Name == "citeseer"
	third := "word_ids"
	if textual {
		third = "text"
	}
	err := d.readTSV("nodes.tsv", []string{"paper_id", "label", third}, func(line int, f []string) error {
		if _, dup := nd.ids.lookup(f[0]); dup {
			return fmt.Errorf("paper %q listed twice: %w", f[0], ErrDataset)
		}
		nd.ids.id(f[0])
		c, ok := classIdx[f[1]]
		if !ok {
			c = len(nd.classes)
			classIdx[f[1]] = c
			nd.classes = append(nd.classes, f[1])
		}
		nd.labels = append(nd.labels, c)
		if textual {
			texts = append(texts, f[2])
			return nil
		}
		var ws []int32
		for _, w := range strings.Fields(f[2]) {
			v, err := strconv.Atoi(w)
			if err != nil || v < 0 || v > 1<<20 {
				return fmt.Errorf("word index %q: %w", w, ErrDataset)
			}
			ws = append(ws, int32(v))
		}
		words = append(words, ws)
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	if textual {
		nd.x = tfidf(texts)
	} else {
		nd.x = binaryRows(words)
	}
	n := len(nd.ids.names)
	sets := make([]map[int32]bool, n)
	err = d.readTSV("edges.tsv", []string{"citing", "cited"}, func(line int, f []string) error {
		a, ok1 := nd.ids.lookup(f[0])
		b, ok2 := nd.ids.lookup(f[1])
		if !ok1 || !ok2 {
			return fmt.Errorf("edge %s → %s names a paper not in nodes.tsv: %w", f[0], f[1], ErrDataset)
		}
		if a == b {
			return nil
		}
		for _, p := range [][2]int{{a, b}, {b, a}} {
			if sets[p[0]] == nil {
				sets[p[0]] = map[int32]bool{}
			}
			sets[p[0]][int32(p[1])] = true
		}
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	nd.adj = make([][]int32, n)
	for i, s := range sets {
		for j := range s {
			nd.adj[i] = append(nd.adj[i], j)
		}
		slices.Sort(nd.adj[i])
	}
	return nd, nil
}

// binaryRows makes 0/1 feature rows from index lists.
func binaryRows(words [][]int32) *sparseRows {
	m := &sparseRows{idx: make([][]int32, len(words)), val: make([][]float64, len(words))}
	for i, ws := range words {
		ws = slices.Clone(ws)
		slices.Sort(ws)
		ws = slices.Compact(ws)
		m.idx[i] = ws
		m.val[i] = make([]float64, len(ws))
		for k, w := range ws {
			m.val[i][k] = 1
			m.d = max(m.d, int(w)+1)
		}
	}
	return m
}

// tfidf turns texts into TF-IDF rows over the words (letters only, three or
// more, lower-cased) found in at least 5 texts and at most half of them,
// with sublinear term frequency and unit-length rows.
func tfidf(texts []string) *sparseRows {
	n := len(texts)
	docs := make([]map[string]int, n)
	df := map[string]int{}
	for i, t := range texts {
		counts := map[string]int{}
		for _, w := range strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if len([]rune(w)) >= 3 {
				counts[w]++
			}
		}
		docs[i] = counts
		for w := range counts {
			df[w]++
		}
	}
	var vocab []string
	for w, c := range df {
		if c >= 5 && c <= n/2 {
			vocab = append(vocab, w)
		}
	}
	slices.Sort(vocab)
	index := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		index[w] = int32(i)
	}
	m := &sparseRows{d: len(vocab), idx: make([][]int32, n), val: make([][]float64, n)}
	for i, counts := range docs {
		var idx []int32
		for w := range counts {
			if j, ok := index[w]; ok {
				idx = append(idx, j)
			}
		}
		slices.Sort(idx)
		val := make([]float64, len(idx))
		norm := 0.0
		for k, j := range idx {
			w := vocab[j]
			val[k] = (1 + math.Log(float64(counts[w]))) * math.Log(float64(n)/float64(df[w]))
			norm += val[k] * val[k]
		}
		if norm > 0 {
			norm = math.Sqrt(norm)
			for k := range val {
				val[k] /= norm
			}
		}
		m.idx[i], m.val[i] = idx, val
	}
	return m
}

// propagate returns the dense features H after k steps of
// H ← (1-α)·Â·H + α·X, with X the row-normalised raw features and
// Â = D^-1/2 (A+I) D^-1/2 (personalised PageRank propagation, as APPNP),
// each row then scaled to unit length.
func propagate(ctx context.Context, nd *nodeData, k int, alpha float64) (*denseRows, error) {
	n, d := len(nd.adj), nd.x.d
	// x is the row-normalised raw features, kept sparse.
	x := &sparseRows{d: d, idx: nd.x.idx, val: make([][]float64, n)}
	h := &denseRows{d: d, data: make([]float64, n*d)}
	for i := range n {
		sum := 0.0
		for _, v := range nd.x.val[i] {
			sum += math.Abs(v)
		}
		x.val[i] = make([]float64, len(nd.x.val[i]))
		if sum == 0 {
			continue
		}
		row := h.row(i)
		for t, j := range nd.x.idx[i] {
			x.val[i][t] = nd.x.val[i][t] / sum
			row[j] = x.val[i][t]
		}
	}
	norm := make([]float64, n)
	for i, nb := range nd.adj {
		norm[i] = 1 / math.Sqrt(float64(len(nb)+1))
	}
	next := &denseRows{d: d, data: make([]float64, n*d)}
	for step := 0; step < k; step++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i := range n {
			out := next.row(i)
			self := (1 - alpha) * norm[i] * norm[i]
			hi := h.row(i)
			for j := range out {
				out[j] = self * hi[j]
			}
			x.axpy(i, alpha, out)
			for _, nb := range nd.adj[i] {
				w := (1 - alpha) * norm[i] * norm[nb]
				hn := h.row(int(nb))
				for j := range out {
					out[j] += w * hn[j]
				}
			}
		}
		h, next = next, h
	}
	for i := range n {
		row := h.row(i)
		s := 0.0
		for _, v := range row {
			s += v * v
		}
		if s > 0 {
			s = 1 / math.Sqrt(s)
			for j := range row {
				row[j] *= s
			}
		}
	}
	return h, nil
}

// nodeSplit draws a Planetoid-style split: nodeTrainPerClass labelled nodes
// per class, then nodeValSize validation and nodeTestSize test nodes from
// the rest, in a random order fixed by seed.
func nodeSplit(labels []int, classes int, seed uint64) (split []uint8, train, val, test []int) {
	n := len(labels)
	rng := rand.New(rand.NewPCG(seed, 0x6e6f6465))
	order := rng.Perm(n)
	split = make([]uint8, n)
	perClass := make([]int, classes)
	for _, i := range order {
		if c := labels[i]; perClass[c] < nodeTrainPerClass {
			perClass[c]++
			split[i] = splitTrain
			train = append(train, i)
		}
	}
	for _, i := range order {
		if split[i] != splitNone {
			continue
		}
		switch {
		case len(val) < nodeValSize:
			split[i] = splitVal
			val = append(val, i)
		case len(test) < nodeTestSize:
			split[i] = splitTest
			test = append(test, i)
		}
	}
	return split, train, val, test
}

// nodeFit is one trained split of a node classifier.
type nodeFit struct {
	scores           []float64 // smoothed class scores, node-major, rows summing to 1
	split            []uint8
	test, valAcc, l2 float64
	smooth           float64 // the smoothing weight chosen, 0 for none
}

// smoothAlpha is the weight of the neighbours in the smoothing step.
const smoothAlpha = 0.9

// fitNodeSplit trains on one seed's split, choosing the L2 weight on the
// validation nodes, smooths the predictions over the graph with the
// training labels clamped, and measures test accuracy.
func fitNodeSplit(ctx context.Context, nd *nodeData, h rows, seed uint64, epochs int, l2s []float64) (*nodeFit, error) {
	split, train, val, test := nodeSplit(nd.labels, len(nd.classes), seed)
	var best *nodeFit
	for _, l2 := range l2s {
		m, err := trainSoftmax(ctx, h, nd.labels, train, len(nd.classes), softmaxConfig{Epochs: epochs, LR: 0.2, L2: l2})
		if err != nil {
			return nil, err
		}
		for _, smooth := range []float64{0, smoothAlpha} {
			scores := smoothPredictions(nd, m, h, train, smooth)
			va := labelAccuracy(scores, len(nd.classes), val, nd.labels)
			if best == nil || va > best.valAcc {
				best = &nodeFit{scores: scores, split: split, valAcc: va, l2: l2, smooth: smooth}
			}
		}
	}
	best.test = labelAccuracy(best.scores, len(nd.classes), test, nd.labels)
	return best, nil
}

// smoothPredictions predicts every node's classes with m, sets the
// training nodes to their known labels and, when alpha > 0, spreads the
// result over the graph (smoothLabels) and renormalises each row to sum
// to 1.
func smoothPredictions(nd *nodeData, m *softmaxModel, h rows, train []int, alpha float64) []float64 {
	n, c := len(nd.labels), len(nd.classes)
	g0 := make([]float64, n*c)
	for i := range n {
		m.probs(h, i, g0[i*c:(i+1)*c])
	}
	for _, i := range train {
		clear(g0[i*c : (i+1)*c])
		g0[i*c+nd.labels[i]] = 1
	}
	if alpha == 0 {
		return g0
	}
	g := smoothLabels(nd.adj, g0, c, alpha, 50)
	for i := range n {
		row := g[i*c : (i+1)*c]
		sum := 0.0
		for _, v := range row {
			sum += max(v, 0)
		}
		for k, v := range row {
			if sum > 0 {
				row[k] = max(v, 0) / sum
			}
		}
	}
	return g
}

// labelAccuracy is the share of nodes idx whose highest score is their label.
func labelAccuracy(scores []float64, c int, idx []int, labels []int) float64 {
	if len(idx) == 0 {
		return 0
	}
	ok := 0
	for _, i := range idx {
		if argmax(scores[i*c:(i+1)*c]) == labels[i] {
			ok++
		}
	}
	return float64(ok) / float64(len(idx))
}

// argmax is the index of the largest value (the first on ties).
func argmax(xs []float64) int {
	best := 0
	for i, v := range xs {
		if v > xs[best] {
			best = i
		}
	}
	return best
}

// trainNodeClassifier trains and scores the node classifier over
// nodeSeeds seeds from cfg.Seed, and keeps the model of cfg.Seed.
func trainNodeClassifier(ctx context.Context, d *data, cfg Config, prog Progress) (*trained, error) {
	nd, err := readNodeData(d)
	if err != nil {
		return nil, err
	}
	steps, alpha, epochs, seeds := 10, 0.15, 200, nodeSeeds
	l2s := []float64{1e-4, 1e-3, 3e-3, 1e-2, 3e-2}
	if cfg.Small {
		steps, epochs, seeds, l2s = 2, 40, 2, []float64{1e-3, 1e-2}
	}
	if cfg.Epochs > 0 {
		epochs = cfg.Epochs
	}
	prog("propagate features", 0, seeds+1)
	h, err := propagate(ctx, nd, steps, alpha)
	if err != nil {
		return nil, err
	}
	var accs, majority []float64
	var keep *nodeFit
	for s := range seeds {
		prog(fmt.Sprintf("seed %d", cfg.Seed+uint64(s)), s+1, seeds+1)
		fit, err := fitNodeSplit(ctx, nd, h, cfg.Seed+uint64(s), epochs, l2s)
		if err != nil {
			return nil, err
		}
		accs = append(accs, fit.test)
		majority = append(majority, majorityAccuracy(nd.labels, fit.split, len(nd.classes)))
		if s == 0 {
			keep = fit
		}
	}
	prog("done", seeds+1, seeds+1)
	m := &nodeModel{IDs: nd.ids.names, Classes: nd.classes, Labels: nd.labels, Split: keep.split,
		Probs: make([]float32, len(keep.scores))}
	for i, v := range keep.scores {
		m.Probs[i] = float32(v)
	}
	mean, std := meanStd(accs)
	bm, bs := meanStd(majority)
	return &trained{
		model: m,
		scores: []Score{
			{Metric: "accuracy", Value: mean, Std: std, Runs: len(accs)},
			{Metric: "accuracy (majority class of the training nodes)", Value: bm, Std: bs, Runs: len(majority), Baseline: true},
		},
		split: fmt.Sprintf("Planetoid-style: %d labelled nodes per class, %d validation, %d test, drawn with seeds %d…%d; the saved model is seed %d's",
			nodeTrainPerClass, nodeValSize, nodeTestSize, cfg.Seed, cfg.Seed+uint64(seeds-1), cfg.Seed),
		details: fmt.Sprintf("%d features, %d propagation steps, teleport α=%.2f, rows scaled to unit length; Adam lr 0.2, %d full-batch epochs, L2 and whether to smooth the predictions over the graph (α=%.1f, 50 steps, training labels clamped) chosen on validation (seed %d: L2 %g, smoothing %.1f)",
			nd.x.d, steps, alpha, epochs, smoothAlpha, cfg.Seed, keep.l2, keep.smooth),
	}, nil
}

// majorityAccuracy is the test accuracy of always answering the commonest
// class among the training nodes.
func majorityAccuracy(labels []int, split []uint8, classes int) float64 {
	counts := make([]int, classes)
	for i, s := range split {
		if s == splitTrain {
			counts[labels[i]]++
		}
	}
	best := 0
	for c := range counts {
		if counts[c] > counts[best] {
			best = c
		}
	}
	ok, n := 0, 0
	for i, s := range split {
		if s == splitTest {
			n++
			if labels[i] == best {
				ok++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(ok) / float64(n)
}

// meanStd is the mean and population standard deviation.
func meanStd(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(v / float64(len(xs)))
}

// smoothLabels spreads the node-major class scores g0 (n×c) over the
// graph: steps of G ← α·Â·G + (1-α)·G0 with Â = D^-1/2 (A+I) D^-1/2, the
// "smooth" step of Correct and Smooth (Huang et al., 2021).
func smoothLabels(adj [][]int32, g0 []float64, c int, alpha float64, steps int) []float64 {
	n := len(adj)
	norm := make([]float64, n)
	for i, nb := range adj {
		norm[i] = 1 / math.Sqrt(float64(len(nb)+1))
	}
	g := slices.Clone(g0)
	next := make([]float64, len(g0))
	for range steps {
		for i := range n {
			out := next[i*c : (i+1)*c]
			self := alpha * norm[i] * norm[i]
			for k := range out {
				out[k] = self*g[i*c+k] + (1-alpha)*g0[i*c+k]
			}
			for _, nb := range adj[i] {
				w := alpha * norm[i] * norm[nb]
				for k := range out {
					out[k] += w * g[int(nb)*c+k]
				}
			}
		}
		g, next = next, g
	}
	return g
}
