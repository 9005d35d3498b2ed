package extract

import (
	"context"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNodeDataVectors(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		vectors map[string][]float64 // nil: no vectors
		data    []string             // texts of the node-data spans, in order (nil: not checked)
		minConf float64
		maxConf float64
		note    string
	}{
		{
			name:    "NLGraph block under a header",
			text:    "In an undirected graph, the nodes are numbered from 0 to 2, and every node has an embedding. (i,j) means that node i and node j are connected with an undirected edge.\nEmbeddings:\nnode 0: [1,0]\nnode 1: [0,0]\nnode 2: [1,1]\nThe edges are: (0,1) (1,2)\nQ: What's the embedding of each node after two layers?\nA:",
			vectors: map[string][]float64{"0": {1, 0}, "1": {0, 0}, "2": {1, 1}},
			data:    []string{"every node has an embedding", "Embeddings:", "node 0: [1,0]", "node 1: [0,0]", "node 2: [1,1]"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "has embedding with parentheses and negatives",
			text:    "Node 3 has embedding (1, 2). Node 4 has embedding (0, -1.5). Node 3 and node 4 are connected.",
			vectors: map[string][]float64{"3": {1, 2}, "4": {0, -1.5}},
			data:    []string{"Node 3 has embedding (1, 2)", "Node 4 has embedding (0, -1.5)"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "a list after 'the features are'",
			text:    "The features are 0:[1,1], 1:[0,1], 2:[1,0].",
			vectors: map[string][]float64{"0": {1, 1}, "1": {0, 1}, "2": {1, 0}},
			data:    []string{"0:[1,1]", "1:[0,1]", "2:[1,0]"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "the embedding of node N is",
			text:    "The embedding of node 2 is [0.5, 1e-3] and the embedding of node 5 is [1, 1].",
			vectors: map[string][]float64{"2": {0.5, 0.001}, "5": {1, 1}},
			data:    []string{"The embedding of node 2 is [0.5, 1e-3]", "the embedding of node 5 is [1, 1]"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "named nodes under a feature header",
			text:    "Feature vectors:\nAlice: [1, 0, 0]\nBob = [0, 1, 0]\nCarol -> [0, 0, 1]\n\nAlice knows Bob.",
			vectors: map[string][]float64{"Alice": {1, 0, 0}, "Bob": {0, 1, 0}, "Carol": {0, 0, 1}},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "possessive with spaces between entries",
			text:    "node 3's features are [1 2 3]; vertex 7's features are [4 5 6].",
			vectors: map[string][]float64{"3": {1, 2, 3}, "7": {4, 5, 6}},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "cue only elsewhere in the question",
			text:    "Each node carries a feature vector.\nA = [1, 2]\nB = [3, 4]\nA and B are linked.",
			vectors: map[string][]float64{"A": {1, 2}, "B": {3, 4}},
			minConf: 0.8, maxConf: 0.85, note: "elsewhere",
		},
		{
			name:    "vectors of different lengths",
			text:    "Embeddings:\nnode 0: [1,0]\nnode 1: [1]\n",
			vectors: map[string][]float64{"0": {1, 0}, "1": {1}},
			minConf: 0, maxConf: 0.5, note: "entries",
		},
		{
			name:    "two different vectors for one node",
			text:    "Node 1 has embedding [1, 0]. Node 1 has embedding [0, 1].",
			vectors: map[string][]float64{"1": {1, 0}},
			minConf: 0, maxConf: 0.5, note: "two different vectors",
		},
		{
			name:    "subscripts name the nodes",
			text:    "Edges: (0, 1), (1, 2). x_0 = [2, 2]. x_1 = [2, 0]. h_{2} = [1, 0].",
			vectors: map[string][]float64{"0": {2, 2}, "1": {2, 0}, "2": {1, 0}},
			data:    []string{"x_0 = [2, 2]", "x_1 = [2, 0]", "h_{2} = [1, 0]"},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "the feature vector of node N is (a, b)",
			text:    "The feature vector of node 0 is (1, 0). The feature vector of node 3 is (1, 2).",
			vectors: map[string][]float64{"0": {1, 0}, "3": {1, 2}},
			minConf: 0.9, maxConf: 1,
		},
		{
			name:    "vectors without brackets under a header",
			text:    "Node features:\n0: 1 0\nnode 1 = 0.5, 1\nB: 2,3\n\nEdges: 0-1, 1-B.\n0: 1 2",
			vectors: map[string][]float64{"0": {1, 0}, "1": {0.5, 1}, "B": {2, 3}},
			data:    []string{"Node features:", "0: 1 0", "node 1 = 0.5, 1", "B: 2,3"},
			minConf: 0.9, maxConf: 1,
		},
		{name: "adjacency lines without a data word", text: "0: [1, 2]\n1: [0, 2]\n2: [0, 1]"},
		{name: "edge tuples are not vectors", text: "Every node has an embedding. The edges are: (0,5) (0,6) (1,2)"},
		{name: "a Python edge list is not vectors", text: "The embeddings are computed on G = [(0, 1), (1, 2)]."},
		{name: "non-numeric brackets", text: "Embeddings: node 0: [a, b]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, NodeData{}, c.text)
			if c.vectors == nil {
				if len(got.Vectors) > 0 {
					t.Fatalf("want no vectors, got %v", got.Vectors)
				}
				return
			}
			if !maps.EqualFunc(got.Vectors, c.vectors, slices.Equal) {
				t.Errorf("vectors\n got %v\nwant %v", got.Vectors, c.vectors)
			}
			if c.data != nil {
				if d := spanTexts(c.text, got, RoleData); !slices.Equal(d, c.data) {
					t.Errorf("data spans\n got %q\nwant %q", d, c.data)
				}
			}
			checkConfidence(t, got, c.minConf, c.maxConf)
			checkNote(t, got, c.note)
			if len(got.Edges) > 0 {
				t.Errorf("node data gave edges %v", edgeList(got))
			}
		})
	}
}

func TestNodeDataLabels(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		labels  map[string]string // nil: no labels
		attr    string
		nodes   []string // sorted; nil: the labelled nodes
		minConf float64
		maxConf float64
		note    string
	}{
		{
			name:   "likes, with a question about another node",
			text:   "Node 4 likes soccer. Node 5 likes tennis. Node 6 likes soccer. What does node 7 like?",
			labels: map[string]string{"4": "soccer", "5": "tennis", "6": "soccer"},
			attr:   "likes", minConf: 0.9, maxConf: 1,
		},
		{
			name:   "names, several clauses in one sentence",
			text:   "Alice likes tennis, Bob likes chess and Carol likes tennis.",
			labels: map[string]string{"Alice": "tennis", "Bob": "chess", "Carol": "tennis"},
			attr:   "likes", minConf: 0.9, maxConf: 1,
		},
		{
			name:   "labelled with codes",
			text:   "node 2 is labelled A. node 3 is labeled B. Node 5 is labelled as 'C'.",
			labels: map[string]string{"2": "A", "3": "B", "5": "C"},
			attr:   "label", minConf: 0.9, maxConf: 1,
		},
		{
			name:   "class in three phrasings",
			text:   "The class of node 5 is B. Node 6 belongs to class A. Node 7's class is A.",
			labels: map[string]string{"5": "B", "6": "A", "7": "A"},
			attr:   "class", minConf: 0.9, maxConf: 1,
		},
		{
			name:   "a labels block",
			text:   "Labels:\nnode 0: red\nnode 1: blue\nnode 2: red\n\nWhich colour is node 3?",
			labels: map[string]string{"0": "red", "1": "blue", "2": "red"},
			attr:   "label", minConf: 0.9, maxConf: 1,
		},
		{
			name:   "multi-word names and values, a subject list",
			text:   "Mary Ann likes classical music. Nodes 1, 2 and 3 like jazz.",
			labels: map[string]string{"Mary Ann": "classical music", "1": "jazz", "2": "jazz", "3": "jazz"},
			attr:   "likes", minConf: 0.9, maxConf: 1,
		},
		{
			name:   "colour with an unknown label",
			text:   "Vertex 1 is coloured red. Vertex 2 is coloured blue. The color of vertex 3 is unknown.",
			labels: map[string]string{"1": "red", "2": "blue"},
			attr:   "color", nodes: []string{"1", "2", "3"}, minConf: 0.9, maxConf: 1,
		},
		{
			name:   "mixed attributes lower the confidence",
			text:   "Node 1 likes soccer. Node 2 plays chess.",
			labels: map[string]string{"1": "soccer", "2": "chess"},
			attr:   "likes", minConf: 0, maxConf: 0.7, note: "different attributes",
		},
		{
			name:   "several values at once",
			text:   "Alice likes tennis and chess. Bob likes golf.",
			labels: map[string]string{"Alice": "tennis", "Bob": "golf"},
			attr:   "likes", minConf: 0, maxConf: 0.7, note: "more than one thing",
		},
		{
			name:   "one label alone",
			text:   "Node 9 is in community C2.",
			labels: map[string]string{"9": "C2"},
			attr:   "community", minConf: 0, maxConf: 0.8, note: "only one",
		},
		{name: "a person is not a label", text: "Alice likes Bob. Bob likes Carol."},
		{name: "bipartite mentions are not labels", text: "Applicant 0 is interested in job 1. Node 1 likes node 2."},
		{name: "questions give no labels", text: "Does node 4 like soccer? What does Alice like?"},
		{name: "pronouns are not nodes", text: "She likes tennis. Everyone likes chess."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, NodeData{}, c.text)
			if c.labels == nil {
				if len(got.Labels) > 0 {
					t.Fatalf("want no labels, got %v", got.Labels)
				}
				return
			}
			if !maps.Equal(got.Labels, c.labels) {
				t.Errorf("labels\n got %v\nwant %v", got.Labels, c.labels)
			}
			if got.Facts["label_attribute"] != c.attr {
				t.Errorf("label_attribute %q, want %q", got.Facts["label_attribute"], c.attr)
			}
			want := c.nodes
			if want == nil {
				want = slices.Sorted(maps.Keys(c.labels))
			}
			if nodes := slices.Sorted(slices.Values(got.Nodes)); !slices.Equal(nodes, want) {
				t.Errorf("nodes %v, want %v", nodes, want)
			}
			checkConfidence(t, got, c.minConf, c.maxConf)
			checkNote(t, got, c.note)
			// Every labelled node's statement is a node-data span.
			if len(spanTexts(c.text, got, RoleData)) == 0 {
				t.Errorf("no node-data span")
			}
		})
	}
}

func TestNodeDataRules(t *testing.T) {
	cases := []struct {
		name  string
		text  string
		facts map[string]string
		rules []string // texts of the rule spans
		note  string
	}{
		{
			name:  "NLGraph sum rule; the layers asked are not a fact",
			text:  "In a simple graph convolution layer, each node's embedding is updated by the sum of its neighbors' embeddings.\nQ: What's the embedding of each node after two layers of simple graph convolution layer?",
			facts: map[string]string{"aggregation": "sum"},
			rules: []string{"In a simple graph convolution layer, each node's embedding is updated by the sum of its neighbors' embeddings."},
		},
		{
			name:  "a verb that sums",
			text:  "Each layer sums the neighbours' embeddings.",
			facts: map[string]string{"aggregation": "sum"},
			rules: []string{"Each layer sums the neighbours' embeddings."},
		},
		{
			name:  "mean with the rounds stated",
			text:  "A node's new feature is the mean of its neighbours' features. The GNN has 2 layers.",
			facts: map[string]string{"aggregation": "mean", "rounds": "2"},
			rules: []string{"A node's new feature is the mean of its neighbours' features.", "The GNN has 2 layers."},
		},
		{
			name:  "own embedding included, rounds as a compound adjective",
			text:  "Each node's representation becomes the sum of its own representation and its neighbors' representations. We use a 3-layer GCN.",
			facts: map[string]string{"aggregation": "sum", "include_self": "true", "rounds": "3"},
		},
		{
			name:  "max over neighbours, excluding itself, rounds in words",
			text:  "Every node takes the element-wise maximum of the features of its adjacent nodes, excluding itself. Three rounds of message passing are performed.",
			facts: map[string]string{"aggregation": "max", "include_self": "false", "rounds": "3"},
		},
		{
			name:  "two rules disagree",
			text:  "Each node's embedding becomes the sum of its neighbors' embeddings. Each node's embedding becomes the average of its neighbours' embeddings.",
			facts: map[string]string{"aggregation": "sum"},
			note:  "disagree",
		},
		{
			name:  "after two rounds in a statement is not a count of layers",
			text:  "After two rounds of updates, node 1 has embedding [3, 4].",
			facts: map[string]string{},
		},
		{
			name:  "sums without neighbours are not a rule",
			text:  "The sum of the weights is 10. The embeddings are learned.",
			facts: map[string]string{},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, NodeData{}, c.text)
			facts := got.Facts
			if facts == nil {
				facts = map[string]string{}
			}
			if !maps.Equal(facts, c.facts) {
				t.Errorf("facts %v, want %v", facts, c.facts)
			}
			if c.rules != nil {
				if r := spanTexts(c.text, got, RoleRule); !slices.Equal(r, c.rules) {
					t.Errorf("rule spans\n got %q\nwant %q", r, c.rules)
				}
			}
			if c.note != "" {
				if !strings.Contains(strings.Join(got.Notes, "; "), c.note) || got.Confidence > 0.6 {
					t.Errorf("notes %q (confidence %v) lack %q", got.Notes, got.Confidence, c.note)
				}
			}
		})
	}
}

// TestNodeDataNLGraph reads every GNN question of the NLGraph training
// split: every "node i: [a,b]" line is node i's vector, the rule is a sum,
// and the question's "after two layers" is not read as a fact.
func TestNodeDataNLGraph(t *testing.T) {
	line := regexp.MustCompile(`(?m)^node (\d+): \[(-?\d+),(-?\d+)\]$`)
	for id, it := range readNLGraphTask(t, "GNN") {
		got := readOne(t, NodeData{}, it.Question)
		want := map[string][]float64{}
		for _, m := range line.FindAllStringSubmatch(it.Question, -1) {
			a, _ := strconv.ParseFloat(m[2], 64)
			b, _ := strconv.ParseFloat(m[3], 64)
			want[m[1]] = []float64{a, b}
		}
		if len(want) == 0 {
			t.Fatalf("item %s: the test found no vectors", id)
		}
		if !maps.EqualFunc(got.Vectors, want, slices.Equal) {
			t.Fatalf("item %s: vectors\n got %v\nwant %v", id, got.Vectors, want)
		}
		if got.Facts["aggregation"] != "sum" || got.Facts["rounds"] != "" {
			t.Fatalf("item %s: facts %v", id, got.Facts)
		}
		if got.Confidence < 0.9 {
			t.Fatalf("item %s: confidence %v, notes %q", id, got.Confidence, got.Notes)
		}
	}
}

func FuzzNodeData(f *testing.F) {
	for _, s := range []string{
		"Embeddings:\nnode 0: [1,0]\nnode 1: [0,1]\n",
		"Node 3 has embedding (1, 2). The embedding of node 4 is [1e308, -0.5].",
		"The features are 0:[1,1], 1:[0,1]",
		"Node 4 likes soccer, Alice likes 'chess' and Bob is labelled A.",
		"Labels:\nnode 0: red\nnode 1: ?\n",
		"The class of node 5 is unknown. Node 6's colour is red.",
		"Each node's embedding is the sum of its own embedding and its neighbours' embeddings. The GNN has 2 layers.",
		"Nodes 1, and 2, and like jazz",
		"node 0: [" + strings.Repeat("1,", 100) + "1]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		got, err := (NodeData{}).Read(context.Background(), NewDoc(text))
		if err != nil {
			t.Fatalf("error on %q: %v", text, err)
		}
		checkReading(t, text, got)
		if d := NewDoc(text); !nodeDataMayState(d) {
			sents, err := proseSentences(context.Background(), d)
			if err != nil {
				t.Fatal(err)
			}
			lab, rules := nodeLabels(sents, d), nodeDataRules(sents, d)
			if len(lab.stmts) > 0 || len(lab.spans) > 0 || len(rules.spans) > 0 || len(rules.facts) > 0 {
				t.Fatalf("the cheap test skipped statements: %+v %+v", lab, rules)
			}
		}
		for n, v := range got.Vectors {
			if len(v) == 0 {
				t.Fatalf("empty vector for %q", n)
			}
		}
		if a := got.Facts["aggregation"]; a != "" && !slices.Contains([]string{"sum", "mean", "max", "min"}, a) {
			t.Fatalf("aggregation %q", a)
		}
		if r := got.Facts["rounds"]; r != "" {
			if n, err := strconv.Atoi(r); err != nil || n <= 0 {
				t.Fatalf("rounds %q", r)
			}
		}
		for n, l := range got.Labels {
			if l == "" {
				t.Fatalf("empty label for %q", n)
			}
		}
	})
}

// TestNodeDataFastPrefix checks that the fast path for "node 12: " finds
// the same node as the regular expression, and declines other forms.
func TestNodeDataFastPrefix(t *testing.T) {
	for _, p := range []string{"node 0: ", "node 12:", "x node 7:  ", "vertex 3: ", "\nnode  44: ", "[1,0] node 5: "} {
		fast := nodeDataFastPrefix(p)
		slow := nodeDataPrefix.FindStringSubmatchIndex(p)
		if fast == nil || slow == nil {
			t.Fatalf("%q: fast %v, regexp %v", p, fast, slow)
		}
		if p[fast[6]:fast[7]] != p[slow[6]:slow[7]] || (fast[2] >= 0) != (slow[2] >= 0) || fast[1] != slow[1] {
			t.Errorf("%q: fast %v (%q), regexp %v (%q)", p, fast, p[fast[6]:fast[7]], slow, p[slow[6]:slow[7]])
		}
	}
	for _, p := range []string{"node 1 has embedding ", "subnode 3: ", "node's 3: ", "0: ", "node x: ", "node 3 "} {
		if m := nodeDataFastPrefix(p); m != nil {
			t.Errorf("%q: fast path took it: %v", p, m)
		}
	}
}

// TestNodeDataMayPrefix checks that the cheap suffix test keeps every
// prefix the expression matches and skips the "u->v (w)" edge prefixes.
func TestNodeDataMayPrefix(t *testing.T) {
	for _, p := range []string{
		"node 1 has embedding ", "the embedding of node 3 is ", "node 3's features are ", "alice = ", "0: ",
		"x_0 = ", "node 2 -> ", "node 2 → ", "b equals ", "node 4 has the feature vector of ", "node 4 has features",
		"node 5 with initial state\t", "the representation of v is\n", "node 1 carries a signal =",
	} {
		if nodeDataPrefix.FindStringSubmatchIndex(p) == nil {
			t.Fatalf("%q: the expression does not match; fix the test", p)
		}
		if !nodeDataMayPrefix(p) {
			t.Errorf("%q: the cheap test skips a prefix the expression matches", p)
		}
	}
	for _, p := range []string{", 3->5 ", "3->5 ", "\n12->7", "edge from 1 to 2 "} {
		if nodeDataMayPrefix(p) {
			t.Errorf("%q: the cheap test keeps an edge prefix", p)
		}
	}
}

// FuzzNodeDataMayPrefix checks that the cheap suffix test never skips a
// prefix the expression matches.
func FuzzNodeDataMayPrefix(f *testing.F) {
	for _, p := range []string{"node 1 has embedding ", "0: ", "3->5 ", "x_{2} = ", "vertex a's vectors are\f", "b equals "} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if nodeDataPrefix.MatchString(p) && !nodeDataMayPrefix(p) {
			t.Fatalf("%q: the expression matches, the cheap test skips it", p)
		}
	})
}

// TestNodeLabelLinesRead: label lines one per line with their closing
// period ("Node 12 likes soccer.") are read, so the combiner does not
// count them as unread lines of one pattern (GraphQA's node
// classification prompts).
func TestNodeLabelLinesRead(t *testing.T) {
	q := "The edges in G are: (0, 1) (0, 2) (1, 2) (2, 3) (3, 4).\nNode 0 likes golf.\nNode 4 likes soccer.\nNode 3 likes soccer.\nNode 2 likes soccer.\nNode 1 likes golf.\nQ: Does node 3 like golf or soccer?\nA: "
	ex, err := Read(context.Background(), q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Confidence < Confident || len(ex.Report.Unaccounted) > 0 {
		t.Errorf("confidence %.2f, unaccounted %+v, notes %v", ex.Confidence, ex.Report.Unaccounted, ex.Notes)
	}
}
