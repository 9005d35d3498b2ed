package tools

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// buildLabelled builds tg with attr set to the given labels.
func buildLabelled(t *testing.T, tg testGraph, attr string, labels map[string]string) *graph.Graph {
	t.Helper()
	b := graph.NewBuilder(tg.Directed)
	for _, n := range tg.Nodes {
		if _, err := b.AddNode(n); err != nil {
			t.Fatal(err)
		}
		if l, ok := labels[n]; ok {
			if err := b.SetNodeAttr(n, attr, l); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, e := range tg.Edges {
		if _, err := b.AddEdge(e[0], e[1]); err != nil {
			t.Fatal(err)
		}
	}
	return b.Build()
}

func TestPredictNodeLabelMatchesOracle(t *testing.T) {
	gs := randomGraphs(77, 400, genOptions{MaxNodes: 25, SelfLoops: true, Weighted: ptr(false)})
	r := rand.New(rand.NewPCG(11, 12))
	type labelledCase struct {
		labels map[string]string
		attr   string
		goArgs map[string]any
	}
	var cases []oracleCase
	var lcs []labelledCase
	for _, tg := range gs {
		labels := map[string]string{}
		frac := []float64{0.1, 0.3, 0.6}[r.IntN(3)]
		k := 2 + r.IntN(3)
		for _, n := range tg.Nodes {
			if r.Float64() < frac {
				labels[n] = []string{"soccer", "tennis", "chess", "golf"}[r.IntN(k)]
			}
		}
		if len(labels) == 0 {
			labels[tg.Nodes[0]] = "soccer"
		}
		attr := []string{"label", "likes", "class"}[r.IntN(3)]
		goArgs := map[string]any{}
		pyArgs := map[string]any{"labels": labels}
		if r.IntN(4) > 0 {
			n := tg.Nodes[r.IntN(len(tg.Nodes))]
			goArgs["node"], pyArgs["node"] = n, n
		}
		if attr != "label" && r.IntN(2) == 0 {
			goArgs["attribute"] = attr // otherwise found as the only text attribute
		}
		cases = append(cases, oracleCase{Tool: "predict_node_label", Graph: tg, Args: pyArgs})
		lcs = append(lcs, labelledCase{labels, attr, goArgs})
	}
	answers := runOracle(t, cases)
	counts := map[string]int{}
	for i, c := range cases {
		if answers[i].Error != "" {
			t.Fatalf("case %d: oracle raised %s", i, answers[i].Error)
		}
		g := buildLabelled(t, c.Graph, lcs[i].attr, lcs[i].labels)
		res, err := runTool(t, "predict_node_label", g, lcs[i].goArgs)
		if err != nil {
			t.Fatalf("case %d %v: %v\n%s", i, lcs[i].goArgs, err, c.Graph.describe())
		}
		var got any = res.Value
		if nl, ok := res.Value.(NodeLabels); ok {
			if nl.Attribute != lcs[i].attr || nl.Labelled != len(lcs[i].labels) {
				t.Fatalf("case %d: attribute %q labelled %d, want %q %d", i, nl.Attribute, nl.Labelled, lcs[i].attr, len(lcs[i].labels))
			}
			got = nl.Predictions
		}
		gotJSON, _ := json.Marshal(got)
		var gotV, wantV any
		json.Unmarshal(gotJSON, &gotV)
		json.Unmarshal(answers[i].Value, &wantV)
		if !reflect.DeepEqual(gotV, wantV) {
			t.Fatalf("case %d %v labels %v:\n got %s\nwant %s\n%s", i, lcs[i].goArgs, lcs[i].labels, gotJSON, answers[i].Value, c.Graph.describe())
		}
		if p, ok := res.Value.(NodeLabelPrediction); ok {
			switch {
			case len(p.Tied) > 0:
				counts["tie"]++
			default:
				counts[p.Method]++
			}
		} else {
			counts["all nodes"]++
		}
	}
	t.Logf("%d cases agreed with the oracle: %v", len(cases), counts)
	for _, k := range []string{"tie", labelMajority, labelPropagation, labelGiven, "all nodes"} {
		if counts[k] == 0 {
			t.Errorf("no case exercised %q", k)
		}
	}
}

func TestPredictNodeLabelTextsAndErrors(t *testing.T) {
	tg := testGraph{Nodes: []string{"1", "2", "3", "4", "5", "6", "7", "8"}, Edges: [][3]string{
		{"1", "3", ""}, {"2", "3", ""}, {"4", "3", ""}, {"3", "5", ""}, {"5", "6", ""}, {"4", "7", ""}, {"1", "7", ""}}}
	g := buildLabelled(t, tg, "likes", map[string]string{"1": "soccer", "2": "soccer", "4": "tennis"})
	for node, want := range map[string]string{
		"3": "Node 3 probably likes soccer: the majority label of its labelled neighbours (soccer 2, tennis 1).",
		"6": "Node 6 probably likes soccer: it has no labelled neighbour, and label propagation from the labelled nodes gives it soccer at round 3 (neighbours soccer 1).",
		"7": "Node 7's labelled neighbours are tied between soccer and tennis (soccer 1, tennis 1), so what node 7 likes cannot be decided.",
		"8": "No labelled node is connected to node 8, so what node 8 likes cannot be predicted.",
		"1": "Node 1 likes soccer (given).",
	} {
		res, err := runTool(t, "predict_node_label", g, map[string]any{"node": node})
		if err != nil || res.Text != want {
			t.Errorf("node %s: %q, %v\nwant %q", node, res.Text, err, want)
		}
	}
	res, err := runTool(t, "predict_node_label", g, nil)
	if err != nil || !strings.Contains(res.Text, "3: soccer") || !strings.Contains(res.Text, "1 tied") || !strings.Contains(res.Text, "1 unreachable") {
		t.Errorf("all nodes: %q, %v", res.Text, err)
	}
	plain := tg.build(t)
	if _, err := runTool(t, "predict_node_label", plain, map[string]any{"node": "3"}); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("no labels: %v, want ErrNotApplicable", err)
	}
	if _, err := runTool(t, "predict_node_label", g, map[string]any{"node": "3", "attribute": "colour"}); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("absent attribute: %v, want ErrNotApplicable", err)
	}
	b := graph.NewBuilder(false)
	b.SetNodeAttr("a", "likes", "x")
	b.SetNodeAttr("b", "colour", "red")
	b.AddEdge("a", "b")
	if _, err := runTool(t, "predict_node_label", b.Build(), map[string]any{"node": "a"}); !errors.Is(err, ErrBadArgs) || !strings.Contains(err.Error(), "colour, likes") {
		t.Errorf("two text attributes: %v, want ErrBadArgs naming both", err)
	}
	if _, err := runTool(t, "predict_node_label", g, map[string]any{"node": strconv.Itoa(99)}); !errors.Is(err, ErrNodeNotFound) {
		t.Errorf("missing node: %v", err)
	}
}

// readLabels reads node ID -> label from a dataset's nodes.tsv (column col).
func readLabels(t *testing.T, name string, col int) (ids []string, labels map[string]string) {
	t.Helper()
	dir, err := dataset.Path(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dataset.ReadFile(filepath.Join(dir, "nodes.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	labels = map[string]string{}
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if i == 0 || len(f) <= col {
			continue
		}
		ids = append(ids, f[0])
		labels[f[0]] = f[col]
	}
	return ids, labels
}

// readEdges reads a dataset's edges.tsv (first two columns).
func readEdges(t *testing.T, name string) [][3]string {
	t.Helper()
	dir, err := dataset.Path(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dataset.ReadFile(filepath.Join(dir, "edges.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var es [][3]string
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if i > 0 && len(f) >= 2 {
			es = append(es, [3]string{f[0], f[1], ""})
		}
	}
	return es
}

// TestPredictNodeLabelAccuracy measures node classification on real
// labels: leave-one-out on Zachary's karate club (each member's faction
// from the others'), and Cora with 20 labelled papers per class (seeded),
// the rest predicted. It reports accuracy over all held-out nodes, counting
// ties and unreachable nodes as misses, and checks it is well above the
// largest class's share.
func TestPredictNodeLabelAccuracy(t *testing.T) {
	ids, clubs := readLabels(t, "karate", 1)
	tg := testGraph{Nodes: ids, Edges: readEdges(t, "karate")}
	right, tied := 0, 0
	for _, held := range ids {
		known := map[string]string{}
		for id, c := range clubs {
			if id != held {
				known[id] = c
			}
		}
		res, err := runTool(t, "predict_node_label", buildLabelled(t, tg, "club", known), map[string]any{"node": held})
		if err != nil {
			t.Fatal(err)
		}
		p := res.Value.(NodeLabelPrediction)
		switch {
		case p.Label == clubs[held]:
			right++
		case len(p.Tied) > 0:
			tied++
		}
	}
	acc := float64(right) / float64(len(ids))
	t.Logf("karate leave-one-out: %d of %d right (%.3f), %d tied", right, len(ids), acc, tied)
	if acc < 0.75 {
		t.Errorf("karate accuracy %.3f", acc)
	}

	ids, topics := readLabels(t, "cora", 1)
	tg = testGraph{Nodes: ids, Edges: readEdges(t, "cora")}
	r := rand.New(rand.NewPCG(20, 20))
	perm := r.Perm(len(ids))
	perClass := map[string]int{}
	known := map[string]string{}
	classSize := map[string]int{}
	for _, id := range ids {
		classSize[topics[id]]++
	}
	for _, i := range perm {
		id := ids[i]
		if perClass[topics[id]] < 20 {
			perClass[topics[id]]++
			known[id] = topics[id]
		}
	}
	res, err := runTool(t, "predict_node_label", buildLabelled(t, tg, "label", known), nil)
	if err != nil {
		t.Fatal(err)
	}
	var corr, ties, none int
	preds := res.Value.(NodeLabels).Predictions
	for _, p := range preds {
		switch {
		case p.Label == topics[p.Node]:
			corr++
		case len(p.Tied) > 0:
			ties++
		case p.Label == "":
			none++
		}
	}
	largest := 0
	for _, n := range classSize {
		largest = max(largest, n)
	}
	acc = float64(corr) / float64(len(preds))
	t.Logf("cora, %d labelled (20 per class), %d predicted: accuracy %.3f, %d tied, %d unreachable; largest class %.3f",
		len(known), len(preds), acc, ties, none, float64(largest)/float64(len(ids)))
	if acc < 0.5 {
		t.Errorf("cora accuracy %.3f", acc)
	}
}
