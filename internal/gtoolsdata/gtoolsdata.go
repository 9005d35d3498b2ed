// Package gtoolsdata reads a folder in the GTools layout (the published
// GraphTool-Instruction test sample, or eval's generated copy of it):
//
//	WL/<Task>/<Di|Un>/<file>.json      items with the edge list in the prompt
//	WL/Topo/<file>.json                Topo is directed only
//	WL/Triangle/<file>.json            Triangle is undirected only
//	EL/...                             the same, the graph in
//	EL/<Task>[/<Di|Un>]/data/task_<i>.edgelist
//
// Each item file is a JSON array of objects with a prompt and, depending on
// the task, answer, node, edge ("(a, b)"), path ("(a,b)"), file_path
// ("../GTools/Test/EL/..."), topological_sort and max_triangle_sum fields.
// The package depends on nothing else in the project but the dataset
// registry (tools/dataset, a leaf), so that the test code of every package
// and eval's suite reader share one reading of the layout.
package gtoolsdata

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/tools/dataset"
)

// The two modes of the layout: the graph in the prompt (WL) or in an
// edge-list file the prompt names (EL).
const (
	ModeWL = "WL"
	ModeEL = "EL"
)

// SampleFolder is the published sample's folder in the repository's
// datasets folder.
const SampleFolder = "gtools"

// ItemCount is the number of items in the published sample (20 task folders
// of 10 items, in WL and EL).
const ItemCount = 400

// Item is one item of the layout.
type Item struct {
	// File is the item's JSON file relative to the layout's folder,
	// slash-separated ("WL/Flow/Di/flow_Di.json").
	File string
	// Index is the item's position in File.
	Index int
	// Mode is ModeWL or ModeEL.
	Mode string
	// Task is the task folder ("Flow").
	Task string
	// Directed is true for items under a Di folder and for Topo.
	Directed bool
	// GraphRef is, for EL items, the edge-list path as the item names it
	// (its file_path field, else the path in the prompt):
	// "../GTools/Test/EL/Flow/Di/data/task_0.edgelist".
	GraphRef string
	// GraphFile is GraphRef relative to the layout's folder
	// ("EL/Flow/Di/data/task_0.edgelist"); empty for WL items.
	GraphFile string
	// Prompt is the question.
	Prompt string
	// Fields holds every field of the item as published.
	Fields map[string]json.RawMessage
}

// Tool returns the graphagent tool that answers a task folder
// ("Shortest_Path" gives "shortest_path") and whether the folder is a
// GTools task.
func Tool(task string) (string, bool) {
	switch task {
	case "Node_Count":
		return "node_count", true
	case "Edge_Count":
		return "edge_count", true
	case "Node_Existence":
		return "node_exists", true
	case "Edge_Existence":
		return "edge_exists", true
	case "Degree_Count":
		return "degree", true
	case "Cycle_Detection":
		return "cycle_check", true
	case "Topo":
		return "topological_sort", true
	case "Path_Existence":
		return "path_exists", true
	case "Shortest_Path":
		return "shortest_path", true
	case "Flow":
		return "maximum_flow", true
	case "Triangle":
		return "maximum_triangle_sum", true
	}
	return "", false
}

// Tasks returns the eleven task folders, sorted.
func Tasks() []string {
	return []string{"Cycle_Detection", "Degree_Count", "Edge_Count", "Edge_Existence", "Flow",
		"Node_Count", "Node_Existence", "Path_Existence", "Shortest_Path", "Topo", "Triangle"}
}

// SingleDirection reports the direction of a task that has only one, whose
// item files sit directly in the task folder: Topo (directed) and Triangle
// (undirected).
func SingleDirection(task string) (directed, ok bool) {
	switch task {
	case "Topo":
		return true, true
	case "Triangle":
		return false, true
	}
	return false, false
}

// pathPrefix matches the prefix of published file paths ("../GTools/Test/"),
// which stands for the folder the layout is in.
var pathPrefix = regexp.MustCompile(`^(?:\.\./)?GTools/[^/]+/`)

// StripPrefix maps a published file path
// ("../GTools/Test/EL/Flow/Di/data/task_0.edgelist") to a path relative to
// the layout's folder ("EL/Flow/Di/data/task_0.edgelist"); other paths are
// returned unchanged.
func StripPrefix(p string) string { return pathPrefix.ReplaceAllString(p, "") }

// promptPath reads the edge-list path an EL prompt names.
var promptPath = regexp.MustCompile(`the path is:?\s*"?([^"\s]+\.edgelist)`)

// ParsePair reads a node pair as the items write it, "(3, 7)" or "(3,7)"
// (the parentheses may be left out).
func ParsePair(s string) (a, b string, err error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "("), ")")
	a, b, ok := strings.Cut(t, ",")
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if !ok || a == "" || b == "" || strings.Contains(b, ",") {
		return "", "", fmt.Errorf("%q is not a pair of nodes", s)
	}
	return a, b, nil
}

// Text returns the item's string field key, or "" when it is missing or not
// a string.
func (it *Item) Text(key string) string {
	var s string
	_ = json.Unmarshal(it.Fields[key], &s)
	return s
}

// NodeID returns the item's node field as a node ID: a JSON number in its
// shortest decimal form ("3"), or a string.
func (it *Item) NodeID() (string, error) {
	raw, ok := it.Fields["node"]
	if !ok {
		return "", errors.New("no node")
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "", fmt.Errorf("node %s: %w", raw, err)
	}
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), nil
	case string:
		if s := strings.TrimSpace(x); s != "" {
			return s, nil
		}
	}
	return "", fmt.Errorf("node %s is not a node ID", raw)
}

// pair reads the node pair in the string field key.
func (it *Item) pair(key string) (string, string, error) {
	var s string
	if err := json.Unmarshal(it.Fields[key], &s); err != nil {
		return "", "", fmt.Errorf("%s is not a string", key)
	}
	a, b, err := ParsePair(s)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", key, err)
	}
	return a, b, nil
}

// Params returns the item's gold parameters as the task's tool names them:
// node (Node_Existence, Degree_Count), source and target (Edge_Existence
// from the edge field, Path_Existence and Shortest_Path from the path
// field), source and sink (Flow); an empty map for the other tasks.
func (it *Item) Params() (map[string]string, error) {
	switch it.Task {
	case "Node_Existence", "Degree_Count":
		n, err := it.NodeID()
		if err != nil {
			return nil, err
		}
		return map[string]string{"node": n}, nil
	case "Edge_Existence":
		a, b, err := it.pair("edge")
		if err != nil {
			return nil, err
		}
		return map[string]string{"source": a, "target": b}, nil
	case "Path_Existence", "Shortest_Path":
		a, b, err := it.pair("path")
		if err != nil {
			return nil, err
		}
		return map[string]string{"source": a, "target": b}, nil
	case "Flow":
		a, b, err := it.pair("path")
		if err != nil {
			return nil, err
		}
		return map[string]string{"source": a, "sink": b}, nil
	}
	return map[string]string{}, nil
}

// Gold returns the item's gold answer as JSON: its answer field; else its
// topological_sort (published as the text of a list, "[0, 3, 1]") as a
// JSON list of integers; else its max_triangle_sum.
func (it *Item) Gold() (json.RawMessage, error) {
	if a := it.Fields["answer"]; len(a) > 0 && string(a) != "null" {
		return a, nil
	}
	if raw := it.Fields["topological_sort"]; len(raw) > 0 {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return raw, nil
		}
		var list []int
		if err := json.Unmarshal([]byte(s), &list); err != nil {
			return nil, fmt.Errorf("topological_sort %q is not a list: %w", s, err)
		}
		b, err := json.Marshal(list)
		if err != nil {
			return nil, err
		}
		return b, nil
	}
	if raw := it.Fields["max_triangle_sum"]; len(raw) > 0 {
		return raw, nil
	}
	return nil, errors.New("no answer")
}

// Files returns the item files of the layout under dir, sorted: every
// *.json below dir/WL and dir/EL outside the data folders. It is an error
// when there is none.
func Files(dir string) ([]string, error) {
	var files []string
	for _, mode := range []string{ModeWL, ModeEL} {
		err := filepath.WalkDir(filepath.Join(dir, mode), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "data" {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), ".json") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("read gtools %s: %w", dir, err)
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("read gtools %s: no WL/ or EL/ item files (expected WL/<Task>/<Di|Un>/*.json)", dir)
	}
	sort.Strings(files)
	return files, nil
}

// Load reads every item of the layout under dir, in file order. Errors name
// the file and the item.
func Load(ctx context.Context, dir string) ([]Item, error) {
	files, err := Files(dir)
	if err != nil {
		return nil, err
	}
	var items []Item
	for _, p := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		got, err := ReadFile(dir, p)
		if err != nil {
			return nil, err
		}
		items = append(items, got...)
	}
	return items, nil
}

// ReadFile reads one item file p of the layout under dir. The item's mode,
// task and direction come from p's folders; it is an error when they are
// not a GTools task folder and, except for Topo and Triangle, a Di or Un
// folder below it, or when an item has no prompt or an EL item names no
// edge-list file.
func ReadFile(dir, p string) ([]Item, error) {
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return nil, fmt.Errorf("read gtools: %w", err)
	}
	rel = filepath.ToSlash(rel)
	parts := strings.Split(rel, "/")
	if len(parts) < 3 || (parts[0] != ModeWL && parts[0] != ModeEL) {
		return nil, fmt.Errorf("%s: not in a WL/<Task>/ or EL/<Task>/ folder", p)
	}
	mode, task := parts[0], parts[1]
	if _, ok := Tool(task); !ok {
		return nil, fmt.Errorf("%s: unknown GTools task folder %q", p, task)
	}
	directed, single := SingleDirection(task)
	if !single {
		if len(parts) != 4 || (parts[2] != "Di" && parts[2] != "Un") {
			return nil, fmt.Errorf("%s: expected %s/%s/<Di|Un>/<file>.json", p, mode, task)
		}
		directed = parts[2] == "Di"
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("read gtools: %w", err)
	}
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%s: not a JSON array of items: %w", p, err)
	}
	out := make([]Item, 0, len(raw))
	for i, m := range raw {
		it := Item{File: rel, Index: i, Mode: mode, Task: task, Directed: directed, Fields: m}
		if it.Prompt = it.Text("prompt"); it.Prompt == "" {
			return nil, fmt.Errorf("%s: item %d: no prompt", p, i)
		}
		if mode == ModeEL {
			it.GraphRef = it.Text("file_path")
			if it.GraphRef == "" {
				if sm := promptPath.FindStringSubmatch(it.Prompt); sm != nil {
					it.GraphRef = sm[1]
				}
			}
			if it.GraphRef == "" {
				return nil, fmt.Errorf("%s: item %d: EL item names no edge-list file", p, i)
			}
			it.GraphFile = StripPrefix(it.GraphRef)
		}
		out = append(out, it)
	}
	return out, nil
}

// SampleDir returns the published sample shipped in the repository: the
// gtools folder of the datasets registry (tools/dataset), found from the
// working directory (a package folder when tests run).
func SampleDir() (string, error) {
	dir, err := dataset.Path(SampleFolder)
	if err != nil {
		return "", fmt.Errorf("locate the GTools sample: %w", err)
	}
	if _, err := os.Stat(filepath.Join(dir, ModeWL)); err != nil {
		return "", fmt.Errorf("locate the GTools sample: %w", err)
	}
	return dir, nil
}

// LoadSample locates the published sample (SampleDir) and loads it (Load).
func LoadSample(ctx context.Context) (dir string, items []Item, err error) {
	if dir, err = SampleDir(); err != nil {
		return "", nil, err
	}
	items, err = Load(ctx, dir)
	return dir, items, err
}

// Question40 is the sample's 40-node question that the ask benchmarks time
// (WL degree, directed, item 9: 259 edges written in the prompt).
func Question40(ctx context.Context) (string, error) {
	const file, index = "WL/Degree_Count/Di/degree_Di.json", 9
	_, items, err := LoadSample(ctx)
	if err != nil {
		return "", err
	}
	for _, it := range items {
		if it.File == file && it.Index == index {
			return it.Prompt, nil
		}
	}
	return "", fmt.Errorf("%s item %d is not in the sample", file, index)
}
