package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/memory/seed"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// gtoolsDir is the GTools development sample, relative to this package.
const gtoolsDir = "../../shared/data/gtools"

// gtoolsTools maps a GTools task folder to its tool and the tools that give
// the same answer (toolx aliases).
var gtoolsTools = map[string][]string{
	"Node_Count":      {"node_count", "order"},
	"Edge_Count":      {"edge_count", "size"},
	"Node_Existence":  {"node_exists"},
	"Edge_Existence":  {"edge_exists"},
	"Degree_Count":    {"degree"},
	"Cycle_Detection": {"cycle_check"},
	"Topo":            {"topological_sort"},
	"Path_Existence":  {"path_exists"},
	"Shortest_Path":   {"shortest_path", "shortest_path_length"},
	"Flow":            {"maximum_flow"},
	"Triangle":        {"maximum_triangle_sum"},
}

type gtoolsItem struct {
	File   string
	Index  int
	Task   string
	Prompt string          `json:"prompt"`
	Answer json.RawMessage `json:"answer"`
	Node   json.Number     `json:"node"`
	Edge   string          `json:"edge"`
	Path   string          `json:"path"`
	Topo   string          `json:"topological_sort"`
	MaxTri *float64        `json:"max_triangle_sum"`
}

var gtoolsPairRe = regexp.MustCompile(`^\(\s*(\w+)\s*,\s*(\w+)\s*\)$`)

// goldArgs are the item's parameters as the tool names them.
func (it gtoolsItem) goldArgs() map[string]string {
	pair := func(s string) (string, string) {
		m := gtoolsPairRe.FindStringSubmatch(strings.TrimSpace(s))
		if m == nil {
			return "", ""
		}
		return m[1], m[2]
	}
	switch it.Task {
	case "Node_Existence", "Degree_Count":
		return map[string]string{"node": it.Node.String()}
	case "Edge_Existence":
		a, b := pair(it.Edge)
		return map[string]string{"source": a, "target": b}
	case "Path_Existence", "Shortest_Path":
		a, b := pair(it.Path)
		return map[string]string{"source": a, "target": b}
	case "Flow":
		a, b := pair(it.Path)
		return map[string]string{"source": a, "sink": b}
	}
	return map[string]string{}
}

func loadGToolsItems(t testing.TB) []gtoolsItem {
	t.Helper()
	var files []string
	for _, kind := range []string{"WL", "EL"} {
		a, _ := filepath.Glob(filepath.Join(gtoolsDir, kind, "*", "*.json"))
		b, _ := filepath.Glob(filepath.Join(gtoolsDir, kind, "*", "*", "*.json"))
		files = append(files, a...)
		files = append(files, b...)
	}
	var out []gtoolsItem
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var items []gtoolsItem
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.UseNumber()
		if err := dec.Decode(&items); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		rel, _ := filepath.Rel(gtoolsDir, f)
		rel = filepath.ToSlash(rel)
		for i := range items {
			items[i].File, items[i].Index, items[i].Task = rel, i, strings.Split(rel, "/")[1]
			out = append(out, items[i])
		}
	}
	if len(out) != 400 {
		t.Fatalf("%d GTools items under %s, want 400", len(out), gtoolsDir)
	}
	return out
}

// seededStore is an in-memory long-term memory seeded once per test binary.
var seededStore = sync.OnceValues(func() (*memory.Store, error) {
	ctx := context.Background()
	set, err := seed.Generate(ctx, tools.Catalogue(), seed.Options{})
	if err != nil {
		return nil, err
	}
	corpus := make([]string, len(set.Examples))
	for i, ex := range set.Examples {
		corpus[i] = ex.Question
	}
	s, err := memory.NewInMemory(memory.DefaultEmbedder(corpus))
	if err != nil {
		return nil, err
	}
	return s, s.AddExamples(ctx, set.Examples)
})

// newGToolsAgent is a builtin agent whose sandbox is the GTools folder, with
// the benchmark's "../GTools/Test/" prefix stripped from file paths.
func newGToolsAgent(t testing.TB) *Agent {
	t.Helper()
	sb, err := graph.NewSandbox(gtoolsDir)
	if err != nil {
		t.Fatal(err)
	}
	store, err := seededStore()
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(context.Background(), Config{
		Memory: store, Sandbox: sb,
		PathRewrite: func(p string) string { return strings.TrimPrefix(p, "../GTools/Test/") },
	})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// edgeStrings renders g's edges as the truth script does.
func edgeStrings(g *graph.Graph) []string {
	out := make([]string, 0, g.M())
	for e := int32(0); int(e) < g.M(); e++ {
		u, v := g.Edge(e)
		a, b := g.ID(u), g.ID(v)
		if !g.Directed() && b < a {
			a, b = b, a
		}
		s := a + "-" + b
		switch {
		case g.Weighted():
			s += ":" + strconv.FormatFloat(g.Weight(e), 'g', -1, 64)
		case g.HasCapacities():
			s += ":" + strconv.FormatFloat(g.Capacity(e), 'g', -1, 64)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// checkGToolsAnswer compares the agent's value with the gold answer:
// bool/int exactly, the weighted shortest-path length, a valid topological
// order equal to the (unique) gold one, the flow value, the triangle sum.
func checkGToolsAnswer(it gtoolsItem, ans *Answer) string {
	b, err := json.Marshal(ans.Value)
	if err != nil {
		return err.Error()
	}
	var v any
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return err.Error()
	}
	num := func(x any) (float64, bool) {
		switch x := x.(type) {
		case json.Number:
			f, err := x.Float64()
			return f, err == nil
		case map[string]any:
			for _, k := range []string{"length", "value", "flow_value", "sum"} {
				if n, ok := x[k].(json.Number); ok {
					f, err := n.Float64()
					return f, err == nil
				}
			}
		}
		return 0, false
	}
	var gold any
	gd := json.NewDecoder(strings.NewReader(string(it.Answer)))
	gd.UseNumber()
	switch it.Task {
	case "Topo":
		var order []json.Number
		if err := json.Unmarshal([]byte(it.Topo), &order); err != nil {
			return "gold order: " + err.Error()
		}
		if fmt.Sprint(v) != fmt.Sprint(toAny(order)) {
			return fmt.Sprintf("order %v, gold %v", v, order)
		}
		return ""
	case "Triangle":
		got, ok := num(v)
		if !ok || it.MaxTri == nil || got != *it.MaxTri {
			return fmt.Sprintf("triangle %v, gold sum %v", v, it.MaxTri)
		}
		return ""
	}
	if len(it.Answer) == 0 {
		return "no gold answer"
	}
	if err := gd.Decode(&gold); err != nil {
		return "gold: " + err.Error()
	}
	switch g := gold.(type) {
	case bool:
		if got, ok := v.(bool); !ok || got != g {
			return fmt.Sprintf("%v, gold %v", v, g)
		}
	case json.Number:
		want, _ := g.Float64()
		got, ok := num(v)
		if !ok || math.Abs(got-want) > 1e-9 {
			return fmt.Sprintf("%v, gold %v", v, g)
		}
	default:
		return fmt.Sprintf("unexpected gold %v", gold)
	}
	return ""
}

func toAny(ns []json.Number) []any {
	out := make([]any, len(ns))
	for i, n := range ns {
		out[i] = n.String()
	}
	return out
}

// TestGToolsBuiltin answers all 400 GTools sample items with the builtin
// backend and checks answers, graphs (edge sets against a Python truth),
// tools and parameters.
func TestGToolsBuiltin(t *testing.T) {
	items := loadGToolsItems(t)
	out, err := exec.Command("python3", "testdata/gtools_truth.py", gtoolsDir).Output()
	if err != nil {
		t.Fatalf("truth script (python3 is needed): %v", err)
	}
	var truth struct {
		Items []struct {
			File     string   `json:"file"`
			Index    int      `json:"index"`
			Directed bool     `json:"directed"`
			Edges    []string `json:"edges"`
		} `json:"items"`
	}
	if err := json.Unmarshal(out, &truth); err != nil {
		t.Fatal(err)
	}
	type key struct {
		file  string
		index int
	}
	edges := map[key][]string{}
	for _, tr := range truth.Items {
		edges[key{tr.File, tr.Index}] = tr.Edges
	}
	a := newGToolsAgent(t)
	ctx := context.Background()
	var okAnswer, okGraph, okTool, okToolStrict, okParams, llmCalls int
	for _, it := range items {
		name := fmt.Sprintf("%s[%d]", it.File, it.Index)
		ans, err := a.Ask(ctx, it.Prompt)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		llmCalls += int(ans.LLMCalls)
		want, ok := edges[key{it.File, it.Index}]
		if !ok {
			t.Fatalf("%s: missing from the truth", name)
		}
		if g := ans.GraphUsed(); g != nil && slices.Equal(edgeStrings(g), want) {
			okGraph++
		} else {
			t.Logf("%s: graph differs from the truth", name)
		}
		gold := gtoolsTools[it.Task]
		if ans.Tool == gold[0] {
			okToolStrict++
		}
		if slices.Contains(gold, ans.Tool) {
			okTool++
			var args map[string]any
			_ = json.Unmarshal(ans.Args, &args)
			match := true
			for k, v := range it.goldArgs() {
				if fmt.Sprint(args[k]) != v {
					match = false
				}
			}
			if match {
				okParams++
			} else {
				t.Logf("%s: args %s, gold %v", name, ans.Args, it.goldArgs())
			}
		} else {
			t.Logf("%s: tool %q, gold %v (%s)", name, ans.Tool, gold, traceOf(ans, "tool"))
		}
		if msg := checkGToolsAnswer(it, ans); msg != "" {
			t.Logf("%s: wrong answer: %s", name, msg)
		} else {
			okAnswer++
		}
	}
	n := float64(len(items))
	t.Logf("GTools builtin over %d items: answer %.2f%%, graph %.2f%%, tool %.2f%% (strict name %.2f%%), params %.2f%%",
		len(items), 100*float64(okAnswer)/n, 100*float64(okGraph)/n, 100*float64(okTool)/n, 100*float64(okToolStrict)/n, 100*float64(okParams)/n)
	if float64(okAnswer) < 0.99*n {
		t.Errorf("answer accuracy %d/%d below 99%%", okAnswer, len(items))
	}
	if float64(okGraph) < 0.995*n {
		t.Errorf("graph accuracy %d/%d below 99.5%%", okGraph, len(items))
	}
	if llmCalls != 0 {
		t.Errorf("the builtin backend made %d LLM calls", llmCalls)
	}
}

// traceOf returns the detail of the trace's step, for failure messages.
func traceOf(ans *Answer, step string) string {
	for _, e := range ans.Trace {
		if e.Step == step {
			return e.Detail
		}
	}
	return ""
}
