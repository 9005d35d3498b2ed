// Package dataset is the registry of the datasets shipped in the
// repository's datasets/ folder, and the one place that opens their files.
//
// Files over 256 KB (and every NLGraph task file) are shipped
// gzip-compressed as "name.gz". Open and ReadFile read them transparently:
// a name ending in ".gz" is decompressed, and when "X" is asked for and only
// "X.gz" exists, "X.gz" is opened instead. The graph sandbox
// (tools/graph.Sandbox) applies the same rule through Gunzip.
//
// Dir locates datasets/ from the working directory by walking up to the
// module root (the folder holding go.mod); tests use it, so that no test
// depends on a path outside the repository. An installed binary has no
// repository around it: it reads datasets through --data folders instead.
// The package imports only the standard library.
package dataset

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// DirName is the name of the datasets folder at the repository's root.
const DirName = "datasets"

// GzipExt is the extension of the compressed files.
const GzipExt = ".gz"

// ErrCorrupt means a compressed file is not valid gzip data: a bad header,
// corrupt compressed blocks, a wrong checksum or a truncated stream.
var ErrCorrupt = errors.New("corrupt gzip data")

// Dataset describes one folder of datasets/.
type Dataset struct {
	// Name is the name questions and the reasoning layer use ("citeseer").
	Name string
	// Folder is the folder under datasets/ ("citeseer_text").
	Folder string
	// Graph is the edge-list file (relative to Folder, uncompressed name)
	// that a question naming the dataset loads; empty when the dataset has
	// no single edge list (knowledge graphs, TU collections, prompt sets).
	Graph string
	// Directed is true when Graph's edges have a direction (citing → cited,
	// sender → receiver).
	Directed bool
	// Files are the main files and folders as shipped (compressed names
	// end in ".gz"), relative to Folder. README.md, which gives the source,
	// citation and licence, is always among them.
	Files []string
	// About says briefly what the dataset is and what it is used for.
	About string
}

// All returns the shipped datasets, sorted by folder. The slice is new on
// every call.
func All() []Dataset {
	return []Dataset{
		{Name: "citeseer", Folder: "citeseer_text", Graph: "edges.tsv", Directed: true,
			Files: []string{"README.md", "edges.tsv", "nodes.tsv.gz"},
			About: "CiteSeer citation network with the papers' raw text (TAPE): text-attributed node classification"},
		{Name: "cora", Folder: "cora", Graph: "edges.tsv", Directed: true,
			Files: []string{"README.md", "edges.tsv", "nodes.tsv.gz"},
			About: "Cora citation network (LINQS), bag-of-words features, no raw text: node classification"},
		{Name: "drugmechdb", Folder: "drugmechdb",
			Files: []string{"README.md", "nodes.tsv", "edges.tsv.gz", "paths.tsv.gz", "path_edges.tsv.gz"},
			About: "DrugMechDB biomedical knowledge graph of drug-mechanism paths: multi-hop reasoning"},
		{Name: "email_eu_core", Folder: "email_eu_core", Graph: "edges.tsv", Directed: true,
			Files: []string{"README.md", "edges.tsv", "nodes.tsv"},
			About: "SNAP email-Eu-core, 42 departments: directed graphs, communities"},
		{Name: "fb15k237", Folder: "fb15k237",
			Files: []string{"README.md", "entities.tsv.gz", "relations.tsv", "train.tsv.gz", "valid.tsv", "test.tsv.gz"},
			About: "FB15k-237 knowledge graph (integer-encoded) with names and Wikidata IDs: link prediction, KGQA"},
		{Name: "football", Folder: "football", Graph: "edges.tsv",
			Files: []string{"README.md", "edges.tsv", "nodes.tsv"},
			About: "College football 2000, 12 conferences: community detection with ground truth"},
		{Name: "graph_toolformer", Folder: "graph_toolformer",
			Files: []string{"README.md", "graph_properties/prompts_train.gz", "graph_data_loading/prompts_train.gz"},
			About: "Graph-ToolFormer statement prompts, training splits of 16 sets: API-call statements"},
		{Name: "gtools", Folder: "gtools",
			Files: []string{"README.md", "WL", "EL"},
			About: "GTools test sample of GraphTool-Instruction, 400 items in WL and EL modes (plain files)"},
		{Name: "karate", Folder: "karate", Graph: "edges.tsv",
			Files: []string{"README.md", "edges.tsv", "nodes.tsv"},
			About: "Zachary's karate club, weighted, with factions: community detection sanity checks"},
		{Name: "movietweetings", Folder: "movietweetings",
			Files: []string{"README.md", "movies.tsv.gz", "ratings.tsv.gz"},
			About: "MovieTweetings 100K ratings with timestamps: recommendation, bipartite graphs"},
		{Name: "mutag", Folder: "mutag",
			Files: []string{"README.md", "MUTAG_A.txt", "MUTAG_graph_indicator.txt", "MUTAG_graph_labels.txt", "MUTAG_node_labels.txt", "MUTAG_edge_labels.txt"},
			About: "MUTAG molecules (TU format): graph classification"},
		{Name: "nlgraph_train", Folder: "nlgraph_train",
			Files: []string{"README.md", "connectivity.json.gz", "cycle.json.gz", "flow.json.gz", "GNN.json.gz",
				"hamilton.json.gz", "matching.json.gz", "shortest_path.json.gz", "topology.json.gz"},
			About: "NLGraph training split, 8 tasks and 5,022 questions: graphs written in prose"},
		{Name: "proteins", Folder: "proteins",
			Files: []string{"README.md", "PROTEINS_full_A.txt.gz", "PROTEINS_full_graph_indicator.txt", "PROTEINS_full_graph_labels.txt", "PROTEINS_full_node_labels.txt"},
			About: "PROTEINS (TU format, no node attributes): larger graph classification"},
		{Name: "wn18rr", Folder: "wn18rr",
			Files: []string{"README.md", "entities.tsv.gz", "relations.tsv", "train.tsv.gz", "valid.tsv", "test.tsv"},
			About: "WN18RR WordNet knowledge graph with names and definitions: link prediction, KGQA"},
	}
}

// Lookup returns the dataset whose Name or Folder is name, ignoring case.
func Lookup(name string) (Dataset, bool) {
	for _, d := range All() {
		if strings.EqualFold(d.Name, name) || strings.EqualFold(d.Folder, name) {
			return d, true
		}
	}
	return Dataset{}, false
}

// Dir returns the repository's datasets folder: DirName in the nearest
// folder above the working directory (a package folder when tests run) that
// holds go.mod. The error says where it looked.
func Dir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("locate the datasets folder: %w", err)
	}
	root := wd
	for {
		if fi, err := os.Stat(filepath.Join(root, "go.mod")); err == nil && fi.Mode().IsRegular() {
			break
		}
		up := filepath.Dir(root)
		if up == root {
			return "", fmt.Errorf("locate the datasets folder: no go.mod in %s or above", wd)
		}
		root = up
	}
	dir := filepath.Join(root, DirName)
	fi, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("locate the datasets folder at the module root: %w", err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("locate the datasets folder: %s is not a folder", dir)
	}
	return dir, nil
}

// Path returns the path of elem (slash- or OS-separated parts) inside Dir:
// the file itself when it exists, else its ".gz" when that exists. A path
// that would leave Dir is an error. Callers that read the file should use
// Open, which decompresses.
func Path(elem ...string) (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	rel := filepath.Clean(filepath.FromSlash(filepath.Join(elem...)))
	if rel == "." || filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("dataset path %q is not inside %s", filepath.Join(elem...), dir)
	}
	p := filepath.Join(dir, rel)
	_, err = os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) && !strings.HasSuffix(p, GzipExt) {
		if _, gerr := os.Stat(p + GzipExt); gerr == nil {
			return p + GzipExt, nil
		}
	}
	if err != nil {
		return "", fmt.Errorf("dataset file: %w", err)
	}
	return p, nil
}

// Open opens the file name (any path, typically one from Path) for reading.
// When name does not exist but name+".gz" does, that is opened instead. A
// file whose name ends in ".gz" is decompressed; its errors wrap ErrCorrupt
// and name the file.
func Open(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) && !strings.HasSuffix(name, GzipExt) {
		if g, gerr := os.Open(name + GzipExt); gerr == nil {
			f, err, name = g, nil, name+GzipExt
		}
	}
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(name, GzipExt) {
		return f, nil
	}
	z, err := Gunzip(f, name)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &closeBoth{ReadCloser: z, file: f}, nil
}

// OpenShipped opens the file name (slash-separated, relative) of the
// repository's datasets folder, decompressing as Open does; its signature
// is kg.OpenFunc's, for tests that read the shipped datasets. A name that
// would leave the folder is an error.
func OpenShipped(_ context.Context, name string) (io.ReadCloser, error) {
	p, err := Path(name)
	if err != nil {
		return nil, err
	}
	return Open(p)
}

// ReadFile reads the whole file name as Open does (decompressing it).
func ReadFile(name string) ([]byte, error) {
	r, err := Open(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// Gunzip returns a reader of the decompressed content of r, the gzip file
// called name. Every error it gives (from the header here, or from corrupt
// data, a wrong checksum or a truncated stream while reading) wraps
// ErrCorrupt and names the file. Concatenated gzip members are read as one
// stream, as gzip(1) does.
func Gunzip(r io.Reader, name string) (io.ReadCloser, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, corrupt(name, err)
	}
	return &gunzipReader{z: z, name: name}, nil
}

// corrupt names the file in a decompression error.
func corrupt(name string, err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = errors.New("the compressed stream ends early")
	}
	return fmt.Errorf("%s: %w: %w", name, ErrCorrupt, err)
}

// gunzipReader names the file in the errors of a gzip.Reader.
type gunzipReader struct {
	z    *gzip.Reader
	name string
}

func (g *gunzipReader) Read(p []byte) (int, error) {
	n, err := g.z.Read(p)
	if err != nil && err != io.EOF {
		err = corrupt(g.name, err)
	}
	return n, err
}

func (g *gunzipReader) Close() error { return g.z.Close() }

// closeBoth closes the decompressor and the file under it.
type closeBoth struct {
	io.ReadCloser
	file *os.File
}

func (c *closeBoth) Close() error {
	return errors.Join(c.ReadCloser.Close(), c.file.Close())
}
