package gtoolsdata

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadSample reads the published sample: 400 items in 40 files, every
// task in both modes, directions from the folders, EL graph files that
// exist, and gold parameters and answers for every item.
func TestLoadSample(t *testing.T) {
	dir, items, err := LoadSample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	perTask := map[string]int{}
	for i := range items {
		it := &items[i]
		files[it.File] = true
		perTask[it.Mode+"/"+it.Task]++
		if want := strings.Contains(it.File, "/Di/") || it.Task == "Topo"; it.Directed != want {
			t.Errorf("%s[%d]: directed %v, folder says %v", it.File, it.Index, it.Directed, want)
		}
		switch it.Mode {
		case ModeEL:
			if !strings.HasPrefix(it.GraphRef, "../GTools/Test/EL/") || !strings.HasPrefix(it.GraphFile, "EL/") {
				t.Errorf("%s[%d]: graph %q → %q", it.File, it.Index, it.GraphRef, it.GraphFile)
			}
			if _, err := os.Stat(filepath.Join(dir, it.GraphFile)); err != nil {
				t.Errorf("%s[%d]: %v", it.File, it.Index, err)
			}
		case ModeWL:
			if it.GraphRef != "" || it.GraphFile != "" {
				t.Errorf("%s[%d]: WL item with graph file %q", it.File, it.Index, it.GraphRef)
			}
		}
		params, err := it.Params()
		if err != nil {
			t.Errorf("%s[%d]: %v", it.File, it.Index, err)
		}
		want := map[string]int{"Node_Existence": 1, "Degree_Count": 1, "Edge_Existence": 2,
			"Path_Existence": 2, "Shortest_Path": 2, "Flow": 2}[it.Task]
		if len(params) != want {
			t.Errorf("%s[%d]: params %v, want %d", it.File, it.Index, params, want)
		}
		gold, err := it.Gold()
		if err != nil || !json.Valid(gold) {
			t.Errorf("%s[%d]: gold %s: %v", it.File, it.Index, gold, err)
		}
	}
	if len(items) != ItemCount || len(files) != 40 {
		t.Errorf("%d items in %d files, want %d in 40", len(items), len(files), ItemCount)
	}
	for _, task := range Tasks() {
		for _, mode := range []string{ModeWL, ModeEL} {
			n := 20
			if _, single := SingleDirection(task); single {
				n = 10
			}
			if perTask[mode+"/"+task] != n {
				t.Errorf("%s/%s: %d items, want %d", mode, task, perTask[mode+"/"+task], n)
			}
		}
	}
}

func TestParsePair(t *testing.T) {
	for _, c := range []struct{ in, a, b string }{
		{"(3, 7)", "3", "7"}, {"(3,7)", "3", "7"}, {" ( a , b ) ", "a", "b"}, {"4,5", "4", "5"},
	} {
		a, b, err := ParsePair(c.in)
		if err != nil || a != c.a || b != c.b {
			t.Errorf("ParsePair(%q) = %q, %q, %v; want %q, %q", c.in, a, b, err, c.a, c.b)
		}
	}
	for _, bad := range []string{"", "()", "(3)", "(3,)", "(,3)", "(1,2,3)"} {
		if a, b, err := ParsePair(bad); err == nil {
			t.Errorf("ParsePair(%q) = %q, %q, no error", bad, a, b)
		}
	}
}

func TestStripPrefix(t *testing.T) {
	for in, want := range map[string]string{
		"../GTools/Test/EL/Flow/Di/data/task_0.edgelist": "EL/Flow/Di/data/task_0.edgelist",
		"GTools/Dev/EL/Topo/data/task_1.edgelist":        "EL/Topo/data/task_1.edgelist",
		"EL/Topo/data/task_1.edgelist":                   "EL/Topo/data/task_1.edgelist",
		"/abs/GTools/Test/x.edgelist":                    "/abs/GTools/Test/x.edgelist",
	} {
		if got := StripPrefix(in); got != want {
			t.Errorf("StripPrefix(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestItemFields(t *testing.T) {
	item := func(task, js string) *Item {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(js), &m); err != nil {
			t.Fatal(err)
		}
		return &Item{Task: task, Fields: m}
	}
	if p, err := item("Degree_Count", `{"node": 12}`).Params(); err != nil || p["node"] != "12" {
		t.Errorf("numeric node: %v, %v", p, err)
	}
	if p, err := item("Node_Existence", `{"node": " 7 "}`).Params(); err != nil || p["node"] != "7" {
		t.Errorf("string node: %v, %v", p, err)
	}
	if p, err := item("Flow", `{"path": "(4,2)"}`).Params(); err != nil || p["source"] != "4" || p["sink"] != "2" {
		t.Errorf("flow: %v, %v", p, err)
	}
	for _, bad := range []*Item{
		item("Degree_Count", `{}`), item("Degree_Count", `{"node": null}`), item("Degree_Count", `{"node": [1]}`),
		item("Edge_Existence", `{"edge": 3}`), item("Path_Existence", `{"path": "(1)"}`),
	} {
		if p, err := bad.Params(); err == nil {
			t.Errorf("%s %v: params %v, no error", bad.Task, bad.Fields, p)
		}
	}
	if g, err := item("Topo", `{"topological_sort": "[2, 0, 1]"}`).Gold(); err != nil || string(g) != "[2,0,1]" {
		t.Errorf("topo gold %s, %v", g, err)
	}
	if g, err := item("Triangle", `{"max_triangle_sum": 171, "answer": null}`).Gold(); err != nil || string(g) != "171" {
		t.Errorf("triangle gold %s, %v", g, err)
	}
	if g, err := item("Topo", `{"topological_sort": "[2, 0"}`).Gold(); err == nil {
		t.Errorf("bad topo gold %s, no error", g)
	}
	if g, err := item("Node_Count", `{}`).Gold(); err == nil {
		t.Errorf("missing gold %s, no error", g)
	}
}

// TestReadFileErrors checks that bad layouts are errors naming the file.
func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, body string) string {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if _, err := Load(context.Background(), dir); err == nil {
		t.Error("empty folder: no error")
	}
	for rel, body := range map[string]string{
		"WL/Colouring/Di/c.json":  `[{"prompt": "q"}]`,
		"WL/Flow/f.json":          `[{"prompt": "q"}]`,
		"WL/Flow/Both/f.json":     `[{"prompt": "q"}]`,
		"WL/Flow/Di/f.json":       `{"prompt": "q"}`,
		"WL/Flow/Un/f.json":       `[{"answer": 3}]`,
		"EL/Topo/t.json":          `[{"prompt": "no path here"}]`,
		"EL/Triangle/sub/t.json":  `[{"prompt": "q"}]`,
		"XL/Flow/Di/data/ok.json": `[]`,
	} {
		p := write(rel, body)
		_, err := ReadFile(dir, p)
		if err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: error %v does not name the file", rel, err)
		}
		os.Remove(p)
	}
	p := write("EL/Topo/t.json", `[{"prompt": "the path is \"../GTools/Test/EL/Topo/data/task_0.edgelist\"."}]`)
	items, err := ReadFile(dir, p)
	if err != nil || len(items) != 1 || items[0].GraphFile != "EL/Topo/data/task_0.edgelist" || !items[0].Directed {
		t.Errorf("EL path from the prompt: %+v, %v", items, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Load(ctx, dir); err == nil {
		t.Error("cancelled context: no error")
	}
}
