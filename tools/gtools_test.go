package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
	"github.com/graphagent/graphagent/tools/graph"
)

// gtoolsGraph reads the item's graph: the edge list in the prompt (WL) or
// the edge-list file it names (EL), in the sample folder dir.
func gtoolsGraph(t *testing.T, dir string, it *gtoolsdata.Item) *graph.Graph {
	t.Helper()
	opt := graph.ReadOptions{Directed: it.Directed}
	if it.Mode == gtoolsdata.ModeWL {
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
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(it.GraphFile)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opt.Name = it.GraphFile
	g, err := graph.ReadEdgeList(f, opt)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGToolsSample answers all 400 items of the GTools development sample
// (WL and EL, 20 task folders of 10) by calling the task's tool with the
// gold parameters, and checks the gold answers.
func TestGToolsSample(t *testing.T) {
	dir, items, err := gtoolsdata.LoadSample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	perTask := map[string]int{}
	for i := range items {
		it := &items[i]
		files[it.File] = true
		perTask[it.Mode+"/"+it.Task]++
		t.Run(fmt.Sprintf("%s/%d", it.File, it.Index), func(t *testing.T) {
			checkGToolsItem(t, dir, it)
		})
	}
	for _, task := range gtoolsdata.Tasks() {
		for _, mode := range []string{gtoolsdata.ModeWL, gtoolsdata.ModeEL} {
			if perTask[mode+"/"+task] == 0 {
				t.Errorf("%s/%s: no items", mode, task)
			}
		}
	}
	if len(items) != 400 || len(files) != 40 {
		t.Errorf("answered %d items from %d task folders, want 400 from 40", len(items), len(files))
	}
}

// checkGToolsItem calls the item's tool with its gold parameters and checks
// the result against the gold answer.
func checkGToolsItem(t *testing.T, dir string, it *gtoolsdata.Item) {
	g := gtoolsGraph(t, dir, it)
	tool, _ := gtoolsdata.Tool(it.Task)
	params, err := it.Params()
	if err != nil {
		t.Fatal(err)
	}
	args := map[string]any{}
	for k, v := range params {
		args[k] = v
	}
	gold, err := it.Gold()
	if err != nil {
		t.Fatal(err)
	}
	res, err := runTool(t, tool, g, args)
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	switch it.Task {
	case "Topo":
		var order []json.Number
		if err := json.Unmarshal(gold, &order); err != nil {
			t.Fatalf("gold order %s: %v", gold, err)
		}
		got := res.Value.([]string)
		if msg := checkTopo(g, got); msg != "" {
			t.Error(msg)
		}
		if fmt.Sprint(got) != fmt.Sprint(order) {
			t.Errorf("order %v, gold %v", got, order)
		}
	case "Triangle":
		var sum float64
		if err := json.Unmarshal(gold, &sum); err != nil {
			t.Fatalf("gold sum %s: %v", gold, err)
		}
		ts := res.Value.(TriangleSum)
		if ts.Sum != sum {
			t.Errorf("sum %v, gold %v (triangle %s)", ts.Sum, sum, it.Text("triangle"))
		}
		if msg := checkTriangle(g, ts); msg != "" {
			t.Error(msg)
		}
	case "Shortest_Path":
		var length float64
		if err := json.Unmarshal(gold, &length); err != nil {
			t.Fatal(err)
		}
		if sp := res.Value.(ShortestPath); math.Abs(sp.Length-length) > 1e-9 {
			t.Errorf("length %v, gold %v", sp.Length, length)
		}
	case "Flow":
		var value float64
		if err := json.Unmarshal(gold, &value); err != nil {
			t.Fatal(err)
		}
		mf := res.Value.(MaxFlow)
		c := oracleCase{Args: args}
		if msg := checkFlow(c, g, mf, value); msg != "" {
			t.Error(msg)
		}
	default:
		var want any
		if err := json.Unmarshal(gold, &want); err != nil {
			t.Fatal(err)
		}
		if got := normJSON(res.Value); got != want {
			t.Errorf("%s %v = %v, gold %v", tool, args, got, want)
		}
	}
}
