package tools

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/graph"
)

// gtoolsDir is the GTools development sample, beside the clone (shared/ is
// next to the repository on developer machines and in CI).
const gtoolsDir = "../../shared/data/gtools"

// gtoolsItem holds the fields of a GTools item that the tools need.
type gtoolsItem struct {
	Prompt       string          `json:"prompt"`
	Answer       json.RawMessage `json:"answer"`
	Node         json.Number     `json:"node"`
	Edge         string          `json:"edge"`
	Path         string          `json:"path"`
	FilePath     string          `json:"file_path"`
	TopoSort     string          `json:"topological_sort"`
	MaxTriangle  *float64        `json:"max_triangle_sum"`
	TriangleGold string          `json:"triangle"`
}

// gtoolsTask maps a GTools task folder to the tool that answers it.
var gtoolsTasks = map[string]string{
	"Node_Count":      "node_count",
	"Edge_Count":      "edge_count",
	"Node_Existence":  "node_exists",
	"Edge_Existence":  "edge_exists",
	"Degree_Count":    "degree",
	"Cycle_Detection": "cycle_check",
	"Topo":            "topological_sort",
	"Path_Existence":  "path_exists",
	"Shortest_Path":   "shortest_path",
	"Flow":            "maximum_flow",
	"Triangle":        "maximum_triangle_sum",
}

var (
	gtoolsFileRe = regexp.MustCompile(`the path is "?([^"\s]+?\.edgelist)`)
	gtoolsPairRe = regexp.MustCompile(`^\(\s*(\w+)\s*,\s*(\w+)\s*\)$`)
)

// gtoolsGraph reads the item's graph: the edge list in the prompt (WL) or
// the edge-list file it names (EL).
func gtoolsGraph(t *testing.T, split string, it gtoolsItem, directed bool) *graph.Graph {
	t.Helper()
	opt := graph.ReadOptions{Directed: directed}
	if split == "WL" {
		start, end, ok := graph.FindPythonEdgeList(it.Prompt)
		if !ok {
			t.Fatalf("no edge list in prompt %.200q", it.Prompt)
		}
		g, err := graph.ParsePythonEdges(it.Prompt[start:end], opt)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	p := it.FilePath
	if p == "" {
		m := gtoolsFileRe.FindStringSubmatch(it.Prompt)
		if m == nil {
			t.Fatalf("no file path in prompt %.300q", it.Prompt)
		}
		p = m[1]
	}
	rel, ok := strings.CutPrefix(p, "../GTools/Test/")
	if !ok {
		t.Fatalf("unexpected file path %q", p)
	}
	f, err := os.Open(filepath.Join(gtoolsDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opt.Name = rel
	g, err := graph.ReadEdgeList(f, opt)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func gtoolsPair(t *testing.T, s string) (string, string) {
	t.Helper()
	m := gtoolsPairRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		t.Fatalf("bad node pair %q", s)
	}
	return m[1], m[2]
}

// TestGToolsSample answers all 400 items of the GTools development sample
// (WL and EL, 20 task folders of 10) by calling the task's tool with the
// gold parameters, and checks the gold answers.
func TestGToolsSample(t *testing.T) {
	if _, err := os.Stat(gtoolsDir); err != nil {
		t.Fatalf("the GTools sample must be beside the clone at %s: %v", gtoolsDir, err)
	}
	total := 0
	folders := 0
	for _, split := range []string{"WL", "EL"} {
		for task, tool := range gtoolsTasks {
			files, err := filepath.Glob(filepath.Join(gtoolsDir, split, task, "*.json"))
			if err != nil {
				t.Fatal(err)
			}
			sub, _ := filepath.Glob(filepath.Join(gtoolsDir, split, task, "*", "*.json"))
			files = append(files, sub...)
			if len(files) == 0 {
				t.Errorf("%s/%s: no item files", split, task)
			}
			for _, file := range files {
				folders++
				rel, _ := filepath.Rel(gtoolsDir, file)
				directed := strings.Contains(rel, "/Di/") || task == "Topo"
				raw, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				var items []gtoolsItem
				dec := json.NewDecoder(strings.NewReader(string(raw)))
				dec.UseNumber()
				if err := dec.Decode(&items); err != nil {
					t.Fatalf("%s: %v", rel, err)
				}
				for i, it := range items {
					total++
					t.Run(fmt.Sprintf("%s/%d", rel, i), func(t *testing.T) {
						checkGToolsItem(t, split, task, tool, it, directed)
					})
				}
			}
		}
	}
	if total != 400 || folders != 40 {
		t.Errorf("answered %d items from %d task folders, want 400 from 40", total, folders)
	}
}

func checkGToolsItem(t *testing.T, split, task, tool string, it gtoolsItem, directed bool) {
	g := gtoolsGraph(t, split, it, directed)
	args := map[string]any{}
	switch task {
	case "Node_Existence", "Degree_Count":
		args["node"] = it.Node.String()
	case "Edge_Existence":
		args["source"], args["target"] = gtoolsPair(t, it.Edge)
	case "Path_Existence", "Shortest_Path":
		args["source"], args["target"] = gtoolsPair(t, it.Path)
	case "Flow":
		args["source"], args["sink"] = gtoolsPair(t, it.Path)
	}
	res, err := runTool(t, tool, g, args)
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	switch task {
	case "Topo":
		var gold []json.Number
		if err := json.Unmarshal([]byte(it.TopoSort), &gold); err != nil {
			t.Fatalf("gold order %q: %v", it.TopoSort, err)
		}
		got := res.Value.([]string)
		if msg := checkTopo(g, got); msg != "" {
			t.Error(msg)
		}
		if fmt.Sprint(got) != fmt.Sprint(gold) {
			t.Errorf("order %v, gold %v", got, gold)
		}
	case "Triangle":
		ts := res.Value.(TriangleSum)
		if it.MaxTriangle == nil || ts.Sum != *it.MaxTriangle {
			t.Errorf("sum %v, gold %v (triangle %s)", ts.Sum, it.MaxTriangle, it.TriangleGold)
		}
		if msg := checkTriangle(g, ts); msg != "" {
			t.Error(msg)
		}
	case "Shortest_Path":
		var gold float64
		if err := json.Unmarshal(it.Answer, &gold); err != nil {
			t.Fatal(err)
		}
		if sp := res.Value.(ShortestPath); math.Abs(sp.Length-gold) > 1e-9 {
			t.Errorf("length %v, gold %v", sp.Length, gold)
		}
	case "Flow":
		var gold float64
		if err := json.Unmarshal(it.Answer, &gold); err != nil {
			t.Fatal(err)
		}
		mf := res.Value.(MaxFlow)
		c := oracleCase{Args: args}
		if msg := checkFlow(c, g, mf, gold); msg != "" {
			t.Error(msg)
		}
	default:
		var gold any
		if err := json.Unmarshal(it.Answer, &gold); err != nil {
			t.Fatal(err)
		}
		if got := normJSON(res.Value); got != gold {
			t.Errorf("%s %v = %v, gold %v", tool, args, got, gold)
		}
	}
}
