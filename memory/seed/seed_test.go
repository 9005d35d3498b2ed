package seed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/graphagent/graphagent/internal/gtoolsdata"
	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/tools"
	"github.com/graphagent/graphagent/tools/graph"
)

func generate(t *testing.T) Set {
	t.Helper()
	start := time.Now()
	set, err := Generate(context.Background(), tools.Catalogue(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("generated %d examples for %d tools in %v", len(set.Examples), tools.Catalogue().Len(), time.Since(start))
	return set
}

// TestCoversEveryTool checks the seed against the live catalogue: every tool
// has at least three distinct verified phrasings.
func TestCoversEveryTool(t *testing.T) {
	set := generate(t)
	cov := Coverage(set.Examples)
	reg := tools.Catalogue()
	if reg.Len() == 0 {
		t.Fatal("the catalogue is empty")
	}
	for _, name := range reg.Names() {
		if cov[name] < 3 {
			t.Errorf("tool %s has %d solved phrasings, want >= 3 (last error: %v)", name, cov[name], set.Unsolved[name])
		}
	}
	for _, ex := range set.Examples {
		if ex.Source != memory.SourceSeed {
			t.Fatalf("example %s has source %q", ex.ID, ex.Source)
		}
		if _, err := reg.Get(ex.Tool); err != nil {
			t.Fatalf("example %s names %v", ex.ID, err)
		}
	}
}

func TestDeterministicAndFast(t *testing.T) {
	start := time.Now()
	a := generate(t)
	elapsed := time.Since(start)
	b := generate(t)
	ja, _ := json.Marshal(a.Examples)
	jb, _ := json.Marshal(b.Examples)
	if !bytes.Equal(ja, jb) {
		t.Fatal("two runs with the same seed differ")
	}
	if elapsed > 5*time.Second {
		t.Fatalf("generating the seed took %v", elapsed)
	}
	c, err := Generate(context.Background(), tools.Catalogue(), Options{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	jc, _ := json.Marshal(c.Examples)
	if bytes.Equal(ja, jc) {
		t.Fatal("another seed gives the same questions")
	}
}

var tupleRe = regexp.MustCompile(`\((\d+), (\d+)(?:, (\d+))?\)`)

// labelRe reads the label sentences of node classification questions.
var labelRe = regexp.MustCompile(`[Nn]ode (\d+) is labelled (\w+)`)

// nodeWeightRe reads the node weights the node-weight tools' questions give.
var nodeWeightRe = regexp.MustCompile(`\[(\d+), (\d+)\]`)

// TestAnswersAreReal rebuilds the graph from the text of every tuple-style
// question, runs the tool again with the stored arguments, and compares the
// value: the question states the graph the answer was computed on.
func TestAnswersAreReal(t *testing.T) {
	set := generate(t)
	reg := tools.Catalogue()
	checked := 0
	for _, ex := range set.Examples {
		if !ex.Verified || !strings.HasPrefix(ex.Question, "Run ") {
			continue
		}
		b := graph.NewBuilder(strings.Contains(ex.Question, " directed graph "))
		for _, m := range tupleRe.FindAllStringSubmatch(ex.Question, -1) {
			if m[3] != "" {
				w, _ := strconv.Atoi(m[3])
				b.AddWeightedEdge(m[1], m[2], float64(w))
			} else {
				b.AddEdge(m[1], m[2])
			}
		}
		for _, m := range labelRe.FindAllStringSubmatch(ex.Question, -1) {
			b.SetNodeAttr(m[1], "label", m[2])
		}
		if strings.Contains(ex.Question, "eights") {
			for _, m := range nodeWeightRe.FindAllStringSubmatch(ex.Question, -1) {
				w, _ := strconv.Atoi(m[2])
				b.SetNodeAttr(m[1], tools.NodeWeightAttr, float64(w))
			}
		}
		g := b.Build()
		if g.M() == 0 {
			t.Fatalf("%s: no edges parsed from %q", ex.ID, ex.Question)
		}
		tool, err := reg.Get(ex.Tool)
		if err != nil {
			t.Fatal(err)
		}
		res, err := tool.Run(context.Background(), g, ex.Args)
		if err != nil {
			t.Fatalf("%s: rerun: %v", ex.ID, err)
		}
		v, _ := json.Marshal(res.Value)
		if !bytes.Equal(v, ex.Value) {
			t.Fatalf("%s: stored value %s, rerun gives %s", ex.ID, ex.Value, v)
		}
		if !strings.Contains(ex.GraphSummary, strconv.Itoa(g.M())+" edges") {
			t.Fatalf("%s: summary %q does not match %d edges", ex.ID, ex.GraphSummary, g.M())
		}
		checked++
	}
	if checked < reg.Len()/2 {
		t.Fatalf("only %d tuple-style questions checked for %d tools", checked, reg.Len())
	}
}

// TestNoBenchmarkItems checks that no seed question appears in the GTools
// sample shipped beside the repository.
func TestNoBenchmarkItems(t *testing.T) {
	_, items, err := gtoolsdata.LoadSample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var corpus strings.Builder
	for _, it := range items {
		corpus.WriteString(strings.ToLower(it.Prompt))
		corpus.WriteByte(0)
	}
	if len(items) != gtoolsdata.ItemCount {
		t.Fatalf("%d GTools prompts read, want %d", len(items), gtoolsdata.ItemCount)
	}
	text := corpus.String()
	for _, ex := range generate(t).Examples {
		if strings.Contains(text, strings.ToLower(ex.Question)) {
			t.Errorf("seed example %s is a GTools prompt: %q", ex.ID, ex.Question)
		}
	}
}

// TestSeededStoreFindsTheRightTool loads the seed into a store with the
// builtin encoder and checks that new questions (not in the seed) retrieve
// examples of the tool that answers them.
func TestSeededStoreFindsTheRightTool(t *testing.T) {
	ctx := context.Background()
	start := time.Now()
	s, err := Open(ctx, t.TempDir(), tools.Catalogue(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	n := s.Len()
	if n == 0 {
		t.Fatal("not seeded")
	}
	t.Logf("generated, fitted and seeded %d examples into a persistent store in %v", n, time.Since(start))
	// Each question maps to the tools that answer it (node_count and
	// order both count nodes).
	cases := map[string][]string{
		"Does this graph have a cycle? 1-2, 2-3, 3-1":                          {"cycle_check"},
		"how many vertices are there in the graph (0,1),(1,2)":                 {"node_count", "order"},
		"what is the max flow from node 0 to node 4 given capacities":          {"maximum_flow"},
		"give me a topological ordering of the tasks in this DAG: 0->1, 1->2":  {"topological_sort"},
		"Which nodes are the articulation points of the network 0-1, 1-2, 1-3": {"articulation_points"},
		"what's the shortest route between node 2 and node 5":                  {"shortest_path", "shortest_path_length"},
		"which node is most important by pagerank":                             {"pagerank"},
		"can the graph be colored with two colors":                             {"graph_coloring", "is_bipartite"},
	}
	for q, want := range cases {
		hits, err := s.SearchExamples(ctx, q, memory.ExampleQuery{K: 3, Source: memory.SourceSeed})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || !slices.Contains(want, hits[0].Tool) {
			got := []string{}
			for _, h := range hits {
				got = append(got, h.Tool)
			}
			t.Errorf("%q: top tools %v, want one of %v first", q, got, want)
		}
	}
}

func TestOpenInMemoryMatchesOpen(t *testing.T) {
	ctx := context.Background()
	a, err := OpenInMemory(ctx, tools.Catalogue(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(ctx, t.TempDir(), tools.Catalogue(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	sa, sb := a.Stats(), b.Stats()
	if sa.Encoder != sb.Encoder || sa.Examples != sb.Examples || sa.Examples == 0 {
		t.Fatalf("in memory %s/%d, on disk %s/%d", sa.Encoder, sa.Examples, sb.Encoder, sb.Examples)
	}
	if !strings.Contains(sa.Encoder, "idf") {
		t.Fatalf("default encoder %s is not fitted on the seed", sa.Encoder)
	}
}

// TestOpenRefusesUnreadableLog checks that a memory log that is not a log
// is reported, not replaced by the seed examples: Open fails naming the
// file and line 1, and the file is left as it was.
func TestOpenRefusesUnreadableLog(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "memory.jsonl")
	junk := bytes.Repeat([]byte("\x01\x02binary junk without a newline "), 100)
	if err := os.WriteFile(path, junk, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(context.Background(), dir, tools.Catalogue(), nil, Options{})
	if err == nil {
		n := s.Len()
		s.Close()
		t.Fatalf("opened an unreadable log as a memory of %d examples", n)
	}
	var le *memory.LogError
	if !errors.As(err, &le) || le.Line != 1 || le.Path != path {
		t.Fatalf("error %v does not name %s line 1", err, path)
	}
	after, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(after, junk) {
		t.Fatalf("the log was changed (%d bytes, was %d): %v", len(after), len(junk), err)
	}
}
