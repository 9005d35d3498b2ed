package eval

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/graphagent/graphagent/internal/lazyre"
)

// Row is the metrics of one mode and task group ("WL", "Flow/Di").
type Row struct {
	Mode  string `json:"mode,omitempty"`
	Group string `json:"group"`
	Task  string `json:"task"`
	Dir   string `json:"dir,omitempty"`
	Metrics
	// Failures are the row's most common reasons for a wrong or refused
	// answer, most frequent first.
	Failures []Failure `json:"failures,omitempty"`
}

// Failure is one kind of failure: items that were wrong (or refused) for
// the same reason, numbers aside.
type Failure struct {
	// Outcome is "wrong" or "refused".
	Outcome string `json:"outcome"`
	// Reason is the reason with every number written N, so that alike
	// failures count together.
	Reason string `json:"reason"`
	// Count is how many items failed so; Example names one of them.
	Count   int    `json:"count"`
	Example string `json:"example"`
}

// maxFailures is how many kinds of failure a row lists.
const maxFailures = 3

var digitRunRe = lazyre.New(`\d+`)

// CommonFailures returns the n most common failures of recs (ties in order
// of the reason).
func CommonFailures(recs []Record, n int) []Failure {
	type key struct{ outcome, reason string }
	idx := map[key]int{}
	var fs []Failure
	for i := range recs {
		r := &recs[i]
		if r.Correct {
			continue
		}
		k := key{"wrong", digitRunRe.ReplaceAllString(r.Reason, "N")}
		if r.Refused {
			k.outcome = "refused"
		}
		j, ok := idx[k]
		if !ok {
			j = len(fs)
			idx[k] = j
			fs = append(fs, Failure{Outcome: k.outcome, Reason: k.reason, Example: r.ID})
		}
		fs[j].Count++
	}
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Count != fs[j].Count {
			return fs[i].Count > fs[j].Count
		}
		return fs[i].Reason < fs[j].Reason
	})
	return fs[:min(n, len(fs))]
}

// Key names the row ("WL Flow/Di").
func (r *Row) Key() string {
	if r.Mode == "" {
		return r.Group
	}
	return r.Mode + " " + r.Group
}

// Report is the outcome of a run.
type Report struct {
	Suite   string    `json:"suite"`
	Backend string    `json:"backend"`
	Created time.Time `json:"created"`
	// Items is the number of items scored (resumed ones included).
	Items int `json:"items"`
	// Evaluated is how many items this invocation asked; WallSeconds and
	// Throughput (items per second) are this invocation's.
	Evaluated   int     `json:"evaluated"`
	Concurrency int     `json:"concurrency"`
	WallSeconds float64 `json:"wall_seconds"`
	Throughput  float64 `json:"throughput"`
	// Overall aggregates every item; ByMode and ByDir aggregate the WL/EL
	// and directed/undirected items.
	Overall Metrics            `json:"overall"`
	ByMode  map[string]Metrics `json:"by_mode,omitempty"`
	ByDir   map[string]Metrics `json:"by_dir,omitempty"`
	// Rows are per mode and task group, in GTools task order.
	Rows []Row `json:"rows"`
}

// BuildReport aggregates records into a report.
func BuildReport(s *Suite, recs []Record, backend string) *Report {
	rep := &Report{Backend: backend, Created: time.Now().UTC(), Items: len(recs), ByMode: map[string]Metrics{}, ByDir: map[string]Metrics{}}
	if s != nil {
		rep.Suite = s.Name
	}
	rep.Overall = Aggregate(recs)
	type key struct{ mode, group string }
	groups := map[key][]Record{}
	modes := map[string][]Record{}
	dirs := map[string][]Record{}
	for _, r := range recs {
		groups[key{r.Mode, r.Group}] = append(groups[key{r.Mode, r.Group}], r)
		if r.Mode != "" {
			modes[r.Mode] = append(modes[r.Mode], r)
		}
		if _, d, ok := strings.Cut(r.Group, "/"); ok {
			dirs[d] = append(dirs[d], r)
		}
	}
	for m, rs := range modes {
		rep.ByMode[m] = Aggregate(rs)
	}
	for d, rs := range dirs {
		rep.ByDir[d] = Aggregate(rs)
	}
	for k, rs := range groups {
		task, dir, _ := strings.Cut(k.group, "/")
		rep.Rows = append(rep.Rows, Row{Mode: k.mode, Group: k.group, Task: task, Dir: dir, Metrics: Aggregate(rs),
			Failures: CommonFailures(rs, maxFailures)})
	}
	sortRows(rep.Rows)
	return rep
}

// sortRows orders rows by mode (WL, EL, others), GTools task order, then
// direction (Di, Un).
func sortRows(rows []Row) {
	order := map[string]int{}
	for i, t := range GToolsTasks() {
		order[t.Folder] = i
	}
	modeRank := func(m string) int {
		switch m {
		case ModeWL:
			return 0
		case ModeEL:
			return 1
		}
		return 2
	}
	taskRank := func(t string) int {
		if i, ok := order[t]; ok {
			return i
		}
		return len(order)
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := &rows[i], &rows[j]
		if x, y := modeRank(a.Mode), modeRank(b.Mode); x != y {
			return x < y
		}
		if a.Mode != b.Mode {
			return a.Mode < b.Mode
		}
		if x, y := taskRank(a.Task), taskRank(b.Task); x != y {
			return x < y
		}
		if a.Task != b.Task {
			return a.Task < b.Task
		}
		return a.Dir < b.Dir
	})
}

// WriteFiles writes report.json, report.md and, with charts, accuracy.png
// and latency.png into dir.
func (r *Report) WriteFiles(dir string, charts bool) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("eval: report: %w", err)
	}
	if err := writeFileAtomic(filepath.Join(dir, ReportJSONName), append(b, '\n')); err != nil {
		return fmt.Errorf("eval: report: %w", err)
	}
	if err := writeFileAtomic(filepath.Join(dir, ReportMDName), []byte(r.Markdown())); err != nil {
		return fmt.Errorf("eval: report: %w", err)
	}
	if !charts || len(r.Rows) == 0 {
		return nil
	}
	if err := r.AccuracyChart(filepath.Join(dir, AccuracyPNGName)); err != nil {
		return err
	}
	return r.LatencyChart(filepath.Join(dir, LatencyPNGName))
}

// ReadReport reads a report.json.
func ReadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read report: %w", err)
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("read report %s: %w", path, err)
	}
	return &r, nil
}

func pct(f float64) string { return fmt.Sprintf("%.1f", 100*f) }

// pctOf renders a step accuracy, "–" when no item had a gold for it.
func pctOf(f float64, n int) string {
	if n == 0 {
		return "–"
	}
	return pct(f)
}

// column is one (mode, direction) column of the pivot table.
type column struct{ mode, dir string }

func (c column) String() string {
	s := strings.TrimSpace(c.mode + " " + c.dir)
	if s == "" {
		return "all"
	}
	return s
}

// pivot returns the tasks (rows) and (mode, dir) columns of the report, in
// order, and the row of each cell.
func (r *Report) pivot() (tasks []string, cols []column, cell map[string]map[column]*Row) {
	cell = map[string]map[column]*Row{}
	seenCol := map[column]bool{}
	for i := range r.Rows {
		row := &r.Rows[i]
		c := column{row.Mode, row.Dir}
		if cell[row.Task] == nil {
			cell[row.Task] = map[column]*Row{}
			tasks = append(tasks, row.Task)
		}
		cell[row.Task][c] = row
		if !seenCol[c] {
			seenCol[c] = true
			cols = append(cols, c)
		}
	}
	sort.SliceStable(cols, func(i, j int) bool {
		a, b := cols[i], cols[j]
		if a.mode != b.mode {
			return a.mode == ModeWL || (b.mode != ModeWL && a.mode < b.mode)
		}
		return a.dir < b.dir
	})
	return tasks, cols, cell
}

// Markdown renders the report: the answer accuracy per task and column
// (mode, direction), then every metric per row.
func (r *Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Evaluation of %s on %s\n\n", r.Backend, r.Suite)
	fmt.Fprintf(&b, "%d items; answer accuracy %s%% (wrong %s%%, refused %s%%), graph %s%%, tool %s%%, parameters %s%%. ", r.Overall.Items,
		pct(r.Overall.Accuracy), pct(r.Overall.WrongRate), pct(r.Overall.RefusalRate), pctOf(r.Overall.GraphAccuracy, r.Overall.GraphItems),
		pctOf(r.Overall.ToolAccuracy, r.Overall.ToolItems), pctOf(r.Overall.ParamAccuracy, r.Overall.ParamItems))
	fmt.Fprintf(&b, "This run asked %d items in %.1f s (%.0f items/s, concurrency %d); latency p50 %.2f ms, p95 %.2f ms.",
		r.Evaluated, r.WallSeconds, r.Throughput, r.Concurrency, r.Overall.LatencyP50MS, r.Overall.LatencyP95MS)
	if r.Overall.LLMCalls > 0 {
		fmt.Fprintf(&b, " LLM: %d calls, %d prompt and %d completion tokens (%.2f calls, %.0f + %.0f tokens per item).",
			r.Overall.LLMCalls, r.Overall.PromptTokens, r.Overall.CompletionTokens,
			r.Overall.LLMCallsPerItem, r.Overall.PromptTokensPerItem, r.Overall.CompletionTokensPerItem)
	}
	b.WriteString("\n\n## Answer accuracy per task (%)\n\n")
	tasks, cols, cell := r.pivot()
	b.WriteString("| Task |")
	for _, c := range cols {
		fmt.Fprintf(&b, " %s |", c)
	}
	b.WriteString("\n|---|")
	for range cols {
		b.WriteString("---:|")
	}
	b.WriteByte('\n')
	colRecs := map[column][2]int{}
	for _, t := range tasks {
		fmt.Fprintf(&b, "| %s |", t)
		for _, c := range cols {
			row := cell[t][c]
			if row == nil {
				b.WriteString(" – |")
				continue
			}
			fmt.Fprintf(&b, " %s |", pct(row.Accuracy))
			x := colRecs[c]
			colRecs[c] = [2]int{x[0] + row.Correct, x[1] + row.Items}
		}
		b.WriteByte('\n')
	}
	b.WriteString("| **all** |")
	for _, c := range cols {
		x := colRecs[c]
		fmt.Fprintf(&b, " **%s** |", pct(ratio(x[0], x[1])))
	}
	if r.Overall.GoldCorrected > 0 {
		b.WriteString("\n\n## Against the audited and the published gold\n\n")
		fmt.Fprintf(&b, "The gold audit corrected %d published golds (the proofs are in audit.md). Answer accuracy against each:\n\n", r.Overall.GoldCorrected)
		b.WriteString("| Row | Items | Golds corrected | Audited gold % | Published gold % |\n|---|---:|---:|---:|---:|\n")
		for i := range r.Rows {
			m := &r.Rows[i].Metrics
			fmt.Fprintf(&b, "| %s | %d | %d | %s | %s |\n", r.Rows[i].Key(), m.Items, m.GoldCorrected, pct(m.Accuracy), pct(m.PublishedAccuracy))
		}
		m := &r.Overall
		fmt.Fprintf(&b, "| **overall** | %d | %d | **%s** | **%s** |", m.Items, m.GoldCorrected, pct(m.Accuracy), pct(m.PublishedAccuracy))
	}
	b.WriteString("\n\n## All metrics per task\n\n")
	b.WriteString("Wrong and Refused count items answered wrong and items declined. Step accuracies (graph, tool, parameters) are over the items with a gold for the step. Error columns count items.\n\n")
	b.WriteString("| Mode | Task | Items | Answer % | Wrong | Refused | Graph % | Tool % | Params % | Syntax | Graph mism. | Tool mism. | Param mism. | Exec. err. | Fallback | p50 ms | p95 ms | LLM calls/item | Prompt tok/item | Compl. tok/item |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	line := func(mode, group string, m Metrics) {
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %d | %d | %s | %s | %s |", mode, group, m.Items, pct(m.Accuracy), m.Wrong, m.Refused,
			pctOf(m.GraphAccuracy, m.GraphItems), pctOf(m.ToolAccuracy, m.ToolItems), pctOf(m.ParamAccuracy, m.ParamItems))
		for _, c := range ErrorClasses() {
			fmt.Fprintf(&b, " %d |", m.Errors[c])
		}
		fmt.Fprintf(&b, " %.2f | %.2f | %.2f | %.0f | %.0f |\n", m.LatencyP50MS, m.LatencyP95MS, m.LLMCallsPerItem, m.PromptTokensPerItem, m.CompletionTokensPerItem)
	}
	for i := range r.Rows {
		line(r.Rows[i].Mode, r.Rows[i].Group, r.Rows[i].Metrics)
	}
	for _, m := range sortedKeys(r.ByMode) {
		line(m, "**all**", r.ByMode[m])
	}
	for _, d := range sortedKeys(r.ByDir) {
		line("", "**all "+d+"**", r.ByDir[d])
	}
	line("", "**overall**", r.Overall)
	first := true
	for i := range r.Rows {
		row := &r.Rows[i]
		if len(row.Failures) == 0 {
			continue
		}
		if first {
			b.WriteString("\n## Most common failures per task\n\nNumbers in the reasons are written N; the example is one item that failed so.\n\n")
			b.WriteString("| Row | Items | Outcome | Reason | Example |\n|---|---:|---|---|---|\n")
			first = false
		}
		for _, f := range row.Failures {
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", row.Key(), f.Count, f.Outcome, mdCell(f.Reason), mdCell(f.Example))
		}
	}
	return b.String()
}

// Compare renders the per-row differences between two reports (b minus a):
// answer, graph, tool and parameter accuracy in points, and latency p50.
func Compare(a, b *Report) string {
	var out strings.Builder
	fmt.Fprintf(&out, "A: %s on %s (%d items)\nB: %s on %s (%d items)\n\n", a.Backend, a.Suite, a.Items, b.Backend, b.Suite, b.Items)
	audited := a.Overall.GoldCorrected > 0 || b.Overall.GoldCorrected > 0
	if audited {
		out.WriteString("Answer columns are against the audited gold; Published A and B against the benchmark's published gold.\n\n")
		out.WriteString("| Row | Answer A % | Answer B % | Δ answer | Published A % | Published B % | Δ graph | Δ tool | Δ params | p50 A ms | p50 B ms |\n")
		out.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	} else {
		out.WriteString("| Row | Answer A % | Answer B % | Δ answer | Δ graph | Δ tool | Δ params | p50 A ms | p50 B ms |\n")
		out.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	}
	pub := func(m *Metrics) string {
		if !audited {
			return ""
		}
		if m == nil {
			return " – |"
		}
		return " " + pct(m.PublishedAccuracy) + " |"
	}
	rowsA := map[string]*Row{}
	for i := range a.Rows {
		rowsA[a.Rows[i].Key()] = &a.Rows[i]
	}
	seen := map[string]bool{}
	delta := func(x, y float64) string { return fmt.Sprintf("%+.1f", 100*(y-x)) }
	emit := func(key string, ma, mb *Metrics) {
		switch {
		case ma == nil:
			fmt.Fprintf(&out, "| %s | – | %s | – |%s%s – | – | – | – | %.2f |\n", key, pct(mb.Accuracy), pub(nil), pub(mb), mb.LatencyP50MS)
		case mb == nil:
			fmt.Fprintf(&out, "| %s | %s | – | – |%s%s – | – | – | %.2f | – |\n", key, pct(ma.Accuracy), pub(ma), pub(nil), ma.LatencyP50MS)
		default:
			fmt.Fprintf(&out, "| %s | %s | %s | %s |%s%s %s | %s | %s | %.2f | %.2f |\n", key, pct(ma.Accuracy), pct(mb.Accuracy),
				delta(ma.Accuracy, mb.Accuracy), pub(ma), pub(mb), delta(ma.GraphAccuracy, mb.GraphAccuracy), delta(ma.ToolAccuracy, mb.ToolAccuracy),
				delta(ma.ParamAccuracy, mb.ParamAccuracy), ma.LatencyP50MS, mb.LatencyP50MS)
		}
	}
	for i := range b.Rows {
		k := b.Rows[i].Key()
		seen[k] = true
		var ma *Metrics
		if ra := rowsA[k]; ra != nil {
			ma = &ra.Metrics
		}
		emit(k, ma, &b.Rows[i].Metrics)
	}
	for i := range a.Rows {
		if k := a.Rows[i].Key(); !seen[k] {
			emit(k, &a.Rows[i].Metrics, nil)
		}
	}
	emit("overall", &a.Overall, &b.Overall)
	return out.String()
}

// mdCell makes text safe in a Markdown table cell.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "|", "\\|")
	return strings.ReplaceAll(s, "\n", " ")
}
