package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
	"github.com/graphagent/graphagent/tools/graph"
)

// parsedGraph reads an item's graph the way a user would, with the graph
// package's parsers (not the generator's own structure).
func parsedGraph(t *testing.T, dir string, it *Item) *graph.Graph {
	t.Helper()
	s := &Suite{Dir: dir}
	g, err := s.Graph(context.Background(), it)
	if err != nil {
		t.Fatalf("%s: %v", it.ID, err)
	}
	return g
}

// TestGenerateRules checks the GTools construction rules on a generated test
// split written to disk and read back.
func TestGenerateRules(t *testing.T) {
	const n = 20
	ctx := context.Background()
	gen, err := Generate(ctx, GenConfig{Split: SplitTest, N: n, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if want := n * 20 * 2; len(gen) != want {
		t.Fatalf("generated %d items, want %d (20 tasks x 2 modes x %d)", len(gen), want, n)
	}
	dir := t.TempDir()
	if err := WriteGTools(ctx, dir, gen); err != nil {
		t.Fatal(err)
	}
	type groupKey struct{ mode, group string }
	yes := map[groupKey]int{}
	total := map[groupKey]int{}
	phrasings := map[groupKey]map[string]bool{}
	ids := map[string]bool{}
	for i := range gen {
		it := &gen[i].Item
		if ids[it.ID] {
			t.Fatalf("duplicate id %s", it.ID)
		}
		ids[it.ID] = true
		k := groupKey{it.Mode, it.Group()}
		total[k]++
		g := parsedGraph(t, dir, it)
		// Node and edge ranges per mode; every node appears in an edge.
		lo, hi, maxE := WLMinNodes, WLMaxNodes, WLMaxEdges
		if it.Mode == ModeEL {
			lo, hi, maxE = ELMinNodes, ELMaxNodes, ELMaxEdges
			if it.GraphFile == "" || !strings.Contains(it.Question, `"`+it.GraphFile+`"`) {
				t.Fatalf("%s: EL question does not name its file %q", it.ID, it.GraphFile)
			}
			if strings.Contains(it.Question, "[(") {
				t.Fatalf("%s: EL question has the edge list in it", it.ID)
			}
		} else if !strings.Contains(it.Question, "edges are: [(") {
			t.Fatalf("%s: WL question has no edge list", it.ID)
		}
		if g.N() < lo || g.N() > hi || g.M() > maxE {
			t.Errorf("%s: %d nodes, %d edges; want %d..%d nodes, at most %d edges", it.ID, g.N(), g.M(), lo, hi, maxE)
		}
		if g.Directed() != *it.Directed || g.SelfLoops() != 0 {
			t.Errorf("%s: directed=%v self-loops=%d", it.ID, g.Directed(), g.SelfLoops())
		}
		if it.Graph.Nodes != g.N() || it.Graph.Edges != g.M() {
			t.Errorf("%s: recorded shape %+v, parsed %d nodes %d edges", it.ID, *it.Graph, g.N(), g.M())
		}
		// Weights and capacities from 1 to 100.
		if gen[i].task.attr != "" {
			for e := int32(0); int(e) < g.M(); e++ {
				w := g.Weight(e)
				if gen[i].task.attr == "capacity" {
					w = g.Capacity(e)
				}
				if w < MinWeight || w > MaxWeight || w != float64(int(w)) {
					t.Fatalf("%s: edge %d has weight %v", it.ID, e, w)
				}
			}
		}
		// Phrasing: one of the task's five, written into the question.
		if !strings.Contains(it.Question, it.Description) {
			t.Errorf("%s: question lacks its description %q", it.ID, it.Description)
		}
		if phrasings[k] == nil {
			phrasings[k] = map[string]bool{}
		}
		phrasings[k][it.Description] = true
		var ans any
		if err := json.Unmarshal(it.Answer, &ans); err != nil {
			t.Fatal(err)
		}
		if b, ok := ans.(bool); ok && b {
			yes[k]++
		}
		switch it.Task {
		case "Node_Count":
			if ans.(float64) != float64(g.N()) {
				t.Errorf("%s: node count %v, question has %d nodes", it.ID, ans, g.N())
			}
		case "Edge_Count":
			if ans.(float64) != float64(g.M()) {
				t.Errorf("%s: edge count %v, question has %d edges", it.ID, ans, g.M())
			}
		case "Topo":
			// Unique order: consecutive nodes of a valid order are joined by an
			// edge (a Hamiltonian path), and the order is valid.
			order, _ := listOf(ans)
			if v := checkTopo(ans, ans, g); !v.Correct {
				t.Fatalf("%s: gold order invalid: %s", it.ID, v.Reason)
			}
			for j := 0; j+1 < len(order); j++ {
				u, _ := g.Index(order[j])
				v, _ := g.Index(order[j+1])
				if !g.HasEdge(u, v) {
					t.Fatalf("%s: %s and %s are consecutive but not joined, so the order is not unique", it.ID, order[j], order[j+1])
				}
			}
		}
	}
	if len(total) != 40 {
		t.Fatalf("%d mode/task/direction groups, want 40", len(total))
	}
	for k, c := range total {
		if c != n {
			t.Errorf("%v: %d items, want %d", k, c, n)
		}
		if len(phrasings[k]) != 5 {
			t.Errorf("%v: %d phrasings used, want 5", k, len(phrasings[k]))
		}
		task, _, _ := strings.Cut(k.group, "/")
		gt, _ := gtask(task)
		if gt.Type == YesNo && yes[k] != n/2 {
			t.Errorf("%v: %d yes of %d, want exactly half", k, yes[k], c)
		}
	}
	// Every task has five distinct phrasings.
	for _, task := range GToolsTasks() {
		seen := map[string]bool{}
		for _, d := range task.Descriptions {
			if d == "" || seen[d] {
				t.Errorf("%s: empty or repeated phrasing %q", task.Folder, d)
			}
			seen[d] = true
		}
	}

	// The layout reads back as the same items.
	back, err := ReadGToolsDir(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(gen) {
		t.Fatalf("read back %d items, wrote %d", len(back), len(gen))
	}
	byID := map[string]*Item{}
	for i := range gen {
		byID[gen[i].ID] = &gen[i].Item
	}
	for _, b := range back {
		w := byID[b.ID]
		if w == nil {
			t.Fatalf("read back unknown id %s", b.ID)
		}
		if b.Question != w.Question || !bytes.Equal(compactJSON(t, b.Answer), compactJSON(t, w.Answer)) ||
			!reflect.DeepEqual(b.Params, w.Params) || b.GraphFile != w.GraphFile || *b.Directed != *w.Directed || b.Tool != w.Tool {
			t.Fatalf("%s: read back %+v, wrote %+v", b.ID, b, *w)
		}
	}
	plain, err := ReadJSONL(filepath.Join(dir, JSONLName))
	if err != nil || len(plain) != len(gen) {
		t.Fatalf("items.jsonl: %d items, %v", len(plain), err)
	}
}

func compactJSON(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestGenerateReproducible checks that a seed fixes the items, that the
// first k items do not depend on N, and that another seed changes them.
func TestGenerateReproducible(t *testing.T) {
	ctx := context.Background()
	cfg := GenConfig{Split: SplitTrain, N: 12, Seed: 42}
	a, err := Generate(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(ctx, cfg)
	cfg.N = 5
	prefix, _ := Generate(ctx, cfg)
	cfg.N, cfg.Seed = 12, 43
	other, _ := Generate(ctx, cfg)
	same, diff := 0, 0
	pi := 0
	for i := range a {
		if !reflect.DeepEqual(a[i].Item, b[i].Item) {
			t.Fatalf("item %d differs between two runs with the same seed", i)
		}
		if a[i].index < 5 {
			if !reflect.DeepEqual(a[i].Item, prefix[pi].Item) {
				t.Fatalf("item %s differs when fewer items are asked for", a[i].ID)
			}
			pi++
		}
		if a[i].Question == other[i].Question {
			same++
		} else {
			diff++
		}
	}
	if pi != len(prefix) {
		t.Fatalf("prefix has %d items, matched %d", len(prefix), pi)
	}
	if diff < len(a)*9/10 {
		t.Errorf("another seed changed only %d of %d questions", diff, len(a))
	}
}

// TestSplitsDisjoint checks that train and test never share an item (same
// task, graph and parameters), whatever their seeds.
func TestSplitsDisjoint(t *testing.T) {
	ctx := context.Background()
	key := func(gi *GenItem) string {
		// The question without its phrasing identifies the content.
		return gi.Task + "|" + strings.Replace(gi.Question, gi.Description, "", 1)
	}
	seen := map[string]string{}
	for _, seed := range []uint64{1, 2} {
		train, err := Generate(ctx, GenConfig{Split: SplitTrain, N: 60, Seed: seed, Modes: []string{ModeWL}})
		if err != nil {
			t.Fatal(err)
		}
		for i := range train {
			seen[key(&train[i])] = train[i].ID
		}
	}
	for _, seed := range []uint64{1, 2} {
		test, err := Generate(ctx, GenConfig{Split: SplitTest, N: 60, Seed: seed, Modes: []string{ModeWL}})
		if err != nil {
			t.Fatal(err)
		}
		within := map[string]bool{}
		for i := range test {
			k := key(&test[i])
			if id, ok := seen[k]; ok {
				t.Fatalf("test item %s (seed %d) is also train item %s", test[i].ID, seed, id)
			}
			if within[k] {
				t.Fatalf("test item %s repeats within the split", test[i].ID)
			}
			within[k] = true
		}
	}
}

// TestGoldMatchesNetworkX recomputes every gold answer of a small generated
// split with NetworkX (eval/testdata/nx_gold.py).
func TestGoldMatchesNetworkX(t *testing.T) {
	if err := exec.Command("python3", "-c", "import networkx").Run(); err != nil {
		t.Fatalf("python3 with networkx is needed (DESIGN.md, testing): %v", err)
	}
	ctx := context.Background()
	gen, err := Generate(ctx, GenConfig{Split: SplitTest, N: 6, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteGTools(ctx, dir, gen); err != nil {
		t.Fatal(err)
	}
	out, err := exec.CommandContext(ctx, "python3", filepath.Join("testdata", "nx_gold.py"), dir).Output()
	if err != nil {
		t.Fatalf("nx_gold.py: %v", err)
	}
	byID := map[string]*Item{}
	for i := range gen {
		byID[gen[i].ID] = &gen[i].Item
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	count := 0
	for sc.Scan() {
		var r struct {
			ID     string          `json:"id"`
			NX     json.RawMessage `json:"nx"`
			Unique *bool           `json:"unique_topo"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		it := byID[r.ID]
		if it == nil {
			t.Fatalf("unknown id %s", r.ID)
		}
		if !bytes.Equal(compactJSON(t, r.NX), compactJSON(t, it.Answer)) {
			t.Errorf("%s: gold %s, NetworkX %s", r.ID, it.Answer, r.NX)
		}
		if r.Unique != nil && !*r.Unique {
			t.Errorf("%s: topological order is not unique", r.ID)
		}
		count++
	}
	if count != len(gen) {
		t.Fatalf("NetworkX answered %d of %d items", count, len(gen))
	}
}

// TestGenerateBadConfig checks the errors of bad configurations.
func TestGenerateBadConfig(t *testing.T) {
	ctx := context.Background()
	for _, cfg := range []GenConfig{
		{Split: "dev", N: 1},
		{Split: SplitTest, N: 0},
		{Split: SplitTest, N: 1, Modes: []string{"XL"}},
		{Split: SplitTest, N: 1, Tasks: []string{"Colouring"}},
	} {
		if _, err := Generate(ctx, cfg); err == nil {
			t.Errorf("%+v: no error", cfg)
		}
	}
}

// TestReadGToolsSample reads the published sample: 400 items with answers,
// parameters and graph files that exist.
func TestReadGToolsSample(t *testing.T) {
	dir, err := gtoolsdata.SampleDir()
	if err != nil {
		t.Fatal(err)
	}
	items, err := ReadGToolsDir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 400 {
		t.Fatalf("%d items, want 400", len(items))
	}
	s := &Suite{Dir: dir}
	for i := range items {
		it := &items[i]
		g, err := s.Graph(context.Background(), it)
		if err != nil {
			t.Fatal(err)
		}
		if it.Task == "Node_Count" {
			var n float64
			_ = json.Unmarshal(it.Answer, &n)
			if int(n) != g.N() {
				t.Errorf("%s: answer %v, graph has %d nodes", it.ID, n, g.N())
			}
		}
		if it.Task == "Topo" {
			var order []int
			if err := json.Unmarshal(it.Answer, &order); err != nil || len(order) != g.N() {
				t.Errorf("%s: topological answer %s for %d nodes", it.ID, it.Answer, g.N())
			}
		}
		for k, v := range it.Params {
			if _, err := strconv.Atoi(paramString(v)); err != nil {
				t.Errorf("%s: param %s=%v is not a node number", it.ID, k, v)
			}
		}
	}
}

// TestGTasksMatchLayout checks that eval's task families and the layout
// reader agree on every task folder's tool and single direction.
func TestGTasksMatchLayout(t *testing.T) {
	tasks := GToolsTasks()
	if len(tasks) != len(gtoolsdata.Tasks()) {
		t.Errorf("%d task families, the layout has %d task folders", len(tasks), len(gtoolsdata.Tasks()))
	}
	for i := range tasks {
		gt := &tasks[i]
		if tool, ok := gtoolsdata.Tool(gt.Folder); !ok || tool != gt.Tool {
			t.Errorf("%s: tool %q, the layout says %q (%v)", gt.Folder, gt.Tool, tool, ok)
		}
		directed, single := gtoolsdata.SingleDirection(gt.Folder)
		if single != gt.single() || (single && directed != gt.Directed) {
			t.Errorf("%s: single %v directed %v, the layout says single %v directed %v", gt.Folder, gt.single(), gt.Directed, single, directed)
		}
	}
}
