package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// processTools are the tools timed as whole processes: `graphagent tools
// run TOOL --graph FILE` against nx_process.py doing the same with
// NetworkX. node_count times the load alone (reading the file is all it
// does).
var processTools = []string{"node_count", "shortest_path", "pagerank", "triangle_count", "connected_components",
	"clustering_coefficient", "maximum_flow", "topological_sort"}

// processRun is one timed process.
type processRun struct {
	wall, cpu time.Duration // elapsed; user + system CPU
	rssKB     int64         // peak resident set size
	out       []byte
}

// processCase is one tool at one size: both sides' runs and headline values.
type processCase struct {
	tool             string
	edges            int
	ga, nx           []processRun
	gaValue, nxValue timing // hasVal when known
	failed           string
}

// processConfig configures the whole-process comparison.
type processConfig struct {
	sizes        []int
	tools        []string
	reps         int // repetitions below 10^6 edges
	bigReps      int // repetitions at 10^6 edges and more
	timeout      time.Duration
	dir, outPath string
}

// runProcess builds graphagent, writes the graphs, and times every tool at
// every size as whole processes, alternating graphagent and NetworkX runs
// so that both see the same machine load.
func runProcess(ctx context.Context, cfg processConfig, w io.Writer) error {
	py := findPython("import networkx")
	if py == "" {
		return errors.New("no python3 with networkx on PATH")
	}
	nxVersion, _ := exec.Command(py, "-c", "import networkx; print(networkx.__version__)").Output()
	pyPath, _ := exec.Command(py, "-c", "import sys; print(sys.executable)").Output()
	bin := filepath.Join(cfg.dir, "graphagent")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/graphagent/graphagent/cmd/graphagent")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build graphagent: %w", err)
	}
	script := filepath.Join(sourceDir(), "nx_process.py")
	if _, err := os.Stat(script); err != nil {
		return err
	}
	home := filepath.Join(cfg.dir, "home")
	uptimeBefore := uptime()
	start := time.Now()
	var cases []*processCase
	for _, m := range cfg.sizes {
		plain := filepath.Join(cfg.dir, fmt.Sprintf("g%d.edgelist", m))
		src, dst, err := writeGraph(plain, m, false)
		if err != nil {
			return err
		}
		dag := filepath.Join(cfg.dir, fmt.Sprintf("dag%d.edgelist", m))
		if err := writeDAG(dag, m); err != nil {
			return err
		}
		reps := cfg.reps
		if m >= 1_000_000 {
			reps = cfg.bigReps
		}
		for _, tool := range cfg.tools {
			c := &processCase{tool: tool, edges: m}
			cases = append(cases, c)
			file, directed := plain, false
			if tool == "topological_sort" {
				file, directed = dag, true
			}
			gaArgs := []string{"--data", cfg.dir, "--home", home, "tools", "run", tool, "--graph", filepath.Base(file)}
			nxArgs := []string{script, tool, file}
			if directed {
				gaArgs = append(gaArgs, "--directed")
				nxArgs = append(nxArgs, "--directed")
			}
			switch tool {
			case "shortest_path":
				gaArgs = append(gaArgs, "--arg", "source="+src, "--arg", "target="+dst)
				nxArgs = append(nxArgs, "--source", src, "--target", dst)
			case "maximum_flow":
				gaArgs = append(gaArgs, "--arg", "source="+src, "--arg", "sink="+dst)
				nxArgs = append(nxArgs, "--source", src, "--target", dst)
			}
			slog.Info("timing", "tool", tool, "edges", m, "reps", reps)
			for r := 0; r < reps && c.failed == ""; r++ {
				ga, err := timeProcess(ctx, cfg.timeout, bin, gaArgs...)
				if err != nil {
					c.failed = fmt.Sprintf("graphagent: %v", err)
					break
				}
				nx, err := timeProcess(ctx, cfg.timeout, py, nxArgs...)
				if err != nil {
					c.failed = fmt.Sprintf("networkx: %v", err)
					break
				}
				c.ga, c.nx = append(c.ga, ga), append(c.nx, nx)
			}
			if c.failed != "" {
				slog.Warn("failed", "tool", tool, "edges", m, "why", c.failed)
				continue
			}
			// The answers are compared once, from graphagent's JSON (untimed)
			// and NetworkX's last line.
			js, err := timeProcess(ctx, cfg.timeout, bin, append(gaArgs, "--json")...)
			if err == nil {
				c.gaValue, err = processHeadline(tool, js.out)
			}
			if err != nil {
				c.failed = fmt.Sprintf("graphagent --json: %v", err)
				continue
			}
			lines := bytes.Split(bytes.TrimSpace(c.nx[0].out), []byte("\n"))
			var rec struct{ Value *float64 }
			if err := json.Unmarshal(lines[len(lines)-1], &rec); err != nil || rec.Value == nil {
				c.failed = fmt.Sprintf("networkx printed no value: %q", lines[len(lines)-1])
				continue
			}
			c.nxValue = timing{value: *rec.Value, hasVal: true}
		}
	}
	header := fmt.Sprintf("Measured %s UTC in %s; load before: %s; after: %s.\ngraphagent built from this tree; NetworkX %s under %s.\n",
		start.UTC().Format("2006-01-02 15:04"), time.Since(start).Round(time.Second), uptimeBefore, uptime(),
		strings.TrimSpace(string(nxVersion)), strings.TrimSpace(string(pyPath)))
	if exec.Command(py, "-c", "import scipy").Run() != nil {
		header += "This python3 has no SciPy: nx.pagerank needs it, so the script uses NetworkX's pure-Python _pagerank_python (slower).\n"
	}
	table := header + "\n" + renderProcess(cases, cfg.sizes)
	fmt.Fprint(w, table)
	if cfg.outPath != "" {
		return os.WriteFile(cfg.outPath, []byte(table), 0o644)
	}
	return nil
}

// uptime returns the load averages from /proc/loadavg.
func uptime() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return "load average " + strings.Join(f[:3], ", ")
}

// timeBin measures peak RSS. The child's own getrusage is not used for
// it: Go starts children with vfork, so the child's ru_maxrss includes
// this process's peak (Linux records the old memory's high-water mark at
// exec), which holds the generated graphs. /usr/bin/time forks a small
// process of its own.
const timeBin = "/usr/bin/time"

// timeProcess runs name with args and measures its wall time, CPU time and
// peak RSS (through /usr/bin/time when present); a non-zero exit is an
// error carrying its stderr.
func timeProcess(ctx context.Context, timeout time.Duration, name string, args ...string) (processRun, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var rssFile string
	if _, err := os.Stat(timeBin); err == nil {
		f, err := os.CreateTemp("", "peers-rss-")
		if err != nil {
			return processRun{}, err
		}
		f.Close()
		rssFile = f.Name()
		defer os.Remove(rssFile)
		args = append([]string{"-f", "%M", "-o", rssFile, name}, args...)
		name = timeBin
	}
	cmd := exec.CommandContext(ctx, name, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		if ctx.Err() != nil {
			return processRun{}, fmt.Errorf("timed out after %v", timeout)
		}
		return processRun{}, fmt.Errorf("%w: %s", err, bytes.TrimSpace(errb.Bytes()))
	}
	run := processRun{wall: wall, out: out.Bytes()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		// CPU time includes the children waited for (the command under
		// /usr/bin/time).
		run.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		run.rssKB = ru.Maxrss // kilobytes on Linux; an upper bound, see timeBin
	}
	if rssFile != "" {
		b, err := os.ReadFile(rssFile)
		if err != nil {
			return processRun{}, err
		}
		fields := strings.Fields(string(b))
		if len(fields) == 0 {
			return processRun{}, fmt.Errorf("%s wrote no peak RSS", timeBin)
		}
		kb, err := strconv.ParseInt(fields[len(fields)-1], 10, 64)
		if err != nil {
			return processRun{}, fmt.Errorf("%s: peak RSS %q: %w", timeBin, b, err)
		}
		run.rssKB = kb
	}
	return run, nil
}

// processHeadline reads the headline number of a tool from graphagent's
// --json output.
func processHeadline(tool string, out []byte) (timing, error) {
	var doc struct{ Value json.RawMessage }
	if err := json.Unmarshal(out, &doc); err != nil {
		return timing{}, err
	}
	var value any
	if err := json.Unmarshal(doc.Value, &value); err != nil {
		return timing{}, err
	}
	v, err := headline(tool, value)
	if err != nil {
		return timing{}, err
	}
	return timing{value: v, hasVal: true}, nil
}

// writeDAG writes a random directed acyclic graph with m distinct edges
// over n = m/5 nodes whose names are shuffled, so that the topological
// order is not the order of the names.
func writeDAG(path string, m int) error {
	n := m / 5
	r := rand.New(rand.NewPCG(uint64(m), 7))
	name := r.Perm(n)
	seen := make(map[uint64]bool, m)
	var b strings.Builder
	b.WriteString("# a random DAG: every edge goes from a lower to a higher rank\n")
	for count := 0; count < m; {
		u, v := r.IntN(n), r.IntN(n)
		if u == v {
			continue
		}
		if u > v {
			u, v = v, u
		}
		k := uint64(u)<<32 | uint64(v)
		if seen[k] {
			continue
		}
		seen[k] = true
		b.WriteString(strconv.Itoa(name[u]) + " " + strconv.Itoa(name[v]) + "\n")
		count++
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// medianDuration returns the median of the durations picked from runs.
func medianDuration(runs []processRun, pick func(processRun) time.Duration) time.Duration {
	if len(runs) == 0 {
		return 0
	}
	d := make([]time.Duration, len(runs))
	for i, r := range runs {
		d[i] = pick(r)
	}
	slices.Sort(d)
	if len(d)%2 == 0 {
		return (d[len(d)/2-1] + d[len(d)/2]) / 2
	}
	return d[len(d)/2]
}

func maxRSS(runs []processRun) int64 {
	var m int64
	for _, r := range runs {
		m = max(m, r.rssKB)
	}
	return m
}

func renderProcess(cases []*processCase, sizes []int) string {
	var b strings.Builder
	fmt.Fprintln(&b, "| tool | edges | runs | graphagent wall | graphagent CPU | graphagent peak RSS | NetworkX wall | NetworkX CPU | NetworkX peak RSS | NetworkX / graphagent wall | NetworkX / graphagent CPU | same answer |")
	fmt.Fprintln(&b, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
	ratios, cpuRatios := map[int][]float64{}, map[int][]float64{}
	wall := func(r processRun) time.Duration { return r.wall }
	cpu := func(r processRun) time.Duration { return r.cpu }
	for _, c := range cases {
		if c.failed != "" {
			fmt.Fprintf(&b, "| %s | %d | %d | failed: %s | | | | | | | | |\n", c.tool, c.edges, len(c.ga), strings.ReplaceAll(c.failed, "|", "/"))
			continue
		}
		gw, nw := medianDuration(c.ga, wall), medianDuration(c.nx, wall)
		gc, nc := medianDuration(c.ga, cpu), medianDuration(c.nx, cpu)
		ratio, cpuRatio := nw.Seconds()/gw.Seconds(), nc.Seconds()/max(gc.Seconds(), 1e-3)
		if c.tool != "node_count" {
			ratios[c.edges] = append(ratios[c.edges], ratio)
			cpuRatios[c.edges] = append(cpuRatios[c.edges], cpuRatio)
		}
		same := "yes"
		if !agree(c.tool, c.gaValue, c.nxValue) {
			same = fmt.Sprintf("NO: %g vs %g", c.gaValue.value, c.nxValue.value)
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %s | %.0f MB | %s | %s | %.0f MB | %.1f× | %.1f× | %s |\n", c.tool, c.edges, len(c.ga),
			dur(gw), dur(gc), float64(maxRSS(c.ga))/1024, dur(nw), dur(nc), float64(maxRSS(c.nx))/1024, ratio, cpuRatio, same)
	}
	fmt.Fprintln(&b)
	for _, m := range sizes {
		fmt.Fprintf(&b, "At %d edges, over the tools (node_count excluded), the median NetworkX / graphagent ratio is %s in wall time and %s in CPU time.\n",
			m, median(ratios[m], "%.1f×"), median(cpuRatios[m], "%.1f×"))
	}
	return b.String()
}

func dur(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%.0f ms", d.Seconds()*1e3)
	default:
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
}
