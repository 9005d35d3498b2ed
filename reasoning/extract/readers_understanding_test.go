package extract

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
)

// understandingItem is one question of the repository's understanding set
// (agent/testdata/understanding/questions.jsonl) with the graph it holds.
type understandingItem struct {
	ID       string   `json:"id"`
	Question string   `json:"question"`
	Notation string   `json:"notation"`
	Task     string   `json:"task"`
	Refuse   bool     `json:"refuse"`
	Directed bool     `json:"directed"`
	Weighted bool     `json:"weighted"`
	Nodes    []string `json:"nodes"`
	Edges    [][]any  `json:"edges"`
}

// readUnderstandingSet loads the understanding set.
func readUnderstandingSet(t *testing.T) []understandingItem {
	t.Helper()
	f, err := os.Open("../../agent/testdata/understanding/questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []understandingItem
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var it understandingItem
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatal(err)
		}
		out = append(out, it)
	}
	return out
}

// edgeKeys writes edges as "u|v", both ways for undirected graphs, sorted.
func edgeKeys(edges [][2]string, directed bool) []string {
	var out []string
	for _, e := range edges {
		out = append(out, e[0]+"|"+e[1])
		if !directed {
			out = append(out, e[1]+"|"+e[0])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestStructuredReadersUnderstanding reads the understanding set's
// questions written in this package's notations (bipartite prose, tables,
// DOT, JSON, matrices) and compares the graph with the set's own.
func TestStructuredReadersUnderstanding(t *testing.T) {
	readers := map[string]Reader{
		"bipartite_prose": BipartiteProse{}, "csv": CSVTable{}, "tsv": CSVTable{}, "dot": DOTGraph{},
		"json": NodeLinkJSON{}, "matrix_header": AdjacencyMatrix{}, "matrix_plain": AdjacencyMatrix{},
	}
	checked := 0
	for _, it := range readUnderstandingSet(t) {
		r, ok := readers[it.Notation]
		if it.Notation == "adjlist" && strings.Contains(it.Question, "{") {
			r, ok = AdjacencyDict{}, true
		}
		if !ok || it.Nodes == nil {
			continue
		}
		checked++
		got := readOne(t, r, it.Question)
		var ge, we [][2]string
		for _, e := range got.Edges {
			ge = append(ge, [2]string{e.U, e.V})
		}
		for _, e := range it.Edges {
			we = append(we, [2]string{fmt.Sprint(e[0]), fmt.Sprint(e[1])})
		}
		gn := slices.Sorted(slices.Values(got.Nodes))
		wn := slices.Sorted(slices.Values(it.Nodes))
		if it.Notation == "bipartite_prose" {
			// The set lists isolated nodes its text does not declare
			// ("club 0" where only clubs 1-4 are named): compare edges.
			gn, wn = nil, nil
		}
		if !slices.Equal(gn, wn) || !slices.Equal(edgeKeys(ge, it.Directed), edgeKeys(we, it.Directed)) || got.Confidence < 0.9 {
			t.Errorf("%s (%s): conf %v notes %q\nnodes %v\nwant  %v\nedges %v\nwant  %v\n%s", it.ID, it.Notation, got.Confidence, got.Notes, gn, wn, edgeKeys(ge, it.Directed), edgeKeys(we, it.Directed), strings.ReplaceAll(it.Question, "\n", "⏎"))
		}
	}
	if checked < 50 {
		t.Fatalf("only %d questions in these notations", checked)
	}
}

// TestStructuredReadersUnderstandingNodeData reads the node-data questions
// of the understanding set: GNN questions give a vector for every node and
// a sum rule (their layer counts are all in the questions, never facts);
// label questions give every "Node i likes x" as a label.
func TestStructuredReadersUnderstandingNodeData(t *testing.T) {
	likes := regexp.MustCompile(`Node (\d+) (likes|is in class|is coloured) (\w+)`)
	n := 0
	for _, it := range readUnderstandingSet(t) {
		if it.Notation != "node_data" {
			continue
		}
		n++
		got := readOne(t, NodeData{}, it.Question)
		if got.Confidence < 0.9 {
			t.Errorf("%s: confidence %v, notes %q", it.ID, got.Confidence, got.Notes)
		}
		switch it.Task {
		case "gnn":
			if len(got.Vectors) != len(it.Nodes) || got.Facts["aggregation"] != "sum" || got.Facts["rounds"] != "" {
				t.Errorf("%s: vectors %v facts %v for nodes %v", it.ID, got.Vectors, got.Facts, it.Nodes)
			}
			for _, n := range it.Nodes {
				if len(got.Vectors[n]) == 0 {
					t.Errorf("%s: no vector for node %s", it.ID, n)
				}
			}
		case "node_label":
			want := map[string]string{}
			for _, m := range likes.FindAllStringSubmatch(it.Question, -1) {
				want[m[1]] = m[3]
			}
			attr := map[string]string{"likes": "likes", "is in class": "class", "is coloured": "color"}[likes.FindStringSubmatch(it.Question)[2]]
			if !maps.Equal(got.Labels, want) || got.Facts["label_attribute"] != attr {
				t.Errorf("%s: labels %v facts %v, want %v", it.ID, got.Labels, got.Facts, want)
			}
		default:
			t.Errorf("%s: task %s not checked", it.ID, it.Task)
		}
	}
	if n == 0 {
		t.Fatal("no node-data questions in the understanding set")
	}
}

// TestStructuredReadersStayQuiet runs the bipartite, node-data and
// structured-text readers on questions written in other notations (every
// NLGraph task but their own, and the GTools sample): they must read
// nothing there, so that they never compete with the readers whose text it
// is.
func TestStructuredReadersStayQuiet(t *testing.T) {
	quiet := []Reader{AdjacencyMatrix{}, CSVTable{}, NodeLinkJSON{}, DOTGraph{}, AdjacencyDict{}}
	check := func(where, q string, rs ...Reader) {
		for _, r := range rs {
			got, err := r.Read(context.Background(), NewDoc(q))
			if err != nil {
				t.Errorf("%s: %s: %v", where, r.Name(), err)
				continue
			}
			if !got.Empty() {
				t.Errorf("%s: %s read %d nodes, %d edges, spans %v in\n%s", where, r.Name(), len(got.Nodes), len(got.Edges), got.Spans, q)
			}
		}
	}
	for _, task := range []string{"connectivity", "cycle", "flow", "GNN", "hamilton", "matching", "shortest_path", "topology"} {
		for id, it := range readNLGraphTask(t, task) {
			rs := quiet
			if task != "matching" {
				rs = append(rs, BipartiteProse{})
			}
			if task != "GNN" {
				rs = append(rs, NodeData{})
			}
			check(task+" "+id, it.Question, rs...)
		}
	}
	_, items, err := gtoolsdata.LoadSample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		check(it.File, it.Prompt, append(quiet, BipartiteProse{}, NodeData{})...)
	}
}
