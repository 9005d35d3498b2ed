// Command peers times graphagent's tools against NetworkX and igraph on the
// same generated graphs, in one run, and prints the ratios as a Markdown table.
//
//	go run ./eval/peers                    # 10^4, 10^5 and 10^6 edges (minutes)
//	go run ./eval/peers -sizes 10000       # quick look
//	go run ./eval/peers -process           # whole processes: graphagent tools run vs a NetworkX script
//
// Each graph is a connected random undirected graph with integer weights 1..100
// and average degree 10, written as an edge list; every library reads it
// untimed and then runs the algorithm (the best of up to 5 runs within a second,
// and of at least 3 unless they take over 10 s).
// The libraries take turns per algorithm: graphagent's tool, then NetworkX's
// and igraph's equivalents right after (each a peers.py --serve process that
// keeps the graph loaded), so the two sides of a ratio see the same load; the
// table gives the one-minute load average each row was measured at.
// NetworkX runs under the first python3 that has networkx (SciPy for its fast
// PageRank, else its pure-Python one), igraph
// under the first that has python-igraph (Debian: python3-networkx,
// python3-scipy, python3-igraph).
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// algos are the catalogue tools timed in-process: each has an equivalent
// in NetworkX and igraph (peers.py). A name ending in ":directed" runs the
// tool on a directed graph of the same size (its edges oriented, parents
// to children on the spanning tree, so the source reaches every node).
var algos = []string{"shortest_path", "shortest_path_length", "bfs_order", "connected_components", "triangle_count",
	"clustering_coefficient", "transitivity", "k_core", "minimum_spanning_tree", "bridges", "articulation_points",
	"maximum_flow", "betweenness_centrality", "diameter", "pagerank",
	"shortest_path:directed", "shortest_path_length:directed", "connected_components:directed",
	"strongly_connected_components:directed", "maximum_flow:directed", "pagerank:directed"}

// defaultAlgos is the -algos default: the tools of the first table on the
// results page (algos has every one).
var defaultAlgos = []string{"shortest_path", "connected_components", "triangle_count", "maximum_flow", "diameter", "pagerank"}

// tooSlow lists algorithm sizes a library is not asked to run: NetworkX's
// all-pairs BFS for the diameter is O(nm) in Python, and so is every
// library's exact betweenness.
var tooSlow = map[string]map[string]int{
	"networkx":   {"diameter": 10_000, "betweenness_centrality": 10_000},
	"igraph":     {"diameter": 100_000, "betweenness_centrality": 100_000},
	"graphagent": {"diameter": 100_000, "betweenness_centrality": 100_000},
}

func main() {
	sizes := flag.String("sizes", "10000,100000,1000000", "edge counts of the generated graphs, comma separated")
	algoFlag := flag.String("algos", strings.Join(defaultAlgos, ","), "algorithms to time (all: every tool with an equivalent, "+strings.Join(algos, ",")+")")
	out := flag.String("out", "", "also write the Markdown table to this file")
	libs := flag.String("libs", "networkx,igraph", "the peer libraries timed in-process (igraph alone for 10^7 edges: NetworkX needs about 450 bytes per edge)")
	dir := flag.String("dir", "", "folder for the generated graphs (default: a temporary folder)")
	process := flag.Bool("process", false, "time whole processes: graphagent tools run against a NetworkX script")
	tools := flag.String("tools", strings.Join(processTools, ","), "with -process: the tools to time")
	reps := flag.Int("reps", 5, "with -process: runs of each side below 10^6 edges (the median is reported)")
	bigReps := flag.Int("bigreps", 3, "with -process: runs of each side at 10^6 edges and more")
	timeout := flag.Duration("timeout", 10*time.Minute, "with -process: the longest one run may take")
	flag.Parse()
	if *process {
		if err := mainProcess(*sizes, *tools, *out, *dir, *reps, *bigReps, *timeout); err != nil {
			fmt.Fprintln(os.Stderr, "peers:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(context.Background(), *sizes, *algoFlag, *libs, *out, *dir, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "peers:", err)
		os.Exit(1)
	}
}

func mainProcess(sizeList, toolList, outPath, dir string, reps, bigReps int, timeout time.Duration) error {
	sizes, err := parseSizes(sizeList)
	if err != nil {
		return err
	}
	if reps < 1 || bigReps < 1 || timeout <= 0 {
		return errors.New("-reps and -bigreps must be at least 1, -timeout positive")
	}
	if dir == "" {
		d, err := os.MkdirTemp("", "graphagent-peers-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	return runProcess(context.Background(), processConfig{sizes: sizes, tools: strings.Split(toolList, ","),
		reps: reps, bigReps: bigReps, timeout: timeout, dir: dir, outPath: outPath}, os.Stdout)
}

// parseSizes reads a comma-separated list of edge counts ("1e5" allowed).
func parseSizes(sizeList string) ([]int, error) {
	var sizes []int
	for _, s := range strings.Split(sizeList, ",") {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || f < 10 {
			return nil, fmt.Errorf("-sizes: %q is not an edge count", s)
		}
		sizes = append(sizes, int(f))
	}
	return sizes, nil
}

type timing struct {
	seconds float64
	cpu     float64 // the least CPU time (user + system) of a run, in seconds
	value   float64 // the headline number, compared across libraries
	hasVal  bool
	skipped string
	load    float64 // the one-minute load average when it was measured
}

func run(ctx context.Context, sizeList, algoList, libList, outPath, dir string, w io.Writer) error {
	sizes, err := parseSizes(sizeList)
	if err != nil {
		return err
	}
	chosen := strings.Split(algoList, ",")
	if algoList == "all" {
		chosen = algos
	}
	for _, a := range chosen {
		if !slices.Contains(algos, a) {
			return fmt.Errorf("-algos: no peer equivalent for %q (have %s)", a, strings.Join(algos, ","))
		}
	}
	loadBefore, start := uptime(), time.Now()
	if dir == "" {
		d, err := os.MkdirTemp("", "graphagent-peers-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	var nxPy, igPy string
	for _, lib := range strings.Split(libList, ",") {
		switch strings.TrimSpace(lib) {
		case "networkx":
			nxPy = findPython("import networkx") // without SciPy, PageRank is NetworkX's pure-Python one (peers.py)
		case "igraph":
			igPy = findPython("import igraph")
		case "":
		default:
			return fmt.Errorf("-libs: unknown library %q (networkx, igraph)", lib)
		}
	}
	results := map[string]map[string]map[int]timing{} // lib -> algo -> size
	for _, lib := range []string{"graphagent", "networkx", "igraph"} {
		results[lib] = map[string]map[int]timing{}
		for _, a := range chosen {
			results[lib][a] = map[int]timing{}
		}
	}
	peerPy := []struct{ lib, py string }{{"networkx", nxPy}, {"igraph", igPy}}
	for _, p := range peerPy {
		if p.py == "" && strings.Contains(libList, p.lib) {
			slog.Warn("no python3 with the library; its column stays empty", "lib", p.lib)
		}
	}
	for _, m := range sizes {
		for _, directed := range []bool{false, true} {
			var mine []string
			for _, a := range chosen {
				if isDirected(a) == directed {
					mine = append(mine, a)
				}
			}
			if len(mine) == 0 {
				continue
			}
			name := fmt.Sprintf("g%d.edgelist", m)
			if directed {
				name = fmt.Sprintf("gd%d.edgelist", m)
			}
			path := filepath.Join(dir, name)
			src, dst, err := writeGraph(path, m, directed)
			if err != nil {
				return err
			}
			if err := timeFile(ctx, path, m, directed, src, dst, mine, peerPy, results); err != nil {
				return err
			}
		}
	}
	pyVersions := ""
	for _, lib := range []struct{ name, py, probe string }{{"NetworkX", nxPy, "import networkx; print(networkx.__version__)"}, {"python-igraph", igPy, "import igraph; print(igraph.__version__)"}} {
		if lib.py == "" {
			pyVersions += fmt.Sprintf("; %s not run", lib.name)
			continue
		}
		v, _ := exec.Command(lib.py, "-c", lib.probe).Output()
		pyVersions += fmt.Sprintf("; %s %s (%s)", lib.name, strings.TrimSpace(string(v)), lib.py)
	}
	table := fmt.Sprintf("Measured %s in %s on %d CPUs%s; load before: %s; after: %s.\n\n",
		start.UTC().Format("2006-01-02 15:04 UTC"), time.Since(start).Round(time.Second), runtime.NumCPU(), pyVersions, loadBefore, uptime()) +
		render(results, chosen, sizes)
	fmt.Fprint(w, table)
	if outPath != "" {
		return os.WriteFile(outPath, []byte(table), 0o644)
	}
	return nil
}

// timeFile reads one generated graph into graphagent and into each peer
// library (a peers.py --serve process each, reading at the same time, untimed),
// then times every algorithm in turn: graphagent's tool, then each peer's
// equivalent right after, so both sides of a ratio run under the same load.
func timeFile(ctx context.Context, path string, m int, directed bool, src, dst string, algos []string,
	peerPy []struct{ lib, py string }, results map[string]map[string]map[int]timing) error {
	var peers []*peer
	defer func() {
		if err := closeAll(peers); err != nil {
			slog.Warn("peer exit", "err", err)
		}
	}()
	for _, p := range peerPy {
		if p.py == "" {
			continue
		}
		pr, err := startPeer(ctx, p.lib, p.py, path)
		if err != nil {
			return err
		}
		peers = append(peers, pr)
	}
	slog.Info("reading", "edges", m, "directed", directed, "peers", len(peers))
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	g, err := graph.ReadEdgeList(f, graph.ReadOptions{Directed: directed}) // the *os.File lets it size arrays once
	f.Close()
	if err != nil {
		return err
	}
	for _, p := range peers {
		if err := p.wait(); err != nil {
			return err
		}
	}
	for _, a := range algos {
		slog.Info("timing", "algo", a, "edges", m, "load", load1())
		if lim, ok := tooSlow["graphagent"][toolOf(a)]; ok && m > lim {
			results["graphagent"][a][m] = timing{skipped: "-"}
		} else {
			t, err := timeTool(ctx, g, toolOf(a), src, dst)
			if err != nil {
				return fmt.Errorf("graphagent %s at %d edges: %w", a, m, err)
			}
			t.load = load1()
			results["graphagent"][a][m] = t
		}
		for _, p := range peers {
			if lim, ok := tooSlow[p.lib][toolOf(a)]; ok && p.ready > lim {
				results[p.lib][a][m] = timing{skipped: "-"}
				continue
			}
			t, err := p.time(a)
			if err != nil {
				return fmt.Errorf("%s at %d edges: %w", a, m, err)
			}
			t.load = load1()
			results[p.lib][a][m] = t
		}
	}
	return nil
}

// load1 is the one-minute load average, or 0 when unknown.
func load1() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	x, _ := strconv.ParseFloat(f[0], 64)
	return x
}

func skipMark(s string) string {
	if s != "" {
		return "-"
	}
	return ""
}

// isDirected reports whether an -algos name runs on the directed graph.
func isDirected(algo string) bool { return strings.HasSuffix(algo, ":directed") }

// toolOf is the catalogue tool an -algos name times.
func toolOf(algo string) string { return strings.TrimSuffix(algo, ":directed") }

// sourceDir finds eval/peers from the working directory (go run from the
// module root or from the folder itself).
func sourceDir() string {
	for _, d := range []string{"eval/peers", "."} {
		if _, err := os.Stat(filepath.Join(d, "peers.py")); err == nil {
			return d
		}
	}
	return "eval/peers"
}

func findPython(probe string) string {
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(py, "-c", probe).Run() == nil {
			return py
		}
	}
	return ""
}

// writeGraph writes a connected random graph with m edges and n = m/5
// nodes: a random spanning tree, then random extra edges. The header names a
// source and a target far apart for path and flow queries. Directed, the
// tree's edges point from parent to child (the source reaches every node)
// and the extra edges as drawn.
func writeGraph(path string, m int, directed bool) (src, dst string, err error) {
	n := m / 5
	r := rand.New(rand.NewPCG(uint64(m), 42))
	seen := make(map[uint64]bool, m)
	key := func(u, v int) uint64 {
		if u > v && !directed {
			u, v = v, u
		}
		return uint64(u)<<32 | uint64(v)
	}
	f, err := os.Create(path)
	if err != nil {
		return "", "", err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	d := 0
	if directed {
		d = 1
	}
	fmt.Fprintf(bw, "# directed=%d source=0 target=%d\n", d, n-1)
	count := 0
	add := func(u, v int) {
		if u == v || seen[key(u, v)] {
			return
		}
		seen[key(u, v)] = true
		fmt.Fprintf(bw, "%d %d %d\n", u, v, 1+r.IntN(100))
		count++
	}
	for v := 1; v < n; v++ {
		add(r.IntN(v), v)
	}
	for count < m {
		add(r.IntN(n), r.IntN(n))
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return "", "", err
	}
	return "0", strconv.Itoa(n - 1), f.Close()
}

// minRuns is how many runs timeTool and peers.py make at least, unless they
// take more than minRunsWithin seconds together: on a loaded machine one run
// can wait for a core several times its own time, and the best of three
// filters that out (up to 5 runs within a second, as before, for fast ones).
const (
	minRuns       = 3
	minRunsWithin = 10.0
)

func timeTool(ctx context.Context, g *graph.Graph, name, src, dst string) (timing, error) {
	t, err := tools.Catalogue().Get(name)
	if err != nil {
		return timing{}, err
	}
	var args json.RawMessage = []byte("{}")
	switch name {
	case "shortest_path", "shortest_path_length":
		args, _ = json.Marshal(map[string]string{"source": src, "target": dst})
	case "bfs_order":
		args, _ = json.Marshal(map[string]string{"source": src})
	case "maximum_flow":
		args, _ = json.Marshal(map[string]string{"source": src, "sink": dst})
	}
	best, bestCPU := -1.0, -1.0
	var total float64
	var res tools.Result
	for i := 0; i < 5 && (total < 1 || i < minRuns && total < minRunsWithin); i++ {
		start, cpu0 := time.Now(), processCPU()
		res, err = t.Run(ctx, g, args)
		d, c := time.Since(start).Seconds(), processCPU()-cpu0
		if err != nil {
			return timing{}, err
		}
		total += d
		if best < 0 || d < best {
			best = d
		}
		if bestCPU < 0 || c < bestCPU {
			bestCPU = c
		}
	}
	v, err := headline(name, res.Value)
	if err != nil {
		return timing{}, err
	}
	return timing{seconds: best, cpu: bestCPU, value: v, hasVal: true}, nil
}

// processCPU is the CPU time (user + system) this process has used, in
// seconds: the tool's goroutines and the garbage collector's, so a tool that
// runs on two cores is charged for both.
func processCPU() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// headline reduces a tool's typed value to the one number the peers print:
// path length, component count, triangles, flow value, diameter, largest
// PageRank, average clustering, node count, length of a topological order.
func headline(name string, value any) (float64, error) {
	b, err := json.Marshal(value)
	if err != nil {
		return 0, err
	}
	var obj map[string]any
	switch name {
	case "diameter", "clustering_coefficient", "node_count", "shortest_path_length", "transitivity":
		var d float64
		err = json.Unmarshal(b, &d)
		return d, err
	case "topological_sort", "bfs_order":
		var order []string
		err = json.Unmarshal(b, &order)
		return float64(len(order)), err
	case "pagerank", "betweenness_centrality":
		var pr map[string]float64
		if err := json.Unmarshal(b, &pr); err != nil {
			return 0, err
		}
		best := 0.0
		for _, x := range pr {
			best = max(best, x)
		}
		return best, nil
	}
	if err := json.Unmarshal(b, &obj); err != nil {
		return 0, err
	}
	key := map[string]string{"shortest_path": "length", "connected_components": "count", "triangle_count": "triangles", "maximum_flow": "value",
		"strongly_connected_components": "count", "k_core": "k", "minimum_spanning_tree": "total_weight", "bridges": "count",
		"articulation_points": "count"}[name]
	f, ok := obj[key].(float64)
	if !ok {
		return 0, fmt.Errorf("%s: no number %q in %s", name, key, b)
	}
	return f, nil
}

// agree reports whether two libraries' headline numbers match (PageRank to
// 1e-4 relative: igraph's PRPACK solves exactly, the others iterate to 1e-6).
func agree(algo string, a, b timing) bool {
	if !a.hasVal || !b.hasVal {
		return true
	}
	tol := 1e-9
	if toolOf(algo) == "pagerank" {
		tol = 1e-4
	}
	return math.Abs(a.value-b.value) <= tol*math.Max(1, math.Abs(a.value))
}

func render(results map[string]map[string]map[int]timing, chosen []string, sizes []int) string {
	var b strings.Builder
	fmt.Fprintln(&b, "| algorithm | edges | graphagent | NetworkX | igraph | NetworkX / graphagent | graphagent / igraph | graphagent / igraph, CPU | load |")
	fmt.Fprintln(&b, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	var nxRatios, igRatios, igCPURatios []float64
	var disagree []string
	for _, a := range chosen {
		for _, m := range sizes {
			ga, nx, ig := results["graphagent"][a][m], results["networkx"][a][m], results["igraph"][a][m]
			r1, r2, r3 := "-", "-", "-"
			if ga.seconds > 0 && nx.seconds > 0 {
				nxRatios = append(nxRatios, nx.seconds/ga.seconds)
				r1 = fmt.Sprintf("%.1f×", nx.seconds/ga.seconds)
			}
			if ga.seconds > 0 && ig.seconds > 0 {
				igRatios = append(igRatios, ga.seconds/ig.seconds)
				r2 = fmt.Sprintf("%.2f", ga.seconds/ig.seconds)
			}
			if ga.cpu > 0 && ig.cpu > 0 {
				igCPURatios = append(igCPURatios, ga.cpu/ig.cpu)
				r3 = fmt.Sprintf("%.2f", ga.cpu/ig.cpu)
			}
			for lib, other := range map[string]timing{"NetworkX": nx, "igraph": ig} {
				if !agree(a, ga, other) {
					disagree = append(disagree, fmt.Sprintf("%s at %d edges: graphagent %g, %s %g", a, m, ga.value, lib, other.value))
				}
			}
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s | %s | %s |\n", a, m, secs(ga), secs(nx), secs(ig), r1, r2, r3, loadRange(ga, nx, ig))
		}
	}
	fmt.Fprintf(&b, "\nMedian NetworkX / graphagent: %s; median graphagent / igraph: %s in wall time, %s in CPU time (lower is faster for graphagent).\n",
		median(nxRatios, "%.1f×"), median(igRatios, "%.2f"), median(igCPURatios, "%.2f"))
	if len(disagree) == 0 {
		fmt.Fprintln(&b, "All three libraries gave the same answers (the headline number of each: path length, counts, flow value, diameter, average clustering, largest PageRank or betweenness, spanning-tree weight).")
	}
	sort.Strings(disagree)
	for _, d := range disagree {
		fmt.Fprintln(&b, "DISAGREE:", d)
	}
	return b.String()
}

// loadRange is the one-minute load averages a row was measured at.
func loadRange(ts ...timing) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, t := range ts {
		if t.load > 0 {
			lo, hi = min(lo, t.load), max(hi, t.load)
		}
	}
	switch {
	case math.IsInf(lo, 1):
		return "-"
	case fmt.Sprintf("%.1f", lo) == fmt.Sprintf("%.1f", hi):
		return fmt.Sprintf("%.1f", lo)
	}
	return fmt.Sprintf("%.1f–%.1f", lo, hi)
}

func secs(t timing) string {
	switch {
	case t.skipped != "":
		return "skipped"
	case t.seconds == 0:
		return "n/a"
	case t.seconds < 1e-3:
		return fmt.Sprintf("%.0f µs", t.seconds*1e6)
	case t.seconds < 1:
		return fmt.Sprintf("%.1f ms", t.seconds*1e3)
	}
	return fmt.Sprintf("%.2f s", t.seconds)
}

func median(xs []float64, format string) string {
	if len(xs) == 0 {
		return "n/a"
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	mid := s[len(s)/2]
	if len(s)%2 == 0 {
		mid = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return fmt.Sprintf(format, mid)
}
