package extract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/graphagent/graphagent/tools/dataset"
	"github.com/graphagent/graphagent/tools/graph"
)

// readOne runs a reader on text and fails the test on an error.
func readOne(t *testing.T, r Reader, text string) Reading {
	t.Helper()
	got, err := r.Read(context.Background(), NewDoc(text))
	if err != nil {
		t.Fatalf("%s.Read(%q): %v", r.Name(), text, err)
	}
	checkReading(t, text, got)
	return got
}

// checkEmptyReading fails the test unless the reader read nothing.
func checkEmptyReading(t *testing.T, got Reading) {
	t.Helper()
	if !got.Empty() {
		t.Fatalf("want an empty reading, got nodes %v edges %v", got.Nodes, edgeList(got))
	}
}

// checkNodesEdges checks a reading's nodes and its edges (as edgeList
// writes them), both in order.
func checkNodesEdges(t *testing.T, got Reading, nodes, edges []string) {
	t.Helper()
	if !slices.Equal(got.Nodes, nodes) {
		t.Errorf("nodes %q, want %q", got.Nodes, nodes)
	}
	if e := edgeList(got); !slices.Equal(e, edges) {
		t.Errorf("edges %q, want %q", e, edges)
	}
}

// checkDirMeaning checks a reading's direction and what its edge values
// mean.
func checkDirMeaning(t *testing.T, got Reading, dir Direction, meaning Meaning) {
	t.Helper()
	if got.Directed != dir || got.EdgeValue != meaning {
		t.Errorf("direction %v values %q, want %v %q", got.Directed, got.EdgeValue, dir, meaning)
	}
}

// readerCase is a text and what one reader must read from it: nil nodes
// mean the reading must be empty.
type readerCase struct {
	name    string
	text    string
	nodes   []string // nil: the reading must be empty
	edges   []string
	dir     Direction
	meaning Meaning
	minConf float64
	maxConf float64
}

// checkReaderCases reads each case's text with r and checks its nodes,
// edges, direction, edge meaning and confidence.
func checkReaderCases(t *testing.T, r Reader, cases []readerCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readOne(t, r, c.text)
			if c.nodes == nil {
				checkEmptyReading(t, got)
				return
			}
			checkNodesEdges(t, got, c.nodes, c.edges)
			checkDirMeaning(t, got, c.dir, c.meaning)
			checkConfidence(t, got, c.minConf, c.maxConf)
		})
	}
}

// checkNodeData checks a reading's node labels and vectors (nil: none).
func checkNodeData(t *testing.T, got Reading, labels map[string]string, vectors map[string][]float64) {
	t.Helper()
	if !maps.Equal(got.Labels, labels) {
		t.Errorf("labels %v, want %v", got.Labels, labels)
	}
	if !maps.EqualFunc(got.Vectors, vectors, slices.Equal) {
		t.Errorf("vectors %v, want %v", got.Vectors, vectors)
	}
}

// checkConfidence checks that a reading's confidence is in
// [minConf, maxConf].
func checkConfidence(t *testing.T, got Reading, minConf, maxConf float64) {
	t.Helper()
	if got.Confidence < minConf || got.Confidence > maxConf {
		t.Errorf("confidence %v outside [%v, %v]; notes %q", got.Confidence, minConf, maxConf, got.Notes)
	}
}

// checkNote checks that some note of a reading holds note ("": no check).
func checkNote(t *testing.T, got Reading, note string) {
	t.Helper()
	if note != "" && !strings.Contains(strings.Join(got.Notes, "; "), note) {
		t.Errorf("notes %q lack %q", got.Notes, note)
	}
}

// syntaxErrorCase is a text a reader must refuse with a *graph.SyntaxError
// at the question's line and column whose message holds msg.
type syntaxErrorCase struct {
	name      string
	text      string
	line, col int
	msg       string
}

// checkSyntaxErrors reads each case's text with r and checks the error.
func checkSyntaxErrors(t *testing.T, r Reader, cases []syntaxErrorCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := r.Read(context.Background(), NewDoc(c.text))
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

// edgeList writes the edges as "u-v" or "u-v:w", in order.
func edgeList(r Reading) []string {
	out := make([]string, 0, len(r.Edges))
	for _, e := range r.Edges {
		s := e.U + "-" + e.V
		if e.HasValue {
			s += fmt.Sprintf(":%g", e.Value)
		}
		out = append(out, s)
	}
	return out
}

// sortedEdgeList is edgeList sorted.
func sortedEdgeList(r Reading) []string {
	out := edgeList(r)
	slices.Sort(out)
	return out
}

// spanTexts returns the text of the spans with the given role.
func spanTexts(text string, r Reading, role Role) []string {
	var out []string
	for _, s := range r.Spans {
		if s.Role == role {
			out = append(out, text[s.Start:s.End])
		}
	}
	return out
}

// checkReading checks what must hold for every reading of any text: spans
// and edge spans inside the text on rune boundaries, edges between listed
// nodes, kinds, vectors and labels only for listed nodes, a confidence in
// 0..1, and the reader's name on a non-empty reading.
func checkReading(t *testing.T, text string, r Reading) {
	t.Helper()
	if r.Empty() {
		return
	}
	if r.Reader == "" {
		t.Errorf("non-empty reading has no Reader name")
	}
	if r.Confidence < 0 || r.Confidence > 1 {
		t.Errorf("confidence %v outside 0..1", r.Confidence)
	}
	inText := func(s, e int, what string) {
		if s < 0 || e > len(text) || s > e {
			t.Errorf("%s span [%d,%d) outside the text of %d bytes", what, s, e, len(text))
			return
		}
		if (s < len(text) && !utf8.RuneStart(text[s])) || (e < len(text) && !utf8.RuneStart(text[e])) {
			t.Errorf("%s span [%d,%d) splits a rune", what, s, e)
		}
	}
	for _, s := range r.Spans {
		inText(s.Start, s.End, "span")
		if s.Role < RoleGraph || s.Role > RoleRule {
			t.Errorf("span %v has no valid role", s)
		}
	}
	nodes := make(map[string]bool, len(r.Nodes))
	for _, n := range r.Nodes {
		if nodes[n] {
			t.Errorf("node %q listed twice", n)
		}
		nodes[n] = true
	}
	for _, e := range r.Edges {
		inText(e.Start, e.End, "edge")
		if !nodes[e.U] || !nodes[e.V] {
			t.Errorf("edge %s-%s has an end that is not in Nodes", e.U, e.V)
		}
	}
	for n := range r.Kinds {
		if !nodes[n] {
			t.Errorf("kind given for %q, which is not in Nodes", n)
		}
	}
	for n := range r.Vectors {
		if !nodes[n] {
			t.Errorf("vector given for %q, which is not in Nodes", n)
		}
	}
	for n := range r.Labels {
		if !nodes[n] {
			t.Errorf("label given for %q, which is not in Nodes", n)
		}
	}
}

// nlgraphItem is one NLGraph question.
type nlgraphItem struct {
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// readNLGraphTask loads one task file of the NLGraph training split shipped
// in the repository (datasets/nlgraph_train/<task>.json.gz, through
// tools/dataset), keyed by item ID.
func readNLGraphTask(t *testing.T, task string) map[string]nlgraphItem {
	t.Helper()
	p, err := dataset.Path("nlgraph_train", task+".json")
	if err != nil {
		t.Fatal(err)
	}
	data, err := dataset.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var items map[string]nlgraphItem
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatalf("%s.json: %v", task, err)
	}
	if len(items) == 0 {
		t.Fatalf("%s.json has no items", task)
	}
	return items
}
