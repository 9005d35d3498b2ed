package eval

import (
	"bufio"
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
)

// JSONLName is the generic JSONL file WriteGTools writes beside the layout.
const JSONLName = "items.jsonl"

// WriteGTools writes items in the GTools layout under dir:
// WL/<Task>/<Di|Un>/<file>.json and EL/<Task>/<Di|Un>/<file>.json (Topo and
// Triangle directly in their task folder), each a JSON array of items in the
// published format, EL edge lists in EL/.../data/task_<i>.edgelist (the
// paths the questions name, relative to dir), and every item in the generic
// JSONL format in dir/items.jsonl.
func WriteGTools(ctx context.Context, dir string, items []GenItem) error {
	type key struct {
		mode, rel, file string
	}
	groups := map[key][]map[string]any{}
	var order []key
	for i := range items {
		if err := ctx.Err(); err != nil {
			return err
		}
		gi := &items[i]
		directed := gi.g.directed
		k := key{gi.Mode, gi.task.relDir(directed), gi.task.fileName(directed)}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], publishedItem(gi))
		if gi.GraphFile != "" {
			p := filepath.Join(dir, filepath.FromSlash(gi.GraphFile))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return fmt.Errorf("write gtools: %w", err)
			}
			if err := writeFileAtomic(p, []byte(gi.EdgeListText())); err != nil {
				return fmt.Errorf("write gtools: %w", err)
			}
		}
	}
	for _, k := range order {
		p := filepath.Join(dir, k.mode, filepath.FromSlash(k.rel), k.file)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("write gtools: %w", err)
		}
		b, err := json.MarshalIndent(groups[k], "", "    ")
		if err != nil {
			return fmt.Errorf("write gtools %s: %w", p, err)
		}
		if err := writeFileAtomic(p, b); err != nil {
			return fmt.Errorf("write gtools: %w", err)
		}
	}
	plain := make([]Item, len(items))
	for i := range items {
		plain[i] = items[i].Item
	}
	return WriteJSONL(filepath.Join(dir, JSONLName), plain)
}

// publishedItem is the item in the published GTools JSON format (plus an
// "answer" field for every task, which the published Topo and Triangle
// items lack).
func publishedItem(gi *GenItem) map[string]any {
	m := map[string]any{
		"id":          gi.index,
		"prompt":      gi.Question,
		"answer":      json.RawMessage(gi.Answer),
		"description": gi.Description,
	}
	switch gi.task.params {
	case nodeParam:
		m["node"], _ = strconv.Atoi(paramString(gi.Params["node"]))
	case edgeParams:
		m["edge"] = fmt.Sprintf("(%v, %v)", gi.Params["source"], gi.Params["target"])
	case pathParams:
		m["path"] = fmt.Sprintf("(%v,%v)", gi.Params["source"], gi.Params["target"])
	case flowParams:
		m["path"] = fmt.Sprintf("(%v,%v)", gi.Params["source"], gi.Params["sink"])
	}
	if gi.GraphFile != "" {
		m["file_path"] = gi.GraphFile
	}
	for k, v := range gi.extra {
		m[k] = v
	}
	return m
}

// writeFileAtomic writes b to p through a temporary file and a rename.
func writeFileAtomic(p string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), p)
}

// WriteJSONL writes items, one JSON object per line.
func WriteJSONL(path string, items []Item) error {
	var b strings.Builder
	for i := range items {
		line, err := json.Marshal(&items[i])
		if err != nil {
			return fmt.Errorf("write %s: item %q: %w", path, items[i].ID, err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if err := writeFileAtomic(path, []byte(b.String())); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// ReadJSONL reads items in the generic JSONL format: one object per line
// with id, question, task and answer, and optionally graph_file, params,
// tool, answer_type, tolerance, mode, directed and graph. Blank lines and
// lines starting with "#" are skipped. Errors name the line.
func ReadJSONL(path string) ([]Item, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read items: %w", err)
	}
	defer f.Close()
	var items []Item
	ids := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var it Item
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&it); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, ln, err)
		}
		if err := it.Validate(); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, ln, err)
		}
		if prev, dup := ids[it.ID]; dup {
			return nil, fmt.Errorf("%s:%d: id %q already used on line %d", path, ln, it.ID, prev)
		}
		ids[it.ID] = ln
		items = append(items, it)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("read %s: no items", path)
	}
	return items, nil
}

// gtoolsPathPrefix matches the prefix of published file paths
// ("../GTools/Test/"), which stand for the folder the layout is in.
var gtoolsPathPrefix = regexp.MustCompile(`^(?:\.\./)?GTools/[^/]+/`)

// StripGToolsPrefix maps a published GTools file path
// ("../GTools/Test/EL/Flow/Di/data/task_0.edgelist") to a path relative to
// the layout's folder ("EL/Flow/Di/data/task_0.edgelist"); other paths are
// returned unchanged.
func StripGToolsPrefix(p string) string { return gtoolsPathPrefix.ReplaceAllString(p, "") }

var elPathRe = regexp.MustCompile(`the path is:?\s*"?([^"\s]+\.edgelist)`)

// ReadGToolsDir reads every item of a folder in the GTools layout (the
// published sample or WriteGTools's output). Each item gets its task from
// its folder, its direction from its Di/Un folder (Topo directed, Triangle
// undirected), its gold tool, parameters and answer type, and, for EL
// items, its graph file relative to dir.
func ReadGToolsDir(ctx context.Context, dir string) ([]Item, error) {
	var files []string
	for _, mode := range []string{ModeWL, ModeEL} {
		root := filepath.Join(dir, mode)
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
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
	var items []Item
	for _, p := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		got, err := readGToolsFile(dir, p)
		if err != nil {
			return nil, err
		}
		items = append(items, got...)
	}
	return items, nil
}

// readGToolsFile reads one JSON array of published items.
func readGToolsFile(dir, p string) ([]Item, error) {
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return nil, err
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	if len(parts) < 3 {
		return nil, fmt.Errorf("%s: not in a WL/<Task>/ folder", p)
	}
	mode, folder := parts[0], parts[1]
	t, err := gtask(folder)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	var directed bool
	switch {
	case t.single():
		directed = t.Directed
	case len(parts) == 4 && (parts[2] == "Di" || parts[2] == "Un"):
		directed = parts[2] == "Di"
	default:
		return nil, fmt.Errorf("%s: expected %s/%s/<Di|Un>/<file>.json", p, mode, folder)
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
		it, err := publishedToItem(t, mode, directed, i, m)
		if err != nil {
			return nil, fmt.Errorf("%s: item %d: %w", p, i, err)
		}
		out = append(out, it)
	}
	return out, nil
}

// publishedToItem converts one published item.
func publishedToItem(t *GTask, mode string, directed bool, i int, m map[string]json.RawMessage) (Item, error) {
	it := Item{Task: t.Folder, Tool: t.Tool, AltTools: t.AltTools, AnswerType: t.Type, Mode: mode}
	it.Directed = &directed
	if err := json.Unmarshal(m["prompt"], &it.Question); err != nil || it.Question == "" {
		return it, fmt.Errorf("no prompt")
	}
	idx := strconv.Itoa(i)
	if raw, ok := m["id"]; ok {
		var v any
		if json.Unmarshal(raw, &v) == nil {
			idx = paramString(v)
		}
	}
	it.ID = mode + "/" + t.relDir(directed) + "/" + idx
	_ = json.Unmarshal(m["description"], &it.Description)
	switch {
	case len(m["answer"]) > 0 && string(m["answer"]) != "null":
		it.Answer = m["answer"]
	case len(m["topological_sort"]) > 0:
		var s string
		if err := json.Unmarshal(m["topological_sort"], &s); err != nil {
			it.Answer = m["topological_sort"]
		} else {
			var list []int
			if err := json.Unmarshal([]byte(s), &list); err != nil {
				return it, fmt.Errorf("topological_sort %q is not a list: %w", s, err)
			}
			it.Answer, _ = json.Marshal(list)
		}
	case len(m["max_triangle_sum"]) > 0:
		it.Answer = m["max_triangle_sum"]
	default:
		return it, fmt.Errorf("no answer")
	}
	pair := func(key string) (string, string, error) {
		var s string
		if err := json.Unmarshal(m[key], &s); err != nil {
			return "", "", fmt.Errorf("%s is not a string", key)
		}
		s = strings.Trim(strings.TrimSpace(s), "()")
		a, b, ok := strings.Cut(s, ",")
		if !ok {
			return "", "", fmt.Errorf("%s %q is not a pair", key, s)
		}
		return strings.TrimSpace(a), strings.TrimSpace(b), nil
	}
	switch t.params {
	case nodeParam:
		var v any
		if err := json.Unmarshal(m["node"], &v); err != nil {
			return it, fmt.Errorf("no node")
		}
		it.Params = map[string]any{"node": paramString(v)}
	case edgeParams:
		a, b, err := pair("edge")
		if err != nil {
			return it, err
		}
		it.Params = map[string]any{"source": a, "target": b}
	case pathParams:
		a, b, err := pair("path")
		if err != nil {
			return it, err
		}
		it.Params = map[string]any{"source": a, "target": b}
	case flowParams:
		a, b, err := pair("path")
		if err != nil {
			return it, err
		}
		it.Params = map[string]any{"source": a, "sink": b}
	}
	if mode == ModeEL {
		var fp string
		_ = json.Unmarshal(m["file_path"], &fp)
		if fp == "" {
			if sm := elPathRe.FindStringSubmatch(it.Question); sm != nil {
				fp = sm[1]
			}
		}
		if fp == "" {
			return it, fmt.Errorf("EL item names no edge-list file")
		}
		it.GraphFile = StripGToolsPrefix(fp)
	}
	return it, nil
}
