package statement

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// testGraphs is a stand-in "gpr" hub for the executor's plumbing tests:
// two graphs written out by hand with NetworkX's labels.
func testGraphs(builds *int) Hub {
	return NamedGraphs{Build: func(name string) (*graph.Graph, error) {
		*builds++
		var edges [][2]string
		switch name {
		case "bull_graph": // nx.bull_graph()
			edges = [][2]string{{"0", "1"}, {"0", "2"}, {"1", "2"}, {"1", "3"}, {"2", "4"}}
		case "path_graph": // nx.path_graph(4)
			edges = [][2]string{{"0", "1"}, {"1", "2"}, {"2", "3"}}
		default:
			return nil, fmt.Errorf("test hub has no %q", name)
		}
		b := graph.NewBuilder(false)
		for _, e := range edges {
			if _, err := b.AddEdge(e[0], e[1]); err != nil {
				return nil, err
			}
		}
		g := b.Build()
		g.SetName(name)
		return g, nil
	}}
}

func execute(t *testing.T, e *Executor, sentence string) (*Outcome, error) {
	t.Helper()
	st, err := Parse(sentence)
	if err != nil {
		t.Fatalf("%s: %v", sentence, err)
	}
	return e.Execute(context.Background(), st)
}

func TestExecuteWritesResultsIntoTheSentence(t *testing.T) {
	builds := 0
	e := NewExecutor(Config{Hubs: map[string]Hub{"gpr": testGraphs(&builds)}})
	cases := []struct{ in, want string }{
		{`The radius of the bull graph is [GR(GL("gpr", {"bull_graph"}), "toolx:radius")-->r].`, "The radius of the bull graph is 2."},
		{`It has [GR(GL("gpr", {"bull_graph"}), "toolx:order")-->r] nodes and [GR(GL("gpr", {"bull_graph"}), "toolx:size")] edges.`, "It has 5 nodes and 5 edges."},
		{`Density [GR(GL("gpr", {"bull_graph"}), "toolx:density")-->r].`, "Density 0.5."},
		{`Eccentricities [GR(GL("gpr", {"bull_graph"}), "toolx:eccentricity")-->r].`, "Eccentricities {0: 2, 1: 2, 2: 2, 3: 3, 4: 3}."},
		{`Node 3: [GR(GL("gpr", {"bull_graph"}), "toolx:eccentricity", "node#3")-->r].`, "Node 3: 3."},
		{`Center [GR(GL("gpr", {"bull_graph"}), "toolx:center")-->r], periphery [GR(GL("gpr", {"bull_graph"}), "toolx:periphery")].`, "Center [0, 1, 2], periphery [3, 4]."},
		{`From 3 to 4: [GR(GL("gpr", {"bull_graph"}), "toolx:shortest-path", "node#3", "node#4")-->r].`, "From 3 to 4: 3."},
		{`Average [GR(GL("gpr", {"path_graph"}), "toolx:avg_path_length")-->r].`, "Average 1.6666666666666667."},
		{`Spaced refs [GR(GL("gpr", {"path_graph"}), toolx:shortest_path, node #0, node #3) -> r].`, "Spaced refs 3."},
		{`Named [GR(GL("gpr", {"path_graph"}), "toolx:shortest_path", source: "node#0", target: "node#2")-->r].`, "Named 2."},
	}
	for _, c := range cases {
		out, err := execute(t, e, c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if out.Text != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, out.Text, c.want)
		}
	}
	if builds != 2 {
		t.Errorf("the hub built %d graphs for 2 distinct names; each should be loaded once", builds)
	}
}

func TestExecuteOutcome(t *testing.T) {
	builds := 0
	e := NewExecutor(Config{Hubs: map[string]Hub{"gpr": testGraphs(&builds)}})
	out, err := execute(t, e, `The eccentricity [GR(GL("gpr", {"bull_graph"}), "toolx:eccentricity")] equals the radius [GR(GL("gpr", {"bull_graph"}), "toolx:radius")] for [GR(GL("gpr", {"bull_graph"}), "toolx:center")-->r].`)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Calls) != 3 {
		t.Fatalf("%d calls", len(out.Calls))
	}
	if out.Calls[1].Tool != "radius" || out.Calls[1].Result != 2 || out.Calls[1].Display != "2" {
		t.Errorf("second call %+v", out.Calls[1])
	}
	if got, ok := out.Result.([]string); !ok || strings.Join(got, ",") != "0,1,2" {
		t.Errorf("result %#v, want the -->r call's [0 1 2]", out.Result)
	}
	if len(out.Loads) != 3 || out.Loads[0].Cached || !out.Loads[1].Cached || !out.Loads[2].Cached || out.Loads[0].Nodes != 5 {
		t.Errorf("loads %+v: want one load then two cached", out.Loads)
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"statement", "calls", "result", "text"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, b)
		}
	}
	call := m["calls"].([]any)[0].(map[string]any)
	for _, k := range []string{"call", "tool", "args", "result"} {
		if _, ok := call[k]; !ok {
			t.Errorf("call JSON lacks %q: %v", k, call)
		}
	}
}

func TestExecuteBindsResults(t *testing.T) {
	builds := 0
	e := NewExecutor(Config{Hubs: map[string]Hub{"gpr": testGraphs(&builds)}})
	// A graph bound by one call and used by the next, and a number bound
	// by -->k and used as the next call's node.
	out, err := execute(t, e, `[GL("gpr", {"path_graph"})-->G] The radius [GR(G, "toolx:radius")-->k] and node k's eccentricity [GR(G, "toolx:eccentricity", k)-->r].`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "The radius 2 and node k's eccentricity 2." {
		t.Errorf("text %q", out.Text)
	}
	if out.Result != 2 {
		t.Errorf("result %#v", out.Result)
	}
	if got := string(out.Calls[2].Args); got != `{"node":2}` {
		t.Errorf("args %s", got)
	}
	// A GR result as another call's argument, nested.
	out, err = execute(t, e, `[GR(GL("gpr", {"path_graph"}), "toolx:eccentricity", GR(GL("gpr", {"path_graph"}), "toolx:min_path_length"))-->r]`)
	if err != nil {
		t.Fatal(err)
	}
	// min_path_length of P4 is 1, and node 1's eccentricity is 2.
	if out.Text != "2" {
		t.Errorf("text %q", out.Text)
	}
	_, err = execute(t, e, `[GR(H, "toolx:radius")-->r]`)
	if !errors.Is(err, ErrBadCall) {
		t.Errorf("unbound name: got %v, want ErrBadCall", err)
	}
}

func TestExecuteErrors(t *testing.T) {
	builds := 0
	e := NewExecutor(Config{Hubs: map[string]Hub{"gpr": testGraphs(&builds)}})
	cases := []struct {
		in     string
		want   error
		column int
		says   string
	}{
		{`Topic [GR(GL("gpr", {"bull_graph"}), "graph_bert:topic", paper#1)-->r].`, ErrToolNotAvailable, 7, "learned tool"},
		{`Function [GR(GL("gpr", {"bull_graph"}), "seg-bert:molecule-function", instance#1)-->r].`, ErrToolNotAvailable, 10, "seg_bert"},
		{`x [GR(GL("gpr", {"bull_graph"}), "transe:tail_entity", entity#a, relation#b)-->r]`, ErrToolNotAvailable, 3, "transe"},
		{`x [GR(GL("gpr", {"bull_graph"}), "toolx:colour")-->r]`, ErrUnknownTool, 3, "toolx:radius"},
		{`x [GR(GL("gpr", {"no_such_graph"}), "toolx:radius")-->r]`, nil, 3, "no_such_graph"},
		{`x [GR(GL("pubmed"), "toolx:order")-->r]`, ErrUnknownGraph, 3, "no datasets are configured"},
		{`x [GR(GL("gpr", {"bull_graph"}), "toolx:eccentricity", "node#9")-->r]`, tools.ErrNodeNotFound, 3, "9"},
		{`x [GR(GL("gpr", {"bull_graph"}), "toolx:radius", "node#1")-->r]`, tools.ErrBadArgs, 3, "too many"},
		{`x [GR(GL("gpr", {"bull_graph"}))-->r]`, ErrBadCall, 3, "tool name"},
		{`x [GR(GL("gpr", {"bull_graph", "path_graph"}), "toolx:radius")-->r]`, ErrBadCall, 3, "one graph name"},
	}
	for _, c := range cases {
		_, err := execute(t, e, c.in)
		var ce *CallError
		if !errors.As(err, &ce) {
			t.Errorf("%s: got %v, want a *CallError", c.in, err)
			continue
		}
		if c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.in, err, c.want)
		}
		if ce.Column != c.column || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: got column %d, %q; want column %d, mentioning %q", c.in, ce.Column, err, c.column, c.says)
		}
	}
}

func datasetsForTest(t *testing.T) *Datasets {
	t.Helper()
	dir, err := dataset.Dir()
	if err != nil {
		t.Fatal(err)
	}
	sb, err := graph.NewSandbox(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	return NewDatasets(sb)
}

func TestExecuteDatasets(t *testing.T) {
	e := NewExecutor(Config{Datasets: datasetsForTest(t)})
	out, err := execute(t, e, `The karate club has [GR(GL("karate"), "toolx:order")-->r] members and [GR(GL("Karate"), "toolx:size")] ties.`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "The karate club has 34 members and 78 ties." {
		t.Errorf("text %q", out.Text)
	}
	if len(out.Loads) != 2 || out.Loads[0].Cached || out.Loads[0].Bytes <= 0 || out.Loads[0].Source != "karate/edges.tsv" {
		t.Errorf("loads %+v", out.Loads)
	}
	// A second statement: the dataset is not read again.
	out, err = execute(t, e, `[GR(GL("karate", {"1", "2", "3"}), "toolx:size")-->r] links among three members.`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "3 links among three members." {
		t.Errorf("text %q", out.Text)
	}
	if len(out.Loads) != 1 || !out.Loads[0].Cached || out.Loads[0].Took != 0 {
		t.Errorf("loads %+v: want the cached karate graph", out.Loads)
	}
	for _, c := range []struct {
		in   string
		want error
		says string
	}{
		{`[GR(GL("pubmed"), "graph_bert:topic", paper#45)-->r]`, ErrToolNotAvailable, "learned"},
		{`[GL("pubmed")]`, ErrNotShipped, "cora"},
		{`[GL("Last.fm")]`, ErrNotShipped, "wordnet"},
		{`[GL("criminal-network-dataset", {"Sinaloa cartel"}, "all links")]`, ErrUnknownGraph, "karate"},
		{`[GL("karate", {"1", "999"})]`, graph.ErrNodeNotFound, "999"},
		{`[GL("karate", "all members", {("1", "34")})]`, ErrBadSubset, "no link"},
		{`[GL("karate", "Artificial Intelligence")]`, graph.ErrNodeNotFound, "Artificial Intelligence"},
	} {
		_, err := execute(t, e, c.in)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: got %v, want %v mentioning %q", c.in, err, c.want, c.says)
		}
	}
	out, err = execute(t, e, `The [GL("karate", "all members", {("1", "2"), ("1", "3")})] club.`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "The club." || out.Calls[0].Tool != "load" {
		t.Errorf("text %q, calls %+v", out.Text, out.Calls)
	}
	if res := out.Calls[0].Result.(map[string]any); res["nodes"] != 34 || res["edges"] != 2 {
		t.Errorf("subset graph %v, want 34 nodes and 2 links", res)
	}
}

func TestExecuteGraphFiles(t *testing.T) {
	e := NewExecutor(Config{Datasets: datasetsForTest(t)})
	out, err := execute(t, e, `[GR(GL("karate/edges.tsv"), "toolx:order")-->r] nodes, [GR(GL(file-path:"football/edges.tsv"), "toolx:size")] edges.`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "34 nodes, 613 edges." || out.Loads[0].Source != "karate/edges.tsv" || out.Loads[0].Hub != "file" {
		t.Errorf("text %q, loads %+v", out.Text, out.Loads)
	}
	for _, c := range []struct {
		in   string
		want error
	}{
		{`[GL("../go.mod")]`, graph.ErrOutsideSandbox},
		{`[GL("/etc/passwd")]`, graph.ErrOutsideSandbox},
		{`[GL("karate/none.tsv")]`, fs.ErrNotExist},
	} {
		if _, err := execute(t, e, c.in); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.in, err, c.want)
		}
	}
}

func TestExecuteDatasetOutsideTheDataFolders(t *testing.T) {
	sb, err := graph.NewSandbox(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	e := NewExecutor(Config{Datasets: NewDatasets(sb)})
	_, err = execute(t, e, `[GR(GL("cora"), "toolx:order")-->r]`)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "holds cora/") {
		t.Errorf("got %v, want a missing-file error saying which folder to give", err)
	}
}

// TestExecuteRatingsDataset loads MovieTweetings' ratings as the bipartite
// graph of users u<ID> and movies i<ID>, and checks it against the file.
func TestExecuteRatingsDataset(t *testing.T) {
	e := NewExecutor(Config{Datasets: datasetsForTest(t)})
	out, err := execute(t, e, `[GR(GL("movietweetings"), "toolx:order")-->n] nodes and [GR(GL("movietweetings"), "toolx:size")-->r] ratings.`)
	if err != nil {
		t.Fatal(err)
	}
	p, err := dataset.Path("movietweetings", "ratings.tsv")
	if err != nil {
		t.Fatal(err)
	}
	b, err := dataset.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	nodes, edges := map[string]bool{}, map[string]bool{}
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		nodes["u"+f[0]], nodes["i"+f[1]] = true, true
		edges[f[0]+" "+f[1]] = true
	}
	if want := fmt.Sprintf("%d nodes and %d ratings.", len(nodes), len(edges)); out.Text != want {
		t.Errorf("got %q, want %q", out.Text, want)
	}
	out, err = execute(t, e, `[GR(GL("movietweetings", {user#u1, "i1074638", "i1853728"}), "toolx:size")-->r]`)
	if err != nil {
		t.Fatal(err)
	}
	if out.Text != "2" {
		t.Errorf("user 1's ratings of two movies: %q", out.Text)
	}
}

func TestFormatResult(t *testing.T) {
	cases := []struct {
		v    any
		want string
	}{
		{2, "2"},
		{1.0, "1.0"},
		{0.15789473684210525, "0.15789473684210525"},
		{1e-05, "1e-05"},
		{123456789.0, "123456789.0"},
		{1e16, "1e+16"},
		{[]string{"0", "1"}, "[0, 1]"},
		{[]string{"a", "07"}, "['a', '07']"},
		{map[string]int{"10": 1, "2": 3, "x": 0}, "{2: 3, 10: 1, 'x': 0}"},
		{true, "True"},
	}
	for _, c := range cases {
		if got := FormatResult(c.v, nil); got != c.want {
			t.Errorf("%#v: got %s, want %s", c.v, got, c.want)
		}
	}
}
