package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/memory/seed"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

// gtoolsSample is the GTools development sample beside the clone.
func gtoolsSample(t testing.TB) string {
	t.Helper()
	dir, err := gtoolsdata.SampleDir()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// gtoolsAliases are the tools that give the same answer as a task's tool
// (toolx aliases).
var gtoolsAliases = map[string][]string{
	"Node_Count":    {"order"},
	"Edge_Count":    {"size"},
	"Shortest_Path": {"shortest_path_length"},
}

// goldTools returns the task's tool, then its aliases.
func goldTools(task string) []string {
	tool, _ := gtoolsdata.Tool(task)
	return append([]string{tool}, gtoolsAliases[task]...)
}

// gtoolsItem is a sample item with its gold parameters (as the tool names
// them) and gold answer.
type gtoolsItem struct {
	gtoolsdata.Item
	Args map[string]string
	Gold json.RawMessage
}

func loadGToolsItems(t testing.TB) []gtoolsItem {
	t.Helper()
	dir, items, err := gtoolsdata.LoadSample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 400 {
		t.Fatalf("%d GTools items under %s, want 400", len(items), dir)
	}
	out := make([]gtoolsItem, len(items))
	for i, it := range items {
		out[i].Item = it
		if out[i].Args, err = it.Params(); err != nil {
			t.Fatalf("%s[%d]: %v", it.File, it.Index, err)
		}
		if out[i].Gold, err = it.Gold(); err != nil {
			t.Fatalf("%s[%d]: %v", it.File, it.Index, err)
		}
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
	return newBuiltinAgent(t, gtoolsdata.StripPrefix, gtoolsSample(t))
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
	gd := json.NewDecoder(strings.NewReader(string(it.Gold)))
	gd.UseNumber()
	switch it.Task {
	case "Topo":
		var order []json.Number
		if err := json.Unmarshal(it.Gold, &order); err != nil {
			return "gold order: " + err.Error()
		}
		if fmt.Sprint(v) != fmt.Sprint(toAny(order)) {
			return fmt.Sprintf("order %v, gold %v", v, order)
		}
		return ""
	case "Triangle":
		var sum float64
		if err := json.Unmarshal(it.Gold, &sum); err != nil {
			return "gold sum: " + err.Error()
		}
		if got, ok := num(v); !ok || got != sum {
			return fmt.Sprintf("triangle %v, gold sum %v", v, sum)
		}
		return ""
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
	out, err := exec.Command("python3", "testdata/gtools_truth.py", gtoolsSample(t)).Output()
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
		gold := goldTools(it.Task)
		if ans.Tool == gold[0] {
			okToolStrict++
		}
		if slices.Contains(gold, ans.Tool) {
			okTool++
			var args map[string]any
			_ = json.Unmarshal(ans.Args, &args)
			match := true
			for k, v := range it.Args {
				if fmt.Sprint(args[k]) != v {
					match = false
				}
			}
			if match {
				okParams++
			} else {
				t.Logf("%s: args %s, gold %v", name, ans.Args, it.Args)
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
