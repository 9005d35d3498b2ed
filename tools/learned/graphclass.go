package learned

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// graphMethod describes the graph classifier.
const graphMethod = "C-SVM (SMO) on a normalised graph kernel: Weisfeiler-Lehman subtree or optimal assignment (bond types included) or shortest path, kernel and C chosen by inner cross-validation; Platt-scaled probabilities"

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
// probabilities and SVM margin come from the fold model that did not see
// it.
type graphModel struct {
	Classes []string
	Labels  []int
	Probs   []float32 // graph-major, len(Labels)×len(Classes)
	// Margin is the SVM decision value of each graph, positive for
	// Classes[0].
	Margin []float32
	Fold   []int
}

// graphGrid is the hyper-parameter grid of the graph classifier, searched
// by inner cross-validation in each outer training fold.
type graphGrid struct {
	kernels kernelSet
	cs      []float64
	// inner is the number of inner folds.
	inner int
}

// graphGridFor returns the full grid (fixed in advance from the WL kernel
// literature: depths 1…5, C from 10⁻³ to 10³) or the small one.
func graphGridFor(cfg Config) graphGrid {
	if cfg.Small {
		return graphGrid{kernels: kernelSet{depths: []int{2}}, cs: []float64{1}, inner: 3}
	}
	return graphGrid{
		kernels: kernelSet{depths: []int{1, 2, 3, 4, 5}, assignment: true, shortestPath: true},
		cs:      []float64{1e-3, 1e-2, 1e-1, 1, 10, 100, 1000},
		inner:   5,
	}
}

// graphSelection is the outcome of the inner cross-validation of one outer
// training fold.
type graphSelection struct {
	kernel int     // index into the kernels
	c      float64 // the SVM's C
	acc    float64 // pooled inner-CV accuracy of the choice
	// capped counts the inner fits that stopped at svmMaxIter.
	capped int
	// dec are the choice's inner out-of-fold decision values of the
	// training items (in the order of train), for Platt scaling.
	dec []float64
}

// selectGraphSVM chooses the kernel and C by k-fold cross-validation
// inside the training items train: the cell with the highest pooled
// accuracy, ties to the first in grid order (kernels as listed, then C
// ascending).
func selectGraphSVM(ctx context.Context, kernels []graphKernel, grid graphGrid, labels []int, y []float64, train []int, seed uint64) (*graphSelection, error) {
	inner := stratifiedFolds(subset(labels, train), 2, grid.inner, seed)
	cells := len(kernels) * len(grid.cs)
	dec := make([][]float64, cells)
	for c := range dec {
		dec[c] = make([]float64, len(train))
	}
	var kFit, kVal []float64
	capped := 0
	for f := range grid.inner {
		var fit, val, valPos []int
		for p, g := range train {
			if inner[p] == f {
				val, valPos = append(val, g), append(valPos, p)
			} else {
				fit = append(fit, g)
			}
		}
		yFit := make([]float64, len(fit))
		for k, g := range fit {
			yFit[k] = y[g]
		}
		for ki, kern := range kernels {
			kFit = kern.k.sub(fit, fit, kFit)
			kVal = kern.k.sub(val, fit, kVal)
			for ci, c := range grid.cs {
				m, err := trainSVM(ctx, kFit, yFit, c)
				if err != nil {
					return nil, fmt.Errorf("%s, C %g: %w", kern.name, c, err)
				}
				if m.Capped {
					capped++
				}
				for k, p := range valPos {
					dec[ki*len(grid.cs)+ci][p] = m.decision(kVal[k*len(fit) : (k+1)*len(fit)])
				}
			}
		}
	}
	best := &graphSelection{acc: -1, capped: capped}
	for cell, d := range dec {
		ok := 0
		for p, g := range train {
			if (d[p] > 0) == (y[g] > 0) {
				ok++
			}
		}
		if acc := float64(ok) / float64(len(train)); acc > best.acc {
			*best = graphSelection{kernel: cell / len(grid.cs), c: grid.cs[cell%len(grid.cs)], acc: acc, dec: d, capped: capped}
		}
	}
	return best, nil
}

// trainGraphClassifier runs 10-fold cross-validation of a C-SVM on graph
// kernels: in each fold the kernel (WL subtree, WL optimal assignment or
// shortest path, and the WL depth) and C are chosen by an inner
// cross-validation of the training folds, the SVM is retrained on all
// training folds and scored on the held-out fold, whose probabilities come
// from a Platt sigmoid fitted to the inner decision values.
func trainGraphClassifier(ctx context.Context, d *data, cfg Config, prog Progress) (*trained, error) {
	td, err := readTU(d)
	if err != nil {
		return nil, err
	}
	if len(td.classes) != 2 {
		return nil, fmt.Errorf("%s has %d graph classes (%s): the SVM graph classifier handles two: %w",
			d.ds.Name, len(td.classes), strings.Join(td.classes, ", "), ErrDataset)
	}
	grid := graphGridFor(cfg)
	prog("kernels", 0, graphFolds)
	kernels, err := graphKernels(ctx, td, grid.kernels)
	if err != nil {
		return nil, err
	}
	// Classes[0] is the SVM's class +1.
	y := make([]float64, td.nGraphs)
	for g, l := range td.labels {
		y[g] = 1
		if l != 0 {
			y[g] = -1
		}
	}
	folds := stratifiedFolds(td.labels, 2, graphFolds, cfg.Seed)
	m := &graphModel{Classes: td.classes, Labels: td.labels, Probs: make([]float32, td.nGraphs*2),
		Margin: make([]float32, td.nGraphs), Fold: folds}
	// The folds are independent: up to two run at once (the machine's
	// share), each writing only its own test graphs, so the result does not
	// depend on the order they finish in.
	results := make([]graphFoldResult, graphFolds)
	errs := make([]error, graphFolds)
	var mu sync.Mutex
	done := 0
	sem := make(chan struct{}, min(2, runtime.GOMAXPROCS(0)))
	var wg sync.WaitGroup
	for f := range graphFolds {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results[f], errs[f] = trainGraphFold(ctx, td, kernels, grid, y, folds, f, cfg.Seed, m)
			mu.Lock()
			done++
			prog(fmt.Sprintf("fold %d", f+1), done, graphFolds)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	var accs, majority []float64
	var picks []string
	capped, fits := 0, 0
	for _, r := range results {
		accs, majority, picks = append(accs, r.acc), append(majority, r.majority), append(picks, r.pick)
		capped += r.capped
		fits += r.fits
	}
	prog("done", graphFolds, graphFolds)
	mean, std := meanStd(accs)
	bm, bs := meanStd(majority)
	var names []string
	for _, k := range kernels {
		names = append(names, k.name)
	}
	details := fmt.Sprintf("kernel in [%s] and C in %v chosen per fold by %d-fold inner cross-validation of the training folds (pooled accuracy, ties to the first); chosen: %s; %d of %d SMO fits stopped at %d steps",
		strings.Join(names, ", "), grid.cs, grid.inner, strings.Join(picks, "; "), capped, fits, svmMaxIter)
	if cfg.Epochs > 0 {
		details += "; --epochs does not apply to the SVM (SMO runs to its tolerance)"
	}
	return &trained{
		model: m,
		scores: []Score{
			{Metric: "accuracy", Value: mean, Std: std, Runs: len(accs)},
			{Metric: "accuracy (majority class of the training folds)", Value: bm, Std: bs, Runs: len(majority), Baseline: true},
		},
		split:   fmt.Sprintf("%d-fold stratified cross-validation, folds drawn with seed %d; each molecule's prediction comes from the fold model that did not see it", graphFolds, cfg.Seed),
		details: details,
	}, nil
}

// graphFoldResult is what one outer fold measured.
type graphFoldResult struct {
	acc, majority float64
	pick          string // the chosen kernel and C
	// fits counts the SMO fits, capped those that stopped at svmMaxIter.
	fits, capped int
}

// trainGraphFold chooses the kernel and C of outer fold f on its training
// folds, retrains on them, and writes the margins and probabilities of the
// fold's test graphs into m.
func trainGraphFold(ctx context.Context, td *tuData, kernels []graphKernel, grid graphGrid, y []float64, folds []int, f int, seed uint64, m *graphModel) (graphFoldResult, error) {
	var train, test []int
	for g, k := range folds {
		if k == f {
			test = append(test, g)
		} else {
			train = append(train, g)
		}
	}
	sel, err := selectGraphSVM(ctx, kernels, grid, td.labels, y, train, seed+uint64(f)+1)
	if err != nil {
		return graphFoldResult{}, fmt.Errorf("fold %d: %w", f+1, err)
	}
	kern := kernels[sel.kernel]
	yTrain := make([]float64, len(train))
	for k, g := range train {
		yTrain[k] = y[g]
	}
	svm, err := trainSVM(ctx, kern.k.sub(train, train, nil), yTrain, sel.c)
	if err != nil {
		return graphFoldResult{}, fmt.Errorf("fold %d: %s, C %g: %w", f+1, kern.name, sel.c, err)
	}
	platt := fitPlatt(sel.dec, yTrain)
	kTest := kern.k.sub(test, train, nil)
	ok := 0
	for k, g := range test {
		margin := svm.decision(kTest[k*len(train) : (k+1)*len(train)])
		if (margin > 0) == (y[g] > 0) {
			ok++
		}
		p := platt.prob(margin)
		m.Margin[g] = float32(margin)
		m.Probs[2*g], m.Probs[2*g+1] = float32(p), float32(1-p)
	}
	r := graphFoldResult{
		acc: float64(ok) / float64(max(len(test), 1)), majority: majorityOf(td.labels, train, test, 2),
		pick: fmt.Sprintf("%s C=%g (inner %.3f)", kern.name, sel.c, sel.acc),
		fits: grid.inner*len(kernels)*len(grid.cs) + 1, capped: sel.capped,
	}
	if svm.Capped {
		r.capped++
	}
	return r, nil
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
