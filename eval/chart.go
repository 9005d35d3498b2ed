package eval

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// chartColors are the series colours (colour-blind safe).
var chartColors = []color.RGBA{
	{R: 0x00, G: 0x72, B: 0xB2, A: 0xff},
	{R: 0xE6, G: 0x9F, B: 0x00, A: 0xff},
	{R: 0x00, G: 0x9E, B: 0x73, A: 0xff},
	{R: 0xCC, G: 0x79, B: 0xA7, A: 0xff},
	{R: 0x56, G: 0xB4, B: 0xE9, A: 0xff},
	{R: 0xD5, G: 0x5E, B: 0x00, A: 0xff},
}

// groupedBars draws horizontal grouped bars: one group per task (top to
// bottom in task order), one bar per series.
// The X axis ends at xmax (the largest value when 0) plus room on the right
// for the legend; ticks stop at xmax.
func groupedBars(title, xlabel string, tasks []string, series []string, value func(task string, s int) (float64, bool), xmax float64, file string) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	n := len(tasks)
	if xmax <= 0 {
		for _, t := range tasks {
			for s := range series {
				if v, ok := value(t, s); ok && v > xmax {
					xmax = v
				}
			}
		}
		if xmax <= 0 {
			xmax = 1
		}
	}
	p.X.Min, p.X.Max = 0, xmax*1.3
	var ticks []plot.Tick
	for _, tk := range (plot.DefaultTicks{}).Ticks(0, xmax) {
		if tk.Value <= xmax*1.0001 {
			ticks = append(ticks, tk)
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	// Tasks are drawn bottom-up by the Y axis; reverse so the first is on top.
	labels := make([]string, n)
	for i, t := range tasks {
		labels[n-1-i] = t
	}
	barW := vg.Points(7)
	for s := range series {
		vals := make(plotter.Values, n)
		for i, t := range tasks {
			if v, ok := value(t, s); ok {
				vals[n-1-i] = v
			}
		}
		bars, err := plotter.NewBarChart(vals, barW)
		if err != nil {
			return fmt.Errorf("eval: chart: %w", err)
		}
		bars.Horizontal = true
		bars.LineStyle.Width = 0
		bars.Color = chartColors[s%len(chartColors)]
		bars.Offset = barW * vg.Length(float64(len(series)-1)/2-float64(s))
		p.Add(bars)
		p.Legend.Add(series[s], bars)
	}
	p.Legend.Top = true
	p.Legend.Left = false
	p.NominalY(labels...)
	p.Add(plotter.NewGrid())
	height := vg.Points(float64(n)*float64(len(series))*8.5 + 110)
	if err := p.Save(7*vg.Inch, height, file); err != nil {
		return fmt.Errorf("eval: chart %s: %w", file, err)
	}
	return nil
}

// AccuracyChart writes a PNG of the answer accuracy per task, one bar per
// mode and direction.
func (r *Report) AccuracyChart(file string) error {
	tasks, cols, cell := r.pivot()
	series := make([]string, len(cols))
	for i, c := range cols {
		series[i] = c.String()
	}
	return groupedBars(fmt.Sprintf("Answer accuracy per task — %s on %s", r.Backend, r.Suite), "accuracy (%)", tasks, series,
		func(t string, s int) (float64, bool) {
			row := cell[t][cols[s]]
			if row == nil {
				return 0, false
			}
			return 100 * row.Accuracy, true
		}, 100, file)
}

// LatencyChart writes a PNG of the latency per task: p50 and p95 over all
// of the task's items.
func (r *Report) LatencyChart(file string) error {
	tasks, _, _ := r.pivot()
	recs := map[string][]Metrics{}
	for i := range r.Rows {
		recs[r.Rows[i].Task] = append(recs[r.Rows[i].Task], r.Rows[i].Metrics)
	}
	// A task's p50/p95 are the item-weighted means over its rows (the rows
	// keep no raw latencies).
	agg := func(t string, p95 bool) float64 {
		sum, n := 0.0, 0
		for _, m := range recs[t] {
			v := m.LatencyP50MS
			if p95 {
				v = m.LatencyP95MS
			}
			sum += v * float64(m.Items)
			n += m.Items
		}
		if n == 0 {
			return 0
		}
		return sum / float64(n)
	}
	return groupedBars(fmt.Sprintf("Latency per task — %s on %s", r.Backend, r.Suite), "latency per item (ms)", tasks, []string{"p50", "p95"},
		func(t string, s int) (float64, bool) { return agg(t, s == 1), true }, 0, file)
}
