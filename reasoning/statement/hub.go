package statement

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
	"github.com/graphagent/graphagent/tools/named"
)

// Errors of graph loading; check them with errors.Is.
var (
	// ErrUnknownGraph means a GL call names neither a hub nor a dataset.
	ErrUnknownGraph = errors.New("unknown graph")
	// ErrNotShipped means a GL call names a dataset of the Graph-ToolFormer
	// data that is not shipped with graphagent (pubmed, nci1, amazon, …).
	ErrNotShipped = errors.New("dataset not shipped")
	// ErrBadSubset means a GL call's node or link subset cannot be read.
	ErrBadSubset = errors.New("bad subset")
)

// Hub loads the graphs a GL call names. The call GL("gpr", {"cubical_graph"})
// asks the hub "gpr" with the arguments after the hub's name
// ({"cubical_graph"}); GL("cora") asks the hub "cora" with none.
type Hub interface {
	// Load returns the graph the arguments name.
	Load(ctx context.Context, args []Value) (*graph.Graph, error)
}

// HubFunc adapts a function to Hub.
type HubFunc func(ctx context.Context, args []Value) (*graph.Graph, error)

// Load calls f.
func (f HubFunc) Load(ctx context.Context, args []Value) (*graph.Graph, error) { return f(ctx, args) }

// NamedGraphs is the "gpr" hub: a graph named by one string or a set of one
// string, GL("gpr", {"cubical_graph"}), built by Build (tools/named.Build).
type NamedGraphs struct {
	Build func(name string) (*graph.Graph, error)
}

// Load builds the named graph.
func (h NamedGraphs) Load(ctx context.Context, args []Value) (*graph.Graph, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(args) != 1 {
		return nil, fmt.Errorf("the named-graph hub takes one graph name, as in GL(\"gpr\", {\"cubical_graph\"}); got %d arguments: %w", len(args), ErrBadCall)
	}
	arg := args[0]
	if set, ok := arg.(Set); ok {
		if len(set.Elems) != 1 {
			return nil, fmt.Errorf("the named-graph hub takes a set of one graph name, got %d: %w", len(set.Elems), ErrBadCall)
		}
		arg = set.Elems[0]
	}
	name, ok := textOf(arg)
	if !ok {
		return nil, fmt.Errorf("the named-graph hub takes a graph name, got %s: %w", Format(arg), ErrBadCall)
	}
	return h.Build(name)
}

// DatasetGraph says which file of a shipped dataset a GL call loads.
type DatasetGraph struct {
	// Name is the dataset's name in the registry (tools/dataset).
	Name string
	// File is the edge list inside the dataset's folder (uncompressed name).
	File string
	// Directed says whether the edges have a direction.
	Directed bool
	// Ratings says that File is a ratings table (user, item, rating, …),
	// read as a bipartite graph of users and items.
	Ratings bool
}

// datasetGraphs maps the names GL calls use to shipped dataset files
// (read-only). Registry datasets with an edge list use it; the others
// (knowledge graphs, TU molecule collections, ratings) name their edge
// list here.
var datasetGraphs = map[string]DatasetGraph{
	"cora":           {Name: "cora"},
	"citeseer":       {Name: "citeseer"},
	"karate":         {Name: "karate"},
	"football":       {Name: "football"},
	"email":          {Name: "email_eu_core"},
	"email_eu_core":  {Name: "email_eu_core"},
	"wordnet":        {Name: "wn18rr", File: "train.tsv", Directed: true},
	"wn18rr":         {Name: "wn18rr", File: "train.tsv", Directed: true},
	"freebase":       {Name: "fb15k237", File: "train.tsv", Directed: true},
	"fb15k237":       {Name: "fb15k237", File: "train.tsv", Directed: true},
	"mutag":          {Name: "mutag", File: "MUTAG_A.txt"},
	"proteins":       {Name: "proteins", File: "PROTEINS_full_A.txt"},
	"movietweetings": {Name: "movietweetings", File: "ratings.tsv", Ratings: true},
	"drugmechdb":     {Name: "drugmechdb", File: "edges.tsv", Directed: true},
}

// notShipped are the datasets of the Graph-ToolFormer data that graphagent
// does not ship (read-only).
var notShipped = []string{"pubmed", "nci1", "ptc", "amazon", "last-fm", "movielens", "foursquare", "twitter"}

// LoadRecord describes one graph load, for traces.
type LoadRecord struct {
	// Hub is the hub or dataset name ("gpr", "cora").
	Hub string `json:"hub"`
	// Source is the file or generator the graph came from.
	Source string `json:"source"`
	Nodes  int    `json:"nodes"`
	Edges  int    `json:"edges"`
	// Bytes estimates the memory the graph takes.
	Bytes int64 `json:"bytes"`
	// Took is how long the load took; zero when it came from a cache.
	Took time.Duration `json:"took_ns"`
	// Cached is true when the graph was already loaded.
	Cached bool `json:"cached"`
}

// Datasets loads the shipped datasets by name through the dataset registry
// (tools/dataset) and a sandbox of data folders, each once: the loaded
// graphs are kept for the life of the Datasets value. It is safe for
// concurrent use.
type Datasets struct {
	sandbox *graph.Sandbox

	mu    sync.Mutex
	cache map[string]*datasetLoad
}

type datasetLoad struct {
	mu  sync.Mutex // held while loading, so that one goroutine loads
	g   *graph.Graph
	rec LoadRecord
}

// NewDatasets returns a loader reading the datasets' folders (cora/,
// wn18rr/, …) under the sandbox's data folders.
func NewDatasets(sb *graph.Sandbox) *Datasets {
	return &Datasets{sandbox: sb, cache: map[string]*datasetLoad{}}
}

// Load loads the dataset name (a name GL calls use: "cora", "wordnet",
// "freebase", "email", …) once and returns it with the record of its load.
// A dataset of the Graph-ToolFormer data that is not shipped is an error
// wrapping ErrNotShipped, any other name one wrapping ErrUnknownGraph; both
// list the datasets that exist.
func (d *Datasets) Load(ctx context.Context, name string) (*graph.Graph, LoadRecord, error) {
	dg, err := lookupDataset(name)
	if err != nil {
		return nil, LoadRecord{}, err
	}
	ds, ok := dataset.Lookup(dg.Name)
	if !ok {
		return nil, LoadRecord{}, fmt.Errorf("dataset %q is missing from the registry: %w", dg.Name, ErrUnknownGraph)
	}
	file, directed := dg.File, dg.Directed
	if file == "" {
		file, directed = ds.Graph, ds.Directed
	}
	if d.sandbox == nil {
		return nil, LoadRecord{}, fmt.Errorf("dataset %q: no data folders are configured", name)
	}
	p := path.Join(ds.Folder, file)
	return d.cached(ds.Name, func() (*graph.Graph, LoadRecord, error) {
		start := time.Now()
		var g *graph.Graph
		var err error
		if dg.Ratings {
			g, err = loadRatings(ctx, d.sandbox, p)
			if g != nil {
				g.SetName(ds.Name)
			}
		} else {
			g, err = d.sandbox.Load(ctx, p, graph.ReadOptions{Directed: directed, Name: ds.Name})
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil, LoadRecord{}, fmt.Errorf("dataset %s: %s is not under the data folders (give the folder that holds %s/, such as the repository's datasets/): %w", ds.Name, p, ds.Folder, err)
		}
		if err != nil {
			return nil, LoadRecord{}, fmt.Errorf("dataset %s (%s under the data folders): %w", ds.Name, p, err)
		}
		return g, LoadRecord{Hub: ds.Name, Source: p, Nodes: g.N(), Edges: g.M(), Bytes: graphBytes(g), Took: time.Since(start)}, nil
	})
}

// lookupDataset returns what the GL name of a shipped dataset ("cora",
// "wordnet", "email") loads. A dataset of the Graph-ToolFormer data that is
// not shipped is an error wrapping ErrNotShipped, any other name one
// wrapping ErrUnknownGraph; both list the datasets that exist.
func lookupDataset(name string) (DatasetGraph, error) {
	key := normalizeName(name)
	dg, ok := datasetGraphs[key]
	if !ok {
		if slices.Contains(notShipped, strings.ReplaceAll(key, "_", "-")) {
			return DatasetGraph{}, fmt.Errorf("%q is not shipped with graphagent; the datasets that are: %s: %w", name, strings.Join(DatasetNames(), ", "), ErrNotShipped)
		}
		return DatasetGraph{}, fmt.Errorf("no graph hub or dataset is called %q; hubs: gpr; datasets: %s: %w", name, strings.Join(DatasetNames(), ", "), ErrUnknownGraph)
	}
	return dg, nil
}

// LoadFile loads a graph file inside the data folders (any format the
// sandbox reads: edge lists, TSV/CSV, node-link JSON, DOT, …), once, as
// GL("karate/edges.tsv") or the paper's GL(file-path:"./graphs/lollipop")
// ask. Escapes from the data folders wrap graph.ErrOutsideSandbox.
func (d *Datasets) LoadFile(ctx context.Context, file string, directed bool) (*graph.Graph, LoadRecord, error) {
	if d.sandbox == nil {
		return nil, LoadRecord{}, fmt.Errorf("graph file %q: no data folders are configured", file)
	}
	key := fmt.Sprintf("file:%t:%s", directed, file)
	return d.cached(key, func() (*graph.Graph, LoadRecord, error) {
		start := time.Now()
		g, err := d.sandbox.Load(ctx, file, graph.ReadOptions{Directed: directed})
		if err != nil {
			return nil, LoadRecord{}, err
		}
		return g, LoadRecord{Hub: "file", Source: file, Nodes: g.N(), Edges: g.M(), Bytes: graphBytes(g), Took: time.Since(start)}, nil
	})
}

// cached returns the graph kept under key, loading it with load the first
// time. A failed load is not kept: the next call tries again (the files may
// have been fixed, or the context was cancelled).
func (d *Datasets) cached(key string, load func() (*graph.Graph, LoadRecord, error)) (*graph.Graph, LoadRecord, error) {
	d.mu.Lock()
	l, ok := d.cache[key]
	if !ok {
		l = &datasetLoad{}
		d.cache[key] = l
	}
	d.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.g != nil {
		rec := l.rec
		rec.Cached, rec.Took = true, 0
		return l.g, rec, nil
	}
	g, rec, err := load()
	if err != nil {
		return nil, LoadRecord{}, err
	}
	l.g, l.rec = g, rec
	return g, rec, nil
}

// DatasetNames lists the names GL calls can load shipped datasets by,
// sorted.
func DatasetNames() []string {
	names := make([]string, 0, len(datasetGraphs))
	for n := range datasetGraphs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// graphBytes estimates the memory a graph takes: the node IDs, the CSR
// adjacency in both directions and the edge arrays.
func graphBytes(g *graph.Graph) int64 {
	var b int64
	for _, id := range g.IDs() {
		b += int64(len(id)) + 16
	}
	n, m := int64(g.N()), int64(g.M())
	b += 2*(n+1)*4 + 4*m*4 + 2*m*4 // offsets, adjacency and edge indices both ways, src and dst
	if g.Weighted() {
		b += m * 8
	}
	return b
}

// normalizeName lower-cases a hub, dataset or tool name and spells its
// separators as underscores, so that "Last.fm", "last-fm" and "last_fm"
// meet.
func normalizeName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', ' ', '.':
			return '_'
		}
		return r
	}, s)
}

// textOf returns the text of a string, word or number value.
func textOf(v Value) (string, bool) {
	switch v := v.(type) {
	case String:
		return v.Text, true
	case Word:
		return v.Text, true
	case Number:
		return v.Text, true
	}
	return "", false
}

// DefaultHubs returns the builtin graph hubs: "gpr", NetworkX's small
// named graphs with NetworkX's labels (tools/named).
func DefaultHubs() map[string]Hub {
	return map[string]Hub{"gpr": NamedGraphs{Build: named.Build}}
}
