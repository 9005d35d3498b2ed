package eval

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/graphagent/graphagent/reasoning/analog"
	"github.com/graphagent/graphagent/tools/kg"
)

// Analogy suites: node classification and link prediction answered by
// reasoning/analog over memory built from the training split.
const (
	SuiteCiteseerNC   = "citeseer-nc"
	SuiteCoraNC       = "cora-nc"
	SuiteDrugMechDBLP = "drugmechdb-lp"
)

// AnalogSuites lists the analogy suites.
func AnalogSuites() []string { return []string{SuiteCiteseerNC, SuiteCoraNC, SuiteDrugMechDBLP} }

// IsAnalogSuite reports whether name is an analogy suite.
func IsAnalogSuite(name string) bool { return slices.Contains(AnalogSuites(), name) }

// AnalogConfig configures RunAnalog.
type AnalogConfig struct {
	// Suite is one of AnalogSuites.
	Suite string
	// Open reads the dataset files (a sandbox's Open).
	Open kg.OpenFunc
	// Seed seeds the split; N keeps a seeded sample of N test items (0: all).
	Seed uint64
	N    int
	// LLM, when set, answers instead of the builtin reasoner.
	LLM *analog.LLM
	// TrainOnly keeps the validation examples out of memory (as when the
	// weights were tuned); by default memory holds the training and
	// validation examples, and only test items are asked.
	TrainOnly bool
}

// AnalogItem is one scored test item with its explanation.
type AnalogItem struct {
	ID          string   `json:"id"`
	Gold        string   `json:"gold"`
	Answer      string   `json:"answer"`
	Confidence  float64  `json:"confidence"`
	Unsure      bool     `json:"unsure"`
	Correct     bool     `json:"correct"`
	Rule        string   `json:"rule,omitempty"`
	Explanation string   `json:"explanation,omitempty"`
	Evidence    []string `json:"evidence,omitempty"`
	Error       string   `json:"error,omitempty"`
	LatencyMS   float64  `json:"latency_ms"`
}

// ClassStats scores one class.
type ClassStats struct {
	Items     int     `json:"items"`
	Correct   int     `json:"correct"`
	Recall    float64 `json:"recall"`
	Precision float64 `json:"precision"`
}

// CalibrationBin is one bin of the reliability diagram.
type CalibrationBin struct {
	Lo             float64 `json:"lo"`
	Hi             float64 `json:"hi"`
	Items          int     `json:"items"`
	MeanConfidence float64 `json:"mean_confidence"`
	Accuracy       float64 `json:"accuracy"`
}

// AnalogReport summarises an analogy suite's run.
type AnalogReport struct {
	Suite   string `json:"suite"`
	Backend string `json:"backend"`
	Seed    uint64 `json:"seed"`
	// Memory counts the training examples written to memory; TestInMemory
	// counts test items found there (always 0: checked after the run).
	Memory       int    `json:"memory_examples"`
	MemorySplits string `json:"memory_splits"`
	TestInMemory int    `json:"test_items_in_memory"`
	Items        int    `json:"items"`
	Correct      int    `json:"correct"`
	Errors       int    `json:"errors"`
	Unsure       int    `json:"unsure"`
	// Accuracy counts every item (unsure answers by their leading label);
	// SureAccuracy only the answers above the threshold.
	Accuracy     float64 `json:"accuracy"`
	SureAccuracy float64 `json:"sure_accuracy"`
	Classes      []string
	// Confusion[gold][answer] counts items.
	Confusion map[string]map[string]int `json:"confusion"`
	PerClass  map[string]ClassStats     `json:"per_class"`
	// Calibration has ten equal-width confidence bins; ECE is the expected
	// calibration error over them.
	Calibration  []CalibrationBin `json:"calibration"`
	ECE          float64          `json:"ece"`
	LatencyP50MS float64          `json:"latency_p50_ms"`
	LatencyP95MS float64          `json:"latency_p95_ms"`
	Elapsed      string           `json:"elapsed"`
}

// RunAnalog builds memory from the suite's training split, asks every
// (or N seeded) test item, and scores the answers. Nothing is learned from
// test items: memory is checked afterwards to hold none of them.
func RunAnalog(ctx context.Context, cfg AnalogConfig) (*AnalogReport, []AnalogItem, error) {
	if cfg.Open == nil {
		return nil, nil, errors.New("analogy suite: no way to open the dataset files")
	}
	start := time.Now()
	rep := &AnalogReport{Suite: cfg.Suite, Backend: "builtin", Seed: cfg.Seed, MemorySplits: "train+val", Confusion: map[string]map[string]int{}, PerClass: map[string]ClassStats{}}
	if cfg.TrainOnly {
		rep.MemorySplits = "train"
	}
	if cfg.LLM != nil {
		rep.Backend = "llm"
	}
	var items []AnalogItem
	var err error
	switch cfg.Suite {
	case SuiteCiteseerNC, SuiteCoraNC:
		items, err = runNodeSuite(ctx, cfg, rep)
	case SuiteDrugMechDBLP:
		items, err = runLinkSuite(ctx, cfg, rep)
	default:
		return nil, nil, fmt.Errorf("unknown analogy suite %q (known: %s)", cfg.Suite, strings.Join(AnalogSuites(), ", "))
	}
	if err != nil {
		return nil, nil, err
	}
	rep.score(items)
	rep.Elapsed = time.Since(start).Round(time.Millisecond).String()
	return rep, items, nil
}

// testSample returns the indices of the test items, a seeded sample of n
// when n > 0.
func testSample(split []analog.Split, n int, seed uint64) []int {
	var idx []int
	for i, s := range split {
		if s == analog.Test {
			idx = append(idx, i)
		}
	}
	if n > 0 && n < len(idx) {
		perm := analog.Assign(len(idx), seed^0x5eed, analog.Fractions{Test: float64(n) / float64(len(idx))})
		var keep []int
		for k, s := range perm {
			if s == analog.Test {
				keep = append(keep, idx[k])
			}
		}
		idx = keep
	}
	return idx
}

func runNodeSuite(ctx context.Context, cfg AnalogConfig, rep *AnalogReport) ([]AnalogItem, error) {
	name := strings.TrimSuffix(cfg.Suite, "-nc")
	d, err := analog.LoadNodes(ctx, cfg.Open, name)
	if err != nil {
		return nil, err
	}
	split := analog.Assign(len(d.IDs), cfg.Seed, analog.DefaultFractions)
	if !cfg.TrainOnly {
		split = analog.WithVal(split)
	}
	c, store, err := analog.BuildNodes(ctx, d, split, analog.NodeConfig{})
	if err != nil {
		return nil, err
	}
	rep.Classes = d.Classes
	rep.Memory = len(store.Samples(name))
	var items []AnalogItem
	for _, i := range testSample(split, cfg.N, cfg.Seed) {
		t0 := time.Now()
		var a *analog.Answer
		if cfg.LLM != nil {
			a, err = cfg.LLM.ClassifyNode(ctx, c, d.IDs[i])
		} else {
			a, err = c.Classify(ctx, d.IDs[i])
		}
		items = append(items, scoredItem(d.IDs[i], d.Labels[i], a, err, time.Since(t0)))
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	for _, sm := range store.Samples(name) {
		if split[d.Index[sm.ID]] == analog.Test {
			rep.TestInMemory++
		}
	}
	return items, nil
}

func runLinkSuite(ctx context.Context, cfg AnalogConfig, rep *AnalogReport) ([]AnalogItem, error) {
	d, err := analog.LoadLinks(ctx, cfg.Open)
	if err != nil {
		return nil, err
	}
	pairs := analog.MakePairs(d, cfg.Seed, analog.DefaultFractions)
	if !cfg.TrainOnly {
		pairs = analog.PairsWithVal(pairs)
	}
	store, err := analog.NewMemory(nil)
	if err != nil {
		return nil, err
	}
	if _, err := analog.ImportLinks(ctx, store, d, pairs); err != nil {
		return nil, err
	}
	lp := analog.NewLinkPredictor(store, d, analog.Hidden(pairs, analog.Val, analog.Test), analog.LinkConfig{})
	rep.Classes = []string{analog.Yes, analog.No}
	rep.Memory = len(store.Samples(analog.LinkDataset))
	split := make([]analog.Split, len(pairs))
	for i, p := range pairs {
		split[i] = p.Split
	}
	var items []AnalogItem
	for _, i := range testSample(split, cfg.N, cfg.Seed) {
		p := pairs[i]
		gold := analog.No
		if p.Exists {
			gold = analog.Yes
		}
		t0 := time.Now()
		var a *analog.Answer
		if cfg.LLM != nil {
			a, err = cfg.LLM.PredictLink(ctx, lp, p.Source, p.Target)
		} else {
			a, err = lp.Predict(ctx, p.Source, p.Target)
		}
		items = append(items, scoredItem(d.Names[p.Source]+" -> "+d.Names[p.Target], gold, a, err, time.Since(t0)))
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	test := map[string]bool{}
	for _, p := range pairs {
		if p.Split == analog.Test {
			test[d.IDs[p.Source]+"->"+d.IDs[p.Target]] = true
		}
	}
	for _, sm := range store.Samples(analog.LinkDataset) {
		if test[sm.ID] {
			rep.TestInMemory++
		}
	}
	return items, nil
}

func scoredItem(id, gold string, a *analog.Answer, err error, took time.Duration) AnalogItem {
	it := AnalogItem{ID: id, Gold: gold, LatencyMS: float64(took.Microseconds()) / 1000}
	if err != nil {
		it.Error = err.Error()
		return it
	}
	it.Answer, it.Confidence, it.Unsure = a.Label, a.Confidence, a.Unsure
	it.Correct = a.Label == gold
	it.Rule, it.Explanation = a.Rule, a.Explanation
	for _, e := range a.Evidence[:min(len(a.Evidence), 5)] {
		it.Evidence = append(it.Evidence, fmt.Sprintf("%s %s → %s (%.2f)", e.Kind, e.ID, e.Label, e.Weight))
	}
	return it
}

// score fills the report's counts, confusion matrix, per-class scores,
// calibration and latencies from the items.
func (r *AnalogReport) score(items []AnalogItem) {
	r.Items = len(items)
	bins := make([]CalibrationBin, 10)
	for b := range bins {
		bins[b].Lo, bins[b].Hi = float64(b)/10, float64(b+1)/10
	}
	sure, sureRight := 0, 0
	predicted := map[string]int{}
	var lat []float64
	for _, it := range items {
		lat = append(lat, it.LatencyMS)
		if it.Error != "" {
			r.Errors++
		}
		if r.Confusion[it.Gold] == nil {
			r.Confusion[it.Gold] = map[string]int{}
		}
		ans := it.Answer
		if ans == "" {
			ans = "(none)"
		}
		r.Confusion[it.Gold][ans]++
		predicted[ans]++
		cs := r.PerClass[it.Gold]
		cs.Items++
		if it.Correct {
			r.Correct++
			cs.Correct++
		}
		r.PerClass[it.Gold] = cs
		if it.Unsure {
			r.Unsure++
		} else if it.Error == "" {
			sure++
			if it.Correct {
				sureRight++
			}
		}
		if it.Error == "" {
			b := min(int(it.Confidence*10), 9)
			bins[b].Items++
			bins[b].MeanConfidence += it.Confidence
			if it.Correct {
				bins[b].Accuracy++
			}
		}
	}
	for l, cs := range r.PerClass {
		if cs.Items > 0 {
			cs.Recall = float64(cs.Correct) / float64(cs.Items)
		}
		if predicted[l] > 0 {
			cs.Precision = float64(cs.Correct) / float64(predicted[l])
		}
		r.PerClass[l] = cs
	}
	if r.Items > 0 {
		r.Accuracy = float64(r.Correct) / float64(r.Items)
	}
	if sure > 0 {
		r.SureAccuracy = float64(sureRight) / float64(sure)
	}
	answered := 0
	for b := range bins {
		answered += bins[b].Items
	}
	for b := range bins {
		if n := bins[b].Items; n > 0 {
			bins[b].MeanConfidence /= float64(n)
			bins[b].Accuracy /= float64(n)
			r.ECE += float64(n) / float64(answered) * math.Abs(bins[b].Accuracy-bins[b].MeanConfidence)
		}
	}
	r.Calibration = bins
	sort.Float64s(lat)
	r.LatencyP50MS, r.LatencyP95MS = percentile(lat, 0.5), percentile(lat, 0.95)
}

// Markdown renders the report: accuracy, per-class scores, the confusion
// matrix and the calibration table.
func (r *AnalogReport) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s (%s backend, seed %d)\n\n", r.Suite, r.Backend, r.Seed)
	fmt.Fprintf(&b, "- items: %d; correct: %d; **accuracy %.2f%%**; errors: %d\n", r.Items, r.Correct, 100*r.Accuracy, r.Errors)
	fmt.Fprintf(&b, "- unsure: %d; accuracy of the sure answers: %.2f%%\n", r.Unsure, 100*r.SureAccuracy)
	fmt.Fprintf(&b, "- memory: %d examples (%s splits); test items in memory: %d\n", r.Memory, r.MemorySplits, r.TestInMemory)
	fmt.Fprintf(&b, "- expected calibration error: %.3f; latency p50 %.2f ms, p95 %.2f ms; elapsed %s\n\n", r.ECE, r.LatencyP50MS, r.LatencyP95MS, r.Elapsed)
	b.WriteString("| class | items | correct | recall | precision |\n|---|---:|---:|---:|---:|\n")
	for _, c := range r.Classes {
		cs := r.PerClass[c]
		fmt.Fprintf(&b, "| %s | %d | %d | %.1f%% | %.1f%% |\n", c, cs.Items, cs.Correct, 100*cs.Recall, 100*cs.Precision)
	}
	b.WriteString("\nConfusion matrix (rows: gold, columns: answer)\n\n| gold \\ answer |")
	cols := slices.Clone(r.Classes)
	for _, row := range r.Confusion {
		if row["(none)"] > 0 && !slices.Contains(cols, "(none)") {
			cols = append(cols, "(none)")
		}
	}
	for _, c := range cols {
		fmt.Fprintf(&b, " %s |", c)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(cols)) + "\n")
	for _, g := range r.Classes {
		fmt.Fprintf(&b, "| %s |", g)
		for _, c := range cols {
			fmt.Fprintf(&b, " %d |", r.Confusion[g][c])
		}
		b.WriteByte('\n')
	}
	b.WriteString("\nCalibration\n\n| confidence | items | mean confidence | accuracy |\n|---|---:|---:|---:|\n")
	for _, bin := range r.Calibration {
		if bin.Items > 0 {
			fmt.Fprintf(&b, "| %.1f–%.1f | %d | %.3f | %.3f |\n", bin.Lo, bin.Hi, bin.Items, bin.MeanConfidence, bin.Accuracy)
		}
	}
	return b.String()
}

// ReliabilityChart writes the reliability diagram as a PNG: accuracy
// against mean confidence per bin, with the diagonal of perfect
// calibration.
func (r *AnalogReport) ReliabilityChart(file string) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Reliability — %s (%s), ECE %.3f", r.Suite, r.Backend, r.ECE)
	p.X.Label.Text = "confidence"
	p.Y.Label.Text = "accuracy"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	diag := plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}}
	line, err := plotter.NewLine(diag)
	if err != nil {
		return err
	}
	line.Color = color.Gray{Y: 0x99}
	line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	var pts plotter.XYs
	for _, b := range r.Calibration {
		if b.Items > 0 {
			pts = append(pts, plotter.XY{X: b.MeanConfidence, Y: b.Accuracy})
		}
	}
	p.Add(line)
	if len(pts) > 0 {
		l, s, err := plotter.NewLinePoints(pts)
		if err != nil {
			return err
		}
		l.Color, s.Color = chartColors[0], chartColors[0]
		p.Add(l, s)
		p.Legend.Add("per confidence bin", l, s)
	}
	p.Legend.Add("perfect calibration", line)
	p.Legend.Top, p.Legend.Left = true, true
	return p.Save(5*vg.Inch, 4*vg.Inch, file)
}
