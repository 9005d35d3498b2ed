package extract

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/graph"
)

func TestAdjacencyDict(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		nodes   []string // in order; nil: the reading must be empty
		edges   []string // in order
		dir     Direction
		meaning Meaning
		minConf float64
		maxConf float64
		note    string
	}{
		{
			name:  "JSON neighbour lists, symmetric, with an isolated node",
			text:  `The undirected graph as a dict of neighbour lists: {"A": ["B", "D"], "B": ["A"], "D": ["A"], "E": []}. Is E isolated?`,
			nodes: []string{"A", "B", "D", "E"}, edges: []string{"A-B", "A-D"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "Python lists with numbers, symmetric without a word about direction",
			text:  "adj = {0: [1, 2], 1: [0], 2: [0]}\nHow many neighbours does 0 have?",
			nodes: []string{"0", "1", "2"}, edges: []string{"0-1", "0-2"}, dir: DirUndirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "successor lists of a directed graph",
			text:  "Successors in the directed graph: {'a': ['b'], 'b': ['c'], 'c': ['a']}",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b", "b-c", "c-a"}, dir: DirDirected, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "dict of weights over lines",
			text:  "Road lengths as a dict:\n{'Paris': {'Lyon': 465},\n 'Lyon': {'Paris': 465, 'Nice': 470},\n 'Nice': {'Lyon': 470}}",
			nodes: []string{"Paris", "Lyon", "Nice"}, edges: []string{"Paris-Lyon:465", "Lyon-Nice:470"}, dir: DirUndirected,
			meaning: MeaningWeight, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "asymmetric lists, direction unsaid",
			text:  `Neighbours: {"1": ["2"], "2": ["3"], "3": []}`,
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "2-3"}, dir: DirUnknown, minConf: 0.8, maxConf: 0.8,
			note: "not symmetric",
		},
		{
			name:  "no word for it",
			text:  `x = {"p": ["q"], "q": ["p"]}`,
			nodes: []string{"p", "q"}, edges: []string{"p-q"}, dir: DirUndirected, minConf: 0.85, maxConf: 0.85,
			note: "does not call it one",
		},
		{name: "node-link JSON is another reader's", text: `{"nodes": [1, 2], "edges": [[1, 2]]}`},
		{name: "a dict of numbers", text: `Scores: {"a": 1, "b": 2}`},
		{name: "a set in prose", text: "The nodes {A, B, C} form a triangle."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, AdjacencyDict{}, c.text)
			if c.nodes == nil {
				if !got.Empty() {
					t.Fatalf("want an empty reading, got nodes %v edges %v", got.Nodes, edgeList(got))
				}
				return
			}
			if !slices.Equal(got.Nodes, c.nodes) {
				t.Errorf("nodes %q, want %q", got.Nodes, c.nodes)
			}
			if e := edgeList(got); !slices.Equal(e, c.edges) {
				t.Errorf("edges %q, want %q", e, c.edges)
			}
			if got.Directed != c.dir || got.EdgeValue != c.meaning {
				t.Errorf("direction %v values %q, want %v %q", got.Directed, got.EdgeValue, c.dir, c.meaning)
			}
			if got.Confidence < c.minConf || got.Confidence > c.maxConf {
				t.Errorf("confidence %v outside [%v, %v]; notes %q", got.Confidence, c.minConf, c.maxConf, got.Notes)
			}
			if c.note != "" && !strings.Contains(strings.Join(got.Notes, "; "), c.note) {
				t.Errorf("notes %q lack %q", got.Notes, c.note)
			}
			if sp := spanTexts(c.text, got, RoleGraph); len(sp) != 1 || !strings.HasPrefix(sp[0], "{") || !strings.HasSuffix(sp[0], "}") {
				t.Errorf("graph spans %q, want the dict", sp)
			}
		})
	}
}

func TestAdjacencyDictErrors(t *testing.T) {
	cases := []struct {
		name      string
		text      string
		line, col int
		msg       string
	}{
		{"not closed", "G:\n{'A': ['B', 'C'],\n 'B': ['A']", 2, 1, "not closed"},
		{"a missing comma", "G = {'A': ['B'] 'B': ['A']}", 1, 17, "after a node's neighbours"},
		{"a bad neighbour", "G = {'A': [['B']]}", 1, 11, "not a node"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := (AdjacencyDict{}).Read(context.Background(), NewDoc(c.text))
			var se *graph.SyntaxError
			if !errors.Is(err, graph.ErrSyntax) || !errors.As(err, &se) {
				t.Fatalf("err = %v, want a *graph.SyntaxError", err)
			}
			if se.Line != c.line || se.Col != c.col || !strings.Contains(se.Msg, c.msg) {
				t.Errorf("error at %d:%d %q, want %d:%d containing %q", se.Line, se.Col, se.Msg, c.line, c.col, c.msg)
			}
		})
	}
}

func FuzzAdjacencyDict(f *testing.F) {
	for _, s := range []string{
		`{"A": ["B", "D"], "B": ["A"], "D": ["A"], "E": []}`,
		"{0: [1, 2], 1: [0], 2: [0]}",
		"{'Paris': {'Lyon': 465},\n 'Lyon': {'Paris': 465}}",
		"{'A': [['B']]}",
		"{'A': ['B'",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		got, err := (AdjacencyDict{}).Read(context.Background(), NewDoc(text))
		if err != nil {
			var se *graph.SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("error %v is not a positioned *graph.SyntaxError", err)
			}
			return
		}
		checkReading(t, text, got)
	})
}
