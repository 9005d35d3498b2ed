package eval

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/graphagent/graphagent/tools/graph"
)

// Suite names.
const (
	// SuiteGTools generates GTools items on the fly (GenConfig).
	SuiteGTools = "gtools"
	// SuiteGToolsDir reads a folder in the GTools layout.
	SuiteGToolsDir = "gtools-dir"
	// SuiteJSONL reads the generic JSONL format.
	SuiteJSONL = "jsonl"
	// SuiteNLGraph reads a folder of NLGraph task files (<task>.json or
	// <task>.json.gz), checked for validity by CheckNLGraph.
	SuiteNLGraph = "nlgraph"
	// SuiteGraphWiz reads GraphWiz's test files (<task>_test.json), each
	// gold audited against the catalogue.
	SuiteGraphWiz = "graphwiz"
	// SuiteGraphQA reads GraphQA's generated files (Talk like a Graph:
	// <task>_<method>_test.recordio, TFRecord files of tf.train.Example),
	// each gold audited against the catalogue on the record's own graph.
	SuiteGraphQA = "graphqa"
	// SuiteGraCoRe reads GraCoRe's pure-graph files (Data/Pure
	// Graph/<type>/graph_<n>.json), each gold audited against the catalogue.
	SuiteGraCoRe = "gracore"
	// SuiteGraphOmni reads GraphOmni's files (load_<task>.json), each gold
	// audited against the graph its query shows.
	SuiteGraphOmni = "graphomni"
	// SuiteGraphInstruct reads the files GraphInstruct's (CGCL) generator
	// writes (<task>-int_id.csv), each gold audited against the catalogue.
	SuiteGraphInstruct = "graphinstruct"
)

// SuiteNames lists the suites OpenSuite knows.
func SuiteNames() []string {
	return []string{SuiteGTools, SuiteGToolsDir, SuiteJSONL, SuiteNLGraph, SuiteGraphWiz, SuiteGraphQA, SuiteGraCoRe, SuiteGraphOmni, SuiteGraphInstruct}
}

// SuiteConfig selects and configures a suite.
type SuiteConfig struct {
	// Name is SuiteGTools, SuiteGToolsDir, SuiteJSONL or SuiteNLGraph.
	Name string
	// Path is the folder (gtools-dir, nlgraph) or file (jsonl) to read.
	Path string
	// Split, N, Seed, Modes and Tasks configure the generator (gtools). For
	// the other suites a positive N keeps the first N items of each task
	// group (and mode).
	Split string
	N     int
	Seed  uint64
	Modes []string
	Tasks []string
	// WorkDir is where the gtools suite writes its items and edge-list
	// files (required for gtools).
	WorkDir string
}

// Suite is a set of items and the folder their graph files are relative to.
type Suite struct {
	// Name is the suite's name.
	Name string
	// Dir is the folder graph files are resolved in (the sandbox root for
	// the backend).
	Dir string
	// Items are the questions, in order.
	Items []Item
	// Prompt builds the benchmark's own prompt of an item, as its code
	// sends it to a model alone (DirectAsker); nil when the suite has no
	// direct mode.
	Prompt func(it *Item) string
	// Source says where the benchmark's files are published (for reports).
	Source string
	// graphOf reads an item's graph from its question with the suite's own
	// reader (nil: Graph's default rules).
	graphOf func(it *Item) (*graph.Graph, error)
}

// OpenSuite loads or generates the suite cfg names.
func OpenSuite(ctx context.Context, cfg SuiteConfig) (*Suite, error) {
	switch cfg.Name {
	case SuiteGTools:
		if cfg.WorkDir == "" {
			return nil, errors.New("suite gtools: no folder to write the generated items to")
		}
		if cfg.Split == "" {
			cfg.Split = SplitTest
		}
		if cfg.N <= 0 {
			cfg.N = 10
		}
		gen, err := Generate(ctx, GenConfig{Split: cfg.Split, N: cfg.N, Seed: cfg.Seed, Modes: cfg.Modes, Tasks: cfg.Tasks})
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(cfg.WorkDir, 0o755); err != nil {
			return nil, fmt.Errorf("suite gtools: %w", err)
		}
		if err := WriteGTools(ctx, cfg.WorkDir, gen); err != nil {
			return nil, err
		}
		items := make([]Item, len(gen))
		for i := range gen {
			items[i] = gen[i].Item
		}
		return &Suite{Name: SuiteGTools, Dir: cfg.WorkDir, Items: items}, nil
	case SuiteGToolsDir:
		if cfg.Path == "" {
			return nil, errors.New("suite gtools-dir: no folder given")
		}
		items, err := ReadGToolsDir(ctx, cfg.Path)
		if err != nil {
			return nil, err
		}
		items = filterItems(items, cfg)
		return &Suite{Name: SuiteGToolsDir, Dir: cfg.Path, Items: items}, nil
	case SuiteJSONL:
		if cfg.Path == "" {
			return nil, errors.New("suite jsonl: no file given")
		}
		items, err := ReadJSONL(cfg.Path)
		if err != nil {
			return nil, err
		}
		items = filterItems(items, cfg)
		return &Suite{Name: SuiteJSONL, Dir: filepath.Dir(cfg.Path), Items: items}, nil
	case SuiteNLGraph:
		if cfg.Path == "" {
			return nil, errors.New("suite nlgraph: no folder given")
		}
		items, err := ReadNLGraphDir(ctx, cfg.Path, cfg.Tasks)
		if err != nil {
			return nil, err
		}
		items = filterItems(items, cfg)
		return &Suite{Name: SuiteNLGraph, Dir: cfg.Path, Items: items}, nil
	case SuiteGraphWiz:
		if cfg.Path == "" {
			return nil, fmt.Errorf("suite graphwiz: no folder given (it reads %s from %s)", gwExpectedFiles(), GraphWizSource)
		}
		items, err := ReadGraphWizDir(ctx, cfg.Path, cfg.Tasks)
		if err != nil {
			return nil, err
		}
		items = filterItems(items, cfg)
		if err := AuditItems(ctx, items); err != nil {
			return nil, err
		}
		return &Suite{Name: SuiteGraphWiz, Dir: cfg.Path, Items: items, Source: GraphWizSource,
			Prompt:  func(it *Item) string { return GraphWizPrompt(it.Question) },
			graphOf: graphWizGraph}, nil
	case SuiteGraphQA:
		if cfg.Path == "" {
			return nil, fmt.Errorf("suite graphqa: no folder given (it reads %s; %s)", gqExpectedFiles(), GraphQASource)
		}
		d, err := readGraphQADir(ctx, cfg.Path, cfg.Tasks)
		if err != nil {
			return nil, err
		}
		items := filterItems(d.items, cfg)
		if err := auditGraphQAItems(ctx, items, d.problems); err != nil {
			return nil, err
		}
		return &Suite{Name: SuiteGraphQA, Dir: cfg.Path, Items: items, Source: GraphQASource,
			Prompt:  func(it *Item) string { return GraphQAPrompt(it.Question) },
			graphOf: problemGraph(d.problems)}, nil
	case SuiteGraCoRe:
		if cfg.Path == "" {
			return nil, fmt.Errorf("suite gracore: no folder given (it reads %s from %s)", gcExpectedFiles(), GraCoReSource)
		}
		d, err := readGraCoReDir(ctx, cfg.Path, cfg.Tasks)
		if err != nil {
			return nil, err
		}
		items := filterItems(d.items, cfg)
		if err := auditGraCoReItems(ctx, items, d.problems); err != nil {
			return nil, err
		}
		return &Suite{Name: SuiteGraCoRe, Dir: cfg.Path, Items: items, Source: GraCoReSource,
			Prompt:  func(it *Item) string { return GraCoRePrompt(it.Question) },
			graphOf: problemGraph(d.problems)}, nil
	case SuiteGraphOmni:
		if cfg.Path == "" {
			return nil, fmt.Errorf("suite graphomni: no folder given (it reads %s; %s)", goExpectedFiles(), GraphOmniSource)
		}
		d, err := readGraphOmniDir(ctx, cfg.Path, cfg.Tasks)
		if err != nil {
			return nil, err
		}
		items := filterItems(d.items, cfg)
		if err := auditGraphOmniItems(ctx, items, d.problems); err != nil {
			return nil, err
		}
		return &Suite{Name: SuiteGraphOmni, Dir: cfg.Path, Items: items, Source: GraphOmniSource,
			Prompt:  func(it *Item) string { return GraphOmniPrompt(it.Question) },
			graphOf: problemGraph(d.problems)}, nil
	case SuiteGraphInstruct:
		if cfg.Path == "" {
			return nil, fmt.Errorf("suite graphinstruct: no folder given (it reads <task>-int_id.csv of the tasks %s; %s)",
				strings.Join(GraphInstructTasks(), ", "), GraphInstructSource)
		}
		d, err := readGraphInstructDir(ctx, cfg.Path, cfg.Tasks)
		if err != nil {
			return nil, err
		}
		items := filterItems(d.items, cfg)
		if err := auditGraphInstructItems(ctx, items, d.problems); err != nil {
			return nil, err
		}
		return &Suite{Name: SuiteGraphInstruct, Dir: cfg.Path, Items: items, Source: GraphInstructSource,
			Prompt:  func(it *Item) string { return it.Question },
			graphOf: problemGraph(d.problems)}, nil
	default:
		return nil, fmt.Errorf("unknown suite %q (known: %s)", cfg.Name, strings.Join(SuiteNames(), ", "))
	}
}

// filterItems keeps the items of cfg's modes and tasks, and at most cfg.N of
// each group.
func filterItems(items []Item, cfg SuiteConfig) []Item {
	in := func(list []string, s string) bool {
		if len(list) == 0 {
			return true
		}
		for _, x := range list {
			if x == s {
				return true
			}
		}
		return false
	}
	count := map[string]int{}
	out := items[:0:0]
	for _, it := range items {
		if !in(cfg.Modes, it.Mode) || !in(cfg.Tasks, it.Task) {
			continue
		}
		k := it.Mode + "|" + it.Group()
		if cfg.N > 0 && count[k] >= cfg.N {
			continue
		}
		count[k]++
		out = append(out, it)
	}
	return out
}

// Graph loads the item's gold graph: its graph file (relative to the suite's
// folder) or the Python-literal edge list written in its question. It is
// used for the graph-accuracy metric and by the checkers that accept any
// valid answer.
func (s *Suite) Graph(ctx context.Context, it *Item) (*graph.Graph, error) {
	directed := it.Directed != nil && *it.Directed
	if s.graphOf != nil && it.GraphFile == "" {
		return s.graphOf(it)
	}
	if it.GraphFile != "" {
		p := it.GraphFile
		if !filepath.IsAbs(p) {
			p = filepath.Join(s.Dir, filepath.FromSlash(p))
		}
		f, err := os.Open(p)
		if err != nil {
			return nil, fmt.Errorf("item %q: %w", it.ID, err)
		}
		defer f.Close()
		head := make([]byte, 512)
		n, _ := f.Read(head)
		if _, err := f.Seek(0, 0); err != nil {
			return nil, fmt.Errorf("item %q: %w", it.ID, err)
		}
		g, err := graph.Read(ctxReader{ctx, f}, graph.DetectFormat(p, head[:n]), graph.ReadOptions{Directed: directed, Name: it.GraphFile})
		if err != nil {
			return nil, fmt.Errorf("item %q: graph file: %w", it.ID, err)
		}
		return g, nil
	}
	text, ok := pythonListIn(it.Question)
	if !ok {
		return nil, fmt.Errorf("item %q: no edge list in the question and no graph file", it.ID)
	}
	g, err := graph.ParsePythonEdges(text, graph.ReadOptions{Directed: directed, Name: "question"})
	if err != nil {
		return nil, fmt.Errorf("item %q: edge list: %w", it.ID, err)
	}
	return g, nil
}

// ctxReader stops a read when the context ends.
type ctxReader struct {
	ctx context.Context
	f   *os.File
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.f.Read(p)
}

// pythonListIn returns the first bracketed list of tuples in q ("[(0, 1),
// ...]"), matching brackets and skipping quoted strings.
func pythonListIn(q string) (string, bool) {
	start := strings.Index(q, "[(")
	if start < 0 {
		return "", false
	}
	depth := 0
	for i := start; i < len(q); i++ {
		switch c := q[i]; c {
		case '\'', '"':
			j := strings.IndexByte(q[i+1:], c)
			if j < 0 {
				return "", false
			}
			i += j + 1
		case '[', '(', '{':
			depth++
		case ']', ')', '}':
			depth--
			if depth == 0 {
				return q[start : i+1], true
			}
		}
	}
	return "", false
}

// selectTasks checks the tasks a user asked a suite for against the
// suite's known tasks and returns them as a set (empty when none were
// asked: the readers then take every task whose files are there). The
// error names the suite and lists what it knows.
func selectTasks(suite string, asked, known []string) (map[string]bool, error) {
	want := make(map[string]bool, len(asked))
	for _, t := range asked {
		if !slices.Contains(known, t) {
			return nil, fmt.Errorf("%s: unknown task %q (known: %s)", suite, t, strings.Join(known, ", "))
		}
		want[t] = true
	}
	return want, nil
}
