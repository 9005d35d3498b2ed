package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/graphagent/graphagent/agent"
	"github.com/graphagent/graphagent/internal/textutil"
	"github.com/graphagent/graphagent/reasoning"
	"github.com/graphagent/graphagent/tools/graph"
)

// Files a run writes in its output folder.
const (
	ResultsName     = "results.jsonl"
	ReportJSONName  = "report.json"
	ReportMDName    = "report.md"
	AccuracyPNGName = "accuracy.png"
	LatencyPNGName  = "latency.png"
)

// RunConfig configures Run.
type RunConfig struct {
	// Out is the folder for results.jsonl, the reports and the charts
	// (required).
	Out string
	// Concurrency is how many items are asked at once (default 1).
	Concurrency int
	// Resume keeps the finished items of results.jsonl and runs only the
	// others; without it results.jsonl is started afresh.
	Resume bool
	// Backend labels the report ("builtin", "llm:MODEL").
	Backend string
	// ItemTimeout bounds one item (0: no bound besides ctx).
	ItemTimeout time.Duration
	// Progress receives a progress bar (Terminal) or progress lines; nil
	// for none.
	Progress io.Writer
	// Terminal redraws one progress bar line instead of printing lines.
	Terminal bool
	// NoCharts skips the PNG charts.
	NoCharts bool
	// Logger receives debug events (default slog.Default()).
	Logger *slog.Logger
}

// Run asks every item of the suite that results.jsonl does not already hold,
// with cfg.Concurrency workers, streaming each scored Record to
// results.jsonl as it finishes (so an interrupted run resumes where it
// stopped), then writes the report (JSON, Markdown, PNG charts) over all
// records of the suite. An interrupted run writes the report of what it
// finished and returns the context's error.
func Run(ctx context.Context, s *Suite, asker Asker, cfg RunConfig) (*Report, error) {
	if cfg.Out == "" {
		return nil, errors.New("eval: no output folder")
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	resultsPath := filepath.Join(cfg.Out, ResultsName)
	inSuite := make(map[string]bool, len(s.Items))
	for i := range s.Items {
		inSuite[s.Items[i].ID] = true
	}
	var done []Record
	if cfg.Resume {
		prev, err := readResults(resultsPath, true)
		if err != nil {
			return nil, err
		}
		for _, r := range prev {
			if inSuite[r.ID] {
				done = append(done, r)
			}
		}
	} else if err := os.Remove(resultsPath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("eval: %w", err)
	}
	finished := make(map[string]bool, len(done))
	for _, r := range done {
		finished[r.ID] = true
	}
	var todo []int
	for i := range s.Items {
		if !finished[s.Items[i].ID] {
			todo = append(todo, i)
		}
	}
	cfg.Logger.Debug("eval run", "suite", s.Name, "items", len(s.Items), "resumed", len(done), "todo", len(todo))

	f, err := os.OpenFile(resultsPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	w := bufio.NewWriter(f)
	prog := newProgress(cfg.Progress, cfg.Terminal, len(s.Items), len(done))

	start := time.Now()
	// A server that fails the first items (unreachable, or answering
	// errors) would fail them all: the run stops, saying why, rather than
	// scoring every item refused.
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	probe := min(serverProbe, len(todo))
	var failedFirst int
	var firstErr string
	jobs := make(chan int)
	results := make(chan Record, cfg.Concurrency)
	var wg sync.WaitGroup
	for k := 0; k < cfg.Concurrency; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				rec, ok := runItem(ctx, s, asker, &s.Items[i], cfg.ItemTimeout)
				if ok {
					results <- rec
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, i := range todo {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	var writeErr error
	for rec := range results {
		done = append(done, rec)
		if writeErr == nil {
			writeErr = writeRecord(w, &rec)
		}
		prog.add(rec.Correct)
		if n := len(done) - (len(s.Items) - len(todo)); n <= probe {
			if rec.serverDown {
				failedFirst++
				if firstErr == "" {
					firstErr = rec.Error
				}
			}
			if n == probe && failedFirst == probe && probe > 0 {
				stop(serverStopped{items: probe, first: firstErr})
			}
		}
	}
	prog.finish()
	wall := time.Since(start)
	if err := f.Close(); err != nil && writeErr == nil {
		writeErr = err
	}
	if writeErr != nil {
		return nil, fmt.Errorf("eval: write %s: %w", resultsPath, writeErr)
	}
	rep := BuildReport(s, done, cfg.Backend)
	rep.Evaluated = len(done) - (len(s.Items) - len(todo))
	rep.Concurrency = cfg.Concurrency
	rep.WallSeconds = wall.Seconds()
	if rep.WallSeconds > 0 {
		rep.Throughput = float64(rep.Evaluated) / rep.WallSeconds
	}
	if err := rep.WriteFiles(cfg.Out, !cfg.NoCharts); err != nil {
		return rep, err
	}
	if err := context.Cause(ctx); err != nil {
		return rep, err
	}
	return rep, nil
}

// serverProbe is how many first items failed by the LLM server stop a run.
const serverProbe = 3

// serverStopped is why Run stopped early: the LLM server failed each of
// the first items. It wraps reasoning.ErrServer.
type serverStopped struct {
	items int
	first string // the first item's error
}

func (e serverStopped) Error() string {
	why := ""
	if e.first != "" {
		why = " (" + textutil.Truncate(agent.TidyMessage(e.first), 240) + ")"
	}
	return fmt.Sprintf("the LLM server failed on each of the first %d items%s, so the run stopped; check --llm and that the server answers (each item's error is in %s)", e.items, why, ResultsName)
}

func (serverStopped) Unwrap() error { return reasoning.ErrServer }

// runItem asks and scores one item; ok is false when the run was
// interrupted during the item (it is then not recorded, so a resumed run
// asks it again).
func runItem(ctx context.Context, s *Suite, asker Asker, it *Item, timeout time.Duration) (Record, bool) {
	if ctx.Err() != nil {
		return Record{}, false
	}
	ictx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		ictx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	t0 := time.Now()
	out, err := asker.Ask(ictx, it)
	lat := time.Since(t0)
	if ctx.Err() != nil {
		return Record{}, false
	}
	rec := Score(ctx, it, out, err, func() (*graph.Graph, error) { return s.Graph(ctx, it) })
	rec.LatencyMS = float64(lat.Microseconds()) / 1000
	rec.serverDown = errors.Is(err, reasoning.ErrServer)
	return rec, true
}

// writeRecord appends one JSON line and flushes it, so a crash loses at
// most the line being written.
func writeRecord(w *bufio.Writer, r *Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := w.Write(b); err != nil {
		return err
	}
	return w.Flush()
}

// readResults reads the records of an earlier run. A last line cut short by
// an interruption is dropped and, with repair, cut from the file, so that
// appending continues on a clean line.
func readResults(path string, repair bool) ([]Record, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("eval: resume: %w", err)
	}
	complete := b
	if i := bytes.LastIndexByte(b, '\n'); i < len(b)-1 {
		complete = b[:i+1]
		if repair {
			if err := os.Truncate(path, int64(i+1)); err != nil {
				return nil, fmt.Errorf("eval: resume: %w", err)
			}
		}
	}
	var recs []Record
	seen := map[string]int{}
	for ln, line := range strings.Split(string(complete), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var r Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, fmt.Errorf("eval: resume: %s:%d: %w", path, ln+1, err)
		}
		if k, dup := seen[r.ID]; dup {
			recs[k] = r // a repeated item keeps its last result
			continue
		}
		seen[r.ID] = len(recs)
		recs = append(recs, r)
	}
	return recs, nil
}

// ReadResults reads a results.jsonl file (a last line cut short by an
// interruption is ignored; the file is not changed).
func ReadResults(path string) ([]Record, error) { return readResults(path, false) }

// progress draws a bar on a terminal or prints a line every 5% (and at
// least every 10 s) otherwise.
type progress struct {
	w                     io.Writer
	tty                   bool
	total, base, done, ok int
	start, last           time.Time
	nextLine, lineEvery   int
}

func newProgress(w io.Writer, tty bool, total, done int) *progress {
	now := time.Now()
	p := &progress{w: w, tty: tty, total: total, base: done, done: done, start: now, last: now}
	p.lineEvery = max(1, total/20)
	p.nextLine = done + p.lineEvery
	return p
}

func (p *progress) add(correct bool) {
	p.done++
	if correct {
		p.ok++
	}
	if p.w == nil {
		return
	}
	now := time.Now()
	if p.tty {
		if now.Sub(p.last) >= 100*time.Millisecond || p.done == p.total {
			p.last = now
			fmt.Fprintf(p.w, "\r%s", p.bar())
		}
		return
	}
	if p.done >= p.nextLine || now.Sub(p.last) >= 10*time.Second || p.done == p.total {
		p.last = now
		p.nextLine = p.done + p.lineEvery
		fmt.Fprintln(p.w, p.bar())
	}
}

// bar renders "[=====     ] 120/400  30.0%  correct 97.5%  850 items/s  ETA 1s".
func (p *progress) bar() string {
	const width = 30
	frac := 0.0
	if p.total > 0 {
		frac = float64(p.done) / float64(p.total)
	}
	fill := int(frac * width)
	rate := 0.0
	if el := time.Since(p.start).Seconds(); el > 0 {
		rate = float64(p.done-p.base) / el
	}
	eta := "?"
	if rate > 0 {
		eta = time.Duration(float64(p.total-p.done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	acc := 0.0
	if n := p.done - p.base; n > 0 {
		acc = 100 * float64(p.ok) / float64(n)
	}
	return fmt.Sprintf("[%s%s] %d/%d %5.1f%%  correct %.1f%%  %.1f items/s  ETA %s", strings.Repeat("=", fill), strings.Repeat(" ", width-fill),
		p.done, p.total, 100*frac, acc, rate, eta)
}

func (p *progress) finish() {
	if p.w != nil && p.tty {
		fmt.Fprintln(p.w)
	}
}
