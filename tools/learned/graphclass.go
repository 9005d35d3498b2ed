package learned

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// graphMethod describes the graph classifier.
const graphMethod = "Weisfeiler-Lehman subtree features (counts of refined node labels, rows scaled to unit length) + logistic regression"

// graphLR is the Adam step size of the graph classifier.
const graphLR = 0.5

// graphFolds is the number of cross-validation folds, as the TU
// literature reports them.
const graphFolds = 10

// tuData is a TU graph collection.
type tuData struct {
	// graphOf is each node's graph (0-based); nodeLabel its label.
	graphOf   []int
	nodeLabel []int
	adj       [][]int32
	// edgeLabel[i][k] is the label of the edge to adj[i][k] (0 when the
	// collection has no edge labels).
	edgeLabel [][]int32
	// labels are the graph classes (index into classes); classes the
	// dataset's class values as written ("1", "-1").
	labels  []int
	classes []string
	nGraphs int
}

// tuPrefix is the file prefix of each TU dataset.
func tuPrefix(name string) string {
	if name == "proteins" {
		return "PROTEINS_full"
	}
	return strings.ToUpper(name)
}

// readTU reads a TU collection: adjacency, graph indicator, node labels and
// graph labels.
func readTU(d *data) (*tuData, error) {
	p := tuPrefix(d.ds.Name)
	td := &tuData{}
	atoi := func(s string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return 0, fmt.Errorf("%q is not an integer: %w", s, ErrDataset)
		}
		return v, nil
	}
	err := d.readLines(p+"_graph_indicator.txt", func(line int, text string) error {
		g, err := atoi(text)
		if err != nil {
			return err
		}
		if g < 1 {
			return fmt.Errorf("graph %d: IDs start at 1: %w", g, ErrDataset)
		}
		td.graphOf = append(td.graphOf, g-1)
		td.nGraphs = max(td.nGraphs, g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	n := len(td.graphOf)
	err = d.readLines(p+"_node_labels.txt", func(line int, text string) error {
		v, err := atoi(text)
		td.nodeLabel = append(td.nodeLabel, v)
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(td.nodeLabel) != n {
		return nil, fmt.Errorf("%s: %d node labels for %d nodes: %w", d.ds.Name, len(td.nodeLabel), n, ErrDataset)
	}
	// Edge labels, when the collection has them, follow the lines of _A.txt.
	var edgeLabels []int32
	if slices.Contains(d.ds.Files, p+"_edge_labels.txt") {
		err = d.readLines(p+"_edge_labels.txt", func(line int, text string) error {
			v, err := atoi(text)
			edgeLabels = append(edgeLabels, int32(v))
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	td.adj = make([][]int32, n)
	td.edgeLabel = make([][]int32, n)
	edge := 0
	err = d.readLines(p+"_A.txt", func(line int, text string) error {
		a, b, ok := strings.Cut(text, ",")
		if !ok {
			return fmt.Errorf("%q is not 'row, col': %w", text, ErrDataset)
		}
		u, err := atoi(a)
		if err != nil {
			return err
		}
		v, err := atoi(b)
		if err != nil {
			return err
		}
		if u < 1 || v < 1 || u > n || v > n {
			return fmt.Errorf("node %d or %d out of 1…%d: %w", u, v, n, ErrDataset)
		}
		if td.graphOf[u-1] != td.graphOf[v-1] {
			return fmt.Errorf("edge %d-%d joins two graphs: %w", u, v, ErrDataset)
		}
		td.adj[u-1] = append(td.adj[u-1], int32(v-1))
		el := int32(0)
		if edgeLabels != nil {
			if edge >= len(edgeLabels) {
				return fmt.Errorf("more edges than edge labels (%d): %w", len(edgeLabels), ErrDataset)
			}
			el = edgeLabels[edge]
		}
		td.edgeLabel[u-1] = append(td.edgeLabel[u-1], el)
		edge++
		return nil
	})
	if err != nil {
		return nil, err
	}
	classIdx := map[string]int{}
	err = d.readLines(p+"_graph_labels.txt", func(line int, text string) error {
		c, ok := classIdx[text]
		if !ok {
			c = len(td.classes)
			classIdx[text] = c
			td.classes = append(td.classes, text)
		}
		td.labels = append(td.labels, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(td.labels) != td.nGraphs {
		return nil, fmt.Errorf("%s: %d graph labels for %d graphs: %w", d.ds.Name, len(td.labels), td.nGraphs, ErrDataset)
	}
	return td, nil
}

// wlFeatures returns each graph's Weisfeiler-Lehman subtree features for
// iterations 0…h: the count of every label a node has after each
// refinement, where a node's new label names its old label and the sorted
// multiset of its neighbours' old labels, each with the label of the edge
// to it (MUTAG's bond types; 0 without edge labels). Rows are scaled to unit length
// (the normalised WL kernel). The label dictionary is built over every
// graph; it uses no class label.
func wlFeatures(td *tuData, h int) *sparseRows {
	n := len(td.graphOf)
	labels := make([]int, n)
	dict := map[string]int{}
	name := func(s string) int {
		if v, ok := dict[s]; ok {
			return v
		}
		dict[s] = len(dict)
		return len(dict) - 1
	}
	for i, l := range td.nodeLabel {
		labels[i] = name("0:" + strconv.Itoa(l))
	}
	counts := make([]map[int]float64, td.nGraphs)
	for g := range counts {
		counts[g] = map[int]float64{}
	}
	add := func() {
		for i, l := range labels {
			counts[td.graphOf[i]][l]++
		}
	}
	add()
	next := make([]int, n)
	var nb []int
	var key strings.Builder
	for it := 1; it <= h; it++ {
		for i := range n {
			nb = nb[:0]
			for k, j := range td.adj[i] {
				// The bond type and the neighbour's label, as one number.
				nb = append(nb, labels[j]*8+int(td.edgeLabel[i][k]&7))
			}
			slices.Sort(nb)
			key.Reset()
			key.WriteString(strconv.Itoa(it))
			key.WriteByte(':')
			key.WriteString(strconv.Itoa(labels[i]))
			for _, l := range nb {
				key.WriteByte(',')
				key.WriteString(strconv.Itoa(l))
			}
			next[i] = name(key.String())
		}
		labels, next = next, labels
		add()
	}
	m := &sparseRows{d: len(dict), idx: make([][]int32, td.nGraphs), val: make([][]float64, td.nGraphs)}
	for g, c := range counts {
		idx := make([]int32, 0, len(c))
		for l := range c {
			idx = append(idx, int32(l))
		}
		slices.Sort(idx)
		val := make([]float64, len(idx))
		norm := 0.0
		for k, l := range idx {
			val[k] = c[int(l)]
			norm += val[k] * val[k]
		}
		if norm > 0 {
			norm = math.Sqrt(norm)
			for k := range val {
				val[k] /= norm
			}
		}
		m.idx[g], m.val[g] = idx, val
	}
	return m
}

// stratifiedFolds deals the items into k folds, class by class in a
// random order fixed by seed, so that each fold keeps the class balance.
func stratifiedFolds(labels []int, classes, k int, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 0x666f6c64))
	fold := make([]int, len(labels))
	next := 0
	for c := range classes {
		var items []int
		for i, l := range labels {
			if l == c {
				items = append(items, i)
			}
		}
		rng.Shuffle(len(items), func(a, b int) { items[a], items[b] = items[b], items[a] })
		for _, i := range items {
			fold[i] = next % k
			next++
		}
	}
	return fold
}

// graphModel holds out-of-fold predictions: each graph's class
// probabilities come from the fold model that did not see it.
type graphModel struct {
	Classes []string
	Labels  []int
	Probs   []float32 // graph-major, len(Labels)×len(Classes)
	Fold    []int
}

// graphChoice is one cell of the hyper-parameter grid.
type graphChoice struct {
	h  int
	l2 float64
}

// trainGraphClassifier runs 10-fold cross-validation: in each fold the WL
// depth and the L2 weight are chosen on a validation tenth of the
// training folds, the classifier is retrained on all training folds and
// scored on the held-out fold.
func trainGraphClassifier(ctx context.Context, d *data, cfg Config, prog Progress) (*trained, error) {
	td, err := readTU(d)
	if err != nil {
		return nil, err
	}
	depths := []int{1, 2, 3}
	l2s := []float64{1e-5, 1e-4}
	epochs := 1000
	if cfg.Small {
		depths, l2s, epochs = []int{2}, []float64{1e-4}, 100
	}
	if cfg.Epochs > 0 {
		epochs = cfg.Epochs
	}
	feats := map[int]*sparseRows{}
	for _, h := range depths {
		feats[h] = wlFeatures(td, h)
	}
	c := len(td.classes)
	folds := stratifiedFolds(td.labels, c, graphFolds, cfg.Seed)
	m := &graphModel{Classes: td.classes, Labels: td.labels, Probs: make([]float32, td.nGraphs*c), Fold: folds}
	var accs, majority []float64
	chosen := map[graphChoice]int{}
	for f := range graphFolds {
		prog(fmt.Sprintf("fold %d", f+1), f, graphFolds)
		var train, test []int
		for g, k := range folds {
			if k == f {
				test = append(test, g)
			} else {
				train = append(train, g)
			}
		}
		// An inner validation split of the training folds chooses the
		// depth and L2 weight.
		inner := stratifiedFolds(subset(td.labels, train), c, graphFolds, cfg.Seed+uint64(f)+1)
		var fit, val []int
		for k, g := range train {
			if inner[k] == 0 {
				val = append(val, g)
			} else {
				fit = append(fit, g)
			}
		}
		best, bestAcc := graphChoice{depths[0], l2s[0]}, -1.0
		for _, h := range depths {
			for _, l2 := range l2s {
				sm, err := trainSoftmax(ctx, feats[h], td.labels, fit, c, softmaxConfig{Epochs: epochs, LR: graphLR, L2: l2})
				if err != nil {
					return nil, err
				}
				if a := sm.accuracy(feats[h], val, td.labels); a > bestAcc {
					best, bestAcc = graphChoice{h, l2}, a
				}
			}
		}
		chosen[best]++
		sm, err := trainSoftmax(ctx, feats[best.h], td.labels, train, c, softmaxConfig{Epochs: epochs, LR: graphLR, L2: best.l2})
		if err != nil {
			return nil, err
		}
		accs = append(accs, sm.accuracy(feats[best.h], test, td.labels))
		p := make([]float64, c)
		for _, g := range test {
			sm.probs(feats[best.h], g, p)
			for k, v := range p {
				m.Probs[g*c+k] = float32(v)
			}
		}
		majority = append(majority, majorityOf(td.labels, train, test, c))
	}
	prog("done", graphFolds, graphFolds)
	mean, std := meanStd(accs)
	bm, bs := meanStd(majority)
	var picks []string
	for _, h := range depths {
		for _, l2 := range l2s {
			if n := chosen[graphChoice{h, l2}]; n > 0 {
				picks = append(picks, fmt.Sprintf("h=%d L2=%g ×%d", h, l2, n))
			}
		}
	}
	return &trained{
		model: m,
		scores: []Score{
			{Metric: "accuracy", Value: mean, Std: std, Runs: len(accs)},
			{Metric: "accuracy (majority class of the training folds)", Value: bm, Std: bs, Runs: len(majority), Baseline: true},
		},
		split: fmt.Sprintf("%d-fold stratified cross-validation, folds drawn with seed %d; each molecule's prediction comes from the fold model that did not see it", graphFolds, cfg.Seed),
		details: fmt.Sprintf("WL depth h in %v and L2 in %v chosen per fold on a validation tenth of the training folds (chosen: %s); Adam lr %g, %d full-batch epochs",
			depths, l2s, strings.Join(picks, ", "), graphLR, epochs),
	}, nil
}

// subset returns xs at the indices idx.
func subset(xs []int, idx []int) []int {
	out := make([]int, len(idx))
	for k, i := range idx {
		out[k] = xs[i]
	}
	return out
}

// majorityOf is the accuracy on test of the commonest class of train.
func majorityOf(labels, train, test []int, classes int) float64 {
	counts := make([]int, classes)
	for _, i := range train {
		counts[labels[i]]++
	}
	best := 0
	for c := range counts {
		if counts[c] > counts[best] {
			best = c
		}
	}
	ok := 0
	for _, i := range test {
		if labels[i] == best {
			ok++
		}
	}
	return float64(ok) / float64(max(len(test), 1))
}

// graphClassName names a TU class value of the dataset in words.
func graphClassName(ds, class string) string {
	switch ds + ":" + class {
	case "mutag:1":
		return "mutagenic"
	case "mutag:-1":
		return "not mutagenic"
	case "proteins:1":
		return "enzyme (class 1; the TU files do not name it, 1 is usually read as enzyme)"
	case "proteins:2":
		return "non-enzyme (class 2)"
	}
	return "class " + class
}
