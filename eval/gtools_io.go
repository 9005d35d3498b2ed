package eval

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
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

// StripGToolsPrefix maps a published GTools file path
// ("../GTools/Test/EL/Flow/Di/data/task_0.edgelist") to a path relative to
// the layout's folder ("EL/Flow/Di/data/task_0.edgelist"); other paths are
// returned unchanged.
func StripGToolsPrefix(p string) string { return gtoolsdata.StripPrefix(p) }

// ReadGToolsDir reads every item of a folder in the GTools layout (the
// published sample or WriteGTools's output). Each item gets its task from
// its folder, its direction from its Di/Un folder (Topo directed, Triangle
// undirected), its gold tool, parameters and answer type, and, for EL
// items, its graph file relative to dir.
func ReadGToolsDir(ctx context.Context, dir string) ([]Item, error) {
	published, err := gtoolsdata.Load(ctx, dir)
	if err != nil {
		return nil, err
	}
	items := make([]Item, len(published))
	for i := range published {
		g := &published[i]
		if items[i], err = publishedToItem(g); err != nil {
			return nil, fmt.Errorf("%s: item %d: %w", filepath.Join(dir, filepath.FromSlash(g.File)), g.Index, err)
		}
	}
	return items, nil
}

// publishedToItem converts one published item.
func publishedToItem(g *gtoolsdata.Item) (Item, error) {
	t, err := gtask(g.Task)
	if err != nil {
		return Item{}, err
	}
	directed := g.Directed
	it := Item{Task: t.Folder, Tool: t.Tool, AltTools: t.AltTools, AnswerType: t.Type, Mode: g.Mode,
		Question: g.Prompt, Description: g.Text("description"), GraphFile: g.GraphFile}
	it.Directed = &directed
	idx := strconv.Itoa(g.Index)
	if raw, ok := g.Fields["id"]; ok {
		var v any
		if json.Unmarshal(raw, &v) == nil {
			idx = paramString(v)
		}
	}
	it.ID = g.Mode + "/" + t.relDir(directed) + "/" + idx
	if it.Answer, err = g.Gold(); err != nil {
		return it, err
	}
	params, err := g.Params()
	if err != nil {
		return it, err
	}
	if len(params) > 0 {
		it.Params = make(map[string]any, len(params))
		for k, v := range params {
			it.Params[k] = v
		}
	}
	return it, nil
}
