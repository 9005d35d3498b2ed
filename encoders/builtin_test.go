package encoders

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

func encodeOne(t testing.TB, e Encoder, s string) []float32 {
	t.Helper()
	v, err := e.Encode(context.Background(), []string{s})
	if err != nil {
		t.Fatal(err)
	}
	return v[0]
}

func TestBuiltinUnitDeterministic(t *testing.T) {
	corpus := []string{"Count the nodes of the graph.", "Find the shortest path between two nodes.", "Is the graph acyclic?"}
	a := NewBuiltin(corpus)
	b := NewBuiltin(corpus)
	for _, s := range []string{"How many vertices?", "shortest route from 1 to 9", "Ünïcödé graph ∑ text", "xy"} {
		va, vb := encodeOne(t, a, s), encodeOne(t, b, s)
		if len(va) != DefaultDim {
			t.Fatalf("dim %d, want %d", len(va), DefaultDim)
		}
		if math.Abs(norm(va)-1) > 1e-5 {
			t.Errorf("%q: norm %v, want 1", s, norm(va))
		}
		for i := range va {
			if va[i] != vb[i] {
				t.Fatalf("%q: not deterministic at %d", s, i)
			}
		}
	}
	for _, s := range []string{"", "   ", "12 34 (5, 6)", "[(0, 1), (1, 2)]", "a I"} {
		if v := encodeOne(t, a, s); !isZeroVec(v) {
			t.Errorf("%q has no words but got a non-zero vector", s)
		}
	}
	if a.Name() != b.Name() || a.Name() == NewBuiltin(nil).Name() || !strings.Contains(a.Name(), "d1024") {
		t.Errorf("names %q %q %q: same corpus same name, different corpus different name", a.Name(), b.Name(), NewBuiltin(nil).Name())
	}
	if NewBuiltin(nil, WithDim(64)).Dim() != 64 || NewBuiltin(nil, WithDim(1)).Dim() != 16 {
		t.Error("WithDim not applied")
	}
}

// TestBuiltinSimilarity checks the similarities make sense: a paraphrase is
// closer than an unrelated question, numbers and edge lists do not matter,
// and inflections and synonyms meet.
func TestBuiltinSimilarity(t *testing.T) {
	enc := NewBuiltin([]string{
		"Count the nodes of the graph.", "Count the edges of the graph.", "Is there a cycle in the graph?",
		"Find the shortest path between two nodes.", "What is the maximum flow from a source to a sink?",
	})
	cos := func(a, b string) float32 { return Dot(encodeOne(t, enc, a), encodeOne(t, enc, b)) }
	if c1, c2 := cos("How many nodes are there?", "Count the vertices."), cos("How many nodes are there?", "maximum flow to the sink"); c1 <= c2 {
		t.Errorf("paraphrase %.3f not above unrelated %.3f", c1, c2)
	}
	small := "Given a directed graph, the edges are: [(0, 1)]. Is there a cycle in the graph?"
	large := "Given a directed graph, the edges are: [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 10), (10, 11)]. Is there a cycle in the graph?"
	if c := cos(small, large); c < 0.999 {
		t.Errorf("the edge list changes the vector: cos %.3f", c)
	}
	if c := cos("Is there a cycle in the graph?", large); c < 0.5 {
		t.Errorf("the question with its graph is far from the bare question: cos %.3f", c)
	}
	if c := cos("path from node 3 to node 9", "path from node 117 to node 4"); c < 0.999 {
		t.Errorf("node IDs change the vector: cos %.3f", c)
	}
	if c := cos("neighbours of a vertex", "neighbors of a node"); c < 0.6 {
		t.Errorf("spelling and synonym variants far apart: cos %.3f", c)
	}
	if c := cos("directed edges", "the edge is directed"); c < 0.6 {
		t.Errorf("inflections far apart: cos %.3f", c)
	}
}

func TestBuiltinIDF(t *testing.T) {
	corpus := []string{"graph alpha", "graph beta", "graph gamma", "graph delta"}
	enc := NewBuiltin(corpus, WithoutCleaning())
	// "graph" is in every text, "alpha" in one: a query with both is closer
	// to "alpha" than to another text that shares only "graph".
	q := encodeOne(t, enc, "graph alpha")
	if a, b := Dot(q, encodeOne(t, enc, "alpha")), Dot(q, encodeOne(t, enc, "graph")); a <= b {
		t.Errorf("rare word weighs %.3f, common word %.3f", a, b)
	}
	if enc.idfOf(wordHash([]byte("graph"))) >= enc.idfOf(wordHash([]byte("alpha"))) {
		t.Error("IDF of a word in every text not below that of a word in one")
	}
	if enc.idfOf(12345) != enc.defIDF || enc.defIDF < enc.idfOf(wordHash([]byte("alpha"))) {
		t.Error("unseen features should get the largest IDF")
	}
	fitted := NewBuiltin(nil).Fit(corpus)
	if fitted.Name() == NewBuiltin(nil).Name() {
		t.Error("Fit did not change the encoder")
	}
}

func TestBuiltinConcurrentAndCancel(t *testing.T) {
	enc := NewBuiltin([]string{"a graph", "the nodes"})
	var wg sync.WaitGroup
	want := encodeOne(t, enc, "how many nodes")
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				v := encodeOne(t, enc, "how many nodes")
				if Dot(v, want) < 0.9999 {
					t.Error("concurrent encodings differ")
					return
				}
			}
		}()
	}
	wg.Wait()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := enc.Encode(ctx, []string{"x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}

func TestStripGraphText(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Given a directed graph, the edges are: [(0, 1), (1, 2, {'weight': 4})]. Is it acyclic?", "directed weight. Is it acyclic?"},
		{"Is there a cycle in this graph: 0-1, 1-2, 2-0?", "Is there a cycle in this graph:"},
		{"What is the degree of node 5 in the graph [(0, 5), (5, 1)]?", "What is the degree of node 5 in the graph?"},
		{`Given an undirected graph, the edges are in an edgelist file, the path is "../data/task_1.edgelist". Count its nodes.`, "undirected. Count its nodes."},
		{"Load roads.tsv and find the diameter.", "Load and find the diameter."},
		{"Edges: [('a', 'b'), ('b', 'c')]. Which is the center?", "Which is the center?"},
		{"The flow network has capacities {'capacity': 3} (see figure) on its arcs.", "The flow network has capacities capacity (see figure) on its arcs."},
		{"plain question about (the) graph", "plain question about (the) graph"},
		{"unbalanced [(0, 1), (1, 2) never closed", "unbalanced never closed"},
		{"", ""},
	}
	for _, c := range cases {
		if got := StripGraphText(c.in); got != c.want {
			t.Errorf("StripGraphText(%q)\n = %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestStripPromptTemplate(t *testing.T) {
	alpaca := "Below is an instruction that describes a task. Write a response that appropriately completes the request.\n\n### Instruction:\nCount the nodes.\n\n### Input:\nedges 0-1\n\n### Response:\n42"
	if got := StripPromptTemplate(alpaca); got != "Count the nodes.\n\n \nedges 0-1" {
		t.Errorf("alpaca: %q", got)
	}
	chat := "<|im_start|>system\nYou are helpful.<|im_end|><|im_start|>user\nIs the graph connected?<|im_end|>"
	if got := StripPromptTemplate(chat); got != "You are helpful.  \nIs the graph connected?" {
		t.Errorf("chatml: %q", got)
	}
	if got := StripPromptTemplate("[INST] Find a path [/INST]"); got != "Find a path" {
		t.Errorf("llama: %q", got)
	}
	if got := StripPromptTemplate("a < b and [x]"); got != "a < b and [x]" {
		t.Errorf("plain text changed: %q", got)
	}
}

// FuzzClean: any text cleans without panicking, to valid UTF-8 when the
// input is, never longer than the input, and encodes to a unit or zero
// vector.
func FuzzClean(f *testing.F) {
	for _, s := range []string{
		"Given a directed graph, the edges are: [(0, 1), (1, 2, {'weight': 4})]. Is it acyclic?",
		"((((", "]]]]", "[(", "{'a': 1}", "path is ./x.edgelist.", "### Instruction:\nx### Response:", "<|im_start|>user",
		"\xff\xfe", "ünï [(1,2)] çödé", "is: [(a, b), (c, d)]",
	} {
		f.Add(s)
	}
	enc := NewBuiltin([]string{"count the nodes", "is there a cycle"}, WithDim(64))
	f.Fuzz(func(t *testing.T, s string) {
		c := CleanQuestion(s)
		if utf8.ValidString(s) && !utf8.ValidString(c) {
			t.Fatalf("CleanQuestion(%q) = %q is not valid UTF-8", s, c)
		}
		if len(c) > len(s) {
			t.Fatalf("CleanQuestion(%q) = %q grew", s, c)
		}
		v := encodeOne(t, enc, s)
		n := norm(v)
		if !(n == 0 || math.Abs(n-1) < 1e-4) {
			t.Fatalf("norm %v for %q", n, s)
		}
	})
}

func BenchmarkBuiltinEncode(b *testing.B) {
	texts := []string{
		"Given a directed graph, the edges are: [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5, {'weight': 3})]. The task is: you need to determine whether the graph is acyclic.",
		"What is the shortest path from node 3 to node 17 in the road network?",
		"Which papers does paper 1033 cite, and what topics are they about?",
	}
	enc := NewBuiltin(texts)
	var bytes int64
	for _, t := range texts {
		bytes += int64(len(t))
	}
	ctx := context.Background()
	b.SetBytes(bytes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := enc.Encode(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(texts))/b.Elapsed().Seconds(), "texts/s")
}

func BenchmarkStripGraphText(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("Given an undirected graph, the edges are: [")
	for i := 0; i < 2000; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("(1, 2, {'weight': 3})")
	}
	sb.WriteString("]. Find the heaviest triangle.")
	s := sb.String()
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = StripGraphText(s)
	}
}

func TestFitEncodeMatchesFitThenEncode(t *testing.T) {
	corpus := []string{"Count the nodes.", "Is there a cycle in [(0, 1), (1, 0)]?", "", "shortest route from 3 to 9"}
	ctx := context.Background()
	enc, vecs, err := FitAndEncode(ctx, NewBuiltin(nil), corpus)
	if err != nil {
		t.Fatal(err)
	}
	ref := NewBuiltin(corpus)
	if enc.Name() != ref.Name() {
		t.Errorf("name %q, want %q", enc.Name(), ref.Name())
	}
	want, _ := ref.Encode(ctx, corpus)
	for i := range corpus {
		for j := range want[i] {
			if vecs[i][j] != want[i][j] {
				t.Fatalf("text %d differs at %d", i, j)
			}
		}
	}
}
